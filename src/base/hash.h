/* hash.h — the two hash functions the index's open-addressing tables use. */
#ifndef JUDGE_HASH_H
#define JUDGE_HASH_H
#include <stdint.h>

/* A 32-bit integer mixer (lowbias32), for rule ids. */
static inline uint32_t
hash_u32(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352dU;
	x ^= x >> 15;
	x *= 0x846ca68bU;
	x ^= x >> 16;
	return x;
}

/* FNV-1a over a NUL-terminated string, for folded glossary terms. */
static inline uint32_t
hash_str(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

#endif
