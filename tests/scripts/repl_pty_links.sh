#!/usr/bin/env bash
# repl_pty_links.sh — on a real terminal, the references inside a rule's subrules are
# numbered links that can be followed: 702.2 shows 702.2c's "See rules 702.19b and
# 100.1a" as [2] and [3]; typing 2 shows 702.19b.
command -v python3 >/dev/null || { echo "python3 is needed to drive a pseudo-terminal"; exit 77; }
exec python3 - "$JUDGE" <<'PY'
import os, sys

judge = sys.argv[1]
sys.path.insert(0, os.path.join(os.environ.get("ROOT", "."), "tests", "scripts"))
import ptylib
tmp, env, state, tap = ptylib.begin()
ok = tap.ok

term = ptylib.Term([judge, "--rules", "tests/golden/data/mini-cr.txt"], env)
read_until, send = term.read_until, term.send
ok(read_until(rb"judge> ") is not None, "prompt appears")

send("702.2\r")
out = read_until(rb"Textbook[\s\S]*judge> ")
ok(out is not None and "[1]\u00a0100.1" in out, "702.2b's reference is link [1]")
ok(out is not None and "[2]\u00a0702.19b" in out and "[3]\u00a0100.1a" in out,
   "702.2c's references are links [2] and [3]")

send("2\r")
out = read_until(rb"judge> ")
ok(out is not None and "702.19b The controller" in out, "typing 2 follows the link inside 702.2c")

send("\x04")
ok(term.wait_exit() is not None, "Ctrl-D ends the session")
ptylib.end(tap, tmp, term)
PY
