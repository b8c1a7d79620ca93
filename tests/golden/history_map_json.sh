# judge map --json: 2008's first state-based action in a modern release, and a rule with none
[ -n "$SHARED" ] || { echo "skip: ../shared is absent" >&2; exit 77; }
"$JUDGE" --rules "$SHARED/cr" --cr 2008-10-01 --json map 420.5a --to 2025-11-14
"$JUDGE" --rules "$SHARED/cr" --cr 2024-07-30 --json map 509.2 --to=2025-11-14
