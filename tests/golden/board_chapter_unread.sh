# A Saga's chapter ability judge can't read is an error only when it triggers, and the error
# points at the chapter's line, with the rule area it needs.
"$JUDGE" resolve tests/boards/chapter-unread.board 2>&1
