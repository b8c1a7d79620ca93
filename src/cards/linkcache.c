/* linkcache.c — a card's links to rules other than those the import linked it with (a release
 * `judge update` brought, --rules, --cr): found for every card once, the first time a lookup
 * needs them, and kept beside cards.db as links-HASH.db, HASH the rules' key and the import's
 * stamp; later lookups with those rules read them and load no rules. Written to a temporary
 * file renamed into place, so a reader sees a whole cache or none; a cache that cannot be
 * written only costs the next lookup the same work again. */
#include "cards_int.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/hash.h"
#include "../base/mem.h"

struct cards_linkcache {
	sqlite3 *db;
	char *label;
};

static void
cache_path(struct cards_db *db, const char *rules_key, struct sbuf *out)
{
	uint64_t h = hash_bytes64(rules_key, strlen(rules_key), 1469598103934665603u);
	const char *stamp = cards_meta(db, "imported");
	h = hash_bytes64(stamp, strlen(stamp), h);
	sbuf_addf(out, "%s/links-%016llx.db", cards_folder(db), (unsigned long long)h);
}

struct cards_linkcache *
cards_linkcache_open(struct cards_db *db, const char *rules_key)
{
	if (!rules_key || !*rules_key)
		return NULL;
	struct sbuf p = {0};
	cache_path(db, rules_key, &p);
	sqlite3 *s = NULL;
	struct cards_linkcache *lc = NULL;
	if (access(p.s, R_OK) == 0 && sqlite3_open_v2(p.s, &s, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) == SQLITE_OK) {
		sqlite3_stmt *q = NULL;
		if (sqlite3_prepare_v2(s, "SELECT value FROM meta WHERE key = 'rules'", -1, &q, NULL) == SQLITE_OK &&
		    sqlite3_step(q) == SQLITE_ROW) {
			lc = xcalloc(1, sizeof *lc);
			lc->db = s;
			lc->label = xstrdup((const char *)sqlite3_column_text(q, 0) ? (const char *)sqlite3_column_text(q, 0) : "");
			s = NULL;
		}
		sqlite3_finalize(q);
	}
	sqlite3_close(s);
	sbuf_free(&p);
	return lc;
}

const char *
cards_linkcache_label(const struct cards_linkcache *lc)
{
	return lc->label;
}

size_t
cards_linkcache_links(struct cards_linkcache *lc, int64_t id, struct card_link *v, size_t max)
{
	return cards_read_links(lc->db, id, v, max);
}

size_t
cards_linkcache_cites(struct cards_linkcache *lc, int64_t id, size_t ruling, char (*nums)[24], size_t max)
{
	return cards_read_cites(lc->db, id, ruling, nums, max);
}

void
cards_linkcache_close(struct cards_linkcache *lc)
{
	if (!lc)
		return;
	sqlite3_close(lc->db);
	free(lc->label);
	free(lc);
}

static int
run(sqlite3 *s, const char *sql)
{
	return sqlite3_exec(s, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
}

int
cards_linkcache_build(struct cards_db *db, const char *rules_key, const struct jrelease *rel)
{
	if (!rules_key || !*rules_key || !rel)
		return -1;
	struct sbuf path = {0}, tmp = {0};
	cache_path(db, rules_key, &path);
	sbuf_addf(&tmp, "%s.%ld.tmp", path.s, (long)getpid());
	unlink(tmp.s);
	sqlite3 *s = NULL;
	sqlite3_stmt *ids = NULL, *il = NULL, *ic = NULL, *im = NULL;
	int rc = sqlite3_open_v2(tmp.s, &s, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) == SQLITE_OK ? 0 : -1;
	if (rc == 0)
		rc = run(s, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN;"
		    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;"
		    "CREATE TABLE links(card INTEGER, seq INTEGER, kind INTEGER, num TEXT, title TEXT, why TEXT,"
		    " PRIMARY KEY(card, seq)) WITHOUT ROWID;"
		    "CREATE TABLE cites(card INTEGER, ruling INTEGER, seq INTEGER, num TEXT,"
		    " PRIMARY KEY(card, ruling, seq)) WITHOUT ROWID;");
	if (rc == 0 &&
	    (sqlite3_prepare_v2(cards_handle(db), "SELECT id FROM cards ORDER BY id", -1, &ids, NULL) != SQLITE_OK ||
	     sqlite3_prepare_v2(s, "INSERT INTO links VALUES(?,?,?,?,?,?)", -1, &il, NULL) != SQLITE_OK ||
	     sqlite3_prepare_v2(s, "INSERT INTO cites VALUES(?,?,?,?)", -1, &ic, NULL) != SQLITE_OK ||
	     sqlite3_prepare_v2(s, "INSERT INTO meta VALUES(?,?)", -1, &im, NULL) != SQLITE_OK))
		rc = -1;
	while (rc == 0 && sqlite3_step(ids) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(ids, 0);
		struct card *k = cards_get(db, id);
		if (!k)
			continue;
		struct card_link links[64];
		size_t nl = cards_links(k, rel, links, 64);
		for (size_t i = 0; i < nl && rc == 0; i++) {
			sqlite3_bind_int64(il, 1, id);
			sqlite3_bind_int(il, 2, (int)i);
			sqlite3_bind_int(il, 3, (int)links[i].kind);
			sqlite3_bind_text(il, 4, links[i].num, -1, SQLITE_STATIC);
			sqlite3_bind_text(il, 5, links[i].title, -1, SQLITE_STATIC);
			sqlite3_bind_text(il, 6, links[i].why, -1, SQLITE_STATIC);
			rc = sqlite3_step(il) == SQLITE_DONE ? 0 : -1;
			sqlite3_reset(il);
		}
		for (size_t r = 0; r < k->nrulings && rc == 0; r++) {
			uint32_t cited[16];
			size_t nc = cards_cited(k->rulings[r].text ? k->rulings[r].text : "", rel, cited, 16);
			for (size_t j = 0; j < nc && rc == 0; j++) {
				sqlite3_bind_int64(ic, 1, id);
				sqlite3_bind_int(ic, 2, (int)r);
				sqlite3_bind_int(ic, 3, (int)j);
				sqlite3_bind_text(ic, 4, rel->rules[cited[j]].num, -1, SQLITE_STATIC);
				rc = sqlite3_step(ic) == SQLITE_DONE ? 0 : -1;
				sqlite3_reset(ic);
			}
		}
		card_free(k);
	}
	if (rc == 0) {
		sqlite3_bind_text(im, 1, "rules", -1, SQLITE_STATIC);
		sqlite3_bind_text(im, 2, rel->label ? rel->label : "", -1, SQLITE_STATIC);
		rc = sqlite3_step(im) == SQLITE_DONE ? 0 : -1;
	}
	sqlite3_finalize(ids);
	sqlite3_finalize(il);
	sqlite3_finalize(ic);
	sqlite3_finalize(im);
	if (rc == 0)
		rc = run(s, "COMMIT;");
	if (sqlite3_close(s) != SQLITE_OK)
		rc = -1;
	if (rc == 0 && rename(tmp.s, path.s) != 0)
		rc = -1;
	if (rc != 0)
		unlink(tmp.s);
	sbuf_free(&path);
	sbuf_free(&tmp);
	return rc;
}
