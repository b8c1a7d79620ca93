"$JUDGE" --width 80 resolve corpus/boards/bolt-liliana-vess.board
