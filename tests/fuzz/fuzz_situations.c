/* fuzz_situations.c — libFuzzer target for the common-situations reader alone (a user's
 * ~/.config/judge/situations.tsv is untrusted text): any bytes are read with capped
 * diagnostics, compiled at srch_finalize(), and matched by queries made of the input's own
 * words. (fuzz_search_query reaches it behind a mode byte; this one gives it all its time.) */
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
	srch_add_doc(s, SK_RULE, "704.5j", NULL, "If two or more legendary permanents with the same "
	    "name are controlled by the same player, the rest are put into their owners' graveyards.");
	srch_add_situations(s, "fuzz.tsv", t, size, &d);
	if (d.n > DIAG_MAX_PER_FILE * 3)
		abort();   /* the cap holds */
	srch_finalize(s);
	/* each line's first field, with its '+' and '|' as spaces, is a question it answers */
	for (size_t at = 0, done = 0; at < size && done < 4; done++) {
		char q[96];
		size_t k = 0;
		while (at < size && t[at] != '\t' && t[at] != '\n' && k < sizeof q - 1) {
			q[k++] = t[at] == '+' || t[at] == '|' || t[at] == '\0' ? ' ' : t[at];
			at++;
		}
		q[k] = '\0';
		while (at < size && t[at] != '\n')
			at++;
		at++;
		struct srch_result r;
		srch_run(s, q, 5, &r, &d);
		srch_result_free(&r);
		diag_clear(&d);
	}
	diag_clear(&d);
	srch_free(s);
	free(t);
	return 0;
}
