# The REPL's navigation through pipe mode: numbered links, follow, back/forward, next/prev, up, where.
"$JUDGE" --rules tests/golden/data/mini-cr.txt <<'EOF2' 2>&1
:set width 80
702.19
where
2
children
1
back
back
forward
forward
next
prev
up
up
up
EOF2
