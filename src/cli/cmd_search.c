/* cmd_search.c — `judge search QUERY`: ranked results with highlighted snippets, JSON,
 * and two hidden helpers for the benchmark: --dump (the records, for SQLite FTS5) and
 * --bench FILE (recall and query time measured in-process). */
#include "cmd.h"
#include "../base/safefile.h"
#include "../text/decode.h"
#include "cmd_rules.h"
#include "cmd_search_cards.h"
#include "cmd_verify.h"
#include "mentions.h"
#include "cmd_card.h"
#include "cmd_textbook.h"
#include "../render/json.h"
#include "../history/history.h"
#include "cmd_search_policy.h"
#include "../search/search.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The vocabulary files are read again for each release a question is asked of; a
 * problem of theirs is said once a process, not once a release. */
static void
print_once(const struct diags *d)
{
	static struct sbuf seen;
	struct sbuf key = {0};
	size_t fresh = 0;
	for (size_t i = 0; i < d->n; i++) {
		const struct diag_item *it = &d->v[i];
		if (it->level < DL_WARNING)
			continue;
		sbuf_reset(&key);
		sbuf_addf(&key, "\n%s:%u:%u:%d:%s\n", it->file ? it->file : "", it->line, it->col, (int)it->level, it->msg);
		if (seen.len && memmem(seen.s, seen.len, key.s, key.len))
			continue;
		sbuf_add(&seen, key.s, key.len);
		diag_print_item(stderr, it);
		fresh++;
	}
	if (fresh)   /* "... and N more" goes with the items it follows */
		diag_print_dropped(stderr, d, DL_WARNING);
	sbuf_free(&key);
}

static void
load_vocab(struct jctx *c, struct srch *s)
{
	struct diags d = {0};
	struct sbuf p = {0};
	/* the user's own files, in ~/.config/judge, add to the built-in ones */
	const char *x = getenv("XDG_CONFIG_HOME");
	struct sbuf user = {0};
	if (x && *x == '/')
		sbuf_addf(&user, "%s/judge", x);
	else if (getenv("HOME"))
		sbuf_addf(&user, "%s/.config/judge", getenv("HOME"));
	static const struct {
		const char *file;
		int (*load)(struct srch *, const char *, struct diags *);
	} vocab[] = { { "thesaurus.tsv", srch_load_thesaurus }, { "situations.tsv", srch_load_situations } };
	for (size_t v = 0; v < sizeof vocab / sizeof *vocab; v++) {
		if (c->datadir) {
			sbuf_reset(&p);
			sbuf_addf(&p, "%s/corpus/%s", c->datadir, vocab[v].file);
			vocab[v].load(s, p.s, &d);
		}
		if (!user.len)
			continue;
		sbuf_reset(&p);
		sbuf_addf(&p, "%s/%s", user.s, vocab[v].file);
		struct stat st;
		if (stat(p.s, &st) == 0)   /* a missing file is no error; anything else is said */
			vocab[v].load(s, p.s, &d);
	}
	print_once(&d);
	diag_clear(&d);
	sbuf_free(&p);
	sbuf_free(&user);
}

/* The index of c->rel: loaded from the cache folder dir when it holds one for the same
 * inputs, else built (and saved there); dir NULL builds without the cache. */
static struct srch *
build_in(struct jctx *c, const char *dir)
{
	struct srch *s = srch_new();
	srch_set_owner(s, c->rel);
	srch_cache_use(s, dir);
	/* the situations' rule numbers, carried into c->rel */
	struct hist_carry *k = hist_carry_for(c);
	if (k)
		srch_set_carry(s, hist_carry_cb, k, hist_carry_key(k));
	if (c->rel)
		srch_add_release(s, c->rel);
	load_vocab(c, s);
	srch_finalize(s);
	/* with the cache, the situations files are read (and their problems found) only now */
	print_once(srch_late_diags(s));
	return s;
}

static const char *
cache_dir(struct jctx *c)
{
	return c->no_cache ? NULL : srch_cache_dir_default();
}

static struct srch *
build(struct jctx *c)
{
	return build_in(c, cache_dir(c));
}

/* The search indexes of the other partial texts, kept for the session. */
#define NSEEDS 16
struct seeds {
	const struct jrelease *rel[NSEEDS];
	struct srch *s[NSEEDS];
	struct hist_carry *carry[NSEEDS];   /* each index's own: it reads it until freed */
	int n;
};

static struct srch *
seed_index(struct jctx *c, const struct jrelease *rel)
{
	if (rel == c->rel)
		return srch_for(c);
	struct seeds *sd = c->seeds;
	if (!sd)
		sd = c->seeds = xcalloc(1, sizeof *sd);
	for (int i = 0; i < sd->n; i++)
		if (sd->rel[i] == rel)
			return sd->s[i];
	if (sd->n == NSEEDS)
		return NULL;
	/* build() takes c->carry for rel; c->rel's own stays, since its index (c->search)
	 * still reads it (freeing it here was a use after free at the next search) */
	struct jrelease *saved = c->rel;
	struct hist_carry *saved_carry = c->carry;
	c->rel = (struct jrelease *)rel;
	c->carry = NULL;
	struct srch *s = build(c);
	sd->carry[sd->n] = c->carry;
	c->rel = saved;
	c->carry = saved_carry;
	sd->rel[sd->n] = rel;
	sd->s[sd->n++] = s;
	return s;
}


/* With only partial texts loaded (the built-in seeds), the one that answers a question
 * is the newest whose words cover most of it: the 2021 text stops at 119.4b, the 1999
 * one has trample at 502.9. NULL when a complete release is loaded, or no text knows
 * more of the question than c->rel; else the release, its index in *sp. */
static const struct jrelease *
seed_answering(struct jctx *c, const char *query, struct srch **sp)
{
	if (!c->rel || !rules_only_partial(c->ix))
		return NULL;
	const struct jindex *ix = c->ix;
	const struct jrelease *order[NSEEDS];
	int n = 0;
	for (uint32_t i = 0; i < ix->nrels && n < NSEEDS; i++) {
		int j = n++;
		while (j > 0 && rules_age(order[j - 1]) < rules_age(ix->rels[i])) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = ix->rels[i];
	}
	const struct jrelease *best = NULL;
	size_t bestk = 0;
	for (int i = 0; i < n; i++) {
		struct srch *s = seed_index(c, order[i]);
		size_t k = s ? srch_known_words(s, query, NULL) : 0;
		if (k > bestk) {
			best = order[i];
			bestk = k;
			*sp = s;
		}
	}
	return best;
}

/* A question of tournament policy gets a pointer to the documents that answer it
 * (the CR results still follow: a judge may want both). */
static void
policy_note(struct jctx *c, const char *query)
{
	const char *topic = srch_policy_topic(query, false);
	if (!topic)
		return;
	struct sbuf b = {0};
	sbuf_addf(&b, "Note: this looks like a tournament policy question (%s). The Comprehensive "
	    "Rules say how the game plays, not what to do about a tournament error: see the "
	    "Infraction Procedure Guide (Competitive REL) or Judging at Regular REL, and the "
	    "Magic Tournament Rules, at https://magic.wizards.com/en/rules; judge reads them too: "
	    "`judge update --docs`, or drop the PDF into ~/.local/share/judge/docs/ (or pass "
	    "--doc FILE). The rules below are what the words matched.", topic);
	out_printf(c->out, "%s", out_sgr(c->out, OS_WARN));
	out_wrap(c->out, b.s, 0, 0);
	out_printf(c->out, "%s", out_sgr(c->out, OS_RESET));
	sbuf_free(&b);
}

/* A release's whole text: where a word it does not know is worth noticing (a part of the
 * rules, as the built-in historical texts are, lacks most words). */
static bool
rules_whole(const struct jrelease *rel)
{
	return rel && !rel->fragment && !rel->truncated;
}

/* The runs of a question that look like card names (search_cards_guess()). In any case only
 * where a word the rules do not know is worth noticing: a whole release; or, with only the
 * built-in partial texts, a word none of them (nor the thesaurus) knows, since each is a part
 * of the rules. *whole says when the one name is the whole question. */
static bool
cards_guess(struct jctx *c, struct srch *s, const struct jrelease *from, const char *query, bool lower,
    struct sbuf *names, bool *whole)
{
	*whole = false;
	if (!lower || rules_whole(from ? from : c->rel))
		return search_cards_guess_in(&s, 1, false, from ? from : c->rel, query, lower, names, whole);
	if (!rules_only_partial(c->ix))
		return search_cards_guess(s, query, false, names);
	struct srch *v[NSEEDS];
	size_t n = 0;
	for (uint32_t i = 0; i < c->ix->nrels && n < NSEEDS; i++) {
		struct srch *x = seed_index(c, c->ix->rels[i]);
		if (x)
			v[n++] = x;
	}
	return search_cards_guess_in(v, n, true, NULL, query, true, names, whole);
}

/* The whole question is one name that looks like a card's (with only the partial texts). */
static bool
card_alone(struct jctx *c, struct srch *s, const struct jrelease *from, const char *query)
{
	struct sbuf names = {0};
	bool whole = false;
	bool got = cards_guess(c, s, from, query, true, &names, &whole);
	sbuf_free(&names);
	return got && whole;
}

#define CARDS_IMPORT_HINT "import a card database with `judge cards import AtomicCards.json` (MTGJSON; or " \
	"Scryfall's oracle-cards and rulings files) or `judge update --cards`, then `judge card NAME`"

/* Without a card database, a question that seems to name cards says what judge could do
 * with them: the cards' text joins the search once a card file is imported. */
static void
cards_note(struct jctx *c, struct srch *s, const struct jrelease *from, const char *query, bool lower)
{
	/* said once in a session: the next questions would only repeat it */
	static bool said;
	if (said || cards_for(c))
		return;
	struct sbuf names = {0};
	bool whole;
	if (cards_guess(c, s, from, query, lower, &names, &whole)) {
		said = true;
		struct sbuf b = {0};
		sbuf_addf(&b, "Note: this seems to name cards (%s): add their text with `judge cards import "
		    "FILE` or `judge update --cards`.", names.s);
		out_printf(c->out, "%s", out_sgr(c->out, OS_WARN));
		out_wrap(c->out, b.s, 0, 0);
		out_printf(c->out, "%s", out_sgr(c->out, OS_RESET));
		sbuf_free(&b);
	}
	sbuf_free(&names);
}

const struct jrelease *
srch_seed_rule(struct jctx *c, const char *query, jrid *id)
{
	struct srch *s = NULL;
	const struct jrelease *from = seed_answering(c, query, &s);
	if (!from || !s)
		return NULL;
	struct srch_result r;
	struct diags d = {0};
	srch_run(s, query, 5, &r, &d);
	const struct jrelease *got = NULL;
	for (size_t i = 0; i < r.nshown && !got; i++)
		if (srch_doc_kind(s, r.hits[i].doc) == SK_RULE) {
			*id = srch_doc_rule(s, r.hits[i].doc);
			got = from;
		}
	srch_result_free(&r);
	diag_clear(&d);
	free(d.v);
	return got;
}

void
srch_ctx_free(struct jctx *c)
{
	mentions_free();
	struct seeds *sd = c->seeds;
	for (int i = 0; sd && i < sd->n; i++) {
		srch_free(sd->s[i]);
		hist_carry_free(sd->carry[i]);
	}
	free(sd);
	c->seeds = NULL;
	srch_free(c->search);
	c->search = NULL;
}

struct srch *
srch_for(struct jctx *c)
{
	struct srch *s = c->search;
	if (s && srch_owner(s) != c->rel) {
		srch_free(s);
		s = NULL;
	}
	if (!s) {
		s = build(c);
		c->search = s;
	}
	return s;
}

/* What a result is about: a titled rule's own title ("Trample"), else the title of
 * the rule it sits in (702.19b -> "Trample"), else its first words. */
static void
label(struct srch *s, uint32_t doc, struct sbuf *b)
{
	enum srch_kind k = srch_doc_kind(s, doc);
	const char *t = srch_doc_title(s, doc);
	if (k == SK_GLOSSARY)
		return;
	if (t) {
		sbuf_adds(b, t);
		return;
	}
	const char *ctx = srch_doc_context(s, doc);
	if (ctx) {
		const char *semi = strstr(ctx, "; ");
		sbuf_add(b, ctx, semi ? (size_t)(semi - ctx) : strlen(ctx));
		return;
	}
	const char *body = srch_doc_body(s, doc);
	size_t n = 0, words = 0;
	while (body[n] && body[n] != '\n' && words < 8) {
		if (body[n] == ' ')
			words++;
		n++;
	}
	while (n > 0 && body[n - 1] == ' ')
		n--;
	sbuf_add(b, body, n);
	if (body[n] && body[n] != '\n')
		sbuf_adds(b, "…");
}

static void
print_json(struct jctx *c, struct srch *s, const struct srch_result *r, const struct jrelease *from,
    const struct search_cards *sc, const struct verify *v, const struct mention *const *m, size_t nm)
{
	struct jw w;
	jw_init(&w, &c->out->buf, true);
	jw_arr(&w);
	if (v)
		verify_json(&w, v);   /* "is 704.5j the legend rule?": the verdict first */
	ps_json(c, &w, true);      /* policy sections first when the question is about policy */
	if (sc)
		search_cards_json(c, &w, sc);
	struct sbuf sn = {0}, lb = {0};
	for (size_t i = 0; i < r->nshown; i++) {
		uint32_t d = r->hits[i].doc;
		enum srch_kind k = srch_doc_kind(s, d);
		sbuf_reset(&sn);
		sbuf_reset(&lb);
		srch_snippet(s, d, &sn, 160, "", "");
		label(s, d, &lb);
		jw_obj(&w);
		jw_kstr(&w, "id", srch_doc_id(s, d));
		jw_kstr(&w, "kind", srch_kind_name(k));
		jw_knum(&w, "score", round(r->hits[i].score * 1000.0) / 1000.0);
		if (lb.len)
			jw_kstr(&w, "title", lb.s);
		jw_kstr(&w, "snippet", sbuf_str(&sn));
		if (from)
			jw_kstr(&w, "release", from->label);
		if (r->hits[i].sit)
			jw_kstr(&w, "situation", r->sit[r->hits[i].sit - 1]);
		const jrid *rules;
		size_t nr = srch_doc_rules(s, d, &rules);
		if (k == SK_EXAMPLE || (k == SK_GLOSSARY && nr)) {
			jw_krids(&w, "rules", rules, nr);
		}
		jw_obj_end(&w);
	}
	ps_json(c, &w, false);     /* or after the rules */
	if (nm)   /* the textbook's examples and the boards with the cards named, last */
		mentions_json(&w, m, nm);
	jw_arr_end(&w);
	sbuf_addc(&c->out->buf, '\n');
	sbuf_free(&sn);
	sbuf_free(&lb);
}

static void
print_text(struct jctx *c, struct srch *s, const struct srch_result *r)
{
	struct out *o = c->out;
	struct sbuf line = {0}, sn = {0};
	int width = o->width > 0 ? o->width : 80;
	if (r->unquoted)
		out_printf(o, "%s(no rule has the quoted words together; these have them apart)%s\n",
		    out_sgr(o, OS_DIM), out_sgr(o, OS_RESET));
	/* the common situations the question names, with the rules they placed among
	 * those shown */
	for (size_t k = 0; k < r->nsit; k++) {
		size_t placed = 0;
		for (size_t i = 0; i < r->nshown; i++)
			placed += r->hits[i].sit == k + 1;
		if (!placed)
			continue;
		sbuf_reset(&line);
		sbuf_addf(&line, "%sSituation:%s %s", out_sgr(o, OS_DIM), out_sgr(o, OS_RESET), r->sit[k]);
		const char *sep = " (";
		for (size_t i = 0; i < r->nshown; i++)
			if (r->hits[i].sit == k + 1) {
				sbuf_addf(&line, "%s%s", sep, srch_doc_id(s, r->hits[i].doc));
				sep = ", ";
			}
		sbuf_addc(&line, ')');
		out_wrap(o, line.s, 0, 4);
	}
	for (size_t i = 0; i < r->nshown; i++) {
		uint32_t d = r->hits[i].doc;
		enum srch_kind k = srch_doc_kind(s, d);
		const char *id = srch_doc_id(s, d);
		sbuf_reset(&line);
		int n = (k == SK_RULE || k == SK_EXAMPLE) ? jnav_link(c, id) : 0;
		if (n > 0)
			sbuf_addf(&line, "%s[%d]%s ", out_sgr(o, OS_DIM), n, out_sgr(o, OS_RESET));
		sbuf_addf(&line, "%s%s%s", out_sgr(o, k == SK_GLOSSARY ? OS_TITLE : OS_ID), id, out_sgr(o, OS_RESET));
		if (k != SK_RULE)
			sbuf_addf(&line, " %s(%s)%s", out_sgr(o, OS_DIM), srch_kind_name(k), out_sgr(o, OS_RESET));
		struct sbuf lb = {0};
		label(s, d, &lb);
		if (lb.len)
			sbuf_addf(&line, " %s%s%s", out_sgr(o, OS_TITLE), lb.s, out_sgr(o, OS_RESET));
		sbuf_free(&lb);
		if (c->verbose)
			sbuf_addf(&line, "  %s[%.2f]%s", out_sgr(o, OS_DIM), r->hits[i].score, out_sgr(o, OS_RESET));
		out_wrap(o, line.s, 0, 4);
		sbuf_reset(&sn);
		srch_snippet(s, d, &sn, 2 * (width - 4) - 10, out_sgr(o, OS_HL), out_sgr(o, OS_RESET));
		if (sn.len) {
			out_puts(o, "    ");
			out_wrap(o, sn.s, 4, 4);
		}
	}
	ps_print(c, false);        /* or after the rules */
	if (r->nhits > r->nshown)
		out_printf(o, "%s(%zu of %zu shown; -n %zu for more)%s\n", out_sgr(o, OS_DIM), r->nshown,
		    r->nhits, r->nshown * 2 > r->nhits ? r->nhits : r->nshown * 2, out_sgr(o, OS_RESET));
	if (c->verbose) {
		struct srch_stats st;
		srch_stats(s, &st);
		struct sbuf how = {0};
		if (st.from_cache)
			sbuf_addf(&how, "loaded from the cache in %.1f ms", st.load_seconds * 1e3);
		else
			sbuf_addf(&how, "built in %.1f ms", st.build_seconds * 1e3);
		out_printf(o, "%s%zu matches in %.3f ms; index of %u documents, %u terms, %u thesaurus entries, %s%s\n",
		    out_sgr(o, OS_DIM), r->nhits, r->seconds * 1e3, st.ndocs, st.nterms, st.nthesaurus,
		    how.s, out_sgr(o, OS_RESET));
		if (st.cache_note && *st.cache_note)
			out_printf(o, "%s%s%s\n", out_sgr(o, OS_DIM), st.cache_note, out_sgr(o, OS_RESET));
		sbuf_free(&how);
	}
	sbuf_free(&line);
	sbuf_free(&sn);
}

/* One record a line for SQLite: SQL inserts, so no quoting can go wrong. */
static void
dump_sql(struct jctx *c, struct srch *s)
{
	struct sbuf *b = &c->out->buf;
	sbuf_adds(b, "CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, kind UNINDEXED, rules UNINDEXED, "
	    "bare UNINDEXED, title, body, tokenize='porter');\nBEGIN;\n");
	for (uint32_t d = 0; d < srch_ndocs(s); d++) {
		const char *f[6];
		struct sbuf rules = {0};
		const jrid *rv;
		size_t nr = srch_doc_rules(s, d, &rv);
		char buf[16];
		for (size_t j = 0; j < nr; j++) {
			if (j)
				sbuf_addc(&rules, ' ');
			sbuf_adds(&rules, jrid_str(rv[j], buf));
		}
		f[0] = srch_doc_id(s, d);
		f[1] = srch_kind_name(srch_doc_kind(s, d));
		f[2] = sbuf_str(&rules);
		/* a rule that is only its title stands for its subrules */
		f[3] = srch_doc_kind(s, d) == SK_RULE && srch_doc_title(s, d) && !*srch_doc_body(s, d) ? "1" : "0";
		f[4] = srch_doc_title(s, d) ? srch_doc_title(s, d) : "";
		f[5] = srch_doc_body(s, d);
		sbuf_adds(b, "INSERT INTO docs VALUES(");
		for (int k = 0; k < 6; k++) {
			sbuf_adds(b, k ? ",'" : "'");
			for (const char *p = f[k]; *p; p++) {
				if (*p == '\'')
					sbuf_addc(b, '\'');
				sbuf_addc(b, *p);
			}
			sbuf_addc(b, '\'');
		}
		sbuf_adds(b, ");\n");
		sbuf_free(&rules);
	}
	sbuf_adds(b, "COMMIT;\n");
}

/* Does this result answer a question whose answers are ans? It does when it is one of
 * those rules or inside one, an example of one, or a glossary entry citing one. With
 * `bare`, a rule that is only a title ("702.29. Cycling") also answers for the rules
 * inside it, since showing it means showing them. */
static bool
answers(struct srch *s, uint32_t doc, const jrid *ans, size_t nans, bool bare)
{
	const jrid *rv;
	size_t nr = srch_doc_rules(s, doc, &rv);
	bool is_bare = bare && srch_doc_kind(s, doc) == SK_RULE && srch_doc_title(s, doc) &&
	    !*srch_doc_body(s, doc);
	for (size_t i = 0; i < nr; i++)
		for (size_t a = 0; a < nans; a++)
			if (jrid_within(rv[i], ans[a]) || (is_bare && jrid_within(ans[a], rv[i])))
				return true;
	return false;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* What saving the index adds to a cold build, best of five: each build saves into a
 * folder of its own (made in dir, which exists, and removed after), so none loads. */
static double
bench_save(struct jctx *c, const char *dir)
{
	double best = 0;
	struct sbuf tmp = {0}, sub = {0};
	sbuf_addf(&tmp, "%s/.bench-XXXXXX", dir);
	if (!mkdtemp(tmp.s)) {
		sbuf_free(&tmp);
		return 0;
	}
	for (int k = 0; k < 5; k++) {
		sbuf_reset(&sub);
		sbuf_addf(&sub, "%s/%d", tmp.s, k);
		struct srch *w = build_in(c, sub.s);
		struct srch_stats st;
		srch_stats(w, &st);
		if (st.cache_bytes && (best == 0 || st.save_seconds < best))
			best = st.save_seconds;
		srch_free(w);
		DIR *dh = opendir(sub.s);
		struct dirent *de;
		struct sbuf f = {0};
		while (dh && (de = readdir(dh)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			sbuf_reset(&f);
			sbuf_addf(&f, "%s/%s", sub.s, de->d_name);
			unlink(f.s);
		}
		if (dh)
			closedir(dh);
		sbuf_free(&f);
		rmdir(sub.s);
	}
	rmdir(tmp.s);
	sbuf_free(&tmp);
	sbuf_free(&sub);
	return best;
}

#define BENCH_MAX_QUESTIONS 10000

/* Recall of the questions file (QUESTION<TAB>IDS) and query times, all in-process. */
static int
bench(struct jctx *c, const char *path)
{
	FILE *f = jopen_input(c, path, "give a questions file: QUESTION<TAB>RULE IDS, one a line");
	if (!f)
		return JX_USAGE;
	fclose(f);
	/* the whole file first: an empty, binary or malformed one is an error before any
	 * measuring, at its line and column */
	struct sbuf raw = {0};
	struct srch_questions qs;
	struct diags qd = {0};
	if (sfile_read(path, SFILE_MAX_INIT, &raw) != 0) {
		jerr(c, "give a questions file: QUESTION<TAB>RULE IDS, one a line", "cannot read %s: %s", path, sfile_strerror(errno));
		sbuf_free(&raw);
		return JX_USAGE;
	}
	/* old Mac line ends end lines too (UTF-16 text is left whole for the parser to read) */
	if (raw.len && !text_utf16(raw.s, raw.len))
		text_bare_cr_to_lf(raw.s, raw.len);
	int pst = srch_questions_parse(path, raw.s ? raw.s : "", raw.len, &qs, &qd);
	sbuf_free(&raw);
	diag_print(stderr, &qd, DL_WARNING);
	diag_clear(&qd);
	if (pst != 0)
		return JX_USAGE;
	/* each question is a search of about a millisecond, and the file is read whole first:
	 * a million would run for many minutes, so more than this is refused before any */
	if (qs.n > BENCH_MAX_QUESTIONS) {
		jerr(c, "split it into files of at most 10000 questions each",
		    "%s: holds %zu questions; --bench measures at most %d, so none is run", path, qs.n,
		    BENCH_MAX_QUESTIONS);
		srch_questions_free(&qs);
		return JX_USAGE;
	}
	if (!c->rel) {
		srch_questions_free(&qs);
		jerr(c, NULL, "no release loaded");
		return JX_USAGE;
	}
	/* build time against ingestion (loading and parsing the same file), each the best
	 * of five runs, so a busy machine does not decide the ratio */
	double build_s = 1e9, parse = 1e9, scan_s = 1e9;
	for (int k = 0; k < 5; k++) {
		double sc = srch_scan_seconds(c->rel);
		if (sc < scan_s)
			scan_s = sc;
		double t0 = now();
		struct jindex *ix = jindex_new();
		jindex_load_path(ix, c->rel->file);
		jindex_finish(ix);
		double t1 = now();
		jindex_free(ix);
		struct srch *cold = build_in(c, NULL);
		double t2 = now();
		srch_free(cold);
		if (t1 - t0 < parse)
			parse = t1 - t0;
		if (t2 - t1 < build_s)
			build_s = t2 - t1;
	}
	/* the same with the cache: once to fill it (unless it is there), then timed loads */
	double load_s = 1e9, save_s = 0;
	size_t cache_bytes = 0;
	struct sbuf cnote = {0};
	const char *dir = cache_dir(c);
	if (dir) {
		struct srch_stats st;
		struct srch *w = build_in(c, dir);
		srch_free(w);
		save_s = bench_save(c, dir);
		for (int k = 0; k < 5; k++) {
			double t0 = now();
			w = build_in(c, dir);
			double t1 = now();
			srch_stats(w, &st);
			if (st.from_cache && t1 - t0 < load_s)
				load_s = t1 - t0;
			cache_bytes = st.cache_bytes;
			sbuf_reset(&cnote);
			sbuf_adds(&cnote, st.cache_note);
			srch_free(w);
		}
	} else {
		sbuf_adds(&cnote, "the cache is off (--no-cache or JUDGE_NO_CACHE)");
	}
	bool cached = load_s < 1e9;
	struct srch *s = srch_for(c);
	size_t h1 = 0, h5 = 0, b1 = 0, b5 = 0, judged = 0;
	struct diags d = {0};
	for (size_t i = 0; i < qs.n; i++) {
		struct srch_result r;
		srch_run(s, qs.v[i].text, 5, &r, &d);
		diag_clear(&d);
		if (qs.v[i].nans == 0) {
			srch_result_free(&r);
			continue;
		}
		judged++;
		int at = 0, bat = 0;
		for (size_t k = 0; k < r.nshown && !at; k++)
			if (answers(s, r.hits[k].doc, qs.v[i].ans, qs.v[i].nans, false))
				at = (int)k + 1;
		for (size_t k = 0; k < r.nshown && !bat; k++)
			if (answers(s, r.hits[k].doc, qs.v[i].ans, qs.v[i].nans, true))
				bat = (int)k + 1;
		h1 += at == 1;
		h5 += at >= 1;
		b1 += bat == 1;
		b5 += bat >= 1;
		if (c->verbose && at != 1) {
			/* where the answer ranks further down, and what was wanted */
			struct srch_result deep;
			srch_run(s, qs.v[i].text, 50, &deep, &d);
			diag_clear(&d);
			int far = 0;
			for (size_t k = 0; k < deep.nshown && !far; k++)
				if (answers(s, deep.hits[k].doc, qs.v[i].ans, qs.v[i].nans, false))
					far = (int)k + 1;
			srch_result_free(&deep);
			out_printf(c->out, "%s %s [want", at ? "miss@1" : "MISS@5", qs.v[i].text);
			for (size_t k = 0; k < qs.v[i].nans; k++) {
				char id[16];
				out_printf(c->out, " %s", jrid_str(qs.v[i].ans[k], id));
			}
			if (far)
				out_printf(c->out, ", at %d] ->", far);
			else
				out_printf(c->out, ", not in 50] ->");
			for (size_t k = 0; k < r.nshown; k++)
				out_printf(c->out, " %s", srch_doc_id(s, r.hits[k].doc));
			out_printf(c->out, "\n");
		}
		srch_result_free(&r);
	}
	/* timing: every query several times, median of the single-query times */
	int rounds = qs.n < 100 ? 20 : 5;
	double *ts = xmalloc((qs.n * (size_t)rounds + 1) * sizeof *ts);
	size_t nt = 0;
	double total = 0;
	for (int k = 0; k < rounds; k++) {
		for (size_t i = 0; i < qs.n; i++) {
			struct srch_result r;
			double a = now();
			srch_run(s, qs.v[i].text, 10, &r, &d);
			double e = now() - a;
			diag_clear(&d);
			srch_result_free(&r);
			ts[nt++] = e;
			total += e;
		}
	}
	free(d.v);
	xqsort(ts, nt, sizeof *ts, cmp_double);
	double med = nt ? ts[nt / 2] : 0, p90 = nt ? ts[nt * 9 / 10] : 0, mx = nt ? ts[nt - 1] : 0;
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_obj(&w);
		jw_kint(&w, "questions", (long long)judged);
		jw_knum(&w, "recall_at_1", judged ? (double)h1 / (double)judged : 0);
		jw_knum(&w, "recall_at_5", judged ? (double)h5 / (double)judged : 0);
		jw_knum(&w, "recall_at_1_bare", judged ? (double)b1 / (double)judged : 0);
		jw_knum(&w, "recall_at_5_bare", judged ? (double)b5 / (double)judged : 0);
		jw_knum(&w, "query_ms_median", med * 1e3);
		jw_knum(&w, "query_ms_p90", p90 * 1e3);
		jw_knum(&w, "query_ms_max", mx * 1e3);
		jw_knum(&w, "build_ms", build_s * 1e3);
		jw_knum(&w, "words_only_ms", scan_s * 1e3);
		jw_knum(&w, "parse_ms", parse * 1e3);
		if (cached) {
			jw_knum(&w, "cache_load_ms", load_s * 1e3);
			jw_kint(&w, "cache_bytes", (long long)cache_bytes);
		}
		jw_obj_end(&w);
		sbuf_addc(&c->out->buf, '\n');
	} else {
		double nj = judged ? (double)judged : 1;
		out_printf(c->out, "judge  recall@1 %.3f  recall@5 %.3f  (%zu questions, release %s)\n",
		    (double)h1 / nj, (double)h5 / nj, judged, c->rel->label);
		out_printf(c->out, "judge  recall@1 %.3f  recall@5 %.3f  counting a title-only rule for its subrules\n",
		    (double)b1 / nj, (double)b5 / nj);
		out_printf(c->out, "judge  in-process query time: median %.4f ms, p90 %.4f ms, max %.3f ms (%zu runs, %.1f ms in all)\n",
		    med * 1e3, p90 * 1e3, mx * 1e3, nt, total * 1e3);
		out_printf(c->out, "judge  index build %.2f ms = %.0f%% of ingestion (loading and parsing the release: %.2f ms; best of 5)\n",
		    build_s * 1e3, parse > 0 ? 100.0 * build_s / parse : 0.0, parse * 1e3);
		out_printf(c->out, "judge  of which making the documents and splitting them into words, keeping nothing: %.2f ms = %.0f%% of ingestion (a floor for any word index; best of 5)\n",
		    scan_s * 1e3, parse > 0 ? 100.0 * scan_s / parse : 0.0);
		if (cached) {
			out_printf(c->out, "judge  index from the cache %.2f ms = %.0f%% of ingestion (hashing the inputs, reading and checking a %.0f KB file; best of 5)\n",
			    load_s * 1e3, parse > 0 ? 100.0 * load_s / parse : 0.0, (double)cache_bytes / 1024.0);
			if (save_s > 0)
				out_printf(c->out, "judge  a cold build also writes the cache: %.2f ms more (best of 5)\n", save_s * 1e3);
		} else {
			out_printf(c->out, "judge  index from the cache: not measured (%s)\n", sbuf_str(&cnote));
		}
	}
	sbuf_free(&cnote);
	srch_questions_free(&qs);
	free(ts);
	return JX_OK;
}

/* `search WORDS in:textbook`: the textbook's pages are not in the rules index (parsing the
 * book would double the cost of every search), so its own topic search answers. */
static int
textbook_search(struct jctx *c, int argc, char **argv, int skip)
{
	char **v = xmalloc((size_t)argc * sizeof *v);
	int n = 0;
	v[n++] = (char *)"textbook";
	for (int i = 1; i < argc; i++)
		if (i != skip)
			v[n++] = argv[i];
	int st = cmd_textbook(c, n, v);
	free(v);
	return st;
}

int
cmd_search(struct jctx *c, int argc, char **argv)
{
	struct sbuf q = {0};
	const char *bench_file = NULL;
	bool dump = false;
	size_t limit = c->limit > 0 ? (size_t)c->limit : 10;
	bool verbose = c->verbose, json = c->json;
	int pol_mask = 0;
	for (int i = 1; i < argc; i++) {
		/* options again here, for lines read by the REPL or from a pipe */
		if (strcmp(argv[i], "-n") == 0 && i + 1 < argc && atoi(argv[i + 1]) > 0) {
			limit = (size_t)atoi(argv[++i]);
			continue;
		}
		if (strcmp(argv[i], "-v") == 0) {
			verbose = true;
			continue;
		}
		if (strcmp(argv[i], "--json") == 0) {
			json = true;
			continue;
		}
		if (strcmp(argv[i], "--dump") == 0) {
			dump = true;
			continue;
		}
		if (strcmp(argv[i], "--bench") == 0) {
			if (i + 1 >= argc) {
				jerr(c, "judge search --bench tests/search/questions.tsv", "--bench needs a file");
				sbuf_free(&q);
				return JX_USAGE;
			}
			bench_file = argv[++i];
			continue;
		}
		int pf = ps_filter(argv[i]);   /* in:ipg in:mtr in:jar in:policy in:cr */
		if (pf) {
			pol_mask |= pf;
			continue;
		}
		if (strcasecmp(argv[i], "in:textbook") == 0 || strcasecmp(argv[i], "in:book") == 0) {
			/* the textbook has its own topic search: hand the other words to it */
			sbuf_free(&q);
			return textbook_search(c, argc, argv, i);
		}
		if (q.len)
			sbuf_addc(&q, ' ');
		sbuf_adds(&q, argv[i]);
	}
	if (pol_mask & ~PS_CR_ONLY) {
		/* in:ipg, in:mtr, in:jar, in:policy: the policy documents alone */
		bool saved_v = c->verbose;
		c->verbose = verbose;
		ps_run(c, sbuf_str(&q), pol_mask, limit, NULL);
		int pst = ps_answer(c, sbuf_str(&q), json);
		c->verbose = saved_v;
		ps_done();
		sbuf_free(&q);
		return pst;
	}
	if (!c->rel) {
		sbuf_free(&q);
		jerr(c, "load a release with --rules FILE", "no rules loaded to search");
		return JX_USAGE;
	}
	if (bench_file) {
		sbuf_free(&q);
		return bench(c, bench_file);
	}
	struct srch *s = srch_for(c);
	/* a question that names a card searches with the card (cmd_search_cards.c) */
	struct search_cards sc;
	bool card = !dump && search_cards_prepare(c, s, sbuf_str(&q), &sc);
	if (!card)
		memset(&sc, 0, sizeof sc);
	/* only the built-in partial texts: the one that knows the question answers it */
	const struct jrelease *from = NULL;
	if (!dump)
		from = seed_answering(c, card && sc.query.len ? sc.query.s : sbuf_str(&q), &s);
	if (!from && rules_only_partial(c->ix) && !dump)
		from = c->rel;
	if (card)
		search_cards_link(c, &sc, from ? from : c->rel);
	if (dump) {
		sbuf_free(&q);
		dump_sql(c, s);
		return JX_OK;
	}
	/* "is 704.5j the legend rule?": yes or no before the results */
	struct verify ver;
	const struct verify *vp = verify_question(c, from, sbuf_str(&q), &ver) ? &ver : NULL;
	/* cards the textbook's examples and the shipped boards name */
	const struct mention *men[256];
	size_t nmen = mentions_find(c, sbuf_str(&q), men, sizeof men / sizeof *men);
	struct srch_result r;
	struct diags d = {0};
	bool saved_v = c->verbose, saved_j = c->json;
	c->verbose = verbose;
	c->json = json;
	memset(&r, 0, sizeof r);
	/* the policy ranking before the rules': a question about policy brings up the game rule
	 * its answer is about, asked of the index before the question's own words */
	ps_run(c, sbuf_str(&q), pol_mask, limit, s);
	ps_companions(c, s);
	if (!card || sc.query.len)
		srch_run(s, card ? sc.query.s : sbuf_str(&q), limit, &r, &d);
	if (card) {
		if (r.error) {
			srch_result_free(&r);
			diag_clear(&d);
		}
		search_cards_rank(s, &sc, &r, limit);
		if (!c->json)
			search_cards_print(c, &sc);
	}
	if (!r.error)
		ps_boost_companion(s, &r, limit, card && sc.query.len ? sc.query.s : sbuf_str(&q));
	int st = JX_OK;
	if (r.error) {
		out_flush(c->out);
		diag_print(stderr, &d, DL_NOTE);
		st = JX_USAGE;
	} else if (r.nhits == 0 && ps_count()) {
		st = ps_answer(c, sbuf_str(&q), c->json);
	} else if (r.nhits == 0 && card) {
		if (c->json)
			print_json(c, s, &r, from, &sc, vp, men, nmen);
		else
			out_printf(c->out, "(no rule found for the rest of the question)\n");
	} else if (r.nhits == 0) {
		if (c->json)
			out_puts(c->out, "[]\n");
		struct sbuf hint = {0};
		if (r.nsuggest) {
			sbuf_adds(&hint, "closest words in the rules:");
			for (size_t i = 0; i < r.nsuggest; i++)
				sbuf_addf(&hint, "%s %s", i ? "," : "", r.suggest[i]);
		} else {
			sbuf_adds(&hint, "try fewer or other words, a prefix like trampl*, or judge define TERM");
		}
		/* nothing in the rules: a name they never use may be a card's */
		struct sbuf names = {0};
		bool whole;
		if (!cards_for(c) && !srch_policy_topic(sbuf_str(&q), false) &&
		    cards_guess(c, s, from, sbuf_str(&q), true, &names, &whole))
			sbuf_addf(&hint, "; if %s names a card: no card database is installed, " CARDS_IMPORT_HINT "%s", names.s,
			    rules_whole(from ? from : c->rel) ? "" : "; for a rule's word the built-in parts of old releases do "
			    "not know, load a whole release (`judge update`, or --rules FILE)");
		sbuf_free(&names);
		/* a query with quotes of its own is shown as typed, not quoted again */
		if (strchr(sbuf_str(&q), '"'))
			jerr(c, hint.s, "nothing found for: %s", sbuf_str(&q));
		else
			jerr(c, hint.s, "nothing found for \"%s\"", sbuf_str(&q));
		sbuf_free(&hint);
		st = JX_NOTFOUND;
	} else if (!card && !cards_for(c) && rules_only_partial(c->ix) && r.nsit == 0 && !ps_count() &&
	    !srch_policy_topic(sbuf_str(&q), false) && card_alone(c, s, from, sbuf_str(&q))) {
		/* only the built-in parts of the rules, and the question is a name none of them
		 * knows ("tarmogoyf", "questing beast"): what matched is a word's chance
		 * neighbour, not an answer, so the answer is where the card is */
		if (c->json)
			out_puts(c->out, "[]\n");
		jerr(c, "if it names a card: no card database is installed, " CARDS_IMPORT_HINT "; if it is a "
		    "rule's word, load a whole release (`judge update`, or --rules FILE)",
		    "the built-in rules (parts of old releases) do not know \"%s\"", sbuf_str(&q));
		st = JX_NOTFOUND;
	} else if (c->json) {
		print_json(c, s, &r, from, card ? &sc : NULL, vp, men, nmen);
		rules_historical_note(c);
	} else {
		if (vp)
			verify_print(c, vp);
		if (!ps_count())   /* with policy documents loaded, their sections answer instead */
			policy_note(c, sbuf_str(&q));
		/* lower-case names only where slang is unlikely: no common situation and no
		 * tournament policy named ("chump", "spectator" are no cards) */
		cards_note(c, s, from, sbuf_str(&q), r.nsit == 0 && !ps_count() && !srch_policy_topic(sbuf_str(&q), false));
		mentions_print(c, sbuf_str(&q), men, nmen);
		ps_print(c, true);  /* policy sections first when the question is about policy */
		if (from) {
			char era[160];
			out_printf(c->out, "%sFrom %s:%s\n", out_sgr(c->out, OS_DIM),
			    rules_era(from, true, era, sizeof era), out_sgr(c->out, OS_RESET));
		}
		print_text(c, s, &r);
		rules_historical_note(c);
	}
	ps_done();
	c->verbose = saved_v;
	c->json = saved_j;
	diag_clear(&d);
	srch_result_free(&r);
	search_cards_free(&sc);
	sbuf_free(&q);
	return st;
}
