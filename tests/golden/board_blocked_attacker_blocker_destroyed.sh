"$JUDGE" --width 80 resolve corpus/boards/blocked-attacker-blocker-destroyed.board
