/* cards_int.h — what the card module's files share and nobody else includes. */
#ifndef JUDGE_CARDS_INT_H
#define JUDGE_CARDS_INT_H
#include <stdint.h>
#include <sys/types.h>
#include "cards.h"

/* source.c: a card file's bytes, decompressed when its first bytes say so (a .zip: its first
 * member, deflated or stored) */
enum csrc_kind { CS_PLAIN, CS_GZIP, CS_XZ, CS_BZIP2, CS_ZIP };
struct csrc;
struct csrc *csrc_open_file(const char *path, struct sbuf *err);
struct csrc *csrc_open_mem(const void *data, size_t len);
enum csrc_kind csrc_kind(const struct csrc *s);
const char *csrc_kind_name(enum csrc_kind k);
/* Up to cap decompressed bytes; 0 at the end; -1 with err filled. */
ssize_t csrc_read(struct csrc *s, unsigned char *out, size_t cap, struct sbuf *err);
void csrc_close(struct csrc *s);

/* The name list: rows of name_chunks, each a run of records (the card id as 4 bytes, little
 * endian, then the name's key and a NUL) in key order, under CARDS_CHUNK bytes so that a row
 * fits one 4 KB page and a mapped database is read in place. */
#define CARDS_CHUNK 3800

typedef struct sqlite3 sqlite3;

#define CARDS_DB_FORMAT "judge-cards 2"

/* The name index (table name_letters, written at import with the name list; meta name_index
 * says it is there): an inverted index of the letters each key holds, so that the passes for
 * parts, typos and shared words read only the keys that may match instead of all of them.
 * Keys are numbered 0.. in the order of the name list (row by row, record by record). Row 0
 * holds, for each row of name_chunks, its id and the number of its first key (two 4-byte
 * little-endian words), then the number of keys; row -1 the records of all rows, end to end
 * (one blob read at once instead of a few hundred rows); row -2 the place of each key's record
 * in it (4-byte little-endian words), then its length; row 1 + level * 64 + bit holds one bit for
 * each key, in 8-byte little-endian words: set when one of the first cards_level_len(level)
 * bytes of the key is a byte whose value modulo 64 is bit (the typo pass's letters, store.c).
 * A map with no bit set is left out. */
#define CARDS_INDEX_FORMAT "letters 1"
#define CARDS_LEVELS 5
static inline size_t
cards_level_len(int level)
{
	static const size_t len[CARDS_LEVELS] = {8, 12, 16, 24, (size_t)-1};
	return len[level];
}
/* Beside the letters, the index holds (meta name_bigrams says so) one map per bigram bucket:
 * row 1 + CARDS_LEVELS * 64 + bucket has a key's bit set when two bytes side by side in it
 * (its whole key) hash to that bucket. A key holding a part holds every bigram of the part, so
 * the maps rule keys out for parts and words without changing which keys match. */
#define CARDS_BIGRAMS "bigrams 1"
static inline int
cards_bigram_bucket(unsigned char a, unsigned char b)
{
	return (int)(((uint32_t)a * 131u + b) * 2654435761u >> 26);
}
static inline uint64_t
cards_bigrams_of(const char *s, size_t n)
{
	uint64_t m = 0;
	for (size_t i = 0; i + 1 < n; i++)
		m |= UINT64_C(1) << cards_bigram_bucket((unsigned char)s[i], (unsigned char)s[i + 1]);
	return m;
}
/* import.c: the name index from the name list, in the same transaction */
int cards_write_name_index(sqlite3 *db);
/* store.c, for the tests: read every name (the scan older databases need) even when the
 * index is there; and one map of the index (nkeys bits), NULL when the database has none or
 * it is empty. */
void cards_force_scan(struct cards_db *db, bool on);
const uint64_t *cards_index_map(struct cards_db *db, int level, int bit, size_t *nkeys);

/* store.c: what the link cache (linkcache.c) reads and writes through */
sqlite3 *cards_handle(struct cards_db *db);
const char *cards_folder(struct cards_db *db);
size_t cards_read_links(sqlite3 *db, int64_t id, struct card_link *v, size_t max);
size_t cards_read_cites(sqlite3 *db, int64_t id, size_t ruling, char (*nums)[24], size_t max);

#endif
