"$JUDGE" --width 80 resolve corpus/boards/equipment-protection-artifacts.board
