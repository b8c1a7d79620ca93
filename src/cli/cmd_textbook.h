/* cmd_textbook.h — the textbook commands (textbook, explain, cards) and the lazily loaded,
 * linked textbook other commands can ask for (a rule's "taught in" line). */
#ifndef JUDGE_CMD_TEXTBOOK_H
#define JUDGE_CMD_TEXTBOOK_H
#include "cmd.h"
#include "../textbook/textbook.h"

int cmd_textbook(struct jctx *c, int argc, char **argv);
int cmd_explain(struct jctx *c, int argc, char **argv);
int cmd_cards(struct jctx *c, int argc, char **argv);

/* Use this textbook file (text or saved HTML) instead of the built-in one; NULL restores
 * the built-in. For a global --textbook option. */
void tb_cli_set_path(const char *path);
/* The path of the textbook tb_for() would read (malloc'd). */
char *tb_cli_book_path(const struct jctx *c);
/* The textbook, loaded on first use from <datadir>/corpus/ (or the file set above) into
 * c->textbook and linked to the release tb_link_release() picks. NULL, with an error
 * printed, when it cannot be read. */
struct tb_book *tb_for(struct jctx *c);
/* Free c->textbook (at exit). */
void tb_ctx_free(struct jctx *c);
/* Why what the rules v[0..n) of b->linked teach may be out of date in the book: the rules
 * of the textbook's era removed or changed in substance since (corpus/textbook-era.tsv,
 * carried to b->linked). Appends one sentence to out and returns true, or returns false. */
bool tb_era_note(struct jctx *c, const struct tb_book *b, const jrid *v, uint32_t n,
    struct sbuf *out);
/* Print "Taught in: <pages>" for rule id of rel (nothing when no page teaches it), for a
 * rule's text output; in JSON, callers use tb_pages_for_rule() themselves. */
void tb_print_taught_in(struct jctx *c, const struct jrelease *rel, jrid id);

#endif
