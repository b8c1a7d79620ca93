"$JUDGE" --width 80 resolve corpus/boards/cr-608-2b-plague-spores.board
