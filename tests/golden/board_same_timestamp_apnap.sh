"$JUDGE" --width 80 resolve corpus/boards/same-timestamp-apnap.board
