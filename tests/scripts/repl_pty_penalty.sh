#!/usr/bin/env bash
# repl_pty_penalty.sh — the penalty dialogue driven once for real through a pseudo-terminal:
# `penalty` asks the REL, then what happened, then which of the likely infractions it is, each
# at a `penalty> ` prompt; the one picked is laid out; the answers stay out of the commands'
# history (Up at `judge> ` brings back `penalty`); Ctrl-C and Ctrl-D abandon the dialogue and
# the session goes on.
command -v python3 >/dev/null || { echo "skip: python3 is needed to drive a pseudo-terminal"; exit 77; }
[ -n "$SHARED" ] && [ -d "$SHARED/docs" ] || { echo "skip: ../shared/docs is absent (the policy documents are test inputs only)"; exit 77; }
exec python3 - "$JUDGE" "$SHARED/docs" <<'PY'
import os, re, sys

judge, docs = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(os.environ.get("ROOT", "."), "tests", "scripts"))
import ptylib
tmp, env, state, tap = ptylib.begin()
env["XDG_DATA_HOME"] = os.path.join(tmp, "data")
env["XDG_CACHE_HOME"] = os.path.join(tmp, "cache")
ok = tap.ok

term = ptylib.Term([judge, "--doc", os.path.join(docs, "ipg-2021-02-05.pdftotext.txt"),
                    "--doc", os.path.join(docs, "jar-2024-08-05.pdftohtml.html")], env, cols=120)
read_until, send = term.read_until, term.send
ok(read_until(rb"judge> ") is not None, "prompt appears")

send("penalty\r")
out = read_until(rb"penalty> ")
ok(out is not None and "Which REL?" in out, "penalty asks the REL at a penalty> prompt")

send("\r")
out = read_until(rb"penalty> ")
ok(out is not None and "What happened?" in out, "Enter takes Competitive and it asks what happened")

send("drew an extra card\r")
out = read_until(rb"penalty> ", timeout=10)
m = re.search(r"Which one is it\? Its number \(([0-9.]+), ([0-9.]+)", out or "")
ok(out is not None and "Competitive REL" in out and "Infraction Procedure Guide" in out and m is not None,
   "the likely infractions, then which one it is, with their numbers")
second = m.group(2) if m else "2.2"
# the second one's title, as the list printed it
t = re.search(r"\b" + re.escape(second) + r"\b\S*\s+(?:\x1b\[[0-9;]*m)*(Game Play Error[^\r\n(\x1b]*)", out or "")
title = t.group(1).strip() if t else "?"

send(second + "\r")
out = read_until(rb"judge> ", timeout=10)
ok(out is not None and ("for " + title) in out, "the one picked (%s, %s) is the one laid out" % (second, title))
ok(out is not None and "the judge's call" in out, "it ends saying the call is the judge's, and the session goes on")

send("\x1b[A")
read_until(rb"penalty", timeout=2)
line = term.seen[term.seen.rfind(b"judge> "):].decode("utf-8", "replace")
ok("penalty" in line and second not in line, "Up at judge> brings back the command, not an answer (%r)" % line)
send("\x15")

send("penalty\r")
read_until(rb"penalty> ")
send("\x03")
out = read_until(rb"judge> ")
ok(out is not None and "penalty abandoned" in out, "Ctrl-C at penalty> abandons the dialogue, back at judge>")

send("penalty\r")
read_until(rb"penalty> ")
send("\x04")
out = read_until(rb"judge> ")
ok(out is not None and "penalty abandoned" in out, "Ctrl-D at penalty> abandons it too, not the session")

send("\x04")
ok(term.wait_exit() is not None, "Ctrl-D at judge> ends the session")
ptylib.end(tap, tmp, term)
PY
