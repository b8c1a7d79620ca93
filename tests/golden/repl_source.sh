# :source runs a file of REPL commands; its settings and navigation carry on afterwards.
printf ':source tests/golden/data/tour.judge\nback\n' | "$JUDGE" --rules tests/golden/data/mini-cr.txt 2>&1
