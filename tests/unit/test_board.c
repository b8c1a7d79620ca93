/* test_board.c — the board parser and the ability templates: what they read, and the
 * line:column, caret and next step of each error. */
#include "t.h"
#include "board/board.h"
#include "base/diag.h"

static struct board *
parse(const char *text, struct diags *d)
{
	diag_clear(d);
	return bd_parse("t.board", text, strlen(text), d);
}

static bool
read_ab(const char *text, const char *owner, bool spell, struct bd_abil *a)
{
	struct diags d = {0};
	bool ok = bd_read_ability(text, owner, spell, a, "t", 1, 1, &d);
	diag_clear(&d);
	return ok;
}

static void
free_ab(struct bd_abil *a)
{
	free(a->text);
}

int
main(void)
{
	struct diags d = {0};
	struct bd_abil a;

	/* --- a small board reads whole --- */
	const char *ok =
	    "# comment\n"
	    "player Alice life 18 poison 2 active\n"
	    "player Bob\n"
	    "permanent Scion of Oona\n"
	    "  controller Alice\n"
	    "  type Creature — Faerie Wizard\n"
	    "  cost {2}{U}\n"
	    "  pt 1/1\n"
	    "  counters 2 +1/+1, 1 flying\n"
	    "  damage 1 deathtouch\n"
	    "  ability Flash\n"
	    "  ability Other Faerie creatures you control get +1/+1 and have shroud.\n"
	    "permanent Curiosity\n"
	    "  controller Alice\n"
	    "  owner Bob\n"
	    "  type Enchantment — Aura\n"
	    "  attached Scion of Oona\n"
	    "  ability Enchant creature\n"
	    "destroy Scion of Oona\n";
	struct board *b = parse(ok, &d);
	CHECK(b != NULL, "a well-formed board parses");
	if (b) {
		CHECK_INT(b->nplayers, 2, "two players");
		CHECK_INT(b->players[0].life, 18, "life");
		CHECK_INT(b->players[0].poison, 2, "poison");
		CHECK(b->players[0].active && !b->players[1].active, "Alice is active");
		CHECK_INT(b->players[1].life, 20, "life defaults to 20");
		CHECK_INT(b->nobjs, 2, "two objects");
		struct bd_obj *s = &b->objs[0];
		CHECK_STR(s->name, "Scion of Oona", "name");
		CHECK_INT(s->types, BT_CREATURE, "type");
		CHECK_INT(s->nsubs, 2, "two subtypes");
		CHECK_STR(s->subs[1], "Wizard", "second subtype");
		CHECK_INT(s->mv, 3, "mana value from {2}{U}");
		CHECK_INT(s->colors, BC_U, "blue from {U}");
		CHECK_INT(s->power * 10 + s->toughness, 11, "pt 1/1");
		CHECK_INT(s->nctr, 2, "two kinds of counters");
		CHECK_INT(s->ctr[0].n * 100 + s->ctr[0].dp * 10 + s->ctr[0].dt, 211, "2 +1/+1 counters");
		CHECK_INT(s->ctr[1].kind, CK_KEYWORD, "a flying counter is a keyword counter");
		CHECK(s->ctr[0].ts < s->ctr[1].ts, "counters get timestamps in order");
		CHECK(s->damage == 1 && s->dt_damage, "marked damage from deathtouch");
		CHECK_INT(s->nabils, 2, "two abilities");
		CHECK_INT(b->objs[1].attached, 0, "Curiosity attached to Scion of Oona");
		CHECK_INT(b->objs[1].owner * 10 + b->objs[1].controller, 10, "owner Bob, controller Alice");
		CHECK_INT(b->nevents, 1, "one event");
		CHECK_INT(b->events[0].kind, EV_DESTROY, "destroy event");
		CHECK_INT(b->events[0].obj, 0, "destroying Scion of Oona");
		CHECK(b->objs[0].ts < b->objs[1].ts, "timestamps follow the file");
		bd_free(b);
	}

	/* --- errors: line, column, the line itself, and a next step --- */
	b = parse("player Alice\npermanent X\n  controller Alice\n  pt 2/two\n", &d);
	CHECK(b == NULL && d.n >= 1, "bad toughness is an error");
	if (d.n) {
		CHECK_INT(d.v[0].line, 4, "on line 4");
		CHECK_INT(d.v[0].col, 8, "at the toughness");
		CHECK(d.v[0].src && strstr(d.v[0].src, "pt 2/two"), "echoes the line");
		CHECK(d.v[0].hint != NULL, "says what was expected");
	}
	b = parse("player Alice\nfrobnicate now\n", &d);
	CHECK(b == NULL && d.n >= 1 && d.v[0].line == 2 && d.v[0].col == 1, "unknown statement at 2:1");
	CHECK(d.n && strstr(d.v[0].msg, "frobnicate"), "names the statement");
	b = parse("player Alice\n  pt 1/1\n", &d);
	CHECK(b == NULL && d.n && strstr(d.v[0].msg, "no object"), "an attribute before any object");
	b = parse("player Alice\npermanent A\n  controller Alice\n  attached Nobody Here\n", &d);
	CHECK(b == NULL && d.n && d.v[0].line == 4 && d.v[0].col == 12, "unknown name at 4:12");
	CHECK(d.n && d.v[0].hint && strstr(d.v[0].hint, "Alice"), "lists the known names");
	b = parse("player Alice\npermanent A\n  controller Carol\n", &d);
	CHECK(b == NULL && d.n && strstr(d.v[0].msg, "Carol"), "unknown controller");
	{
		struct diags bd = {0};
		static const char bin[] = "player Alice\n\x01\xff\xfe\x00\x13junk\n\x00\x00";
		b = bd_parse("bin.board", bin, sizeof bin - 1, &bd);
		CHECK(b == NULL && bd.n == 1 && bd.v[0].line == 2 && bd.v[0].col == 4
		    && strstr(bd.v[0].msg, "binary"), "a binary file is one error at its first NUL (2:4)");
		CHECK(bd.n && bd.v[0].src == NULL, "without echoing raw bytes");
		diag_clear(&bd);
		b = parse("player Alice\nplayer J\xf6tun life 3\n", &bd);
		CHECK(b == NULL && bd.n == 1 && bd.v[0].line == 2 && bd.v[0].col == 9
		    && strstr(bd.v[0].msg, "UTF-8"), "Latin-1 text is one error at the first byte that is not UTF-8");
		diag_clear(&bd);
		b = parse("player J\xc3\xb6tun life 3\nplayer \xef\xbf\xbd life 2\n", &bd);
		CHECK(b != NULL, "UTF-8, even U+FFFD itself, is fine");
		bd_free(b);
		diag_clear(&bd);
		free(bd.v);
	}
	b = parse("permanent A\n", &d);
	CHECK(b == NULL && d.n, "a board without players is an error");
	b = parse("player Alice\npermanent Bear\n  controller Alice\n  type Creature\n  ability Whenever you cast a spell, look at the top two cards of your library.\n", &d);
	CHECK(b != NULL && d.n == 0 && b->objs[0].nabils == 1 && b->objs[0].abils[0].unread, "a trigger whose effect is unread waits until it triggers");
	bd_free(b);
	b = parse("player Alice\npermanent Bear\n  controller Alice\n  type Creature\n  ability Creatures you control can't be scried 1.\n", &d);
	CHECK(b == NULL && d.n >= 1, "an unreadable ability is an error");
	if (d.n) {
		CHECK_INT(d.v[0].line, 5, "ability error line");
		CHECK(d.v[0].col >= 11, "caret inside the ability text (col %u)", d.v[0].col);
		CHECK(d.v[0].hint && strstr(d.v[0].hint, "closest template"), "names the closest template");
		CHECK(d.v[0].src && strstr(d.v[0].src, "scried"), "echoes the ability line");
	}
	b = parse("player Alice\npermanent A as X\n  controller Alice\npermanent A as Y\n  controller Alice\ndestroy A\n", &d);
	CHECK(b == NULL && d.n && strstr(d.v[0].msg, "names 2 objects"), "an ambiguous name asks for an alias");
	b = parse("player Alice\npermanent A as X\n  controller Alice\npermanent A as Y\n  controller Alice\ndestroy Y\n", &d);
	CHECK(b && b->events[0].obj == 1, "the alias picks the object");
	bd_free(b);
	b = parse("player Alice\nspell Shock\n  controller Alice\n  type Instant\n  ability Shock deals 2 damage to any target.\n", &d);
	CHECK(b == NULL && d.n && strstr(d.v[0].msg, "target"), "a spell missing its targets");
	b = parse("player Alice\npermanent A\n  controller Alice\n  cost {2}{Q}\n", &d);
	CHECK(b == NULL && d.n && d.v[0].col == 11, "unknown mana symbol at its brace");
	b = parse("player A\npermanent X\n controller A\n type Creature\npermanent Y\n controller A\n type Creature\n blocking X\n", &d);
	CHECK(b == NULL && d.n && d.v[0].line == 8 && d.v[0].col == 11 && strstr(d.v[0].msg, "not attacking"), "blocking a creature that isn't attacking");
	b = parse("\xEF\xBB\xBFplayer Alice\r\n", &d);
	CHECK(b != NULL, "a BOM and CRLF are fine");
	bd_free(b);
	{
		char junk[512];
		for (int i = 0; i < 512; i++) junk[i] = (char)(i * 37 + 11);
		b = bd_parse("junk", junk, sizeof junk, &d);
		CHECK(b == NULL, "binary junk is rejected without a crash");
		CHECK(d.n <= 25, "and the errors stop after a few (%zu)", d.n);
		diag_clear(&d);
	}

	/* --- templates --- */
	CHECK(read_ab("Other Faerie creatures you control get +1/+1 and have shroud.", "Scion of Oona", false, &a), "lord reads");
	CHECK(a.kind == AK_STATIC && a.aff.other && a.aff.ctl == FC_YOU && !strcmp(a.aff.sub, "Faerie") && a.aff.types == BT_CREATURE, "lord's filter");
	CHECK(a.nparts == 2 && a.parts[0].op == OP_MOD_PT && a.parts[0].a == 1 && a.parts[1].op == OP_ADD_KW && (a.parts[1].kws & KWBIT(KW_SHROUD)), "lord's parts");
	free_ab(&a);
	CHECK(read_ab("Briarberry Cohort gets +1/+1 as long as you control another blue creature.", "Briarberry Cohort", false, &a), "as long as reads");
	CHECK(a.aff.self && a.cond.kind == CD_CONTROL && a.cond.f.other && a.cond.f.colors == BC_U, "condition: another blue creature");
	free_ab(&a);
	CHECK(read_ab("Flying, first strike, and protection from black and from red", "X", false, &a), "keyword list");
	CHECK(a.kind == AK_KEYWORD && (a.parts[0].kws & KWBIT(KW_FIRST_STRIKE)) && a.prot_colors == (BC_B | BC_R), "keywords and two protections");
	free_ab(&a);
	CHECK(read_ab("Nonbasic lands are Mountains.", "Blood Moon", false, &a) && a.parts[0].op == OP_SET_LAND_SUB && !strcmp(a.parts[0].sub, "Mountain") && a.aff.notsupers == BS_BASIC, "Blood Moon");
	free_ab(&a);
	CHECK(read_ab("Each other non-Aura enchantment is a creature in addition to its other types and has base power and base toughness each equal to its mana value.", "Opalescence", false, &a)
	    && a.nparts == 2 && a.parts[1].op == OP_SET_PT_MV && !strcmp(a.aff.notsub, "Aura"), "Opalescence");
	free_ab(&a);
	CHECK(read_ab("All creatures lose all abilities and have base power and toughness 1/1.", "Humility", false, &a) && a.parts[0].op == OP_LOSE_ALL && a.parts[1].a == 1, "Humility");
	free_ab(&a);
	CHECK(read_ab("Enchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities.", "Lignify", false, &a) && a.aff.attached && a.nparts == 3, "Lignify");
	free_ab(&a);
	CHECK(read_ab("If a creature an opponent controls would die, exile it instead.", "K", false, &a) && a.kind == AK_REPLACE_DIE && a.aff.ctl == FC_OPP, "die replacement");
	free_ab(&a);
	CHECK(read_ab("Prevent all combat damage that would be dealt to and dealt by enchanted creature.", "A", false, &a) && a.kind == AK_PREVENT && a.combat_only && a.to_and_by, "prevention");
	free_ab(&a);
	CHECK(read_ab("When this creature dies, it deals damage equal to its power to any target.", "R", false, &a) && a.kind == AK_TRIGGER && a.trig == TR_DIES && a.ntgt == 1 && a.eff[0].amt == AM_POWER_SELF, "dies trigger with a target");
	free_ab(&a);
	CHECK(read_ab("Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1.", "Tarmogoyf", false, &a) && a.cda && a.parts[0].layer == LY_7A, "Tarmogoyf's CDA");
	free_ab(&a);
	CHECK(read_ab("Hurricane deals X damage to each creature with flying and each player.", "Hurricane", true, &a) && a.eff[0].amt == AM_X && a.eff[0].f.kw == KW_FLYING && a.eff[0].f.players, "Hurricane");
	free_ab(&a);
	CHECK(read_ab("Sorin's Thirst deals 2 damage to target creature and you gain 2 life.", "Sorin's Thirst", true, &a) && a.neff == 2 && a.eff[1].kind == EF_GAIN_LIFE, "two instructions");
	free_ab(&a);
	CHECK(!read_ab("Draw a card for each Elf you control.", "X", false, &a), "a static ability judge can't read");
	CHECK(!read_ab("Target creature gets +1/+1", "X", false, &a), "a one-shot effect is not a static ability");
	/* rule-changing effects (101.2) and replacement effects on counters and tokens (614.16) */
	CHECK(read_ab("You can't lose the game and your opponents can't win the game.", "Platinum Angel", false, &a) && a.kind == AK_RULE && a.nrules == 2
	    && a.rules[0].k == RU_CANT_LOSE_GAME && a.rules[0].who == FC_YOU && a.rules[1].k == RU_CANT_WIN_GAME && a.rules[1].who == FC_OPP, "two \"can't\" clauses");
	free_ab(&a);
	CHECK(read_ab("Counters can't be put on artifacts, creatures, enchantments, or lands.", "Solemnity", false, &a) && a.kind == AK_RULE
	    && a.rules[0].k == RU_NO_COUNTERS && (a.rules[0].f.types & BT_CREATURE) && (a.rules[0].f.types & BT_LAND) && !a.rules[0].ctr.other[0], "counters can't be put on a list of types");
	free_ab(&a);
	CHECK(read_ab("Creatures you control can't have -1/-1 counters put on them.", "Melira", false, &a) && a.rules[0].k == RU_NO_COUNTERS
	    && a.rules[0].ctr.kind == CK_PT && a.rules[0].ctr.dp == -1 && a.rules[0].f.ctl == FC_YOU, "a kind of counter can't be put");
	free_ab(&a);
	CHECK(read_ab("This spell can't be countered.", "Abrupt Decay", true, &a) && a.kind == AK_RULE && a.rules[0].k == RU_CANT_BE_COUNTERED && a.rules[0].f.self,
	    "an instant's own \"can't be countered\"");
	free_ab(&a);
	CHECK(!read_ab("Players can't gain life.", "X", true, &a), "a spell's sentence without \"this turn\" is not a static rule");
	CHECK(read_ab("Players can't gain life this turn. Damage can't be prevented this turn.", "Skullcrack", true, &a) && a.neff == 2
	    && a.eff[0].kind == EF_RULE && a.eff[0].rule.k == RU_CANT_GAIN_LIFE && a.eff[1].rule.k == RU_NO_PREVENT, "rules for the turn");
	free_ab(&a);
	CHECK(read_ab("If you control a creature, damage that would reduce your life total to less than 1 reduces it to 1 instead.", "Worship", false, &a)
	    && a.kind == AK_RULE && a.rules[0].k == RU_LIFE_FLOOR && a.rules[0].n == 1 && a.cond.kind == CD_CONTROL, "Worship");
	free_ab(&a);
	CHECK(!read_ab("Enchanted creature can't attack or block.", "Pacifism", false, &a) || a.kind != AK_RULE, "an attack restriction is not a rule-changing effect");
	free_ab(&a);
	CHECK(read_ab("If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead.", "Hardened Scales", false, &a)
	    && a.kind == AK_CTR_MOD && a.dmk == DM_PLUS && a.dmn == 1 && a.tctr.kind == CK_PT && !a.by_effect, "Hardened Scales");
	free_ab(&a);
	CHECK(read_ab("If an effect would put one or more counters on a permanent you control, it puts twice that many of those counters on that permanent instead.", "Doubling Season", false, &a)
	    && a.kind == AK_CTR_MOD && a.dmk == DM_DOUBLE && a.by_effect && a.tctr.kind == CK_OTHER && !a.tctr.other[0], "Doubling Season's counters");
	free_ab(&a);
	CHECK(read_ab("I, III - Create a 1/1 white Soldier creature token.", "S", false, &a) && a.kind == AK_TRIGGER && a.trig == TR_CHAPTER
	    && a.chapters == ((1u << 1) | (1u << 3)) && a.neff == 1, "a Saga's chapter ability");
	free_ab(&a);
	CHECK(read_ab("Whenever an opponent loses life, you gain that much life.", "Exquisite Blood", false, &a) && a.trig == TR_LOSE_LIFE && a.eff[0].amt == AM_EVENT
	    && a.eff[0].kind == EF_GAIN_LIFE, "that much life");
	free_ab(&a);
	CHECK(read_ab("Whenever Jackal Pup is dealt damage, it deals that much damage to you.", "Jackal Pup", false, &a) && a.trig == TR_DEALT_DMG
	    && a.eff[0].kind == EF_DAMAGE && a.eff[0].amt == AM_EVENT, "that much damage");
	free_ab(&a);
	CHECK(!read_ab("Shock deals that much damage to any target.", "Shock", true, &a), "a spell has no event for \"that much\"");
	free_ab(&a);
	CHECK(bd_read_trigger_event("I, III \xe2\x80\x94 Scry 2.", "S", &a, 1, 1) && a.unread && a.trig == TR_CHAPTER && a.neff == 0
	    && a.chapters == ((1u << 1) | (1u << 3)), "a chapter ability whose effect is unread");
	free_ab(&a);
	CHECK(bd_read_trigger_event("At the beginning of your upkeep, if you have 5 or less life, you may transform ~.", "A", &a, 1, 1) && a.unread
	    && a.trig == TR_STEP && a.step == STP_UPKEEP && a.ifk == IF_COND && a.ifcond.kind == CD_LIFE_LE && a.neff == 0, "an upkeep trigger whose effect is unread");
	free_ab(&a);
	CHECK(!bd_read_trigger_event("{1}{B}, Pay 2 life: Transform ~.", "A", &a, 1, 1) && !bd_read_trigger_event("Creatures can't be transformed.", "A", &a, 1, 1)
	    && !bd_read_trigger_event("Whenever ~ flips a coin, scry 1.", "A", &a, 1, 1), "only a trigger whose event is read");
	CHECK(read_ab("Landfall \xe2\x80\x94 Whenever a land you control enters, you gain 2 life.", "G", false, &a) && a.kind == AK_TRIGGER
	    && a.trig == TR_ETB, "an ability word is dropped (207.2c)");
	free_ab(&a);
	CHECK(read_ab("III \xe2\x80\x94 Search your library for an artifact card with mana cost {0} or {1}, put it onto the battlefield, then shuffle.", "U", false, &a)
	    && a.trig == TR_CHAPTER && a.neff == 1 && a.eff[0].kind == EF_SEARCH && !strcmp(a.eff[0].search_costs, "{0} {1}")
	    && a.eff[0].search_shuffle && !a.eff[0].search_hand && (a.eff[0].what.types & BT_ARTIFACT), "a search with mana costs");
	free_ab(&a);
	CHECK(read_ab("{T}, Sacrifice ~: Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.", "E", false, &a)
	    && a.eff[0].kind == EF_SEARCH && a.eff[0].search_tapped && (a.eff[0].what.supers & BS_BASIC), "a search for a basic land, tapped");
	free_ab(&a);
	CHECK(!read_ab("Shuffle.", "S", true, &a), "a shuffle without a search");
	free_ab(&a);
	CHECK(read_ab("At the beginning of each opponent's end step, if you didn't lose life this turn, you may put a quest counter on Luminarch Ascension.",
	    "Luminarch Ascension", false, &a) && a.trig == TR_STEP && a.ifk == IF_COND && a.ifcond.kind == CD_NO_LIFE_LOST && a.optional
	    && a.eff[0].kind == EF_COUNTERS && a.eff[0].ctr.kind == CK_OTHER && !strcmp(a.eff[0].ctr.other, "quest"), "Luminarch Ascension");
	free_ab(&a);
	CHECK(!read_ab("Put a flying counter on target creature.", "F", true, &a), "a keyword counter is not a named kind");
	free_ab(&a);
	CHECK(read_ab("At the beginning of your upkeep, remove a fade counter from ~. If you can't, sacrifice ~.", "B", false, &a) && a.trig == TR_STEP
	    && a.eff[0].kind == EF_REMOVE_CTR && a.eff[0].or_sacrifice && a.eff[0].ctr.kind == CK_OTHER && !strcmp(a.eff[0].ctr.other, "fade"), "fading's upkeep");
	free_ab(&a);
	CHECK(!read_ab("Remove a fade counter from target permanent. If you can't, sacrifice ~.", "B", true, &a), "\"if you can't, sacrifice ~\" after removing from another object");
	free_ab(&a);
	CHECK(read_ab("Whenever a player taps a nonbasic land for mana, Burning Earth deals 1 damage to that player.", "Burning Earth", false, &a)
	    && a.trig == TR_TAP_MANA && a.tplayer == FC_ANY && (a.aff.notsupers & BS_BASIC) && a.eff[0].kind == EF_DAMAGE && a.eff[0].f.event_player,
	    "a trigger on tapping a land for mana");
	free_ab(&a);
	CHECK(read_ab("Whenever you tap a Forest for mana, add an additional {G}.", "Nissa", false, &a) && a.trig == TR_TAP_MANA && a.tplayer == FC_YOU
	    && a.eff[0].kind == EF_ADD_MANA, "a triggered mana ability");
	free_ab(&a);
	CHECK(!read_ab("Whenever Grizzly Bears attacks, Grizzly Bears deals 1 damage to that player.", "Grizzly Bears", false, &a),
	    "\"that player\" needs an event about a player");
	free_ab(&a);
	CHECK(read_ab("Put three +1/+1 counters on up to one target noncreature land you control.", "N", true, &a) && a.ntgt == 1 && a.tgt[0].upto
	    && (a.tgt[0].f.types & BT_LAND), "up to one target");
	free_ab(&a);
	CHECK(read_ab("All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition to their other types.", "L", false, &a)
	    && a.kind == AK_STATIC && !strcmp(a.aff.sub, "Forest") && !strcmp(a.aff.orsub, "Saproling") && a.nparts == 5, "Life and Limb");
	free_ab(&a);
	CHECK(read_ab("Change the text of target spell or permanent by replacing all instances of one basic land type with another.", "Magical Hack", true, &a)
	    && a.eff[0].kind == EF_TEXT_CHANGE && a.eff[0].n == 2 && a.ntgt == 1 && a.tgt[0].f.spell_or_perm, "Magical Hack");
	free_ab(&a);
	CHECK(read_ab("Change the text of target permanent by replacing all instances of one color word with another or one basic land type with another. (This effect lasts indefinitely.)", "Mind Bend", true, &a)
	    && a.eff[0].kind == EF_TEXT_CHANGE && a.eff[0].n == 3 && a.neff == 1 && !a.tgt[0].f.spell_or_perm, "Mind Bend: either kind of word, permanents only");
	free_ab(&a);
	CHECK(read_ab("Change the text of target spell or permanent by replacing all instances of one creature type with another. The new creature type can't be Wall.", "Artificial Evolution", true, &a)
	    && a.eff[0].kind == EF_TEXT_CHANGE && a.eff[0].n == 4 && a.neff == 1 && !strcmp(a.eff[0].text_not, "Wall"), "Artificial Evolution");
	free_ab(&a);
	CHECK(read_ab("If an opponent would put one or more counters on a permanent or player, they put half that many of each of those kinds of counters on that permanent or player instead, rounded down.", "Vorinclex, Monstrous Raider", false, &a)
	    && a.kind == AK_CTR_MOD && a.dmk == DM_HALF && a.ctr_putter == FC_OPP && a.ctr_players && !a.by_effect, "Vorinclex: half, for an opponent's counters, on players too");
	free_ab(&a);
	CHECK(read_ab("If you would put one or more counters on a permanent or player, put twice that many of each of those kinds of counters on that permanent or player instead.", "Vorinclex, Monstrous Raider", false, &a)
	    && a.kind == AK_CTR_MOD && a.dmk == DM_DOUBLE && a.ctr_putter == FC_YOU, "Vorinclex: twice, for your counters");
	free_ab(&a);
	CHECK(!read_ab("If an opponent would put one or more counters on a permanent or player, they put half that many of each of those kinds of counters on that permanent or player instead.", "V", false, &a),
	    "half without \"rounded down\" is not read");
	CHECK(!read_ab("Change the text of target permanent by replacing all instances of one color word with another. The new creature type can't be Wall.", "X", true, &a),
	    "a creature-type restriction without a creature type is not read");
	CHECK(read_ab("Evolve", "Cloudfin Raptor", false, &a) && a.kind == AK_TRIGGER && a.trig == TR_ETB && a.aff.other && a.ifk == IF_COND
	    && a.ifcond.kind == CD_EVOLVE && a.eff[0].kind == EF_COUNTERS && a.eff[0].ctr.dp == 1 && !strcmp(a.tmpl, "evolve"), "evolve");
	free_ab(&a);
	CHECK(read_ab("Ward {4}", "K", false, &a) && a.kind == AK_TRIGGER && a.trig == TR_TARGETED && !strcmp(a.cost.mana, "{4}") && a.eff[0].kind == EF_WARD, "ward");
	free_ab(&a);
	CHECK(read_ab("Ward-Pay 3 life", "W", false, &a) && a.trig == TR_TARGETED && a.cost.life == 3, "ward with a life cost");
	free_ab(&a);
	CHECK(read_ab("Enchanted creature has base power and toughness 0/4, has defender, loses all other abilities, and is a blue Wall in addition to its other colors and types.", "Deep Freeze", false, &a)
	    && a.kind == AK_STATIC && a.nparts == 5 && a.parts[0].op == OP_LOSE_ALL && a.aff.attached, "one sentence in several layers, losing before granting");
	free_ab(&a);
	CHECK(read_ab("All creatures of the chosen type get -1/-1.", "Engineered Plague", false, &a) && a.aff.chosen_sub && a.parts[0].a == -1, "the chosen type in a filter");
	free_ab(&a);
	CHECK(read_ab("Creature cards you own that aren't on the battlefield, creature spells you control, and creatures you control are the chosen type.", "Conspiracy", false, &a)
	    && a.kind == AK_STATIC && a.parts[0].op == OP_SET_CREATURE_SUB && a.parts[0].sub_chosen && a.aff.ctl == FC_YOU, "Conspiracy");
	free_ab(&a);
	CHECK(read_ab("If an effect would create one or more creature tokens under your control, it creates twice that many of those tokens instead.", "Parallel Lives", false, &a)
	    && a.kind == AK_TOKEN_MOD && a.aff.types == BT_CREATURE && a.aff.ctl == FC_YOU, "Parallel Lives");
	free_ab(&a);
	{
		/* a refusal names the rule area it would need */
		struct diags dd = {0};
		struct bd_abil b2;
		CHECK(!bd_read_ability("Whenever a player taps a land for mana, that player mills a card.", "M", false, &b2, "t", 1, 1, &dd)
		    && dd.n == 1 && dd.v[0].area && strstr(dd.v[0].area, "605"), "a refused mana trigger names 605");
		diag_clear(&dd);
		CHECK(!bd_read_ability("III - Exile the top card of your library. You may play it this turn.", "U", false, &b2, "t", 1, 1, &dd)
		    && dd.n == 1 && dd.v[0].area && strstr(dd.v[0].area, "714"), "a refused Saga chapter names 714");
		diag_clear(&dd);
		CHECK(!bd_read_ability("Flyng", "F", false, &b2, "t", 1, 1, &dd) && dd.n == 1 && !dd.v[0].area, "a misspelt keyword is a typo, not a refusal");
		diag_clear(&dd);
	}
	CHECK(bd_template_count() > 30, "the library holds %zu templates", bd_template_count());
	return T_DONE();
}
