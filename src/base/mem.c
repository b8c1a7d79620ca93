/* mem.c — allocation wrappers and the bump arena behind the index. */
#include "mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
oom(size_t n)
{
	fprintf(stderr, "judge: out of memory (asked for %zu bytes)\n", n);
	exit(2);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (p == NULL)
		oom(n);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (p == NULL)
		oom(n * size);
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		oom(n);
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void *
xgrow(void *p, size_t *cap, size_t need, size_t sz)
{
	size_t c = *cap;
	if (need <= c)
		return p;
	if (c < 8)
		c = 8;
	while (c < need)
		c *= 2;
	*cap = c;
	return xrealloc(p, c * sz);
}

struct arena_block {
	struct arena_block *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
};

#define ARENA_CHUNK (256u * 1024u)

static void *arena_raw(struct arena *a, size_t n);

void *
arena_alloc(struct arena *a, size_t n)
{
	void *p = arena_raw(a, n);
	memset(p, 0, n);
	return p;
}

/* Uninitialised space, for copies that overwrite it all at once. */
static void *
arena_raw(struct arena *a, size_t n)
{
	struct arena_block *b = a->head;
	n = (n + 7) & ~(size_t)7;
	if (b == NULL || b->size - b->used < n) {
		size_t size = n > ARENA_CHUNK / 4 ? n : ARENA_CHUNK;
		struct arena_block *nb = xmalloc(sizeof *nb + size);
		nb->size = size;
		nb->used = 0;
		if (b != NULL && size != ARENA_CHUNK) {
			/* a big one-off goes behind the current block so the
			 * current block's free space stays usable */
			nb->next = b->next;
			b->next = nb;
			b = nb;
		} else {
			nb->next = b;
			a->head = b = nb;
		}
	}
	void *p = b->data + b->used;
	b->used += n;
	a->used_total += n;
	return p;
}

char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_raw(a, n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

void *
arena_memdup(struct arena *a, const void *src, size_t n)
{
	void *p = arena_raw(a, n);
	if (n)
		memcpy(p, src, n);
	return p;
}

void
arena_free(struct arena *a)
{
	struct arena_block *b = a->head;
	while (b != NULL) {
		struct arena_block *next = b->next;
		free(b);
		b = next;
	}
	a->head = NULL;
	a->used_total = 0;
}

void
xqsort(void *base, size_t n, size_t sz, int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, sz, cmp);
}
