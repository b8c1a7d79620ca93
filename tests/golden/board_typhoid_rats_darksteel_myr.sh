"$JUDGE" --width 80 resolve corpus/boards/typhoid-rats-darksteel-myr.board
