# judge --json search: id, kind, score, title, snippet; a glossary entry lists the rules it cites
[ -f "$SHARED/cr/cr-2026-01-16.txt" ] || { echo "skip: ../shared/cr/cr-2026-01-16.txt is absent" >&2; exit 77; }
"$JUDGE" --rules "$SHARED/cr/cr-2026-01-16.txt" --json search -n 3 '"lethal damage"' in:glossary
