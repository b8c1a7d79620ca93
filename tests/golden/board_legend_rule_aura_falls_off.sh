"$JUDGE" --width 80 resolve corpus/boards/legend-rule-aura-falls-off.board
