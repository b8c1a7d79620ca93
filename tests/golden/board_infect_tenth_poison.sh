"$JUDGE" --width 80 resolve corpus/boards/infect-tenth-poison.board
