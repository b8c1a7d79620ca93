"$JUDGE" --width 80 resolve corpus/boards/accorder-paladin-battle-cry.board
