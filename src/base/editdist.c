/* editdist.c — the one edit distance (optimal string alignment) and the nearest of a list of
 * names. */
#include "editdist.h"

#include <ctype.h>
#include <string.h>

void
ed_pattern_init(struct ed_pattern *e, const char *p, size_t n, bool fold)
{
	memset(e->peq, 0, sizeof e->peq);
	e->too_long = n > 64;
	e->n = e->too_long ? 0 : n;
	e->p = p;
	for (size_t i = 0; i < e->n; i++) {
		unsigned char c = (unsigned char)p[i];
		e->peq[c] |= UINT64_C(1) << i;
		if (fold && isalpha(c) && c < 128) {
			e->peq[tolower(c)] |= UINT64_C(1) << i;
			e->peq[toupper(c)] |= UINT64_C(1) << i;
		}
	}
}

/* One pass of bit vectors over the text, ~20 operations a byte instead of a row of the table
 * (Hyyrö 2003, with the transposition term, as rapidfuzz implements it). */
int
ed_pattern_distance(const struct ed_pattern *e, const char *text, size_t tn, size_t prefix,
    int *at_prefix)
{
	if (at_prefix)
		*at_prefix = 1000;
	if (e->too_long)
		return 1000;
	if (e->n == 0) {   /* from nothing: one a byte */
		if (at_prefix && prefix && prefix <= tn)
			*at_prefix = (int)prefix;
		return (int)tn;
	}
	uint64_t vp = ~UINT64_C(0), vn = 0, d0 = 0, pm_old = 0, mask = UINT64_C(1) << (e->n - 1);
	int dist = (int)e->n;
	for (size_t j = 0; j < tn; j++) {
		uint64_t pm = e->peq[(unsigned char)text[j]];
		uint64_t tr = (((~d0) & pm) << 1) & pm_old;
		d0 = (((pm & vp) + vp) ^ vp) | pm | vn | tr;
		uint64_t hp = vn | ~(d0 | vp), hn = d0 & vp;
		dist += (hp & mask) != 0;
		dist -= (hn & mask) != 0;
		hp = (hp << 1) | 1;
		hn <<= 1;
		vp = hn | ~(d0 | hp);
		vn = hp & d0;
		pm_old = pm;
		if (j + 1 == prefix && at_prefix)
			*at_prefix = dist;
	}
	return dist;
}

size_t
ed_distance(const char *a, const char *b, size_t cap)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 63 || lb > 63)
		return cap + 1;
	struct ed_pattern e;
	ed_pattern_init(&e, a, la, true);
	size_t d = (size_t)ed_pattern_distance(&e, b, lb, 0, NULL);
	return d > cap ? cap + 1 : d;
}

const char *
ed_nearest(const char *got, const char *const *names)
{
	size_t gl = strlen(got);
	if (gl < 3)
		return NULL;
	size_t cap = gl <= 4 ? 1 : 2, best = cap + 1;
	const char *pick = NULL;
	struct ed_pattern e;
	ed_pattern_init(&e, got, gl, true);
	for (size_t i = 0; names[i]; i++) {
		size_t nl = strlen(names[i]);
		if (gl > 63 || nl > 63 || (nl > gl ? nl - gl : gl - nl) > cap)
			continue;
		size_t d = (size_t)ed_pattern_distance(&e, names[i], nl, 0, NULL);
		if (d < best) {
			best = d;
			pick = names[i];
		}
	}
	return pick;
}
