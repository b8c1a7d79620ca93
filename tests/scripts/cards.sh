#!/usr/bin/env bash
# Card data: `judge cards import` of the fixtures (tests/cards/, written for the tests) in MTGJSON
# and Scryfall shapes, plain and compressed; `judge card` name matching and output against
# values read from the fixture files with jq; bad input, one error with a position and the
# previous database still answering.
set -u
command -v jq >/dev/null || { echo "skip: jq is needed to read the fixtures independently"; exit 77; }
W=$(mktemp -d "${TMPDIR:-/tmp}/judge-cards.XXXXXX")
. "$(dirname "$0")/../lib/httpd.sh"
trap 'httpd_stop; rm -rf "$W"' EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "#   $l"; done; }
check() { local what=$1; shift; if "$@"; then ok "$what"; else nok "$what"; fi; }
F="$ROOT/tests/cards"
MTG="$F/AtomicCards.json"
SCRY="$F/oracle-cards-20251114093000.json"
RUL="$F/rulings-20251114093000.json"
export XDG_DATA_HOME="$W/data"
DB="$W/data/judge/cards/cards.db"
J() { "$JUDGE" "$@"; }

# ---- import, every compression ----
want=$(jq '.data | length' "$MTG")
out=$(J cards import "$MTG" 2>&1); st=$?
check "MTGJSON import exits 0" [ "$st" = 0 ]
check "MTGJSON import counts the $want cards jq counts" grep -q "imported $want cards" <<<"$out"
check "the date comes from the file's meta" grep -q "of $(jq -r .meta.date "$MTG")" <<<"$out"
faces=$(jq '[.data[] | (map(.side // "a") | unique | length)] | add' "$MTG")
check "it counts $faces faces (variants of one side are one face)" grep -q "($faces faces" <<<"$out"
rul=$(jq '[.data[] | [.[].rulings // [] | .[]] | unique | length] | add' "$MTG")
check "it keeps $rul rulings (MTGJSON repeats them on every face)" grep -q "$rul rulings" <<<"$out"
ref=$(J card tarmogoyf)
gzip -c "$MTG" > "$W/a.json.gz"; xz -c "$MTG" > "$W/a.json.xz"; bzip2 -c "$MTG" > "$W/a.json.bz2"
for z in gz xz bz2; do
	out=$(J cards import "$W/a.json.$z" 2>&1)
	check ".$z import finds the same $want cards" grep -q "imported $want cards" <<<"$out"
	check ".$z import answers the same" [ "$(J card tarmogoyf)" = "$ref" ]
done
cat "$W/a.json.gz" "$W/a.json.gz" > "$W/two.json.gz"
J cards import "$W/two.json.gz" >"$W/out" 2>&1
check "two gzip members in one file are read on (and rejected as two JSON texts)" grep -q "two.json.gz:.*error" "$W/out"

# Scryfall: cards and rulings, joined by oracle_id
out=$(J cards import "$SCRY" "$RUL" 2>&1); st=$?
check "Scryfall import exits 0" [ "$st" = 0 ]
# a meld result is a face of the cards that meld into it (as MTGJSON has it), not a card
results=$(jq '([.[].all_parts // [] | .[] | select(.component == "meld_result") | .name] | unique) as $r | [.[] | select(.name as $n | $r | any(.[]; . == $n))] | length' "$SCRY")
nscry=$(( $(jq length "$SCRY") - results ))
check "Scryfall import counts $nscry cards ($(jq length "$SCRY") less $results meld result joined to its cards)" grep -q "imported $nscry cards" <<<"$out"
check "every Scryfall ruling found its card ($(jq length "$RUL"))" grep -q "$(jq length "$RUL") rulings" <<<"$out"
check "the Scryfall date comes from the file name" grep -q "of 2025-11-14 (date from the file name)" <<<"$out"
# Scryfall's meld cards name the card they meld into in all_parts: joined as MTGJSON has them
mback=$(jq -r '[.[].all_parts // [] | .[] | select(.component == "meld_result") | .name][0]' "$SCRY")
mfronts=$(jq -r --arg b "$mback" '[.[] | select(.name != $b and any(.all_parts // [] | .[]; .component == "meld_result" and .name == $b)) | .name] | sort | join(" and ")' "$SCRY")
J card "${mback%%,*}" > "$W/smeld.txt"
check "Scryfall: a meld result ($mback) is one card naming the cards that meld into it ($mfronts)" \
	bash -c "grep -q '^$mback  (meld' '$W/smeld.txt' && grep -qF 'Melds from: $mfronts' '$W/smeld.txt'"
mfront=${mfronts%% and *}
check "Scryfall: a card that melds ($mfront) has the result as its back face" \
	[ "$(J --json card "$mfront" | jq -r '.[0] | .name + "|" + .faces[1].name')" = "$mfront // $mback|$mback" ]
J --json card "blood moon" > "$W/bm.json"
src=$(jq -r '[.[0].rulings[].source] | sort | join(",")' "$W/bm.json")
check "Scryfall rulings keep their source (wotc, scryfall)" [ "$src" = "scryfall,wotc" ]
J card "blood moon" > "$W/bm.txt"
check "a Scryfall-sourced ruling says so" grep -q "(Scryfall note)" "$W/bm.txt"
check "the Scryfall database says which it is" grep -q "Card data: Scryfall of 2025-11-14" "$W/bm.txt"
# Scryfall keeps tokens of one name apart (each its own oracle_id); the list tells them apart
nsold=$(jq '[.[] | select(.name == "Soldier")] | length' "$SCRY")
J card soldier > "$W/sold.txt"
check "Scryfall: the $nsold tokens named Soldier stay $nsold cards" grep -q "^$nsold cards match \"soldier\"" "$W/sold.txt"
check "Scryfall: same-name cards are told apart by their type and text" grep -q "^  Soldier  Token Creature — Soldier  1/1: $(jq -r '[.[] | select(.name == "Soldier")][1].oracle_text' "$SCRY")" "$W/sold.txt"

# ---- lookups (on the MTGJSON import) ----
J cards import "$MTG" >/dev/null 2>&1
first_line() { J card "$@" 2>/dev/null | head -n 1; }
check "any case: TARMOGOYF" grep -q '^Tarmogoyf ' <<<"$(first_line TARMOGOYF)"
check "a start: tarmo" grep -q '^Tarmogoyf ' <<<"$(first_line tarmo)"
check "a part: goyf lists both goyfs" bash -c '[ "$(J() { "$JUDGE" "$@"; }; J card goyf | grep -c "goyf$")" = 2 ]'
check "accents or none: lim dul the necromancer" grep -q '^Lim-Dûl the Necromancer ' <<<"$(first_line lim dul the necromancer)"
check "accents typed: Lim-Dûl's Vault" grep -q "^Lim-Dûl's Vault " <<<"$(first_line "Lim-Dûl's Vault")"
check "Æ as ae: aether vial" grep -q '^Æther Vial ' <<<"$(first_line aether vial)"
check "a face name: Ice" grep -q '^Fire // Ice ' <<<"$(first_line Ice)"
check "punctuation: ach hans run" grep -q '^Ach! Hans, Run! ' <<<"$(first_line ach hans run)"
check "a name of punctuation alone: _____" grep -q '^_____ ' <<<"$(first_line _____)"
check "a name starting with +: +2 mace" grep -q '^+2 Mace ' <<<"$(first_line +2 mace)"
check "a typo: tarmogoyff" grep -q '^Tarmogoyf ' <<<"$(first_line tarmogoyff)"
check "a typo: lightnig bolt" grep -q '^Lightning Bolt ' <<<"$(first_line lightnig bolt)"
check "words in another order: bolt lightning" grep -q '^Lightning Bolt ' <<<"$(first_line bolt lightning)"
J card zzzzqqq >"$W/out" 2>&1; st=$?
check "an unknown name exits 1" [ "$st" = 1 ]
J card tarmogof >"$W/out" 2>&1
check "a near miss shows the card" grep -q '^Tarmogoyf ' "$W/out"
check "a near miss says the spelling was corrected" grep -q 'no card is named "tarmogof"; this is Tarmogoyf, the nearest spelling' "$W/out"
J card tarmo >"$W/out" 2>&1
check "a start of the name is not called a correction" bash -c "! grep -q 'nearest spelling' '$W/out'"
J card "questing bist" >"$W/out" 2>&1
check "a typo in two words: questing bist" grep -q '^Questing Beast ' "$W/out"
J card "lightning boltz of doom" >"$W/out" 2>&1; st=$?
check "no match exits 1 and suggests the nearest" [ "$st" = 1 ]
check "the suggestion is Lightning Bolt" grep -q 'did you mean Lightning Bolt' "$W/out"
check "with the name index no lookup says it read every name" bash -c "! grep -q 'no name index' '$W/out'"
# a database imported by a judge without the name index: the same answers, and a note saying so
if command -v sqlite3 >/dev/null; then
	mkdir -p "$W/old/judge/cards" && cp "$DB" "$W/old/judge/cards/"
	sqlite3 "$W/old/judge/cards/cards.db" "DROP TABLE name_letters; DELETE FROM meta WHERE key = 'name_index'"
	for q in "lightnig bolt" "lightning boltz of doom" "tarmogof" "fier // ice" "dul the necro"; do
		J card "$q" >"$W/new.out" 2>"$W/new.err"; cat "$W/new.err" >>"$W/new.out"
		XDG_DATA_HOME="$W/old" J card "$q" >"$W/old.out" 2>"$W/old.err"; cat "$W/old.err" >>"$W/old.out"
		check "an old database without the name index answers \"$q\" the same, and says to import again" \
		    bash -c "grep -q 'no name index.*import the card file again' '$W/old.err' && [ \"\$(grep -v 'no name index' '$W/old.out')\" = \"\$(cat '$W/new.out')\" ]"
	done
fi

# the textbook's worked examples that mention the card (-v; always in the session)
page=$(J --json cards "Scion of Oona" | jq -r '.[0].examples[0].page')
check "-v: taught in the textbook page that mentions the card ($page)" grep -q "^Taught in: .*$page" <<<"$(J -v card "scion of oona")"
check "without -v, no textbook line (one-shot speed)" bash -c "! \"$JUDGE\" card 'scion of oona' | grep -q '^Taught in'"
check "in the session, the textbook line" grep -q "^Taught in: .*$page" <<<"$(printf 'card scion of oona\n' | "$JUDGE")"

# every face of every multi-face card is shown, with its own type line
bad=""
while IFS=$'\t' read -r name face type; do
	out=$(J card "$name")
	grep -qF "  $face" <<<"$out" || bad="$bad [$name: face $face]"
	grep -qF "$type" <<<"$out" || bad="$bad [$name: type $type]"
done < <(jq -r '.data | to_entries[] | select(.value | length > 1) | .key as $k | .value[] | [$k, .faceName, .type] | @tsv' "$MTG")
check "every face's name and type line is shown" [ -z "$bad" ]
[ -n "$bad" ] && echo "# $bad"
# a meld card's back face belongs to every card that melds into it: asked for, it is one card
back=$(jq -r '[.data[][] | select(.layout == "meld" and .side == "b")][0].faceName' "$MTG")
fronts=$(jq -r --arg b "$back" '[.data[] | select(any(.[]; .faceName == $b and .side == "b")) | .[] | select(.side == "a") | .faceName] | join(" and ")' "$MTG")
J card "${back%%,*}" > "$W/meld.txt"
check "a meld back face ($back) is one card, not a list" grep -q "^$back  (meld" "$W/meld.txt"
check "it names the cards that meld into it ($fronts)" grep -qF "Melds from: $fronts" "$W/meld.txt"
check "--json: one card, melds_from" [ "$(J --json card "$back" | jq -r 'length, .[0].melds_from' | tr '\n' '|')" = "1|$fronts|" ]
# layouts
for l in normal split aftermath flip transform modal_dfc adventure saga meld class token; do
	name=$(jq -r --arg l "$l" '[.data | to_entries[] | select(.value[0].layout == $l)][0].key' "$MTG")
	lay=$(J --json card "$name" | jq -r '.[0].layout')
	check "layout $l ($name) is kept" [ "$lay" = "$l" ]
done

# --json against the fixture
J --json card "fire // ice" > "$W/fi.json"
check "--json: Fire // Ice has two faces" [ "$(jq '.[0].faces | length' "$W/fi.json")" = 2 ]
check "--json: mana value 4 for the card, 2 for a face" [ "$(jq -c '[.[0].mana_value, .[0].faces[1].mana_value]' "$W/fi.json")" = "[4,2]" ]
land=$(jq -r '[.data | to_entries[] | select((.value[0].type | test("Land")) and .value[0].manaValue == 0)][0].key' "$MTG")
land_line=$(J card "$land" | head -n 1)   # a land's mana value 0 is given: it stays 0 (checked below)
want=$(jq -c '.data["Fire // Ice"][0].legalities | to_entries | map({(.key): (.value | ascii_downcase)}) | add' "$MTG")
check "--json: legalities as in the file" [ "$(jq -c '.[0].legalities' "$W/fi.json")" = "$want" ]
check "--json: rulings with dates" [ "$(jq -r '.[0].rulings[0].date' "$W/fi.json")" = "$(jq -r '.data["Fire // Ice"][0].rulings[0].date' "$MTG")" ]
J --json card "liliana of the veil" > "$W/lv.json"
check "--json: loyalty" [ "$(jq -r '.[0].faces[0].loyalty' "$W/lv.json")" = 3 ]
check "--json: power and toughness strings (*/1+*)" [ "$(J --json card tarmogoyf | jq -r '.[0].faces[0] | .power + "/" + .toughness')" = "*/1+*" ]
J --json card "invasion of zendikar" > "$W/iz.json"
check "--json: a battle's defense" [ "$(jq -r '.[0].faces[0].defense' "$W/iz.json")" = 3 ]
check "--json: several matches are all given" [ "$(J --json card goyf | jq length)" = 2 ]
J --json card zzzzqqq > "$W/out" 2>/dev/null
check "--json: nothing on stdout when not found" [ ! -s "$W/out" ]

# keywords and rules, found by title in a full release
if [ -n "${SHARED:-}" ]; then
	CR="$SHARED/cr/cr-2026-01-16.txt"
	# the number of the rule titled $2 in release $1, read apart from judge (any encoding, CR or LF)
	titled() {
		python3 - "$1" "$2" "$3" <<'PY'
import re, sys
b = open(sys.argv[1], "rb").read()
t = b.decode("utf-16") if b[:2] in (b"\xfe\xff", b"\xff\xfe") else b.decode("utf-8-sig", "replace")
m = re.search(r"^(%s\.?[0-9]*)\.? %s\s*$" % (sys.argv[2], re.escape(sys.argv[3])), t.replace("\r", "\n"), re.M)
print(m.group(1).rstrip(".") if m else "NONE")
PY
	}
	J --rules "$CR" card "questing beast" > "$W/qb.txt"
	for kw in Deathtouch Haste Vigilance; do
		num=$(titled "$CR" 702 "$kw")
		check "Questing Beast links $kw to $num (read from the CR apart)" grep -qE "Rules:.*$num $kw" "$W/qb.txt"
	done
	split=$(titled "$CR" '7[0-9][0-9]' "Split Cards")
	check "Fire // Ice links the split cards rules ($split)" bash -c "\"$JUDGE\" --rules '$CR' card 'fire // ice' | grep -q 'Rules:.*$split Split Cards'"
	J --rules "$CR" --json card "tarmogoyf" > "$W/tg.json"
	check "a ruling's rule number is a link (604.3)" [ "$(jq -r '.[0].rulings[0].rules[0]' "$W/tg.json")" = 604.3 ]
	old=$(titled "$SHARED/cr/cr-2013-05-01.txt" 702 Deathtouch)
	check "an older release answers with its own number ($old)" bash -c "\"$JUDGE\" --rules '$SHARED/cr/cr-2013-05-01.txt' card 'questing beast' | grep -q '$old Deathtouch'"

	# search knows cards: the card's line first, its keyword rules up
	S() { "$JUDGE" --rules "$CR" search "$@"; }
	check "search: a question naming a card shows the card line first" grep -q '^Card: Tarmogoyf ' <<<"$(S tarmogoyf in graveyard | head -n 1)"
	check "search: no card line without a card database" bash -c "! XDG_DATA_HOME='$W/none' \"$JUDGE\" --rules '$CR' search tarmogoyf in graveyard | grep -q '^Card:'"
	dt=$(titled "$CR" 702 Deathtouch)
	top() { grep -E '^[0-9]{3}' | head -n "$1"; }
	check "search: questing beast brings deathtouch ($dt) to the top" grep -q "^$dt" <<<"$(S questing beast | top 1)"
	check "search: without the card database it does not" bash -c "! XDG_DATA_HOME='$W/none' \"$JUDGE\" --rules '$CR' search questing beast | grep -E '^[0-9]{3}' | head -n 3 | grep -q '^$dt'"
	check "search: two cards in one question, two card lines" [ "$(S "blood moon urza's saga" | grep -c '^Card:')" = 2 ]
	check "search: a ruling's cited rule comes first (Humility: 613.10)" grep -q '^613.10' <<<"$(S Humility | top 1)"
	check "search: a lower-case word of the rules is not a card (flash)" bash -c "! \"$JUDGE\" --rules '$CR' search flash | grep -q '^Card:'"
	check "search: capitalised, it is the card (Flash)" grep -q '^Card: Flash ' <<<"$(S Flash | head -n 1)"
	# the brief's question: the cards' own text brings the rules (persist, and the rule that
	# says "instead" makes a replacement effect, found apart from judge)
	persist=$(titled "$CR" 702 Persist)
	instead=$(python3 - "$CR" <<'PY'
import re, sys
t = open(sys.argv[1], "rb").read().decode("utf-8-sig", "replace").replace("\r", "\n")
m = re.search(r"^(\d{3}\.\d+[a-z])\.? [^\n]*use the word \u201cinstead\u201d", t, re.M)
print(m.group(1) if m else "NONE")
PY
)
	S does Rest in Peace stop Kitchen Finks > "$W/rip.txt"
	check "Rest in Peace and Kitchen Finks: both card lines" [ "$(grep -c '^Card: ' "$W/rip.txt")" = 2 ]
	check "Rest in Peace and Kitchen Finks: persist ($persist) and replacement ($instead) in the first three rules" \
		bash -c "top=\$(grep -E '^[0-9]{3}' '$W/rip.txt' | head -n 3); grep -q '^$persist' <<<\"\$top\" && grep -q '^$instead ' <<<\"\$top\""
	check "judge card: Rest in Peace links the rule of \"instead\" ($instead)" grep -q "Rules:.*$instead" <<<"$(J --rules "$CR" card "rest in peace")"
	XDG_DATA_HOME="$W/none" "$JUDGE" --rules "$CR" search does Rest in Peace stop Kitchen Finks > "$W/ripn.txt" 2>&1
	check "without a card database: the question names cards, and how to import them" \
		bash -c "tr '\n' ' ' < '$W/ripn.txt' | grep -q 'name cards (Rest in Peace, Kitchen Finks).*judge cards import.*judge update --cards'"
	check "without a card database: no such note for a rules question" bash -c "! XDG_DATA_HOME='$W/none' \"$JUDGE\" --rules '$CR' search trample over a chump blocker | grep -q 'name cards'"
	# in lower case too: a word the rules' text never uses and that is no typo of theirs
	XDG_DATA_HOME="$W/none" "$JUDGE" --rules "$CR" search can thragtusk block > "$W/thr.txt" 2>&1
	check "without a card database: a lower-case name the rules never use (thragtusk) gets the note" \
		bash -c "tr '\n' ' ' < '$W/thr.txt' | grep -q 'name cards (thragtusk).*judge cards import'"
	# cards named by English words: with the database, the question uses the card; without
	# it, a name capitalised past the question's start that the rules write only in lower case
	# ("opts") gets the note, once in a session, in two lines at most
	check "search: \"Opt:\" (a colon after the name) is the card" grep -q '^Card: Opt ' <<<"$(S "Opt: do I scry before I draw" | head -n 1)"
	check "search: \"Shock?\" (a question mark after it) is the card" grep -q '^Card: Shock ' <<<"$(S "can I respond to Shock?" | head -n 1)"
	check "search: an Island named mid-question is the card" grep -q '^Card: Island ' <<<"$(S "can I play an Island after combat" | head -n 1)"
	check "search: \"time walk\" in lower case is the card" grep -q '^Card: Time Walk ' <<<"$(S "time walk twice who takes the extra turn first" | head -n 1)"
	check "search: a rules word capitalised as the question's first word is not a card (Flash creatures)" \
		bash -c "! \"$JUDGE\" --rules '$CR' search 'Flash creatures can be cast any time' | grep -q '^Card:'"
	check "search: nor the basic land type first (Island is a basic land type)" \
		bash -c "! \"$JUDGE\" --rules '$CR' search 'Island is a basic land type' | grep -q '^Card:'"
	printf 'search can I cast Opt with an empty library\nsearch my Duress missed, does it fizzle\n' |
		XDG_DATA_HOME="$W/none" "$JUDGE" --rules "$CR" > "$W/opt.txt" 2>&1
	check "without a card database: \"Opt\" (the rules have only \"opts\") gets the note" \
		bash -c "tr '\n' ' ' < '$W/opt.txt' | grep -q 'name cards (Opt).*judge cards import'"
	check "without a card database: the note is said once in a session" [ "$(grep -c 'name cards' "$W/opt.txt")" = 1 ]
	check "without a card database: the note is two lines at most" [ "$(sed -n '/name cards/,/update --cards/p' "$W/ripn.txt" | wc -l)" -le 2 ]
	XDG_DATA_HOME="$W/none" "$JUDGE" --rules "$CR" search goyf > "$W/goyf.txt" 2>&1
	XDG_DATA_HOME="$W/none" "$JUDGE" --rules "$CR" search trampel > "$W/trampel.txt" 2>&1
	check "without a card database: nothing found for a name (goyf), and the hint says how to import cards; none for a typo of a rules word (trampel)" \
		bash -c "grep -q 'nothing found for \"goyf\"' '$W/goyf.txt' && grep -q 'if goyf names a card.*judge cards import' '$W/goyf.txt' && ! grep -q 'names a card' '$W/trampel.txt'"
	S --json tarmogoyf in graveyard > "$W/s.json"
	check "search --json: the card comes first, kind card" [ "$(jq -r '.[0].kind + ":" + .[0].id' "$W/s.json")" = "card:Tarmogoyf" ]
	check "search --json: the rules follow" [ "$(jq -r '.[1].kind' "$W/s.json")" = rule ]

	# the links are kept at import with the release they came from: a lookup answered by the
	# same rules reads them and never opens the rules; other rules are linked afresh, once
	J --rules "$CR" cards import "$MTG" >/dev/null 2>&1
	kept=$(J --rules "$CR" card "questing beast" | grep '^Rules:')
	fresh=$(J --rules "$CR" --cr "$(basename "$CR")" card "questing beast" 2>"$W/fresh.err" | grep '^Rules:')
	check "other rules (--cr), no links kept for them: a lookup links its own card, silently, and keeps nothing (it never links every card)" \
		bash -c "[ -n '$fresh' ] && [ ! -s '$W/fresh.err' ] && ! ls '$W/data/judge/cards/' | grep -q '^links-'"
	J --rules "$CR" --cr "$(basename "$CR")" rule 100.1 >/dev/null 2>"$W/load.err"
	check "another command loading those rules finds every card's links once, says so, and keeps them beside the database" \
		bash -c "grep -q 'linked the $(jq '.data | length' "$MTG") cards to the rules of' '$W/load.err' && ls '$W/data/judge/cards/' | grep -q '^links-.*\.db$'"
	J --rules "$CR" --cr "$(basename "$CR")" rule 100.1 >/dev/null 2>"$W/load2.err"
	check "... once: the next such command finds them kept and says nothing" [ ! -s "$W/load2.err" ]
	again=$(J --rules "$CR" --cr "$(basename "$CR")" card "questing beast" 2>"$W/again.err" | grep '^Rules:')
	check "the next lookup reads the kept links, the same as its own card's, silently" bash -c "[ -n '$again' ] && [ '$again' = '$fresh' ] && [ ! -s '$W/again.err' ]"
	check "links kept at import equal the links found afresh ($kept)" [ -n "$kept" ] && [ "$kept" = "$fresh" ]
	check "--json: a ruling's rule number from the kept links (604.3)" [ "$(J --rules "$CR" --json card tarmogoyf | jq -r '.[0].rulings[0].rules[0]')" = 604.3 ]
	if command -v strace >/dev/null; then
		opened() { strace -f -e trace=openat,open -o "$W/trace" "$JUDGE" "$@" >/dev/null 2>&1; grep -c "$(basename "$CR")" "$W/trace"; }
		check "judge card with the rules it was imported with does not open them" [ "$(opened --rules "$CR" card "questing beast")" = 0 ]
		kept_other=$(opened --rules "$CR" --cr "$(basename "$CR")" card "kitchen finks")
		J --rules "$CR" cards import "$MTG" >/dev/null 2>&1
		left=$(ls "$W/data/judge/cards/" | grep -c '^links-')
		check "with other rules (--cr), once their links are kept, another card's lookup does not open them; a new import drops them and the next such lookup reads the rules" \
			[ "$kept_other:$left:$(opened --rules "$CR" --cr "$(basename "$CR")" card "kitchen finks" | sed 's/^[1-9][0-9]*$/read/')" = "0:0:read" ]
		check "--complete of a card name does not open the rules" [ "$(opened --rules "$CR" --complete "card questing b")" = 0 ]
		check "--complete of a rule number does" [ "$(opened --complete "--rules $CR rule 702.1")" != 0 ]
	else
		echo "skip: strace is needed to see which files judge opens"
	fi
	check "--complete of a card name still completes" grep -qx 'Beast' <<<"$(J --complete "card questing b")"
	# names come in the order of their keys, accents folded: Æther Vial among the A's, once each
	want=$(jq -r '.data | (keys[]), (.[][] | .faceName // empty) | select(test("^(A|Æ)"))' "$MTG" | python3 -c 'import re, sys, unicodedata
names = set(l.rstrip("\n") for l in sys.stdin)
def key(n):
    n = unicodedata.normalize("NFKD", n.replace("Æ", "Ae")).encode("ascii", "ignore").decode().lower().replace("\x27", "")
    return re.sub("[^a-z0-9]+", " ", n).strip()
print("\n".join(sorted(names, key=key)))')
	check "--complete \"card a\" offers the A names in alphabetical order, Æther Vial among them" \
		[ "$(J --complete "card a" | tr -d '"')" = "$want" ]

	# keyword actions only where the text performs them; counters link to their rule
	cat > "$W/act.json" <<'JSON'
{"meta":{"date":"2025-01-01"},"data":{
"Lore Keeper":[{"name":"Lore Keeper","layout":"normal","type":"Artifact","text":"{T}: Put a lore counter on target Saga you control."}],
"Spell Stopper":[{"name":"Spell Stopper","layout":"normal","type":"Instant","text":"Counter target spell."}],
"Two Blades":[{"name":"Two Blades","layout":"normal","type":"Creature — Human","text":"Double strike","power":"1","toughness":"1"}],
"Bin Diver":[{"name":"Bin Diver","layout":"normal","type":"Creature — Rat","text":"Whenever another creature you control dies, it fights target creature an opponent controls. Cards in exile can't be countered.","power":"1","toughness":"1"}]}}
JSON
	J --rules "$CR" cards import "$W/act.json" >/dev/null 2>&1
	counter=$(titled "$CR" 701 Counter); counters=$(titled "$CR" 1 Counters)
	double=$(titled "$CR" 701 Double); ds=$(titled "$CR" 702 "Double Strike"); fight=$(titled "$CR" 701 Fight); exile=$(titled "$CR" 701 Exile)
	rules_of() { J --rules "$CR" --json card "$1" | jq -r '[.[0].rules[].id] | join(" ")'; }
	check "\"a lore counter\" is not the action Counter ($counter)" bash -c "! grep -qw '$counter' <<<'$(rules_of "lore keeper")'"
	check "\"a lore counter\" links the rule of counters ($counters)" grep -qw "$counters" <<<"$(rules_of "lore keeper")"
	check "\"Counter target spell\" is the action Counter ($counter)" grep -qw "$counter" <<<"$(rules_of "spell stopper")"
	check "\"Double strike\" is the keyword ($ds), not the action Double ($double)" bash -c "r='$(rules_of "two blades")'; grep -qw '$ds' <<<\"\$r\" && ! grep -qw '$double' <<<\"\$r\""
	check "\"it fights\" is the action Fight ($fight); \"in exile\" is not Exile ($exile); \"countered\" is Counter" bash -c "r='$(rules_of "bin diver")'; grep -qw '$fight' <<<\"\$r\" && ! grep -qw '$exile' <<<\"\$r\" && grep -qw '$counter' <<<\"\$r\""

	# a ruling's rule number moves search results only in a release that can be trusted with
	# it: a complete one, or a partial built-in text the number is carried into; here the
	# built-in texts cannot carry a 2024 number, so it moves nothing
	cat > "$W/zyx.json" <<'JSON'
{"meta":{"date":"2025-01-01"},"data":{"Zyx Widget":[{"name":"Zyx Widget","layout":"normal","type":"Enchantment","text":"Each player shuffles their library.","rulings":[{"date":"2024-02-02","text":"This is how rule 101.1 works."}]}]}}
JSON
	J cards import "$W/zyx.json" >/dev/null 2>&1
	check "search, built-in partial texts: a ruling's number that cannot be carried moves no rule" grep -q '^(no rule found' <<<"$("$JUDGE" search "Zyx Widget" 2>/dev/null)"
	check "search, a complete release: the ruling's 101.1 answers" grep -q '^101.1 ' <<<"$(S "Zyx Widget")"
	J cards import "$MTG" >/dev/null 2>&1
else
	echo "skip keyword links and search: ../shared is absent (the official CR releases are test inputs only)"
fi

# ---- bad input: one error with a position, nothing imported, the old database answers ----
before=$(J card tarmogoyf)
stamp=$(stat -c %Y.%s "$DB")
bad_case() {   # name, file, pattern the error must match
	local what=$1 file=$2 pat=$3 out st
	out=$(J cards import "$file" 2>&1); st=$?
	if [ "$st" = 2 ] && grep -qE "$pat" <<<"$out" && [ "$(grep -c 'error:' <<<"$out")" = 1 ] &&
	   [ "$(J card tarmogoyf)" = "$before" ] && [ "$(stat -c %Y.%s "$DB")" = "$stamp" ] &&
	   [ -z "$(ls -A "$W/data/judge/cards" | grep -v '^cards.db$')" ]; then
		ok "$what"
	else
		nok "$what" "exit $st" "$out"
	fi
}
head -c 20000 "$MTG" > "$W/cut.json"
bad_case "truncated JSON: an error at the end, the old database unchanged" "$W/cut.json" 'cut.json:[0-9]+:[0-9]+: error: .*truncated'
echo "this is not json" > "$W/t.json"
bad_case "not JSON: the line and column of the first bad byte" "$W/t.json" 't.json:1:[0-9]+: error: not valid JSON'
: > "$W/empty.json"
bad_case "an empty file" "$W/empty.json" 'empty.json:1:1: error: the file is empty'
gzip -c "$MTG" | head -c 3000 > "$W/cut.json.gz"
bad_case "a cut .gz" "$W/cut.json.gz" 'cut.json.gz: error: the gzip data ends early'
printf '{"meta":{},\n"data":{\n"X":\n[{"name":"X","layout":"normal"}]}}' > "$W/miss.json"
bad_case "a card without its type: the card's line" "$W/miss.json" 'miss.json:4:1: error: card "X": "type" is missing'
printf '[{"object":"card","name":"Y","layout":"normal","type_line":"Instant"},\n {"object":"card","layout":"normal"}]' > "$W/noname.json"
bad_case "a Scryfall card without a name: element and line" "$W/noname.json" 'noname.json:2:2: error: element 2 of the array: "name" is missing'
printf '{"data":{"X":{"name":"X"}}}' > "$W/set.json"
bad_case "the wrong MTGJSON file (faces not in an array)" "$W/set.json" 'set.json:1:14: error: "data" maps card names to arrays of faces'
printf '{"object":"list","data":[]}' > "$W/list.json"
bad_case "a Scryfall API list is not a bulk file" "$W/list.json" 'list.json:1:25: error: "data" is an array'
printf '{"meta":{"date":"2025-01-01"}}' > "$W/nodata.json"
bad_case "an object without data" "$W/nodata.json" 'nodata.json:1:1: error: no "data" object'
refused() {   # exit status 2 and the pattern in what was said
	local pat=$1 out st; shift
	out=$(J "$@" 2>&1); st=$?
	[ "$st" = 2 ] && grep -q "$pat" <<<"$out"
}
check "--format mtgjson on a Scryfall file: one clear error" refused 'not an MTGJSON file' cards import --format mtgjson "$SCRY"
check "--format scryfall on an MTGJSON file: one clear error" refused 'not a Scryfall bulk file' cards import --format scryfall "$MTG"
check "rulings alone are refused (they need their cards)" refused 'needs its cards' cards import "$RUL"
check "after all that, the first database still answers" [ "$(J card tarmogoyf)" = "$before" ]

# shapes of real files (tests/cards/shapes-*.json, written by fixtures.py): fields judge does
# not know, nulls, faces listed back first, hundreds of rulings, names in several scripts
SM="$F/shapes-mtgjson.json"; SS="$F/shapes-scryfall-20251201.json"
J cards import "$SM" > "$W/out" 2>&1; st=$?
check "shapes (MTGJSON): imported, unknown fields and nulls ignored ($(jq '.data | length' "$SM") cards)" bash -c "[ $st = 0 ] && grep -q 'imported $(jq '.data | length' "$SM") cards' '$W/out'"
long=$(jq -r '[.data | to_entries[] | select((.value[0].rulings // []) | length > 100)][0] | .key' "$SM")
check "shapes: all $(jq --arg k "$long" '.data[$k][0].rulings | length' "$SM") rulings of $long kept" [ "$(J --json card "$long" | jq '.[0].rulings | length')" = "$(jq --arg k "$long" '.data[$k][0].rulings | length' "$SM")" ]
twoface=$(jq -r '[.data | to_entries[] | select(.value[0].side == "b")][0].key' "$SM")
fa=$(jq -r --arg k "$twoface" '.data[$k][] | select(.side == "a") | .faceName' "$SM")
check "shapes: faces in the order of their sides though the file lists b first ($fa first)" [ "$(J --json card "$twoface" | jq -r '.[0].faces[0].name')" = "$fa" ]
check "shapes: a face whose text is null has no text" [ "$(J --json card "$twoface" | jq -r '.[0].faces[1].text')" = null ]
check "shapes: faces without a side are faces when their names differ, each with its faceConvertedManaCost" \
	[ "$(J --json card "sun // moon" | jq -c '[.[0].mana_value, [.[0].faces[] | [.name, .mana_value]]]')" = "$(jq -c '.data["Sun // Moon"] | [.[0].convertedManaCost, [.[] | [.faceName, .faceConvertedManaCost]]]' "$SM")" ]
for q in "ifh biff efreet:Ifh-Bíff Efreet" "seance:Séance" "dandan:Dandân"; do
	check "shapes: \"${q%%:*}\" finds ${q#*:}" grep -q "^${q#*:} " <<<"$(J card "${q%%:*}" | head -n 1)"
done
J cards import "$SS" > "$W/out" 2>&1; st=$?
# a reversible card is a card per distinct face (by oracle_id); an art series card is none
nss=$(jq '[.[] | select(.layout != "art_series") | if .layout == "reversible_card" then (.card_faces | map(.oracle_id // .name) | unique | length) else 1 end] | add' "$SS")
check "shapes (Scryfall): imported ($nss cards), all_parts and unknown fields ignored" bash -c "[ $st = 0 ] && grep -q 'imported $nss cards' '$W/out'"
check "shapes: the art series card is left out, and said" grep -q "$(jq '[.[] | select(.layout == "art_series")] | length' "$SS") art series cards" "$W/out"
# a card the file gives no mana value is unknown, not 0 (a land's 0 is given)
nomv=$(jq -r '[.[] | select(.cmc == null and .layout != "reversible_card")][0].name' "$SS")
check "shapes: $nomv, given no cmc, shows its mana value as unknown, while $land's given 0 stays 0" \
	bash -c "grep -qF 'mana value unknown)' <<<'$(J card "$nomv" | head -n 1)' && grep -qF '(mana value 0)' <<<'$land_line'"
check "shapes: --json gives $nomv's mana value as null, its face's too" [ "$(J --json card "$nomv" | jq -c '[.[0].mana_value, .[0].faces[0].mana_value]')" = "[null,null]" ]
for rev in $(jq -r '[.[] | select(.layout == "reversible_card")][0].card_faces[].name' "$SS"); do
	check "shapes: a reversible card's face ($rev) is a card of its own" grep -q "^$rev " <<<"$(J card "$rev" | head -n 1)"
	check "shapes: $rev's mana value is its face's cmc" [ "$(J --json card "$rev" | jq '.[0].mana_value')" = "$(jq --arg n "$rev" '[.[].card_faces[]? | select(.name == $n)][0].cmc' "$SS")" ]
done
check "shapes: a face without oracle_text ($rev)" [ "$(J --json card "$rev" | jq -r '.[0].faces[0].text')" = null ]
check "shapes: nulls where Scryfall writes them (loyalty, defense) are absent" [ "$(J --json card "kitchen finks" | jq -c '.[0].faces[0] | [.loyalty, .defense, .power]')" = '[null,null,"3"]' ]
# real-shaped records (tests/cards/real-*.json, written by fixtures.py with realshape.py: every
# field the downloads carry), into a database of their own
RM="$F/real-AtomicCards.json"; RO="$F/real-oracle-cards-20251201101500.json"; RR="$F/real-rulings-20251201101500.json"
JR() { XDG_DATA_HOME="$W/real" "$JUDGE" "$@"; }
JR cards import "$RM" > "$W/out" 2>&1; st=$?
nrm=$(jq '.data | length' "$RM")
frm=$(jq '[.data[] | map(.side // ("-" + (.faceName // .name))) | unique | length] | add' "$RM")
check "real MTGJSON: $nrm cards, $frm faces (an attraction's printings with other lights are one face)" \
	bash -c "[ $st = 0 ] && grep -q 'imported $nrm cards ($frm faces' '$W/out'"
check "real MTGJSON: the attraction has one face" [ "$(JR --json card "spinning saucers" | jq '.[0].faces | length')" = 1 ]
inv=$(jq -r '.data | keys[] | select(startswith("Invasion"))' "$RM")
check "real MTGJSON: a battle's defense ($inv)" [ "$(JR --json card "$inv" | jq -r '.[0].faces[0].defense')" = "$(jq -r --arg k "$inv" '.data[$k][] | select(.side == "a") | .defense' "$RM")" ]
check "real MTGJSON: a split card's faces have their faceManaValue" [ "$(JR --json card "bright // dim" | jq -c '[.[0].faces[].mana_value]')" = "$(jq -c '[.data["Bright // Dim"][] | .faceManaValue]' "$RM")" ]
adv=$(jq -r '.data | to_entries[] | select(.value[0].layout == "adventure") | .key' "$RM")
check "real MTGJSON: $adv, listed adventure first, shows the creature first" [ "$(JR --json card "$adv" | jq -r '.[0].faces[0].name')" = "$(jq -r --arg k "$adv" '.data[$k][] | select(.side == "a") | .faceName' "$RM")" ]
check "real MTGJSON: \"aerathi wanderer\" finds $(jq -r '.data | keys[] | select(startswith("Æ"))' "$RM")" grep -q '^Ærathi Wanderer ' <<<"$(JR card aerathi wanderer | head -n 1)"
# a UTF-8 byte order mark is skipped; UTF-16 is refused at its first byte
printf '\xef\xbb\xbf' | cat - "$RM" > "$W/bom.json"
JR cards import "$W/bom.json" > "$W/out" 2>&1; st=$?
check "real MTGJSON with a byte order mark: the same $nrm cards" bash -c "[ $st = 0 ] && grep -q 'imported $nrm cards' '$W/out'"
head -c 1000 "$W/bom.json" > "$W/bomcut.json"
JR cards import "$W/bomcut.json" > "$W/out" 2>&1; st=$?
check "a byte order mark, cut at byte 1000: the byte counts the mark, the column does not" \
	bash -c "[ $st = 2 ] && grep -q 'bomcut.json:1:998: error: the JSON ends early, at byte 1000' '$W/out'"
printf '\xff\xfe{\x00' > "$W/u16.json"
JR cards import "$W/u16.json" > "$W/out" 2>&1; st=$?
check "UTF-16: one error at 1:1 that says so" bash -c "[ $st = 2 ] && grep -q 'u16.json:1:1: error: the file is UTF-16' '$W/out'"
iconv -f UTF-8 -t UTF-16LE "$RM" > "$W/u16le.json"; iconv -f UTF-8 -t UTF-16BE "$RM" > "$W/u16be.json"
for e in le be; do
	JR cards import "$W/u16$e.json" > "$W/out" 2>&1; st=$?
	check "UTF-16${e^^} without a byte order mark: one error at 1:1 that names it" \
		bash -c "[ $st = 2 ] && grep -q 'u16$e.json:1:1: error: the file is UTF-16${e^^} text without a byte order mark' '$W/out'"
done
# MTGJSON's .zip: its one member, deflated or stored; cut or in a method judge does not read, an error
python3 - "$RM" "$W" <<'PY'
import sys, zipfile
src, w = sys.argv[1], sys.argv[2]
for name, method in (("deflate.zip", zipfile.ZIP_DEFLATED), ("stored.zip", zipfile.ZIP_STORED), ("bzip2.zip", zipfile.ZIP_BZIP2)):
    with zipfile.ZipFile(w + "/" + name, "w", method) as z:
        z.write(src, "AtomicCards.json")
PY
for z in deflate stored; do
	JR cards import "$W/$z.zip" > "$W/out" 2>&1; st=$?
	check "real MTGJSON in a .zip ($z): the same $nrm cards" bash -c "[ $st = 0 ] && grep -q 'imported $nrm cards' '$W/out'"
done
head -c 3000 "$W/deflate.zip" > "$W/cut.zip"
JR cards import "$W/cut.zip" > "$W/out" 2>&1; st=$?
check "a cut .zip: one error naming the file, download again" bash -c "[ $st = 2 ] && grep -q 'cut.zip: error: .*zip data ends early' '$W/out' && grep -q 'download the file again' '$W/out'"
JR cards import "$W/bzip2.zip" > "$W/out" 2>&1; st=$?
check "a .zip in bzip2 (method 12): one error, unzip it" bash -c "[ $st = 2 ] && grep -q 'method 12.*unzip it' '$W/out'"
mtg_faces() { JR --json card "$1" | jq -c '[.[0].faces[] | [.name, .mana_cost, .mana_value, .type, .text, .power, .toughness, .defense]]'; }
declare -A from_mtg
for k in "Bright // Dim" "Glimmerfen Warden" "$inv" "$adv"; do from_mtg[$k]=$(mtg_faces "$k"); done
# Scryfall: a reversible card is a card per distinct face oracle_id (one already in the file
# is a duplicate), an art series card is none, tokens, emblems and the rest are cards
JR cards import "$RO" "$RR" > "$W/out" 2>&1; st=$?
keys=$(jq '[.[] | select(.layout != "art_series") | if .layout == "reversible_card" then (.card_faces | map(.oracle_id // .name) | unique[]) else (.oracle_id // .card_faces[0].oracle_id // .name) end]' "$RO")
nro=$(jq 'unique | length' <<<"$keys"); dro=$(( $(jq 'length' <<<"$keys") - nro ))
orph=$(jq --argjson k "$keys" '[.[] | select(.oracle_id as $o | $k | index($o) | not)] | length' "$RR")
check "real Scryfall: $nro cards ($dro printed twice, said)" bash -c "[ $st = 0 ] && grep -q 'imported $nro cards' '$W/out' && grep -q '$dro cards appeared twice' '$W/out'"
check "real Scryfall: $(jq '[.[] | select(.layout == "art_series")] | length' "$RO") art series cards left out, $orph ruling naming no card" \
	bash -c "grep -q '$(jq '[.[] | select(.layout == "art_series")] | length' "$RO") art series cards' '$W/out' && grep -q '$orph rulings name no imported card' '$W/out'"
check "real Scryfall: \"bright\" is the split card, not an art card" grep -q '^Bright // Dim ' <<<"$(JR card bright | head -n 1)"
back=$(jq -r '[.[] | select(.layout == "reversible_card") | .card_faces[1] | select(.oracle_id != .name)][-1].name' "$RO")
check "real Scryfall: $back, the back of a reversible card, has its ruling (joined by its face's oracle_id)" \
	[ "$(JR --json card "$back" | jq '.[0].rulings | length')" = "$(jq --arg o "$(jq -r --arg n "$back" '[.[].card_faces[]? | select(.name == $n)][0].oracle_id' "$RO")" '[.[] | select(.oracle_id == $o)] | length' "$RR")" ]
check "real Scryfall: Glimmerfen Warden's rulings from both sources" [ "$(JR --json card "glimmerfen warden" | jq -c '[.[0].rulings[].source]')" = '["wotc","scryfall"]' ]
for l in token double_faced_token emblem vanguard planar scheme; do
	for nm in $(jq -r --arg l "$l" '.[] | select(.layout == $l) | .name | @base64' "$RO"); do
		nm=$(base64 -d <<<"$nm")
		tl=$(jq -r --arg n "$nm" '[.[] | select(.name == $n)][0] | .card_faces[0].type_line // .type_line' "$RO")
		check "real Scryfall: the $l \"$nm\" is found, its type line $tl" [ "$(JR --json card "$nm" | jq -r '.[0].faces[0].type')" = "$tl" ]
	done
done
check "real Scryfall: a transform card's back face has no mana cost" [ "$(JR --json card "daybreak herald" | jq -r '.[0].faces[1].mana_cost')" = null ]
for k in "Bright // Dim" "Glimmerfen Warden" "$inv" "$adv"; do
	check "real files: $k has the same faces from MTGJSON and from Scryfall" [ "$(mtg_faces "$k")" = "${from_mtg[$k]}" ]
done

# errors on damaged or wrong files: file:line:col, the byte, a next step; the old database answers
before2=$(J card "kitchen finks")
cut_at=$(( $(stat -c %s "$SM") * 2 / 3 ))
head -c "$cut_at" "$SM" > "$W/cut-shapes.json"
J cards import "$W/cut-shapes.json" > "$W/out" 2>&1; st=$?
check "shapes cut at byte $cut_at: one error naming the file, the byte, what to do" \
	bash -c "[ $st = 2 ] && grep -qE 'cut-shapes.json:1:[0-9]+: error: the JSON ends early, at byte $cut_at' '$W/out' && grep -q 'download the file again' '$W/out'"
J cards import --format mtgjson "$SS" > "$W/out" 2>&1; st=$?
check "shapes, the wrong schema (Scryfall as MTGJSON): the position and the next step" \
	bash -c "[ $st = 2 ] && grep -qE 'shapes-scryfall-20251201.json:1:1: error: .*byte 0' '$W/out' && grep -q 'drop the format option' '$W/out'"
printf '\x00\x01\xfe{"meta":' > "$W/bin.json"
J cards import "$W/bin.json" > "$W/out" 2>&1; st=$?
check "not JSON (binary bytes): the position and the next step" bash -c "[ $st = 2 ] && grep -qE 'bin.json:1:[0-9]+: error: not valid JSON.*byte [0-9]+' '$W/out' && grep -q 'download it again' '$W/out'"
check "after the damaged files the previous database still answers" [ "$(J card "kitchen finks")" = "$before2" ]

# a huge string: refused at the cap, without buffering it (memory measured by the parent)
python3 - "$W/huge.json" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write('{"meta":{},"data":{"X":[{"name":"X","layout":"normal","type":"Instant","text":"')
    chunk = "a" * (1 << 20)
    for _ in range(64):
        f.write(chunk)
    f.write('"}]}}')
PY
rss=$(python3 - "$JUDGE" "$W/huge.json" <<'PY'
import resource, subprocess, sys
r = subprocess.run([sys.argv[1], "cards", "import", sys.argv[2]], capture_output=True, text=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, r.returncode, r.stderr.splitlines()[0] if r.stderr else "")
PY
)
kb=${rss%% *}
check "a 64 MB string: refused with its position" grep -q "huge.json:1:[0-9]*: error: a string longer than" <<<"$rss"
lim=40000; [ -n "${JUDGE_SANITIZED:-}" ] && lim=200000
check "a 64 MB string: peak memory stays small (${kb} KB < $lim KB)" [ "$kb" -lt $lim ]
rm -f "$W/huge.json"

# the board takes cards from the database
J cards import "$MTG" >/dev/null 2>&1
cat > "$W/goyf.board" <<'BOARD'
player Alice life 20 active
player Bob life 20
permanent Tarmogoyf
  controller Alice
card Lightning Bolt
  owner Bob
permanent Grizzly Bears
  controller Bob
  pt 3/3
destroy Grizzly Bears
BOARD
J resolve "$W/goyf.board" > "$W/goyf.out" 2>"$W/goyf.err"; st=$?
check "board: permanent Tarmogoyf alone resolves (exit 0)" [ "$st" = 0 ]
check "board: it says which card data it used" grep -q "^Cards: Tarmogoyf, Lightning Bolt, Grizzly Bears from MTGJSON of $(jq -r .meta.date "$MTG")" "$W/goyf.out"
check "board: Tarmogoyf's type line comes from the card" grep -q "Tarmogoyf — Creature — Lhurgoyf" "$W/goyf.out"
J --json resolve "$W/goyf.board" > "$W/goyf.json" 2>/dev/null
check "board --json: the card data's date and source ($(jq -r .meta.date "$MTG"), mtgjson)" [ "$(jq -r '.cards.date + " " + .cards.source' "$W/goyf.json")" = "$(jq -r .meta.date "$MTG") mtgjson" ]
check "board --json: the cards taken from it" [ "$(jq -r '.cards.names | join(",")' "$W/goyf.json")" = "Tarmogoyf,Lightning Bolt,Grizzly Bears" ]
check "board --json: no cards object without the card database" [ "$(XDG_DATA_HOME="$W/none" "$JUDGE" --json resolve "$W/goyf.board" 2>/dev/null | jq -r 'has("cards")')" = false ]
# an instant and a creature in the graveyard once the Bears die: 2/3, from the card's own ability
check "board: its ability counts card types (2/3 with an instant and a creature in graveyards)" grep -q "Tarmogoyf — Creature — Lhurgoyf, green, 2/3" "$W/goyf.out"
check "board: the board's own pt overrides the card's (Grizzly Bears 3/3)" grep -q "Grizzly Bears — Creature — Bear, green, 3/3" "$W/goyf.out"
XDG_DATA_HOME="$W/none" "$JUDGE" resolve "$W/goyf.board" > "$W/goyf0.out" 2>&1
check "board: without the database the same board has no card data" bash -c "! grep -q '^Cards:' '$W/goyf0.out' && ! grep -q 'Lhurgoyf' '$W/goyf0.out'"
sed 's/^permanent Tarmogoyf/permanent Tarmogyf/' "$W/goyf.board" > "$W/typo.board"
J resolve "$W/typo.board" > /dev/null 2>"$W/typo.err"; st=$?
check "board: an unknown name is an error at its line (exit 2)" bash -c "[ $st = 2 ] && grep -q 'typo.board:3:1: error: no card named \"Tarmogyf\"' '$W/typo.err'"
check "board: it suggests the nearest card" grep -q 'did you mean Tarmogoyf' "$W/typo.err"
printf 'player Alice active\npermanent Questing Beast\n  controller Alice\n' > "$W/qb.board"
J resolve "$W/qb.board" > "$W/qb.out" 2>"$W/qb.err"; st=$?
check "board: abilities judge cannot read are left out with a warning, the board still resolves" bash -c "[ $st = 0 ] && grep -q 'warning: Questing Beast: left out from the card' '$W/qb.err'"

# judge update of the rules, with a card database: the cards are linked to the new release
# there, so the first `judge card` after it loads no rules
if [ -n "${SHARED:-}" ] && command -v strace >/dev/null; then
	mkdir -p "$W/crwww"
	cp "$SHARED/cr/cr-2026-01-16.txt" "$W/crwww/MagicCompRules 20260116.txt"
	UX="$W/upd"
	XDG_DATA_HOME="$UX" "$JUDGE" cards import "$MTG" >/dev/null 2>&1
	if httpd_start "$W/crwww" "$W/crserver.log"; then
		XDG_DATA_HOME="$UX" "$JUDGE" update --url "http://127.0.0.1:$HTTPD_PORT/MagicCompRules%2020260116.txt" >"$W/upd.out" 2>"$W/upd.err"; st=$?
		check "update (rules) with a card database: stores the release and links the $(jq '.data | length' "$MTG") cards to it" \
			bash -c "[ $st = 0 ] && grep -q 'Stored the rules of 2026-01-16' '$W/upd.out' && grep -q 'linked the $(jq '.data | length' "$MTG") cards to the rules of 2026-01-16' '$W/upd.err'"
		# (stderr is looked at apart: LeakSanitizer says it cannot run under strace)
		XDG_DATA_HOME="$UX" strace -f -e trace=openat,open -o "$W/utrace" "$JUDGE" card "questing beast" >"$W/uq.out" 2>/dev/null
		XDG_DATA_HOME="$UX" "$JUDGE" card "questing beast" >/dev/null 2>"$W/uq.err"
		check "after update, the first judge card answers from the new release's kept links, opening no rules, silently" \
			bash -c "grep -q '^Rules:.*Deathtouch' '$W/uq.out' && grep -q 'rules of 2026-01-16' '$W/uq.out' && ! grep -q 'judge/rules/' '$W/utrace' && [ ! -s '$W/uq.err' ]"
		XDG_DATA_HOME="$UX" "$JUDGE" update --url "http://127.0.0.1:$HTTPD_PORT/MagicCompRules%2020260116.txt" >/dev/null 2>"$W/upd2.err"
		check "update again (already up to date): the links are kept, nothing more is said" [ ! -s "$W/upd2.err" ]
	else
		nok "the local HTTP server did not start" "$(cat "$W/crserver.log")"
	fi
	httpd_stop
fi

# judge update --cards against a local HTTP server (loopback only)
mkdir -p "$W/www"
xz -c "$MTG" > "$W/www/AtomicCards.json.xz"
if httpd_start "$W/www" "$W/server.log"; then
	port=$HTTPD_PORT
	rm -f "$DB"
	out=$(J update --cards --url "http://127.0.0.1:$port/AtomicCards.json.xz" 2>&1); st=$?
	check "update --cards: downloads and imports the .xz ($(jq '.data | length' "$MTG") cards)" grep -q "imported $(jq '.data | length' "$MTG") cards" <<<"$out"
	check "update --cards: the card answers" grep -q '^Tarmogoyf ' <<<"$(J card tarmogoyf | head -n 1)"
	out=$(JUDGE_CARDS_URL="http://127.0.0.1:$port/missing.json.xz" J update --cards 2>&1); st=$?
	check "update --cards: a 404 (JUDGE_CARDS_URL) is an error, exit 2" [ "$st" = 2 ]
	check "update --cards: after the 404 the cards still answer" grep -q '^Tarmogoyf ' <<<"$(J card tarmogoyf | head -n 1)"
	check "update --cards: no download left behind" [ -z "$(ls -A "$W/data/judge/cards" | grep -v '^cards.db$')" ]
else
	nok "the local HTTP server did not start" "$(cat "$W/server.log")"
fi
httpd_stop

# start-up: libxml2 (and the ICU and libstdc++ it brings) is loaded when a page of HTML is
# read, not by a card lookup, whose start-up binding it was most of
if command -v strace >/dev/null; then
	strace -f -e trace=openat,open -o "$W/ltrace" "$JUDGE" card tarmogoyf >/dev/null 2>&1
	check "a card lookup opens neither libxml2 nor ICU" bash -c "grep -q 'cards.db' '$W/ltrace' && ! grep -qE 'libxml2|libicu' '$W/ltrace'"
else
	echo "skip: strace is needed to see which libraries judge opens"
fi

# no database at all
XDG_DATA_HOME="$W/none" "$JUDGE" card tarmogoyf >"$W/out" 2>&1; st=$?
check "no database: exit 2 and how to get one" bash -c "[ $st = 2 ] && grep -q 'judge cards import' '$W/out'"

# only the built-in rules (parts of old releases) and no card database: a lower-case card name
# gets the way to the card, not a rule its words happen to touch
N() { XDG_DATA_HOME="$W/none" "$JUDGE" "$@"; }
N tarmogoyf >"$W/out" 2>&1; st=$?
check "built-in rules, no cards: \"tarmogoyf\" says no card database is installed and how to import one (exit 1)" \
	bash -c "[ $st = 1 ] && tr '\n' ' ' < '$W/out' | grep -q 'if tarmogoyf names a card: no card database is installed.*judge cards import.*judge update --cards'"
N questing beast >"$W/qb.out" 2>"$W/qb.err"; st=$?
check "built-in rules, no cards: \"questing beast\" is no unrelated rule but the card hint (exit 1)" \
	bash -c "[ $st = 1 ] && [ ! -s '$W/qb.out' ] && grep -q 'do not know \"questing beast\"' '$W/qb.err' && grep -q 'no card database is installed' '$W/qb.err'"
check "built-in rules, no cards: --json gives [] for it" [ "$(N --json questing beast 2>/dev/null)" = "[]" ]
N tarmogoyf in graveyard >"$W/out" 2>&1; st=$?
check "built-in rules, no cards: \"tarmogoyf in graveyard\" names the card in a note, then the rules" \
	bash -c "[ $st = 0 ] && tr '\n' ' ' < '$W/out' | grep -q 'name cards (tarmogoyf).*judge cards import' && grep -qE '^[0-9]{3}\.' '$W/out'"
for w in hexproof "summoning sickness" mulligan trampel; do
	N "$w" >"$W/out" 2>&1
	check "built-in rules, no cards: \"$w\" (a rules word, the thesaurus's, or a typo of one) gets no card hint" bash -c "! grep -qi 'card database' '$W/out'"
done

echo "1..$n"
