"$JUDGE" --width 80 resolve corpus/boards/fencing-ace-collar-rancor.board
