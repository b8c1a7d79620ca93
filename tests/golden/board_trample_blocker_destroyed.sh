"$JUDGE" --width 80 resolve corpus/boards/trample-blocker-destroyed.board
