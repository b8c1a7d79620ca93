#!/usr/bin/env bash
# tests/bench/bench-cards-search.sh BINARY — search on questions that name cards
# (tests/search/cards-questions.tsv, tuned on, and cards-heldout.tsv): recall@1 and recall@5 of
# `judge --json search` with the test fixtures' card database imported (tests/cards/
# AtomicCards.json) and without one, on the 2026-01-16 release. A result counts as questions.tsv
# counts it (search --bench): a rule that is an answer or inside one, an example of one, a
# glossary entry citing one; the Card: lines are not results. Also: how many questions without
# a card database say that one would help (they should, once).
set -u
JUDGE=${1:?usage: bench-cards-search.sh path/to/judge}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CR=${BENCH_CR:-$ROOT/../shared/cr/cr-2026-01-16.txt}
[ -f "$CR" ] || { echo "skip: $CR is absent (the official releases are test inputs in ../shared/cr)"; exit 77; }
command -v jq >/dev/null || { echo "skip: jq is needed"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export NO_COLOR=1 LC_ALL=C.UTF-8 XDG_CONFIG_HOME="$T/config" XDG_STATE_HOME="$T/state" XDG_CACHE_HOME="$T/cache"
J() { "$JUDGE" --rules "$CR" "$@"; }
XDG_DATA_HOME="$T/db" J cards import "$ROOT/tests/cards/AtomicCards.json" >/dev/null 2>&1 || { echo "the fixtures' import failed"; exit 1; }

# one set, one database (or none): recall@1, recall@5, and the questions saying a database would help
run() {   # run FILE DATA_HOME LABEL
	local f=$1 home=$2 label=$3 n=0 r1=0 r5=0 hint=0 miss=""
	while IFS=$'\t' read -r q ans; do
		case "$q" in ''|'#'*) continue ;; esac
		n=$((n + 1))
		XDG_DATA_HOME="$home" J --json search "$q" >"$T/out" 2>/dev/null
		XDG_DATA_HOME="$home" J search "$q" 2>&1 | tr '\n' ' ' | grep -q 'judge cards import' && hint=$((hint + 1))
		at=$(jq -r --arg a "$ans" '
			def inside($x; $r): $x == $r or ($x | startswith($r) and (($x | ltrimstr($r))[0:1] | test("[0-9]") | not));
			($a | split(" ")) as $ans |
			[ (if type == "array" then . else [] end)[] | select(.kind != "card" and .kind != "verdict")] | .[0:5] |
			map([.id] + (.rules // []) | map(tostring)) |
			(to_entries | map(select(.value | any(. as $x | $ans | any(inside($x | split(" ")[0]; .))))) | .[0].key // -1)' "$T/out" 2>/dev/null)
		case "$at" in 0) r1=$((r1 + 1)); r5=$((r5 + 1)) ;; [1-4]) r5=$((r5 + 1)) ;; *) miss="$miss${miss:+; }$q" ;; esac
	done <"$f"
	printf '%-34s recall@1 %.3f  recall@5 %.3f  (%d questions; %d say a card database would help)\n' "$label" \
		"$(echo "$r1 / $n" | bc -l)" "$(echo "$r5 / $n" | bc -l)" "$n" "$hint"
	[ -n "${VERBOSE:-}" ] && [ -n "$miss" ] && echo "  missed in the top 5: $miss"
	return 0
}
for s in cards-questions:tuned cards-heldout:held-out; do
	f="$ROOT/tests/search/${s%%:*}.tsv"
	run "$f" "$T/db" "${s%%:*} (${s#*:}), cards"
	run "$f" "$T/none" "${s%%:*} (${s#*:}), no cards"
done
