"$JUDGE" --width 80 resolve corpus/boards/permanent-spell-legend-rule.board
