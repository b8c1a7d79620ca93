"$JUDGE" --width 80 resolve corpus/boards/scion-destroyed-pestermite-curiosity.board
