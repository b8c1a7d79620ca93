"$JUDGE" --width 80 resolve corpus/boards/islandwalk-blocked.board
