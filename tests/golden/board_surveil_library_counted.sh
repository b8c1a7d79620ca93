# Surveil puts cards into the graveyard: with `library 30` stated, the count shown would depend
"$JUDGE" resolve tests/boards/surveil-library-counted.board 2>&1
