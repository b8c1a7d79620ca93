"$JUDGE" --width 80 resolve corpus/boards/furnace-of-rath-prevention-order.board
