[ -n "$SHARED" ] || { echo "skip: needs ../shared (official CR releases)" >&2; exit 77; }
$JUDGE --rules $SHARED/cr --json versions | grep -E '"(date|rules|glossary|examples|refs|dangling)"' | tr -d ' ' | paste -sd' ' | sed 's/,"date"/\n"date"/g'; echo
$JUDGE --rules $SHARED/cr --cr 2024-07-30 --json rule 509.5g | grep '"version"'
$JUDGE --rules $SHARED/cr --json rule 509.3g | grep '"version"'
