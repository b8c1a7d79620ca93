/* complete.c — what Tab offers, from the command table and the loaded rules: one function
 * serves readline and `judge --complete` (the bash, zsh and fish scripts), so they agree. */
#include "repl_priv.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "../base/buf.h"
#include "../base/mem.h"
#include "../cli/cmd_textbook.h"
#include "../cli/cmd_policy.h"
#include "../cli/cmd_card.h"

void
repl_cand_add(struct repl_cands *k, const char *s, size_t n)
{
	k->v = xgrow(k->v, &k->cap, k->n + 1, sizeof *k->v);
	k->v[k->n++] = xstrndup(s, n);
}

static int
cmp_fold(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	int r = strcasecmp(x, y);
	return r ? r : strcmp(x, y);
}

void
repl_cands_sort(struct repl_cands *k, size_t from)
{
	if (k->n - from < 2)
		return;
	xqsort(k->v + from, k->n - from, sizeof *k->v, cmp_fold);
	size_t o = from + 1;
	for (size_t i = from + 1; i < k->n; i++) {
		if (strcasecmp(k->v[i], k->v[o - 1]) == 0)
			free(k->v[i]);
		else
			k->v[o++] = k->v[i];
	}
	k->n = o;
}

/* Does `s` start with `prefix`, ignoring case, accents and curly quotes? */
static bool
folded_prefix(const char *s, const char *prefix)
{
	if (*prefix == '\0')
		return true;
	char fs[512], fp[512];
	jfold(s, fs, sizeof fs);
	jfold(prefix, fp, sizeof fp);
	return strncmp(fs, fp, strlen(fp)) == 0;
}

void
repl_cand_if(struct repl_cands *k, const char *s, const char *word)
{
	if (folded_prefix(s, word))
		repl_cand_add(k, s, strlen(s));
}

static void
add_commands(struct repl_cands *k, const char *word, bool shell)
{
	size_t from = k->n;
	for (size_t i = 0; i < jcmd_count; i++) {
		const struct jcmd *cmd = &jcmd_table[i];
		if (shell && cmd->repl_only)
			continue;
		if (strncmp(cmd->name, word, strlen(word)) == 0)
			repl_cand_add(k, cmd->name, strlen(cmd->name));
	}
	repl_cands_sort(k, from);
}

/* Rule numbers by prefix, one level at a time: "702.1" offers 702.1, 702.1a.., 702.10..
 * 702.19 but not 702.10a, which its own prefix reaches. Document order. */
static void
add_rules(struct repl_cands *k, const struct jrelease *rel, const char *word)
{
	if (rel == NULL)
		return;
	size_t wl = strlen(word);
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const struct jrule *r = &rel->rules[i];
		if (strncasecmp(r->num, word, wl) != 0)
			continue;
		if (r->parent != JNONE) {
			const char *pn = rel->rules[r->parent].num;
			if (strncasecmp(pn, word, wl) == 0 && strcasecmp(pn, word) != 0)
				continue;
		}
		repl_cand_add(k, r->num, strlen(r->num));
	}
}

/* The answering release, loaded now if the run started without it (`judge --complete`
 * loads the rules only for what needs them: card names do not). */
static const struct jrelease *
rules_of(struct jctx *c)
{
	if (c->load_rules)
		c->load_rules(c);
	return c->rel;
}

/* Glossary terms (every alias) and keywords (the titled rules of 701 and 702). */
static void
add_terms(struct repl_cands *k, const struct jrelease *rel, const char *word)
{
	if (rel == NULL)
		return;
	size_t from = k->n;
	for (uint32_t i = 0; i < rel->ngloss; i++) {
		const struct jgloss *g = &rel->gloss[i];
		for (uint32_t a = 0; a < g->naliases; a++)
			repl_cand_if(k, g->aliases[a], word);
		if (g->naliases == 0 && g->head)
			repl_cand_if(k, g->head, word);
	}
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const struct jrule *r = &rel->rules[i];
		if (r->title && jrid_level(r->id) == JL_RULE &&
		    (JRID_CHAP(r->id) == 701 || JRID_CHAP(r->id) == 702))
			repl_cand_if(k, r->title, word);
	}
	repl_cands_sort(k, from);
}

static void
add_releases(struct repl_cands *k, const struct jctx *c, const char *word)
{
	size_t from = k->n;
	rules_of((struct jctx *)c);
	for (uint32_t i = 0; c->ix && i < c->ix->nrels; i++)
		repl_cand_if(k, c->ix->rels[i]->label, word);
	repl_cands_sort(k, from);
}

static void
add_words(struct repl_cands *k, const char *list, const char *word)
{
	size_t from = k->n;
	for (const char *p = list; p && *p;) {
		size_t n = strcspn(p, " ");
		if (n >= strlen(word) && strncasecmp(p, word, strlen(word)) == 0)
			repl_cand_add(k, p, n);
		p += n;
		p += strspn(p, " ");
	}
	repl_cands_sort(k, from);
}

static void
add_files(struct repl_cands *k, const char *word)
{
	const char *slash = strrchr(word, '/');
	size_t dl = slash ? (size_t)(slash - word) + 1 : 0;
	struct sbuf dir = {0};
	if (dl == 0)
		sbuf_adds(&dir, ".");
	else if (word[0] == '~' && word[1] == '/' && getenv("HOME"))
		sbuf_addf(&dir, "%s/%.*s", getenv("HOME"), (int)(dl - 2), word + 2);
	else
		sbuf_add(&dir, word, dl);
	const char *base = word + dl;
	DIR *d = opendir(sbuf_str(&dir));
	size_t from = k->n;
	if (d != NULL) {
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			if (e->d_name[0] == '.' && base[0] != '.')
				continue;
			if (strncmp(e->d_name, base, strlen(base)) != 0)
				continue;
			struct sbuf full = {0}, cand = {0};
			sbuf_addf(&full, "%s/%s", sbuf_str(&dir), e->d_name);
			struct stat st;
			bool isdir = stat(sbuf_str(&full), &st) == 0 && S_ISDIR(st.st_mode);
			sbuf_add(&cand, word, dl);
			sbuf_adds(&cand, e->d_name);
			if (isdir)
				sbuf_addc(&cand, '/');
			repl_cand_add(k, sbuf_str(&cand), cand.len);
			sbuf_free(&full);
			sbuf_free(&cand);
		}
		closedir(d);
	}
	sbuf_free(&dir);
	/* files sort case-sensitively, as ls does */
	if (k->n - from > 1)
		xqsort(k->v + from, k->n - from, sizeof *k->v, cmp_fold);
}

/* Card names: the resolver's board (through its hook) and the textbook's card index. */
static void
add_cards(struct repl_cands *k, struct jctx *c, const char *word)
{
	size_t from = k->n;
	if (c->board != NULL && repl_board_names != NULL) {
		const char **names = NULL;
		size_t n = repl_board_names(c->board, &names);
		for (size_t i = 0; i < n; i++)
			if (names[i])
				repl_cand_if(k, names[i], word);
	}
	struct tb_book *b = tb_for(c);
	for (uint32_t i = 0; b && i < b->ncards; i++)
		repl_cand_if(k, b->cards[i].name, word);
	repl_cands_sort(k, from);
}

/* Names from the card database for `card`: the words typed before this one are part of the
 * name ("card lightning b" offers "Bolt"), so each name is offered from the current word on. */
struct db_names {
	struct repl_cands *k;
	int skip;                 /* words of the name already typed */
};

static void
add_db_name(void *ctx, const char *name)
{
	struct db_names *dn = ctx;
	const char *p = name;
	for (int i = 0; i < dn->skip && p; i++) {
		p = strchr(p, ' ');
		if (p)
			p++;
	}
	if (p && *p)
		repl_cand_add(dn->k, p, strlen(p));
}

static void
add_db_cards(struct repl_cands *k, struct jctx *c, char **w, int nw, const char *word)
{
	struct cards_db *db = cards_for(c);
	if (!db)
		return;
	struct sbuf prefix = {0};
	for (int i = 1; i < nw; i++)
		sbuf_addf(&prefix, "%s ", w[i]);
	sbuf_adds(&prefix, word);
	struct db_names dn = {k, nw - 1};
	size_t from = k->n;
	cards_complete(db, sbuf_str(&prefix), 1000, add_db_name, &dn);
	/* they come in the order of their keys (case, accents and punctuation folded), which
	 * puts a name twice next to itself: sorting 1,000 names again cost more than the lookup */
	size_t o = from + (k->n > from);
	for (size_t i = o; i < k->n; i++) {
		if (strcasecmp(k->v[i], k->v[o - 1]) == 0)
			free(k->v[i]);
		else
			k->v[o++] = k->v[i];
	}
	k->n = o;
	sbuf_free(&prefix);
}

/* The textbook's Portuguese preface is not what anyone types a topic from. */
static bool
english(const struct tb_page *p)
{
	return p->lang == NULL || strcmp(p->lang, "en") == 0;
}

/* Topics: the textbook's page titles and headings, the glossary and the keywords. */
static void
add_topics(struct repl_cands *k, struct jctx *c, const char *word)
{
	size_t from = k->n;
	rules_of(c);   /* the textbook links to it */
	struct tb_book *b = tb_for(c);
	for (uint32_t i = 0; b && i < b->npages; i++)
		if (b->pages[i].title && english(&b->pages[i]))
			repl_cand_if(k, b->pages[i].title, word);
	for (uint32_t i = 0; b && i < b->nheadings; i++)
		if (b->headings[i].title && b->headings[i].level <= 2 &&
		    english(&b->pages[b->headings[i].page]))
			repl_cand_if(k, b->headings[i].title, word);
	if (repl_topic_names != NULL) {
		const char **names = NULL;
		size_t n = repl_topic_names(c, &names);
		for (size_t i = 0; i < n; i++)
			if (names[i])
				repl_cand_if(k, names[i], word);
	}
	repl_cands_sort(k, from);
	add_terms(k, rules_of(c), word);
	repl_cands_sort(k, from);
}

/* Options from a list in the form of jopt_global ("--cr= --json"), without their "=";
 * the British spellings (--colour) are left to those who type them. */
static void
add_options(struct repl_cands *k, const char *list, const char *word)
{
	for (const char *p = list; p && *p;) {
		p += strspn(p, " ");
		size_t l = strcspn(p, " ");
		size_t nl = l && p[l - 1] == '=' ? l - 1 : l;
		bool dup = false;
		for (size_t i = 0; i < k->n && !dup; i++)
			dup = strlen(k->v[i]) == nl && strncmp(k->v[i], p, nl) == 0;
		if (!dup && nl && nl >= strlen(word) && strncmp(p, word, strlen(word)) == 0 &&
		    !(nl >= 6 && memmem(p, nl, "colour", 6)))
			repl_cand_add(k, p, nl);
		p += l;
	}
}

/* The value an option wants: files, release dates, or nothing to offer (a number). */
static void
add_option_value(struct repl_cands *k, struct jctx *c, const char *opt, const char *word)
{
	size_t n = strcspn(opt, "=");
	if ((n == 7 && !strncmp(opt, "--rules", n)) || (n == 10 && !strncmp(opt, "--textbook", n)) ||
	    (n == 5 && !strncmp(opt, "--doc", n)) || (n == 7 && !strncmp(opt, "--bench", n)))
		add_files(k, word);
	else if ((n == 4 && !strncmp(opt, "--cr", n)) || (n == 4 && !strncmp(opt, "--to", n)))
		add_releases(k, c, word);
}

/* A command's literal words from its usage line, for argument nw: "study [stats|reset|path]"
 * offers stats, reset and path after `study`. Placeholders (upper case) offer nothing. */
static void
add_usage_words(struct repl_cands *k, const struct jcmd *cmd, int nw, const char *word)
{
	const char *p = cmd->usage;
	for (int i = 0; i < nw && p; i++) {
		p = strchr(p, ' ');
		if (p)
			p++;
	}
	if (p == NULL)
		return;
	size_t n = strcspn(p, " ");
	char alt[128];
	if (n >= sizeof alt)
		return;
	memcpy(alt, p, n);
	alt[n] = '\0';
	size_t from = k->n;
	for (char *a = strtok(alt, "[]|"); a; a = strtok(NULL, "[]|")) {
		bool literal = islower((unsigned char)a[0]);
		for (const char *q = a; *q && literal; q++)
			literal = islower((unsigned char)*q) || *q == '-';
		if (literal && strncmp(a, word, strlen(word)) == 0)
			repl_cand_add(k, a, strlen(a));
	}
	repl_cands_sort(k, from);
}

/* Complete one argument of kind `a` after the command words `w[0..nw)`. */
static void
add_for_arg(struct repl_cands *k, struct jctx *c, const struct jcmd *cmd, char **w, int nw,
    const char *word, bool shell)
{
	if (strcmp(cmd->name, ":set") == 0) {
		if (nw == 1) {
			size_t from = k->n;
			for (size_t i = 0; i < repl_nsettings; i++)
				repl_cand_if(k, repl_settings[i].name, word);
			repl_cands_sort(k, from);
		} else if (nw == 2) {
			for (size_t i = 0; i < repl_nsettings; i++)
				if (strcmp(w[1], repl_settings[i].name) == 0)
					add_words(k, repl_settings[i].values, word);
		}
		return;
	}
	/* the command's own options, and what one of them wants after it */
	if (word[0] == '-' && !(word[1] != '-' && cmd->arg == JA_QUERY)) {
		add_options(k, jopt_of(cmd), word);
		if (shell)
			add_options(k, jopt_global, word);
		return;
	}
	bool val = false;
	if (nw >= 2 && w[nw - 1][0] == '-' && strchr(w[nw - 1], '=') == NULL &&
	    (jopt_in(jopt_of(cmd), w[nw - 1], &val) || (shell && jopt_in(jopt_global, w[nw - 1], &val)))) {
		if (val)
			add_option_value(k, c, w[nw - 1], word);
		if (val)
			return;
	}
	switch (cmd->arg) {
	case JA_RULE:
		add_rules(k, rules_of(c), word);
		break;
	case JA_TERM:
	case JA_QUERY:
		add_terms(k, rules_of(c), word);
		break;
	case JA_FILE:
		add_files(k, word);
		break;
	case JA_RELEASE:
		add_releases(k, c, word);
		break;
	case JA_CARD:
		if (strcmp(cmd->name, "card") == 0)
			add_db_cards(k, c, w, nw, word);
		else
			add_cards(k, c, word);
		break;
	case JA_COMMAND:
		if (nw == 1) {
			add_commands(k, word, false);   /* `judge help follow` works outside the REPL too */
			if (!shell && strcmp("settings", word) != 0 && strncmp("settings", word, strlen(word)) == 0)
				repl_cand_add(k, "settings", 8);
		}
		break;
	case JA_TOPIC:
		add_topics(k, c, word);
		break;
	case JA_POLICY: {
		char **v = NULL;
		size_t from = k->n, n = pol_cli_complete(c, cmd->name, nw >= 2 ? w[nw - 1] : NULL, &v);
		for (size_t i = 0; i < n; i++) {
			repl_cand_if(k, v[i], word);
			free(v[i]);
		}
		free(v);
		repl_cands_sort(k, from);
		break;
	}
	case JA_SETTING:
		break;
	case JA_NONE:
		add_usage_words(k, cmd, nw, word);
		break;
	}
}

/* Quote a candidate the way the word being completed was quoted, or in double quotes
 * when it needs quoting and the word was bare. */
static char *
quote_cand(const char *s, char quote)
{
	bool needs = strpbrk(s, " \t'\"\\#") != NULL;
	if (!quote && !needs)
		return xstrdup(s);
	if (quote == '\'' && strchr(s, '\'') == NULL) {
		struct sbuf b = {0};
		sbuf_addf(&b, "'%s'", s);
		return sbuf_take(&b);
	}
	struct sbuf b = {0};
	sbuf_addc(&b, '"');
	for (const char *p = s; *p;) {
		size_t n = strcspn(p, "\"\\");   /* the runs between characters to escape, whole */
		sbuf_add(&b, p, n);
		p += n;
		if (*p) {
			sbuf_addc(&b, '\\');
			sbuf_addc(&b, *p++);
		}
	}
	sbuf_addc(&b, '"');
	return sbuf_take(&b);
}

static size_t
complete(struct jctx *c, const char *line, size_t cursor, bool shell, size_t *word_start,
    char ***out)
{
	size_t len = strlen(line);
	if (cursor > len)
		cursor = len;
	struct repl_tok t;
	repl_tokenize(line, cursor, &t);
	struct repl_cands k = {0};
	const char *word = "";
	char quote = 0;
	int nprior = t.argc;
	*word_start = cursor;
	if (t.argc > 0 && !t.trailing_space) {
		nprior = t.argc - 1;
		word = t.argv[t.argc - 1];
		*word_start = t.start[t.argc - 1];
		if (line[*word_start] == '"' || line[*word_start] == '\'')
			quote = line[*word_start];
	}
	/* skip the global options (shell); what is left are the command and its arguments */
	char **w = t.argv;
	int nw = nprior;
	bool want_value = false;
	const char *value_of = NULL;
	struct jindex *own = NULL;   /* the releases named by --rules on the line being completed */
	struct jctx lc, *orig = c;
	if (shell) {
		int i = 0;
		const char *cr = NULL;
		while (i < nprior && t.argv[i][0] == '-' && t.argv[i][1] != '\0') {
			bool takes = false;
			if (jopt_in(jopt_global, t.argv[i], &takes) && takes && strchr(t.argv[i], '=') == NULL) {
				if (i + 1 == nprior) {
					want_value = true;
					value_of = t.argv[i];
				} else if (strcmp(t.argv[i], "--rules") == 0) {
					if (own == NULL)
						own = jindex_new();
					jindex_load_path(own, t.argv[i + 1]);
				} else if (strcmp(t.argv[i], "--cr") == 0) {
					cr = t.argv[i + 1];
				}
				i += 2;
			} else {
				i++;
			}
		}
		/* complete from what the command would answer from */
		if (own != NULL)
			c->load_rules = NULL;   /* the line's own --rules, not the defaults */
		else if (cr != NULL)
			rules_of(c);
		lc = *c;
		if (own != NULL) {
			jindex_finish(own);
			lc.ix = own;
			lc.rel = jindex_default(own);
		}
		if (cr != NULL && lc.ix != NULL && jindex_release(lc.ix, cr) != NULL)
			lc.rel = jindex_release(lc.ix, cr);
		c = &lc;
		if (i > nprior)
			i = nprior;
		w = t.argv + i;
		nw = nprior - i;
	}
	if (want_value) {
		add_option_value(&k, c, value_of, word);
	} else if (nw == 0) {
		if (shell && word[0] == '-') {
			add_options(&k, jopt_global, word);
		} else if (word[0] >= '0' && word[0] <= '9') {
			add_rules(&k, rules_of(c), word);
		} else {
			add_commands(&k, word, shell);
			if (!shell && word[0] != '\0' && word[0] != ':')
				add_terms(&k, rules_of(c), word);   /* bare input defines a term */
		}
	} else {
		const struct jcmd *cmd = jcmd_find(w[0]);
		if (cmd != NULL)
			add_for_arg(&k, c, cmd, w, nw, word, shell);
		else if (!shell && nw >= 1 && repl_looks_like_rule(w[0]))
			add_rules(&k, rules_of(c), word);
	}
	repl_tok_free(&t);
	if (c == &lc && own == NULL && lc.load_rules == NULL && orig->load_rules != NULL) {
		/* the rules loaded for the completion are the run's */
		orig->rel = lc.rel;
		orig->load_rules = NULL;
	}
	if (c == &lc && lc.textbook != orig->textbook) {
		/* a textbook loaded for the completion: linked to `own`, it goes with it */
		if (own == NULL && orig->textbook == NULL)
			orig->textbook = lc.textbook;
		else
			tb_free(lc.textbook);   /* not tb_ctx_free(): it would forget --textbook */
	}
	if (own != NULL)
		jindex_free(own);
	for (size_t i = 0; i < k.n; i++) {
		char *q = quote_cand(k.v[i], quote);
		free(k.v[i]);
		k.v[i] = q;
	}
	*out = k.v;
	return k.n;
}

size_t
repl_complete(struct jctx *c, const char *line, size_t cursor, size_t *word_start, char ***out)
{
	return complete(c, line, cursor, false, word_start, out);
}

size_t
repl_complete_shell(struct jctx *c, const char *line, size_t cursor, size_t *word_start,
    char ***out)
{
	return complete(c, line, cursor, true, word_start, out);
}

int
repl_complete_main(struct jctx *c, const char *line)
{
	char **v = NULL;
	size_t ws;
	size_t n = repl_complete_shell(c, line, strlen(line), &ws, &v);
	for (size_t i = 0; i < n; i++) {
		fputs(v[i], stdout);
		putchar('\n');
	}
	fflush(stdout);
	repl_free_list(v, n);
	return 0;
}

void
repl_free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}
