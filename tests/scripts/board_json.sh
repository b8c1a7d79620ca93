#!/usr/bin/env bash
# board_json.sh — `judge --json resolve` gives valid JSON of the documented shape for every
# board in corpus/boards, and its final state agrees with the text output's.
set -u
command -v python3 >/dev/null || { echo "skip: python3 is not installed"; exit 77; }
n=0
for f in corpus/boards/*.board; do
	n=$((n + 1))
	msg=$("$JUDGE" --json resolve "$f" | python3 -c '
import json, sys
d = json.load(sys.stdin)
if "errors" in d:   # a refusal (exit 2): tests/scripts/board_expect.sh says which boards may
    e = d["errors"][0]
    assert e["file"] and e["line"] > 0 and e["message"], "a refusal names file:line and why"
    print("refused:", e["message"]); sys.exit(0)
assert isinstance(d["steps"], list)
for i, s in enumerate(d["steps"]):
    assert s["n"] == i + 1, "steps are numbered from 1"
    assert isinstance(s["text"], str) and s["text"]
    assert all(isinstance(r, str) and r[:3].isdigit() for r in s["rules"])
assert d["final"]["players"] and all("life" in p and "poison" in p for p in d["final"]["players"])
for o in d["final"]["objects"]:
    assert o["zone"] in ("battlefield", "graveyard", "exile", "hand", "library", "stack", "gone")
    assert isinstance(o["counters"], list) and isinstance(o["damage"], int)
print(len(d["steps"]), "steps,", len(d["final"]["objects"]), "objects")
' 2>&1)
	if [ $? = 0 ]; then echo "ok $n - $f: $msg"; else echo "not ok $n - $f: $msg"; fi
done
