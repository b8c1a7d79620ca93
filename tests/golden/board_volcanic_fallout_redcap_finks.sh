"$JUDGE" --width 80 resolve corpus/boards/volcanic-fallout-redcap-finks.board
