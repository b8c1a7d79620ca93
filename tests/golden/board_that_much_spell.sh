# "that much" in a spell is refused with the rule area that gives it a meaning (603.2), not
# read as 0 or sent to layer 6.
"$JUDGE" resolve tests/boards/that-much-spell.board 2>&1
