"$JUDGE" --width 80 resolve corpus/boards/trample-deathtouch.board
