# No example mentions the card: exit 1, nothing on stdout.
$JUDGE --width 80 cards "Nonexistent Card"
