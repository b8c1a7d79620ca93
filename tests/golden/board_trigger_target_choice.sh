# A triggered ability's target is chosen as it is put on the stack (603.3d): the controller's
# `choose SOURCE: NAME` names it when there is no `trigger-target` line; a stated target that
# isn't a legal choice then (hexproof) is said so, and judge chooses another.
d=$(mktemp -d); trap 'rm -rf $d' EXIT
cat > $d/a.board <<'B'
title choose names the target
player Alice active
player Bob
permanent Llanowar Elves
  controller Bob
  type Creature — Elf Druid
  pt 1/1
permanent Serra Angel
  controller Bob
  type Creature — Angel
  pt 4/4
spell Flametongue Kavu
  controller Alice
  type Creature — Kavu
  pt 4/2
  ability When Flametongue Kavu enters, it deals 4 damage to target creature.
choose Flametongue Kavu: Serra Angel
resolve Flametongue Kavu
B
sed -e 's/^choose Flametongue Kavu: Serra Angel/trigger-target Flametongue Kavu: Serra Angel/' \
    -e 's/^  pt 4\/4$/  pt 4\/4\n  ability Hexproof/' -e 's/^title .*/title an illegal stated target/' $d/a.board > $d/b.board
"$JUDGE" --width 80 resolve $d/a.board 2>/dev/null
"$JUDGE" --width 80 resolve $d/b.board 2>/dev/null
