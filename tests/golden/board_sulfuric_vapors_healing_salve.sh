"$JUDGE" --width 80 resolve corpus/boards/sulfuric-vapors-healing-salve.board
