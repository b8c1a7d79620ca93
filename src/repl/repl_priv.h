/* repl_priv.h — what the files of src/repl/ share among themselves; nobody else includes it. */
#ifndef JUDGE_REPL_PRIV_H
#define JUDGE_REPL_PRIV_H
#include "repl.h"

/* One session setting: its name, the values Tab offers, and a line of help. */
struct repl_setting {
	const char *name;
	const char *values;     /* space-separated completions for the value, or NULL */
	const char *help;
};
extern const struct repl_setting repl_settings[];
extern const size_t repl_nsettings;

/* The width follows the terminal until `:set width N` fixes it. */
extern bool repl_width_fixed;

/* Apply `:set NAME VALUE` or `:use DATE` given as words (argv[0] is ":set" or ":use").
 * `where` ("init:3") prefixes error messages, or NULL. Returns a JX_ status. */
int repl_apply_setting(struct jctx *c, const char *where, int argc, char **argv);

/* Run every line of f (pipe mode, :source). Returns the worst status a line gave. */
int repl_exec_stream(struct jctx *c, FILE *f);
/* The same for the file `name` (:source): a line that cannot be split into words is said
 * at name:line:col. */
int repl_exec_source(struct jctx *c, FILE *f, const char *name);
/* At most this many commands in a file :source runs: each may take milliseconds, and a
 * million would run for an hour. */
#define REPL_SOURCE_MAX_COMMANDS 10000

/* Report an error through jerr(), prefixed by `where` when not NULL. */
void repl_err(struct jctx *c, const char *where, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Show a rule (by number or range) through the `rule` command. */
int repl_show_rule(struct jctx *c, const char *num);

/* The command `word` is a typo of (edit distance 1, case aside: ed_distance), or with `prefix` also the one it
 * uniquely begins; NULL if none. */
const struct jcmd *repl_near_command(const char *word, bool prefix);

/* A rule number or a range of them: "702.19b", "601.2f-h", "702.19-20", "7." */
bool repl_looks_like_rule(const char *word);

/* A growing list of completion candidates (complete.c, complete_board.c). */
struct repl_cands {
	char **v;
	size_t n, cap;
};
void repl_cand_add(struct repl_cands *k, const char *s, size_t n);
/* Add s when it starts with word, ignoring case, accents and curly quotes. */
void repl_cand_if(struct repl_cands *k, const char *s, const char *word);
/* Sort k->v[from..] alphabetically and drop case-insensitive duplicates. */
void repl_cands_sort(struct repl_cands *k, size_t from);

/* Release labels of the loaded index (for completion and messages). */
void repl_release_list(const struct jctx *c, struct sbuf *b);

#endif
