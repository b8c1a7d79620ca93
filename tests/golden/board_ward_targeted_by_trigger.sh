# Ward triggered by a triggered ability targeting: a stop that says judge does not counter
# triggered abilities (never a silent resolution).
"$JUDGE" --width 100 resolve tests/boards/ward-targeted-by-trigger.board
