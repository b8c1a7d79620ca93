"$JUDGE" --width 80 resolve corpus/boards/cr-510-1c-divide-among-blockers.board
