"$JUDGE" --width 80 resolve corpus/boards/perilous-myr-apnap.board
