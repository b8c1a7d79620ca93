# Gods Willing scries 1, and the board names the top card of Alice's library: where that card
"$JUDGE" resolve tests/boards/scry-library-named.board 2>&1
