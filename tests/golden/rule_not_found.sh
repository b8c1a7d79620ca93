[ -n "$SHARED" ] || { echo "skip: needs ../shared (official CR releases)" >&2; exit 77; }
$JUDGE --rules $SHARED/cr/cr-2026-01-16.txt 704.5l 2>&1
$JUDGE --rules $SHARED/cr/cr-2026-01-16.txt 702.999 2>&1
$JUDGE --rules $SHARED/cr/cr-2026-01-16.txt 999.9 2>&1
$JUDGE --rules $SHARED/cr/cr-2026-01-16.txt 123.4a 2>&1
