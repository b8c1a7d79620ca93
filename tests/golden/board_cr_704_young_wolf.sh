"$JUDGE" --width 80 resolve corpus/boards/cr-704-young-wolf.board
