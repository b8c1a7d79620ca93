#!/usr/bin/env bash
# board_speed.sh — a large board (12 anthems, 12 lords, 30 creatures, Humility, combat)
# resolves quickly: a floor judge waits seconds, not minutes.
set -u
T=$(mktemp); trap 'rm -f "$T"' EXIT
{
	echo "player A life 20 active"; echo "player B life 20"
	for i in $(seq 0 11); do
		printf 'permanent Anthem %d as A%d\n controller A\n type Enchantment\n ability Creatures you control get +1/+1.\n' "$i" "$i"
		printf 'permanent Lord %d as L%d\n controller A\n type Creature — Elf\n pt 1/1\n ability Other Elf creatures you control get +1/+1 and have flying.\n' "$i" "$i"
	done
	for i in $(seq 0 29); do
		printf 'permanent Elf %d as E%d\n controller %s\n type Creature — Elf Warrior\n pt 2/2\n ability Flying, trample\n' "$i" "$i" "$([ $((i % 2)) = 0 ] && echo A || echo B)"
		[ $((i % 3)) = 0 ] && [ $((i % 2)) = 0 ] && echo " attacking B"
	done
	printf 'permanent Humility\n controller B\n type Enchantment\n cost {2}{W}{W}\n ability All creatures lose all abilities and have base power and toughness 1/1.\n'
	printf 'spell Pyro\n controller B\n type Sorcery\n ability Pyro deals 1 damage to each creature.\nresolve Pyro\ncombat\n'
} >"$T"
# timed in CPU time (user and system): the machine's other load does not count
TIMEFORMAT='%3U %3S'
{ time { "$JUDGE" resolve "$T" >/dev/null 2>&1; st=$?; }; } 2>"$T.time"
ms=$(awk 'END { printf "%d", ($1 + $2) * 1000 }' "$T.time"); rm -f "$T.time"
[ $st = 0 ] && echo "ok 1 - a 56-object board resolves" || echo "not ok 1 - exit $st"
limit=3000; [ -n "${JUDGE_SANITIZED:-}" ] && limit=30000
[ "$ms" -lt "$limit" ] && echo "ok 2 - in ${ms} ms of CPU time" || echo "not ok 2 - took ${ms} ms of CPU time (limit ${limit})"
