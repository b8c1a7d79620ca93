#!/usr/bin/env bash
# textbook_era.sh — the textbook predates rules changes (damage assignment order was removed
# in 2024): each page and example whose rules were removed or changed in substance since
# the textbook's era says so in explain, textbook and quiz; and `explain` shows the rule
# text that answers whole, wrapped, not cut to its first words.
set -u
CR="${SHARED:-}/cr/cr-2026-01-16.txt"
if [ -z "${SHARED:-}" ] || [ ! -f "$CR" ]; then
	echo "skip: ../shared/cr/cr-2026-01-16.txt is absent (the official releases are test inputs only)"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME="$T/data" XDG_STATE_HOME="$T/state"
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
J=("$JUDGE" --rules "$CR")
flat() { tr -s '\n ' '  '; }
# the end of a rule's text, read from the CR without judge
tail_of() { tr '\r' '\n' <"$CR" | grep -E "^$1 " | sed -E 's/ +$//' | awk '{ for (i = NF - 7; i <= NF; i++) printf "%s%s", $i, (i < NF ? " " : "\n") }'; }

"${J[@]}" explain trample >"$T/out" 2>&1
for r in 702.19b 702.19c 702.19e; do
	want=$(tail_of "$r")
	[ -n "$want" ] && flat <"$T/out" | grep -qF "$want"; ok $? "explain trample shows $r whole, to its last words: \"$want\""
done
flat <"$T/out" | grep -q 'Written for the rules of 2017-09-29; since then 510\.1c'
ok $? "explain trample says the textbook's combat damage page predates a change to 510.1c"

"${J[@]}" textbook "declare blockers step" >"$T/out" 2>&1
flat <"$T/out" | grep -q 'since then 509\.2.* removed'; ok $? "the textbook's declare blockers page says damage assignment order (509.2) was removed since"
flat <"$T/out" | grep -q 'Example [0-9]* (its rules changed since it was written'; ok $? "its examples say their rules changed"
"${J[@]}" textbook "state-based actions" >"$T/out" 2>&1
! grep -q 'Written for the rules of' "$T/out"; ok $? "a page whose rules did not change in substance has no note"
"${J[@]}" --json textbook "declare blockers step" >"$T/json" 2>&1
python3 -c 'import json,sys; h=json.load(open(sys.argv[1])); sys.exit(0 if any("509.2" in x.get("era_note","") for x in h) else 1)' "$T/json"
ok $? "--json textbook gives the note as era_note"
echo "" | "${J[@]}" quiz 510 example --count 1 --seed 1 >"$T/out" 2>&1
flat <"$T/out" | grep -q 'Written for the rules of 2017-09-29; since then 510\.1c'; ok $? "a quiz on a textbook example under 510 says its rules changed since"

# the notes follow a release that renumbers (chapter 704 inserted: 509 stays, 702 too)
perl tests/scripts/renumber_release.pl "$CR" "$T/505.txt" 505 || exit 1
"$JUDGE" --rules "$T/505.txt" textbook "declare blockers step" >"$T/out" 2>&1
flat <"$T/out" | grep -q 'since then 509\.2.* removed' && flat <"$T/out" | grep -q 'CR: 510 Declare'
ok $? "on a release that moved 509 to 510, the declare blockers page still says what was removed"
# a release older than the file's own one is not told of changes it has not seen
if [ -f "$SHARED/cr/cr-2020-11-20.txt" ]; then
	"$JUDGE" --rules "$SHARED/cr/cr-2020-11-20.txt" textbook "declare blockers step" >"$T/out" 2>&1
	! grep -q 'Written for the rules of' "$T/out"; ok $? "the 2020-11-20 rules (damage assignment order still in them) get no note"
fi
# the file is what the concordance says
ERA="${SHARED:-}/cr-archive/cr-2017-09-25.txt"
if [ -f "$ERA" ]; then
	"$JUDGE" --rules "$ERA" --rules "$CR" --cr 2026-01-16 map --era-changes 2017-09-29 >"$T/era" 2>&1
	cmp -s "$T/era" corpus/textbook-era.tsv; ok $? "corpus/textbook-era.tsv is current (make textbook-era remakes it)"
fi
