# Bare input in the REPL: rule numbers and ranges look up, glossary terms define, typos are caught.
"$JUDGE" --rules tests/golden/data/mini-cr.txt <<'EOF2' 2>&1
:set width 80
702.19b
702.2a-b
trample
lethal damage
"First Strike"
rul 702.19
   # a comment line and a blank line do nothing

EOF2
