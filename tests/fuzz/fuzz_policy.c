/* fuzz_policy.c — libFuzzer target for the policy document parser: the bytes as text (first
 * byte even) or as pdftohtml HTML (odd), then the lookups, the alignment, what tells two
 * sections apart and the ranking on the result. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "policy/policy.h"
#include "policy/pol_search.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	struct diags d = {0};
	struct pol_doc *doc;
	if (data[0] & 1) {
		doc = pol_parse_html("fuzz.html", (const char *)data + 1, size - 1, &d);
	} else {
		char *t = malloc(size);
		memcpy(t, data + 1, size - 1);
		t[size - 1] = '\0';
		doc = pol_parse_text("fuzz.txt", t, strlen(t), NULL, "pdftotext", &d);
		free(t);
	}
	if (doc) {
		pol_find(doc, NULL, "2.3");
		pol_find(doc, NULL, "appendix a");
		pol_find(doc, NULL, "drew extra cards");
		int *map = calloc(doc->nsec + 1, sizeof *map);
		double *sim = calloc(doc->nsec + 1, sizeof *sim);
		pol_align(doc, doc, map, sim);
		free(map);
		free(sim);
		/* what tells sections apart, their sentences and conditions, on the first few */
		struct pol_contrast k[8];
		for (size_t a = 0; a < doc->nsec && a < 6; a++) {
			pol_requires_intent(doc, a);
			free(pol_closest_sentence(doc, a, "he drew an extra card on purpose"));
			for (size_t b = a + 1; b < doc->nsec && b < 6; b++) {
				size_t n = pol_contrast(doc, a, b, k, 8);
				pol_contrast_free(k, n);
			}
			size_t n = pol_contrast_others(doc, a, &a, 1, k, 8);
			pol_contrast_free(k, n);
		}
		struct pol_index *ix = pol_index_new();
		pol_index_add(ix, doc, false);
		struct pol_hit h[4];
		pol_index_run(ix, "Divination: he didn't draw 61 cards, drew 3", ~0, h, 4);
		pol_index_free(ix);
		pol_doc_free(doc);
	}
	diag_clear(&d);
	return 0;
}
