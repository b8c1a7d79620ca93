/* buf.c — growable byte strings. */
#include "buf.h"
#include "mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
reserve(struct sbuf *b, size_t more)
{
	if (b->len + more + 1 > b->cap) {
		size_t c = b->cap ? b->cap : 64;
		while (c < b->len + more + 1)
			c *= 2;
		b->s = xrealloc(b->s, c);
		b->cap = c;
	}
}

void
sbuf_add(struct sbuf *b, const char *s, size_t n)
{
	reserve(b, n);
	if (n)
		memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

bool
sbuf_read(struct sbuf *b, FILE *f, size_t max)
{
	size_t n;
	do {
		reserve(b, 65536);
		n = fread(b->s + b->len, 1, 65536, f);
		b->len += n;
		b->s[b->len] = '\0';
	} while (n > 0 && (max == 0 || b->len <= max));
	return !ferror(f);
}

void
sbuf_adds(struct sbuf *b, const char *s)
{
	sbuf_add(b, s, strlen(s));
}

void
sbuf_addc(struct sbuf *b, char c)
{
	reserve(b, 1);
	b->s[b->len++] = c;
	b->s[b->len] = '\0';
}

void
sbuf_vaddf(struct sbuf *b, const char *fmt, va_list ap)
{
	va_list cp;
	va_copy(cp, ap);
	int n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	reserve(b, (size_t)n);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void
sbuf_addf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sbuf_vaddf(b, fmt, ap);
	va_end(ap);
}

void
sbuf_reset(struct sbuf *b)
{
	b->len = 0;
	if (b->s)
		b->s[0] = '\0';
}

void
sbuf_free(struct sbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

const char *
sbuf_str(struct sbuf *b)
{
	return b->s ? b->s : "";
}

char *
sbuf_take(struct sbuf *b)
{
	char *s = b->s ? b->s : xstrdup("");
	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}
