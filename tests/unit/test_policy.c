/* test_policy.c — the policy document parser on small synthetic documents, one per trap of
 * the published texts (contents used for headings, displaced numbers, page footers inside a
 * sentence, penalty lines, detached bullets, lost hyphens, lettered examples, tables written
 * column by column, three-digit numbering, the JAR's unnumbered situations, bad input). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "t.h"
#include "base/buf.h"
#include "policy/policy.h"

static struct pol_doc *
parse(const char *text, struct diags *d)
{
	return pol_parse_text("synthetic.txt", text, strlen(text), NULL, "pdftotext", d);
}

static int
sec(const struct pol_doc *doc, const char *q)
{
	return doc ? pol_find(doc, NULL, q) : -1;
}

/* An IPG in pdftotext's shape: contents with numbers on their own lines, a penalty line
 * after each title, a page footer falling mid-sentence, detached bullet glyphs, a fused
 * compound long line, lettered examples, an inline Upgrade. */
static const char ipg[] =
	"MAGIC INFRACTION PROCEDURE GUIDE\n"
	"Effective March 3, 2031\n"
	"INTRODUCTION\n"
	"This guide is for testing.\n"
	"\n1\n\n\fCONTENTS\n"
	"Introduction ........................................ 1\n"
	"1.\n\nGeneral Philosophy .................................... 2\n"
	"1.1.\nBacking Up ............................................ 2\n"
	"2.\n\nGame Play Errors ...................................... 2\n"
	"2.1.\nGame Play Error — Seen Too Much ....................... 3\n"
	"2.2.\nGame Play Error — Wrong Card Shown .................... 3\n"
	"Appendix A — Penalty Quick Reference ................... 4\n"
	"Appendix B — Penalties Row by Row ...................... 4\n"
	"\n2\n\n\f1.\n\nGENERAL PHILOSOPHY\n"
	"Judges are neutral.\n"
	"1.1.\n\nBACKING UP\n"
	"Warning\n"
	"A backup is a last resort and the word Warning above is not a penalty line here.\n"
	"2.\n\nGAME PLAY ERRORS\n"
	"Game Play Errors are caused by incorrect play of the game so that the rules are\n"
	"broken.\n"
	"2.1.\n\nGame Play Error — Seen Too Much\n\nWarning\n\nDefinition\n"
	"A player sees cards they should not have seen while handling the library in a way that\n"
	"\n3\n\n\f"
	"is not allowed by the rules of the game, for example while shuffling their deck.\n"
	"The following are treated this way:\n"
	"•\n•\n\n"
	"Cards seen while drawing.\n"
	"Cards seen while shuffling an opponent’s deck.\n"
	"\n"
	"Examples\n"
	"A. A player drops a card while shuffling their\n"
	"library.\n"
	"B. A player pulls up an extra card.\n"
	"Philosophy\n"
	"A counterspell in hand, the age of a player, or their experiencelevel of play change nothing. The fix must not give the player a previouslyunknown card advantage of any kind at all.\n"
	"A previously unknown card is one no player has seen.\n"
	"The level of the event does not change it, nor the level of\n"
	"A spell is a spell, whatever the player may think about it then.\n"
	"Judges apply the same fix to every player who makes this error,\n"
	"so players can know what to expect from one event to the next\n"
	"and no judge has to weigh who the player is before deciding on\n"
	"the fix. What counts is what happened in the game, not who did\n"
	"it, and the judge explains the fix to both players in the match.\n"
	"Upgrade: If it happens twice in a game, the penalty is a Game Loss.\n"
	"2.2.\n\nGame Play Error — Wrong Card Shown\n\nGame Loss\n\nDefinition\n"
	"A card shown is not the card named.\n"
	"Additional Remedy\n"
	"Show the right card.\n"
	"\n3\n\n\fAPPENDIX A — PENALTY QUICK REFERENCE\n"
	"The penalties at a glance:\n"
	"Infraction\nSeen Too Much\nWrong Card Shown\nSomething Else\n"
	"\n"
	"Penalty\nWarning\nGame Loss\nNo Penalty\n"
	"APPENDIX B — PENALTIES ROW BY ROW\n"
	"Infraction\n\nPenalty\nGame Play Errors\n\nSeen Too Much\n\nWarning\n\nWrong Card Shown\n\nGame Loss\n\n"
	"Other Errors\nLate Arrival\n\nGame Loss\n\nRude Remark\n\nWarning\n\nShouting Match Loss\n"
	"\n4\n";

/* An MTR in pdftotext's shape, with a section number displaced into the bullet list of the
 * section before its title. */
static const char mtr[] =
	"MAGIC: THE GATHERING TOURNAMENT RULES\n"
	"Effective June 1, 2031\n\n"
	"1. Tournament Fundamentals ................................ 2\n"
	"1.1 Tournament Organizer .................................. 2\n"
	"1.2 Head Judge ............................................ 2\n"
	"1.3 Players ............................................... 3\n"
	"Appendix B—Time Limits .................................... 3\n"
	"Appendix F—Rules Enforcement Levels of Programs ........... 3\n"
	"\n1\n\n\f1. Tournament Fundamentals\n"
	"1.1\n\nTournament Organizer\n\n"
	"The organizer is responsible for:\n"
	"•\n•\n•\n"
	"1.2\n\n"
	"Sanctioning the event.\n"
	"Providing a site.\n"
	"Reporting the results.\n"
	"\nHead Judge\n\n"
	"The head judge is the final authority. See section 1.3.\n"
	"\n2\n\n\f1.3\n\nPlayers\n\nPlayers are responsible for their conduct.\n"
	"Appendix B—Time Limits\n"
	"Each pick has a time limit:\n"
	"Cards left\n\nTime\n\n15 cards\n\n40 seconds\n\n14 cards\n\n35 seconds\n\n13 cards\n\n-\n\n"
	"12 cards\n\n30 seconds\n\n11 cards\n\n25 seconds\n\n10 cards\n\n20 seconds\n\n"
	"The head judge may change these.\n"
	"Appendix F—Rules Enforcement Levels of Programs\n"
	"Program\nFriday Night Magic\nPrerelease\nWorld Championship\n"
	"\n"
	"Rules Enforcement Level\nRegular\nRegular\nProfessional\n"
	"\n3\n";

static const char floor2008[] =
	"MAGIC: THE GATHERING DCI FLOOR RULES\n"
	"Effective Mar 1, 2030\n\n"
	"Introduction\nThese are floor rules.\n\n"
	"100.\tGENERAL RULES\n\n"
	"101.\tFormat Categories\nThe formats are these:\n"
	"1.\tMatch points\n"
	"2.\tGame points\n\n"
	"102. \tAuthorized Cards\nCards may be used.\n\n"
	"110.\tMECHANICS\n\n"
	"111.\tMatch Structure\nMatches are best of three.\n";

/* Two tables the MTR's appendices print in shapes of their own: one written column by column
 * whose later columns have cells over two lines (a parenthesis left open, a digit opening each
 * cell, two alternatives in the last row: Appendix E), one written cell by cell whose first
 * column head sits under a head spanning two columns (the Two-Headed Giant draft timing). */
static const char mtr_tables[] =
	"MAGIC: THE GATHERING TOURNAMENT RULES\n"
	"Effective June 1, 2031\n\n"
	"1. Tournament Fundamentals ................................ 2\n"
	"1.1 Players ............................................... 2\n"
	"Appendix B\u2014Time Limits ................................... 3\n"
	"Appendix E\u2014Recommended Number of Rounds .................. 3\n"
	"\n1\n\n\f1. Tournament Fundamentals\n"
	"1.1\n\nPlayers\n\nPlayers are responsible for their conduct.\n"
	"\n2\n\n\fAppendix B\u2014Time Limits\n"
	"Pairs of players have these limits for each pick:\n"
	"Cards in pack\n15-Card Booster\n\n14-Card Booster\n\nTime\n\n"
	"15\n\n14\n\n50 seconds\n\n13\n\n12\n\n45 seconds\n\n11\n\n10\n\n40 seconds\n\n"
	"The head judge may change these.\n"
	"Appendix E\u2014Recommended Number of Rounds\n"
	"The following rounds are recommended.\n"
	"Players\n4 (Team Only)\n5-8\n9-16\n\n"
	"Swiss Rounds\n2 Single-Elimination\nRounds (No Swiss)\n3 Single-Elimination\nRounds (No Swiss)\n"
	"4 (if Limited with\nBooster Draft)\n5 (All Other Formats)\n\n"
	"Playoff\nNone (Single Elimination)\nNone (Single Elimination)\nTop 8 (If Limited with\n"
	"Booster Draft)\nTop 4 (All Other Formats)\n\n"
	"Team tournaments count each team as one player.\n"
	"\n3\n";


/* pdftohtml's shape: one positioned <p> a fragment. A page of an MTR whose Appendix E table has
 * cells over two and three lines centred in their rows (their tops interleave), a list in two
 * columns without a head whose lines sit a few pixels apart (as the 2024 MTR's banned list),
 * and a link inside a sentence in pieces. */
static const struct { int page, top, left; bool bold; const char *text; } html_frag[] = {
	{ 1, 100, 81, false, "MAGIC: THE GATHERING TOURNAMENT RULES" },
	{ 1, 120, 81, false, "Effective June 1, 2031" },
	{ 1, 160, 81, false, "1. Tournament Fundamentals ................................ 2" },
	{ 1, 180, 81, false, "1.1 Players ............................................... 2" },
	{ 1, 200, 81, false, "1.2 Banned Cards .......................................... 2" },
	{ 1, 220, 81, false, "Appendix E\u2014Recommended Number of Rounds .................. 3" },
	{ 2, 100, 81, false, "1. Tournament Fundamentals" },
	{ 2, 140, 81, false, "1.1" }, { 2, 140, 120, false, "Players" },
	{ 2, 180, 81, false, "Players are responsible for their conduct." },
	{ 2, 220, 81, false, "1.2" }, { 2, 220, 120, false, "Banned Cards" },
	{ 2, 260, 81, false, "These cards are banned:" },
	{ 2, 290, 81, false, " " },
	{ 2, 320, 135, false, "\u2022" }, { 2, 320, 162, false, "All cards that reference \u201cplaying for " },
	{ 2, 339, 162, false, "ante\u201d (9 cards) " },
	{ 2, 358, 162, false, "Click " }, { 2, 358, 202, false, "here" }, { 2, 358, 230, false, " for the list. " },
	{ 2, 327, 540, false, "\u2022" }, { 2, 326, 567, false, "Black Lotus " },
	{ 2, 347, 540, false, "\u2022" }, { 2, 346, 567, false, "Channel " },
	{ 2, 367, 540, false, "\u2022" }, { 2, 366, 567, false, "Mox Jet " },
	{ 2, 400, 81, false, " " },
	{ 3, 100, 81, false, "Appendix E\u2014Recommended Number of Rounds" },
	{ 3, 140, 81, false, "The following rounds are recommended." },
	{ 3, 170, 81, false, " " },
	{ 3, 200, 184, true, "Players " }, { 3, 200, 411, true, "Swiss Rounds " }, { 3, 200, 652, true, "Playoff " },
	{ 3, 237, 174, false, "4 (Team Only) " },
	{ 3, 227, 390, false, "2 Single-Elimination " }, { 3, 246, 395, false, "Rounds (No Swiss) " },
	{ 3, 237, 573, false, "None (Single Elimination) " },
	{ 3, 323, 226, false, "9-16 " },
	{ 3, 304, 375, false, "4 (if Limited with " }, { 3, 323, 377, false, "Booster Draft) " },
	{ 3, 342, 387, false, "5 (All Other Formats) " },
	{ 3, 304, 576, false, "Top 8 (If Limited with " }, { 3, 323, 594, false, "Booster Draft) " },
	{ 3, 342, 589, false, "Top 4 (All Other Formats) " },
	{ 3, 369, 222, false, "17-32 " }, { 3, 369, 455, false, "5 " }, { 3, 369, 658, false, "Top 8 " },
	{ 3, 400, 81, false, " " },
	{ 3, 430, 81, false, "Team tournaments count each team as one player." },
};

static struct pol_doc *
parse_html_frags(struct diags *d)
{
	struct sbuf h = {0};
	sbuf_adds(&h, "<!DOCTYPE html><html><body>\n");
	int page = 0;
	for (size_t i = 0; i < sizeof html_frag / sizeof *html_frag; i++) {
		if (html_frag[i].page != page) {
			if (page)
				sbuf_adds(&h, "</div>\n");
			page = html_frag[i].page;
			sbuf_addf(&h, "<div id=\"page%d-div\" style=\"position:relative;width:918px;height:1188px;\">\n", page);
		}
		sbuf_addf(&h, "<p style=\"position:absolute;top:%dpx;left:%dpx;white-space:nowrap\" class=\"ft01\">%s%s%s</p>\n",
		    html_frag[i].top, html_frag[i].left, html_frag[i].bold ? "<b>" : "", html_frag[i].text,
		    html_frag[i].bold ? "</b>" : "");
	}
	sbuf_adds(&h, "</div>\n</body></html>\n");
	struct pol_doc *doc = pol_parse_html("synthetic.html", h.s, h.len, d);
	sbuf_free(&h);
	return doc;
}

static const char jar[] =
	"Judging at Regular Rules Enforcement Level (REL)\n"
	"Updated May 3, 2031\n"
	"Most players play for fun.\n"
	"\n"
	"Common Issues\n"
	"A player forgets a triggered ability (one that uses the words “when,” or “at the\n"
	"beginning”)\n"
	"Put it on the stack unless that would be too disruptive.\n"
	"A player draws extra cards\n"
	"Take cards at random from their hand and put them on top.\n"
	"\n"
	"Serious Problems\n"
	"Some actions are never tolerated.\n";

static void
test_refs(void)
{
	struct pol_ref r[16];
	const char *t = "The Out-of-Order Sequencing rules (MTR section 4.3) may apply; see sections 2.2 and 2.4, "
	    "rule 704.3, Appendix B, rules 103.4 and 103.4c, section 3.2 of the Infraction Procedure Guide, "
	    "CR 603.2, the IPG 2021 and 2 cards.";
	size_t n = pol_text_refs(t, POL_MTR, r, 16);
	CHECK_INT(n, 9, "nine references in the sentence");
	if (n != 9)
		return;
	CHECK(r[0].kind == POL_MTR && strcmp(r[0].target, "4.3") == 0, "(MTR section 4.3): the MTR's 4.3, once");
	CHECK(r[1].kind == POL_MTR && strcmp(r[1].target, "2.2") == 0 && r[2].kind == POL_MTR &&
	    strcmp(r[2].target, "2.4") == 0, "sections 2.2 and 2.4: the document's own");
	CHECK(r[3].kind == POL_NKIND && strcmp(r[3].target, "704.3") == 0, "rule 704.3: the Comprehensive Rules");
	CHECK(r[4].kind == POL_MTR && strcmp(r[4].target, "appendix b") == 0, "Appendix B: the document's own");
	CHECK(r[5].kind == POL_NKIND && strcmp(r[5].target, "103.4") == 0 && strcmp(r[6].target, "103.4c") == 0,
	    "rules 103.4 and 103.4c: both");
	CHECK(r[7].kind == POL_IPG && strcmp(r[7].target, "3.2") == 0, "section 3.2 of the Infraction Procedure Guide");
	CHECK(r[8].kind == POL_NKIND && strcmp(r[8].target, "603.2") == 0, "CR 603.2");
	CHECK_INT(pol_text_refs("A judge may rule on 2 cards in section form.", POL_IPG, r, 16), 0,
	    "numbers that are not references are none");
}

int
main(void)
{
	test_refs();
	struct diags d = {0};
	struct pol_doc *doc = parse(ipg, &d);
	CHECK(doc != NULL, "a synthetic IPG parses");
	if (!doc)
		return T_DONE();
	CHECK_INT(doc->kind, POL_IPG, "it is an IPG");
	CHECK_STR(doc->date, "2031-03-03", "its effective date");
	CHECK_INT(doc->toc_entries, 8, "eight contents entries");
	CHECK_INT(doc->toc_found, 8, "every contents entry found as a heading");
	int i = sec(doc, "2.1");
	CHECK(i >= 0, "2.1 is found");
	const struct pol_section *s = i >= 0 ? &doc->sec[i] : NULL;
	CHECK_STR(s ? s->title : NULL, "Game Play Error — Seen Too Much", "2.1's title from the contents");
	CHECK_STR(s ? s->penalty : NULL, "Warning", "the penalty line on its own");
	CHECK(s && s->parts[PP_DEFINITION] && strstr(s->parts[PP_DEFINITION], "in a way that is not allowed"),
	    "the page footer falling mid-sentence is gone and the sentence joined");
	CHECK(s && s->parts[PP_DEFINITION] && !strstr(s->parts[PP_DEFINITION], " 3 "), "no page number left in the text");
	CHECK(s && s->parts[PP_DEFINITION] && strstr(s->parts[PP_DEFINITION], "\n\u2022 Cards seen while drawing.\n\u2022 Cards seen while shuffling"),
	    "detached bullets joined to their items");
	CHECK(s && s->parts[PP_EXAMPLES] && strstr(s->parts[PP_EXAMPLES], "A. A player drops a card while shuffling their library.\nB. A player pulls"),
	    "lettered examples, each one paragraph");
	CHECK(s && s->parts[PP_PHILOSOPHY] && strstr(s->parts[PP_PHILOSOPHY], "previously-unknown card advantage"),
	    "a compound whose hyphen was lost gets it back");
	CHECK(s && s->parts[PP_PHILOSOPHY] && strstr(s->parts[PP_PHILOSOPHY], "their experience-level of play"),
	    "a compound one half of which the document never uses otherwise: split where the line was wrapped");
	CHECK(s && s->parts[PP_PHILOSOPHY] && strstr(s->parts[PP_PHILOSOPHY], "A counterspell in hand"),
	    "an unknown word ending in a known one, far from where lines wrap, is left whole");
	CHECK(s && s->parts[PP_UPGRADE] && strncmp(s->parts[PP_UPGRADE], "If it happens twice", 19) == 0,
	    "an inline Upgrade: becomes its own part");
	i = sec(doc, "1.1");
	CHECK(i >= 0 && doc->sec[i].penalty == NULL, "a penalty word as a sub-heading is not a penalty");
	i = sec(doc, "2.2");
	CHECK(i >= 0 && doc->sec[i].penalty && strcmp(doc->sec[i].penalty, "Game Loss") == 0, "2.2 is a Game Loss");
	CHECK(i >= 0 && doc->sec[i].parts[PP_REMEDY] && strcmp(doc->sec[i].parts[PP_REMEDY], "Show the right card.") == 0,
	    "the Additional Remedy part");
	i = sec(doc, "appendix a");
	CHECK(i >= 0 && doc->sec[i].appendix, "appendix a is found");
	CHECK(i >= 0 && doc->sec[i].parts[PP_TEXT] && strstr(doc->sec[i].parts[PP_TEXT], "Wrong Card Shown \u2014 Game Loss"),
	    "a table written column by column is put back into rows");
	i = sec(doc, "appendix b");
	CHECK(i >= 0 && doc->sec[i].parts[PP_TEXT] && strcmp(doc->sec[i].parts[PP_TEXT],
	    "Infraction \u2014 Penalty\nGame Play Errors:\nSeen Too Much \u2014 Warning\nWrong Card Shown \u2014 Game Loss\n"
	    "Other Errors:\nLate Arrival \u2014 Game Loss\nRude Remark \u2014 Warning\nShouting \u2014 Match Loss") == 0,
	    "a penalty table written row by row: rows, group rows, a row printed on one line");
	CHECK_INT(sec(doc, "2.1."), sec(doc, "2.1"), "a trailing dot is the same section");
	CHECK_INT(sec(doc, "wrong card"), sec(doc, "2.2"), "words of a title find it");
	struct pol_aliases al = {0};
	al.v = (struct pol_alias[]){ { POL_IPG, (char *)"stm", (char *)"Seen Too Much", (char *)"x", 1 } };
	al.n = 1;
	CHECK_INT(pol_find(doc, &al, "stm"), sec(doc, "2.1"), "an alias finds its section by title, not number");
	CHECK_INT(pol_part_parse("additional remedy"), PP_REMEDY, "part names: additional remedy");
	CHECK_INT(pol_part_parse("fix"), PP_REMEDY, "part names: fix");
	pol_doc_free(doc);
	diag_clear(&d);

	doc = parse(mtr, &d);
	CHECK(doc != NULL && doc->kind == POL_MTR, "a synthetic MTR parses");
	if (doc) {
		CHECK_INT(doc->toc_found, 6, "all six headings found");
		i = sec(doc, "1.1");
		CHECK(i >= 0 && doc->sec[i].parts[PP_TEXT] && !strstr(doc->sec[i].parts[PP_TEXT], "1.2"),
		    "a section number displaced into the list before its title is not text");
		CHECK(i >= 0 && doc->sec[i].parts[PP_TEXT] && strstr(doc->sec[i].parts[PP_TEXT], "\u2022 Providing a site."),
		    "the list around the displaced number keeps its items");
		i = sec(doc, "1.2");
		CHECK(i >= 0 && strcmp(doc->sec[i].title, "Head Judge") == 0 && doc->sec[i].parts[PP_TEXT] &&
		    strncmp(doc->sec[i].parts[PP_TEXT], "The head judge", 14) == 0, "1.2 starts at its title, not at its number");
		i = sec(doc, "appendix b");
		CHECK(i >= 0 && doc->sec[i].parts[PP_TEXT] && strstr(doc->sec[i].parts[PP_TEXT],
		    "Each pick has a time limit:\nCards left \u2014 Time\n15 cards \u2014 40 seconds\n14 cards \u2014 35 seconds\n"
		    "13 cards \u2014 -\n12 cards \u2014 30 seconds\n11 cards \u2014 25 seconds\n10 cards \u2014 20 seconds\n"
		    "The head judge may change these."),
		    "a table written cell by cell between blank lines: its heads and rows, a dash an empty cell");
		i = sec(doc, "appendix f");
		CHECK(i >= 0 && doc->sec[i].parts[PP_TEXT] && strstr(doc->sec[i].parts[PP_TEXT], "Prerelease \u2014 Regular\nWorld Championship \u2014 Professional"),
		    "appendix F's columns zipped into rows");
		pol_doc_free(doc);
	}
	diag_clear(&d);

	doc = pol_parse_text("floor.txt", floor2008, strlen(floor2008), NULL, "text", &d);
	CHECK(doc != NULL && doc->floor_rules, "three-digit floor rules parse as such");
	if (doc) {
		CHECK(sec(doc, "102") >= 0 && strcmp(doc->sec[sec(doc, "102")].title, "Authorized Cards") == 0,
		    "102 with a stray space before its tab");
		bool item = false;
		for (size_t k = 0; k < doc->nsec; k++)
			item |= strcmp(doc->sec[k].num, "1") == 0 || strcmp(doc->sec[k].num, "2") == 0;
		CHECK(!item, "a numbered list item is not a section");
		CHECK(sec(doc, "111") >= 0 && doc->sec[sec(doc, "111")].parent == sec(doc, "110"), "111 belongs to 110");
		pol_doc_free(doc);
	}
	diag_clear(&d);

	doc = parse(mtr_tables, &d);
	CHECK(doc != NULL && doc->kind == POL_MTR, "an MTR with two appendix tables parses");
	if (doc) {
		i = sec(doc, "appendix e");
		CHECK(i >= 0 && doc->sec[i].parts[PP_TEXT] && strstr(doc->sec[i].parts[PP_TEXT],
		    "Players \u2014 Swiss Rounds \u2014 Playoff\n"
		    "4 (Team Only) \u2014 2 Single-Elimination Rounds (No Swiss) \u2014 None (Single Elimination)\n"
		    "5-8 \u2014 3 Single-Elimination Rounds (No Swiss) \u2014 None (Single Elimination)\n"
		    "9-16 \u2014 4 (if Limited with Booster Draft); 5 (All Other Formats) \u2014 "
		    "Top 8 (If Limited with Booster Draft); Top 4 (All Other Formats)\n"
		    "Team tournaments count each team as one player."),
		    "a table written column by column with cells over two lines: its rows, the head first");
		i = sec(doc, "appendix b");
		CHECK(i >= 0 && doc->sec[i].parts[PP_TEXT] && strstr(doc->sec[i].parts[PP_TEXT],
		    "Cards in pack\n15-Card Booster \u2014 14-Card Booster \u2014 Time\n15 \u2014 14 \u2014 50 seconds\n"
		    "13 \u2014 12 \u2014 45 seconds\n11 \u2014 10 \u2014 40 seconds\n"),
		    "a head spanning two columns above a table written cell by cell: its own line, then the rows");
		pol_doc_free(doc);
	}
	diag_clear(&d);

	doc = parse_html_frags(&d);
	CHECK(doc != NULL && doc->kind == POL_MTR, "an MTR as pdftohtml HTML parses");
	if (doc) {
		i = sec(doc, "appendix e");
		const char *t = i >= 0 ? doc->sec[i].parts[PP_TEXT] : NULL;
		CHECK(t && strstr(t, "Players \u2014 Swiss Rounds \u2014 Playoff\n"
		    "4 (Team Only) \u2014 2 Single-Elimination Rounds (No Swiss) \u2014 None (Single Elimination)\n"),
		    "a table whose cells over two lines interleave their rows: rows again, from the page's geometry");
		CHECK(t && strstr(t, "9-16 \u2014 4 (if Limited with Booster Draft); 5 (All Other Formats) \u2014 "
		    "Top 8 (If Limited with Booster Draft); Top 4 (All Other Formats)\n17-32 \u2014 5 \u2014 Top 8"),
		    "a cell over three lines holding two alternatives, and a row printed on one line after it");
		CHECK(t && strstr(t, "Team tournaments count each team as one player."), "the text after the table stays text");
		i = sec(doc, "1.2");
		t = i >= 0 ? doc->sec[i].parts[PP_TEXT] : NULL;
		CHECK(t && strstr(t, "\u2022 All cards that reference \u201cplaying for ante\u201d (9 cards)\nClick here for the list.\n"
		    "\u2022 Black Lotus\n\u2022 Channel\n\u2022 Mox Jet"),
		    "two lists side by side without a head: read column after column, a link's pieces one line");
		pol_doc_free(doc);
	}
	diag_clear(&d);

	doc = pol_parse_text("jar.txt", jar, strlen(jar), NULL, "text", &d);
	CHECK(doc != NULL && doc->kind == POL_JAR, "a JAR parses");
	if (doc) {
		i = sec(doc, "forgets-triggered-ability");
		CHECK(i >= 0, "a situation gets a stable id from its words");
		CHECK(i >= 0 && strstr(doc->sec[i].title, "at the beginning”)"), "a situation heading wrapped over two lines");
		CHECK_INT(pol_find(doc, NULL, "drew extra cards"), sec(doc, "draws-extra-cards"), "words find a situation (drew → draws)");
		CHECK(sec(doc, "serious-problems") >= 0, "group headings are sections too");
		pol_doc_free(doc);
	}
	diag_clear(&d);

	doc = parse("Magic: The Gathering Comprehensive Rules\n\n100. General\n", &d);
	CHECK(doc == NULL && d.worst == DL_ERROR && d.n == 1, "the CR is not a policy document: one error");
	diag_clear(&d);
	doc = parse("", &d);
	CHECK(doc == NULL && d.n == 1, "empty text: one error");
	diag_clear(&d);
	doc = pol_load_file("tests/unit/test_policy.c", &d);
	CHECK(doc == NULL && d.n == 1, "a C file: one error");
	diag_clear(&d);
	return T_DONE();
}
