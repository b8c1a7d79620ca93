"$JUDGE" --width 80 resolve corpus/boards/control-magic-act-of-treason.board
