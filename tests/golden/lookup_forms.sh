# The ways judges write a rule or a term: ranges ending in a bare number (702.1-5, the
# CR's own 119.7-8), "CR 704.5j", "rule 704.5j", an upper-case letter, abbreviations the
# thesaurus knows (ETB, cmc), a keyword's glossary entry with its rule, and references
# that end in a number range (701.12c "see rules 119.7–8").
[ -n "$SHARED" ] || { echo "skip: needs ../shared (official CR releases)" >&2; exit 77; }
J="$JUDGE --rules $SHARED/cr/cr-2026-01-16.txt"
$J 702.1-5 | grep -o '^702\.[0-9]*[a-z]*' | paste -sd' '; echo "exit ${PIPESTATUS[0]}"
$J 119.7-8 | grep -o '^119\.[0-9]*' | paste -sd' '
$J 702.1–5 | grep -c '^702\.[0-9]* '
for a in "CR 704.5j" "rule 704.5j" 704.5J "cr704.5j" "§ 704.5j" "704.5J."; do $J "$a" | head -n 1 | cut -c1-30; done
$J CR 704.5j | head -n 1 | cut -c1-30
$J 601.2F-H | grep -o '^601\.2[a-z]' | paste -sd' '
for t in ETB cmc "Tribal (Obsolete)" "converted mana cost"; do $J define "$t" | head -n 1; echo "exit ${PIPESTATUS[0]}"; done
$J trample | grep -E '^(Trample|702\.19 |  702\.19[a-z])' | cut -c1-40
$J "legend rule" | grep -c '^704'
$J refs 701.12c
$J backrefs 119.8
$J backrefs 119.10 | head -n 1
$J backrefs 712.10 | head -n 1
