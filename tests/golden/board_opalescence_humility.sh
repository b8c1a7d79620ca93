"$JUDGE" --width 80 resolve corpus/boards/opalescence-humility.board
