/* store.c — the read side of the card database: finding a card by the name a person typed,
 * reading it whole, and completing names. Exact and prefix lookups use the names index; parts,
 * words in another order and typos ask the name index (cards_int.h: which keys hold which
 * letters) for the keys that may match and read only the rows of the name list holding them;
 * a database imported before there was a name index has its name list (name_chunks, about
 * 40,000 keys in a few hundred rows) read whole instead, with the same answers. */
#include "cards_int.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/editdist.h"
#include "../base/mem.h"

struct found;
static void near_free(struct found *f);
struct cards_db {
	sqlite3 *db;
	char *dir;
	char *meta[16][2];
	size_t nmeta;
	sqlite3_stmt *by_key, *by_range;
	sqlite3_stmt *chunks, *name_of;   /* the name list (parts, typos), and a key's name */
	sqlite3_stmt *card_name;          /* a card's name, for the hits */
	sqlite3_stmt *foreign;            /* names in other languages, by key range; NULL if none */
	bool foreign_tried;
	sqlite3_stmt *get[3];             /* cards_get(): the card, its faces, its rulings */
	/* what the last scan found for "did you mean", kept for cards_suggest() on the same key */
	char *near_key;
	struct found *near;
	/* the name index, read on the first lookup that needs it: -1 absent or unreadable */
	int index_state;
	bool force_scan, read_all;
	sqlite3_stmt *map_of, *row_by_id;
	uint32_t *row_id, *row_first;     /* nrows + 1 firsts, the last is nkeys */
	size_t nrows, nkeys;
	const unsigned char *keys;        /* the records of every key, read once when needed */
	sqlite3_stmt *keys_of;            /* holds keys: stepped once, reset at close */
	size_t nkeybytes;
	uint32_t *key_at;                 /* nkeys + 1 places in keys */
	uint64_t *maps[CARDS_LEVELS + 1][64];   /* the letters' levels, then the bigram buckets */
	bool map_read[CARDS_LEVELS + 1][64];
	bool bigrams;                     /* the index has the bigram maps */
};

struct cards_db *
cards_open(const char *dir, struct sbuf *err)
{
	struct sbuf path = {0};
	sbuf_addf(&path, "%s/cards.db", dir);
	sqlite3 *db = NULL;
	if (sqlite3_open_v2(path.s, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		sbuf_addf(err, "no card database in %s", dir);
		sqlite3_close(db);
		sbuf_free(&path);
		return NULL;
	}
	sbuf_free(&path);
	/* read through a mapping: the name list is a megabyte and more of overflow pages */
	sqlite3_exec(db, "PRAGMA mmap_size=268435456", NULL, NULL, NULL);
	struct cards_db *c = xcalloc(1, sizeof *c);
	c->db = db;
	c->dir = xstrdup(dir);
	sqlite3_stmt *s = NULL;
	bool ok = false;
	if (sqlite3_prepare_v2(db, "SELECT key, value FROM meta", -1, &s, NULL) == SQLITE_OK) {
		while (sqlite3_step(s) == SQLITE_ROW && c->nmeta < 16) {
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
		if (strncmp(cards_meta(c, "format"), "judge-cards ", 12) == 0)
			sbuf_addf(err, "%s/cards.db was written by another version of judge (%s): import the card file again", dir, cards_meta(c, "format"));
		else
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
	sqlite3_finalize(c->chunks);
	sqlite3_finalize(c->name_of);
	sqlite3_finalize(c->card_name);
	sqlite3_finalize(c->foreign);
	for (int i = 0; i < 3; i++)
		sqlite3_finalize(c->get[i]);
	free(c->near_key);
	near_free(c->near);
	sqlite3_finalize(c->map_of);
	sqlite3_finalize(c->row_by_id);
	free(c->row_id);
	free(c->row_first);
	sqlite3_finalize(c->keys_of);
	free(c->key_at);
	for (int l = 0; l <= CARDS_LEVELS; l++)
		for (int b = 0; b < 64; b++)
			free(c->maps[l][b]);
	sqlite3_close(c->db);
	free(c->dir);
	for (size_t i = 0; i < c->nmeta; i++) {
		free(c->meta[i][0]);
		free(c->meta[i][1]);
	}
	free(c);
}

sqlite3 *
cards_handle(struct cards_db *c)
{
	return c->db;
}

const char *
cards_folder(struct cards_db *c)
{
	return c->dir;
}

const char *
cards_meta(struct cards_db *c, const char *key)
{
	for (size_t i = 0; i < c->nmeta; i++)
		if (strcmp(c->meta[i][0], key) == 0)
			return c->meta[i][1];
	return "";
}

bool
cards_read_every_name(struct cards_db *c)
{
	return c->read_all;
}

void
cards_force_scan(struct cards_db *c, bool on)
{
	c->force_scan = on;
	free(c->near_key);
	c->near_key = NULL;
}

static bool index_ready(struct cards_db *c);
static bool index_map(struct cards_db *c, int level, int bit, const uint64_t **out);

const uint64_t *
cards_index_map(struct cards_db *c, int level, int bit, size_t *nkeys)
{
	const uint64_t *m = NULL;
	bool forced = c->force_scan;
	c->force_scan = false;
	if (!index_ready(c) || !index_map(c, level, bit, &m))
		m = NULL;
	c->force_scan = forced;
	*nkeys = c->nkeys;
	return m;
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

/* A mana value: NULL is one the card file did not give. */
static double
col_value(sqlite3_stmt *s, int i)
{
	return sqlite3_column_type(s, i) == SQLITE_NULL ? CARDS_NO_VALUE : sqlite3_column_double(s, i);
}

/* ---- matching ---- */

struct found {
	struct cards_hit *v;
	size_t n, cap;
	uint32_t *slot;           /* open addressing on the card id: index + 1, 0 when empty */
	size_t nslot;
	bool *keyed, keyed_now;   /* matched holds the name's key, not the name (from the list) */
	size_t kcap;
};

static void
found_clear(struct found *f)
{
	free(f->v);
	free(f->slot);
	free(f->keyed);
	memset(f, 0, sizeof *f);
}

/* The pair of sets a scan keeps for "did you mean" (near typos, shared words). */
static void
near_free(struct found *f)
{
	for (int i = 0; f && i < 2; i++) {
		free(f[i].v);
		free(f[i].slot);
		free(f[i].keyed);
	}
	free(f);
}

static size_t
found_slot(const struct found *f, int64_t id)
{
	size_t h = (size_t)((uint64_t)id * 0x9E3779B97F4A7C15u >> 20) & (f->nslot - 1);
	while (f->slot[h] && f->v[f->slot[h] - 1].id != id)
		h = (h + 1) & (f->nslot - 1);
	return h;
}

static void
found_add(struct found *f, int64_t id, const char *matched, enum cards_match how, int score)
{
	if (f->n * 2 >= f->nslot) {
		free(f->slot);
		f->nslot = f->nslot ? f->nslot * 2 : 64;
		f->slot = xcalloc(f->nslot, sizeof *f->slot);
		for (size_t i = 0; i < f->n; i++)
			f->slot[found_slot(f, f->v[i].id)] = (uint32_t)i + 1;
	}
	size_t h = found_slot(f, id);
	if (f->slot[h]) {
		struct cards_hit *o = &f->v[f->slot[h] - 1];
		if (how < o->how || (how == o->how && score < o->score)) {
			o->how = how;
			o->score = score;
			snprintf(o->matched, sizeof o->matched, "%s", matched);
			f->keyed[f->slot[h] - 1] = f->keyed_now;
		}
		return;
	}
	f->keyed = xgrow(f->keyed, &f->kcap, f->n + 1, sizeof *f->keyed);
	f->keyed[f->n] = f->keyed_now;
	f->v = xgrow(f->v, &f->cap, f->n + 1, sizeof *f->v);
	struct cards_hit *nh = &f->v[f->n++];
	memset(nh, 0, sizeof *nh);
	nh->id = id;
	nh->how = how;
	nh->score = score;
	snprintf(nh->matched, sizeof nh->matched, "%s", matched);
	f->slot[h] = (uint32_t)f->n;
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

/* Are two words at most one edit apart (a change, an extra or a missing letter, or two
 * neighbours swapped)? Strip what they share at both ends; what is left says. */
static bool
within_one(const char *a, size_t an, const char *b, size_t bn)
{
	if ((an > bn ? an - bn : bn - an) > 1)
		return false;
	/* one edit leaves the first letters alike, or the second, or swapped into each other */
	if (an >= 2 && bn >= 2 && a[0] != b[0] && a[1] != b[1] && a[0] != b[1] && a[1] != b[0])
		return false;
	size_t m = an < bn ? an : bn, p = 0, s = 0;
	while (p < m && a[p] == b[p])
		p++;
	while (s < m - p && a[an - 1 - s] == b[bn - 1 - s])
		s++;
	size_t ra = an - p - s, rb = bn - p - s;
	if (ra <= 1 && rb <= 1)
		return true;
	return ra == 2 && rb == 2 && a[p] == b[p + 1] && a[p + 1] == b[p];
}

/* The words of a key, found once per name (keys are lower case, one space between words). */
#define MAXWORDS 24
struct words {
	const char *w[MAXWORDS];
	uint8_t len[MAXWORDS];
	int n;
};

static void
split_words(const char *s, size_t n, struct words *out)
{
	out->n = 0;
	size_t i = 0;
	while (i < n && out->n < MAXWORDS) {
		size_t j = i;
		while (j < n && s[j] != ' ')
			j++;
		if (j > i) {
			out->w[out->n] = s + i;
			out->len[out->n] = (uint8_t)(j - i > 255 ? 255 : j - i);
			out->n++;
		}
		i = j + 1;
	}
}

/* Every word of q starts some word of key. */
static bool
words_match(const struct words *q, const struct words *k)
{
	for (int i = 0; i < q->n; i++) {
		bool ok = false;
		for (int j = 0; j < k->n && !ok; j++)
			ok = k->len[j] >= q->len[i] && memcmp(k->w[j], q->w[i], q->len[i]) == 0;
		if (!ok)
			return false;
	}
	return true;
}

static int
typo_budget(size_t n)
{
	return n < 4 ? 0 : n <= 6 ? 1 : 2;
}

/* The bigrams of a query, counted in a small hash table: a name within d edits of the query
 * (or whose start is) shares at least (n - 1) - 3d of its n - 1 bigrams (a transposition
 * changes three, anything else fewer), so most names are ruled out before the edit distance
 * is computed. A collision only counts too many, so nothing is ever ruled out wrongly. */
#define BG_SLOTS 1024
struct bigrams {
	unsigned char count[BG_SLOTS];
	int need;
};

static unsigned
bg_slot(unsigned char a, unsigned char b)
{
	return ((unsigned)a * 31u + b) & (BG_SLOTS - 1);
}

static void
bg_init(struct bigrams *g, const char *q, size_t qn, int budget)
{
	memset(g->count, 0, sizeof g->count);
	for (size_t i = 0; i + 1 < qn; i++) {
		unsigned h = bg_slot((unsigned char)q[i], (unsigned char)q[i + 1]);
		if (g->count[h] < 255)
			g->count[h]++;
	}
	g->need = (int)(qn > 0 ? qn - 1 : 0) - 3 * budget;
}

/* May key be within the budget of the query (whole, or its start)? */
static bool
bg_maybe(struct bigrams *g, const char *key, size_t kn)
{
	if (g->need <= 0)
		return true;
	unsigned taken[64];
	int shared = 0, nt = 0;
	for (size_t i = 0; i + 1 < kn && shared < g->need; i++) {
		unsigned h = bg_slot((unsigned char)key[i], (unsigned char)key[i + 1]);
		if (g->count[h] && nt < 64) {
			g->count[h]--;
			taken[nt++] = h;
			shared++;
		}
	}
	for (int i = 0; i < nt; i++)
		g->count[taken[i]]++;
	return shared >= g->need;
}

static int word_overlap(const struct words *q, const struct words *k);

/* The letters a key holds, one bit for each byte value modulo 64 (space, a-z and most of
 * 0-9 get their own): a key without enough of the letters the query needs is ruled out on
 * one AND, before any string is compared. A shared bit only lets more keys through. */
static uint64_t letter_bit[256];

static void
letters_init(void)
{
	for (unsigned c = 0; c < 256; c++)
		letter_bit[c] = UINT64_C(1) << (c & 63);
}

static inline __attribute__((always_inline)) uint64_t
letters_of(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	uint64_t m = 0, m2 = 0;
	size_t i = 0;
	for (; i + 4 <= n; i += 4) {
		m |= letter_bit[u[i]] | letter_bit[u[i + 1]];
		m2 |= letter_bit[u[i + 2]] | letter_bit[u[i + 3]];
	}
	for (; i < n; i++)
		m |= letter_bit[u[i]];
	return m | m2;
}

/* Has m at most k bits set? */
static inline bool
at_most_bits(uint64_t m, int k)
{
	for (int i = 0; i < k; i++)
		m &= m - 1;   /* 0 stays 0 */
	return m == 0;
}

/* What a scan of the names compares each name with: the query, its words, its bigrams. */
struct scan {
	const char *q;
	size_t qn;
	int budget, wide;         /* the typos a lookup accepts, one edit more for "did you mean" */
	bool multi;
	struct words qw;
	int longest;              /* the query's longest word */
	char longest_word[256];
	struct bigrams g;
	struct ed_pattern o;
	/* the letters of the query (each edit accounts for at most one the key lacks) and of
	 * each word worth counting in an overlap (a word of the key that the query word starts,
	 * or is one edit from, lacks at most one of them) */
	uint64_t typo_needs, word_needs[MAXWORDS];
	unsigned char occurs[64];   /* how many bytes of the query have each letter's bit */
	int nword_needs;
	struct found *f, *typo, *near, *overlap;   /* typo: kept apart until no part matched */
};

/* How many bytes of the query a name whose first bytes hold the letters has lacks: each edit
 * accounts for at most one (a swap moves bytes, it loses none), so more than wide rule the
 * name out. */
static int
typo_missing(const struct scan *sc, uint64_t has)
{
	int missing = 0;
	for (uint64_t m = sc->typo_needs & ~has; m && missing <= sc->wide; m &= m - 1)
		missing += sc->occurs[__builtin_ctzll(m)];
	return missing;
}

/* Pass 1: the name, or its start, is a few edits from the query (typo_missing() first). */
static void
match_typo(struct scan *sc, int64_t card, const char *key, size_t kn)
{
	size_t qn = sc->qn;
	bool whole = (kn > qn ? kn - qn : qn - kn) <= (size_t)sc->wide, start = kn > qn && qn >= 5;
	if (!whole && !start)
		return;
	/* either way the match lies in the first qn + wide bytes */
	size_t span = kn < qn + (size_t)sc->wide ? kn : qn + (size_t)sc->wide;
	if (!bg_maybe(&sc->g, key, span))
		return;
	int at_start = 1000, dist = ed_pattern_distance(&sc->o, key, whole ? kn : qn, start ? qn : 0, &at_start);
	if (!whole)
		dist = 1000;
	/* a typo in a start: the key cut to the query's length, after whole names */
	int late = 0;
	if (dist > sc->budget && start && at_start < dist) {
		dist = at_start;
		late = 500;
	}
	if (dist <= sc->wide)
		found_add(dist <= sc->budget ? sc->typo : sc->near, card, key, CM_TYPO, dist * 1000 + late + (int)kn);
}

/* Pass 2: the name shares words with the query. */
static void
match_overlap(struct scan *sc, int64_t card, const char *key, size_t kn)
{
	struct words kw;
	split_words(key, kn, &kw);
	int w = word_overlap(&sc->qw, &kw);
	if (w > 0)
		found_add(sc->overlap, card, key, CM_WORDS, -w * 1000 + (int)kn);
}

/* One row of the name list (cards_int.h: runs of a 4-byte card id, a key and a NUL) as a scan
 * reads it: the keys as stored (each ends in its NUL), the same bytes with every id and NUL
 * made a newline (one text strstr() searches at once; no key holds a newline, so no match
 * spans two), and each key's place and card. Reused from row to row. */
struct name_row {
	char *keys, *text;
	size_t cap;
	struct name_rec {
		uint32_t off, len;
		int64_t card;
	} *rec;
	size_t nrec, rcap;
};

static void row_parse(struct name_row *w, const char *d, size_t dn, bool text);

static bool
row_read(struct cards_db *c, struct name_row *w, bool text)
{
	if (sqlite3_step(c->chunks) != SQLITE_ROW)
		return false;
	const char *d = sqlite3_column_blob(c->chunks, 0);
	size_t dn = d ? (size_t)sqlite3_column_bytes(c->chunks, 0) : 0;
	row_parse(w, d, dn, text);
	return true;
}

/* One row's records (and with text, its text for strstr()); the name index numbers keys the
 * same way (import.c cards_write_name_index()). */
static void
row_parse(struct name_row *w, const char *d, size_t dn, bool text)
{
	if (dn + 1 > w->cap) {
		w->cap = dn + 1 > CARDS_CHUNK + 1 ? dn + 1 : CARDS_CHUNK + 1;
		free(w->keys);
		free(w->text);
		w->keys = xmalloc(w->cap);
		w->text = xmalloc(w->cap);
	}
	if (dn)
		memcpy(w->keys, d, dn);
	w->keys[dn] = '\0';
	if (text && dn)
		memcpy(w->text, d, dn);
	size_t done = 0;   /* text[0..done) has its ids and NULs made newlines */
	w->rec = xgrow(w->rec, &w->rcap, dn / 5 + 1, sizeof *w->rec);
	w->nrec = 0;
	for (size_t at = 0; at + 4 < dn;) {
		const unsigned char *u = (const unsigned char *)w->keys + at;
		size_t kn = strnlen((const char *)u + 4, dn - at - 4);
		if (at + 4 + kn == dn)
			break;
		struct name_rec *r = &w->rec[w->nrec++];
		r->off = (uint32_t)(at + 4);
		r->len = (uint32_t)kn;
		r->card = (int64_t)((uint32_t)u[0] | (uint32_t)u[1] << 8 | (uint32_t)u[2] << 16 | (uint32_t)u[3] << 24);
		if (text) {
			char *t = w->text + at;
			t[0] = t[1] = t[2] = t[3] = t[4 + kn] = '\n';
		}
		at += 4 + kn + 1;
		done = at;
	}
	if (text) {
		memset(w->text + done, '\n', dn - done);
		w->text[dn] = '\0';
	}
}

/* The record of the key at byte at of the row. */
static const struct name_rec *
row_at(const struct name_row *w, size_t at)
{
	size_t lo = 0, hi = w->nrec;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (w->rec[mid].off <= at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? &w->rec[lo - 1] : NULL;
}

/* Each key of the row that holds word (no newline in it), anywhere or (starts) at the start
 * of one of its words, once: fn(sc, row, record). */
static void
row_holding(struct scan *sc, const struct name_row *w, const char *word, bool starts,
    void (*fn)(struct scan *, const struct name_row *, const struct name_rec *))
{
	const char *p = w->text;
	while (*word) {
		const char *m = strstr(p, word);
		if (m && starts && m > w->text && m[-1] != ' ' && m[-1] != '\n') {
			p = m + 1;
			continue;
		}
		const struct name_rec *r = m ? row_at(w, (size_t)(m - w->text)) : NULL;
		if (!r)
			break;
		fn(sc, w, r);
		p = w->text + r->off + r->len;
	}
}

/* Pass 0: the query is a part of the name (CM_SUBSTRING), or each of its words starts a word
 * of it (CM_WORDS: its longest word starts one). A key that is both stays a part: found_add()
 * keeps a card's best kind of match. */
static void
part_whole(struct scan *sc, const struct name_row *w, const struct name_rec *r)
{
	found_add(sc->f, r->card, w->keys + r->off, CM_SUBSTRING, (int)r->len);
}

static void
part_words(struct scan *sc, const struct name_row *w, const struct name_rec *r)
{
	const char *key = w->keys + r->off;
	struct words kw;
	split_words(key, r->len, &kw);
	if (words_match(&sc->qw, &kw))
		found_add(sc->f, r->card, key, CM_WORDS, (int)r->len);
}

static void scan_all(struct cards_db *c, struct scan *sc, struct found *typo);

/* ---- the name index (cards_int.h) ---- */

static uint32_t
le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Is the name index there? Read its row table on first use; anything amiss makes the lookups
 * read every name, as for a database imported before the index. */
static bool
index_ready(struct cards_db *c)
{
	if (c->index_state)
		return c->index_state > 0 && !c->force_scan;
	c->index_state = -1;
	c->bigrams = strcmp(cards_meta(c, "name_bigrams"), CARDS_BIGRAMS) == 0;
	if (strcmp(cards_meta(c, "name_index"), CARDS_INDEX_FORMAT) != 0 ||
	    sqlite3_prepare_v2(c->db, "SELECT map FROM name_letters WHERE id = ?", -1, &c->map_of, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(c->db, "SELECT data FROM name_chunks WHERE id = ?", -1, &c->row_by_id, NULL) != SQLITE_OK)
		return false;
	sqlite3_bind_int64(c->map_of, 1, 0);
	if (sqlite3_step(c->map_of) == SQLITE_ROW) {
		const unsigned char *d = sqlite3_column_blob(c->map_of, 0);
		size_t dn = d ? (size_t)sqlite3_column_bytes(c->map_of, 0) : 0;
		if (dn >= 4 && dn % 8 == 4) {
			c->nrows = dn / 8;
			c->row_id = xcalloc(c->nrows + 1, sizeof *c->row_id);
			c->row_first = xcalloc(c->nrows + 1, sizeof *c->row_first);
			bool ok = true;
			for (size_t r = 0; r < c->nrows; r++) {
				c->row_id[r] = le32(d + 8 * r);
				c->row_first[r] = le32(d + 8 * r + 4);
				ok = ok && (r == 0 ? c->row_first[r] == 0 : c->row_first[r] >= c->row_first[r - 1]);
			}
			c->row_first[c->nrows] = le32(d + dn - 4);
			c->nkeys = c->row_first[c->nrows];
			if (ok && (c->nrows == 0 || c->row_first[c->nrows - 1] <= c->nkeys))
				c->index_state = 1;
		}
	}
	sqlite3_reset(c->map_of);
	return c->index_state > 0 && !c->force_scan;
}

/* The map of a letter bit at a level: NULL when no key has it; false when it is unreadable. */
static bool
index_map(struct cards_db *c, int level, int bit, const uint64_t **out)
{
	if (!c->map_read[level][bit]) {
		size_t nw = (c->nkeys + 63) / 64;
		sqlite3_bind_int64(c->map_of, 1, 1 + level * 64 + bit);
		if (sqlite3_step(c->map_of) == SQLITE_ROW) {
			const unsigned char *d = sqlite3_column_blob(c->map_of, 0);
			size_t dn = d ? (size_t)sqlite3_column_bytes(c->map_of, 0) : 0;
			if (dn != nw * 8) {
				sqlite3_reset(c->map_of);
				return false;
			}
			uint64_t *m = xmalloc(nw * 8 + 8);
			for (size_t i = 0; i < nw; i++)
				m[i] = (uint64_t)le32(d + 8 * i) | (uint64_t)le32(d + 8 * i + 4) << 32;
			c->maps[level][bit] = m;
		}
		sqlite3_reset(c->map_of);
		c->map_read[level][bit] = true;
	}
	*out = c->maps[level][bit];
	return true;
}

/* Into keep (ORed), the keys that lack at most `most` of the letters of needs at the level,
 * a letter counting weight[bit] times (once without weights): a bit-parallel count, 64 keys
 * at a time, that stops at most + 1. False when a map is unreadable. */
static bool
index_filter(struct cards_db *c, int level, uint64_t needs, const unsigned char *weight, int most, uint64_t *keep)
{
	const uint64_t *map[64];
	int wt[64], nb = 0;
	for (uint64_t m = needs; m; m &= m - 1) {
		int bit = __builtin_ctzll(m);
		if (!index_map(c, level, bit, &map[nb]))
			return false;
		int w = weight ? weight[bit] : 1;
		wt[nb++] = w > most + 1 ? most + 1 : w;
	}
	size_t nw = (c->nkeys + 63) / 64;
	for (size_t i = 0; i < nw; i++) {
		uint64_t ge[4] = {0};   /* ge[j]: keys lacking more than j */
		for (int b = 0; b < nb; b++) {
			uint64_t lack = map[b] ? ~map[b][i] : ~UINT64_C(0);
			for (int r = 0; r < wt[b]; r++) {
				for (int j = most; j > 0; j--)
					ge[j] |= ge[j - 1] & lack;
				ge[0] |= lack;
			}
		}
		keep[i] |= ~ge[most];
	}
	if (c->nkeys % 64)
		keep[nw - 1] &= (UINT64_C(1) << (c->nkeys % 64)) - 1;
	return true;
}

/* Does key hold word at the start of one of its words? */
static bool
holds_word_start(const char *key, const char *word)
{
	for (const char *m = key; (m = strstr(m, word)) != NULL; m++)
		if (m == key || m[-1] == ' ')
			return true;
	return false;
}

/* May the key (whole), or its first qn bytes (start), be within wide edits of the query, as
 * far as the letters they hold say? Each edit changes by at most one how many bytes the one
 * holds that the other lacks, either way (a swap changes neither), counting bytes by value
 * modulo 64 as the letters do: merging letters only lowers those counts, so a name this rules
 * out is one match_typo() would not take. */
static bool
counts_allow(const struct scan *sc, const char *key, size_t kn, bool whole, bool start)
{
	size_t qn = sc->qn, extra = 0, extra_start = 0, upto = whole ? kn : qn;
	if (qn > 64)        /* occurs[] stops at 255; and no pattern that long has a distance */
		return true;
	unsigned char left[64];
	memcpy(left, sc->occurs, sizeof left);
	for (size_t i = 0; i < upto; i++) {
		unsigned char b = (unsigned char)key[i] & 63;
		if (left[b] > 0)
			left[b]--;
		else
			extra++;
		if (i + 1 == qn)
			extra_start = extra;
	}
	/* the bytes of x the query lacks, and of the query x lacks (qn - the bytes shared) */
	size_t w = (size_t)sc->wide;
	bool whole_may = whole && extra <= w && qn - (kn - extra) <= w;
	bool start_may = start && extra_start <= w;   /* qn bytes each: the two counts are equal */
	return whole_may || start_may;
}

/* The passes of the scan, as checks of one key that the index let through. */
enum ipass { IP_PART, IP_WORDS, IP_TYPO, IP_OVERLAP };

static void
index_check(struct scan *sc, enum ipass p, int64_t card, const char *key, size_t kn)
{
	struct words kw;
	size_t qn = sc->qn;
	switch (p) {
	case IP_PART:
		if (strstr(key, sc->q))
			found_add(sc->f, card, key, CM_SUBSTRING, (int)kn);
		break;
	case IP_WORDS:
		if (!holds_word_start(key, sc->longest_word))
			break;
		split_words(key, kn, &kw);
		if (words_match(&sc->qw, &kw))
			found_add(sc->f, card, key, CM_WORDS, (int)kn);
		break;
	case IP_TYPO: {
		bool whole = (kn > qn ? kn - qn : qn - kn) <= (size_t)sc->wide, start = kn > qn && qn >= 5;
		size_t span = !whole && !start ? 0 : kn < qn + (size_t)sc->wide ? kn : qn + (size_t)sc->wide;
		if (span && typo_missing(sc, letters_of(key, span)) <= sc->wide && counts_allow(sc, key, kn, whole, start))
			match_typo(sc, card, key, kn);
		break;
	}
	case IP_OVERLAP:
		match_overlap(sc, card, key, kn);
		break;
	}
}

/* The records of every key and their places (rows -1 and -2 of the index), read on the first
 * lookup that needs them; false when they do not agree with the row table. */
static bool
index_keys(struct cards_db *c)
{
	if (c->key_at)
		return true;
	bool ok = false;
	/* the blob stays where SQLite put it while the statement is not reset */
	if (!c->keys_of && sqlite3_prepare_v2(c->db, "SELECT map FROM name_letters WHERE id = -1", -1, &c->keys_of, NULL) != SQLITE_OK)
		return false;
	if (sqlite3_step(c->keys_of) == SQLITE_ROW) {
		c->keys = sqlite3_column_blob(c->keys_of, 0);
		c->nkeybytes = c->keys ? (size_t)sqlite3_column_bytes(c->keys_of, 0) : 0;
		ok = c->keys != NULL;
	}
	sqlite3_bind_int64(c->map_of, 1, -2);
	if (ok && sqlite3_step(c->map_of) == SQLITE_ROW) {
		const unsigned char *d = sqlite3_column_blob(c->map_of, 0);
		size_t dn = d ? (size_t)sqlite3_column_bytes(c->map_of, 0) : 0;
		ok = dn == (c->nkeys + 1) * 4;
		uint32_t *at = ok ? xmalloc(dn) : NULL;
		for (size_t k = 0; ok && k <= c->nkeys; k++) {
			at[k] = le32(d + 4 * k);
			/* each record: a card id, a key, its NUL */
			ok = k == 0 ? at[0] == 0 : at[k] >= at[k - 1] + 5 && at[k] <= c->nkeybytes && c->keys[at[k] - 1] == '\0';
		}
		ok = ok && at[c->nkeys] == c->nkeybytes;
		if (ok)
			c->key_at = at;
		else
			free(at);
	} else {
		ok = false;
	}
	sqlite3_reset(c->map_of);
	if (!ok)
		sqlite3_reset(c->keys_of);
	return ok;
}

/* The passes p[0..np) over the keys their masks let through, row by row as the scan reads
 * them: the keys of a row to the first pass, then to the second. */
static bool
index_rows(struct cards_db *c, struct scan *sc, const enum ipass *p, uint64_t *const *m, int np)
{
	if (!index_keys(c))
		return false;
	for (size_t r = 0; r < c->nrows; r++) {
		size_t lo = c->row_first[r], hi = c->row_first[r + 1];
		for (int i = 0; i < np; i++)
			for (size_t k = lo; k < hi; k++) {
				uint64_t w = m[i][k / 64] >> (k % 64);
				if (!w) {
					k |= 63;
					continue;
				}
				k += (size_t)__builtin_ctzll(w);
				if (k >= hi)
					break;
				const unsigned char *u = c->keys + c->key_at[k];
				index_check(sc, p[i], (int64_t)le32(u), (const char *)u + 4, c->key_at[k + 1] - c->key_at[k] - 5);
			}
	}
	return true;
}

/* The passes of scan_names() with the name index: the same checks on the same keys in the
 * same order (so the same answers, ties included), on only the keys whose letters allow a
 * match. False, with nothing found, when the index cannot be read. */
static bool
index_passes(struct cards_db *c, struct scan *sc, struct found *typo)
{
	size_t nw = (c->nkeys + 63) / 64;
	uint64_t *part = xcalloc(nw + 1, 8), *words = xcalloc(nw + 1, 8);
	struct found *f = sc->f;
	/* pass 0: the keys holding every letter of the query, or of its longest word, and (with
	 * the bigram maps) every bigram of it */
	bool ok = index_filter(c, CARDS_LEVELS - 1, letters_of(sc->q, sc->qn), NULL, 0, part) &&
	    (!sc->multi || index_filter(c, CARDS_LEVELS - 1, letters_of(sc->longest_word, strlen(sc->longest_word)), NULL, 0, words));
	if (ok && c->bigrams) {
		uint64_t *bg = xcalloc(nw + 1, 8);
		ok = index_filter(c, CARDS_LEVELS, cards_bigrams_of(sc->q, sc->qn), NULL, 0, bg);
		for (size_t i = 0; ok && i < nw; i++)
			part[i] &= bg[i];
		if (ok && sc->multi) {
			memset(bg, 0, nw * 8);
			ok = index_filter(c, CARDS_LEVELS, cards_bigrams_of(sc->longest_word, strlen(sc->longest_word)), NULL, 0, bg);
			for (size_t i = 0; ok && i < nw; i++)
				words[i] &= bg[i];
		}
		free(bg);
	}
	if (ok)
		ok = index_rows(c, sc, (enum ipass[]){IP_PART, IP_WORDS}, (uint64_t *[]){part, words}, sc->multi ? 2 : 1);
	/* pass 1: typos, among the keys whose first bytes lack few enough of the query's
	 * letters (at the shortest level that holds the first qn + wide bytes) */
	int level = 0;
	while (level < CARDS_LEVELS - 1 && cards_level_len(level) < sc->qn + (size_t)sc->wide)
		level++;
	if (ok && !f->n) {
		memset(part, 0, nw * 8);
		ok = index_filter(c, level, sc->typo_needs, sc->occurs, sc->wide, part) &&
		    index_rows(c, sc, (enum ipass[]){IP_TYPO}, (uint64_t *[]){part}, 1);
	}
	/* pass 2: shared words, when nothing else matched: the keys lacking at most one letter
	 * of some word of the query */
	if (ok && !f->n && !typo->n && !sc->near->n) {
		memset(part, 0, nw * 8);
		for (int i = 0; ok && i < sc->nword_needs; i++)
			ok = index_filter(c, CARDS_LEVELS - 1, sc->word_needs[i], NULL, 1, part);
		if (ok)
			ok = index_rows(c, sc, (enum ipass[]){IP_OVERLAP}, (uint64_t *[]){part}, 1);
	}
	free(part);
	free(words);
	if (!ok) {
		found_clear(f);
		found_clear(typo);
		found_clear(sc->near);
		found_clear(sc->overlap);
		c->index_state = -1;
	}
	return ok;
}

/* Scan the names for parts and words in any order (f); only when none matched, for typos
 * (f), one edit more (near); and only when still nothing, for shared words (overlap). */
static void
scan_names(struct cards_db *c, const char *q, struct found *f, struct found *near, struct found *overlap)
{
	struct scan sc = {.q = q, .qn = strlen(q), .f = f, .near = near, .overlap = overlap};
	sc.budget = typo_budget(sc.qn);
	sc.wide = sc.budget + 1;
	bg_init(&sc.g, q, sc.qn, sc.wide);
	ed_pattern_init(&sc.o, q, sc.qn, false);
	split_words(q, sc.qn, &sc.qw);
	for (int i = 1; i < sc.qw.n; i++)
		if (sc.qw.len[i] > sc.qw.len[sc.longest])
			sc.longest = i;
	sc.multi = strchr(q, ' ') != NULL && sc.qw.n > 0;
	if (sc.multi)
		snprintf(sc.longest_word, sizeof sc.longest_word, "%.*s", (int)sc.qw.len[sc.longest], sc.qw.w[sc.longest]);
	if (!letter_bit[0])
		letters_init();
	sc.typo_needs = letters_of(q, sc.qn);
	for (size_t i = 0; i < sc.qn; i++)
		if (sc.occurs[(unsigned char)q[i] & 63] < 255)
			sc.occurs[(unsigned char)q[i] & 63]++;
	for (int i = 0; i < sc.qw.n; i++)
		if (sc.qw.len[i] >= 3)
			sc.word_needs[sc.nword_needs++] = letters_of(sc.qw.w[i], sc.qw.len[i]);

	struct found typo = {0};
	sc.typo = &typo;
	f->keyed_now = typo.keyed_now = near->keyed_now = overlap->keyed_now = true;
	bool indexed = index_ready(c) && index_passes(c, &sc, &typo);
	if (!indexed) {
		c->read_all = c->read_all || !c->force_scan;
		scan_all(c, &sc, &typo);
	}
	if (f->n) {
		found_clear(near);
	} else {
		found_clear(f);
		*f = typo;
		memset(&typo, 0, sizeof typo);
	}
	if (f->n || near->n)
		found_clear(overlap);
	f->keyed_now = near->keyed_now = overlap->keyed_now = false;
	found_clear(&typo);
}

/* The passes reading every name (a database without the name index). */
static void
scan_all(struct cards_db *c, struct scan *sc, struct found *typo)
{
	if (!c->chunks && sqlite3_prepare_v2(c->db, "SELECT data FROM name_chunks ORDER BY id", -1, &c->chunks, NULL) != SQLITE_OK)
		return;
	struct found *f = sc->f, *near = sc->near;
	const char *q = sc->q;
	/* A read of the list for parts; only if none, a second for typos, in which the names
	 * that may share a word with the query are only kept, until a typo is found, and
	 * measured at the end if none was. */
	/* the rows are read once and kept for the second pass (a few hundred KB) */
	struct name_row *rows = NULL;
	size_t nrows = 0, rowcap = 0;
	char *cand = NULL;   /* names that may share a word: card id, key, NUL */
	size_t ncand = 0, ccap = 0;
	for (;;) {
		rows = xgrow(rows, &rowcap, nrows + 1, sizeof *rows);
		memset(&rows[nrows], 0, sizeof *rows);
		if (!row_read(c, &rows[nrows], true))
			break;
		struct name_row *w = &rows[nrows++];
		row_holding(sc, w, q, false, part_whole);
		if (sc->multi)
			row_holding(sc, w, sc->longest_word, true, part_words);
	}
	sqlite3_reset(c->chunks);
	for (size_t ri = 0; !f->n && ri < nrows; ri++) {
		const struct name_row w = rows[ri];
		for (size_t i = 0; i < w.nrec; i++) {
			/* the letters rule most names out before any string is compared: at most
			 * wide of the query's may be missing for a typo, at most one of some
			 * word's for an overlap */
			const struct name_rec *r = &w.rec[i];
			const char *key = w.keys + r->off;
			size_t kn = r->len, qn = sc->qn;
			/* a typo lies in the first qn + wide bytes, of a name about as long as the
			 * query (whole) or longer (its start) */
			bool whole = (kn > qn ? kn - qn : qn - kn) <= (size_t)sc->wide, start = kn > qn && qn >= 5;
			size_t span = !whole && !start ? 0 : kn < qn + (size_t)sc->wide ? kn : qn + (size_t)sc->wide;
			uint64_t has = letters_of(key, span);
			if (span && typo_missing(sc, has) <= sc->wide)
				match_typo(sc, r->card, key, kn);
			if (typo->n || near->n)
				continue;
			has |= letters_of(key + span, kn - span);
			for (int k = 0; k < sc->nword_needs; k++)
				if (at_most_bits(sc->word_needs[k] & ~has, 1)) {
					/* kept to measure only if no typo turns up */
					cand = xgrow(cand, &ccap, ncand + sizeof r->card + r->len + 1, 1);
					memcpy(cand + ncand, &r->card, sizeof r->card);
					memcpy(cand + ncand + sizeof r->card, key, r->len + 1);
					ncand += sizeof r->card + r->len + 1;
					break;
				}
		}
	}
	for (size_t at = 0; !f->n && !typo->n && !near->n && at < ncand;) {
		int64_t card;
		memcpy(&card, cand + at, sizeof card);
		const char *key = cand + at + sizeof card;
		size_t kn = strlen(key);
		match_overlap(sc, card, key, kn);
		at += sizeof card + kn + 1;
	}
	free(cand);
	for (size_t i = 0; i <= nrows && rows; i++) {
		free(rows[i].keys);
		free(rows[i].text);
		free(rows[i].rec);
	}
	free(rows);
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
	/* the flags go with their hits through the sort */
	for (size_t i = 0; i < f->n; i++)
		f->v[i].score = f->v[i].score * 2 + (f->keyed[i] ? 1 : 0);
	if (f->n > 1)
		xqsort(f->v, f->n, sizeof *f->v, hit_cmp);
	/* only the best kind of match counts: a start beats a part, a part beats a typo */
	size_t n = 0;
	while (n < f->n && f->v[n].how == f->v[0].how)
		n++;
	if (!c->card_name)
		sqlite3_prepare_v3(c->db, "SELECT name FROM cards WHERE id = ?", -1, SQLITE_PREPARE_PERSISTENT, &c->card_name, NULL);
	sqlite3_stmt *s = c->card_name;
	if (!c->name_of)
		sqlite3_prepare_v2(c->db, "SELECT name FROM names WHERE key = ?1 AND card = ?2 ORDER BY face LIMIT 1", -1, &c->name_of, NULL);
	for (size_t i = 0; i < n && i < max; i++) {
		hits[i] = f->v[i];
		bool keyed = hits[i].score & 1;
		hits[i].score >>= 1;
		if (s) {
			sqlite3_bind_int64(s, 1, hits[i].id);
			if (sqlite3_step(s) == SQLITE_ROW)
				snprintf(hits[i].name, sizeof hits[i].name, "%s", col_text(s, 0));
			sqlite3_reset(s);
		}
		if (keyed && c->name_of) {
			sqlite3_bind_text(c->name_of, 1, hits[i].matched, -1, SQLITE_TRANSIENT);
			sqlite3_bind_int64(c->name_of, 2, hits[i].id);
			if (sqlite3_step(c->name_of) == SQLITE_ROW)
				snprintf(hits[i].matched, sizeof hits[i].matched, "%s", col_text(c->name_of, 0));
			sqlite3_reset(c->name_of);
		}
	}
	free(f->v);
	free(f->slot);
	free(f->keyed);
	memset(f, 0, sizeof *f);
	return n;
}

/* The cards with a name in another language that is q (whole) or starts with it; a database
 * imported before these names were kept has none. */
static void
foreign_names(struct cards_db *c, const char *q, bool whole, struct found *f)
{
	if (!c->foreign_tried) {
		c->foreign_tried = true;
		if (sqlite3_prepare_v2(c->db, "SELECT card, name, lang FROM foreign_names WHERE key >= ?1 AND key < ?2"
		    " ORDER BY key, card LIMIT 1000", -1, &c->foreign, NULL) != SQLITE_OK)
			c->foreign = NULL;
	}
	if (!c->foreign)
		return;
	/* whole: the keys from q up to q followed by the byte after NUL, that is q alone */
	char hi[520];
	size_t qn = strlen(q) < sizeof hi - 2 ? strlen(q) : sizeof hi - 2;
	memcpy(hi, q, qn);
	hi[qn] = whole ? '\x01' : '\xff';
	sqlite3_bind_text(c->foreign, 1, q, -1, SQLITE_STATIC);
	sqlite3_bind_text(c->foreign, 2, hi, (int)qn + 1, SQLITE_STATIC);
	while (sqlite3_step(c->foreign) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(c->foreign, 0);
		const char *name = col_text(c->foreign, 1);
		size_t before = f->n;
		found_add(f, id, name, CM_FOREIGN, whole ? 0 : (int)strlen(name));
		if (f->n > before)
			snprintf(f->v[before].lang, sizeof f->v[before].lang, "%s", col_text(c->foreign, 2));
	}
	sqlite3_reset(c->foreign);
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
	/* a card named in another language ("Blitzschlag"), whole, before any English start */
	if (f.n == 0)
		foreign_names(c, q, true, &f);
	if (f.n == 0)
		prefix_names(c, q, 1000, &f);
	if (f.n == 0)
		foreign_names(c, q, false, &f);
	if (f.n == 0) {
		struct found *near = xcalloc(2, sizeof *near);
		scan_names(c, q, &f, &near[0], &near[1]);
		free(c->near_key);
		near_free(c->near);
		c->near_key = xstrdup(q);
		c->near = near;
	}
	return finish(c, &f, hits, max);
}

/* How many of the query's words (3 letters or more) start a word of key or are one edit from
 * one: what makes a name worth suggesting when nothing matched. */
static int
word_overlap(const struct words *q, const struct words *k)
{
	int score = 0;
	for (int i = 0; i < q->n; i++) {
		if (q->len[i] < 3)
			continue;
		bool hit = false;
		for (int j = 0; j < k->n && !hit; j++)
			hit = (k->len[j] >= q->len[i] && k->w[j][0] == q->w[i][0] && memcmp(k->w[j], q->w[i], q->len[i]) == 0) ||
			    within_one(q->w[i], q->len[i], k->w[j], k->len[j]);
		score += hit;
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
	struct found *near = c->near;
	if (!near || !c->near_key || strcmp(c->near_key, q) != 0) {
		near = xcalloc(2, sizeof *near);
		scan_names(c, q, &f, &near[0], &near[1]);
	} else {
		c->near = NULL;
	}
	/* a suggestion is what a lookup would take (when asked without one), else one edit
	 * more, else the names sharing most words */
	struct found *best = f.n ? &f : near[0].n ? &near[0] : &near[1];
	size_t n = finish(c, best, hits, max);
	near_free(near);
	free(f.v);
	free(f.slot);
	free(f.keyed);
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

/* A token of a free text that may be part of a card name (not an option, filter or regex);
 * a colon that ends it is the question's ("Duress: who chooses?"), not a filter's. */
static bool
name_token(const char *t, size_t n)
{
	if (n && t[n - 1] == ':')
		n--;
	if (n == 0 || t[0] == '-' || t[0] == '/' || memchr(t, ':', n))
		return false;
	return true;
}

/* The punctuation a question puts after a word ("Shock?", "Opt:", "Duress,"): not the name's. */
static size_t
token_end(const char *text, size_t s, size_t e)
{
	while (e > s + 1 && strchr(":,?!;.", text[e - 1]))
		e--;
	return e;
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
			/* one word: a card when capitalised as typed, else when the rules do not use it;
			 * the question's first word is capitalised anyway ("Flash creatures can't be
			 * countered?"), so there it counts only as the whole question */
			bool cap = text[ts[i]] >= 'A' && text[ts[i]] <= 'Z' && (i > 0 || nt == 1);
			if (j == i && !cap && common_word && common_word(ctx, key))
				continue;
			best = j - i + 1;
			best_id = id;
		}
		if (best_id >= 0) {
			out[n].id = best_id;
			out[n].start = ts[i];
			out[n].end = token_end(text, ts[i + best - 1], te[i + best - 1]);
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

/* Statement i of cards_get(), prepared on first use and kept (a link cache reads them all);
 * old, the same without the columns a database imported by an older judge lacks. */
static sqlite3_stmt *
stmt(struct cards_db *c, int i, const char *sql, const char *old)
{
	if (!c->get[i] && sqlite3_prepare_v3(c->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &c->get[i], NULL) != SQLITE_OK &&
	    (!old || sqlite3_prepare_v3(c->db, old, -1, SQLITE_PREPARE_PERSISTENT, &c->get[i], NULL) != SQLITE_OK))
		return NULL;
	return c->get[i];
}

/* Column i of s, NULL when s has fewer (an older database). */
static char *
col_dup_opt(sqlite3_stmt *s, int i)
{
	return i < sqlite3_column_count(s) ? col_dup(s, i) : NULL;
}

struct card *
cards_get(struct cards_db *c, int64_t id)
{
	sqlite3_stmt *s = stmt(c, 0, "SELECT name, layout, mana_value, oracle_id, keywords, legal, leader FROM cards WHERE id = ?",
	    "SELECT name, layout, mana_value, oracle_id, keywords, legal FROM cards WHERE id = ?");
	if (!s)
		return NULL;
	sqlite3_bind_int64(s, 1, id);
	if (sqlite3_step(s) != SQLITE_ROW) {
		sqlite3_reset(s);
		return NULL;
	}
	struct card *k = xcalloc(1, sizeof *k);
	k->id = id;
	k->name = col_dup(s, 0);
	k->layout = col_dup(s, 1);
	k->mana_value = col_value(s, 2);
	k->oracle_id = col_dup(s, 3);
	k->leader = col_dup_opt(s, 6);
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
	sqlite3_reset(s);

	if ((s = stmt(c, 1, "SELECT name, mana_cost, mana_value, type, text, power, toughness, loyalty, defense,"
	    " hand, life, lights FROM faces WHERE card = ? ORDER BY side",
	    "SELECT name, mana_cost, mana_value, type, text, power, toughness, loyalty, defense"
	    " FROM faces WHERE card = ? ORDER BY side")) != NULL) {
		sqlite3_bind_int64(s, 1, id);
		size_t cap = 0;
		while (sqlite3_step(s) == SQLITE_ROW) {
			k->faces = xgrow(k->faces, &cap, k->nfaces + 1, sizeof *k->faces);
			struct card_face *f = &k->faces[k->nfaces++];
			f->name = col_dup(s, 0);
			f->mana_cost = col_dup(s, 1);
			f->mana_value = col_value(s, 2);
			f->type = col_dup(s, 3);
			f->text = col_dup(s, 4);
			f->power = col_dup(s, 5);
			f->toughness = col_dup(s, 6);
			f->loyalty = col_dup(s, 7);
			f->defense = col_dup(s, 8);
			f->hand = col_dup_opt(s, 9);
			f->life = col_dup_opt(s, 10);
			f->lights = col_dup_opt(s, 11);
		}
		sqlite3_reset(s);
	}
	if ((s = stmt(c, 2, "SELECT date, source, text FROM rulings WHERE card = ? ORDER BY seq", NULL)) != NULL) {
		sqlite3_bind_int64(s, 1, id);
		size_t cap = 0;
		while (sqlite3_step(s) == SQLITE_ROW) {
			k->rulings = xgrow(k->rulings, &cap, k->nrulings + 1, sizeof *k->rulings);
			struct card_ruling *r = &k->rulings[k->nrulings++];
			r->date = col_dup(s, 0);
			r->source = col_dup(s, 1);
			r->text = col_dup(s, 2);
		}
		sqlite3_reset(s);
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
	free(k->leader);
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
		free(f->hand);
		free(f->life);
		free(f->lights);
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

size_t
cards_stored_links(struct cards_db *c, int64_t id, struct card_link *v, size_t max)
{
	return cards_read_links(c->db, id, v, max);
}

size_t
cards_stored_cites(struct cards_db *c, int64_t id, size_t ruling, char (*nums)[24], size_t max)
{
	return cards_read_cites(c->db, id, ruling, nums, max);
}

size_t
cards_read_links(sqlite3 *db, int64_t id, struct card_link *v, size_t max)
{
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(db, "SELECT kind, num, title, why FROM links WHERE card = ? ORDER BY seq", -1, &s, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_int64(s, 1, id);
	size_t n = 0;
	while (n < max && sqlite3_step(s) == SQLITE_ROW) {
		struct card_link *k = &v[n++];
		memset(k, 0, sizeof *k);
		k->rule = JNONE;
		k->kind = (enum card_link_kind)sqlite3_column_int(s, 0);
		snprintf(k->num, sizeof k->num, "%s", col_text(s, 1));
		snprintf(k->title, sizeof k->title, "%s", col_text(s, 2));
		snprintf(k->why, sizeof k->why, "%s", col_text(s, 3));
	}
	sqlite3_finalize(s);
	return n;
}

size_t
cards_read_cites(sqlite3 *db, int64_t id, size_t ruling, char (*nums)[24], size_t max)
{
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(db, "SELECT num FROM cites WHERE card = ? AND ruling = ? ORDER BY seq", -1, &s, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_int64(s, 1, id);
	sqlite3_bind_int64(s, 2, (sqlite3_int64)ruling);
	size_t n = 0;
	while (n < max && sqlite3_step(s) == SQLITE_ROW)
		snprintf(nums[n++], 24, "%s", col_text(s, 0));
	sqlite3_finalize(s);
	return n;
}
