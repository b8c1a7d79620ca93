"$JUDGE" --width 80 resolve corpus/boards/indestructible-lethal-damage.board
