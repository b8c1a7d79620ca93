# No example mentions the card: exit 1, nothing on stdout.
$JUDGE cards "Nonexistent Card"
