#!/usr/bin/env bash
# study_carry.sh — study progress follows the rules to another release: a candidate who
# answered questions on 2026-01-16 and loads 2026-04-17 (chapter 722 inserted, 722-732
# moved to 723-733; made here by renumber_release.pl) sees the same progress on the
# moved rules; progress on a rule the new release lacks is kept in the file and reported,
# never asked under another rule's number; a v1 file (no "rules" field) still loads.
set -u
CR="${SHARED:-}/cr/cr-2026-01-16.txt"
if [ -z "${SHARED:-}" ] || [ ! -f "$CR" ]; then
	echo "skip: ../shared/cr is absent (the official releases are test inputs only)"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export XDG_STATE_HOME="$T/state"
FILE="$T/state/judge/study.tsv"
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
perl tests/scripts/renumber_release.pl "$CR" "$T/new.txt" 722 || exit 1
# the same, with rule 723.4 (2026-01-16's 722.4) taken out: a rule removed
perl -pe 's/(^|\r)723\.4\. [^\r\n]*(\r?\n?)/$1/' "$T/new.txt" >"$T/gone.txt"
! tr '\r' '\n' <"$T/gone.txt" | grep -q '^723\.4\. '; ok $? "the second release has no 723.4"
# the rules' text, one line each, read without judge
text() { tr '\r' '\n' <"$1" | grep -E "^$2\.? " | sed -E 's/^[0-9.a-z]+ //'; }

# answer three which-rule questions on 2026-01-16, in chapter 722
"$JUDGE" --rules "$CR" --json quiz 722 which --count 3 --seed 4 >"$T/q.json"
mapfile -t keys < <(sed -n 's/^    "key": "\(.*\)",$/\1/p' "$T/q.json")
mapfile -t right < <(sed -n 's/^    "correct": \([0-9]\),*$/\1/p' "$T/q.json")
letters=$(for x in "${right[@]}"; do printf "\\x$(printf %x $((97 + x)))\n"; done)
printf '%s\n' "$letters" | "$JUDGE" --rules "$CR" quiz 722 which --count 3 --seed 4 --date 2026-03-01 >"$T/one.out" 2>&1
grep -q '^Score: 3/3' "$T/one.out"; ok $? "three questions on 722 answered right on 2026-01-16 (${keys[*]})"
[ "$(awk -F'\t' '!/^#/ && $10 == "2026-01-16"' "$FILE" | wc -l)" = 3 ]
ok $? "the file says whose numbers the keys use (2026-01-16)"
cp "$FILE" "$T/before.tsv"

# what 2026-04-17 should ask: each key's number moved up one chapter
want=$(for k in "${keys[@]}"; do r=${k#which:}; echo "723${r#722}"; done | sort)
for mode in alone both; do
	if [ $mode = alone ]; then A=(--rules "$T/new.txt"); else A=(--rules "$CR" --rules "$T/new.txt" --cr 2026-04-17); fi
	cp "$T/before.tsv" "$FILE"
	"$JUDGE" "${A[@]}" --json study stats --date 2026-03-02 >"$T/s.json"
	python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); t=s["total"]; sys.exit(0 if (t["questions"],t["answers"],t["right"],t["due"],s["carried"],len(s["kept"]))==(3,3,3,3,3,0) and [x["section"] for x in s["sections"]]==["7"] else 1)' "$T/s.json"
	ok $? "2026-04-17 ($mode): study stats sees the 3 questions, 3 right, due, carried"
	yes '' | head -n 3 | "$JUDGE" "${A[@]}" quiz 7 which --count 3 --seed 9 --date 2026-03-02 >"$T/two.out" 2>&1
	grep -q '3 due for review' "$T/two.out"; ok $? "2026-04-17 ($mode): the quiz says three are due"
	got=$(sed -n 's/^  Source: rule \([0-9.a-z]*\).*/\1/p' "$T/two.out" | sort)
	[ "$got" = "$want" ]; ok $? "2026-04-17 ($mode): it asks them first under their new numbers ($(echo $got))"
	# each question asked is about the text 2026-01-16 had under the old number
	bad=0
	for k in "${keys[@]}"; do r=${k#which:}; [ "$(text "$CR" "$r")" = "$(text "$T/new.txt" "723${r#722}")" ] || bad=1; done
	ok $bad "2026-04-17 ($mode): the new numbers hold the texts that were answered"
	[ "$(awk -F'\t' '!/^#/ && $1 ~ /^which:723\./ && $10 == "2026-04-17" && $8 == 2' "$FILE" | wc -l)" = 3 ] &&
		! grep -q '^which:722\.' "$FILE"
	ok $? "2026-04-17 ($mode): the answers went onto the same cards, now in 2026-04-17's numbers"
done

# a rule the release lacks: kept, reported, not asked as another rule
cp "$T/before.tsv" "$FILE"
"$JUDGE" --rules "$T/gone.txt" study stats --date 2026-03-02 >"$T/g.out" 2>&1
grep -q '^Kept in the file, not counted above: 1 answered question' "$T/g.out" && grep -q '^  which:722\.4 (the 2026-01-16 rules' "$T/g.out"
ok $? "a question on a rule the release lacks is reported as kept (which:722.4)"
grep -qE '^total +2 +2 ' "$T/g.out"; ok $? "the other two are counted"
yes "" | head -n 2 | "$JUDGE" --rules "$T/gone.txt" quiz 7 which --count 2 --seed 9 --date 2026-03-02 >"$T/g2.out" 2>&1
grep -q '2 due for review' "$T/g2.out" && grep -q '^1 answered question on rules the 2026-04-17 rules do not have is kept' "$T/g2.out"
ok $? "the quiz asks the two it can and says one is kept"
grep -q "^which:722\.4	.*	2026-01-16$" "$FILE"; ok $? "and the file still holds it, with its own numbers"
"$JUDGE" --rules "$CR" --rules "$T/gone.txt" --cr 2026-01-16 study stats --date 2026-03-02 >"$T/back.out" 2>&1
grep -qE '^total +3 ' "$T/back.out"; ok $? "back on 2026-01-16 (the other release loaded too): all three are counted"
"$JUDGE" --rules "$CR" study stats --date 2026-03-02 >"$T/back.out" 2>&1
grep -qE '^total +1 ' "$T/back.out" && grep -q '^Kept in the file, not counted above: 2 ' "$T/back.out"
ok $? "2026-01-16 alone cannot carry 2026-04-17's numbers back: those two are kept and reported"

# a v1 file (written before the rules field) loads, and is taken as the answering release's numbers
printf '# judge study progress v1\nwhich:722.2\t2026-03-02\t1\t2.50\t1\t0\t2026-03-01T10:00:00Z\t1\t1\n' >"$FILE"
"$JUDGE" --rules "$CR" study stats --date 2026-03-02 >"$T/v1.out" 2>&1
grep -qE '^total +1 +1 +100% +1$' "$T/v1.out"; ok $? "a v1 file loads"
printf 'a\n' | "$JUDGE" --rules "$CR" quiz which --count 1 --seed 1 --date 2026-03-01 >/dev/null 2>&1
head -n 1 "$FILE" | grep -q 'v2$' && grep -q "^which:722\.2	.*	?$" "$FILE"
ok $? "saved as v2, the card it did not answer marked ? (numbers not known)"
