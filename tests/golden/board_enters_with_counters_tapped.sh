"$JUDGE" --width 80 resolve corpus/boards/enters-with-counters-tapped.board
