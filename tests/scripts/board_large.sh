#!/usr/bin/env bash
# board_large.sh — the resolver has no fixed limit that a big board reaches silently: 500
# permanents, 501 triggered abilities at once, a static and a resolved effect on 500 creatures
# with a counter each all come out right, and what judge still bounds (new tokens, names on a
# line, subtypes) is said, naming the board's line, never truncated. The expected values are
# worked out here from the rules, not read back from judge.
set -u
command -v python3 >/dev/null || { echo "skip: python3 is not installed"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# 1. Pyroclasm kills Blood Artist and 500 tokens at once: 501 dies triggers (603.2c, 603.3b),
# each "target player loses 1 life and you gain 1 life": Alice 1000 + 501, Bob 1000 - 501.
{
	printf 'player Alice life 1000 active\nplayer Bob life 1000\n'
	printf 'permanent Blood Artist\n controller Alice\n type Creature — Vampire\n pt 0/1\n'
	printf ' ability Whenever Blood Artist or another creature dies, target player loses 1 life and you gain 1 life.\n'
	for i in $(seq 0 499); do
		printf 'token Soldier Token as S%d\n controller %s\n type Creature — Soldier\n pt 1/1\n' "$i" "$([ $((i % 2)) = 0 ] && echo Bob || echo Alice)"
	done
	printf 'spell Pyroclasm\n controller Alice\n type Sorcery\n ability Pyroclasm deals 2 damage to each creature.\n'
	printf 'trigger-target Blood Artist: Bob\nresolve Pyroclasm\n'
} >"$T/dies.board"

# 2. An anthem (a static ability on 500 creatures), a +1/+1 counter on each (500 effects in
# 7c), and a resolved "+2/+1 until end of turn" whose set locks 500 creatures (611.2c):
# each Soldier is 1/1 + 1/1 + 1/1 + 2/1 = 5/4.
{
	printf 'player Alice life 20 active\nplayer Bob life 20\n'
	printf 'permanent Glorious Anthem\n controller Alice\n type Enchantment\n ability Creatures you control get +1/+1.\n'
	for i in $(seq 0 499); do
		printf 'token Soldier Token as S%d\n controller Alice\n type Creature — Soldier\n pt 1/1\n counters 1 +1/+1\n' "$i"
	done
	printf 'spell Inspired Charge\n controller Alice\n type Instant\n ability Creatures you control get +2/+1 until end of turn.\n'
	printf 'resolve Inspired Charge\n'
} >"$T/anthem.board"

# 3. Six Parallel Lives: each "create three" makes 3 x 2^6 = 192 tokens (614.16). Two spells
# make 384; the third would pass the room judge makes for new objects (512), so it says so
# and stops, naming the board's line, rather than create fewer.
{
	printf 'player Alice life 20 active\nplayer Bob life 20\n'
	for i in 0 1 2 3 4 5; do
		printf 'permanent Parallel Lives as PL%d\n controller Alice\n type Enchantment\n' "$i"
		printf ' ability If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead.\n'
	done
	for a in A B C; do
		printf 'spell Spectral Procession as SP%s\n controller Alice\n type Sorcery\n ability Create three 1/1 white Spirit creature tokens with flying.\n' "$a"
	done
	printf 'order PL0, PL1, PL2, PL3, PL4, PL5\nresolve SPA\nresolve SPB\n'
	printf 'resolve SPC\n'
} >"$T/tokens.board"
last=$(wc -l <"$T/tokens.board")

# 4. Lines holding more than judge keeps: seven targets, thirteen subtypes.
{
	printf 'player Alice life 20 active\nplayer Bob life 20\n'
	for i in 1 2 3 4 5 6 7; do printf 'permanent Bear %d as B%d\n controller Bob\n type Creature — Bear\n pt 2/2\n' "$i" "$i"; done
	printf 'spell Hail\n controller Alice\n type Instant\n target B1, B2, B3, B4, B5, B6, B7\n ability Hail deals 1 damage to each of up to seven target creatures.\nresolve Hail\n'
} >"$T/targets.board"
tline=$(grep -n '^ target' "$T/targets.board" | cut -d: -f1)
{
	printf 'player Alice life 20 active\nplayer Bob life 20\n'
	printf 'permanent Changeling\n controller Alice\n type Creature — A B C D E F G H I J K L M\n pt 1/1\n'
} >"$T/subtypes.board"

for b in dies anthem tokens; do
	"$JUDGE" --json resolve "$T/$b.board" >"$T/$b.json" 2>"$T/$b.err"
	echo $? >"$T/$b.rc"
done
for b in targets subtypes; do
	"$JUDGE" resolve "$T/$b.board" >/dev/null 2>"$T/$b.err"
	echo $? >"$T/$b.rc"
done

python3 - "$T" "$last" "$tline" <<'PY'
import json, os, sys
T, last, tline = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
n = 0
def ok(cond, what):
    global n
    n += 1
    print(("ok %d - " if cond else "not ok %d - ") % n + what)
def load(b):
    rc = int(open(os.path.join(T, b + ".rc")).read())
    try:
        return rc, json.load(open(os.path.join(T, b + ".json")))
    except Exception as e:
        return rc, {"error": str(e)}

rc, d = load("dies")
ok(rc == 0 and "final" in d, "501 creatures dying at once resolve (exit %d)" % rc)
if "final" in d:
    life = {p["name"]: p["life"] for p in d["final"]["players"]}
    ok(life == {"Alice": 1501, "Bob": 499}, "every one of 501 dies triggers resolves: Alice 1501, Bob 499 (got %s)" % life)
    grave = [o for o in d["final"]["objects"] if o["name"] == "Soldier Token" and o["zone"] == "gone"]
    ok(len(grave) == 500, "all 500 tokens died and ceased to exist (got %d)" % len(grave))
    ok(not any("stops here" in s["text"] for s in d["steps"]), "no step says judge stopped")

rc, d = load("anthem")
ok(rc == 0 and "final" in d, "500 creatures with an anthem, a counter each and a pump resolve (exit %d)" % rc)
if "final" in d:
    pts = {(o["power"], o["toughness"]) for o in d["final"]["objects"] if o["name"] == "Soldier Token"}
    cnt = sum(1 for o in d["final"]["objects"] if o["name"] == "Soldier Token")
    ok(cnt == 500 and pts == {(5, 4)}, "each of the 500 is 5/4 (got %d creatures, %s)" % (cnt, sorted(pts)[:4]))

rc, d = load("tokens")
ok(rc == 0 and "final" in d, "the token board answers (exit %d)" % rc)
if "final" in d:
    toks = sum(1 for o in d["final"]["objects"] if o["name"] == "Spirit Token" and o["zone"] == "battlefield")
    ok(toks == 384, "the first two spells make 192 tokens each (got %d)" % toks)
    stop = [s["text"] for s in d["steps"] if "stops here" in s["text"]]
    ok(len(stop) == 1 and ("line %d" % last) in stop[0] and "192" in stop[0],
       "the third says it would create 192, names the board's line %d and stops: %s" % (last, stop[:1]))

for b, what, line in (("targets", "seven targets", tline), ("subtypes", "thirteen subtypes", 5)):
    rc = int(open(os.path.join(T, b + ".rc")).read())
    err = open(os.path.join(T, b + ".err")).read()
    ok(rc == 2 and (":%d:" % line) in err and "at most" in err,
       "a line with %s is an error at its line %d saying the limit: %s" % (what, line, err.splitlines()[:1]))
PY
