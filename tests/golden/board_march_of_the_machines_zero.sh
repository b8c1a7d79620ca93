"$JUDGE" --width 80 resolve corpus/boards/march-of-the-machines-zero.board
