"$JUDGE" --width 80 resolve corpus/boards/young-wolf-zero-toughness-undying.board
