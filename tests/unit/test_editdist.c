/* test_editdist.c — the one Damerau-Levenshtein distance that every "did you mean" uses
 * (options, board words, glossary terms in `define`, command typos in the session). */
#include "t.h"
#include "base/editdist.h"
#include "repl/repl_priv.h"
#include "cli_standin.h"

int
main(void)
{
	CHECK_INT(ed_distance("trample", "trample", 3), 0, "equal words are 0 apart");
	CHECK_INT(ed_distance("Trample", "tRAMPLE", 3), 0, "case does not count");
	CHECK_INT(ed_distance("tramlpe", "trample", 3), 1, "a transposition counts one");
	CHECK_INT(ed_distance("serach", "Search", 3), 1, "a transposition across case counts one");
	CHECK_INT(ed_distance("trampl", "trample", 3), 1, "a dropped letter counts one");
	CHECK_INT(ed_distance("trammple", "trample", 3), 1, "an extra letter counts one");
	CHECK_INT(ed_distance("tremple", "trample", 3), 1, "a changed letter counts one");
	CHECK_INT(ed_distance("", "abc", 5), 3, "from nothing: one a letter");
	CHECK_INT(ed_distance("deathtuch", "deathtouch", 1), 1, "at the cap");
	CHECK_INT(ed_distance("flying", "trample", 2), 3, "beyond the cap is cap + 1");
	char l1[64], l2[64];
	memset(l1, 'a', 63); l1[63] = '\0';
	memcpy(l2, l1, sizeof l2); l2[62] = 'b';
	CHECK_INT(ed_distance(l1, l2, 2), 1, "63 bytes are still measured");
	char l3[80];
	memset(l3, 'a', 79); l3[79] = '\0';
	CHECK_INT(ed_distance(l3, l3, 2), 3, "longer strings are out of reach, never read past a buffer");

	const char *names[] = { "search", "define", "rule", "refs", NULL };
	CHECK_STR(ed_nearest("serch", names), "search", "ed_nearest finds a dropped letter");
	CHECK(ed_nearest("xyzzy", names) == NULL, "ed_nearest: nothing near");
	CHECK(ed_nearest("ru", names) == NULL, "ed_nearest: two letters are too short to guess");

	/* the session's command typos go through the same distance */
	const struct jcmd *k = repl_near_command("serach", false);
	CHECK(k && strcmp(k->name, "search") == 0, "session: serach is a typo of search");
	k = repl_near_command("Serach", false);
	CHECK(k && strcmp(k->name, "search") == 0, "session: Serach (capital, transposed) is a typo of search");
	k = repl_near_command("DEFINE", false);
	CHECK(k && strcmp(k->name, "define") == 0, "session: DEFINE in capitals is define");
	k = repl_near_command("rul", false);
	CHECK(k && strcmp(k->name, "rule") == 0, "session: rul is a typo of rule");
	CHECK(repl_near_command("xq", false) == NULL, "session: two letters are no typo");
	CHECK(repl_near_command("zzzzzz", false) == NULL, "session: nothing near");
	return T_DONE();
}
