"$JUDGE" --width 80 resolve corpus/boards/hill-giant-two-blockers-split.board
