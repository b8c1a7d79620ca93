/* trace.c — what the concordance is for: the diff of two releases, the releases in date
 * order, one rule followed through all of them, and a rule mapped into another release. */
#include "history.h"

#include <stdlib.h>
#include <string.h>

#include "../base/mem.h"

bool
hist_covers(const struct jrelease *r, jrid id)
{
	if (r->fragment) {
		/* a scrape of some chapters: it speaks for the chapters it has */
		jrid ch = id;
		while (jrid_level(ch) > JL_CHAPTER)
			ch = jrid_parent(ch);
		return jrel_find(r, ch) != JNONE || jrel_find(r, id) != JNONE;
	}
	if (r->truncated)
		return r->nrules > 0 && id <= r->rules[r->nrules - 1].id;
	return true;
}

static bool
wanted(const struct jrelease *r, uint32_t i, jrid within)
{
	return within == JRID_NONE || (i != JNONE && jrid_within(r->rules[i].id, within));
}

static void
push(struct hist_diff *d, size_t *cap, struct hist_item it)
{
	d->v = xgrow(d->v, cap, d->n + 1, sizeof *d->v);
	d->v[d->n++] = it;
	d->count[it.kind]++;
}

void
hist_diff(const struct jrelease *a, const struct jrelease *b, jrid within,
    struct hist_diff *d)
{
	memset(d, 0, sizeof *d);
	d->al = hist_align(a, b);
	size_t cap = 0;
	const uint32_t *a2b = d->al->a2b, *b2a = d->al->b2a;
	/* matched ones in b's order, so the report reads like the new release */
	for (uint32_t bi = 0; bi < b->nrules; bi++) {
		uint32_t ai = b2a[bi];
		if (!wanted(b, bi, within) && !wanted(a, ai, within))
			continue;
		struct hist_item it = { .ai = ai, .bi = bi, .conf = 1 };
		if (ai == JNONE && !hist_covers(a, b->rules[bi].id)) {
			d->partial = true;  /* beyond what the old copy holds: no news */
			continue;
		}
		if (ai == JNONE) {
			it.kind = HK_ADDED;
			it.conf = 1;
		} else {
			const struct jrule *ra = &a->rules[ai], *rb = &b->rules[bi];
			bool same = d->al->ahash[ai] == d->al->bhash[bi];
			it.conf = d->al->conf[ai];
			it.text_changed = !same;
			it.refs_only = !same && hist_same_but_refs(ra, rb);
			it.kind = ra->id != rb->id ? HK_MOVED : same ? HK_UNCHANGED : HK_CHANGED;
		}
		push(d, &cap, it);
	}
	for (uint32_t ai = 0; ai < a->nrules; ai++) {
		if (a2b[ai] != JNONE || !wanted(a, ai, within))
			continue;
		if (!hist_covers(b, a->rules[ai].id)) {
			d->partial = true;
			continue;
		}
		push(d, &cap, (struct hist_item){ .kind = HK_REMOVED, .ai = ai, .bi = JNONE,
		    .conf = d->al->conf[ai] });
	}
	for (size_t i = 0; i < d->n; i++) {
		if (d->v[i].ai != JNONE)
			d->na++;
		if (d->v[i].bi != JNONE)
			d->nb++;
	}
}

void
hist_diff_free(struct hist_diff *d)
{
	hist_align_free(d->al);
	free(d->v);
	memset(d, 0, sizeof *d);
}

/* Sort key: the stated date, else the middle of the estimated era. */
static long
rel_key(const struct jrelease *r)
{
	if (r->date)
		return r->date;
	if (r->era_from || r->era_to) {
		int from = r->era_from ? r->era_from : r->era_to;
		int to = r->era_to ? r->era_to : r->era_from;
		return (long)((from + to) / 2) * 10000 + 701;
	}
	return 99999999;
}

struct jrelease **
hist_chain(const struct jindex *ix, uint32_t *n)
{
	struct jrelease **v = xmalloc((ix->nrels + 1) * sizeof *v);
	uint32_t k = 0;
	for (uint32_t i = 0; i < ix->nrels; i++)
		if (!ix->rels[i]->fragment && ix->rels[i]->nrules > 0)
			v[k++] = ix->rels[i];
	/* insertion sort: stable, so equal keys keep load order; there are few releases */
	for (uint32_t i = 1; i < k; i++) {
		struct jrelease *r = v[i];
		uint32_t j = i;
		while (j > 0 && rel_key(v[j - 1]) > rel_key(r)) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = r;
	}
	*n = k;
	return v;
}

/* The chain with `from` in it (a fragment asked about is placed by its era). */
static struct jrelease **
chain_with(const struct jindex *ix, const struct jrelease *from, uint32_t *n, uint32_t *pos)
{
	struct jrelease **v = hist_chain(ix, n);
	for (uint32_t i = 0; i < *n; i++)
		if (v[i] == from) {
			*pos = i;
			return v;
		}
	uint32_t j = *n;
	while (j > 0 && rel_key(v[j - 1]) > rel_key(from)) {
		v[j] = v[j - 1];
		j--;
	}
	v[j] = (struct jrelease *)from;
	(*n)++;
	*pos = j;
	return v;
}

static enum hist_kind
kind_of(const struct jrelease *x, uint32_t xi, const struct jrelease *y, uint32_t yi)
{
	const struct jrule *rx = &x->rules[xi], *ry = &y->rules[yi];
	if (rx->id != ry->id)
		return HK_MOVED;
	return hist_same_text(rx, ry) ? HK_UNCHANGED : HK_CHANGED;
}

struct hist_step *
hist_trace(const struct jindex *ix, const struct jrelease *from, uint32_t ri,
    uint32_t *nsteps)
{
	uint32_t n, pos;
	struct jrelease **ch = chain_with(ix, from, &n, &pos);
	struct hist_step *s = xcalloc(n, sizeof *s);
	for (uint32_t i = 0; i < n; i++)
		s[i] = (struct hist_step){ ch[i], JNONE, 0, HK_REMOVED, false, UINT32_MAX };
	s[pos].ri = ri;
	s[pos].conf = 1;
	/* forwards: align the last covered step with the next release */
	uint32_t last = pos;
	for (uint32_t i = pos + 1; i < n; i++) {
		const struct jrule *cur = &ch[last]->rules[s[last].ri];
		if (!hist_covers(ch[i], cur->id)) {
			s[i].uncovered = true;
			continue;
		}
		const struct hist_align *al = hist_align_cached(ch[last], ch[i]);
		uint32_t t = al->a2b[s[last].ri];
		s[i].conf = al->conf[s[last].ri];
		s[i].ri = t;
		s[i].prev = last;
		s[i].kind = t == JNONE ? HK_REMOVED : kind_of(ch[last], s[last].ri, ch[i], t);
		if (t == JNONE)
			break;
		last = i;
	}
	/* backwards: align (i -> last) and read it from the right */
	last = pos;
	for (uint32_t i = pos; i-- > 0;) {
		const struct jrule *cur = &ch[last]->rules[s[last].ri];
		if (!hist_covers(ch[i], cur->id)) {
			s[i].uncovered = true;
			continue;
		}
		const struct hist_align *al = hist_align_cached(ch[i], ch[last]);
		uint32_t t = al->b2a[s[last].ri];
		s[i].ri = t;
		s[last].prev = i;
		if (t != JNONE) {
			s[last].conf = al->conf[t];
			s[last].kind = kind_of(ch[i], t, ch[last], s[last].ri);
		} else {
			s[last].kind = HK_ADDED;
			s[last].conf = al->bconf[s[last].ri];
			s[last].prev = UINT32_MAX;
		}
		if (t == JNONE)
			break;
		last = i;
	}
	/* the earliest appearance is where it was added (as far as the loaded releases go) */
	for (uint32_t i = 0; i < n; i++)
		if (s[i].ri != JNONE) {
			if (s[i].kind != HK_ADDED)
				s[i].conf = 1;
			s[i].kind = HK_ADDED;
			s[i].prev = UINT32_MAX;
			break;
		}
	free(ch);
	*nsteps = n;
	return s;
}

uint32_t
hist_map(const struct jindex *ix, const struct jrelease *from, uint32_t ri,
    const struct jrelease *to, float *conf)
{
	*conf = 1;
	if (from == to)
		return ri;
	uint32_t n, pf, pt;
	struct jrelease **ch = chain_with(ix, from, &n, &pf);
	pt = n;
	for (uint32_t i = 0; i < n; i++)
		if (ch[i] == to)
			pt = i;
	struct jrelease **path = NULL;
	uint32_t np = 0;
	if (pt == n) {
		/* `to` is a fragment: go straight there from the nearest chain release */
		path = xmalloc(2 * sizeof *path);
		path[np++] = (struct jrelease *)from;
		path[np++] = (struct jrelease *)to;
	} else {
		path = xmalloc((n + 1) * sizeof *path);
		if (pf <= pt)
			for (uint32_t i = pf; i <= pt; i++)
				path[np++] = ch[i];
		else
			for (uint32_t i = pf + 1; i-- > pt;)
				path[np++] = ch[i];
	}
	uint32_t cur = ri;
	float c = 1;
	const struct jrelease *at = path[0];
	for (uint32_t i = 1; i < np && cur != JNONE; i++) {
		if (i + 1 < np && !hist_covers(path[i], at->rules[cur].id))
			continue;
		bool fwd = rel_key(at) <= rel_key(path[i]);
		const struct hist_align *al = fwd ? hist_align_cached(at, path[i]) : hist_align_cached(path[i], at);
		at = path[i];
		if (fwd) {
			uint32_t t = al->a2b[cur];
			if (t == JNONE)
				c = al->conf[cur];
			else
				c *= al->conf[cur];
			cur = t;
		} else {
			uint32_t t = al->b2a[cur];
			if (t == JNONE)
				c = al->bconf[cur];
			else
				c *= al->conf[t];
			cur = t;
		}
	}
	free(path);
	free(ch);
	*conf = c;
	return cur;
}
