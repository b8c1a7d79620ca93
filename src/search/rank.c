/* rank.c — parsing a search query and ranking documents for it: BM25F over title,
 * context and body fields, a bonus when the query names a rule's or term's title, a
 * proximity bonus, phrases, exclusions, filters, rule numbers, typos and regexes. */
#include "srch_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define QUERY_MAX 4096       /* bytes; longer input is refused, not searched */
#define QMAX_CL 48           /* clauses (qmask is 64 bits wide) */
#define QMAX_ALT 12
#define QMAX_PH 8
#define QMAX_PHW 12
#define QMAX_WORDS 256
#define TOPK 60              /* candidates that get the proximity pass */
#define SIT_MATCH_MAX 64     /* situations a query may name */

/* Field weights and length normalisation: a rule title or glossary head is worth
 * several body mentions, and so is the context (the titles of the rules a subrule sits
 * in): judges name the topic ("hexproof", "cleanup step") and then the case, and the
 * answer is a subrule of the rule the topic names, whose body rarely repeats it. */
static float FW[NF] = { 5.0f, 6.0f, 1.0f };
static float FB[NF] = { 0.5f, 0.3f, 0.75f };
static float K1 = 1.8f;
static float KINDW[SK_NKINDS] = { 1.6f, 0.55f, 0.6f, 0.9f };
static float P_VARIANT = 0.65f, P_COORD = 0.56f, P_PROX = 0.6f, P_TRULE = 3.0f, P_TGLOSS = 1.2f, P_BACK = 0.15f, P_TONLY = 0.7f, P_TONLYW = 0.3f, P_FIRST = 1.2f, P_GREF = 1.0f, P_QUESTION = 1, P_GENN = 0.15f, P_DEF = 1.5f, P_GENL = 0.1f, P_PRIORMAX = 2, P_FIRST1 = 1.1f, P_EXR = 0.2f, P_GREFS = 0.4f, P_PDEF = 0.6f, P_PDEFN = 6, P_FIRSTC = 1, P_SIT = 0.95f, P_SITS = 0.3f, P_SITF = 1.0f, P_SITN = 4;
#ifdef SRCH_TUNE
/* For re-tuning the weights against tests/search/questions.tsv without rebuilding:
 * make CFLAGS=-DSRCH_TUNE, then SRCH_P="k1=1.5,fwc=3" judge search --bench FILE. */
static void
tune(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	const char *e = getenv("SRCH_P");
	if (!e)
		return;
	struct { const char *k; float *v; } t[] = {
		{"fwt", &FW[0]}, {"fwc", &FW[1]}, {"fwb", &FW[2]}, {"fbt", &FB[0]}, {"fbc", &FB[1]}, {"fbb", &FB[2]},
		{"k1", &K1}, {"kr", &KINDW[0]}, {"kg", &KINDW[1]}, {"ke", &KINDW[2]}, {"var", &P_VARIANT},
		{"coord", &P_COORD}, {"prox", &P_PROX}, {"trule", &P_TRULE}, {"tgloss", &P_TGLOSS}, {"back", &P_BACK}, {"tonly", &P_TONLY}, {"tonlyw", &P_TONLYW}, {"first", &P_FIRST}, {"gref", &P_GREF}, {"question", &P_QUESTION}, {"genn", &P_GENN}, {"def", &P_DEF}, {"genl", &P_GENL}, {"priormax", &P_PRIORMAX}, {"first1", &P_FIRST1}, {"exr", &P_EXR}, {"grefs", &P_GREFS}, {"pdef", &P_PDEF}, {"pdefn", &P_PDEFN}, {"firstc", &P_FIRSTC}, {"sit", &P_SIT}, {"sits", &P_SITS}, {"sitf", &P_SITF}, {"sitn", &P_SITN},
	};
	char buf[512];
	snprintf(buf, sizeof buf, "%s", e);
	for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
		char *eq = strchr(tok, '=');
		if (!eq)
			continue;
		*eq = 0;
		for (size_t i = 0; i < sizeof t / sizeof *t; i++)
			if (strcmp(t[i].k, tok) == 0)
				*t[i].v = strtof(eq + 1, NULL);
	}
}
#endif

#ifdef SRCH_TUNE
/* SRCH_DEBUG=1: the parts of each shown hit's score, on stderr */
static struct sdbg {
	float bm, gref, tb, prox;
} *dbg;
#define DBG(dd, f, v) do { if (dbg) dbg[dd].f += (v); } while (0)
#else
#define DBG(dd, f, v) ((void)0)
#endif

struct qalt {
	uint32_t term;
	float w;
};

struct qclause {
	struct qalt alt[QMAX_ALT];
	uint8_t nalt;
	bool expansion;          /* added by the thesaurus */
	uint8_t group;           /* the concept it stands for: a word typed, with its slang's
	                          * expansion, or an idiom replaced by its expansion */
	float weight;
	float idf;               /* of the first alternative */
};

struct qphrase {
	uint32_t t[QMAX_PHW];
	uint8_t n;
	bool exclude;
};

/* A word of the query as typed, before it becomes clauses. */
struct qword {
	char f[WORD_MAX];
	uint8_t flen;
	bool prefix, stop, noise, num, covered, replaced;
	uint16_t th_first, th_n;  /* thesaurus entries whose slang starts here */
	char stem[WORD_MAX];
	uint8_t slen;
	unsigned col;
};

struct query {
	struct qclause cl[QMAX_CL];
	size_t ncl;
	struct qphrase ph[QMAX_PH];
	size_t nph;
	uint32_t excl[32];
	size_t nexcl;
	jrid rules[8];
	size_t nrules;
	unsigned kindmask;       /* 0 = any kind */
	jrid in[8];
	size_t nin;
	bool has_re;
	bool question;           /* typed as a question ("how does cycling work") */
	bool define;             /* asks what something is ("what is ward", "how does kicker work") */
	size_t ngroup;           /* concepts, for coordination */
	size_t nw;
	struct qword w[QMAX_WORDS];
};

static bool
is_word(const char *f, const char *w)
{
	return strcmp(f, w) == 0;
}

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static unsigned
col_at(const char *q, size_t off)
{
	unsigned c = 1;
	for (size_t i = 0; i < off && q[i]; i++)
		if (((unsigned char)q[i] & 0xC0) != 0x80)
			c++;
	return c;
}

static void
qerr(struct diags *d, const char *q, size_t off, const char *hint, const char *msg)
{
	diag_add(d, DL_ERROR, "query", 1, col_at(q, off), "%s", msg);
	if (hint)
		diag_hint(d, "%s", hint);
	size_t n = strlen(q);
	diag_src(d, q, n > 200 ? 200 : n);
}

static float
idf_of(const struct srch *s, uint32_t t)
{
	double N = (double)s->ndocs, df = s->terms[t].df;
	return (float)log(1.0 + (N - df + 0.5) / (df + 0.5));
}

static bool
term_used(const struct query *q, uint32_t t)
{
	for (size_t c = 0; c < q->ncl; c++)
		for (size_t a = 0; a < q->cl[c].nalt; a++)
			if (q->cl[c].alt[a].term == t)
				return true;
	return false;
}

static struct qclause *
new_clause(struct query *q, bool expansion, float weight)
{
	if (q->ncl >= QMAX_CL)
		return NULL;
	struct qclause *c = &q->cl[q->ncl];
	memset(c, 0, sizeof *c);
	c->expansion = expansion;
	c->weight = weight;
	return c;
}

static void
clause_add(struct query *q, struct qclause *c, uint32_t t, float w)
{
	if (!c || c->nalt >= QMAX_ALT || t == UINT32_MAX || term_used(q, t))
		return;
	for (size_t a = 0; a < c->nalt; a++)
		if (c->alt[a].term == t)
			return;
	c->alt[c->nalt].term = t;
	c->alt[c->nalt].w = w;
	c->nalt++;
}

static void
clause_commit(struct srch *s, struct query *q, struct qclause *c)
{
	if (!c || c->nalt == 0)
		return;
	c->idf = idf_of(s, c->alt[0].term);
	q->ncl++;
}

/* The best typo candidates for an unknown word: words at the smallest Damerau distance
 * (1 for short words, up to 2 for longer), most common first. */
static size_t
typo_terms(struct srch *s, const char *w, size_t n, uint32_t *terms, float *wts, size_t cap)
{
	if (n < 4)
		return 0;
	int maxd = n >= 7 ? 2 : 1;
	uint32_t cand[8];
	int dist[8];
	size_t k = srch_near_words(s, w, n, maxd, cand, dist, 8), out = 0;
	for (size_t i = 0; i < k && out < cap; i++) {
		if (dist[i] != dist[0])
			break;
		uint32_t t = s->words[cand[i]].term;
		size_t j;
		for (j = 0; j < out && terms[j] != t; j++)
			;
		if (j < out)
			continue;
		terms[out] = t;
		wts[out] = dist[i] == 1 ? 0.8f : 0.55f;
		out++;
		if (out == 3)
			break;
	}
	return out;
}

/* The term for a folded word: itself, else its best typo candidate. */
static uint32_t
word_term(struct srch *s, const char *f, size_t n)
{
	uint32_t t = srch_term_of(s, f, n);
	if (t != UINT32_MAX && s->terms[t].df > 0)
		return t;
	uint32_t tt[3];
	float ww[3];
	return typo_terms(s, f, n, tt, ww, 3) ? tt[0] : UINT32_MAX;
}

/* Does the release have a rule with this id? */
static bool
have_rule(const struct srch *s, jrid id)
{
	return srch_rule_doc(s, id) != UINT32_MAX;
}

/* Stop words that make a sentence a question ("do turn-based actions use the stack"). */
static bool
is_question_word(const char *f)
{
	static const char *const qw[] = {
		"are", "could", "did", "do", "does", "how", "is", "was", "were", "what", "when",
		"where", "which", "who", "whom", "whose", "why", "will", "would",
	};
	for (size_t i = 0; i < sizeof qw / sizeof *qw; i++)
		if (strcmp(f, qw[i]) == 0)
			return true;
	return false;
}

static void
add_words(struct srch *s, struct query *q, const char *text, size_t n, size_t base, bool prefix_last,
    const char *qs)
{
	size_t pos = 0;
	struct stok t;
	while (stok_next(text, n, &pos, &t)) {
		if (q->nw >= QMAX_WORDS)
			return;
		struct qword *w = &q->w[q->nw++];
		memset(w, 0, sizeof *w);
		memcpy(w->f, t.f, t.flen + 1);
		w->flen = (uint8_t)t.flen;
		w->num = t.num;
		w->stop = srch_is_stop(t.f, t.flen);
		w->noise = srch_is_query_noise(t.f, t.flen);
		w->prefix = prefix_last && pos >= n;
		w->col = col_at(qs, base + t.start);
		w->slen = (uint8_t)srch_stem(s, t.f, t.flen, w->stem, sizeof w->stem);
		/* a question wants the text that answers it, not a bare heading */
		if (w->noise || (w->stop && is_question_word(w->f)))
			q->question = true;
		if (is_word(w->f, "explain") || is_word(w->f, "define") || is_word(w->f, "definition") ||
		    ((is_word(w->f, "is") || is_word(w->f, "are")) && q->nw >= 2 &&
		    is_word(q->w[q->nw - 2].f, "what")))
			q->define = true;
	}
}

/* "how does kicker work", "what does ETB mean", "what does it mean to tap" ask for a
 * definition; "does lifelink work with noncombat damage" asks about a case: the verb
 * must end the question. */
static void
define_verb(struct query *q)
{
	for (size_t i = 0; i < q->nw; i++) {
		const char *f = q->w[i].f;
		if (!is_word(f, "work") && !is_word(f, "works") && !is_word(f, "mean") && !is_word(f, "means"))
			continue;
		size_t k = i + 1;
		while (k < q->nw && (q->w[k].stop || q->w[k].noise))
			k++;
		/* or "what does it mean to tap something" */
		if (k == q->nw || (f[0] == 'm' && i + 1 < q->nw && is_word(q->w[i + 1].f, "to")))
			q->define = true;
	}
}

/* Find thesaurus slang starting at word i (longest first) and remember it. */
static void
match_thesaurus(struct srch *s, struct query *q, size_t i, struct sbuf *key)
{
	for (size_t len = SLANG_MAXW; len >= 1; len--) {
		if (i + len > q->nw)
			continue;
		sbuf_reset(key);
		for (size_t k = 0; k < len; k++) {
			if (k)
				sbuf_addc(key, ' ');
			sbuf_add(key, q->w[i + k].stem, q->w[i + k].slen);
		}
		size_t first, nf = srch_thes_find(s, key->s, key->len, &first);
		if (nf == 0)
			continue;
		/* slang of several words is an idiom: its own words would mislead ("instant
		 * speed" is not about the speed mechanic), so the expansion replaces them */
		for (size_t k = 0; k < len; k++) {
			q->w[i + k].covered = true;
			q->w[i + k].replaced = len > 1;
		}
		q->w[i].th_first = (uint16_t)first;
		q->w[i].th_n = (uint16_t)(nf > 8 ? 8 : nf);
		return;
	}
}

/* Add what the slang at word i stands for, after the word's own clause. */
static void
expand_thesaurus(struct srch *s, struct query *q, size_t i)
{
	for (size_t e = q->w[i].th_first; e < (size_t)q->w[i].th_first + q->w[i].th_n; e++) {
		const char *to = s->thes[e].to;
		size_t pos = 0, n = strlen(to), nt = 0;
		struct stok t;
		uint32_t terms[16];
		while (stok_next(to, n, &pos, &t) && nt < 16) {
			if (srch_is_stop(t.f, t.flen))
				continue;
			uint32_t term = srch_term_of(s, t.f, t.flen);
			if (term != UINT32_MAX && s->terms[term].df > 0)
				terms[nt++] = term;
		}
		/* a long expansion must not outweigh the rest of the question */
		float w = nt <= 2 ? 0.9f : 1.8f / (float)nt;
		for (size_t k = 0; k < nt; k++) {
			struct qclause *c = new_clause(q, true, w);
			clause_add(q, c, terms[k], 1.0f);
			clause_commit(s, q, c);
		}
	}
}

static bool
parse_filter(struct query *q, const char *v, size_t n)
{
	static const struct { const char *name; unsigned mask; } kinds[] = {
		{ "rules", 1u << SK_RULE }, { "rule", 1u << SK_RULE }, { "cr", 1u << SK_RULE },
		{ "glossary", 1u << SK_GLOSSARY }, { "gloss", 1u << SK_GLOSSARY },
		{ "examples", 1u << SK_EXAMPLE }, { "example", 1u << SK_EXAMPLE }, { "ex", 1u << SK_EXAMPLE },
		{ "textbook", 1u << SK_TEXTBOOK }, { "book", 1u << SK_TEXTBOOK },
	};
	for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
		if (strlen(kinds[k].name) == n && strncasecmp(kinds[k].name, v, n) == 0) {
			q->kindmask |= kinds[k].mask;
			return true;
		}
	}
	char buf[32];
	if (n == 0 || n >= sizeof buf)
		return false;
	memcpy(buf, v, n);
	buf[n] = '\0';
	jrid id = jrid_from_str(buf);
	if (id == JRID_NONE || q->nin >= 8)
		return false;
	q->in[q->nin++] = id;
	return true;
}

static bool
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Curly or straight double quote at q[i]: its length in bytes, else 0. */
static size_t
quote_len(const char *q, size_t i)
{
	if (q[i] == '"')
		return 1;
	if ((unsigned char)q[i] == 0xE2 && (unsigned char)q[i + 1] == 0x80 &&
	    ((unsigned char)q[i + 2] == 0x9C || (unsigned char)q[i + 2] == 0x9D))
		return 3;
	return 0;
}

/* Is f (n bytes) an inflection of the verb kw: "sacrificed", "sacrificing" of
 * "sacrifice", "exiled" of "exile"? */
static bool
inflects(const char *kw, const char *f, size_t n)
{
	static const char *const suf[] = { "d", "ed", "es", "ing", "s" };
	size_t kl = strlen(kw);
	for (size_t k = 0; k < sizeof suf / sizeof *suf; k++) {
		size_t sl = strlen(suf[k]);
		/* "sacrific" + "ing" for a verb ending in e */
		size_t base = kl > 1 && kw[kl - 1] == 'e' && suf[k][0] != 'd' && suf[k][0] != 's' ? kl - 1 : kl;
		if (base + sl == n && memcmp(f, kw, base) == 0 && memcmp(f + base, suf[k], sl) == 0)
			return true;
	}
	return false;
}

/* Keyword names have their own terms ("=sacrifice"), kept apart from their stem's other
 * words; but the verbs' inflections stem elsewhere ("sacrificed" to "sacrif") and mean
 * the same action. Add the keyword's term and its inflections' terms to the clause. */
static void
keyword_forms(struct srch *s, struct query *q, struct qclause *c, const struct qword *qw)
{
	static const char *const suf[] = { "d", "ed", "es", "ing", "s" };
	char buf[WORD_MAX + 8];
	for (size_t k = 0; k < s->nkw; k++) {
		const char *kw = s->kw[k].word;
		size_t kl = strlen(kw);
		bool is_kw = kl == qw->flen && memcmp(kw, qw->f, kl) == 0;
		if (!is_kw && !inflects(kw, qw->f, qw->flen))
			continue;
		if (!is_kw && kl + 1 < sizeof buf) {
			buf[0] = '=';
			memcpy(buf + 1, kw, kl + 1);
			clause_add(q, c, srch_term_lookup(s, buf, kl + 1), 1.0f);
		}
		for (size_t j = 0; j < sizeof suf / sizeof *suf; j++) {
			size_t base = kw[kl - 1] == 'e' && suf[j][0] != 'd' && suf[j][0] != 's' ? kl - 1 : kl;
			size_t sl = strlen(suf[j]);
			if (base + sl >= sizeof buf)
				continue;
			memcpy(buf, kw, base);
			memcpy(buf + base, suf[j], sl + 1);
			/* only forms the rules use: "defendering" would stem to "defend" */
			uint32_t v = shash_get(s, &s->wordh, buf, base + sl, true);
			if (v != UINT32_MAX && s->terms[s->words[v].term].df > 0)
				clause_add(q, c, s->words[v].term, 1.0f);
		}
		return;
	}
}

/* Irregular verbs: the stemmer leaves "paid" apart from "pay", "dealt" from "deal".
 * Forms of one verb, separated by spaces, one verb a line. ("left" is not here: it is
 * as often what remains as what leaves.) */
static const char *const irregular[] = {
	"pay paid", "deal dealt", "lose lost", "choose chose chosen", "draw drew drawn",
	"take took taken", "give gave given", "become became", "win won", "begin began begun",
	"hold held", "come came", "see saw seen", "fight fought", "bring brought",
	"keep kept", "make made", "find found", "go went gone",
};

/* Small numbers, which the rules write both ways ("0 or less life", "two or more
 * creatures") and players too ("went to zero", "2 blockers"). Not "one": "1" is in
 * every +1/+1, and "one" in every "one or more". */
static const char *const numbers[] = {
	"zero 0", "two 2", "three 3", "four 4", "five 5", "six 6", "seven 7", "eight 8",
	"nine 9", "ten 10",
};

/* Add the other spellings of a word from a table of forms (irregular verbs, numbers),
 * as the rules spell them, to the clause. */
static void
table_forms(struct srch *s, struct query *q, struct qclause *c, const struct qword *qw,
    const char *const *table, size_t ntable)
{
	for (size_t i = 0; i < ntable; i++) {
		const char *v = table[i];
		bool in = false;
		for (const char *w = v; *w;) {
			size_t n = strcspn(w, " ");
			if (n == qw->flen && memcmp(w, qw->f, n) == 0)
				in = true;
			w += n + (w[n] == ' ');
		}
		if (!in)
			continue;
		for (const char *w = v; *w;) {
			size_t n = strcspn(w, " ");
			uint32_t k = shash_get(s, &s->wordh, w, n, true);
			if (k != UINT32_MAX && !s->words[k].stop && s->terms[s->words[k].term].df > 0)
				clause_add(q, c, s->words[k].term, 1.0f);
			w += n + (w[n] == ' ');
		}
		return;
	}
}

static void
irregular_forms(struct srch *s, struct query *q, struct qclause *c, const struct qword *qw)
{
	table_forms(s, q, c, qw, irregular, sizeof irregular / sizeof *irregular);
}

static void
number_forms(struct srch *s, struct query *q, struct qclause *c, const struct qword *qw)
{
	table_forms(s, q, c, qw, numbers, sizeof numbers / sizeof *numbers);
}

/* The clause for one plain word: a rule number, a prefix, the word, or its typos. */
static bool
word_clause(struct srch *s, struct query *q, struct qword *qw)
{
	if (qw->num && (strchr(qw->f, '.') || qw->flen == 3)) {
		jrid id = jrid_from_str(qw->f);
		if (id != JRID_NONE && have_rule(s, id) && q->nrules < 8)
			q->rules[q->nrules++] = id;
	}
	if (qw->stop || qw->noise || qw->replaced)
		return true;
	if (qw->prefix) {
		if (qw->flen < 2)
			return false;
		uint32_t terms[QMAX_ALT];
		size_t nt = srch_prefix_terms(s, qw->f, qw->flen, terms, QMAX_ALT);
		struct qclause *c = new_clause(q, false, 1.0f);
		for (size_t a = 0; a < nt; a++)
			clause_add(q, c, terms[a], 1.0f);
		clause_commit(s, q, c);
		return true;
	}
	uint32_t t = srch_term_of(s, qw->f, qw->flen);
	if (t != UINT32_MAX && s->terms[t].df > 0) {
		struct qclause *c = new_clause(q, false, 1.0f);
		clause_add(q, c, t, 1.0f);
		keyword_forms(s, q, c, qw);
		irregular_forms(s, q, c, qw);
		number_forms(s, q, c, qw);
		clause_commit(s, q, c);
		return true;
	}
	if (qw->covered || qw->num)
		return true;
	/* "drew": a form the rules never use, of a verb they do */
	struct qclause *ic = new_clause(q, false, 1.0f);
	irregular_forms(s, q, ic, qw);
	if (ic && ic->nalt) {
		clause_commit(s, q, ic);
		return true;
	}
	uint32_t terms[3];
	float wts[3];
	size_t nt = typo_terms(s, qw->f, qw->flen, terms, wts, 3);
	struct qclause *c = new_clause(q, false, 1.0f);
	for (size_t a = 0; a < nt; a++)
		clause_add(q, c, terms[a], wts[a]);
	clause_commit(s, q, c);
	return true;
}

static bool
parse_query(struct srch *s, const char *qs, struct query *q, struct diags *d)
{
	size_t n = strlen(qs), i = 0;
	memset(q, 0, offsetof(struct query, w));
	if (n > QUERY_MAX) {
		diag_add(d, DL_ERROR, "query", 0, 0,
		    "the query is too long (%zu bytes; search reads at most %d)", n, QUERY_MAX);
		diag_hint(d, "ask with a few words, e.g. judge search \"trample deathtouch\"");
		return false;
	}
	size_t k = 0;
	while (k < n && is_space(qs[k]))
		k++;
	if (k == n) {
		diag_add(d, DL_ERROR, "query", 0, 0, "the query is empty");
		diag_hint(d, "give words to look for, e.g. judge search \"lethal damage\" -n 5");
		return false;
	}
	while (i < n) {
		while (i < n && is_space(qs[i]))
			i++;
		if (i >= n)
			break;
		bool neg = false;
		/* "-word" excludes; "-1/-1" is a counter, not an exclusion */
		if (qs[i] == '-' && i + 1 < n && !is_space(qs[i + 1]) &&
		    !(qs[i + 1] >= '0' && qs[i + 1] <= '9') && qs[i + 1] != 'X' && qs[i + 1] != '-') {
			neg = true;
			i++;
		}
		size_t ql = quote_len(qs, i);
		if (ql) {
			size_t b = i + ql, e = b;
			while (e < n && !quote_len(qs, e))
				e++;
			size_t after = e < n ? e + quote_len(qs, e) : n;
			/* a phrase: its words must sit next to each other */
			if (q->nph < QMAX_PH) {
				struct qphrase *ph = &q->ph[q->nph];
				memset(ph, 0, sizeof *ph);
				ph->exclude = neg;
				size_t pos = 0;
				struct stok t;
				while (stok_next(qs + b, e - b, &pos, &t)) {
					if (srch_is_stop(t.f, t.flen) || ph->n >= QMAX_PHW)
						continue;
					uint32_t term = word_term(s, t.f, t.flen);
					if (term == UINT32_MAX) {
						/* a word the rules never use: the phrase cannot match */
						ph->t[0] = UINT32_MAX;
						ph->n = 1;
						break;
					}
					ph->t[ph->n++] = term;
				}
				if (ph->n > 0)
					q->nph++;
				if (!neg)
					add_words(s, q, qs + b, e - b, b, false, qs);
			}
			i = after;
			continue;
		}
		if (qs[i] == '/' && !neg) {
			/* a regex runs to the next unescaped slash; letters after it are flags */
			size_t e = i + 1;
			while (e < n && qs[e] != '/') {
				if (qs[e] == '\\' && e + 1 < n)
					e++;
				e++;
			}
			if (e >= n) {
				qerr(d, qs, i, "end the pattern with a slash, e.g. /lethal\\s+damage/ (write \\/ for a slash inside it)",
				    "this regular expression has no closing '/'");
				return false;
			}
			bool caseless = true;
			size_t f = e + 1;
			while (f < n && !is_space(qs[f])) {
				if (qs[f] == 'c')
					caseless = false;
				else if (qs[f] == 'i')
					caseless = true;
				else {
					qerr(d, qs, f, "flags after a regex: c (case-sensitive) or i (ignore case, the default)",
					    "unknown regex flag");
					return false;
				}
				f++;
			}
			if (q->has_re) {
				qerr(d, qs, i, "combine the patterns with | inside one /.../", "only one regex per query");
				return false;
			}
			int code;
			size_t off;
			char msg[256];
			if (s->re) {
				sregex_free(s->re);
				s->re = NULL;
			}
			s->re = sregex_compile(qs + i + 1, e - i - 1, caseless, &code, &off, msg, sizeof msg);
			if (!s->re) {
				char m[320];
				snprintf(m, sizeof m, "bad regular expression: %s", msg);
				qerr(d, qs, i + 1 + off, "regexes are PCRE2 (Perl syntax); escape special characters with \\", m);
				return false;
			}
			q->has_re = true;
			i = f;
			continue;
		}
		size_t e = i;
		while (e < n && !is_space(qs[e]) && !quote_len(qs, e))
			e++;
		if (!neg && e - i > 3 && strncasecmp(qs + i, "in:", 3) == 0) {
			if (!parse_filter(q, qs + i + 3, e - i - 3)) {
				qerr(d, qs, i + 3, "in: takes a rule number (in:702, in:7) or glossary, rules, examples, textbook",
				    "unknown filter");
				return false;
			}
			i = e;
			continue;
		}
		if (neg) {
			size_t pos = 0;
			struct stok t;
			while (stok_next(qs + i, e - i, &pos, &t)) {
				uint32_t term = srch_term_of(s, t.f, t.flen);
				if (term != UINT32_MAX && q->nexcl < 32)
					q->excl[q->nexcl++] = term;
			}
			i = e;
			continue;
		}
		bool prefix = e > i && qs[e - 1] == '*';
		add_words(s, q, qs + i, e - i, i, prefix, qs);
		i = e;
	}
	define_verb(q);
	/* words -> clauses, in query order, with thesaurus expansions where slang sits */
	struct sbuf key = {0};
	for (size_t w = 0; w < q->nw; w++)
		if (!q->w[w].covered && !q->w[w].prefix)
			match_thesaurus(s, q, w, &key);
	/* the typed words first, then what their slang stands for: a word the user typed
	 * is theirs even when an earlier slang's expansion holds it too ("exiled until it
	 * leaves the battlefield": "leaves" and "battlefield" are typed, not just part of
	 * what "exile until" stands for) */
	uint16_t t0[QMAX_WORDS], t1[QMAX_WORDS];
	for (size_t w = 0; w < q->nw; w++) {
		t0[w] = (uint16_t)q->ncl;
		if (!word_clause(s, q, &q->w[w])) {
			sbuf_free(&key);
			qerr(d, qs, 0, "give at least two letters before the *", "a prefix search needs a longer prefix");
			return false;
		}
		t1[w] = (uint16_t)q->ncl;
	}
	for (size_t w = 0; w < q->nw; w++) {
		size_t e0 = q->ncl;
		expand_thesaurus(s, q, w);
		/* one concept: the word and what its slang stands for, or an idiom's expansion */
		if ((t1[w] > t0[w] || q->ncl > e0) && q->ngroup < 255) {
			for (size_t c = t0[w]; c < t1[w]; c++)
				q->cl[c].group = (uint8_t)q->ngroup;
			for (size_t c = e0; c < q->ncl; c++)
				q->cl[c].group = (uint8_t)q->ngroup;
			q->ngroup++;
		}
	}
	sbuf_free(&key);
	return true;
}

static bool
kind_ok(const struct query *q, const struct sdoc *d)
{
	if (q->kindmask == 0 && q->nin == 0)
		return true;
	if (q->kindmask & (1u << d->kind))
		return true;
	if (d->rid)
		for (size_t k = 0; k < q->nin; k++)
			if (jrid_within(d->rid, q->in[k]))
				return true;
	return false;
}

static bool
has_phrase(const struct srch *s, const struct sdoc *d, const struct qphrase *ph)
{
	if (ph->n == 0 || ph->t[0] == UINT32_MAX)
		return false;
	const uint32_t *tk = s->toks + d->tok;
	for (uint32_t k = 0; k + ph->n <= d->ntok; k++) {
		uint8_t j;
		for (j = 0; j < ph->n && tk[k + j] == ph->t[j]; j++)
			;
		if (j == ph->n)
			return true;
	}
	return false;
}

/* Does the regex match the document's title or body? -1 when it gave up. */
static int
re_count(struct srch *s, const struct sdoc *d, int max, bool *in_title, char *msg, size_t msgcap)
{
	int k = 0;
	*in_title = false;
	const char *fields[2] = { d->title, d->body };
	for (int f = 0; f < 2 && k < max; f++) {
		if (!fields[f])
			continue;
		size_t n = strlen(fields[f]), pos = 0, so, eo;
		while (k < max) {
			int r = sregex_find(s->re, fields[f], n, pos, &so, &eo, msg, msgcap);
			if (r < 0)
				return -1;
			if (r == 0)
				break;
			k++;
			if (f == 0)
				*in_title = true;
			if (eo <= pos)
				eo = pos + 1;
			pos = eo;
			if (pos > n)
				break;
		}
	}
	return k;
}

/* The bonus for query words that occur near each other in the document, in order or
 * (counted a word further apart) the other way round. */
static float
proximity(const struct srch *s, const struct sdoc *d, const struct query *q)
{
	int last[QMAX_CL];
	uint8_t best[QMAX_CL];
	for (size_t c = 0; c < q->ncl; c++) {
		last[c] = -100;
		best[c] = 255;
	}
	const uint32_t *tk = s->toks + d->tok;
	for (uint32_t k = 0; k < d->ntok; k++) {
		/* bit 63 marks phrase words, which have no clause */
		uint64_t m = s->qmask[tk[k]] & ((1ull << q->ncl) - 1);
		while (m) {
			int c = __builtin_ctzll(m);
			m &= m - 1;
			last[c] = (int)k;
			if (c > 0 && last[c - 1] >= 0) {
				int dist = (int)k - last[c - 1];
				if (dist > 0 && dist <= 3 && dist < best[c])
					best[c] = (uint8_t)dist;
			}
			/* the pair the other way round ("blocker ... attacking" for "attacker's
			 * blocker"), a word further off */
			if (c + 1 < (int)q->ncl && last[c + 1] >= 0) {
				int dist = (int)k - last[c + 1];
				if (dist > 0 && dist <= 3 && dist + 1 < best[c + 1])
					best[c + 1] = (uint8_t)(dist + 1);
			}
		}
	}
	float b = 0;
	for (size_t c = 1; c < q->ncl; c++) {
		if (best[c] == 255)
			continue;
		float lo = q->cl[c].idf < q->cl[c - 1].idf ? q->cl[c].idf : q->cl[c - 1].idf;
		b += P_PROX * lo / (float)best[c];
	}
	return b;
}

/* The query's concepts, for coordination: per group, the clauses of its typed word and
 * of its thesaurus expansion, and the expansion's idf in all. */
struct qgroups {
	size_t n;
	uint64_t typed[QMAX_CL], exp[QMAX_CL];
	float expidf[QMAX_CL];
};

static void
groups_of(const struct query *q, struct qgroups *g)
{
	memset(g, 0, sizeof *g);
	g->n = q->ngroup < QMAX_CL ? q->ngroup : QMAX_CL;
	for (size_t c = 0; c < q->ncl; c++) {
		const struct qclause *cl = &q->cl[c];
		if (cl->group >= g->n)
			continue;
		if (cl->expansion) {
			g->exp[cl->group] |= 1ull << c;
			g->expidf[cl->group] += cl->idf;
		} else {
			g->typed[cl->group] |= 1ull << c;
		}
	}
}

/* How many of the query's concepts a document answers: a concept whose typed word
 * matched counts whole; one the document meets only through the thesaurus counts for
 * the share (by idf) of the expansion's words it holds. */
static float
coverage(const struct query *q, const struct qgroups *g, uint64_t cmask)
{
	float n = 0;
	for (size_t k = 0; k < g->n; k++) {
		if (cmask & g->typed[k]) {
			n += 1;
			continue;
		}
		uint64_t m = cmask & g->exp[k];
		if (!m || g->expidf[k] <= 0)
			continue;
		float hit = 0;
		while (m) {
			int c = __builtin_ctzll(m);
			m &= m - 1;
			hit += q->cl[c].idf;
		}
		n += hit / g->expidf[k];
	}
	return n;
}

/* Does a core rule restate itself for a variant ("502.2a Multiplayer games using the
 * shared team turns option use a modified rule", "119.1c In a Commander game, ...")? */
static bool
variant_case(const struct sdoc *doc)
{
	static const char *const open[] = {
		"In a multiplayer game", "Multiplayer games", "In multiplayer games", "In a Two-Headed Giant game",
		"In a Commander game", "In a game using the shared team turns option",
	};
	if (doc->kind != SK_RULE || !doc->body || (doc->body[0] != 'I' && doc->body[0] != 'M'))
		return false;
	for (size_t i = 0; i < sizeof open / sizeof *open; i++)
		if (strncmp(doc->body, open[i], strlen(open[i])) == 0)
			return true;
	return false;
}

/* Does the query name a variant or a multiplayer game ("2HG", "in commander", "my
 * teammate")? Then the variants' own rules are what it asks for. */
static bool
names_variant(const struct srch *s, const struct query *q)
{
	static const char *const stems[] = { "multiplay", "team", "teammat", "=commander", "commander", "edh", "giant", "brawl" };
	for (size_t c = 0; c < q->ncl; c++)
		for (size_t a = 0; a < q->cl[c].nalt; a++) {
			const char *st = s->terms[q->cl[c].alt[a].term].stem;
			for (size_t i = 0; i < sizeof stems / sizeof *stems; i++)
				if (strcmp(st, stems[i]) == 0)
					return true;
		}
	return false;
}

/* Is the rule's parent a titled rule or section (702.33a under "702.33. Kicker", 111.1
 * under "111. Tokens"), so that the rule opens what the title names? */
static bool
parent_titled(const struct srch *s, const struct sdoc *doc)
{
	uint32_t pd = srch_rule_doc(s, jrid_parent(doc->rid));
	return pd != UINT32_MAX && s->docs[pd].title && s->docs[pd].title[0];
}

static int
cmp_hit(const void *a, const void *b)
{
	const struct srch_hit *x = a, *y = b;
	if (x->score != y->score)
		return x->score < y->score ? 1 : -1;
	return x->doc < y->doc ? -1 : x->doc > y->doc;
}

static void
touch(struct srch *s, uint32_t doc)
{
	struct dscr *r = &s->scr[doc];
	if (r->flags & DS_SEEN)
		return;
	memset(r, 0, sizeof *r);
	r->flags = DS_SEEN;
	s->touched[s->ntouched++] = doc;
}

static void
reset_query_state(struct srch *s)
{
	for (size_t i = 0; i < s->ntouched; i++)
		s->scr[s->touched[i]].flags = 0;
	s->ntouched = 0;
	for (size_t i = 0; i < s->nqterms; i++)
		s->qmask[s->qterms[i]] = 0;
	s->nqterms = 0;
}

static void
mark_qterm(struct srch *s, uint32_t t, int clause)
{
	if (s->qmask[t] == 0) {
		s->qterms = xgrow(s->qterms, &s->qtermcap, s->nqterms + 1, sizeof *s->qterms);
		s->qterms[s->nqterms++] = t;
	}
	s->qmask[t] |= clause >= 0 ? 1ull << clause : 1ull << 63;
}

static void
suggest(struct srch *s, const struct query *q, struct srch_result *res)
{
	for (size_t w = 0; w < q->nw && res->nsuggest < 5; w++) {
		const struct qword *qw = &q->w[w];
		if (qw->stop || qw->num)
			continue;
		uint32_t cand[5];
		int dist[5];
		/* a hint may reach further than the automatic correction */
		size_t k = srch_near_words(s, qw->f, qw->flen, qw->flen >= 7 ? 3 : qw->flen >= 5 ? 2 : 1,
		    cand, dist, 5);
		for (size_t i = 0; i < k && res->nsuggest < 5; i++) {
			const char *sw = s->words[cand[i]].w;
			size_t j;
			for (j = 0; j < res->nsuggest && strcmp(res->suggest[j], sw) != 0; j++)
				;
			if (j == res->nsuggest) {
				res->suggest = xrealloc(res->suggest, (res->nsuggest + 1) * sizeof *res->suggest);
				res->suggest[res->nsuggest++] = xstrdup(sw);
			}
		}
	}
}

/* Does document dd hold term t? (postings are in document order) */
static bool
doc_has_term(const struct srch *s, uint32_t t, uint32_t dd)
{
	const struct sterm *st = &s->terms[t];
	size_t lo = st->post, hi = (size_t)st->post + st->npost;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (s->posts[mid].doc == dd)
			return true;
		if (s->posts[mid].doc < dd)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/* Add key k to set, an open-addressing set of 256 slots (0 = empty) kept under 200. */
static void
key_set_add(uint64_t *set, size_t *n, uint64_t k)
{
	size_t i = k & 255;
	while (set[i] && set[i] != k)
		i = (i + 1) & 255;
	if (!set[i] && *n < 200) {
		set[i] = k;
		(*n)++;
	}
}

/* Common situations the question names (corpus/situations.tsv): their rules join the
 * best hits, placed by how much of the question the situation accounts for. The set of
 * words is every typed word's stem and the stems of what it became (a typo's correction,
 * an irregular verb's other forms). Returns the new number of hits. */
static size_t
situations(struct srch *s, const struct query *q, struct srch_hit **heapp, size_t nh, size_t cap,
    struct srch_result *res)
{
	if (s->nsit == 0 || q->has_re || q->nrules || P_SIT <= 0)
		return nh;
	uint64_t set[256] = {0}, typed[64] = {0};
	size_t nset = 0, ntyped = 0;
	for (size_t w = 0; w < q->nw; w++) {
		if (q->w[w].prefix)
			continue;
		uint64_t k = srch_stem_key(q->w[w].stem, q->w[w].slen);
		key_set_add(set, &nset, k);
		if (!q->w[w].stop && !q->w[w].noise && ntyped < 64)
			typed[ntyped++] = k;
	}
	for (size_t c = 0; c < q->ncl; c++) {
		if (q->cl[c].expansion)
			continue;
		for (size_t a = 0; a < q->cl[c].nalt; a++) {
			const char *st = s->terms[q->cl[c].alt[a].term].stem;
			if (*st == '=')
				st++;
			key_set_add(set, &nset, srch_stem_key(st, strlen(st)));
		}
	}
	uint32_t m[SIT_MATCH_MAX];
	uint8_t words[SIT_MATCH_MAX];
	size_t nm = srch_sit_match(s, set, 256, typed, ntyped, m, words, SIT_MATCH_MAX);
	if (nm == 0 || ntyped == 0)
		return nh;
	/* the situations that account for most of the question, in file order on ties: a
	 * long question names several, and the most specific say the most */
	for (size_t i = 1; i < nm; i++) {
		uint32_t mi = m[i];
		uint8_t wi = words[i];
		size_t j = i;
		while (j > 0 && (words[j - 1] < wi || (words[j - 1] == wi && s->sit[m[j - 1]].ng < s->sit[mi].ng))) {
			m[j] = m[j - 1];
			words[j] = words[j - 1];
			j--;
		}
		m[j] = mi;
		words[j] = wi;
	}
	if (nm > (size_t)P_SITN)
		nm = (size_t)P_SITN;
	float top = nh ? (*heapp)[0].score : 1.0f;
	for (size_t k = 0; k < nm; k++) {
		const struct ssit *st = &s->sit[m[k]];
		/* the share of the question the situation accounts for */
		float share = (float)words[k] / (float)ntyped;
		if (share > 1)
			share = 1;
		float sc = top * (P_SIT + P_SITS * share);
		bool used = false;
		size_t slot = res->nsit < sizeof res->sit / sizeof *res->sit ? res->nsit : SIZE_MAX;
		for (size_t r = 0; r < st->nrules; r++) {
			uint32_t dd = srch_rule_doc(s, st->rules[r]);
			if (dd == UINT32_MAX || !kind_ok(q, &s->docs[dd]) || (s->scr[dd].flags & DS_EXCL))
				continue;
			/* what the words did not touch was not checked against -word */
			bool excl = false;
			for (size_t x = 0; x < q->nexcl && !excl; x++)
				excl = doc_has_term(s, q->excl[x], dd);
			for (size_t p = 0; p < q->nph && !excl; p++)
				excl = has_phrase(s, &s->docs[dd], &q->ph[p]) == q->ph[p].exclude;
			if (excl)
				continue;
			/* the rules of one entry keep the order it lists them in */
			float v = sc * (1.0f - 0.02f * (float)r);
			size_t i;
			for (i = 0; i < nh && (*heapp)[i].doc != dd; i++)
				;
			if (i == nh) {
				if (nh == cap) {
					cap = cap * 2 + 8;
					*heapp = xrealloc(*heapp, cap * sizeof **heapp);
				}
				(*heapp)[nh++] = (struct srch_hit){ dd, 0, 0 };
				if (!(s->scr[dd].flags & DS_SEEN))
					res->nhits++;
			}
			/* what the words found adds up with what the situation says: a rule both
			 * find leads, one only the situation names comes in near the top */
			if (P_SITF > 0)
				v += P_SITF * (*heapp)[i].score;
			if ((*heapp)[i].score < v) {
				(*heapp)[i].score = v;
				(*heapp)[i].sit = slot == SIZE_MAX ? 0 : (uint8_t)(slot + 1);
			}
			used = true;
		}
		if (used && slot != SIZE_MAX)
			res->sit[res->nsit++] = st->label;
	}
	if (nh > 1)
		xqsort(*heapp, nh, sizeof **heapp, cmp_hit);
	return nh;
}

size_t
srch_known_words(struct srch *s, const char *qs, size_t *nwords)
{
	if (!s->final)
		srch_finalize(s);
	reset_query_state(s);
	struct query *q = xmalloc(sizeof *q);
	struct diags d = {0};
	size_t known = 0, n = 0;
	if (parse_query(s, qs ? qs : "", q, &d)) {
		for (size_t i = 0; i < q->nw; i++) {
			const struct qword *w = &q->w[i];
			if (w->stop || w->noise || w->num || w->prefix)
				continue;
			n++;
			uint32_t t = srch_term_of(s, w->f, w->flen);
			known += t != UINT32_MAX && s->terms[t].df > 0;
		}
	}
	reset_query_state(s);
	diag_clear(&d);
	free(d.v);
	free(q);
	if (nwords)
		*nwords = n;
	return known;
}

void
srch_run(struct srch *s, const char *qs, size_t limit, struct srch_result *res, struct diags *d)
{
	double t0 = now();
#ifdef SRCH_TUNE
	tune();
#endif
	memset(res, 0, sizeof *res);
	if (!s->final)
		srch_finalize(s);
	if (limit == 0)
		limit = 10;
	reset_query_state(s);
	if (s->re) {
		sregex_free(s->re);
		s->re = NULL;
	}
#ifdef SRCH_TUNE
	free(dbg);
	dbg = getenv("SRCH_DEBUG") ? xcalloc(s->ndocs, sizeof *dbg) : NULL;
#endif
	struct query *q = xmalloc(sizeof *q);
	if (!parse_query(s, qs ? qs : "", q, d)) {
		res->error = true;
		free(q);
		res->seconds = now() - t0;
		return;
	}
	if (q->ncl == 0 && q->nrules == 0 && !q->has_re) {
		if (q->nw == 0 && q->nph == 0) {
			diag_add(d, DL_ERROR, "query", 0, 0, "nothing to search for: give words, a phrase, a rule number or a /regex/");
			diag_hint(d, "filters and exclusions narrow a search, e.g. judge search lethal damage -planeswalker in:702");
			res->error = true;
		} else {
			/* no word the rules use, but maybe a situation's ("got decked") */
			struct srch_hit *h = NULL;
			size_t nh = situations(s, q, &h, 0, 0, res);
			if (nh) {
				res->hits = h;
				res->nshown = nh < limit ? nh : limit;
			} else {
				free(h);
				suggest(s, q, res);
			}
		}
		free(q);
		res->seconds = now() - t0;
		return;
	}
	for (size_t c = 0; c < q->ncl; c++)
		for (size_t a = 0; a < q->cl[c].nalt; a++)
			mark_qterm(s, q->cl[c].alt[a].term, (int)c);
	for (size_t p = 0; p < q->nph; p++)
		if (!q->ph[p].exclude)
			for (size_t k = 0; k < q->ph[p].n; k++)
				if (q->ph[p].t[k] != UINT32_MAX)
					mark_qterm(s, q->ph[p].t[k], -1);

	/* BM25F accumulation, clause by clause */
	float norm[NF];
	for (int f = 0; f < NF; f++)
		norm[f] = (float)s->avglen[f];
	uint32_t *cdocs = NULL;   /* documents a clause of several words met */
	size_t ncdocs = 0;
	for (size_t c = 0; c < q->ncl; c++) {
		const struct qclause *cl = &q->cl[c];
		/* a clause of several words (forms of a keyword, typo candidates, a prefix)
		 * is one term: their frequencies add up before saturating, so a rule that
		 * says both "regenerate" and "regeneration" does not score twice */
		bool pooled = cl->nalt > 1;
		float cidf = 0;
		for (size_t a = 0; a < cl->nalt; a++) {
			float i = idf_of(s, cl->alt[a].term);
			if (i > cidf)
				cidf = i;
		}
		if (pooled && !cdocs)
			cdocs = xmalloc(s->ndocs * sizeof *cdocs);
		ncdocs = 0;
		for (size_t a = 0; a < cl->nalt; a++) {
			const struct sterm *t = &s->terms[cl->alt[a].term];
			float idf = idf_of(s, cl->alt[a].term), w = cl->alt[a].w * cl->weight * idf;
			/* a typo's correction is what the user meant: it counts for the title */
			bool exact = !cl->expansion;
			float aw = cl->alt[a].w, share = cidf > 0 ? aw * idf / cidf : aw;
			for (uint32_t p = t->post; p < t->post + t->npost; p++) {
				const struct spost *ps = &s->posts[p];
				const struct sdoc *doc = &s->docs[ps->doc];
				float tf = 0;
				for (int f = 0; f < NF; f++)
					if (ps->tf[f])
						tf += FW[f] * ps->tf[f] / (1.0f - FB[f] + FB[f] * doc->nf[f] / norm[f]);
				touch(s, ps->doc);
				struct dscr *r = &s->scr[ps->doc];
				if (pooled)
					r->ctf += share * tf;
				else
					r->acc += w * KINDW[doc->kind] * tf * (K1 + 1) / (tf + K1);
				r->cmask |= 1ull << c;
				if (r->stamp != c + 1) {
					r->stamp = (uint16_t)(c + 1);
					if (!cl->expansion && r->nmatch < 255)
						r->nmatch++;
					if (pooled)
						cdocs[ncdocs++] = ps->doc;
				}
				if (exact && ps->tf[F_TITLE] && r->thits < 255) {
					r->thits++;
					r->tidf += idf * aw;
				}
				if (ps->tf[F_TITLE] || ps->tf[F_CTX])
					r->flags |= DS_CTX;
			}
		}
		for (size_t k = 0; k < ncdocs; k++) {
			struct dscr *r = &s->scr[cdocs[k]];
			float tf = r->ctf;
			r->acc += cl->weight * cidf * KINDW[s->docs[cdocs[k]].kind] * tf * (K1 + 1) / (tf + K1);
			r->ctf = 0;
		}
	}
	free(cdocs);
	/* a rule number in the query: that rule first, then what it contains */
	for (size_t k = 0; k < q->nrules; k++) {
		for (uint32_t dd = 0; dd < s->ndocs; dd++) {
			const struct sdoc *doc = &s->docs[dd];
			if (!doc->rid || !jrid_within(doc->rid, q->rules[k]))
				continue;
			touch(s, dd);
			s->scr[dd].acc += doc->rid == q->rules[k] && doc->kind == SK_RULE ? 100.0f : 20.0f;
		}
	}
	/* a regex alone: every document it matches */
	bool re_only = q->has_re && q->ncl == 0 && q->nrules == 0;
	res->regex_only = re_only;
	if (re_only)
		for (uint32_t dd = 0; dd < s->ndocs; dd++)
			touch(s, dd);
	for (size_t k = 0; k < q->nexcl; k++) {
		const struct sterm *t = &s->terms[q->excl[k]];
		for (uint32_t p = t->post; p < t->post + t->npost; p++)
			if (s->scr[s->posts[p].doc].flags & DS_SEEN)
				s->scr[s->posts[p].doc].flags |= DS_EXCL;
	}
	size_t nreal = 0;
	float qidf = 0;
	for (size_t c = 0; c < q->ncl; c++) {
		/* the title bonus weighs a title against what the user typed, not its expansion */
		if (!q->cl[c].expansion) {
			nreal++;
			qidf += q->cl[c].idf * q->cl[c].weight;
		}
	}

	/* the glossary is the rules' own thesaurus: an entry the query names lends its
	 * score to the rules it cites ("legend rule" -> 704.5j) */
	if (P_GREF > 0 && qidf > 0) {
		size_t nt0 = s->ntouched;
		for (size_t i = 0; i < nt0; i++) {
			uint32_t dd = s->touched[i];
			const struct sdoc *doc = &s->docs[dd];
			struct dscr *r = &s->scr[dd];
			if (doc->kind != SK_GLOSSARY || !doc->ntitle || r->thits == 0)
				continue;
			float share = r->tidf / qidf, cover = (float)r->thits / (float)doc->ntitle;
			float g = P_GREF * r->acc * (share > 1 ? 1 : share) * (cover > 1 ? 1 : cover);
			for (uint32_t k = 0; k < doc->nrefs; k++) {
				uint32_t rd = srch_rule_doc(s, doc->refs[k]);
				if (rd == UINT32_MAX)
					continue;
				/* an entry citing a title-only rule ("See rule 702.19, Trample") means
				 * its first subrule, which defines it; when the entry is a good part of
				 * the question ("proliferate poison"), not one topic of several
				 * ("trample deathtouch damage", which wants the rules joining them) */
				float gk = g / (float)doc->nrefs;
				if (s->docs[rd].nf[F_BODY] == 0 && jrid_level(doc->refs[k]) == JL_RULE && share >= P_GREFS) {
					uint32_t ad = srch_rule_doc(s, doc->refs[k] | 'a');
					if (ad != UINT32_MAX)
						rd = ad;
				}
				touch(s, rd);
				/* the best entry naming it, not the sum of every entry that shares a
				 * word with the query ("token" is in a dozen "... Token" entries) */
				if (s->scr[rd].gref < gk)
					s->scr[rd].gref = gk;
			}
		}
		for (size_t i = 0; i < s->ntouched; i++) {
			struct dscr *r = &s->scr[s->touched[i]];
			r->acc += r->gref;
			DBG(s->touched[i], gref, r->gref);
		}
	}
	/* a rule's examples are part of it: they tell the case as players meet it ("a 2/2
	 * creature ... gets +1/+1"), so the best of them lends the rule a share; not for a
	 * lookup ("trample"), which wants the term's definition rather than a case */
	if (P_EXR > 0 && (q->ngroup > 1 || q->question)) {
		size_t nt0 = s->ntouched;
		for (size_t i = 0; i < nt0; i++) {
			uint32_t dd = s->touched[i];
			const struct sdoc *doc = &s->docs[dd];
			if (doc->kind != SK_EXAMPLE)
				continue;
			uint32_t rd = srch_rule_doc(s, doc->rid);
			if (rd == UINT32_MAX)
				continue;
			touch(s, rd);
			float g = P_EXR * s->scr[dd].acc;
			/* ctf is free again once the clauses are accumulated */
			if (s->scr[rd].ctf < g)
				s->scr[rd].ctf = g;
			s->scr[rd].cmask |= s->scr[dd].cmask;
		}
		for (size_t i = 0; i < s->ntouched; i++) {
			struct dscr *r = &s->scr[s->touched[i]];
			r->acc += r->ctf;
			r->ctf = 0;
		}
	}
	struct qgroups grp;
	groups_of(q, &grp);
	/* filter, finish the scores, keep the best TOPK in a min-heap */
	size_t K = limit > TOPK ? limit : TOPK;
	struct srch_hit *heap = xmalloc(K * sizeof *heap);
	size_t nh = 0, total = 0;
	char msg[256];
	for (size_t i = 0; i < s->ntouched; i++) {
		uint32_t dd = s->touched[i];
		struct dscr *r = &s->scr[dd];
		const struct sdoc *doc = &s->docs[dd];
		if ((r->flags & DS_EXCL) || !kind_ok(q, doc))
			continue;
		bool ok = true;
		for (size_t p = 0; p < q->nph && ok; p++)
			ok = has_phrase(s, doc, &q->ph[p]) != q->ph[p].exclude;
		if (!ok)
			continue;
		float score = r->acc;
		DBG(dd, bm, r->acc - (dbg ? dbg[dd].gref : 0));
		if (q->has_re) {
			bool in_title;
			int m = re_count(s, doc, 20, &in_title, msg, sizeof msg);
			if (m < 0) {
				diag_add(d, DL_ERROR, "query", 0, 0, "%s", msg);
				diag_hint(d, "simplify the pattern: avoid nested repeats such as (a+)+");
				res->error = true;
				break;
			}
			if (m == 0)
				continue;
			/* a regex alone lists like grep: titles that match first, then in order */
			if (re_only)
				score = (in_title ? 2.0f : 1.0f) * KINDW[doc->kind];
		}
		/* the query names this rule's title or this glossary term */
		if (doc->ntitle && r->thits >= doc->ntitle && qidf > 0) {
			/* in proportion to how much of the question the title is */
			float share = r->tidf / qidf;
			score += (doc->kind == SK_GLOSSARY ? P_TGLOSS : P_TRULE) * r->tidf * (share > 1 ? 1 : share);
			DBG(dd, tb, (doc->kind == SK_GLOSSARY ? P_TGLOSS : P_TRULE) * r->tidf * (share > 1 ? 1 : share));
		}
		/* the variants (multiplayer, Commander, casual formats) restate general rules
		 * for their own case: behind the general rule unless the query names them */
		if (doc->rid && JRID_CHAP(doc->rid) >= 800 && !(r->flags & DS_CTX))
			score *= P_VARIANT;
		score *= 1.0f + P_BACK * (doc->prior < P_PRIORMAX ? doc->prior : P_PRIORMAX);
		/* a rule's first subrule usually defines it ("702.33a Kicker is a static ability"),
		 * as a section's first rule often defines the section ("111.1 ... A token is a
		 * marker"), though as often it is an overview of steps (509.1): less weight */
		bool first = doc->kind == SK_RULE && (JRID_LETTER(doc->rid) == 'a' ||
		    (JRID_LETTER(doc->rid) == 0 && JRID_NUM(doc->rid) == 1));
		/* but only when the query names the topic it defines (the rule's title or
		 * context matched; a regex alone keeps rule order): a first subrule met by its
		 * body words alone is one more case */
		if (first && (P_FIRSTC == 0 || q->ncl == 0 || (r->flags & DS_CTX)))
			score *= JRID_LETTER(doc->rid) ? P_FIRST : P_FIRST1;
		/* "what is X", "how does X work": the definition, i.e. the first subrule of
		 * the rule titled X, over the special cases further down */
		if (q->define && first && (r->flags & DS_CTX) && parent_titled(s, doc))
			score *= P_DEF;
		/* a bare definition ("702.2a Deathtouch is a static ability") says nothing about
		 * the case a question adds to the keyword ("... when my creature fights"): behind
		 * the subrules that do */
		else if (first && JRID_LETTER(doc->rid) && !q->define && grp.n > 1 &&
		    doc->nf[F_BODY] > 0 && doc->nf[F_BODY] <= P_PDEFN)
			score *= P_PDEF;
		/* on near ties the general rule beats the special cases: a section states its
		 * principle in its first rules (121.2 before 121.7, 111.2 before 111.10) */
		if (doc->kind == SK_RULE && JRID_NUM(doc->rid) > 0)
			score *= 1.0f + P_GENN / (float)JRID_NUM(doc->rid);
		/* and within a rule its early subrules, which state it, before the exceptions
		 * lettered after them (702.11b before 702.11d) */
		if (doc->kind == SK_RULE && JRID_LETTER(doc->rid) > 'a')
			score *= 1.0f + P_GENL / (float)(JRID_LETTER(doc->rid) - 'a' + 1);
		/* a title-only rule ("702.33. Kicker") answers the query that is its title; for a
		 * longer question its subrules say more */
		if (doc->kind == SK_RULE && doc->nf[F_BODY] == 0 && qidf > 0 &&
		    (r->tidf < P_TONLY * qidf || (q->question && P_QUESTION)))
			score *= P_TONLYW;
		/* documents that answer more of the question's concepts */
		if (grp.n > 1)
			score *= (1.0f - P_COORD) + P_COORD * coverage(q, &grp, r->cmask) / (float)grp.n;
		r->acc = score;
		total++;
		struct srch_hit h = { dd, score, 0 };
		if (nh < K) {
			size_t j = nh++;
			while (j > 0 && cmp_hit(&heap[(j - 1) / 2], &h) < 0) {
				heap[j] = heap[(j - 1) / 2];
				j = (j - 1) / 2;
			}
			heap[j] = h;
		} else if (cmp_hit(&h, &heap[0]) < 0) {
			size_t j = 0;
			for (;;) {
				size_t l = 2 * j + 1, rr = l + 1, m = j;
				const struct srch_hit *mv = &h;
				if (l < nh && cmp_hit(&heap[l], mv) > 0)
					m = l, mv = &heap[l];
				if (rr < nh && cmp_hit(&heap[rr], mv) > 0)
					m = rr;
				if (m == j)
					break;
				heap[j] = heap[m];
				j = m;
			}
			heap[j] = h;
		}
	}
	if (res->error) {
		free(heap);
		free(q);
		res->seconds = now() - t0;
		return;
	}
	/* and so do the core rules that restate themselves for a variant, unless the query
	 * names one; checked on the best candidates only (reading the opening of every
	 * document met costs a tenth of the query time) */
	if (!names_variant(s, q))
		for (size_t i = 0; i < nh; i++)
			if (variant_case(&s->docs[heap[i].doc]))
				heap[i].score *= P_VARIANT;
	if (q->ncl > 1)
		for (size_t i = 0; i < nh; i++) {
			float pb = proximity(s, &s->docs[heap[i].doc], q) * KINDW[s->docs[heap[i].doc].kind];
			heap[i].score += pb;
			DBG(heap[i].doc, prox, pb);
		}
	xqsort(heap, nh, sizeof *heap, cmp_hit);
	res->nhits = total;
	nh = situations(s, q, &heap, nh, K, res);
	total = res->nhits;
#ifdef SRCH_TUNE
	if (dbg) {
		fprintf(stderr, "query \"%s\": %zu clauses (%zu typed), question %d, define %d\n", qs, q->ncl, nreal,
		    q->question, q->define);
		for (size_t c = 0; c < q->ncl; c++) {
			fprintf(stderr, "  clause %zu%s w %.2f idf %.2f:", c, q->cl[c].expansion ? " (exp)" : "",
			    q->cl[c].weight, q->cl[c].idf);
			for (size_t a = 0; a < q->cl[c].nalt; a++)
				fprintf(stderr, " %s", s->terms[q->cl[c].alt[a].term].stem);
			fprintf(stderr, "\n");
		}
		for (size_t i = 0; i < nh && i < limit; i++) {
			uint32_t dd = heap[i].doc;
			const struct sdoc *doc = &s->docs[dd];
			fprintf(stderr, "  %-12s %7.2f  bm %6.2f gref %5.2f tb %5.2f prox %5.2f match %u/%zu thits %u/%u prior %.2f\n",
			    doc->id, heap[i].score, dbg[dd].bm, dbg[dd].gref, dbg[dd].tb, dbg[dd].prox,
			    s->scr[dd].nmatch, nreal, s->scr[dd].thits, doc->ntitle, doc->prior);
		}
	}
#endif
	res->nhits = total;
	res->nshown = nh < limit ? nh : limit;
	res->hits = heap;
	bool phrase = false;
	for (size_t p = 0; p < q->nph; p++)
		phrase |= !q->ph[p].exclude;
	/* quotes around words no document holds together (a card's text quoted from
	 * memory): their words apart, said so, rather than nothing */
	if (total == 0 && phrase && !q->has_re && !res->unquoted) {
		size_t n = strlen(qs);
		char *loose = xmalloc(n + 1);
		for (size_t i = 0; i < n;) {
			size_t ql = quote_len(qs, i);
			if (ql) {
				memset(loose + i, ' ', ql);
				i += ql;
			} else {
				loose[i] = qs[i];
				i++;
			}
		}
		loose[n] = '\0';
		free(q);
		srch_result_free(res);
		double spent = now() - t0;
		srch_run(s, loose, limit, res, d);
		free(loose);
		res->unquoted = true;
		res->seconds += spent;
		return;
	}
	if (total == 0)
		suggest(s, q, res);
	free(q);
	res->seconds = now() - t0;
}

void
srch_result_free(struct srch_result *res)
{
	free(res->hits);
	for (size_t i = 0; i < res->nsuggest; i++)
		free(res->suggest[i]);
	free(res->suggest);
	memset(res, 0, sizeof *res);
}

/* Snippet: the stretch of the body with the most query words, highlighted. */
struct span {
	uint32_t a, b;
};

void
srch_snippet(struct srch *s, uint32_t doc, struct sbuf *out, int width, const char *hl_on,
    const char *hl_off)
{
	const struct sdoc *d = &s->docs[doc];
	const char *text = d->body && *d->body ? d->body : d->title ? d->title : "";
	size_t n = strlen(text), pos = 0;
	struct span *sp = NULL;
	size_t nsp = 0, cap = 0;
	struct stok t;
	while (stok_next(text, n, &pos, &t)) {
		uint32_t w = shash_get(s, &s->wordh, t.f, t.flen, true);
		if (w == UINT32_MAX || s->words[w].stop || !s->qmask || s->qmask[s->words[w].term] == 0)
			continue;
		sp = xgrow(sp, &cap, nsp + 1, sizeof *sp);
		sp[nsp].a = t.start;
		sp[nsp].b = t.end;
		nsp++;
	}
	if (s->re) {
		size_t p = 0, so, eo;
		char msg[128];
		while (nsp < 1000 && sregex_find(s->re, text, n, p, &so, &eo, msg, sizeof msg) > 0) {
			if (eo > so) {
				/* keep spans in order: insert, and merge overlaps when printing */
				sp = xgrow(sp, &cap, nsp + 1, sizeof *sp);
				size_t j = nsp++;
				while (j > 0 && sp[j - 1].a > so) {
					sp[j] = sp[j - 1];
					j--;
				}
				sp[j].a = (uint32_t)so;
				sp[j].b = (uint32_t)eo;
			}
			p = eo > p ? eo : p + 1;
		}
	}
	if (width < 20)
		width = 20;
	/* the window of `width` bytes holding the most matches, starting a little before */
	size_t from = 0, to = n;
	if (n > (size_t)width) {
		size_t best = 0, bi = 0, j = 0;
		for (size_t i = 0; i < nsp; i++) {
			while (j < nsp && sp[j].b - sp[i].a <= (uint32_t)width * 3 / 4)
				j++;
			if (j - i > best) {
				best = j - i;
				bi = i;
			}
		}
		if (nsp) {
			from = sp[bi].a > (size_t)width / 5 ? sp[bi].a - (size_t)width / 5 : 0;
			while (from > 0 && text[from - 1] != ' ' && text[from - 1] != '\n')
				from--;
		}
		to = from + (size_t)width;
		if (to >= n) {
			to = n;
		} else {
			while (to > from && text[to] != ' ' && text[to] != '\n')
				to--;
			if (to == from)
				to = from + (size_t)width;
			while (to < n && ((unsigned char)text[to] & 0xC0) == 0x80)
				to++;
		}
	}
	if (from > 0)
		sbuf_adds(out, "…");
	size_t k = 0;
	while (k < nsp && sp[k].b <= from)
		k++;
	for (size_t i = from; i < to;) {
		if (k < nsp && sp[k].a <= i && i < sp[k].b) {
			size_t e = sp[k].b;
			while (k + 1 < nsp && sp[k + 1].a <= e) {
				if (sp[k + 1].b > e)
					e = sp[k + 1].b;
				k++;
			}
			if (e > to)
				e = to;
			sbuf_adds(out, hl_on);
			for (; i < e; i++)
				sbuf_addc(out, text[i] == '\n' ? ' ' : text[i]);
			sbuf_adds(out, hl_off);
			k++;
			continue;
		}
		sbuf_addc(out, text[i] == '\n' ? ' ' : text[i]);
		i++;
	}
	if (to < n)
		sbuf_adds(out, "…");
	free(sp);
}
