# judge history follows the legend rule from 420.5e (2008) to 704.5j through the renumbering
[ -n "$SHARED" ] || { echo "skip: ../shared is absent" >&2; exit 77; }
"$JUDGE" --rules "$SHARED/cr" history 704.5j
