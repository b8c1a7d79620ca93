"$JUDGE" --width 80 resolve corpus/boards/cr-603-10a-akromas-vengeance.board
