/* import.c — writes parsed cards into a new SQLite database beside the old one and renames it
 * into place only when every file parsed, so a failed import leaves the previous database
 * answering. Scryfall rulings are joined to their cards by oracle_id at the end. */
#include "cards_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../base/mem.h"
#include "../search/search.h"

/* Cyrillic capitals to small letters, and ё to е as Russian is often typed (names printed in
 * Russian are found however they are typed); the fold of the search leaves them as they are.
 * Two bytes stay two bytes. */
static void
fold_cyrillic(char *s, size_t n)
{
	unsigned char *u = (unsigned char *)s;
	for (size_t i = 0; i + 1 < n; i++) {
		if (u[i] == 0xD0 && u[i + 1] >= 0x90 && u[i + 1] <= 0x9F) {          /* А-П */
			u[i + 1] += 0x20;
		} else if (u[i] == 0xD0 && u[i + 1] >= 0xA0 && u[i + 1] <= 0xAF) {   /* Р-Я */
			u[i] = 0xD1;
			u[i + 1] -= 0x20;
		} else if (u[i] == 0xD0 && u[i + 1] >= 0x80 && u[i + 1] <= 0x8F) {   /* Ѐ-Џ, Ё */
			u[i] = 0xD1;
			u[i + 1] += 0x10;
		}
		if (u[i] == 0xD1 && u[i + 1] == 0x91) {                              /* ё */
			u[i] = 0xD0;
			u[i + 1] = 0xB5;
		}
		if (u[i] >= 0xC0)
			i++;
	}
}

size_t
cards_name_key(const char *s, char *out, size_t cap)
{
	size_t n = srch_fold(s, strlen(s), out, cap);
	fold_cyrillic(out, n);
	if (n > 0 || cap == 0)
		return n;
	/* a name of punctuation alone ("_____") is its own key */
	for (const char *p = s; *p && n + 1 < cap; p++)
		if (*p != ' ')
			out[n++] = *p;
	out[n] = '\0';
	return n;
}

double
cards_cost_value(const char *cost)
{
	double v = 0;
	for (const char *p = cost; p && *p; p++) {
		if (*p != '{')
			continue;
		const char *e = strchr(p, '}');
		if (!e)
			break;
		/* {2/W} counts its number, {W/U} and {W/P} one, {X} {Y} {Z} nothing */
		if (p[1] >= '0' && p[1] <= '9')
			v += strtod(p + 1, NULL);
		else if (p[1] == 'X' || p[1] == 'Y' || p[1] == 'Z')
			;
		else if (p[1] == 'H' && e - p == 3)   /* {HW}: half a mana */
			v += 0.5;
		else if (e > p + 1)
			v += 1;
		p = e;
	}
	return v;
}

const char *
cards_dir_default(char *buf, size_t cap)
{
	const char *x = getenv("XDG_DATA_HOME");
	int n;
	if (x && x[0] == '/')
		n = snprintf(buf, cap, "%s/judge/cards", x);
	else if ((x = getenv("HOME")) && *x)
		n = snprintf(buf, cap, "%s/.local/share/judge/cards", x);
	else
		return NULL;
	return n > 0 && (size_t)n < cap ? buf : NULL;
}

static const char schema[] =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;"
    "CREATE TABLE cards(id INTEGER PRIMARY KEY, name TEXT NOT NULL, layout TEXT, mana_value REAL,"
    " oracle_id TEXT, keywords TEXT, legal TEXT, leader TEXT);"
    "CREATE TABLE faces(card INTEGER, side INTEGER, name TEXT, mana_cost TEXT, mana_value REAL,"
    " type TEXT, text TEXT, power TEXT, toughness TEXT, loyalty TEXT, defense TEXT,"
    " hand TEXT, life TEXT, lights TEXT, PRIMARY KEY(card, side)) WITHOUT ROWID;"
    "CREATE TABLE rulings(card INTEGER, seq INTEGER, date TEXT, source TEXT, text TEXT,"
    " PRIMARY KEY(card, seq)) WITHOUT ROWID;"
    "CREATE TABLE names(key TEXT, card INTEGER, face INTEGER, name TEXT);"
    "CREATE TABLE name_chunks(id INTEGER PRIMARY KEY, data BLOB);"
    "CREATE TABLE foreign_names(key TEXT, card INTEGER, lang TEXT, name TEXT);"
    "CREATE TABLE links(card INTEGER, seq INTEGER, kind INTEGER, num TEXT, title TEXT, why TEXT,"
    " PRIMARY KEY(card, seq)) WITHOUT ROWID;"
    "CREATE TABLE cites(card INTEGER, ruling INTEGER, seq INTEGER, num TEXT,"
    " PRIMARY KEY(card, ruling, seq)) WITHOUT ROWID;"
    "CREATE TEMP TABLE scry_rulings(oracle_id TEXT, seq INTEGER, date TEXT, source TEXT, text TEXT);"
    "CREATE TEMP TABLE seen(name TEXT PRIMARY KEY) WITHOUT ROWID;"
    "CREATE TEMP TABLE meld(part INTEGER, result TEXT);"
    "CREATE TEMP TABLE rev(id INTEGER PRIMARY KEY);";

struct writer {
	sqlite3 *db;
	sqlite3_stmt *ins_card, *ins_face, *ins_rul, *ins_name, *ins_scry, *ins_seen, *ins_link, *ins_meld, *ins_rev, *ins_foreign;
	const struct jrelease *rel;   /* the rules linked at import, or NULL */
	struct diags *d;
	const char *file;
	struct cards_import_stats *st;
	size_t nscry;
	char meta_date[32];
	bool any_mtg, any_scry;
};

static int
db_fail(struct writer *w, const char *what)
{
	diag_add(w->d, DL_ERROR, w->file, 0, 0, "writing the card database (%s): %s", what, sqlite3_errmsg(w->db));
	diag_hint(w->d, "check the free space and permissions of the cards folder");
	return -1;
}

static void
bind_text(sqlite3_stmt *s, int i, const char *v)
{
	if (v)
		sqlite3_bind_text(s, i, v, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(s, i);
}

static int
step(struct writer *w, sqlite3_stmt *s, const char *what)
{
	int rc = sqlite3_step(s);
	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
	return rc == SQLITE_DONE ? 0 : db_fail(w, what);
}

static int
add_name(struct writer *w, int64_t card, int face, const char *name)
{
	char key[512];
	cards_name_key(name, key, sizeof key);
	if (!*key)
		return 0;
	sqlite3_bind_text(w->ins_name, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_int64(w->ins_name, 2, card);
	sqlite3_bind_int(w->ins_name, 3, face);
	sqlite3_bind_text(w->ins_name, 4, name, -1, SQLITE_STATIC);
	return step(w, w->ins_name, "names");
}

static int
sink_card(void *ctx, const struct card *c)
{
	struct writer *w = ctx;
	/* the same card twice (two files, or variants): the first one stays. A card is its
	 * oracle id where the file gives one: Scryfall has many tokens named Soldier, each its own */
	char seen[400];
	snprintf(seen, sizeof seen, "%s%s%s", c->reversible ? "rev:" : "", c->oracle_id ? "id:" : "name:",
	    c->oracle_id ? c->oracle_id : c->name);
	sqlite3_bind_text(w->ins_seen, 1, seen, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(w->ins_seen);
	sqlite3_reset(w->ins_seen);
	if (rc == SQLITE_CONSTRAINT) {
		w->st->duplicates++;
		return 0;
	}
	if (rc != SQLITE_DONE)
		return db_fail(w, "cards");
	struct sbuf kw = {0}, legal = {0};
	for (size_t i = 0; i < c->nkeywords; i++)
		sbuf_addf(&kw, "%s%s", i ? "\n" : "", c->keywords[i]);
	for (size_t i = 0; i < c->nlegal; i++)
		sbuf_addf(&legal, "%s%s=%s", i ? "\n" : "", c->legal[i].format, c->legal[i].status);
	bind_text(w->ins_card, 1, c->name);
	bind_text(w->ins_card, 2, c->layout);
	if (isnan(c->mana_value))
		sqlite3_bind_null(w->ins_card, 3);
	else
		sqlite3_bind_double(w->ins_card, 3, c->mana_value);
	bind_text(w->ins_card, 4, c->oracle_id);
	bind_text(w->ins_card, 5, kw.len ? kw.s : NULL);
	bind_text(w->ins_card, 6, legal.len ? legal.s : NULL);
	bind_text(w->ins_card, 7, c->leader);
	rc = step(w, w->ins_card, "cards");
	sbuf_free(&kw);
	sbuf_free(&legal);
	if (rc)
		return -1;
	int64_t id = sqlite3_last_insert_rowid(w->db);
	w->st->cards++;
	if (c->reversible) {
		sqlite3_bind_int64(w->ins_rev, 1, id);
		if (step(w, w->ins_rev, "reversible cards"))
			return -1;
	}
	if (c->melds_into) {
		sqlite3_bind_int64(w->ins_meld, 1, id);
		bind_text(w->ins_meld, 2, c->melds_into);
		if (step(w, w->ins_meld, "meld"))
			return -1;
	}
	if (add_name(w, id, -1, c->name))
		return -1;
	for (size_t i = 0; i < c->nforeign; i++) {
		char key[512];
		cards_name_key(c->foreign[i].name, key, sizeof key);
		if (!*key)
			continue;
		sqlite3_bind_text(w->ins_foreign, 1, key, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int64(w->ins_foreign, 2, id);
		bind_text(w->ins_foreign, 3, c->foreign[i].lang);
		bind_text(w->ins_foreign, 4, c->foreign[i].name);
		if (step(w, w->ins_foreign, "foreign names"))
			return -1;
	}
	for (size_t i = 0; i < c->nfaces; i++) {
		const struct card_face *f = &c->faces[i];
		sqlite3_bind_int64(w->ins_face, 1, id);
		sqlite3_bind_int(w->ins_face, 2, (int)i);
		bind_text(w->ins_face, 3, f->name);
		bind_text(w->ins_face, 4, f->mana_cost);
		if (isnan(f->mana_value))
			sqlite3_bind_null(w->ins_face, 5);
		else
			sqlite3_bind_double(w->ins_face, 5, f->mana_value);
		bind_text(w->ins_face, 6, f->type);
		bind_text(w->ins_face, 7, f->text);
		bind_text(w->ins_face, 8, f->power);
		bind_text(w->ins_face, 9, f->toughness);
		bind_text(w->ins_face, 10, f->loyalty);
		bind_text(w->ins_face, 11, f->defense);
		bind_text(w->ins_face, 12, f->hand);
		bind_text(w->ins_face, 13, f->life);
		bind_text(w->ins_face, 14, f->lights);
		if (step(w, w->ins_face, "faces"))
			return -1;
		w->st->faces++;
		if (f->name && strcmp(f->name, c->name) != 0 && add_name(w, id, (int)i, f->name))
			return -1;
	}
	if (w->rel) {
		/* the rules the card touches, kept with the release they came from: a lookup
		 * answered by that release reads them instead of loading the rules */
		struct card_link links[64];
		size_t nl = cards_links(c, w->rel, links, 64);
		for (size_t i = 0; i < nl; i++) {
			sqlite3_bind_int64(w->ins_link, 1, id);
			sqlite3_bind_int(w->ins_link, 2, (int)i);
			sqlite3_bind_int(w->ins_link, 3, (int)links[i].kind);
			bind_text(w->ins_link, 4, links[i].num);
			bind_text(w->ins_link, 5, links[i].title);
			bind_text(w->ins_link, 6, links[i].why);
			if (step(w, w->ins_link, "links"))
				return -1;
		}
	}
	for (size_t i = 0; i < c->nrulings; i++) {
		sqlite3_bind_int64(w->ins_rul, 1, id);
		sqlite3_bind_int(w->ins_rul, 2, (int)i);
		bind_text(w->ins_rul, 3, c->rulings[i].date);
		bind_text(w->ins_rul, 4, c->rulings[i].source);
		bind_text(w->ins_rul, 5, c->rulings[i].text);
		if (step(w, w->ins_rul, "rulings"))
			return -1;
		w->st->rulings++;
	}
	return 0;
}

static int
sink_ruling(void *ctx, const char *oracle_id, const struct card_ruling *r)
{
	struct writer *w = ctx;
	bind_text(w->ins_scry, 1, oracle_id);
	sqlite3_bind_int64(w->ins_scry, 2, (sqlite3_int64)w->nscry++);
	bind_text(w->ins_scry, 3, r->date);
	bind_text(w->ins_scry, 4, r->source);
	bind_text(w->ins_scry, 5, r->text);
	return step(w, w->ins_scry, "rulings");
}

static int
sink_meta(void *ctx, const char *key, const char *value)
{
	struct writer *w = ctx;
	if (strcmp(key, "date") == 0)
		snprintf(w->meta_date, sizeof w->meta_date, "%s", value);
	return 0;
}

static void
sink_skipped(void *ctx, const char *name, const char *layout)
{
	struct writer *w = ctx;
	w->st->skipped++;
}

static int exec(struct writer *w, const char *sql, const char *what);

/* The lines of a and b, each once, into out ("\n" between). */
static void
union_lines(const char *a, const char *b, struct sbuf *out)
{
	const char *src[2] = { a, b };
	for (int k = 0; k < 2; k++)
		for (const char *p = src[k]; p && *p;) {
			const char *e = strchr(p, '\n');
			size_t n = e ? (size_t)(e - p) : strlen(p);
			bool have = false;
			for (const char *q = out->s; q && *q && !have;) {
				const char *qe = strchr(q, '\n');
				size_t qn = qe ? (size_t)(qe - q) : strlen(q);
				have = qn == n && memcmp(q, p, n) == 0;
				q = qe ? qe + 1 : q + qn;
			}
			if (!have && n)
				sbuf_addf(out, "%s%.*s", out->len ? "\n" : "", (int)n, p);
			p = e ? e + 1 : p + n;
		}
}

/* Scryfall gives a meld card (Gisela, the Broken Blade) and the card it melds into (Brisela,
 * Voice of Nightmares) apart, naming the result among its related cards. Join them as MTGJSON
 * has them, so every lookup treats both files alike: each card that melds is "Gisela, the
 * Broken Blade // Brisela, Voice of Nightmares" with the result as its back face (side 1),
 * the result's rulings, keywords and links added to its own; the result, now a face of each,
 * is no card of its own. A result the files do not hold leaves its parts as they are. */
static int
join_melds(struct writer *w)
{
	sqlite3_stmt *q = NULL;
	if (sqlite3_prepare_v2(w->db, "SELECT m.part, min(r.id), p.name, r.name, p.keywords, r.keywords"
	    " FROM meld m JOIN cards p ON p.id = m.part JOIN cards r ON r.name = m.result AND r.id <> m.part"
	    " GROUP BY m.part ORDER BY m.part", -1, &q, NULL) != SQLITE_OK)
		return db_fail(w, "meld");
	struct {
		int64_t part, result;
		char *pname, *rname, *kw;
	} *v = NULL;
	size_t n = 0, cap = 0;
	while (sqlite3_step(q) == SQLITE_ROW) {
		v = xgrow(v, &cap, n + 1, sizeof *v);
		v[n].part = sqlite3_column_int64(q, 0);
		v[n].result = sqlite3_column_int64(q, 1);
		v[n].pname = xstrdup((const char *)sqlite3_column_text(q, 2));
		v[n].rname = xstrdup((const char *)sqlite3_column_text(q, 3));
		struct sbuf kw = {0};
		union_lines((const char *)sqlite3_column_text(q, 4), (const char *)sqlite3_column_text(q, 5), &kw);
		v[n].kw = sbuf_take(&kw);
		n++;
	}
	sqlite3_finalize(q);
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		struct sbuf sql = {0}, full = {0};
		sbuf_addf(&full, "%s // %s", v[i].pname, v[i].rname);
		char *qn = sqlite3_mprintf("%Q", full.s), *qk = sqlite3_mprintf("%Q", v[i].kw && *v[i].kw ? v[i].kw : NULL);
		long long p = v[i].part, r = v[i].result;
		sbuf_addf(&sql,
		    "UPDATE cards SET name = %s, keywords = %s WHERE id = %lld;"
		    "UPDATE names SET face = 0 WHERE card = %lld AND face = -1;"
		    "INSERT INTO faces SELECT %lld, 1, name, mana_cost, mana_value, type, text, power, toughness,"
		    " loyalty, defense, hand, life, lights FROM faces WHERE card = %lld AND side = 0;"
		    "INSERT INTO rulings SELECT %lld, seq + (SELECT coalesce(max(seq), -1) + 1 FROM rulings WHERE card = %lld),"
		    " date, source, text FROM rulings WHERE card = %lld;"
		    "INSERT INTO links SELECT %lld, seq + (SELECT coalesce(max(seq), -1) + 1 FROM links WHERE card = %lld),"
		    " kind, num, title, why FROM links WHERE card = %lld AND num NOT IN (SELECT num FROM links WHERE card = %lld);",
		    qn, qk, p, p, p, r, p, p, r, p, p, r, p);
		sqlite3_free(qn);
		sqlite3_free(qk);
		rc = exec(w, sql.s, "meld");
		if (rc == 0)
			rc = add_name(w, v[i].part, -1, full.s);
		if (rc == 0)
			rc = add_name(w, v[i].part, 1, v[i].rname);
		w->st->faces++;
		sbuf_free(&sql);
		sbuf_free(&full);
	}
	/* the results, each now a face of the cards that meld into it */
	for (size_t i = 0; i < n && rc == 0; i++) {
		bool first = true;
		for (size_t j = 0; j < i && first; j++)
			first = v[j].result != v[i].result;
		if (!first)
			continue;
		struct sbuf sql = {0};
		long long r = v[i].result;
		sbuf_addf(&sql, "DELETE FROM cards WHERE id = %lld; DELETE FROM faces WHERE card = %lld;"
		    " DELETE FROM names WHERE card = %lld; DELETE FROM rulings WHERE card = %lld;"
		    " DELETE FROM links WHERE card = %lld; DELETE FROM foreign_names WHERE card = %lld;", r, r, r, r, r, r);
		rc = exec(w, sql.s, "meld");
		sbuf_free(&sql);
		w->st->cards--;
		w->st->faces--;
	}
	for (size_t i = 0; i < n; i++) {
		free(v[i].pname);
		free(v[i].rname);
		free(v[i].kw);
	}
	free(v);
	return rc;
}

/* A reversible card is a card printed on both sides of one piece of card stock: when the files
 * hold that card under its own name (or its oracle id), it is that card printed again, counted
 * as a duplicate, whichever came first. */
static int
drop_reprinted(struct writer *w)
{
	/* each IN list is built once (an index of its own), not scanned per reversible card */
	if (exec(w, "CREATE TEMP TABLE gone AS SELECT a.id FROM cards a WHERE a.id IN (SELECT id FROM rev)"
	    " AND (a.name IN (SELECT name FROM cards WHERE id NOT IN (SELECT id FROM rev))"
	    " OR a.oracle_id IN (SELECT oracle_id FROM cards WHERE oracle_id IS NOT NULL AND id NOT IN (SELECT id FROM rev)))",
	    "reversible cards"))
		return -1;
	sqlite3_stmt *q = NULL;
	size_t ncards = 0, nfaces = 0;
	if (sqlite3_prepare_v2(w->db, "SELECT (SELECT count(*) FROM gone),"
	    " (SELECT count(*) FROM faces WHERE card IN (SELECT id FROM gone))", -1, &q, NULL) != SQLITE_OK)
		return db_fail(w, "reversible cards");
	if (sqlite3_step(q) == SQLITE_ROW) {
		ncards = (size_t)sqlite3_column_int64(q, 0);
		nfaces = (size_t)sqlite3_column_int64(q, 1);
	}
	sqlite3_finalize(q);
	if (exec(w, "DELETE FROM cards WHERE id IN (SELECT id FROM gone);"
	    "DELETE FROM faces WHERE card IN (SELECT id FROM gone);"
	    "DELETE FROM names WHERE card IN (SELECT id FROM gone);"
	    "DELETE FROM rulings WHERE card IN (SELECT id FROM gone);"
	    "DELETE FROM links WHERE card IN (SELECT id FROM gone);"
	    "DELETE FROM meld WHERE part IN (SELECT id FROM gone);"
	    "DELETE FROM foreign_names WHERE card IN (SELECT id FROM gone);"
	    "DROP TABLE gone;", "reversible cards"))
		return -1;
	w->st->cards -= ncards;
	w->st->faces -= nfaces;
	w->st->duplicates += ncards;
	return 0;
}

static int
exec(struct writer *w, const char *sql, const char *what)
{
	char *msg = NULL;
	if (sqlite3_exec(w->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		sqlite3_free(msg);
		return db_fail(w, what);
	}
	return 0;
}

static int
put_meta(struct writer *w, const char *key, const char *value)
{
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(w->db, "INSERT OR REPLACE INTO meta VALUES(?,?)", -1, &s, NULL) != SQLITE_OK)
		return db_fail(w, "meta");
	sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, value, -1, SQLITE_STATIC);
	int rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : db_fail(w, "meta");
}

/* Scryfall names its bulk files oracle-cards-20240501090247.json: the date is in the name. */
static bool
date_from_name(const char *path, char *out, size_t cap)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	for (const char *p = b; *p; p++) {
		int k = 0;
		while (p[k] >= '0' && p[k] <= '9')
			k++;
		if (k >= 8 && (p == b || p[-1] == '-' || p[-1] == '_')) {
			int y = (p[0] - '0') * 1000 + (p[1] - '0') * 100 + (p[2] - '0') * 10 + (p[3] - '0');
			int m = (p[4] - '0') * 10 + (p[5] - '0'), d = (p[6] - '0') * 10 + (p[7] - '0');
			if (y >= 1993 && y <= 2200 && m >= 1 && m <= 12 && d >= 1 && d <= 31) {
				snprintf(out, cap, "%04d-%02d-%02d", y, m, d);
				return true;
			}
		}
		if (k)
			p += k - 1;
	}
	return false;
}

static int
prepare(struct writer *w)
{
	struct { sqlite3_stmt **s; const char *sql; } st[] = {
		{&w->ins_card, "INSERT INTO cards(name, layout, mana_value, oracle_id, keywords, legal, leader) VALUES(?,?,?,?,?,?,?)"},
		{&w->ins_face, "INSERT INTO faces VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)"},
		{&w->ins_rul, "INSERT INTO rulings VALUES(?,?,?,?,?)"},
		{&w->ins_name, "INSERT INTO names VALUES(?,?,?,?)"},
		{&w->ins_scry, "INSERT INTO scry_rulings VALUES(?,?,?,?,?)"},
		{&w->ins_seen, "INSERT INTO seen VALUES(?)"},
		{&w->ins_link, "INSERT INTO links VALUES(?,?,?,?,?,?)"},
		{&w->ins_meld, "INSERT INTO meld VALUES(?,?)"},
		{&w->ins_rev, "INSERT INTO rev VALUES(?)"},
		{&w->ins_foreign, "INSERT INTO foreign_names VALUES(?,?,?,?)"},
	};
	for (size_t i = 0; i < sizeof st / sizeof *st; i++)
		if (sqlite3_prepare_v2(w->db, st[i].sql, -1, st[i].s, NULL) != SQLITE_OK)
			return db_fail(w, "prepare");
	return 0;
}

static void
finalize_all(struct writer *w)
{
	sqlite3_finalize(w->ins_card);
	sqlite3_finalize(w->ins_face);
	sqlite3_finalize(w->ins_rul);
	sqlite3_finalize(w->ins_name);
	sqlite3_finalize(w->ins_scry);
	sqlite3_finalize(w->ins_seen);
	sqlite3_finalize(w->ins_link);
	sqlite3_finalize(w->ins_meld);
	sqlite3_finalize(w->ins_rev);
	sqlite3_finalize(w->ins_foreign);
	w->ins_foreign = NULL;
	w->ins_card = w->ins_face = w->ins_rul = w->ins_name = w->ins_scry = w->ins_seen = w->ins_link = w->ins_meld = NULL;
	w->ins_rev = NULL;
}

/* The name list (see cards_int.h): every key with its card, in rows that each fit a page, so
 * the lookups no index answers (a part of a name, a typo) read a few hundred rows in place
 * instead of stepping through 40,000. */
static int
write_name_list(struct writer *w)
{
	sqlite3_stmt *s, *ins;
	if (sqlite3_prepare_v2(w->db, "SELECT card, key FROM names ORDER BY key, card", -1, &s, NULL) != SQLITE_OK)
		return db_fail(w, "name list");
	if (sqlite3_prepare_v2(w->db, "INSERT INTO name_chunks(data) VALUES(?)", -1, &ins, NULL) != SQLITE_OK) {
		sqlite3_finalize(s);
		return db_fail(w, "name list");
	}
	struct sbuf b = {0};
	int rc = 0;
	for (bool more = true; more && rc == 0;) {
		more = sqlite3_step(s) == SQLITE_ROW;
		const char *k = more ? (const char *)sqlite3_column_text(s, 1) : NULL;
		size_t kl = k ? strlen(k) : 0;
		if (b.len && (!more || b.len + 5 + kl > CARDS_CHUNK)) {
			sqlite3_bind_blob(ins, 1, b.s, (int)b.len, SQLITE_STATIC);
			rc = step(w, ins, "name list");
			sbuf_reset(&b);
		}
		if (!more || kl + 5 > CARDS_CHUNK)
			continue;
		uint32_t id = (uint32_t)sqlite3_column_int64(s, 0);
		unsigned char le[4] = {id & 0xff, (id >> 8) & 0xff, (id >> 16) & 0xff, id >> 24};
		sbuf_add(&b, (const char *)le, 4);
		sbuf_add(&b, k, kl + 1);
	}
	sqlite3_finalize(s);
	sqlite3_finalize(ins);
	sbuf_free(&b);
	return rc;
}

static void
put32(struct sbuf *b, uint32_t v)
{
	unsigned char le[4] = {v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >> 24};
	sbuf_add(b, (const char *)le, 4);
}

/* The name index (cards_int.h) from the name list just written: the rows are parsed as the
 * read side parses them (store.c row_read()), so key numbers agree. */
int
cards_write_name_index(sqlite3 *db)
{
	sqlite3_stmt *s = NULL, *ins = NULL;
	if (sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS name_letters(id INTEGER PRIMARY KEY, map BLOB)", NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "SELECT id, data FROM name_chunks ORDER BY id", -1, &s, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO name_letters(id, map) VALUES(?, ?)", -1, &ins, NULL) != SQLITE_OK) {
		sqlite3_finalize(s);
		return -1;
	}
	struct sbuf rows = {0}, keys = {0}, offs = {0};
	/* the letters of each key at each level, one 64-bit set per key and level, then its
	 * bigram buckets */
	enum { NSETS = CARDS_LEVELS + 1 };
	uint64_t *sets = NULL;
	size_t nkeys = 0, cap = 0;
	while (sqlite3_step(s) == SQLITE_ROW) {
		put32(&rows, (uint32_t)sqlite3_column_int64(s, 0));
		put32(&rows, (uint32_t)nkeys);
		const unsigned char *d = sqlite3_column_blob(s, 1);
		size_t dn = d ? (size_t)sqlite3_column_bytes(s, 1) : 0;
		for (size_t at = 0; at + 4 < dn;) {
			size_t kn = strnlen((const char *)d + at + 4, dn - at - 4);
			if (at + 4 + kn == dn)
				break;
			sets = xgrow(sets, &cap, (nkeys + 1) * NSETS, sizeof *sets);
			put32(&offs, (uint32_t)keys.len);
			sbuf_add(&keys, (const char *)d + at, 4 + kn + 1);
			uint64_t m = 0;
			size_t i = 0;
			for (int l = 0; l < CARDS_LEVELS; l++) {
				size_t upto = kn < cards_level_len(l) ? kn : cards_level_len(l);
				for (; i < upto; i++)
					m |= UINT64_C(1) << (d[at + 4 + i] & 63);
				sets[nkeys * NSETS + l] = m;
			}
			sets[nkeys * NSETS + CARDS_LEVELS] = cards_bigrams_of((const char *)d + at + 4, kn);
			nkeys++;
			at += 4 + kn + 1;
		}
	}
	int rc = sqlite3_finalize(s) == SQLITE_OK ? 0 : -1;
	put32(&rows, (uint32_t)nkeys);
	put32(&offs, (uint32_t)keys.len);
	struct sbuf *blob[] = {&rows, &keys, &offs};
	for (int i = 0; rc == 0 && i < 3; i++) {
		sqlite3_bind_int64(ins, 1, -i);
		sqlite3_bind_blob(ins, 2, blob[i]->len ? blob[i]->s : "", (int)blob[i]->len, SQLITE_STATIC);
		if (sqlite3_step(ins) != SQLITE_DONE)
			rc = -1;
		sqlite3_reset(ins);
	}
	size_t nwords = (nkeys + 63) / 64;
	unsigned char *map = xmalloc(nwords * 8 + 1);
	for (int l = 0; rc == 0 && l < NSETS; l++)
		for (int bit = 0; rc == 0 && bit < 64; bit++) {
			memset(map, 0, nwords * 8 + 1);
			bool any = false;
			for (size_t k = 0; k < nkeys; k++)
				if (sets[k * NSETS + l] >> bit & 1) {
					map[k / 8] |= (unsigned char)(1u << (k % 8));
					any = true;
				}
			if (!any)
				continue;
			sqlite3_bind_int64(ins, 1, 1 + l * 64 + bit);
			sqlite3_bind_blob(ins, 2, map, (int)(nwords * 8), SQLITE_STATIC);
			if (sqlite3_step(ins) != SQLITE_DONE)
				rc = -1;
			sqlite3_reset(ins);
		}
	free(map);
	free(sets);
	sbuf_free(&rows);
	sbuf_free(&keys);
	sbuf_free(&offs);
	sqlite3_finalize(ins);
	if (rc == 0 && sqlite3_exec(db, "INSERT OR REPLACE INTO meta(key, value) VALUES('name_index', '" CARDS_INDEX_FORMAT "');"
	    "INSERT OR REPLACE INTO meta(key, value) VALUES('name_bigrams', '" CARDS_BIGRAMS "')", NULL, NULL, NULL) != SQLITE_OK)
		rc = -1;
	return rc;
}

/* The rule numbers each ruling cites that the linked release has, by the ruling's place
 * among its card's rulings. */
static int
write_cites(struct writer *w)
{
	sqlite3_stmt *s, *ins;
	if (sqlite3_prepare_v2(w->db, "SELECT card, text FROM rulings ORDER BY card, seq", -1, &s, NULL) != SQLITE_OK)
		return db_fail(w, "cites");
	if (sqlite3_prepare_v2(w->db, "INSERT INTO cites VALUES(?,?,?,?)", -1, &ins, NULL) != SQLITE_OK) {
		sqlite3_finalize(s);
		return db_fail(w, "cites");
	}
	int64_t card = -1;
	int ord = 0, rc = 0;
	while (rc == 0 && sqlite3_step(s) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(s, 0);
		ord = id == card ? ord + 1 : 0;
		card = id;
		uint32_t cited[16];
		size_t nc = cards_cited((const char *)sqlite3_column_text(s, 1), w->rel, cited, 16);
		for (size_t i = 0; i < nc && rc == 0; i++) {
			sqlite3_bind_int64(ins, 1, id);
			sqlite3_bind_int(ins, 2, ord);
			sqlite3_bind_int(ins, 3, (int)i);
			bind_text(ins, 4, w->rel->rules[cited[i]].num);
			rc = step(w, ins, "cites");
		}
	}
	sqlite3_finalize(s);
	sqlite3_finalize(ins);
	return rc;
}

/* mkdir -p */
/* The links found for other rules (linkcache.c) belong to the import they were found for. */
static void
drop_link_caches(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	while (dp && (de = readdir(dp)) != NULL) {
		size_t n = strlen(de->d_name);
		if (strncmp(de->d_name, "links-", 6) == 0 && n > 3 && strcmp(de->d_name + n - 3, ".db") == 0) {
			struct sbuf p = {0};
			sbuf_addf(&p, "%s/%s", dir, de->d_name);
			unlink(p.s);
			sbuf_free(&p);
		}
	}
	if (dp)
		closedir(dp);
}

static int
make_dirs(const char *path, struct diags *d)
{
	char *p = xstrdup(path);
	for (char *s = p + 1;; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;
			*s = '\0';
			if (mkdir(p, 0777) != 0 && errno != EEXIST) {
				diag_add(d, DL_ERROR, p, 0, 0, "cannot create the folder: %s", strerror(errno));
				free(p);
				return -1;
			}
			*s = c;
			if (c == '\0')
				break;
		}
	}
	free(p);
	return 0;
}

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int
cards_import(const char *dir, const char *const *files, int nfiles, enum cards_format format,
    const struct jrelease *rel, const char *rules_key, struct cards_import_stats *st, struct diags *d)
{
	double t0 = now();
	memset(st, 0, sizeof *st);
	if (make_dirs(dir, d) != 0)
		return -1;
	struct sbuf tmp = {0}, dest = {0};
	sbuf_addf(&tmp, "%s/.cards-import-XXXXXX", dir);
	sbuf_addf(&dest, "%s/cards.db", dir);
	int fd = mkstemp(tmp.s);
	if (fd < 0) {
		diag_add(d, DL_ERROR, dir, 0, 0, "cannot write in the cards folder: %s", strerror(errno));
		sbuf_free(&tmp);
		sbuf_free(&dest);
		return -1;
	}
	close(fd);
	struct writer w = {0};
	w.d = d;
	w.st = st;
	w.file = tmp.s;
	w.rel = rel;
	int rc = -1;
	if (sqlite3_open_v2(tmp.s, &w.db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		db_fail(&w, "open");
		goto out;
	}
	/* a fresh file nobody reads yet: no journal, no syncs until the end */
	if (exec(&w, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA temp_store=MEMORY;"
	    "PRAGMA cache_size=-32768;", "settings") ||
	    exec(&w, schema, "schema") || prepare(&w) || exec(&w, "BEGIN", "begin"))
		goto out;
	struct cards_sink sink = {&w, sink_card, sink_ruling, sink_meta, sink_skipped};
	struct sbuf names = {0};
	char date[32] = "", date_from[32] = "";
	for (int i = 0; i < nfiles; i++) {
		enum cards_format f = format;
		w.file = files[i];
		w.meta_date[0] = '\0';
		if (cards_parse_file(files[i], &f, &sink, d) != 0) {
			sbuf_free(&names);
			goto out;
		}
		if (f == CF_MTGJSON)
			w.any_mtg = true;
		else
			w.any_scry = true;
		char fdate[32] = "", ffrom[32] = "";
		if (w.meta_date[0]) {
			snprintf(fdate, sizeof fdate, "%.10s", w.meta_date);
			snprintf(ffrom, sizeof ffrom, "meta");
		} else if (date_from_name(files[i], fdate, sizeof fdate)) {
			snprintf(ffrom, sizeof ffrom, "file name");
		} else {
			struct stat sb;
			if (stat(files[i], &sb) == 0) {
				struct tm tm;
				gmtime_r(&sb.st_mtime, &tm);
				strftime(fdate, sizeof fdate, "%Y-%m-%d", &tm);
				snprintf(ffrom, sizeof ffrom, "file time");
			}
		}
		/* several files: the newest date says how fresh the data is */
		if (fdate[0] && strcmp(fdate, date) > 0) {
			snprintf(date, sizeof date, "%s", fdate);
			snprintf(date_from, sizeof date_from, "%s", ffrom);
		}
		const char *b = strrchr(files[i], '/');
		sbuf_addf(&names, "%s%s", i ? ", " : "", b ? b + 1 : files[i]);
	}
	w.file = tmp.s;
	if (st->cards == 0) {
		diag_add(d, DL_ERROR, files[nfiles - 1], 0, 0, "no cards in %s", nfiles > 1 ? "these files" : "this file");
		diag_hint(d, w.nscry ? "Scryfall's rulings file needs its cards: import oracle-cards and rulings together"
		                     : "import AtomicCards.json, or Scryfall's oracle-cards file");
		sbuf_free(&names);
		goto out;
	}
	if (drop_reprinted(&w))
		goto out;
	/* Scryfall's rulings name the card by oracle_id; MTGJSON cards carry it too */
	if (w.nscry) {
		sqlite3_stmt *s;
		if (sqlite3_prepare_v2(w.db, "SELECT count(*) FROM scry_rulings WHERE oracle_id NOT IN (SELECT oracle_id FROM cards WHERE oracle_id IS NOT NULL)", -1, &s, NULL) == SQLITE_OK) {
			if (sqlite3_step(s) == SQLITE_ROW)
				st->orphan_rulings = (size_t)sqlite3_column_int64(s, 0);
			sqlite3_finalize(s);
		}
		if (exec(&w, "INSERT INTO rulings SELECT c.id, 1000000 + r.seq, r.date, r.source, r.text"
		    " FROM scry_rulings r JOIN cards c ON c.oracle_id = r.oracle_id;", "rulings"))
			goto out;
		st->rulings += (size_t)sqlite3_changes(w.db);
		if (join_melds(&w))
			goto out;
	}
	snprintf(st->source, sizeof st->source, "%s", w.any_mtg && w.any_scry ? "mtgjson+scryfall" : w.any_mtg ? "mtgjson" : "scryfall");
	snprintf(st->date, sizeof st->date, "%s", date);
	snprintf(st->date_from, sizeof st->date_from, "%s", date_from);
	char num[32], stamp[32];
	snprintf(num, sizeof num, "%zu", st->cards);
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
	finalize_all(&w);
	if (put_meta(&w, "format", CARDS_DB_FORMAT) || put_meta(&w, "date", date) ||
	    put_meta(&w, "date_from", date_from) || put_meta(&w, "source", st->source) ||
	    put_meta(&w, "files", sbuf_str(&names)) || put_meta(&w, "cards", num) ||
	    put_meta(&w, "imported", stamp)) {
		sbuf_free(&names);
		goto out;
	}
	sbuf_free(&names);
	if (write_name_list(&w) || (rel && write_cites(&w)))
		goto out;
	if (cards_write_name_index(w.db)) {
		db_fail(&w, "name index");
		goto out;
	}
	if (rel && (put_meta(&w, "rules", rel->label) || put_meta(&w, "rules_key", rules_key ? rules_key : "")))
		goto out;
	if (exec(&w, "CREATE INDEX names_key ON names(key, name, card, face);"
	    "CREATE INDEX foreign_key ON foreign_names(key);"
	    "DROP TABLE scry_rulings; DROP TABLE seen; DROP TABLE meld; DROP TABLE rev; COMMIT;", "index"))
		goto out;
	if (exec(&w, "ANALYZE", "analyze"))
		goto out;
	sqlite3_close(w.db);
	w.db = NULL;
	/* the data must be on disk before the name points at it */
	fd = open(tmp.s, O_RDONLY);
	if (fd < 0 || fsync(fd) != 0) {
		diag_add(d, DL_ERROR, tmp.s, 0, 0, "cannot sync the new card database: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		goto out;
	}
	close(fd);
	chmod(tmp.s, 0644);
	if (rename(tmp.s, dest.s) != 0) {
		diag_add(d, DL_ERROR, dest.s, 0, 0, "cannot put the new card database in place: %s", strerror(errno));
		goto out;
	}
	int dfd = open(dir, O_RDONLY | O_DIRECTORY);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	drop_link_caches(dir);
	rc = 0;
out:
	finalize_all(&w);
	if (w.db)
		sqlite3_close(w.db);
	if (rc != 0)
		unlink(tmp.s);
	sbuf_free(&tmp);
	sbuf_free(&dest);
	st->seconds = now() - t0;
	return rc;
}
