[ -n "$SHARED" ] || { echo "skip: needs ../shared (official CR releases)" >&2; exit 77; }
$JUDGE --rules $SHARED/cr/cr-2026-01-16.txt --json rule 601.2f-h | grep '"id"'
$JUDGE --rules $SHARED/cr/cr-2026-01-16.txt --json 702.19b–d | grep '"id"'
