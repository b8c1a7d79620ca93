"$JUDGE" --json resolve tests/boards/bad-ability.board 2>/dev/null
