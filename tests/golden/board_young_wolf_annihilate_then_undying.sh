"$JUDGE" --width 80 resolve corpus/boards/young-wolf-annihilate-then-undying.board
