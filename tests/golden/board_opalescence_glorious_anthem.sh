"$JUDGE" --width 80 resolve corpus/boards/opalescence-glorious-anthem.board
