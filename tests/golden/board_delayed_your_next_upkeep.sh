# "at the beginning of your next upkeep" (603.7): the delayed trigger waits for its controller's
# upkeep; Bob's upkeep in between doesn't trigger it, and it triggers only once (603.7b).
d=$(mktemp -d); trap 'rm -rf $d' EXIT
cat > $d/b.board <<'B'
title A delayed gain of life at the beginning of your next upkeep
player Alice life 20 active
player Bob life 20
spell Test Gift
  controller Alice
  type Sorcery
  ability You gain 3 life at the beginning of your next upkeep.
resolve Test Gift
turn Bob
step upkeep
turn Alice
step upkeep
turn Bob
step upkeep
turn Alice
step upkeep
B
"$JUDGE" --width 80 resolve $d/b.board 2>/dev/null
