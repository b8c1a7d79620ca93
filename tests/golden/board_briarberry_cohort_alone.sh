"$JUDGE" --width 80 resolve corpus/boards/briarberry-cohort-alone.board
