#!/usr/bin/env bash
# narrow_width.sh — what judge prints fits a 40-column terminal (--width 40): the quiz's
# introduction, question lines and score, the study statistics, the penalty walk-through (IPG
# and JAR), a policy section's source line, the resolver's Board: header, and the headers of
# diff, history and map. A line longer than 40 columns fails unless it is one unbreakable token
# (a path, a URL). Widths are counted in characters, as a terminal shows them.
set -u
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
export NO_COLOR=1
# the lines over 40 columns that hold a space, into $W/long
fits() {
	tee "$W/all" | python3 -c '
import sys, unicodedata
for line in sys.stdin.read().split("\n"):
    w = sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
    if w > 40 and " " in line.strip():
        print("%d: %s" % (w, line))' >"$W/long"
	[ -s "$W/all" ] || { echo "#   (no output)"; return 1; }
	[ ! -s "$W/long" ] || { sed 's/^/#   /' "$W/long" | head -n 5; return 1; }
}
J() { "$JUDGE" --width 40 "$@" 2>&1; }

# built-in data only
board=$(for b in "$ROOT"/corpus/boards/*.board; do t=$(grep -m1 '^title ' "$b"); echo "${#t} $b"; done | sort -rn | head -n 1 | cut -d' ' -f2)
"$JUDGE" --width 40 resolve "$board" 2>/dev/null | fits; ok $? "resolve (standard output): the Board: header of the longest title ($(basename "$board"))"

[ -n "${SHARED:-}" ] || { echo "1..$n"; echo "# skip: the rest needs ../shared (CR releases and policy documents)"; exit $bad; }
CR="$SHARED/cr/cr-2026-01-16.txt"; CR2="$SHARED/cr/cr-2025-11-14.txt"; D="$SHARED/docs"
printf 'a\n1\nzz\n' | J --rules "$CR" quiz -n 3 | fits; ok $? "quiz: the introduction, each question's line and the score"
# fixed seeds from an empty study state: glossary terms as long as "Partner, “Partner—[text],”
# “Partner with [name]”" and a Read: line of a dozen rules (these failed at random before)
for s in 2 4; do
	yes a | head -n 60 | XDG_STATE_HOME="$W/st$s" XDG_DATA_HOME="$W/da$s" J --rules "$CR" quiz glossary --count 50 --seed "$s" | fits
	ok $? "quiz glossary --seed $s: each Source: and Read: line"
done
J --rules "$CR" study stats | fits; ok $? "study stats: the header and a line for each section"
J --rules "$CR" --doc "$D/ipg-2021-02-05.pdf" penalty --rel competitive drew extra cards </dev/null | fits
ok $? "penalty (IPG): the REL line, the steps and the closing line"
J --rules "$CR" --doc "$D/jar-2024-08-05.pdftohtml.html" penalty --rel regular drew extra cards </dev/null | fits
ok $? "penalty (JAR): the Regular REL line and the closing line"
J --rules "$CR" --doc "$D/mtr-2020-01-24.pdf" mtr 2.3 | fits; ok $? "mtr 2.3: the source line"
J --rules "$CR" --rules "$CR2" diff 2025-11-14 2026-01-16 | fits; ok $? "diff: the header"
J --rules "$CR" --rules "$CR2" history 702.19 | fits; ok $? "history: the header"
J --rules "$CR" --rules "$CR2" map 702.19 --to 2025-11-14 | fits; ok $? "map: the header"
echo "1..$n"
exit $bad
