/* resolver.h — walks a described board through the rules: layers (613), state-based
 * actions (704), combat damage (510), resolving spells and triggered abilities (603, 608),
 * replacement and prevention (614-616). The result is numbered steps, each citing the
 * rules that drive it, and the final state.
 * Ownership: rz_resolve() consumes the board; the result owns it and its steps;
 * rz_free() releases everything. */
#ifndef JUDGE_RESOLVER_H
#define JUDGE_RESOLVER_H
#include <stdbool.h>
#include <stddef.h>
#include "../board/board.h"
#include "../render/json.h"
#include "../render/out.h"

#define RZ_MAXCITE 6

struct rz_step {
	int n;
	char *text;
	const char *rules[RZ_MAXCITE];   /* rule ids from the citation table */
	int nrules;
};

struct rz_result {
	struct board *b;                 /* the final state */
	struct rz_step *steps;
	int nsteps;
	size_t cap;
	struct rz_view *view;            /* final characteristics, one per object */
	bool *sick;                      /* per object: on the battlefield with summoning sickness
	                                  * at the end (302.6), haste aside */
	const char **names;              /* rz_names(), built when first asked */
	size_t nnames;
	const struct bd_abil *unread;    /* set when the game reached an ability judge can't
	                                  * read (a Saga's chapter that triggered): the steps
	                                  * stop there, and the caller reports it as an error */
	const char *rules_release;       /* whose numbers the citations are: a release's
	                                  * label after rz_recite(), NULL for the table's own
	                                  * (rz_cite_date()) */
};

/* Final characteristics of each object, for output. */
struct rz_view {
	int controller;
	unsigned types, supers, colors;
	char subs[BD_MAXSUB][BD_SUBLEN];
	int nsubs;
	uint32_t kws;
	unsigned prot_colors, prot_flags;
	int power, toughness;
	bool has_pt;
};

struct rz_result *rz_resolve(struct board *b);
void rz_free(struct rz_result *r);

/* The names of the board's cards and tokens (not abilities on the stack), for completion:
 * *names points into r and lives until rz_free(r). Returns how many. */
size_t rz_names(struct rz_result *r, const char ***names);

/* Output: numbered steps and the final state, as text or as one JSON object. */
void rz_print(struct out *o, const struct rz_result *r);
void rz_json(struct jw *w, const struct rz_result *r);

/* The release the citation table's numbers come from (yyyymmdd). */
int rz_cite_date(void);
/* Rewrite every step's citations for another release: map(ctx, id) gives the id to show
 * there (a string that outlives r), or NULL to drop the citation. */
void rz_recite(struct rz_result *r, const char *(*map)(void *ctx, const char *id), void *ctx);

/* The citation table: every rule id the resolver can cite, with what it is cited for. */
size_t rz_cite_count(void);
const char *rz_cite_id(size_t i);
const char *rz_cite_what(size_t i);

#endif
