#!/usr/bin/env bash
# tests/bench/bench-policy.sh BINARY — policy search quality: recall@1 and recall@5 of
# `judge search ... in:policy` and of SQLite FTS5 (bm25, porter, the title weighted 5 times
# as in bench-search.sh) over the same sections (the 2021 IPG and MTR, the 2024 JAR, from
# ../shared/docs), on tests/search/policy-questions.tsv, policy-dev.tsv and policy-dev2.tsv (tuned on) and
# policy-heldout.tsv and policy-heldout2.tsv (never tuned on); and how often a plain `judge search` puts the answering policy section
# first (beside a whole CR release, ../shared/cr/cr-2022-11-18.txt, else the built-in texts),
# and how often the first rule after it is the one the question's third field names (603 for a
# missed trigger). An answer is DOCUMENT:TITLE WORDS; a hit answers when its document is that
# one and its title contains the words. Last, the other side: of the rules questions of
# questions.tsv and train2-4.tsv, how many a plain search puts a policy section ahead of the rules
# for, and of policy-cardq.tsv (rules questions naming cards the IPG's examples use) likewise.
# BENCH_POLICY_SETS=tuned runs the tuning sets alone (and the rules questions);
# BENCH_POLICY_SETS=NAME the one set tests/search/NAME.tsv alone.
set -u
JUDGE=${1:?usage: bench-policy.sh path/to/judge}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
D=${BENCH_DOCS:-$ROOT/../shared/docs}
if [ ! -f "$D/ipg-2021-02-05.pdftotext.txt" ]; then
	echo "skip: $D is absent (the policy documents are test inputs in ../shared/docs)"; exit 77
fi
command -v jq >/dev/null || { echo "skip: jq is not installed"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export NO_COLOR=1 LC_ALL=C.UTF-8
export XDG_CONFIG_HOME="$T/config" XDG_DATA_HOME="$T/data" XDG_STATE_HOME="$T/state" XDG_CACHE_HOME="$T/cache"
CR=$ROOT/rules
[ -f "$ROOT/../shared/cr/cr-2022-11-18.txt" ] && CR=$ROOT/../shared/cr/cr-2022-11-18.txt
J=("$JUDGE" --doc "$D/ipg-2021-02-05.pdftotext.txt" --doc "$D/mtr-2021-07-23.pdftotext.txt" --doc "$D/jar-2024-08-05.pdftohtml.html")

# the same sections for FTS5, exported by judge
for k in ipg mtr jar; do "${J[@]}" -v --json "$k"; done | jq -r -s '.[][] | [.document, .title, (.text | gsub("[\t\n]"; " "))] | @tsv' >"$T/sections.tsv"
sqlite3 "$T/fts.db" "CREATE VIRTUAL TABLE s USING fts5(doc UNINDEXED, title, body, tokenize='porter');"
awk -F'\t' '{ gsub(/\x27/, "\x27\x27"); printf "INSERT INTO s VALUES (\x27%s\x27, \x27%s\x27, \x27%s\x27);\n", $1, $2, $3 }' "$T/sections.tsv" | sqlite3 "$T/fts.db"

# rank ANSWERS HITS...: the 1-based rank of the first hit (doc<TAB>title) answering, 0 if none
rank() {
	awk -F'\t' -v ans="$1" 'BEGIN { n = split(ans, a, "|") }
	{ for (i = 1; i <= n; i++) { d = substr(a[i], 1, index(a[i], ":") - 1); t = tolower(substr(a[i], index(a[i], ":") + 1))
	  if ($1 == d && index(tolower($2), t)) { print NR; found = 1; exit } } }
	END { if (!found) print 0 }'
}

run_set() {   # run_set FILE LABEL
	local f=$1 label=$2 n=0 j1=0 j5=0 f1=0 f5=0 first=0 nc=0 comp=0
	while IFS=$'\t' read -r q ans cr; do
		case "$q" in '#'*|'') continue ;; esac
		n=$((n + 1))
		r=$("${J[@]}" -n 5 --json search "$q" in:policy 2>/dev/null | jq -r '.[] | [.document, .title] | @tsv' | rank "$ans")
		[ "$r" = 1 ] && j1=$((j1 + 1)); [ "$r" -ge 1 ] && [ "$r" -le 5 ] && j5=$((j5 + 1))
		[ "$r" = 0 ] && echo "   judge misses: $q"
		words=$(printf '%s' "$q" | tr -c '[:alnum:]\n' ' ' | tr 'A-Z' 'a-z')
		m=""; for w in $words; do m="$m${m:+ OR }\"$w\""; done
		r=$(sqlite3 -separator $'\t' "$T/fts.db" "SELECT doc, title FROM s WHERE s MATCH '${m//\'/\'\'}' ORDER BY bm25(s, 0, 5.0, 1.0) LIMIT 5;" | rank "$ans")
		[ "$r" = 1 ] && f1=$((f1 + 1)); [ "$r" -ge 1 ] && [ "$r" -le 5 ] && f5=$((f5 + 1))
		"${J[@]}" --rules "$CR" --json search "$q" >"$T/plain" 2>/dev/null
		r=$(jq -r '.[0] | select(.kind == "policy") | [.document, .title] | @tsv' "$T/plain" | rank "$ans")
		[ "$r" = 1 ] && first=$((first + 1))
		if [ -n "$cr" ]; then
			nc=$((nc + 1))
			c1=$(jq -r '[.[] | select(.kind == "rule")][0].id' "$T/plain")
			case "$c1" in "$cr"|"$cr".*|"$cr"[a-z]*) comp=$((comp + 1)) ;; esac
		fi
	done <"$f"
	awk -v l="$label" -v n="$n" -v j1="$j1" -v j5="$j5" -v f1="$f1" -v f5="$f5" -v fi="$first" -v nc="$nc" -v co="$comp" 'BEGIN {
		printf "%-26s %3d questions  judge recall@1 %.3f @5 %.3f   FTS5 recall@1 %.3f @5 %.3f   plain search: policy answer first %.3f, the CR rule beside it %d/%d\n",
		    l, n, j1 / n, j5 / n, f1 / n, f5 / n, fi / n, co, nc }'
}

echo "== policy search: IPG 2021, MTR 2021, JAR 2024 ($(wc -l <"$T/sections.tsv") sections); plain search beside $(basename "$CR")"
sets=${BENCH_POLICY_SETS:-all}
case $sets in
all|tuned)
	run_set "$ROOT/tests/search/policy-questions.tsv" "policy-questions (tuned)"
	run_set "$ROOT/tests/search/policy-dev.tsv" "policy-dev (tuned)"
	run_set "$ROOT/tests/search/policy-dev2.tsv" "policy-dev2 (tuned)" ;;
*)	# one set by name: BENCH_POLICY_SETS=policy-dev2
	run_set "$ROOT/tests/search/$sets.tsv" "$sets"; exit 0 ;;
esac
[ "$sets" = tuned ] || run_set "$ROOT/tests/search/policy-heldout.tsv" "policy-heldout (never)"
[ "$sets" = tuned ] || run_set "$ROOT/tests/search/policy-heldout2.tsv" "policy-heldout2 (never)"
[ "$sets" = tuned ] || run_set "$ROOT/tests/search/policy-heldout3.tsv" "policy-heldout3 (never)"

# the rules questions: one process reads them all from a pipe, each answer a JSON array on its line
n=0; pf=0
for f in questions train2 train3 train4; do
	grep -v '^#' "$ROOT/tests/search/$f.tsv" | cut -f1 | grep . >>"$T/rulesq"
done
n=$(wc -l <"$T/rulesq")
pf=$(sed 's/^/search /' "$T/rulesq" | "${J[@]}" --rules "$CR" --json 2>/dev/null | jq -c 'if type == "array" then (.[0].kind // "none") else empty end' | grep -c '"policy"')
printf '%-26s %3d questions  plain search puts a policy section ahead of the rules for %d\n' "rules questions" "$n" "$pf"
# rules questions naming cards the IPG's examples use: a card name is no tournament question
grep -v '^#' "$ROOT/tests/search/policy-cardq.tsv" | grep . >"$T/cardq"
n=$(wc -l <"$T/cardq")
pf=$(sed 's/^/search /' "$T/cardq" | "${J[@]}" --rules "$CR" --json 2>/dev/null | jq -c 'if type == "array" then (.[0].kind // "none") else empty end' | grep -c '"policy"')
printf '%-26s %3d questions  plain search puts a policy section ahead of the rules for %d\n' "card questions" "$n" "$pf"
