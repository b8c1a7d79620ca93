"$JUDGE" --width 80 resolve corpus/boards/lightning-helix-hexproof.board
