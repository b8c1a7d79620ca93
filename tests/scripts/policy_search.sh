#!/usr/bin/env bash
# policy_search.sh — the policy documents inside `judge search`: the in:ipg / in:mtr / in:jar /
# in:policy / in:cr filters, a tournament question answered by its policy section first, a
# rules question left to the rules, the JSON of policy hits, and search unchanged without them.
n=0
ok() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi; }
[ -n "$SHARED" ] && [ -d "$SHARED/docs" ] || { echo "skip: ../shared/docs is absent (the policy documents are test inputs only)"; exit 77; }
command -v jq >/dev/null || { echo "skip: jq is not installed"; exit 77; }
D=$SHARED/docs
T=${TMPDIR:-/tmp}/policy_search.$$
mkdir -p "$T"; trap 'rm -rf "$T"' EXIT
J=("$JUDGE" --doc "$D/ipg-2021-02-05.pdftotext.txt" --doc "$D/mtr-2021-07-23.pdftotext.txt" --doc "$D/jar-2024-08-05.pdftohtml.html")

"${J[@]}" --json search my opponent forgot his exalted trigger >"$T/j"
ok "a forgotten trigger: the IPG's Missed Trigger first" '[ "$(jq -r ".[0].kind + \" \" + .[0].document" "$T/j")" = "policy ipg" ] && jq -r ".[0].title" "$T/j" | grep -q "Missed Trigger"'
ok "and the rules after it" '[ "$(jq "[.[] | select(.kind == \"rule\")] | length" "$T/j")" -gt 0 ]'
"${J[@]}" --json search his sleeves all have a bent corner >"$T/j"
ok "bent sleeves: Marked Cards first" 'jq -r ".[0].title" "$T/j" | grep -q "Marked Cards"'
"${J[@]}" --json search is that a hidden card error or a game rule violation >"$T/j"
ok "two infractions named by title: both first, policy before the rules" '[ "$(jq -r "[.[0,1] | .kind + \" \" + .title] | sort | join(\"|\")" "$T/j" | grep -c "policy .*Game Rule Violation|policy .*Hidden Card Error")" = 1 ]'
"${J[@]}" --json search trample deathtouch damage >"$T/j"
ok "a rules question: a rule first" '[ "$(jq -r ".[0].kind" "$T/j")" = rule ]'
"${J[@]}" --json search late to the table in:ipg >"$T/j"
ok "in:ipg: IPG sections only, Tardiness first" '[ "$(jq -r "[.[].document] | unique | join(\",\")" "$T/j")" = ipg ] && jq -r ".[0].title" "$T/j" | grep -q Tardiness'
"${J[@]}" --json search shortcuts in:mtr >"$T/j"
ok "in:mtr: MTR sections only" '[ "$(jq -r "[.[].document] | unique | join(\",\")" "$T/j")" = mtr ]'
"${J[@]}" --json search drew extra cards in:jar >"$T/j"
ok "in:jar: the extra cards situation" 'jq -r ".[0].title" "$T/j" | grep -q "draws more cards"'
"${J[@]}" --json search forgot exalted trigger in:cr >"$T/j"
ok "in:cr: no policy hits" '[ "$(jq "[.[] | select(.kind == \"policy\")] | length" "$T/j")" = 0 ]'
"${J[@]}" search a spectator told me I had lethal >"$T/o"
ok "text: 'Tournament policy' then 'Comprehensive Rules'" 'head -n 1 "$T/o" | grep -q "Tournament policy" && grep -q "^Comprehensive Rules" "$T/o"'
ok "the hit says document and section" 'sed -n 2p "$T/o" | grep -qE "^(IPG|MTR) [0-9]+\.[0-9]+ "'
"$JUDGE" search xyzzy in:ipg >"$T/o" 2>"$T/e"; st=$?
ok "in:ipg with no document loaded: exit 1 and how to load one" '[ $st = 1 ] && grep -q "no policy document is loaded" "$T/e"'
"$JUDGE" --json search forgot exalted trigger >"$T/j"
ok "without documents, search is the rules' alone" '[ "$(jq "[.[] | select(.kind == \"policy\")] | length" "$T/j")" = 0 ]'

# With a whole CR release (../shared/cr) beside the documents: what the documents' and the
# rules' own words say decides which comes first, not a list of words.
CR=$SHARED/cr/cr-2022-11-18.txt
if [ -f "$CR" ]; then
	"${J[@]}" --rules "$CR" --json search my opponent forgot his exalted trigger >"$T/j"
	ok "a missed trigger: IPG Missed Trigger first and CR 603 (triggered abilities) the first rule beside it" 'jq -r ".[0].title" "$T/j" | grep -q "Missed Trigger" && jq -r "[.[] | select(.kind == \"rule\")][0].id" "$T/j" | grep -qE "^603(\$|\.)"'
	"${J[@]}" --rules "$CR" --json search why does my commander cost 2 more each time >"$T/j"
	ok "a rules question with a word of tournaments in it (time): the rules first" '[ "$(jq -r ".[0].kind" "$T/j")" = rule ]'
	"${J[@]}" --rules "$CR" --json search he kept checking his tablet between games >"$T/j"
	ok "a tournament situation no thesaurus entry names: policy first" '[ "$(jq -r ".[0].kind" "$T/j")" = policy ]'
	"${J[@]}" --rules "$CR" --json search he forgot his upkeep trigger >"$T/j"
	ok "a trigger the question places in the upkeep: still CR 603 beside Missed Trigger (the section's title shares its word)" 'jq -r ".[0].title" "$T/j" | grep -q "Missed Trigger" && jq -r "[.[] | select(.kind == \"rule\")][0].id" "$T/j" | grep -qE "^603(\$|\.)"'
	"${J[@]}" --rules "$CR" --json search he attacked with a creature that came in this turn and nobody noticed >"$T/j"
	ok "a game action told as a mistake noticed afterwards, in game words only: policy first" '[ "$(jq -r ".[0].kind" "$T/j")" = policy ]'
	"${J[@]}" --rules "$CR" --json search scry 2 what do I do >"$T/j"
	ok "a rules question on a word the IPG's examples happen to use (scry): the rules first" '[ "$(jq -r ".[0].kind" "$T/j")" = rule ]'
	"${J[@]}" --rules "$CR" --json search we were in the middle of my turn when the round ended >"$T/j"
	ok "a word of running an event (the round) in a question of game words: policy first, End-of-Match Procedure" '[ "$(jq -r ".[0].kind" "$T/j")" = policy ] && jq -r ".[0].title" "$T/j" | grep -q "End-of-Match"'
	"${J[@]}" --rules "$CR" --json search can I skip a step that has already started >"$T/j"
	ok "a question asked, not told, with only a players' phrase of policy in it (skip a step): the rules first" '[ "$(jq -r ".[0].kind" "$T/j")" = rule ]'
	"${J[@]}" --rules "$CR" search he played a second land this turn and I only noticed at the end of the turn >"$T/o"
	ok "the game rule beside the policy answer, one line before the rules: CR 305.2 (the rule a Game Rule Violation broke)" 'grep -q "^Game rule beside it: CR 305.2 Lands\$" "$T/o" && [ "$(grep -n "^Game rule beside" "$T/o" | cut -d: -f1)" -lt "$(grep -n "^Comprehensive Rules" "$T/o" | cut -d: -f1)" ]'
	"${J[@]}" --rules "$CR" --json search my opponent forgot his exalted trigger >"$T/j"
	ok "JSON: the first policy hit carries its game_rule (603)" '[ "$(jq -r ".[0].game_rule.id" "$T/j")" = 603 ]'
	"${J[@]}" --rules "$CR" --json search my opponent is 12 minutes late for round three >"$T/j"
	ok "a policy answer with no game rule behind it (Tardiness): none shown" '[ "$(jq -r ".[0].kind" "$T/j")" = policy ] && [ "$(jq -r ".[0].game_rule" "$T/j")" = null ]'
	"${J[@]}" --rules "$CR" --json search he did not reveal the top card for his Dark Confidant trigger >"$T/j"
	ok "a rule the section's name finds only by a word (Hidden Card Error: 702.106 Hidden Agenda) is not its game rule" '! jq -r ".[0].game_rule.id // empty" "$T/j" | grep -q "^702\.106"'
	"${J[@]}" --rules "$CR" --json search Sword of Feast and Famine untap all lands after combat damage >"$T/j"
	ok "a rules question naming a card an IPG example uses (Sword of Feast and Famine): the rules first" '[ "$(jq -r ".[0].kind" "$T/j")" = rule ]'
	"${J[@]}" --rules "$CR" --json search can Pithing Needle name a fetchland >"$T/j"
	ok "another (Pithing Needle): the rules first" '[ "$(jq -r ".[0].kind" "$T/j")" = rule ]'
	"${J[@]}" --rules "$CR" --json search Serum Powder exile my hand and draw that many, is that a mulligan >"$T/j"
	ok "a card an example uses and a players' phrase of policy (mulligan): the rules first" '[ "$(jq -r ".[0].kind" "$T/j")" = rule ]'
	"${J[@]}" --rules "$CR" -v search she shuffled her graveyard into her library by mistake >"$T/o"
	ok "-v says why the policy block comes first" 'grep -q "^(first: .*a game error found afterwards" "$T/o"'
	"${J[@]}" --rules "$CR" search my opponent forgot his exalted trigger >"$T/o"
	ok "snippets never cut a character in two" '! grep -q $'"'"'\xef\xbf\xbd'"'"' "$T/o" && iconv -f UTF-8 -t UTF-8 "$T/o" >/dev/null'
else
	echo "skip: $CR is absent (a whole CR release to weigh policy words against)"
fi

# Every loaded edition is searched: the newest first, an older one labelled with its date.
JO=("$JUDGE" --doc "$D/mtr-2021-07-23.pdftotext.txt" --doc "$D/mtr-2009-07-01.txt" --doc "$D/dci-floor-rules-2008-03-01.txt")
"${JO[@]}" --json search extended format deck construction in:mtr >"$T/j"
ok "a section only the 2009 rules have: found, in the 2009 edition, marked not the newest" '[ "$(jq -r ".[0] | .title + \"|\" + .version + \"|\" + (.newest | tostring)" "$T/j")" = "Extended Format Deck Construction|2009-07-01|false" ]'
"${JO[@]}" search extended format deck construction in:mtr >"$T/o"
ok "text: the old edition labelled by its date" 'sed -n 2p "$T/o" | grep -q "Extended Format Deck Construction \[the 2009-07-01 edition\]"'
"${JO[@]}" --json search card shuffling in:mtr >"$T/j"
ok "a section all three editions have: once, from the newest" '[ "$(jq -r "[.[] | select(.title == \"Card Shuffling\")] | length" "$T/j")" = 1 ] && [ "$(jq -r ".[0] | .version + \" \" + (.newest | tostring)" "$T/j")" = "2021-07-23 true" ]'
