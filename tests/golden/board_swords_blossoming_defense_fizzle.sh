"$JUDGE" --width 80 resolve corpus/boards/swords-blossoming-defense-fizzle.board
