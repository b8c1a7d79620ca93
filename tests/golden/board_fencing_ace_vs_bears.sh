"$JUDGE" --width 80 resolve corpus/boards/fencing-ace-vs-bears.board
