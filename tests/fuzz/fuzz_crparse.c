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
		/* a lookup finds the first entry of a number; the source may number several
		 * entries the same (605.2c twice), which then sit together in document order */
		for (uint32_t i = 0; i < rel->nrules; i++) {
			uint32_t j = jrel_find(rel, rel->rules[i].id);
			if (j == JNONE || j > i || (j > 0 && rel->rules[j - 1].id == rel->rules[i].id))
				__builtin_trap();
			for (uint32_t k = j; k <= i; k++)
				if (rel->rules[k].id != rel->rules[i].id || rel->rules[k].copy != (k == j ? 0 : k - j + 1))
					__builtin_trap();
		}
		for (uint32_t i = 0; i < rel->ngloss; i++)
			if (jrel_define(rel, rel->gloss[i].head) == JNONE && rel->gloss[i].naliases)
				(void)0;   /* a head that folds to nothing is allowed */
	}
	jindex_free(ix);
	return 0;
}
