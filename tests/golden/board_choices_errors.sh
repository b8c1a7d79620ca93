# Choices on casting the board leaves out or gets wrong: a modal spell with no `mode`, divided
# damage with no `divide`, too many modes, a mode the card lacks, a chosen mode judge can't
# read (an unchosen one is fine), shares that don't add up, a share for a non-target.
"$JUDGE" resolve tests/boards/choices-missing.board 2>&1
echo "exit $?"
"$JUDGE" resolve tests/boards/choices-bad.board 2>&1
echo "exit $?"
