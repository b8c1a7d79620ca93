/* cmd_resolve.h — the board commands: resolve FILE, board (typed in), why N. */
#ifndef JUDGE_CMD_RESOLVE_H
#define JUDGE_CMD_RESOLVE_H
#include "cmd.h"

int cmd_resolve(struct jctx *c, int argc, char **argv);
int cmd_board(struct jctx *c, int argc, char **argv);
int cmd_why(struct jctx *c, int argc, char **argv);
/* The card names of c->board (a struct rz_result), for the REPL's repl_board_names hook. */
size_t cmd_board_names(void *board, const char ***names);

#endif
