#!/usr/bin/env bash
# quadratic_inputs.sh — small files that used to cost quadratic time or memory (issue 16,
# item 4): a textbook example naming 30,000 cards (its card list was copied on every
# append: 1.7 GB), 400,000 bold spans in one paragraph (strlen for each), a study file of
# 100,000 lines (each looked up among all before it: 32 s), a 789 KB `order` line naming
# nothing (130,000 errors, each finding its source line from the top: 2 s; now capped), a
# :source file or --bench questions file of a million lines (refused past 10,000).
# Generous limits, far below what the quadratic versions took, on the CPU time the command
# uses (user and system): a loaded machine, or the tests running beside it, does not count.
set -u
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
command -v python3 >/dev/null || { echo "skip: python3 makes the inputs"; exit 77; }
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
san=${JUDGE_SANITIZED:-}
lim() { if [ -n "$san" ]; then "$@"; else (ulimit -v 800000; "$@"); fi; }
# run a command, say whether it took under $1 seconds of CPU time (x10 under the sanitizer)
timed() {
	local limit=$1 TIMEFORMAT='%3U %3S' u sy; shift
	[ -n "$san" ] && limit=$((limit * 10))
	{ time { lim timeout $((limit * 3)) "$@" >"$W/out" 2>"$W/err"; st=$?; }; } 2>"$W/time"
	read -r u sy < <(tail -n 1 "$W/time")
	ms=$(awk -v u="$u" -v s="$sy" 'BEGIN { printf "%d", (u + s) * 1000 }')
	# exit 0, 1 (not found) or 2 (errors in the input); never out of memory
	[ $st -le 2 ] && ! grep -qi 'memory' "$W/err" && [ $ms -lt $((limit * 1000)) ]
}
python3 - "$W" <<'PY'
import string, sys
w = sys.argv[1]
def name(i):
    s = ''
    while True:
        s += string.ascii_lowercase[i % 26]; i //= 26
        if i == 0: break
    return 'Card' + s
open(w + '/cards.html', 'w').write('<html><body><h1>Cards</h1><h2>All</h2><h3>One</h3><p class="example">Example: '
    + ''.join('<b>%s</b>, ' % name(i) for i in range(30000)) + '</p></body></html>')
open(w + '/bold.html', 'w').write('<html><body><h1>Cards</h1><h2>All</h2><h3>One</h3><p>' + 'x ' * 100000
    + '<b>Qq</b> ' * 400000 + '</p></body></html>')
with open(w + '/study.tsv', 'w') as f:
    f.write('# judge study progress v1\n')
    for i in range(100000):
        f.write('cloze:%d.%d:w\t2026-01-01\t1\t2.50\t1\t0\t2026-01-01T00:00:00Z\t1\t1\n' % (100 + i // 1000, i % 1000))
open(w + '/order.board', 'w').write('player Alice life 20 active\nplayer Bob life 20\n'
    'permanent Bear\n  controller Alice\n  type Creature — Bear\n  pt 2/2\n'
    'order ' + 'Bear, Nope, ' * 65000 + '\n')
PY
timed 3 "$JUDGE" textbook --textbook "$W/cards.html" layers; ok $? "a textbook example naming 30,000 cards loads in ${ms} ms of CPU time, under 800 MB (exit $st)"
timed 6 "$JUDGE" textbook --textbook "$W/bold.html" layers; ok $? "400,000 bold spans in one paragraph load in ${ms} ms of CPU time (exit $st)"
mkdir -p "$XDG_STATE_HOME/judge"; cp "$W/study.tsv" "$XDG_STATE_HOME/judge/study.tsv"
timed 4 "$JUDGE" study stats; ok $? "a study file of 100,000 lines is read in ${ms} ms of CPU time (exit $st)"
grep -q '100000' "$W/out"; ok $? "and all 100,000 questions are counted"
rm -rf "$XDG_STATE_HOME/judge"
timed 1 "$JUDGE" resolve "$W/order.board"; ok $? "a 789 KB order line is read in ${ms} ms of CPU time (exit $st)"
# a million commands for :source and a million questions for search --bench: each is work
# of milliseconds, so they ran for many minutes; now refused before any runs, the limit named
python3 -c "import sys; open(sys.argv[1], 'w').write('toc 1\n' * 600000); open(sys.argv[2], 'w').write('q\t100.1\n' * 500000)" "$W/million.src" "$W/million.tsv"
mini=tests/golden/data/mini-cr.txt
timed 2 sh -c '"$1" --rules "$2" <<EOF
:source $3
EOF' sh "$JUDGE" "$mini" "$W/million.src"; ok $? ":source of 600,000 commands ends in ${ms} ms of CPU time (exit $st)"
grep -q 'million.src: holds 600000 commands; :source runs at most 10000' "$W/err"; ok $? "saying the limit: $(head -n 1 "$W/err")"
timed 2 "$JUDGE" --rules "$mini" search --bench "$W/million.tsv"; ok $? "search --bench with 500,000 questions ends in ${ms} ms of CPU time (exit $st)"
grep -q 'million.tsv: holds 500000 questions; --bench measures at most 10000' "$W/err" && [ $st = 2 ]
ok $? "saying the limit, exit 2: $(head -n 1 "$W/err")"
echo "1..$n"
exit $bad
