#!/usr/bin/env bash
# policy_penalty.sh — `judge penalty` end to end on the published documents: the REL picks the
# document, the likely infractions come with their definitions, each step cites its section,
# the JSON has the same, and it says the call is the judge's.
n=0
ok() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi; }
[ -n "$SHARED" ] && [ -d "$SHARED/docs" ] || { echo "skip: ../shared/docs is absent (the policy documents are test inputs only)"; exit 77; }
command -v jq >/dev/null || { echo "skip: jq is not installed"; exit 77; }
D=$SHARED/docs
T=${TMPDIR:-/tmp}/policy_penalty.$$
mkdir -p "$T"; trap 'rm -rf "$T"' EXIT
J=("$JUDGE" --doc "$D/ipg-2021-02-05.pdftotext.txt" --doc "$D/jar-2024-08-05.pdftohtml.html")

"${J[@]}" penalty my opponent forgot his exalted trigger --rel competitive >"$T/o"; st=$?
ok "exit 0, Competitive REL and the IPG named" '[ $st = 0 ] && head -n 1 "$T/o" | grep -q "^Competitive REL: the Infraction Procedure Guide, effective 2021-02-05"'
ok "Missed Trigger is the first likely infraction" 'sed -n "/^1\./,/^2\./p" "$T/o" | grep -m 1 -E "^  [0-9]" | grep -q "Missed Trigger (No Penalty)"'
ok "five steps" '[ "$(grep -cE "^[1-5]\. " "$T/o")" = 5 ]'
ok "the remedy cites 2.1's Additional Remedy" 'grep -q "\[IPG 2.1, Additional Remedy\]" "$T/o"'
ok "the upgrade cites 2.1's Upgrade" 'grep -q "\[IPG 2.1, Upgrade\]" "$T/o"'
ok "the philosophy is cited" 'grep -q "\[IPG 2.1, Philosophy\]" "$T/o"'
ok "backing up cites the section found by its title" 'grep -q "\[IPG 1.4, Backing Up\]" "$T/o"'
ok "it says the call is the judge's" 'tail -n 1 "$T/o" | grep -q "is the judge.s call"'
"${J[@]}" penalty he was 15 minutes late >"$T/o"
ok "no --rel: Competitive assumed and said" 'head -n 1 "$T/o" | grep -q "assumed"'
ok "late: Tardiness, a Game Loss" 'grep -q "Tardiness (Game Loss)" "$T/o"'
"${J[@]}" penalty player drew extra cards --rel regular >"$T/o"
ok "Regular REL: the JAR, not the IPG" 'head -n 1 "$T/o" | grep -q "^Regular REL: Judging at Regular REL" && ! grep -q "\[IPG" "$T/o"'
ok "the extra cards situation, cited by its id" 'grep -q "\[JAR accidentally-draws-more-cards\]" "$T/o"'
"${J[@]}" --json penalty his sleeves are marked --rel pro >"$T/j"
ok "JSON: rel, candidates, most_likely with its parts" '[ "$(jq -r .rel "$T/j")" = Professional ] && [ "$(jq ".candidates | length" "$T/j")" -ge 1 ] && jq -e ".most_likely.parts.definition" "$T/j" >/dev/null && jq -r .most_likely.title "$T/j" | grep -q "Marked Cards"'
"${J[@]}" penalty x --rel casual >"$T/o" 2>"$T/e"; st=$?
ok "an unknown REL is a usage error" '[ $st = 2 ] && grep -q "unknown REL" "$T/e"'
"$JUDGE" penalty drew an extra card >"$T/o" 2>"$T/e"; st=$?
ok "no IPG loaded: exit 1 and how to load one" '[ $st = 1 ] && grep -q "no Infraction Procedure Guide is loaded" "$T/e"'

# A verb is not the noun of an infraction's name: "played" (a land, a spell) is not Slow Play's
# "Play", nor are "plays", "playing"; the name's word still counts when the question says it
# as a noun ("slow play", "forever to play" aside). With the IPG alone, as a judge would load it.
I=("$JUDGE" --doc "$D/ipg-2021-02-05.pdftotext.txt")
first() { "${I[@]}" --json penalty "$1" --rel competitive | jq -r '.candidates[0].title'; }
all() { "${I[@]}" --json penalty "$1" --rel competitive | jq -r '.candidates[].title'; }
ok "a second land this turn: Game Rule Violation first, not Slow Play" 'first "he played a second land this turn" | grep -q "Game Rule Violation"'
ok "played two lands in one turn: Game Rule Violation first" 'first "he played two lands in one turn" | grep -q "Game Rule Violation"'
ok "a land played in the opponent's turn: Game Rule Violation first" 'first "he played a land during his opponent'"'"'s turn" | grep -q "Game Rule Violation"'
ok "played a land after already playing one: not Slow Play first" '! first "he played a land after already playing one" | grep -q "Slow Play"'
ok "played a sorcery on my turn: not Slow Play first" '! first "opponent played a sorcery on my turn" | grep -q "Slow Play"'
ok "plays a land having already played one: Slow Play not among the likely" '! all "he plays a land after combat in his second main phase and had already played one" | grep -q "Slow Play"'
ok "playing with 61 cards: not Slow Play" '! all "playing with 61 cards" | grep -q "Slow Play"'
ok "taking forever to play: still Slow Play first" 'first "he is taking forever to play his turn" | grep -q "Slow Play"'
# a count of cards a deck is made of, whatever the number, is the deck's; a card drawn is no match drawn
ok "playing with 61 cards: Deck Problem or Decklist Problem first, not Looking at Extra Cards" 'first "playing with 61 cards" | grep -q "Deck Problem\|Decklist Problem"'
ok "his deck has 61 cards: Deck Problem or Decklist Problem first" 'first "his deck has 61 cards" | grep -q "Deck Problem\|Decklist Problem"'
ok "59 cards at the deck check: Deck Problem first" 'first "59 cards at deck check" | grep -q "Deck Problem"'
ok "Divination: he drew 3 — the card drawn, Hidden Card Error first, not Improperly Determining a Winner (\"a draw\")" 'first "Divination: he drew 3" | grep -q "Hidden Card Error"'
ok "he resolved Divination and drew 3: Hidden Card Error first" 'first "he resolved Divination and drew 3" | grep -q "Hidden Card Error"'
ok "he cast Divination and drew three cards: Hidden Card Error first" 'first "he cast Divination and drew three cards" | grep -q "Hidden Card Error"'

# In the session, penalty is a short dialogue: the REL, then what happened, then which of the
# likely infractions it is; what follows is about the one chosen.
"${J[@]}" --json penalty "drew an extra card" --rel competitive >"$T/j"
second=$(jq -r '.candidates[1].number' "$T/j"); second_title=$(jq -r '.candidates[1].title' "$T/j")
printf 'penalty\ncompetitive\ndrew an extra card\n%s\n' "$second" | "${J[@]}" >"$T/o" 2>"$T/e"
ok "the dialogue asks the REL first, then what happened, then which one" 'a=$(grep -n "^Which REL?" "$T/o" | cut -d: -f1); b=$(grep -n "^What happened?" "$T/o" | cut -d: -f1); k=$(grep -n "^Which one is it?" "$T/o" | cut -d: -f1); [ -n "$a" ] && [ -n "$b" ] && [ -n "$k" ] && [ "$a" -lt "$b" ] && [ "$b" -lt "$k" ]'
ok "the one chosen (the second likely one) is the one whose penalty is laid out" '[ -n "$second" ] && [ "$second" != null ] && grep -qF "for $second_title." "$T/o"'
ok "and the dialogue still says the call is the judge's" 'grep -q "is the judge.s call" "$T/o"'
printf 'penalty\nregular\ndrew extra cards\n' | "${J[@]}" >"$T/o" 2>"$T/e"
ok "Regular REL in the dialogue: the JAR's situation, no choice of infraction asked" 'grep -q "draws more cards" "$T/o" && ! grep -q "^Which one is it?" "$T/o"'
printf 'penalty\nsemi-pro\n' | "${J[@]}" >"$T/o" 2>"$T/e"
ok "an unknown REL in the dialogue: one error" 'grep -q "unknown REL .semi-pro." "$T/e"'
"${J[@]}" penalty "drew an extra card" --rel competitive >"$T/o" </dev/null
ok "one-shot: nothing asked" '! grep -q "^Which" "$T/o"'

# With a whole CR release, the game rule beside the infraction: one line, and in JSON.
CR=$SHARED/cr/cr-2022-11-18.txt
if [ -f "$CR" ]; then
	"${J[@]}" --rules "$CR" penalty my opponent forgot his exalted trigger --rel competitive >"$T/o"
	ok "a missed trigger: the game rule beside it is CR 603, on one line" '[ "$(grep -c "^  Game rule beside it: CR 603 Handling Triggered Abilities$" "$T/o")" = 1 ]'
	"${J[@]}" --rules "$CR" --json penalty he played a second land this turn and nobody noticed >"$T/j"
	ok "JSON: a Game Rule Violation's game rule is the one the description breaks (305.2)" '[ "$(jq -r ".most_likely.title" "$T/j" | grep -c "Game Rule Violation\|Failure to Maintain")" = 1 ] && [ "$(jq -r .game_rule.id "$T/j")" = 305.2 ]'
	"${J[@]}" --rules "$CR" --json penalty he was 15 minutes late >"$T/j"
	ok "Tardiness has no game rule beside it" '[ "$(jq -r .game_rule "$T/j")" = null ]'
	"${J[@]}" penalty my opponent forgot his exalted trigger --rel competitive >"$T/o"
	ok "with only the built-in partial rules, no game rule line" '! grep -q "Game rule beside it" "$T/o"'
else
	echo "skip: $CR is absent (a whole CR release for the game rule beside the infraction)"
fi

# Two likely infractions a judge confuses: what tells them apart, in the loaded IPG's own words
# (its sentences that name the other, with the condition they set), in every edition loaded,
# each checked by title, never by number.
for era in "2020:$D/ipg-2020-01-24.pdf" "2021:$D/ipg-2021-02-05.pdftotext.txt" "2024:$D/ipg-2024-04-15.pdftohtml.html"; do
	y=${era%%:*} f=${era#*:}
	case $f in *.pdf) command -v pdftotext >/dev/null || { echo "skip: pdftotext is not installed (the $y IPG is a PDF)"; continue; } ;; esac
	E=("$JUDGE" --doc "$f")
	num() { "${E[@]}" --json ipg "$1" | jq -r .number; }
	stall=$(num stalling) sp=$(num "slow play") ftm=$(num ftmgs) hce=$(num hce) lec=$(num laec) dlp=$(num dlp)
	# asks: the conditions of telling_apart that lead to section $2, one a line
	asks() { "${E[@]}" --json penalty "$1" --rel competitive | jq -r --arg n "$2" '.telling_apart[].says[] | select(.then == $n) | .ask // empty'; }
	ok "IPG $y: Slow Play or Stalling? intent, from Slow Play's definition, leads to Stalling" 'asks "he is playing slowly" "$stall" | grep -q "intentionally playing slowly"'
	ok "IPG $y: and Stalling's own \"not intentional\" leads back to Slow Play" 'asks "he is playing slowly" "$sp" | grep -q "not intentional"'
	ok "IPG $y: Game Rule Violation or Failure to Maintain Game State? the opponent who could have noticed" 'asks "my opponent cast a spell without paying and I did not notice" "$ftm" | grep -q "expected to notice"'
	ok "IPG $y: Hidden Card Error or Looking at Extra Cards? a card seen but not added" 'asks "he drew an extra card" "$lec" | grep -q "seen but not added"'
	ok "IPG $y: Deck Problem or Decklist Problem? cards of the main deck the player cannot find" 'asks "59 cards at deck check" "$dlp" | grep -q "unable to locate"'
	fst() { "${E[@]}" --json penalty "$1" --rel competitive | jq -r '.candidates[0].title'; }
	ok "IPG $y: told without intent, Slow Play before Stalling (whose definition makes intent what it is)" 'fst "he is playing slowly" | grep -q "Slow Play"'
	ok "IPG $y: told with it, Stalling first" 'fst "he plays slowly on purpose to run out the clock" | grep -q "Stalling"'
	"${E[@]}" penalty he is playing slowly --rel competitive >"$T/o"
	ok "IPG $y: said under the likely infractions, as a question, cited" 'grep -q "^  Telling them apart, in the IPG.s own words:" "$T/o" && grep -A3 "Telling them apart" "$T/o" | grep -q "Ask whether"'
done
"${J[@]}" --json penalty "he was late and his friend gave him advice" --rel competitive >"$T/j"
ok "neither names the other (Tardiness, Outside Assistance): each one's definition sentence closest to the description" '[ "$(jq "[.telling_apart[0].says[] | select(.kind == \"closest\")] | length" "$T/j")" = 2 ] && jq -r ".telling_apart[0].says[].sentence" "$T/j" | grep -q "seat"'
"${J[@]}" --json penalty "he is playing slowly" --rel competitive >"$T/j"
ok "JSON: each entry has its section, part, sentence, question and the section it leads to" 'jq -e ".telling_apart[0].says[0] | .number and .part and .sentence and .ask and .then" "$T/j" >/dev/null'
