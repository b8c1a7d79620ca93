"$JUDGE" --width 80 resolve corpus/boards/kitchen-finks-cast.board
