"$JUDGE" --width 80 resolve corpus/boards/swords-last-known-power.board
