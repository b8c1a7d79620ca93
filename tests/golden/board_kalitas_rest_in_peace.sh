"$JUDGE" --width 80 resolve corpus/boards/kalitas-rest-in-peace.board
