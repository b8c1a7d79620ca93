#!/usr/bin/env bash
# tests/bench/bench.sh — `make bench`: the board resolver's time per board and the share of
# the card-text list its templates read; ingestion speed of every release, and a one-shot
# lookup's wall time beside grep's on the same file, and the time and size of `judge html`
# beside loading the same file, measured in the same run.
set -u
JUDGE=${1:-./judge}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
SHARED=$(cd ../shared 2>/dev/null && pwd) || { echo "bench: needs ../shared/cr (the official releases)"; exit 0; }
B=${BUILD:-build}
${CC:-cc} -std=c11 -D_GNU_SOURCE -O2 -Isrc $(pkg-config --cflags libxml-2.0 libpcre2-8) -o "$B/bench_ingest" \
	tests/bench/bench_ingest.c "$B/libjudge.a" $(pkg-config --libs libxml-2.0 libpcre2-8 readline) -lstemmer -lm || exit 1
for t in bench_boards ability_coverage; do
	${CC:-cc} -std=c11 -D_GNU_SOURCE -O2 -Isrc $(pkg-config --cflags libxml-2.0 libpcre2-8) -o "$B/$t" \
		tests/bench/$t.c "$B/libjudge.a" $(pkg-config --libs libxml-2.0 libpcre2-8 readline) -lstemmer -lm || exit 1
done
echo "Board resolver (issue 13):"
"$B/bench_boards" corpus/boards/*.board
"$B/ability_coverage" tests/cards/oracle-lines.txt
echo
echo "Ingestion (decode + parse + references, in process, median of 21 runs):"
"$B/bench_ingest" "$SHARED"/cr/*.txt rules/*.txt

# wall time of whole processes: the median of N runs, in milliseconds
wall() {
	local n=$1; shift
	local i t0 t1 ts=()
	for ((i = 0; i < n; i++)); do
		t0=$(date +%s%N); "$@" >/dev/null 2>&1; t1=$(date +%s%N)
		ts+=($(( (t1 - t0) / 1000 )))
	done
	printf '%s\n' "${ts[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]/1000}'
}
F="$SHARED/cr/cr-2026-01-16.txt"
echo
echo "One-shot lookup of 702.19b in $(basename "$F") (median wall time of 51 runs):"
g=$(wall 51 grep -n '^702.19b' "$F")
j=$(wall 51 "$JUDGE" --rules "$F" 702.19b)
b=$(wall 51 "$JUDGE" 100.1)
printf "  grep -n '^702.19b' FILE        %6.2f ms\n" "$g"
printf "  judge --rules FILE 702.19b     %6.2f ms   (%.2fx grep)\n" "$j" "$(echo "$j $g" | awk '{print $1/$2}')"
printf "  judge 100.1 (built-in rules)   %6.2f ms\n" "$b"
echo
# CPU time (user + system) of whole processes: the median of N runs, in milliseconds; the
# tests and builds running beside it do not inflate it as they do wall time
cpu() {
	local n=$1; shift
	local i t ts=()
	for ((i = 0; i < n; i++)); do
		t=$( { TIMEFORMAT='%3U %3S'; time "$@" >/dev/null 2>&1; } 2>&1 )
		ts+=($(echo "$t" | awk '{printf "%d", ($1 + $2) * 1000}'))
	done
	printf '%s\n' "${ts[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.0f", a[int((NR+1)/2)]}'
}
echo "Static edition: judge --rules $(basename "$F") html DIR (median of 7 runs), beside loading alone:"
hd=$(mktemp -d)
h=$(wall 7 "$JUDGE" --rules "$F" html "$hd/site")
l=$(wall 7 "$JUDGE" --rules "$F" versions)
c=$(wall 7 cp -r "$hd/site" "$hd/copy")
hc=$(cpu 7 "$JUDGE" --rules "$F" html "$hd/site")
lc=$(cpu 7 "$JUDGE" --rules "$F" versions)
"$JUDGE" --rules "$F" html "$hd/site" >/dev/null 2>&1
sz=$(cat "$hd"/site/* | wc -c); np=$(ls "$hd"/site/*.html | wc -l)
big=$(ls -S "$hd"/site/*.html | head -n 1)
printf "  judge html DIR                 %6.2f ms wall, %4d ms CPU   (%d pages, %.2f MB; largest %s, %.2f MB)\n" "$h" "$hc" "$np" \
	"$(echo "$sz" | awk '{print $1/1e6}')" "$(basename "$big")" "$(wc -c <"$big" | awk '{print $1/1e6}')"
printf "  judge --rules FILE versions    %6.2f ms wall, %4d ms CPU   (loading the same file: html costs %.1fx its wall, %.1fx its CPU)\n" \
	"$l" "$lc" "$(echo "$h $l" | awk '{print $1/$2}')" "$(echo "$hc $lc" | awk '{print $2 ? $1/$2 : 0}')"
printf "  cp -r DIR (the pages' I/O)     %6.2f ms wall\n" "$c"
rm -rf "$hd"
if command -v sqlite3 >/dev/null; then
	echo
	echo "Reference: sqlite3 FTS5 start-up and one query over the same rules:"
	db=$(mktemp -d)/cr.db
	"$JUDGE" --rules "$F" --json toc >/dev/null
	tr '\r' '\n' < "$F" | grep -E '^[0-9]{3}\.[0-9]+[a-z]?\.? ' | sed 's/\x27/\x27\x27/g' |
		awk '{id=$1; sub(/\.$/,"",id); $1=""; printf "INSERT INTO r VALUES(\x27%s\x27,\x27%s\x27);\n", id, $0}' > "${db%.db}.sql"
	sqlite3 "$db" "CREATE VIRTUAL TABLE r USING fts5(id, body, tokenize='porter');" ".read ${db%.db}.sql"
	s=$(wall 51 sqlite3 "$db" "SELECT id FROM r WHERE id='702.19b'")
	printf "  sqlite3 DB \"SELECT ... id='702.19b'\" %6.2f ms   (judge is %.2fx of it)\n" "$s" "$(echo "$j $s" | awk '{print $1/$2}')"
	rm -rf "$(dirname "$db")"
fi
