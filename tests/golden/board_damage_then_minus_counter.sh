"$JUDGE" --width 80 resolve corpus/boards/damage-then-minus-counter.board
