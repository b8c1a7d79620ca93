"$JUDGE" --width 80 resolve corpus/boards/smite-the-monstrous-diminish.board
