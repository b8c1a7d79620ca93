"$JUDGE" --width 80 resolve corpus/boards/cloudshift-pacifism.board
