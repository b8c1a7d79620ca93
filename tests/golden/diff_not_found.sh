[ -n "$SHARED" ] || { echo "skip: needs ../shared (official CR releases)" >&2; exit 77; }
R="--rules $SHARED/cr/cr-2025-11-14.txt --rules $SHARED/cr/cr-2026-01-16.txt"
$JUDGE $R diff 2025-11-14 2026-01-16 999 2>&1; echo "[$?]"
$JUDGE $R --json diff 2025-11-14 2026-01-16 702.999 2>&1; echo "[$?]"
$JUDGE $R history 999.9 2>&1; echo "[$?]"
$JUDGE $R map 702.999 --to 2025-11-14 2>&1
