/* test_crparse.c — rule ids, decoding, reference forms, and the parser over every release. */
#include "t.h"
#include "index/index.h"
#include "index/ruleid.h"
#include "cr/crparse.h"
#include "text/decode.h"
#include "base/buf.h"

#include <ctype.h>
#include <dirent.h>
#include <time.h>

static void
test_ruleid(void)
{
	char b[16];
	CHECK(jrid_from_str("702.1") != jrid_from_str("702.10"), "702.1 and 702.10 are different ids");
	CHECK(jrid_from_str("702.1") < jrid_from_str("702.10"), "702.1 sorts before 702.10");
	CHECK(jrid_from_str("702.9") < jrid_from_str("702.10"), "702.9 sorts before 702.10 (numbers, not strings)");
	CHECK(jrid_from_str("1") < jrid_from_str("100") && jrid_from_str("199") < jrid_from_str("2"),
	    "section 1 comes before chapter 100, and chapter 199 before section 2");
	CHECK_STR(jrid_str(jrid_from_str("702.19b."), b), "702.19b", "a trailing dot is dropped");
	CHECK_STR(jrid_str(jrid_from_str("702.190"), b), "702.190", "three-digit rule numbers");
	CHECK_STR(jrid_str(jrid_parent(jrid_from_str("702.19b")), b), "702.19", "parent of a subrule");
	CHECK_STR(jrid_str(jrid_parent(jrid_from_str("702.19")), b), "702", "parent of a rule");
	CHECK_STR(jrid_str(jrid_parent(jrid_from_str("702")), b), "7", "parent of a chapter");
	CHECK_INT(jrid_parent(jrid_from_str("7")), JRID_NONE, "a section has no parent");
	CHECK_INT(jrid_letter_next('k'), 'm', "letters skip l");
	CHECK_INT(jrid_letter_next('n'), 'p', "letters skip o");
	CHECK_INT(jrid_letter_prev('m'), 'k', "backwards too");
	/* past z, two letters as spreadsheet columns go, l and o skipped in both places */
	CHECK_STR(jrid_str(jrid_from_str("704.5aa"), b), "704.5aa", "a subrule past z: 704.5aa");
	CHECK_INT(jrid_letter_next('z'), JRID_LETTER(jrid_from_str("704.5aa")), "z is followed by aa");
	CHECK_INT(jrid_letter_prev((int)JRID_LETTER(jrid_from_str("704.5aa"))), 'z', "and aa comes after z");
	CHECK(jrid_from_str("704.5z") < jrid_from_str("704.5aa") && jrid_from_str("704.5az") < jrid_from_str("704.5ba") &&
	    jrid_from_str("704.5ba") < jrid_from_str("704.6"), "704.5z < 704.5aa < 704.5az < 704.5ba < 704.6");
	CHECK_STR(jrid_str(jrid_letter_next((int)JRID_LETTER(jrid_from_str("704.5ak"))) | (jrid_from_str("704.5") & ~0xFFu), b),
	    "704.5am", "ak is followed by am (no l)");
	CHECK_STR(jrid_str(jrid_from_str("704.5fn"), b), "704.5fn", "the last pair that fits: fn");
	CHECK_INT(jrid_from_str("704.5fp"), JRID_NONE, "past fn: not a rule number");
	CHECK_INT(jrid_from_str("702.19bl"), JRID_NONE, "a pair with l is not a rule number");
	CHECK_INT(jrid_from_str("702.19bbb"), JRID_NONE, "three letters are not a rule number");
	CHECK_INT(jrid_from_str("70.1"), JRID_NONE, "two-digit chapters do not exist");
	CHECK_INT(jrid_from_str("hello"), JRID_NONE, "words are not rule numbers");
	CHECK_INT(jrid_level(jrid_from_str("613")), JL_CHAPTER, "613 is a chapter");
	CHECK_INT(jrid_level(jrid_from_str("6.")), JL_SECTION, "6. is a section");
}

static void
test_decode(void)
{
	struct diags d = {0};
	struct decoded out;
	/* UTF-16LE without a BOM: "100.1. A\r\n" */
	const char *ascii = "100.1. A\r\n";
	unsigned char le[64];
	size_t n = 0;
	for (const char *p = ascii; *p; p++) {
		le[n++] = (unsigned char)*p;
		le[n++] = 0;
	}
	CHECK(text_decode(le, n, "le.txt", &out, &d) == 0 && strcmp(out.text, "100.1. A\n") == 0,
	    "UTF-16LE without a BOM is recognised from its zero bytes");
	CHECK(d.count[DL_WARNING] == 1, "and a warning says it was guessed");
	free(out.text);
	diag_clear(&d);
	const unsigned char cr[] = "a\rb\r\r\nc\r\nd\n";
	CHECK(text_decode(cr, sizeof cr - 1, "cr.txt", &out, &d) == 0 && strcmp(out.text, "a\nb\n\nc\nd\n") == 0,
	    "bare CR, CR CR LF, CRLF and LF all become LF");
	free(out.text);
	const unsigned char w1252[] = {'d', 'o', 'n', 0x92, 't', ' ', 0x93, 'x', 0x94, ' ', 0x96, 0};
	CHECK(text_decode(w1252, sizeof w1252 - 1, "w.txt", &out, &d) == 0 &&
	    strcmp(out.text, "don\xe2\x80\x99t \xe2\x80\x9cx\xe2\x80\x9d \xe2\x80\x93") == 0,
	    "Windows-1252 curly quotes and dashes become UTF-8");
	CHECK_STR(out.encoding, "Windows-1252", "and the encoding is named");
	free(out.text);
	const unsigned char be[] = {0xFE, 0xFF, 0, 'h', 0, 'i', 0x20, 0x19, 0, '\r'};
	CHECK(text_decode(be, sizeof be, "be.txt", &out, &d) == 0 && strcmp(out.text, "hi\xe2\x80\x99\n") == 0,
	    "UTF-16BE with a BOM, bare CR at the end");
	free(out.text);
	diag_clear(&d);
	const unsigned char bin[] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 1, 2, 3};
	CHECK(text_decode(bin, sizeof bin, "a.out", &out, &d) != 0 && d.count[DL_ERROR] == 1,
	    "a binary file is refused with an error");
	CHECK(d.n && strstr(d.v[0].msg, "binary") && d.v[0].line == 1, "the error says binary and names the line");
	diag_clear(&d);
	CHECK(text_decode((const unsigned char *)"", 0, "empty.txt", &out, &d) != 0 && strstr(d.v[0].msg, "empty"),
	    "an empty file is refused");
	diag_clear(&d);
}

struct refs_seen {
	char s[512];
};

static void
ref_cb(void *ctx, jrid id, size_t off)
{
	struct refs_seen *r = ctx;
	char b[16];
	if (r->s[0])
		strcat(r->s, " ");
	strcat(r->s, jrid_str(id, b));
	(void)off;
}

static const char *
refs_of(const char *text)
{
	static struct refs_seen r;
	r.s[0] = '\0';
	cr_find_refs(text, strlen(text), ref_cb, &r);
	return r.s;
}

static void
test_refs(void)
{
	CHECK_STR(refs_of("See rule 702.19."), "702.19", "See rule N.");
	CHECK_STR(refs_of("(See rule 113.10.)"), "113.10", "(See rule N.) — the dot inside the parentheses");
	CHECK_STR(refs_of("rules 601.2a\xe2\x80\x93" "d apply"), "601.2a 601.2b 601.2c 601.2d", "en-dash letter range");
	CHECK_STR(refs_of("rules 704.5j-m"), "704.5j 704.5k 704.5m", "hyphen letter range skips l");
	CHECK_STR(refs_of("see rule 613.1, and"), "613.1", "rule N,");
	CHECK_STR(refs_of("See section 7, \"Additional Rules.\""), "7", "section N");
	CHECK_STR(refs_of("See rules 702.2 and 702.19."), "702.2 702.19", "rules N and M");
	CHECK_STR(refs_of("rules 100.1, 100.2, and 100.3"), "100.1 100.2 100.3", "a list with commas");
	CHECK_STR(refs_of("rule 903, \"Commander,\""), "903", "a chapter then its quoted title");
	CHECK_STR(refs_of("section 8, \"Multiplayer Rules.\""), "8", "section 8");
	CHECK_STR(refs_of("the rules of Magic 2 players"), "", "no number, no reference");
	CHECK_STR(refs_of("overrules 702.1"), "", "only the word rule counts");
	CHECK_STR(refs_of("see rules 119.7\xe2\x80\x93" "8."), "119.7 119.8", "a range ending in the number after the dot");
	CHECK_STR(refs_of("(see rules 119.9\xe2\x80\x93" "10)"), "119.9 119.10", "a bare range end of two digits");
	CHECK_STR(refs_of("rules 712.9-10 and 702.2"), "712.9 712.10 702.2", "a bare range end, then the list goes on");
	CHECK_STR(refs_of("rule 119.7-8.5 players"), "119.7", "a bare end that is really a number with a dot is no range");
}

/* The text of an entry must not hold another entry, an example or a contents line. */
static int
leaks(const struct jrelease *rel, const char **what, const char **where)
{
	int bad = 0;
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const char *t = rel->rules[i].text;
		for (const char *p = t; *p; p++) {
			if ((p == t || p[-1] == '\n') && strncmp(p, "Example:", 8) == 0) {
				*what = "an Example: paragraph", *where = rel->rules[i].num, bad++;
				break;
			}
			/* "... loses the game. 704.5b If ..." or a line "100. General" */
			bool boundary = p == t ? false : (p[-1] == '\n' || (p[-1] == ' ' && p > t + 1 && strchr(".:", p[-2])));
			if (boundary && isdigit((unsigned char)*p)) {
				const char *e;
				jrid id = jrid_parse(p, &e);
				if (id != JRID_NONE && *e == ' ' && isupper((unsigned char)e[1]) && jrid_level(id) >= JL_CHAPTER &&
				    jrel_find(rel, id) != JNONE && e - p >= 4 && e[-1] != ',') {
					*what = "another entry's number", *where = rel->rules[i].num, bad++;
					break;
				}
			}
		}
		if (strstr(t, "LightNovelFree") || strstr(t, "Notifications") || strstr(t, "You're reading")) {
			*what = "web-page text", *where = rel->rules[i].num, bad++;
		}
	}
	return bad;
}

static struct jrelease *
load_one(struct jindex *ix, const char *path)
{
	uint32_t before = ix->nrels;
	jindex_load_path(ix, path);
	jindex_finish(ix);
	return ix->nrels > before ? ix->rels[ix->nrels - 1] : NULL;
}

static void
test_releases(const char *shared)
{
	char path[512];
	const char *files[] = {"cr-2008-10-01.txt", "cr-2013-05-01.txt", "cr-2015-11-13.txt", "cr-2020-11-20.txt",
		"cr-2022-11-18.txt", "cr-2024-07-30.txt", "cr-2025-11-14.txt", "cr-2026-01-16.txt"};
	struct jindex *ix = jindex_new();
	for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
		snprintf(path, sizeof path, "%s/cr/%s", shared, files[f]);
		struct jrelease *rel = load_one(ix, path);
		CHECK(rel != NULL, "%s loads", files[f]);
		if (!rel)
			continue;
		char want[16];
		memcpy(want, files[f] + 3, 10);
		want[10] = '\0';
		CHECK_STR(rel->label, want, "%s: its date is read from the text", files[f]);
		CHECK(!rel->truncated && !rel->fragment, "%s is complete", files[f]);
		const char *what = NULL, *where = NULL;
		int bad = leaks(rel, &what, &where);
		CHECK(bad == 0, "%s: no entry holds another's text (first bad: %s in %s)", files[f], what ? what : "-", where ? where : "-");
		/* the glossary is not credits or contents */
		CHECK(rel->ngloss > 300 && jrel_define(rel, "Credits") == JNONE, "%s: glossary parsed, credits not in it", files[f]);
		/* keywords were 502.x before 2009 */
		const char *k1 = rel->date < 20090101 ? "502.1" : "702.1", *k10 = rel->date < 20090101 ? "502.10" : "702.10";
		uint32_t i1 = jrel_find(rel, jrid_from_str(k1)), i10 = jrel_find(rel, jrid_from_str(k10));
		CHECK(i1 != JNONE && i10 != JNONE && i1 != i10, "%s: %s and %s are separate", files[f], k1, k10);
		bool noheader = true;
		for (uint32_t k = 0; k < rel->nrules; k++) {
			const struct jrule *r = &rel->rules[k];
			if (k > 0 && r->id <= rel->rules[k - 1].id)
				noheader = false;
		}
		CHECK(noheader, "%s: entries are strictly in order", files[f]);
	}
	/* 704.5 in the newest: a through z without l and o */
	struct jrelease *n = ix->rels[ix->nrels - 1];
	uint32_t sba = jrel_find(n, jrid_from_str("704.5"));
	CHECK(sba != JNONE && n->rules[sba].nchildren == 24, "704.5 has 24 subrules, 704.5a-z without l and o");
	if (sba != JNONE && n->rules[sba].nchildren == 24) {
		CHECK_STR(n->rules[n->rules[sba].children[10]].num, "704.5k", "the eleventh is 704.5k");
		CHECK_STR(n->rules[n->rules[sba].children[11]].num, "704.5m", "the twelfth is 704.5m");
		CHECK_STR(n->rules[n->rules[sba].children[23]].num, "704.5z", "the last is 704.5z");
	}
	uint32_t legend = jrel_find(n, jrid_from_str("704.5j"));
	CHECK(legend != JNONE && strstr(n->rules[legend].text, "legend rule"), "704.5j is the legend rule");
	uint32_t ind = jrel_find(n, jrid_from_str("702.12b"));
	uint32_t lethal = jrel_find(n, jrid_from_str("704.5g"));
	bool cites = false;
	for (uint32_t k = 0; ind != JNONE && k < n->rules[ind].nrefs; k++)
		cites |= n->rules[ind].refs[k] == lethal;
	CHECK(cites, "702.12b cites 704.5g");
	bool back = false;
	for (uint32_t k = 0; lethal != JNONE && k < n->rules[lethal].nbackrefs; k++)
		back |= n->rules[lethal].backrefs[k] == ind;
	CHECK(back, "and 704.5g lists 702.12b among its back-references");
	uint32_t g = jrel_define(n, "controller");
	CHECK(g != JNONE && strcmp(n->gloss[g].head, "Control, Controller") == 0, "'controller' finds \"Control, Controller\"");
	g = jrel_define(n, "LETHAL DAMAGE");
	CHECK(g != JNONE, "glossary lookup ignores case");
	g = jrel_define(n, "Damage Assignment Order");
	CHECK(g != JNONE && n->gloss[g].obsolete, "\"Damage Assignment Order (Obsolete)\" is found and marked obsolete");
	uint32_t tr = jrel_find(n, jrid_from_str("702.19"));
	CHECK(tr != JNONE && n->rules[tr].title && strcmp(n->rules[tr].title, "Trample") == 0, "702.19's title is Trample");
	uint32_t sec = jrel_find(n, jrid_from_str("613"));
	CHECK(sec != JNONE && strstr(n->rules[sec].title, "Continuous Effects"), "chapter 613's title");
	/* 2024: 509.5a-g; 2025: damage assignment order gone, 509.3a-g */
	struct jrelease *r24 = jindex_release(ix, "2024-07-30"), *r25 = jindex_release(ix, "2025-11-14");
	CHECK(r24 && jrel_find(r24, jrid_from_str("509.5g")) != JNONE, "2024-07-30 has 509.5g");
	CHECK(r25 && jrel_find(r25, jrid_from_str("509.5a")) == JNONE && jrel_find(r25, jrid_from_str("509.3g")) != JNONE,
	    "2025-11-14 has 509.3g and no 509.5a");
	struct jrelease *r08 = jindex_release(ix, "20081001");
	CHECK(r08 && jrel_find(r08, jrid_from_str("420.5a")) != JNONE && strcmp(r08->layout, "classic") == 0,
	    "2008 is the classic layout, with 420.5a");
	CHECK(jindex_default(ix) == n, "the newest dated release answers by default");
	jindex_free(ix);
}

static void
test_seeds(void)
{
	struct jindex *ix = jindex_new();
	struct jrelease *r99 = load_one(ix, "rules/000_8e3fff5fe3955226.txt");
	CHECK(r99 && r99->date == 19991101 && r99->truncated, "1999: dated November 1, 1999 and marked truncated");
	if (r99) {
		uint32_t i = jrel_find(r99, jrid_from_str("100.1"));
		CHECK(i != JNONE && strstr(r99->rules[i].text, "aren't discussed"), "1999: lost apostrophes restored (arent -> aren't)");
		CHECK(r99->nexamples > 20, "1999: EXAMPLE: in capitals is read as examples (%u)", r99->nexamples);
	}
	struct jrelease *f1 = load_one(ix, "rules/001_717955f036dbe8ec.txt");
	CHECK(f1 && f1->fragment && f1->date == 0 && f1->era_from >= 1999 && f1->era_to <= 2009,
	    "the 420-423 fragment is undated, with an era estimated (%d-%d)", f1 ? f1->era_from : 0, f1 ? f1->era_to : 0);
	if (f1) {
		uint32_t i = jrel_find(f1, jrid_from_str("420.5a"));
		CHECK(i != JNONE && strcmp(f1->rules[i].text, "A player with 0 or less life loses the game.") == 0,
		    "run-together rules are split: 420.5a is its own entry");
		uint32_t p = jrel_find(f1, jrid_from_str("420.5"));
		CHECK(p != JNONE && strcmp(f1->rules[p].text, "The state-based effects are as follows:") == 0,
		    "and 420.5 keeps only its own words");
		CHECK(jrel_find(f1, jrid_from_str("423.2b")) != JNONE && jrel_find(f1, jrid_from_str("432.2b")) == JNONE,
		    "the source typo 432.2b is read as 423.2b");
		bool reported = false;
		for (size_t k = 0; k < ix->diags.n; k++)
			reported |= strstr(ix->diags.v[k].msg, "432.2b") != NULL && ix->diags.v[k].level == DL_WARNING;
		CHECK(reported, "and reported as a warning");
		bool censor = false;
		for (uint32_t k = 0; k < f1->nrules; k++)
			censor |= strstr(f1->rules[k].text, "a.s.s") != NULL;
		CHECK(!censor, "censor damage a.s.sign is repaired");
		const char *what = NULL, *where = NULL;
		CHECK(leaks(f1, &what, &where) == 0, "no web-site text or run-on entries left (%s in %s)", what ? what : "-", where ? where : "-");
	}
	struct jrelease *f3 = load_one(ix, "rules/003_be62fa6b61bdad6a.txt");
	CHECK(f3 && f3->fragment, "the 309-402 fragment is a fragment");
	if (f3) {
		uint32_t i = jrel_find(f3, jrid_from_str("309.1"));
		CHECK(i != JNONE && strstr(f3->rules[i].text, "doesn't use the stack"), "doesn\"t is read as doesn't");
		CHECK(jrel_find(f3, jrid_from_str("402.8a")) != JNONE, "402.8a split out of 402.8's line");
		const char *what = NULL, *where = NULL;
		CHECK(leaks(f3, &what, &where) == 0, "no run-on entries left (%s in %s)", what ? what : "-", where ? where : "-");
	}
	struct jrelease *w = load_one(ix, "rules/004_33964e82a02af053.txt");
	CHECK(w && w->date == 20210924 && w->truncated && strcmp(w->last_num, "119.4b") == 0,
	    "the 2021 web copy is dated 2021-09-24 and truncated at 119.4b");
	if (w) {
		CHECK(jrel_find(w, jrid_from_str("1")) != JNONE && jrel_find(w, jrid_from_str("100.1")) != JNONE,
		    "its line-number run and page chrome are not rules");
		const char *what = NULL, *where = NULL;
		CHECK(leaks(w, &what, &where) == 0, "no chrome in entries (%s in %s)", what ? what : "-", where ? where : "-");
	}
	jindex_free(ix);
}

static void
test_bad_input(void)
{
	struct jindex *ix = jindex_new();
	/* a 10 MB single line */
	size_t n = 10u * 1024u * 1024u;
	unsigned char *big = malloc(n);
	memset(big, 'x', n);
	memcpy(big, "100.1. ", 7);
	clock_t t0 = clock();
	struct jrelease *r = jindex_load_bytes(ix, "big.txt", big, n);
	double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	CHECK(r != NULL && r->nrules == 1, "a 10 MB line is one entry, not a crash");
	CHECK(secs < 2.0, "and takes %.3f s", secs);
	memset(big, 'x', n);
	r = jindex_load_bytes(ix, "prose.txt", big, n);
	CHECK(r == NULL && ix->diags.worst == DL_ERROR, "text with no rules in it is an error");
	free(big);
	size_t before = ix->diags.n;
	CHECK(jindex_load_path(ix, "/nonexistent/rules.txt") == 0 && ix->diags.n == before + 1 &&
	    strstr(ix->diags.v[before].file, "/nonexistent"), "a missing file is an error naming the file");
	const char *notes = "Shopping list\n\n1. Eggs\n2. Milk\n";
	CHECK(jindex_load_bytes(ix, "list.txt", (const unsigned char *)notes, strlen(notes)) == NULL,
	    "a numbered list that is not the rules is refused");
	/* a glossary head longer than judge's 511-byte alias buffer, cut in the middle of an
	 * opening quote (issue 16, item 1): the alias split must stay inside the buffer */
	struct sbuf g = {0};
	sbuf_adds(&g, "100.1. A rule.\n\nGlossary\n\n");
	for (int k = 0; k < 509; k++)
		sbuf_addc(&g, 'a');
	sbuf_adds(&g, ",\xe2\x80\x9cquoted\xe2\x80\x9d\nIts definition.\n");
	r = jindex_load_bytes(ix, "longhead.txt", (const unsigned char *)g.s, g.len);
	CHECK(r != NULL && r->ngloss == 1 && r->gloss[0].naliases >= 1 && strlen(r->gloss[0].aliases[0]) == 509,
	    "a 520-byte glossary head cut mid-character is split inside its buffer");
	sbuf_free(&g);
	jindex_free(ix);
}

/* ---------- traps of the archived releases (issue 12), on small texts built here ---------- */

static struct jrelease *
load_text(struct jindex *ix, const char *name, const char *text)
{
	return jindex_load_bytes(ix, name, (const unsigned char *)text, strlen(text));
}

static bool
said(const struct jindex *ix, enum dlevel lv, const char *file, const char *what)
{
	for (size_t k = 0; k < ix->diags.n; k++)
		if (ix->diags.v[k].level == lv && strcmp(ix->diags.v[k].file, file) == 0 && strstr(ix->diags.v[k].msg, what))
			return true;
	return false;
}

/* said() at a given line (and column, unless 0) */
static bool
said_at(const struct jindex *ix, const char *file, const char *what, unsigned line, unsigned col)
{
	for (size_t k = 0; k < ix->diags.n; k++)
		if (strcmp(ix->diags.v[k].file, file) == 0 && strstr(ix->diags.v[k].msg, what) &&
		    ix->diags.v[k].line == line && (col == 0 || ix->diags.v[k].col == col))
			return true;
	return false;
}

static void
test_wrapped(void)
{
	/* eighty rules, each a paragraph wrapped at 80 columns, as 2003-10-01 and 2004-02-01 are */
	struct sbuf t = {0};
	sbuf_adds(&t, "Magic: The Gathering Comprehensive Rules\n\nThese rules are current as of October 1, 2003.\n\n"
	    "1. The Game\n\n100. General\n\n");
	for (int r = 1; r <= 80; r++) {
		sbuf_addf(&t, "100.%d. Words of rule %d go on and on in a long sentence that a word processor\n", r, r);
		sbuf_adds(&t, "wrapped at a fixed width, so this paragraph runs over three lines and its\n");
		if (r == 7)
			sbuf_adds(&t, "last words are a reference that the wrap split. For the rest see rule\n100.8 \"Later Things.\" It ends.\n");
		else
			sbuf_adds(&t, "last words come here, short.\n");
		if (r == 9)
			sbuf_adds(&t, "Example: An example that is wrapped too: its first line is long enough to\n"
			    "be wrapped at the width of the page, and it goes on in this second line.\n");
		sbuf_adds(&t, "\n");
	}
	sbuf_adds(&t, "Glossary\n\nAbility\nText on an object.\n\nCredits\n\nSomeone\n");
	struct jindex *ix = jindex_new();
	struct jrelease *r = load_text(ix, "wrapped.txt", t.s);
	CHECK(r && r->nrules == 82, "a hard-wrapped release: 80 rules, a section and a chapter (got %u)", r ? r->nrules : 0);
	if (r) {
		uint32_t i7 = jrel_find(r, jrid_from_str("100.7")), i8 = jrel_find(r, jrid_from_str("100.8"));
		CHECK(i7 != JNONE && strstr(r->rules[i7].text, "see rule 100.8 \"Later Things.\" It ends."),
		    "a wrapped line that starts with a number stays in its paragraph");
		CHECK(i8 != JNONE && strncmp(r->rules[i8].text, "Words of rule 8", 15) == 0,
		    "and 100.8 is the real rule 100.8");
		uint32_t i9 = jrel_find(r, jrid_from_str("100.9"));
		CHECK(i9 != JNONE && r->rules[i9].nexamples == 1 && strstr(r->rules[i9].examples[0], "goes on in this second line.") &&
		    !strstr(r->rules[i9].text, "second line"), "a wrapped example keeps all its lines, and the rule none of them");
		CHECK(i9 != JNONE && strstr(r->rules[i9].text, "runs over three lines and its last words"),
		    "wrapped lines are joined with a space");
	}
	CHECK(said(ix, DL_NOTE, "wrapped.txt", "wrapped at about"), "check names the layout");
	CHECK(said_at(ix, "wrapped.txt", "starts with 100.8 but goes on the paragraph above", 36, 1),
	    "and the wrapped line that starts with a number, at 36:1");
	jindex_free(ix);
	sbuf_free(&t);
}

/* subrules past z, and letters judge cannot number: said, never silently text */
static void
test_letters_past_z(void)
{
	const char *text =
	    "Comprehensive Rules\n\nThese rules are effective as of August 1, 2031.\n\n"
	    "7. Additional Rules\n\n704. State-Based Actions\n\n704.5. The actions.\n\n"
	    "704.5y One.\n\n704.5z Two.\n\n704.5aa Three, past z.\n\n704.5ab Four; see rules 704.5z-ab.\n\n"
	    "704.5fp Five, past what judge numbers.\n\n704.6. Next.\n\n"
	    "Glossary\n\nAbility\nText.\n\nCredits\n\nSomeone\n";
	struct jindex *ix = jindex_new();
	struct jrelease *r = load_text(ix, "z.txt", text);
	CHECK(r != NULL, "a release with subrules past z loads");
	if (!r) {
		jindex_free(ix);
		return;
	}
	uint32_t aa = jrel_find(r, jrid_from_str("704.5aa")), ab = jrel_find(r, jrid_from_str("704.5ab"));
	CHECK(aa != JNONE && strcmp(r->rules[aa].text, "Three, past z.") == 0, "704.5aa is a subrule with its text");
	CHECK(ab != JNONE && strncmp(r->rules[ab].text, "Four", 4) == 0, "704.5ab too");
	CHECK(ab != JNONE && strstr(r->rules[ab].text, "Five") != NULL, "704.5fp, which judge cannot number, stays text of 704.5ab");
	CHECK(said_at(ix, "z.txt", "subrule letters judge cannot number", 19, 1), "and check says so at 19:1");
	jindex_free(ix);
}

static void
test_odd_numbers(void)
{
	const char *text =
	    "Comprehensive Rules\n\nThese rules are effective as of August 1, 2005.\n\n"
	    "2. Parts of the Game\n\n200. General\n\n200.1. A rule.\n\n214. Permanents\n\n214.1. Permanents are in play.\n\n"
	    "215. This section is now empty. See rule 205.4c and rule 420.5e about legendary permanents.\n\n"
	    "216. Tokens\n\n216.1. A token.\n\n"
	    "5. Additional Rules\n\n510. Status\n\n510.1. A permanent's status.\n\n501.2. Status is not a characteristic.\n\n"
	    "501.3. Permanents come into play untapped.\n\n"
	    "6. Multiplayer Rules\n\n605. Free-for-All\n\n605.2. Options.\n\n605.2c The deploy option isn't used in Free-for-All.\n\n"
	    "606. Two-Headed Giant\n\n606.8. Teams.\n\n606.8a Each team has a shared life total.\n\n"
	    "606. 8b Players win and lose the game only as a team.\n\n606.9. More.\n\n"
	    "609. Teams\n\n609.2. Options.\n\n605.2c The deploy option isn't normally used in the Teams variant.\n\n609.3. End.\n\n"
	    "7. Additional Rules\n\n702. Keyword Abilities\n\n702.3. A rule.\n\n702.3a A subrule.\n\n702.b No rule part.\n\n"
	    "702.1c A mistyped digit.\n\n702.4. Next.\n\n702.54. A stray digit.\n\n702.5a Its subrule.\n\n702.6. Last.\n\n"
	    "Glossary\n\nAbility\nText.\n\nCredits\n\nSomeone\n";
	struct jindex *ix = jindex_new();
	struct jrelease *r = load_text(ix, "odd.txt", text);
	CHECK(r != NULL, "a release with odd numbers loads");
	if (!r) {
		jindex_free(ix);
		return;
	}
	uint32_t e = jrel_find(r, jrid_from_str("215")), p = jrel_find(r, jrid_from_str("214.1"));
	CHECK(e != JNONE && strstr(r->rules[e].text, "now empty"), "215. This section is now empty... is its own chapter");
	CHECK(p != JNONE && !strstr(r->rules[p].text, "empty"), "and not part of the rule before it");
	CHECK(said_at(ix, "odd.txt", "chapter 215 holds only a sentence", 15, 1), "check reports it at 15:1");
	uint32_t b = jrel_find(r, jrid_from_str("606.8b")), a = jrel_find(r, jrid_from_str("606.8a"));
	CHECK(b != JNONE && strncmp(r->rules[b].text, "Players win", 11) == 0, "\"606. 8b\" is read as 606.8b");
	CHECK(a != JNONE && !strstr(r->rules[a].text, "Players win"), "and not merged into 606.8a");
	CHECK(said_at(ix, "odd.txt", "stray space", 45, 1), "check reports the stray space at 45:1");
	CHECK(jrel_find(r, jrid_from_str("510.2")) != JNONE && jrel_find(r, jrid_from_str("510.3")) != JNONE &&
	    jrel_find(r, jrid_from_str("501.2")) == JNONE, "a run of swapped digits after 510.1 is read as 510.2-510.3");
	CHECK(said(ix, DL_WARNING, "odd.txt", "read as 510.2"), "and reported");
	uint32_t c = jrel_find(r, jrid_from_str("605.2c"));
	CHECK(c != JNONE && c + 1 < r->nrules && r->rules[c + 1].id == r->rules[c].id && r->rules[c].copy == 0 &&
	    r->rules[c + 1].copy == 2, "the same number twice: both entries kept, the second marked as copy 2");
	CHECK(c != JNONE && strstr(r->rules[c].text, "Free-for-All") && c + 1 < r->nrules &&
	    strstr(r->rules[c + 1].text, "Teams variant"), "each with its own text; a lookup finds the first");
	CHECK(said_at(ix, "odd.txt", "605.2c appears again", 53, 1), "check reports the second at 53:1");
	uint32_t k = jrel_find(r, jrid_from_str("702.3b"));
	CHECK(k != JNONE && strcmp(r->rules[k].text, "No rule part.") == 0 && said_at(ix, "odd.txt", "lacks its rule part", 65, 1),
	    "\"702.b\" right after 702.3a is read as 702.3b, and reported at 65:1");
	k = jrel_find(r, jrid_from_str("702.3c"));
	CHECK(k != JNONE && strcmp(r->rules[k].text, "A mistyped digit.") == 0 && jrel_find(r, jrid_from_str("702.1c")) == JNONE,
	    "702.1c between 702.3b and 702.4 is read as 702.3c (one digit changed)");
	k = jrel_find(r, jrid_from_str("702.5"));
	CHECK(k != JNONE && strcmp(r->rules[k].text, "A stray digit.") == 0 && r->rules[k].nchildren == 1,
	    "702.54 between 702.4 and 702.5a is read as 702.5, the parent of 702.5a (one digit dropped)");
	CHECK(jrel_find(r, jrid_from_str("605.2c")) != JNONE && jrel_find(r, jrid_from_str("609.2c")) == JNONE,
	    "but a number printed twice stays under that number, where both can be found");
	jindex_free(ix);
}

static void
test_glossary_traps(void)
{
	struct sbuf t = {0};
	sbuf_adds(&t, "Comprehensive Rules\n\nThese rules are effective as of March 15, 2003.\n\nContents\n\n1. Game\nGlossary\nCredits\n\n"
	    "1. Game\n\n100. General\n\n100.1. A rule.\n\nGlossary\n\n"
	    "Ability1. Text on an object that explains what that object does.\n2. An activated or triggered ability on the stack.\n\n"
	    "Ability Word\nAn italicized word with no rules meaning.\n\n"
	    "Expansion Symbol\n\nThe small icon on a card is its expansion symbol.\n     The symbols to date are:\n\n"
	    "Expansions and Editions\n\n     Arabian Nights(r) [symbol]\n\n     Antiquities(r) [symbol]\n\n"
	    "Promotional Cards\n\n     DragonCon [symbol]\n\n");
	for (int k = 0; k < 26; k++)
		sbuf_addf(&t, "Term %c\n\nThe definition of term %c.\n\n", 'A' + k, 'A' + k);
	struct sbuf whole = {0};
	sbuf_addf(&whole, "%sCredits\n\nSomeone\n", t.s);
	struct jindex *ix = jindex_new();
	struct jrelease *r = load_text(ix, "gloss.txt", whole.s);
	CHECK(r && r->ngloss == 29, "glossary: 29 terms, the sub-headings inside Expansion Symbol not among them (got %u)",
	    r ? r->ngloss : 0);
	if (r) {
		uint32_t g = jrel_define(r, "Ability");
		CHECK(g != JNONE && strcmp(r->gloss[g].head, "Ability") == 0 && strncmp(r->gloss[g].text, "1. Text on", 10) == 0,
		    "\"Ability1. Text...\": the term Ability, its definition starting at sense 1");
		CHECK(jrel_define(r, "Ability Word") != JNONE, "and the next term is its own entry");
		CHECK(jrel_define(r, "Expansions and Editions") == JNONE, "a sub-heading is not a term");
		uint32_t x = jrel_define(r, "Expansion Symbol");
		CHECK(x != JNONE && strstr(r->gloss[x].text, "Promotional Cards") && strstr(r->gloss[x].text, "DragonCon"),
		    "it stays in the entry it belongs to, with its list");
		CHECK(!r->truncated, "a glossary that ends in Credits is complete");
	}
	CHECK(said_at(ix, "gloss.txt", "runs into its definition", 19, 8), "check reports the run-in term at 19:8");
	CHECK(said(ix, DL_WARNING, "gloss.txt", "heads an indented list"), "and the sub-headings");
	/* cut off in the middle of the glossary, as a 2013-02-01 copy is: after a whole
	 * entry (the contents promised Credits), and inside one */
	r = load_text(ix, "cut-after.txt", t.s);
	CHECK(r && r->truncated && said(ix, DL_WARNING, "cut-after.txt", "the Credits its contents list never come"),
	    "a file that stops after a glossary entry, with no Credits its contents promise, is truncated");
	sbuf_adds(&t, "Attack Multiple Players\n");
	r = load_text(ix, "cut.txt", t.s);
	CHECK(r && r->truncated, "a file cut off in the middle of the glossary is truncated");
	CHECK(said(ix, DL_WARNING, "cut.txt", "stops in the glossary at \"Attack Multiple Players\""), "and check says where");
	jindex_free(ix);
	sbuf_free(&t);
	sbuf_free(&whole);
}

static void
test_eightbit_and_twice(void)
{
	const char *mac = "Comprehensive Rules\n\nThese rules are current as of February 1, 2004.\n\n1. Game\n\n100. General\n\n"
	    "100.1. Follow the steps in 409.1a\xD0" "409.1h of many Odyssey\xAA block cards \xD2quoted\xD3.\n\n";
	struct jindex *ix = jindex_new();
	struct jrelease *r = load_text(ix, "mac.txt", mac);
	CHECK(r && strcmp(r->encoding, "Mac Roman") == 0, "Mac Roman bytes are recognised (%s)", r ? r->encoding : "-");
	uint32_t i = r ? jrel_find(r, jrid_from_str("100.1")) : JNONE;
	CHECK(i != JNONE && strstr(r->rules[i].text, "409.1a\xe2\x80\x93" "409.1h") && strstr(r->rules[i].text, "Odyssey\xe2\x84\xa2") &&
	    strstr(r->rules[i].text, "\xe2\x80\x9cquoted\xe2\x80\x9d"), "and read as the dash, trademark and quotes they are");
	CHECK(said_at(ix, "mac.txt", "Mac Roman", 9, 34), "check names the encoding at the first such byte (9:34)");
	const char *one = "Comprehensive Rules\n\nThese rules are current as of May 1, 2007.\n\n1. Game\n\n100. General\n\n"
	    "100.1. Creature types: Dand\x83n, Demon.\n\n";
	r = load_text(ix, "one.txt", one);
	CHECK(r != NULL && said(ix, DL_WARNING, "one.txt", "about as well"), "one odd byte: the guess is weak and check says so");
	uint32_t before = ix->nrels;
	struct jrelease *again = load_text(ix, "copy-of-mac.txt", mac);
	CHECK(again && ix->nrels == before && strcmp(again->file, "mac.txt") == 0,
	    "the same bytes loaded twice are one release");
	CHECK(said(ix, DL_NOTE, "copy-of-mac.txt", "the same bytes as mac.txt"), "and that is said");
	jindex_free(ix);
}

static void
test_archive(const char *shared)
{
	char path[512];
	snprintf(path, sizeof path, "%s/cr-archive/cr-2003-10-01.txt", shared);
	struct jindex *ix = jindex_new();
	if (jindex_load_path(ix, path) == 0) {
		printf("skip - %s is absent\n", path);
		jindex_free(ix);
		return;
	}
	struct jrelease *r = ix->rels[0];
	uint32_t i = jrel_find(r, jrid_from_str("200.9c"));
	CHECK(i != JNONE && strstr(r->rules[i].text, "See rule 419.8 \"Sources of Damage.\""),
	    "2003-10-01: \"See rule\" / \"419.8 ...\" stays in 200.9c");
	i = jrel_find(r, jrid_from_str("419.8"));
	CHECK(i != JNONE && strstr(r->rules[i].text, "Sources of Damage") && r->rules[i].line > 2000,
	    "and 419.8 is the rule at its place, not the wrapped reference");
	snprintf(path, sizeof path, "%s/cr-archive/cr-2004-02-01.txt", shared);
	jindex_load_path(ix, path);
	CHECK(ix->nrels == 2 && strcmp(ix->rels[1]->encoding, "Mac Roman") == 0, "2004-02-01 is read as Mac Roman");
	jindex_free(ix);
}

int
main(void)
{
	test_ruleid();
	test_decode();
	test_refs();
	test_bad_input();
	test_seeds();
	test_wrapped();
	test_odd_numbers();
	test_letters_past_z();
	test_glossary_traps();
	test_eightbit_and_twice();
	const char *shared = t_shared();
	if (shared) {
		test_releases(shared);
		test_archive(shared);
	}
	else
		printf("skip - ../shared is absent: the release tests need the official CR files\n");
	return T_DONE();
}
