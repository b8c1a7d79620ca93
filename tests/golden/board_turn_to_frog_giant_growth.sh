"$JUDGE" --width 80 resolve corpus/boards/turn-to-frog-giant-growth.board
