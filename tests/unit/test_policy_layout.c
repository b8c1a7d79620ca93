/* test_policy_layout.c — pdftohtml's layout read from the positions it gives
 * (src/policy/pol_load.c), on a synthetic MTR in its shape, one trap each as the 2024 MTR has
 * them: a table's last row at a page's foot, the next page opening with a heading (the row
 * ends with no full stop, but the heading is no rest of it); a table whose key column's cell
 * ("9") starts where a long item's text would end at a generous estimate of its width; lists
 * printed side by side with their rows aligned (the sets of a format), which are read column
 * after column, an item's second line joined to it; a table kept in rows by pdftohtml, its
 * cells apart ("Eternal Weekend — Competitive"); and a lone row with text far to its right,
 * which stays one line. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "t.h"
#include "base/buf.h"
#include "policy/policy.h"

static const struct { int page, top, left; bool bold; const char *text; } frag[] = {
	{ 1, 100, 81, false, "MAGIC: THE GATHERING TOURNAMENT RULES" },
	{ 1, 120, 81, false, "Effective June 1, 2031" },
	{ 1, 160, 81, false, "1. Tournament Fundamentals ................................ 2" },
	{ 1, 180, 81, false, "1.1 Legal Sets ............................................ 2" },
	{ 1, 200, 81, false, "1.2 Program Levels ........................................ 2" },
	{ 1, 220, 81, false, "Appendix C\u2014Tiebreaker Explanation ......................... 3" },
	{ 2, 100, 81, false, "1. Tournament Fundamentals" },
	{ 2, 140, 81, false, "1.1" }, { 2, 140, 120, false, "Legal Sets" },
	{ 2, 180, 81, false, "The following sets are legal:" },
	{ 2, 214, 135, false, "\u2022" }, { 2, 214, 162, false, "Eighth Edition " },
	{ 2, 214, 459, false, "\u2022" }, { 2, 214, 486, false, "Oath of the Gatewatch " },
	{ 2, 234, 135, false, "\u2022" }, { 2, 234, 162, false, "Mirrodin " },
	{ 2, 234, 459, false, "\u2022" }, { 2, 234, 486, false, "The Lord of the Rings: Tales of Middle-" },
	{ 2, 254, 135, false, "\u2022" }, { 2, 254, 162, false, "Darksteel " },
	{ 2, 254, 486, false, "earth " },
	{ 2, 274, 135, false, "\u2022" }, { 2, 274, 162, false, "Fifth Dawn " },
	{ 2, 274, 459, false, "\u2022" }, { 2, 274, 486, false, "Bloomburrow (effective " },
	{ 2, 294, 486, false, "September 20, 2031) " },
	{ 2, 340, 81, false, "Sets not listed are not legal." },
	{ 2, 380, 81, false, "1.2" }, { 2, 380, 120, false, "Program Levels" },
	{ 2, 420, 81, false, "The chart gives the level of each program: " },
	{ 2, 456, 286, true, "Program " }, { 2, 456, 525, true, "Rules Enforcement Level " },
	{ 2, 476, 260, false, "Eternal Weekend " }, { 2, 476, 573, false, "Competitive " },
	{ 2, 496, 251, false, "Friday Night " }, { 2, 496, 340, true, "Magic" }, { 2, 496, 384, false, " " },
	{ 2, 496, 588, false, "Regular " },
	{ 2, 516, 282, false, "Game Day " }, { 2, 516, 491, false, "Regular (Competitive recommended) " },
	{ 2, 560, 81, false, "A program not in the chart is run at Regular." },
	{ 2, 600, 81, false, "Judges are expected at all of them." }, { 2, 600, 700, false, "Note 4" },
	{ 3, 100, 81, false, "Appendix C\u2014Tiebreaker Explanation" },
	{ 3, 140, 81, false, "These players competed in a tournament:" },
	{ 3, 178, 105, true, "Record " }, { 3, 178, 258, true, "Points " }, { 3, 178, 406, true, "Share " },
	{ 3, 222, 132, false, "5-2-1 " }, { 3, 222, 296, false, "16 " }, { 3, 222, 406, false, "16/24 = 0.667 " },
	{ 3, 257, 114, false, "3-2-0, including a " }, { 3, 276, 116, false, "bye, then withdraws " },
	{ 3, 266, 300, false, "9 " }, { 3, 266, 406, false, "9/15 = 0.60 " },
	{ 3, 320, 81, false, " " },
	{ 3, 1094, 820, false, "3 " },
	{ 4, 140, 81, false, "Game-win share " },
	{ 4, 174, 81, false, "The game-win share is the game points earned divided by the game points possible. " },
	{ 4, 212, 81, false, "Two players competed in a four-round tournament: " },
	{ 4, 256, 186, true, "Games by Match " }, { 4, 256, 481, true, "Points " },
	{ 4, 247, 609, true, "Games " }, { 4, 266, 610, true, "Played " },
	{ 4, 247, 727, true, "Game-win " }, { 4, 266, 725, true, "Share " },
	{ 4, 302, 135, false, "\u2022" }, { 4, 302, 162, false, "Round 1: 2 wins (6 game points) " },
	{ 4, 322, 135, false, "\u2022" }, { 4, 322, 162, false, "Round 2: 2 wins and 1 loss (6 game points) " },
	{ 4, 324, 518, false, "12 " }, { 4, 324, 625, false, "5 " }, { 4, 324, 708, false, "12/15 = 0.80 " },
	{ 4, 342, 135, false, "\u2022" }, { 4, 342, 162, false, "Round 3: 2 losses (0 game points) " },
	{ 4, 383, 135, false, "\u2022" }, { 4, 383, 162, false, "Round 1: 1 win and 2 losses (3 game points) " },
	{ 4, 403, 135, false, "\u2022" }, { 4, 403, 162, false, "Round 2: 1 win and 2 losses (3 game points) " },
	{ 4, 405, 522, false, "9 " }, { 4, 405, 625, false, "6 " }, { 4, 396, 701, false, "9/18 = 0.50, so " },
	{ 4, 415, 723, false, "0.50 is used. " },
	{ 4, 423, 135, false, "\u2022" }, { 4, 423, 162, false, "Round 3: 1 win and 2 losses (3 game points) " },
	{ 4, 470, 81, false, "Byes count as wins." },
};

static struct pol_doc *
parse(struct diags *d)
{
	struct sbuf h = {0};
	sbuf_adds(&h, "<!DOCTYPE html><html><body>\n");
	int page = 0;
	for (size_t i = 0; i < sizeof frag / sizeof *frag; i++) {
		if (frag[i].page != page) {
			if (page)
				sbuf_adds(&h, "</div>\n");
			page = frag[i].page;
			sbuf_addf(&h, "<div id=\"page%d-div\" style=\"position:relative;width:918px;height:1188px;\">\n", page);
		}
		sbuf_addf(&h, "<p style=\"position:absolute;top:%dpx;left:%dpx;white-space:nowrap\" class=\"ft01\">%s%s%s</p>\n",
		    frag[i].top, frag[i].left, frag[i].bold ? "<b>" : "", frag[i].text, frag[i].bold ? "</b>" : "");
	}
	sbuf_adds(&h, "</div>\n</body></html>\n");
	struct pol_doc *doc = pol_parse_html("layout.html", h.s, h.len, d);
	sbuf_free(&h);
	return doc;
}

/* Is line a whole paragraph (a line) of text? */
static bool
has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncmp(p, line, n) == 0 && (p[n] == '\n' || p[n] == '\0'))
			return true;
	return false;
}

int
main(void)
{
	struct diags d = {0};
	struct pol_doc *doc = parse(&d);
	CHECK(doc != NULL, "the synthetic pdftohtml MTR parses");
	if (!doc)
		return T_DONE();
	CHECK_INT(doc->toc_entries, doc->toc_found, "every contents entry is found");
	int sets = pol_find(doc, NULL, "1.1"), levels = pol_find(doc, NULL, "1.2"), tb = pol_find(doc, NULL, "appendix c");
	CHECK(sets >= 0 && levels >= 0 && tb >= 0, "1.1, 1.2 and Appendix C are found");
	if (sets < 0 || levels < 0 || tb < 0)
		return T_DONE();
	const char *t = doc->sec[sets].parts[PP_TEXT];

	/* lists side by side, rows aligned: column after column */
	CHECK(t && has_line(t, "\u2022 Eighth Edition") && has_line(t, "\u2022 Oath of the Gatewatch"),
	    "two lists side by side: each item a line, not \"Eighth Edition • Oath of the Gatewatch\"");
	CHECK(t && strstr(t, "\u2022 Fifth Dawn\n\u2022 Oath of the Gatewatch") != NULL,
	    "the left column read down before the right one");
	CHECK(t && has_line(t, "\u2022 The Lord of the Rings: Tales of Middle-earth"),
	    "an item over two lines is one, its hyphen kept where the line broke");
	CHECK(t && has_line(t, "\u2022 Bloomburrow (effective September 20, 2031)"),
	    "a second line, with no bullet, is the rest of the item above it in its column");
	CHECK(t && has_line(t, "Sets not listed are not legal."), "the text after the lists is as it was");

	/* a table kept in rows: cells apart, a row a line */
	t = doc->sec[levels].parts[PP_TEXT];
	CHECK(t && has_line(t, "Program \u2014 Rules Enforcement Level"), "the table's head, its cells apart");
	CHECK(t && has_line(t, "Eternal Weekend \u2014 Competitive") && has_line(t, "Game Day \u2014 Regular (Competitive recommended)"),
	    "each row a line of its own, its cells apart");
	CHECK(t && has_line(t, "Friday Night Magic \u2014 Regular"), "pieces of one cell (a bold word in it) stay one cell");
	CHECK(t && strstr(t, "Judges are expected at all of them. Note 4") != NULL,
	    "a lone row with text far to its right is one line, as before");

	/* a page-break heading after a table's last row; a key column under a long item */
	t = doc->sec[tb].parts[PP_TEXT];
	CHECK(t && has_line(t, "3-2-0, including a bye, then withdraws \u2014 9 \u2014 9/15 = 0.60"),
	    "the table's last row ends at the page's foot");
	CHECK(t && has_line(t, "Game-win share"), "the heading opening the next page is a line of its own, not the row's rest");
	CHECK(t && has_line(t, "Games by Match \u2014 Points \u2014 Games Played \u2014 Game-win Share"), "the second table's head");
	CHECK(t && strstr(t, "(3 game points) \u2014 9 \u2014 6 \u2014 9/18 = 0.50, so 0.50 is used.") != NULL,
	    "its second row: \"9\", where the long item's text would end at 7.5 pixels a byte, is a cell of its own");
	CHECK(t && strstr(t, "(0 game points) \u2014 12 \u2014 5 \u2014 12/15 = 0.80") != NULL, "and the first row keeps its own cells");
	if (getenv("T_DEBUG"))
		printf("# %s\n# %s\n", doc->sec[sets].parts[PP_TEXT], t);

	pol_doc_free(doc);
	diag_clear(&d);
	return T_DONE();
}
