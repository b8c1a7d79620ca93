#!/usr/bin/env bash
# policy_docs.sh — the published policy documents in ../shared/docs parsed end to end: every
# contents entry found, section counts compared with counts made by grep/awk on the text,
# titles and penalties against the contents and Appendix A, each input form (text, PDF,
# pdftohtml HTML), the 2009 and 2008 numbering, the commands, and bad input.
n=0
ok() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi; }
[ -n "$SHARED" ] && [ -d "$SHARED/docs" ] || { echo "skip: ../shared/docs is absent (the policy documents are test inputs only)"; exit 77; }
command -v jq >/dev/null || { echo "skip: jq is not installed"; exit 77; }
D=$SHARED/docs
T=${TMPDIR:-/tmp}/policy_docs.$$
mkdir -p "$T"; trap 'rm -rf "$T"' EXIT

# --- IPG 2021, text: 28 infractions sections (chapters 2-4) + 5 in chapter 1 ---------------------
IPG=$D/ipg-2021-02-05.pdftotext.txt
$JUDGE --doc "$IPG" --json ipg >"$T/ipg.json"
# contents without judge: "N.N." lines in the first 100 lines, then titles with leaders
toc=$(head -n 101 "$IPG" | grep -cE '^[0-9]\.[0-9]+\.$')
infr=$(head -n 101 "$IPG" | grep -cE '^[234]\.[0-9]+\.$')
ok "IPG contents list $toc sections (awk), judge has as many numbered sections" \
   '[ "$(jq "[.[] | select(.number | test(\"^[0-9]+\\\\.[0-9]+$\"))] | length" "$T/ipg.json")" = "$toc" ]'
ok "28 sections (grep counts $toc), the $infr infractions of chapters 2-4 each with a penalty" \
   '[ "$toc" = 28 ] && [ "$(jq "[.[] | select(.number | test(\"^[234]\\\\.\")) | select(.penalty != null)] | length" "$T/ipg.json")" = "$infr" ]'
# titles: each contents title (the line after the number, leaders cut) is a section title
head -n 101 "$IPG" | awk '/^[0-9]\.[0-9]+\.$/ {getline t; print t}' | sed -E 's/ *\.{3,}.*$//' | sort >"$T/toc_titles"
jq -r '.[] | select(.number | test("^[0-9]+\\.[0-9]+$")) | .title' "$T/ipg.json" | sort >"$T/got_titles"
ok "every IPG section title is the contents' title" 'diff -q "$T/toc_titles" "$T/got_titles" >/dev/null'
# penalties against Appendix A's pairs (None = No Penalty)
for pair in "Missed Trigger:No Penalty" "Hidden Card Error:Warning" "Tardiness:Game Loss" "Outside Assistance:Match Loss" "Cheating:Disqualification" "Improperly Determining a Winner:Match Loss"; do
	t=${pair%%:*}; p=${pair#*:}
	ok "IPG '$t' has penalty $p" '[ "$(jq -r ".[] | select(.title | endswith(\"$t\")) | .penalty" "$T/ipg.json")" = "$p" ]'
done
$JUDGE --doc "$IPG" --json ipg 2.1 >"$T/j"
ok "2.1 has definition, examples, philosophy, remedy and upgrade" \
   '[ "$(jq -r ".parts | keys | sort | join(\",\")" "$T/j")" = "definition,examples,philosophy,remedy,upgrade" ]'
ok "2.1 examples are A. to D." '[ "$(jq -r ".parts.examples" "$T/j" | grep -c "^[A-D]\. ")" = 4 ]'
ok "no page number left inside 2.1" '! jq -r ".parts[]" "$T/j" | grep -qE "(^| )[0-9]{1,2}( |$)the resulting"'
$JUDGE --doc "$IPG" --json ipg hce remedy >"$T/j"
ok "ipg hce remedy: 2.3's remedy alone" '[ "$(jq -r .number "$T/j")" = 2.3 ] && [ "$(jq -r ".parts | keys | join(\",\")" "$T/j")" = remedy ]'
ok "lost hyphens restored (previously-unknown)" 'grep -q "previously-unknown" "$T/j" && ! grep -q previouslyunknown "$T/j"'

# --- MTR 2021: every contents entry -------------------------------------------------------------
MTR=$D/mtr-2021-07-23.pdftotext.txt
$JUDGE --doc "$MTR" --json mtr >"$T/mtr.json"
secs=$(head -n 124 "$MTR" | tr -d "\f" | grep -cE '^[0-9]+\.[0-9]+ .*\.{4,}')
chaps=$(head -n 124 "$MTR" | tr -d "\f" | grep -cE '^[0-9]+\. .*\.{4,}')
apps=$(head -n 124 "$MTR" | tr -d "\f" | grep -cE '^.?Appendix [A-Z]')
ok "MTR: $secs sections (awk) recovered" '[ "$(jq "[.[] | select(.number | test(\"^[0-9]+\\\\.[0-9]+$\"))] | length" "$T/mtr.json")" = "$secs" ]'
ok "MTR: $chaps chapters (awk) recovered" '[ "$(jq "[.[] | select(.level == 0 and (.number | test(\"^[0-9]+$\")))] | length" "$T/mtr.json")" = "$chaps" ]'
ok "MTR: $apps appendices (awk) recovered" '[ "$(jq "[.[] | select(.appendix)] | length" "$T/mtr.json")" = "$apps" ]'
head -n 124 "$MTR" | tr -d "\f" | grep -E '^[0-9]+\.[0-9]+ .*\.{4,}' | sed -E 's/^[0-9.]+ //; s/ *\.{3,}.*$//' | sort >"$T/toc_titles"
jq -r '.[] | select(.number | test("^[0-9]+\\.[0-9]+$")) | .title' "$T/mtr.json" | sort >"$T/got_titles"
ok "every MTR section title is the contents' title" 'diff -q "$T/toc_titles" "$T/got_titles" >/dev/null'
$JUDGE --doc "$MTR" --json mtr 1.6 >"$T/j"
ok "MTR 1.6 keeps its list and not the displaced 1.7" 'jq -r .parts.text "$T/j" | grep -q "^• Saving match result slips" && ! jq -r .parts.text "$T/j" | grep -qx "1.7"'
$JUDGE --doc "$MTR" mtr shortcuts >"$T/o"
ok "mtr shortcuts finds Tournament Shortcuts by title" 'head -n 1 "$T/o" | grep -q "Tournament Shortcuts"'
$JUDGE --doc "$MTR" --json mtr appendix f >"$T/j"
ok "mtr appendix f: programs zipped with their REL" 'jq -r .parts.text "$T/j" | grep -q "^Friday Night Magic — Regular$"'

# --- other forms and eras ------------------------------------------------------------------------
if command -v pdftotext >/dev/null; then
	$JUDGE --doc "$D/ipg-2021-02-05.pdf" --json ipg >"$T/pdf.json" 2>/dev/null
	ok "the IPG PDF gives the same sections as its text" 'cmp -s <(jq -c "[.[] | [.number,.title,.penalty]]" "$T/pdf.json") <(jq -c "[.[] | [.number,.title,.penalty]]" "$T/ipg.json")'
	$JUDGE --doc "$D/jar-2019-05-03.pdf" --json jar >"$T/jar19.json" 2>/dev/null
	ok "JAR 2019 PDF: 5 situations under Common Issues" '[ "$(jq "[.[] | select(.level == 1)] | length" "$T/jar19.json")" = 5 ]'
fi
$JUDGE --doc "$D/jar-2024-08-05.pdftohtml.html" --json jar >"$T/jar24.json"
ok "JAR 2024 HTML: the same situation ids as 2019" '[ -z "$(command -v pdftotext)" ] || cmp -s <(jq -r ".[].id" "$T/jar19.json" | sort) <(jq -r ".[] | select(.id != \"general-unwanted-behaviors\" and .id != \"serious-problems\" and .id != \"resources\" and .id != \"introduction\" and .id != \"common-issues\") | .id" "$T/jar24.json" | sort | cat - <(printf "common-issues\ngeneral-unwanted-behaviors\nintroduction\nresources\nserious-problems\n") | sort)'
$JUDGE --doc "$D/jar-2024-08-05.pdftohtml.html" jar "drew extra cards" >"$T/o"
ok "jar \"drew extra cards\" finds the extra cards situation" 'head -n 1 "$T/o" | grep -q "draws more cards"'
$JUDGE --doc "$D/mtr-2024-08-26.pdftohtml.html" --json mtr >"$T/m24.json"
ok "MTR 2024 HTML: 2.4 is End-of-Match Procedure (renumbered)" '[ "$(jq -r ".[] | select(.number == \"2.4\") | .title" "$T/m24.json")" = "End-of-Match Procedure" ]'
# pdftohtml places the cells of a table by position: rows with cells over several lines come
# out interleaved. The 2024 Appendix E is the 2021 one: its rows, put back from the page's
# geometry, are the rows the text parser zips from pdftotext's columns.
$JUDGE --doc "$D/mtr-2024-08-26.pdftohtml.html" --json mtr appendix e >"$T/j"
$JUDGE --doc "$MTR" --json mtr appendix e >"$T/j21"
ok "MTR 2024 HTML appendix E: the same table rows (a — b — c) as the 2021 text's" 'grep -q . <(jq -r .parts.text "$T/j21" | grep " — ") && cmp -s <(jq -r .parts.text "$T/j" | grep " — ") <(jq -r .parts.text "$T/j21" | grep " — ")'
ok "MTR 2024 HTML appendix E: a row with two alternatives in a cell over three lines" 'jq -r .parts.text "$T/j" | grep -qx "9-16 — 4 (if Limited Format with Booster Draft in Playoff); 5 (All Other Formats) — Top 8 (If Limited Format with Booster Draft in Playoff); Top 4 (All Other Formats)"'
$JUDGE --doc "$D/mtr-2024-08-26.pdftohtml.html" -v --json mtr | jq -r ".[] | .text" >"$T/m24.txt"
ok "MTR 2024 HTML: a banned list printed in two columns is read column after column, an item a line" 'grep -qx "• Lurrus of the Dream-Den" "$T/m24.txt" && grep -qx "• Mana Crypt" "$T/m24.txt" && grep -qx "• All cards that reference “playing for ante” (9 cards)" "$T/m24.txt"'
ok "MTR 2024 HTML: the tiebreaker example table in rows, a cell over two lines whole" 'grep -qx "1-3-0, then withdraws — 3 — 4 — 3/(4\*3) = 0.25, so 0.33 is used." "$T/m24.txt"'
# every section of the 2024 MTR is its contents entry: the contents' links (number, then title
# and leaders) read with grep and sed, against judge's numbered sections
grep -o 'href="#page[0-9]*-div">[^<]*' "$D/mtr-2024-08-26.pdftohtml.html" | sed 's/.*div">//' | grep -v '^ *$' |
	awk 'prev ~ /^[0-9]+\.[0-9]+$/ { print prev " " $0 } { prev = $0 }' | sed -E 's/ *\.{3,}.*$//' >"$T/toc24"
jq -r '.[] | select(.number | test("^[0-9]+\\.[0-9]+$")) | .number + " " + .title' "$T/m24.json" >"$T/got24"
ok "MTR 2024 HTML: all $(wc -l <"$T/toc24") numbered contents entries (grep/sed) are its sections, number and title" '[ "$(wc -l <"$T/toc24")" -ge 80 ] && diff -q "$T/toc24" "$T/got24" >/dev/null'
# layout read from pdftohtml's positions: lists printed side by side with their rows aligned
# (the Modern sets, the banned lists) column after column, an item a line; a table kept in rows
# with its cells apart; a page-break heading after a table's last row on a line of its own
ok "MTR 2024 HTML: no line holds two items of lists printed side by side" '! grep -v " — " "$T/m24.txt" | grep -q "^• .* • " && grep -qx "• Eighth Edition" "$T/m24.txt" && grep -qx "• Oath of the Gatewatch™" "$T/m24.txt"'
ok "MTR 2024 HTML: an item over two lines of its column is one (… Tales of Middle-earth®)" 'grep -qx "• The Lord of the Rings: Tales of Middle-earth®" "$T/m24.txt" && grep -qx "• Duskmourn: House of Horror (effective September 20, 2024)" "$T/m24.txt"'
ok "MTR 2024 HTML appendix F: a row a line, its cells apart (as the 2021 text's)" 'grep -qx "Friday Night Magic — Regular" "$T/m24.txt" && grep -qx "Game Day — Regular (Competitive recommended)" "$T/m24.txt"'
ok "MTR 2024 HTML appendix C: the heading after the table's last row, at a page break, is a line of its own" 'grep -qx "3-2-0, including a first-round bye, then withdraws — 9 — 5 — 9/(5\*3) = 0.60" "$T/m24.txt" && grep -qx "Game-win percentage" "$T/m24.txt"'
ok "MTR 2024 HTML appendix C: the game record table in its two rows" '[ "$(grep -c "^• Round 1: .* — [0-9]* — 1[01] — " "$T/m24.txt")" = 2 ]'
$JUDGE --doc "$D/mtr-2024-08-26.pdftohtml.html" --json mtr eom >"$T/j"
ok "the alias eom follows the title into 2.4" '[ "$(jq -r .number "$T/j")" = 2.4 ]'
$JUDGE --doc "$D/ipg-2024-04-15.pdftohtml.html" --json ipg hce >"$T/j"
ok "IPG 2024 HTML: hce is Hidden Card Error, a Warning" '[ "$(jq -r .penalty "$T/j")" = Warning ] && jq -r .title "$T/j" | grep -q "Hidden Card Error"'
$JUDGE --doc "$D/mtr-2009-07-01.txt" --json mtr >"$T/m09.json"
s09=$(tr -d '\r' <"$D/mtr-2009-07-01.txt" | head -n 110 | grep -cP '^\d+\.\d+\.?\t')
ok "MTR 2009: $s09 sections (awk) in its own numbering" '[ "$(jq "[.[] | select(.number | test(\"^[0-9]+\\\\.[0-9]+$\"))] | length" "$T/m09.json")" = "$s09" ]'
$JUDGE --doc "$D/dci-floor-rules-2008-03-01.txt" --json mtr >"$T/f08.json"
s08=$(tr -d '\r' <"$D/dci-floor-rules-2008-03-01.txt" | grep -cP '^\d{3}\.\s*\t')
ok "floor rules 2008: $s08 three-digit sections (grep)" '[ "$(jq "[.[] | select(.number | test(\"^[0-9]{3}$\"))] | length" "$T/f08.json")" = "$s08" ]'

# --- bad input: one clear line, the rest of judge answers ------------------------------------------
printf 'not a pdf' >"$T/bad.pdf"
head -c 3000 "$D/ipg-2021-02-05.pdf" >"$T/cut.pdf"
$JUDGE --doc "$T/bad.pdf" --doc "$T/cut.pdf" --doc "$IPG" ipg 2.3 >"$T/o" 2>"$T/e"; st=$?
ok "a non-PDF and a damaged PDF: one error line each, the IPG still answers (exit 2: files named that could not be used)" '[ $st = 2 ] && [ "$(grep -c "error:" "$T/e")" = 2 ] && head -n 1 "$T/o" | grep -q "Hidden Card Error"'
JUDGE_PDFTOTEXT=/nonexistent/pdftotext $JUDGE --doc "$D/ipg-2021-02-05.pdf" 100.1 >"$T/o" 2>"$T/e"; st=$?
ok "pdftotext missing: rules lookups still answer, and the --doc file that cannot be read is said, exit 2 as for any command" '[ $st = 2 ] && grep -q "100.1" "$T/o" && grep -q "pdftotext program (poppler-utils) is not installed" "$T/e"'
JUDGE_PDFTOTEXT=/nonexistent/pdftotext $JUDGE --doc "$D/ipg-2021-02-05.pdf" ipg 2.3 >"$T/o" 2>"$T/e"; st=$?
ok "pdftotext missing: one line saying so, exit 2 (the file named cannot be read)" '[ $st = 2 ] && grep -q "pdftotext program (poppler-utils) is not installed" "$T/e"'
$JUDGE --doc "$SHARED/cr/README.md" ipg 2.3 >"$T/o" 2>"$T/e"; st=$?
ok "a text that is no policy document: one error, then 'no IPG loaded', exit 2" '[ $st = 2 ] && grep -q "not a tournament policy document" "$T/e"'

# --- completion: section numbers, aliases, part names ------------------------------------------------
$JUDGE --doc "$IPG" --complete "ipg h" >"$T/o"
ok "completion: aliases (h -> hce)" 'grep -qx hce "$T/o"'
$JUDGE --doc "$IPG" --complete "ipg 2." >"$T/o"
ok "completion: the loaded IPG's section numbers" '[ "$(grep -c "^2\.[1-6]$" "$T/o")" = 6 ]'
$JUDGE --doc "$IPG" --complete "ipg 2.3 re" >"$T/o"
ok "completion: part names after a section" 'grep -qx remedy "$T/o"'

# --- diff and history across versions: sections matched by content, never by number -------------------
H=("$JUDGE" --doc "$D/dci-floor-rules-2008-03-01.txt" --doc "$D/mtr-2009-07-01.txt" --doc "$MTR" --doc "$D/mtr-2024-08-26.pdftohtml.html")
"${H[@]}" --json history mtr 3.10 >"$T/j"
ok "history mtr 3.10: Card Shuffling was 3.8 in 2009" '[ "$(jq -r ".[] | select(.version == \"2009-07-01\") | .number + \" \" + .title" "$T/j")" = "3.8 Card Shuffling" ]'
"${H[@]}" --json history mtr eom >"$T/j"
ok "history mtr eom: 2.4 in 2024, 2.5 in 2021 (the 2023 renumbering)" '[ "$(jq -r "[.[] | .version + \"=\" + .number] | join(\" \")" "$T/j" | cut -d" " -f1,2)" = "2024-08-26=2.4 2021-07-23=2.5" ]'
"${H[@]}" --json history mtr 2.1 >"$T/j"
ok "history mtr 2.1: the 2008 floor rules' 111 Match Structure (not 9.1's namesake)" '[ "$(jq -r ".[] | select(.document == \"floor-rules\") | .number" "$T/j")" = 111 ]'
"${H[@]}" --json diff mtr 2009-07-01 2021-07-23 >"$T/j"
ok "diff mtr 2009 2021: Appeals to the Head Judge moved 2.12 -> 2.9" '[ "$(jq -r ".changes[] | select(.title == \"Appeals to the Head Judge\") | .old_number + \">\" + .number" "$T/j")" = "2.12>2.9" ]'
ok "diff mtr 2009 2021: Die Rolling added" '[ "$(jq -r ".changes[] | select(.title == \"Die Rolling\") | .change" "$T/j")" = added ]'
ok "diff mtr 2009 2021: DCI Membership Number removed" '[ "$(jq -r ".changes[] | select(.old_title == \"DCI Membership Number\") | .change" "$T/j")" = removed ]'
"$JUDGE" --doc "$MTR" diff mtr >"$T/o" 2>"$T/e"; st=$?
ok "diff with one version: says two are needed" '[ $st = 1 ] && grep -q "1 version of the Tournament Rules loaded" "$T/e"'
