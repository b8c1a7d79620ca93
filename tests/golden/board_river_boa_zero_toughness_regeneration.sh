"$JUDGE" --width 80 resolve corpus/boards/river-boa-zero-toughness-regeneration.board
