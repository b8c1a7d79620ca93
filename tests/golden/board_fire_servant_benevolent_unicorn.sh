"$JUDGE" --width 80 resolve corpus/boards/fire-servant-benevolent-unicorn.board
