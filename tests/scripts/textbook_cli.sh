#!/usr/bin/env bash
# textbook_cli.sh — the textbook commands end to end: JSON shapes (checked with jq), exit
# statuses, the --textbook option with the HTML fixture, and links against the 2026 rules.
n=0
ok() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi; }
command -v jq >/dev/null || { echo "skip: jq is not installed"; exit 77; }
T=${TMPDIR:-/tmp}/textbook_cli.$$
mkdir -p "$T"; trap 'rm -rf "$T"' EXIT

$JUDGE --json textbook "declare blockers step" >"$T/j" 2>"$T/e"; st=$?
ok "textbook --json exits 0" '[ $st = 0 ]'
ok "an array of one object" '[ "$(jq length "$T/j")" = 1 ]'
ok "title, path (3), text, examples, rules" 'jq -e ".[0] | (.title == \"Declare blockers step\") and (.path | length == 3) and (.text | type == \"string\") and (.examples | type == \"array\") and (.rules | type == \"array\")" "$T/j" >/dev/null'
ok "path is section, chapter, page" '[ "$(jq -r ".[0].path | join(\"/\")" "$T/j")" = "Game structure/Phases and steps/Combat phase" ]'
ok "four examples under the heading" '[ "$(jq ".[0].examples | length" "$T/j")" = 4 ]'
ok "no rules from the truncated 2021 release" '[ "$(jq ".[0].rules | length" "$T/j")" = 0 ] && [ "$(jq ".[0].rules_partial" "$T/j")" = true ]'

$JUDGE -n 3 --json textbook combat >"$T/j"
ok "-n 3 gives three results" '[ "$(jq length "$T/j")" = 3 ]'

$JUDGE textbook qwxzvq >"$T/o" 2>"$T/e"; st=$?
ok "no page: exit 1, a message on stderr" '[ $st = 1 ] && [ ! -s "$T/o" ] && grep -q "no textbook page" "$T/e"'

$JUDGE --json cards "lightning bolt" >"$T/j"
ok "cards --json: 18 examples of Lightning Bolt" '[ "$(jq ".[0].examples | length" "$T/j")" = 18 ] && [ "$(jq -r ".[0].card" "$T/j")" = "Lightning Bolt" ]'

$JUDGE textbook >"$T/o"
ok "the outline lists the Portuguese preface" 'grep -q "Prefácio \[Portuguese\]" "$T/o"'
ok "the outline counts 314 examples" 'grep -q "314 examples, 7 expert boxes, 5 tables" "$T/o"'

$JUDGE textbook --textbook tests/textbook/sample.html --json "declare blockers" >"$T/j"; st=$?
ok "--textbook reads the HTML fixture" '[ $st = 0 ] && [ "$(jq -r ".[0].title" "$T/j")" = "Declare blockers step" ] && [ "$(jq -r ".[0].path[0]" "$T/j")" = "Game structure" ]'
$JUDGE cards --textbook tests/textbook/no-such.html x >"$T/o" 2>"$T/e"; st=$?
ok "a missing --textbook file: exit 2 (an input error) naming it" '[ $st = 2 ] && grep -q "no-such.html" "$T/e"'

if [ -n "$SHARED" ]; then
	CR="$SHARED/cr/cr-2026-01-16.txt"
	for pair in "state-based actions:704" "layers:613" "declare blockers step:509" "two-headed giant:810" "timing and priority:117"; do
		t=${pair%%:*}; want=${pair#*:}
		got=$($JUDGE --rules "$CR" --json textbook "$t" | jq -r '.[0].rules | join(" ")')
		ok "textbook \"$t\" -> $want (got $got)" '[ "$got" = "$want" ]'
	done
	got=$($JUDGE --rules "$CR" --json textbook "missed triggers" | jq -c '[.[0].policy, .[0].rules]')
	ok "Missed triggers is policy with no rules" '[ "$got" = "[true,[]]" ]'
	$JUDGE --rules "$CR" --json explain trample >"$T/j"
	ok "explain --json trample: rule 702.19, glossary Trample" '[ "$(jq -r ".rule.id" "$T/j")" = 702.19 ] && [ "$(jq -r ".glossary.term" "$T/j")" = Trample ]'
	$JUDGE --rules "$CR" --json explain layers >"$T/j"
	ok "explain --json layers: 613, Layer, the Layers page" '[ "$(jq -r ".rule.id" "$T/j")" = 613 ] && [ "$(jq -r ".glossary.term" "$T/j")" = Layer ] && [ "$(jq -r ".textbook.title" "$T/j")" = Layers ]'
	# the built-in releases plus a modern one: links come from the modern release
	$JUDGE --rules rules --rules "$CR" --cr 2021-09-24 --json textbook layers >"$T/j"
	ok "--cr an old release still links from the newest modern one" '[ "$(jq -r ".[0].rules_release" "$T/j")" = 2026-01-16 ] && [ "$(jq -r ".[0].rules | join(\" \")" "$T/j")" = 613 ]'
else
	echo "skip: ../shared is absent, the 2026 link checks are not run"
fi
$JUDGE explain >/dev/null 2>"$T/e"; st=$?
ok "explain without a topic is a usage error" '[ $st = 2 ]'
exit 0
