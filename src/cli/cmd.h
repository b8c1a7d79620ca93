/* cmd.h — the command table and the context every command runs in. The table is data:
 * dispatch, `help`, REPL completion and the shell completions all come from it.
 * A command handler prints through c->out (text, or JSON when c->json) and returns an
 * exit status: JX_OK, JX_NOTFOUND or JX_USAGE. Errors go through jerr(). */
#ifndef JUDGE_CMD_H
#define JUDGE_CMD_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "../index/index.h"
#include "../render/out.h"

enum { JX_OK = 0, JX_NOTFOUND = 1, JX_USAGE = 2 };

/* What a command's arguments are, for completion and help. */
enum jarg { JA_NONE, JA_RULE, JA_TERM, JA_QUERY, JA_FILE, JA_RELEASE, JA_TOPIC,
	JA_CARD, JA_COMMAND, JA_SETTING, JA_POLICY };

/* REPL navigation (GNU info style): numbered links of the last answer, the visit history. */
#define JNAV_MAX 256
struct jnav {
	char *links[JNAV_MAX];  /* targets numbered [1].. in the last answer: "510.1c" */
	int nlinks;
	jrid hist[JNAV_MAX];    /* visited rules */
	int nhist, pos;         /* pos = index of the current rule in hist, -1 if none */
};

struct jctx {
	struct jindex *ix;
	struct jrelease *rel;   /* the release that answers (--cr, :use) */
	struct out *out;
	bool json;
	bool verbose;           /* -v: scores and details */
	bool examples;          /* show examples (":set examples off") */
	int limit;              /* -n: how many results; 0 = the command's default */
	bool interactive;       /* running in the REPL (numbered links, no exit) */
	struct jnav *nav;       /* NULL outside the REPL */
	void *search;           /* built lazily by the search module */
	void *textbook;         /* built lazily by the textbook module */
	void *policy;           /* the policy documents (struct pol_set), loaded lazily */
	void *board;            /* the last board resolved (REPL `why N`) */
	const char *datadir;    /* where built-in data lives */
	const char *install_datadir; /* where this build installs it (PREFIX/share/judge), or NULL */
	/* Set by the terminal REPL: one line of a board being typed after `board`, read with a
	 * prompt, editing and completion from `typed` (the board's lines so far). Returns a
	 * malloc'd line without its newline, or NULL when the user abandons the board (Ctrl-C,
	 * or Ctrl-D on an empty line). NULL outside the terminal REPL: `board` reads stdin. */
	char *(*read_board_line)(struct jctx *c, const char *typed);
	/* Set by the terminal REPL: the answer to a question a command asks in the session
	 * (`penalty`'s dialogue), read after prompt; malloc'd, NULL when the user abandons it.
	 * NULL outside the terminal REPL: such a command reads a line of stdin. */
	char *(*read_answer_line)(struct jctx *c, const char *prompt);
	bool no_cache;          /* --no-cache: build the search index, neither read nor save it */
	bool input_failed;      /* a file the user named (--doc) could not be used: exit 2 */
	void *carry;            /* struct hist_carry for rel, made by hist_carry_for() */
	void *seeds;            /* search indexes of the other partial texts (cmd_search.c) */
	bool told_historical;   /* the note that the built-in rules are historical was given */
	const char *version;    /* judge's version, for the session's banner */
	void *cards;            /* the card database, opened on first use (cmd_card.c) */
	/* Set when a one-shot command that must answer faster than the rules load (`card`)
	 * started without them: loads them into ix and rel, once. */
	void (*load_rules)(struct jctx *c);
	/* What says which rules this run would load: the files (path, size, time) and --cr,
	 * hashed; the card database keeps the one its links were made with. NULL if unknown. */
	const char *rules_key;
	/* Load afresh, into a new index (*ix, the caller's to free), the rules this run was asked
	 * for as they are now (a release `judge update` just stored is among them), and their key
	 * (*key, the caller's to free): the release a lookup would answer from, or NULL. */
	const struct jrelease *(*rules_reload)(struct jctx *c, struct jindex **ix, char **key);
};

typedef int (*jcmd_fn)(struct jctx *c, int argc, char **argv);   /* argv[0] = name */

struct jcmd {
	const char *name;
	const char *aliases;    /* space-separated, or NULL */
	enum jarg arg;
	const char *usage;      /* "rule ID[-LETTER]" */
	const char *help;       /* one line */
	jcmd_fn fn;
	bool repl_only;         /* navigation commands */
};

extern const struct jcmd jcmd_table[];
extern const size_t jcmd_count;

const struct jcmd *jcmd_find(const char *name);
int jcmd_run(struct jctx *c, int argc, char **argv);

/* Options, as space-separated lists with "=" after one taking a value ("--to= --yes").
 * jopt_global lists main()'s; jopt_of() a command's own (options.c), "" if none: any other
 * option is an error. */
extern const char jopt_global[];
const char *jopt_of(const struct jcmd *cmd);
bool jopt_in(const char *list, const char *name, bool *takes_value);
/* Report an unknown option (for cmd, or before any command when cmd is NULL) with the
 * nearest known one. */
void jopt_unknown(struct jctx *c, const struct jcmd *cmd, const char *got);
/* JX_USAGE (reported) when argv holds an option cmd does not take; a "--" ends the
 * options. For a query (and for bare input, cmd NULL) -word is a word, not an option. */
int jopt_check(struct jctx *c, const struct jcmd *cmd, int argc, char **argv);

/* Open a file the user named, for reading: NULL after saying why (a folder is not a file;
 * hint is the next step). A command returns JX_USAGE then: a file that cannot be read is
 * an input error everywhere. */
FILE *jopen_input(struct jctx *c, const char *path, const char *hint);
/* Where one of judge's documents (docs/board-format.md) is on this machine: installed
 * beside the data (make install puts docs/ in the data folder), else its name in the
 * source tree. Returns buf. */
const char *jdoc_path(const struct jctx *c, const char *name, char *buf, size_t cap);

/* "judge: message" on stderr, plus a next step when hint is not NULL. */
void jerr(struct jctx *c, const char *hint, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Record a numbered link in the current answer; returns its number (0 outside the REPL). */
int jnav_link(struct jctx *c, const char *target);
void jnav_reset_links(struct jctx *c);
/* Record a visit to a rule in the history (REPL). */
void jnav_visit(struct jctx *c, jrid id);

#endif
