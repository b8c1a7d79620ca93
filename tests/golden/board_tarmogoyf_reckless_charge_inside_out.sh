"$JUDGE" --width 80 resolve corpus/boards/tarmogoyf-reckless-charge-inside-out.board
