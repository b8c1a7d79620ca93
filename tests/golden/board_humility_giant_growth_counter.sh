"$JUDGE" --width 80 resolve corpus/boards/humility-giant-growth-counter.board
