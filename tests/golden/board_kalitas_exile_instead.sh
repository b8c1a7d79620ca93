"$JUDGE" --width 80 resolve corpus/boards/kalitas-exile-instead.board
