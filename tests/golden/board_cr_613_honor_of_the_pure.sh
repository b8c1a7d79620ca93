"$JUDGE" --width 80 resolve corpus/boards/cr-613-honor-of-the-pure.board
