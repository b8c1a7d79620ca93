"$JUDGE" --width 80 resolve corpus/boards/pyroclasm-enormous-baloth.board
