/* fuzz_search_query.c — libFuzzer target for the search query parser and ranking, the
 * document tokenizer, the thesaurus reader and the situations reader: the first byte picks
 * which (D, T, S, else query). */
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "search/search.h"

static struct srch *idx;

static const char *const texts[] = {
	"Trample is a static ability that modifies the rules for assigning an attacking creature's combat damage.",
	"If two or more legendary permanents with the same name are controlled by the same player, the rest are put into their owners' graveyards.",
	"J\xc3\xb6tun Grunt has a +1/+1 counter and a -1/-1 counter; see rule 704.5q.",
	"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!",
};

static struct srch *
build(void)
{
	struct srch *s = srch_new();
	srch_add_doc(s, SK_RULE, "702.19", "Trample", "");
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
		srch_add_doc(s, i % 2 ? SK_GLOSSARY : SK_TEXTBOOK, "doc", i == 1 ? "Legend Rule" : NULL, texts[i]);
	struct diags d = {0};
	const char *th = "etb\tenters the battlefield\nthe stack | stack\tstack\n";
	srch_add_thesaurus(s, "builtin", th, strlen(th), &d);
	diag_clear(&d);
	srch_finalize(s);
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!idx)
		idx = build();
	if (size == 0)
		return 0;
	char *q = malloc(size);
	memcpy(q, data + 1, size - 1);
	q[size - 1] = '\0';
	struct diags d = {0};
	if (data[0] == 'D') {
		/* a document, indexed, then searched for its own first words */
		struct srch *s = srch_new();
		srch_add_doc(s, SK_TEXTBOOK, "d", q, q);
		srch_finalize(s);
		struct srch_result r;
		char qq[64];
		snprintf(qq, sizeof qq, "%.40s", q);
		srch_run(s, qq, 5, &r, &d);
		for (size_t i = 0; i < r.nshown; i++) {
			struct sbuf b = {0};
			srch_snippet(s, r.hits[i].doc, &b, 60, "[", "]");
			sbuf_free(&b);
		}
		srch_result_free(&r);
		srch_free(s);
	} else if (data[0] == 'T') {
		/* a thesaurus file, then a query against an index that uses it */
		struct srch *s = srch_new();
		srch_add_doc(s, SK_RULE, "1", "Title", texts[0]);
		srch_add_thesaurus(s, "fuzz", q, size - 1, &d);
		srch_finalize(s);
		struct srch_result r;
		srch_run(s, "trample etb the stack", 5, &r, &d);
		srch_result_free(&r);
		srch_free(s);
	} else if (data[0] == 'S') {
		/* a file of situations, then questions that may name them */
		struct srch *s = srch_new();
		srch_add_doc(s, SK_RULE, "702.19", "Trample", texts[0]);
		srch_add_doc(s, SK_RULE, "704.5j", NULL, texts[1]);
		srch_add_situations(s, "fuzz", q, size - 1, &d);
		srch_finalize(s);
		struct srch_result r;
		srch_run(s, "trample legend +1/+1 same name aura leaves", 5, &r, &d);
		srch_result_free(&r);
		srch_run(s, q, 5, &r, &d);
		srch_result_free(&r);
		srch_free(s);
	} else {
		struct srch_result r;
		srch_run(idx, q, 5, &r, &d);
		for (size_t i = 0; i < r.nshown; i++) {
			struct sbuf b = {0};
			srch_snippet(idx, r.hits[i].doc, &b, 60, "[", "]");
			sbuf_free(&b);
		}
		srch_result_free(&r);
	}
	diag_clear(&d);
	free(q);
	return 0;
}
