/* cmd_study.c — `quiz` (practice questions with spaced repetition) and `study stats|reset`. */
#include "cmd.h"
#include "cmd_rules.h"
#include "../base/buf.h"
#include "../base/mem.h"
#include "../history/history.h"
#include "../render/json.h"
#include "../study/study.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <readline/readline.h>

#if __has_include("cmd_textbook.h")
#include "cmd_textbook.h"

/* The textbook's worked examples as questions: English pages only, split into situation
 * and answer, linked to the rules their heading (else their page) teaches. Built once per
 * book; ids are page and example numbers ("p12e3"), stable while the book is unchanged. */
static struct {
	const struct tb_book *book;
	struct study_example *v;
	uint32_t n;
	struct arena arena;
	struct study_examples api;
} tbq;

static uint32_t
tbq_count(void *ctx)
{
	(void)ctx;
	return tbq.n;
}

static bool
tbq_get(void *ctx, uint32_t i, struct study_example *out)
{
	(void)ctx;
	if (i >= tbq.n)
		return false;
	*out = tbq.v[i];
	return true;
}

static void
tbq_free(void)
{
	free(tbq.v);
	arena_free(&tbq.arena);
	memset(&tbq, 0, sizeof tbq);
}

static const struct study_examples *
textbook_examples(struct jctx *c)
{
	const struct tb_book *b = tb_for(c);
	if (b == NULL)
		return NULL;
	if (tbq.book == b)
		return &tbq.api;
	if (tbq.book == NULL)
		atexit(tbq_free);
	tbq_free();
	tbq.book = b;
	tbq.v = xcalloc(b->nexamples + 1, sizeof *tbq.v);
	for (uint32_t e = 0; e < b->nexamples; e++) {
		const struct tb_example *x = &b->examples[e];
		const struct tb_page *pg = x->page < b->npages ? &b->pages[x->page] : NULL;
		if (pg == NULL || (pg->lang && strcmp(pg->lang, "en") != 0))
			continue;
		size_t sl;
		const char *ans;
		if (!study_split_example(x->text, &sl, &ans))
			continue;
		struct study_example *q = &tbq.v[tbq.n++];
		char id[32];
		snprintf(id, sizeof id, "p%ue%u", (unsigned)x->page + 1, (unsigned)(e - pg->example0) + 1);
		q->id = arena_strdup(&tbq.arena, id);
		q->situation = arena_strndup(&tbq.arena, x->text, sl);
		q->answer = ans;
		const struct tb_heading *h = x->heading < b->nheadings ? &b->headings[x->heading] : NULL;
		if (h && h->nrules) {
			q->rules = h->rules;
			q->nrules = h->nrules;
		} else {
			q->rules = pg->rules;
			q->nrules = pg->nrules;
		}
		struct sbuf w = {0};
		/* "chapter › page › heading", each said once */
		const char *parts[3] = {pg->chapter, pg->title, h ? h->title : NULL};
		for (int k = 0; k < 3; k++) {
			if (parts[k] == NULL || !*parts[k] || (k && parts[k - 1] && strcmp(parts[k], parts[k - 1]) == 0))
				continue;
			sbuf_addf(&w, "%s%s", w.len ? " › " : "", parts[k]);
		}
		/* an example written for rules that changed since says so where it is asked */
		struct sbuf en = {0};
		if (tb_era_note(c, b, q->rules, q->nrules, &en))
			sbuf_addf(&w, ". %s", en.s);
		sbuf_free(&en);
		q->where = arena_strdup(&tbq.arena, w.s ? w.s : "");
		sbuf_free(&w);
	}
	tbq.api = (struct study_examples){tbq_count, tbq_get, NULL};
	return &tbq.api;
}

const struct study_examples *(*study_examples_for)(struct jctx *c) = textbook_examples;
#else
/* No textbook module in this build: quiz asks the rules' own kinds only. */
const struct study_examples *(*study_examples_for)(struct jctx *c) = NULL;
#endif

#define QUIZ_DEFAULT 10
#define QUIZ_MAX 500

static int32_t
today_utc(void)
{
	return (int32_t)(time(NULL) / 86400);
}

/* One answer line from standard input: readline on a terminal, plain lines otherwise
 * (in a piped REPL script the quiz reads the lines that follow its command). NULL at
 * the end of input. The caller frees. */
static char *
read_answer(struct jctx *c, const char *prompt)
{
	out_flush(c->out);
	fflush(stdout);
	if (isatty(0) && isatty(1)) {
		char *l = readline(prompt);
		return l;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t n = getline(&line, &cap, stdin);
	if (n < 0) {
		free(line);
		return NULL;
	}
	while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = '\0';
	return line;
}

static bool
is_word(const char *a, const char *const *list)
{
	for (; *list; list++)
		if (strcasecmp(a, *list) == 0)
			return true;
	return false;
}

static unsigned
kind_word(const char *a)
{
	static const char *const gl[] = {"glossary", "terms", "term", "definitions", "define", NULL};
	static const char *const cz[] = {"cloze", "fill", "blanks", "blank", NULL};
	static const char *const wh[] = {"which", "which-rule", "numbers", "number", "rule", "rules", NULL};
	static const char *const ex[] = {"example", "examples", "textbook", NULL};
	return is_word(a, gl) ? STUDY_GLOSSARY : is_word(a, cz) ? STUDY_CLOZE : is_word(a, wh) ? STUDY_WHICH
	    : is_word(a, ex) ? STUDY_EXAMPLE : 0;
}

struct quiz_opts {
	struct study_filter f;
	struct sbuf topic;
	long count;
	uint64_t seed;
	bool seeded;
	int32_t today;
};

static const char quiz_hint[] = "usage: quiz [SECTION|TOPIC] [glossary|cloze|which|examples] [--count K] [--seed N] [--date YYYY-MM-DD]";

/* Parse a number option's value; -1 when it is not a whole number in range. */
static long long
opt_num(const char *v, long long max)
{
	if (v == NULL || !isdigit((unsigned char)*v))
		return -1;
	errno = 0;
	char *e;
	unsigned long long x = strtoull(v, &e, 10);
	if (*e || errno || x > (unsigned long long)max)
		return -1;
	return (long long)x;
}

static int
quiz_args(struct jctx *c, int argc, char **argv, struct quiz_opts *o)
{
	memset(o, 0, sizeof *o);
	o->count = c->limit > 0 ? c->limit : QUIZ_DEFAULT;
	o->today = today_utc();
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL;
		const char *opt = NULL;
		if (strncmp(a, "--count", 7) == 0 || strcmp(a, "-n") == 0)
			opt = "count";
		else if (strncmp(a, "--seed", 6) == 0)
			opt = "seed";
		else if (strncmp(a, "--date", 6) == 0)
			opt = "date";
		if (opt) {
			const char *eq = strchr(a, '=');
			if (eq && a[1] == '-' && (size_t)(eq - a) == strlen(opt) + 2)
				v = eq + 1;
			else if (!eq && (strlen(a) == strlen(opt) + 2 || strcmp(a, "-n") == 0))
				v = i + 1 < argc ? argv[++i] : NULL;
			else
				opt = NULL;
		}
		if (opt && strcmp(opt, "count") == 0) {
			long long n = opt_num(v, QUIZ_MAX);
			if (n < 1) {
				jerr(c, quiz_hint, "--count wants a number from 1 to %d, not '%s'", QUIZ_MAX, v ? v : "");
				return JX_USAGE;
			}
			o->count = (long)n;
		} else if (opt && strcmp(opt, "seed") == 0) {
			long long n = opt_num(v, INT64_MAX);
			if (n < 0) {
				jerr(c, quiz_hint, "--seed wants a whole number, not '%s'", v ? v : "");
				return JX_USAGE;
			}
			o->seed = (uint64_t)n;
			o->seeded = true;
		} else if (opt && strcmp(opt, "date") == 0) {
			int32_t d = v ? study_day_parse(v, strlen(v)) : -1;
			if (d < 0) {
				jerr(c, "dates are YYYY-MM-DD", "--date wants a date, not '%s'", v ? v : "");
				return JX_USAGE;
			}
			o->today = d;
		} else if (a[0] == '-' && a[1]) {
			jerr(c, quiz_hint, "unknown option '%s'", a);
			return JX_USAGE;
		} else if (kind_word(a)) {
			o->f.kinds |= kind_word(a);
		} else if (jrid_from_str(a) != JRID_NONE && o->topic.len == 0) {
			if (o->f.within != JRID_NONE) {
				jerr(c, quiz_hint, "one section or rule at a time, not '%s' as well", a);
				return JX_USAGE;
			}
			o->f.within = jrid_from_str(a);
		} else {
			if (o->topic.len)
				sbuf_addc(&o->topic, ' ');
			sbuf_adds(&o->topic, a);
		}
	}
	o->f.topic = o->topic.len ? o->topic.s : NULL;
	if (!o->seeded)
		o->seed = ((uint64_t)time(NULL) * 2654435761u) ^ (uint64_t)getpid();
	/* seeds print and parse as decimal numbers up to 2^63 */
	o->seed &= INT64_MAX;
	return JX_OK;
}

static void
json_question(struct jw *w, const struct study_q *q)
{
	jw_obj(w);
	jw_kstr(w, "kind", study_kind_name(q->kind));
	jw_kstr(w, "key", q->key);
	jw_kstr(w, "question", q->question);
	if (q->nchoices) {
		jw_kstrs(w, "choices", (const char *const *)q->choices, (size_t)q->nchoices);
		jw_kint(w, "correct", q->correct);
	}
	jw_kstr(w, "answer", q->answer);
	jw_kstr(w, "source", q->source);
	jw_kstr(w, "section", q->section);
	jw_krids(w, "rules", q->rules, (size_t)q->nrules);
	jw_obj_end(w);
}

static void
print_question(struct jctx *c, const struct study_q *q, size_t i, size_t n)
{
	struct out *o = c->out;
	static const char *const what[] = {
		[STUDY_GLOSSARY] = "Which glossary term is defined here?",
		[STUDY_CLOZE] = "Fill in the blank.",
		[STUDY_WHICH] = "Which rule says this?",
		[STUDY_EXAMPLE] = "What happens? Answer in your own words.",
	};
	out_puts(o, "\n");
	out_wrapf(o, 2, "%s[%zu/%zu] %s%s %s(%s)%s", out_sgr(o, OS_BOLD), i + 1, n, what[q->kind],
	    out_sgr(o, OS_RESET), out_sgr(o, OS_DIM), study_kind_name(q->kind), out_sgr(o, OS_RESET));
	out_puts(o, "  ");
	out_wrap(o, q->question, 2, 2);
	for (int k = 0; k < q->nchoices; k++) {
		out_printf(o, "    %c) ", 'a' + k);
		out_wrap(o, q->choices[k], 7, 7);
	}
}

static void
print_source(struct jctx *c, const struct study_q *q)
{
	struct out *o = c->out;
	if (q->kind == STUDY_GLOSSARY) {
		struct sbuf t = {0};
		sbuf_addf(&t, "Source: glossary, %s%s%s", out_sgr(o, OS_TITLE), q->source, out_sgr(o, OS_RESET));
		out_puts(o, "  ");
		out_wrap(o, sbuf_str(&t), 2, 4);
		sbuf_free(&t);
	} else if (q->kind == STUDY_EXAMPLE) {
		struct sbuf t = {0};
		sbuf_addf(&t, "Source: textbook example %s", q->source);
		out_puts(o, "  ");
		out_wrap(o, sbuf_str(&t), 2, 4);
		sbuf_free(&t);
	} else {
		uint32_t i = jrel_find(c->rel, jrid_from_str(q->source));
		int link = jnav_link(c, q->source);
		out_printf(o, "  Source: rule %s%s%s", out_sgr(o, OS_ID), q->source, out_sgr(o, OS_RESET));
		if (link)
			out_printf(o, " [%d]", link);
		out_puts(o, "\n");
		if (i != JNONE && q->kind == STUDY_CLOZE) {
			out_puts(o, "    ");
			out_wrap(o, c->rel->rules[i].text, 4, 4);
		}
	}
	if (q->nrules && q->kind != STUDY_CLOZE && q->kind != STUDY_WHICH) {
		/* the rules to read, wrapped like the rest: a glossary term can list a dozen */
		struct sbuf r = {0};
		sbuf_adds(&r, "Read:");
		for (int k = 0; k < q->nrules; k++) {
			char b[16];
			jrid_str(q->rules[k], b);
			int link = jnav_link(c, b);
			sbuf_addf(&r, " %s%s%s", out_sgr(o, OS_ID), b, out_sgr(o, OS_RESET));
			if (link)
				sbuf_addf(&r, " [%d]", link);
		}
		out_puts(o, "  ");
		out_wrap(o, sbuf_str(&r), 2, 4);
		sbuf_free(&r);
	}
}

static bool
is_quit(const char *s)
{
	return strcmp(s, "q") == 0 || strcmp(s, "quit") == 0 || strcmp(s, ":q") == 0;
}

/* Ask one question; returns 1 right, 0 wrong, 2 shown (an empty answer asks to see it:
 * no score either way), -1 when the reader stops (q or end of input). */
static int
ask(struct jctx *c, const struct study_q *q, size_t i, size_t n)
{
	struct out *o = c->out;
	/* on a terminal the reader sees what they typed; a transcript needs it echoed */
	bool echo = !(isatty(0) && isatty(1));
	print_question(c, q, i, n);
	char *reply = read_answer(c, "answer> ");
	if (reply == NULL || is_quit(reply)) {
		free(reply);
		return -1;
	}
	int right;
	if (q->kind == STUDY_EXAMPLE) {
		if (echo) {
			out_puts(o, "  ");
			out_wrapf(o, 4, "Your answer: %s", *reply ? reply : "(none)");
		}
		out_puts(o, "  The textbook says: ");
		out_wrap(o, q->reveal, 21, 4);
		print_source(c, q);
		out_puts(o, "  Did you have it right? [y/n]\n");
		free(reply);
		reply = read_answer(c, "y/n> ");
		if (reply == NULL || is_quit(reply)) {
			free(reply);
			return -1;
		}
		right = tolower((unsigned char)reply[0]) == 'y';
		out_printf(o, "  %s%s%s\n", out_sgr(o, right ? OS_OK : OS_WARN), right ? "Recorded as right." : "Recorded as wrong.", out_sgr(o, OS_RESET));
	} else if (*reply == '\0') {
		char letter[8] = "";
		if (q->correct >= 0)
			snprintf(letter, sizeof letter, "%c) ", 'a' + q->correct);
		out_puts(o, "  ");
		out_wrapf(o, 4, "The answer is %s%s%s%s (shown: not scored)", letter, out_sgr(o, OS_BOLD), q->answer, out_sgr(o, OS_RESET));
		print_source(c, q);
		right = 2;
	} else {
		right = study_check(q, reply);
		struct sbuf l = {0};
		if (echo)
			sbuf_addf(&l, "Your answer: %s — ", *reply ? reply : "(none)");
		sbuf_addf(&l, "%s%s%s", out_sgr(o, right ? OS_OK : OS_ERR), right ? "right" : "wrong", out_sgr(o, OS_RESET));
		if (!right) {
			sbuf_adds(&l, "; the answer is ");
			if (q->correct >= 0)
				sbuf_addf(&l, "%c) ", 'a' + q->correct);
			sbuf_addf(&l, "%s%s%s", out_sgr(o, OS_BOLD), q->answer, out_sgr(o, OS_RESET));
		}
		out_puts(o, "  ");
		out_wrap(o, l.s, 2, 4);
		sbuf_free(&l);
		print_source(c, q);
	}
	free(reply);
	return right;
}

static int
need_rel(struct jctx *c)
{
	if (c->rel == NULL) {
		jerr(c, "load rules with --rules FILE (a MagicCompRules YYYYMMDD.txt)", "no rules are loaded");
		return JX_USAGE;
	}
	return JX_OK;
}

/* A card's rule as numbered by release `rules` (its date or label) -> the release
 * answering: through the concordance when that release is loaded, else through the
 * anchors of the data files' release (corpus/anchors.tsv); JRID_NONE when unsure. */
static jrid
carry_progress(void *ctx, const char *rules, jrid id)
{
	struct jctx *c = ctx;
	const struct jrelease *src = jindex_release(c->ix, rules);
	if (src == c->rel)
		return id;
	if (src && src->date == 0) {
		uint32_t ri = jrel_find(src, id);
		float cf = 0;
		uint32_t bi = ri == JNONE ? JNONE : hist_map(c->ix, src, ri, c->rel, &cf);
		return bi != JNONE && cf >= 0.5f ? c->rel->rules[bi].id : JRID_NONE;
	}
	int32_t day = study_day_parse(rules, strlen(rules));
	if (day < 0)
		return JRID_NONE;
	return hist_carry_id(hist_carry_for(c), atoi(rules) * 10000 + atoi(rules + 5) * 100 + atoi(rules + 8), id, NULL);
}

/* The progress as the release answering numbers it (see study_store_view()). */
static void
progress_view(struct jctx *c, const struct study_store *file, struct study_store *view,
    size_t **kept, size_t *nkept)
{
	study_store_view(file, c->rel ? c->rel->label : NULL, carry_progress, c, view, kept, nkept);
}

/* How many cards of file were recorded in another release's numbers and carried. */
static size_t
count_carried(struct jctx *c, const struct study_store *file, size_t nkept)
{
	size_t n = 0;
	for (size_t i = 0; i < file->n; i++) {
		const char *r = file->v[i].rules;
		n += r && strcmp(r, "-") != 0 && c->rel && strcmp(r, c->rel->label) != 0 &&
		    study_key_rule(file->v[i].key) != JRID_NONE;
	}
	return n - nkept;
}

/* Load the progress file, reporting problems. *record is false when it must not be saved. */
static char *
open_store(struct jctx *c, struct study_store *s, bool *record)
{
	char *path = study_default_path();
	*record = path != NULL;
	memset(s, 0, sizeof *s);
	if (path == NULL) {
		jerr(c, "set HOME or XDG_STATE_HOME", "nowhere to keep study progress; it is not recorded");
		return NULL;
	}
	struct diags d = {0};
	/* under the lock: a load may rewrite a file with broken lines, and two sessions
	 * starting at once must not both do it */
	int lock = study_store_lock(path);
	int rc = study_store_load(s, path, &d);
	study_store_unlock(lock);
	if (d.n) {
		out_flush(c->out);
		diag_print(stderr, &d, DL_NOTE);
	}
	diag_clear(&d);
	if (rc < 0)
		*record = false;
	return path;
}

/* Grade and save one answer. Under the file's lock, held from reading to renaming, the
 * file is read again and the answer graded on the card as it is there now, so a second
 * session answering at the same time (even the same question) loses no answer. Returns
 * whether recording can go on. */
static bool
save_answer(struct jctx *c, struct study_store *store, const char *key, bool right, int32_t today,
    int64_t now, const char *path)
{
	struct study_store fresh;
	struct diags d = {0};
	int lock = study_store_lock(path);
	int rc = study_store_load(&fresh, path, &d);
	bool ok = rc >= 0;
	if (ok) {
		study_store_answer(&fresh, key, c->rel ? c->rel->label : NULL, carry_progress, c, right, today, now);
		ok = study_store_save(&fresh, path, &d) == 0;
	}
	study_store_unlock(lock);
	if (d.n) {
		out_flush(c->out);
		diag_print(stderr, &d, DL_NOTE);
	}
	diag_clear(&d);
	if (ok) {
		study_store_free(store);
		*store = fresh;
	} else {
		study_store_free(&fresh);
	}
	return ok;
}

int
cmd_quiz(struct jctx *c, int argc, char **argv)
{
	int st = need_rel(c);
	if (st)
		return st;
	struct quiz_opts o;
	if ((st = quiz_args(c, argc, argv, &o)) != JX_OK) {
		sbuf_free(&o.topic);
		return st;
	}
	/* the textbook is loaded only when examples may be asked */
	bool want_ex = o.f.kinds == 0 || (o.f.kinds & STUDY_EXAMPLE);
	const struct study_examples *ex = want_ex && study_examples_for ? study_examples_for(c) : NULL;
	if ((o.f.kinds & STUDY_EXAMPLE) && ex == NULL)
		jerr(c, NULL, "worked examples need the textbook, which is not available; asking the other kinds");
	const char *why = NULL;
	struct study_pool *p = study_pool_new(c->rel, &o.f, ex, &why);
	if (p == NULL && o.f.within != JRID_NONE && jrel_find(c->rel, o.f.within) == JNONE) {
		/* a number the rules do not have is a typo: say which ones are near */
		char num[16];
		struct sbuf h = {0};
		bool partial = c->rel->truncated || c->rel->fragment;
		rules_suggest(c->rel, o.f.within, !partial, &h);
		if (partial)
			sbuf_addf(&h, "%sthe %s rules loaded are a partial text (%s to %s); load a complete release with --rules FILE",
			    h.len ? "; " : "", c->rel->label, c->rel->nrules ? c->rel->rules[0].num : "?",
			    c->rel->last_num ? c->rel->last_num : "?");
		jerr(c, h.len ? h.s : "try a section (quiz 702), a glossary term (quiz layer) or no filter",
		    "nothing to ask: there is no rule %s in the %s rules", jrid_str(o.f.within, num), c->rel->label);
		sbuf_free(&h);
		sbuf_free(&o.topic);
		return JX_NOTFOUND;
	}
	if (p == NULL) {
		struct sbuf h = {0};
		sbuf_addf(&h, "try a section (quiz 702), a glossary term (quiz layer) or no filter");
		if (c->rel->ngloss == 0)
			sbuf_addf(&h, "; the %s rules have no glossary: load a complete release with --rules FILE", c->rel->label);
		jerr(c, h.s, "nothing to ask: %s", why);
		sbuf_free(&h);
		sbuf_free(&o.topic);
		return JX_NOTFOUND;
	}

	struct study_store store = {0}, view = {0};
	bool record = false, unsaved = false;
	char *path = NULL;
	size_t *kept = NULL, nkept = 0;
	if (!c->json) {
		path = open_store(c, &store, &record);
		progress_view(c, &store, &view, &kept, &nkept);
	}
	char **keys = xcalloc((size_t)o.count, sizeof *keys);
	size_t n = study_pick(p, c->json ? NULL : &view, o.today, o.seed, (size_t)o.count, keys);

	if (c->json) {
		/* no questions asked, no progress read: the same seed gives the same list */
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_arr(&w);
		for (size_t i = 0; i < n; i++) {
			struct study_q q;
			if (study_make(p, keys[i], o.seed, &q) == 0) {
				json_question(&w, &q);
				study_q_free(&q);
			}
		}
		jw_arr_end(&w);
		sbuf_addc(&c->out->buf, '\n');
	} else {
		struct out *out = c->out;
		bool page = out->page;
		out->page = false;
		size_t due = 0;
		for (size_t i = 0; i < view.n; i++)
			due += view.v[i].due <= o.today;
		char dues[64] = "";
		if (due)
			snprintf(dues, sizeof dues, "; %zu due for review", due);
		out_wrapf(out, 0, "Quiz: %zu question%s from the %s rules (seed %llu%s).", n, n == 1 ? "" : "s",
		    c->rel->label, (unsigned long long)o.seed, dues);
		if (nkept)
			out_wrapf(out, 0, "%zu answered question%s on rules the %s rules do not have %s kept, not asked "
			    "(`judge study stats` lists them).", nkept, nkept == 1 ? "" : "s", c->rel->label,
			    nkept == 1 ? "is" : "are");
		out_wrap(out, "Answer with a letter, a number or the text; an empty line shows the answer; q stops.", 0, 0);
		size_t asked = 0, right = 0, shown = 0;
		for (size_t i = 0; i < n; i++) {
			struct study_q q;
			if (study_make(p, keys[i], o.seed, &q) != 0)
				continue;
			int r = ask(c, &q, i, n);
			if (r < 0) {
				study_q_free(&q);
				break;
			}
			/* a shown answer is left out of the score, but scheduled as not known
			 * (SM-2 quality 2, docs/study-format.md): it comes back tomorrow */
			if (r == 2)
				shown++;
			else {
				asked++;
				right += (size_t)r;
			}
			if (record) {
				record = save_answer(c, &store, q.key, r == 1, o.today, (int64_t)time(NULL), path);
			}
			if (!record && path)
				unsaved = true;   /* an answer given that the progress file did not take */
			study_q_free(&q);
		}
		if (asked == 0 && shown == 0) {
			out_puts(out, "\nNo answers given; nothing recorded.\n");
		} else if (asked == 0) {
			out_puts(out, "\n");
			out_wrapf(out, 0, "No answers scored (%zu shown, to come back tomorrow)%s", shown,
			    record ? ". Progress saved." : ". Progress not recorded.");
		} else {
			struct sbuf sc = {0};
			sbuf_addf(&sc, "Score: %zu/%zu (%zu%%)", right, asked, (right * 200 + asked) / (2 * asked));
			if (shown)
				sbuf_addf(&sc, "; %zu shown, not scored, to come back tomorrow", shown);
			if (record)
				sbuf_addf(&sc, ". Progress saved in %s.", path);
			else
				sbuf_adds(&sc, ". Progress not recorded.");
			out_puts(out, "\n");
			out_wrap(out, sc.s, 0, 0);
			sbuf_free(&sc);
		}
		out_flush(out);
		out->page = page;
	}
	for (size_t i = 0; i < n; i++)
		free(keys[i]);
	free(keys);
	free(path);
	free(kept);
	study_store_free(&store);
	study_store_free(&view);
	study_pool_free(p);
	sbuf_free(&o.topic);
	/* answers the progress file could not keep (a full disk, a damaged file, said on
	 * stderr as they happened) are an error for a script, as a lost answer would be */
	if (unsaved)
		return JX_USAGE;
	return n ? JX_OK : JX_NOTFOUND;
}

/* ---------- study stats | reset ---------- */

struct sec_stat {
	char name[16];
	long questions, answers, right, due;
};

/* "7" for rule keys, "glossary", "textbook" */
static void
key_section(const char *key, char out[16])
{
	if (strncmp(key, "glossary:", 9) == 0)
		snprintf(out, 16, "glossary");
	else if (strncmp(key, "example:", 8) == 0)
		snprintf(out, 16, "textbook");
	else {
		const char *s = strchr(key, ':');
		jrid id = s ? jrid_parse(s + 1, NULL) : JRID_NONE;
		if (id == JRID_NONE)
			snprintf(out, 16, "other");
		else
			snprintf(out, 16, "%u", (unsigned)(JRID_CHAP(id) >= 100 ? JRID_CHAP(id) / 100 : JRID_CHAP(id)));
	}
}

static int
cmp_sec(const void *a, const void *b)
{
	const struct sec_stat *x = a, *y = b;
	bool dx = isdigit((unsigned char)x->name[0]), dy = isdigit((unsigned char)y->name[0]);
	if (dx != dy)
		return dx ? -1 : 1;
	return strcmp(x->name, y->name);
}

static const char *
section_title(struct jctx *c, const char *name)
{
	if (c->rel == NULL || !isdigit((unsigned char)name[0]))
		return NULL;
	uint32_t i = jrel_find(c->rel, JRID_MAKE(atoi(name), 0, 0));
	return i == JNONE ? NULL : c->rel->rules[i].title;
}

static int
study_stats(struct jctx *c, int argc, char **argv)
{
	int32_t today = today_utc();
	for (int i = 2; i < argc; i++) {
		const char *v = NULL;
		if (strcmp(argv[i], "--date") == 0)
			v = i + 1 < argc ? argv[++i] : "";
		else if (strncmp(argv[i], "--date=", 7) == 0)
			v = argv[i] + 7;
		else {
			jerr(c, "usage: study stats [--date YYYY-MM-DD]", "unknown argument '%s'", argv[i]);
			return JX_USAGE;
		}
		if ((today = study_day_parse(v, strlen(v))) < 0) {
			jerr(c, "dates are YYYY-MM-DD", "--date wants a date, not '%s'", v);
			return JX_USAGE;
		}
	}
	struct study_store file, s;
	bool record;
	char *path = open_store(c, &file, &record);
	if (path && !record) {
		/* a file judge cannot read (said above) is not "no progress yet" */
		free(path);
		study_store_free(&file);
		return JX_USAGE;
	}
	size_t *kept = NULL, nkept = 0;
	progress_view(c, &file, &s, &kept, &nkept);
	size_t carried = count_carried(c, &file, nkept);
	struct sec_stat secs[16], tot = {"total", 0, 0, 0, 0};
	size_t ns = 0;
	for (size_t i = 0; i < s.n; i++) {
		char name[16];
		key_section(s.v[i].key, name);
		size_t k = 0;
		while (k < ns && strcmp(secs[k].name, name) != 0)
			k++;
		if (k == ns && ns < 16) {
			memset(&secs[ns], 0, sizeof secs[ns]);
			snprintf(secs[ns].name, sizeof secs[ns].name, "%s", name);
			ns++;
		}
		if (k >= ns)
			continue;
		struct sec_stat *t[2] = {&secs[k], &tot};
		for (int j = 0; j < 2; j++) {
			t[j]->questions++;
			t[j]->answers += s.v[i].seen;
			t[j]->right += s.v[i].right;
			t[j]->due += s.v[i].due <= today;
		}
	}
	xqsort(secs, ns, sizeof *secs, cmp_sec);
	struct out *o = c->out;
	if (c->json) {
		struct jw w;
		jw_init(&w, &o->buf, true);
		jw_obj(&w);
		jw_kstr(&w, "file", path);
		char d[11];
		study_day_str(today, d);
		jw_kstr(&w, "today", d);
		jw_key(&w, "sections");
		jw_arr(&w);
		for (size_t i = 0; i <= ns; i++) {
			const struct sec_stat *x = i < ns ? &secs[i] : &tot;
			if (i == ns) {
				jw_arr_end(&w);
				jw_key(&w, "total");
			}
			jw_obj(&w);
			if (i < ns) {
				jw_kstr(&w, "section", x->name);
				jw_kstr(&w, "title", section_title(c, x->name));
			}
			jw_kint(&w, "questions", x->questions);
			jw_kint(&w, "answers", x->answers);
			jw_kint(&w, "right", x->right);
			jw_kint(&w, "due", x->due);
			jw_obj_end(&w);
		}
		jw_kstr(&w, "numbered_as", c->rel ? c->rel->label : NULL);
		jw_kint(&w, "carried", (long)carried);
		jw_key(&w, "kept");
		jw_arr(&w);
		for (size_t i = 0; i < nkept; i++) {
			const struct study_card *k = &file.v[kept[i]];
			jw_obj(&w);
			jw_kstr(&w, "key", k->key);
			jw_kstr(&w, "rules", k->rules);
			jw_kint(&w, "answers", k->seen);
			jw_kint(&w, "right", k->right);
			jw_obj_end(&w);
		}
		jw_arr_end(&w);
		jw_obj_end(&w);
		sbuf_addc(&o->buf, '\n');
	} else if (s.n == 0 && nkept == 0) {
		out_wrapf(o, 0, "No study progress yet%s%s. Start with `judge quiz`.", path ? " in " : "", path ? path : "");
	} else {
		struct sbuf head = {0};
		sbuf_addf(&head, "Study progress in %s", path);
		if (c->rel)
			sbuf_addf(&head, ", numbered as the %s rules", c->rel->label);
		if (carried)
			sbuf_addf(&head, " (%zu question%s recorded under other releases' numbers carried to them)",
			    carried, carried == 1 ? "" : "s");
		out_wrap(o, head.s, 0, 0);
		sbuf_free(&head);
		/* the table is 66 columns; a narrower terminal gets a line for each section */
		bool narrow = o->width > 0 && o->width < 66;
		if (!narrow)
			out_printf(o, "%s%-34s %9s %8s %6s %5s%s\n", out_sgr(o, OS_BOLD), "section", "questions", "answers",
			    "right", "due", out_sgr(o, OS_RESET));
		for (size_t i = 0; i <= ns; i++) {
			const struct sec_stat *x = i < ns ? &secs[i] : &tot;
			char label[128];
			const char *t = i < ns ? section_title(c, x->name) : NULL;
			if (t)
				snprintf(label, sizeof label, "%.15s. %.48s", x->name, t);
			else
				snprintf(label, sizeof label, "%.15s", x->name);
			char pct[24] = "-";
			if (x->answers)
				snprintf(pct, sizeof pct, "%ld%%", (x->right * 200 + x->answers) / (2 * x->answers));
			if (narrow)
				out_wrapf(o, 2, "%s: %ld question%s, %ld answer%s, %s right, %ld due", label, x->questions,
				    x->questions == 1 ? "" : "s", x->answers, x->answers == 1 ? "" : "s", pct, x->due);
			else
				out_printf(o, "%-34.34s %9ld %8ld %6s %5ld\n", label, x->questions, x->answers, pct, x->due);
		}
		if (nkept) {
			out_puts(o, "\n");
			out_wrapf(o, 0, "Kept in the file, not counted above: %zu answered question%s on rules the %s "
			    "rules do not have (removed since, or not carried with confidence):", nkept,
			    nkept == 1 ? "" : "s", c->rel ? c->rel->label : "loaded");
			for (size_t i = 0; i < nkept; i++) {
				const struct study_card *k = &file.v[kept[i]];
				out_printf(o, "  %s (the %s rules' numbers): %d answer%s, %d right\n", k->key,
				    k->rules ? k->rules : "?", k->seen, k->seen == 1 ? "" : "s", k->right);
			}
		}
	}
	free(path);
	free(kept);
	study_store_free(&s);
	study_store_free(&file);
	return JX_OK;
}

/* {"k1": v1, "k2": v2} for study path and reset with --json (a NULL value is null; k2
 * NULL leaves it out). */
static void
study_json_path(struct jctx *c, const char *k1, const char *v1, const char *k2, const char *v2)
{
	struct jw w;
	jw_init(&w, &c->out->buf, true);
	jw_obj(&w);
	jw_kstr(&w, k1, v1);
	if (k2)
		jw_kstr(&w, k2, v2);
	jw_obj_end(&w);
	sbuf_addc(&c->out->buf, '\n');
}

static int
study_reset(struct jctx *c, int argc, char **argv)
{
	bool yes = false;
	for (int i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--yes") == 0 || strcmp(argv[i], "-y") == 0)
			yes = true;
		else {
			jerr(c, "usage: study reset [--yes]", "unknown argument '%s'", argv[i]);
			return JX_USAGE;
		}
	}
	char *path = study_default_path();
	if (path == NULL || access(path, F_OK) != 0) {
		if (c->json)
			study_json_path(c, "reset", NULL, "kept_as", NULL);
		else
			out_printf(c->out, "No study progress to reset.\n");
		free(path);
		return JX_OK;
	}
	if (!yes) {
		if (c->json) {
			jerr(c, "add --yes", "study reset asks for confirmation; with --json it needs --yes");
			free(path);
			return JX_USAGE;
		}
		out_printf(c->out, "Set aside all study progress in %s? Type yes to confirm: ", path);
		char *r = read_answer(c, "");
		yes = r && strcasecmp(r, "yes") == 0;
		free(r);
		if (!yes) {
			out_printf(c->out, "\nNothing changed.\n");
			free(path);
			return JX_OK;
		}
	}
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	char stamp[32];
	strftime(stamp, sizeof stamp, "%Y%m%d%H%M%S", &tm);
	struct sbuf to = {0};
	sbuf_addf(&to, "%s.reset-%s", path, stamp);
	int st = JX_OK;
	if (rename(path, to.s) != 0) {
		jerr(c, NULL, "cannot set %s aside: %s", path, strerror(errno));
		st = JX_USAGE;
	} else if (c->json) {
		study_json_path(c, "reset", path, "kept_as", to.s);
	} else {
		out_printf(c->out, "Progress set aside as %s; the next quiz starts afresh.\n", to.s);
	}
	sbuf_free(&to);
	free(path);
	return st;
}

int
cmd_study(struct jctx *c, int argc, char **argv)
{
	const char *sub = argc > 1 ? argv[1] : "stats";
	if (strcmp(sub, "stats") == 0 || strcmp(sub, "progress") == 0)
		return study_stats(c, argc, argv);
	if (strcmp(sub, "reset") == 0)
		return study_reset(c, argc, argv);
	if (strcmp(sub, "path") == 0) {
		char *p = study_default_path();
		if (c->json)
			study_json_path(c, "path", p, NULL, NULL);
		else
			out_printf(c->out, "%s\n", p ? p : "(none: HOME and XDG_STATE_HOME are unset)");
		free(p);
		return p ? JX_OK : JX_NOTFOUND;
	}
	jerr(c, "usage: study [stats|reset|path]; questions come from `quiz`", "unknown study command '%s'", sub);
	return JX_USAGE;
}
