# A graveyard card's ability judge doesn't read (Snapcaster Mage's flashback) is refused with
# graveyards as its rule area when it triggers.
"$JUDGE" resolve tests/boards/snapcaster-unread.board 2>&1
