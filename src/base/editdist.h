/* editdist.h — how far apart two spellings are, for "did you mean" everywhere (options,
 * board statements and keywords). Anyone may include this. */
#ifndef JUDGE_EDITDIST_H
#define JUDGE_EDITDIST_H
#include <stddef.h>

/* Damerau-Levenshtein distance between a and b, bytes compared case-insensitively (ASCII);
 * any value above cap is returned as cap + 1, and so are strings over 63 bytes. */
size_t ed_distance(const char *a, const char *b, size_t cap);

/* The name in names (NULL-terminated) nearest to got, or NULL when none is within
 * reach: one edit for words of up to 4 letters, two for longer ones. */
const char *ed_nearest(const char *got, const char *const *names);

#endif
