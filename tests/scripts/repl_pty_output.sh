#!/usr/bin/env bash
# repl_pty_output.sh — on a terminal the REPL colours (not with NO_COLOR or TERM=dumb), wraps
# to the terminal's width, and pages long answers through $PAGER; on a pipe it does none of it.
command -v python3 >/dev/null || { echo "python3 is needed to drive a pseudo-terminal"; exit 77; }
exec python3 - "$JUDGE" <<'PY'
import os, pty, sys, time, select, fcntl, termios, struct, tempfile, re, subprocess

judge = sys.argv[1]
sys.path.insert(0, os.path.join(os.environ.get("ROOT", "."), "tests", "scripts"))
import ptylib
tmp = tempfile.mkdtemp()
tap = ptylib.Tap()
ok = tap.ok
pager = os.path.join(tmp, "pager")
with open(pager, "w") as f:
    f.write("#!/bin/sh\ntouch %s/paged\ncat\n" % tmp)
os.chmod(pager, 0o755)
def session(lines, rows=40, cols=100, **envmod):
    """Run judge on a terminal of rows x cols, type lines, return everything it wrote."""
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(tmp, "state"), XDG_CONFIG_HOME=os.path.join(tmp, "cfg"),
               PAGER=pager, INPUTRC="/dev/null", TERM="xterm")
    env.pop("NO_COLOR", None)
    env.pop("COLUMNS", None)
    env.update(envmod)
    pid, fd = pty.fork()
    if pid == 0:
        # the size is set before judge starts, as a terminal emulator would have it
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.execve(judge, [judge, "--rules", "tests/golden/data/mini-cr.txt"], env)
    seen = b""
    def pump(prompts, t=5.0):
        """Read until the prompt has appeared `prompts` times in all, or t seconds pass."""
        nonlocal seen
        end = time.time() + t
        while time.time() < end and seen.count(b"judge> ") < prompts:
            r, _, _ = select.select([fd], [], [], 0.05)
            if r:
                try:
                    d = os.read(fd, 4096)
                except OSError:
                    return
                if not d:
                    return
                seen += d
    pump(1)
    for i, l in enumerate(lines):
        os.write(fd, (l + "\r").encode())
        pump(i + 2)
    os.write(fd, b"\x04")
    pump(10**6, 1.0)
    os.waitpid(pid, 0)
    return seen.decode("utf-8", "replace")

SGR = re.compile(r"\x1b\[[0-9;]*m")
out = session(["702.19b"])
ok("\x1b[1;36m702.19b" in out, "a rule number is coloured on a terminal")
out = session(["702.19b"], NO_COLOR="1")
ok(SGR.search(out) is None, "no colour with NO_COLOR")
out = session(["702.19b"], TERM="dumb")
ok(SGR.search(out) is None, "no colour with TERM=dumb")
out = session(["702.19b", ":set color off", "702.19b", ":set color on", "702.19b"], NO_COLOR="1")
ok(len(re.findall(r"\x1b\[1;36m702\.19b", out)) == 1, ":set color on colours even under NO_COLOR, off stops it")

out = session(["702.2b"], cols=50, NO_COLOR="1")
text = re.sub(r"\x1b\[\?2004[hl]", "", out).replace("\r", "")   # bracketed-paste switches take no room
body = [l for l in text.split("\n") if "deathtouch" in l or "702.2b" in l]
ok(body and all(len(l) <= 50 for l in body), "answers wrap at the terminal's 50 columns")
out = session([":set width 100", "702.2b"], cols=50, NO_COLOR="1")
ok(any(len(l) > 60 for l in out.replace("\r", "").split("\n")), ":set width 100 wraps wider than the terminal")

if os.path.exists(os.path.join(tmp, "paged")):
    os.remove(os.path.join(tmp, "paged"))
session(["702.19b"], rows=40, NO_COLOR="1")
ok(not os.path.exists(os.path.join(tmp, "paged")), "a short answer is not paged")
session(["702"], rows=10, NO_COLOR="1")
ok(os.path.exists(os.path.join(tmp, "paged")), "a long answer on a 10-row terminal goes through $PAGER")
os.remove(os.path.join(tmp, "paged"))
session([":set pager off", "702"], rows=10, NO_COLOR="1")
ok(not os.path.exists(os.path.join(tmp, "paged")), ":set pager off stops paging")

env = dict(os.environ, PAGER=pager, TERM="xterm", XDG_STATE_HOME=os.path.join(tmp, "state2"))
env.pop("NO_COLOR", None)
p = subprocess.run([judge, "--rules", "tests/golden/data/mini-cr.txt"], input=b"702\n", capture_output=True, env=env)
ok(b"\x1b[" not in p.stdout and b"judge>" not in p.stdout, "on a pipe: no colour, no prompt")
ok(not os.path.exists(os.path.join(tmp, "paged")), "on a pipe: no pager")
ok(not os.path.exists(os.path.join(tmp, "state2", "judge", "history")), "on a pipe: no history written")
ptylib.end(tap, tmp)
PY
