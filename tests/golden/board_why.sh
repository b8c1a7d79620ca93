# `why N` prints the rules a step cites, from the CR loaded with --rules
[ -n "$SHARED" ] || { echo "skip: ../shared is absent" >&2; exit 77; }
printf 'resolve corpus/boards/first-strike-kills-blocker.board\nwhy 4\nwhy 99\n' | "$JUDGE" --width 80 --rules "$SHARED/cr/cr-2026-01-16.txt" 2>&1
