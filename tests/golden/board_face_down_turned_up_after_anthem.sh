"$JUDGE" --width 80 resolve corpus/boards/face-down-turned-up-after-anthem.board
