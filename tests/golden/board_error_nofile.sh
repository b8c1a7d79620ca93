"$JUDGE" resolve tests/boards/no-such-file.board 2>&1
