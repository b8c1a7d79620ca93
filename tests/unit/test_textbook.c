/* test_textbook.c — the textbook readers: the wiki-flattened Judge Candidate Textbook in
 * corpus/ (counts checked against independent scans of the file and hand-made lists), the
 * HTML reader on tests/textbook/sample.html, markup cleaning, the card index, search, and
 * links against the built-in truncated 2021 rules. */
#include <ctype.h>
#include "t.h"
#include "textbook/textbook.h"
#include "index/index.h"

#define TEXTBOOK "corpus/002_d927c6919929d9a4.txt"

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *s = malloc((size_t)n + 1);
	*len = fread(s, 1, (size_t)n, f);
	s[*len] = '\0';
	fclose(f);
	return s;
}

/* Lines of the file that start with prefix (a scan that shares nothing with the parser). */
static int
count_lines(const char *s, const char *prefix, bool whole)
{
	int n = 0;
	size_t pl = strlen(prefix);
	for (const char *p = s; *p;) {
		const char *e = strchr(p, '\n');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		if (l >= pl && strncmp(p, prefix, pl) == 0 && (!whole || l == pl))
			n++;
		p += l + (e != NULL);
	}
	return n;
}

static const struct tb_page *
page_named(const struct tb_book *b, const char *title)
{
	for (uint32_t i = 0; i < b->npages; i++)
		if (strcmp(b->pages[i].title, title) == 0)
			return &b->pages[i];
	return NULL;
}

static const struct tb_heading *
heading_named(const struct tb_book *b, const char *page, const char *title)
{
	const struct tb_page *p = page_named(b, page);
	for (uint32_t i = 0; p && i < p->nheadings; i++)
		if (strcmp(b->headings[p->heading0 + i].title, title) == 0)
			return &b->headings[p->heading0 + i];
	return NULL;
}

static void
test_markup(void)
{
	struct sbuf o = {0};
	const char *in = "Example. ***Djinn mabâmot** and [the next page](#) ^[1] with $X=1$ and $\\{1\\}$ \\$1  twice";
	tb_clean_markup(in, strlen(in), &o);
	CHECK_STR(o.s, "Example. Djinn mabâmot and the next page with X=1 and {1} $1 twice", "markup cleaned");
	sbuf_free(&o);
	tb_clean_markup("**unclosed bold", 15, &o);
	CHECK_STR(o.s, "unclosed bold", "an unclosed bold mark is dropped");
	sbuf_free(&o);
}

static void
test_book(void)
{
	size_t len;
	char *txt = slurp(TEXTBOOK, &len);
	CHECK(txt != NULL, "read %s", TEXTBOOK);
	if (!txt)
		return;
	struct diags d = {0};
	struct tb_book *b = tb_parse_text(TEXTBOOK, txt, len, &d);
	CHECK_INT(d.count[DL_WARNING] + d.count[DL_ERROR], 0, "no warnings on the built-in textbook");

	/* `grep -c '^Example\. '` gives 314; the brief's "about 316" also counts two "Examples of" */
	int ex = count_lines(txt, "Example. ", false);
	CHECK_INT(ex, 314, "an independent scan finds 314 example markers");
	CHECK_INT(b->nexamples, ex, "every example marker is an example (%u)", b->nexamples);
	CHECK_INT(b->nexpert, count_lines(txt, "Hic sunt dracones!", true), "expert boxes (%u)", b->nexpert);
	CHECK_INT(b->nexpert, 7, "seven Hic sunt dracones! boxes");
	/* tab-separated runs, by `grep -n $'\t'`: lines 758, 819, 850, 1816, 3634 */
	CHECK_INT(b->ntables, 5, "five tables");

	/* sections: the Portuguese front matter and the six the Summary names (Credits is absent) */
	const char *sections[] = { "Prefácio", "Game basics", "Game structure", "Abilities and effects",
		"The game in slow motion", "Judging tournaments", "Two-Headed Giant" };
	CHECK_INT(b->nsections, 7, "seven sections");
	int si = 0;
	for (uint32_t i = 0; i < b->npages && si < 7; i++)
		if (strcmp(b->pages[i].section, sections[si]) == 0)
			si++;
		else if (si && strcmp(b->pages[i].section, sections[si - 1]) != 0)
			break;
	CHECK_INT(si, 7, "sections in book order");
	/* chapters from the sections' tables of contents (lines 83-86, 662-664, 1463-1466,
	 * 2779-2782, 3173-3174) */
	const char *chapters[] = { "Cards", "Colors, mana and costs", "Card types", "Golden rules",
		"Game zones", "Phases and steps", "On the stack", "Abilities", "Effects",
		"Effects with special rules", "Layers", "Timing and priority", "Triggered abilities",
		"State-based actions", "Special actions", "Infractions at Regular REL", "Tournament rules" };
	for (size_t k = 0; k < sizeof chapters / sizeof *chapters; k++) {
		bool found = false;
		for (uint32_t i = 0; i < b->npages && !found; i++)
			found = strcmp(b->pages[i].chapter, chapters[k]) == 0;
		CHECK(found, "chapter %s", chapters[k]);
	}
	/* pages of Card types (its table of contents, lines 288-293) */
	const char *types[] = { "Lands", "Creatures", "Instants and sorceries", "Enchantments",
		"Artifacts", "Planeswalkers" };
	for (size_t k = 0; k < 6; k++) {
		const struct tb_page *p = page_named(b, types[k]);
		CHECK(p && strcmp(p->chapter, "Card types") == 0, "page %s in chapter Card types", types[k]);
	}
	/* "Triggered abilities" is also a heading of Timing and priority (line 2814); the
	 * chapter is the one at line 2864 */
	const struct tb_page *trig = page_named(b, "Triggered abilities");
	CHECK(trig && trig->line == 2864, "Triggered abilities page at line 2864 (%u)", trig ? trig->line : 0);
	const struct tb_page *ci = page_named(b, "Common issues");
	CHECK(ci && ci->line == 3219, "Common issues page at line 3219, not its mention at 3207");

	/* the Cards page's Contents list (lines 96-103) */
	const struct tb_page *cards = page_named(b, "Cards");
	const char *heads[] = { "Name", "Mana cost", "Type line", "Types", "Subtype", "Supertype",
		"Power and toughness", "Text box" };
	const int levels[] = { 1, 1, 1, 2, 2, 2, 1, 1 };
	CHECK(cards && cards->nheadings == 8, "Cards has 8 headings");
	for (int k = 0; cards && k < 8 && k < (int)cards->nheadings; k++) {
		CHECK_STR(b->headings[cards->heading0 + k].title, heads[k], "Cards heading %d", k + 1);
		CHECK_INT(b->headings[cards->heading0 + k].level, levels[k], "level of %s", heads[k]);
	}

	/* the Portuguese preface and introduction are kept, marked pt */
	const struct tb_page *pre = page_named(b, "Prefácio"), *intro = page_named(b, "Introdução");
	CHECK(pre && strcmp(pre->lang, "pt") == 0, "Prefácio is Portuguese");
	CHECK(intro && strcmp(intro->lang, "pt") == 0, "Introdução is Portuguese");
	int pt = 0;
	for (uint32_t i = 0; i < b->npages; i++)
		pt += strcmp(b->pages[i].lang, "pt") == 0;
	CHECK_INT(pt, 2, "only the two front pages are Portuguese");

	/* no markup survives (the one dollar left is "bets \$1", line 3467) */
	int dirty = 0;
	for (uint32_t i = 0; i < b->nblocks; i++) {
		const char *t = b->blocks[i].text;
		const char *dollar = strchr(t, '$');
		if (strchr(t, '*') || strstr(t, "](") || strstr(t, "^[") || (dollar && !isdigit((unsigned char)dollar[1]))) {
			dirty++;
			printf("# line %u: %.200s\n", b->blocks[i].line, t);
		}
	}
	CHECK_INT(dirty, 0, "no **, ](#), ^[n] or $ left in any block");
	CHECK_STR(b->examples[0].text, "Djinn mabâmot and Genio Mabamoti are both the same card, because they have the same name in English (Mahamoti Djinn).",
	    "the first example, clean");
	/* line 115's example continues in the italic paragraph at 117 */
	CHECK(strstr(b->examples[2].text, "\nLet's contrast this with Shadowborn Apostle") != NULL,
	    "an italic paragraph continues the example before it");
	bool x1 = false;
	for (uint32_t i = 0; i < b->nexamples; i++)
		x1 |= b->examples[i].line == 3011 && strstr(b->examples[i].text, "Hurricane with X=1.") != NULL;
	CHECK(x1, "$X=1$ becomes X=1 (line 3011)");

	/* policy */
	const struct tb_heading *mt = heading_named(b, "Common issues", "Missed triggers");
	CHECK(mt && mt->policy, "Missed triggers is policy");
	const struct tb_heading *db = heading_named(b, "Combat phase", "Declare blockers step");
	CHECK(db && !db->policy, "Declare blockers step is rules");
	CHECK(page_named(b, "Tournament rules") && page_named(b, "Tournament rules")->policy, "Tournament rules is policy");

	/* expert boxes mark what follows */
	const struct tb_heading *ic = heading_named(b, "Copy effects", "Interaction of copy effects");
	CHECK(ic && ic->expert, "Interaction of copy effects is expert material");
	CHECK(heading_named(b, "Copy effects", "Copying spells") && !heading_named(b, "Copy effects", "Copying spells")->expert,
	    "Copying spells is not");

	/* cards: awk over example paragraphs and their italic continuations finds 18 with
	 * **Lightning Bolt** or **Lightning Bolts** (the plural is the same card) */
	const struct tb_card *cv[8];
	size_t n = tb_cards_find(b, "LIGHTNING b", cv, 8);
	CHECK(n == 1 && strcmp(cv[0]->name, "Lightning Bolt") == 0, "cards: prefix, any case");
	CHECK(n == 1 && cv[0]->nexamples == 18, "Lightning Bolt in 18 examples (%u)", n ? cv[0]->nexamples : 0);
	n = tb_cards_find(b, "sakash", cv, 8);
	CHECK(n == 1 && strcmp(cv[0]->name, "Sakashima the Impostor") == 0, "Sakashima the Impostor");
	n = tb_cards_find(b, "shackles", cv, 8);
	CHECK(n == 1 && strcmp(cv[0]->name, "Vedalken Shackles") == 0, "a word inside the name, possessive dropped");
	n = tb_cards_find(b, "mahamoti", cv, 8);
	CHECK(n == 1 && cv[0]->nexamples >= 1 && b->examples[cv[0]->examples[0]].line == 109,
	    "Mahamoti Djinn first appears in the example at line 109");
	CHECK(tb_cards_find(b, "state-based", cv, 8) == 0, "terms in bold are not cards");

	/* completion */
	const char *tv[8];
	n = tb_titles_find(b, "declare", tv, 8);
	CHECK(n == 2 && strcmp(tv[0], "Declare attackers step") == 0 && strcmp(tv[1], "Declare blockers step") == 0,
	    "titles starting with \"declare\": the two declaration steps");

	/* search */
	struct tb_hit h[3];
	n = tb_search(b, "state-based actions", h, 3);
	CHECK(n >= 1 && h[0].heading == TB_NONE && strcmp(b->pages[h[0].page].title, "State-based actions") == 0,
	    "search: the State-based actions page");
	n = tb_search(b, "declare blockers", h, 3);
	CHECK(n >= 1 && h[0].heading != TB_NONE && strcmp(b->headings[h[0].heading].title, "Declare blockers step") == 0,
	    "search: the Declare blockers step heading");
	uint32_t first, count;
	if (n >= 1 && h[0].heading != TB_NONE) {
		tb_section_blocks(b, h[0].page, h[0].heading, &first, &count);
		CHECK(count > 0 && b->blocks[first].line == 986, "its section starts at line 986 (%u)", count ? b->blocks[first].line : 0);
	}
	CHECK(tb_search(b, "qwxzv", h, 3) == 0, "search: nothing for nonsense");

	/* links against the built-in 2021 rules, which stop at 119.4b */
	struct jindex *ix = jindex_new();
	jindex_load_path(ix, "rules/004_33964e82a02af053.txt");
	jindex_finish(ix);
	const struct jrelease *rel = tb_link_release(ix, NULL);
	CHECK(rel && rel->truncated, "only the truncated 2021 release");
	tb_link(b, rel);
	CHECK(b->links_partial, "links are partial");
	const struct tb_page *gr = page_named(b, "Golden rules"), *tp = page_named(b, "Timing and priority"),
	    *ly = page_named(b, "Layers");
	CHECK(gr && gr->nrules == 1 && gr->rules[0] == JRID_MAKE(101, 0, 0), "Golden rules -> 101");
	CHECK(tp && tp->nrules == 1 && tp->rules[0] == JRID_MAKE(117, 0, 0), "Timing and priority -> 117");
	CHECK(ly && ly->nrules == 0, "Layers is unavailable, not invented");
	CHECK(b->nunavailable > 100, "unlinked pages and headings are counted (%u)", b->nunavailable);
	for (uint32_t i = 0; i < b->nheadings; i++)
		for (uint32_t k = 0; k < b->headings[i].nrules; k++)
			if (JRID_CHAP(b->headings[i].rules[k]) > 119)
				CHECK(0, "heading %s links past 119", b->headings[i].title);
	const struct tb_page *pv[4];
	CHECK(tb_pages_for_rule(b, rel, JRID_MAKE(101, 2, 0), pv, 4) >= 1 && pv[0] == gr,
	    "101.2 is taught by Golden rules");
	jindex_free(ix);
	tb_free(b);
	diag_clear(&d);
	free(txt);
}

static void
test_html(void)
{
	size_t len;
	char *html = slurp("tests/textbook/sample.html", &len);
	CHECK(html != NULL, "read the HTML fixture");
	if (!html)
		return;
	struct diags d = {0};
	struct tb_book *b = tb_load_file("tests/textbook/sample.html", &d);
	CHECK(b && strcmp(b->format, "html") == 0, "the fixture is read as HTML");
	if (!b)
		return;
	/* h1 -> section, h2 -> chapter, h3 -> page, h4 -> heading */
	CHECK_INT(b->nsections, 2, "two h1 sections");
	CHECK_INT(b->npages, 4, "four pages: the section intro and three h3 pages");
	CHECK_INT(b->nheadings, 2, "two h4 headings");
	const struct tb_page *cp = page_named(b, "Combat phase");
	CHECK(cp && strcmp(cp->chapter, "Phases and steps") == 0 && strcmp(cp->section, "Game structure") == 0,
	    "Combat phase sits in Game structure > Phases and steps");
	CHECK_INT(b->nexamples, 2, "two examples");
	CHECK_STR(b->nexamples ? b->examples[0].text : "", "My Grizzly Bears is blocked by a Wall of Stone; nothing dies.",
	    "example text without its label");
	CHECK_INT(b->ntables, 1, "one table");
	CHECK_INT(b->nexpert, 1, "one expert box");
	int lists = 0, furniture = 0;
	for (uint32_t i = 0; i < b->nblocks; i++) {
		const struct tb_block *k = &b->blocks[i];
		if (k->kind == TB_LIST) {
			lists++;
			CHECK_STR(k->text, "- First, trample damage is assigned\n  - lethal damage to blockers first\n- Then damage is dealt",
			    "a nested list");
		}
		if (k->kind == TB_TABLE)
			CHECK_STR(k->text, "Step\tWho acts\nDeclare attackers\tActive player\nDeclare blockers\tDefending player",
			    "table rows and tab-separated cells");
		const char *skip[] = { "SCRIPTTEXT", "STYLETEXT", "NAVTEXT", "ROLENAVTEXT", "HEADERTEXT",
			"FOOTERTEXT", "ASIDETEXT", "Mini Judge Textbook" };
		for (size_t s = 0; s < sizeof skip / sizeof *skip; s++)
			furniture += strstr(k->text, skip[s]) != NULL;
	}
	CHECK_INT(lists, 1, "one list");
	CHECK_INT(furniture, 0, "no script, style, navigation, header, footer or title text");
	CHECK(page_named(b, "Missed triggers") && page_named(b, "Missed triggers")->policy, "Missed triggers is policy");
	const struct tb_card *cv[4];
	CHECK_INT(tb_cards_find(b, "wall", cv, 4), 1, "Wall of Stone is a card");
	CHECK_INT(b->ncards, 4, "four bold card names (trample is a term)");
	tb_free(b);
	free(html);

	/* an external entity is never fetched or expanded */
	const char *xxe = "<!DOCTYPE html [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><html><body><h1>T</h1><p>a &x; b</p></body></html>";
	b = tb_parse_html("xxe.html", xxe, strlen(xxe), &d);
	bool leaked = false;
	for (uint32_t i = 0; i < b->nblocks; i++)
		leaked |= strstr(b->blocks[i].text, "root:") != NULL;
	CHECK(!leaked, "no entity expansion");
	tb_free(b);

	/* damaged input: empty, no structure, bad UTF-8 */
	b = tb_parse_html("empty.html", "", 0, &d);
	CHECK(b && b->npages == 0, "an empty page gives an empty book");
	tb_free(b);
	diag_clear(&d);
	b = tb_parse_text("plain.txt", "just one line of text\n", 22, &d);
	CHECK(b && b->npages == 1 && b->nblocks == 1, "text without structure is one page");
	tb_free(b);
	b = tb_parse_text("bad.txt", "Title\n\nbad \xff byte\n", 17, &d);
	CHECK(d.count[DL_WARNING] == 1 && d.n && d.v[d.n - 1].line == 3 && d.v[d.n - 1].col == 5,
	    "invalid UTF-8 is a warning at line 3, column 5");
	tb_free(b);
	diag_clear(&d);
	b = tb_load_file("tests/textbook/no-such-file.txt", &d);
	CHECK(b == NULL && d.count[DL_ERROR] == 1, "a missing file is an error");
	diag_clear(&d);
}

int
main(void)
{
	test_markup();
	test_book();
	test_html();
	return T_DONE();
}
