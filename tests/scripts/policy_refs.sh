#!/usr/bin/env bash
# policy_refs.sh — references between the documents are links: "(MTR section 4.3)" inside the
# IPG's Missed Trigger, "rule 103.4" inside the Tournament Rules; `--json` lists them as refs
# and backrefs, `backrefs mtr SECTION` lists what cites a section, and a session follows one.
n=0
ok() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi; }
[ -n "$SHARED" ] && [ -d "$SHARED/docs" ] || { echo "skip: ../shared/docs is absent (the policy documents are test inputs only)"; exit 77; }
command -v jq >/dev/null || { echo "skip: jq is not installed"; exit 77; }
D=$SHARED/docs
T=${TMPDIR:-/tmp}/policy_refs.$$
mkdir -p "$T"; trap 'rm -rf "$T"' EXIT
J=("$JUDGE" --doc "$D/ipg-2021-02-05.pdftotext.txt" --doc "$D/mtr-2021-07-23.pdftotext.txt")
# the sections are found by title, the references checked against the text itself
"${J[@]}" --json ipg missed trigger >"$T/j"
ok "the IPG's Missed Trigger says (MTR section N): that section is in its refs" 'num=$(jq -r ".parts[]" "$T/j" | grep -o "MTR section [0-9.]*[0-9]" | head -n 1 | sed "s/MTR section //"); [ -n "$num" ] && jq -e --arg n "$num" "[.refs[] | select(.document == \"mtr\" and .number == \$n)] | length == 1" "$T/j" >/dev/null'
ok "and not the IPG's own section of that number" '[ "$(jq "[.refs[] | select(.document == \"ipg\")] | length" "$T/j")" = 0 ]'
mt=$(jq -r '[.refs[] | select(.document == "mtr")][0].number' "$T/j")
"${J[@]}" --json mtr "$mt" >"$T/k"
ok "the MTR section lists Missed Trigger among its backrefs" 'jq -e "[.backrefs[] | select(.document == \"ipg\" and (.title | test(\"Missed Trigger\")))] | length == 1" "$T/k" >/dev/null'
"${J[@]}" backrefs mtr "$mt" >"$T/o"
ok "backrefs mtr SECTION names the IPG's Missed Trigger" 'grep -q "IPG [0-9.]* Game Play Error — Missed Trigger" "$T/o"'
"${J[@]}" --json mtr pregame procedures >"$T/j"
ok "rule numbers inside the MTR are CR references" 'jq -r ".parts[]" "$T/j" | grep -q "rule 103" && jq -e "[.refs[] | select(.document == \"cr\" and (.id | startswith(\"103\")))] | length >= 1" "$T/j" >/dev/null'
"${J[@]}" ipg missed trigger >"$T/o"
ok "text: a See: line naming the MTR section" 'grep -q "^  See: MTR $mt " "$T/o"'
printf 'ipg missed trigger\n1\n' | "${J[@]}" >"$T/o" 2>&1
ok "in a session the reference is link [1], and 1 follows it to the MTR section" 'grep -q "See: \[1\].MTR $mt" "$T/o" && grep -q "^MTR $mt " "$T/o"'
# the other way: a CR rule's backrefs list the policy sections that cite it; the sections that
# write "rule 103.4" counted in the text itself
cites=$(grep -c 'rule 103\.4' "$D/mtr-2021-07-23.pdftotext.txt")
"${J[@]}" --json backrefs 103.4 >"$T/j"
ok "backrefs 103.4 --json: a policy array with each MTR section that writes rule 103.4 (or 103.4c), beside the rules' own backrefs" '[ "$cites" -ge 1 ] && [ "$(jq "[.policy[] | select(.document == \"mtr\")] | length" "$T/j")" = "$cites" ] && jq -e "[.policy[] | select(.title == \"Pregame Procedures\" and .cites == \"103.4\")] | length == 1" "$T/j" >/dev/null && jq -e ".backrefs | index(\"103.5\")" "$T/j" >/dev/null'
"${J[@]}" backrefs 103 >"$T/o"
ok "backrefs 103 in text: the sections citing a rule under it, saying which" 'grep -q "^[0-9]* policy sections\? cites\? 103:" "$T/o" && grep -qE "MTR [0-9.]+ Pregame Procedures \(rule 103\.4\)" "$T/o"'
# a synthetic IPG that cites rule 603.2 and rule 704, beside a whole CR release
cat >"$T/ipg.txt" <<'IPG'
MAGIC INFRACTION PROCEDURE GUIDE
Effective March 3, 2031

CONTENTS
1. General Philosophy ........................ 1
1.1. Backing Up ............................... 1
2. Game Play Errors ........................... 2
2.1. Game Play Error — Forgotten Ability ...... 2

1. GENERAL PHILOSOPHY
Judges are neutral.
1.1. BACKING UP
A backup undoes actions; state-based actions (rule 704) are checked again afterwards.
2. GAME PLAY ERRORS
Game Play Errors are caused by incorrect play.
2.1. Game Play Error — Forgotten Ability
No Penalty
Definition
A triggered ability (see rule 603.2) is forgotten by its controller.
IPG
CR=$SHARED/cr/cr-2022-11-18.txt
if [ -f "$CR" ]; then
	"$JUDGE" --rules "$CR" --doc "$T/ipg.txt" backrefs 603 >"$T/o"
	ok "backrefs 603: the IPG section citing rule 603.2" 'grep -q "^1 policy section cites 603:" "$T/o" && grep -q "IPG 2.1 Game Play Error — Forgotten Ability (rule 603.2)" "$T/o"'
	"$JUDGE" --rules "$CR" --doc "$T/ipg.txt" --json backrefs 704 >"$T/j"
	ok "backrefs 704 --json: the section citing rule 704 itself" '[ "$(jq -r "[.policy[] | .number + \" \" + .cites] | join(\",\")" "$T/j")" = "1.1 704" ]'
	"$JUDGE" --rules "$CR" --doc "$T/ipg.txt" --json backrefs 704.5 >"$T/j"
	ok "a rule under the one cited is not cited by it (704 does not cite 704.5): an empty policy array" 'jq -e ".policy == []" "$T/j" >/dev/null'
	"$JUDGE" --rules "$CR" --doc "$T/ipg.txt" backrefs 101.1 >"$T/o"
	ok "a rule nothing cites says so, the documents included" 'grep -q "Nothing in the .* rules or the loaded policy documents cites 101.1" "$T/o"'
else
	echo "skip: $CR is absent (a whole CR release for rule 603)"
fi
"${J[@]}" backrefs ipg xyzzy >"$T/o" 2>"$T/e"; st=$?
ok "backrefs of a section that is not there: exit 1 with the error" '[ $st = 1 ] && grep -q "no section of the IPG" "$T/e"'
