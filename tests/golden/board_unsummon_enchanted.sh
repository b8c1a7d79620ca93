"$JUDGE" --width 80 resolve corpus/boards/unsummon-enchanted.board
