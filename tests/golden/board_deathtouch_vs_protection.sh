"$JUDGE" --width 80 resolve corpus/boards/deathtouch-vs-protection.board
