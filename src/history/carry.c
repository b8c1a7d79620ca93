/* carry.c — rule numbers written against one release (a data file's "# rules: DATE":
 * situations, resolver citations, textbook links) carried into the release that answers,
 * newer or older, through the concordance; what cannot be carried with confidence is
 * dropped, never guessed.
 *
 * With the data's own release loaded, a rule follows hist_map() (the full concordance,
 * through every release between). Without it, the anchors stand in for it: one line per
 * rule of the data's release giving a hash of its text with rule numbers left out
 * (corpus/anchors.tsv, made by `judge map --anchors`). That is the exact part of the
 * concordance: the same number with the same text is the same rule; a text found exactly
 * once elsewhere is that rule, moved (722.1 -> 723.1 when a chapter is inserted before it).
 * A rule whose text changed in substance is then dropped. */
#include "history.h"

#include <stdlib.h>
#include <string.h>

#include "../base/hash.h"
#include "../base/mem.h"

#define CARRY_MIN 0.5f      /* hist_map() confidence below which a rule is not carried */

struct anchor {
	jrid id;
	uint64_t h;
};

struct hist_carry {
	const struct jindex *ix;
	const struct jrelease *to;
	int adate;                  /* the anchors' release, yyyymmdd (0: no anchors) */
	struct anchor *a;           /* sorted by id */
	size_t na;
	struct anchor *th;          /* to's rules by text hash (id = rule index), sorted by h */
	size_t nth;
	uint64_t key;
};

uint64_t
hist_text_hash(const struct jrule *r, struct sbuf *scratch)
{
	sbuf_reset(scratch);
	hist_norm(r->text ? r->text : "", scratch, true);
	return hash_bytes64(scratch->s ? scratch->s : "", scratch->len, 0x6a756467652d6361ull) | 1;
}

static int
cmp_id(const void *x, const void *y)
{
	const struct anchor *a = x, *b = y;
	return a->id < b->id ? -1 : a->id > b->id;
}

static int
cmp_h(const void *x, const void *y)
{
	const struct anchor *a = x, *b = y;
	return a->h < b->h ? -1 : a->h > b->h ? 1 : a->id < b->id ? -1 : a->id > b->id;
}

/* Read "# rules: YYYY-MM-DD" and "ID<TAB>HASH" lines; a line that is neither is reported. */
static void
read_anchors(struct hist_carry *c, const char *name, const char *t, size_t len, struct diags *d)
{
	size_t cap = 0;
	unsigned lineno = 0;
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(t + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - t) : len;
		char line[128];
		size_t ll = e - i < sizeof line - 1 ? e - i : sizeof line - 1;
		memcpy(line, t + i, ll);
		line[ll] = '\0';
		i = e + 1;
		lineno++;
		if (ll && line[ll - 1] == '\r')
			line[--ll] = '\0';
		int y, m, dd;
		if (sscanf(line, "# rules: %4d-%2d-%2d", &y, &m, &dd) == 3) {
			c->adate = y * 10000 + m * 100 + dd;
			continue;
		}
		if (ll == 0 || line[0] == '#')
			continue;
		char *tab = strchr(line, '\t');
		char *end = NULL;
		unsigned long long h = 0;
		jrid id = JRID_NONE;
		if (tab) {
			*tab = '\0';
			id = jrid_from_str(line);
			h = strtoull(tab + 1, &end, 16);
		}
		if (!tab || id == JRID_NONE || end == tab + 1 || (end && *end)) {
			if (d) {
				diag_add(d, DL_WARNING, name, lineno, 1,
				    "expected a rule number, a tab and a hexadecimal text hash");
				diag_hint(d, "remake the file: judge --rules RELEASE map --anchors > %s", name);
			}
			continue;
		}
		c->a = xgrow(c->a, &cap, c->na + 1, sizeof *c->a);
		c->a[c->na++] = (struct anchor){ id, (uint64_t)h };
	}
	xqsort(c->a, c->na, sizeof *c->a, cmp_id);
}

/* The complete release dated date that is loaded, or NULL. */
static const struct jrelease *
loaded(const struct jindex *ix, int date)
{
	for (uint32_t i = 0; ix && i < ix->nrels; i++) {
		const struct jrelease *r = ix->rels[i];
		if (r->date == date && !r->fragment && !r->truncated)
			return r;
	}
	return NULL;
}

static int
cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return a < b ? -1 : a > b;
}

struct hist_carry *
hist_carry_new(const struct jindex *ix, const struct jrelease *to, const char *name,
    const char *anchors, size_t len, struct diags *d)
{
	struct hist_carry *c = xcalloc(1, sizeof *c);
	c->ix = ix;
	c->to = to;
	if (anchors)
		read_anchors(c, name ? name : "anchors", anchors, len, d);
	/* what the answers depend on: the anchors, the release answering and every release
	 * loaded (hist_map() goes through those between) */
	uint64_t *v = xcalloc((ix ? ix->nrels : 0) + 2, sizeof *v);
	size_t n = 0;
	for (uint32_t i = 0; ix && i < ix->nrels; i++)
		v[n++] = ix->rels[i]->src_hash ^ (uint64_t)ix->rels[i]->bytes;
	xqsort(v, n, sizeof *v, cmp_u64);
	v[n++] = to ? to->src_hash : 0;
	v[n++] = anchors ? hash_bytes64(anchors, len, 1) : 0;
	c->key = hash_bytes64(v, n * sizeof *v, 0x636172727921ull);
	free(v);
	return c;
}

void
hist_carry_free(struct hist_carry *c)
{
	if (!c)
		return;
	free(c->a);
	free(c->th);
	free(c);
}

uint64_t
hist_carry_key(const struct hist_carry *c)
{
	return c ? c->key : 0;
}

int
hist_carry_anchor_date(const struct hist_carry *c)
{
	return c ? c->adate : 0;
}

const struct jrelease *
hist_carry_to(const struct hist_carry *c)
{
	return c ? c->to : NULL;
}

/* The exact part of the concordance, from the anchors: id's text in to, by number or
 * found once elsewhere. */
static jrid
by_anchor(struct hist_carry *c, jrid id, float *conf)
{
	struct anchor k = { id, 0 };
	const struct anchor *a = bsearch(&k, c->a, c->na, sizeof *c->a, cmp_id);
	if (!a)
		return JRID_NONE;   /* not a rule of the anchors' release */
	const struct jrelease *to = c->to;
	if (!c->th) {
		struct sbuf sb = {0};
		c->th = xcalloc(to->nrules ? to->nrules : 1, sizeof *c->th);
		for (uint32_t i = 0; i < to->nrules; i++)
			c->th[i] = (struct anchor){ i, hist_text_hash(&to->rules[i], &sb) };
		c->nth = to->nrules;
		xqsort(c->th, c->nth, sizeof *c->th, cmp_h);
		sbuf_free(&sb);
	}
	/* the same number with the same text */
	size_t lo = 0, hi = c->nth;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (c->th[mid].h < a->h)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t same = 0;
	uint32_t only = JNONE;
	for (size_t i = lo; i < c->nth && c->th[i].h == a->h; i++) {
		if (to->rules[c->th[i].id].id == id) {
			*conf = 1;
			return id;
		}
		same++;
		only = c->th[i].id;
	}
	/* found once elsewhere: moved. Twice or more: which one is a guess. */
	if (same == 1 && hist_covers(to, to->rules[only].id)) {
		*conf = 0.95f;
		return to->rules[only].id;
	}
	*conf = 0;
	return JRID_NONE;
}

jrid
hist_carry_id(struct hist_carry *c, int from, jrid id, float *conf)
{
	float dummy;
	if (!conf)
		conf = &dummy;
	*conf = 1;
	if (!c || !c->to || from == 0 || c->to->date == from)
		return id;
	*conf = 0;
	const struct jrelease *src = loaded(c->ix, from);
	if (src) {
		uint32_t ri = jrel_find(src, id);
		if (ri == JNONE)
			return JRID_NONE;
		float cf = 0;
		uint32_t bi = hist_map(c->ix, src, ri, c->to, &cf);
		if (bi == JNONE || cf < CARRY_MIN)
			return JRID_NONE;
		*conf = cf;
		return c->to->rules[bi].id;
	}
	if (c->adate == from && c->na)
		return by_anchor(c, id, conf);
	return JRID_NONE;
}

void
hist_anchors_write(const struct jrelease *rel, struct sbuf *out)
{
	struct sbuf sb = {0};
	int d = rel->date;
	sbuf_addf(out, "# anchors.tsv — made by `judge --rules FILE map --anchors` from the %s release.\n"
	    "# One line per rule: its number, a tab, a hash of its text with rule numbers left\n"
	    "# out. judge carries the rule numbers of its data files (situations, resolver\n"
	    "# citations) to a release it answers from when the %s release is not loaded:\n"
	    "# the same number with the same text is the same rule; a text found once under\n"
	    "# another number is that rule, moved; anything else is dropped.\n"
	    "# rules: %04d-%02d-%02d\n", rel->label, rel->label, d / 10000, d / 100 % 100, d % 100);
	for (uint32_t i = 0; i < rel->nrules; i++)
		sbuf_addf(out, "%s\t%016llx\n", rel->rules[i].num,
		    (unsigned long long)hist_text_hash(&rel->rules[i], &sb));
	sbuf_free(&sb);
}

static size_t
count_words(const char *s)
{
	size_t n = 0;
	bool in = false;
	for (; s && *s; s++) {
		bool w = *s != ' ' && *s != '\n';
		n += w && !in;
		in = w;
	}
	return n;
}

void
hist_era_changes_write(const struct jindex *ix, const struct jrelease *era,
    const struct jrelease *now, struct sbuf *out)
{
	static const char *const del[2] = { "", "" }, *const ins[2] = { "", "" };
	int e = era->date, d = now->date;
	sbuf_addf(out, "# textbook-era.tsv — made by `judge map --era-changes %s` with the %s rules\n"
	    "# answering: what changed in substance since the rules of the textbook's era, found by\n"
	    "# the concordance (the diff `judge diff %s %s` shows). One line per rule of %s that\n"
	    "# was removed, or whose words changed by at least %.0f%% (not only the rule numbers it\n"
	    "# cites): the rule of %s it sits at (its counterpart, or the nearest ancestor %s\n"
	    "# has), a tab, \"removed\" or \"changed\", a tab, its number in %s. judge flags the\n"
	    "# textbook pages and examples whose rules hold such a line (carried to the release\n"
	    "# answering, as every rule-number-keyed file is).\n"
	    "# era: %04d-%02d-%02d\n# rules: %04d-%02d-%02d\n",
	    era->label, now->label, era->label, now->label, era->label, HIST_SUBSTANCE * 100,
	    now->label, now->label, era->label, e / 10000, e / 100 % 100, e % 100, d / 10000, d / 100 % 100, d % 100);
	struct hist_diff df;
	hist_diff(era, now, JRID_NONE, &df);
	struct sbuf o = {0};
	for (size_t i = 0; i < df.n; i++) {
		const struct hist_item *it = &df.v[i];
		if (it->ai == JNONE)
			continue;
		const struct jrule *ra = &era->rules[it->ai];
		if (it->kind == HK_REMOVED) {
			/* where it sat: the nearest ancestor that has a counterpart */
			uint32_t at = JNONE;
			for (uint32_t up = ra->parent; up != JNONE && at == JNONE; up = era->rules[up].parent) {
				float cf;
				at = hist_map(ix, era, up, now, &cf);
			}
			if (at != JNONE)
				sbuf_addf(out, "%s\tremoved\t%s\n", now->rules[at].num, ra->num);
			continue;
		}
		if (it->bi == JNONE || it->refs_only || !(it->kind == HK_CHANGED || (it->kind == HK_MOVED && it->text_changed)))
			continue;
		const struct jrule *rb = &now->rules[it->bi];
		sbuf_reset(&o);
		size_t ch = hist_wdiff(&o, ra->text ? ra->text : "", rb->text ? rb->text : "", del, ins);
		size_t all = count_words(ra->text) + count_words(rb->text);
		if (all && (double)ch / (double)all >= HIST_SUBSTANCE)
			sbuf_addf(out, "%s\tchanged\t%s\n", rb->num, ra->num);
	}
	sbuf_free(&o);
	hist_diff_free(&df);
}
