"$JUDGE" --width 80 resolve corpus/boards/control-magic-anthem.board
