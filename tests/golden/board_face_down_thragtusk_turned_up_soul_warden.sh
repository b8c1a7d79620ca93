"$JUDGE" --width 80 resolve corpus/boards/face-down-thragtusk-turned-up-soul-warden.board
