#!/usr/bin/env bash
# every_command_terminals.sh — every command the way different terminals and scripts take
# it: with --json the output is one valid JSON document; in a locale that is not UTF-8
# (LANG=C) the text is ASCII a terminal there can show, with no byte past 0x7F and no
# escape sequence; at 40 columns no line with a space runs past 40 (but a diagnostic, one
# line for the tools that read FILE:LINE:COL); at 300 columns the
# answer is not wrapped narrower than 200 (the widest judge wraps); on a terminal with
# NO_COLOR no colour escape is written, and without it colour is (so the check can fail).
set -u
[ -n "${SHARED:-}" ] || { echo "skip: ../shared is absent (CR releases, policy documents)"; exit 77; }
command -v python3 >/dev/null || { echo "skip: python3 is absent"; exit 77; }
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
CR=$SHARED/cr/cr-2026-01-16.txt; CR2=$SHARED/cr/cr-2025-11-14.txt; D=$SHARED/docs
board=$(ls "$ROOT"/corpus/boards/*.board | head -n 1)
docs=(--doc "$D/ipg-2021-02-05.pdf")
[ -f "$D/ipg-2021-02-05.pdf" ] || docs=()
# one command a line: its words, after `judge --rules CR [--doc IPG]`
cat >"$W/commands" <<EOF
rule 702.19b
rule 601.2f-h
define trample
refs 702.19b
backrefs 702.19
toc 7
versions
search trample deathtouch
explain trample
study stats
check $CR
resolve $board
diff 2025-11-14 2026-01-16 702
history 702.19b
map 702.19b --to 2025-11-14
help
help quiz
penalty --rel competitive drew extra cards
ipg 2.3
cards
EOF
while IFS= read -r line; do
	# shellcheck disable=SC2086
	set -- $line
	name="$1 ${2:-}"
	J() { "$JUDGE" --rules "$CR2" --rules "$CR" "${docs[@]}" "$@" </dev/null; }
	# --json: one valid document (or nothing, for what has no JSON form)
	J --json "$@" >"$W/json" 2>/dev/null
	python3 -c 'import json,sys; s=open(sys.argv[1]).read(); s.strip() and json.loads(s)' "$W/json" 2>"$W/jerr"
	ok $? "$name --json: valid JSON$( [ -s "$W/jerr" ] && tail -n 1 "$W/jerr" | sed 's/^/; /')"
	# LANG=C: ASCII only
	LC_ALL= LC_CTYPE= LANG=C J "$@" >"$W/c" 2>/dev/null
	nonascii=$(LC_ALL=C grep -c '[^[:print:][:space:]]' "$W/c")
	[ -s "$W/c" ] && [ "$nonascii" = 0 ]
	ok $? "$name with LANG=C: ASCII only ($nonascii lines not$( [ "$nonascii" = 0 ] || LC_ALL=C grep -m 1 '[^[:print:][:space:]]' "$W/c" | cut -c1-60 | sed 's/^/: /'))"
	# 40 columns (standard output: a diagnostic names its file and line whole)
	J --width 40 "$@" >"$W/narrow" 2>/dev/null
	long=$(python3 -c '
import sys, unicodedata
n = 0
for line in open(sys.argv[1], encoding="utf-8", errors="replace").read().split("\n"):
    w = sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
    # diagnostics and the FILE: summary of check stay one line each, for editors and scripts
    if line.startswith("judge: ") or line.startswith("/"):
        continue
    if w > 40 and " " in line.strip():
        n += 1
print(n)' "$W/narrow")
	ok $([ "$long" = 0 ]; echo $?) "$name at 40 columns: no line with a space past 40 ($long are$( [ "$long" = 0 ] || awk 'length($0) > 40 && / ./ { print; exit }' "$W/narrow" | cut -c1-70 | sed 's/^/: /'))"
done <"$W/commands"

# 300 columns: a long rule is not wrapped at 80
COLUMNS=300 "$JUDGE" --rules "$CR" rule 702.19b >"$W/wide" 2>&1
w=$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$W/wide")
[ "$w" -gt 150 ] && [ "$w" -le 300 ]; ok $? "at 300 columns a long rule uses the width (its longest line $w columns)"

# NO_COLOR on a terminal
python3 - "$JUDGE" "$CR" >"$W/pty" <<'PY'
import os, pty, sys, select, time
judge, cr = sys.argv[1:3]
def run(env):
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(judge, [judge, "--rules", cr, "rule", "702.19b"], env)
    out = b""
    while True:
        try:
            r, _, _ = select.select([fd], [], [], 5)
            if not r: break
            d = os.read(fd, 65536)
            if not d: break
            out += d
        except OSError:
            break
    os.waitpid(pid, 0)
    return out
base = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
base.update(TERM="xterm", PAGER="cat", COLUMNS="100")
with_color = run(base)
no_color = run(dict(base, NO_COLOR="1"))
print(b"\x1b[" in with_color, b"\x1b[" in no_color)
PY
read -r colored plain <"$W/pty"
[ "$colored" = True ] && [ "$plain" = False ]
ok $? "on a terminal: colour without NO_COLOR ($colored), none with it ($plain)"
echo "1..$n"
exit $bad
