/* test_policy_forms.c — a question's words match the documents' in every form and in the
 * right sense (src/policy/pol_search.c), on a small synthetic IPG: irregular verbs and nouns
 * ("sat" → sits, "stood" → stands, "misdrew"), a verb the question gives an object ("he drew 3")
 * against a section that only writes the word without one ("about to draw", "a draw"), and a
 * count of cards a deck is made of ("61 cards") against one of a few cards ("two cards"). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "t.h"
#include "policy/policy.h"
#include "policy/pol_search.h"

static const char ipg[] =
	"MAGIC INFRACTION PROCEDURE GUIDE\n"
	"Effective March 3, 2031\n"
	"INTRODUCTION\n"
	"This guide is for testing.\n"
	"\n1\n\n\fCONTENTS\n"
	"2.\n\nGame Play Errors ...................................... 2\n"
	"2.1.\nGame Play Error — Card Excess .......................... 2\n"
	"2.2.\nGame Play Error — Library Glimpse ...................... 2\n"
	"3.\n\nTournament Errors ..................................... 3\n"
	"3.1.\nTournament Error — Seating ............................. 3\n"
	"3.2.\nTournament Error — Deck Contents ....................... 3\n"
	"3.3.\nTournament Error — Table Objects ....................... 3\n"
	"4.\n\nUnsporting Conduct .................................... 3\n"
	"4.1.\nUnsporting Conduct — Chance Outcome .................... 3\n"
	"\n2\n\n\f2.\n\nGAME PLAY ERRORS\n"
	"Game Play Errors are caused by incorrect play of the game.\n"
	"2.1.\n\nGame Play Error — Card Excess\n\nWarning\n\nDefinition\n"
	"A player draws two cards when the effect allowed one, or puts extra cards into a hand.\n"
	"2.2.\n\nGame Play Error — Library Glimpse\n\nWarning\n\nDefinition\n"
	"A player sees extra cards of a library while shuffling it, or flips cards over. "
	"Extra cards seen are shuffled away.\n"
	"3.\n\nTOURNAMENT ERRORS\n"
	"Tournament Errors break the tournament rules.\n"
	"3.1.\n\nTournament Error — Seating\n\nGame Loss\n\nDefinition\n"
	"A player sits at an incorrect table when the round begins.\n"
	"3.2.\n\nTournament Error — Deck Contents\n\nWarning\n\nDefinition\n"
	"The deck does not match the registration. A player has 59 cards in their deck.\n"
	"3.3.\n\nTournament Error — Table Objects\n\nWarning\n\nDefinition\n"
	"A player uses a coin on the table to track something unclear, or stands on the table.\n"
	"4.\n\nUNSPORTING CONDUCT\n"
	"Unsporting conduct disrupts the tournament.\n"
	"4.1.\n\nUnsporting Conduct — Chance Outcome\n\nMatch Loss\n\nDefinition\n"
	"Two players about to draw roll something random. They may not decide the result that way; "
	"a draw is reported as a draw, and players who draw, that's how it ends.\n"
	"\n3\n";

static const char *
first(struct pol_index *ix, const char *q)
{
	struct pol_hit h[8];
	size_t n = pol_index_run(ix, q, 1 << POL_IPG, h, 8);
	return n ? h[0].doc->sec[h[0].sec].title : "";
}

/* the 1-based place of the section whose title holds t, 0 when it is not found */
static int
place(struct pol_index *ix, const char *q, const char *t)
{
	struct pol_hit h[8];
	size_t n = pol_index_run(ix, q, 1 << POL_IPG, h, 8);
	for (size_t i = 0; i < n; i++)
		if (strstr(h[i].doc->sec[h[i].sec].title, t))
			return (int)i + 1;
	return 0;
}

int
main(void)
{
	struct diags d = {0};
	struct pol_doc *doc = pol_parse_text("forms.txt", ipg, strlen(ipg), NULL, "pdftotext", &d);
	CHECK(doc != NULL, "the synthetic IPG parses");
	if (!doc)
		return T_DONE();
	struct pol_index *ix = pol_index_new();
	pol_index_add(ix, doc, false);

	/* irregular forms, both sides folded alike */
	CHECK(strstr(first(ix, "he sat down at the wrong table"), "Seating") != NULL,
	    "\"sat\" finds the section that says \"sits\"");
	CHECK(strstr(first(ix, "she stood on the table"), "Table Objects") != NULL,
	    "\"stood\" finds the section that says \"stands\"");

	/* the sense of a verb with an object */
	CHECK(strstr(first(ix, "Divination: he drew 3"), "Card Excess") != NULL,
	    "\"he drew 3\" is the card drawn, not the section of \"about to draw\" and \"a draw\"");
	CHECK(strstr(first(ix, "they agreed to a draw"), "Chance Outcome") != NULL,
	    "\"a draw\" still finds the section of draws");
	CHECK(strstr(first(ix, "he drew 3 and the opponent misdrew"), "Card Excess") != NULL,
	    "\"misdrew\" is a form of misdraw, and no word of another section");

	/* a count of cards a deck is made of */
	CHECK(strstr(first(ix, "he is playing with 61 cards"), "Deck Contents") != NULL,
	    "\"61 cards\" is a deck's count: the section of \"59 cards in their deck\"");
	CHECK(place(ix, "he is playing with 61 cards", "Library Glimpse") != 1 &&
	    place(ix, "he is playing with 61 cards", "Card Excess") != 1,
	    "not the sections that say \"extra cards\" and \"two cards\"");
	int dc = place(ix, "he saw two extra cards", "Deck Contents");
	CHECK(dc == 0 || dc > 2,
	    "a few cards are no deck's count");

	/* contractions: the thesaurus matches "didn't", "didn’t" and "did not" alike */
	char path[] = "/tmp/judge-forms-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (f) {
		fputs("didn't notice\tseating\ncan not find|won't find\ttable objects\n", f);
		fclose(f);
	}
	CHECK(f && pol_index_thesaurus(ix, path, &d) == 3, "a thesaurus of three phrases is read");
	unlink(path);
	struct pol_hit h[8];
	const char *said[] = { "he didn't notice", "he didn\u2019t notice", "he did not notice" };
	for (int i = 0; i < 3; i++) {
		pol_index_run(ix, said[i], 1 << POL_IPG, h, 8);
		CHECK_INT(pol_index_matched_synonyms(ix), 1, "\"%s\" names the thesaurus' \"didn't notice\"", said[i]);
	}
	pol_index_run(ix, "I can't find it", 1 << POL_IPG, h, 8);
	CHECK_INT(pol_index_matched_synonyms(ix), 1, "\"can't\" is \"can not\"");
	pol_index_run(ix, "he will not find it", 1 << POL_IPG, h, 8);
	CHECK_INT(pol_index_matched_synonyms(ix), 1, "\"won't\" is \"will not\"");

	if (getenv("T_DEBUG"))
		for (const char *const *q = (const char *const[]){ "he is playing with 61 cards", "he saw two extra cards", NULL }; *q; q++) {
			struct pol_hit hh[8];
			size_t n = pol_index_run(ix, *q, 1 << POL_IPG, hh, 8);
			for (size_t i = 0; i < n; i++)
				printf("# %s: %s %.3f\n", *q, hh[i].doc->sec[hh[i].sec].title, hh[i].score);
		}
	pol_index_free(ix);
	pol_doc_free(doc);
	diag_clear(&d);
	return T_DONE();
}
