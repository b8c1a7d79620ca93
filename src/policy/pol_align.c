/* pol_align.c — which section of one version of a policy document is which section of another:
 * matched by content (the words of the title and of the text), never by number, since the
 * documents renumber (the 2008 floor rules' 115 is the 2009 rules' 2.x, the MTR swapped 2.4
 * and 2.5 in 2023) and repeat titles ("Match Structure" in two chapters). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "pol_int.h"

/* A bag of lower-case words (3 letters and more), sorted, for overlap counts. */
struct bag {
	char **w;
	size_t n;
};

static int
cmp_w(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
bag_make(struct bag *b, const char *text)
{
	size_t cap = 0;
	b->w = NULL;
	b->n = 0;
	for (const char *p = text; p && *p;) {
		if (!isalnum((unsigned char)*p)) {
			p++;
			continue;
		}
		const char *s = p;
		while (isalnum((unsigned char)*p))
			p++;
		if (p - s < 3)
			continue;
		char *w = xstrndup(s, (size_t)(p - s));
		for (char *c = w; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		b->w = xgrow(b->w, &cap, b->n + 1, sizeof *b->w);
		b->w[b->n++] = w;
	}
	if (b->n > 1)
		xqsort(b->w, b->n, sizeof *b->w, cmp_w);
}

static void
bag_free(struct bag *b)
{
	for (size_t i = 0; i < b->n; i++)
		free(b->w[i]);
	free(b->w);
}

/* Dice coefficient of two bags (multisets): 2|A∩B| / (|A|+|B|). */
static double
dice(const struct bag *a, const struct bag *b)
{
	if (a->n + b->n == 0)
		return 1.0;
	size_t i = 0, j = 0, common = 0;
	while (i < a->n && j < b->n) {
		int c = strcmp(a->w[i], b->w[j]);
		if (c == 0)
			common++, i++, j++;
		else if (c < 0)
			i++;
		else
			j++;
	}
	return 2.0 * (double)common / (double)(a->n + b->n);
}

struct pair {
	size_t a, b;
	double s;
};

static int
cmp_pair(const void *x, const void *y)
{
	const struct pair *p = x, *q = y;
	return p->s < q->s ? 1 : p->s > q->s ? -1 : 0;
}

double
pol_section_similarity_text(const char *a, const char *b)
{
	struct bag x, y;
	bag_make(&x, a);
	bag_make(&y, b);
	double d = dice(&x, &y);
	bag_free(&x);
	bag_free(&y);
	return d;
}

void
pol_align(const struct pol_doc *A, const struct pol_doc *B, int *map, double *sim)
{
	struct bag *ta = xcalloc(A->nsec + 1, sizeof *ta), *tb = xcalloc(B->nsec + 1, sizeof *tb);
	struct bag *xa = xcalloc(A->nsec + 1, sizeof *xa), *xb = xcalloc(B->nsec + 1, sizeof *xb);
	for (size_t i = 0; i < A->nsec; i++) {
		char *t = pol_section_text(A, i);
		bag_make(&ta[i], A->sec[i].title);
		bag_make(&xa[i], t);
		free(t);
		map[i] = -1;
		sim[i] = 0;
	}
	for (size_t j = 0; j < B->nsec; j++) {
		char *t = pol_section_text(B, j);
		bag_make(&tb[j], B->sec[j].title);
		bag_make(&xb[j], t);
		free(t);
	}
	struct pair *p = NULL;
	size_t np = 0, cap = 0;
	for (size_t i = 0; i < A->nsec; i++)
		for (size_t j = 0; j < B->nsec; j++) {
			double t = dice(&ta[i], &tb[j]), x = dice(&xa[i], &xb[j]);
			/* the text says more than the title; the same kind of heading helps a little */
			double s = 0.35 * t + 0.65 * x + (A->sec[i].level == B->sec[j].level ? 0.03 : 0) +
			    (A->sec[i].appendix == B->sec[j].appendix ? 0.02 : 0);
			if (s < 0.3)
				continue;
			p = xgrow(p, &cap, np + 1, sizeof *p);
			p[np++] = (struct pair){ i, j, s };
		}
	if (np > 1)
		xqsort(p, np, sizeof *p, cmp_pair);
	bool *taken = xcalloc(B->nsec + 1, sizeof *taken);
	for (size_t k = 0; k < np; k++) {
		if (map[p[k].a] >= 0 || taken[p[k].b])
			continue;
		map[p[k].a] = (int)p[k].b;
		sim[p[k].a] = dice(&xa[p[k].a], &xb[p[k].b]);
		taken[p[k].b] = true;
	}
	free(taken);
	free(p);
	for (size_t i = 0; i < A->nsec; i++) {
		bag_free(&ta[i]);
		bag_free(&xa[i]);
	}
	for (size_t j = 0; j < B->nsec; j++) {
		bag_free(&tb[j]);
		bag_free(&xb[j]);
	}
	free(ta);
	free(tb);
	free(xa);
	free(xb);
}
