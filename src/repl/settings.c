/* settings.c — session settings (:set, :use, :settings), the init file and :source. */
#include "repl_priv.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/buf.h"
#include "../base/mem.h"
#include "../base/safefile.h"
#include "../render/json.h"
#include "../text/decode.h"

const struct repl_setting repl_settings[] = {
	{ "width", "auto 60 72 80 100 120", "wrap answers at this column (auto: the terminal's width)" },
	{ "color", "on off auto", "colour the answers (auto: only on a terminal, never with NO_COLOR)" },
	{ "examples", "on off", "show the examples under rules and definitions" },
	{ "json", "on off", "answer in JSON, as --json does" },
	{ "verbose", "on off", "show scores and details, as -v does" },
	{ "limit", "0 5 10 20 50", "how many results a search shows (0: the command's default)" },
	{ "pager", "on off", "send long answers through $PAGER on a terminal" },
};
const size_t repl_nsettings = sizeof repl_settings / sizeof repl_settings[0];

bool repl_width_fixed;

void
repl_err(struct jctx *c, const char *where, const char *hint, const char *fmt, ...)
{
	struct sbuf b = {0};
	va_list ap;
	va_start(ap, fmt);
	sbuf_vaddf(&b, fmt, ap);
	va_end(ap);
	if (where)
		jerr(c, hint, "%s: %s", where, sbuf_str(&b));
	else
		jerr(c, hint, "%s", sbuf_str(&b));
	sbuf_free(&b);
}

void
repl_release_list(const struct jctx *c, struct sbuf *b)
{
	for (uint32_t i = 0; c->ix && i < c->ix->nrels; i++)
		sbuf_addf(b, "%s%s", i ? ", " : "", c->ix->rels[i]->label);
	if (!c->ix || c->ix->nrels == 0)
		sbuf_adds(b, "(none loaded)");
}

static int
parse_bool(const char *v, bool *out)
{
	static const char *const yes[] = { "on", "yes", "true", "1" };
	static const char *const no[] = { "off", "no", "false", "0" };
	for (size_t i = 0; i < 4; i++) {
		if (strcasecmp(v, yes[i]) == 0)
			return *out = true, 0;
		if (strcasecmp(v, no[i]) == 0)
			return *out = false, 0;
	}
	return -1;
}

static int
parse_count(const char *v, int lo, int hi, int *out)
{
	char *end;
	errno = 0;
	long n = strtol(v, &end, 10);
	if (end == v || *end || errno || n < lo || n > hi)
		return -1;
	*out = (int)n;
	return 0;
}

static int
set_one(struct jctx *c, const char *where, const char *name, const char *val)
{
	bool b = false;
	int n = 0;
	if (strcmp(name, "width") == 0) {
		if (strcmp(val, "auto") == 0) {
			struct out now;
			out_init(&now, c->out->f);
			out_free(&now);
			repl_width_fixed = false;
			c->out->width = now.width;
			return JX_OK;
		}
		if (parse_count(val, 20, 1000, &n) < 0) {
			repl_err(c, where, "type a number of columns from 20 to 1000, or 'auto'",
			    "width wants a number, not '%s'", val);
			return JX_USAGE;
		}
		c->out->width = n;
		repl_width_fixed = true;
		return JX_OK;
	}
	if (strcmp(name, "limit") == 0) {
		if (parse_count(val, 0, 100000, &n) < 0) {
			repl_err(c, where, "type a number (0 = each command's default)",
			    "limit wants a number, not '%s'", val);
			return JX_USAGE;
		}
		c->limit = n;
		return JX_OK;
	}
	if (strcmp(name, "color") == 0 && strcmp(val, "auto") == 0) {
		/* what judge would do by itself: colour on a terminal, and never for a script */
		struct out now;
		out_init(&now, c->out->f);
		out_free(&now);
		c->out->color = now.color && isatty(STDIN_FILENO);
		return JX_OK;
	}
	for (size_t i = 0; i < repl_nsettings; i++) {
		if (strcmp(name, repl_settings[i].name) != 0)
			continue;
		if (parse_bool(val, &b) < 0) {
			repl_err(c, where, strcmp(name, "color") == 0 ? "type on, off or auto" : "type on or off",
			    "%s wants on or off, not '%s'", name, val);
			return JX_USAGE;
		}
		if (strcmp(name, "color") == 0)
			c->out->color = b;
		else if (strcmp(name, "examples") == 0)
			c->examples = b;
		else if (strcmp(name, "json") == 0)
			c->json = b;
		else if (strcmp(name, "verbose") == 0)
			c->verbose = b;
		else if (strcmp(name, "pager") == 0)
			c->out->page = b && isatty(fileno(c->out->f));
		return JX_OK;
	}
	struct sbuf names = {0};
	for (size_t i = 0; i < repl_nsettings; i++)
		sbuf_addf(&names, "%s%s", i ? ", " : "", repl_settings[i].name);
	struct sbuf hint = {0};
	sbuf_addf(&hint, "settings are %s; type ':settings' to see them", sbuf_str(&names));
	repl_err(c, where, sbuf_str(&hint), "unknown setting '%s'", name);
	sbuf_free(&names);
	sbuf_free(&hint);
	return JX_USAGE;
}

static int
use_release(struct jctx *c, const char *where, const char *which)
{
	struct jrelease *r = c->ix ? jindex_release(c->ix, which) : NULL;
	if (r == NULL) {
		struct sbuf b = {0};
		sbuf_adds(&b, "loaded releases: ");
		repl_release_list(c, &b);
		repl_err(c, where, sbuf_str(&b), "no rules release '%s'", which);
		sbuf_free(&b);
		return JX_NOTFOUND;
	}
	c->rel = r;
	if (c->nav) {
		/* the visited rules belong to the old release; their numbers may mean other rules now */
		c->nav->nhist = 0;
		c->nav->pos = -1;
	}
	return JX_OK;
}

int
repl_apply_setting(struct jctx *c, const char *where, int argc, char **argv)
{
	if (strcmp(argv[0], ":use") == 0) {
		if (argc != 2) {
			repl_err(c, where, "type ':use DATE', e.g. ':use 2025-11-14'",
			    ":use wants one release");
			return JX_USAGE;
		}
		return use_release(c, where, argv[1]);
	}
	if (argc == 2 && strchr(argv[1], '=') != NULL) {
		/* accept ":set width=80" as well */
		char *eq = strchr(argv[1], '=');
		char *name = xstrndup(argv[1], (size_t)(eq - argv[1]));
		int rc = set_one(c, where, name, eq + 1);
		free(name);
		return rc;
	}
	if (argc != 3) {
		repl_err(c, where, "type ':set NAME VALUE', e.g. ':set width 80'; ':settings' lists them",
		    ":set wants a name and a value");
		return JX_USAGE;
	}
	return set_one(c, where, argv[1], argv[2]);
}

int
repl_cmd_set(struct jctx *c, int argc, char **argv)
{
	if (argc == 1)
		return repl_cmd_settings(c, 1, argv);
	return repl_apply_setting(c, NULL, argc, argv);
}

int
repl_cmd_use(struct jctx *c, int argc, char **argv)
{
	if (argc == 1) {
		struct sbuf b = {0};
		repl_release_list(c, &b);
		out_printf(c->out, "using %s; loaded: %s\n", c->rel ? c->rel->label : "nothing",
		    sbuf_str(&b));
		sbuf_free(&b);
		return JX_OK;
	}
	return repl_apply_setting(c, NULL, argc, argv);
}

static const char *
onoff(bool b)
{
	return b ? "on" : "off";
}

int
repl_cmd_settings(struct jctx *c, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	const char *rel = c->rel ? c->rel->label : "";
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, false);
		jw_obj(&w);
		jw_kint(&w, "width", c->out->width);
		jw_kbool(&w, "width_auto", !repl_width_fixed);
		jw_kbool(&w, "color", c->out->color);
		jw_kbool(&w, "examples", c->examples);
		jw_kbool(&w, "json", c->json);
		jw_kbool(&w, "verbose", c->verbose);
		jw_kint(&w, "limit", c->limit);
		jw_kbool(&w, "pager", c->out->page);
		jw_kstr(&w, "release", rel);
		jw_obj_end(&w);
		out_puts(c->out, "\n");
		return JX_OK;
	}
	out_printf(c->out, "width     %d%s\n", c->out->width, repl_width_fixed ? "" : " (auto)");
	out_printf(c->out, "color     %s\n", onoff(c->out->color));
	out_printf(c->out, "examples  %s\n", onoff(c->examples));
	out_printf(c->out, "json      %s\n", onoff(c->json));
	out_printf(c->out, "verbose   %s\n", onoff(c->verbose));
	out_printf(c->out, "limit     %d\n", c->limit);
	out_printf(c->out, "pager     %s\n", onoff(c->out->page));
	out_printf(c->out, "release   %s\n", *rel ? rel : "(none)");
	return JX_OK;
}

/* The rest of open file f as UTF-8 text to run line by line: UTF-16 is converted, a
 * binary file or one over SFILE_MAX_INIT refused. -1 after saying why (name:line:col, hint);
 * else 0 and *m a stream over *text, which the caller frees after closing it — or *m NULL
 * when the file holds nothing. */
static int
command_text(struct jctx *c, FILE *f, const char *name, const char *hint, FILE **m, char **text)
{
	struct sbuf b = {0};
	char buf[65536];
	size_t n;
	*text = NULL;
	*m = NULL;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0 && b.len <= SFILE_MAX_INIT)
		sbuf_add(&b, buf, n);
	if (b.len > SFILE_MAX_INIT) {
		jerr(c, hint, "%s: holds more than %u MiB; that is no file of commands", name, SFILE_MAX_INIT >> 20);
		sbuf_free(&b);
		return -1;
	}
	if (b.len == 0)
		return 0;
	struct diags d = {0};
	int u16 = text_from_utf16(&b.s, &b.len, name, "a file of commands", &d);
	diag_print(stderr, &d, DL_WARNING);
	diag_clear(&d);
	unsigned bl, bc;
	if (u16 < 0 || text_binary(b.s, b.len, &bl, &bc)) {
		if (u16 >= 0)
			jerr(c, hint, "%s:%u:%u: this is a binary file", name, bl, bc);
		free(b.s);
		return -1;
	}
	*m = fmemopen(b.s, b.len, "r");
	if (*m == NULL) {
		jerr(c, hint, "%s: %s", name, strerror(errno));
		free(b.s);
		return -1;
	}
	*text = b.s;
	return 0;
}

/* The init file: settings lines, comments and blank lines; `name` labels errors name:line.
 * Commands are refused, since they would print before the prompt appears. After
 * INIT_MAX_ERRORS wrong lines the rest is not read: that is no settings file. */
#define INIT_MAX_ERRORS 20

static int
run_init(struct jctx *c, FILE *f, const char *name)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned lineno = 0;
	int errors = 0;
	while ((n = getline(&line, &cap, f)) >= 0) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		char where[4200];
		snprintf(where, sizeof where, "%s:%u", name, lineno);
		struct repl_tok t;
		int rc = JX_OK;
		if (repl_tokenize(line, (size_t)n, &t) < 0) {
			repl_err(c, where, "close the quote, or put a backslash before it",
			    "%s at column %zu", t.err, t.err_col);
			rc = JX_USAGE;
		} else if (t.argc == 0) {
			rc = JX_OK;
		} else if (strcmp(t.argv[0], ":set") == 0 || strcmp(t.argv[0], ":use") == 0) {
			rc = repl_apply_setting(c, where, t.argc, t.argv);
		} else {
			repl_err(c, where, "the init file holds settings only, e.g. ':set width 80'",
			    "'%s' is not a setting", t.argv[0]);
			rc = JX_USAGE;
		}
		errors += rc != JX_OK;
		repl_tok_free(&t);
		if (errors >= INIT_MAX_ERRORS) {
			jerr(c, "the init file holds settings lines such as ':set width 80'",
			    "%s: %d wrong lines; the rest of the file is not read", name, errors);
			break;
		}
	}
	free(line);
	return errors;
}

bool repl_init_loaded;

int
repl_load_init(struct jctx *c)
{
	repl_init_loaded = true;
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	struct sbuf p = {0};
	if (xdg && *xdg == '/')
		sbuf_addf(&p, "%s/judge/init", xdg);
	else if (home && *home)
		sbuf_addf(&p, "%s/.config/judge/init", home);
	else
		return 0;
	FILE *f = sfile_fopen(sbuf_str(&p), SFILE_MAX_INIT);
	int errors = 0;
	if (f == NULL && errno != ENOENT) {
		int e = errno;
		char where[4200];
		snprintf(where, sizeof where, "%s", sbuf_str(&p));
		repl_err(c, where, "the init file holds settings lines such as ':set width 80'; it is not read",
		    "%s", sfile_strerror(e));
		errors = 1;
	}
	if (f != NULL) {
		char *text;
		FILE *m;
		int st = command_text(c, f, sbuf_str(&p),
		    "the init file holds settings lines such as ':set width 80'; it is not read", &m, &text);
		fclose(f);
		if (st < 0)
			errors = 1;
		else if (m != NULL) {
			errors = run_init(c, m, sbuf_str(&p));
			fclose(m);
			free(text);
		}
	}
	sbuf_free(&p);
	return errors;
}

int
repl_cmd_source(struct jctx *c, int argc, char **argv)
{
	if (argc != 2) {
		jerr(c, argc > 2 ? "a path with spaces goes in quotes: :source \"my commands.txt\""
		    : "type ':source FILE' with one file of REPL commands", ":source wants one file");
		return JX_USAGE;
	}
	static int depth;
	if (depth >= 8) {
		jerr(c, "check the files for a :source loop", ":source nested too deeply at '%s'", argv[1]);
		return JX_USAGE;
	}
	FILE *f = jopen_input(c, argv[1], "check the path; Tab completes file names");
	if (f == NULL)
		return JX_USAGE;
	char *text;
	FILE *m;
	int st = command_text(c, f, argv[1], ":source runs a text file of judge commands, one a line", &m, &text);
	fclose(f);
	if (st < 0)
		return JX_USAGE;
	if (m == NULL)
		return JX_OK;
	/* counted before any runs: a file too long is refused whole, not cut off midway */
	size_t ncmd = 0;
	char *ln = NULL;
	size_t lcap = 0;
	ssize_t ll;
	while ((ll = getline(&ln, &lcap, m)) >= 0) {
		ssize_t k = 0;
		while (k < ll && (ln[k] == ' ' || ln[k] == '\t' || ln[k] == '\r' || ln[k] == '\n'))
			k++;
		ncmd += k < ll && ln[k] != '#';
	}
	free(ln);
	rewind(m);
	if (ncmd > REPL_SOURCE_MAX_COMMANDS) {
		jerr(c, "split it into files of at most 10000 commands each",
		    "%s: holds %zu commands; :source runs at most %d, so none is run", argv[1], ncmd,
		    REPL_SOURCE_MAX_COMMANDS);
		fclose(m);
		free(text);
		return JX_USAGE;
	}
	depth++;
	int rc = repl_exec_source(c, m, argv[1]);
	depth--;
	fclose(m);
	free(text);
	return rc;
}
