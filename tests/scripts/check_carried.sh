#!/usr/bin/env bash
# check_carried.sh — `judge check` says what of judge's rule-numbered data (the common
# situations, built-in and the user's, and the textbook's era flags) cannot be carried to
# a release with confidence, and so is dropped when that release answers: each at its
# file:line, and counted on the release. Made with a release renumbering 722-732 (as
# 2026-04-17 did; renumber_release.pl), with one rule rewritten, and with 2025-11-14.
set -u
CR="${SHARED:-}/cr/cr-2026-01-16.txt"; OLD="${SHARED:-}/cr/cr-2025-11-14.txt"
[ -n "${SHARED:-}" ] && [ -f "$CR" ] && [ -f "$OLD" ] || { echo "skip: ../shared/cr is absent (the official releases are test inputs only)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
S=corpus/situations.tsv
nsit=$(awk -F'\t' '!/^[ \t]*#/ && NF >= 3' "$S" | wc -l)
perl tests/scripts/renumber_release.pl "$CR" "$T/722.txt" 722 || exit 1
perl -pe 's/(^|\r)727\.1\. One card \(Karn Liberated\) restarts the game\./${1}727.1. A game that is restarted by an effect ends in a draw for every player./' "$T/722.txt" >"$T/722x.txt"

"$JUDGE" check "$CR" >"$T/out" 2>&1
! grep -q 'situation "\|data is written' "$T/out"; ok $? "2026-01-16, the data's own numbers: nothing is carried, nothing said"

"$JUDGE" check "$T/722x.txt" >"$T/out" 2>&1; st=$?
[ $st = 0 ]; ok $? "what is dropped is a note, not a failure (exit $st)"
grep -q "note: judge's data is written with the 2026-01-16 rule numbers; carried to these rules .*situations [0-9]* of $nsit kept whole" "$T/out"
ok $? "the release's note counts the $nsit situations ($(grep -o 'situations [0-9]* of [0-9]* kept whole, [0-9]* lose some rules, [0-9]* dropped' "$T/out"))"
karn=$(grep -n 'Karn Liberated restarts the game' "$S" | cut -d: -f1)
grep -q "situations.tsv:$karn:1: note: situation \"Karn Liberated restarts the game\" loses 726.1 on the 2026-04-17 rules" "$T/out"
ok $? "the rewritten rule: Karn Liberated's situation ($S:$karn) is said to lose 726.1"
# every situation said to lose a rule names one its line in the file lists
bad=0; said=0
while IFS= read -r l; do
	line=$(echo "$l" | sed -E 's/.*situations\.tsv:([0-9]+):.*/\1/')
	rules=$(echo "$l" | sed -E 's/.* (loses|rules?) ([0-9][0-9.a-z, ]*) (on|cannot).*/\2/' | tr -d ',')
	said=$((said + 1))
	for r in $rules; do sed -n "${line}p" "$S" | cut -f2 | tr ' ,' '\n\n' | grep -qx "$r" || bad=$((bad + 1)); done
done < <(grep 'situations.tsv:[0-9]*:1: note: situation' "$T/out")
[ $said -gt 0 ] && [ $bad = 0 ]; ok $? "each of the $said situations said to lose a rule lists it on its line ($bad not)"

# the user's own situations, one naming only the rewritten rule: dropped whole
mkdir -p "$T/config/judge"
printf '# rules: 2026-01-16\nrestart + game + karn\t726.1\tMy restart note\n' >"$T/config/judge/situations.tsv"
XDG_CONFIG_HOME="$T/config" "$JUDGE" check "$T/722x.txt" >"$T/out" 2>&1
grep -q "$T/config/judge/situations.tsv:2:1: note: situation \"My restart note\" dropped on the 2026-04-17 rules: its 2026-01-16 rule 726.1 cannot be carried" "$T/out"
ok $? "a situation of the user's own file that keeps no rule is said dropped, at its file:line"
grep -q "situations [0-9]* of $((nsit + 1)) kept whole, [0-9]* lose some rules, [1-9][0-9]* dropped" "$T/out"; ok $? "and counted with the built-in ones"

# a real release: 2025-11-14's 205.3m is not 2026-01-16's (its text differs), so the
# situation naming only it is dropped there
text() { tr '\r' '\n' <"$1" | grep -E "^$2\.? " | head -n 1; }
[ "$(text "$CR" 205.3m)" != "$(text "$OLD" 205.3m)" ]; ok $? "(205.3m reads otherwise in 2025-11-14)"
"$JUDGE" check "$OLD" >"$T/out" 2>&1
sl=$(awk -F'\t' '!/^#/ && $2 == "205.3m" { print NR; exit }' "$S")
grep -q "situations.tsv:$sl:1: note: situation \".*\" dropped on the 2025-11-14 rules: its 2026-01-16 rule 205.3m" "$T/out"
ok $? "2025-11-14: the situation naming only 205.3m ($S:$sl) is said dropped"
# a textbook-era flag said dropped names the rule its line flags
el=$(grep -o 'textbook-era.tsv:[0-9]*:1: note: textbook-era flag dropped on the 2025-11-14 rules: [0-9.a-z]*' "$T/out" | head -n 1)
eline=$(echo "$el" | cut -d: -f2); erule=${el##* }
[ -n "$el" ] && [ "$(sed -n "${eline}p" corpus/textbook-era.tsv | cut -f1)" = "$erule" ]
ok $? "a textbook-era flag said dropped is the one on its line ($el)"
grep -q 'textbook-era flags [0-9]* of [0-9]* kept, [1-9][0-9]* dropped' "$T/out"; ok $? "and the flags are counted"

"$JUDGE" --json check "$OLD" >"$T/json" 2>/dev/null
python3 - "$T/json" "$sl" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
hit = [x for x in d if x["level"] == "note" and x["file"].endswith("situations.tsv") and x["line"] == int(sys.argv[2]) and "dropped" in x["message"]]
print(("ok" if len(hit) == 1 else "not ok") + " - --json: the dropped situation is a note with its file and line")
PY
n=$((n + 1))
echo "1..$n"
