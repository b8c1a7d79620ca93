#!/usr/bin/env bash
# carry_renumbered.sh — data keyed by 2026-01-16 rule numbers (corpus/situations.tsv, the
# resolver's citations, the textbook's links) follows a release that renumbers a
# section, as 2026-04-17 did (chapter 722 inserted, 722-732 moved to 723-733), made here
# from 2026-01-16 by renumber_release.pl; and is carried to an older release, or
# dropped when it cannot be carried with confidence.
set -u
CR="${SHARED:-}/cr/cr-2026-01-16.txt"
OLD="${SHARED:-}/cr/cr-2008-10-01.txt"
if [ -z "${SHARED:-}" ] || [ ! -f "$CR" ] || [ ! -f "$OLD" ]; then
	echo "skip: ../shared/cr is absent (the official releases are test inputs only)"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
perl tests/scripts/renumber_release.pl "$CR" "$T/722.txt" 722 || exit 1
perl tests/scripts/renumber_release.pl "$CR" "$T/704.txt" 704 || exit 1
# the rule texts, one line each, read without judge: "ID TEXT"
lines() { tr '\r' '\n' <"$1" | sed '1s/^\xEF\xBB\xBF//' | grep -E '^[0-9]{3}\.[0-9]+[a-z]?\.? ' | sed -E 's/^([0-9.a-z]+[0-9a-z])\.? /\1 /'; }
lines "$T/722.txt" >"$T/722.lines"
lines "$T/704.txt" >"$T/704.lines"
lines "$OLD" >"$T/old.lines"

# sits LINES WORD QUERY -- JUDGE-ARGS: the ids of the hits a situation placed, each checked
# against its text in LINES: it must hold WORD (what the situation is about)
sits() {
	local L=$1 word=$2 q=$3; shift 4
	"$JUDGE" "$@" --json search -n 6 "$q" >"$T/json" 2>/dev/null
	python3 - "$T/json" "$L" "$word" <<'PY'
import json, sys, re
hits = json.load(open(sys.argv[1]))
text = {}
for l in open(sys.argv[2], encoding='utf-8', errors='replace'):
    i, _, t = l.partition(' ')
    text[i] = t
ids = [h['id'] for h in hits if 'situation' in h]
bad = [i for i in ids if not re.search(sys.argv[3], text.get(i, ''), re.I)]
print(' '.join(ids) + (' BAD ' + ' '.join(bad) if bad else ''))
PY
}
# placed QUERY-RESULT: some situation hits, all about the right thing
placed() { case "$1" in ''|*BAD*) return 1 ;; esac; return 0; }

for mode in anchors both; do
	if [ $mode = anchors ]; then A=(--rules "$T/722.txt"); else A=(--rules "$CR" --rules "$T/722.txt" --cr 2026-04-17); fi
	how="2026-04-17 ($([ $mode = anchors ] && echo alone || echo with 2026-01-16 loaded))"
	r=$(sits "$T/722.lines" 'restart' "karn liberated restarts the game" -- "${A[@]}")
	placed "$r" && [[ "$r" == 727.* ]]; ok $? "$how: Karn Liberated's situation names Restarting the Game, now 727 ($r)"
	r=$(sits "$T/722.lines" 'control' "mindslaver can I concede for my opponent" -- "${A[@]}")
	placed "$r" && [[ "$r" == 723.* ]]; ok $? "$how: Mindslaver's situation names 723, not Preparation Cards ($r)"
	r=$(sits "$T/722.lines" 'illegal|revers' "player paid with the wrong mana, can we rewind it" -- "${A[@]}")
	placed "$r" && [[ "$r" == 733.* ]]; ok $? "$how: rewinding names Handling Illegal Actions, now 733 ($r)"
done

# the same release answering without carrying anything: the numbers were right already
r=$(sits "$T/722.lines" 'control' "mindslaver can I concede for my opponent" -- --rules "$CR")
[[ "$r" == 722.* ]]; ok $? "2026-01-16 itself: Mindslaver's situation names 722 ($r)"

# a rule changed in substance is dropped, not guessed: 727.1 rewritten
perl -pe 's/(^|\r)727\.1\. One card \(Karn Liberated\) restarts the game\./${1}727.1. A game that is restarted by an effect ends in a draw for every player./' "$T/722.txt" >"$T/722x.txt"
grep -q '^727\.1\. A game that is restarted' <(tr '\r' '\n' <"$T/722x.txt"); ok $? "the rewritten release holds the new 727.1"
lines "$T/722x.txt" >"$T/722x.lines"
r=$(sits "$T/722x.lines" 'restart' "karn liberated restarts the game" -- --rules "$T/722x.txt")
placed "$r" && [[ " $r " != *" 727.1 "* ]]; ok $? "a rule whose text changed is dropped from the situation ($r)"

# resolver citations: 704 inserted, state-based actions are now 705
"$JUDGE" --rules "$T/704.txt" resolve corpus/boards/legend-rule.board 2>&1 | tr -s '\n ' '  ' >"$T/out"
want=$(grep -E '^705\.5j .*legend rule' "$T/704.lines" | cut -d' ' -f1)
[ "$want" = 705.5j ] && grep -q "\[705\.3, 705\.5j" "$T/out" && ! grep -q "704\.5j" "$T/out"
ok $? "the resolver cites the legend rule as the renumbered release numbers it (705.5j)"
"$JUDGE" --rules "$T/704.txt" --json resolve corpus/boards/legend-rule.board >"$T/json" 2>&1
python3 - "$T/json" "$T/704.lines" <<'PY'
import json, sys
ids = {l.split(' ', 1)[0] for l in open(sys.argv[2], encoding='utf-8', errors='replace')}
r = json.load(open(sys.argv[1]))
cited = [c for s in r['steps'] for c in s['rules']]
missing = [c for c in cited if c not in ids]
sys.exit(1 if not cited or missing else 0)
PY
ok $? "every citation of the resolved board exists in the renumbered release"
# the textbook's links follow
"$JUDGE" --rules "$T/704.txt" textbook "state-based actions" >"$T/out" 2>&1
grep -q '^CR: 705 State-Based Actions' "$T/out"; ok $? "the textbook's page links the renumbered chapter 705"

# older: 2008 with 2026-01-16 loaded goes through the concordance; 2008 alone keeps only
# what the anchors carry, and nothing that names an unrelated rule
lines "$OLD" >/dev/null
r=$(sits "$T/old.lines" 'control' "mindslaver can I concede for my opponent" -- --rules "$OLD" --rules "$CR" --cr 2008-10-01)
placed "$r" && [[ "$r" == 507.* ]]; ok $? "2008 with 2026-01-16 loaded: Mindslaver's situation names 2008's 507 ($r)"
r=$(sits "$T/old.lines" 'trample' "trample deathtouch how much damage" -- --rules "$OLD" --rules "$CR" --cr 2008-10-01)
placed "$r" && [[ "$r" == 502.9* ]]; ok $? "2008: deathtouch and trample names 2008's trample rule 502.9 ($r)"
for q in "karn liberated restarts the game" "mindslaver can I concede for my opponent" "the enchanted creature got bounced, what happens to the aura"; do
	"$JUDGE" --rules "$OLD" --json search -n 6 "$q" >"$T/json" 2>/dev/null
	python3 - "$T/json" "$T/old.lines" <<'PY'
import json, sys
ids = {l.split(' ', 1)[0] for l in open(sys.argv[2], encoding='utf-8', errors='replace')}
bad = [h['id'] for h in json.load(open(sys.argv[1])) if 'situation' in h and h['id'] not in ids]
sys.exit(1 if bad else 0)
PY
	ok $? "2008 alone: \"$q\" names no rule 2008 lacks"
done

# the anchors shipped are those of the release the data files are written against
"$JUDGE" --rules "$CR" map --anchors >"$T/anchors" 2>&1
cmp -s "$T/anchors" corpus/anchors.tsv; ok $? "corpus/anchors.tsv is current (make anchors CR=$CR remakes it)"
grep -q '^# rules: 2026-01-16$' corpus/situations.tsv; ok $? "corpus/situations.tsv says its numbers are 2026-01-16's, as the anchors are"
