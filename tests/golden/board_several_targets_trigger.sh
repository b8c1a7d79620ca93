# Several targets of one word "target" on a triggered ability are not modelled: judge refuses
"$JUDGE" resolve tests/boards/several-targets-trigger.board 2>&1
