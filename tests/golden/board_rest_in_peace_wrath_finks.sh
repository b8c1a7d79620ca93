"$JUDGE" --width 80 resolve corpus/boards/rest-in-peace-wrath-finks.board
