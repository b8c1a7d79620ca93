# a quiz on a rule number the rules do not have: the nearest numbers, not "nothing can be asked"
$JUDGE --rules tests/golden/data/mini-cr.txt quiz 702.999 --count 1 </dev/null 2>&1; echo "[$?]"
$JUDGE --rules tests/golden/data/mini-cr.txt quiz 702.19z --count 1 </dev/null 2>&1; echo "[$?]"
$JUDGE quiz 999 --count 1 </dev/null 2>&1
