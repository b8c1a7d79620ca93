# `versions` lists releases oldest first whatever order they were loaded in (an undated
# text by its estimated era), and `diff` says when a second release is needed.
J="$JUDGE --rules tests/golden/data/mini-cr.txt --rules rules"
$J versions 2>&1 | awk '$1 == "*" && $2 ~ /^([0-9]|about-|undated-)/ { print $2 } $1 ~ /^[12][0-9][0-9][0-9]-|^about-|^undated-/ { print $1 }'
$J --json versions | grep '"label"' | tr -d ' ,'
echo '$ judge --rules mini-cr.txt diff 2025-11-14'
$JUDGE --rules tests/golden/data/mini-cr.txt diff 2025-11-14 2>&1; echo "exit $?"
echo '$ judge --rules mini-cr.txt diff'
$JUDGE --rules tests/golden/data/mini-cr.txt diff 2>&1; echo "exit $?"
echo '$ judge diff 2021-09-24 2021-09-24'
$J diff 2021-09-24 2021-09-24 2>&1; echo "exit $?"
