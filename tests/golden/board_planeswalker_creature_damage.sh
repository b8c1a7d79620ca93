"$JUDGE" --width 80 resolve corpus/boards/planeswalker-creature-damage.board
