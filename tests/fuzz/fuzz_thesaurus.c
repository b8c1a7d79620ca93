/* fuzz_thesaurus.c — libFuzzer target for the thesaurus reader alone (a user's
 * ~/.config/judge/thesaurus.tsv is untrusted text): any bytes are read with at most capped
 * diagnostics, and the index built with them answers a query that may use every entry.
 * (fuzz_search_query reaches it too, behind a mode byte; this one gives it all its time.) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "search/search.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *t = malloc(size + 1);
	memcpy(t, data, size);
	t[size] = '\0';
	struct diags d = {0};
	struct srch *s = srch_new();
	srch_add_doc(s, SK_RULE, "702.19", "Trample", "Trample is a static ability that modifies "
	    "the rules for assigning an attacking creature's combat damage.");
	srch_add_doc(s, SK_GLOSSARY, "Stack", "Stack", "A zone. See rule 405.");
	srch_add_thesaurus(s, "fuzz.tsv", t, size, &d);
	if (d.n > DIAG_MAX_PER_FILE * 3)
		abort();   /* the cap holds */
	srch_finalize(s);
	/* the first words of the input as a query, so its own entries fire */
	char q[48];
	size_t k = 0;
	for (size_t i = 0; i < size && k < sizeof q - 1; i++)
		q[k++] = t[i] == '\t' || t[i] == '\n' || t[i] == '\0' ? ' ' : t[i];
	q[k] = '\0';
	const char *qs[] = { q, "trample etb the stack" };
	for (int i = 0; i < 2; i++) {
		struct srch_result r;
		srch_run(s, qs[i], 5, &r, &d);
		srch_result_free(&r);
	}
	diag_clear(&d);
	srch_free(s);
	free(t);
	return 0;
}
