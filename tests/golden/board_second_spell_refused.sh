# A trigger judge does not model ("your second spell each turn") is refused with its rule area.
"$JUDGE" --width 100 resolve tests/boards/second-spell-trigger.board 2>&1
