#!/usr/bin/env bash
# board_expect.sh — each corpus board's final state (zone, controller, power/toughness,
# counters, damage, loyalty, attachment of every object; every player's life and poison)
# against the "# expect" lines written in the board from the CR. A board listed in
# tests/boards-pending.txt is reported as skip while it is still refused or wrong, and as a
# failure once it passes, so that the list only shrinks.
set -u
command -v python3 >/dev/null || { echo "skip: python3 is not installed"; exit 77; }
exec python3 tests/scripts/board_expect.py "$JUDGE" tests/boards-pending.txt corpus/boards/*.board
