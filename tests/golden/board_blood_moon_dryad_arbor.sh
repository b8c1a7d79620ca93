"$JUDGE" --width 80 resolve corpus/boards/blood-moon-dryad-arbor.board
