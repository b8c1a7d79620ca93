"$JUDGE" --width 80 resolve corpus/boards/indestructible-zero-toughness-token.board
