"$JUDGE" --width 80 resolve corpus/boards/glissa-two-blockers.board
