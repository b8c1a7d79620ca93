#!/usr/bin/env bash
# help_table.sh — `help`, `help NAME` and completion all come from the command table: every
# command in src/cli/cmdtab.c (read here with grep, not through judge) shows up in each.
set -u
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
all=$(grep -oE '^[[:space:]]*\{"[^"]+"' src/cli/cmdtab.c | sed 's/.*{"//; s/"$//')
shellish=$(grep -E '^[[:space:]]*\{"' src/cli/cmdtab.c | grep -vE 'true\},?[[:space:]]*$' | grep -oE '^[[:space:]]*\{"[^"]+"' | sed 's/.*{"//; s/"$//')
[ "$(echo "$all" | wc -l)" -ge 10 ]; ok $? "the table has $(echo "$all" | wc -l) commands"
repl_help=$(printf 'help\n' | "$JUDGE" 2>&1)
one_help=$("$JUDGE" help 2>&1)
for c in $all; do
	echo "$repl_help" | grep -qE "^  $c( |\$)"; ok $? "REPL help lists $c"
	printf 'help %s\n' "$c" | "$JUDGE" >/dev/null 2>&1; ok $? "help $c works"
done
for c in $shellish; do
	echo "$one_help" | grep -qE "^  $c( |\$)"; ok $? "one-shot help lists $c"
done
# the man page describes every command (".It Ic back , Ic forward" names two)
for c in $all; do
	grep -qE "^\.It (.* )?(Ic|Cm|Li) $c( |\$)" "$ROOT/docs/judge.1"; ok $? "the man page describes $c"
done
got=$("$JUDGE" --complete '' | sort)
[ "$got" = "$(echo "$shellish" | sort)" ]; ok $? "the shell completes exactly the commands that work outside the REPL"
exit $bad
