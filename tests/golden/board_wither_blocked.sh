"$JUDGE" --width 80 resolve corpus/boards/wither-blocked.board
