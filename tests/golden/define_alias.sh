[ -n "$SHARED" ] || { echo "skip: needs ../shared (official CR releases)" >&2; exit 77; }
$JUDGE --rules $SHARED/cr/cr-2026-01-16.txt define controller
$JUDGE --rules $SHARED/cr/cr-2026-01-16.txt define 'LETHAL damage'
$JUDGE --rules $SHARED/cr/cr-2026-01-16.txt define 'damage assignment order'
$JUDGE --rules $SHARED/cr/cr-2026-01-16.txt define deathtuch 2>&1
