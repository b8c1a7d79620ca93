"$JUDGE" --width 80 resolve corpus/boards/hurricane-scion-of-oona.board
