# Every mistake gets a short error naming what to type instead, and the REPL carries on.
"$JUDGE" --rules tests/golden/data/mini-cr.txt <<'EOF2' 2>&1
back
forward
next
follow 1
where
:foo
:set width abc
:set widht 80
:set color maybe
:set
:use 1999-01-01
follow x
follow 9 9
:source tests/golden/data/no-such-file
define "first strike
help nosuch
help rul
702.19
follow 9
7
up
702.19b
next
EOF2
