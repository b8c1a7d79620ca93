# a search that finds nothing prints nothing on stdout (the message goes to stderr) and exits 1
[ -f "$SHARED/cr/cr-2026-01-16.txt" ] || { echo "skip: ../shared/cr/cr-2026-01-16.txt is absent" >&2; exit 77; }
"$JUDGE" --rules "$SHARED/cr/cr-2026-01-16.txt" search qwxyzzyq
