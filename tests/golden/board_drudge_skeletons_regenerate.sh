"$JUDGE" --width 80 resolve corpus/boards/drudge-skeletons-regenerate.board
