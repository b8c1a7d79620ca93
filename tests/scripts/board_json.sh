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
	"$JUDGE" --width 1000 resolve "$f" >"$T/$n.txt" 2>/dev/null
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
        assert o["zone"] in ("battlefield", "graveyard", "exile", "hand", "library", "stack", "gone", "command")
        assert isinstance(o["counters"], list) and isinstance(o["damage"], int)
    assert status == "0", "an answer exits 0"
    same_as_text(d, path[:-5] + ".txt")
    return "%d steps, %d objects" % (len(d["steps"]), len(d["final"]["objects"]))

def text_line(o):
    """The line the text output gives object o, rebuilt from its JSON alone: a field the text
    shows that the JSON lacks makes the two differ."""
    bf = o["zone"] == "battlefield"
    s = o["name"] + (" [%s]" % o["alias"] if o.get("alias") else "")
    if o["token"] and "token" not in o["name"]:
        s += " (token)"
    if o.get("face_down") and bf:
        s += " (face down)"
    if o.get("copy_of") and bf and o["name_now"] is None:
        s += " (a copy of %s, face down when copied, so it has no name)" % o["copy_of"]
    elif o.get("copy_of") and bf:
        s += " (a copy of %s, so named %s)" % (o["copy_of"], o["name_now"])
    s += " — %s, %s" % (o["types"], o["colors"])
    if "power" in o:
        s += ", %d/%d" % (o["power"], o["toughness"])
    if o["keywords"] and bf:
        s += "; " + ", ".join(o["keywords"])
    if bf:
        s += "; controller %s" % o["controller"]
    if o["owner"] and (not bf or o["owner"] != o["controller"]):
        s += "; owner %s" % o["owner"]
    for c in o["counters"]:
        s += "; %d %s counter%s" % (c["n"], c["kind"], "" if c["n"] == 1 else "s")
    if o["damage"]:
        s += "; damage %d" % o["damage"]
    if o["tapped"]:
        s += "; tapped"
    if o["prevent_next"] > 0 and bf:
        s += "; the next %d damage to it will be prevented" % o["prevent_next"]
    if o["regeneration"] and bf:
        s += "; %d regeneration shield%s" % (o["regeneration"], "" if o["regeneration"] == 1 else "s")
    if o["attached_to"] and bf:
        s += "; attached to %s" % o["attached_to"]
    return s

def same_as_text(d, txt):
    """Every player's and object's line of the text output's final state is the one its JSON
    gives (so the JSON carries every state field a person reading the text sees)."""
    lines, cur = [], None
    text = open(txt, encoding="utf-8").read().split("\n")
    assert "Final state" in text, "the text output has a final state"
    for l in text[text.index("Final state") + 1:]:
        if l.startswith("      ") and lines:
            lines[-1] += " " + l.strip()
        elif l.strip():
            lines.append(l)
    got, want = [], []
    for l in lines:
        if l.startswith("    ") and cur not in (None, "gone"):
            got.append(l.strip())
        elif l.startswith("  ") and l.endswith(":"):
            cur = "gone" if l.strip() == "Ceased to exist:" else l.strip()
    for o in d["final"]["objects"]:
        if o["zone"] not in ("gone",):
            want.append(text_line(o))
    missing = sorted(set(want) - set(got)) or sorted(set(got) - set(want))
    assert sorted(got) == sorted(want), "text and JSON differ: text %r, JSON %r" % (
        sorted(set(got) - set(want))[:2], sorted(set(want) - set(got))[:2])
    for p in d["final"]["players"]:
        head = "  %s: life %d, poison %d" % (p["name"], p["life"], p["poison"])
        assert any(l.startswith(head) for l in lines), "no text line %r" % head
        if p["lost"]:
            assert any(l.startswith(head) and l.endswith("(lost the game)") for l in lines), "%s lost" % p["name"]
for n, line in enumerate(open(sys.argv[1]), 1):
    board, path, status = line.rstrip("\n").split("\t")
    try:
        print("ok %d - %s: %s" % (n, board, check(path, status)))
    except Exception as e:
        print("not ok %d - %s: %s: %s" % (n, board, type(e).__name__, e))
PY
