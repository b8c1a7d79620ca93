/* cmd_textbook.c — `textbook TOPIC`, `explain TOPIC` and `cards NAME`: the Judge Candidate
 * Textbook's pages, the rules they teach, and the cards its examples use. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd_textbook.h"
#include "cmd_card.h"
#include "cmd_rules.h"
#include "../history/history.h"
#include "../render/json.h"
#include "../search/search.h"

static char *user_path;

void
tb_cli_set_path(const char *path)
{
	free(user_path);
	user_path = path ? xstrdup(path) : NULL;
}

/* The built-in textbook: <datadir>/corpus/, then the source tree, then the install dir. */
static char *
builtin_path(const struct jctx *c)
{
	const char *dirs[] = { c->datadir, ".", c->install_datadir };
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		if (!dirs[i])
			continue;
		struct sbuf p = {0};
		sbuf_addf(&p, "%s/corpus/%s", dirs[i], TB_FILE);
		if (access(p.s, R_OK) == 0)
			return sbuf_take(&p);
		sbuf_free(&p);
	}
	struct sbuf p = {0};
	sbuf_addf(&p, "%s/corpus/%s", c->datadir ? c->datadir : ".", TB_FILE);
	return sbuf_take(&p);
}

char *
tb_cli_book_path(const struct jctx *c)
{
	return user_path ? xstrdup(user_path) : builtin_path(c);
}

/* Why tb_for() last returned NULL: JX_NOTFOUND for a missing file, JX_USAGE for one that
 * is there but is not a textbook (binary, unreadable). */
static int tb_fail = JX_NOTFOUND;

struct tb_book *
tb_for(struct jctx *c)
{
	struct tb_book *b = c->textbook;
	char *want = user_path ? xstrdup(user_path) : builtin_path(c);
	if (b && strcmp(b->file, want) != 0) {
		tb_free(b);
		b = c->textbook = NULL;
	}
	if (!b) {
		struct diags d = {0};
		b = tb_load_file(want, &d);
		diag_print(stderr, &d, DL_WARNING);
		diag_clear(&d);
		if (!b) {
			/* a file the user named is an input error; the built-in one missing is not found */
			tb_fail = user_path || access(want, F_OK) == 0 ? JX_USAGE : JX_NOTFOUND;
			free(want);
			return NULL;
		}
		c->textbook = b;
	}
	free(want);
	const struct jrelease *lr = tb_link_release(c->ix, c->rel);
	/* `:use` in the REPL may change the release: links follow it */
	if (b->linked != lr || lr == NULL)
		tb_link(b, lr);
	return b;
}

/* --- what changed since the textbook's era ------------------------------------------------- */

struct era_change {
	jrid at;                  /* the rule of the linked release it sits at */
	bool removed;
	char then[16];            /* its number in the era's rules */
};

static struct {
	const struct jrelease *rel;   /* the release the changes were carried to */
	bool done;
	int era;                      /* yyyymmdd of the textbook's era, 0 when unknown */
	struct era_change *v;
	size_t n;
} era;

static void
era_free(void)
{
	free(era.v);
	memset(&era, 0, sizeof era);
}

/* The complete release dated date that is loaded, or NULL. */
static const struct jrelease *
loaded_dated(const struct jindex *ix, int date)
{
	for (uint32_t i = 0; ix && date && i < ix->nrels; i++)
		if (ix->rels[i]->date == date && !ix->rels[i]->fragment && !ix->rels[i]->truncated)
			return ix->rels[i];
	return NULL;
}

/* A carrier into rel whose anchors are the textbook era's own rules
 * (corpus/textbook-era-anchors.tsv): does rel still hold an era rule's text? NULL
 * without the file. Caller frees. */
static struct hist_carry *
era_anchors(struct jctx *c, const struct jrelease *rel)
{
	struct sbuf p = {0}, t = {0};
	sbuf_addf(&p, "%s/corpus/textbook-era-anchors.tsv", c->datadir);
	FILE *f = fopen(p.s, "rb");
	bool have = f && sbuf_read(&t, f, (size_t)16 << 20);
	if (f)
		fclose(f);
	struct diags d = {0};
	struct hist_carry *k = have ? hist_carry_new(c->ix, rel, p.s, t.s, t.len, &d) : NULL;
	diag_print(stderr, &d, DL_WARNING);
	diag_clear(&d);
	sbuf_free(&p);
	sbuf_free(&t);
	return k;
}

static void era_parse(struct jctx *c, const struct jrelease *rel, const char *name, const char *text,
    struct hist_carry *k, struct hist_carry *ka);

/* What changed in substance since the textbook's era, in rel's numbers. With the era's own
 * release loaded, the concordance between the two says it; otherwise
 * corpus/textbook-era.tsv (era -> the data files' release) is carried to rel: whole for
 * a release as new as the file's, and for an older one (2020-11-20) only what rel already
 * shows: a change whose new text rel holds and whose era text it no longer does, a
 * removal whose era number rel no longer has (the era's anchors,
 * corpus/textbook-era-anchors.tsv, tell what rel still holds); what cannot be told is not
 * flagged. A release from before the era (or undated) is told of nothing. */
static void
era_load(struct jctx *c, const struct jrelease *rel)
{
	if (era.done && era.rel == rel)
		return;
	era_free();
	era.done = true;
	era.rel = rel;
	if (!c->datadir || !rel)
		return;
	struct sbuf p = {0}, t = {0};
	sbuf_addf(&p, "%s/corpus/textbook-era.tsv", c->datadir);
	FILE *f = fopen(p.s, "rb");
	bool have = f && sbuf_read(&t, f, (size_t)4 << 20);
	if (f)
		fclose(f);
	if (have) {
		int y, m, d;
		const char *e = strstr(t.s, "\n# era: ");
		era.era = e && sscanf(e + 1, "# era: %4d-%2d-%2d", &y, &m, &d) == 3 ? y * 10000 + m * 100 + d : 0;
	}
	const struct jrelease *er = have ? loaded_dated(c->ix, era.era) : NULL;
	if (er && er != rel && rel->date > era.era) {
		/* the era's rules are loaded: the concordance itself, in rel's numbers */
		struct sbuf live = {0};
		hist_era_changes_write(c->ix, er, rel, &live);
		era_parse(c, rel, p.s, live.s ? live.s : "", NULL, NULL);
		sbuf_free(&live);
	} else if (have && rel->date > era.era) {
		struct hist_carry *k = rel == c->rel ? hist_carry_for(c) : hist_carry_make(c, rel);
		struct hist_carry *ka = era_anchors(c, rel);
		era_parse(c, rel, p.s, t.s, k, ka);
		if (k && k != c->carry)
			hist_carry_free(k);
		hist_carry_free(ka);
	}
	sbuf_free(&p);
	sbuf_free(&t);
}

/* Read a textbook-era file (lines "AT<TAB>removed|changed<TAB>THEN") into era.v, its
 * numbers carried to rel by k (NULL: they are rel's already). */
static void
era_parse(struct jctx *c, const struct jrelease *rel, const char *name, const char *text,
    struct hist_carry *k, struct hist_carry *ka)
{
	struct sbuf p = {0}, t = {0};
	sbuf_adds(&p, name);
	sbuf_adds(&t, text);
	bool have = true;
	int from = 0;
	size_t cap = 0;
	unsigned lineno = 0;
	for (const char *l = t.s; have && l && *l;) {
		const char *nl = strchr(l, '\n');
		size_t len = nl ? (size_t)(nl - l) : strlen(l);
		char line[160];
		snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line - 1 ? len : sizeof line - 1), l);
		l = nl ? nl + 1 : NULL;
		lineno++;
		int y, m, d;
		if (sscanf(line, "# era: %4d-%2d-%2d", &y, &m, &d) == 3)
			era.era = y * 10000 + m * 100 + d;
		else if (sscanf(line, "# rules: %4d-%2d-%2d", &y, &m, &d) == 3)
			from = y * 10000 + m * 100 + d;
		if (line[0] == '#' || line[0] == '\0')
			continue;
		char at[32], kind[16], then[16];
		jrid id;
		if (sscanf(line, "%31[^\t]\t%15[^\t]\t%15s", at, kind, then) != 3 ||
		    (id = jrid_from_str(at)) == JRID_NONE || (strcmp(kind, "removed") && strcmp(kind, "changed"))) {
			fprintf(stderr, "judge: %s:%u:1: warning: expected RULE<TAB>removed|changed<TAB>RULE\n", p.s, lineno);
			continue;
		}
		jrid to = k ? hist_carry_id(k, from, id, NULL) : id;
		if (to == JRID_NONE)
			continue;
		if (k && rel->date < from) {
			/* older than the file's release: only what rel already shows. The era text
			 * still in rel (the era anchors find it): not changed yet. */
			jrid then_id = jrid_from_str(then);
			float cf = 0;
			if (ka == NULL || then_id == JRID_NONE || hist_carry_id(ka, hist_carry_anchor_date(ka), then_id, &cf) != JRID_NONE)
				continue;
			/* a removal: only when rel no longer numbers anything so (else unsure) */
			if (kind[0] == 'r' && jrel_find(rel, then_id) != JNONE)
				continue;
			/* a change: rel holds the file's new text (through the anchors a rule is
			 * only ever carried by its exact text; through the loaded release, check) */
			const struct jrelease *src = kind[0] == 'c' ? loaded_dated(c->ix, from) : NULL;
			if (src) {
				uint32_t a = jrel_find(src, id), b = jrel_find(rel, to);
				if (a == JNONE || b == JNONE || !hist_same_but_refs(&src->rules[a], &rel->rules[b]))
					continue;
			}
		}
		era.v = xgrow(era.v, &cap, era.n + 1, sizeof *era.v);
		era.v[era.n].at = to;
		era.v[era.n].removed = kind[0] == 'r';
		snprintf(era.v[era.n].then, sizeof era.v[era.n].then, "%s", then);
		era.n++;
	}
	sbuf_free(&p);
	sbuf_free(&t);
}

bool
tb_era_note(struct jctx *c, const struct tb_book *b, const jrid *v, uint32_t n, struct sbuf *out)
{
	if (!b || !b->linked || n == 0)
		return false;
	era_load(c, b->linked);
	struct sbuf rm = {0}, ch = {0};
	size_t nrm = 0, nch = 0;
	char buf[16];
	for (size_t i = 0; i < era.n; i++) {
		const struct era_change *e = &era.v[i];
		bool in = false;
		for (uint32_t j = 0; j < n && !in; j++)
			in = jrid_within(e->at, v[j]);
		if (!in)
			continue;
		struct sbuf *s = e->removed ? &rm : &ch;
		size_t *k = e->removed ? &nrm : &nch;
		if (*k < 6)
			sbuf_addf(s, "%s%s", *k ? ", " : "", e->removed ? e->then : jrid_str(e->at, buf));
		else if (*k == 6)
			sbuf_adds(s, ", …");
		++*k;
	}
	if (nrm + nch == 0)
		return false;
	sbuf_addf(out, "Written for the rules of %04d-%02d-%02d; since then ", era.era / 10000,
	    era.era / 100 % 100, era.era % 100);
	if (nrm)
		sbuf_addf(out, "%s removed (numbered as then)%s", rm.s, nch ? " and " : "");
	if (nch)
		sbuf_addf(out, "%s changed in substance", ch.s);
	sbuf_adds(out, ": check what it teaches against the current rules.");
	sbuf_free(&rm);
	sbuf_free(&ch);
	return true;
}

static void
print_era_note(struct jctx *c, const struct tb_book *b, const jrid *v, uint32_t n)
{
	struct sbuf s = {0};
	sbuf_addf(&s, "%s", out_sgr(c->out, OS_WARN));
	if (tb_era_note(c, b, v, n, &s)) {
		sbuf_addf(&s, "%s", out_sgr(c->out, OS_RESET));
		out_wrap(c->out, s.s, 0, 2);
	}
	sbuf_free(&s);
}

void
tb_ctx_free(struct jctx *c)
{
	era_free();
	tb_free(c->textbook);
	c->textbook = NULL;
	tb_cli_set_path(NULL);
}

/* Takes "--textbook FILE" / "--textbook=FILE" out of argv; returns the new argc, or -1. */
static int
take_options(struct jctx *c, int argc, char **argv)
{
	int n = 1;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--textbook") == 0) {
			if (i + 1 >= argc) {
				jerr(c, "for example: judge textbook --textbook saved-page.html layers",
				    "--textbook needs a file");
				return -1;
			}
			tb_cli_set_path(argv[++i]);
		} else if (strncmp(argv[i], "--textbook=", 11) == 0)
			tb_cli_set_path(argv[i] + 11);
		else
			argv[n++] = argv[i];
	}
	return n;
}

static char *
join_args(int argc, char **argv)
{
	struct sbuf t = {0};
	for (int i = 1; i < argc; i++) {
		if (i > 1)
			sbuf_addc(&t, ' ');
		sbuf_adds(&t, argv[i]);
	}
	if (!t.s)
		sbuf_add(&t, "", 0);
	return sbuf_take(&t);
}

/* --- printing ---------------------------------------------------------------------------- */

static const jrid *
hit_rules(const struct tb_book *b, const struct tb_hit *h, uint32_t *n)
{
	const struct tb_page *p = &b->pages[h->page];
	if (h->heading != TB_NONE && b->headings[h->heading].nrules) {
		*n = b->headings[h->heading].nrules;
		return b->headings[h->heading].rules;
	}
	*n = p->nrules;
	return p->rules;
}

static bool
hit_policy(const struct tb_book *b, const struct tb_hit *h)
{
	return h->heading != TB_NONE ? b->headings[h->heading].policy : b->pages[h->page].policy;
}

static void
path_text(const struct tb_page *p, struct sbuf *s)
{
	sbuf_adds(s, p->section);
	if (strcmp(p->chapter, p->section) != 0)
		sbuf_addf(s, " \u203a %s", p->chapter);
	if (strcmp(p->title, p->chapter) != 0)
		sbuf_addf(s, " \u203a %s", p->title);
}

/* Why a page has no rule links, said plainly. */
static void
links_missing(struct jctx *c, const struct tb_book *b, bool policy)
{
	struct sbuf s = {0};
	if (policy)
		sbuf_addf(&s, "%sTournament policy (MTR, Judging at Regular REL), not game rules: no CR links.%s",
		    out_sgr(c->out, OS_DIM), out_sgr(c->out, OS_RESET));
	else if (!b->linked)
		sbuf_addf(&s, "%sCR links unavailable: no rules are loaded.%s", out_sgr(c->out, OS_WARN),
		    out_sgr(c->out, OS_RESET));
	else if (b->links_partial)
		sbuf_addf(&s, "%sCR links unavailable: the loaded %s rules %s%s; load a complete release (judge --rules MagicCompRules.txt).%s",
		    out_sgr(c->out, OS_WARN), b->linked->label,
		    b->linked->truncated ? "stop at " : "are a fragment ending at ",
		    b->linked->last_num ? b->linked->last_num : "?", out_sgr(c->out, OS_RESET));
	else
		sbuf_addf(&s, "%sNo CR rule matches this page's terms.%s", out_sgr(c->out, OS_DIM),
		    out_sgr(c->out, OS_RESET));
	out_wrap(c->out, s.s, 0, 2);
	sbuf_free(&s);
}

static void
print_links(struct jctx *c, const struct tb_book *b, const jrid *v, uint32_t n, bool policy)
{
	if (n == 0) {
		links_missing(c, b, policy);
		return;
	}
	const struct jrelease *rel = b->linked;
	struct sbuf s = {0};
	sbuf_addf(&s, "%sCR:%s ", out_sgr(c->out, OS_BOLD), out_sgr(c->out, OS_RESET));
	for (uint32_t i = 0; i < n; i++) {
		char id[16], lab[200];
		jrid_str(v[i], id);
		uint32_t r = jrel_find(rel, v[i]);
		int k = jnav_link(c, id);
		if (i)
			sbuf_adds(&s, "; ");
		if (k)
			sbuf_addf(&s, "[%d] ", k);
		sbuf_addf(&s, "%s%s%s", out_sgr(c->out, OS_ID), id, out_sgr(c->out, OS_RESET));
		if (r != JNONE) {
			const char *l = rules_label(rel, r, lab, sizeof lab);
			sbuf_addf(&s, " %s", l + strlen(id) + (l[strlen(id)] == ' '));
		}
	}
	if (c->rel && rel != c->rel)
		sbuf_addf(&s, " %s(from the %s rules)%s", out_sgr(c->out, OS_DIM), rel->label,
		    out_sgr(c->out, OS_RESET));
	out_wrap(c->out, s.s, 0, 4);
	sbuf_free(&s);
}

/* Were the rules a block teaches (its heading's, else its page's) changed since the book
 * was written? */
static bool
block_dated(struct jctx *c, const struct tb_book *b, uint32_t heading, uint32_t page)
{
	const jrid *v = NULL;
	uint32_t n = 0;
	if (heading != TB_NONE && b->headings[heading].nrules) {
		v = b->headings[heading].rules;
		n = b->headings[heading].nrules;
	} else if (page < b->npages) {
		v = b->pages[page].rules;
		n = b->pages[page].nrules;
	}
	struct sbuf s = {0};
	bool dated = tb_era_note(c, b, v, n, &s);
	sbuf_free(&s);
	return dated;
}

static bool
example_dated(struct jctx *c, const struct tb_book *b, const struct tb_block *k)
{
	uint32_t page = k->example != TB_NONE ? b->examples[k->example].page : TB_NONE;
	return block_dated(c, b, k->heading, page);
}

static void
print_block(struct jctx *c, const struct tb_book *b, const struct tb_block *k, int *exno)
{
	struct sbuf s = {0};
	switch (k->kind) {
	case TB_EXAMPLE:
		++*exno;
		if (!c->examples)
			break;
		sbuf_addf(&s, "%sExample %d%s.%s %s%s%s", out_sgr(c->out, OS_BOLD), *exno,
		    example_dated(c, b, k) ? " (its rules changed since it was written: see the note above)" : "",
		    out_sgr(c->out, OS_RESET), out_sgr(c->out, OS_EX), k->text, out_sgr(c->out, OS_RESET));
		out_puts(c->out, "  ");
		out_wrap(c->out, s.s, 2, 4);
		break;
	case TB_LIST:
	case TB_TABLE:
		for (const char *p = k->text; *p;) {
			const char *e = strchr(p, '\n');
			size_t n = e ? (size_t)(e - p) : strlen(p);
			sbuf_reset(&s);
			for (size_t i = 0; i < n; i++) {
				if (p[i] == '\t')
					sbuf_adds(&s, k->kind == TB_TABLE ? " | " : " ");
				else
					sbuf_addc(&s, p[i]);
			}
			out_puts(c->out, "  ");
			out_wrap(c->out, s.s ? s.s : "", 2, 6);
			p += n + (e != NULL);
		}
		break;
	case TB_EXPERT:
		sbuf_addf(&s, "%s[Expert] %s%s", out_sgr(c->out, OS_WARN), k->text, out_sgr(c->out, OS_RESET));
		out_wrap(c->out, s.s, 0, 2);
		break;
	case TB_NOTE:
		sbuf_addf(&s, "%sNote: %s%s", out_sgr(c->out, OS_DIM), k->text, out_sgr(c->out, OS_RESET));
		out_wrap(c->out, s.s, 0, 2);
		break;
	case TB_PARA:
		out_wrap(c->out, k->text, 0, 0);
		break;
	}
	(void)b;
	sbuf_free(&s);
}

static void
print_hit(struct jctx *c, const struct tb_book *b, const struct tb_hit *h)
{
	const struct tb_page *p = &b->pages[h->page];
	struct sbuf s = {0};
	const char *title = h->heading != TB_NONE ? b->headings[h->heading].title : p->title;
	sbuf_addf(&s, "%s%s%s", out_sgr(c->out, OS_TITLE), title, out_sgr(c->out, OS_RESET));
	out_wrap(c->out, s.s, 0, 2);
	sbuf_reset(&s);
	sbuf_adds(&s, out_sgr(c->out, OS_DIM));
	sbuf_adds(&s, "Textbook: ");
	path_text(p, &s);
	const char *base = strrchr(b->file, '/');
	sbuf_addf(&s, " (%s:%u)%s%s", base ? base + 1 : b->file, h->heading != TB_NONE ? b->headings[h->heading].line : p->line,
	    strcmp(p->lang, "en") ? " [Portuguese]" : "", out_sgr(c->out, OS_RESET));
	out_wrap(c->out, s.s, 0, 2);
	uint32_t nr0;
	const jrid *r0 = hit_rules(b, h, &nr0);
	print_era_note(c, b, r0, nr0);
	uint32_t first, count;
	tb_section_blocks(b, h->page, h->heading, &first, &count);
	uint32_t cur = h->heading;
	int exno = 0;
	for (uint32_t k = first; k < first + count; k++) {
		const struct tb_block *bl = &b->blocks[k];
		/* headings between the last block's and this one's, as subtitles */
		if (bl->heading != cur && bl->heading != TB_NONE) {
			uint32_t from = cur == TB_NONE || cur < p->heading0 ? p->heading0 : cur + 1;
			for (uint32_t hh = from; hh <= bl->heading; hh++) {
				if (hh == h->heading)
					continue;
				sbuf_reset(&s);
				sbuf_addf(&s, "%s%s%s", out_sgr(c->out, OS_BOLD), b->headings[hh].title, out_sgr(c->out, OS_RESET));
				out_puts(c->out, "\n");
				out_wrap(c->out, s.s, 0, 2);
				print_era_note(c, b, b->headings[hh].rules, b->headings[hh].nrules);
			}
			cur = bl->heading;
		}
		out_puts(c->out, "\n");
		print_block(c, b, bl, &exno);
	}
	out_puts(c->out, "\n");
	uint32_t nr;
	const jrid *rules = hit_rules(b, h, &nr);
	print_links(c, b, rules, nr, hit_policy(b, h));
	sbuf_free(&s);
}

static void
hit_json(struct jctx *c, struct jw *w, const struct tb_book *b, const struct tb_hit *h)
{
	const struct tb_page *p = &b->pages[h->page];
	jw_obj(w);
	jw_kstr(w, "title", h->heading != TB_NONE ? b->headings[h->heading].title : p->title);
	jw_key(w, "path");
	jw_arr(w);
	jw_str(w, p->section);
	jw_str(w, p->chapter);
	jw_str(w, p->title);
	jw_arr_end(w);
	jw_key(w, "heading");
	jw_str(w, h->heading != TB_NONE ? b->headings[h->heading].title : NULL);
	uint32_t first, count;
	tb_section_blocks(b, h->page, h->heading, &first, &count);
	struct sbuf t = {0};
	for (uint32_t k = first; k < first + count; k++) {
		const struct tb_block *bl = &b->blocks[k];
		if (bl->kind == TB_EXAMPLE)
			continue;
		if (t.len)
			sbuf_adds(&t, "\n\n");
		sbuf_adds(&t, bl->text);
	}
	jw_kstr(w, "text", t.s ? t.s : "");
	sbuf_free(&t);
	jw_key(w, "examples");
	jw_arr(w);
	for (uint32_t k = first; k < first + count; k++)
		if (b->blocks[k].kind == TB_EXAMPLE)
			jw_str(w, b->blocks[k].text);
	jw_arr_end(w);
	uint32_t nr;
	const jrid *rules = hit_rules(b, h, &nr);
	jw_krids(w, "rules", rules, nr);
	struct sbuf en = {0};
	if (tb_era_note(c, b, rules, nr, &en))
		jw_kstr(w, "era_note", en.s);
	sbuf_free(&en);
	jw_kstr(w, "rules_release", b->linked ? b->linked->label : NULL);
	jw_kbool(w, "rules_partial", b->links_partial);
	jw_kbool(w, "policy", hit_policy(b, h));
	jw_kstr(w, "lang", p->lang);
	jw_kstr(w, "file", b->file);
	jw_kint(w, "line", h->heading != TB_NONE ? b->headings[h->heading].line : p->line);
	jw_kbool(w, "expert", h->heading != TB_NONE && b->headings[h->heading].expert);
	jw_obj_end(w);
}

/* `judge textbook` alone: the book's outline. */
static int
print_outline(struct jctx *c, const struct tb_book *b)
{
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_arr(&w);
		for (uint32_t p = 0; p < b->npages; p++) {
			struct tb_hit h = { p, TB_NONE, 0 };
			hit_json(c, &w, b, &h);
		}
		jw_arr_end(&w);
		out_puts(c->out, "\n");
		return JX_OK;
	}
	const char *sec = NULL, *chap = NULL;
	for (uint32_t p = 0; p < b->npages; p++) {
		const struct tb_page *pg = &b->pages[p];
		if (!sec || strcmp(sec, pg->section) != 0) {
			out_printf(c->out, "%s%s%s%s\n", out_sgr(c->out, OS_TITLE), pg->section,
			    strcmp(pg->lang, "en") ? " [Portuguese]" : "", out_sgr(c->out, OS_RESET));
			sec = pg->section;
			chap = NULL;
		}
		if (strcmp(pg->chapter, pg->section) != 0 && (!chap || strcmp(chap, pg->chapter) != 0)) {
			out_printf(c->out, "  %s\n", pg->chapter);
			chap = pg->chapter;
		}
		if (strcmp(pg->title, pg->chapter) != 0)
			out_printf(c->out, "    %s\n", pg->title);
	}
	out_printf(c->out, "%s%u pages, %u headings, %u examples, %u expert boxes, %u tables, %u cards%s\n",
	    out_sgr(c->out, OS_DIM), b->npages, b->nheadings, b->nexamples, b->nexpert, b->ntables,
	    b->ncards, out_sgr(c->out, OS_RESET));
	return JX_OK;
}

int
cmd_textbook(struct jctx *c, int argc, char **argv)
{
	argc = take_options(c, argc, argv);
	if (argc < 0)
		return JX_USAGE;
	struct tb_book *b = tb_for(c);
	if (!b)
		return tb_fail;
	if (argc < 2)
		return print_outline(c, b);
	char *topic = join_args(argc, argv);
	size_t max = c->limit > 0 ? (size_t)c->limit : 1;
	struct tb_hit *hits = xcalloc(max, sizeof *hits);
	size_t n = tb_search(b, topic, hits, max);
	if (n == 0) {
		jerr(c, "`judge textbook` alone lists the pages; `judge search` looks in the rules",
		    "no textbook page is about \"%s\"", topic);
		free(hits);
		free(topic);
		return JX_NOTFOUND;
	}
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_arr(&w);
		for (size_t i = 0; i < n; i++)
			hit_json(c, &w, b, &hits[i]);
		jw_arr_end(&w);
		out_puts(c->out, "\n");
	} else {
		for (size_t i = 0; i < n; i++) {
			if (i)
				out_puts(c->out, "\n");
			print_hit(c, b, &hits[i]);
		}
	}
	free(hits);
	free(topic);
	return JX_OK;
}

/* --- explain ------------------------------------------------------------------------------ */

static uint32_t
gloss_for(const struct jrelease *rel, const char *topic)
{
	if (!rel || rel->ngloss == 0)
		return JNONE;
	uint32_t g = jrel_define(rel, topic);
	size_t l = strlen(topic);
	if (g == JNONE && l > 3 && topic[l - 1] == 's') {
		char *t = xstrndup(topic, l - 1);
		g = jrel_define(rel, t);
		free(t);
	}
	return g;
}

/* A chapter is shown by its rules' first words; a rule by its text and its subrules'
 * texts, whole and wrapped: the words that answer are often at the end. */
static void
explain_rule(struct jctx *c, const struct jrelease *rel, uint32_t ri)
{
	const struct jrule *r = &rel->rules[ri];
	if (!r->title || r->nchildren == 0) {
		rules_print(c, rel, ri, false);
		return;
	}
	char lab[200];
	struct sbuf s = {0};
	sbuf_addf(&s, "%s%s%s %s%s%s", out_sgr(c->out, OS_ID), r->num, out_sgr(c->out, OS_RESET),
	    out_sgr(c->out, OS_TITLE), r->title ? r->title : "", out_sgr(c->out, OS_RESET));
	out_wrap(c->out, s.s, 0, 2);
	bool whole = jrid_level(r->id) >= JL_RULE;
	uint32_t show = r->nchildren < 12 ? r->nchildren : 12;
	for (uint32_t k = 0; k < show; k++) {
		sbuf_reset(&s);
		const struct jrule *ch = &rel->rules[r->children[k]];
		int n = jnav_link(c, ch->num);
		if (n)
			sbuf_addf(&s, "[%d] ", n);
		if (whole)
			sbuf_addf(&s, "%s%s%s %s", out_sgr(c->out, OS_ID), ch->num, out_sgr(c->out, OS_RESET),
			    ch->text ? ch->text : "");
		else
			sbuf_adds(&s, rules_label(rel, r->children[k], lab, sizeof lab));
		out_puts(c->out, "  ");
		out_wrap(c->out, s.s, 2, 4);
	}
	if (show < r->nchildren)
		out_printf(c->out, "  %s… %u more: judge rule %s%s\n", out_sgr(c->out, OS_DIM),
		    r->nchildren - show, r->num, out_sgr(c->out, OS_RESET));
	sbuf_free(&s);
}

int
cmd_explain(struct jctx *c, int argc, char **argv)
{
	argc = take_options(c, argc, argv);
	if (argc < 0)
		return JX_USAGE;
	if (argc < 2) {
		jerr(c, "for example: judge explain layers, judge explain \"state-based actions\"",
		    "explain what?");
		return JX_USAGE;
	}
	struct tb_book *b = tb_for(c);
	if (b == NULL && user_path)
		return JX_USAGE;   /* the textbook asked for cannot be read: said by tb_for() */
	char *topic = join_args(argc, argv);
	const struct jrelease *rel = b && b->linked ? b->linked : tb_link_release(c->ix, c->rel);
	/* the rule: a number as given, else the rule the topic's words name */
	jrid ids[4];
	size_t nid = 0;
	jrid given = jrid_from_str(topic);
	if (given != JRID_NONE)
		ids[nid++] = given;
	else if (b && rel)
		nid = tb_link_terms(b, rel, topic, ids, 4);
	uint32_t ri = nid && rel ? jrel_find(rel, ids[0]) : JNONE;
	uint32_t gi = gloss_for(rel, topic);
	/* 704.5a is explained by the glossary's "State-Based Actions", its chapter's title */
	for (uint32_t up = ri; gi == JNONE && up != JNONE; up = rel->rules[up].parent)
		if (rel->rules[up].title && jrid_level(rel->rules[up].id) != JL_SECTION)
			gi = gloss_for(rel, rel->rules[up].title);
	/* the page: one named like the topic, else one that teaches the rule */
	struct tb_hit hit = { TB_NONE, TB_NONE, 0 };
	if (b) {
		struct tb_hit h[1];
		if (tb_search(b, topic, h, 1) == 1 && h[0].score >= 65)
			hit = h[0];
		if (hit.page == TB_NONE && ri != JNONE) {
			const struct tb_page *pg[1];
			if (tb_pages_for_rule(b, rel, rel->rules[ri].id, pg, 1) == 1)
				hit.page = (uint32_t)(pg[0] - b->pages);
		}
		if (hit.page == TB_NONE && tb_search(b, topic, h, 1) == 1)
			hit = h[0];
	}
	if (ri == JNONE && gi == JNONE && hit.page == TB_NONE) {
		jerr(c, "try: judge search TOPIC, or judge textbook for the book's pages",
		    "nothing in the rules, glossary or textbook explains \"%s\"", topic);
		free(topic);
		return JX_NOTFOUND;
	}
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_obj(&w);
		jw_kstr(&w, "topic", topic);
		jw_key(&w, "rule");
		if (ri != JNONE)
			rules_json(c, &w, rel, ri);
		else
			jw_null(&w);
		jw_key(&w, "glossary");
		if (gi != JNONE) {
			const struct jgloss *g = &rel->gloss[gi];
			jw_obj(&w);
			jw_kstr(&w, "term", g->head);
			jw_kstr(&w, "text", g->text);
			rules_json_ids(&w, "refs", rel, g->refs, g->nrefs);
			jw_obj_end(&w);
		} else
			jw_null(&w);
		jw_key(&w, "textbook");
		if (hit.page != TB_NONE)
			hit_json(c, &w, b, &hit);
		else
			jw_null(&w);
		jw_obj_end(&w);
		out_puts(c->out, "\n");
		free(topic);
		return JX_OK;
	}
	struct sbuf s = {0};
	sbuf_addf(&s, "%sRule%s", out_sgr(c->out, OS_BOLD), out_sgr(c->out, OS_RESET));
	out_wrap(c->out, s.s, 0, 0);
	/* only the built-in partial texts: the newest that knows the topic answers, labelled */
	const struct jrelease *seed = NULL;
	jrid sid = JRID_NONE;
	uint32_t si = JNONE;
	if (ri == JNONE && rules_only_partial(c->ix) && (seed = srch_seed_rule(c, topic, &sid)) != NULL) {
		si = jrel_find(seed, sid);
		/* the titled rule it sits in explains more than one subrule */
		while (si != JNONE && !seed->rules[si].title && seed->rules[si].parent != JNONE &&
		    jrid_level(seed->rules[seed->rules[si].parent].id) >= JL_RULE)
			si = seed->rules[si].parent;
	}
	if (ri != JNONE)
		explain_rule(c, rel, ri);
	else if (si != JNONE) {
		char lab[160];
		out_printf(c->out, "%sFrom %s:%s\n", out_sgr(c->out, OS_DIM),
		    rules_era(seed, true, lab, sizeof lab), out_sgr(c->out, OS_RESET));
		rules_print(c, seed, si, true);
	}
	else if (rel && rel->truncated)
		links_missing(c, b ? b : &(struct tb_book){ .linked = rel, .links_partial = true }, false);
	else {
		out_puts(c->out, "  ");
		out_wrap(c->out, "(no rule title or glossary term names this topic)", 2, 2);
	}
	sbuf_reset(&s);
	sbuf_addf(&s, "\n%sGlossary%s", out_sgr(c->out, OS_BOLD), out_sgr(c->out, OS_RESET));
	out_wrap(c->out, s.s, 0, 0);
	if (gi != JNONE) {
		const struct jgloss *g = &rel->gloss[gi];
		sbuf_reset(&s);
		sbuf_addf(&s, "%s%s%s", out_sgr(c->out, OS_TITLE), g->head, out_sgr(c->out, OS_RESET));
		out_puts(c->out, "  ");
		out_wrap(c->out, s.s, 2, 4);
		out_puts(c->out, "  ");
		out_wrap(c->out, g->text, 2, 4);
	} else {
		out_puts(c->out, "  ");
		out_wrap(c->out, rel && rel->ngloss == 0
		    ? "(the loaded rules have no glossary)" : "(no glossary entry)", 2, 2);
	}
	sbuf_reset(&s);
	sbuf_addf(&s, "\n%sTextbook%s", out_sgr(c->out, OS_BOLD), out_sgr(c->out, OS_RESET));
	out_wrap(c->out, s.s, 0, 0);
	if (hit.page != TB_NONE) {
		const struct tb_page *p = &b->pages[hit.page];
		sbuf_reset(&s);
		path_text(p, &s);
		if (hit.heading != TB_NONE)
			sbuf_addf(&s, " \u203a %s", b->headings[hit.heading].title);
		sbuf_addf(&s, " %s(line %u)%s", out_sgr(c->out, OS_DIM),
		    hit.heading != TB_NONE ? b->headings[hit.heading].line : p->line, out_sgr(c->out, OS_RESET));
		out_puts(c->out, "  ");
		out_wrap(c->out, s.s, 2, 4);
		uint32_t nr;
		const jrid *hr = hit_rules(b, &hit, &nr);
		sbuf_reset(&s);
		sbuf_addf(&s, "%s", out_sgr(c->out, OS_WARN));
		if (tb_era_note(c, b, hr, nr, &s)) {
			sbuf_addf(&s, "%s", out_sgr(c->out, OS_RESET));
			out_puts(c->out, "  ");
			out_wrap(c->out, s.s, 2, 4);
		}
		uint32_t first, count;
		tb_section_blocks(b, hit.page, hit.heading, &first, &count);
		/* its first paragraph and first example; the rest is one command away */
		bool para = false, ex = false;
		for (uint32_t k = first; k < first + count && !(para && ex); k++) {
			const struct tb_block *bl = &b->blocks[k];
			if (bl->kind == TB_PARA && !para) {
				out_puts(c->out, "  ");
				out_wrap(c->out, bl->text, 2, 2);
				para = true;
			} else if (bl->kind == TB_EXAMPLE && !ex && c->examples) {
				sbuf_reset(&s);
				sbuf_addf(&s, "%sExample.%s %s%s%s", out_sgr(c->out, OS_BOLD), out_sgr(c->out, OS_RESET),
				    out_sgr(c->out, OS_EX), bl->text, out_sgr(c->out, OS_RESET));
				out_puts(c->out, "  ");
				out_wrap(c->out, s.s, 2, 4);
				ex = true;
			}
		}
		sbuf_reset(&s);
		sbuf_addf(&s, "%smore: judge textbook %s%s", out_sgr(c->out, OS_DIM),
		    hit.heading != TB_NONE ? b->headings[hit.heading].title : p->title, out_sgr(c->out, OS_RESET));
		out_puts(c->out, "  ");
		out_wrap(c->out, s.s, 2, 4);
	} else {
		out_puts(c->out, "  ");
		out_wrap(c->out, b ? "(no textbook page)" : "(the textbook could not be read)", 2, 2);
	}
	if (si != JNONE)
		rules_historical_note(c);
	sbuf_free(&s);
	free(topic);
	return JX_OK;
}

/* --- cards -------------------------------------------------------------------------------- */

int
cmd_cards(struct jctx *c, int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "import") == 0)
		return cmd_cards_import(c, argc - 1, argv + 1);
	argc = take_options(c, argc, argv);
	if (argc < 0)
		return JX_USAGE;
	struct tb_book *b = tb_for(c);
	if (!b)
		return tb_fail;
	char *name = join_args(argc, argv);
	size_t max = c->limit > 0 ? (size_t)c->limit : argc < 2 ? b->ncards : 20;
	const struct tb_card **v = xcalloc(b->ncards + 1, sizeof *v);
	size_t n = tb_cards_find(b, name, v, max);
	if (n == 0) {
		jerr(c, "`judge cards` alone lists every card the textbook's examples use",
		    "no textbook example mentions a card named \"%s\"", name);
		free(v);
		free(name);
		return JX_NOTFOUND;
	}
	struct jw w;
	if (c->json) {
		jw_init(&w, &c->out->buf, true);
		jw_arr(&w);
	}
	for (size_t i = 0; i < n; i++) {
		const struct tb_card *cd = v[i];
		if (c->json) {
			jw_obj(&w);
			jw_kstr(&w, "card", cd->name);
			jw_key(&w, "pages");
			jw_arr(&w);
			for (uint32_t k = 0; k < cd->npages; k++)
				jw_str(&w, b->pages[cd->pages[k]].title);
			jw_arr_end(&w);
			jw_key(&w, "examples");
			jw_arr(&w);
			for (uint32_t k = 0; k < cd->nexamples; k++) {
				const struct tb_example *e = &b->examples[cd->examples[k]];
				const struct tb_page *p = &b->pages[e->page];
				jw_obj(&w);
				jw_kstr(&w, "page", p->title);
				jw_key(&w, "path");
				jw_arr(&w);
				jw_str(&w, p->section);
				jw_str(&w, p->chapter);
				jw_str(&w, p->title);
				jw_arr_end(&w);
				jw_kstr(&w, "heading", e->heading != TB_NONE ? b->headings[e->heading].title : NULL);
				jw_kint(&w, "line", e->line);
				jw_kstr(&w, "text", e->text);
				jw_obj_end(&w);
			}
			jw_arr_end(&w);
			jw_obj_end(&w);
			continue;
		}
		/* with no name, one line per card */
		if (argc < 2) {
			out_wrapf(c->out, 4, "%s  %s(%u example%s)%s", cd->name, out_sgr(c->out, OS_DIM),
			    cd->nexamples, cd->nexamples == 1 ? "" : "s", out_sgr(c->out, OS_RESET));
			continue;
		}
		out_printf(c->out, "%s%s%s  %s%u example%s, %u page%s%s\n", out_sgr(c->out, OS_TITLE), cd->name,
		    out_sgr(c->out, OS_RESET), out_sgr(c->out, OS_DIM), cd->nexamples,
		    cd->nexamples == 1 ? "" : "s", cd->npages, cd->npages == 1 ? "" : "s", out_sgr(c->out, OS_RESET));
		for (uint32_t k = 0; k < cd->nexamples; k++) {
			const struct tb_example *e = &b->examples[cd->examples[k]];
			const struct tb_page *p = &b->pages[e->page];
			struct sbuf s = {0};
			sbuf_addf(&s, "%s", out_sgr(c->out, OS_DIM));
			path_text(p, &s);
			if (e->heading != TB_NONE)
				sbuf_addf(&s, " \u203a %s", b->headings[e->heading].title);
			sbuf_addf(&s, " (line %u)%s", e->line, out_sgr(c->out, OS_RESET));
			out_puts(c->out, "  ");
			out_wrap(c->out, s.s, 2, 4);
			if (c->examples) {
				out_puts(c->out, "    ");
				out_wrap(c->out, e->text, 4, 4);
			}
			sbuf_free(&s);
		}
		if (cd->nexamples == 0) {
			struct sbuf s = {0};
			sbuf_addf(&s, "%smentioned outside examples on:", out_sgr(c->out, OS_DIM));
			for (uint32_t k = 0; k < cd->npages; k++)
				sbuf_addf(&s, "%s %s", k ? "," : "", b->pages[cd->pages[k]].title);
			sbuf_adds(&s, out_sgr(c->out, OS_RESET));
			out_puts(c->out, "  ");
			out_wrap(c->out, s.s, 2, 4);
			sbuf_free(&s);
		}
	}
	if (c->json) {
		jw_arr_end(&w);
		out_puts(c->out, "\n");
	}
	free(v);
	free(name);
	return JX_OK;
}

void
tb_print_taught_in(struct jctx *c, const struct jrelease *rel, jrid id)
{
	struct tb_book *b = tb_for(c);
	if (!b)
		return;
	const struct tb_page *v[8];
	size_t n = tb_pages_for_rule(b, rel, id, v, 8);
	if (n == 0)
		return;
	struct sbuf s = {0};
	sbuf_addf(&s, "%sTextbook:%s ", out_sgr(c->out, OS_DIM), out_sgr(c->out, OS_RESET));
	for (size_t i = 0; i < n; i++)
		sbuf_addf(&s, "%s%s", i ? ", " : "", v[i]->title);
	out_puts(c->out, "    ");
	out_wrap(c->out, s.s, 4, 6);
	sbuf_free(&s);
}
