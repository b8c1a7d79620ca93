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
"${J[@]}" backrefs ipg xyzzy >"$T/o" 2>"$T/e"; st=$?
ok "backrefs of a section that is not there: exit 1 with the error" '[ $st = 1 ] && grep -q "no section of the IPG" "$T/e"'
