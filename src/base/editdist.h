/* editdist.h — how far apart two spellings are, for "did you mean" everywhere (options,
 * board statements, keywords, search words, card names). Anyone may include this.
 * One distance, optimal string alignment (Levenshtein with adjacent transpositions, each
 * counting one), computed one way: a pattern of at most 64 bytes is compiled once into bit
 * vectors and measured against any number of texts (Hyyrö's algorithm). */
#ifndef JUDGE_EDITDIST_H
#define JUDGE_EDITDIST_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A compiled pattern; p must outlive it. A pattern over 64 bytes has no distance (1000). */
struct ed_pattern {
	uint64_t peq[256];
	size_t n;
	const char *p;
	bool too_long;
};
/* fold: ASCII letters of either case are the same letter. */
void ed_pattern_init(struct ed_pattern *e, const char *p, size_t n, bool fold);
/* The distance from the pattern to text[0..tn); with at_prefix, the distance to text[0..prefix)
 * too (1000 when prefix is 0 or past tn). */
int ed_pattern_distance(const struct ed_pattern *e, const char *text, size_t tn, size_t prefix,
    int *at_prefix);

/* The distance between a and b, bytes compared case-insensitively (ASCII); any value above
 * cap is returned as cap + 1, and so are strings over 63 bytes. */
size_t ed_distance(const char *a, const char *b, size_t cap);

/* The name in names (NULL-terminated) nearest to got, or NULL when none is within
 * reach: one edit for words of up to 4 letters, two for longer ones. */
const char *ed_nearest(const char *got, const char *const *names);

#endif
