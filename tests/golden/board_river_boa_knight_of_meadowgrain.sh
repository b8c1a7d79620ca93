"$JUDGE" --width 80 resolve corpus/boards/river-boa-knight-of-meadowgrain.board
