# "Two target creatures" needs exactly two (601.2c): one is an error naming how many it takes.
"$JUDGE" resolve tests/boards/several-targets-too-few.board 2>&1
