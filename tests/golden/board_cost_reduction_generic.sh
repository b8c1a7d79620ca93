# A cost reduction of generic mana can't reduce colored mana (118.7a), and X counts as chosen:
# the total cost each spell is cast for, as 601.2f works it out.
"$JUDGE" resolve tests/boards/electromancer-bolt.board 2>/dev/null | grep -A4 'total cost'
