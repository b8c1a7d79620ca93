"$JUDGE" resolve tests/boards/bad-syntax.board 2>&1
