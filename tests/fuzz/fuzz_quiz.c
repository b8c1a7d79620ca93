/* fuzz_quiz.c — libFuzzer target: any rules text through the CR parser, then every question
 * study mode can make from it (blanks, distractors, answer checking). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "index/index.h"
#include "study/study.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct jindex *ix = jindex_new();
	struct jrelease *rel = jindex_load_bytes(ix, "fuzz.txt", data, size);
	jindex_finish(ix);
	if (rel) {
		struct study_filter f = {0, JRID_NONE, NULL};
		struct study_pool *p = study_pool_new(rel, &f, NULL, NULL);
		if (p) {
			char *keys[16];
			size_t n = study_pick(p, NULL, 20000, size, 16, keys);
			for (size_t i = 0; i < n; i++) {
				struct study_q q;
				if (study_make(p, keys[i], 7, &q) != 0)
					__builtin_trap();   /* picked keys can always be made */
				if (q.nchoices && (q.correct < 0 || strcmp(q.choices[q.correct], q.answer) != 0))
					__builtin_trap();
				if (q.nchoices && !study_check(&q, (char[]){(char)('a' + q.correct), 0}))
					__builtin_trap();
				study_check(&q, q.question);
				study_q_free(&q);
				free(keys[i]);
			}
			study_pool_free(p);
		}
		if (rel->ngloss) {
			f.topic = rel->gloss[0].head;
			p = study_pool_new(rel, &f, NULL, NULL);
			study_pool_free(p);
		}
	}
	jindex_free(ix);
	return 0;
}
