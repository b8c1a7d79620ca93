#!/usr/bin/env bash
# tests/bench/bench-search.sh BINARY — search quality and speed on the newest release:
# recall@1 and recall@5 of `judge search` and of SQLite FTS5 (bm25, porter tokenizer) over
# the same records, on tests/search/questions.tsv, the training sets
# train2.tsv, train3.tsv and train4.tsv and the held-out sets heldout.tsv, heldout2.tsv,
# heldout3.tsv, heldout4.tsv and heldout5.tsv; in-process query time; 700 searches through one judge process (pipe
# mode, start-up included); index build against parsing, and loading the index from the cache
# instead; one-shot searches with a cold and a warm cache.
set -u
JUDGE=${1:?usage: bench-search.sh path/to/judge}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CR=${BENCH_CR:-$ROOT/../shared/cr/cr-2026-01-16.txt}
Q=${BENCH_QUESTIONS:-$ROOT/tests/search/questions.tsv}
if [ ! -f "$CR" ]; then
	echo "skip: $CR is absent (the official releases are test inputs in ../shared/cr)"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export NO_COLOR=1 LC_ALL=C.UTF-8
export XDG_CONFIG_HOME="$T/config" XDG_DATA_HOME="$T/data" XDG_STATE_HOME="$T/state" XDG_CACHE_HOME="$T/cache"
unset JUDGE_NO_CACHE
J=("$JUDGE" --rules "$CR")
echo "== search benchmark: $(basename "$CR"), $(grep -vc '^#' "$Q") questions"

# judge: recall, in-process query time and index build time, measured by the binary itself
"${J[@]}" search --bench "$Q" || exit 1

# SQLite FTS5 over the same records (rules, examples, glossary), exported by judge
fts5() {   # fts5 QUESTIONS-FILE
	local Q=$1
	# each question becomes an OR of its words (an AND of a whole question finds nothing);
	# the title column weighs 5 times the body, as judge's field weights do
	grep -v '^#' "$Q" | grep -v '^$' | while IFS=$'\t' read -r q ans; do
		words=$(printf '%s' "$q" | tr -c '[:alnum:]\n' ' ' | tr 'A-Z' 'a-z')
		m=""
		for w in $words; do m="$m${m:+ OR }\"$w\""; done
		printf '%s\t%s\t' "$q" "$ans"
		if [ -z "$m" ]; then echo; continue; fi
		sqlite3 -separator ' ' "$T/fts.db" \
						"SELECT bare || ':' || replace(CASE WHEN rules='' THEN '-' ELSE rules END,' ',',') FROM docs WHERE docs MATCH '${m//\'/\'\'}' ORDER BY bm25(docs,0,0,0,0,5.0,1.0) LIMIT 5;" |
			tr '\n' ' '
		echo
	done >"$T/fts.out"
	awk -F'\t' '
	function within(x, a) {   # x is rule a or inside it: 702.19b in 702.19, not 702.1 in 702.19
		if (x == a) return 1
		if (index(x, a) != 1) return 0
		return substr(x, length(a) + 1, 1) !~ /[0-9]/
	}
	function rank(bare,   i, j, m, rr, a, b, r) {
		for (i = 1; i <= k && i <= 5; i++) {
			b = substr(res[i], 1, 1) == "1"; r = substr(res[i], 3)
			m = split(r, rr, ",")
			for (j = 1; j <= m; j++) for (a in ans)
				if (within(rr[j], ans[a]) || (bare && b && within(ans[a], rr[j]))) return i
		}
		return 0
	}
	{
		n++; split($2, ans, " "); k = split($3, res, " ")
		at = rank(0); bat = rank(1)
		if (at == 1) r1++
		if (at >= 1) r5++
		if (bat == 1) b1++
		if (bat >= 1) b5++
	}
	END {
		printf "fts5   recall@1 %.3f  recall@5 %.3f  (%d questions, bm25, porter)\n", r1 / n, r5 / n, n
		printf "fts5   recall@1 %.3f  recall@5 %.3f  counting a title-only rule for its subrules\n", b1 / n, b5 / n
	}' "$T/fts.out"
}

if command -v sqlite3 >/dev/null; then
	"${J[@]}" search --dump >"$T/docs.sql" || exit 1
	sqlite3 "$T/fts.db" <"$T/docs.sql" || exit 1
	fts5 "$Q"
else
	echo "fts5   skipped: sqlite3 is not installed"
fi
# the other question sets: recall of judge and of FTS5 on each (heading, file)
more_set() {
	[ -f "$2" ] || return 0
	echo "== $1"
	"${J[@]}" search --bench "$2" | grep recall || exit 1
	if [ -f "$T/fts.db" ]; then fts5 "$2"; fi
}
count() { grep -v '^#' "$1" 2>/dev/null | grep -vc '^$'; }
# training sets, tuned on: table talk over every chapter; zone changes, priority, copies, ...
T2=${BENCH_TRAIN2:-$ROOT/tests/search/train2.tsv}
T3=${BENCH_TRAIN3:-$ROOT/tests/search/train3.tsv}
T4=${BENCH_TRAIN4:-$ROOT/tests/search/train4.tsv}
# held-out sets, never tuned on: how the ranking generalises
H=${BENCH_HELDOUT:-$ROOT/tests/search/heldout.tsv}
H2=${BENCH_HELDOUT2:-$ROOT/tests/search/heldout2.tsv}
H3=${BENCH_HELDOUT3:-$ROOT/tests/search/heldout3.tsv}
H4=${BENCH_HELDOUT4:-$ROOT/tests/search/heldout4.tsv}
H5=${BENCH_HELDOUT5:-$ROOT/tests/search/heldout5.tsv}
more_set "second training set: $(count "$T2") questions" "$T2"
more_set "third training set: $(count "$T3") questions" "$T3"
more_set "fourth training set: $(count "$T4") questions" "$T4"
more_set "held-out questions: $(count "$H") of them" "$H"
more_set "held-out questions, second set: $(count "$H2") of them" "$H2"
more_set "held-out questions, third set: $(count "$H3") of them" "$H3"
more_set "held-out questions, fourth set: $(count "$H4") of them" "$H4"
more_set "held-out questions, fifth set: $(count "$H5") of them" "$H5"

# 700 searches piped through one process, start-up and index build included
grep -v '^#' "$Q" | grep -v '^$' | cut -f1 | sed 's/^/search -n 5 /' >"$T/q1"
: >"$T/q700"
while [ "$(wc -l <"$T/q700")" -lt 700 ]; do cat "$T/q1" >>"$T/q700"; done
head -n 700 "$T/q700" >"$T/q"
s=$(date +%s%N)
"${J[@]}" <"$T/q" >"$T/pipe.out" 2>/dev/null
e=$(date +%s%N)
awk -v ns=$((e - s)) 'BEGIN { printf "judge  700 searches through one process: %.1f ms in all, %.3f ms per search (start-up included)\n", ns / 1e6, ns / 1e6 / 700 }'
# one-shot searches, best of 5 each: with no cache file yet (the index is built, then
# saved), with the cache turned off (built, not saved), and with the file there (loaded)
oneshot() {   # oneshot LABEL PREPARE-COMMAND JUDGE-ARGS...
	local label=$1 prep=$2 best=0 s e ns; shift 2
	for _ in 1 2 3 4 5; do
		eval "$prep"
		s=$(date +%s%N)
		"${J[@]}" "$@" >/dev/null 2>&1
		e=$(date +%s%N)
		ns=$((e - s))
		if [ "$best" = 0 ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
	done
	awk -v ns="$best" -v l="$label" 'BEGIN { printf "judge  one-shot `judge search trample`, %s: %.1f ms (best of 5)\n", l, ns / 1e6 }'
}
oneshot "cold cache (index built and saved)" 'rm -rf "$T/cache"' search trample
oneshot "--no-cache (index built)" ':' --no-cache search trample
"${J[@]}" search trample >/dev/null 2>&1
oneshot "warm cache (index loaded)" ':' search trample
f=$(ls "$T"/cache/judge/srch-*.idx 2>/dev/null | head -n 1)
[ -n "$f" ] && echo "judge  cache file for $(basename "$CR"): $(($(stat -c %s "$f") / 1024)) KB"
# and the cost of start-up and parsing alone, for comparison
s=$(date +%s%N)
"${J[@]}" versions >/dev/null
e=$(date +%s%N)
awk -v ns=$((e - s)) 'BEGIN { printf "judge  start-up and parsing alone: %.1f ms\n", ns / 1e6 }'
# the policy documents (IPG, MTR, JAR) in search: tests/bench/bench-policy.sh
bash "$ROOT/tests/bench/bench-policy.sh" "$JUDGE"
