#!/usr/bin/env bash
# board_facts.sh — the outcome each scenario's source states (the textbook's or the CR's own
# words, written down by hand here), checked against `judge resolve`'s final state.
set -u
n=0
fact() {   # board, a line the final state must contain, where the expectation comes from
	n=$((n + 1))
	out=$("$JUDGE" --width 200 resolve "corpus/boards/$1.board" 2>&1 | sed -n '/^Final state/,$p')
	if grep -qF -- "$2" <<<"$out"; then echo "ok $n - $1: $3"
	else echo "not ok $n - $1: expected \"$2\" ($3)"; echo "$out" | sed 's/^/# /'; fi
}
order() {  # board, owner, names bottom to top, source
	n=$((n + 1))
	got=$("$JUDGE" --width 200 resolve "corpus/boards/$1.board" 2>&1 | sed -n "/^  $2's graveyard/,/^  [^ ]/p" | sed -n 's/^    //p' | awk -F ' — ' '{print $1}' | paste -sd'|')
	if [ "$got" = "$3" ]; then echo "ok $n - $1: graveyard order $3 ($4)"
	else echo "not ok $n - $1: graveyard order '$got', expected '$3' ($4)"; fi
}
order hurricane-scion-of-oona Alice "Scion of Oona|Pestermite|Curiosity|Briarberry Cohort" "textbook: Scion at the bottom, Pestermite on it, then Cohort and Curiosity"
fact hurricane-scion-of-oona "Alice: life 19" "Hurricane X=1 deals 1 to each player"
fact scion-destroyed-pestermite-curiosity "Pestermite — Creature — Faerie Rogue, blue, 2/1; flying" "Pestermite back to 2/1, no shroud"
fact scion-destroyed-pestermite-curiosity "attached to Pestermite" "Curiosity stays attached"
fact scion-destroyed-pestermite-curiosity "Briarberry Cohort — Creature — Faerie Soldier, blue, 2/2" "Cohort keeps +1/+1 with Pestermite around"
order briarberry-cohort-alone Alice "Pestermite|Curiosity|Briarberry Cohort" "Cohort dies on the check after Pestermite"
fact cr-510-1c-divide-among-blockers "Vampire Spawn — Creature — Vampire, black, 2/3; controller Bob; damage 1" "CR 510.1c: 1 to the Spawn"
order cr-510-1c-divide-among-blockers Bob "Helpful Hunter" "CR 510.1c: 3 to the Hunter"
fact cr-702-19b-trample-protection "Bob: life 16" "CR 702.19b: 2 to the protected blocker, 4 to the player"
fact cr-702-19b-two-attackers "Bob: life 18" "CR 702.19b: 2 damage to the defending player"
fact trample-deathtouch "Bob: life 16" "702.2c: 1 is lethal with deathtouch"
fact double-strike-lifelink "Alice: life 21" "702.4b, 702.15b: gains 3 twice"
fact double-strike-lifelink "Bob: life 14" "3 damage in each of two steps"
order first-strike-kills-blocker Bob "Grizzly Bears" "702.7b"
fact first-strike-kills-blocker "Youthful Knight — Creature — Human Knight, white, 2/1; first strike; controller Alice" "the blocker dealt no damage"
fact cr-613-gray-ogre "Gray Ogre — Creature — Ogre, red, 5/8" "CR 613 example: making it 5/8"
fact cr-613-4d-switch "Wall Walker — Creature — Wall, blue, 4/6" "CR 613.4d: its actual power and toughness is 4/6"
fact cr-613-honor-of-the-pure "Walking Corpse — Creature — Zombie, white, 3/3" "CR 613 example: becoming 3/3"
fact cr-613-9-flying-timestamps "Grizzly Bears — Creature — Bear, green, 2/2; controller Alice" "CR 613.9: the later one wins, no flying"
fact cr-613-9-white-anthem "Hill Giant — Creature — Giant, white, 4/4" "CR 613.9: gets +1/+1 regardless of its previous color"
fact blood-moon-urborg "Urborg, Tomb of Yawgmoth — Legendary Land — Mountain, colorless" "Urborg is only a Mountain"
fact blood-moon-urborg "Forest — Basic Land — Forest, colorless" "the Forest is not a Swamp"
fact humility-opalescence "Humility — Enchantment Creature, white, 4/4" "later Opalescence sets Humility to its mana value"
fact humility-opalescence "Grizzly Bears — Creature — Bear, green, 1/1" "Humility makes other creatures 1/1"
fact opalescence-humility "Humility — Enchantment Creature, white, 1/1" "later Humility wins in 7b"
fact tarmogoyf-glorious-anthem "Tarmogoyf — Creature — Lhurgoyf, green, 2/2" "textbook: Tarmogoyf will be a 2/2"
fact tarmogoyf-reckless-charge-inside-out "Tarmogoyf — Creature — Lhurgoyf, green, 5/7" "textbook: shrunk to 5/7"
fact persist-kitchen-finks "Bob: life 17" "persist once: the enters trigger gains 2"
order persist-kitchen-finks Bob "Kitchen Finks" "the second time it had a -1/-1 counter"
fact volcanic-fallout-redcap-finks "Murderous Redcap — Creature — Goblin Assassin, black red, 1/1" "textbook: Redcap comes back"
order volcanic-fallout-redcap-finks Bob "Kitchen Finks" "textbook: on Redcap's controller's turn, Redcap can kill the returned Finks"
fact volcanic-fallout-redcap-finks "Bob: life 20" "Finks' controller: -2 from Fallout, +2 from Finks"
fact kalitas-exile-instead "Bob: life 20" "no dies trigger: the creature never died"
fact kalitas-exile-instead "Bob's exile:" "exiled instead"
fact fire-servant-benevolent-unicorn "Bob: life 16" "textbook: the affected player picks Unicorn first, 4 damage"
fact cr-615-10-daunting-defender "Cleric of the Forward Order — Creature — Human Cleric, white, 2/2; controller Bob; damage 1" "CR 615.10: 1 damage to each Cleric"
order cr-615-10-daunting-defender Bob "Grizzly Bears" "CR 615.10: 2 damage to each other creature"
fact cr-608-2b-sorins-thirst "Alice: life 20" "CR 608.2b: its controller doesn't gain any life"
fact cr-608-2b-sorins-thirst "White Knight — Creature — Human Knight, white, 2/2; first strike, protection from black; controller Bob" "no damage"
order arc-trail-one-target-gone Bob "Llanowar Elves|Runeclaw Bear" "the legal target is dealt its 2 damage"
fact legend-rule "Thalia, Guardian of Thraben [Old Thalia] — Legendary Creature" "the kept one stays"
fact chandra-attacked "2 loyalty counters" "textbook: Chandra will have 2 loyalty counters"
fact bolt-liliana-vess "2 loyalty counters" "textbook: 3 loyalty counters removed from 5"
fact infect-tenth-poison "Bob: life 20, poison 10 (lost the game)" "704.5c"
order wither-blocked Bob "Centaur Courser" "three -1/-1 counters make it 0/0"
order cr-704-young-wolf Alice "Young Wolf" "CR 704.5q example: Young Wolf is in the graveyard, undying doesn't trigger"
fact indestructible-lethal-damage "Darksteel Sentinel — Artifact Creature — Golem, colorless, 3/3" "indestructible ignores lethal and deathtouch damage"
order indestructible-lethal-damage Bob "Darksteel Myr" "toughness 0 is not destruction"
fact lignify-anthem "Serra Angel — Creature — Treefolk, white, 1/5; controller Bob" "0/4 base, +1/+1, no abilities"
fact control-magic-anthem "Serra Angel — Creature — Angel, white, 6/6; flying, vigilance; controller Alice" "control first, then anthems"
fact pillarfield-ox-unflinching-courage "Bob: life 2" "textbook: after combat damage is dealt I'll be at 2 life"
fact pyroclasm-enormous-baloth "Blastoderm — Creature — Beast, green, 5/5; shroud; controller Bob; damage 4" "textbook: 2 damage to Blastoderm"
order pyroclasm-enormous-baloth Bob "Giant Growth|Giant Spider" "the Spider gets lethal damage, 7 - 2 = 5"
fact erg-raiders-sorceress-queen "Erg Raiders — Creature — Human Warrior, black, 3/5" "textbook: 7b then 7c"
fact cr-603-10a-akromas-vengeance "Bob: life 22" "CR 603.10a: the artifact's ability triggers twice"
fact cancel-slice-in-twain "Glorious Anthem — Enchantment, white; controller Bob" "textbook: none of Slice in Twain's effects happen"
order cancel-slice-in-twain Alice "Slice in Twain" "textbook: removed from the stack and put into my graveyard"
fact drudge-skeletons-regenerate "Drudge Skeletons — Creature — Skeleton, black, 1/1; controller Bob; tapped" "textbook: instead becomes tapped, damage removed"
fact drudge-skeletons-regenerate "Youthful Knight — Creature — Human Knight, white, 2/1; first strike; controller Alice" "textbook: it won't deal damage to Youthful Knight"
fact river-boa-knight-of-meadowgrain "Alice: life 22" "textbook: the Knight controller will gain 2 life"
fact river-boa-knight-of-meadowgrain "River Boa — Creature — Snake, green, 2/1; controller Bob; tapped" "textbook: it will not be destroyed"
order cr-608-2b-plague-spores Bob "Darkening|Dryad Arbor" "CR 608.2b: the \"destroy target land\" part still destroys it"
