# A board with typos: each unknown statement names the nearest one (controler ->
# controller), a misspelt keyword the keyword (Flyng -> Flying, not a template), and only
# the first five errors are shown, then how many more there are.
"$JUDGE" --rules tests/golden/data/mini-cr.txt resolve tests/boards/typos.board 2>&1
echo "exit $?"
"$JUDGE" --rules tests/golden/data/mini-cr.txt --json resolve tests/boards/typos.board 2>/dev/null | grep -c '"message"'
