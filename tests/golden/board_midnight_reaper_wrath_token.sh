"$JUDGE" --width 80 resolve corpus/boards/midnight-reaper-wrath-token.board
