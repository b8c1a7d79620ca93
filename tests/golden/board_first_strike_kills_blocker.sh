"$JUDGE" --width 80 resolve corpus/boards/first-strike-kills-blocker.board
