/* cards_int.h — what the card module's files share and nobody else includes. */
#ifndef JUDGE_CARDS_INT_H
#define JUDGE_CARDS_INT_H
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

#define CARDS_DB_FORMAT "judge-cards 2"

/* store.c: what the link cache (linkcache.c) reads and writes through */
typedef struct sqlite3 sqlite3;
sqlite3 *cards_handle(struct cards_db *db);
const char *cards_folder(struct cards_db *db);
size_t cards_read_links(sqlite3 *db, int64_t id, struct card_link *v, size_t max);
size_t cards_read_cites(sqlite3 *db, int64_t id, size_t ruling, char (*nums)[24], size_t max);

#endif
