"$JUDGE" --width 80 resolve corpus/boards/counterspell-lightning-bolt.board
