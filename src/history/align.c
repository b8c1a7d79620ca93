/* align.c — the concordance between two releases: which rule of one became which rule
 * of the other, from text similarity, titles and the order of rules.
 *
 * How: (1) the same number with the same text is the same rule (confidence 1, or 0.99
 * when only its examples changed); (2) a text found exactly once among the unmatched
 * rules of each side (with its examples, else without) is the same rule, moved;
 * (3) the rest are scored in rounds: candidates come from an inverted index of the
 * rare features (stemmed words and word pairs) of the new release, plus structural
 * guesses (the slot after a mapped neighbour, the children of a mapped parent, the
 * parent of mapped children); a candidate's score is its idf-weighted Jaccard
 * similarity plus agreement of number, title, parent, neighbours and children with
 * what is already mapped. Each round assigns greedily from the best score down, so
 * anchors found in one round support their neighbours in the next, much as in a
 * sequence alignment. Whatever stays unmatched was added or removed. */
#include "history.h"

#include <libstemmer.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../base/mem.h"

#define RARE_DF 24          /* features in at most this many rules of b feed candidates */
#define TOPK 6              /* text candidates kept per rule */
#define NROUNDS 4

/* ---- a string -> id table for words and stems ---- */

struct strtab {
	const char **keys;
	uint32_t *vals;
	uint32_t cap, n;
	struct arena ar;
};

static uint32_t
fnv32(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return h;
}

/* The value slot for key s[0..n), inserting it (value 0) when absent. */
static uint32_t *
strtab_get(struct strtab *t, const char *s, size_t n, bool *fresh)
{
	if ((t->n + 1) * 2 > t->cap) {
		uint32_t ncap = t->cap ? t->cap * 2 : 1024;
		const char **nk = xcalloc(ncap, sizeof *nk);
		uint32_t *nv = xcalloc(ncap, sizeof *nv);
		for (uint32_t i = 0; i < t->cap; i++) {
			if (!t->keys[i])
				continue;
			uint32_t j = fnv32(t->keys[i], strlen(t->keys[i])) & (ncap - 1);
			while (nk[j])
				j = (j + 1) & (ncap - 1);
			nk[j] = t->keys[i];
			nv[j] = t->vals[i];
		}
		free(t->keys);
		free(t->vals);
		t->keys = nk;
		t->vals = nv;
		t->cap = ncap;
	}
	uint32_t j = fnv32(s, n) & (t->cap - 1);
	while (t->keys[j]) {
		if (strncmp(t->keys[j], s, n) == 0 && t->keys[j][n] == '\0') {
			*fresh = false;
			return &t->vals[j];
		}
		j = (j + 1) & (t->cap - 1);
	}
	t->keys[j] = arena_strndup(&t->ar, s, n);
	t->n++;
	*fresh = true;
	return &t->vals[j];
}

static void
strtab_free(struct strtab *t)
{
	free(t->keys);
	free(t->vals);
	arena_free(&t->ar);
}

/* ---- features ---- */

struct slot {
	uint32_t key;
	uint32_t dfa, dfb;
	float w;
	uint32_t poff, pn;  /* postings in b (only for rare features) */
};

struct rinfo {
	uint32_t *f;        /* slot indices, unique */
	uint32_t nf;
	float W;            /* sum of weights */
	uint64_t hash;      /* normalised text and examples */
	uint64_t thash;     /* normalised text alone */
	uint32_t title;     /* stem-sequence hash of the title, 0 if untitled */
	uint32_t sib;       /* position among its parent's children */
};

/* What a release's rules come to before any pairing: features per rule, text and title
 * hashes, sibling positions. Kept per release for the life of the process, since a trace
 * aligns each release twice and the REPL asks again and again. */
struct rtok {
	const struct jrelease *rel;
	const struct jrule *rules;  /* with nrules and label: tells a reused address apart */
	uint32_t nrules;
	const char *label;
	size_t bytes;
	int date;
	uint32_t *off;              /* features of rule i: feat[off[i] .. off[i+1]) */
	uint32_t *feat;             /* stem ids and hashed stem pairs, unique per rule */
	uint64_t *hash, *thash;
	uint32_t *title;
	uint32_t *sib;
	unsigned long used;
};

#define NTOK 16
#define NPAIR 32

static struct {
	struct strtab words, stems;
	struct sb_stemmer *stemmer;
	bool stemmer_tried;
	struct sbuf sb;
	char *fold;
	size_t foldcap;
	struct rtok tok[NTOK];
	int ntok;
	struct {
		const struct jrelease *a, *b;
		const struct jrule *ra, *rb;
		struct hist_align *al;
		unsigned long used;
	} pair[NPAIR];
	int npair;
	unsigned long clock;
} cache;

struct ctx {
	const struct jrelease *rel[2];
	struct rinfo *ri[2];
	const struct rtok *tok[2];
	struct slot *slots;
	size_t nslots, slotcap;
	uint32_t *fkeys, *fidx;     /* feature key -> slot index + 1 */
	uint32_t fcap;
	uint32_t *post;
	uint32_t *a2b, *b2a;
	float *conf, *best, *bestb;
	uint32_t *mark;             /* per slot: markv when the rule being matched has it */
	uint32_t markv;
};

static uint32_t
stem_id(const char *w, size_t n)
{
	bool fresh;
	uint32_t *v = strtab_get(&cache.words, w, n, &fresh);
	if (!fresh)
		return *v;
	if (!cache.stemmer_tried) {
		cache.stemmer = sb_stemmer_new("english", NULL);
		cache.stemmer_tried = true;
	}
	const char *st = w;
	size_t sn = n;
	if (cache.stemmer) {
		const sb_symbol *r = sb_stemmer_stem(cache.stemmer, (const sb_symbol *)w, (int)n);
		if (r) {
			st = (const char *)r;
			sn = (size_t)sb_stemmer_length(cache.stemmer);
		}
	}
	bool sfresh;
	uint32_t *sv = strtab_get(&cache.stems, st, sn, &sfresh);
	if (sfresh)
		*sv = cache.stems.n;    /* ids from 1 */
	*v = *sv;
	return *v;
}

static uint32_t
fslot(struct ctx *x, uint32_t key)
{
	if ((x->nslots + 1) * 2 > x->fcap) {
		uint32_t ncap = x->fcap ? x->fcap * 2 : 1u << 14;
		uint32_t *nk = xcalloc(ncap, sizeof *nk), *ni = xcalloc(ncap, sizeof *ni);
		for (uint32_t i = 0; i < x->fcap; i++) {
			if (!x->fidx[i])
				continue;
			uint32_t j = (x->fkeys[i] * 2654435761u) & (ncap - 1);
			while (ni[j])
				j = (j + 1) & (ncap - 1);
			nk[j] = x->fkeys[i];
			ni[j] = x->fidx[i];
		}
		free(x->fkeys);
		free(x->fidx);
		x->fkeys = nk;
		x->fidx = ni;
		x->fcap = ncap;
	}
	uint32_t j = (key * 2654435761u) & (x->fcap - 1);
	while (x->fidx[j]) {
		if (x->fkeys[j] == key)
			return x->fidx[j] - 1;
		j = (j + 1) & (x->fcap - 1);
	}
	x->slots = xgrow(x->slots, &x->slotcap, x->nslots + 1, sizeof *x->slots);
	x->slots[x->nslots] = (struct slot){ .key = key };
	x->fkeys[j] = key;
	x->fidx[j] = (uint32_t)++x->nslots;
	return (uint32_t)(x->nslots - 1);
}

/* Stem ids of the words of normalised text, rule numbers left out (they change when
 * rules move), appended to (*out)[n..]; returns the new count. */
static size_t
stems_of_norm(const char *norm, uint32_t **out, size_t *cap, size_t n)
{
	size_t len = strlen(norm);
	if (cache.foldcap < 2 * len + 16) {
		cache.foldcap = 2 * len + 16;
		cache.fold = xrealloc(cache.fold, cache.foldcap);
	}
	jfold(norm, cache.fold, cache.foldcap);
	const char *p = cache.fold;
	while (*p) {
		bool alpha = *p >= 'a' && *p <= 'z', digit = *p >= '0' && *p <= '9';
		if (!alpha && !digit) {
			p++;
			continue;
		}
		if (digit) {
			size_t k = hist_ruleref_len(p);
			if (k) {
				p += k;
				continue;
			}
		}
		const char *w = p;
		while ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))
			p++;
		*out = xgrow(*out, cap, n + 1, sizeof **out);
		(*out)[n++] = stem_id(w, (size_t)(p - w));
	}
	return n;
}

static size_t
stems_of(const char *s, uint32_t **out, size_t *cap, size_t n)
{
	sbuf_reset(&cache.sb);
	hist_norm(s, &cache.sb, false);
	return stems_of_norm(sbuf_str(&cache.sb), out, cap, n);
}

static uint64_t
fnv64(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ull;
	}
	return h;
}

static void
rtok_free(struct rtok *t)
{
	free(t->off);
	free(t->feat);
	free(t->hash);
	free(t->thash);
	free(t->title);
	free(t->sib);
	memset(t, 0, sizeof *t);
}

static const struct rtok *
tokens(const struct jrelease *rel)
{
	cache.clock++;
	for (int i = 0; i < cache.ntok; i++) {
		struct rtok *t = &cache.tok[i];
		if (t->rel == rel && t->rules == rel->rules && t->nrules == rel->nrules &&
		    t->label == rel->label && t->bytes == rel->bytes && t->date == rel->date) {
			t->used = cache.clock;
			return t;
		}
	}
	struct rtok *t;
	if (cache.ntok < NTOK) {
		t = &cache.tok[cache.ntok++];
	} else {
		t = &cache.tok[0];
		for (int i = 1; i < NTOK; i++)
			if (cache.tok[i].used < t->used)
				t = &cache.tok[i];
		rtok_free(t);
	}
	uint32_t n = rel->nrules;
	t->rel = rel;
	t->rules = rel->rules;
	t->nrules = n;
	t->label = rel->label;
	t->bytes = rel->bytes;
	t->date = rel->date;
	t->used = cache.clock;
	t->off = xmalloc((n + 1) * sizeof *t->off);
	t->hash = xmalloc((n + 1) * sizeof *t->hash);
	t->thash = xmalloc((n + 1) * sizeof *t->thash);
	t->title = xcalloc(n + 1, sizeof *t->title);
	t->sib = xcalloc(n + 1, sizeof *t->sib);
	size_t ns = 0, cap = 0;
	uint32_t *st = NULL, *tt = NULL;
	size_t ttcap = 0;
	for (uint32_t i = 0; i < n; i++) {
		const struct jrule *r = &rel->rules[i];
		/* one normalisation serves both hashes (the string hist_same_text compares)
		 * and the words */
		struct sbuf *sb = &cache.sb;
		sbuf_reset(sb);
		hist_norm(r->text ? r->text : "", sb, false);
		t->thash[i] = fnv64(sbuf_str(sb), sb->len);
		for (uint32_t e = 0; e < r->nexamples; e++) {
			sbuf_add(sb, "\n", 1);
			hist_norm(r->examples[e], sb, false);
		}
		t->hash[i] = fnv64(sbuf_str(sb), sb->len);
		t->off[i] = (uint32_t)ns;
		ns = stems_of_norm(sbuf_str(sb), &st, &cap, ns);
		if (r->title && *r->title) {
			size_t nt = stems_of(r->title, &tt, &ttcap, 0);
			uint32_t h = 2166136261u;
			for (size_t k = 0; k < nt; k++)
				h = (h ^ tt[k]) * 16777619u;
			t->title[i] = h | 1u;
		}
		if (r->parent != JNONE) {
			const struct jrule *p = &rel->rules[r->parent];
			for (uint32_t c = 0; c < p->nchildren; c++)
				if (p->children[c] == i)
					t->sib[i] = c;
		}
	}
	t->off[n] = (uint32_t)ns;
	/* words and word pairs, each once per rule: the features every alignment uses */
	uint32_t *feat = xmalloc((2 * ns + 1) * sizeof *feat);
	size_t nf = 0, setcap = 0;
	uint32_t *set = NULL;       /* a small hash set drops repeats; sorting cost more */
	for (uint32_t i = 0; i < n; i++) {
		uint32_t from = t->off[i], to = t->off[i + 1];
		size_t start = nf, want = 16;
		while (want < 4 * (size_t)(to - from) + 4)
			want *= 2;
		if (want > setcap) {
			free(set);
			set = xmalloc(want * sizeof *set);
			setcap = want;
		}
		memset(set, 0, want * sizeof *set);
		for (uint32_t k = from; k < to; k++) {
			uint32_t f[2] = { st[k], 0 };
			if (k > from)
				f[1] = ((st[k - 1] * 0x9E3779B1u) ^ (st[k] * 0x85EBCA77u)) | 0x80000000u;
			for (int q = 0; q < 2 && f[q]; q++) {
				size_t h = (f[q] * 2654435761u) & (want - 1);
				while (set[h] && set[h] != f[q])
					h = (h + 1) & (want - 1);
				if (set[h])
					continue;
				set[h] = f[q];
				feat[nf++] = f[q];
			}
		}
		t->off[i] = (uint32_t)start;
	}
	free(set);
	t->off[n] = (uint32_t)nf;
	t->feat = feat;
	free(st);
	free(tt);
	return t;
}

void
hist_cache_clear(void)
{
	for (int i = 0; i < cache.ntok; i++)
		rtok_free(&cache.tok[i]);
	for (int i = 0; i < cache.npair; i++)
		hist_align_free(cache.pair[i].al);
	strtab_free(&cache.words);
	strtab_free(&cache.stems);
	if (cache.stemmer)
		sb_stemmer_delete(cache.stemmer);
	sbuf_free(&cache.sb);
	free(cache.fold);
	memset(&cache, 0, sizeof cache);
}

static void
build_features(struct ctx *x, int side)
{
	const struct jrelease *rel = x->rel[side];
	const struct rtok *tk = x->tok[side];
	struct rinfo *ri = xcalloc(rel->nrules ? rel->nrules : 1, sizeof *ri);
	x->ri[side] = ri;
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const uint32_t *f = tk->feat + tk->off[i];
		size_t nf = tk->off[i + 1] - tk->off[i];
		ri[i].f = xmalloc((nf ? nf : 1) * sizeof *ri[i].f);
		for (size_t k = 0; k < nf; k++) {
			uint32_t sl = fslot(x, f[k]);
			if (side == 0)
				x->slots[sl].dfa++;
			else
				x->slots[sl].dfb++;
			ri[i].f[k] = sl;
		}
		ri[i].nf = (uint32_t)nf;
		ri[i].hash = tk->hash[i];
		ri[i].thash = tk->thash[i];
		ri[i].title = tk->title[i];
		ri[i].sib = tk->sib[i];
	}
}

static void
weigh(struct ctx *x)
{
	double N = (double)x->rel[0]->nrules + x->rel[1]->nrules + 1;
	for (size_t s = 0; s < x->nslots; s++) {
		struct slot *sl = &x->slots[s];
		double df = sl->dfa + sl->dfb;
		sl->w = (float)log(1.0 + N / df);
		if (sl->key & 0x80000000u)
			sl->w *= 0.8f;      /* word pairs add order, words carry the meaning */
	}
	for (int side = 0; side < 2; side++)
		for (uint32_t i = 0; i < x->rel[side]->nrules; i++) {
			struct rinfo *r = &x->ri[side][i];
			float W = 0;
			for (uint32_t k = 0; k < r->nf; k++)
				W += x->slots[r->f[k]].w;
			r->W = W;
		}
	/* postings of b's rare features */
	uint32_t total = 0;
	for (size_t s = 0; s < x->nslots; s++) {
		struct slot *sl = &x->slots[s];
		sl->poff = total;
		sl->pn = 0;
		if (sl->dfb > 0 && sl->dfb <= RARE_DF)
			total += sl->dfb;
	}
	x->post = xmalloc((total ? total : 1) * sizeof *x->post);
	for (uint32_t i = 0; i < x->rel[1]->nrules; i++) {
		struct rinfo *r = &x->ri[1][i];
		for (uint32_t k = 0; k < r->nf; k++) {
			struct slot *sl = &x->slots[r->f[k]];
			if (sl->dfb <= RARE_DF)
				x->post[sl->poff + sl->pn++] = i;
		}
	}
}

/* Mark a's features so that similarity() with any b is one pass over b's. */
static void
mark_rule(struct ctx *x, uint32_t ai)
{
	const struct rinfo *a = &x->ri[0][ai];
	if (++x->markv == 0) {
		memset(x->mark, 0, x->nslots * sizeof *x->mark);
		x->markv = 1;
	}
	for (uint32_t k = 0; k < a->nf; k++)
		x->mark[a->f[k]] = x->markv;
}

/* idf-weighted Jaccard similarity of the marked rule a and rule b. */
static float
similarity(const struct ctx *x, uint32_t ai, uint32_t bi)
{
	const struct rinfo *a = &x->ri[0][ai], *b = &x->ri[1][bi];
	if (a->nf == 0 && b->nf == 0)
		return 1.0f;
	float I = 0;
	for (uint32_t k = 0; k < b->nf; k++)
		if (x->mark[b->f[k]] == x->markv)
			I += x->slots[b->f[k]].w;
	float U = a->W + b->W - I;
	return U > 0 ? I / U : 0;
}

static void
pair_up(struct ctx *x, uint32_t ai, uint32_t bi, float conf)
{
	x->a2b[ai] = bi;
	x->b2a[bi] = ai;
	x->conf[ai] = conf;
}

/* Sections match sections, chapters chapters; rules and subrules may trade places
 * (a subrule promoted to a rule) at a small cost. */
static bool
levels_compatible(jrid a, jrid b, float *penalty)
{
	enum jrid_level la = jrid_level(a), lb = jrid_level(b);
	*penalty = 0;
	if (la == lb)
		return true;
	if ((la == JL_RULE && lb == JL_SUBRULE) || (la == JL_SUBRULE && lb == JL_RULE)) {
		*penalty = 0.08f;
		return true;
	}
	return false;
}

struct cand {
	uint32_t a, b;
	float score, sim;
};

static int
cmp_cand(const void *p, const void *q)
{
	const struct cand *a = p, *b = q;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	return a->b < b->b ? -1 : a->b > b->b;
}

/* Score a against b from what is mapped so far. */
static float
score_pair(const struct ctx *x, uint32_t ai, uint32_t bi, float *simp, float *kidsp)
{
	*kidsp = 0;
	const struct jrelease *A = x->rel[0], *B = x->rel[1];
	const struct jrule *ra = &A->rules[ai], *rb = &B->rules[bi];
	float pen;
	if (!levels_compatible(ra->id, rb->id, &pen))
		return -1;
	float sim = similarity(x, ai, bi);
	*simp = sim;
	float s = sim - pen;
	if (ra->id == rb->id)
		s += 0.12f;
	const struct rinfo *ia = &x->ri[0][ai], *ib = &x->ri[1][bi];
	if (ia->title && ia->title == ib->title)
		s += 0.15f;
	if (ra->parent != JNONE && rb->parent != JNONE) {
		if (x->a2b[ra->parent] == rb->parent)
			s += 0.10f;
		else if (x->a2b[ra->parent] != JNONE)
			s -= 0.05f;     /* its parent went elsewhere */
	}
	if (ai > 0 && bi > 0 && x->a2b[ai - 1] == bi - 1)
		s += 0.08f;
	if (ai + 1 < A->nrules && bi + 1 < B->nrules && x->a2b[ai + 1] == bi + 1)
		s += 0.08f;
	if (ra->nchildren || rb->nchildren) {
		/* where a's children went: under b? (of those that went anywhere) */
		uint32_t agree = 0, mapped = 0;
		for (uint32_t c = 0; c < ra->nchildren; c++) {
			uint32_t t = x->a2b[ra->children[c]];
			if (t == JNONE)
				continue;
			mapped++;
			if (B->rules[t].parent == bi)
				agree++;
		}
		if (mapped >= 2)
			*kidsp = (float)agree / (float)mapped;
		else if (mapped == 1)
			*kidsp = 0.5f * (float)agree;
		s += 0.4f * *kidsp;
	}
	return s;
}

struct cset {
	uint32_t v[64];
	int n;
};

static void
cadd(struct cset *c, const struct ctx *x, uint32_t bi)
{
	if (bi == JNONE || bi >= x->rel[1]->nrules || x->b2a[bi] != JNONE || c->n == 64)
		return;
	for (int i = 0; i < c->n; i++)
		if (c->v[i] == bi)
			return;
	c->v[c->n++] = bi;
}

static void
round_match(struct ctx *x, int round, float *acc, uint32_t *touched)
{
	static const float simhi[NROUNDS] = { 0.75f, 0.6f, 0.5f, 0.45f };
	static const float simlo[NROUNDS] = { 0.35f, 0.25f, 0.2f, 0.15f };
	static const float scorelo[NROUNDS] = { 0.8f, 0.65f, 0.55f, 0.5f };
	const struct jrelease *A = x->rel[0], *B = x->rel[1];
	struct cand *cv = NULL;
	size_t ncv = 0, cvcap = 0;
	for (uint32_t ai = 0; ai < A->nrules; ai++) {
		if (x->a2b[ai] != JNONE)
			continue;
		const struct jrule *ra = &A->rules[ai];
		struct cset cs = { .n = 0 };
		mark_rule(x, ai);
		cadd(&cs, x, jrel_find(B, ra->id));
		/* text: accumulate the weight of shared rare features */
		const struct rinfo *ia = &x->ri[0][ai];
		uint32_t nt = 0;
		for (uint32_t k = 0; k < ia->nf; k++) {
			const struct slot *sl = &x->slots[ia->f[k]];
			if (sl->dfb == 0 || sl->dfb > RARE_DF)
				continue;
			for (uint32_t p = 0; p < sl->pn; p++) {
				uint32_t bi = x->post[sl->poff + p];
				if (x->b2a[bi] != JNONE)
					continue;
				if (acc[bi] == 0)
					touched[nt++] = bi;
				acc[bi] += sl->w;
			}
		}
		uint32_t top[TOPK];
		int ntop = 0;
		for (uint32_t t = 0; t < nt; t++) {
			uint32_t bi = touched[t];
			int pos = ntop;
			while (pos > 0 && acc[top[pos - 1]] < acc[bi])
				pos--;
			if (pos < TOPK) {
				int last = ntop < TOPK ? ntop : TOPK - 1;
				for (int q = last; q > pos; q--)
					top[q] = top[q - 1];
				top[pos] = bi;
				if (ntop < TOPK)
					ntop++;
			}
		}
		for (uint32_t t = 0; t < nt; t++)
			acc[touched[t]] = 0;
		for (int t = 0; t < ntop; t++)
			cadd(&cs, x, top[t]);
		/* structure: beside mapped neighbours, under a mapped parent, above mapped children */
		if (ai > 0 && x->a2b[ai - 1] != JNONE)
			cadd(&cs, x, x->a2b[ai - 1] + 1);
		if (ai + 1 < A->nrules && x->a2b[ai + 1] != JNONE && x->a2b[ai + 1] > 0)
			cadd(&cs, x, x->a2b[ai + 1] - 1);
		if (ra->parent != JNONE && x->a2b[ra->parent] != JNONE) {
			const struct jrule *pb = &B->rules[x->a2b[ra->parent]];
			uint32_t s = x->ri[0][ai].sib;
			uint32_t lo = s > 3 ? s - 3 : 0;
			for (uint32_t c = lo; c < pb->nchildren && c <= s + 3; c++)
				cadd(&cs, x, pb->children[c]);
		}
		for (uint32_t c = 0; c < ra->nchildren && c < 8; c++) {
			uint32_t t = x->a2b[ra->children[c]];
			if (t != JNONE)
				cadd(&cs, x, B->rules[t].parent);
		}
		for (int c = 0; c < cs.n; c++) {
			float sim, kids, sc = score_pair(x, ai, cs.v[c], &sim, &kids);
			if (sc < 0)
				continue;
			if (sc > x->best[ai])
				x->best[ai] = sc;
			if (sc > x->bestb[cs.v[c]])
				x->bestb[cs.v[c]] = sc;
			/* a heading renamed ("Removed from the Game" -> "Exile") is known by
			 * its children, whatever its own words */
			if (sim >= simhi[round] || (sim >= simlo[round] && sc >= scorelo[round]) ||
			    (kids >= 0.5f && sc >= scorelo[round])) {
				cv = xgrow(cv, &cvcap, ncv + 1, sizeof *cv);
				cv[ncv++] = (struct cand){ ai, cs.v[c], sc, sim };
			}
		}
	}
	if (ncv > 0)
		xqsort(cv, ncv, sizeof *cv, cmp_cand);
	for (size_t i = 0; i < ncv; i++) {
		if (x->a2b[cv[i].a] != JNONE || x->b2a[cv[i].b] != JNONE)
			continue;
		/* below the 0.98 of an identical text moved, and 1 for identical in place */
		float c = cv[i].score;
		if (x->ri[0][cv[i].a].hash == x->ri[1][cv[i].b].hash)
			c = c < 0.95f ? 0.95f : 0.98f;
		else if (c > 0.97f)
			c = 0.97f;
		pair_up(x, cv[i].a, cv[i].b, c);
	}
	free(cv);
}

struct hkey {
	uint64_t h;
	uint32_t i;
	int side;
};

static int
cmp_hkey(const void *p, const void *q)
{
	const struct hkey *a = p, *b = q;
	if (a->h != b->h)
		return a->h < b->h ? -1 : 1;
	if (a->side != b->side)
		return a->side - b->side;
	return a->i < b->i ? -1 : a->i > b->i;
}

/* Text that occurs exactly once among the unmatched rules of each side moved there
 * (with examples, or the rule's own words alone when only its examples changed). */
static void
match_unique_texts(struct ctx *x, bool text_only, float conf)
{
	size_t n = 0;
	struct hkey *v = xmalloc((x->rel[0]->nrules + x->rel[1]->nrules + 1) * sizeof *v);
	for (int side = 0; side < 2; side++)
		for (uint32_t i = 0; i < x->rel[side]->nrules; i++)
			if ((side == 0 ? x->a2b[i] : x->b2a[i]) == JNONE)
				v[n++] = (struct hkey){ text_only ? x->ri[side][i].thash : x->ri[side][i].hash,
				    i, side };
	xqsort(v, n, sizeof *v, cmp_hkey);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && v[j].h == v[i].h)
			j++;
		if (j - i == 2 && v[i].side == 0 && v[i + 1].side == 1) {
			float pen;
			const struct jrule *ra = &x->rel[0]->rules[v[i].i], *rb = &x->rel[1]->rules[v[i + 1].i];
			if (levels_compatible(ra->id, rb->id, &pen) && x->ri[0][v[i].i].nf > 0)
				pair_up(x, v[i].i, v[i + 1].i, conf - pen);
		}
		i = j;
	}
	free(v);
}

static float
absent_conf(float best)
{
	float c = 1.0f - best;
	return c < 0.05f ? 0.05f : c > 0.99f ? 0.99f : c;
}

struct hist_align *
hist_align(const struct jrelease *a, const struct jrelease *b)
{
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct ctx x;
	memset(&x, 0, sizeof x);
	x.rel[0] = a;
	x.rel[1] = b;
	x.tok[0] = tokens(a);
	x.tok[1] = tokens(b);
	uint32_t na = a->nrules, nb = b->nrules;
	x.a2b = xmalloc((na + 1) * sizeof *x.a2b);
	x.b2a = xmalloc((nb + 1) * sizeof *x.b2a);
	x.conf = xcalloc(na + 1, sizeof *x.conf);
	x.best = xcalloc(na + 1, sizeof *x.best);
	x.bestb = xcalloc(nb + 1, sizeof *x.bestb);
	for (uint32_t i = 0; i < na; i++)
		x.a2b[i] = JNONE;
	for (uint32_t i = 0; i < nb; i++)
		x.b2a[i] = JNONE;

	build_features(&x, 0);
	build_features(&x, 1);
	weigh(&x);
	x.mark = xcalloc(x.nslots + 1, sizeof *x.mark);

	for (uint32_t i = 0; i < na; i++) {
		uint32_t j = jrel_find(b, a->rules[i].id);
		if (j == JNONE || x.b2a[j] != JNONE)
			continue;
		if (x.ri[0][i].hash == x.ri[1][j].hash)
			pair_up(&x, i, j, 1.0f);
		else if (x.ri[0][i].thash == x.ri[1][j].thash)
			pair_up(&x, i, j, 0.99f);   /* only its examples changed */
	}
	match_unique_texts(&x, false, 0.98f);
	match_unique_texts(&x, true, 0.96f);
	float *acc = xcalloc(nb + 1, sizeof *acc);
	uint32_t *touched = xmalloc((nb + 1) * sizeof *touched);
	for (int r = 0; r < NROUNDS; r++)
		round_match(&x, r, acc, touched);
	free(acc);
	free(touched);

	struct hist_align *al = xcalloc(1, sizeof *al);
	al->a = a;
	al->b = b;
	al->na = na;
	al->nb = nb;
	al->a2b = x.a2b;
	al->b2a = x.b2a;
	al->conf = x.conf;
	al->bconf = xcalloc(nb + 1, sizeof *al->bconf);
	/* for the unmatched: how sure we are that there is no counterpart */
	for (uint32_t i = 0; i < na; i++)
		if (x.a2b[i] == JNONE)
			al->conf[i] = absent_conf(x.best[i]);
	for (uint32_t i = 0; i < nb; i++)
		al->bconf[i] = x.b2a[i] == JNONE ? absent_conf(x.bestb[i]) : al->conf[x.b2a[i]];

	al->ahash = xmalloc((na + 1) * sizeof *al->ahash);
	al->bhash = xmalloc((nb + 1) * sizeof *al->bhash);
	for (uint32_t i = 0; i < na; i++)
		al->ahash[i] = x.ri[0][i].hash;
	for (uint32_t i = 0; i < nb; i++)
		al->bhash[i] = x.ri[1][i].hash;
	for (int side = 0; side < 2; side++) {
		for (uint32_t i = 0; i < x.rel[side]->nrules; i++)
			free(x.ri[side][i].f);
		free(x.ri[side]);
	}
	free(x.best);
	free(x.bestb);
	free(x.slots);
	free(x.fkeys);
	free(x.fidx);
	free(x.mark);
	free(x.post);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	al->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	return al;
}

void
hist_align_free(struct hist_align *al)
{
	if (!al)
		return;
	free(al->a2b);
	free(al->b2a);
	free(al->conf);
	free(al->bconf);
	free(al->ahash);
	free(al->bhash);
	free(al);
}

const struct hist_align *
hist_align_cached(const struct jrelease *a, const struct jrelease *b)
{
	cache.clock++;
	for (int i = 0; i < cache.npair; i++)
		if (cache.pair[i].a == a && cache.pair[i].b == b && cache.pair[i].ra == a->rules &&
		    cache.pair[i].rb == b->rules && cache.pair[i].al->na == a->nrules &&
		    cache.pair[i].al->nb == b->nrules) {
			cache.pair[i].used = cache.clock;
			return cache.pair[i].al;
		}
	struct hist_align *al = hist_align(a, b);
	int k = cache.npair;
	if (k < NPAIR) {
		cache.npair++;
	} else {
		k = 0;
		for (int i = 1; i < NPAIR; i++)
			if (cache.pair[i].used < cache.pair[k].used)
				k = i;
		hist_align_free(cache.pair[k].al);
	}
	cache.pair[k].a = a;
	cache.pair[k].b = b;
	cache.pair[k].ra = a->rules;
	cache.pair[k].rb = b->rules;
	cache.pair[k].al = al;
	cache.pair[k].used = cache.clock;
	return al;
}
