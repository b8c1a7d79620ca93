/* store.c — the read side of the card database: finding a card by the name a person typed,
 * reading it whole, and completing names. Exact and prefix lookups use the names index; parts,
 * words in another order and typos scan the names table (about 40,000 short rows). */
#include "cards_int.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/mem.h"

struct cards_db {
	sqlite3 *db;
	char *meta[8][2];
	size_t nmeta;
	sqlite3_stmt *by_key, *by_range;
};

struct cards_db *
cards_open(const char *dir, struct sbuf *err)
{
	struct sbuf path = {0};
	sbuf_addf(&path, "%s/cards.db", dir);
	sqlite3 *db = NULL;
	if (sqlite3_open_v2(path.s, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		sbuf_addf(err, "no card database in %s", dir);
		sqlite3_close(db);
		sbuf_free(&path);
		return NULL;
	}
	sbuf_free(&path);
	struct cards_db *c = xcalloc(1, sizeof *c);
	c->db = db;
	sqlite3_stmt *s = NULL;
	bool ok = false;
	if (sqlite3_prepare_v2(db, "SELECT key, value FROM meta", -1, &s, NULL) == SQLITE_OK) {
		while (sqlite3_step(s) == SQLITE_ROW && c->nmeta < 8) {
			const char *k = (const char *)sqlite3_column_text(s, 0);
			const char *v = (const char *)sqlite3_column_text(s, 1);
			c->meta[c->nmeta][0] = xstrdup(k ? k : "");
			c->meta[c->nmeta][1] = xstrdup(v ? v : "");
			c->nmeta++;
		}
		ok = strcmp(cards_meta(c, "format"), CARDS_DB_FORMAT) == 0;
	}
	sqlite3_finalize(s);
	if (ok)
		ok = sqlite3_prepare_v2(db, "SELECT card, face, name FROM names WHERE key = ? ORDER BY face, card", -1, &c->by_key, NULL) == SQLITE_OK &&
		    sqlite3_prepare_v2(db, "SELECT card, face, name, key FROM names WHERE key >= ?1 AND key < ?2 ORDER BY key LIMIT ?3", -1, &c->by_range, NULL) == SQLITE_OK;
	if (!ok) {
		sbuf_addf(err, "%s/cards.db is not a card database judge can read", dir);
		cards_close(c);
		return NULL;
	}
	return c;
}

void
cards_close(struct cards_db *c)
{
	if (!c)
		return;
	sqlite3_finalize(c->by_key);
	sqlite3_finalize(c->by_range);
	sqlite3_close(c->db);
	for (size_t i = 0; i < c->nmeta; i++) {
		free(c->meta[i][0]);
		free(c->meta[i][1]);
	}
	free(c);
}

const char *
cards_meta(struct cards_db *c, const char *key)
{
	for (size_t i = 0; i < c->nmeta; i++)
		if (strcmp(c->meta[i][0], key) == 0)
			return c->meta[i][1];
	return "";
}

static const char *
col_text(sqlite3_stmt *s, int i)
{
	const char *t = (const char *)sqlite3_column_text(s, i);
	return t ? t : "";
}

static char *
col_dup(sqlite3_stmt *s, int i)
{
	const char *t = (const char *)sqlite3_column_text(s, i);
	return t ? xstrdup(t) : NULL;
}

/* ---- matching ---- */

struct found {
	struct cards_hit *v;
	size_t n, cap;
};

static void
found_add(struct found *f, int64_t id, const char *matched, enum cards_match how, int score)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->v[i].id == id) {
			if (how < f->v[i].how || (how == f->v[i].how && score < f->v[i].score)) {
				f->v[i].how = how;
				f->v[i].score = score;
				snprintf(f->v[i].matched, sizeof f->v[i].matched, "%s", matched);
			}
			return;
		}
	f->v = xgrow(f->v, &f->cap, f->n + 1, sizeof *f->v);
	struct cards_hit *h = &f->v[f->n++];
	memset(h, 0, sizeof *h);
	h->id = id;
	h->how = how;
	h->score = score;
	snprintf(h->matched, sizeof h->matched, "%s", matched);
}

static int
hit_cmp(const void *a, const void *b)
{
	const struct cards_hit *x = a, *y = b;
	if (x->how != y->how)
		return x->how < y->how ? -1 : 1;
	if (x->score != y->score)
		return x->score < y->score ? -1 : 1;
	return strcmp(x->matched, y->matched);
}

/* Optimal string alignment distance, giving up above max. */
static int
osa(const char *a, size_t n, const char *b, size_t m, int max)
{
	if (n > 64 || m > 64)
		return max + 1;
	if ((n > m ? n - m : m - n) > (size_t)max)
		return max + 1;
	int d[66][66];
	for (size_t i = 0; i <= n; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= n; i++) {
		int rowmin = max + 1;
		for (size_t j = 1; j <= m; j++) {
			int cost = a[i - 1] != b[j - 1];
			int v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
			if (v < rowmin)
				rowmin = v;
		}
		if (rowmin > max)
			return max + 1;
	}
	return d[n][m];
}

/* Every word of q starts some word of key. */
static bool
words_match(const char *q, const char *key)
{
	for (const char *w = q; *w;) {
		const char *we = strchr(w, ' ');
		size_t wl = we ? (size_t)(we - w) : strlen(w);
		bool ok = false;
		for (const char *k = key; *k && !ok;) {
			const char *ke = strchr(k, ' ');
			size_t kl = ke ? (size_t)(ke - k) : strlen(k);
			ok = kl >= wl && memcmp(k, w, wl) == 0;
			k = ke ? ke + 1 : k + kl;
		}
		if (!ok)
			return false;
		w = we ? we + 1 : w + wl;
	}
	return true;
}

static int
typo_budget(size_t n)
{
	return n < 4 ? 0 : n <= 6 ? 1 : 2;
}

/* Scan every name once: parts, words in any order, and (when asked) typos. */
static void
scan_names(struct cards_db *c, const char *q, bool typos, int extra, struct found *f)
{
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(c->db, "SELECT key, card, name FROM names", -1, &s, NULL) != SQLITE_OK)
		return;
	size_t qn = strlen(q);
	int budget = typo_budget(qn) + extra;
	bool multi = strchr(q, ' ') != NULL;
	while (sqlite3_step(s) == SQLITE_ROW) {
		const char *key = col_text(s, 0);
		int64_t id = sqlite3_column_int64(s, 1);
		size_t kn = (size_t)sqlite3_column_bytes(s, 0);
		const char *at = strstr(key, q);
		if (at) {
			found_add(f, id, col_text(s, 2), CM_SUBSTRING, (int)kn);
			continue;
		}
		if (multi && words_match(q, key)) {
			found_add(f, id, col_text(s, 2), CM_WORDS, (int)kn);
			continue;
		}
		if (!typos || budget == 0)
			continue;
		int dist = osa(q, qn, key, kn, budget), late = 0;
		/* a typo in a start: the key cut to the query's length, after whole names */
		if (dist > budget && kn > qn && qn >= 5) {
			dist = osa(q, qn, key, qn, budget);
			late = 500;
		}
		if (dist <= budget)
			found_add(f, id, col_text(s, 2), CM_TYPO, dist * 1000 + late + (int)kn);
	}
	sqlite3_finalize(s);
}

static void
prefix_names(struct cards_db *c, const char *q, int limit, struct found *f)
{
	char hi[520];
	snprintf(hi, sizeof hi, "%s\xff", q);
	sqlite3_bind_text(c->by_range, 1, q, -1, SQLITE_STATIC);
	sqlite3_bind_text(c->by_range, 2, hi, -1, SQLITE_STATIC);
	sqlite3_bind_int(c->by_range, 3, limit);
	while (sqlite3_step(c->by_range) == SQLITE_ROW)
		found_add(f, sqlite3_column_int64(c->by_range, 0), col_text(c->by_range, 2), CM_PREFIX,
		    sqlite3_column_bytes(c->by_range, 3));
	sqlite3_reset(c->by_range);
}

static size_t
finish(struct cards_db *c, struct found *f, struct cards_hit *hits, size_t max)
{
	if (f->n > 1)
		qsort(f->v, f->n, sizeof *f->v, hit_cmp);
	/* only the best kind of match counts: a start beats a part, a part beats a typo */
	size_t n = 0;
	while (n < f->n && f->v[n].how == f->v[0].how)
		n++;
	sqlite3_stmt *s = NULL;
	sqlite3_prepare_v2(c->db, "SELECT name FROM cards WHERE id = ?", -1, &s, NULL);
	for (size_t i = 0; i < n && i < max; i++) {
		hits[i] = f->v[i];
		if (s) {
			sqlite3_bind_int64(s, 1, hits[i].id);
			if (sqlite3_step(s) == SQLITE_ROW)
				snprintf(hits[i].name, sizeof hits[i].name, "%s", col_text(s, 0));
			sqlite3_reset(s);
		}
	}
	sqlite3_finalize(s);
	free(f->v);
	return n;
}

size_t
cards_find(struct cards_db *c, const char *query, struct cards_hit *hits, size_t max)
{
	char q[512];
	cards_name_key(query, q, sizeof q);
	struct found f = {0};
	if (!*q)
		return 0;
	sqlite3_bind_text(c->by_key, 1, q, -1, SQLITE_STATIC);
	while (sqlite3_step(c->by_key) == SQLITE_ROW) {
		int face = sqlite3_column_int(c->by_key, 1);
		found_add(&f, sqlite3_column_int64(c->by_key, 0), col_text(c->by_key, 2), face < 0 ? CM_EXACT : CM_FACE, 0);
	}
	sqlite3_reset(c->by_key);
	if (f.n == 0)
		prefix_names(c, q, 1000, &f);
	if (f.n == 0)
		scan_names(c, q, true, 0, &f);
	return finish(c, &f, hits, max);
}

/* How many of the query's words (3 letters or more) start a word of key or are one edit from
 * one: what makes a name worth suggesting when nothing matched. */
static int
word_overlap(const char *q, const char *key)
{
	int score = 0;
	for (const char *w = q; *w;) {
		const char *we = strchr(w, ' ');
		size_t wl = we ? (size_t)(we - w) : strlen(w);
		bool hit = false;
		for (const char *k = key; *k && !hit && wl >= 3;) {
			const char *ke = strchr(k, ' ');
			size_t kl = ke ? (size_t)(ke - k) : strlen(k);
			hit = (kl >= wl && memcmp(k, w, wl) == 0) || osa(w, wl, k, kl, 1) <= 1;
			k = ke ? ke + 1 : k + kl;
		}
		score += hit;
		w = we ? we + 1 : w + wl;
	}
	return score;
}

size_t
cards_suggest(struct cards_db *c, const char *query, struct cards_hit *hits, size_t max)
{
	char q[512];
	cards_name_key(query, q, sizeof q);
	struct found f = {0};
	if (!*q)
		return 0;
	scan_names(c, q, true, 1, &f);
	if (f.n == 0) {
		sqlite3_stmt *s;
		if (sqlite3_prepare_v2(c->db, "SELECT key, card, name FROM names", -1, &s, NULL) == SQLITE_OK) {
			while (sqlite3_step(s) == SQLITE_ROW) {
				const char *key = col_text(s, 0);
				int w = word_overlap(q, key);
				if (w > 0)
					found_add(&f, sqlite3_column_int64(s, 1), col_text(s, 2), CM_WORDS,
					    -w * 1000 + sqlite3_column_bytes(s, 0));
			}
			sqlite3_finalize(s);
		}
	}
	size_t n = finish(c, &f, hits, max);
	return n < max ? n : max;
}

int64_t
cards_lookup_key(struct cards_db *c, const char *key)
{
	int64_t id = -1;
	sqlite3_bind_text(c->by_key, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(c->by_key) == SQLITE_ROW)
		id = sqlite3_column_int64(c->by_key, 0);
	sqlite3_reset(c->by_key);
	return id;
}

/* A token of a free text that may be part of a card name (not an option, filter or regex). */
static bool
name_token(const char *t, size_t n)
{
	if (n == 0 || t[0] == '-' || t[0] == '/' || memchr(t, ':', n))
		return false;
	return true;
}

size_t
cards_mentions(struct cards_db *c, const char *text, struct cards_mention *out, size_t max,
    bool (*common_word)(void *ctx, const char *folded), void *ctx)
{
	enum { MAXTOK = 64, SPAN = 8 };
	size_t ts[MAXTOK], te[MAXTOK], nt = 0;
	for (size_t i = 0; text[i] && nt < MAXTOK;) {
		while (text[i] == ' ' || text[i] == '\t' || text[i] == '"')
			i++;
		if (!text[i])
			break;
		size_t s0 = i;
		while (text[i] && text[i] != ' ' && text[i] != '\t' && text[i] != '"')
			i++;
		ts[nt] = s0;
		te[nt] = i;
		nt++;
	}
	size_t n = 0;
	for (size_t i = 0; i < nt && n < max;) {
		size_t best = 0;
		int64_t best_id = -1;
		char key[600];
		for (size_t j = i; j < nt && j < i + SPAN; j++) {
			if (!name_token(text + ts[j], te[j] - ts[j]))
				break;
			char span[600];
			size_t len = te[j] - ts[i];
			if (len >= sizeof span)
				break;
			memcpy(span, text + ts[i], len);
			span[len] = '\0';
			cards_name_key(span, key, sizeof key);
			if (!*key)
				continue;
			int64_t id = cards_lookup_key(c, key);
			if (id < 0)
				continue;
			if (j == i && !(text[ts[i]] >= 'A' && text[ts[i]] <= 'Z') && common_word && common_word(ctx, key))
				continue;
			best = j - i + 1;
			best_id = id;
		}
		if (best_id >= 0) {
			out[n].id = best_id;
			out[n].start = ts[i];
			out[n].end = te[i + best - 1];
			n++;
			i += best;
		} else {
			i++;
		}
	}
	return n;
}

size_t
cards_complete(struct cards_db *c, const char *prefix, size_t max,
    void (*fn)(void *ctx, const char *name), void *ctx)
{
	char q[512];
	cards_name_key(prefix, q, sizeof q);
	char hi[520];
	snprintf(hi, sizeof hi, "%s\xff", q);
	sqlite3_bind_text(c->by_range, 1, q, -1, SQLITE_STATIC);
	sqlite3_bind_text(c->by_range, 2, hi, -1, SQLITE_STATIC);
	sqlite3_bind_int(c->by_range, 3, (int)(max > 100000 ? 100000 : max));
	size_t n = 0;
	while (sqlite3_step(c->by_range) == SQLITE_ROW) {
		fn(ctx, col_text(c->by_range, 2));
		n++;
	}
	sqlite3_reset(c->by_range);
	return n;
}

/* ---- reading a card ---- */

static void
split_lines(const char *s, char ***out, size_t *n)
{
	*out = NULL;
	*n = 0;
	if (!s || !*s)
		return;
	size_t cnt = 1;
	for (const char *p = s; *p; p++)
		cnt += *p == '\n';
	*out = xcalloc(cnt, sizeof **out);
	for (const char *p = s;;) {
		const char *e = strchr(p, '\n');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		(*out)[(*n)++] = xstrndup(p, l);
		if (!e)
			break;
		p = e + 1;
	}
}

struct card *
cards_get(struct cards_db *c, int64_t id)
{
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(c->db, "SELECT name, layout, mana_value, oracle_id, keywords, legal FROM cards WHERE id = ?", -1, &s, NULL) != SQLITE_OK)
		return NULL;
	sqlite3_bind_int64(s, 1, id);
	if (sqlite3_step(s) != SQLITE_ROW) {
		sqlite3_finalize(s);
		return NULL;
	}
	struct card *k = xcalloc(1, sizeof *k);
	k->id = id;
	k->name = col_dup(s, 0);
	k->layout = col_dup(s, 1);
	k->mana_value = sqlite3_column_double(s, 2);
	k->oracle_id = col_dup(s, 3);
	split_lines((const char *)sqlite3_column_text(s, 4), &k->keywords, &k->nkeywords);
	char **legal;
	size_t nlegal;
	split_lines((const char *)sqlite3_column_text(s, 5), &legal, &nlegal);
	k->legal = xcalloc(nlegal + 1, sizeof *k->legal);
	for (size_t i = 0; i < nlegal; i++) {
		char *eq = strchr(legal[i], '=');
		k->legal[i].status = xstrdup(eq ? eq + 1 : "");
		if (eq)
			*eq = '\0';
		k->legal[i].format = legal[i];
	}
	free(legal);
	k->nlegal = nlegal;
	sqlite3_finalize(s);

	if (sqlite3_prepare_v2(c->db, "SELECT name, mana_cost, mana_value, type, text, power, toughness, loyalty, defense"
	    " FROM faces WHERE card = ? ORDER BY side", -1, &s, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(s, 1, id);
		size_t cap = 0;
		while (sqlite3_step(s) == SQLITE_ROW) {
			k->faces = xgrow(k->faces, &cap, k->nfaces + 1, sizeof *k->faces);
			struct card_face *f = &k->faces[k->nfaces++];
			f->name = col_dup(s, 0);
			f->mana_cost = col_dup(s, 1);
			f->mana_value = sqlite3_column_double(s, 2);
			f->type = col_dup(s, 3);
			f->text = col_dup(s, 4);
			f->power = col_dup(s, 5);
			f->toughness = col_dup(s, 6);
			f->loyalty = col_dup(s, 7);
			f->defense = col_dup(s, 8);
		}
		sqlite3_finalize(s);
	}
	if (sqlite3_prepare_v2(c->db, "SELECT date, source, text FROM rulings WHERE card = ? ORDER BY seq", -1, &s, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(s, 1, id);
		size_t cap = 0;
		while (sqlite3_step(s) == SQLITE_ROW) {
			k->rulings = xgrow(k->rulings, &cap, k->nrulings + 1, sizeof *k->rulings);
			struct card_ruling *r = &k->rulings[k->nrulings++];
			r->date = col_dup(s, 0);
			r->source = col_dup(s, 1);
			r->text = col_dup(s, 2);
		}
		sqlite3_finalize(s);
	}
	return k;
}

void
card_free(struct card *k)
{
	if (!k)
		return;
	free(k->name);
	free(k->layout);
	free(k->oracle_id);
	for (size_t i = 0; i < k->nfaces; i++) {
		struct card_face *f = &k->faces[i];
		free(f->name);
		free(f->mana_cost);
		free(f->type);
		free(f->text);
		free(f->power);
		free(f->toughness);
		free(f->loyalty);
		free(f->defense);
	}
	free(k->faces);
	for (size_t i = 0; i < k->nkeywords; i++)
		free(k->keywords[i]);
	free(k->keywords);
	for (size_t i = 0; i < k->nlegal; i++) {
		free(k->legal[i].format);
		free(k->legal[i].status);
	}
	free(k->legal);
	for (size_t i = 0; i < k->nrulings; i++) {
		free(k->rulings[i].date);
		free(k->rulings[i].source);
		free(k->rulings[i].text);
	}
	free(k->rulings);
	free(k);
}
