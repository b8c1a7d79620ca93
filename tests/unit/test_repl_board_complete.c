/* test_repl_board_complete.c — what Tab offers while a board is typed after `board`:
 * statements first, then players, objects and aliases declared on earlier lines, keywords,
 * types, zones and colors, each in the statement that takes them. */
#include "t.h"
#include "repl/repl.h"
#include "board/board.h"
#include "cli_standin.h"

/* A board typed so far: two players, an alias pair, multi-word names, an apostrophe. */
static const char *const typed =
    "title Two Minotaurs\n"
    "player Alice life 20 active\n"
    "player Bob\n"
    "permanent Canyon Minotaur as Minotaur A\n"
    "  controller Alice\n"
    "permanent Canyon Minotaur as Minotaur B   # the same card twice\n"
    "permanent Scion of Oona\n"
    "token Goblin Token\n"
    "card Kitchen Finks\n"
    "spell Sorceress Queen's ability\n"
    "  PERMANENT   Grizzly Bears  \n";

/* The candidates for `line` (cursor at its end) joined by '|', and the word start. */
static const char *
comp_ws(const char *board, const char *line, size_t *ws)
{
	char **v = NULL;
	size_t n = repl_complete_board(board, line, strlen(line), ws, &v);
	static char buf[4096];
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if (i)
			strcat(buf, "|");
		strncat(buf, v[i], sizeof buf - strlen(buf) - 2);
	}
	repl_free_list(v, n);
	return buf;
}

static const char *
comp(const char *line)
{
	size_t ws;
	return comp_ws(typed, line, &ws);
}

/* How many names a NULL-terminated list holds. */
static size_t
count_names(const char *const *names)
{
	size_t n = 0;
	while (names[n])
		n++;
	return n;
}

int
main(void)
{
	size_t ws = 99;
	/* the first word: statements and attributes from the board module, and `end` */
	const char *first = comp_ws(NULL, "", &ws);
	size_t bars = 0;
	for (const char *p = first; *p; p++)
		bars += *p == '|';
	/* `damage` is both a statement and an attribute; `end` is added */
	CHECK_INT(bars + 1, count_names(bd_statement_names()) + count_names(bd_attribute_names()) - 1 + 1,
	    "an empty line offers every statement and attribute once, and end");
	CHECK(strstr(first, "|end|") != NULL && strstr(first, "trigger-target") != NULL &&
	    strstr(first, "prevent-next") != NULL, "the list holds end, trigger-target and prevent-next");
	CHECK_STR(comp("pe"), "permanent", "a statement by prefix");
	CHECK_STR(comp("  con"), "controller", "an indented attribute");
	CHECK_INT(comp_ws(typed, "  con", &ws) != NULL ? ws : 0, 2, "the word starts after the indentation");
	CHECK_STR(comp("co"), "colors|combat|controller|copy-of|cost|counters|counters-on", "statements and attributes mixed, sorted");
	CHECK_STR(comp("e"), "emblem|end|exile", "end is offered, and emblem");
	CHECK_STR(comp("RES"), "resolve", "case is ignored");
	CHECK_STR(comp("t"), "tap|tapped|target|timestamp|title|token|trigger-target|turn|turn-face-up|type", "every word starting with t");
	CHECK_STR(comp("frob"), "", "an unknown prefix offers nothing");
	CHECK_STR(comp("# a comment con"), "", "nothing inside a comment");

	/* players */
	CHECK_STR(comp("controller "), "Alice|Bob", "controller takes the players declared");
	CHECK_STR(comp("  owner b"), "Bob", "owner: a player by prefix, any case");
	CHECK_STR(comp("controller Alice x"), "", "a player name is one word");
	CHECK_STR(comp_ws("player Carol\n", "controller ", &ws), "Carol", "players come from the board being typed");
	CHECK_STR(comp_ws("", "controller ", &ws), "", "no players declared yet, nothing offered");

	/* objects and aliases; a name declared twice is left to its aliases */
	CHECK_STR(comp("resolve "), "Goblin Token|Grizzly Bears|Kitchen Finks|Minotaur A|Minotaur B|Scion of Oona|Sorceress Queen's ability",
	    "resolve offers objects and aliases, not the name two objects share");
	CHECK_STR(comp("destroy Min"), "Minotaur A|Minotaur B", "aliases by prefix");
	CHECK_STR(comp("destroy Canyon"), "", "an ambiguous name is not offered");
	CHECK_STR(comp_ws(typed, "exile Scion of O", &ws), "Scion of Oona", "a multi-word name is offered whole");
	CHECK_INT(ws, 6, "and replaces from the name's first word");
	CHECK_STR(comp("sacrifice sorceress queen's"), "Sorceress Queen's ability", "an apostrophe in a name, unquoted");
	CHECK_STR(comp("copy-of gri"), "Grizzly Bears", "a name declared with extra spaces and an upper-case statement");
	CHECK_STR(comp("  attached "), "Alice|Bob|Goblin Token|Grizzly Bears|Kitchen Finks|Minotaur A|Minotaur B|Scion of Oona|Sorceress Queen's ability",
	    "attached takes objects and players");
	CHECK_STR(comp_ws(typed, "  attached to Sc", &ws), "Scion of Oona", "attached to NAME");
	CHECK_INT(ws, 14, "after `attached to `");
	CHECK_STR(comp("  attacking B"), "Bob", "attacking: a player");
	CHECK_STR(comp_ws(typed, "  blocking Minotaur A, Min", &ws), "Minotaur A|Minotaur B", "blocking: the next name of a list");
	CHECK_INT(ws, 23, "after the comma");
	CHECK_STR(comp("  target Kitchen Finks, A"), "Alice", "target: players too");
	CHECK_STR(comp("order Sc"), "Scion of Oona", "order: objects");
	CHECK_STR(comp("keep A"), "", "keep takes no players");
	CHECK_STR(comp("counters-on Kit"), "Kitchen Finks", "counters-on: the object before the colon");
	CHECK_STR(comp("counters-on Kitchen Finks: 1"), "", "nothing for the counters");
	CHECK_STR(comp("trigger-target Kit"), "Kitchen Finks", "trigger-target: the source");
	CHECK_STR(comp_ws(typed, "trigger-target Kitchen Finks: B", &ws), "Bob", "trigger-target: the target, a player");
	CHECK_INT(ws, 30, "after the colon");
	CHECK_STR(comp("assign Min"), "Minotaur A|Minotaur B", "assign: the attacker");
	CHECK_STR(comp("assign Minotaur A: 2 to Sc"), "Scion of Oona", "assign: a blocker after N to");
	CHECK_STR(comp("assign Minotaur A: 2 to Scion of Oona, 1 to B"), "Bob", "assign: the next item, a player");
	CHECK_STR(comp("assign Minotaur A: 2"), "", "assign: nothing before `to`");
	CHECK_STR(comp("divide 2 to Sc"), "Scion of Oona", "divide: a target after N to");
	CHECK_STR(comp("divide 2 to Scion of Oona, 1 to B"), "Bob", "divide: the next share, a player");
	CHECK_STR(comp("divide 2"), "", "divide: nothing before `to`");
	CHECK_STR(comp_ws(typed, "damage 3 to Gr", &ws), "Grizzly Bears", "damage N to NAME");
	CHECK_INT(ws, 12, "after `to `");
	CHECK_STR(comp("damage 3 to A"), "Alice", "damage to a player");
	CHECK_STR(comp("damage 3 to Grizzly Bears from Go"), "Goblin Token", "damage ... from SOURCE");
	CHECK_STR(comp("damage 3 to Grizzly Bears from A"), "", "a source is not a player");
	CHECK_STR(comp("  damage 2"), "", "marked damage takes no name");
	CHECK_STR(comp_ws("player Alice\npermanent Grizzly Bears\n", "resolve ", &ws), "Grizzly Bears", "one object");
	CHECK_STR(comp("trigger-target Scion of Oona: 2 to B"), "Bob", "trigger-target: a target after its share of divided damage");
	/* a triggered ability can wait on the stack for `resolve NAME's ability` */
	CHECK_STR(comp_ws("player Alice\npermanent Banisher Priest as Priest\n  ability When Banisher Priest enters, exile target creature.\n"
	    "permanent Grizzly Bears\n  ability Trample\n", "resolve ", &ws), "Banisher Priest|Grizzly Bears|Priest|Priest's ability",
	    "resolve offers NAME's ability for an object with a triggered ability, by its alias if it has one");
	CHECK_STR(comp_ws("permanent Fiend Hunter\n  ability Whenever a creature dies, you gain 1 life.\nspell Fiend Hunter's ability\n", "resolve Fiend Hunter'", &ws),
	    "Fiend Hunter's ability", "a declared ability object is offered once");

	/* words from the board module */
	CHECK_STR(comp("  ability fi"), "First strike", "ability: a keyword, capitalized");
	CHECK_STR(comp("  ability Flying, d"), "deathtouch|defender|double strike", "after a comma, more keywords in lower case");
	CHECK_STR(comp("  ability "), "Deathtouch|Defender|Double strike|Fear|First strike|Flash|Flying|Forestwalk|Haste|Hexproof|Indestructible|Infect|Intimidate|Islandwalk|Lifelink|Menace|Mountainwalk|Persist|Plainswalk|Reach|Shroud|Swampwalk|Trample|Undying|Vigilance|Wither",
	    "every keyword judge models");
	CHECK_STR(comp("  type Leg"), "Legendary", "type: a supertype");
	CHECK_STR(comp("  type Legendary Cr"), "Creature", "type: the next word");
	CHECK_STR(comp("  type Legendary Creature — Fa"), "", "no subtypes after the dash");
	CHECK_STR(comp("  type Creature - E"), "", "nor after a hyphen");
	CHECK_STR(comp("  type "), "Artifact|Basic|Battle|Creature|Enchantment|Instant|Kindred|Land|Legendary|Planeswalker|Snow|Sorcery|World",
	    "every type and supertype");
	CHECK_STR(comp("  zone "), "battlefield|command|exile|graveyard|hand|library|stack", "zones, the command zone of emblems too");
	CHECK_STR(comp("  zone gr"), "graveyard", "a zone by prefix");
	CHECK_STR(comp("  colors blue b"), "black|blue", "colors: the next word");
	CHECK_STR(comp("  colors c"), "colorless", "colorless");
	CHECK_STR(comp("player Carol "), "active|hand|library|life|lost-life|poison|prevent-next|spells-cast", "player attributes after the name");
	CHECK_STR(comp("player Carol spells-cast "), "", "no attribute where the number of spells is due");
	CHECK_STR(comp("player Carol library "), "", "a number after library");
	CHECK_STR(comp("turn "), "Alice|Bob", "turn: a player");
	CHECK_STR(comp("attack Sc"), "Scion of Oona", "attack: the attacker first");
	CHECK_STR(comp("attack Scion of Oona: B"), "Bob", "attack: then a player (or planeswalker)");
	CHECK_STR(comp("block Grizzly Bears: Sc"), "Scion of Oona", "block: then the attacker");
	CHECK_STR(comp("block Grizzly Bears: B"), "", "block: no player after the colon");
	CHECK_STR(comp("untap Gri"), "Grizzly Bears", "untap: an object");
	CHECK_STR(comp("turn-face-up Sc"), "Scion of Oona", "turn-face-up: an object");
	CHECK_STR(comp("player Carol life "), "", "a number after life");
	CHECK_STR(comp("player Car"), "", "the player's own name is new");
	CHECK_STR(comp("  pt 2"), "", "nothing to offer for P/T");

	/* the cursor in the middle of a line */
	char **v = NULL;
	size_t n = repl_complete_board(typed, "resolve Kit and more", 11, &ws, &v);
	CHECK(n == 1 && strcmp(v[0], "Kitchen Finks") == 0 && ws == 8, "only the text before the cursor counts");
	repl_free_list(v, n);
	return T_DONE();
}
