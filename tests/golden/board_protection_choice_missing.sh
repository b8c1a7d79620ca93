# "protection from the color of your choice" is chosen as the spell resolves (608.2d): without a
"$JUDGE" resolve tests/boards/protection-choice-missing.board 2>&1
