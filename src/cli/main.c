/* main.c — judge's entry point: options, loading the rules, running one command or the REPL. */
#include "cmd.h"
#include "cmd_rules.h"
#include "../base/buf.h"
#include "../base/hash.h"
#include "../base/mem.h"
#include "../search/search.h"
#include "../resolver/resolver.h"
#include "cmd_resolve.h"
#include "cmd_textbook.h"
#include "cmd_policy.h"
#include "../history/history.h"
#include "cmd_card.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if __has_include("../repl/repl.h")
#include "../repl/repl.h"
#define HAVE_REPL 1
#endif

#define JUDGE_VERSION "0.1.0"

void
jerr(struct jctx *c, const char *hint, const char *fmt, ...)
{
	if (c && c->out)
		out_flush(c->out);
	fflush(stdout);
	/* the words may hold a file's bytes or the user's: written safe for the terminal, and
	 * whole in one go */
	struct sbuf m = {0}, b = {0};
	va_list ap;
	va_start(ap, fmt);
	sbuf_vaddf(&m, fmt, ap);
	va_end(ap);
	sbuf_adds(&b, "judge: ");
	diag_addsafe(&b, m.s ? m.s : "", m.len);
	sbuf_addc(&b, '\n');
	if (hint) {
		sbuf_adds(&b, "  ");
		diag_addsafe(&b, hint, strlen(hint));
		sbuf_addc(&b, '\n');
	}
	fwrite(b.s, 1, b.len, stderr);
	sbuf_free(&m);
	sbuf_free(&b);
}

int
jnav_link(struct jctx *c, const char *target)
{
	if (!c->interactive || c->nav == NULL || c->json)
		return 0;
	struct jnav *n = c->nav;
	for (int i = 0; i < n->nlinks; i++)
		if (strcmp(n->links[i], target) == 0)
			return i + 1;
	if (n->nlinks >= JNAV_MAX)
		return 0;
	n->links[n->nlinks++] = strdup(target);
	return n->nlinks;
}

void
jnav_reset_links(struct jctx *c)
{
	if (c->nav == NULL)
		return;
	for (int i = 0; i < c->nav->nlinks; i++)
		free(c->nav->links[i]);
	c->nav->nlinks = 0;
}

void
jnav_visit(struct jctx *c, jrid id)
{
	struct jnav *n = c->nav;
	if (n == NULL)
		return;
	if (n->pos >= 0 && n->pos < n->nhist && n->hist[n->pos] == id)
		return;
	/* a new visit drops the forward history, as in a browser */
	n->nhist = n->pos + 1;
	if (n->nhist >= JNAV_MAX) {
		memmove(n->hist, n->hist + 1, sizeof n->hist[0] * (JNAV_MAX - 1));
		n->nhist--;
	}
	n->hist[n->nhist++] = id;
	n->pos = n->nhist - 1;
}

static bool
is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Where the built-in rules/ and corpus/ live: $JUDGE_DATA, <exe>/../share/judge, the
 * compile-time data dir, then the executable's own folder (the source tree). */
static char *
find_datadir(void)
{
	const char *env = getenv("JUDGE_DATA");
	if (env && *env)
		return strdup(env);
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	char cand[PATH_MAX + 64];
	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
		snprintf(cand, sizeof cand, "%s/../share/judge/rules", exe);
		if (is_dir(cand)) {
			snprintf(cand, sizeof cand, "%s/../share/judge", exe);
			return realpath(cand, NULL);
		}
	}
	snprintf(cand, sizeof cand, "%s/rules", JUDGE_DATADIR);
	if (is_dir(cand))
		return strdup(JUDGE_DATADIR);
	if (n > 0) {
		/* build/judge and ./judge both sit in or under the source tree */
		for (int up = 0; up < 2; up++) {
			snprintf(cand, sizeof cand, "%s%s/rules", exe, up ? "/.." : "");
			if (is_dir(cand)) {
				snprintf(cand, sizeof cand, "%s%s", exe, up ? "/.." : "");
				return realpath(cand, NULL);
			}
		}
	}
	return NULL;
}

static bool
holds_txt(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	bool any = false;
	while (d && !any && (de = readdir(d)) != NULL) {
		size_t l = strlen(de->d_name);
		any = de->d_name[0] != '.' && l > 4 && strcasecmp(de->d_name + l - 4, ".txt") == 0;
	}
	if (d)
		closedir(d);
	return any;
}

/* The user's own releases: $XDG_DATA_HOME/judge/rules (where `judge update` stores). */
static char *
user_rules_dir(void)
{
	const char *x = getenv("XDG_DATA_HOME");
	struct sbuf b = {0};
	if (x && *x == '/')
		sbuf_addf(&b, "%s/judge/rules", x);
	else if (getenv("HOME"))
		sbuf_addf(&b, "%s/.local/share/judge/rules", getenv("HOME"));
	else
		return NULL;
	return sbuf_take(&b);
}

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: judge [options] [command [args]]\n"
	    "       judge 702.19b | judge \"lethal damage\" | judge search trample deathtouch\n"
	    "       judge            (interactive; reads commands from a pipe too)\n"
	    "options:\n"
	    "  --rules PATH   load only this CR file or folder (repeatable): not the built-in rules,\n"
	    "                 nor your own ~/.local/share/judge/rules (give that too to have both)\n"
	    "  --cr WHICH     answer from this release (a date as `judge versions` prints it, or a file name)\n"
	    "  --json         print JSON\n"
	    "  -n N           how many results\n"
	    "  -v             more detail (scores)\n"
	    "  --width N      wrap at N columns (20-1000, or auto); --color / --no-color\n"
	    "  --no-examples  leave out examples\n"
	    "  --no-cache     build the search index afresh, without reading or saving the cache\n"
	    "  --textbook FILE  read this textbook (wiki text or saved HTML) instead of the built-in one\n"
	    "  --doc FILE     also read this policy document (IPG, MTR, JAR: PDF, text or pdftohtml HTML; repeatable)\n"
	    "  --version, --help\n"
	    "  short options bundle (-vn 5); an unknown option is an error; -- ends the options\n"
	    "commands:\n");
	for (size_t i = 0; i < jcmd_count; i++) {
		if (jcmd_table[i].repl_only)
			continue;
		fprintf(f, "  %-28s %s\n", jcmd_table[i].usage, jcmd_table[i].help);
	}
}

/* Bare input: a rule number or range looks it up, a glossary term defines it, anything
 * else searches. */
static int
run_bare(struct jctx *c, int argc, char **argv)
{
	jrid ids[4];
	struct sbuf term = {0};
	for (int i = 0; i < argc; i++) {
		if (i)
			sbuf_addc(&term, ' ');
		sbuf_adds(&term, argv[i]);
	}
	/* "CR 704.5j" typed as two words */
	bool joined = argc == 2 && rules_parse_spec(argv[0], ids, 4) == 0 && rules_parse_spec(term.s, ids, 4) != 0;
	if (joined || rules_parse_spec(argv[0], ids, 4) != 0) {
		char *nargv[64];
		int n = 0;
		nargv[n++] = (char *)"rule";
		if (joined)
			nargv[n++] = term.s;
		for (int i = 0; !joined && i < argc && n < 63; i++)
			nargv[n++] = argv[i];
		int st = jcmd_run(c, n, nargv);
		sbuf_free(&term);
		return st;
	}
	uint32_t gi = c->rel ? jrel_define(c->rel, term.s) : JNONE;
	sbuf_free(&term);
	char *nargv[64];
	int n = 0;
	const struct jcmd *search = jcmd_find("search");
	nargv[n++] = (char *)(gi != JNONE || search == NULL ? "define" : "search");
	for (int i = 0; i < argc && n < 63; i++)
		nargv[n++] = argv[i];
	int st = jcmd_run(c, n, nargv);
	/* a keyword's entry points at the rule of the same name: "trample" shows 702.19 too */
	uint32_t ri = gi != JNONE && st == JX_OK && !c->json ? rules_named_by_gloss(c->rel, gi) : JNONE;
	if (ri != JNONE) {
		char *rargv[2] = { (char *)"rule", (char *)c->rel->rules[ri].num };
		out_puts(c->out, "\n");
		/* not through jcmd_run: the entry's links keep their numbers in the REPL */
		st = cmd_rule(c, 2, rargv);
		out_flush(c->out);
	}
	return st;
}

int
jcmd_run(struct jctx *c, int argc, char **argv)
{
	if (argc < 1)
		return JX_OK;
	const struct jcmd *cmd = jcmd_find(argv[0]);
	int st;
	if (cmd == NULL) {
		if (jopt_check(c, NULL, argc, argv) != JX_OK)
			return JX_USAGE;
		st = run_bare(c, argc, argv);
		return st;
	}
	if (cmd->repl_only && !c->interactive) {
		jerr(c, "start the REPL with `judge` and use it there", "'%s' works only in the REPL", argv[0]);
		return JX_USAGE;
	}
	if (jopt_check(c, cmd, argc, argv) != JX_OK)
		return JX_USAGE;
	/* "--" ended the options: the command gets the words after it as they are */
	char **args = argv;
	char *noend[256];
	for (int i = 1; i < argc && argc <= 256; i++) {
		if (strcmp(argv[i], "--") != 0)
			continue;
		memcpy(noend, argv, sizeof *argv * (size_t)i);
		memcpy(noend + i, argv + i + 1, sizeof *argv * (size_t)(argc - i - 1));
		args = noend;
		argc--;
		break;
	}
	jnav_reset_links(c);
	st = cmd->fn(c, argc, args);
	out_flush(c->out);
	return st;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files a path of rules stands for, each as "path size mtime" into the hash. */
static void
key_path(const char *path, uint64_t *h)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return;
	char line[PATH_MAX + 64];
	if (!S_ISDIR(st.st_mode)) {
		int n = snprintf(line, sizeof line, "%s %lld %lld.%09ld\n", path, (long long)st.st_size,
		    (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec);
		*h = hash_bytes64(line, n > 0 && (size_t)n < sizeof line ? (size_t)n : 0, *h);
		return;
	}
	DIR *d = opendir(path);
	if (!d)
		return;
	char **names = NULL;
	size_t nn = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		size_t l = strlen(de->d_name);
		if (de->d_name[0] == '.' || l < 5 || strcasecmp(de->d_name + l - 4, ".txt") != 0)
			continue;
		names = xgrow(names, &cap, nn + 1, sizeof *names);
		names[nn++] = xstrdup(de->d_name);
	}
	closedir(d);
	xqsort(names, nn, sizeof *names, cmp_str);
	for (size_t i = 0; i < nn; i++) {
		snprintf(line, sizeof line, "%s/%s", path, names[i]);
		key_path(line, h);
		free(names[i]);
	}
	free(names);
}

/* The rules a run loads, as a key that changes when any of their files does (see
 * jctx.rules_key): cheap enough for every one-shot `card`. */
static char *
rules_key(const char **rules, int nrules, const char *which, const char *datadir)
{
	uint64_t h = 1469598103934665603u;
	if (nrules) {
		for (int k = 0; k < nrules; k++)
			key_path(rules[k], &h);
	} else {
		if (datadir) {
			struct sbuf p = {0};
			sbuf_addf(&p, "%s/rules", datadir);
			key_path(p.s, &h);
			sbuf_free(&p);
		}
		char *u = user_rules_dir();
		if (u && is_dir(u) && holds_txt(u))
			key_path(u, &h);
		free(u);
	}
	if (which)
		h = hash_bytes64(which, strlen(which), h);
	struct sbuf b = {0};
	sbuf_addf(&b, "%016llx", (unsigned long long)h);
	return sbuf_take(&b);
}

/* What main() was asked to load, for a command that loads the rules only when it needs them. */
static const char **lazy_rules;
static int lazy_nrules;
static const char *lazy_which;

static void
load_rules_late(struct jctx *c)
{
	c->load_rules = NULL;
	if (lazy_nrules) {
		for (int k = 0; k < lazy_nrules; k++)
			jindex_load_path(c->ix, lazy_rules[k]);
	} else {
		if (c->datadir) {
			struct sbuf p = {0};
			sbuf_addf(&p, "%s/rules", c->datadir);
			jindex_load_path(c->ix, p.s);
			sbuf_free(&p);
		}
		char *u = user_rules_dir();
		if (u && is_dir(u) && holds_txt(u))
			jindex_load_path(c->ix, u);
		free(u);
	}
	jindex_finish(c->ix);
	c->rel = lazy_which ? jindex_release(c->ix, lazy_which) : jindex_default(c->ix);
}

/* What this run was asked to load, for rules_reload(). */
static const char **run_rules;
static int run_nrules;
static const char *run_which;

/* The rules a run reads: the files and folders given with --rules, else the data folder's
 * rules/ and the user's own rules folder (an empty folder of one's own is no error, as a
 * folder given is). */
static void
load_rules(struct jindex *ix, const char **rules, int nrules, const char *datadir)
{
	if (nrules) {
		for (int k = 0; k < nrules; k++)
			jindex_load_path(ix, rules[k]);
		return;
	}
	if (datadir) {
		struct sbuf p = {0};
		sbuf_addf(&p, "%s/rules", datadir);
		jindex_load_path(ix, p.s);
		sbuf_free(&p);
	}
	char *u = user_rules_dir();
	if (u && is_dir(u) && holds_txt(u))
		jindex_load_path(ix, u);
	free(u);
}

static const struct jrelease *
rules_reload(struct jctx *c, struct jindex **ixp, char **key)
{
	struct jindex *ix = jindex_new();
	load_rules(ix, run_rules, run_nrules, c->datadir);
	jindex_finish(ix);
	*ixp = ix;
	*key = rules_key(run_rules, run_nrules, run_which, c->datadir);
	return run_which ? jindex_release(ix, run_which) : jindex_default(ix);
}

#ifndef HAVE_REPL
/* Without the REPL module: commands from standard input, one per line. */
static int
run_lines(struct jctx *c)
{
	char *line = NULL;
	size_t cap = 0;
	int st = 0;
	while (getline(&line, &cap, stdin) > 0) {
		char *argv[64];
		int argc = 0;
		for (char *t = strtok(line, " \t\r\n"); t && argc < 63; t = strtok(NULL, " \t\r\n"))
			argv[argc++] = t;
		if (argc)
			st = jcmd_run(c, argc, argv);
	}
	free(line);
	return st;
}
#endif

int
main(int argc, char **argv)
{
	struct out out;
	out_init(&out, stdout);
	struct jnav nav;
	memset(&nav, 0, sizeof nav);
	nav.pos = -1;
	struct jctx c = {0};
	int st = 0;
	struct jindex *ix = NULL;
	char *datadir = NULL, *rkey = NULL;
	c.out = &out;
	c.examples = true;

	const char *rules[64];
	int nrules = 0;
	const char *which = NULL;
	const char *complete = NULL;
	bool complete_mode = false;
	char **rest = calloc((size_t)argc + 1, sizeof *rest);
	int nrest = 0;
	bool dashdash = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (dashdash || a[0] != '-' || a[1] == '\0' || (isdigit((unsigned char)a[1]) && nrest > 0)) {
			rest[nrest++] = argv[i];
			continue;
		}
		if (strcmp(a, "--") == 0) {
			dashdash = true;
			if (nrest > 0)
				rest[nrest++] = argv[i];   /* the command sees where its options end */
			continue;
		}
		/* "-vn 3", "-n3": bundled short options, when every letter is one of ours */
		char name[32];
		const char *val = NULL;
		if (a[1] != '-') {
			size_t k = 1;
			while (a[k] == 'v' || a[k] == 'h')
				k++;
			bool ours = a[k] == '\0' || (a[k] == 'n' && (a[k + 1] == '\0' || isdigit((unsigned char)a[k + 1])));
			if (!ours) {
				if (nrest > 0) {
					rest[nrest++] = argv[i];   /* the command's own, or -word in a search */
					continue;
				}
				jopt_unknown(&c, NULL, a);
				st = JX_USAGE;
				goto done;
			}
			for (size_t b = 1; b < k; b++) {
				if (a[b] == 'v')
					c.verbose = true;
				else {
					usage(stdout);
					goto done;
				}
			}
			if (a[k] != 'n')
				continue;
			strcpy(name, "-n");
			if (a[k + 1])
				val = a + k + 1;
		} else {
			size_t nl = strcspn(a, "=");
			if (nl >= sizeof name || !jopt_in(jopt_global, a, NULL)) {
				if (strcmp(a, "--complete") == 0) {
					complete_mode = true;
					complete = i + 1 < argc ? argv[++i] : "";
					continue;
				}
				if (nrest > 0) {
					rest[nrest++] = argv[i];   /* a command's own option (--to, --seed, ...) */
					continue;
				}
				jopt_unknown(&c, NULL, a);
				st = JX_USAGE;
				goto done;
			}
			memcpy(name, a, nl);
			name[nl] = '\0';
			if (a[nl] == '=')
				val = a + nl + 1;
		}
		bool wants = false;
		jopt_in(jopt_global, name, &wants);
		if (wants && val == NULL) {
			if (i + 1 >= argc) {
				fprintf(stderr, "judge: %s needs a value\n  see judge --help\n", name);
				st = JX_USAGE;
				goto done;
			}
			val = argv[++i];
		} else if (!wants && val) {
			fprintf(stderr, "judge: %s takes no value (%s)\n  see judge --help\n", name, a);
			st = JX_USAGE;
			goto done;
		}
		if (strcmp(name, "--rules") == 0) {
			if (nrules < 64)
				rules[nrules++] = val;
		} else if (strcmp(name, "--cr") == 0) {
			which = val;
		} else if (strcmp(name, "--json") == 0) {
			c.json = true;
		} else if (strcmp(name, "-v") == 0 || strcmp(name, "--verbose") == 0) {
			c.verbose = true;
		} else if (strcmp(name, "-n") == 0 || strcmp(name, "--limit") == 0) {
			char *e;
			long v = strtol(val, &e, 10);
			if (*e || e == val || v < 1 || v > 100000) {
				fprintf(stderr, "judge: %s wants a number from 1 up, not '%s'\n", name, val);
				st = JX_USAGE;
				goto done;
			}
			c.limit = (int)v;
		} else if (strcmp(name, "--width") == 0) {
			/* the same range as `:set width` */
			char *e;
			long v = strtol(val, &e, 10);
			if (strcmp(val, "auto") == 0)
				continue;
			if (*e || e == val || v < 20 || v > 1000) {
				fprintf(stderr, "judge: --width wants a number of columns from 20 to 1000, or auto, not '%s'\n", val);
				st = JX_USAGE;
				goto done;
			}
			out.width = (int)v;
		} else if (strcmp(name, "--color") == 0 || strcmp(name, "--colour") == 0) {
			out.color = getenv("NO_COLOR") == NULL || !*getenv("NO_COLOR");
		} else if (strcmp(name, "--no-color") == 0 || strcmp(name, "--no-colour") == 0) {
			out.color = false;
		} else if (strcmp(name, "--no-examples") == 0) {
			c.examples = false;
		} else if (strcmp(name, "--no-cache") == 0) {
			c.no_cache = true;
		} else if (strcmp(name, "--no-pager") == 0) {
			out.page = false;
		} else if (strcmp(name, "--textbook") == 0) {
			tb_cli_set_path(val);
		} else if (strcmp(name, "--doc") == 0) {
			pol_cli_add_file(val);
		} else if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
			usage(stdout);
			st = 0;
			goto done;
		} else if (strcmp(name, "--version") == 0) {
			printf("judge %s\n", JUDGE_VERSION);
			st = 0;
			goto done;
		}
	}
	if (c.json)
		out.page = false;

	datadir = find_datadir();
	c.datadir = datadir;
	c.install_datadir = JUDGE_DATADIR;
	c.version = JUDGE_VERSION;
	ix = jindex_new();
	c.ix = ix;
	bool is_check = nrest > 0 && jcmd_find(rest[0]) == jcmd_find("check");
	/* `card` and completion load the rules only if they need them (card names do not) */
	bool lazy = complete_mode || (nrest > 0 && jcmd_find(rest[0]) == jcmd_find("card"));
	run_rules = rules;
	run_nrules = nrules;
	run_which = which;
	c.rules_reload = rules_reload;
	bool keyed = nrest > 0 && (lazy || jcmd_find(rest[0]) == jcmd_find("cards") || jcmd_find(rest[0]) == jcmd_find("update"));
	/* other rules than the default (--rules, --cr), loaded for another command: the cards'
	 * links to them are found now, once, so that `judge card` with them loads no rules */
	bool relink = !lazy && !is_check && !keyed && (nrules || which);
	if (keyed || relink)
		c.rules_key = rkey = rules_key(rules, nrules, which, datadir);
	if (lazy) {
		/* the command loads them if it needs them, and quietly: it answers without them too */
		lazy_rules = rules;
		lazy_nrules = nrules;
		lazy_which = which;
		c.load_rules = load_rules_late;
	} else if (!is_check) {
		load_rules(ix, rules, nrules, datadir);
		jindex_finish(ix);
		/* loading problems are reported; parse warnings wait for `judge check` */
		diag_print(stderr, &ix->diags, DL_ERROR);
		if (ix->nrels == 0 && !complete_mode) {
			fprintf(stderr, "judge: no rules loaded%s\n", datadir || nrules ? "" : " (the built-in rules/ folder was not found)");
			fprintf(stderr, "  load a release: judge --rules MagicCompRules.txt, or set JUDGE_DATA to the folder holding rules/\n");
			st = JX_USAGE;
			goto done;
		}
		c.rel = jindex_default(ix);
		if (which) {
			c.rel = jindex_release(ix, which);
			if (c.rel == NULL) {
				fprintf(stderr, "judge: no loaded release matches --cr %s\n  loaded:", which);
				for (uint32_t k = 0; k < ix->nrels; k++)
					fprintf(stderr, " %s", ix->rels[k]->label);
				fprintf(stderr, "\n");
				st = JX_USAGE;
				goto done;
			}
		}
		if (relink && c.rel)
			card_links_prepare(&c, c.rel, c.rules_key);
	}

	if (complete_mode) {
#ifdef HAVE_REPL
		st = repl_complete_main(&c, complete);
#else
		(void)complete;
		st = 0;
#endif
	} else if (nrest == 0) {
		c.nav = &nav;
#ifdef HAVE_REPL
		repl_board_names = cmd_board_names;   /* Tab offers the resolved board's cards */
		st = repl_run(&c);
#else
		st = run_lines(&c);
#endif
	} else {
		st = jcmd_run(&c, nrest, rest);
		/* a file named with --doc that could not be read was said on stderr; the answer
		 * may still come from the other documents, but a script must see the input error,
		 * also when the command never opened the documents (a rule lookup) */
		pol_cli_check_named(&c);
		if (c.input_failed && st < JX_USAGE)
			st = JX_USAGE;
	}
done:
	out_flush(&out);
	out_free(&out);
	/* an answer that could not be written whole (a full disk, a device error) is an
	 * error: a script must not take a cut answer, or cut JSON, for the whole one */
	{
		int e = out.werr;
		if (ferror(stdout) && e == 0)
			e = EIO;
		if (fclose(stdout) != 0 && e == 0)
			e = errno;
		if (e != 0 && e != EPIPE) {
			fprintf(stderr, "judge: cannot write the answer to standard output: %s\n"
			    "  the answer is incomplete; free some space or send it elsewhere\n", strerror(e));
			st = JX_USAGE;
		}
	}
	jnav_reset_links(&c);
	srch_ctx_free(&c);
	tb_ctx_free(&c);
	pol_set_free(&c);
	rz_free(c.board);   /* the last board resolved (resolve, board, why) */
	hist_carry_free(c.carry);
	card_ctx_free(&c);
	hist_cache_clear();
	jindex_free(ix);
	free(datadir);
	free(rkey);
	free(rest);
	return st;
}
