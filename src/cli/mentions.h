/* mentions.h — cards judge knows without a card database: the textbook's worked examples and
 * the shipped boards that name them, for a question that names one. */
#ifndef JUDGE_MENTIONS_H
#define JUDGE_MENTIONS_H
#include "cmd.h"
#include "../render/json.h"

struct mention;

/* The mentions of the cards query names (whole words; a one-word name only capitalised),
 * up to max: the textbook's example first, then each board. Loaded once a process, from a
 * small cache file kept beside the search index. */
size_t mentions_find(struct jctx *c, const char *query, const struct mention **out, size_t max);
/* The mentions of the card called name (any case or accents), for `judge card NAME`. */
size_t mentions_of(struct jctx *c, const char *name, const struct mention **out, size_t max);
const char *mention_name(const struct mention *m);
const char *mention_kind(const struct mention *m);     /* "textbook" or "board" */
const char *mention_where(const struct mention *m);    /* section › page › heading, or the board's title */
const char *mention_command(const struct mention *m);  /* "judge cards NAME", "judge resolve FILE" */
/* The same, a board's path relative to the current folder when it is inside it (into buf). */
const char *mention_command_here(const struct mention *m, char *buf, size_t cap);
/* "Textbook: ..." and "Boards with ...: `judge resolve ...`" lines (text), or objects of
 * kind "mention" (JSON). */
void mentions_print(struct jctx *c, const char *query, const struct mention *const *v, size_t n);
void mentions_json(struct jw *w, const struct mention *const *v, size_t n);
void mentions_free(void);

#endif
