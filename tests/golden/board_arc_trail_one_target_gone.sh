"$JUDGE" --width 80 resolve corpus/boards/arc-trail-one-target-gone.board
