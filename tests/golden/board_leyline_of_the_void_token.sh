"$JUDGE" --width 80 resolve corpus/boards/leyline-of-the-void-token.board
