#!/usr/bin/env bash
# Card layouts and fields of the real downloads that the other card fixtures lack
# (tests/cards/layouts-*.json, written by fixtures.py): levelers, classes, cases, prototypes,
# mutate, augment and host, planes and schemes, vanguards' hand and life, attractions' lights,
# what MTGJSON's leadershipSkills says, and reversible cards, which are the card on their sides
# (one card, not a second card named "X // X"). Expected values are read from the fixtures with jq.
set -u
command -v jq >/dev/null || { echo "skip: jq is needed to read the fixtures independently"; exit 77; }
W=$(mktemp -d "${TMPDIR:-/tmp}/judge-cards-layouts.XXXXXX")
trap 'rm -rf "$W"' EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); echo "not ok $n - $1"; }
check() { local what=$1; shift; if "$@"; then ok "$what"; else nok "$what"; fi; }
F="$ROOT/tests/cards"
LM="$F/layouts-AtomicCards.json"
LO="$F/layouts-oracle-cards-20251215120000.json"; LR="$F/layouts-rulings-20251215120000.json"
RM="$F/real-AtomicCards.json"; RO="$F/real-oracle-cards-20251201101500.json"; RR="$F/real-rulings-20251201101500.json"
export XDG_DATA_HOME="$W/data"
J() { "$JUDGE" "$@"; }
CR=()
[ -n "${SHARED:-}" ] && [ -f "$SHARED/cr/cr-2025-11-14.txt" ] && CR=(--rules "$SHARED/cr/cr-2025-11-14.txt")

# ---- vanguard hand and life, attraction lights: both formats ----
J cards import "$RM" > "$W/out" 2>&1
van=$(jq -r '.data | to_entries[] | select(.value[0].layout == "vanguard") | .key' "$RM")
hl=$(jq -r --arg k "$van" '.data[$k][0] | "hand \(.hand)  life \(.life)"' "$RM")
check "MTGJSON: the vanguard $van shows $hl" grep -q "  $hl" <<<"$(J card "$van")"
check "MTGJSON: --json gives the vanguard's hand and life" \
	[ "$(J --json card "$van" | jq -c '.[0].faces[0] | [.hand, .life]')" = "$(jq -c --arg k "$van" '.data[$k][0] | [.hand, .life]' "$RM")" ]
att=$(jq -r '.data | to_entries[] | select(.value[0].attractionLights) | .key' "$RM")
lights=$(jq -r --arg k "$att" '.data[$k][0].attractionLights | map(tostring) | join(", ")' "$RM")
check "MTGJSON: the attraction $att shows its lights ($lights)" grep -q "lights $lights" <<<"$(J card "$att")"
all=$(jq -r --arg k "$att" '[.data[$k][].attractionLights | map(tostring) | join(", ")] | unique | join(" or ")' "$RM")
check "MTGJSON: and those of its other printings ($all), on one face" \
	[ "$(J --json card "$att" | jq -r '.[0].faces | length, (.[0].lights | split(" or ") | sort | join(" or "))' | paste -sd' ')" = "1 $all" ]
J cards import "$RO" "$RR" > "$W/out" 2>&1
van=$(jq -r '.[] | select(.layout == "vanguard") | .name' "$RO")
hl=$(jq -r --arg n "$van" '.[] | select(.name == $n) | "hand \(.hand_modifier)  life \(.life_modifier)"' "$RO")
check "Scryfall: the vanguard $van shows $hl" grep -q "  $hl" <<<"$(J card "$van")"
check "Scryfall: the attraction's lights" grep -q "lights $(jq -r '.[] | select(.attraction_lights) | .attraction_lights | map(tostring) | join(", ")' "$RO")" <<<"$(J card "$att")"

# ---- every layout of the layouts fixture ----
J "${CR[@]}" cards import "$LM" > "$W/out" 2>&1; st=$?
# a reversible card is the card on its sides: one card per distinct face, or one card of two
# parts when its name is those parts twice; one the file holds under its own name is a duplicate
cards=$(jq '[.data | to_entries[] | if .value[0].layout == "reversible_card" then
	(.value | map(.faceName) | unique) as $f | if (.key == ($f | join(" // ")) + " // " + ($f | join(" // "))) then [$f | join(" // ")] else $f end
	else [.key] end] | flatten' "$LM")
ncards=$(jq 'unique | length' <<<"$cards"); ndup=$(( $(jq length <<<"$cards") - ncards ))
check "MTGJSON layouts: $ncards cards, $ndup printed twice (a reversible printing), said" \
	bash -c "[ $st = 0 ] && grep -q 'imported $ncards cards' '$W/out' && grep -q '$ndup cards appeared twice' '$W/out'"
for k in $(jq -r '.data | to_entries[] | select(.value[0].layout != "reversible_card") | .key | @base64' "$LM"); do
	k=$(base64 -d <<<"$k")
	lay=$(jq -r --arg k "$k" '.data[$k][0].layout' "$LM")
	got=$(J --json card "$k" | jq -r '.[0] | "\(.name) \(.layout)"')
	check "MTGJSON layouts: $k is one card, layout $lay" [ "$got" = "$k $lay" ]
done
var=$(jq -r '.data | to_entries[] | select(.value | map(.text) | unique | length > 1) | select(.value[0].side == null) | .key' "$LM")
check "MTGJSON: a name printed with other texts ($var) keeps every text, each a face" \
	[ "$(J --json card "$var" | jq -c '[.[0].faces[].text]')" = "$(jq -c --arg k "$var" '[.data[$k][].text]' "$LM")" ]
for k in $(jq -r '.data | to_entries[] | select(.value[0].layout == "reversible_card") | .value[].faceName | @base64' "$LM" | sort -u); do
	k=$(base64 -d <<<"$k")
	check "MTGJSON: the reversible card's face $k is the card $k, found alone" [ "$(J --json card "$k" | jq -r 'length, .[0].name' | paste -sd' ')" = "1 $k" ]
done
rev=$(jq -r '.data as $d | $d | keys[] | select(test(" // ")) | select(split(" // ") as $p | $p[0] == $p[1] and ($d | has($p[0])))' "$LM" | head -n 1)
one=${rev%% // *}
check "MTGJSON: $one's reversible printing adds no second card" [ "$(J --json card "$one" | jq -c 'map(.name)')" = "[\"$one\"]" ]
check "MTGJSON: $one keeps its rulings and what leadershipSkills says" \
	[ "$(J --json card "$one" | jq -c '.[0] | [(.rulings | length), .commander_in]')" = "$(jq -c --arg k "$one" '.data[$k][0] | [(.rulings | length), (.leadershipSkills | to_entries | map(select(.value)) | map(.key))]' "$LM")" ]
lead=$(jq -r '.data | to_entries[] | select(.value[0].leadershipSkills.oathbreaker == true) | .key' "$LM")
want=$(jq -r --arg k "$lead" '.data[$k][0].leadershipSkills | to_entries | map(select(.value)) | map(.key) | join(", ")' "$LM")
check "MTGJSON: $lead can be your commander in $want" grep -q "^Commander: can be your commander in $want" <<<"$(J card "$lead")"
check "MTGJSON: a card leadershipSkills says can lead nothing has no Commander line" \
	bash -c "! '$JUDGE' card 'ridgeline squire' | grep -q '^Commander:'"
proto=$(jq -r '.data | to_entries[] | select(.value[0].layout == "prototype") | .key' "$LM")
pt=$(jq -r --arg k "$proto" '.data[$k][0].text | capture("^Prototype (?<c>[^ ]+) — (?<p>[^ ]+)") | "\(.c)  \(.p)"' "$LM")
check "MTGJSON: the prototype $proto shows its prototyped cost and size ($pt)" grep -q "^Prototyped: $pt  (mana value" <<<"$(J card "$proto")"
check "MTGJSON: --json gives the prototype's mana value (718.3b: that of its prototype cost)" \
	[ "$(J --json card "$proto" | jq -c '.[0].faces[0].prototype | [.mana_cost, .mana_value]')" = "[\"${pt%%  *}\",3]" ]
for v in "Restricted" "Banned"; do
	f=$(jq -r --arg v "$v" '.data["Ridgeline Squire"][0].legalities | to_entries[] | select(.value == $v) | .key' "$LM")
	check "MTGJSON: a legality \"$v\" is shown ($f)" grep -q "$f (${v,,})" <<<"$(J card "ridgeline squire")"
done
check "MTGJSON: \"Not Legal\" is not shown as a format" bash -c "! '$JUDGE' card 'ridgeline squire' | grep -q standard"
if [ ${#CR[@]} -gt 0 ]; then
	for l in leveler class case prototype planar scheme; do
		k=$(jq -r --arg l "$l" '.data | to_entries[] | select(.value[0].layout == $l) | .key' "$LM")
		rule=$(J "${CR[@]}" --json card "$k" | jq -r '.[0].rules[] | select(.id | test("^(7[01][0-9]|90[0-9])$")) | .id' | head -n 1)
		title=$(awk -v r="$rule." '$1 == r { $1 = ""; sub(/^ /, ""); print; exit }' "$SHARED/cr/cr-2025-11-14.txt" | tr -d '\r')
		check "MTGJSON: the $l $k links its layout's rule ($rule $title)" [ -n "$rule" ]
	done
else
	echo "# skip: ../shared/cr is absent, the layouts' rules are not checked"
fi

# ---- the same layouts from Scryfall ----
J cards import "$LO" "$LR" > "$W/out" 2>&1; st=$?
nlo=$(jq '[.[] | if .layout == "reversible_card" then (.card_faces | map(.oracle_id) | unique[]) else .oracle_id end] | unique | length' "$LO")
check "Scryfall layouts: $nlo cards, the reversible printing listed first one of them" \
	bash -c "[ $st = 0 ] && grep -q 'imported $nlo cards' '$W/out' && grep -q '1 cards appeared twice' '$W/out'"
check "Scryfall: $one, its reversible printing listed first, is one card of layout normal with its ruling" \
	[ "$(J --json card "$one" | jq -c 'map([.name, .layout, (.rulings | length)])')" = "[[\"$one\",\"normal\",1]]" ]
for l in leveler class case prototype mutate augment host planar scheme; do
	k=$(jq -r --arg l "$l" '.[] | select(.layout == $l) | .name' "$LO")
	check "Scryfall: the $l $k has its layout and text" \
		[ "$(J --json card "$k" | jq -c '.[0] | [.layout, .faces[0].text]')" = "$(jq -c --arg k "$k" '.[] | select(.name == $k) | [.layout, .oracle_text]' "$LO")" ]
done
nullc=$(jq -r '.[] | select(has("mana_cost") and .mana_cost == null) | .name' "$LO")
check "Scryfall: a null mana_cost ($nullc) is no cost" [ "$(J --json card "$nullc" | jq -c '.[0].faces[0].mana_cost')" = null ]
check "Scryfall: the prototype's line from Oracle text alone" grep -q "^Prototyped: ${pt%%  *}" <<<"$(J card "$proto")"
pn=$(jq -r '.[] | select(.printed_name) | .printed_name' "$LO")
J card "$pn" > "$W/out" 2>&1; st=$?
check "Scryfall: a printing's printed_name ($pn) is not taken for the card's name" [ "$st" = 1 ]

# ---- a database an older judge imported (no hand, life, lights or leader columns) still answers ----
if command -v sqlite3 >/dev/null; then
	J cards import "$RM" > /dev/null 2>&1
	sqlite3 "$W/data/judge/cards/cards.db" "ALTER TABLE faces DROP COLUMN hand; ALTER TABLE faces DROP COLUMN life;
		ALTER TABLE faces DROP COLUMN lights; ALTER TABLE cards DROP COLUMN leader; DROP TABLE foreign_names;"
	check "a database without the new columns: the vanguard is shown, without its modifiers" \
		[ "$(J --json card "test avatar" | jq -c '.[0].faces[0] | [.type, .hand]')" = '["Vanguard",null]' ]
	J card "Glimmerfen Warden (German)" > "$W/out" 2>&1; st=$?
	check "a database without names in other languages: such a name is not found, nothing worse" \
		bash -c "[ $st = 1 ] && grep -q 'no card named' '$W/out'"
	J cards import "$LO" "$LR" > /dev/null 2>&1
else
	echo "# skip: no sqlite3 shell to make an older database"
fi

# ---- names in other languages (MTGJSON foreignData): the name on the card in hand finds it ----
J cards import "$RM" > /dev/null 2>&1
for l in German Japanese; do
	fn=$(jq -r --arg l "$l" '.data["Glimmerfen Warden"][0].foreignData[] | select(.language == $l) | .name' "$RM")
	J card "$fn" > "$W/out" 2> "$W/err"; st=$?
	check "the $l name \"$fn\" finds Glimmerfen Warden, and says so" \
		bash -c "[ $st = 0 ] && head -n 1 '$W/out' | grep -q '^Glimmerfen Warden ' && grep -q 'is the $l name of Glimmerfen Warden' '$W/err'"
done
ff=$(jq -r '.data["Bright // Dim"][] | select(.side == "b") | .foreignData[] | select(.language == "Spanish") | .faceName' "$RM")
check "a face's name in Spanish (\"$ff\") finds the split card" grep -q '^Bright // Dim ' <<<"$(J card "$ff" 2>/dev/null | head -n 1)"
check "the start of a name in another language finds it (\"${fn:0:24}\")" grep -q "^Glimmerfen Warden " <<<"$(J card "${fn:0:24}" 2>/dev/null | head -n 1)"
# names in other scripts and cases, as the files have them (written for this test)
cat > "$W/fx.json" <<'JSON'
{"meta":{"date":"2025-01-01"},"data":{"Spark Volley":[{"name":"Spark Volley","layout":"normal","type":"Instant","manaCost":"{R}","manaValue":1,"text":"Spark Volley deals 2 damage to any target.","legalities":{},
 "foreignData":[{"language":"Japanese","name":"火花の一斉射撃","text":"…","type":"インスタント","identifiers":{"multiverseId":"1"}},{"language":"Russian","name":"Залп Искр"},{"language":"French","name":"Volée d'étincelles","faceName":null}]}]}}
JSON
J cards import "$W/fx.json" > /dev/null 2>&1
for q in "火花の一斉射撃" "залп искр" "ЗАЛП ИСКР" "volee detincelles"; do
	check "\"$q\" finds Spark Volley" grep -q '^Spark Volley ' <<<"$(J card "$q" 2>/dev/null | head -n 1)"
done
check "an English name still comes first (\"spark\" is Spark Volley's start, not searched in other languages)" \
	bash -c "! '$JUDGE' card spark 2>&1 >/dev/null | grep -q 'name of'"

# ---- `help card`: where the database is, its date, how to update it ----
J cards import "$LO" "$LR" > /dev/null 2>&1
h=$(J help card | tr '\n' ' ' | tr -s ' ')
check "help card names the database, its source and date" grep -q "card data: $W/data/judge/cards/cards.db, $nlo cards from Scryfall of 2025-12-15" <<<"$h"
check "help card says how to update" grep -q 'judge update --cards' <<<"$h"
check "help card says the old database answers until the import completes" grep -q 'keeps answering until the import is complete' <<<"$h"
h=$(XDG_DATA_HOME="$W/none" "$JUDGE" help cards | tr '\n' ' ' | tr -s ' ')
check "help cards without a database says where it would be and how to make it" grep -q "none yet (it would be $W/none/judge/cards/cards.db). To make it" <<<"$h"
echo "1..$n"
