"$JUDGE" --width 80 resolve corpus/boards/trample-over-prevention-shield.board
