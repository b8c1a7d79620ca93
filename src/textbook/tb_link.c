/* tb_link.c — which CR rules a textbook page or heading teaches. The textbook cites no rule
 * numbers, so a heading's words are matched against rule titles and glossary terms
 * (stemmed, stopwords dropped), and a page or heading no title explains is linked by the
 * terms its body uses most. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "tb_build.h"

#define CW 8       /* words kept per candidate */
#define MAXR 3     /* rules kept per glossary candidate */

struct cand {
	const char *w[CW];        /* stems */
	size_t nw;
	jrid rules[MAXR];
	size_t nrules;
	bool gloss;               /* from a glossary term (else a rule title) */
	bool action;              /* a keyword action (701.x): what a gerund names */
	bool generic;             /* one common word: too weak to match inside a longer heading */
	const char *term;         /* the title or glossary alias as written */
	const char *raw[CW];      /* its words unstemmed, singular */
	size_t nraw;
	bool obsolete;            /* an obsolete glossary term: only its exact words count */
};

struct linkix {
	struct cand *c;
	size_t n, cap;
	struct arena a;
};

struct hw {                      /* a heading's words */
	char buf[1024];
	const char *w[32];
	size_t n;
	bool gerund[32];          /* the unstemmed word ended in -ing */
	const char *raw[32];      /* the unstemmed word, singular */
	char rbuf[1024];
};

static bool
generic_word(const char *w)
{
	static const char *const g[] = { "effect", "abil", "spell", "card", "player", "object",
		"game", "rule", "step", "phase", "type", "turn", "cost", "action", "general",
		"permanent", "creatur", "other", "special", "valu", "order", "time", "special",
		"count", "number", "color", "mana", "zone", "make", "chang", NULL };
	for (int i = 0; g[i]; i++)
		if (strcmp(w, g[i]) == 0)
			return true;
	return false;
}

static void
add_cand(struct tb_book *b, struct linkix *L, const char *text, const jrid *rules, size_t nr,
    bool gloss)
{
	char buf[512];
	const char *w[CW];
	size_t n = tb_words(b, text, true, buf, sizeof buf, w, CW);
	if (n == 0 || nr == 0)
		return;
	L->c = xgrow(L->c, &L->cap, L->n + 1, sizeof *L->c);
	struct cand *c = &L->c[L->n++];
	memset(c, 0, sizeof *c);
	for (size_t i = 0; i < n; i++)
		c->w[i] = arena_strdup(&L->a, w[i]);
	c->nw = n;
	c->term = arena_strdup(&L->a, text);
	const char *rw[CW];
	c->nraw = tb_words_plain(b, text, buf, sizeof buf, rw, CW);
	for (size_t i = 0; i < c->nraw; i++)
		c->raw[i] = arena_strdup(&L->a, rw[i]);
	for (size_t i = 0; i < nr && i < MAXR; i++)
		c->rules[c->nrules++] = rules[i];
	c->gloss = gloss;
	c->action = JRID_CHAP(rules[0]) == 701;
	c->generic = n == 1 && generic_word(w[0]);
}

/* A glossary entry's rules; a whole section ("See section 4, Zones") stands for its
 * general rules (400). */
static size_t
gloss_refs(const struct jrelease *rel, const struct jgloss *g, jrid *ids)
{
	size_t nr = 0;
	for (uint32_t k = 0; k < g->nrefs && nr < MAXR; k++) {
		if (g->refs[k] >= rel->nrules)
			continue;
		jrid id = rel->rules[g->refs[k]].id;
		if (jrid_level(id) == JL_SECTION && JRID_CHAP(id) < 10)
			id = JRID_MAKE(JRID_CHAP(id) * 100, 0, 0);
		ids[nr++] = id;
	}
	return nr;
}

/* The longest other glossary term an entry's text mentions, or JNONE. */
static uint32_t
named_entry(const struct jrelease *rel, const struct jgloss *g)
{
	struct sbuf t = {0};
	tb_fold(g->text, strlen(g->text), &t);
	uint32_t best = JNONE;
	size_t blen = 0;
	for (uint32_t i = 0; i < rel->ngloss; i++) {
		const struct jgloss *o = &rel->gloss[i];
		if (o == g || o->nrefs == 0)
			continue;
		for (uint32_t k = 0; k < o->naliases; k++) {
			struct sbuf a = {0};
			tb_fold(o->aliases[k], strlen(o->aliases[k]), &a);
			const char *p = a.len > 3 ? strstr(t.s, a.s) : NULL;
			if (p && (p == t.s || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[a.len])
			    && a.len > blen) {
				best = i;
				blen = a.len;
			}
			sbuf_free(&a);
		}
	}
	sbuf_free(&t);
	return best;
}

static void
build_index(struct tb_book *b, const struct jrelease *rel, struct linkix *L)
{
	memset(L, 0, sizeof *L);
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const struct jrule *r = &rel->rules[i];
		/* sections are too broad to be what a page teaches */
		if (!r->title || jrid_level(r->id) == JL_SECTION)
			continue;
		if (strcasecmp(r->title, "General") == 0)
			continue;
		add_cand(b, L, r->title, &r->id, 1, false);
	}
	for (uint32_t i = 0; i < rel->ngloss; i++) {
		const struct jgloss *g = &rel->gloss[i];
		jrid ids[MAXR];
		size_t nr = gloss_refs(rel, g, ids);
		if (nr == 0 && g->text) {
			/* "An obsolete term for mana value.": the entry it names answers */
			uint32_t via = named_entry(rel, g);
			if (via != JNONE)
				nr = gloss_refs(rel, &rel->gloss[via], ids);
		}
		size_t before = L->n;
		if (g->naliases)
			for (uint32_t k = 0; k < g->naliases; k++)
				add_cand(b, L, g->aliases[k], ids, nr, true);
		else if (g->head)
			add_cand(b, L, g->head, ids, nr, true);
		for (size_t k = before; k < L->n; k++)
			L->c[k].obsolete = g->obsolete;
	}
}

static void
heading_words(struct tb_book *b, const char *text, struct hw *h)
{
	/* "Step 3: Choose targets" is about choosing targets */
	const char *t = text;
	if (strncasecmp(t, "step ", 5) == 0) {
		const char *c = strchr(t, ':');
		if (c && c - t < 10)
			t = c + 1;
	}
	struct sbuf f = {0};
	tb_fold(t, strlen(t), &f);
	size_t used = 0, rused = 0;
	h->n = 0;
	/* one word at a time, to know which stems came from a gerund */
	for (char *p = f.s; *p && h->n < 32;) {
		while (*p && !isalnum((unsigned char)*p))
			p++;
		char *s = p;
		while (*p && (isalnum((unsigned char)*p) || (*p == '\'' && isalpha((unsigned char)p[1]))))
			p++;
		size_t len = (size_t)(p - s);
		if (!len)
			break;
		char save = *p;
		*p = '\0';
		const char *w[1];
		size_t n = tb_words(b, s, true, h->buf + used, sizeof h->buf - used, w, 1);
		if (n) {
			h->gerund[h->n] = len > 4 && strcmp(s + len - 3, "ing") == 0;
			const char *rw[1];
			h->raw[h->n] = tb_words_plain(b, s, h->rbuf + rused, sizeof h->rbuf - rused, rw, 1) ? rw[0] : "";
			rused += strlen(h->raw[h->n]) + 1;
			h->w[h->n++] = w[0];
			used += strlen(w[0]) + 1;
		}
		*p = save;
	}
	sbuf_free(&f);
}

/* Where cand's words sit inside the heading's as a contiguous run, or -1. */
static long
find_run(const struct hw *h, const struct cand *c)
{
	if (c->nw > h->n)
		return -1;
	for (size_t i = 0; i + c->nw <= h->n; i++) {
		size_t k = 0;
		while (k < c->nw && strcmp(h->w[i + k], c->w[k]) == 0)
			k++;
		if (k == c->nw)
			return (long)i;
	}
	return -1;
}

/* Are all the heading's words among cand's (in order)? */
static bool
inside(const struct hw *h, const struct cand *c)
{
	size_t k = 0;
	for (size_t i = 0; i < c->nw && k < h->n; i++)
		if (strcmp(c->w[i], h->w[k]) == 0)
			k++;
	return k == h->n;
}

/* Is cand's first word, unstemmed, the heading's word at pos? */
static bool
same_word(const struct hw *h, long pos, const struct cand *c)
{
	return pos >= 0 && (size_t)pos < h->n && c->nraw > 0 && h->raw[pos]
	    && strcmp(h->raw[pos], c->raw[0]) == 0;
}

struct best {
	const struct cand *c;
	double score;
};

static bool
better(double s, long pos, const struct cand *c, const struct hw *h, const struct best *b,
    long bpos)
{
	if (s != b->score)
		return s > b->score;
	if (pos != bpos)
		return pos >= 0 && (bpos < 0 || pos < bpos);
	/* "Phases" is the phase, not phasing: the same word beats the same stem */
	bool same = same_word(h, pos, c), bsame = same_word(h, bpos, b->c);
	if (same != bsame)
		return same;
	/* "Countering spells" is about the action, "Counters" about the marker */
	bool ger = pos >= 0 && h->gerund[pos];
	if (c->action != b->c->action)
		return ger ? c->action : !c->action;
	if (c->gloss != b->c->gloss)
		return !c->gloss;
	return c->rules[0] < b->c->rules[0];
}

/* The best candidate for a heading's words alone, or NULL. */
static const struct cand *
match_words(const struct linkix *L, const struct hw *h, bool strict)
{
	struct best b = { NULL, 0 };
	long bpos = -1;
	if (h->n == 0)
		return NULL;
	bool all_generic = true;
	for (size_t i = 0; i < h->n; i++)
		all_generic &= generic_word(h->w[i]);
	for (size_t i = 0; i < L->n; i++) {
		const struct cand *c = &L->c[i];
		double s = 0;
		long pos = find_run(h, c);
		if (pos >= 0 && c->nw == h->n)
			s = 100;
		else if (c->obsolete)
			continue;
		else if (pos >= 0 && (!c->generic || all_generic))
			s = 50 + 40.0 * (double)c->nw / (double)h->n;   /* by how much of the heading it covers */
		else if (h->n >= 2 && inside(h, c))
			s = 60 + 30.0 * (double)h->n / (double)c->nw, pos = 0;   /* all of it, in a longer term */
		/* with part of the rules missing, a loose match would only find the wrong rule */
		if (s <= 0 || (strict && s < 100 && !(h->n >= 2 && inside(h, c))))
			continue;
		if (!b.c || better(s, pos, c, h, &b, bpos)) {
			b.c = c;
			b.score = s;
			bpos = pos;
		}
	}
	return b.c;
}

/* Body words of blocks [first, first+count), stemmed. */
struct body {
	char *buf;
	const char **w;
	size_t n;
};

static void
body_words(struct tb_book *b, uint32_t first, uint32_t count, struct body *out)
{
	size_t cap = 1 << 16, wcap = 1 << 13;
	out->buf = xmalloc(cap);
	out->w = xmalloc(wcap * sizeof *out->w);
	out->n = 0;
	size_t used = 0;
	for (uint32_t k = first; k < first + count; k++) {
		const struct tb_block *bl = &b->blocks[k];
		if (bl->kind == TB_EXPERT || bl->kind == TB_NOTE)
			continue;
		size_t room = cap - used;
		if (room < 1024 || out->n + 512 > wcap)
			break;
		size_t n = tb_words(b, bl->text, true, out->buf + used, room, out->w + out->n, wcap - out->n);
		if (n) {
			const char *last = out->w[out->n + n - 1];
			used = (size_t)(last - out->buf) + strlen(last) + 1;
		}
		out->n += n;
	}
}

/* The term the body keeps coming back to, if one clearly does. */
static const struct cand *
match_body(const struct linkix *L, const struct body *bd)
{
	const struct cand *best = NULL;
	double bs = 0, second = 0;
	for (size_t i = 0; i < L->n; i++) {
		const struct cand *c = &L->c[i];
		if (c->generic || c->nw == 0)
			continue;
		size_t cnt = 0;
		for (size_t j = 0; j + c->nw <= bd->n; j++) {
			size_t k = 0;
			while (k < c->nw && strcmp(bd->w[j + k], c->w[k]) == 0)
				k++;
			cnt += k == c->nw;
		}
		if (cnt < 3)
			continue;
		double s = (double)cnt * (double)(c->nw > 1 ? 2 * c->nw : 1) + (c->gloss ? 0 : 0.5);
		if (s > bs) {
			if (!best || best->rules[0] != c->rules[0])
				second = bs;
			bs = s;
			best = c;
		} else if (s > second && best && best->rules[0] != c->rules[0])
			second = s;
	}
	/* a body split between several terms teaches none of them in particular */
	return best && bs >= 1.5 * second ? best : NULL;
}

static uint32_t
rel_find(const struct jrelease *rel, jrid id)
{
	uint32_t lo = 0, hi = rel->nrules;
	while (lo < hi) {
		uint32_t m = lo + (hi - lo) / 2;
		if (rel->rules[m].id < id)
			lo = m + 1;
		else
			hi = m;
	}
	return lo < rel->nrules && rel->rules[lo].id == id ? lo : JNONE;
}

/* How often term's words (unstemmed, singular: "phase" is not "phasing") occur, in order,
 * in text. */
static size_t
phrase_count(struct tb_book *b, const struct cand *c, const char *text)
{
	static char buf[16384];
	static const char *w[2048];
	size_t n = tb_words_plain(b, text, buf, sizeof buf, w, 2048), cnt = 0;
	if (c->nraw == 0)
		return 0;
	for (size_t j = 0; j + c->nraw <= n; j++) {
		size_t k = 0;
		while (k < c->nraw && strcmp(w[j + k], c->raw[k]) == 0)
			k++;
		cnt += k == c->nraw;
	}
	return cnt;
}

/* Does a rule title name the candidate's term (by stems: "Drawing a Card" names "Draw")? */
static bool
title_names(struct tb_book *b, const struct cand *c, const char *title)
{
	char buf[512];
	const char *w[CW];
	size_t n = tb_words(b, title, true, buf, sizeof buf, w, CW);
	for (size_t i = 0; i + c->nw <= n; i++) {
		size_t k = 0;
		while (k < c->nw && strcmp(w[i + k], c->w[k]) == 0)
			k++;
		if (k == c->nw)
			return true;
	}
	return false;
}

/* The rule under r (a chapter or titled rule) that defines the term by quoting it, as
 * 303.4 quotes "Aura" in saying enchantments may have that subtype; else r. */
static uint32_t
quoted_definition(const struct jrelease *rel, uint32_t r, const char *term)
{
	struct sbuf q = {0};
	sbuf_addc(&q, '"');
	tb_fold(term, strlen(term), &q);
	uint32_t found = r;
	for (uint32_t i = r + 1; i < rel->nrules && jrid_within(rel->rules[i].id, rel->rules[r].id); i++) {
		const char *tx = rel->rules[i].text;
		if (!tx)
			continue;
		struct sbuf f = {0};
		tb_fold(tx, strlen(tx), &f);
		const char *p = strstr(f.s, q.s);
		bool hit = p && strchr(".,\"s", p[q.len]);
		sbuf_free(&f);
		if (hit) {
			found = i;
			break;
		}
	}
	sbuf_free(&q);
	return found;
}

/* The one rule a candidate stands for: a title names its rule; a glossary term's rules
 * are ranked by how much each speaks of the term, then narrowed to the rule quoting it. */
static jrid
cand_rule(struct tb_book *b, const struct jrelease *rel, const struct cand *c)
{
	if (!c->gloss || c->nrules == 1) {
		uint32_t r = rel_find(rel, c->rules[0]);
		if (r == JNONE)
			return JRID_NONE;
		if (c->gloss && rel->rules[r].nchildren
		    && !(rel->rules[r].title && title_names(b, c, rel->rules[r].title)))
			r = quoted_definition(rel, r, c->term);
		return rel->rules[r].id;
	}
	uint32_t best = JNONE;
	double bs = -1;
	for (size_t i = 0; i < c->nrules; i++) {
		uint32_t r = rel_find(rel, c->rules[i]);
		if (r == JNONE)
			continue;
		const struct jrule *ru = &rel->rules[r];
		/* the first rule cited belongs to the term's first, main sense */
		size_t cnt = phrase_count(b, c, ru->text ? ru->text : "");
		double s = (i == 0 ? 1.5 : 0) + (double)(cnt > 4 ? 4 : cnt);
		if (ru->title && phrase_count(b, c, ru->title))
			s += 3;
		s -= 0.1 * (double)i;
		if (s > bs) {
			bs = s;
			best = r;
		}
	}
	if (best == JNONE)
		return JRID_NONE;
	/* "Aura" under "Enchantments" is defined further down; "Draw" under "Drawing a Card"
	 * is the chapter itself */
	const struct jrule *br = &rel->rules[best];
	if (br->nchildren && !(br->title && title_names(b, c, br->title)))
		best = quoted_definition(rel, best, c->term);
	return rel->rules[best].id;
}

static void
set_links(struct tb_book *b, const struct jrelease *rel, const struct cand *c, jrid **out,
    uint32_t *n)
{
	*out = NULL;
	*n = 0;
	if (!c)
		return;
	jrid id = cand_rule(b, rel, c);
	if (id == JRID_NONE)
		return;
	jrid *v = arena_alloc(&b->arena, sizeof *v);
	v[0] = id;
	*out = v;
	*n = 1;
}

void
tb_link(struct tb_book *b, const struct jrelease *rel)
{
	for (uint32_t i = 0; i < b->npages; i++) {
		b->pages[i].rules = NULL;
		b->pages[i].nrules = 0;
	}
	for (uint32_t i = 0; i < b->nheadings; i++) {
		b->headings[i].rules = NULL;
		b->headings[i].nrules = 0;
	}
	b->linked = rel;
	b->nunavailable = 0;
	b->links_partial = rel && (rel->truncated || rel->fragment || rel->ngloss == 0);
	if (!rel)
		return;
	struct linkix L;
	build_index(b, rel, &L);
	for (uint32_t p = 0; p < b->npages; p++) {
		struct tb_page *pg = &b->pages[p];
		if (pg->policy || strcmp(pg->lang, "en") != 0)
			continue;
		struct hw h;
		heading_words(b, pg->title, &h);
		const struct cand *c = match_words(&L, &h, b->links_partial);
		if (!c && !b->links_partial) {
			struct body bd;
			body_words(b, pg->block0, pg->nblocks, &bd);
			c = match_body(&L, &bd);
			free(bd.buf);
			free(bd.w);
		}
		set_links(b, rel, c, &pg->rules, &pg->nrules);
		if (!pg->nrules && b->links_partial)
			b->nunavailable++;
		for (uint32_t k = pg->heading0; k < pg->heading0 + pg->nheadings; k++) {
			struct tb_heading *hd = &b->headings[k];
			if (hd->policy)
				continue;
			heading_words(b, hd->title, &h);
			const struct cand *hc = match_words(&L, &h, b->links_partial);
			if (!hc && !b->links_partial) {
				uint32_t f, cnt;
				tb_section_blocks(b, p, k, &f, &cnt);
				struct body bd;
				body_words(b, f, cnt, &bd);
				hc = match_body(&L, &bd);
				free(bd.buf);
				free(bd.w);
			}
			set_links(b, rel, hc, &hd->rules, &hd->nrules);
			if (!hd->nrules && b->links_partial)
				b->nunavailable++;
		}
	}
	free(L.c);
	arena_free(&L.a);
}

size_t
tb_link_terms(struct tb_book *b, const struct jrelease *rel, const char *text, jrid *out,
    size_t max)
{
	if (!rel || max == 0)
		return 0;
	struct linkix L;
	build_index(b, rel, &L);
	struct hw h;
	heading_words(b, text, &h);
	const struct cand *c = match_words(&L, &h, rel->truncated || rel->fragment || rel->ngloss == 0);
	size_t n = 0;
	if (c) {
		jrid id = cand_rule(b, rel, c);
		if (id != JRID_NONE)
			out[n++] = id;
	}
	free(L.c);
	arena_free(&L.a);
	return n;
}

const struct jrelease *
tb_link_release(const struct jindex *ix, const struct jrelease *rel)
{
	if (rel && rel->layout && strcmp(rel->layout, "modern") == 0 && !rel->truncated
	    && !rel->fragment)
		return rel;
	const struct jrelease *best = NULL;
	for (uint32_t i = 0; ix && i < ix->nrels; i++) {
		const struct jrelease *r = ix->rels[i];
		if (!r->layout || strcmp(r->layout, "modern") != 0 || r->truncated || r->fragment)
			continue;
		if (!best || r->date > best->date)
			best = r;
	}
	if (best)
		return best;
	if (rel)
		return rel;
	return ix && ix->nrels ? ix->rels[ix->nrels - 1] : NULL;
}

static bool
teaches(const jrid *v, uint32_t n, jrid id, int how)
{
	for (uint32_t i = 0; i < n; i++) {
		if (how == 0 && v[i] == id)
			return true;
		if (how == 1 && v[i] != id && jrid_within(id, v[i]))
			return true;
		if (how == 2 && v[i] != id && jrid_within(v[i], id))
			return true;
	}
	return false;
}

size_t
tb_pages_for_rule(const struct tb_book *b, const struct jrelease *rel, jrid id,
    const struct tb_page **out, size_t max)
{
	(void)rel;
	size_t n = 0;
	if (!b || id == JRID_NONE)
		return 0;
	bool *seen = xcalloc(b->npages + 1, sizeof *seen);
	for (int how = 0; how < 3; how++)
		for (uint32_t p = 0; p < b->npages && n < max; p++) {
			const struct tb_page *pg = &b->pages[p];
			if (seen[p] || pg->policy)
				continue;
			bool t = teaches(pg->rules, pg->nrules, id, how);
			for (uint32_t k = pg->heading0; !t && k < pg->heading0 + pg->nheadings; k++)
				t = teaches(b->headings[k].rules, b->headings[k].nrules, id, how);
			/* a broad link (a whole chapter) only counts from the page itself */
			if (t) {
				seen[p] = true;
				out[n++] = pg;
			}
		}
	free(seen);
	return n;
}
