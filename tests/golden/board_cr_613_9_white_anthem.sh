"$JUDGE" --width 80 resolve corpus/boards/cr-613-9-white-anthem.board
