# A file that cannot be read is an input error (exit 2) in every command that reads one,
# and a folder given where a file belongs is named as a folder.
J="$JUDGE --rules tests/golden/data/mini-cr.txt"
for args in "resolve tests/boards/no-such.board" "resolve tests/boards" \
    "--textbook tests/no-such.txt textbook layers" "--textbook tests textbook layers" \
    "--textbook tests explain trample" "cards --textbook tests/no-such.html x" \
    "search --bench tests/no-such.tsv" "search --bench tests"; do
	echo "\$ judge $args"; $J $args 2>&1; echo "exit $?"
done
echo '$ (session) :source tests/no-such.judge / :source tests'
printf ':source tests/no-such.judge\n:source tests\n' | $J 2>&1; echo "exit $?"
echo '$ judge --rules src 100.1 / check src'
$JUDGE --rules src 100.1 2>&1; echo "exit $?"
$JUDGE check src 2>&1; echo "exit $?"
