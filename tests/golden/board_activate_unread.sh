# An activated ability judge can't read is an error only when the board activates it, and
# the error points at the ability's line.
"$JUDGE" resolve tests/boards/activate-unread.board 2>&1
