"$JUDGE" --width 80 resolve corpus/boards/crusade-humility-timestamps.board
