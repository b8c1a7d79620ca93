/* fuzz_crparse.c — libFuzzer target: any bytes through decoding, the CR parser and lookups. */
#include <stddef.h>
#include <stdint.h>
#include "index/index.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct jindex *ix = jindex_new();
	struct jrelease *rel = jindex_load_bytes(ix, "fuzz.txt", data, size);
	if (rel) {
		for (uint32_t i = 0; i < rel->nrules; i++) {
			uint32_t j = jrel_find(rel, rel->rules[i].id);
			if (j != i)
				__builtin_trap();
		}
		for (uint32_t i = 0; i < rel->ngloss; i++)
			if (jrel_define(rel, rel->gloss[i].head) == JNONE && rel->gloss[i].naliases)
				(void)0;   /* a head that folds to nothing is allowed */
	}
	jindex_free(ix);
	return 0;
}
