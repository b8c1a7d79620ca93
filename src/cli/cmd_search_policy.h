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
/* The game rule beside a policy section: the CR rule a judge reads with it (Missed Trigger:
 * 603 Handling Triggered Abilities; a Game Rule Violation: the rule the question says was
 * broken). ps_beside_prepare() reads the section (what its name finds in the rules, the rules
 * it cites, whether it or its chapter speaks of the Comprehensive Rules) and runs a query of
 * its own, so call it before the question's; ps_beside_choose() then picks the rule from the
 * question's hits in r and moves it to their top. Free with ps_beside_free(). */
#define PS_BESIDE_MAX 4
struct ps_beside {
	const struct pol_doc *doc;
	size_t sec;
	jrid named[PS_BESIDE_MAX];      /* the rules the section's name finds, best first */
	char *named_title[PS_BESIDE_MAX];
	size_t nnamed;
	jrid cites[8];                  /* the CR rules its text cites */
	size_t ncites;
	bool behind;                    /* it or its chapter speaks of the Comprehensive Rules */
	jrid rule;                      /* the choice, JRID_NONE when none */
	char *title;                    /* its title or the title it sits under */
	const char *how;                /* how it was found, for -v */
};
void ps_beside_prepare(struct srch *rules, const struct pol_doc *d, size_t sec, struct ps_beside *b);
jrid ps_beside_choose(struct srch *rules, struct ps_beside *b, struct srch_result *r, size_t limit,
    const char *query);
void ps_beside_free(struct ps_beside *b);
/* {"id": "603", "title": "Handling Triggered Abilities", "found_by": "..."} */
void ps_beside_json(struct jw *w, const struct ps_beside *b);
/* The same for the first hit of the last ps_run() when it put policy first (nothing
 * otherwise): prepare before the question's own search, choose after it. ps_print() and
 * ps_json() show the rule beside the first section. */
void ps_companions(struct jctx *c, struct srch *rules);
void ps_boost_companion(struct srch *rules, struct srch_result *r, size_t limit, const char *query);
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
