"$JUDGE" --width 80 resolve corpus/boards/cancel-slice-in-twain.board
