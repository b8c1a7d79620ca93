"$JUDGE" --width 80 resolve corpus/boards/wrath-of-god-no-regeneration.board
