"$JUDGE" --width 80 resolve corpus/boards/erg-raiders-sorceress-queen.board
