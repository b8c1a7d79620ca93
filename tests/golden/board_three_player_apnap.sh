"$JUDGE" --width 80 resolve corpus/boards/three-player-apnap.board
