#!/usr/bin/env bash
# repl_pty_board.sh — types a board into the real REPL through a pseudo-terminal: the
# `board> ` prompt, Tab completing a statement, a player and a multi-word card name declared
# on earlier lines, `end` resolving it, `why 1`, `cards` offering the board's cards; the
# boards' own history (Up); a board abandoned with Ctrl-C and one with Ctrl-D, the REPL
# working after each; a pasted board; what the history file keeps.
command -v python3 >/dev/null || { echo "python3 is needed to drive a pseudo-terminal"; exit 77; }
RULES=tests/golden/data/mini-cr.txt
[ -n "${SHARED:-}" ] && [ -f "$SHARED/cr/cr-2026-01-16.txt" ] && RULES=$SHARED/cr/cr-2026-01-16.txt
exec python3 - "$JUDGE" "$RULES" <<'PY'
import os, sys, re

judge, rules = sys.argv[1], sys.argv[2]
full_cr = "mini-cr" not in rules
sys.path.insert(0, os.path.join(os.environ.get("ROOT", "."), "tests", "scripts"))
import ptylib
tmp, env, state, tap = ptylib.begin()
ok = tap.ok

term = ptylib.Term([judge, "--rules", rules, "--no-pager"], env)
read_until, send = term.read_until, term.send

def plain(s):
    """The text without the terminal's escape sequences (colours, cursor motion)."""
    return None if s is None else re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", s)

def line(s, prompt=rb"board> "):
    """Type a board line and wait for the next prompt."""
    send(s + "\r")
    return read_until(prompt)

ok(read_until(rb"judge> ") is not None, "prompt appears")

send("board\r")
out = read_until(rb"board> ")
ok(out is not None and "Ctrl-C abandons" in out, "`board` shows the board prompt and says how to end or abandon")
send("pla\t")
ok(read_until(rb"player ") is not None, "Tab completes a statement")
line("Alice active")
line("player Bob")
line("permanent Ashcoat Bear")
send("  contr\t")
ok(read_until(rb"controller ") is not None, "Tab completes an indented attribute")
send("B\t")
ok(read_until(rb"Bob ") is not None, "Tab completes a player declared on an earlier line")
send("\r")
read_until(rb"board> ")
line("  type Creature — Bear")
line("  pt 2/2")
line("spell Shock")
line("  controller Alice")
send("  type Ins\t")
ok(read_until(rb"Instant ") is not None, "Tab completes a card type")
send("\r")
read_until(rb"board> ")
line("  cost {R}")
send("  target Ashcoat B\t")
out = read_until(rb"Ashcoat Bear ")
ok(out is not None and '"' not in out, "Tab finishes a card name of two words declared earlier, unquoted")
send("\r")
read_until(rb"board> ")
line("  ability Shock deals 2 damage to any target.")
send("resolve Sh\t")
ok(read_until(rb"Shock ") is not None, "Tab completes the spell to resolve")
send("\r")
read_until(rb"board> ")
send("end\r")
out = plain(read_until(rb"Final state[\s\S]*judge> "))
ok(out is not None and "1. Shock resolves" in out and "Ashcoat Bear is" in out,
   "`end` resolves the board and the REPL prompt returns")

send("why 1\r")
out = plain(read_until(rb"Step 1[\s\S]*judge> "))
ok(out is not None and ("608.2b If the spell" in out if full_cr else "608.2b" in out), "`why 1` cites the rules of step 1")

send("cards ashc\t")
ok(read_until(rb'"Ashcoat Bear" ') is not None, "`cards` completes a card of the resolved board (not in the textbook)")
send("\x15")   # Ctrl-U
read_until(rb"judge> ", 0.5)

send("\x1b[A")
ok(read_until(rb"why 1") is not None, "Up at judge> recalls the last command, not a board line")
send("\x1b[A")
ok(read_until(rb"board") is not None, "Up again recalls `board`")
send("\x15")
read_until(rb"judge> ", 0.5)

send("board\r")
read_until(rb"board> ")
send("\x1b[A\x1b[A")
ok(read_until(rb"resolve Shock ?") is not None, "Up at board> recalls the lines of the last board")
send("\x15player Carol\r")
read_until(rb"board> ")
send("permanent Lone Wolf")
read_until(rb"Lone Wolf")
send("\x03")
out = read_until(rb"judge> ")
ok(out is not None and "board abandoned" in out and "^C" in out,
   "Ctrl-C abandons the board and returns to judge>")
send("100.1\r")
out = read_until(rb"two or more players[\s\S]*judge> ")
ok(out is not None and "unknown statement" not in out, "the REPL runs commands after an abandoned board")
send("why 1\r")
out = plain(read_until(rb"Shock resolves[\s\S]*judge> "))
ok(out is not None and "Step 1" in out, "the abandoned board did not replace the last one")

send("board\r")
read_until(rb"board> ")
send("\x04")
out = read_until(rb"judge> ")
ok(out is not None and "board abandoned" in out, "Ctrl-D on an empty board line abandons the board")
send("702.19\r")
out = read_until(rb"Trample[\s\S]*judge> ")
ok(out is not None, "and judge is still running")

send("\x1b[200~board\nplayer Ann\npermanent Wall of Wood\n  controller Ann\n  type Creature\n  pt 0/3\n"
     "destroy Wall of Wood\nend\nwhy 1\x1b[201~")
read_until(rb"why 1")
send("\r")
out = plain(read_until(rb"Step 1[\s\S]*judge> "))
ok(out is not None and "Wall of Wood is destroyed" in out,
   "a pasted block: `board`, its lines, `end` and the next command")

send("\x04")
status = term.wait_exit()
ok(status is not None and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, "Ctrl-D at judge> exits 0")

hist = os.path.join(state, "judge", "history")
lines = open(hist).read().splitlines() if os.path.exists(hist) else []
ok(lines.count("board") == 4 and "why 1" in lines and "100.1" in lines, "the history file holds the commands")
ok(not any(l in lines for l in ("player Bob", "resolve Shock", "end", "player Ann", "  pt 2/2")),
   "board lines stay out of the history file")
ptylib.end(tap, tmp, term)
PY
