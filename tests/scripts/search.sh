#!/usr/bin/env bash
# tests/scripts/search.sh — `judge search` end to end on the 2026-01-16 release: ranking,
# JSON, errors with carets, limits on hostile queries, the user's thesaurus, pipe mode.
set -u
CR="${SHARED:-}/cr/cr-2026-01-16.txt"
if [ -z "${SHARED:-}" ] || [ ! -f "$CR" ]; then
	echo "skip: ../shared/cr/cr-2026-01-16.txt is absent (the official releases are test inputs only)"; exit 77
fi
J=("$JUDGE" --rules "$CR")
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
check() { local what=$1; shift; "$@"; ok $? "$what"; }

"${J[@]}" search trample >"$T/out" 2>"$T/err"; st=$?
check "search trample exits 0" [ $st = 0 ]
check "702.19 Trample comes first" grep -q '^702\.19 Trample$' <(head -n 1 "$T/out")
check "its subrules follow" grep -q '^702\.19a ' "$T/out"

"${J[@]}" search -n 3 deathtuch >"$T/out" 2>&1
check "a typo: deathtuch finds 702.2 first" grep -q '^702\.2 Deathtouch$' <(head -n 1 "$T/out")
"${J[@]}" search -n 1 indestructable >"$T/out" 2>&1
check "indestructable finds 702.12" grep -q '^702\.12 Indestructible$' "$T/out"
"${J[@]}" search -n 1 fizzle >"$T/out" 2>&1
check "slang from the thesaurus: fizzle finds 608.2b" grep -q '^608\.2b ' "$T/out"
"${J[@]}" search -n 1 two legends same name >"$T/out" 2>&1
check "two legends same name finds the legend rule 704.5j" grep -q '^704\.5j ' "$T/out"
"${J[@]}" search -n 1 704.5j >"$T/out" 2>&1
check "a rule number finds that rule" grep -q '^704\.5j ' "$T/out"
"${J[@]}" search -n 2 '"lethal damage"' in:glossary >"$T/out" 2>&1
check "a phrase with in:glossary" grep -q '^Lethal Damage (glossary)' "$T/out"
"${J[@]}" search -n 50 trample -planeswalker in:702 >"$T/out" 2>&1
check "exclusion: no result mentions planeswalkers" bash -c "! grep -qi planeswalker '$T/out'"
check "and in:702 keeps chapter 702" bash -c "! grep -Eq '^[0-9]' '$T/out' || ! grep -E '^[0-9]' '$T/out' | grep -vq '^702\.'"

"${J[@]}" search -v -n 2 trample >"$T/out" 2>&1
check "-v shows scores" grep -Eq '\[[0-9]+\.[0-9]+\]' "$T/out"

"${J[@]}" --json search -n 3 lethal damage >"$T/out" 2>&1; st=$?
check "--json exits 0" [ $st = 0 ]
check "--json prints an array" grep -q '^\[' <(head -n 1 "$T/out")
check "with three objects" [ "$(grep -c '"id":' "$T/out")" = 3 ]
for k in kind score snippet; do
	check "each with $k" [ "$(grep -c "\"$k\":" "$T/out")" = 3 ]
done
check "kinds are rule, glossary, example or textbook" bash -c "! grep '\"kind\":' '$T/out' | grep -Evq '\"(rule|glossary|example|textbook)\"'"

"${J[@]}" search qwxyzzyq >"$T/out" 2>"$T/err"; st=$?
check "nothing found exits 1" [ $st = 1 ]
check "and says so" grep -q 'nothing found' "$T/err"
"${J[@]}" search zombiez >"$T/out" 2>"$T/err"
"${J[@]}" search zzlethalx >"$T/out" 2>"$T/err"
check "a near miss offers the closest words" grep -q 'closest words in the rules:.*lethal' "$T/err"

"${J[@]}" search "" >"$T/out" 2>"$T/err"; st=$?
check "an empty query exits 2" [ $st = 2 ]
check "and says it is empty" grep -q 'empty' "$T/err"

"${J[@]}" search 'trample /first (strike/' >"$T/out" 2>"$T/err"; st=$?
check "a bad regex exits 2" [ $st = 2 ]
check "with pcre2's message" grep -q 'missing closing parenthesis' "$T/err"
check "the query echoed" grep -q '^  trample /first (strike/$' "$T/err"
check "and a caret under column 23" grep -q '^                        \^$' "$T/err"

# timed in CPU time (user and system): the machine's other load does not count
cpu_ms() { awk 'END { printf "%d", ($1 + $2) * 1000 }' "$T/time"; }
TIMEFORMAT='%3U %3S'
{ time { timeout 10 "${J[@]}" search '/(a+)+$/' >"$T/out" 2>"$T/err"; st=$?; }; } 2>"$T/time"
check "a catastrophic regex returns (exit $st)" [ $st = 0 -o $st = 2 ]
check "within 3 seconds of CPU time ($(cpu_ms) ms)" [ "$(cpu_ms)" -lt 3000 ]
timeout 10 "${J[@]}" search '/(\w+\s?)+$/' >"$T/out" 2>"$T/err"; st=$?
check "another backtracking regex returns too (exit $st)" [ $st = 0 -o $st = 2 ]

head -c 102400 /dev/zero | tr '\0' 'a' >"$T/big"
{ time { "${J[@]}" search "$(cat "$T/big")" >"$T/out" 2>"$T/err"; st=$?; }; } 2>"$T/time"
check "a 100 KB query exits 2" [ $st = 2 ]
check "saying it is too long" grep -q 'too long' "$T/err"
check "quickly ($(cpu_ms) ms of CPU time)" [ "$(cpu_ms)" -lt 2000 ]

# the user's own thesaurus adds to the built-in one
mkdir -p "$XDG_CONFIG_HOME/judge"
printf '# mine\nstompy\ttrample\nno tab on this line\n' >"$XDG_CONFIG_HOME/judge/thesaurus.tsv"
"${J[@]}" search -n 1 stompy >"$T/out" 2>"$T/err"
check "a user thesaurus entry works" grep -q '^702\.19' "$T/out"
check "its bad line is reported with file:line" grep -q 'thesaurus.tsv:3:.*tab' "$T/err"
"${J[@]}" search -n 1 fizzle >"$T/out" 2>/dev/null
check "and the built-in entries still work" grep -q '^608\.2b ' "$T/out"
rm -f "$XDG_CONFIG_HOME/judge/thesaurus.tsv"

printf 'search -n 1 trample\nsearch -n 1 deathtouch\n' | "${J[@]}" >"$T/out" 2>&1
# pipe mode speaks the REPL's language, so results carry link numbers: "[1] 702.19 Trample"
check "pipe mode: two searches through one process" bash -c "grep -qE '^(\[[0-9]+\] )?702\.19 ' '$T/out' && grep -qE '^(\[[0-9]+\] )?702\.2 ' '$T/out'"

NO_COLOR= "${J[@]}" --color search -n 1 trample deathtouch >"$T/out" 2>&1
check "--color highlights with escapes" grep -q $'\033\\[' "$T/out"
"${J[@]}" search -n 1 trample deathtouch >"$T/out" 2>&1
check "no escapes without colour" bash -c "! grep -q $'\033' '$T/out'"
"${J[@]}" search declare blockers in:textbook >"$T/out" 2>&1; st=$?
check "in:textbook answers from the textbook's own search" bash -c "[ $st = 0 ] && head -n 2 '$T/out' | grep -q 'Textbook: .*Combat phase'"

# common situations: corpus/situations.tsv, and the user's own file beside it
"${J[@]}" search -n 3 'my opponent stole my creature and it died, whose graveyard does it go to' >"$T/out" 2>&1
check "a situation: a stolen creature that dies goes to its owner's graveyard (400.3)" \
	bash -c "head -n 1 '$T/out' | grep -q '^Situation: ' && grep -q '^400\.3 ' '$T/out'"
"${J[@]}" --json search -n 3 'enchanted creature got bounced, what happens to the aura' >"$T/out" 2>&1
check "--json: a hit a situation placed carries its label" \
	python3 -c "import json,sys; a=json.load(open('$T/out')); sys.exit(not any(h['id']=='704.5m' and 'situation' in h for h in a))"
if [ -f "$SHARED/cr/cr-2008-10-01.txt" ]; then
	"$JUDGE" --rules "$SHARED/cr/cr-2008-10-01.txt" search -n 3 'enchanted creature got bounced, what happens to the aura' >"$T/out" 2>&1
	check "situations numbered as in 2026 are left out when searching the 2008 rules" bash -c "! grep -q '^Situation' '$T/out' && grep -q . '$T/out'"
fi
mkdir -p "$XDG_CONFIG_HOME/judge"
printf '# mine\nglorbnax + zorbulon\t704.5j\tMy private situation\nno tabs on this line\n' >"$XDG_CONFIG_HOME/judge/situations.tsv"
"${J[@]}" search -n 2 'glorbnax and zorbulon' >"$T/out" 2>"$T/err"
check "the user's situations file adds its entries" bash -c "grep -q '^Situation: My private situation' '$T/out' && grep -q '^704\.5j ' '$T/out'"
check "and a bad line in it is reported with file:line:col" grep -q 'situations.tsv:3:21: warning: expected three fields' "$T/err"
"${J[@]}" search -n 2 'glorbnax and zorbulon' >"$T/out" 2>"$T/err"
check "again when the index comes from the cache" bash -c "grep -q 'situations.tsv:3:21: warning' '$T/err' && grep -q '^Situation: My private situation' '$T/out'"
printf 'glorbnax + zorbulon\t702.19\tMy edited situation\n' >"$XDG_CONFIG_HOME/judge/situations.tsv"
"${J[@]}" search -n 2 'glorbnax and zorbulon' >"$T/out" 2>"$T/err"
check "an edited situations file is read anew, not taken from the cache" \
	bash -c "grep -q '^Situation: My edited situation' '$T/out' && ! grep -q . '$T/err'"
head -c 300 /dev/urandom >"$XDG_CONFIG_HOME/judge/situations.tsv"; printf '\0' >>"$XDG_CONFIG_HOME/judge/situations.tsv"
"${J[@]}" search -n 1 trample >"$T/out" 2>"$T/err"; st=$?
check "a binary situations file is one error, and search still answers" \
	bash -c "[ $st = 0 ] && grep -q 'situations.tsv.*binary' '$T/err' && grep -q '^702\.19 ' '$T/out'"
rm -f "$XDG_CONFIG_HOME/judge/situations.tsv"
# every rule the built-in situations name is a rule of the newest release
awk -F'\t' '!/^#/ && NF == 3 { n = split($2, r, " "); for (i = 1; i <= n; i++) print r[i] }' \
	"$(dirname "$0")/../../corpus/situations.tsv" | sort -u >"$T/ids"
"${J[@]}" <"$T/ids" >"$T/out" 2>"$T/err"
check "every rule corpus/situations.tsv names is in the 2026-01-16 release ($(wc -l <"$T/ids") ids)" \
	bash -c "[ \$(wc -l <'$T/ids') -gt 100 ] && ! grep -q . '$T/err'"
echo "1..$n"
