"$JUDGE" --width 80 resolve corpus/boards/double-strike-vs-blocker.board
