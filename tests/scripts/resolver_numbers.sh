#!/usr/bin/env bash
# resolver_numbers.sh — the resolver's citations say whose rule numbers they are: carried
# to a whole release that answers (rules_release in JSON), and on the built-in partial
# historical texts left in the resolver's own (2026-01-16) numbers, with a note saying so.
set -u
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
B=corpus/boards/legend-rule.board
key() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("rules_release"))' "$1"; }
# the built-in rules only (no --rules: the user's folder is empty in the tests)
"$JUDGE" resolve "$B" >"$T/out" 2>"$T/err"
grep -q 'note: the rule numbers cited are those of the 2026-01-16 Comprehensive Rules' "$T/err" &&
	grep -q 'partial historical text' "$T/err"
ok $? "on the built-in partial texts the resolver says its citations are 2026-01-16's numbers"
grep -q '704\.5j' "$T/out"; ok $? "and cites them as such (704.5j)"
"$JUDGE" --json resolve "$B" >"$T/json" 2>/dev/null
[ "$(key "$T/json")" = 2026-01-16 ]; ok $? "--json: rules_release is 2026-01-16"
CR="${SHARED:-}/cr/cr-2026-01-16.txt"
if [ -n "${SHARED:-}" ] && [ -f "$CR" ]; then
	perl tests/scripts/renumber_release.pl "$CR" "$T/704.txt" 704 || exit 1
	"$JUDGE" --rules "$T/704.txt" --json resolve "$B" >"$T/json" 2>"$T/err"
	[ "$(key "$T/json")" = 2026-04-17 ] && ! grep -q 'rule numbers cited' "$T/err"
	ok $? "a whole release answering: the citations are carried and rules_release names it (2026-04-17), no note"
	"$JUDGE" --rules "$CR" resolve "$B" >/dev/null 2>"$T/err"
	! grep -q 'rule numbers cited' "$T/err"; ok $? "the resolver's own release answering: no note"
else
	echo "skip: ../shared/cr is absent, the renumbered release is not checked"
fi
