# Whiplash Trap's "two target creatures" is two different creatures (115.3): naming Tarmogoyf
"$JUDGE" resolve tests/boards/several-targets-errors.board 2>&1
