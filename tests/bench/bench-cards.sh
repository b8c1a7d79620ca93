#!/usr/bin/env bash
# tests/bench/bench-cards.sh — `make bench`, card data, on files written by
# tests/cards/gen-atomic.py (not downloaded): 35,000 cards in MTGJSON's AtomicCards shape with
# every field the real file has (--real, about its 140-150 MB), and the same cards as Scryfall's
# oracle-cards + rulings pair. Measured in the same run: the JSON libraries parsing the file, the
# import's wall time and peak memory (/usr/bin/time -v) against the issue's limits (20 s,
# 300 MB), jq on the same file and sqlite3 on the same database, one-shot `judge card` (exact,
# a part, a typo, no match) and name completion (median wall and CPU time of many runs, and the
# instructions callgrind counts, which the machine's load does not move).
set -u
JUDGE=${1:-./judge}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
B=${BUILD:-build}
W="$ROOT/$B/bench-cards"
mkdir -p "$W"
F="$W/real-AtomicCards.json"
SC="$W/oracle-cards-20251114093000.json"
SR="$W/rulings-20251114093000.json"
if [ ! -s "$F" ]; then
	echo "writing 35,000 cards in AtomicCards shape, every field (tests/cards/gen-atomic.py --real; once, kept in $W)..."
	python3 tests/cards/gen-atomic.py --real 35000 "$F.tmp" && mv "$F.tmp" "$F" || exit 1
fi
if [ ! -s "$SC" ] || [ ! -s "$SR" ]; then
	echo "writing the same cards as Scryfall's oracle-cards and rulings (gen-atomic.py --scryfall; once)..."
	python3 tests/cards/gen-atomic.py --scryfall 35000 "$SC.tmp" "$SR.tmp" && mv "$SC.tmp" "$SC" && mv "$SR.tmp" "$SR" || exit 1
fi
rm -rf tests/cards/__pycache__
mb() { echo $(( $(stat -c %s "$1") / 1000000 )); }
echo "Card data: $(basename "$F") $(mb "$F") MB; $(basename "$SC") $(mb "$SC") MB + $(basename "$SR") $(mb "$SR") MB"

# wall time and peak memory of one process, from /usr/bin/time -v
timev() {
	local out=$W/timev.txt
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -v "$@" >/dev/null 2>"$out"; local st=$?
		local wall rss
		wall=$(sed -n 's/.*Elapsed (wall clock) time.*: \(.*\)/\1/p' "$out" | awk -F: '{s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.2f", s}')
		rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out")
		printf "%6.2f s  %6.1f MB peak%s" "$wall" "$(awk -v r="$rss" 'BEGIN { printf "%.1f", r / 1024 }')" "$([ $st = 0 ] || echo "  (exit $st: $(grep -v '^\s' "$out" | head -c 200))")"
		echo "$wall $rss" > "$W/last"
	else
		echo "(/usr/bin/time is missing: apt-get install time)"
		echo "0 0" > "$W/last"
	fi
}
within() {   # the last timev against the limits: LIMIT_S LIMIT_MB
	read -r wall rss < "$W/last"
	awk -v w="$wall" -v r="$rss" -v lw="$1" -v lr="$2" 'BEGIN { if (w + 0 < lw && r / 1024 < lr) print "  within " lw " s and " lr " MB"; else print "  OVER the limits (" lw " s, " lr " MB)" }'
}
# median of N runs of one command, in milliseconds: wall time; wall time less the time the
# process sat runnable waiting for a CPU the other jobs held (the run delay the scheduler
# keeps in /proc/PID/schedstat, read before the process is reaped): what an idle machine
# would take; and CPU (user + system) time
runs() {
	python3 - "$@" <<'PY'
import os, subprocess, sys, time
n = int(sys.argv[1]); cmd = sys.argv[2:]
walls, own, cpus = [], [], []
for _ in range(n):
    t = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT)
    w = (time.monotonic() - t) * 1e3
    try:
        delay = int(open("/proc/%d/schedstat" % p.pid).read().split()[1]) / 1e6
    except (OSError, IndexError, ValueError):
        delay = 0.0
    _, _, ru = os.wait4(p.pid, 0)
    walls.append(w); own.append(w - delay); cpus.append((ru.ru_utime + ru.ru_stime) * 1e3)
for v in (walls, own, cpus):
    v.sort()
print("%7.2f ms wall %6.2f ms unqueued %6.2f ms CPU" % (walls[n // 2], own[n // 2], cpus[n // 2]))
PY
}
instr() {
	command -v valgrind >/dev/null || { echo "(valgrind missing)"; return; }
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\)/\1/p' | awk '{printf "%6.1f M instructions", $1 / 1e6}'
}

echo
echo "Parsing the whole AtomicCards-shaped file, one library per process (tests/bench/bench_json.c):"
for lib in yajl:yajl:HAVE_YAJL json-c:json-c:HAVE_JSONC jansson:jansson:HAVE_JANSSON; do
	IFS=: read -r name pc def <<<"$lib"
	if pkg-config --exists "$pc" 2>/dev/null &&
	   ${CC:-cc} -O2 -D$def -o "$W/bench_json_$name" tests/bench/bench_json.c $(pkg-config --cflags --libs "$pc") 2>/dev/null; then
		printf "  %s\n" "$("$W/bench_json_$name" "$name" "$F")"
	else
		echo "  $name: not installed (libyajl-dev, libjson-c-dev, libjansson-dev)"
	fi
done

export XDG_DATA_HOME="$W/data"
DB="$W/data/judge/cards/cards.db"
echo
echo "Import (stream, build the SQLite database, link every card to the built-in rules, rename it into place),"
echo "wall time and peak memory from /usr/bin/time -v; the issue's limits are 20 s and 300 MB:"
printf "  judge cards import Scryfall oracle-cards + rulings   %s" "$(timev "$JUDGE" cards import "$SC" "$SR")"; within 20 300
printf "  judge cards import AtomicCards (real shape)          %s" "$(timev "$JUDGE" cards import "$F")"; within 20 300
echo "  database: $(mb "$DB") MB, $(sqlite3 "$DB" 'SELECT count(*) FROM cards') cards"
name=$(sqlite3 "$DB" "SELECT name FROM cards WHERE id = 17000")
part=$(sqlite3 "$DB" "SELECT substr(key, 3, 6) FROM names WHERE card = 17000 LIMIT 1")
typo=$(sqlite3 "$DB" "SELECT substr(key, 1, 4) || substr(key, 6) FROM names WHERE card = 17000 LIMIT 1")
if command -v jq >/dev/null; then
	printf "  jq '.data[NAME][0].text' FILE (one query)           %s\n" "$(timev jq --arg n "$name" '.data[$n][0].text' "$F")"
fi

echo
echo "One query on the same data: median of 31 runs, wall time, wall time less the time spent queued for a CPU"
echo "(this 2-core machine is shared; load average $(cut -d' ' -f1 /proc/loadavg) now), CPU time, and instructions (callgrind):"
q="SELECT * FROM cards WHERE id = (SELECT card FROM names WHERE key = 'x')"
printf "  %-44s %s\n" "sqlite3 DB, start-up + one indexed query" "$(runs 31 sqlite3 "$DB" "$q")"
printf "  %-44s %s\n" "sqlite3 DB, a part of a name (LIKE, a scan)" "$(runs 31 sqlite3 "$DB" "SELECT name FROM names WHERE key LIKE '%$part%'")"
printf "  %-44s %s  %s\n" "judge --version (start-up alone)" "$(runs 31 "$JUDGE" --version)" "$(instr "$JUDGE" --version)"
for what in "exact:$name" "part:$part" "typo:$typo" "typo:tarmogyof" "nothing:zzqx wyvq"; do
	k=${what%%:*}; v=${what#*:}
	printf "  %-44s %s  %s\n" "judge card, $k \"$v\"" "$(runs 31 "$JUDGE" card "$v")" "$(instr "$JUDGE" card "$v")"
done
# the same lookups on a copy without the name index (as a judge older than the index imported
# it: every name is read), so the index's share is measured in one run on one machine load
NI="$W/noindex"
rm -rf "$NI" && mkdir -p "$NI/judge/cards" && cp "$DB" "$NI/judge/cards/" &&
	sqlite3 "$NI/judge/cards/cards.db" "DROP TABLE name_letters; DELETE FROM meta WHERE key = 'name_index'; VACUUM"
for what in "part:$part" "typo:$typo" "typo:tarmogyof" "nothing:zzqx wyvq"; do
	k=${what%%:*}; v=${what#*:}
	printf "  %-44s %s  %s\n" "  no name index: $k \"$v\"" "$(XDG_DATA_HOME="$NI" runs 31 "$JUDGE" card "$v")" "$(XDG_DATA_HOME="$NI" instr "$JUDGE" card "$v")"
done
for p in "" "${name:0:1}" "${name:0:2}" "${name%% *}"; do
	printf "  %-44s %s  %s\n" "judge --complete \"card $p\"" "$(runs 31 "$JUDGE" --complete "card $p")" "$(instr "$JUDGE" --complete "card $p")"
done
CR=$(ls "$ROOT"/../shared/cr/cr-2026-01-16.txt 2>/dev/null)
if [ -n "$CR" ]; then
	rm -f "$W/data/judge/cards"/links-*.db
	printf "  %-44s %s\n" "judge --rules CR card, rules nobody linked yet" "$(runs 5 "$JUDGE" --rules "$CR" card "$name")"
	"$JUDGE" --rules "$CR" rule 100.1 >/dev/null 2>"$W/relink.err"
	printf "  linking every card to other rules, once, when a run loads them: %s\n" "$(sed -n 's/.*cards to the rules of \(.*\), kept.*/\1/p' "$W/relink.err")"
	printf "  %-44s %s\n" "judge --rules CR card, links kept" "$(runs 31 "$JUDGE" --rules "$CR" card "$name")"
fi
if [ -x "$ROOT/$B/tests/test_cards" ]; then
	echo
	echo "Name completion and exact lookups in process, 35,000 names (tests/unit/test_cards.c, best of 3 per prefix):"
	"$ROOT/$B/tests/test_cards" | sed -n 's/^ok [0-9]* - \(completion.*\|an exact lookup.*\|.*with the index as with the scan\)/  \1/p'
fi
