# --json quiz: a fixed seed gives these questions, choices and answers (no progress read or written)
[ -n "$SHARED" ] || { echo "skip: ../shared is absent" >&2; exit 77; }
"$JUDGE" --rules "$SHARED/cr/cr-2026-01-16.txt" --json quiz glossary cloze which --seed 42 --count 4
