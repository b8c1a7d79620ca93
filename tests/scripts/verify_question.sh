#!/usr/bin/env bash
# "is 704.5j the legend rule?": yes or no comes first, with the rule the topic really is,
# found by the glossary, a rule's title or a name the rules give in quotes, in the release
# answering — so the answer follows the release (the legend rule was 704.5k in 2013). A
# topic judge cannot place is said so, never guessed from the first hit. The built-in texts
# are parts of old releases: a rule they lack is "not in" them, never "no".
set -u
export NO_COLOR=1
n=0
check() {   # check NAME EXPECTED-REGEX OUTPUT
	n=$((n + 1))
	if printf '%s\n' "$3" | head -"${L:-4}" | tr '\n' ' ' | grep -Eq -- "$2"; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1: wanted /$2/, got:"; printf '%s\n' "$3" | head -4 | sed 's/^/#   /'
	fi
}
first() { "$JUDGE" "$@" 2>&1 | head -4 | tr '\n' ' ' | sed 's/  */ /g'; }

# the built-in texts (always present)
check "built-in: 704.5j is not in the partial texts; the legend rule is 420.5e there" \
	'^704\.5j is not in the about-2005-2008 rules.*legend rule is 420\.5e.*can.t tell' \
	"$(first "is 704.5j the legend rule?")"
check "built-in: a rule the texts have answers yes" '^Yes: 420\.5e is the legend rule' \
	"$(first "is 420.5e the legend rule?")"
check "built-in: a scraped fragment's run-in title names the rule" \
	'^No: 502\.9 is Trample\. Flying is 502\.4' "$(first "is 502.9 flying?")"
check "built-in: a two-word name that ends a title" '^Yes: 101 is the golden rule' \
	"$(first "is 101 the golden rule")"
out=$("$JUDGE" "is that a Hidden Card Error or a Game Rule Violation?" 2>&1)
L=9 check "infraction names are a policy question, not card names" 'tournament policy question.*judge update --docs' "$out"
n=$((n + 1))
if printf '%s' "$out" | grep -q "name cards"; then echo "not ok $n - \"Hidden Card Error\" taken for a card's name"; else echo "ok $n - no card note for infraction names"; fi
check "an ordinary question has no verdict" '^[^YN]' "$(first "trample deathtouch how much damage")"
check "no verdict without a rule number" '^[^YN]' "$(first "is trample a static ability")"
out=$("$JUDGE" --json "is 420.5e the legend rule?" 2>/dev/null | python3 -c 'import json,sys; v=json.load(sys.stdin)[0]; print(v["kind"], v["answer"], v["rule"], v["topic_rules"][0])')
check "--json: the verdict is the first object" '^verdict yes 420\.5e 420\.5e' "$out"

if [ -z "${SHARED:-}" ]; then
	echo "# skip: ../shared is absent (the official CR releases are test inputs only): whole-release checks left out"
	exit 0
fi
C26=$SHARED/cr/cr-2026-01-16.txt
check "2026: yes, by the glossary" '^Yes: 704\.5j is the legend rule \(by the glossary.s .Legend Rule.\)' \
	"$(first --rules "$C26" "is 704.5j the legend rule?")"
check "2026: no, with the rule asked and the one meant" '^No: 704\.5k is the world rule\. The legend rule is 704\.5j' \
	"$(first --rules "$C26" "is 704.5k the legend rule?")"
check "2026: the topic before the number" '^Yes: 704\.5j is the legend rule' \
	"$(first --rules "$C26" "is the legend rule 704.5j")"
check "2026: a statement with right?" '^Yes: 704\.5j is the legend rule' \
	"$(first --rules "$C26" "704.5j is the legend rule, right?")"
check "2026: a keyword by its glossary entry" '^Yes: 702\.19 is trample' "$(first --rules "$C26" "is trample 702.19?")"
check "2026: a subrule is part of the keyword's rule" '^Yes: 702\.19c is part of 702\.19, trample' \
	"$(first --rules "$C26" "is 702.19c trample?")"
check "2026: the legend rule is under 704.5" '^In part: the legend rule is 704\.5j.*under 704\.5' \
	"$(first --rules "$C26" "is 704.5 the legend rule")"
check "2026: a rule named by its first words" '^Yes: 613\.1f is layer 6' "$(first --rules "$C26" "is 613.1f layer 6?")"
check "2026: a number the whole release lacks is no" '^No: there is no rule 702\.999\. Flying is 702\.9' \
	"$(first --rules "$C26" "is 702.999 flying")"
check "2026: a topic judge can't place is said so" "^Judge can.t tell: 510\.1 is .*combat damage assignment" \
	"$(first --rules "$C26" "is 510.1 combat damage assignment")"
check "2013: the legend rule was 704.5k" '^Yes: 704\.5k is the legend rule' \
	"$(first --rules "$SHARED/cr/cr-2013-05-01.txt" "is 704.5k the legend rule?")"
check "2008: the legend rule was 420.5e" '^No: there is no rule 704\.5k\. The legend rule is 420\.5e' \
	"$(first --rules "$SHARED/cr/cr-2008-10-01.txt" "is 704.5k the legend rule?")"
# every release and archive text: a verdict or a clear "can't tell", never a crash
bad=0 total=0
for f in "$SHARED"/cr/*.txt "$SHARED"/cr-archive/*.txt; do
	[ -f "$f" ] || continue
	total=$((total + 1))
	"$JUDGE" --rules "$f" "is 704.5k the legend rule?" >/dev/null 2>&1
	st=$?
	[ $st -le 1 ] || { bad=$((bad + 1)); echo "# $(basename "$f"): exit $st"; }
done
n=$((n + 1))
[ $bad = 0 ] && echo "ok $n - every release answers ($total)" || echo "not ok $n - $bad of $total releases failed"
