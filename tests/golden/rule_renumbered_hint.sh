# a rule number from an older release: the hint names the release that has it and what the
# rule is called in the release answering (420.5e, the legend rule in 2008, is 704.5j now)
[ -n "$SHARED" ] || { echo "skip: ../shared is absent" >&2; exit 77; }
"$JUDGE" --rules "$SHARED/cr/cr-2008-10-01.txt" --rules "$SHARED/cr/cr-2026-01-16.txt" 420.5e 2>&1; echo "[$?]"
