"$JUDGE" --width 80 resolve corpus/boards/arc-trail-hexproof-target.board
