/* test_policy_rank.c — ranking the sections of policy documents (src/policy/pol_search.c) on
 * small synthetic documents, one mechanism each: a card an example names does not decide the
 * section, nor the question's kind; the section's name counts on its own, however often
 * another's text repeats the word; a question asked leans to the Tournament Rules, one told
 * to the infractions. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "t.h"
#include "policy/policy.h"
#include "policy/pol_search.h"

/* An IPG in pdftotext's shape. "Quux Zoltan" is a card its examples name. */
static const char ipg[] =
	"MAGIC INFRACTION PROCEDURE GUIDE\n"
	"Effective March 3, 2031\n"
	"INTRODUCTION\n"
	"This guide is for testing.\n"
	"\n1\n\n\fCONTENTS\n"
	"2.\n\nGame Play Errors ...................................... 2\n"
	"2.1.\nGame Play Error — Forgotten Ability .................... 2\n"
	"2.2.\nGame Play Error — Hidden Card Error .................... 2\n"
	"3.\n\nTournament Errors ..................................... 3\n"
	"3.1.\nTournament Error — Tardy Arrival ...................... 3\n"
	"3.2.\nTournament Error — Outside Notes ...................... 3\n"
	"\n2\n\n\f2.\n\nGAME PLAY ERRORS\n"
	"Game Play Errors are caused by incorrect play of the game.\n"
	"2.1.\n\nGame Play Error — Forgotten Ability\n\nWarning\n\nDefinition\n"
	"A triggered ability triggers, but the player controlling it forgets about the ability and its effect.\n"
	"Examples\n"
	"A. A player forgets the upkeep trigger of a creature.\n"
	"2.2.\n\nGame Play Error — Hidden Card Error\n\nWarning\n\nDefinition\n"
	"A player commits an error involving cards in a hidden zone.\n"
	"Examples\n"
	"A. A player resolves the trigger of Quux Zoltan, but puts the card into their hand unseen.\n"
	"B. A player draws a card too many with Quux Zoltan.\n"
	"C. A player casts Zoltan Fireball with too many cards in hand.\n"
	"3.\n\nTOURNAMENT ERRORS\n"
	"Tournament Errors break the tournament rules.\n"
	"3.1.\n\nTournament Error — Tardy Arrival\n\nGame Loss\n\nDefinition\n"
	"A player is not in their seat when the round begins. The round clock starts for the round, "
	"and a player absent at the start of the round, or when the round is ten minutes old, loses; "
	"the round ends for them.\n"
	"3.2.\n\nTournament Error — Outside Notes\n\nWarning\n\nDefinition\n"
	"A player refers to notes made before the match.\n"
	"\n3\n";

/* An MTR: a procedure the IPG's 3.2 shares its words with; "Pairings" says "round" and "end"
 * again and again, "End of Round Procedure" names them. */
static const char mtr[] =
	"MAGIC: THE GATHERING TOURNAMENT RULES\n"
	"Effective June 1, 2031\n\n"
	"1. Tournament Fundamentals ................................ 2\n"
	"1.1 End of Round Procedure ................................ 2\n"
	"1.2 Taking Notes .......................................... 2\n"
	"1.3 Pairings .............................................. 2\n"
	"\n1\n\n\f1. Tournament Fundamentals\n"
	"1.1\n\nEnd of Round Procedure\n\n"
	"When time is called in a round, the active player finishes the turn and five more turns are played. "
	"The winner is the player with more games won; if each player has won as many games as the "
	"other, the match is a draw, and the scorekeeper enters the result as a draw of the match.\n"
	"1.2\n\nTaking Notes\n\n"
	"Players may take notes. They may not refer to notes made before the match.\n"
	"1.3\n\nPairings\n\n"
	"Pairings for a round are posted before the round begins. A round ends when every match of "
	"the round has ended, and the pairings of the next round follow the end of the round.\n"
	"\n2\n";

static struct pol_doc *
parse(const char *text, struct diags *d)
{
	return pol_parse_text("synthetic.txt", text, strlen(text), NULL, "pdftotext", d);
}

/* The title of the first hit for q, "" when none. */
static const char *
first(struct pol_index *ix, const char *q, int mask)
{
	struct pol_hit h[8];
	size_t n = pol_index_run(ix, q, mask, h, 8);
	return n ? h[0].doc->sec[h[0].sec].title : "";
}

/* A collection of rules that knows every word once in a thousand. */
static uint32_t
rules_df(void *ctx, const char *w, size_t n)
{
	(void)ctx, (void)w, (void)n;
	return 1;
}

int
main(void)
{
	struct diags d = {0};
	struct pol_doc *ipgd = parse(ipg, &d), *mtrd = parse(mtr, &d);
	CHECK(ipgd && mtrd, "the synthetic IPG and MTR parse");
	if (!ipgd || !mtrd)
		return T_DONE();
	struct pol_index *ix = pol_index_new();
	pol_index_add(ix, ipgd, false);
	pol_index_add(ix, mtrd, false);
	int all = (1 << POL_IPG) | (1 << POL_MTR);

	/* a card an example names */
	CHECK(strstr(first(ix, "Quux Zoltan trigger forgotten", all), "Forgotten Ability") != NULL,
	    "a card one section's example names does not outweigh the words of the situation");
	CHECK_INT(pol_index_names(ix, "Quux Zoltan trigger forgotten"), 2, "its two words are names");
	CHECK_INT(pol_index_names(ix, "a tardy arrival with hidden cards"), 0,
	    "words of titles and words written in lower case are not names");
	size_t nw = 99;
	double odds = pol_index_policy_odds(ix, "Quux Zoltan", rules_df, NULL, 1000, &nw);
	CHECK(nw == 0 && fabs(odds) < 1e-9, "a question of names alone has no policy odds (%zu words, %.2f)", nw, odds);

	/* the section's name */
	CHECK_STR(first(ix, "the round ended", 1 << POL_MTR), "End of Round Procedure",
	    "the section whose name the question says, before one whose text repeats the question's word");

	/* asked or told */
	CHECK_STR(first(ix, "can I refer to notes made before the match", all), "Taking Notes",
	    "a question asked: the Tournament Rules' procedure");
	CHECK(strstr(first(ix, "he referred to notes made before the match", all), "Outside Notes") != NULL,
	    "a floor call told: the infraction");
	CHECK(pol_query_asked("I disagree with the ruling, can I appeal") && !pol_query_asked("he drew a card"),
	    "asked: the first word, or the first after a comma");

	pol_index_free(ix);
	pol_doc_free(ipgd);
	pol_doc_free(mtrd);
	diag_clear(&d);
	return T_DONE();
}
