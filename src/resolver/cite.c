/* cite.c — the one table of rule numbers the resolver cites, pinned to the newest CR
 * (2026-01-16). Code cites R_* constants; no rule number is written anywhere else. */
#include "rz_int.h"

#include <string.h>

static const struct { const char *id, *what; } cites[R_COUNT] = {
	[R_DAMAGE_LIFE] = { "120.3a", "damage to a player causes life loss" },
	[R_DAMAGE_INFECT_PLAYER] = { "120.3b", "infect damage to a player gives poison counters" },
	[R_DAMAGE_PW] = { "120.3c", "damage to a planeswalker removes loyalty counters" },
	[R_DAMAGE_WITHER] = { "120.3d", "wither/infect damage to a creature gives -1/-1 counters" },
	[R_DAMAGE_MARKED] = { "120.3e", "damage to a creature is marked on it" },
	[R_DAMAGE_LIFELINK] = { "120.3f", "lifelink damage gains life" },
	[R_COUNTER_PT] = { "122.1a", "+X/+Y counters" },
	[R_COUNTER_KW] = { "122.1b", "keyword counters" },
	[R_LIFE] = { "119.3", "gaining and losing life" },
	[R_LAND_SUBTYPE] = { "305.7", "setting a land's subtype removes its old land types and abilities" },
	[R_AURA_ILLEGAL_RULE] = { "303.4c", "an Aura enchanting an illegal object" },
	[R_NEW_OBJECT] = { "400.7", "an object that changes zones becomes a new object" },
	[R_FIND_MOVED] = { "400.7j", "an effect can find an object it moved to a public zone" },
	[R_TOKEN_GONE] = { "111.8", "a token that left the battlefield can't come back" },
	[R_WIN] = { "104.2a", "a player whose opponents have all left the game wins" },
	[R_DRAW] = { "104.4a", "if all the players left lose at once, the game is a draw" },
	[R_BLOCKED] = { "509.1h", "an attacker stays blocked" },
	[R_COMBAT_ASSIGN] = { "510.1", "combat damage assignment" },
	[R_ASSIGN_POWER] = { "510.1a", "creatures assign combat damage equal to their power" },
	[R_ASSIGN_UNBLOCKED] = { "510.1b", "an unblocked creature assigns damage to what it attacks" },
	[R_ASSIGN_BLOCKED] = { "510.1c", "a blocked creature divides damage among its blockers" },
	[R_ASSIGN_BLOCKER] = { "510.1d", "a blocking creature assigns damage to what it blocks" },
	[R_ASSIGN_CHECK] = { "510.1e", "the total damage assignment is checked" },
	[R_COMBAT_DEALT] = { "510.2", "combat damage is dealt simultaneously" },
	[R_FIRST_STRIKE_STEP] = { "510.4", "a first-strike combat damage step" },
	[R_TRIG_CONTROLLER] = { "603.3a", "a triggered ability's controller" },
	[R_TRIG_APNAP] = { "603.3b", "triggered abilities go on the stack in APNAP order" },
	[R_TRIG_TARGETS] = { "603.3d", "choosing targets for a triggered ability" },
	[R_INTERVENING_IF] = { "603.4", "intervening \"if\" clauses" },
	[R_ETB_TRIGGER] = { "603.6a", "enters-the-battlefield abilities" },
	[R_LTB_TRIGGER] = { "603.6c", "leaves-the-battlefield abilities" },
	[R_LOOK_BACK] = { "603.10a", "leaves-the-battlefield abilities look back in time" },
	[R_CDA] = { "604.3", "characteristic-defining abilities" },
	[R_RESOLVE_TARGETS] = { "608.2b", "target legality is checked on resolution" },
	[R_RESOLVE_FOLLOW] = { "608.2c", "instructions are followed in order" },
	[R_RESOLVE_INFO] = { "608.2h", "information is determined once, as the effect is applied" },
	[R_RESOLVE_GRAVE] = { "608.2n", "an instant or sorcery goes to the graveyard as it finishes" },
	[R_LOCKED_SET] = { "611.2c", "a resolved effect's affected set is locked in" },
	[R_STATIC_NOT_LOCKED] = { "611.3a", "a static ability's effect is not locked in" },
	[R_LAYERS] = { "613.1", "the layer system" },
	[R_LAYER_COPY] = { "613.2a", "layer 1a: copy effects" },
	[R_COPIABLE] = { "707.2", "the copiable values: what a copy copies" },
	[R_LAYER_CONTROL] = { "613.1b", "layer 2: control" },
	[R_LAYER_TYPE] = { "613.1d", "layer 4: types" },
	[R_LAYER_COLOR] = { "613.1e", "layer 5: colors" },
	[R_LAYER_ABIL] = { "613.1f", "layer 6: abilities" },
	[R_LAYER_PT] = { "613.1g", "layer 7: power and toughness" },
	[R_CDA_FIRST] = { "613.3", "characteristic-defining abilities apply first" },
	[R_LAYER_7A] = { "613.4a", "layer 7a: characteristic-defining P/T" },
	[R_LAYER_7B] = { "613.4b", "layer 7b: P/T set to a value" },
	[R_LAYER_7C] = { "613.4c", "layer 7c: P/T modified, counters included" },
	[R_LAYER_7D] = { "613.4d", "layer 7d: P/T switched" },
	[R_MULTI_LAYER] = { "613.6", "an effect that started applying continues in later layers" },
	[R_TIMESTAMP] = { "613.7", "timestamp order" },
	[R_TS_STATIC] = { "613.7a", "a static ability's timestamp" },
	[R_TS_RESOLVED] = { "613.7b", "a resolved effect's timestamp" },
	[R_TS_COUNTER] = { "613.7c", "each counter's timestamp" },
	[R_TS_ZONE] = { "613.7d", "an object's timestamp when it enters a zone" },
	[R_TS_ATTACH] = { "613.7e", "an Aura or Equipment's timestamp when attached" },
	[R_DEPENDENCY] = { "613.8a", "dependency between effects" },
	[R_DEPENDENCY_ORDER] = { "613.8b", "dependent effects wait; loops by timestamp" },
	[R_DEPENDENCY_AGAIN] = { "613.8c", "order re-evaluated after each effect" },
	[R_REPLACE_INSTEAD] = { "614.1a", "\"instead\" replacement effects" },
	[R_REPLACED_NEVER] = { "614.6", "a replaced event never happens" },
	[R_PREVENTION] = { "615.1a", "prevention effects" },
	[R_PREVENTED_NEVER] = { "615.6", "prevented damage is never dealt" },
	[R_REPL_ORDER] = { "616.1", "the affected player orders replacement and prevention effects" },
	[R_REPL_ANY] = { "616.1e", "any applicable effect may be chosen" },
	[R_REPL_REPEAT] = { "616.1f", "the process repeats" },
	[R_DIES] = { "700.4", "\"dies\" means put into a graveyard from the battlefield" },
	[R_COUNTER_SPELL] = { "701.6a", "countering a spell or ability" },
	[R_REGENERATE] = { "701.19a", "regeneration shields" },
	[R_REGEN_REPLACES] = { "701.8c", "regeneration replaces destruction" },
	[R_CANT_REGEN] = { "701.19c", "can't be regenerated: shields are not applied" },
	[R_DESTROY] = { "701.8a", "destroy" },
	[R_EXILE] = { "701.13a", "exile" },
	[R_SACRIFICE] = { "701.21a", "sacrifice" },
	[R_DEATHTOUCH_SBA] = { "702.2b", "deathtouch damage destroys" },
	[R_DEATHTOUCH_LETHAL] = { "702.2c", "any deathtouch damage is lethal for assignment" },
	[R_DOUBLE_STRIKE] = { "702.4b", "double strike deals damage in both steps" },
	[R_FIRST_STRIKE] = { "702.7b", "first strike" },
	[R_FLYING_BLOCK] = { "702.9b", "flying: blocked only by flying or reach" },
	[R_HEXPROOF] = { "702.11b", "hexproof" },
	[R_HEXPROOF_PLAYER] = { "702.11c", "hexproof on a player" },
	[R_NO_TRIGGER] = { "603.2", "an ability triggers when its trigger event occurs; an effect may say an event doesn't cause abilities to trigger" },
	[R_GAIN_REPLACE] = { "119.10", "\"if a player would gain life\" replacement effects" },
	[R_INDESTRUCTIBLE] = { "702.12b", "indestructible" },
	[R_LIFELINK] = { "702.15b", "lifelink" },
	[R_PROT_TARGET] = { "702.16b", "protection: can't be targeted" },
	[R_PROT_ENCHANT] = { "702.16c", "protection: can't be enchanted" },
	[R_PROT_EQUIP] = { "702.16d", "protection: can't be equipped" },
	[R_PROT_DAMAGE] = { "702.16e", "protection: damage is prevented" },
	[R_PROT_BLOCK] = { "702.16f", "protection: can't be blocked" },
	[R_SHROUD] = { "702.18a", "shroud" },
	[R_TRAMPLE] = { "702.19b", "trample" },
	[R_TRAMPLE_NO_BLOCKERS] = { "702.19d", "trample with no blockers left" },
	[R_PERSIST] = { "702.79a", "persist" },
	[R_WITHER] = { "702.80a", "wither" },
	[R_INFECT] = { "702.90b", "infect" },
	[R_UNDYING] = { "702.93a", "undying" },
	[R_MENACE] = { "702.111b", "menace" },
	[R_LANDWALK] = { "702.14c", "landwalk: can't be blocked while the defending player controls such a land" },
	[R_SBA_CHECK] = { "704.3", "state-based actions are performed simultaneously, then checked again" },
	[R_SBA_LIFE] = { "704.5a", "a player with 0 or less life loses" },
	[R_SBA_POISON] = { "704.5c", "a player with ten or more poison counters loses" },
	[R_SBA_TOKEN] = { "704.5d", "a token outside the battlefield ceases to exist" },
	[R_SBA_TOUGHNESS] = { "704.5f", "a creature with toughness 0 or less is put into its owner's graveyard" },
	[R_SBA_LETHAL] = { "704.5g", "a creature with lethal damage is destroyed" },
	[R_SBA_DEATHTOUCH] = { "704.5h", "a creature dealt deathtouch damage is destroyed" },
	[R_SBA_LOYALTY] = { "704.5i", "a planeswalker with 0 loyalty is put into its owner's graveyard" },
	[R_SBA_LEGEND] = { "704.5j", "the legend rule" },
	[R_SBA_AURA] = { "704.5m", "an Aura attached illegally or to nothing is put into its owner's graveyard" },
	[R_SBA_EQUIP] = { "704.5n", "an Equipment attached illegally becomes unattached" },
	[R_SBA_ATTACHED] = { "704.5p", "a creature attached to something becomes unattached" },
	[R_GRAVE_ORDER] = { "404.3", "cards put into a graveyard at once are ordered by their owner" },
	[R_SBA_COUNTERS] = { "704.5q", "+1/+1 and -1/-1 counters cancel out" },
	[R_PERM_RESOLVE] = { "608.3a", "a resolving permanent spell enters the battlefield" },
	[R_PERM_ILLEGAL] = { "608.3b", "a permanent spell whose target is illegal doesn't resolve" },
	[R_AURA_RESOLVE] = { "608.3c", "a resolving Aura spell enters attached to its target" },
	[R_AURA_ENTERS] = { "303.4f", "an Aura entering other than by resolving: its controller chooses what it enchants" },
	[R_ENTERS_SELF_REPL] = { "614.1c", "\"enters with\" and \"as ... enters\" are replacement effects" },
	[R_ENTERS_REPL] = { "614.1d", "\"... enter tapped\" effects are replacement effects" },
	[R_ENTERS_CHECK] = { "614.12", "replacement effects that modify how a permanent enters" },
	[R_TS_SIMUL] = { "613.7m", "simultaneous timestamps go in APNAP order" },
	[R_PW_ENTERS] = { "306.5b", "a planeswalker enters with its printed loyalty" },
	[R_OPTIONAL] = { "603.5", "\"you may\": the choice is made as the ability resolves" },
	[R_TRIGGER_EVENT] = { "603.2", "a triggered ability triggers when its event occurs" },
	[R_ATTACK_TAP] = { "508.1f", "declared attackers without vigilance become tapped" },
	[R_DECLARE_ATTACKERS] = { "508.1", "declaring attackers" },
	[R_DECLARE_BLOCKERS] = { "509.1", "declaring blockers" },
	[R_BEGIN_STEP] = { "503.1a", "abilities that trigger at the beginning of the upkeep" },
	[R_END_STEP_TRIG] = { "513.1a", "abilities that trigger at the beginning of the end step" },
	[R_BLOCK_TRIGGER] = { "509.3a", "\"whenever ... blocks\" abilities trigger when blockers are declared" },
	[R_BLOCKED_TRIGGER] = { "509.3c", "\"whenever ... becomes blocked\" abilities" },
	[R_CLEANUP] = { "514.2", "cleanup: damage wears off and \"until end of turn\" effects end" },
	[R_CLEANUP_AGAIN] = { "514.3a", "cleanup: state-based actions or triggers give another cleanup step" },
	[R_CAST_TRIGGER] = { "601.2i", "abilities that trigger when a spell is cast trigger once it becomes cast" },
	[R_ATTACK_TRIGGER] = { "508.3a", "\"whenever ... attacks\" abilities trigger when attackers are declared" },
	[R_CAST] = { "601.2a", "casting a spell: it moves to the stack" },
	[R_COPY_OF_COPY] = { "707.3", "a copy of a copy copies what the copied object copies" },
	[R_PROWESS] = { "702.108a", "prowess: +1/+1 until end of turn whenever its controller casts a noncreature spell" },
	[R_ABILITY_INDEPENDENT] = { "113.7a", "an ability on the stack exists independently of its source" },
	[R_ACTIVATE] = { "602.2", "activating an ability: it goes on the stack and its costs are paid" },
	[R_COST_ILLEGAL] = { "602.2b", "an activation that can't be completed is reversed (601.2h, 732)" },
	[R_MANA_ABILITY] = { "605.3b", "an activated mana ability doesn't go on the stack; it resolves at once" },
	[R_LOYALTY_COST] = { "606.4", "a loyalty ability's cost adds or removes loyalty counters" },
	[R_COST_ORDER] = { "601.2h", "the player pays the total cost, in any order" },
	[R_DISCARD] = { "701.9a", "discard: a card moves from hand to graveyard" },
	[R_CANT] = { "101.2", "a \"can't\" effect beats an effect that allows or directs the action" },
	[R_CANT_GAIN_LIFE] = { "119.7", "a player who can't gain life" },
	[R_CANT_LOSE_LIFE] = { "119.8", "a player who can't lose life" },
	[R_NO_PREVENT] = { "615.12", "damage that can't be prevented" },
	[R_COUNTER_TOKEN_REPL] = { "614.16", "replacement effects on putting counters and creating tokens" },
	[R_ENTERS_CHOICE] = { "614.12a", "a choice for how a permanent enters is made before it enters" },
	[R_WARD] = { "702.21a", "ward: counter what targeted it unless its controller pays" },
	[R_SAGA_CHAPTER] = { "714.2b", "a chapter ability triggers when lore counters reach its number" },
	[R_SAGA_ENTERS] = { "714.3a", "a Saga enters with a lore counter" },
	[R_SAGA_MAIN] = { "714.3b", "a lore counter on each Saga as the precombat main phase begins" },
	[R_SAGA_SAC] = { "714.4", "a Saga with lore counters at its final chapter number is sacrificed" },
	[R_SAGA_FINAL] = { "714.2d", "a Saga's final chapter number" },
	[R_SEARCH] = { "701.23a", "searching a zone for a card that matches a description" },
	[R_SEARCH_FAIL] = { "701.23b", "a search of a hidden zone for a stated quality may find nothing" },
	[R_SHUFFLE] = { "701.24a", "shuffling a library" },
	[R_MANA_COST] = { "202.1b", "some objects have no mana cost" },
	[R_FADING] = { "702.32a", "fading: enters with fade counters, removes one each upkeep or is sacrificed" },
	[R_MANA_TRIGGER] = { "605.1b", "a triggered mana ability: it triggers on a mana ability and could add mana" },
	[R_TEXT_CHANGE] = { "612.2", "a text-changing effect changes words used the right way (a color word as a color, a land type as a land type)" },
	[R_LAYER_TEXT] = { "613.1c", "layer 3: text-changing effects" },
	[R_EVOLVE] = { "702.100a", "evolve: a +1/+1 counter when a greater creature enters under your control" },
	[R_COUNTERS_ENTERING] = { "122.6", "counters put on a permanent include those it enters with" },
	[R_DRAW_CARD] = { "121.1", "drawing a card: the top card of the library goes to its owner's hand" },
	[R_DRAW_MANY] = { "121.2", "cards are drawn one at a time" },
	[R_DRAW_EMPTY] = { "121.4", "a player who tries to draw from an empty library loses (as a state-based action)" },
	[R_SBA_DRAW_EMPTY] = { "704.5b", "a player who drew from an empty library since the last check loses" },
	[R_DRAW_STEP] = { "504.1", "the draw step: the active player draws a card (a turn-based action)" },
	[R_COPY_ENTERS] = { "707.5", "an object that enters as a copy is a copy as it enters" },
	[R_COPY_EXCEPT] = { "707.9b", "a copy effect's exception is part of the copy's copiable values" },
	[R_COPY_TOKEN] = { "111.1", "an effect creates a token; a token copy has the copied object's copiable values (707.2)" },
	[R_UNTAP_STEP] = { "502.3", "the untap step: the active player untaps their permanents" },
	[R_TURN_UNTAP_TRIG] = { "502.4", "no player gets priority in the untap step; triggers wait for the upkeep" },
	[R_HAND_SIZE] = { "514.1", "cleanup: the active player discards down to their maximum hand size" },
	[R_FACE_DOWN] = { "708.2a", "a face-down permanent: a 2/2 creature with no name, text, subtypes or mana cost" },
	[R_FACE_DOWN_REVEAL] = { "708.9", "a face-down permanent that leaves the battlefield is revealed" },
	[R_FACE_UP] = { "708.8", "turned face up: its copiable values revert; effects already applied still apply" },
	[R_MORPH_UP] = { "702.37e", "turning a face-down permanent face up is a special action" },
	[R_MANA_VALUE] = { "202.3", "the mana value of an object: the total amount of mana in its mana cost" },
	[R_TOKEN_ATTACKING] = { "508.4", "a creature put onto the battlefield attacking was never declared as an attacker" },
	[R_TOKEN_BLOCKING] = { "506.3d", "a creature put onto the battlefield blocking blocks a creature attacking its controller" },
	[R_BLOCK_EACH] = { "509.3b", "\"whenever ~ blocks a creature\" triggers once for each creature it blocks" },
	[R_BATTLE_CRY] = { "702.91a", "battle cry: each other attacking creature gets +1/+0 when it attacks" },
	[R_TURN] = { "500.1", "a turn: beginning, main, combat, main and ending phases" },
	[R_TRIG_EACH] = { "603.2c", "an event with several occurrences triggers an ability once for each" },
	[R_ATTACK_UNTAPPED] = { "508.1a", "the active player chooses attackers among their untapped creatures" },
	[R_BLOCK_UNTAPPED] = { "509.1a", "the defending player chooses blockers among their untapped creatures" },
	[R_DEFENDER] = { "702.3b", "a creature with defender can't attack" },
	[R_ATTACK_RESTRICT] = { "508.1c", "restrictions on attacking: a creature that can't attack isn't declared" },
	[R_BLOCK_RESTRICT] = { "509.1b", "restrictions on blocking: a creature that can't block isn't declared" },
	[R_MODES] = { "700.2", "modal spells and abilities: the modes are chosen as it is cast" },
	[R_MODES_ILLEGAL] = { "700.2c", "only the chosen modes need targets; the other modes are ignored" },
	[R_CHOOSE_TARGETS] = { "601.2c", "the player announces the spell's targets as it is cast" },
	[R_DIVIDE] = { "601.2d", "dividing damage among targets as the spell is cast" },
	[R_ROUND_DOWN] = { "107.1a", "a division that isn't a whole number is rounded down" },
	[R_TOTAL_COST] = { "601.2f", "the total cost: the mana cost or an alternative cost, plus additional costs" },
	[R_ALT_COST] = { "118.9", "an alternative cost is paid instead of the mana cost" },
	[R_KICKER] = { "702.33a", "kicker: an optional additional cost" },
	[R_KICKED] = { "702.33d", "a spell (and the permanent it becomes) was kicked if its kicker cost was paid" },
	[R_PAY_LIFE] = { "119.4", "a player can pay life only if their life total is at least that much" },
	[R_SAC_CHOOSE] = { "701.21a", "to sacrifice, a player moves a permanent they control to its owner's graveyard" },
	[R_EQUIP] = { "702.6a", "equip: attach this to target creature you control, as a sorcery" },
	[R_ATTACH] = { "701.3a", "attach: the Equipment becomes attached to the object" },
	[R_BASIC_MANA] = { "305.6", "a land with a basic land type has its intrinsic mana ability" },
	[R_CAST_ILLEGAL] = { "601.2", "casting a spell that can't be completed is reversed (732)" },
	[R_CAST_REVERSED] = { "601.5", "a spell its player may no longer cast once proposed: the casting is illegal and the game goes back" },
	[R_ILLEGAL_ACTION] = { "732.1", "an illegal action is reversed; nothing triggers from it" },
	[R_LINKED] = { "607.2a", "an ability that refers to \"the exiled card\" finds only the cards its linked ability exiled" },
	[R_COPY_GAIN] = { "707.9a", "an ability a copy gains as part of the copying is one of its copiable values" },
	[R_SET_TYPES] = { "205.1a", "an effect that sets a card type replaces the old ones; counters and damage stay" },
	[R_DELAYED] = { "603.7", "a delayed triggered ability: created by an instruction, it triggers later, once (603.7b)" },
	[R_DELAYED_OBJECT] = { "603.7c", "a delayed triggered ability doesn't affect its object once that left the zone it was expected in" },
	[R_AT_END_COMBAT] = { "511.2", "\"at end of combat\" abilities trigger as the end of combat step begins" },
	[R_END_COMBAT_STEP] = { "511.1", "the end of combat step" },
	[R_PUT_ONTO] = { "110.2a", "an object a player is told to put onto the battlefield enters under that player's control" },
	[R_BLOCK_PAIR] = { "509.3d", "\"blocks or becomes blocked by a creature\" triggers once for each such creature" },
	[R_OPTIONAL_SPELL] = { "608.2d", "a choice an instruction offers (\"you may\") is made as it is followed" },
	[R_DAMAGE_RESULTS] = { "120.3", "damage has every result that applies to its recipient" },
};

int
rz_cite_date(void)
{
	return 20260116;    /* the release every id above is checked against */
}

void
rz_recite(struct rz_result *r, const char *(*map)(void *ctx, const char *id), void *ctx)
{
	for (int i = 0; i < r->nsteps; i++) {
		struct rz_step *s = &r->steps[i];
		int n = 0;
		for (int k = 0; k < s->nrules; k++) {
			const char *m = map(ctx, s->rules[k]);
			bool dup = false;
			for (int j = 0; j < n && m && !dup; j++)
				dup = strcmp(s->rules[j], m) == 0;
			if (m && !dup)
				s->rules[n++] = m;
		}
		s->nrules = n;
	}
}

const char *
rz_cite(enum rz_rule r)
{
	return (unsigned)r < R_COUNT ? cites[r].id : "";
}

size_t
rz_cite_count(void)
{
	return R_COUNT;
}

const char *
rz_cite_id(size_t i)
{
	return i < R_COUNT ? cites[i].id : NULL;
}

const char *
rz_cite_what(size_t i)
{
	return i < R_COUNT ? cites[i].what : NULL;
}
