/* pol_search.c — ranking the sections of policy documents against a question: BM25 over
 * stemmed words, the title weighted above the text, with the forms of irregular verbs
 * ("drew" → draw) and a thesaurus of how players say things (corpus/policy-words.tsv). */
#include <ctype.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <libstemmer.h>
#include "pol_int.h"
#include "pol_search.h"
#include "../base/safefile.h"
#include "../text/decode.h"

static const char *const irregular[] = {
	"draw drew drawn", "see saw seen", "take took taken", "give gave given", "forget forgot forgotten",
	"lose lost", "choose chose chosen", "find found", "pay paid", "deal dealt", "bring brought",
	"keep kept", "make made", "tell told", "say said", "shuffle shuffled", "know knew known",
	"go went gone", "leave left", "win won", "steal stole stolen", "write wrote written",
	"get got gotten", "show showed shown", "throw threw thrown", "put", "hold held",
};

static const char *const stopw[] = { "a", "an", "the", "i", "my", "me", "he", "she", "his", "her",
	"they", "them", "their", "it", "its", "is", "are", "was", "were", "be", "been", "to", "of", "in",
	"on", "at", "for", "and", "or", "but", "with", "what", "do", "does", "did", "can", "could", "should",
	"would", "if", "that", "this", "there", "then", "so", "as", "by", "from", "how", "when", "which",
	"who", "we", "you", "your", "our", "have", "has", "had", "not", "no", "any", "all", "will", "about",
	"into", "than", "just", "also", "because", "after", "before", "while", "up", "out", "one", "get",
	"happens", "happen", "ok", "allowed", "player", "players", "opponent", "judge", NULL };

static bool
is_stop(const char *w)
{
	for (int i = 0; stopw[i]; i++)
		if (strcmp(stopw[i], w) == 0)
			return true;
	return false;
}

struct pstem {
	struct sb_stemmer *st;
};

/* The stem of a lower-case word, irregular forms folded to their base first. */
static void
stem_word(struct sb_stemmer *st, const char *w, size_t n, struct sbuf *o)
{
	char buf[64];
	if (n >= sizeof buf)
		n = sizeof buf - 1;
	memcpy(buf, w, n);
	buf[n] = '\0';
	for (size_t i = 0; i < sizeof irregular / sizeof *irregular; i++) {
		const char *f = irregular[i];
		size_t bl = strcspn(f, " ");
		for (const char *p = f; *p;) {
			size_t l = strcspn(p, " ");
			if (l == n && strncmp(p, buf, n) == 0) {
				memcpy(buf, f, bl);
				buf[bl] = '\0';
				n = bl;
				goto stem;
			}
			p += l;
			while (*p == ' ')
				p++;
		}
	}
stem:;
	const sb_symbol *r = st ? sb_stemmer_stem(st, (const sb_symbol *)buf, (int)n) : NULL;
	sbuf_reset(o);
	if (r)
		sbuf_add(o, (const char *)r, (size_t)sb_stemmer_length(st));
	else
		sbuf_add(o, buf, n);
}

/* Split text into stems (stop words out when drop_stop); calls fn for each. */
static void
each_stem(struct sb_stemmer *st, const char *text, bool drop_stop,
    void (*fn)(void *, const char *, size_t), void *arg)
{
	struct sbuf w = {0}, s = {0};
	size_t pos = 0;
	for (const char *p = text; *p;) {
		if (!isalnum((unsigned char)*p)) {
			/* ’ inside a word: "player’s" */
			p++;
			continue;
		}
		sbuf_reset(&w);
		while (isalnum((unsigned char)*p) || (*p == '\'' && isalpha((unsigned char)p[1]))) {
			sbuf_addc(&w, (char)tolower((unsigned char)*p));
			p++;
		}
		if (strncmp(p, "\u2019s", 4) == 0)
			p += 4;
		size_t n = w.len;
		if (n > 2 && w.s[n - 2] == '\'' && w.s[n - 1] == 's')
			w.s[n -= 2] = '\0';
		if (drop_stop && is_stop(w.s))
			continue;
		stem_word(st, w.s, n, &s);
		fn(arg, s.s, pos++);
	}
	sbuf_free(&w);
	sbuf_free(&s);
}

/* --- the index ----------------------------------------------------------------------------------- */

struct term {
	char *stem;
	uint32_t *doc;          /* postings: section numbers */
	float *tf;              /* weighted frequency (title words count more) */
	size_t n, cap;
};

struct psec {
	const struct pol_doc *doc;
	size_t sec;
	float len;
	bool older;             /* an earlier edition */
};

struct pol_index {
	struct sb_stemmer *st;
	struct term *t;
	size_t nt, capt;        /* open addressing */
	struct psec *d;
	size_t nd, capd;
	double avglen;
	/* thesaurus: a phrase of the user's (stems) → words of the documents */
	struct syn { char *from; char *to; } *syn;
	size_t nsyn, capsyn;
	size_t matched_syn;     /* thesaurus entries the last query named */
};

static size_t
hash_s(const char *s)
{
	size_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static struct term *
term_get(struct pol_index *ix, const char *stem, bool add)
{
	if (ix->capt == 0) {
		if (!add)
			return NULL;
		ix->capt = 4096;
		ix->t = xcalloc(ix->capt, sizeof *ix->t);
	}
	if (add && (ix->nt + 1) * 2 > ix->capt) {
		struct term *old = ix->t;
		size_t oc = ix->capt;
		ix->capt *= 2;
		ix->t = xcalloc(ix->capt, sizeof *ix->t);
		for (size_t i = 0; i < oc; i++)
			if (old[i].stem) {
				size_t k = hash_s(old[i].stem) & (ix->capt - 1);
				while (ix->t[k].stem)
					k = (k + 1) & (ix->capt - 1);
				ix->t[k] = old[i];
			}
		free(old);
	}
	size_t k = hash_s(stem) & (ix->capt - 1);
	while (ix->t[k].stem) {
		if (strcmp(ix->t[k].stem, stem) == 0)
			return &ix->t[k];
		k = (k + 1) & (ix->capt - 1);
	}
	if (!add)
		return NULL;
	ix->t[k].stem = xstrdup(stem);
	ix->nt++;
	return &ix->t[k];
}

struct addctx {
	struct pol_index *ix;
	uint32_t doc;
	float w;
	float len;
};

static void
add_stem(void *arg, const char *stem, size_t pos)
{
	(void)pos;
	struct addctx *a = arg;
	struct term *t = term_get(a->ix, stem, true);
	if (t->n && t->doc[t->n - 1] == a->doc)
		t->tf[t->n - 1] += a->w;
	else {
		size_t c = t->cap;
		t->doc = xgrow(t->doc, &c, t->n + 1, sizeof *t->doc);
		t->tf = xgrow(t->tf, &t->cap, t->n + 1, sizeof *t->tf);
		t->doc[t->n] = a->doc;
		t->tf[t->n] = a->w;
		t->n++;
	}
	a->len += 1;
}

struct pol_index *
pol_index_new(void)
{
	struct pol_index *ix = xcalloc(1, sizeof *ix);
	ix->st = sb_stemmer_new("english", NULL);
	return ix;
}

void
pol_index_add(struct pol_index *ix, const struct pol_doc *doc, bool older)
{
	for (size_t i = 0; i < doc->nsec; i++) {
		ix->d = xgrow(ix->d, &ix->capd, ix->nd + 1, sizeof *ix->d);
		uint32_t id = (uint32_t)ix->nd++;
		ix->d[id].doc = doc;
		ix->d[id].sec = i;
		ix->d[id].older = older;
		struct addctx a = { ix, id, 4.0f, 0 };
		each_stem(ix->st, doc->sec[i].title, true, add_stem, &a);
		/* the definition and examples say what the infraction is: above the rest */
		a.w = 1.0f;
		for (int p = 0; p < PP_N; p++)
			if (doc->sec[i].parts[p]) {
				a.w = p == PP_DEFINITION || p == PP_EXAMPLES ? 1.5f : 1.0f;
				each_stem(ix->st, doc->sec[i].parts[p], true, add_stem, &a);
			}
		ix->d[id].len = a.len;
	}
	double tot = 0;
	for (size_t i = 0; i < ix->nd; i++)
		tot += ix->d[i].len;
	ix->avglen = ix->nd ? tot / (double)ix->nd : 1;
}

int
pol_index_thesaurus(struct pol_index *ix, const char *path, struct diags *d)
{
	FILE *f = sfile_fopen(path, 1u << 20);
	if (!f)
		return -1;
	struct sbuf b = {0};
	sbuf_read(&b, f, 1u << 20);
	fclose(f);
	struct decoded dec;
	if (text_decode((const unsigned char *)(b.s ? b.s : ""), b.len, path, &dec, d) != 0) {
		sbuf_free(&b);
		return -1;
	}
	sbuf_free(&b);
	int n = 0;
	unsigned no = 0;
	for (char *line = dec.text; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		char *s = line;
		line = nl ? nl + 1 : NULL;
		no++;
		while (*s == ' ')
			s++;
		if (!*s || *s == '#')
			continue;
		char *tab = strchr(s, '\t');
		if (!tab) {
			diag_add(d, DL_WARNING, path, no, (unsigned)strlen(s) + 1,
			    "a line has two fields separated by a tab: WHAT PLAYERS SAY, WORDS OF THE DOCUMENTS");
			diag_src(d, s, strlen(s));
			continue;
		}
		*tab = '\0';
		/* the left side, as stems, space-separated and bounded: " stem stem " */
		for (char *from = s; from && *from;) {
			char *bar = strchr(from, '|');
			if (bar)
				*bar = '\0';
			struct sbuf k = {0};
			struct { struct sbuf *o; } ctx = { &k };
			(void)ctx;
			struct sbuf st = {0};
			sbuf_addc(&k, ' ');
			for (const char *p = from; *p;) {
				while (*p && !isalnum((unsigned char)*p))
					p++;
				const char *w = p;
				while (isalnum((unsigned char)*p) || *p == '\'')
					p++;
				if (p == w)
					break;
				char low[64];
				size_t l = (size_t)(p - w) < sizeof low - 1 ? (size_t)(p - w) : sizeof low - 1;
				for (size_t i = 0; i < l; i++)
					low[i] = (char)tolower((unsigned char)w[i]);
				low[l] = '\0';
				stem_word(ix->st, low, l, &st);
				sbuf_addf(&k, "%s ", st.s);
			}
			sbuf_free(&st);
			if (k.len > 1) {
				ix->syn = xgrow(ix->syn, &ix->capsyn, ix->nsyn + 1, sizeof *ix->syn);
				ix->syn[ix->nsyn].from = sbuf_take(&k);
				ix->syn[ix->nsyn].to = xstrdup(tab + 1);
				ix->nsyn++;
				n++;
			} else
				sbuf_free(&k);
			from = bar ? bar + 1 : NULL;
		}
	}
	free(dec.text);
	return n;
}

void
pol_index_free(struct pol_index *ix)
{
	if (!ix)
		return;
	for (size_t i = 0; i < ix->capt; i++)
		if (ix->t[i].stem) {
			free(ix->t[i].stem);
			free(ix->t[i].doc);
			free(ix->t[i].tf);
		}
	free(ix->t);
	free(ix->d);
	for (size_t i = 0; i < ix->nsyn; i++) {
		free(ix->syn[i].from);
		free(ix->syn[i].to);
	}
	free(ix->syn);
	if (ix->st)
		sb_stemmer_delete(ix->st);
	free(ix);
}

/* --- queries -------------------------------------------------------------------------------------- */

struct qterm {
	char stem[64];
	float w;
};

struct qctx {
	struct qterm *v;
	size_t n, cap;
	float w;
	struct sbuf all;        /* " stem stem … " of the query, stop words kept */
};

static void
q_add(void *arg, const char *stem, size_t pos)
{
	(void)pos;
	struct qctx *q = arg;
	for (size_t i = 0; i < q->n; i++)
		if (strcmp(q->v[i].stem, stem) == 0) {
			if (q->v[i].w < q->w)
				q->v[i].w = q->w;
			return;
		}
	q->v = xgrow(q->v, &q->cap, q->n + 1, sizeof *q->v);
	snprintf(q->v[q->n].stem, sizeof q->v[q->n].stem, "%s", stem);
	q->v[q->n].w = q->w;
	q->n++;
}

static void
q_all(void *arg, const char *stem, size_t pos)
{
	(void)pos;
	struct sbuf *b = arg;
	sbuf_addf(b, "%s ", stem);
}

size_t
pol_index_run(struct pol_index *ix, const char *query, int kind_mask, struct pol_hit *out, size_t max)
{
	struct qctx q = {0};
	q.w = 1.0f;
	each_stem(ix->st, query, true, q_add, &q);
	/* the thesaurus: a phrase of the query's (all its stems, in order, stop words kept)
	 * brings in the documents' words for it */
	sbuf_addc(&q.all, ' ');
	each_stem(ix->st, query, false, q_all, &q.all);
	ix->matched_syn = 0;
	for (size_t i = 0; i < ix->nsyn; i++)
		if (strstr(q.all.s, ix->syn[i].from)) {
			q.w = 1.0f;
			each_stem(ix->st, ix->syn[i].to, true, q_add, &q);
			ix->matched_syn++;
		}
	sbuf_free(&q.all);
	float *score = xcalloc(ix->nd + 1, sizeof *score);
	const double k1 = 1.2, b = 0.75;
	for (size_t i = 0; i < q.n; i++) {
		struct term *t = term_get(ix, q.v[i].stem, false);
		if (!t)
			continue;
		double idf = log(1.0 + ((double)ix->nd - (double)t->n + 0.5) / ((double)t->n + 0.5));
		for (size_t k = 0; k < t->n; k++) {
			double tf = t->tf[k];
			double dl = ix->d[t->doc[k]].len;
			score[t->doc[k]] += (float)(q.v[i].w * idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / ix->avglen)));
		}
	}
	free(q.v);
	size_t n = 0;
	for (size_t d = 0; d < ix->nd; d++) {
		if (score[d] <= 0 || !(kind_mask & (1 << ix->d[d].doc->kind)))
			continue;
		if (ix->d[d].older && !(kind_mask & POL_MASK_OLD))
			continue;
		/* chapters and the front matter are where a question lands last */
		const struct pol_section *s = &ix->d[d].doc->sec[ix->d[d].sec];
		float sc = score[d] * (s->level == 0 ? 0.6f : 1.0f);
		/* appendices (the penalty quick reference, the changes) name every infraction
		 * and answer none; the JAR answers for Regular REL only */
		if (s->appendix)
			sc *= 0.5f;
		if (ix->d[d].doc->kind == POL_JAR)
			sc *= 0.8f;
		/* a floor call lands on an infraction: the sections that carry a penalty */
		if (s->penalty)
			sc *= 1.2f;
		/* the newest edition first; an old one answers where it says what the new does not */
		if (ix->d[d].older)
			sc *= 0.85f;
		/* insert sorted */
		size_t at = n < max ? n : max;
		while (at > 0 && out[at - 1].score < sc)
			at--;
		if (at >= max)
			continue;
		size_t mv = (n < max ? n : max - 1) - at;
		memmove(&out[at + 1], &out[at], mv * sizeof *out);
		out[at].doc = ix->d[d].doc;
		out[at].sec = ix->d[d].sec;
		out[at].score = sc;
		if (n < max)
			n++;
	}
	free(score);
	/* the same section in several editions (the same title) is one hit, at the best place,
	 * in the newest edition that has it */
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		const struct pol_section *s = &out[i].doc->sec[out[i].sec];
		size_t j = 0;
		while (j < k && !(out[j].doc != out[i].doc && out[j].doc->kind == out[i].doc->kind &&
		    strcasecmp(out[j].doc->sec[out[j].sec].title, s->title) == 0))
			j++;
		if (j == k)
			out[k++] = out[i];
		else if (strcmp(out[i].doc->date, out[j].doc->date) > 0) {
			out[j].doc = out[i].doc;
			out[j].sec = out[i].sec;
		}
	}
	return k;
}

size_t
pol_match(const struct pol_doc *doc, const char *query, int *out, double *score, size_t max)
{
	struct pol_index *ix = pol_index_new();
	pol_index_add(ix, doc, false);
	struct pol_hit *h = xcalloc(max + 1, sizeof *h);
	size_t n = pol_index_run(ix, query, ~0, h, max);
	for (size_t i = 0; i < n; i++) {
		out[i] = (int)h[i].sec;
		score[i] = h[i].score;
	}
	free(h);
	pol_index_free(ix);
	return n;
}

size_t
pol_index_matched_synonyms(const struct pol_index *ix)
{
	return ix->matched_syn;
}

double
pol_index_policy_odds(struct pol_index *ix, const char *query,
    uint32_t (*other_df)(void *ctx, const char *word, size_t n), void *ctx, uint32_t other_n,
    size_t *nwords)
{
	struct sbuf w = {0}, st = {0};
	double sum = 0;
	size_t counted = 0;
	for (const char *p = query; *p;) {
		if (!isalpha((unsigned char)*p)) {
			p++;
			continue;
		}
		sbuf_reset(&w);
		while (isalnum((unsigned char)*p) || (*p == '\'' && isalpha((unsigned char)p[1])))
			sbuf_addc(&w, (char)tolower((unsigned char)*p++));
		size_t n = w.len;
		if (n > 2 && w.s[n - 2] == '\'' && w.s[n - 1] == 's')
			w.s[n -= 2] = '\0';
		if (n < 2 || is_stop(w.s))
			continue;
		stem_word(ix->st, w.s, n, &st);
		struct term *t = term_get(ix, st.s, false);
		double mine = t ? (double)t->n : 0;
		/* the other side sees the word's base form, so "drew" counts its "draw" */
		uint32_t od = other_df(ctx, w.s, n);
		if (od == UINT32_MAX)
			continue;
		if (od == 0 && (od = other_df(ctx, st.s, st.len)) == UINT32_MAX)
			continue;
		double theirs = od;
		if (mine == 0 && theirs == 0)
			continue;
		/* a section is a hundred times longer than a rule: shares of the words written
		 * (documents holding it per word), not of documents */
		double v = log((mine + 0.5) / (ix->avglen * (double)ix->nd + 1)) - log((theirs + 0.5) / ((double)other_n + 1));
		/* one rare word (a card name an example happens to use) is not the whole question */
		sum += v > 2 ? 2 : v < -2 ? -2 : v;
		counted++;
	}
	sbuf_free(&w);
	sbuf_free(&st);
	if (nwords)
		*nwords = counted;
	/* more words say more, but not in proportion: a long question of game words with one
	 * tournament word is still about the tournament */
	return counted ? sum / sqrt((double)counted) : 0;
}
