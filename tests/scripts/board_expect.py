#!/usr/bin/env python3
"""board_expect.py: every corpus board's final state, checked against the `# expect` lines
written in the board itself (the syntax is in docs/board-format.md, "Expected final state").

usage: board_expect.py JUDGE PENDING BOARD...

Prints one TAP line per board:
  ok N - NAME: K checks            the final state is the expected one
  not ok N - NAME: WHAT            it is not, and the board is not listed as pending
  skip N - NAME: WHY               listed in PENDING and still wrong or refused
  not ok N - NAME: passes now ...  listed in PENDING but now right: take it off the list
A board the resolver refuses (exit 2) must say why, with file:line:col and a message; a
refusal without one, a crash or output that is not JSON is always a failure.
"""
import json
import os
import re
import subprocess
import sys

KEYS_OBJ = {"zone", "controller", "owner", "pt", "counters", "damage", "loyalty", "attached",
            "tapped", "token", "types", "colors", "has", "lacks", "count", "sick"}
KEYS_PLAYER = {"life", "poison", "lost", "hand", "library"}
PAIR = re.compile(r'(\w+)=("([^"]*)"|\S+)')
EXPECT = re.compile(r'^\s*#\s*expect\s+(.*?)\s*$')


AREAS = [0]   # refusals whose error names the rule area it needs ("area", issue 13)


class BoardError(Exception):
    """An `# expect` line that cannot be read: a mistake in the board, always a failure."""


def parse_pairs(text, where, allowed):
    out = {}
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = PAIR.match(text, pos)
        if not m:
            raise BoardError(f"{where}: expected key=value at \"{text[pos:]}\"")
        key = m.group(1)
        if key not in allowed:
            raise BoardError(f"{where}: unknown key \"{key}\" (known: {', '.join(sorted(allowed))})")
        out[key] = m.group(3) if m.group(3) is not None else m.group(2)
        pos = m.end()
        while pos < len(text) and text[pos] == " ":
            pos += 1
    return out


def read_expectations(path):
    """Returns (objects, players, cites): lists of (line, name, {key: value})."""
    objs, players, cites = [], [], []
    with open(path, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            m = EXPECT.match(line)
            if not m:
                continue
            body = m.group(1)
            where = f"{path}:{ln}"
            if body.startswith("cites:") or body.startswith("cites "):
                cites += [(ln, r) for r in re.split(r"[ ,]+", body[6:].strip()) if r]
                continue
            # NAME: key=value ...  (the name is everything before the ": " that starts the pairs)
            m2 = re.match(r"^(.*?):\s+(?=\w+=)(.*)$", body)
            if not m2:
                raise BoardError(f"{where}: expected \"# expect NAME: key=value ...\", "
                                 f"\"# expect player NAME: key=value ...\" or \"# expect cites: RULE ...\"")
            name, rest = m2.group(1).strip(), m2.group(2)
            if name.startswith("player "):
                players.append((ln, name[7:].strip(), parse_pairs(rest, where, KEYS_PLAYER)))
            else:
                kv = parse_pairs(rest, where, KEYS_OBJ)
                if "zone" not in kv:
                    raise BoardError(f"{where}: an object's expectation needs zone=")
                objs.append((ln, name, kv))
    return objs, players, cites


def yn(v):
    return {"yes": True, "no": False, "true": True, "false": False}.get(v.lower())


def counters_of(o):
    """The object's counters other than loyalty, as {kind: n}."""
    return {c["kind"]: c["n"] for c in o.get("counters", []) if c.get("kind") != "loyalty" and c.get("n")}


def parse_counters(v):
    if v in ("none", "0", ""):
        return {}
    out = {}
    for part in v.split(","):
        kind, _, n = part.rpartition(":")
        if not kind or not n.isdigit():
            raise BoardError(f"counters=\"{v}\": write KIND:N[,KIND:N], e.g. counters=+1/+1:2,charge:1")
        out[kind] = out.get(kind, 0) + int(n)
    return out


def show_counters(c):
    return ",".join(f"{k}:{n}" for k, n in sorted(c.items())) or "none"


def check_object(o, kv, label):
    """Yields one message per field that differs; the defaults are in docs/board-format.md."""
    def field(key):
        if key not in o:
            raise KeyError(key)
        return o[key]

    def diff(what, exp, got):
        return f"{label} {what}: expected {exp}, got {got}"

    zone = kv["zone"]
    if field("zone") != zone:
        yield diff("zone", zone, o["zone"])
        return  # the rest describes a different object
    on_bf = zone == "battlefield"
    if "controller" in kv or on_bf:
        exp = kv.get("controller", o.get("owner"))
        if field("controller") != exp:
            yield diff("controller", exp, o["controller"])
    if "owner" in kv and field("owner") != kv["owner"]:
        yield diff("owner", kv["owner"], o["owner"])
    is_creature = "Creature" in o.get("types", "").split("—")[0]
    if "pt" in kv:
        if kv["pt"] == "none":
            if "power" in o or "toughness" in o:
                yield diff("power/toughness", "none (not a creature)", f"{o.get('power')}/{o.get('toughness')}")
        else:
            got = f"{field('power')}/{field('toughness')}"
            if got != kv["pt"]:
                yield diff("power/toughness", kv["pt"], got)
    elif on_bf and is_creature:
        raise BoardError(f"{label}: a creature on the battlefield needs pt= in its expectation")
    if "counters" in kv or on_bf:
        exp = parse_counters(kv.get("counters", "none"))
        got = counters_of(o) if "counters" in o else field("counters")
        if got != exp:
            yield diff("counters", show_counters(exp), show_counters(got))
    if "damage" in kv or on_bf:
        exp = int(kv.get("damage", 0))
        if field("damage") != exp:
            yield diff("damage", exp, o["damage"])
    loyal = any(c.get("kind") == "loyalty" for c in o.get("counters", []))
    if "loyalty" in kv:
        if "loyalty" not in o:
            yield f"{label}: the JSON final state has no \"loyalty\" field (issue 13 asks for it)"
        elif str(o["loyalty"]) != kv["loyalty"]:
            yield diff("loyalty", kv["loyalty"], o["loyalty"])
    elif on_bf and loyal:
        raise BoardError(f"{label}: it has loyalty counters, so its expectation needs loyalty=")
    if "attached" in kv or on_bf:
        exp = kv.get("attached", "none")
        got = field("attached_to") or "none"
        if got != exp:
            yield diff("attached to", exp, got)
    if "tapped" in kv:
        exp = yn(kv["tapped"])
        if field("tapped") != exp:
            yield diff("tapped", kv["tapped"], "yes" if o["tapped"] else "no")
    if "sick" in kv:
        exp = yn(kv["sick"])
        if field("sick") != exp:
            yield diff("summoning sickness (sick)", kv["sick"], "yes" if o["sick"] else "no")
    if "token" in kv and field("token") != yn(kv["token"]):
        yield diff("token", kv["token"], o["token"])
    if "types" in kv and field("types") != kv["types"]:
        yield diff("types", f"\"{kv['types']}\"", f"\"{o['types']}\"")
    if "colors" in kv and field("colors") != kv["colors"]:
        yield diff("colors", f"\"{kv['colors']}\"", f"\"{o['colors']}\"")
    kws = [k.lower() for k in field("keywords")] if ("has" in kv or "lacks" in kv) else []
    for k in (kv.get("has") or "").split(","):
        if k and k.replace("_", " ").lower() not in kws:
            yield f"{label}: expected it to have {k}, it has {', '.join(kws) or 'no keywords'}"
    for k in (kv.get("lacks") or "").split(","):
        if k and k.replace("_", " ").lower() in kws:
            yield f"{label}: expected it not to have {k}"


def objects_named(objs, name):
    """By alias, then by name; case does not matter ("Beast Token", 111.4, may print as "Beast token")."""
    def eq(a, b):
        return a is not None and a.casefold() == b.casefold()
    by_alias = [o for o in objs if eq(o.get("alias"), name)]
    return by_alias or [o for o in objs if eq(o.get("name"), name) and not o.get("alias")] or \
        [o for o in objs if eq(o.get("name"), name)]


def check_board(judge, path):
    """Returns (status, message, nchecks) with status 'ok', 'wrong' or 'refused'."""
    objs_x, players_x, cites_x = read_expectations(path)
    if not objs_x and not players_x:
        raise BoardError(f"{path}: no \"# expect\" lines (see docs/board-format.md, \"Expected final state\")")
    p = subprocess.run([judge, "--json", "resolve", path], capture_output=True, text=True, timeout=60)
    if p.returncode not in (0, 2):
        raise BoardError(f"judge exited {p.returncode}: {p.stderr.strip()[:300]}")
    try:
        d = json.loads(p.stdout)
    except json.JSONDecodeError as e:
        raise BoardError(f"judge's output is not JSON ({e}): {p.stdout[:200]!r}")
    if p.returncode == 2:
        errs = d.get("errors") or []
        if not errs or not all(e.get("line") and e.get("message") for e in errs):
            raise BoardError(f"refused without saying where and why: {p.stdout[:300]!r}")
        e = errs[0]
        hint = e.get("hint", "")
        if e.get("area"):
            AREAS[0] += 1
        return "refused", f"engine refuses: line {e['line']}:{e.get('col')}: {e['message']}" + \
            (f" ({hint[:160]})" if hint else ""), 0
    final = d["final"]
    msgs, n = [], 0
    for ln, name, kv in players_x:
        pl = [q for q in final["players"] if q["name"] == name]
        if not pl:
            raise BoardError(f"{path}:{ln}: no player {name} in the final state")
        q = pl[0]
        if "life" not in kv:
            raise BoardError(f"{path}:{ln}: a player's expectation needs life=")
        n += 1
        if str(q["life"]) != kv["life"]:
            msgs.append(f"{name} life: expected {kv['life']}, got {q['life']}")
        poison = int(kv.get("poison", 0))
        if q["poison"] != poison:
            msgs.append(f"{name} poison: expected {poison}, got {q['poison']}")
        for key in ("hand", "library"):
            if key in kv and str(q.get(key, "(not counted)")) != kv[key]:
                msgs.append(f"{name} {key}: expected {kv[key]}, got {q.get(key, 'not counted')}")
        lost = yn(kv["lost"]) if "lost" in kv else (int(kv["life"]) <= 0 or poison >= 10)
        if q.get("lost") != lost:
            msgs.append(f"{name}: expected {'lost' if lost else 'still in the game'}, "
                        f"got {'lost' if q.get('lost') else 'still in the game'}")
    named = {x[1] for x in players_x}
    for q in final["players"]:
        if q["name"] not in named:
            raise BoardError(f"{path}: no \"# expect player {q['name']}: life=...\" line")
    covered = set()
    for ln, name, kv in objs_x:
        found = objects_named(final["objects"], name)
        if "count" in kv and len(found) != int(kv["count"]):
            msgs.append(f"{name}: expected {kv['count']} objects so named, got {len(found)}")
        if not found:
            msgs.append(f"{name}: not in the final state")
            continue
        for i, o in enumerate(found):
            covered.add(id(o))
            label = name if len(found) == 1 else f"{name} #{i + 1}"
            n += 1
            try:
                msgs += list(check_object(o, kv, label))
            except KeyError as k:
                msgs.append(f"{label}: the JSON final state has no \"{k.args[0]}\" field")
    for o in final["objects"]:
        if id(o) not in covered:
            who = o.get("alias") or o["name"]
            msgs.append(f"{who} ({o['zone']}) has no \"# expect\" line")
    rules = {r for s in d["steps"] for r in s["rules"]}
    for ln, r in cites_x:
        n += 1
        if not any(x == r or x.startswith(r) and not x[len(r)].isdigit() for x in rules):
            msgs.append(f"no step cites {r}")
    if msgs:
        return "wrong", "wrong: " + "; ".join(msgs), n
    return "ok", "", n


def read_pending(path):
    pend = {}
    if not os.path.exists(path):
        return pend
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            name, _, why = line.strip().partition(" ")
            pend[name] = why.strip()
    return pend


def main():
    judge, pending_path, boards = sys.argv[1], sys.argv[2], sys.argv[3:]
    if not (os.path.isfile(judge) and os.access(judge, os.X_OK)):
        print(f"Bail out! {judge!r} is not an executable judge binary (set JUDGE)")
        sys.exit(1)
    pend = read_pending(pending_path)
    names = {os.path.basename(b)[:-6] for b in boards}
    for name in sorted(pend):
        if name not in names:
            print(f"not ok 0 - {pending_path}: {name} is not a board in the corpus")
    tally = {"ok": 0, "wrong": 0, "refused": 0, "bad": 0}
    for i, b in enumerate(boards, 1):
        name = os.path.basename(b)[:-6]
        try:
            st, msg, n = check_board(judge, b)
        except BoardError as e:
            tally["bad"] += 1
            print(f"not ok {i} - {name}: {e}")
            continue
        except subprocess.TimeoutExpired:
            tally["bad"] += 1
            print(f"not ok {i} - {name}: judge took more than 60 s")
            continue
        tally[st] += 1
        if st == "ok" and name in pend:
            print(f"not ok {i} - {name}: passes now; take it off {pending_path}")
        elif st == "ok":
            print(f"ok {i} - {name}: {n} checks")
        elif name in pend:
            print(f"skip {i} - {name}: pending ({pend[name]}); now: {msg}")
        else:
            print(f"not ok {i} - {name}: {msg}")
    print(f"# {len(boards)} boards: {tally['ok']} right, {tally['wrong']} wrong, "
          f"{tally['refused']} refused ({AREAS[0]} naming their rule area), {tally['bad']} broken")


if __name__ == "__main__":
    main()
