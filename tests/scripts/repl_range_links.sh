#!/usr/bin/env bash
# repl_range_links.sh — in the session a range of rules inside shown text ("see rules
# 119.7–8", "701.27a–f") links every number of it, not only its first: the end and what lies
# between follow the range as numbered links, and following one shows that rule.
set -u
CR="${SHARED:-}/cr/cr-2026-01-16.txt"
if [ -z "${SHARED:-}" ] || [ ! -f "$CR" ]; then
	echo "skip: ../shared/cr is absent (the official releases are test inputs only)"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
flat() { sed 's/\xc2\xa0/ /g' | tr -s '\n ' '  '; }
# the ranges as the CR writes them, found without judge
tr '\r' '\n' <"$CR" | grep -E '^701\.12c ' | grep -qF '(see rules 119.7–8)'; ok $? "701.12c cites the range 119.7–8"
printf ':set width 200\n701.12c\n2\n' | "$JUDGE" --rules "$CR" >"$T/out" 2>&1
flat <"$T/out" | grep -qF 'see rules [1] 119.7–8 ([2] 119.8)'; ok $? "701.12c: both ends of 119.7–8 are links"
grep -q '^119\.8 ' "$T/out"; ok $? "following link 2 shows 119.8"
printf ':set width 200\n701.28a\n' | "$JUDGE" --rules "$CR" >"$T/out" 2>&1
flat <"$T/out" | grep -qF '[1] 701.27a–f ([2] 701.27b, [3] 701.27c, [4] 701.27d, [5] 701.27e, [6] 701.27f), [7] 712.9–10 ([8] 712.10)'
ok $? "701.28a: every number of 701.27a–f and of 712.9–10 is a link, in order"
printf ':set width 200\n702.15e\n' | "$JUDGE" --rules "$CR" >"$T/out" 2>&1
flat <"$T/out" | grep -qF '[1] 119.9–10 ([2] 119.10)'; ok $? "702.15e: 119.9–10 links 119.10 (not 119.1)"
# outside the session the text is the CR's own
"$JUDGE" --rules "$CR" 701.12c >"$T/out" 2>&1
flat <"$T/out" | grep -qF '(see rules 119.7–8)'; ok $? "a one-shot lookup prints the text as the CR has it"
