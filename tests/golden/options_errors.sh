# Unknown options are usage errors (exit 2) with the nearest known one, never searched:
# before the command, after it, for a command's own options, in a session. Bundled short
# options work; --width is checked like `:set width`; "--" lets a search word start with -.
J="$JUDGE --rules tests/golden/data/mini-cr.txt"
for args in "--jsn 702.19b" "-x" "search trample --bogus" "--rule tests/golden/data/mini-cr.txt 702.19b" \
    "702.19b --jsn" "quiz --cuont 3" "map 702.19 --too 2025-11-14" "--no-ex 702.19b" "--json=yes 702.19b" \
    "--width 5 702.19b" "--width wide 702.19b" "-n 0 search trample"; do
	echo "\$ judge $args"; $J $args 2>&1; echo "exit $?"
done
echo '$ judge -vn 1 search trample'; $J -vn 1 search trample 2>&1 | grep -c '^[0-9].*\['; echo "exit ${PIPESTATUS[0]}"
echo '$ judge -n1 search trample'; $J -n1 search trample 2>&1 | grep -c '^[0-9]'
echo '$ judge --limit=2 search trample'; $J --limit=2 search trample 2>&1 | grep -c '^[0-9]'
echo '$ judge --width=40 702.19a'; $J --width=40 702.19a | awk '{ if (length($0) > 40) bad++ } END { print bad + 0, "lines over 40" }'
echo '$ judge search trample -blocking'; $J search trample -blocking 2>&1 | grep -c '^702.19b'; echo "exit ${PIPESTATUS[0]}"
echo '$ judge search -- --x'; $J search -- --x 2>&1; echo "exit $?"
echo '$ (session) search trample --bogus / rule 702.19b --json'
printf 'search trample --bogus\nrule 702.19b --json\n' | $J 2>&1
