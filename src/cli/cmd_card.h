/* cmd_card.h — the card commands (card, cards import, update --cards) and the card database
 * other commands can ask for (search, the board, completion). */
#ifndef JUDGE_CMD_CARD_H
#define JUDGE_CMD_CARD_H
#include "cmd.h"
#include "../cards/cards.h"
#include "../board/board.h"

int cmd_card(struct jctx *c, int argc, char **argv);
/* `judge cards import FILE...` (argv[0] = "import") */
int cmd_cards_import(struct jctx *c, int argc, char **argv);
/* `judge update --cards [--url URL]` */
int cmd_cards_update(struct jctx *c, int argc, char **argv);

/* The card database, opened on first use into c->cards; NULL when there is none (quietly:
 * the callers work without it). */
struct cards_db *cards_for(struct jctx *c);
/* The card database as the board parser wants it (src/board/board.h), or NULL when there is
 * none; its strings live in static storage until the next call. */
const struct bd_cards *cards_for_board(struct jctx *c);
/* Find every card's links in rel, the rules of rules_key, and keep them beside the database
 * (linkcache.c) so that `judge card` with those rules loads none: done when a run loads other
 * rules (`judge update`, --cr, --rules), not on a lookup. Nothing to do when there is no card
 * database, the import linked these very rules, or their links are kept already; else it says
 * on standard error what it did. Returns 0, or -1 when the links could not be kept. */
int card_links_prepare(struct jctx *c, const struct jrelease *rel, const char *rules_key);
/* For `help card` and `help cards`: where the card database is, its source and date, how to
 * update it, and that the old one answers until a new import is complete. */
void card_data_help(struct jctx *c);
/* Close c->cards (at exit). */
void card_ctx_free(struct jctx *c);

#define CARDS_DEFAULT_URL "https://mtgjson.com/api/v5/AtomicCards.json.xz"

#endif
