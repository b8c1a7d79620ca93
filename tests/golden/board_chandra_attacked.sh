"$JUDGE" --width 80 resolve corpus/boards/chandra-attacked.board
