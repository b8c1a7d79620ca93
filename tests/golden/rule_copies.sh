# the same number twice in a source (605.2c in 2005-08-01): both kept, the lookup says which
# it shows and how to reach the other; check reports it with file:line:col
d=$(mktemp -d); trap 'rm -rf $d' EXIT
printf 'Comprehensive Rules\n\nThese rules are effective as of August 1, 2005.\n\n6. Multiplayer Rules\n\n605. Free-for-All\n\n605.2. Options.\n\n605.2c The deploy creatures option isn'"'"'t used in the Free-for-All variant.\n\n609. Teams\n\n609.2. Options.\n\n605.2c The deploy creatures option isn'"'"'t normally used in the Teams variant.\n\n609.3. End.\n' > $d/dup.txt
cd $d
$JUDGE --rules dup.txt 605.2c; echo "exit $?"
$JUDGE --rules dup.txt 605.2c#2; echo "exit $?"
$JUDGE --rules dup.txt 605.2c#3 2>&1; echo "exit $?"
$JUDGE --rules dup.txt --json 605.2c#2 | grep -E '"(line|copy|copies)"'
$JUDGE check dup.txt | grep -v dangling; echo "exit ${PIPESTATUS[0]}"
$JUDGE check --strict dup.txt >/dev/null; echo "with --strict: exit $?"
