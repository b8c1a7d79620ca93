"$JUDGE" --width 80 resolve corpus/boards/act-of-treason-anthems.board
