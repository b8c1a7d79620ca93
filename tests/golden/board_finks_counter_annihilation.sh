"$JUDGE" --width 80 resolve corpus/boards/finks-counter-annihilation.board
