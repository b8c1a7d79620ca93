# Against the 2026-01-16 rules: the CR links of a few pages and headings.
[ -n "$SHARED" ] || { echo "skip: ../shared is absent" >&2; exit 77; }
for t in "state-based actions" layers "declare blockers step" "two-headed giant" "missed triggers" "copiable values"; do
	$JUDGE --width 80 --rules "$SHARED/cr/cr-2026-01-16.txt" textbook "$t" | tail -n 1
done
