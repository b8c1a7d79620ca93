"$JUDGE" --width 80 resolve corpus/boards/twisted-image-wall-anthem.board
