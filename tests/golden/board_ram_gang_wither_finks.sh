"$JUDGE" --width 80 resolve corpus/boards/ram-gang-wither-finks.board
