"$JUDGE" --json resolve corpus/boards/legend-rule.board
