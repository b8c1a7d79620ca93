"$JUDGE" --width 80 resolve corpus/boards/divine-verdict-river-boa.board
