"$JUDGE" --width 80 resolve corpus/boards/dreadmaw-trample-planeswalker.board
