"$JUDGE" --width 80 resolve corpus/boards/cr-613-4d-switch.board
