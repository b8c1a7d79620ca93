# ptylib.py — what the pseudo-terminal tests (repl_pty*.sh) share: TAP output, starting judge
# on a pseudo-terminal of a given size, reading until a pattern, typing, and waiting for exit.
# Not a test itself (tests/run runs only *.sh here).
import fcntl, os, pty, re, select, shutil, struct, sys, tempfile, termios, time


def session(tmp):
    """The environment of a judge session kept inside folder tmp: its own state, config and
    home, an xterm, no pager, no user readline file, no COLUMNS. Returns (env, state dir)."""
    state = os.path.join(tmp, "state")
    env = dict(os.environ, TERM="xterm", XDG_STATE_HOME=state, XDG_CONFIG_HOME=os.path.join(tmp, "cfg"),
               HOME=os.path.join(tmp, "home"), PAGER="cat", INPUTRC="/dev/null")
    env.pop("COLUMNS", None)
    return env, state


def begin():
    """What every pseudo-terminal test starts with: a temporary folder of its own, a session
    environment inside it (see session) and a TAP counter. Returns (tmp, env, state, tap)."""
    tmp = tempfile.mkdtemp()
    env, state = session(tmp)
    return tmp, env, state, Tap()


def end(tap, tmp, term=None):
    """What every one ends with: the transcript after a failure, the folder removed, and exit
    status 1 when a check failed."""
    if term is not None:
        term.dump_if(tap.failed)
    shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(1 if tap.failed else 0)


class Tap:
    """TAP lines "ok N - what"; failed counts the "not ok" ones."""

    def __init__(self):
        self.n = 0
        self.failed = 0

    def ok(self, cond, what):
        self.n += 1
        print(("ok %d - %s" if cond else "not ok %d - %s") % (self.n, what))
        if not cond:
            self.failed += 1


class Term:
    """judge running on a pseudo-terminal; seen holds everything it printed."""

    def __init__(self, argv, env, rows=40, cols=100):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            os.execve(argv[0], argv, env)
        self.seen = b""

    def read_until(self, pat, timeout=5.0):
        """Read until the regex pat matches the text after the last mark; return that text."""
        end = time.time() + timeout
        start = len(self.seen)
        while time.time() < end:
            m = re.search(pat, self.seen[start:])
            if m:
                return self.seen[start:start + m.end()].decode("utf-8", "replace")
            r, _, _ = select.select([self.fd], [], [], 0.1)
            if r:
                try:
                    data = os.read(self.fd, 4096)
                except OSError:
                    break
                if not data:
                    break
                self.seen += data
        return None

    def send(self, s):
        os.write(self.fd, s.encode())

    def wait_exit(self, timeout=5.0):
        """The exit status once judge ends (reading what it still prints), or None after
        timeout, when it is killed."""
        end = time.time() + timeout
        while time.time() < end:
            p, st = os.waitpid(self.pid, os.WNOHANG)
            if p == self.pid:
                return st
            try:
                r, _, _ = select.select([self.fd], [], [], 0.1)
                if r:
                    os.read(self.fd, 4096)
            except OSError:
                pass
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        return None

    def dump_if(self, failed):
        """After a failure, the whole transcript as TAP comments."""
        if failed:
            sys.stdout.write("# transcript:\n# " + self.seen.decode("utf-8", "replace").replace("\n", "\n# ") + "\n")
