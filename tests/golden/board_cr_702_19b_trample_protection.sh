"$JUDGE" --width 80 resolve corpus/boards/cr-702-19b-trample-protection.board
