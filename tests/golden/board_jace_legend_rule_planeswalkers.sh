"$JUDGE" --width 80 resolve corpus/boards/jace-legend-rule-planeswalkers.board
