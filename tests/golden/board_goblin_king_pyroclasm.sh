"$JUDGE" --width 80 resolve corpus/boards/goblin-king-pyroclasm.board
