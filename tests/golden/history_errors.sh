# bad input to diff, history and map: one clear line, a next step, exit 2 (or 1 for a missing rule)
[ -n "$SHARED" ] || { echo "skip: ../shared is absent" >&2; exit 77; }
R="--rules $SHARED/cr/cr-2024-07-30.txt --rules $SHARED/cr/cr-2025-11-14.txt"
"$JUDGE" $R diff 1999-01-01 2>&1; echo "[$?]"
"$JUDGE" $R diff 2024-07-30 2025-11-14 banana 2>&1; echo "[$?]"
"$JUDGE" $R diff 2>&1; echo "[$?]"
"$JUDGE" $R history 999.9z 2>&1; echo "[$?]"
"$JUDGE" $R history 2>&1; echo "[$?]"
"$JUDGE" $R map 509.2 2>&1; echo "[$?]"
"$JUDGE" $R map 509.2 --to 2031-01-01 2>&1; echo "[$?]"
"$JUDGE" $R map 509.2 --bogus 2>&1; echo "[$?]"
"$JUDGE" $R --cr 2024-07-30 map 509.2 --to 2025-11-14 2>&1; echo "[$?]"
"$JUDGE" $R map 509.5g --to 2025-11-14 2>&1; echo "[$?]"
