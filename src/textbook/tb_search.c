/* tb_search.c — words for matching (folded, Snowball-stemmed, stopwords dropped) and the
 * topic search over a book's pages and headings. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <libstemmer.h>
#include "tb_build.h"

static bool
stopword(const char *w)
{
	static const char *const stop[] = { "a", "an", "the", "of", "and", "or", "to", "in", "on",
		"with", "for", "by", "from", "at", "as", "is", "are", "be", "it", "its", "your", "you",
		"what", "how", "that", "this", "these", "those", "vs", "do", "does", "into", "onto",
		"when", "which", "who", "why", "s", "than", "then", "there", "we", "i", "my", "me",
		"us", "our", "can", "not", NULL };
	for (int i = 0; stop[i]; i++)
		if (strcmp(w, stop[i]) == 0)
			return true;
	return false;
}

/* "abilities" -> "ability", "boxes" -> "box", "cards" -> "card": plurals only. */
static size_t
singular(char *w, size_t len)
{
	if (len > 4 && strcmp(w + len - 3, "ies") == 0) {
		strcpy(w + len - 3, "y");
		return len - 2;
	}
	if (len > 4 && (strcmp(w + len - 4, "ches") == 0 || strcmp(w + len - 4, "shes") == 0
	    || strcmp(w + len - 3, "xes") == 0 || strcmp(w + len - 4, "sses") == 0)) {
		w[len - 2] = '\0';
		return len - 2;
	}
	if (len > 3 && w[len - 1] == 's' && w[len - 2] != 's' && w[len - 2] != 'u') {
		w[len - 1] = '\0';
		return len - 1;
	}
	return len;
}

static size_t split_words(struct tb_book *b, const char *text, bool drop_stop, bool stem,
    char *buf, size_t cap, const char **w, size_t max);

size_t
tb_words(struct tb_book *b, const char *text, bool drop_stop, char *buf, size_t cap,
    const char **w, size_t max)
{
	return split_words(b, text, drop_stop, true, buf, cap, w, max);
}

size_t
tb_words_plain(struct tb_book *b, const char *text, char *buf, size_t cap, const char **w,
    size_t max)
{
	return split_words(b, text, true, false, buf, cap, w, max);
}

static size_t
split_words(struct tb_book *b, const char *text, bool drop_stop, bool stem, char *buf,
    size_t cap, const char **w, size_t max)
{
	if (!b->stemmer)
		b->stemmer = sb_stemmer_new("english", NULL);
	struct sbuf f = {0};
	tb_fold(text, strlen(text), &f);
	size_t n = 0, used = 0;
	const char *p = f.s;
	while (*p && n < max) {
		while (*p && !isalnum((unsigned char)*p))
			p++;
		const char *s = p;
		while (*p && (isalnum((unsigned char)*p) || (*p == '\'' && isalpha((unsigned char)p[1]))))
			p++;
		size_t len = (size_t)(p - s);
		if (!len)
			break;
		/* possessives and contractions keep their stem: "object's" -> "object" */
		const char *ap = memchr(s, '\'', len);
		char word[64];
		if (ap && (size_t)(ap - s) + 2 == len && ap[1] == 's')
			len = (size_t)(ap - s);
		if (len >= sizeof word)
			len = sizeof word - 1;
		memcpy(word, s, len);
		word[len] = '\0';
		if (drop_stop && stopword(word))
			continue;
		const char *st = word;
		size_t sl = len;
		if (!stem)
			sl = singular(word, len);
		else if (b->stemmer) {
			const sb_symbol *r = sb_stemmer_stem(b->stemmer, (const sb_symbol *)word, (int)len);
			if (r) {
				st = (const char *)r;
				sl = (size_t)sb_stemmer_length(b->stemmer);
			}
		}
		if (used + sl + 1 > cap)
			break;
		memcpy(buf + used, st, sl);
		buf[used + sl] = '\0';
		w[n++] = buf + used;
		used += sl + 1;
	}
	sbuf_free(&f);
	return n;
}

#define QW 32

struct qwords {
	char buf[1024];
	const char *w[QW];
	size_t n;
};

/* How well text answers the query: 1 when every query word is there. */
static double
coverage(struct tb_book *b, const struct qwords *q, const char *text, bool *exact)
{
	static char buf[8192];
	static const char *w[512];
	size_t n = tb_words(b, text, true, buf, sizeof buf, w, 512);
	size_t hit = 0;
	for (size_t i = 0; i < q->n; i++)
		for (size_t j = 0; j < n; j++)
			if (strcmp(q->w[i], w[j]) == 0) {
				hit++;
				break;
			}
	if (exact) {
		*exact = n == q->n && hit == q->n;
		for (size_t i = 0; *exact && i < n; i++)
			*exact = strcmp(q->w[i], w[i]) == 0;
	}
	return q->n ? (double)hit / (double)q->n : 0;
}

void
tb_words_cache_free(struct tb_book *b)
{
	struct tb_words_cache *c = b->words;
	if (!c)
		return;
	for (uint32_t i = 0; i < b->nblocks; i++) {
		free(c->buf[i]);
		free(c->w[i]);
	}
	free(c->buf);
	free(c->w);
	free(c->n);
	free(c);
	b->words = NULL;
}

static struct tb_words_cache *
cache(struct tb_book *b)
{
	if (b->words)
		return b->words;
	struct tb_words_cache *c = xcalloc(1, sizeof *c);
	c->buf = xcalloc(b->nblocks + 1, sizeof *c->buf);
	c->w = xcalloc(b->nblocks + 1, sizeof *c->w);
	c->n = xcalloc(b->nblocks + 1, sizeof *c->n);
	for (uint32_t i = 0; i < b->nblocks; i++) {
		size_t len = strlen(b->blocks[i].text);
		size_t cap = len + 2, max = len / 2 + 2;
		c->buf[i] = xmalloc(cap);
		c->w[i] = xmalloc(max * sizeof *c->w[i]);
		c->n[i] = tb_words(b, b->blocks[i].text, true, c->buf[i], cap, c->w[i], max);
	}
	b->words = c;
	return c;
}

/* Query words in blocks [first, first+count): each present word scores 20 (10 when only
 * examples use it) plus its count, capped so one long page does not win by length. */
static double
body_score(struct tb_book *b, const struct qwords *q, uint32_t first, uint32_t count)
{
	struct tb_words_cache *c = cache(b);
	double found[QW] = {0};
	bool in_text[QW] = {0};
	for (uint32_t k = first; k < first + count; k++) {
		bool ex = b->blocks[k].kind == TB_EXAMPLE;
		for (size_t i = 0; i < q->n; i++)
			for (size_t j = 0; j < c->n[k]; j++)
				if (strcmp(q->w[i], c->w[k][j]) == 0) {
					found[i] += ex ? 0.5 : 1;
					in_text[i] |= !ex;
				}
	}
	double s = 0, have = 0;
	for (size_t i = 0; i < q->n; i++) {
		if (found[i] > 0)
			have += in_text[i] ? 1 : 0.5;
		s += found[i] > 8 ? 8 : found[i];
	}
	if (!q->n)
		return 0;
	return 20.0 * have / (double)q->n + s / (double)q->n;
}

static int
cmp_hit(const void *a, const void *b)
{
	const struct tb_hit *x = a, *y = b;
	if (x->score != y->score)
		return x->score < y->score ? 1 : -1;
	if (x->page != y->page)
		return x->page < y->page ? -1 : 1;
	return x->heading < y->heading ? -1 : x->heading > y->heading;
}

size_t
tb_search(struct tb_book *b, const char *topic, struct tb_hit *out, size_t max)
{
	struct qwords q;
	q.n = tb_words(b, topic, true, q.buf, sizeof q.buf, q.w, QW);
	if (q.n == 0)
		q.n = tb_words(b, topic, false, q.buf, sizeof q.buf, q.w, QW);
	if (q.n == 0 || max == 0)
		return 0;
	struct tb_hit *all = xcalloc(b->npages + b->nheadings + 1, sizeof *all);
	size_t n = 0;
	for (uint32_t p = 0; p < b->npages; p++) {
		const struct tb_page *pg = &b->pages[p];
		bool exact;
		double c = coverage(b, &q, pg->title, &exact);
		double s = exact ? 100 : c >= 1 ? 70 : c * 40;
		/* the chapter a one-page chapter is named after counts as its title too */
		if (s < 100 && strcmp(pg->chapter, pg->title) != 0) {
			double cc = coverage(b, &q, pg->chapter, &exact);
			if (exact || cc >= 1)
				s = s > 50 ? s : 50;
		}
		double body = body_score(b, &q, pg->block0, pg->nblocks);
		if (s > 0 || body > 0) {
			all[n].page = p;
			all[n].heading = TB_NONE;
			all[n].score = s + body * 0.5;
			n++;
		}
		for (uint32_t h = pg->heading0; h < pg->heading0 + pg->nheadings; h++) {
			double hc = coverage(b, &q, b->headings[h].title, &exact);
			double hs = exact ? 95 : hc >= 1 ? 65 : 0;
			uint32_t f, cnt;
			tb_section_blocks(b, p, h, &f, &cnt);
			double hb = body_score(b, &q, f, cnt);
			/* a section about the topic beats the page holding it, by a little */
			if (hs == 0 && hb > 0)
				hs = 1;
			if (hs == 0)
				continue;
			all[n].page = p;
			all[n].heading = h;
			all[n].score = hs + hb * 0.5;
			n++;
		}
	}
	xqsort(all, n, sizeof *all, cmp_hit);
	if (n > max)
		n = max;
	memcpy(out, all, n * sizeof *out);
	free(all);
	return n;
}
