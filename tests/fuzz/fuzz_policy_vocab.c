/* fuzz_policy_vocab.c — libFuzzer target for the user's policy vocabulary files: the bytes
 * as policy-aliases.tsv (first byte even) or policy-words.tsv (odd), read from a file as judge
 * reads them, then used: an alias looked up in a small IPG, a question run over it. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "policy/policy.h"
#include "policy/pol_search.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char ipg[] =
    "Magic Infraction Procedure Guide\nEffective February 5, 2021\n\n"
    "Contents\n2. Game Play Errors\n2.1. Game Play Error - Missed Trigger\n"
    "2.2. Game Play Error - Looking at Extra Cards\n\n"
    "2. Game Play Errors\nThese errors happen during games.\n\n"
    "2.1. Game Play Error - Missed Trigger\nNo Penalty\nDefinition\nA triggered ability triggers, but "
    "the player forgets it.\nPhilosophy\nTriggers are hard to remember.\n\n"
    "2.2. Game Play Error - Looking at Extra Cards\nWarning\nDefinition\nA player sees cards they "
    "should not.\nAdditional Remedy\nShuffle the cards seen.\n";

static struct pol_doc *doc;
static char path[64];

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	if (doc == NULL) {
		struct diags d0 = {0};
		char *t = strdup(ipg);
		doc = pol_parse_text("ipg.txt", t, strlen(t), NULL, "pdftotext", &d0);
		free(t);
		diag_clear(&d0);
		snprintf(path, sizeof path, "/tmp/fuzz_policy_vocab.%ld.tsv", (long)getpid());
	}
	FILE *f = fopen(path, "wb");
	if (f == NULL)
		return 0;
	fwrite(data + 1, 1, size - 1, f);
	fclose(f);
	struct diags d = {0};
	if (data[0] & 1) {
		struct pol_index *ix = pol_index_new();
		if (doc)
			pol_index_add(ix, doc, false);
		pol_index_thesaurus(ix, path, &d);
		struct pol_hit hits[5];
		pol_index_run(ix, "forgot his trigger and saw extra cards", ~0, hits, 5);
		pol_index_free(ix);
	} else {
		struct pol_aliases al = {0};
		pol_aliases_load(&al, path, &d);
		if (doc) {
			pol_find(doc, &al, "mt");
			pol_find(doc, &al, "lec");
			for (size_t i = 0; i < al.n && i < 8; i++)
				pol_find(doc, &al, al.v[i].alias);
		}
		pol_aliases_free(&al);
	}
	unlink(path);
	diag_clear(&d);
	return 0;
}
