# A cost change judge doesn't read names 601.2f as the rule area it needs.
"$JUDGE" resolve tests/boards/cost-mod-unread.board 2>&1
