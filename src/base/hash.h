/* hash.h — the two hash functions the index's open-addressing tables use, and a fast
 * 64-bit hash of a block of bytes (fingerprints of rules texts, cache checksums). */
#ifndef JUDGE_HASH_H
#define JUDGE_HASH_H
#include <stddef.h>
#include <stdint.h>

/* A 64-bit hash of n bytes; not cryptographic, and the same bytes give the same value
 * only on machines of the same byte order. */
uint64_t hash_bytes64(const void *data, size_t n, uint64_t seed);

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
