"$JUDGE" --width 80 resolve corpus/boards/lifelink-damage-prevented.board
