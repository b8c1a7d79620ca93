/* build.c — building the search index: documents tokenized once into a stream of
 * interned term ids, then postings made from the stream by a counting sort. */
#include "srch_int.h"
#include "../base/editdist.h"

#include <libstemmer.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint32_t
srch_hash(const char *k, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)k[i]) * 16777619u;
	return h;
}

static const char *
hash_key(const struct srch *s, uint32_t v, bool words, size_t *len)
{
	if (words) {
		*len = s->words[v].len;
		return s->words[v].w;
	}
	*len = strlen(s->terms[v].stem);
	return s->terms[v].stem;
}

uint32_t
shash_get(const struct srch *s, const struct shash *h, const char *k, size_t n, bool words)
{
	return shash_get_h(s, h, k, n, words, srch_hash(k, n));
}

uint32_t
shash_get_h(const struct srch *s, const struct shash *h, const char *k, size_t n, bool words,
    uint32_t hash)
{
	if (h->cap == 0)
		return UINT32_MAX;
	uint32_t i = hash & (h->cap - 1);
	for (;;) {
		uint32_t v = h->slot[i];
		if (v == 0)
			return UINT32_MAX;
		if (h->hv[i] != hash) {
			i = (i + 1) & (h->cap - 1);
			continue;
		}
		size_t len;
		const char *key = hash_key(s, v - 1, words, &len);
		if (len == n) {
			/* words are short: a loop beats a call to memcmp */
			size_t j = 0;
			while (j < n && key[j] == k[j])
				j++;
			if (j == n)
				return v - 1;
		}
		i = (i + 1) & (h->cap - 1);
	}
}

static void
shash_put(struct srch *s, struct shash *h, uint32_t v, bool words)
{
	if ((h->n + 1) * 2 > h->cap) {
		uint32_t ncap = h->cap ? h->cap * 2 : 1024;
		uint32_t *ns = xcalloc(ncap, sizeof *ns), *nh = xcalloc(ncap, sizeof *nh);
		for (uint32_t i = 0; i < h->cap; i++) {
			if (h->slot[i] == 0)
				continue;
			uint32_t j = h->hv[i] & (ncap - 1);
			while (ns[j])
				j = (j + 1) & (ncap - 1);
			ns[j] = h->slot[i];
			nh[j] = h->hv[i];
		}
		free(h->slot);
		free(h->hv);
		h->slot = ns;
		h->hv = nh;
		h->cap = ncap;
	}
	size_t len;
	const char *key = hash_key(s, v, words, &len);
	uint32_t hash = srch_hash(key, len);
	uint32_t j = hash & (h->cap - 1);
	while (h->slot[j])
		j = (j + 1) & (h->cap - 1);
	h->slot[j] = v + 1;
	h->hv[j] = hash;
	h->n++;
}

struct srch *
srch_new(void)
{
	struct srch *s = xcalloc(1, sizeof *s);
	s->stemmer = sb_stemmer_new("english", NULL);
	s->stemmer8 = sb_stemmer_new("english", "ISO_8859_1");
	return s;
}

void
srch_free(struct srch *s)
{
	if (!s)
		return;
	if (s->stemmer)
		sb_stemmer_delete(s->stemmer);
	if (s->stemmer8)
		sb_stemmer_delete(s->stemmer8);
	if (s->re)
		sregex_free(s->re);
	free(s->docs);
	free(s->terms);
	free(s->words);
	if (!s->blob) {
		free(s->termh.slot);
		free(s->termh.hv);
		free(s->wordh.hv);
		free(s->wordh.slot);
		free(s->toks);
		free(s->posts);
		free(s->len_start);
		free(s->ridx);
		free(s->by_len);
	}
	srch_cache_unmap(s);
	free(s->thes);
	diag_clear(&s->late);
	free(s->late.v);
	free(s->sit);
	free(s->sitg);
	free(s->sita);
	free(s->sitw);
	free(s->kw);
	free(s->cache_dir);
	free(s->pend);
	free(s->scr);
	free(s->qmask);
	free(s->touched);
	free(s->qterms);
	arena_free(&s->arena);
	free(s);
}

size_t
srch_stem(struct srch *s, const char *word, size_t n, char *out, size_t cap)
{
	const sb_symbol *r = NULL;
	int len = 0;
	/* a folded word is almost always ASCII, where Latin-1 and UTF-8 are the same
	 * bytes: the single-byte stemmer gives the same stem without decoding UTF-8 */
	struct sb_stemmer *st = s->stemmer;
	/* "dies" is a term of art (700.4: put into a graveyard from the battlefield) that
	 * the stemmer files under "die", the word of the dice rules (706): the verb's forms
	 * keep a stem of their own */
	if ((n == 4 && memcmp(word, "dies", 4) == 0) || (n == 4 && memcmp(word, "died", 4) == 0) ||
	    (n == 5 && memcmp(word, "dying", 5) == 0)) {
		r = (const sb_symbol *)"dies";
		len = 4;
		st = NULL;
	}
	if (st && s->stemmer8) {
		size_t i = 0;
		while (i < n && (unsigned char)word[i] < 0x80)
			i++;
		if (i == n)
			st = s->stemmer8;
	}
	if (st && n < WORD_MAX) {
		r = sb_stemmer_stem(st, (const sb_symbol *)word, (int)n);
		len = r ? sb_stemmer_length(st) : 0;
	}
	if (!r) {
		r = (const sb_symbol *)word;
		len = (int)n;
	}
	if ((size_t)len >= cap)
		len = (int)cap - 1;
	memcpy(out, r, (size_t)len);
	out[len] = '\0';
	return (size_t)len;
}

uint32_t
srch_term_lookup(const struct srch *s, const char *stem, size_t n)
{
	return shash_get(s, &s->termh, stem, n, false);
}

static uint32_t
intern_term(struct srch *s, const char *stem, size_t n)
{
	uint32_t t = shash_get(s, &s->termh, stem, n, false);
	if (t != UINT32_MAX)
		return t;
	s->terms = xgrow(s->terms, &s->termcap, s->nterms + 1, sizeof *s->terms);
	t = (uint32_t)s->nterms++;
	memset(&s->terms[t], 0, sizeof s->terms[t]);
	s->terms[t].stem = arena_strndup(&s->arena, stem, n);
	shash_put(s, &s->termh, t, false);
	return t;
}

static int
cmp_kw(const void *a, const void *b)
{
	return strcmp(((const struct skw *)a)->stem, ((const struct skw *)b)->stem);
}

/* Keyword names are terms of art: "defender" must not share the stem "defend" with
 * "defending player", nor "reach" with "reaches". A word of the same stem that is the
 * keyword, its plural or a near misspelling gets the keyword's own term, marked with
 * '=' so it cannot meet a stem. Rewrites stem in place; returns its new length. */
static size_t
keyword_term(const struct srch *s, const char *w, size_t n, char *stem, size_t sl)
{
	size_t lo = 0, hi = s->nkw;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		/* the first bytes decide most steps (compared as strcmp does, unsigned) */
		int c = (unsigned char)s->kw[mid].stem[0] - (unsigned char)stem[0];
		if (c == 0)
			c = strncmp(s->kw[mid].stem, stem, sl);
		if (c == 0 && s->kw[mid].stem[sl])
			c = 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo; k < s->nkw && strncmp(s->kw[k].stem, stem, sl) == 0 && !s->kw[k].stem[sl]; k++) {
		size_t kl = strlen(s->kw[k].word);
		/* the keyword, its plural, or a misspelling of it ("indestructable"); not
		 * other forms ("reaches" the verb is not "reach" the keyword) */
		bool same = (kl == n || (kl + 1 == n && w[kl] == 's')) && memcmp(s->kw[k].word, w, kl) == 0;
		/* but a shorter word the keyword begins with is a word of its own ("command",
		 * "commander") */
		if (!same && n >= 6 && !(n < kl && memcmp(s->kw[k].word, w, n) == 0))
			same = srch_damerau(w, n, s->kw[k].word, kl, n >= 7 ? 2 : 1) <= (n >= 7 ? 2 : 1);
		if (same && kl + 1 < WORD_MAX) {
			stem[0] = '=';
			memcpy(stem + 1, s->kw[k].word, kl);
			stem[kl + 1] = '\0';
			return kl + 1;
		}
	}
	return sl;
}

/* Protect the one-word titles of keyword actions and abilities (chapters 701, 702) and
 * of the casual variants (chapter 9): "Commander" the variant must not share the stem
 * "command" with the command zone, which Planechase, Vanguard and emblems use too. */
static void
protect_keywords(struct srch *s, const struct jrelease *rel)
{
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const struct jrule *r = &rel->rules[i];
		unsigned ch = JRID_CHAP(r->id);
		if (!r->title || (ch == 701 || ch == 702 ? jrid_level(r->id) != JL_RULE :
		    ch / 100 != 9 || jrid_level(r->id) != JL_CHAPTER))
			continue;
		size_t pos = 0, n = strlen(r->title), k = 0;
		struct stok t, first;
		while (stok_next(r->title, n, &pos, &t))
			if (k++ == 0)
				first = t;
		if (k != 1 || first.num)
			continue;
		char stem[WORD_MAX];
		size_t sl = srch_stem(s, first.f, first.flen, stem, sizeof stem);
		if (sl == first.flen)
			continue;   /* the stem is the word: nothing to keep apart */
		s->kw = xgrow(s->kw, &s->kwcap, s->nkw + 1, sizeof *s->kw);
		s->kw[s->nkw].word = arena_strndup(&s->arena, first.f, first.flen);
		s->kw[s->nkw].stem = arena_strndup(&s->arena, stem, sl);
		s->nkw++;
	}
	if (s->nkw)
		xqsort(s->kw, s->nkw, sizeof *s->kw, cmp_kw);
}

/* The surface word for folded text, created (and stemmed once) when new. w is a
 * struct stok's f: eight bytes may be read whatever n. */
static uint32_t
intern_word(struct srch *s, const char *w, size_t n, uint32_t hash)
{
	/* the hot path of indexing (one probe per token): shash_get_h inlined for words */
	const struct shash *wh = &s->wordh;
	uint64_t head = sword_head(w, n);
	if (wh->cap) {
		uint32_t i = hash & (wh->cap - 1), v;
		while ((v = wh->slot[i]) != 0) {
			const struct sword *sw = &s->words[v - 1];
			/* the head decides most words without touching their text */
			if (wh->hv[i] == hash && sw->head == head && sw->len == n &&
			    (n <= 8 || memcmp(sw->w + 8, w + 8, n - 8) == 0))
				return v - 1;
			i = (i + 1) & (wh->cap - 1);
		}
	}
	uint32_t v;
	char stem[WORD_MAX];
	size_t sl = srch_stem(s, w, n, stem, sizeof stem);
	sl = keyword_term(s, w, n, stem, sl);
	uint32_t t = intern_term(s, stem, sl);
	s->words = xgrow(s->words, &s->wordcap, s->nwords + 1, sizeof *s->words);
	v = (uint32_t)s->nwords++;
	s->words[v].w = arena_strndup(&s->arena, w, n);
	s->words[v].len = (uint32_t)n;
	s->words[v].head = head;
	s->words[v].term = t;
	s->words[v].count = 0;
	s->words[v].stop = srch_is_stop(w, n);
	shash_put(s, &s->wordh, v, true);
	return v;
}

uint32_t
srch_term_of(struct srch *s, const char *folded, size_t n)
{
	uint32_t v = shash_get(s, &s->wordh, folded, n, true);
	if (v != UINT32_MAX)
		return s->words[v].term;
	char stem[WORD_MAX];
	size_t sl = srch_stem(s, folded, n, stem, sizeof stem);
	sl = keyword_term(s, folded, n, stem, sl);
	return srch_term_lookup(s, stem, sl);
}

/* For each byte: the lower-case letter or digit it is in a plain ASCII word, else 0.
 * One load per byte instead of range tests and a case fold. */
static const unsigned char word_byte[256] = {
#define D(c) [c] = c
#define U(c) [c] = c + 32, [c + 32] = c + 32
	D('0'), D('1'), D('2'), D('3'), D('4'), D('5'), D('6'), D('7'), D('8'), D('9'),
	U('A'), U('B'), U('C'), U('D'), U('E'), U('F'), U('G'), U('H'), U('I'), U('J'),
	U('K'), U('L'), U('M'), U('N'), U('O'), U('P'), U('Q'), U('R'), U('S'), U('T'),
	U('U'), U('V'), U('W'), U('X'), U('Y'), U('Z'),
#undef D
#undef U
};
/* Bytes that may start a token: word bytes, "+1/+1" signs, "*" of "* /2", non-ASCII. */
static const unsigned char starts_tok[256] = {
#define R8(c) [c] = 1, [c + 1] = 1, [c + 2] = 1, [c + 3] = 1, [c + 4] = 1, [c + 5] = 1, [c + 6] = 1, [c + 7] = 1
	R8(0x80), R8(0x88), R8(0x90), R8(0x98), R8(0xA0), R8(0xA8), R8(0xB0), R8(0xB8),
	R8(0xC0), R8(0xC8), R8(0xD0), R8(0xD8), R8(0xE0), R8(0xE8), R8(0xF0), R8(0xF8),
	R8('0'), ['8'] = 1, ['9'] = 1, R8('A'), R8('I'), R8('Q'), ['Y'] = 1, ['Z'] = 1,
	R8('a'), R8('i'), R8('q'), ['y'] = 1, ['z'] = 1, ['+'] = 1, ['-'] = 1, ['*'] = 1,
#undef R8
};

/* Tokenize one field of a document onto the token stream; returns how many tokens.
 * Plain ASCII words (most of the rules) take a fast path here; anything else (accents,
 * curly apostrophes, rule numbers, "+1/+1") goes through stok_next, which they match. */
static uint16_t
add_field(struct srch *s, const char *text, size_t n, bool count_title, struct sdoc *d)
{
	size_t pos = 0, k = 0;
	const unsigned char *u = (const unsigned char *)text;
	struct stok t;
	uint32_t seen[32];
	size_t nseen = 0;
	/* a field of n bytes holds at most n/2+1 tokens: grow once, not per token */
	s->toks = xgrow(s->toks, &s->tokcap, s->ntoks + n / 2 + 2, sizeof *s->toks);
	while (pos < n) {
		unsigned char c = u[pos];
		const char *w;
		size_t wl;
		uint32_t h;
		if (!starts_tok[c]) {
			pos++;
			continue;
		}
		size_t b = pos;
		unsigned char l = word_byte[c];
		if (l > '9' && l != 'x') {
			h = 2166136261u;
			wl = 0;
			/* the text ends with a NUL, whose word_byte is 0: no bounds test needed */
			while ((l = word_byte[u[pos]]) != 0) {
				if (wl < WORD_MAX - 1) {
					t.f[wl++] = (char)l;
					h = (h ^ l) * 16777619u;
				}
				pos++;
			}
			if (pos < n && (u[pos] >= 0x80 || u[pos] == '\'' || u[pos] == '/')) {
				pos = b;
				goto slow;
			}
			w = t.f;
			goto emit;
		}
	slow:
		if (!stok_next(text, n, &pos, &t))
			break;
		w = t.f;
		wl = t.flen;
		h = t.hash;
	emit:;
		if (s->scan_only) {   /* srch_scan_seconds(): the words found, nothing kept */
			s->scan_sink += h + (uint32_t)wl;
			k++;
			continue;
		}
		uint32_t v = intern_word(s, w, wl, h);
		s->words[v].count++;
		if (s->words[v].stop)
			continue;
		uint32_t term = s->words[v].term;
		s->toks[s->ntoks++] = term;
		k++;
		if (count_title) {
			size_t i;
			for (i = 0; i < nseen && seen[i] != term; i++)
				;
			if (i == nseen && nseen < 32)
				seen[nseen++] = term;
		}
		if (k == UINT16_MAX)
			break;
	}
	if (count_title)
		d->ntitle = (uint8_t)nseen;
	return (uint16_t)k;
}

static uint32_t
add_doc_full(struct srch *s, enum srch_kind kind, const char *id, const char *title,
    const char *ctx, const char *body, jrid rid)
{
	if (s->final)
		return UINT32_MAX;
	s->docs = xgrow(s->docs, &s->doccap, s->ndocs + 1, sizeof *s->docs);
	struct sdoc *d = &s->docs[s->ndocs];
	memset(d, 0, sizeof *d);
	/* each string is measured once, then copied and tokenized with its length */
	size_t tl = title ? strlen(title) : 0, cl = ctx ? strlen(ctx) : 0;
	size_t bl = body ? strlen(body) : 0;
	d->kind = (uint8_t)kind;
	d->id = arena_strdup(&s->arena, id ? id : "");
	d->title = tl ? arena_strndup(&s->arena, title, tl) : NULL;
	d->ctx = cl ? arena_strndup(&s->arena, ctx, cl) : NULL;
	d->body = arena_strndup(&s->arena, body ? body : "", bl);
	d->rid = rid;
	d->tok = (uint32_t)s->ntoks;
	d->nf[F_TITLE] = add_field(s, d->title, tl, true, d);
	/* consecutive subrules share their context: tokenize it once */
	if (d->ctx && s->last_ctx && cl == s->last_ctx_len && memcmp(d->ctx, s->last_ctx, cl) == 0) {
		s->toks = xgrow(s->toks, &s->tokcap, s->ntoks + s->last_nctx, sizeof *s->toks);
		memmove(s->toks + s->ntoks, s->toks + s->last_ctx_tok, s->last_nctx * sizeof *s->toks);
		s->ntoks += s->last_nctx;
		d->nf[F_CTX] = (uint16_t)s->last_nctx;
	} else {
		size_t at = s->ntoks;
		d->nf[F_CTX] = add_field(s, d->ctx, cl, false, d);
		s->last_ctx = d->ctx;
		s->last_ctx_len = cl;
		s->last_ctx_tok = at;
		s->last_nctx = d->nf[F_CTX];
	}
	d->nf[F_BODY] = add_field(s, d->body, bl, false, d);
	d->ntok = (uint32_t)(s->ntoks - d->tok);
	return (uint32_t)s->ndocs++;
}

uint32_t
srch_add_doc(struct srch *s, enum srch_kind kind, const char *id, const char *title,
    const char *body)
{
	if ((unsigned)kind >= SK_NKINDS)
		kind = SK_TEXTBOOK;
	if (s->deferring) {
		double t0 = now();
		srch_cache_key_doc(s, kind, id, title, body);
		s->pend = xgrow(s->pend, &s->pendcap, s->npend + 1, sizeof *s->pend);
		s->pend[s->npend++] = (struct spend){ .what = PEND_DOC, .kind = (uint8_t)kind,
		    .id = arena_strdup(&s->arena, id ? id : ""), .title = title ? arena_strdup(&s->arena, title) : NULL,
		    .body = arena_strdup(&s->arena, body ? body : "") };
		s->load_seconds += now() - t0;
		return s->npend_docs++;
	}
	double t0 = now();
	uint32_t d = add_doc_full(s, kind, id, title, NULL, body, 0);
	s->build_seconds += now() - t0;
	return d;
}

/* The titles of a rule's titled ancestors up to its chapter: "Trample" for 702.19b,
 * "State-Based Actions" for 704.5j. The section's title is too broad to help. */
static void
rule_context(const struct jrelease *rel, const struct jrule *r, struct sbuf *b)
{
	sbuf_reset(b);
	bool general = false;
	for (uint32_t p = r->parent; p != JNONE && p < rel->nrules; p = rel->rules[p].parent) {
		const struct jrule *pr = &rel->rules[p];
		/* a section's title is too broad to search by, except under its "General"
		 * chapter, which says nothing else (800.4a is about "Multiplayer Rules") */
		if (jrid_level(pr->id) == JL_SECTION && !general)
			break;
		if (jrid_level(pr->id) == JL_CHAPTER && pr->title && strcmp(pr->title, "General") == 0)
			general = true;
		if (pr->title) {
			if (b->len)
				sbuf_adds(b, "; ");
			sbuf_adds(b, pr->title);
		}
	}
}

void
srch_add_release(struct srch *s, const struct jrelease *rel)
{
	if (s->final)
		return;
	if (rel->date > s->rel_date)
		s->rel_date = rel->date;
	if (s->deferring) {
		/* only the key now; the release is read again if the cache has no index */
		double t0 = now();
		srch_cache_key_release(s, rel);
		s->pend = xgrow(s->pend, &s->pendcap, s->npend + 1, sizeof *s->pend);
		s->pend[s->npend++] = (struct spend){ .what = PEND_RELEASE, .rel = rel };
		s->npend_docs += rel->nrules + rel->ngloss;
		for (uint32_t i = 0; i < rel->nrules; i++)
			s->npend_docs += rel->rules[i].nexamples;
		s->load_seconds += now() - t0;
		return;
	}
	struct sbuf ctx = {0}, ectx = {0}, title = {0};
	double t0 = now();
	protect_keywords(s, rel);
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const struct jrule *r = &rel->rules[i];
		const char *body = r->text ? r->text : "";
		/* a titled rule's text starts with its title: keep the title in one field only */
		if (r->title) {
			size_t tl = strlen(r->title);
			if (strncmp(body, r->title, tl) == 0) {
				body += tl;
				while (*body == ' ' || *body == '\n' || *body == '.')
					body++;
			}
		}
		rule_context(rel, r, &ctx);
		uint32_t dn = add_doc_full(s, SK_RULE, r->num, r->title, sbuf_str(&ctx), body, r->id);
		/* a rule many others cite is central: 704.5a, 608.2b, 117.3 */
		if (dn != UINT32_MAX)
			s->docs[dn].prior = (float)log1p((double)r->nbackrefs + r->ngloss_backrefs);
		/* an example is read in the light of its rule's title and context */
		sbuf_reset(&ectx);
		if (r->title)
			sbuf_adds(&ectx, r->title);
		if (ctx.len) {
			if (ectx.len)
				sbuf_adds(&ectx, "; ");
			sbuf_adds(&ectx, ctx.s);
		}
		for (uint32_t e = 0; e < r->nexamples; e++)
			add_doc_full(s, SK_EXAMPLE, r->num, NULL, sbuf_str(&ectx), r->examples[e], r->id);
	}
	for (uint32_t g = 0; g < rel->ngloss; g++) {
		const struct jgloss *gl = &rel->gloss[g];
		sbuf_reset(&title);
		if (gl->naliases == 0)
			sbuf_adds(&title, gl->head);
		for (uint32_t a = 0; a < gl->naliases; a++) {
			if (a)
				sbuf_adds(&title, ", ");
			sbuf_adds(&title, gl->aliases[a]);
		}
		struct sbuf body = {0};
		sbuf_adds(&body, gl->text ? gl->text : "");
		for (uint32_t e = 0; e < gl->nexamples; e++) {
			sbuf_adds(&body, "\nExample: ");
			sbuf_adds(&body, gl->examples[e]);
		}
		uint32_t dn = add_doc_full(s, SK_GLOSSARY, gl->head, sbuf_str(&title), NULL, sbuf_str(&body), 0);
		sbuf_free(&body);
		if (dn != UINT32_MAX && gl->nrefs) {
			jrid *refs = arena_alloc(&s->arena, gl->nrefs * sizeof *refs);
			uint32_t k = 0;
			for (uint32_t r = 0; r < gl->nrefs; r++)
				if (gl->refs[r] < rel->nrules)
					refs[k++] = rel->rules[gl->refs[r]].id;
			s->docs[dn].refs = refs;
			s->docs[dn].nrefs = k;
		}
	}
	sbuf_free(&ctx);
	sbuf_free(&ectx);
	sbuf_free(&title);
	s->build_seconds += now() - t0;
}

double
srch_scan_seconds(const struct jrelease *rel)
{
	struct srch *s = srch_new();
	s->scan_only = true;
	srch_add_release(s, rel);
	double t = s->build_seconds;
	srch_free(s);
	return t;
}

static int
cmp_rid(const void *a, const void *b, void *arg)
{
	const struct srch *s = arg;
	jrid x = s->docs[*(const uint32_t *)a].rid, y = s->docs[*(const uint32_t *)b].rid;
	return (x > y) - (x < y);
}

uint32_t
srch_rule_doc(const struct srch *s, jrid id)
{
	size_t lo = 0, hi = s->nridx;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		jrid m = s->docs[s->ridx[mid]].rid;
		if (m == id)
			return s->ridx[mid];
		if (m < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return UINT32_MAX;
}


void
srch_cache_use(struct srch *s, const char *dir)
{
	if (!dir || !*dir || s->final || s->ndocs || s->npend)
		return;
	free(s->cache_dir);
	s->cache_dir = xstrdup(dir);
	s->deferring = true;
}

static void build_postings(struct srch *s);

void
srch_finalize(struct srch *s)
{
	if (s->final)
		return;
	if (s->deferring) {
		s->deferring = false;
		if (srch_cache_load(s)) {
			/* the situations' problems, said again when the cached copy had some */
			for (size_t i = 0; i < s->npend && s->sit_warn; i++)
				if (s->pend[i].what == PEND_SITUATIONS)
					srch_sit_read(s, s->pend[i].name, s->pend[i].text, s->pend[i].len, &s->late, false);
			free(s->pend);
			s->pend = NULL;
			s->npend = 0;
			return;
		}
		/* no usable file: build from what was added, in the order it came */
		for (size_t i = 0; i < s->npend; i++) {
			const struct spend *p = &s->pend[i];
			struct diags quiet = {0};   /* what it says was said when it was added */
			switch (p->what) {
			case PEND_RELEASE:
				srch_add_release(s, p->rel);
				break;
			case PEND_DOC:
				srch_add_doc(s, (enum srch_kind)p->kind, p->id, p->title, p->body);
				break;
			case PEND_THESAURUS:
				srch_add_thesaurus(s, p->name, p->text, p->len, &quiet);
				diag_clear(&quiet);
				free(quiet.v);
				break;
			case PEND_SITUATIONS: {
				size_t before = s->late.n;
				srch_sit_read(s, p->name, p->text, p->len, &s->late, true);
				s->sit_warn += (uint32_t)(s->late.n - before);
				break;
			}
			}
		}
		build_postings(s);
		srch_sit_compile(s);
		srch_cache_save(s);
		return;
	}
	build_postings(s);
}

void
srch_alloc_scratch(struct srch *s)
{
	size_t nd = s->ndocs, nt = s->nterms;
	s->scr = xcalloc(nd ? nd : 1, sizeof *s->scr);
	s->qmask = xcalloc(nt ? nt : 1, sizeof *s->qmask);
	s->touched = xmalloc((nd ? nd : 1) * sizeof *s->touched);
}

static void
build_postings(struct srch *s)
{
	double t0 = now();
	s->final = true;
	size_t nd = s->ndocs, nt = s->nterms;
	uint32_t *last = xmalloc((nt + 1) * sizeof *last);
	uint32_t *cur = xmalloc((nt + 1) * sizeof *cur);
	for (size_t t = 0; t < nt; t++) {
		last[t] = UINT32_MAX;
		s->terms[t].npost = 0;
	}
	/* pass 1: how many documents each term is in */
	for (size_t d = 0; d < nd; d++) {
		const struct sdoc *doc = &s->docs[d];
		for (uint32_t k = 0; k < doc->ntok; k++) {
			uint32_t t = s->toks[doc->tok + k];
			if (last[t] != d) {
				last[t] = (uint32_t)d;
				s->terms[t].npost++;
			}
		}
	}
	size_t total = 0;
	for (size_t t = 0; t < nt; t++) {
		s->terms[t].post = (uint32_t)total;
		s->terms[t].df = s->terms[t].npost;
		total += s->terms[t].npost;
		last[t] = UINT32_MAX;
		cur[t] = s->terms[t].post;
	}
	s->posts = xcalloc(total ? total : 1, sizeof *s->posts);
	s->nposts = total;
	double lensum[NF] = {0}, withf[NF] = {0};
	/* pass 2: fill postings in document order, counting per field */
	for (size_t d = 0; d < nd; d++) {
		const struct sdoc *doc = &s->docs[d];
		uint32_t k = 0;
		for (int f = 0; f < NF; f++) {
			if (doc->nf[f]) {
				lensum[f] += doc->nf[f];
				withf[f] += 1;
			}
			for (uint32_t e = k + doc->nf[f]; k < e; k++) {
				uint32_t t = s->toks[doc->tok + k];
				uint32_t p;
				if (last[t] != d) {
					last[t] = (uint32_t)d;
					p = cur[t]++;
					s->posts[p].doc = (uint32_t)d;
				} else {
					p = cur[t] - 1;
				}
				if (s->posts[p].tf[f] < UINT16_MAX)
					s->posts[p].tf[f]++;
			}
		}
	}
	for (int f = 0; f < NF; f++)
		s->avglen[f] = withf[f] > 0 ? lensum[f] / withf[f] : 1.0;
	free(last);
	free(cur);
	s->by_len = xmalloc((s->nwords + 1) * sizeof *s->by_len);
	/* words by length (a counting sort), for typo candidates */
	s->len_start = xcalloc(WORD_MAX + 2, sizeof *s->len_start);
	for (size_t w = 0; w < s->nwords; w++)
		s->len_start[s->words[w].len + 1]++;
	for (uint32_t L = 1; L <= WORD_MAX + 1; L++)
		s->len_start[L] += s->len_start[L - 1];
	uint32_t fill[WORD_MAX + 2];
	memcpy(fill, s->len_start, sizeof fill);
	for (size_t w = 0; w < s->nwords; w++)
		s->by_len[fill[s->words[w].len]++] = (uint32_t)w;
	s->ridx = xmalloc((nd ? nd : 1) * sizeof *s->ridx);
	for (size_t d = 0; d < nd; d++)
		if (s->docs[d].kind == SK_RULE && s->docs[d].rid)
			s->ridx[s->nridx++] = (uint32_t)d;
	qsort_r(s->ridx, s->nridx, sizeof *s->ridx, cmp_rid, s);
	srch_alloc_scratch(s);
	s->build_seconds += now() - t0;
}

/* The edit distance (base/editdist.h), or maxd+1 when larger. */
int
srch_damerau(const char *a, size_t na, const char *b, size_t nb, int maxd)
{
	if (na > WORD_MAX || nb > WORD_MAX)
		return maxd + 1;
	if ((na > nb ? na - nb : nb - na) > (size_t)maxd)
		return maxd + 1;
	struct ed_pattern e;
	ed_pattern_init(&e, a, na, false);
	int d = ed_pattern_distance(&e, b, nb, 0, NULL);
	return d > maxd ? maxd + 1 : d;
}

size_t
srch_near_words(const struct srch *s, const char *w, size_t n, int maxd, uint32_t *out,
    int *dist, size_t cap)
{
	size_t k = 0;
	if (!s->len_start || cap == 0)
		return 0;
	size_t lo = n > (size_t)maxd ? n - (size_t)maxd : 0, hi = n + (size_t)maxd;
	if (hi > WORD_MAX)
		hi = WORD_MAX;
	if (n > WORD_MAX)
		return 0;
	struct ed_pattern e;
	ed_pattern_init(&e, w, n, false);
	for (uint32_t i = s->len_start[lo]; i < s->len_start[hi + 1]; i++) {
		uint32_t v = s->by_len[i];
		const struct sword *sw = &s->words[v];
		if (sw->stop || (sw->w[0] >= '0' && sw->w[0] <= '9'))
			continue;
		int dd = ed_pattern_distance(&e, sw->w, sw->len, 0, NULL);
		if (dd > maxd || dd == 0)
			continue;
		/* keep the best cap: by distance, then by how common the word is */
		size_t j = k < cap ? k++ : cap;
		while (j > 0 && (dist[j - 1] > dd ||
		    (dist[j - 1] == dd && s->words[out[j - 1]].count < sw->count))) {
			if (j < cap) {
				out[j] = out[j - 1];
				dist[j] = dist[j - 1];
			}
			j--;
		}
		if (j < cap) {
			out[j] = v;
			dist[j] = dd;
		}
	}
	return k;
}

size_t
srch_prefix_terms(const struct srch *s, const char *prefix, size_t n, uint32_t *out, size_t cap)
{
	size_t k = 0;
	for (size_t w = 0; w < s->nwords && k < cap; w++) {
		const struct sword *sw = &s->words[w];
		if (sw->stop || sw->len < n || memcmp(sw->w, prefix, n) != 0)
			continue;
		size_t j;
		for (j = 0; j < k && out[j] != sw->term; j++)
			;
		if (j == k)
			out[k++] = sw->term;
	}
	return k;
}

uint32_t
srch_ndocs(const struct srch *s)
{
	return (uint32_t)s->ndocs;
}

enum srch_kind
srch_doc_kind(const struct srch *s, uint32_t doc)
{
	return (enum srch_kind)s->docs[doc].kind;
}

const char *
srch_doc_id(const struct srch *s, uint32_t doc)
{
	return s->docs[doc].id;
}

const char *
srch_doc_title(const struct srch *s, uint32_t doc)
{
	return s->docs[doc].title;
}

const char *
srch_doc_body(const struct srch *s, uint32_t doc)
{
	return s->docs[doc].body;
}

const char *
srch_doc_context(const struct srch *s, uint32_t doc)
{
	return s->docs[doc].ctx;
}

jrid
srch_doc_rule(const struct srch *s, uint32_t doc)
{
	return s->docs[doc].rid;
}

size_t
srch_doc_rules(const struct srch *s, uint32_t doc, const jrid **out)
{
	const struct sdoc *d = &s->docs[doc];
	if (d->rid) {
		*out = &d->rid;
		return 1;
	}
	*out = d->refs;
	return d->nrefs;
}

void
srch_set_owner(struct srch *s, const void *owner)
{
	s->owner = owner;
}

const void *
srch_owner(const struct srch *s)
{
	return s->owner;
}

const char *
srch_kind_name(enum srch_kind k)
{
	switch (k) {
	case SK_RULE: return "rule";
	case SK_GLOSSARY: return "glossary";
	case SK_EXAMPLE: return "example";
	case SK_TEXTBOOK: return "textbook";
	default: return "?";
	}
}

void
srch_stats(struct srch *s, struct srch_stats *st)
{
	memset(st, 0, sizeof *st);
	st->ndocs = (uint32_t)s->ndocs;
	st->nterms = (uint32_t)s->nterms;
	st->nwords = (uint32_t)s->nwords;
	st->nthesaurus = (uint32_t)s->nthes;
	st->ntokens = s->ntoks;
	st->bytes = s->arena.used_total + s->nposts * sizeof *s->posts + s->ntoks * sizeof *s->toks +
	    s->ndocs * sizeof *s->docs;
	st->build_seconds = s->build_seconds;
	st->from_cache = s->from_cache;
	st->load_seconds = s->load_seconds;
	st->save_seconds = s->save_seconds;
	st->cache_bytes = s->cache_bytes;
	st->cache_note = s->cache_note;
}
