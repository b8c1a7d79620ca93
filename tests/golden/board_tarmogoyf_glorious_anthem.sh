"$JUDGE" --width 80 resolve corpus/boards/tarmogoyf-glorious-anthem.board
