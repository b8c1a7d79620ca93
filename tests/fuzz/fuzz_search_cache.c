/* fuzz_search_cache.c — libFuzzer target for the search index cache loader: any bytes
 * given as a cache file are rejected or give an index that answers queries without
 * crashing. The key and checksum tests are skipped (as if the file were for this index),
 * so the fuzzer reaches the checks of every count, offset and index behind them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "search/search.h"

static const char *const queries[] = {
	"trample", "lethal damage", "trampl*", "tramlpe", "\"lethal damage\"", "/tramp.e/",
	"in:702 trample", "in:glossary damage", "etb", "trample -blocked", "x",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char why[128];
	for (int trusted = 0; trusted < 2; trusted++) {
		struct srch *s = srch_new();
		void *img = malloc(size ? size : 1);
		memcpy(img, data, size);
		if (!srch_cache_from_image(s, img, size, trusted, why, sizeof why)) {
			srch_free(s);
			continue;
		}
		struct diags d = {0};
		for (size_t q = 0; q < sizeof queries / sizeof *queries; q++) {
			struct srch_result r;
			srch_run(s, queries[q], 5, &r, &d);
			for (size_t i = 0; i < r.nshown; i++) {
				struct sbuf b = {0};
				srch_snippet(s, r.hits[i].doc, &b, 60, "[", "]");
				sbuf_free(&b);
			}
			srch_result_free(&r);
			diag_clear(&d);
		}
		free(d.v);
		size_t sum = 0;
		for (uint32_t doc = 0; doc < srch_ndocs(s); doc++) {
			const jrid *rv;
			size_t nr = srch_doc_rules(s, doc, &rv);
			for (size_t i = 0; i < nr; i++)
				sum += rv[i];
			sum += strlen(srch_doc_id(s, doc)) + strlen(srch_doc_body(s, doc));
			sum += srch_doc_title(s, doc) ? strlen(srch_doc_title(s, doc)) : 0;
			sum += srch_doc_context(s, doc) ? strlen(srch_doc_context(s, doc)) : 0;
			sum += srch_doc_kind(s, doc) + srch_doc_rule(s, doc);
		}
		struct srch_stats st;
		srch_stats(s, &st);
		srch_free(s);
		if (sum == 1)   /* keep the reads */
			abort();
	}
	return 0;
}
