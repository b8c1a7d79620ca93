"$JUDGE" --width 80 resolve corpus/boards/puncture-blast-finks.board
