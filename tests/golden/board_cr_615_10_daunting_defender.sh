"$JUDGE" --width 80 resolve corpus/boards/cr-615-10-daunting-defender.board
