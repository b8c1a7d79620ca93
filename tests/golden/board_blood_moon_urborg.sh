"$JUDGE" --width 80 resolve corpus/boards/blood-moon-urborg.board
