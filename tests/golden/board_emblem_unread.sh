# An emblem whose abilities judge doesn't read is refused with the rule area 114 and the
# ability's text, at the line of the loyalty ability that creates it.
"$JUDGE" resolve tests/boards/emblem-unread.board 2>&1
