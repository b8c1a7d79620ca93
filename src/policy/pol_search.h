/* pol_search.h — a small ranked index over the sections of loaded policy documents (BM25,
 * stems, irregular verbs, a players' thesaurus). The index points into the documents, which
 * must outlive it; pol_index_free() releases only what the index made. */
#ifndef JUDGE_POL_SEARCH_H
#define JUDGE_POL_SEARCH_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "policy.h"

struct pol_index;
struct pol_hit {
	const struct pol_doc *doc;
	size_t sec;
	float score;
};

struct pol_index *pol_index_new(void);
/* older: an earlier edition of a document the index also holds, found only when a query's
 * kind_mask has POL_MASK_OLD, a little behind the newest; a section several editions have
 * (by title) is one hit, in the newest of them. */
void pol_index_add(struct pol_index *ix, const struct pol_doc *doc, bool older);
#define POL_MASK_OLD (1 << 7)
/* Read corpus/policy-words.tsv's format: WHAT PLAYERS SAY (|-separated) TAB DOCUMENT WORDS.
 * Returns entries read, -1 when the file cannot be read; bad lines go to d. */
int pol_index_thesaurus(struct pol_index *ix, const char *path, struct diags *d);
/* The best sections for query among the kinds in kind_mask (1 << POL_IPG ...), best first. */
size_t pol_index_run(struct pol_index *ix, const char *query, int kind_mask, struct pol_hit *out, size_t max);
void pol_index_free(struct pol_index *ix);
/* Does the question open as one asked ("can I", "how long", or after a comma: "…, can I
 * appeal") rather than told ("he drew …")? A floor call is mostly told. */
bool pol_query_asked(const char *q);
/* How many words of query the documents use only as names (a card's, "Dark Confidant", in an
 * example; a set's in a list): never in lower case, capitalised inside sentences, in no title. */
size_t pol_index_names(struct pol_index *ix, const char *query);
/* How many thesaurus entries the last query named (a question in tournament words). */
size_t pol_index_matched_synonyms(const struct pol_index *ix);
/* How much more the question's words belong to the policy documents than to another
 * collection (the rules) of other_n words written, other_df(ctx, word, len) giving in how
 * many of its documents a word occurs (UINT32_MAX: a word it passes over): over the words either side knows
 * (stop words aside), log(share of the words written here that are it / share there), each
 * held within ±2, summed and divided by the square root of their number. Above 0 the
 * words are the documents' more than the rules'. Names (pol_index_names) are left out: a card an
 * example happens to use says nothing of the question's kind. *nwords (may be NULL) gets the
 * words counted. */
double pol_index_policy_odds(struct pol_index *ix, const char *query,
    uint32_t (*other_df)(void *ctx, const char *word, size_t n), void *ctx, uint32_t other_n,
    size_t *nwords);

#endif
