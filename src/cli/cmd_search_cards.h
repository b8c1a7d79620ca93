/* cmd_search_cards.h — `judge search` for questions that name a card: the card's line first, the
 * card's name taken out of the words searched, its keywords put in, and the rules it touches
 * (keywords, layout, types, the rules its rulings cite) moved up. Kept apart from cmd_search.c. */
#ifndef JUDGE_CMD_SEARCH_CARDS_H
#define JUDGE_CMD_SEARCH_CARDS_H
#include "cmd.h"
#include "../cards/cards.h"
#include "../render/json.h"
#include "../search/search.h"

#define SC_MAXCARDS 4
#define SC_MAXRULES 64
struct search_cards {
	struct card *cards[SC_MAXCARDS];
	size_t ncards;
	struct sbuf query;        /* what is searched instead: the names out, the keywords in */
	const struct jrelease *rel;   /* the release the rules below are in (search_cards_link) */
	jrid rules[SC_MAXRULES];
	float weight[SC_MAXRULES];
	size_t nrules;
};

/* Find the cards query names (none without a card database). true when it names one; then
 * sc->query is what to search (possibly empty: only the card's rules answer), with the
 * cards' keywords in it; the rules to move up come from search_cards_link(). */
bool search_cards_prepare(struct jctx *c, struct srch *s, const char *query, struct search_cards *sc);
/* The rules the cards touch, in rel: the release whose index answers (a built-in partial
 * text may answer instead of c->rel). Links are found there by title; ruling numbers are
 * carried into it (hist_carry_id) when it is a partial text, else left out. */
void search_cards_link(struct jctx *c, struct search_cards *sc, const struct jrelease *rel);
/* Move the card's rules up r (a result of sc->query, or an empty one). */
void search_cards_rank(struct srch *s, const struct search_cards *sc, struct srch_result *r, size_t limit);
/* The card lines, before the results (text), or card objects first in the array (JSON). */
void search_cards_print(struct jctx *c, const struct search_cards *sc);
void search_cards_json(struct jctx *c, struct jw *w, const struct search_cards *sc);
void search_cards_free(struct search_cards *sc);
/* Without a card database: the runs of a question that look like card names, capitalised
 * past its start ("Rest in Peace", "Kitchen Finks", a capitalised word the rules do not
 * know) or, with lower, in any case, holding a word of 4 letters or more that the index does
 * not know (the rules, the thesaurus) and that is no typo of one of its ("thragtusk"; the
 * caller says lower when lower-case slang is not likely: nothing answered, or the question
 * named no common situation, where "chump" and the famous cards are known), into names joined
 * by ", ". true when there is one. */
bool search_cards_guess(struct srch *s, const char *query, bool lower, struct sbuf *names);
/* The same with a word known when any of the nv indexes knows it (the built-in partial texts,
 * each a part of the rules), with vocab also when their thesaurus uses it
 * (what a part of the rules lacks); *whole (may be NULL) says whether one name is the whole
 * question. With rel (may be NULL), a word capitalised past the question's start that the rules
 * know but never write capitalised ("Opt": the rules have "opts") counts as a name's. */
bool search_cards_guess_in(struct srch *const *v, size_t nv, bool vocab, const struct jrelease *rel, const char *query, bool lower,
    struct sbuf *names, bool *whole);

#endif
