# help COMMAND from the command table, in the REPL and one-shot (where REPL-only commands say so).
printf 'help rule\nhelp follow\nhelp :set\nhelp ?\n' | "$JUDGE" --rules tests/golden/data/mini-cr.txt 2>&1
"$JUDGE" --rules tests/golden/data/mini-cr.txt help where 2>&1
