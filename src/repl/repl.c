/* repl.c — the read-run-print loop: readline on a terminal, plain lines on a pipe, and the
 * dispatch of bare input (a rule number looks up, a term defines, anything else searches). */
#include "repl_priv.h"
#include "histfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "../base/buf.h"
#include "../base/editdist.h"
#include "../base/mem.h"
#include "../base/safefile.h"
#include "../cli/cmd_rules.h"

volatile sig_atomic_t judge_interrupted;
size_t (*repl_board_names)(void *board, const char ***names);
size_t (*repl_topic_names)(struct jctx *c, const char ***names);

#define HISTORY_MAX 2000

/* Run a command. The table's jcmd_run() starts every answer with fresh links; commands
 * that read the last answer's links or only change settings are called directly. */
static int
run_words(struct jctx *c, int argc, char **argv, bool keep_links)
{
	judge_interrupted = 0;
	const struct jcmd *k = keep_links ? jcmd_find(argv[0]) : NULL;
	int rc = k ? k->fn(c, argc, argv) : jcmd_run(c, argc, argv);
	if (judge_interrupted) {
		/* a half-built answer is worse than none */
		sbuf_reset(&c->out->buf);
		fputs("judge: interrupted\n", stderr);
		judge_interrupted = 0;
	}
	out_flush(c->out);
	clearerr(stdout);   /* a write cut short by Ctrl-C must not silence the next answers */
	return rc;
}

int
repl_show_rule(struct jctx *c, const char *num)
{
	if (jcmd_find("rule") == NULL) {
		jerr(c, NULL, "rule lookup is unavailable in this build");
		return JX_USAGE;
	}
	char *argv[] = { (char *)"rule", (char *)num, NULL };
	jnav_reset_links(c);
	return run_words(c, 2, argv, false);
}

const struct jcmd *
repl_near_command(const char *word, bool prefix)
{
	size_t n = strlen(word);
	if (n < 2)
		return NULL;
	const struct jcmd *prefix_hit = NULL;
	int prefix_hits = 0;
	for (size_t i = 0; i < jcmd_count; i++) {
		const char *name = jcmd_table[i].name;
		if (n >= 3 && ed_distance(word, name, 1) <= 1)
			return &jcmd_table[i];
		if (strncmp(word, name, n) == 0) {
			prefix_hit = &jcmd_table[i];
			prefix_hits++;
		}
	}
	return prefix && prefix_hits == 1 ? prefix_hit : NULL;
}

bool
repl_looks_like_rule(const char *w)
{
	jrid ids[4];
	/* a bad range (-1) is still meant as rules: `rule` says what is wrong with it */
	return rules_parse_spec(w, ids, 4) != 0;
}

static bool
all_digits(const char *w)
{
	if (!*w)
		return false;
	for (; *w; w++)
		if (*w < '0' || *w > '9')
			return false;
	return true;
}

static char *
join_words(int argc, char **argv)
{
	struct sbuf b = {0};
	for (int i = 0; i < argc; i++)
		sbuf_addf(&b, "%s%s", i ? " " : "", argv[i]);
	return sbuf_take(&b);
}

/* "rul 702.1" is a typo of a command, not a search for the word "rul"; "rules text" is a
 * search. Only a near command whose arguments fit is taken for a typo. */
static const struct jcmd *
typo_of(int argc, char **argv)
{
	if (argc < 2)
		return NULL;
	const struct jcmd *k = repl_near_command(argv[0], false);
	if (k == NULL)
		return NULL;
	for (int i = 1; i < argc; i++) {
		bool fits = false;
		if (k->arg == JA_RULE)
			fits = repl_looks_like_rule(argv[i]);
		else if (k->arg == JA_COMMAND)
			fits = jcmd_find(argv[i]) != NULL;
		else if (k->arg == JA_FILE)
			fits = access(argv[i], F_OK) == 0;
		if (!fits)
			return NULL;
	}
	return k;
}

/* Commands that answer from the last answer's links, or only change settings, keep them. */
static bool
keeps_links(const char *name)
{
	static const char *const keep[] = { "follow", "help", ":set", ":use", ":settings", ":source" };
	for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++)
		if (strcmp(name, keep[i]) == 0)
			return true;
	return false;
}

static int
exec_words(struct jctx *c, int argc, char **argv)
{
	const struct jcmd *cmd = jcmd_find(argv[0]);
	if (cmd != NULL) {
		bool keep = keeps_links(cmd->name);
		if (!keep)
			jnav_reset_links(c);
		return run_words(c, argc, argv, keep);
	}
	if (argv[0][0] == ':') {
		jerr(c, "REPL settings are :set, :use, :settings and :source; type 'help :set'",
		    "unknown command '%s'", argv[0]);
		return JX_USAGE;
	}
	if (argc == 1 && all_digits(argv[0]) && c->nav && c->nav->nlinks > 0 &&
	    strlen(argv[0]) < 6 && atoi(argv[0]) >= 1 && atoi(argv[0]) <= c->nav->nlinks) {
		char *fa[] = { (char *)"follow", argv[0], NULL };
		return run_words(c, 2, fa, true);
	}
	bool rules = true;
	for (int i = 0; i < argc && rules; i++)
		rules = repl_looks_like_rule(argv[i]);
	if (rules && jcmd_find("rule") != NULL) {
		char **ra = xcalloc((size_t)argc + 2, sizeof *ra);
		ra[0] = (char *)"rule";
		memcpy(ra + 1, argv, (size_t)argc * sizeof *argv);
		jnav_reset_links(c);
		int rc = run_words(c, argc + 1, ra, false);
		free(ra);
		return rc;
	}
	char *phrase = join_words(argc, argv);
	int rc;
	if (c->rel && jrel_define(c->rel, phrase) != JNONE && jcmd_find("define") != NULL) {
		char *da[] = { (char *)"define", phrase, NULL };
		jnav_reset_links(c);
		rc = run_words(c, 2, da, false);
	} else if (typo_of(argc, argv) != NULL) {
		char hint[128];
		snprintf(hint, sizeof hint, "did you mean '%s'? type 'help' for the commands",
		    typo_of(argc, argv)->name);
		jerr(c, hint, "unknown command '%s'", argv[0]);
		rc = JX_USAGE;
	} else if (jcmd_find("search") != NULL) {
		char **sa = xcalloc((size_t)argc + 2, sizeof *sa);
		sa[0] = (char *)"search";
		memcpy(sa + 1, argv, (size_t)argc * sizeof *argv);
		jnav_reset_links(c);
		rc = run_words(c, argc + 1, sa, false);
		free(sa);
	} else {
		const struct jcmd *near = repl_near_command(argv[0], true);
		char hint[128];
		if (near)
			snprintf(hint, sizeof hint, "did you mean '%s'? type 'help' for the commands", near->name);
		else
			snprintf(hint, sizeof hint, "look up a rule number (702.19) or a glossary term, or type 'help'");
		jerr(c, hint, "'%s' is not a command, rule or glossary term, and search is unavailable", phrase);
		rc = JX_NOTFOUND;
	}
	free(phrase);
	return rc;
}

static int
exec_one(struct jctx *c, const char *line, size_t len)
{
	struct repl_tok t;
	int rc = JX_OK;
	if (repl_tokenize(line, len, &t) < 0) {
		jerr(c, NULL, "%s at column %zu", t.err, t.err_col);
		diag_caret(stderr, line, len, (unsigned)t.err_col);
		fputs("  close the quote, or put a backslash before it\n", stderr);
		rc = JX_USAGE;
	} else if (t.argc > 0) {
		rc = exec_words(c, t.argc, t.argv);
	}
	repl_tok_free(&t);
	return rc;
}

int
repl_exec_line(struct jctx *c, const char *line)
{
	/* a pasted block arrives as one line with newlines in it: run each line */
	int worst = JX_OK;
	const char *p = line;
	for (;;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		int rc = exec_one(c, p, len);
		if (rc > worst)
			worst = rc;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return worst;
}

static void
start_session(struct jctx *c, struct jnav *nav)
{
	c->interactive = true;
	if (c->nav == NULL) {
		memset(nav, 0, sizeof *nav);
		nav->pos = -1;
		c->nav = nav;
	}
}

int
repl_exec_stream(struct jctx *c, FILE *f)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int worst = JX_OK;
	while ((n = getline(&line, &cap, f)) >= 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		int rc = exec_one(c, line, (size_t)n);
		if (rc > worst)
			worst = rc;
	}
	free(line);
	return worst;
}

int
repl_exec_source(struct jctx *c, FILE *f, const char *name)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned lineno = 0;
	int worst = JX_OK;
	while ((n = getline(&line, &cap, f)) >= 0) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		struct repl_tok t;
		int rc = JX_OK;
		if (repl_tokenize(line, (size_t)n, &t) < 0) {
			/* the file's line, not the session's: name:line:col and the line itself */
			jerr(c, NULL, "%s:%u:%zu: %s", name, lineno, t.err_col, t.err);
			diag_caret(stderr, line, (size_t)n, (unsigned)t.err_col);
			fputs("  close the quote, or put a backslash before it\n", stderr);
			rc = JX_USAGE;
		} else if (t.argc > 0) {
			rc = exec_words(c, t.argc, t.argv);
		}
		repl_tok_free(&t);
		if (rc > worst)
			worst = rc;
	}
	free(line);
	return worst;
}

/* ---- the terminal REPL ---- */

static struct jctx *tty_ctx;
/* SIGINT and SIGWINCH are blocked except inside pselect() and while a command runs, so a
 * signal cannot slip in between checking the flags and going to sleep. */
static sigset_t unblocked, caught;
static char *hist_path;
static int hist_added;
/* The history not in use: the lines of the boards typed this session while commands are
 * read, the commands while a board is typed. Board lines are never saved to the file. */
static HISTORY_STATE *hist_other;
static int hist_other_base = 1;
/* While a board is typed: its lines so far, for completion; NULL otherwise. */
static const char *board_typed;
/* What on_line() received for the prompt being read. */
static char *got_line;
static bool got_eof;
/* The lines of a pasted block not run yet: a pasted board feeds `board` its lines. */
static char *pending, *pending_at;

enum { TTY_LINE, TTY_EOF, TTY_INTR };

static void
on_sigint(int sig)
{
	(void)sig;
	judge_interrupted = 1;
}

static void
history_add_one(const char *line, void *arg)
{
	(void)arg;
	add_history(line);
}

static void
history_open(void)
{
	const char *xdg = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	struct sbuf d = {0};
	if (xdg && *xdg == '/')
		sbuf_addf(&d, "%s/judge", xdg);
	else if (home && *home)
		sbuf_addf(&d, "%s/.local/state/judge", home);
	else
		return;
	char *dir = sbuf_take(&d);
	if (sfile_mkdirs(dir, 0700, NULL) < 0) {
		fprintf(stderr, "judge: cannot create %s: %s (history will not be saved)\n", dir,
		    strerror(errno));
		free(dir);
		return;
	}
	struct sbuf p = {0};
	sbuf_addf(&p, "%s/history", dir);
	free(dir);
	hist_path = sbuf_take(&p);
	stifle_history(HISTORY_MAX);
	if (histfile_load(hist_path, HISTORY_MAX, history_add_one, NULL) != 0) {
		fprintf(stderr, "judge: %s: %s (history will not be saved)\n"
		    "  move it aside (or remove it) and judge starts a new one\n", hist_path, sfile_strerror(errno));
		free(hist_path);
		hist_path = NULL;
		return;
	}
	histfile_trim(hist_path, HISTORY_MAX);
}

/* Add a line to the history in use; `to_file` also appends it to the history file. */
static void
history_save(const char *text, bool to_file)
{
	if (*text == '\0' || *text == ' ')
		return;   /* a leading space keeps a line out of the history, as in bash */
	char *line = xstrdup(text);
	size_t n = strlen(line);
	while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		line[--n] = '\0';   /* Tab leaves a space after a completed word */
	HIST_ENTRY *last = history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
	if (last == NULL || strcmp(last->line, line) != 0) {
		add_history(line);
		/* written at once, so a crash loses nothing; trimmed now and then, not every line */
		if (to_file && hist_path != NULL) {
			if (histfile_append(hist_path, line) != 0) {
				/* said once; the file keeps what it had (a cut line is taken back) */
				fprintf(stderr, "judge: cannot add to the history %s: %s\n"
				    "  the lines saved before are as they were; this session's are not saved\n",
				    hist_path, strerror(errno));
				free(hist_path);
				hist_path = NULL;
			} else if (++hist_added % 100 == 0)
				histfile_trim(hist_path, HISTORY_MAX);
		}
	}
	free(line);
}

/* Put the other history in place (commands <-> board lines). history_base is not part of
 * readline's HISTORY_STATE, so it travels alongside. */
static void
history_swap(void)
{
	HISTORY_STATE *now = history_get_history_state();
	int base = history_base;
	if (hist_other != NULL) {
		history_set_history_state(hist_other);
		free(hist_other);
	} else {
		HISTORY_STATE empty = { .flags = now->flags };
		history_set_history_state(&empty);
	}
	history_base = hist_other_base;
	hist_other = now;
	hist_other_base = base;
	using_history();   /* Up starts from the newest line */
}

static void
history_close(void)
{
	if (hist_path)
		histfile_trim(hist_path, HISTORY_MAX);
	free(hist_path);
	hist_path = NULL;
	if (hist_other != NULL) {
		history_swap();   /* the boards' lines, to free them */
		clear_history();
		history_swap();
		free(hist_other->entries);
		free(hist_other);
		hist_other = NULL;
		hist_other_base = 1;
	}
	clear_history();
}

static volatile sig_atomic_t resized;

static void
on_sigwinch(int sig)
{
	(void)sig;
	resized = 1;
}

static void
follow_terminal_size(struct jctx *c)
{
	struct out now;
	out_init(&now, c->out->f);
	out_free(&now);
	c->out->rows = now.rows;
	if (!repl_width_fixed)
		c->out->width = now.width;
}

static void
on_line(char *line)
{
	/* the handler is gone while the line is used, so a command may page or print freely */
	rl_callback_handler_remove();
	if (line == NULL) {
		got_eof = true;
		fputc('\n', stdout);
		return;
	}
	got_line = line;
}

/* Ctrl-C at a prompt: drop the half-typed line, as a shell does. */
static void
abandon_line(void)
{
	judge_interrupted = 0;
	rl_point = rl_end;   /* "^C" goes after what was typed, as in a shell */
	rl_redisplay();
	fputs("^C", stdout);
	fflush(stdout);
	/* not rl_free_line_state(): it redisplays, wiping the abandoned text */
	rl_callback_sigcleanup();
	rl_replace_line("", 1);
	rl_callback_handler_remove();
	fputs("\n", stdout);
	fflush(stdout);
}

/* Read one line (or pasted block) at `prompt` in readline's callback mode, with SIGINT
 * and SIGWINCH blocked except while waiting in pselect(). TTY_LINE sets *out (malloc'd). */
static int
tty_wait(const char *prompt, char **out)
{
	got_line = NULL;
	got_eof = false;
	rl_callback_handler_install(prompt, on_line);
	for (;;) {
		if (judge_interrupted) {
			abandon_line();
			return TTY_INTR;
		}
		fd_set fds;
		FD_ZERO(&fds);
		FD_SET(STDIN_FILENO, &fds);
		int r = pselect(STDIN_FILENO + 1, &fds, NULL, NULL, NULL, &unblocked);
		if (r < 0 && errno != EINTR) {
			rl_callback_handler_remove();
			return TTY_EOF;
		}
		if (resized) {
			resized = 0;
			rl_resize_terminal();
		}
		if (judge_interrupted || r <= 0)
			continue;
		rl_callback_read_char();
		if (got_line != NULL) {
			*out = got_line;
			return TTY_LINE;
		}
		if (got_eof)
			return TTY_EOF;
	}
}

/* How a line taken at a prompt is kept: an answer to a command's question is kept nowhere,
 * so Up at `judge> ` brings back commands, never "competitive" or "2.3". */
enum keep { KEEP_NONE, KEEP_MEMORY, KEEP_FILE };

/* The next line at `prompt`: the next unread line of a pasted block, or what the terminal
 * gives. Each line goes to the history in use as it is taken, as keep says. */
static int
tty_next_line(const char *prompt, enum keep keep, char **out)
{
	if (pending_at == NULL) {
		free(pending);
		pending = NULL;
		int st = tty_wait(prompt, &pending);
		if (st != TTY_LINE)
			return st;
		pending_at = pending;
	}
	char *nl = strchr(pending_at, '\n');
	*out = nl ? xstrndup(pending_at, (size_t)(nl - pending_at)) : xstrdup(pending_at);
	pending_at = nl ? nl + 1 : NULL;
	if (keep != KEEP_NONE)
		history_save(*out, keep == KEEP_FILE);
	return TTY_LINE;
}

/* jctx.read_board_line on a terminal: a `board> ` prompt with its own history and
 * completion from the board typed so far. Runs inside the `board` command, so it blocks
 * the signals the command left open and puts them back. */
static char *
tty_board_line(struct jctx *c, const char *typed)
{
	(void)c;
	sigset_t saved;
	sigprocmask(SIG_BLOCK, &caught, &saved);
	history_swap();
	board_typed = typed ? typed : "";
	rl_completer_quote_characters = NULL;   /* "Queen's ability" holds no quote */
	char *line = NULL;
	if (tty_next_line("board> ", KEEP_MEMORY, &line) != TTY_LINE) {
		/* Ctrl-C or Ctrl-D: the board is abandoned, and the rest of a pasted block too */
		line = NULL;
		free(pending);
		pending = pending_at = NULL;
		judge_interrupted = 0;
	}
	rl_completer_quote_characters = "\"'";
	board_typed = NULL;
	history_swap();
	sigprocmask(SIG_SETMASK, &saved, NULL);
	return line;
}

/* jctx.read_answer_line on a terminal: one line after prompt, kept out of the history;
 * Ctrl-C or Ctrl-D abandons. */
static char *
tty_answer_line(struct jctx *c, const char *prompt)
{
	(void)c;
	sigset_t saved;
	sigprocmask(SIG_BLOCK, &caught, &saved);
	char *line = NULL;
	if (tty_next_line(prompt, KEEP_NONE, &line) != TTY_LINE) {
		line = NULL;
		free(pending);
		pending = pending_at = NULL;
		judge_interrupted = 0;
	}
	sigprocmask(SIG_SETMASK, &saved, NULL);
	return line;
}

static char **complete_list;
static size_t complete_n, complete_i, complete_skip;

static char *
complete_next(const char *text, int state)
{
	(void)text;
	if (state == 0)
		complete_i = 0;
	while (complete_i < complete_n) {
		const char *s = complete_list[complete_i++] + complete_skip;
		size_t n = strlen(s);
		/* readline closes the quote itself */
		if (complete_skip && board_typed == NULL && n > 0 && (s[n - 1] == '"' || s[n - 1] == '\''))
			n--;
		return xstrndup(s, n);
	}
	return NULL;
}

/* Board names of several words replace text readline does not see as part of the word:
 * keep the candidates that begin with it, whose rest readline can insert. */
static void
keep_matching(const char *typed, size_t n)
{
	size_t o = 0;
	for (size_t i = 0; i < complete_n; i++) {
		if (strlen(complete_list[i]) >= n && strncasecmp(complete_list[i], typed, n) == 0)
			complete_list[o++] = complete_list[i];
		else
			free(complete_list[i]);
	}
	complete_n = o;
}

static char **
on_complete(const char *text, int start, int end)
{
	(void)end;
	rl_attempted_completion_over = 1;   /* no fallback to file names */
	repl_free_list(complete_list, complete_n);
	size_t ws = 0;
	complete_list = NULL;
	if (board_typed != NULL)
		complete_n = repl_complete_board(board_typed, rl_line_buffer, (size_t)rl_point, &ws,
		    &complete_list);
	else
		complete_n = repl_complete(tty_ctx, rl_line_buffer, (size_t)rl_point, &ws, &complete_list);
	/* readline starts the word after an opening quote, or (a board name) after a space;
	 * our candidates include what comes before */
	complete_skip = (size_t)start > ws ? (size_t)start - ws : 0;
	if (board_typed != NULL) {
		keep_matching(rl_line_buffer + ws, complete_skip);
		rl_completion_suppress_quote = 1;
	}
	rl_completion_append_character = ' ';
	if (complete_n == 1) {
		size_t n = strlen(complete_list[0]);
		if (n > 0 && complete_list[0][n - 1] == '/')
			rl_completion_append_character = '\0';
	}
	return rl_completion_matches(text, complete_next);
}

static void
catch_signals(struct sigaction *old, struct sigaction *oldw)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;   /* no SA_RESTART: a running command's reads must wake up */
	sigaction(SIGINT, &sa, old);
	/* readline leaves SIGWINCH to us in callback mode with rl_catch_signals off */
	struct sigaction wa;
	memset(&wa, 0, sizeof wa);
	wa.sa_handler = on_sigwinch;
	sigemptyset(&wa.sa_mask);
	sigaction(SIGWINCH, &wa, oldw);
	rl_catch_sigwinch = 0;
	sigemptyset(&caught);
	sigaddset(&caught, SIGINT);
	sigaddset(&caught, SIGWINCH);
	sigprocmask(SIG_BLOCK, &caught, &unblocked);
	sigdelset(&unblocked, SIGINT);
	sigdelset(&unblocked, SIGWINCH);
}

/* One line as the session opens: the version, the release answering (and whether it is
 * partial), and where help is. */
static void
banner(struct jctx *c)
{
	const struct jrelease *r = c->rel;
	struct sbuf b = {0};
	sbuf_addf(&b, "judge %s — ", c->version ? c->version : "");
	if (!r)
		sbuf_adds(&b, "no rules loaded");
	else if (r->fragment || r->truncated)
		sbuf_addf(&b, "rules %s (partial: %s to %s%s)", r->label, r->nrules ? r->rules[0].num : "?",
		    r->last_num ? r->last_num : r->nrules ? r->rules[r->nrules - 1].num : "?",
		    rules_only_partial(c->ix) ? ", historical" : "");
	else
		sbuf_addf(&b, "rules %s", r->label);
	sbuf_adds(&b, " — `help` for commands");
	out_printf(c->out, "%s%s%s\n", out_sgr(c->out, OS_DIM), b.s, out_sgr(c->out, OS_RESET));
	out_flush(c->out);
	sbuf_free(&b);
}

static int
run_tty(struct jctx *c)
{
	tty_ctx = c;
	rl_readline_name = "judge";
	rl_catch_signals = 0;   /* our handler, so Ctrl-C abandons the line instead of exiting */
	rl_completer_word_break_characters = (char *)" \t\n";
	rl_completer_quote_characters = "\"'";
	rl_variable_bind("completion-ignore-case", "on");
	rl_sort_completion_matches = 0;   /* rule numbers come in document order */
	rl_attempted_completion_function = on_complete;
	history_open();
	banner(c);
	struct sigaction old, oldw;
	catch_signals(&old, &oldw);
	c->read_board_line = tty_board_line;
	c->read_answer_line = tty_answer_line;

	for (;;) {
		char *line = NULL;
		int st = tty_next_line("judge> ", KEEP_FILE, &line);
		if (st == TTY_EOF)
			break;
		if (st == TTY_INTR)
			continue;
		follow_terminal_size(c);
		sigset_t blocked;
		sigprocmask(SIG_SETMASK, &unblocked, &blocked);
		repl_exec_line(c, line);
		sigprocmask(SIG_SETMASK, &blocked, NULL);
		free(line);
	}
	c->read_board_line = NULL;
	c->read_answer_line = NULL;
	free(pending);
	pending = pending_at = NULL;
	sigprocmask(SIG_SETMASK, &unblocked, NULL);
	sigaction(SIGINT, &old, NULL);
	sigaction(SIGWINCH, &oldw, NULL);
	repl_free_list(complete_list, complete_n);
	complete_list = NULL;
	complete_n = 0;
	history_close();
	return JX_OK;
}

int
repl_run(struct jctx *c)
{
	struct jnav nav;
	start_session(c, &nav);
	bool tty = isatty(STDIN_FILENO);
	/* what the command line set, told apart from the defaults, so it wins over the init file */
	struct out def;
	out_init(&def, c->out->f);
	out_free(&def);
	struct jctx flags = *c;
	int flag_width = c->out->width;
	bool flag_color = c->out->color, flag_page = c->out->page;
	if (!tty) {
		/* a script gets no colour and no pager unless it asks (--color, :set color on) */
		c->out->color = false;
		c->out->page = false;
	}
	if (!repl_init_loaded) {
		repl_load_init(c);
		if (flag_width != def.width) {
			c->out->width = flag_width;
			repl_width_fixed = true;
		}
		if (flag_color != def.color)
			c->out->color = flag_color;
		if (flag_page != def.page)
			c->out->page = flag_page && tty;
		if (!flags.examples)
			c->examples = false;
		if (flags.json)
			c->json = true;
		if (flags.verbose)
			c->verbose = true;
		if (flags.limit)
			c->limit = flags.limit;
		if (c->ix && flags.rel != jindex_default(c->ix))
			c->rel = flags.rel;   /* --cr */
	} else if (flag_width != def.width) {
		repl_width_fixed = true;
	}
	int rc = tty ? run_tty(c) : repl_exec_stream(c, stdin);
	if (c->nav == &nav) {
		jnav_reset_links(c);
		c->nav = NULL;
	}
	return rc;
}
