/* mem.h — allocation wrappers that die on out-of-memory, and a bump arena.
 * Anyone may include this. Ownership: an arena owns everything allocated from it;
 * arena_free() releases it all at once. Nothing else in judge exits from deep code. */
#ifndef JUDGE_MEM_H
#define JUDGE_MEM_H
#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* qsort that takes an empty array: an array never grown is NULL, and qsort's base may not be
 * NULL even for no elements (UBSan: "null pointer passed as argument 1"). */
void xqsort(void *base, size_t n, size_t sz, int (*cmp)(const void *, const void *));

/* Grow a dynamic array: *cap doubles until it holds need elements of size sz. */
void *xgrow(void *p, size_t *cap, size_t need, size_t sz);

struct arena_block;
struct arena {
	struct arena_block *head;
	size_t used_total;
};

void *arena_alloc(struct arena *a, size_t n);       /* zeroed, 8-byte aligned */
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t n);
void *arena_memdup(struct arena *a, const void *p, size_t n);
void arena_free(struct arena *a);

#endif
