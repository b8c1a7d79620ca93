/* fuzz_policy.c — libFuzzer target for the policy document parser: the bytes as text (first
 * byte even) or as pdftohtml HTML (odd), then the lookups and the alignment on the result. */
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
		pol_doc_free(doc);
	}
	diag_clear(&d);
	return 0;
}
