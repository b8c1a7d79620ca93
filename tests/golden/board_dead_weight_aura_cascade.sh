"$JUDGE" --width 80 resolve corpus/boards/dead-weight-aura-cascade.board
