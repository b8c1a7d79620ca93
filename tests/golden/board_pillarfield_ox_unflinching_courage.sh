"$JUDGE" --width 80 resolve corpus/boards/pillarfield-ox-unflinching-courage.board
