# In the REPL every rule number in the text shown is a link, the subrules' too: 702.2
# shows 702.2c's "See rules 702.19b and 100.1a" as links [2] and [3], and 2 follows one.
"$JUDGE" --rules tests/golden/data/mini-cr.txt <<'EOF2' 2>&1
:set width 80
702.2
2
back
3
EOF2
