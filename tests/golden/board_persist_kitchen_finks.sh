"$JUDGE" --width 80 resolve corpus/boards/persist-kitchen-finks.board
