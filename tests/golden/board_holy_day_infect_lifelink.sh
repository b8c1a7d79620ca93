"$JUDGE" --width 80 resolve corpus/boards/holy-day-infect-lifelink.board
