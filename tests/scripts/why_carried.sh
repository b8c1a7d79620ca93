#!/usr/bin/env bash
# why_carried.sh — `why N` shows the rules a step cites as the release answering numbers
# them: the citation carried through the concordance, never another release's rule that
# bears the same number; a rule lookup shown from another text says the answering one
# lacks it. Made with a release that renumbers section 6 from 603 on (as
# 2026-04-17 did 722-732; renumber_release.pl), switched to after resolving; with the
# cited rule rewritten there, and with only the built-in historical texts.
set -u
CR="${SHARED:-}/cr/cr-2026-01-16.txt"
[ -n "${SHARED:-}" ] && [ -f "$CR" ] || { echo "skip: ../shared/cr is absent (the official releases are test inputs only)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
perl tests/scripts/renumber_release.pl "$CR" "$T/603.txt" 603 || exit 1
# a rule's first words in a release file, read without judge
first() { tr '\r' '\n' <"$1" | grep -E "^$2\.? " | head -n 1 | sed -E 's/^[0-9.a-z]+ //' | cut -c1-40; }
B=corpus/boards/accorder-paladin-battle-cry.board
# step 3 cites 603.2 (triggered abilities), 608.2c and 702.91a, in 2026-01-16's numbers
printf 'resolve %s\n:use 2026-04-17\nwhy 3\n' "$B" | "$JUDGE" --rules "$CR" --rules "$T/603.txt" --cr 2026-01-16 >"$T/out" 2>&1
sed -n '/^Step 3/,$p' "$T/out" >"$T/why"
want=$(first "$CR" 603.2)
grep -q '^604\.2 ' "$T/why" && grep -qF "$want" "$T/why"
ok $? "603.2 cited is shown as 2026-04-17 numbers it, 604.2 ($want…)"
! grep -qi 'preparation card' "$T/why"; ok $? "not 2026-04-17's own 603.2, a rule of Preparation Cards"
want=$(first "$CR" 608.2c)
grep -q '^609\.2c ' "$T/why" && grep -qF "$want" "$T/why"; ok $? "608.2c cited is shown as 609.2c ($want…)"
grep -q 'cited as 603.2, its number in the 2026-01-16 rules' "$T/why"; ok $? "and says what it was cited as"

# the mid-2000s text answering, after resolving with 2026-01-16: its own 502.3 is
# Flanking, not the untap step the citation means; the release that has it is named
lab=$("$JUDGE" --rules rules/001_717955f036dbe8ec.txt --json versions | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["label"])')
printf 'resolve corpus/boards/untap-step-bob.board\n:use %s\nwhy 2\n' "$lab" | "$JUDGE" --rules "$CR" --rules rules --cr 2026-01-16 >"$T/out" 2>&1
sed -n '/^Step 2/,$p' "$T/out" >"$T/why"
! grep -qi 'flanking' "$T/why"; ok $? "the $lab text answering: 502.3 cited is not its own 502.3, Flanking"
grep -q "^502\.3, a 2026-01-16 rule number, is not in the $lab rules" "$T/why"; ok $? "it is said not to be in the $lab rules"
grep -q 'the 2026-01-16 rules have it: judge --cr 2026-01-16 502.3' "$T/why"; ok $? "and the release that has it is named"
grep -q "the $lab rules' own 502.3 is another rule" "$T/why"; ok $? "and the same number there is said to be another rule"
printf 'resolve corpus/boards/untap-step-bob.board\n:use %s\nwhy 2\n' "$lab" | "$JUDGE" --json --rules "$CR" --rules rules --cr 2026-01-16 2>/dev/null >"$T/json"
python3 - "$T/json" <<'PY'
import json, sys
txt = open(sys.argv[1]).read(); dec = json.JSONDecoder(); objs = []; i = 0
while i < len(txt):
    while i < len(txt) and txt[i] in ' \n': i += 1
    if i >= len(txt): break
    try:
        o, i = dec.raw_decode(txt, i)
    except ValueError:
        break
    objs.append(o)
w = [o for o in objs if isinstance(o, dict) and o.get("step") == 2 and "rules" in o]
rules = w[0]["rules"] if w else []
miss = [r for r in rules if r.get("found") is False and r.get("rule") == "502.3"]
ok = len(miss) == 1 and miss[0]["rules_release"] == "2026-01-16" and {"release": "2026-01-16", "rule": "502.3"} in miss[0]["found_in"]
print(("ok" if ok else "not ok") + " - --json: the citation not there has found false, and found_in %s" % (miss[0].get("found_in") if miss else None))
PY
n=$((n + 1))

# only the built-in historical texts: 2026's 502.3 (the untap step) is not the mid-2000s
# text's 502.3 (Flanking)
printf 'resolve corpus/boards/untap-step-bob.board\nwhy 2\n' | "$JUDGE" >"$T/out" 2>&1
sed -n '/^Step 2/,$p' "$T/out" >"$T/why"
! grep -qi 'flanking' "$T/why"; ok $? "built-in texts: the untap step's 502.3 is not answered with another text's 502.3 (Flanking)"
grep -q '^502\.3, a 2026-01-16 rule number, is not in the 2021-09-24 rules' "$T/why"; ok $? "and is said not to be in the answering text"
# a lookup the built-in 2021 text cannot answer, shown from another text, says so and names
# the other texts that number the rule alike (the same number need not be the same rule)
"$JUDGE" 420.5a >"$T/out" 2>&1
head -n 1 "$T/out" | grep -q '^From the .*(420\.5a is not in the 2021-09-24 rules answering; the 1999-11-01 rules number a 420\.5a too):$'
ok $? "judge 420.5a on the built-in texts says 2021-09-24 lacks it and 1999-11-01 numbers one too ($(head -n 1 "$T/out" | cut -c1-60)…)"
sed -n 2p "$T/out" | grep -q '^420\.5a '; ok $? "and shows it, from the text named"
echo "1..$n"
