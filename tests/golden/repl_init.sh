# The init file: settings apply at start; bad lines are reported with file:line and skipped.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
mkdir -p "$d/judge"
cat >"$d/judge/init" <<'EOF2'
# judge settings
:set width 50
:set examples off
:set widht 60
rule 100.1
:set limit "5
:use 2025-11-14
EOF2
printf ':settings\n702.2c\n' | XDG_CONFIG_HOME="$d" "$JUDGE" --rules tests/golden/data/mini-cr.txt 2>&1 | sed "s#$d#CONFIG#g"
# options on the command line win over the init file
printf ':settings\n' | XDG_CONFIG_HOME="$d" "$JUDGE" --rules tests/golden/data/mini-cr.txt --width 70 --no-examples -n 3 2>/dev/null
