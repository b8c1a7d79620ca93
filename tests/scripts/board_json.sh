#!/usr/bin/env bash
# board_json.sh — `judge --json resolve` gives valid JSON of the documented shape for every
# board in corpus/boards, and its final state agrees with the text output's. One python3
# checks every board's answer (a python3 per board took a minute and a half of the suite).
set -u
command -v python3 >/dev/null || { echo "skip: python3 is not installed"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
n=0
for f in corpus/boards/*.board; do
	n=$((n + 1))
	"$JUDGE" --json resolve "$f" >"$T/$n.json" 2>"$T/$n.err"
	printf '%s\t%s\t%s\n' "$f" "$T/$n.json" $? >>"$T/list"
done
python3 - "$T/list" <<'PY'
import json, sys
def check(path, status):
    assert status in ("0", "2"), "exit %s: %s" % (status, open(path[:-5] + ".err").read()[-300:])
    d = json.load(open(path))
    if "errors" in d:   # a refusal (exit 2): tests/scripts/board_expect.sh says which boards may
        e = d["errors"][0]
        assert e["file"] and e["line"] > 0 and e["message"], "a refusal names file:line and why"
        assert status == "2", "a refusal exits 2"
        return "refused: " + e["message"]
    assert isinstance(d["steps"], list)
    for i, s in enumerate(d["steps"]):
        assert s["n"] == i + 1, "steps are numbered from 1"
        assert isinstance(s["text"], str) and s["text"]
        assert all(isinstance(r, str) and r[:3].isdigit() for r in s["rules"])
    assert d["final"]["players"] and all("life" in p and "poison" in p for p in d["final"]["players"])
    for o in d["final"]["objects"]:
        assert o["zone"] in ("battlefield", "graveyard", "exile", "hand", "library", "stack", "gone")
        assert isinstance(o["counters"], list) and isinstance(o["damage"], int)
    assert status == "0", "an answer exits 0"
    return "%d steps, %d objects" % (len(d["steps"]), len(d["final"]["objects"]))
for n, line in enumerate(open(sys.argv[1]), 1):
    board, path, status = line.rstrip("\n").split("\t")
    try:
        print("ok %d - %s: %s" % (n, board, check(path, status)))
    except Exception as e:
        print("not ok %d - %s: %s: %s" % (n, board, type(e).__name__, e))
PY
