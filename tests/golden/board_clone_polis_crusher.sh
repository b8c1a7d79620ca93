"$JUDGE" --width 80 resolve corpus/boards/clone-polis-crusher.board
