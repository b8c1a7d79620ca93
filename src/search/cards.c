/* cards.c — what the search index does for a question that names a card (the card module finds
 * the names): say whether a word is one the rules use, and move the rules the card touches up
 * the ranking, bringing them in when the words missed them. */
#include "srch_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

bool
srch_knows_word(struct srch *s, const char *folded)
{
	srch_finalize(s);
	return srch_term_of(s, folded, strlen(folded)) != UINT32_MAX;
}

/* w as a whole word of text, in any case */
static bool
has_word(const char *text, const char *w, size_t n)
{
	for (const char *p = text; p && (p = strcasestr(p, w)) != NULL; p++) {
		bool before = p == text || !isalnum((unsigned char)p[-1]);
		bool after = !isalnum((unsigned char)p[n]);
		if (before && after)
			return true;
	}
	return false;
}

bool
srch_vocab_knows(struct srch *s, const char *folded)
{
	srch_finalize(s);
	size_t n = strlen(folded);
	if (n == 0)
		return false;
	char stem[128];
	size_t sn = srch_stem(s, folded, n, stem, sizeof stem);
	stem[sn < sizeof stem ? sn : sizeof stem - 1] = '\0';
	for (size_t i = 0; i < s->nthes; i++)
		if (has_word(s->thes[i].from, stem, strlen(stem)) || has_word(s->thes[i].from, folded, n) ||
		    has_word(s->thes[i].to, folded, n))
			return true;
	return false;
}

bool
srch_typo_of_known(struct srch *s, const char *folded)
{
	srch_finalize(s);
	size_t n = strlen(folded);
	if (n < 4)
		return false;
	uint32_t cand[1];
	int dist[1];
	return srch_near_words(s, folded, n, n >= 7 ? 2 : 1, cand, dist, 1) > 0;
}

static int
hit_desc(const void *a, const void *b)
{
	const struct srch_hit *x = a, *y = b;
	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	return x->doc < y->doc ? -1 : x->doc > y->doc;
}

void
srch_boost_rules(struct srch *s, struct srch_result *r, const jrid *rules, const float *weight,
    size_t n, size_t limit)
{
	if (limit == 0)
		limit = 10;
	/* a boost is a share of the best score the words earned, so it means the same in any query */
	float top = r->nshown ? r->hits[0].score : 1.0f;
	size_t cap = r->nshown + n;
	r->hits = realloc(r->hits, (cap ? cap : 1) * sizeof *r->hits);
	if (!r->hits)
		abort();
	for (size_t i = 0; i < n; i++) {
		uint32_t doc = srch_rule_doc(s, rules[i]);
		if (doc == UINT32_MAX)
			continue;
		size_t k = 0;
		while (k < r->nshown && r->hits[k].doc != doc)
			k++;
		if (k == r->nshown) {
			r->hits[k].doc = doc;
			r->hits[k].score = 0;
			r->hits[k].sit = 0;
			r->nshown++;
			r->nhits++;
		}
		r->hits[k].score += weight[i] * top;
	}
	xqsort(r->hits, r->nshown, sizeof *r->hits, hit_desc);
	if (r->nshown > limit)
		r->nshown = limit;
}
