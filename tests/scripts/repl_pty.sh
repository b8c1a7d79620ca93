#!/usr/bin/env bash
# repl_pty.sh — drives the real REPL through a pseudo-terminal: a lookup, Tab completion (a
# unique one, a quoted term, a listing), Ctrl-C on a half-typed line, a pasted block,
# Ctrl-D exiting 0, and the history file written (mode 0700 directory, no abandoned line).
command -v python3 >/dev/null || { echo "python3 is needed to drive a pseudo-terminal"; exit 77; }
exec python3 - "$JUDGE" <<'PY'
import os, sys, stat

judge = sys.argv[1]
sys.path.insert(0, os.path.join(os.environ.get("ROOT", "."), "tests", "scripts"))
import ptylib
tmp, env, state, tap = ptylib.begin()
ok = tap.ok

# a history from earlier sessions, longer than the 2000 lines judge keeps
os.makedirs(os.path.join(state, "judge"), mode=0o700)
with open(os.path.join(state, "judge", "history"), "w") as h:
    for i in range(1, 2501):
        h.write("old %d\n" % i)

term = ptylib.Term([judge, "--rules", "tests/golden/data/mini-cr.txt"], env)
read_until, send = term.read_until, term.send

PROMPT = rb"judge> "
ok(read_until(PROMPT) is not None, "prompt appears")

send("\x1b[A")
out = read_until(rb"old 2500")
ok(out is not None, "Up recalls the last line of the earlier session")
send("\x15")   # Ctrl-U: clear it again
read_until(rb"judge> ", 0.5)

send("702.19b\r")
out = read_until(rb"blocking it\.[\s\S]*judge> ")
ok(out is not None and "first assigns damage" in out, "bare rule number looks the rule up")

send("vers\t")
out = read_until(rb"versions ")
ok(out is not None, "Tab completes a unique command name")
send("\r")
out = read_until(rb"mini-cr\.txt[\s\S]*judge> ")
ok(out is not None and "2025-11-14" in out, "the completed command runs")

send('define "fir\t')
out = read_until(rb'First Strike" ')
ok(out is not None, "Tab completes a quoted glossary term of two words")
send("\r")
out = read_until(rb"other creatures[\s\S]*judge> ")
ok(out is not None, "the completed term is defined")

send("rule 702.1\t\t")
out = read_until(rb"702\.19[\s\S]*judge> rule 702\.1")
ok(out is not None and "702.10" in out and "702.1a" in out, "double Tab lists rule numbers by prefix")
send("9\r")
out = read_until(rb"Trample[\s\S]*judge> ")
ok(out is not None and "702.19a" in out, "the listed prefix can be finished and run")

send("rule 70")
read_until(rb"rule 70")
send("\x03")
out = read_until(rb"judge> ")
ok(out is not None, "Ctrl-C on a half-typed line gives a fresh prompt")
send("100.1\r")
out = read_until(rb"two or more players[\s\S]*judge> ")
ok(out is not None and "not a rule" not in out and "70100" not in out,
   "after Ctrl-C the next command works on a clean line")

send("100.2\r100.1a\r")
out = read_until(rb"only two players[\s\S]*judge> ")
ok(out is not None and "own deck" in out, "a pasted block of two lines runs both")

send("\x1b[200~702.7\n702.10a\x1b[201~")
read_until(rb"702\.10a")
send("\r")
out = read_until(rb"Haste is a static ability[\s\S]*judge> ")
ok(out is not None and "First strike is" in out, "a bracketed paste of two lines runs both when Enter is pressed")

send("\x04")
status = term.wait_exit()
ok(status is not None and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, "Ctrl-D on an empty line exits 0")

hdir = os.path.join(state, "judge")
hist = os.path.join(hdir, "history")
ok(os.path.isdir(hdir) and stat.S_IMODE(os.stat(hdir).st_mode) == 0o700, "history directory has mode 0700")
lines = open(hist).read().splitlines() if os.path.exists(hist) else []
ok("702.19b" in lines and "100.1" in lines and "rule 702.19" in lines, "history file holds the lines run")
ok(len(lines) == 2000, "the history is kept to 2000 lines (%d)" % len(lines))
ok("old 2500" in lines and "old 500" not in lines and lines[-1] == "702.10a", "the oldest lines went, the newest stayed")
ok("rule 70" not in lines, "the abandoned line is not in the history")
ok('define "First Strike"' in lines, "the completed line is in the history as run")
ok("702.7" in lines and "702.10a" in lines, "each line of a pasted block is its own history entry")
ptylib.end(tap, tmp, term)
PY
