/* buf.h — a growable byte string. The buffer owns its bytes; sbuf_free() releases them. */
#ifndef JUDGE_BUF_H
#define JUDGE_BUF_H
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct sbuf {
	char *s;        /* always NUL-terminated once anything was added */
	size_t len, cap;
};

void sbuf_add(struct sbuf *b, const char *s, size_t n);
/* Append the rest of stream f, stopping once more than max bytes are held (0: no limit).
 * false on a read error; what was read stays in b. */
bool sbuf_read(struct sbuf *b, FILE *f, size_t max);
void sbuf_adds(struct sbuf *b, const char *s);
void sbuf_addc(struct sbuf *b, char c);
void sbuf_addf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sbuf_vaddf(struct sbuf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
void sbuf_reset(struct sbuf *b);
void sbuf_free(struct sbuf *b);
const char *sbuf_str(struct sbuf *b);   /* "" when empty */
char *sbuf_take(struct sbuf *b);        /* caller frees; buffer is left empty */

#endif
