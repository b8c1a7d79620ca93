# Putting cards from a hand back on top of a library (Brainstorm) is not read: a clear refusal
# naming libraries and hands and the ability's text, never a resolution without it.
"$JUDGE" resolve tests/boards/brainstorm-unread.board 2>&1
