/* cards_int.h — what the card module's files share and nobody else includes. */
#ifndef JUDGE_CARDS_INT_H
#define JUDGE_CARDS_INT_H
#include <sys/types.h>
#include "cards.h"

/* source.c: a card file's bytes, decompressed when its first bytes say so */
enum csrc_kind { CS_PLAIN, CS_GZIP, CS_XZ, CS_BZIP2 };
struct csrc;
struct csrc *csrc_open_file(const char *path, struct sbuf *err);
struct csrc *csrc_open_mem(const void *data, size_t len);
enum csrc_kind csrc_kind(const struct csrc *s);
const char *csrc_kind_name(enum csrc_kind k);
/* Up to cap decompressed bytes; 0 at the end; -1 with err filled. */
ssize_t csrc_read(struct csrc *s, unsigned char *out, size_t cap, struct sbuf *err);
void csrc_close(struct csrc *s);

#define CARDS_DB_FORMAT "judge-cards 1"

#endif
