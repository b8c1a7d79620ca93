"$JUDGE" --width 80 resolve corpus/boards/glistener-elf-warhammer-blocked.board
