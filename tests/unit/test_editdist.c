/* test_editdist.c — the one Damerau-Levenshtein distance that every "did you mean" uses
 * (options, board words, glossary terms in `define`, command typos in the session). */
#include "t.h"
#include "base/editdist.h"
#include "repl/repl_priv.h"
#include "cli_standin.h"

/* The table the bit-vector distance must agree with: optimal string alignment, by rows. */
static int
osa_table(const char *a, size_t n, const char *b, size_t m)
{
	int d[70][70];
	for (size_t i = 0; i <= n; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			int v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[n][m];
}

int
main(void)
{
	/* the typo distance against the table, on random strings of a small alphabet (many
	 * swaps and repeats), whole and at every start */
	{
		unsigned seed = 15, bad = 0, runs = 0;
		char a[66], b[66];
		for (int t = 0; t < 20000; t++) {
			seed = seed * 1103515245u + 12345u;
			size_t n = 1 + (seed >> 8) % 20, m = (seed >> 16) % 24;
			for (size_t i = 0; i < n; i++)
				seed = seed * 1103515245u + 12345u, a[i] = (char)('a' + (seed >> 16) % 4);
			for (size_t i = 0; i < m; i++)
				seed = seed * 1103515245u + 12345u, b[i] = (char)('a' + (seed >> 16) % 4);
			a[n] = b[m] = '\0';
			struct ed_pattern o;
			ed_pattern_init(&o, a, n, false);
			size_t cut = m ? (seed >> 4) % m + 1 : 0;
			int at, d = ed_pattern_distance(&o, b, m, cut, &at);
			bad += d != osa_table(a, n, b, m) || (cut && at != osa_table(a, n, b, cut));
			runs++;
		}
		CHECK_INT(bad, 0, "the bit-vector distance equals the table's on %u random pairs (whole and cut)", runs);
	}

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
