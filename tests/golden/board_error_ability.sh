"$JUDGE" resolve tests/boards/bad-ability.board 2>&1
