"$JUDGE" --width 80 resolve corpus/boards/humility-opalescence.board
