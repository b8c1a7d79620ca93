# judge search on the 2026-01-16 release: titles, snippets, the "more" line
[ -f "$SHARED/cr/cr-2026-01-16.txt" ] || { echo "skip: ../shared/cr/cr-2026-01-16.txt is absent" >&2; exit 77; }
"$JUDGE" --rules "$SHARED/cr/cr-2026-01-16.txt" --width 80 search -n 4 trample deathtouch damage
