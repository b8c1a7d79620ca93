"$JUDGE" --width 80 resolve corpus/boards/menace-one-blocker.board
