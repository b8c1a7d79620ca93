# A "put into a graveyard from anywhere" trigger that shuffles the card into its library is not
# read: refused at its line, with its rule area, unlike Darksteel Colossus' replacement.
"$JUDGE" resolve tests/boards/serra-avatar-unread.board 2>&1
