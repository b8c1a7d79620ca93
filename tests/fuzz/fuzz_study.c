/* fuzz_study.c — libFuzzer target: any bytes through the study progress parser; what parses
 * must format and parse again to the same text, and what the keeping parse keeps of a file
 * with bad lines must parse strictly. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "study/study.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct study_store s;
	struct diags d = {0};
	if (study_store_parse(&s, "fuzz.tsv", (const char *)data, size, &d) == 0) {
		char *a = study_store_format(&s);
		struct study_store t;
		if (study_store_parse(&t, "again.tsv", a, strlen(a), &d) != 0)
			__builtin_trap();
		char *b = study_store_format(&t);
		if (strcmp(a, b) != 0)
			__builtin_trap();
		/* grading never breaks what the parser accepts */
		for (size_t i = 0; i < t.n; i++)
			study_grade(&t.v[i], i % 2 == 0, t.v[i].due, t.v[i].last);
		char *c = study_store_format(&t);
		struct study_store u;
		if (study_store_parse(&u, "graded.tsv", c, strlen(c), &d) != 0)
			__builtin_trap();
		study_store_free(&u);
		free(a);
		free(b);
		free(c);
		study_store_free(&t);
	}
	study_store_free(&s);
	diag_clear(&d);
	/* what is kept of a file with bad lines formats and parses again, strictly */
	unsigned bad;
	if (study_store_parse_keep(&s, "keep.tsv", (const char *)data, size, &d, &bad) == 0) {
		char *a = study_store_format(&s);
		struct study_store t;
		if (study_store_parse(&t, "kept.tsv", a, strlen(a), &d) != 0 || t.n != s.n)
			__builtin_trap();
		study_store_free(&t);
		free(a);
	}
	study_store_free(&s);
	diag_clear(&d);
	return 0;
}
