"$JUDGE" --width 80 resolve corpus/boards/infect-poison-and-counters.board
