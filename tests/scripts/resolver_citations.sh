#!/usr/bin/env bash
# resolver_citations.sh — every rule number in the resolver's citation table (and nowhere
# else in its code) exists in the newest official CR, found with grep, not with judge.
set -u
cr="${SHARED:-}/cr/cr-2026-01-16.txt"
[ -n "${SHARED:-}" ] && [ -f "$cr" ] || { echo "skip: ../shared/cr/cr-2026-01-16.txt is absent (the official CR releases are test inputs only)"; exit 77; }
T=$(mktemp); trap 'rm -f "$T"' EXIT
# the CR uses bare CR line endings and a BOM
tr '\r' '\n' <"$cr" | sed '1s/^\xEF\xBB\xBF//' | grep -oE '^[0-9]{3}\.[0-9]+[a-z]?' | sort -u >"$T"
ids=$(grep -oE '\{ "[0-9]{3}\.[0-9]+[a-z]?"' src/resolver/cite.c | grep -oE '[0-9]{3}\.[0-9]+[a-z]?')
n=0
for id in $ids; do
	n=$((n + 1))
	if grep -qx "$id" "$T"; then echo "ok $n - $id is in the 2026-01-16 CR"; else echo "not ok $n - $id is cited but not in the 2026-01-16 CR"; fi
done
[ "$n" -ge 90 ] && echo "ok $((n + 1)) - the table holds $n citations" || echo "not ok $((n + 1)) - only $n citations found in cite.c"
# no rule number written outside the table
n=$((n + 2))
stray=$(grep -nE '"[0-9]{3}\.[0-9]+[a-z]?"' src/resolver/*.c | grep -v '^src/resolver/cite.c:' || true)
if [ -z "$stray" ]; then echo "ok $n - rule numbers appear only in the citation table"; else echo "not ok $n - rule numbers outside cite.c:"; echo "$stray" | sed 's/^/# /'; fi
