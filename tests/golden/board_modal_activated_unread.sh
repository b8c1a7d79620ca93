# A mode of an activated ability judge doesn't read is refused only when the board chooses it.
"$JUDGE" resolve tests/boards/modal-activated-unread-mode.board 2>&1
