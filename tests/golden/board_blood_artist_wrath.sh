"$JUDGE" --width 80 resolve corpus/boards/blood-artist-wrath.board
