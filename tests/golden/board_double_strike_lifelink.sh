"$JUDGE" --width 80 resolve corpus/boards/double-strike-lifelink.board
