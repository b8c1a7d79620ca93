/* cmd_search_policy.h — how `judge search` asks the policy documents (cmd_search_policy.c):
 * filters, one ranking per query held until the next, and its hits printed before or after
 * the rules' hits. */
#ifndef JUDGE_CMD_SEARCH_POLICY_H
#define JUDGE_CMD_SEARCH_POLICY_H
#include <stdbool.h>
#include <stddef.h>
#include "cmd.h"
#include "../policy/pol_search.h"
#include "../render/json.h"
#include "../search/search.h"

#define PS_CR_ONLY (1 << 8)

/* The mask a filter word names (in:ipg, in:mtr, in:jar, in:policy; in:cr = PS_CR_ONLY), 0 if none. */
int ps_filter(const char *word);
/* Rank the loaded documents' sections for query (mask 0: every kind, beside the rules of
 * the index rules, which may be NULL); returns how many hits are kept. */
size_t ps_run(struct jctx *c, const char *query, int mask, size_t limit, struct srch *rules);
/* After ps_run() put policy first: the rules that the first section's name finds in rules
 * (Missed Trigger: 603 Handling Triggered Abilities), best first, into out; returns how
 * many. Runs a query of its own, so call it before the question's. */
size_t ps_companions(struct srch *rules, jrid *out, size_t max);
/* Of those, the first whose chapter the question's own hits in r reach, or whose section's
 * title shares a word with the question, moves to the top of r: the game rule beside the
 * policy answer. */
void ps_boost_companion(struct srch *rules, struct srch_result *r, const jrid *comp, size_t n,
    size_t limit, const char *query);
bool ps_first(void);            /* the question is about policy: its hits go first */
size_t ps_count(void);
const struct pol_hit *ps_hit(size_t i);
/* Print the hits in text (before = the place asked for: first or after the rules) or JSON. */
void ps_print(struct jctx *c, bool before);
void ps_json(struct jctx *c, struct jw *w, bool before);
/* A search of the policy documents alone (a filter, or no rule matched): the whole answer. */
int ps_answer(struct jctx *c, const char *query, bool json);
void ps_done(void);
/* The index of the newest loaded document of each kind with the thesaurus, built on first
 * use (kept in the policy set); NULL when no document is loaded. */
struct pol_index *ps_index_for(struct jctx *c);

#endif
