"$JUDGE" --width 80 resolve corpus/boards/volcanic-fallout-both-at-two.board
