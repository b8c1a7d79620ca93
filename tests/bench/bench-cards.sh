#!/usr/bin/env bash
# tests/bench/bench-cards.sh — `make bench`, card data: the JSON libraries on a 35,000-card
# MTGJSON-shaped file (written by tests/cards/gen-atomic.py, not downloaded), the import's time
# and peak memory, and one-shot `judge card` beside jq on the same file and sqlite3 on the same
# database, measured in the same run.
set -u
JUDGE=${1:-./judge}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
B=${BUILD:-build}
W="$ROOT/$B/bench-cards"
mkdir -p "$W"
F="$W/AtomicCards.json"
if [ ! -s "$F" ]; then
	echo "writing a 35,000-card MTGJSON-shaped file (tests/cards/gen-atomic.py; once, kept in $W)..."
	python3 tests/cards/gen-atomic.py 35000 "$F.tmp" && mv "$F.tmp" "$F" || exit 1
fi
echo "Card data: $(basename "$F"), $(( $(stat -c %s "$F") / 1000000 )) MB, $(grep -o '"faceName"\|"layout"' "$F" | grep -c layout) faces"

# peak memory (KB) and wall time (s) of one process
peak() {
	python3 - "$@" <<'PY'
import resource, subprocess, sys, time
t = time.monotonic()
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
t = time.monotonic() - t
print("%.2f s  %.1f MB peak%s" % (t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0,
      "" if r.returncode == 0 else "  (exit %d: %s)" % (r.returncode, r.stderr.decode()[:200])))
PY
}
wall() {   # median wall time of N runs, in milliseconds
	local n=$1; shift
	local i t0 t1 ts=()
	for ((i = 0; i < n; i++)); do
		t0=$(date +%s%N); "$@" >/dev/null 2>&1; t1=$(date +%s%N)
		ts+=($(( (t1 - t0) / 1000 )))
	done
	printf '%s\n' "${ts[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]/1000}'
}

echo
echo "Parsing the whole file, one library per process (tests/bench/bench_json.c):"
for lib in yajl:yajl:HAVE_YAJL json-c:json-c:HAVE_JSONC jansson:jansson:HAVE_JANSSON; do
	IFS=: read -r name pc def <<<"$lib"
	if pkg-config --exists "$pc" 2>/dev/null &&
	   ${CC:-cc} -O2 -D$def -o "$W/bench_json_$name" tests/bench/bench_json.c $(pkg-config --cflags --libs "$pc") 2>/dev/null; then
		printf "  %s\n" "$(python3 -c 'import sys' && "$W/bench_json_$name" "$name" "$F")"
	else
		echo "  $name: not installed (libyajl-dev, libjson-c-dev, libjansson-dev)"
	fi
done

export XDG_DATA_HOME="$W/data"
echo
echo "judge cards import (stream, build the SQLite database, rename it into place):"
echo "  $(peak "$JUDGE" cards import "$F")"
DB="$W/data/judge/cards/cards.db"
echo "  database: $(( $(stat -c %s "$DB") / 1000000 )) MB"
name=$(sqlite3 "$DB" "SELECT name FROM cards WHERE id = 17000")
part=$(sqlite3 "$DB" "SELECT substr(key, 3, 6) FROM names WHERE card = 17000 LIMIT 1")
typo=$(sqlite3 "$DB" "SELECT substr(key, 1, 4) || substr(key, 6) FROM names WHERE card = 17000 LIMIT 1")
words=$(sqlite3 "$DB" "SELECT key FROM names WHERE card = 17000 LIMIT 1" | awk '{for (i = NF; i >= 1; i--) printf "%s%s", $i, (i > 1 ? " " : "")}')
echo
echo "One query on the same data (median wall time of 21 runs; the import linked the cards to the built-in rules, so"
echo "judge card reads the links it kept and loads no rules):"
if command -v jq >/dev/null; then
	echo "  jq '.data[\"$name\"]' FILE           $(peak jq --arg n "$name" '.data[$n][0].text' "$F")"
fi
q=$(wall 21 sqlite3 "$DB" "SELECT * FROM cards WHERE id = (SELECT card FROM names WHERE key = 'x')")
printf "  sqlite3 DB (start-up + one indexed query)          %7.2f ms\n" "$q"
q=$(wall 21 sqlite3 "$DB" "SELECT name FROM names WHERE key LIKE '%$part%'")
printf "  sqlite3 DB (a part of a name: LIKE, a scan)         %7.2f ms\n" "$q"
for what in "exact:$name" "part:$part" "words:$words" "typo:$typo" "nothing:zzqx wyvq" "complete:card ${name%% *}"; do
	k=${what%%:*}; v=${what#*:}
	if [ "$k" = complete ]; then
		t=$(wall 21 "$JUDGE" --complete "$v")
	else
		t=$(wall 21 "$JUDGE" card "$v")
	fi
	printf "  judge %-8s \"%s\"%*s %7.2f ms\n" "$k" "$v" $((36 - ${#v})) "" "$t"
done
"$JUDGE" --rules "$ROOT/rules" --cr 1999 card "$name" >/dev/null 2>"$W/relink.err"
printf "  judge card, other rules, the first time: %s\n" "$(sed -n 's/.*linked the cards to the rules of .* once, in \(.*\); later.*/every card linked in \1/p' "$W/relink.err")"
t=$(wall 21 "$JUDGE" --rules "$ROOT/rules" --cr 1999 card "$name")
printf "  judge card (exact), other rules, links kept once    %7.2f ms\n" "$t"
t=$(wall 21 "$JUDGE" --version)
printf "  judge --version (process start alone)               %7.2f ms\n" "$t"
if command -v valgrind >/dev/null; then
	echo
	echo "Instructions executed (valgrind --tool=callgrind; does not depend on the other jobs on the machine):"
	for what in "version:" "exact:$name" "part:$part" "typo:$typo" "nothing:zzqx wyvq"; do
		k=${what%%:*}; v=${what#*:}
		if [ "$k" = version ]; then set -- --version; else set -- card "$v"; fi
		ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$JUDGE" "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\)/\1/p')
		printf "  judge %-8s %12s\n" "$k" "$ir"
	done
fi
if [ -x "$ROOT/$B/tests/test_cards" ]; then
	echo
	echo "Name completion and exact lookups in process, 35,000 names (tests/unit/test_cards.c, best of 3 per prefix):"
	"$ROOT/$B/tests/test_cards" | sed -n 's/^ok [0-9]* - \(completion.*\|an exact lookup.*\)/  \1/p'
fi
