"$JUDGE" --width 80 resolve corpus/boards/lignify-anthem.board
