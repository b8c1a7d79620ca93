#!/usr/bin/env bash
# tests/scripts/search_mentions.sh — without a card database, judge still knows the cards its
# textbook's worked examples and its shipped boards name: a question naming one ("what happens
# to my 2/2 when Scion of Oona dies?") is pointed to the example and to the boards that walk it
# through the rules, those naming more of the question's cards first. The names are kept in a
# cache file that follows the boards (a board added is found) and the folder judge runs from.
set -u
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
check() { local what=$1; shift; "$@"; ok $? "$what"; }
cd "$ROOT" || exit 1

"$JUDGE" "what happens to my 2/2 when Scion of Oona dies?" >"$T/scion" 2>&1
check "the textbook's example is named" grep -q "^Textbook: Scion of Oona is in a worked example, The game in slow motion" "$T/scion"
check "so are the boards, as a command to type" grep -q "^  judge resolve corpus/boards/scion-destroyed-pestermite-curiosity.board$" "$T/scion"
check "the rules still follow" grep -q "^From the 2021-09-24 rules" "$T/scion"
"$JUDGE" "does Rest in Peace stop Kitchen Finks?" >"$T/rip" 2>&1
check "the board with both cards comes first" bash -c "grep -A1 '^Boards that walk them' '$T/rip' | tail -1 | grep -q 'rest-in-peace-wrath-finks.board'"
check "at most three boards, then how many more" grep -q "^  and [0-9]* more boards naming these cards$" "$T/rip"
"$JUDGE" "clone a legendary creature" >"$T/clone" 2>&1
check "a one-word name in lower case is no card" bash -c "! grep -q '^Boards\|^Textbook:' '$T/clone'"
"$JUDGE" "trample deathtouch how much damage" >"$T/plain" 2>&1
check "a question naming no card has no such line" bash -c "! grep -q '^Boards\|^Textbook:' '$T/plain'"

"$JUDGE" --json "does Rest in Peace stop Kitchen Finks?" >"$T/j" 2>/dev/null
check "--json: the mentions come after the rules" python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))
kinds = [o.get("kind") for o in v]
m = [o for o in v if o.get("kind") == "mention"]
assert kinds[0] == "rule", kinds[:3]
assert kinds.index("mention") > max(i for i, k in enumerate(kinds) if k == "rule")
assert any(o["source"] == "textbook" and o["card"] == "Kitchen Finks" for o in m)
assert any(o["source"] == "board" and o["command"].endswith("/rest-in-peace-wrath-finks.board") for o in m)
' "$T/j"

"$JUDGE" card tarmogoyf >"$T/card" 2>&1; st=$?
check "judge card without a database still exits 2" [ $st = 2 ]
check "and names the textbook's examples of the card" grep -q 'the textbook.s worked examples mention Tarmogoyf: `judge cards Tarmogoyf`' "$T/card"
check "and the board whose title starts with it" grep -q 'a board puts it on the table: `judge resolve corpus/boards/tarmogoyf-[a-z-]*\.board` (and [0-9]* more)' "$T/card"
"$JUDGE" card "Black Lotus" >"$T/card2" 2>&1
check "a card judge has nothing of gets the import hint alone" bash -c "! grep -q 'meanwhile\|board' '$T/card2'"

C=$XDG_CACHE_HOME/judge
check "one mentions file in the cache, private" [ "$(stat -c %a "$C"/mentions-*.tsv)" = 600 ]
(cd "$T" && "$JUDGE" "what happens to my 2/2 when Scion of Oona dies?" >"$T/away" 2>&1)
f=$(grep -m1 "^  judge resolve " "$T/away" | sed 's/^  judge resolve //')
check "from another folder the board's path still opens" [ -f "$f" ]

# a data folder with one more board: the cache follows it
mkdir -p "$T/data/corpus"
cp -r "$ROOT/rules" "$T/data/" && cp -r "$ROOT/corpus/boards" "$T/data/corpus/" && cp "$ROOT"/corpus/*.t* "$T/data/corpus/"
cat >"$T/data/corpus/boards/zz-new.board" <<'B'
title Tarmogoyf grows
player Alice
player Bob
permanent Tarmogoyf
  type Creature — Lhurgoyf
  pt */*+1
  ability Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1.
B
JUDGE_DATA="$T/data" "$JUDGE" --json "how big is Tarmogoyf with a land in the graveyard" >"$T/goyf" 2>&1
check "a board added to the data folder is found" grep -q "zz-new.board" "$T/goyf"
check "and the stale mentions file is gone" [ "$(ls "$C"/mentions-*.tsv | wc -l)" = 1 ]
echo "# $n checks"
