/* test_policy_contrast.c — what a document says tells two of its sections apart
 * (src/policy/pol_contrast.c), on a synthetic IPG of an older era: "Drawing Extra Cards"
 * instead of Hidden Card Error, its own wording throughout, so nothing may come from one
 * edition's text. A sentence of one section naming the other gives the question, its
 * condition taken from "If …", "Once …", "Unless …" or from the sentence before. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "t.h"
#include "policy/policy.h"

static const char ipg[] =
	"MAGIC INFRACTION PROCEDURE GUIDE\n"
	"Effective March 3, 2011\n"
	"INTRODUCTION\n"
	"This guide is for testing.\n"
	"\n1\n\n\fCONTENTS\n"
	"2.\n\nGame Play Errors ...................................... 2\n"
	"2.1.\nGame Play Error — Drawing Extra Cards .................. 2\n"
	"2.2.\nGame Play Error — Looking at Extra Cards ............... 2\n"
	"2.3.\nGame Play Error — Game Rule Violation .................. 2\n"
	"2.4.\nGame Play Error — Failure to Maintain Game State ....... 2\n"
	"3.\n\nTournament Errors ..................................... 3\n"
	"3.1.\nTournament Error — Slow Play ........................... 3\n"
	"3.2.\nTournament Error — Tardiness ........................... 3\n"
	"4.\n\nUnsporting Conduct .................................... 3\n"
	"4.1.\nUnsporting Conduct — Stalling .......................... 3\n"
	"\n2\n\n\f2.\n\nGAME PLAY ERRORS\n"
	"Game Play Errors are caused by incorrect play of the game.\n"
	"2.1.\n\nGame Play Error — Drawing Extra Cards\n\nGame Loss\n\nDefinition\n"
	"A player draws one or more cards more than he or she is entitled to draw. "
	"Unless the card was placed in his or her hand, the infraction is Looking at Extra Cards.\n"
	"Examples\n"
	"A. A player draws four cards off a spell that lets him or her draw three.\n"
	"2.2.\n\nGame Play Error — Looking at Extra Cards\n\nWarning\n\nDefinition\n"
	"A player sees the faces of cards in a library he or she was not entitled to see. "
	"Once the card has touched the cards in hand, the infraction is Drawing Extra Cards. "
	"Players may not use this as a stalling mechanism.\n"
	"2.3.\n\nGame Play Error — Game Rule Violation\n\nWarning\n\nDefinition\n"
	"A player breaks a rule of the game not covered by another Game Play Error.\n"
	"Philosophy\n"
	"If the game has gone on past a point where an opponent would reasonably notice the error, "
	"the opponent has also committed an infraction. "
	"Usually, the infraction is Failure to Maintain Game State.\n"
	"2.4.\n\nGame Play Error — Failure to Maintain Game State\n\nWarning\n\nDefinition\n"
	"A player allows another player to break a rule and says nothing about it.\n"
	"3.\n\nTOURNAMENT ERRORS\n"
	"Tournament Errors break the tournament rules.\n"
	"3.1.\n\nTournament Error — Slow Play\n\nWarning\n\nDefinition\n"
	"A player takes longer than is reasonably required to play. If a judge believes the "
	"player is intentionally doing so to use up the time limit, the infraction is "
	"Unsporting Conduct — Stalling. If a judge believes the player is intentionally doing so "
	"to use up the time limit, the infraction is Unsporting Conduct — Stalling.\n"
	"3.2.\n\nTournament Error — Tardiness\n\nGame Loss\n\nDefinition\n"
	"A player is not in his or her seat when the round begins. "
	"A player who hands in a decklist late is tardy too.\n"
	"4.\n\nUNSPORTING CONDUCT\n"
	"Unsporting conduct disrupts the tournament.\n"
	"4.1.\n\nUnsporting Conduct — Stalling\n\nDisqualification\n\nDefinition\n"
	"A player intentionally plays slowly to use up the time limit.\n"
	"\n3\n";

static int
sec(const struct pol_doc *d, const char *num)
{
	for (size_t i = 0; i < d->nsec; i++)
		if (strcmp(d->sec[i].num, num) == 0)
			return (int)i;
	return -1;
}

int
main(void)
{
	struct diags dg = {0};
	struct pol_doc *d = pol_parse_text("old-ipg.txt", ipg, strlen(ipg), NULL, "pdftotext", &dg);
	CHECK(d != NULL, "the synthetic IPG parses");
	if (!d)
		return T_DONE();
	int dec = sec(d, "2.1"), lec = sec(d, "2.2"), grv = sec(d, "2.3"), ftm = sec(d, "2.4");
	int sp = sec(d, "3.1"), tardy = sec(d, "3.2"), stall = sec(d, "4.1");
	CHECK(dec >= 0 && lec >= 0 && grv >= 0 && ftm >= 0 && sp >= 0 && tardy >= 0 && stall >= 0,
	    "its seven infractions are found by number");

	struct pol_contrast k[8];
	size_t n = pol_contrast(d, (size_t)dec, (size_t)lec, k, 8);
	CHECK_INT(n, 2, "Drawing Extra Cards and Looking at Extra Cards: one sentence each way");
	CHECK(n >= 1 && k[0].from == (size_t)dec && k[0].to == (size_t)lec && k[0].part == PP_DEFINITION,
	    "the first is Drawing Extra Cards' own, in its Definition");
	CHECK_STR(n >= 1 ? k[0].ask : NULL, "the card was placed in his or her hand", "\"Unless X,\": X is what to ask");
	CHECK(n >= 1 && k[0].unless, "and it is an unless: the other one when it does not hold");
	CHECK_STR(n >= 2 ? k[1].ask : NULL, "the card has touched the cards in hand", "\"Once X,\" in Looking at Extra Cards");
	CHECK(n >= 2 && k[1].to == (size_t)dec && !k[1].unless, "which names Drawing Extra Cards, the era's name");
	pol_contrast_free(k, n);

	n = pol_contrast(d, (size_t)grv, (size_t)ftm, k, 8);
	CHECK_INT(n, 1, "Game Rule Violation names Failure to Maintain Game State once; not the reverse");
	CHECK_STR(n ? k[0].ask : NULL, "the game has gone on past a point where an opponent would reasonably notice the error",
	    "a naming sentence without a condition takes the one before it");
	CHECK(n && strncmp(k[0].sentence, "If the game has gone on", 23) == 0 && strstr(k[0].sentence, "Usually, the infraction is"),
	    "and its sentence is both, spaces folded");
	CHECK(n && k[0].part == PP_PHILOSOPHY, "cited in the part it is written in");
	pol_contrast_free(k, n);

	n = pol_contrast(d, (size_t)sp, (size_t)stall, k, 8);
	CHECK_INT(n, 1, "Slow Play's condition for Stalling, said twice, is one question");
	CHECK_STR(n ? k[0].ask : NULL, "a judge believes the player is intentionally doing so to use up the time limit",
	    "the clause up to the comma, its first letter lower case");
	pol_contrast_free(k, n);

	n = pol_contrast(d, (size_t)lec, (size_t)stall, k, 8);
	CHECK_INT(n, 0, "\"a stalling mechanism\" does not name Stalling (a one-word name, in lower case)");
	pol_contrast_free(k, n);
	n = pol_contrast(d, (size_t)tardy, (size_t)sp, k, 8);
	CHECK_INT(n, 0, "Tardiness and Slow Play name neither the other");

	size_t skip[] = { (size_t)sp };
	n = pol_contrast_others(d, (size_t)sp, skip, 1, k, 8);
	CHECK_INT(n, 1, "Slow Play sends a case to one other infraction");
	CHECK(n && k[0].to == (size_t)stall, "Stalling");
	pol_contrast_free(k, n);
	size_t skip2[] = { (size_t)stall };
	n = pol_contrast_others(d, (size_t)sp, skip2, 1, k, 8);
	CHECK_INT(n, 0, "none when Stalling is one of the candidates already");

	CHECK(pol_requires_intent(d, (size_t)stall), "Stalling's definition makes intent what it is");
	CHECK(!pol_requires_intent(d, (size_t)sp), "Slow Play's \"intentionally\" sends the case to Stalling: not its own");
	CHECK(!pol_requires_intent(d, (size_t)tardy) && !pol_requires_intent(d, (size_t)ftm), "nor do Tardiness and FtMGS");

	char *c = pol_closest_sentence(d, (size_t)tardy, "he handed in his decklist late");
	CHECK_STR(c, "A player who hands in a decklist late is tardy too.", "the definition's sentence closest to the description");
	free(c);
	c = pol_closest_sentence(d, (size_t)tardy, "nothing in common");
	CHECK_STR(c, "A player is not in his or her seat when the round begins.", "no word shared: the first sentence");
	free(c);

	pol_doc_free(d);
	diag_clear(&dg);
	return T_DONE();
}
