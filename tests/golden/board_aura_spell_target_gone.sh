"$JUDGE" --width 80 resolve corpus/boards/aura-spell-target-gone.board
