"$JUDGE" --width 80 resolve corpus/boards/infect-attacks-planeswalker.board
