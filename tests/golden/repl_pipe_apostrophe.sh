# On a pipe (as in the REPL) an apostrophe inside a word is part of it: people type
# "what's", "can't", "opponent's"; only a quote that opens a word opens a phrase.
"$JUDGE" --rules tests/golden/data/mini-cr.txt <<'EOF2' 2>&1
search what's trample
search opponent's creature can't block -n 1
search 'can't be blocked' -n 1
define 'first strike
EOF2
