/* repl.h — the interactive REPL and its command language: the line tokenizer, bare-input
 * dispatch, session settings (:set, :use), navigation (follow, back, next, up, where),
 * `help`, and the context-aware completion shared by readline and the shell scripts.
 * Ownership: strings handed out (token vectors, completion lists) belong to the caller,
 * who frees them with repl_tok_free() / repl_free_list(). */
#ifndef JUDGE_REPL_H
#define JUDGE_REPL_H
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include "../cli/cmd.h"

/* Set by SIGINT while the REPL runs; long commands may poll it and stop early. The REPL
 * clears it before each command. */
extern volatile sig_atomic_t judge_interrupted;

/* The resolver may publish the card names of c->board here, so Tab can complete them:
 * fill *names with borrowed pointers (valid while the board lives) and return how many. */
extern size_t (*repl_board_names)(void *board, const char ***names);
/* Likewise for the topics a JA_TOPIC command takes (the textbook's chapters, say). */
extern size_t (*repl_topic_names)(struct jctx *c, const char ***names);

/* Run the REPL: readline with prompt, history and completion when stdin is a terminal,
 * otherwise plain line reading with no prompt, no echo and no colour. Returns the exit
 * status: 0 on end of input interactively; in pipe mode the worst status any line gave. */
int repl_run(struct jctx *c);

/* Read $XDG_CONFIG_HOME/judge/init (default ~/.config/judge/init): settings lines. Errors
 * are reported with file:line and skipped. Returns the number of errors. repl_run() calls
 * it unless it was called already — main may call it before applying the command-line
 * options, so that they override the file. */
int repl_load_init(struct jctx *c);
extern bool repl_init_loaded;

/* Run one line of the REPL language (a command, a setting, a bare rule number, glossary
 * term or search). Returns its exit status. Never exits the process. */
int repl_exec_line(struct jctx *c, const char *line);

/* A line split like a shell does it: quotes ('…' literal, "…" with \" and \\), backslash
 * escapes, '#' comments at the start of a word. */
struct repl_tok {
	char **argv;            /* argc words + NULL */
	int argc;
	size_t *start;          /* byte offset in the line where each word begins */
	char open_quote;        /* the quote left open at the end of the line, or 0 */
	bool trailing_space;    /* the line ends outside a word (a new word would start) */
	const char *err;        /* NULL, or what is wrong (unterminated quote) */
	size_t err_col;         /* 1-based column of the error */
};
/* Tokenize len bytes of line. Returns 0, or -1 with t->err set (t is usable either way
 * and must be freed). */
int repl_tokenize(const char *line, size_t len, struct repl_tok *t);
void repl_tok_free(struct repl_tok *t);

/* Completion: the candidates for the word that ends at `cursor` in `line` (REPL language:
 * "rule 702.1"), sorted and unique, each a full replacement for that word (quoted when it
 * holds spaces). *word_start gets the byte offset where the replaced word begins. The
 * caller frees the list with repl_free_list(). */
size_t repl_complete(struct jctx *c, const char *line, size_t cursor, size_t *word_start,
    char ***out);
/* The same for a shell command line after the program name ("--cr 2025 rule 70"):
 * global options are skipped and offered, REPL-only commands are not. */
size_t repl_complete_shell(struct jctx *c, const char *line, size_t cursor,
    size_t *word_start, char ***out);
/* The same while a board is typed after `board` (docs/board-format.md): `typed` holds the
 * board's lines so far (NULL for none), from which the declared players, objects and
 * aliases are read; `line` is the line being edited. Candidates are never quoted: a board
 * line takes the rest of the line as a name, so "Scion of Oona" is offered as it is. */
size_t repl_complete_board(const char *typed, const char *line, size_t cursor,
    size_t *word_start, char ***out);
/* `judge --complete 'LINE'`: print the shell candidates one per line. Returns 0. */
int repl_complete_main(struct jctx *c, const char *line);
void repl_free_list(char **v, size_t n);

/* Command handlers (registered in src/cli/cmdtab.c). */
int repl_cmd_help(struct jctx *c, int argc, char **argv);
int repl_cmd_set(struct jctx *c, int argc, char **argv);
int repl_cmd_use(struct jctx *c, int argc, char **argv);
int repl_cmd_settings(struct jctx *c, int argc, char **argv);
int repl_cmd_source(struct jctx *c, int argc, char **argv);
int repl_cmd_follow(struct jctx *c, int argc, char **argv);
int repl_cmd_back(struct jctx *c, int argc, char **argv);
int repl_cmd_forward(struct jctx *c, int argc, char **argv);
int repl_cmd_next(struct jctx *c, int argc, char **argv);
int repl_cmd_prev(struct jctx *c, int argc, char **argv);
int repl_cmd_up(struct jctx *c, int argc, char **argv);
int repl_cmd_children(struct jctx *c, int argc, char **argv);
int repl_cmd_where(struct jctx *c, int argc, char **argv);

#endif
