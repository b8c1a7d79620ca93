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
# a release older than the file's own one is told of the changes it already shows, not of
# those it has not seen
R20="$SHARED/cr/cr-2020-11-20.txt"
ERA="${SHARED:-}/cr-archive/cr-2017-09-25.txt"
if [ -f "$R20" ] && [ -f "$ERA" ]; then
	"$JUDGE" --rules "$R20" textbook "declare blockers step" >"$T/out" 2>&1
	! flat <"$T/out" | grep -q 'since then 509\.2.* removed'; ok $? "the 2020-11-20 rules (damage assignment order still in them) are not told 509.2 was removed"
	# every rule a note on the layers page names, checked against the texts without judge:
	# removed = in the era's rules, not in 2020's; changed = its 2020 text is nowhere in the era's
	cr_lines() { (iconv -f WINDOWS-1252 -t UTF-8 "$1" 2>/dev/null || cat "$1") | tr '\r' '\n' | sed '1s/^\xEF\xBB\xBF//' | grep -E '^[0-9]{3}\.[0-9]+[a-z]?\.? ' | sed -E 's/^([0-9.a-z]+[0-9a-z])\.? /\1 /'; }
	cr_lines "$ERA" >"$T/era.lines"; cr_lines "$R20" >"$T/r20.lines"
	for mode in alone era; do
		if [ $mode = alone ]; then A=(--rules "$R20"); else A=(--rules "$ERA" --rules "$R20" --cr 2020-11-20); fi
		"$JUDGE" "${A[@]}" --json textbook layers >"$T/json" 2>/dev/null
		python3 - "$T/json" "$T/era.lines" "$T/r20.lines" <<'PY' >"$T/res"
import json, re, sys
def load(p):
    d = {}
    for l in open(p, encoding='utf-8', errors='replace'):
        i, _, t = l.rstrip('\n').partition(' ')
        d[i] = re.sub(r'\d{3}(\.\d+[a-z]?)?', '#', t)   # rule numbers left out, as judge compares
    return d
era, r20 = load(sys.argv[2]), load(sys.argv[3])
eratexts = set(era.values())
notes = [h.get('era_note', '') for h in json.load(open(sys.argv[1]))]
note = ' '.join(notes)
m = re.search(r'since then (.*?): check', note)
rm, ch = [], []
if m:
    body = m.group(1)
    parts = body.split(' removed (numbered as then)')
    if len(parts) == 2:
        rm = re.findall(r'\d{3}\.\d+[a-z]?', parts[0]); body = parts[1]
    ch = re.findall(r'\d{3}\.\d+[a-z]?', body.replace(' changed in substance', ''))
bad = [x for x in rm if x not in era or x in r20] + [x for x in ch if x not in r20 or r20[x] in eratexts]
print(len(rm), len(ch), ' '.join(bad))
PY
		read -r nrm nch bad <"$T/res"
		[ "$nrm" -ge 1 ] && [ "$nch" -ge 1 ] && [ -z "$bad" ]
		ok $? "2020-11-20 ($mode): the layers page names $nrm rule(s) removed and $nch changed since the era, each so in the texts ${bad:+(wrong: $bad)}"
	done
	"$JUDGE" --rules "$SHARED/cr/cr-2008-10-01.txt" textbook layers >"$T/out" 2>&1
	! grep -q 'Written for the rules of' "$T/out"; ok $? "the 2008 rules, older than the textbook's era, get no note"
fi
# the era's anchors are those of its own release
if [ -f "$ERA" ]; then
	"$JUDGE" --rules "$ERA" map --anchors >"$T/ea" 2>&1
	cmp -s "$T/ea" corpus/textbook-era-anchors.tsv; ok $? "corpus/textbook-era-anchors.tsv is current (make textbook-era remakes it)"
fi
# the file is what the concordance says
ERA="${SHARED:-}/cr-archive/cr-2017-09-25.txt"
if [ -f "$ERA" ]; then
	"$JUDGE" --rules "$ERA" --rules "$CR" --cr 2026-01-16 map --era-changes 2017-09-29 >"$T/era" 2>&1
	cmp -s "$T/era" corpus/textbook-era.tsv; ok $? "corpus/textbook-era.tsv is current (make textbook-era remakes it)"
fi
