/* fuzz_questions.c — libFuzzer target for the questions file of `judge search --bench` (a
 * file the user names): any bytes either parse into questions, each one line with its rule
 * numbers, or fail with an error that names the file, never both, never a crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "search/search.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = {0};
	struct srch_questions q;
	int st = srch_questions_parse("fuzz.tsv", (const char *)data, size, &q, &d);
	size_t errors = 0;
	for (size_t i = 0; i < d.n; i++)
		errors += d.v[i].level == DL_ERROR;
	if (st == 0) {
		if (q.n == 0 || errors)
			abort();   /* success means questions, and no error said */
		for (size_t i = 0; i < q.n; i++) {
			const struct srch_question *x = &q.v[i];
			if (!x->text || strchr(x->text, '\n') || strchr(x->text, '\t') ||
			    x->nans > SRCH_QUESTION_MAXANS || x->line == 0)
				abort();
			for (size_t k = 0; k < x->nans; k++)
				if (x->ans[k] == JRID_NONE)
					abort();
		}
	} else if (q.n != 0 || errors != 1) {
		abort();   /* a failure leaves nothing, and says one error */
	}
	srch_questions_free(&q);
	diag_clear(&d);
	return 0;
}
