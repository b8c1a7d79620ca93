# judge diff over one chapter: damage assignment order left 509 between these releases
[ -n "$SHARED" ] || { echo "skip: ../shared is absent" >&2; exit 77; }
"$JUDGE" --rules "$SHARED/cr/cr-2024-07-30.txt" --rules "$SHARED/cr/cr-2025-11-14.txt" diff 2024-07-30 2025-11-14 509
