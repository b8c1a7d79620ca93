"$JUDGE" --width 80 resolve corpus/boards/apostles-blessing-pacifism.board
