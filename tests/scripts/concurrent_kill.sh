#!/usr/bin/env bash
# concurrent_kill.sh — two judges at once on the same files, and judges killed with -9 in
# the middle of writing (issue 16, items 2, 9, 10): two quiz sessions on one progress
# file lose no answer; updates and searches running side by side (one of them truncating
# the cache file) neither crash nor leave a broken file; after kill -9 at spread-out
# moments of a quiz, a cache save and an update, the next run finds an intact file and no
# temporary file is left; a write, fsync or rename failing with ENOSPC at each call in turn
# (strace's fault injection) never damages study progress or the card database; two REPL
# sessions on terminals typing and answering in turn keep every history line and answer,
# sessions killed while typing leave only whole history lines; a hand-edited progress line
# is said at file:line:col and the rest kept; a newer format's file is left alone. Bounded:
# a few dozen kills and injections, so the suite stays fast.
set -u
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
W=$(mktemp -d)
. "$(dirname "$0")/../lib/httpd.sh"
# what this leaves in the test environment's folders would change the tests after it
cleanup() { httpd_stop; rm -rf "$W" "$XDG_DATA_HOME/judge" "$XDG_STATE_HOME/judge" "$XDG_CACHE_HOME/judge"; }
trap cleanup EXIT
S=$XDG_STATE_HOME/judge
seen_total() { awk -F'\t' '!/^#/ && NF == 10 { s += $8 } END { print s + 0 }' "$S/study.tsv" 2>/dev/null; }
answers() { yes x | head -n "$1"; }

# ---- two quiz sessions on one progress file, the same questions, at once ----
rm -rf "$S"
K=30
answers $K | "$JUDGE" quiz which --count $K --seed 7 >"$W/q1" 2>&1 &
a=$!
answers $K | "$JUDGE" quiz which --count $K --seed 7 >"$W/q2" 2>&1 &
b=$!
wait $a; ra=$?; wait $b; rb=$?
grep -q 'Progress saved' "$W/q1" && grep -q 'Progress saved' "$W/q2"; ok $? "both sessions say their progress was saved (exit $ra, $rb)"
got=$(seen_total)
[ "$got" = $((2 * K)) ]; ok $? "and the file counts every answer of both: $got of $((2 * K))"

# ---- kill -9 during quiz sessions: the file is always whole, no temporary file stays ----
rm -rf "$S"
answers 5 | "$JUDGE" quiz which --count 5 --seed 1 >/dev/null 2>&1
before=$(seen_total); broken=0
for i in $(seq 1 20); do
	answers 40 | "$JUDGE" quiz which --count 40 --seed $i >/dev/null 2>&1 &
	p=$!
	sleep "0.0$((i % 10))$((i % 7))"
	kill -9 $p 2>/dev/null; wait $p 2>/dev/null
	"$JUDGE" study stats >/dev/null 2>"$W/err" || broken=$((broken + 1))
	ls "$S" | grep -q corrupt && broken=$((broken + 1))
done
[ $broken = 0 ]; ok $? "20 quiz sessions killed with -9 at spread-out moments never leave a damaged file ($broken)"
[ "$(seen_total)" -ge "$before" ]; ok $? "and lose no answer saved before them"
answers 1 | "$JUDGE" quiz which --count 1 --seed 99 >/dev/null 2>&1
left=$(ls "$S" | grep -c '\.tmp-')
[ "$left" = 0 ]; ok $? "the next session leaves no temporary file of the killed ones ($left)"

# ---- a write, fsync or rename failing (ENOSPC) at each call in turn, under strace ----
# the progress file is always the old content or the new, whole; nothing is set aside
if command -v strace >/dev/null && strace -qq -o /dev/null -e inject=write:error=ENOSPC:when=1 true 2>/dev/null; then
	# LeakSanitizer cannot run under ptrace: at exit it fails ("does not work under ptrace")
	# and the sanitizer build exits 1 whatever judge meant; leaks are looked for elsewhere
	nolsan=ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
	rm -rf "$S"
	answers 3 | "$JUDGE" quiz which --count 3 --seed 1 >/dev/null 2>&1
	broken=0; lost=0; said=0; runs=0; quiet=0; kept=0
	for sc in write fsync rename; do
		for i in $(seq 1 12); do
			before=$(seen_total); runs=$((runs + 1))
			answers 3 | env "$nolsan" strace -qq -o /dev/null -e inject=$sc:error=ENOSPC:when=$i \
				"$JUDGE" quiz which --count 3 --seed $((i + 1)) >"$W/out" 2>"$W/err"
			st=$?
			# answers the file did not take: the exit status says so (2), not 0
			grep -q 'Progress not recorded' "$W/out" && [ $st != 2 ] && quiet=$((quiet + 1))
			"$JUDGE" study stats >/dev/null 2>&1 || broken=$((broken + 1))
			ls "$S" | grep -q 'corrupt\|\.tmp-' && broken=$((broken + 1))
			[ "$(seen_total)" -ge "$before" ] || lost=$((lost + 1))
			grep -q 'cannot save study progress' "$W/err" && said=$((said + 1)) &&
				grep -q 'the progress saved before is as it was; free some space' "$W/err" && kept=$((kept + 1))
		done
	done
	[ $broken = 0 ] && [ $lost = 0 ]
	ok $? "$runs quiz sessions with a write, fsync or rename failing in turn: the progress file is always whole ($broken damaged, $lost lost answers)"
	[ $said -gt 0 ]; ok $? "and a failed save is said ($said of $runs)"
	[ $kept = $said ]; ok $? "each time with the next step, and that the progress saved before is kept ($kept of $said)"
	[ $quiet = 0 ]; ok $? "and a session whose progress was not recorded exits 2 ($quiet exited otherwise)"
	# the card database: an import that fails at any write leaves the previous one answering
	if true; then
		mkdir -p "$W/cards"
		printf '{"meta":{"date":"2025-01-01","version":"5"},"data":{"Grizzly Bears":[{"name":"Grizzly Bears","type":"Creature — Bear","text":"","manaCost":"{1}{G}","power":"2","toughness":"2","layout":"normal","legalities":{},"rulings":[]}]}}\n' >"$W/cards/one.json"
		if "$JUDGE" cards import "$W/cards/one.json" >/dev/null 2>&1; then
			db=$XDG_DATA_HOME/judge/cards/cards.db; cp "$db" "$W/cards.db.old"; bad=0
			for i in $(seq 1 15); do
				env "$nolsan" strace -qq -o /dev/null -e inject=write,pwrite64:error=ENOSPC:when=$i "$JUDGE" cards import "$W/cards/one.json" >/dev/null 2>&1
				"$JUDGE" card "grizzly bears" >/dev/null 2>&1 || bad=$((bad + 1))
			done
			[ $bad = 0 ]; ok $? "15 card imports failing at a write in turn: the card database still answers ($bad broken)"
		fi
	fi
else
	echo "skip - strace cannot inject faults here"
fi

# ---- the session history on a disk that fills up: never half a line ----
# (the file may grow to 1 KiB; a line crossing that is written in part, and must be taken back)
if command -v python3 >/dev/null; then
	rm -rf "$S"; mkdir -p "$S"; chmod 700 "$S"
	for i in $(seq 1 24); do printf 'rule 100.%d\n' $i; done >"$S/history"   # 24 lines, under 1 KiB
	head -c $((1024 - $(wc -c <"$S/history") - 10)) /dev/zero | tr '\0' 'x' >>"$S/history"; echo >>"$S/history"
	cp "$S/history" "$W/history.before"
	python3 - "$JUDGE" <<'PY' >"$W/pty.out" 2>&1
import os, pty, resource, select, signal, sys, time
pid, fd = pty.fork()
if pid == 0:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # a write past the limit fails with EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))
    os.environ["TERM"] = "dumb"
    os.execv(sys.argv[1], [sys.argv[1]])
seen = b""
def drain(t):
    global seen
    end = time.time() + t
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            try: seen += os.read(fd, 65536)
            except OSError: return
time.sleep(0.5); drain(1)
os.write(fd, b"search a line long enough to cross the limit of the history file\r"); drain(2)
os.write(fd, b"\x04"); drain(1)
os.waitpid(pid, 0)
sys.stdout.write(seen.decode("utf-8", "replace"))
PY
	cmp -s "$S/history" "$W/history.before"
	ok $? "a history line the disk has no room for is not left half-written ($(tail -c 40 "$S/history" | tr '\n' '|'))"
	grep -q 'cannot add to the history .*/history: ' "$W/pty.out" && grep -q 'the lines saved before are as they were' "$W/pty.out"
	ok $? "and the session says the history could not take it, and that the old lines are kept"
	rm -rf "$S"
fi

# ---- two REPL sessions at once, on terminals, typing and answering in turn ----
# every line either typed reaches the shared history once and whole; every answer either
# gave is in the progress file
if command -v python3 >/dev/null && [ -n "${SHARED:-}" ]; then
	rm -rf "$S"
	python3 - "$JUDGE" "$SHARED/cr/cr-2026-01-16.txt" "$XDG_STATE_HOME" >"$W/two.out" 2>&1 <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ.get("ROOT", "."), "tests", "scripts"))
import ptylib
judge, rules, state = sys.argv[1:4]
env = dict(os.environ, TERM="xterm", PAGER="cat", INPUTRC="/dev/null", XDG_STATE_HOME=state)
env.pop("COLUMNS", None)
a = ptylib.Term([judge, "--rules", rules], env)
b = ptylib.Term([judge, "--rules", rules], env)
for t in (a, b):
    t.read_until(rb"judge> ", 10)
typed = []
for i in range(6):
    for t, who in ((a, "a"), (b, "b")):
        line = "rule 100.%d" % (i + 1) if who == "a" else "define mana%s" % ("" if i == 0 else " pool" if i == 1 else " ability" if i == 2 else " symbol" if i == 3 else " cost" if i == 4 else " abilities")
        t.send(line + "\r")
        t.read_until(rb"judge> ", 10)
        typed.append(line)
# a quiz each, the answers given in turn
for t, seed in ((a, 3), (b, 4)):
    t.send("quiz which --count 3 --seed %d\r" % seed)
    t.read_until(rb"answer", 10)
    typed.append("quiz which --count 3 --seed %d" % seed)
for k in range(3):
    for t in (a, b):
        t.send("x\r")
        t.read_until(rb"answer|judge> ", 10)
for t in (a, b):
    t.read_until(rb"judge> ", 10)
    t.send("\x04")
    t.wait_exit(10)
print("\n".join(typed))
PY
	sort "$W/two.out" >"$W/typed"
	hist=$XDG_STATE_HOME/judge/history
	if [ -f "$hist" ]; then sort "$hist" >"$W/saved"; else : >"$W/saved"; fi
	cmp -s "$W/typed" "$W/saved"
	ok $? "two REPL sessions typing in turn: the history holds each of their $(wc -l <"$W/typed") lines once and whole ($(wc -l <"$W/saved") lines$(cmp -s "$W/typed" "$W/saved" || diff "$W/typed" "$W/saved" | head -n 3 | tr '\n' ' '))"
	got=$(seen_total)
	[ "$got" = 6 ]; ok $? "and their quizzes answered in turn leave all 6 answers in the progress file ($got)"
	# kill -9 at spread-out moments of sessions typing: the history holds only whole lines
	for i in $(seq 1 8); do
		python3 - "$JUDGE" "$XDG_STATE_HOME" "$i" <<'PY' &
import os, sys, time
sys.path.insert(0, os.path.join(os.environ.get("ROOT", "."), "tests", "scripts"))
import ptylib
judge, state, i = sys.argv[1], sys.argv[2], int(sys.argv[3])
env = dict(os.environ, TERM="xterm", PAGER="cat", INPUTRC="/dev/null", XDG_STATE_HOME=state)
t = ptylib.Term([judge], env)
t.read_until(rb"judge> ", 10)
for k in range(40):
    t.send("toc %d\r" % (k % 9 + 1))
time.sleep(0.05 * i)
os.kill(t.pid, 9)
os.waitpid(t.pid, 0)
PY
	done
	wait
	whole=$(grep -cvE '^(rule 100\.[1-6]|define mana.*|quiz which --count 3 --seed [34]|toc [1-9])$' "$hist")
	[ "$whole" = 0 ]; ok $? "8 sessions killed with -9 while typing: every history line is whole ($whole are not)"
	left=$(ls "$S" | grep -c '\.tmp-')
	[ "$left" = 0 ]; ok $? "and no temporary file is left ($left)"
else
	echo "skip - two sessions on terminals: python3 or ../shared is absent"
fi

# ---- a progress file edited by hand: a bad line is said at file:line:col, the rest kept ----
rm -rf "$S"
answers 4 | "$JUDGE" quiz which --count 4 --seed 2 >/dev/null 2>&1
f=$S/study.tsv
awk -F'\t' 'NR == 3 { $3 = "x1" } { print }' OFS='\t' "$f" >"$W/edited"
cp "$W/edited" "$f"
bad_at=$(awk -F'\t' 'NR == 3 { print length($1) + length($2) + 3 }' "$W/edited")
"$JUDGE" study stats >"$W/out" 2>"$W/err"; st=$?
grep -q "study.tsv:3:$bad_at: error: bad interval" "$W/err"
ok $? "a hand-edited line is said at file:line:col (study.tsv:3:$bad_at): $(head -n 1 "$W/err")"
grep -q 'questions *answers' "$W/out" && [ "$(awk -F'\t' '!/^#/' "$f" | wc -l)" = 3 ]
ok $? "and the other 3 questions are kept (exit $st, $(awk -F'\t' '!/^#/' "$f" | wc -l) in the file)"
aside=$(ls "$S"/study.tsv.corrupt-* 2>/dev/null | head -n 1)
[ -n "$aside" ] && cmp -s "$aside" "$W/edited"; ok $? "the file as it was is kept byte for byte (${aside##*/})"
"$JUDGE" study stats >/dev/null 2>"$W/err2"
[ ! -s "$W/err2" ]; ok $? "and the line is said once, not at every run ($(head -c 80 "$W/err2"))"

# ---- a progress file of a newer format: read by neither, written by neither ----
rm -rf "$S"; mkdir -p "$S"
printf '# judge study progress v3\n# key\tdue\tinterval\tease\treps\tlapses\tlast\tseen\tright\trules\tmore\nwhich:100.1\t2026-11-27\t1\t2.50\t0\t0\t2026-11-26T00:00:00Z\t1\t0\t2026-01-16\tnew\n' >"$S/study.tsv"
cp "$S/study.tsv" "$W/v3"
answers 2 | "$JUDGE" quiz which --count 2 --seed 2 >"$W/out" 2>"$W/err"; st=$?
"$JUDGE" study stats >"$W/out2" 2>"$W/err2"; st2=$?
cmp -s "$S/study.tsv" "$W/v3" && [ "$(ls "$S" | grep -vc '\.lock$')" = 1 ]
ok $? "a newer format's progress file is neither rewritten nor set aside by a quiz and stats"
grep -q 'study.tsv:1:25: error: study progress of format v3' "$W/err" && grep -q 'newer judge' "$W/err" && [ $st = 2 ]
ok $? "the quiz says so at file:line:col with the next step, and exits 2 ($st): $(head -n 1 "$W/err")"
[ $st2 = 2 ] && ! grep -q 'No study progress yet' "$W/out2"
ok $? "study stats exits 2 and does not call it 'no progress yet' ($st2: $(head -c 60 "$W/out2"))"

# ---- searches side by side while the cache file is truncated under them ----
rm -rf "$XDG_CACHE_HOME"
"$JUDGE" search trample >/dev/null 2>&1
idx=$(ls "$XDG_CACHE_HOME"/judge/srch-*.idx | head -n 1)
( for i in $(seq 1 200); do [ -f "$idx" ] && truncate -s $((i * 9973 % 200000)) "$idx" 2>/dev/null; sleep 0.005; done ) &
t=$!
crashed=0
for i in 1 2 3 4 5 6; do
	"$JUDGE" search "trample deathtouch" >/dev/null 2>&1 &
	pids="${pids:-} $!"
done
for p in $pids; do wait $p; st=$?; [ $st -ge 128 ] && crashed=$((crashed + 1)); done
wait $t
[ $crashed = 0 ]; ok $? "six searches while another process truncates the cache file: no crash ($crashed)"
"$JUDGE" search trample >"$W/out" 2>&1; ok $? "and the next search answers"

# ---- kill -9 while the cache is being saved ----
for i in $(seq 1 15); do
	rm -f "$XDG_CACHE_HOME"/judge/srch-*.idx
	"$JUDGE" search trample >/dev/null 2>&1 &
	p=$!
	sleep "0.$((i * 6 % 10))$((i % 9))"
	kill -9 $p 2>/dev/null; wait $p 2>/dev/null
done
"$JUDGE" -v search trample >"$W/out" 2>&1; st=$?
left=$(ls "$XDG_CACHE_HOME/judge" | grep -c 'tmp')
[ $st = 0 ] && [ "$left" = 0 ]; ok $? "15 searches killed while saving the cache: the next one answers and no temporary file is left ($left)"

# ---- judge update: two at once, and killed with -9 ----
if [ -n "${SHARED:-}" ] && command -v python3 >/dev/null; then
	mkdir -p "$W/www"
	cp "$SHARED/cr/cr-2025-11-14.txt" "$W/www/MagicCompRules 20251114.txt"
	httpd_start "$W/www" "$W/server.log"
	url="http://127.0.0.1:$HTTPD_PORT/MagicCompRules%2020251114.txt"
	R=$XDG_DATA_HOME/judge/rules
	rm -rf "$XDG_DATA_HOME/judge"
	"$JUDGE" update --url "$url" >"$W/u1" 2>&1 & a=$!
	"$JUDGE" update --url "$url" >"$W/u2" 2>&1 & b=$!
	wait $a; ra=$?; wait $b; rb=$?
	[ $ra = 0 ] && [ $rb = 0 ] && cmp -s "$R/cr-2025-11-14.txt" "$SHARED/cr/cr-2025-11-14.txt" && [ "$(ls -A "$R")" = cr-2025-11-14.txt ]
	ok $? "two updates at once both succeed and leave one whole file (exit $ra, $rb)"
	for i in $(seq 1 10); do
		rm -f "$R/cr-2025-11-14.txt"
		"$JUDGE" update --url "$url" >/dev/null 2>&1 &
		p=$!
		sleep "0.$((i * 7 % 10))"
		kill -9 $p 2>/dev/null; wait $p 2>/dev/null
		[ -f "$R/cr-2025-11-14.txt" ] && ! cmp -s "$R/cr-2025-11-14.txt" "$SHARED/cr/cr-2025-11-14.txt" && echo "# a half-written release after kill $i"
	done
	"$JUDGE" update --url "$url" >/dev/null 2>&1; st=$?
	[ $st = 0 ] && [ "$(ls -A "$R")" = cr-2025-11-14.txt ] && cmp -s "$R/cr-2025-11-14.txt" "$SHARED/cr/cr-2025-11-14.txt"
	ok $? "10 updates killed with -9: the next one stores the release and no temporary file is left ($(ls -A "$R" | tr '\n' ' '))"
else
	echo "skip - judge update: ../shared or python3 is absent"
fi
echo "1..$n"
exit $bad
