/* study_gen.c — practice questions from a CR release: glossary terms, cloze blanks, which
 * rule, and worked examples from a provider; the pool a session draws them from. */
#include "study.h"
#include "../base/buf.h"
#include "../base/mem.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---------- PRNG ---------- */

void
study_rng_seed(struct study_rng *r, uint64_t seed)
{
	r->s = seed;
}

uint64_t
study_rng_next(struct study_rng *r)
{
	uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

uint32_t
study_rng_below(struct study_rng *r, uint32_t n)
{
	/* rejection keeps it uniform; the loop almost never repeats */
	uint64_t lim = UINT64_MAX - UINT64_MAX % n;
	uint64_t x;
	do
		x = study_rng_next(r);
	while (x >= lim);
	return (uint32_t)(x % n);
}

static uint64_t
hash_key(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

const char *
study_kind_name(enum study_kind k)
{
	switch (k) {
	case STUDY_GLOSSARY: return "glossary";
	case STUDY_CLOZE: return "cloze";
	case STUDY_WHICH: return "which";
	case STUDY_EXAMPLE: return "example";
	}
	return "?";
}

void
study_q_free(struct study_q *q)
{
	free(q->key);
	free(q->question);
	for (int i = 0; i < STUDY_CHOICES; i++)
		free(q->choices[i]);
	free(q->answer);
	free(q->source);
	free(q->section);
	free(q->reveal);
	memset(q, 0, sizeof *q);
}

/* ---------- words ---------- */

static bool
wordch(unsigned char c)
{
	return isalnum(c) || c >= 0x80 || c == '\'' || c == '-';
}

/* Curly quotes and dashes (U+2018-201D, U+2013-2014) are punctuation, not letters. */
static bool
utf8_punct_at(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	return u[0] == 0xE2 && u[1] == 0x80 && ((u[2] >= 0x98 && u[2] <= 0x9D) || u[2] == 0x93 || u[2] == 0x94);
}

/* Is there a letter or digit just before offset i of s? */
static bool
word_before(const char *s, size_t i)
{
	if (i == 0)
		return false;
	if (i >= 3 && utf8_punct_at(s + i - 3))
		return false;
	return wordch((unsigned char)s[i - 1]) && s[i - 1] != '-' && s[i - 1] != '\'';
}

/* Does a word go on at offset e of s? ("'s", a closing quote or a hyphen end it.) */
static bool
word_after(const char *s, size_t e)
{
	unsigned char c = (unsigned char)s[e];
	if (c == 0 || utf8_punct_at(s + e) || c == '\'')
		return false;
	if (c == '-')
		return wordch((unsigned char)s[e + 1]) && s[e + 1] != '-';
	return wordch(c);
}

/* Words that carry no rules content: never blanked, never a reason to call terms related. */
static const char *const stop_words[] = {
	"a", "about", "after", "all", "also", "an", "and", "any", "are", "as", "at", "be",
	"because", "been", "before", "being", "both", "but", "by", "can", "can't", "cannot",
	"could", "did", "do", "does", "doesn't", "during", "each", "either", "else", "even",
	"every", "for", "from", "had", "has", "have", "he", "her", "his", "how", "if", "in",
	"instead", "into", "is", "isn't", "it", "its", "it's", "itself", "just", "may", "more",
	"most", "must", "no", "nor", "not", "of", "on", "one", "only", "or", "other", "others",
	"otherwise", "same", "see", "she", "should", "so", "some", "such", "than", "that",
	"the", "their", "them", "themselves", "then", "there", "these", "they", "this",
	"those", "though", "through", "thus", "to", "under", "unless", "until", "up", "upon",
	"was", "way", "were", "what", "when", "whenever", "where", "whether", "which", "while",
	"who", "whose", "will", "with", "within", "without", "would", "you", "your",
};

static bool
is_stop(const char *w, size_t n)
{
	for (size_t i = 0; i < sizeof stop_words / sizeof *stop_words; i++)
		if (strlen(stop_words[i]) == n && strncasecmp(stop_words[i], w, n) == 0)
			return true;
	return false;
}

static const char *const num_words[] = {
	"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
	"eighteen", "nineteen", "twenty",
};

/* The value of a number word ("seven" -> 7), or -1. */
static int
num_word_value(const char *w, size_t n)
{
	for (int i = 0; i < (int)(sizeof num_words / sizeof *num_words); i++)
		if (strlen(num_words[i]) == n && strncasecmp(num_words[i], w, n) == 0)
			return i;
	if (n == 6 && strncasecmp(w, "thirty", 6) == 0)
		return 30;
	if (n == 5 && strncasecmp(w, "forty", 5) == 0)
		return 40;
	if (n == 5 && strncasecmp(w, "fifty", 5) == 0)
		return 50;
	if (n == 7 && strncasecmp(w, "hundred", 7) == 0)
		return 100;
	return -1;
}

static const char *
num_word(int v)
{
	if (v >= 0 && v <= 20)
		return num_words[v];
	return v == 30 ? "thirty" : v == 40 ? "forty" : v == 50 ? "fifty" : v == 100 ? "hundred" : NULL;
}

/* Case-insensitive whole-word search for needle in hay from offset `from`; plural lets
 * an "s" or "es" follow. Returns the offset or -1; *mlen gets the matched length. */
static long
find_word(const char *hay, size_t from, const char *needle, bool plural, size_t *mlen)
{
	size_t n = strlen(needle), hl = strlen(hay);
	if (n == 0)
		return -1;
	for (size_t i = from; i + n <= hl; i++) {
		if (strncasecmp(hay + i, needle, n) != 0)
			continue;
		if (word_before(hay, i))
			continue;
		size_t e = i + n;
		if (plural) {
			if (hay[e] == 's' && !word_after(hay, e + 1))
				e++;
			else if (hay[e] == 'e' && hay[e + 1] == 's' && !word_after(hay, e + 2))
				e += 2;
		}
		if (word_after(hay, e))
			continue;
		*mlen = e - i;
		return (long)i;
	}
	return -1;
}

/* Replace every whole-word occurrence of needle in *text by "___". Returns how many. */
static int
blank_word(char **text, const char *needle, bool plural)
{
	struct sbuf b = {0};
	size_t at = 0, ml;
	int k = 0;
	long i;
	while ((i = find_word(*text, at, needle, plural, &ml)) >= 0) {
		sbuf_add(&b, *text + at, (size_t)i - at);
		sbuf_adds(&b, "___");
		at = (size_t)i + ml;
		k++;
	}
	if (k == 0)
		return 0;
	sbuf_adds(&b, *text + at);
	free(*text);
	*text = sbuf_take(&b);
	return k;
}

/* Letters that are not blanks: a question must keep enough of its text. */
static size_t
letters_left(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		if (isalpha((unsigned char)*s))
			n++;
	return n;
}

static void
fold_into(const char *s, char *out, size_t cap)
{
	jfold(s, out, cap);
	for (char *p = out; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r' || *p == ':')
			*p = ' ';
}

/* ---------- the pool ---------- */

struct study_pool {
	const struct jrelease *rel;
	const struct study_examples *ex;
	unsigned kinds;
	uint8_t *rule_ok;         /* per rule: STUDY_CLOZE | STUDY_WHICH when it may be asked */
	uint8_t *gloss_ok;        /* per glossary entry */
	uint32_t *cand[4];        /* candidates per kind (rules, entries, examples) */
	uint32_t ncand[4];
	uint8_t *ex_ok;
	uint32_t nex;
	struct sbuf scratch;
	struct gloss_info *ginfo; /* per glossary entry, made on first use */
};

static int
kind_slot(enum study_kind k)
{
	return k == STUDY_GLOSSARY ? 0 : k == STUDY_CLOZE ? 1 : k == STUDY_WHICH ? 2 : 3;
}

/* An entry for a term no longer in use, though not marked "(Obsolete)": "Threshold used
 * to be a keyword ability", "An older name for ...". Neither asked nor a distractor. */
static bool
gloss_retired(const struct jgloss *g)
{
	const char *t = g->text ? g->text : "";
	return g->obsolete || strstr(t, "used to be a keyword") || strncmp(t, "An obsolete", 11) == 0 ||
	    strncmp(t, "An older name", 13) == 0;
}

static bool
gloss_askable(const struct jgloss *g)
{
	if (gloss_retired(g) || g->text == NULL || strncasecmp(g->text, "See ", 4) == 0)
		return false;
	return strlen(g->text) >= 20;
}

/* The stem of a word, folded: a plural or verb ending off ("blockers" -> "blocker",
 * "triggered" -> "trigger"). Words of three letters or less stay whole. */
static void
word_stem(const char *w, size_t n, char *out, size_t cap)
{
	size_t l = n < cap - 1 ? n : cap - 1;
	for (size_t i = 0; i < l; i++)
		out[i] = (char)tolower((unsigned char)w[i]);
	out[l] = '\0';
	static const char *const ends[] = {"ing", "ed", "es", "s", NULL};
	for (int i = 0; ends[i]; i++) {
		size_t e = strlen(ends[i]);
		if (l > e + 3 && strcmp(out + l - e, ends[i]) == 0) {
			out[l -= e] = '\0';
			break;
		}
	}
	if (l > 4 && out[l - 1] == 'e')
		out[l - 1] = '\0';
}

/* The next run of ASCII letters at or after s: its start, with *end just past it; both
 * at the NUL when there is none. */
static const char *
next_word(const char *s, const char **end)
{
	while (*s && !isalpha((unsigned char)*s))
		s++;
	const char *e = s;
	while (*e && isalpha((unsigned char)*e))
		e++;
	*end = e;
	return s;
}

/* Words naming what kind of thing a term is ("Land Type", "Draw Step"): the choices
 * share them, so they give nothing away and stay in a definition. */
static bool
kind_word(const char *stem)
{
	static const char *const k[] = {"ability", "abiliti", "type", "step", "phase", "effect", "symbol",
	    "option", "variant", "card", "cost", "counter", "token", "deck", "zone", "player", "game",
	    "action", "spell", "permanent", "creature", "turn", "designation", "damage", "mana", "source",
	    "target", "combat", NULL};
	for (int i = 0; k[i]; i++)
		if (strcmp(stem, k[i]) == 0)
			return true;
	return false;
}

/* Replace every word of *text with the stem of w ("triggered" for "Trigger") by "___". */
static void
blank_stem(char **text, const char *w, size_t wn, bool kinds_too)
{
	char sw[64], st[64];
	word_stem(w, wn, sw, sizeof sw);
	if (strlen(sw) < 4 || is_stop(w, wn) || (kind_word(sw) && !kinds_too))
		return;
	struct sbuf b = {0};
	const char *s = *text, *at = s;
	bool hit = false;
	while (*s) {
		if (!isalpha((unsigned char)*s) || (s > *text && word_before(*text, (size_t)(s - *text)))) {
			s++;
			continue;
		}
		const char *e = s;
		while (*e && isalpha((unsigned char)*e))
			e++;
		word_stem(s, (size_t)(e - s), st, sizeof st);
		if (strcmp(st, sw) == 0) {
			sbuf_add(&b, at, (size_t)(s - at));
			sbuf_adds(&b, "___");
			at = e;
			hit = true;
		}
		s = e;
	}
	if (!hit) {
		sbuf_free(&b);
		return;
	}
	sbuf_adds(&b, at);
	free(*text);
	*text = sbuf_take(&b);
}

/* Blank each telling word of a term, in any form ("Trigger Event": "triggered"); the
 * words naming its kind too when kinds_too. */
static void
blank_term_words(char **text, const char *term, bool kinds_too)
{
	for (const char *s = term; *s;) {
		const char *e;
		s = next_word(s, &e);
		if (e > s)
			blank_stem(text, s, (size_t)(e - s), kinds_too);
		s = e;
	}
}

/* The glossary definition with the term and its aliases blanked out, then any word of
 * theirs left in another form. */
static char *
gloss_blanked(const struct jgloss *g)
{
	char *t = xstrdup(g->text);
	blank_word(&t, g->head, true);
	for (uint32_t k = 0; k < g->naliases; k++)
		blank_word(&t, g->aliases[k], true);
	blank_term_words(&t, g->head, false);
	for (uint32_t k = 0; k < g->naliases; k++)
		blank_term_words(&t, g->aliases[k], false);
	return t;
}

/* What kind of thing an entry names, from the opening of its definition: distractors
 * are of the same kind (a keyword ability among keyword abilities, a zone among zones). */
enum gclass { GC_OTHER, GC_KEYWORD, GC_ACTION, GC_ZONE, GC_TURN, GC_CARDTYPE, GC_TYPE, GC_STATUS, GC_VARIANT };

static enum gclass
gloss_class(const struct jrelease *rel, const struct jgloss *g)
{
	const char *t = g->text;
	if (t == NULL)
		return GC_OTHER;
	if (t[0] == '1' && t[1] == '.')
		t += 2;
	while (*t == ' ')
		t++;
	char first[200];
	size_t n = strcspn(t, ".");
	snprintf(first, sizeof first, "%.*s", (int)(n < sizeof first - 1 ? n : sizeof first - 1), t);
	if (strcasestr(first, "keyword action"))
		return GC_ACTION;
	if (strcasestr(first, "keyword ability"))
		return GC_KEYWORD;
	if (strncmp(t, "To ", 3) == 0)
		for (uint32_t k = 0; k < g->nrefs; k++)
			if (JRID_CHAP(rel->rules[g->refs[k]].id) == 701)
				return GC_ACTION;
	if (strncmp(t, "A zone", 6) == 0)
		return GC_ZONE;
	if (strncmp(t, "Part of the turn", 16) == 0)
		return GC_TURN;
	if (strncmp(t, "A card type", 11) == 0)
		return GC_CARDTYPE;
	if (strcasestr(first, "card type") || strcasestr(first, "subtype") || strcasestr(first, "supertype"))
		return GC_TYPE;
	if (strcasestr(first, "status") || strcasestr(first, "designation"))
		return GC_STATUS;
	if (strcasestr(first, "variant") || strcasestr(first, "option"))
		return GC_VARIANT;
	return GC_OTHER;
}

/* Is there a word of text with this stem? */
static bool
stem_in(const char *text, const char *stem)
{
	char st[64];
	for (const char *s = text; *s;) {
		const char *e;
		s = next_word(s, &e);
		word_stem(s, (size_t)(e - s), st, sizeof st);
		if (e > s && strcmp(st, stem) == 0)
			return true;
		s = e;
	}
	return false;
}

/* Two terms that look like one word: first words of one stem written differently, one of
 * them a single word ("Renown" and "Renowned", "Enter" and "Enters the Battlefield"). */
static bool
stem_clash(const char *a, const char *b)
{
	size_t la = strcspn(a, " ,"), lb = strcspn(b, " ,");
	if ((a[la] && b[lb]) || (la == lb && strncasecmp(a, b, la) == 0))
		return false;
	char sa[64], sb[64];
	word_stem(a, la, sa, sizeof sa);
	word_stem(b, lb, sb, sizeof sb);
	return strlen(sa) >= 4 && strcmp(sa, sb) == 0;
}

/* The distinct stems of a definition's words of five letters or more, at most max. */
struct stems { char v[48][32]; int n; };

static void
text_stems(const char *t, struct stems *out)
{
	out->n = 0;
	for (const char *s = t ? t : ""; *s && out->n < 48;) {
		const char *e;
		s = next_word(s, &e);
		char st[32];
		word_stem(s, (size_t)(e - s), st, sizeof st);
		bool skip = e - s < 5 || is_stop(s, (size_t)(e - s)) || strcmp(st, "keyword") == 0 ||
		    strcmp(st, "ability") == 0 || strcmp(st, "action") == 0;
		for (int k = 0; k < out->n && !skip; k++)
			skip = strcmp(out->v[k], st) == 0;
		if (!skip)
			memcpy(out->v[out->n++], st, sizeof st);
		s = e;
	}
}

/* Stems two definitions share, at most 4 ("+1/+1 counters", "alternative cost",
 * "graveyard"): what makes two keywords a likely mix-up. */
static int
stems_shared(const struct stems *a, const struct stems *b)
{
	int n = 0;
	for (int i = 0; i < a->n && n < 4; i++)
		for (int j = 0; j < b->n; j++)
			if (strcmp(a->v[i], b->v[j]) == 0) {
				n++;
				break;
			}
	return n;
}

/* What distractor choice needs of every entry, worked out once per pool. */
struct gloss_info { struct stems stems; uint8_t cls; };

static const struct gloss_info *
gloss_info(struct study_pool *p)
{
	if (p->ginfo == NULL) {
		p->ginfo = xcalloc(p->rel->ngloss + 1, sizeof *p->ginfo);
		for (uint32_t g = 0; g < p->rel->ngloss; g++) {
			text_stems(p->rel->gloss[g].text, &p->ginfo[g].stems);
			p->ginfo[g].cls = (uint8_t)gloss_class(p->rel, &p->rel->gloss[g]);
		}
	}
	return p->ginfo;
}

static bool
rule_sentence(const struct jrule *r)
{
	enum jrid_level lv = jrid_level(r->id);
	return (lv == JL_RULE || lv == JL_SUBRULE) && r->title == NULL && r->text != NULL;
}

/* Rules at the same level in the same chapter as rule i (for which-rule choices). */
static uint32_t
chapter_peers(const struct jrelease *rel, uint32_t i, uint32_t *out, uint32_t max)
{
	jrid id = rel->rules[i].id, chap = JRID_MAKE(JRID_CHAP(id), 0, 0);
	enum jrid_level lv = jrid_level(id);
	uint32_t c = jrel_find(rel, chap), n = 0;
	if (c == JNONE)
		return 0;
	for (uint32_t k = c; k < rel->nrules && jrid_within(rel->rules[k].id, chap); k++)
		if (k != i && jrid_level(rel->rules[k].id) == lv && n < max)
			out[n++] = k;
	return n;
}

static bool
which_askable(const struct jrelease *rel, uint32_t i)
{
	const struct jrule *r = &rel->rules[i];
	if (!rule_sentence(r) || strlen(r->text) < 40)
		return false;
	uint32_t peers[4];
	return chapter_peers(rel, i, peers, 4) >= 3;
}

static bool
cloze_askable(const struct jrule *r)
{
	size_t n = r->text ? strlen(r->text) : 0;
	/* a text with a blank line of its own ("Wolf in ________ Clothing") would read as two */
	return rule_sentence(r) && n >= 30 && n <= 420 && !strstr(r->text, "___");
}

/* Topic words in a rule title, whole words, ignoring case ("layers" in "Layers"). */
static bool
title_has(const char *title, const char *topic)
{
	size_t ml;
	if (find_word(title, 0, topic, true, &ml) >= 0)
		return true;
	size_t n = strlen(topic);
	if (n > 3 && topic[n - 1] == 's') {
		char *t = xstrndup(topic, n - 1);
		bool ok = find_word(title, 0, t, true, &ml) >= 0;
		free(t);
		return ok;
	}
	return false;
}

static uint32_t
define_loose(const struct jrelease *rel, const char *term)
{
	uint32_t g = jrel_define(rel, term);
	size_t n = strlen(term);
	if (g == JNONE && n > 3 && term[n - 1] == 's') {
		char *t = xstrndup(term, n - 1);
		g = jrel_define(rel, t);
		if (g == JNONE && n > 4 && term[n - 2] == 'e') {
			t[n - 2] = '\0';
			g = jrel_define(rel, t);
		}
		free(t);
	}
	return g;
}

struct study_pool *
study_pool_new(const struct jrelease *rel, const struct study_filter *f,
    const struct study_examples *ex, const char **why)
{
	struct study_pool *p = xcalloc(1, sizeof *p);
	p->rel = rel;
	p->ex = ex;
	p->kinds = f && f->kinds ? f->kinds : STUDY_ALL;
	p->rule_ok = xcalloc(rel->nrules + 1, 1);
	p->gloss_ok = xcalloc(rel->ngloss + 1, 1);
	jrid within = f ? f->within : JRID_NONE;
	const char *topic = f && f->topic && *f->topic ? f->topic : NULL;

	/* the rules in scope: a subtree, or the subtrees a topic names */
	uint8_t *scope = xcalloc(rel->nrules + 1, 1);
	uint8_t *gscope = xcalloc(rel->ngloss + 1, 1);
	jrid roots[256];
	size_t nroots = 0;
	if (topic) {
		uint32_t g = define_loose(rel, topic);
		if (g != JNONE) {
			bool cites = within == JRID_NONE;
			for (uint32_t k = 0; k < rel->gloss[g].nrefs && !cites; k++)
				cites = jrid_within(rel->rules[rel->gloss[g].refs[k]].id, within);
			gscope[g] = cites;
			for (uint32_t k = 0; k < rel->gloss[g].nrefs && nroots < 256; k++)
				roots[nroots++] = rel->rules[rel->gloss[g].refs[k]].id;
		}
		for (uint32_t i = 0; i < rel->nrules && nroots < 256; i++)
			if (rel->rules[i].title && title_has(rel->rules[i].title, topic))
				roots[nroots++] = rel->rules[i].id;
	}
	for (uint32_t i = 0; i < rel->nrules; i++) {
		jrid id = rel->rules[i].id;
		bool in = within == JRID_NONE || jrid_within(id, within);
		if (in && topic) {
			in = false;
			for (size_t k = 0; k < nroots && !in; k++)
				in = jrid_within(id, roots[k]);
		}
		scope[i] = in;
	}
	for (uint32_t g = 0; g < rel->ngloss; g++) {
		if (within == JRID_NONE && !topic) {
			gscope[g] = 1;
			continue;
		}
		if (gscope[g])
			continue;
		for (uint32_t k = 0; k < rel->gloss[g].nrefs; k++)
			if (scope[rel->gloss[g].refs[k]]) {
				gscope[g] = 1;
				break;
			}
	}

	for (int s = 0; s < 4; s++)
		p->cand[s] = xcalloc((s == 0 ? rel->ngloss : rel->nrules) + 1, sizeof(uint32_t));
	if (p->kinds & STUDY_GLOSSARY)
		for (uint32_t g = 0; g < rel->ngloss; g++)
			if (gscope[g] && gloss_askable(&rel->gloss[g])) {
				char *t = gloss_blanked(&rel->gloss[g]);
				if (letters_left(t) >= 15) {
					p->gloss_ok[g] = 1;
					p->cand[0][p->ncand[0]++] = g;
				}
				free(t);
			}
	for (uint32_t i = 0; i < rel->nrules; i++) {
		if (!scope[i])
			continue;
		if ((p->kinds & STUDY_CLOZE) && cloze_askable(&rel->rules[i])) {
			p->rule_ok[i] |= STUDY_CLOZE;
			p->cand[1][p->ncand[1]++] = i;
		}
		if ((p->kinds & STUDY_WHICH) && which_askable(rel, i)) {
			p->rule_ok[i] |= STUDY_WHICH;
			p->cand[2][p->ncand[2]++] = i;
		}
	}
	if ((p->kinds & STUDY_EXAMPLE) && ex && ex->count) {
		p->nex = ex->count(ex->ctx);
		p->ex_ok = xcalloc(p->nex + 1, 1);
		free(p->cand[3]);
		p->cand[3] = xcalloc(p->nex + 1, sizeof(uint32_t));
		for (uint32_t e = 0; e < p->nex; e++) {
			struct study_example x;
			if (!ex->get(ex->ctx, e, &x) || !x.situation || !x.answer || !x.id)
				continue;
			bool in = within == JRID_NONE && !topic;
			for (uint32_t k = 0; k < x.nrules && !in; k++) {
				uint32_t r = jrel_find(rel, x.rules[k]);
				in = r != JNONE ? scope[r] != 0 : (within != JRID_NONE && !topic && jrid_within(x.rules[k], within));
			}
			if (in) {
				p->ex_ok[e] = 1;
				p->cand[3][p->ncand[3]++] = e;
			}
		}
	}
	free(scope);
	free(gscope);
	if (p->ncand[0] + p->ncand[1] + p->ncand[2] + p->ncand[3] == 0) {
		if (why)
			*why = topic ? "no glossary term or rule title matches that topic, or nothing there can be asked"
			    : within != JRID_NONE ? "nothing in that part of the rules can be asked"
			    : "the loaded release has nothing to ask in that kind";
		study_pool_free(p);
		return NULL;
	}
	return p;
}

void
study_pool_free(struct study_pool *p)
{
	if (p == NULL)
		return;
	free(p->rule_ok);
	free(p->gloss_ok);
	free(p->ex_ok);
	free(p->ginfo);
	for (int s = 0; s < 4; s++)
		free(p->cand[s]);
	sbuf_free(&p->scratch);
	free(p);
}

uint32_t
study_pool_count(const struct study_pool *p, enum study_kind k)
{
	return p->ncand[kind_slot(k)];
}

/* ---------- cloze blanks ---------- */

struct blank {
	size_t at, len;           /* in the rule text */
	int rank;                 /* 4 numbers, 3 terms of several words, 2 of one */
	int value;                /* numbers: the value; -1 otherwise */
	bool digits;
	uint32_t gloss;           /* the glossary entry a term blank names */
};

static bool
prev_word_is(const char *text, size_t at, const char *w)
{
	size_t e = at;
	while (e > 0 && text[e - 1] == ' ')
		e--;
	size_t b = e;
	while (b > 0 && isalpha((unsigned char)text[b - 1]))
		b--;
	return e - b == strlen(w) && strncasecmp(text + b, w, e - b) == 0;
}

/* Glossary terms so common that blanking them asks nothing: never blanked. */
static bool
generic_term(const char *w, size_t n)
{
	static const char *const g[] = {"player", "card", "spell", "permanent", "creature", "ability",
	    "object", "effect", "game", "turn", "opponent", "controller", "owner", "control", "cost",
	    "source", "target", "land", "mana", "damage", "life", "zone", "counter", "token", "play",
	    "cast", "attack", "block", "draw", "text", "become", "resolve", "move", "enter", "leave", "exile",
	    "destroy", "sacrifice", "tap", "untap", "reveal", "discard", "search", "shuffle", "copy", NULL};
	for (int i = 0; g[i]; i++) {
		size_t l = strlen(g[i]);
		if (strncasecmp(w, g[i], l) == 0 && (n == l || (n == l + 1 && w[l] == 's') ||
		    (n == l + 2 && strncasecmp(w + l, "es", 2) == 0) || (n == l + 3 && strncasecmp(w + l - 1, "ies", 3) == 0)))
			return true;
	}
	return false;
}

static size_t
word_end(const char *text, size_t j, size_t len)
{
	while (j < len && word_after(text, j))
		j++;
	return j;
}

/* Would the text, with every whole-word phrase blanked, still show one of its words
 * (four letters or more) in some form? */
static bool
blank_leaks(const char *text, const char *phrase)
{
	char *t = xstrdup(text);
	blank_word(&t, phrase, false);
	bool leak = false;
	for (const char *s = phrase; *s && !leak;) {
		const char *e;
		s = next_word(s, &e);
		char st[64];
		word_stem(s, (size_t)(e - s), st, sizeof st);
		leak = e - s >= 4 && stem_in(t, st);
		s = e;
	}
	free(t);
	return leak;
}

/* Does phrase occur inside a bracketed placeholder of text ("When you encounter [this
 * phenomenon]")? Blanking it there would put a blank in the placeholder. */
static bool
in_placeholder(const char *text, const char *phrase)
{
	size_t pl = strlen(phrase);
	for (const char *b = strchr(text, '['); b; b = strchr(b + 1, '[')) {
		const char *e = strchr(b, ']');
		if (!e)
			break;
		for (const char *p = b + 1; p + pl <= e; p++)
			if (strncasecmp(p, phrase, pl) == 0)
				return true;
	}
	return false;
}

/* The blanks a rule offers, best first, at most max: numbers, then glossary terms of
 * several words, then single-word terms; none a word the text keeps in another form. */
static size_t
rule_blanks(const struct jrelease *rel, const char *text, struct blank *out, size_t max)
{
	struct blank all[64];
	size_t n = 0, len = strlen(text);
	char phrase[128];
	int bracket = 0;          /* inside "[quality]", "[cost]": a placeholder, never a blank */
	for (size_t i = 0; i < len && n < 64;) {
		unsigned char c = (unsigned char)text[i];
		if (c == '[' || c == ']') {
			bracket += c == '[' ? 1 : bracket > 0 ? -1 : 0;
			i++;
			continue;
		}
		if (bracket) {
			i++;
			continue;
		}
		if (utf8_punct_at(text + i)) {
			i += 3;
			continue;
		}
		if (!wordch(c) || c == '\'' || c == '-' || word_before(text, i)) {
			i++;
			continue;
		}
		size_t j = i;
		if (isdigit(c)) {
			while (j < len && isdigit((unsigned char)text[j]))
				j++;
			/* rule numbers, mana symbols, P/T boxes and modifiers are not blanks */
			bool bad = j - i > 2 || (j < len && (text[j] == '.' || text[j] == '/' || text[j] == '}' || text[j] == ',')
			    && j + 1 < len && isalnum((unsigned char)text[j + 1]))
			    || (j < len && (isalpha((unsigned char)text[j]) || text[j] == '/' || text[j] == '}' || text[j] == '-'))
			    || (i > 0 && strchr("+-{./", text[i - 1]))
			    || (i >= 3 && utf8_punct_at(text + i - 3) && (unsigned char)text[i - 1] != 0x9C)
			    || prev_word_is(text, i, "rule") || prev_word_is(text, i, "rules")
			    || prev_word_is(text, i, "section") || prev_word_is(text, i, "and");
			if (!bad)
				all[n++] = (struct blank){i, j - i, 4, atoi(text + i), true, JNONE};
			i = word_end(text, j, len);
			continue;
		}
		j = word_end(text, i, len);
		int v = num_word_value(text + i, j - i);
		if (v >= 0 && v != 1) {
			all[n++] = (struct blank){i, j - i, 4, v, false, JNONE};
			i = j;
			continue;
		}
		/* the longest glossary term starting here, up to three words */
		size_t ends[3], ne = 0, k = j;
		ends[ne++] = j;
		while (ne < 3 && k + 1 < len && text[k] == ' ' && wordch((unsigned char)text[k + 1]) &&
		    text[k + 1] != '-' && text[k + 1] != '\'' && !utf8_punct_at(text + k + 1)) {
			k = word_end(text, k + 1, len);
			ends[ne++] = k;
		}
		bool found = false;
		for (size_t e = ne; e-- > 0 && !found;) {
			size_t pl = ends[e] - i;
			if (pl < 4 || pl >= sizeof phrase || (e == 0 && is_stop(text + i, pl)))
				continue;
			memcpy(phrase, text + i, pl);
			phrase[pl] = '\0';
			uint32_t g = define_loose(rel, phrase);
			if (g != JNONE && !rel->gloss[g].obsolete) {
				/* the commonest words ask nothing; a word left in another form
				 * ("emblems" blanked, "An emblem" kept) gives the blank away */
				if ((e == 0 && generic_term(phrase, pl)) || blank_leaks(text, phrase) ||
				    in_placeholder(text, phrase))
					continue;
				all[n++] = (struct blank){i, pl, e > 0 ? 3 : 2, -1, false, g};
				i += pl;
				found = true;
			}
		}
		if (!found)
			i = j;
	}
	/* best first, then in text order; one blank per distinct word */
	size_t m = 0;
	for (int rank = 4; rank >= 2; rank--)
		for (size_t a = 0; a < n && m < max; a++) {
			if (all[a].rank != rank)
				continue;
			bool dup = false;
			for (size_t b = 0; b < m && !dup; b++)
				dup = out[b].len == all[a].len && strncasecmp(text + out[b].at, text + all[a].at, all[a].len) == 0;
			if (!dup)
				out[m++] = all[a];
		}
	return m;
}

static char *
blank_key(const struct jrule *r, const struct blank *b)
{
	char word[128], f[128];
	size_t l = b->len < sizeof word - 1 ? b->len : sizeof word - 1;
	memcpy(word, r->text + b->at, l);
	word[l] = '\0';
	fold_into(word, f, sizeof f);
	struct sbuf k = {0};
	sbuf_addf(&k, "cloze:%s:%s", r->num, f);
	return sbuf_take(&k);
}

static void
add_choice(struct study_q *q, const char *s)
{
	if (q->nchoices < STUDY_CHOICES)
		q->choices[q->nchoices++] = xstrdup(s);
}

static bool
has_choice(const struct study_q *q, const char *s)
{
	for (int i = 0; i < q->nchoices; i++)
		if (strcasecmp(q->choices[i], s) == 0)
			return true;
	return false;
}

static void
shuffle_choices(struct study_q *q, struct study_rng *rng)
{
	for (int i = q->nchoices - 1; i > 0; i--) {
		int j = (int)study_rng_below(rng, (uint32_t)i + 1);
		char *t = q->choices[i];
		q->choices[i] = q->choices[j];
		q->choices[j] = t;
	}
	q->correct = -1;
	for (int i = 0; i < q->nchoices; i++)
		if (strcmp(q->choices[i], q->answer) == 0)
			q->correct = i;
}

static int
cmp_num_str(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	int vx = isdigit((unsigned char)*x) ? atoi(x) : num_word_value(x, strlen(x));
	int vy = isdigit((unsigned char)*y) ? atoi(y) : num_word_value(y, strlen(y));
	return (vx > vy) - (vx < vy);
}

/* Numbers near the answer, written the same way (digits or words): within half the
 * answer and three of it, so no choice is out of the question by its size. */
static void
number_choices(struct study_q *q, const struct blank *b, struct study_rng *rng)
{
	int v = b->value, lim = v / 2 + 3;
	int pool[16], np = 0;
	/* the nearest first: v+1, v-1, v+2, v-2, ... */
	for (int d = 1; d <= lim && np < 16; d++)
		for (int sgn = 1; sgn >= -1 && np < 16; sgn -= 2) {
			int x = v + sgn * d;
			if (x < 0 || (!b->digits && num_word(x) == NULL) || (b->digits && x > 99))
				continue;
			pool[np++] = x;
		}
	/* three of the five closest, so the answer is not always in the middle */
	int take = np < 5 ? np : 5;
	while (q->nchoices < STUDY_CHOICES && take > 0) {
		int k = (int)study_rng_below(rng, (uint32_t)take);
		char s[16];
		if (b->digits)
			snprintf(s, sizeof s, "%d", pool[k]);
		else {
			snprintf(s, sizeof s, "%s", num_word(pool[k]));
			if (isupper((unsigned char)q->answer[0]))
				s[0] = (char)toupper((unsigned char)s[0]);
		}
		add_choice(q, s);
		pool[k] = pool[--take];
	}
	xqsort(q->choices, (size_t)q->nchoices, sizeof *q->choices, cmp_num_str);
	for (int i = 0; i < q->nchoices; i++)
		if (strcmp(q->choices[i], q->answer) == 0)
			q->correct = i;
}

/* The glossary defines verbs as "To ..." or "A keyword action ...": a verb's distractors
 * are verbs, a noun's nouns. */
static bool
gloss_verb(const struct jrelease *rel, uint32_t g)
{
	const char *t = g < rel->ngloss ? rel->gloss[g].text : NULL;
	if (t == NULL)
		return false;
	if (t[0] == '1' && t[1] == '.')
		t += 2;
	while (*t == ' ')
		t++;
	return strncmp(t, "To ", 3) == 0 || strncmp(t, "A keyword action", 16) == 0;
}

static int
words_in(const char *s, size_t n)
{
	int w = 1;
	for (size_t i = 0; i < n; i++)
		w += s[i] == ' ';
	return w;
}

static bool
plural_like(const char *s, size_t n)
{
	return n > 2 && s[n - 1] == 's' && s[n - 2] != 's';
}

/* What a word's ending says of its part of speech, for choices that read as the same
 * part as the answer ("aren't ___ in ahead of time": locked, harnessed, not ascend):
 * 1 a participle or past (-ed), 2 a gerund (-ing), 3 an adverb (-ly), 0 anything else. */
static int
word_form(const char *s, size_t n)
{
	while (n > 0 && !isalpha((unsigned char)s[n - 1]))
		n--;
	if (n > 4 && strncasecmp(s + n - 2, "ed", 2) == 0)
		return 1;
	if (n > 5 && strncasecmp(s + n - 3, "ing", 3) == 0)
		return 2;
	if (n > 4 && strncasecmp(s + n - 2, "ly", 2) == 0)
		return 3;
	return 0;
}

/* May s (glossary entry g) be a choice beside the answer (entry ag) and the nc chosen?
 * Not the answer, not in the text, not another name or form of a choice already there. */
static bool
term_ok(const struct jrelease *rel, const char *s, uint32_t g, uint32_t ag, const struct study_q *q,
    const struct study_q *q0, char *const *cands, const uint32_t *cg, int nc)
{
	size_t ml;
	if (strcasecmp(s, q->answer) == 0 || find_word(q0->question, 0, s, false, &ml) >= 0 ||
	    (g != JNONE && g == ag) || stem_clash(s, q->answer) || (g < rel->ngloss && gloss_retired(&rel->gloss[g])))
		return false;
	for (int y = 0; y < nc; y++)
		if (strcasecmp(cands[y], s) == 0 || (g != JNONE && cg[y] == g) || stem_clash(cands[y], s))
			return false;
	return true;
}

/* Other glossary terms written in nearby rules, in the same number and case. */
static void
term_choices(struct study_pool *p, uint32_t ri, const struct blank *ab, const struct study_q *q0,
    struct study_q *q, struct study_rng *rng)
{
	const struct jrelease *rel = p->rel;
	const struct jrule *r = &rel->rules[ri];
	jrid chap = JRID_MAKE(JRID_CHAP(r->id), 0, 0), par = jrid_parent(r->id);
	char *cands[48];
	uint32_t cg[48];
	int nc = 0;
	size_t alen = strlen(q->answer);
	bool apl = plural_like(q->answer, alen), aup = isupper((unsigned char)q->answer[0]) != 0;
	int aform = word_form(q->answer, alen);
	int awords = words_in(q->answer, alen);
	bool averb = gloss_verb(rel, ab->gloss);
	/* siblings first, then the chapter, nearest first: terms of the answer's kind, then
	 * the glossary's terms of that kind, then (too few still) nearby terms of any kind */
	const struct gloss_info *gi = gloss_info(p);
	uint8_t acls = ab->gloss < rel->ngloss ? gi[ab->gloss].cls : GC_OTHER;
	for (int relaxed = 0; relaxed < 2; relaxed++) {
		if (relaxed) {
			/* too few nearby: terms of the same kind from the glossary ("reach" for "flying"),
			 * written like the answer, the most alike in wording first */
			for (int round = 4; round >= 0 && nc < STUDY_CHOICES - 1 && acls != GC_OTHER && !apl; round--)
				for (uint32_t h = 0; h < rel->ngloss && nc < 12; h++) {
					const struct jgloss *o = &rel->gloss[h];
					int sh = stems_shared(&gi[ab->gloss].stems, &gi[h].stems);
					if (gi[h].cls != acls || !gloss_askable(o) || strpbrk(o->head, ",[\"") || strstr(o->head, "\xE2\x80") ||
					    words_in(o->head, strlen(o->head)) != awords || gloss_verb(rel, h) != averb ||
					    (aform && word_form(o->head, strlen(o->head)) != aform) ||
					    (round < 4 ? sh != round : sh < 4))
						continue;
					char *s = xstrdup(o->head);
					if (!aup)
						for (char *c = s; *c; c++)
							*c = (char)tolower((unsigned char)*c);
					if (term_ok(rel, s, h, ab->gloss, q, q0, cands, cg, nc)) {
						cg[nc] = h;
						cands[nc++] = s;
					} else {
						free(s);
					}
				}
			if (nc >= STUDY_CHOICES - 1)
				break;
		}
		for (int pass = 0; pass < 2 && nc < 12; pass++)
			for (uint32_t d = 1; d < 200 && nc < 12; d++)
				for (int sgn = -1; sgn <= 1; sgn += 2) {
					long k = (long)ri + sgn * (long)d;
					if (k < 0 || k >= (long)rel->nrules || nc >= 12)
						continue;
					const struct jrule *o = &rel->rules[k];
					if (!jrid_within(o->id, chap) || o->text == NULL)
						continue;
					if ((pass == 0) != (jrid_parent(o->id) == par))
						continue;
					struct blank bl[8];
					size_t nb = rule_blanks(rel, o->text, bl, 8);
					for (size_t z = 0; z < nb && nc < 12; z++) {
						if (bl[z].rank > 3)
							continue;
						const char *w = o->text + bl[z].at;
						size_t wl = bl[z].len;
						if (plural_like(w, wl) != apl || (isupper((unsigned char)w[0]) != 0) != aup ||
						    words_in(w, wl) != awords || gloss_verb(rel, bl[z].gloss) != averb ||
						    (aform && word_form(w, wl) != aform) ||
						    (!relaxed && bl[z].gloss < rel->ngloss && gi[bl[z].gloss].cls != acls))
							continue;
						char *s = xstrndup(w, wl);
						if (term_ok(rel, s, bl[z].gloss, ab->gloss, q, q0, cands, cg, nc)) {
							cg[nc] = bl[z].gloss;
							cands[nc++] = s;
						} else {
							free(s);
						}
					}
				}
	}
	/* the nearest dozen are the plausible ones */
	int take = nc < 12 ? nc : 12;
	while (q->nchoices < STUDY_CHOICES && take > 0) {
		int k = (int)study_rng_below(rng, (uint32_t)take);
		add_choice(q, cands[k]);
		char *t = cands[k];
		cands[k] = cands[take - 1];
		cands[take - 1] = t;
		take--;
	}
	for (int i = 0; i < nc; i++)
		free(cands[i]);
}

static int
make_cloze(struct study_pool *p, uint32_t ri, const char *blank, struct study_rng *rng,
    struct study_q *q)
{
	const struct jrelease *rel = p->rel;
	const struct jrule *r = &rel->rules[ri];
	struct blank bl[3];
	size_t nb = rule_blanks(rel, r->text, bl, 3);
	const struct blank *b = NULL;
	for (size_t i = 0; i < nb && !b; i++) {
		char *k = blank_key(r, &bl[i]);
		const char *w = strrchr(k, ':') + 1;
		if (strcmp(w, blank) == 0)
			b = &bl[i];
		free(k);
	}
	if (b == NULL)
		return -1;
	q->kind = STUDY_CLOZE;
	q->key = blank_key(r, b);
	q->answer = xstrndup(r->text + b->at, b->len);
	q->question = xstrdup(r->text);
	blank_word(&q->question, q->answer, false);
	q->source = xstrdup(r->num);
	q->rules[q->nrules++] = r->id;
	q->correct = -1;
	add_choice(q, q->answer);
	if (b->value >= 0)
		number_choices(q, b, rng);
	else {
		term_choices(p, ri, b, q, q, rng);
		if (q->nchoices == STUDY_CHOICES)
			shuffle_choices(q, rng);
	}
	if (q->nchoices < STUDY_CHOICES) {
		/* too few plausible alternatives: answered in free text */
		for (int i = 0; i < q->nchoices; i++) {
			free(q->choices[i]);
			q->choices[i] = NULL;
		}
		q->nchoices = 0;
		q->correct = -1;
	}
	return 0;
}

/* ---------- glossary ---------- */

static bool
aliases_overlap(const struct jgloss *a, const struct jgloss *b)
{
	char fa[256], fb[256];
	for (uint32_t i = 0; i <= a->naliases; i++) {
		fold_into(i ? a->aliases[i - 1] : a->head, fa, sizeof fa);
		for (uint32_t j = 0; j <= b->naliases; j++) {
			fold_into(j ? b->aliases[j - 1] : b->head, fb, sizeof fb);
			if (strcmp(fa, fb) == 0)
				return true;
		}
	}
	return false;
}

/* Shared non-stop words of two heads ("Mana Ability" and "Mana Pool" share "mana"). */
static int
head_words_shared(const char *a, const char *b)
{
	int n = 0;
	for (const char *s = a; *s;) {
		while (*s && !isalnum((unsigned char)*s))
			s++;
		const char *e = s;
		while (*e && isalnum((unsigned char)*e))
			e++;
		if (e - s >= 3 && !is_stop(s, (size_t)(e - s))) {
			char w[64];
			size_t l = (size_t)(e - s) < sizeof w - 1 ? (size_t)(e - s) : sizeof w - 1;
			memcpy(w, s, l);
			w[l] = '\0';
			size_t ml;
			if (find_word(b, 0, w, true, &ml) >= 0)
				n++;
		}
		s = e;
	}
	return n;
}

static int
gloss_related(const struct jrelease *rel, const struct jgloss *a, const struct jgloss *b,
    const struct stems *sa, const struct stems *sb)
{
	int score = 3 * head_words_shared(a->head, b->head) + 2 * stems_shared(sa, sb);
	bool chap = false, sec = false;
	for (uint32_t i = 0; i < a->nrefs; i++)
		for (uint32_t j = 0; j < b->nrefs; j++) {
			jrid x = rel->rules[a->refs[i]].id, y = rel->rules[b->refs[j]].id;
			if (a->refs[i] == b->refs[j])
				score += 4;
			else if (JRID_CHAP(x) == JRID_CHAP(y))
				chap = true;
			else if (JRID_CHAP(x) / 100 == JRID_CHAP(y) / 100)
				sec = true;
		}
	return score + (chap ? 2 : 0) + (sec ? 1 : 0);
}

struct rel_term { uint32_t g; int score; uint32_t tie; };

static int
make_glossary(struct study_pool *p, uint32_t gi, struct study_rng *rng, struct study_q *q)
{
	const struct jrelease *rel = p->rel;
	const struct jgloss *g = &rel->gloss[gi];
	char f[256];
	q->kind = STUDY_GLOSSARY;
	fold_into(g->head, f, sizeof f);
	struct sbuf k = {0};
	sbuf_addf(&k, "glossary:%s", f);
	q->key = sbuf_take(&k);
	q->question = gloss_blanked(g);
	q->answer = xstrdup(g->head);
	q->source = xstrdup(g->head);
	for (uint32_t i = 0; i < g->nrefs && q->nrules < 8; i++)
		q->rules[q->nrules++] = rel->rules[g->refs[i]].id;
	add_choice(q, g->head);

	/* related terms score highest, those of the same kind above all; ties broken by the seed */
	const struct gloss_info *gi_all = gloss_info(p);
	enum gclass gc = (enum gclass)gi_all[gi].cls;
	struct rel_term best[12];
	int nb = 0;
	/* the kind words of the term the definition says ("A turn created by ..." for "Extra
	 * Turn"): distractors that have them too */
	char kinds[4][64];
	int nk = 0;
	for (const char *s = g->head; *s && nk < 4;) {
		const char *e;
		s = next_word(s, &e);
		word_stem(s, (size_t)(e - s), kinds[nk], sizeof kinds[nk]);
		if (e > s && kind_word(kinds[nk]) && stem_in(q->question, kinds[nk]))
			nk++;
		s = e;
	}
	/* only the same kind when there are enough of it */
	for (int strict = 1; strict >= 0; strict--) {
		nb = 0;
		for (uint32_t h = 0; h < rel->ngloss; h++) {
			const struct jgloss *o = &rel->gloss[h];
			if (h == gi || !gloss_askable(o) || aliases_overlap(g, o) || stem_clash(g->head, o->head))
				continue;
			size_t ml;
			if (find_word(q->question, 0, o->head, true, &ml) >= 0)
				continue;
			/* two entries with one head would make one choice */
			bool dup = strcasecmp(o->head, g->head) == 0;
			for (int y = 0; y < nb && !dup; y++)
				dup = strcasecmp(rel->gloss[best[y].g].head, o->head) == 0 || stem_clash(rel->gloss[best[y].g].head, o->head);
			if (dup)
				continue;
			enum gclass oc = (enum gclass)gi_all[h].cls;
			if (strict && gc != GC_OTHER && oc != gc)
				continue;
			int s = gloss_related(rel, g, o, &gi_all[gi].stems, &gi_all[h].stems) + (oc == gc ? 8 : 0);
			for (int y = 0; y < nk; y++)
				s += stem_in(o->head, kinds[y]) ? 20 : 0;
			uint32_t tie = study_rng_below(rng, 1u << 30);
			int at;
			if (nb < 12) {
				at = nb++;
			} else {
				if (best[11].score > s || (best[11].score == s && best[11].tie >= tie))
					continue;
				at = 11;
			}
			best[at] = (struct rel_term){h, s, tie};
			while (at > 0 && (best[at - 1].score < best[at].score ||
			    (best[at - 1].score == best[at].score && best[at - 1].tie < best[at].tie))) {
				struct rel_term t = best[at];
				best[at] = best[at - 1];
				best[at - 1] = t;
				at--;
			}
		}
		if (nb >= STUDY_CHOICES - 1)
			break;
	}
	/* three of the six most related, so the same distractors do not always come; of those
	 * with the kind words when three have them */
	int take = nb < 6 ? nb : 6, with = 0;
	for (int y = 0; y < take && nk; y++) {
		bool all = true;
		for (int z = 0; z < nk && all; z++)
			all = stem_in(rel->gloss[best[y].g].head, kinds[z]);
		with += all;
	}
	if (with >= STUDY_CHOICES - 1)
		take = with;
	else if (nk > 0)
		/* too few choices share the kind words the definition says: blank those too */
		blank_term_words(&q->question, g->head, true);
	while (q->nchoices < STUDY_CHOICES && take > 0) {
		int x = (int)study_rng_below(rng, (uint32_t)take);
		if (!has_choice(q, rel->gloss[best[x].g].head))
			add_choice(q, rel->gloss[best[x].g].head);
		best[x] = best[--take];
	}
	if (q->nchoices < STUDY_CHOICES)
		return -1;
	shuffle_choices(q, rng);
	return 0;
}

/* ---------- which rule ---------- */

static int
cmp_rid_str(const void *a, const void *b)
{
	jrid x = jrid_from_str(*(char *const *)a), y = jrid_from_str(*(char *const *)b);
	return (x > y) - (x < y);
}

static int
make_which(struct study_pool *p, uint32_t ri, struct study_rng *rng, struct study_q *q)
{
	const struct jrelease *rel = p->rel;
	const struct jrule *r = &rel->rules[ri];
	q->kind = STUDY_WHICH;
	struct sbuf k = {0};
	sbuf_addf(&k, "which:%s", r->num);
	q->key = sbuf_take(&k);
	/* an example is a situation; the rule's own text otherwise */
	uint32_t pick = r->nexamples ? study_rng_below(rng, r->nexamples + 1) : 0;
	q->question = xstrdup(pick ? r->examples[pick - 1] : r->text);
	q->answer = xstrdup(r->num);
	q->source = xstrdup(r->num);
	q->rules[q->nrules++] = r->id;
	add_choice(q, r->num);
	uint32_t peers[1024], sib[1024];
	uint32_t np = chapter_peers(rel, ri, peers, 1024), ns = 0;
	jrid par = jrid_parent(r->id);
	for (uint32_t i = 0; i < np; i++)
		if (jrid_parent(rel->rules[peers[i]].id) == par)
			sib[ns++] = peers[i];
	/* siblings first: 704.5c among 704.5a-z is the hard question; never a rule the text
	 * names ("as described in rule 701.57a" is not 701.57a) */
	for (int pass = 0; pass < 2; pass++) {
		uint32_t *v = pass ? peers : sib, n = pass ? np : ns;
		while (q->nchoices < STUDY_CHOICES && n > 0) {
			uint32_t x = study_rng_below(rng, n);
			size_t ml;
			if (!has_choice(q, rel->rules[v[x]].num) && find_word(q->question, 0, rel->rules[v[x]].num, false, &ml) < 0)
				add_choice(q, rel->rules[v[x]].num);
			v[x] = v[--n];
		}
	}
	if (q->nchoices < STUDY_CHOICES)
		return -1;
	xqsort(q->choices, (size_t)q->nchoices, sizeof *q->choices, cmp_rid_str);
	for (int i = 0; i < q->nchoices; i++)
		if (strcmp(q->choices[i], q->answer) == 0)
			q->correct = i;
	return 0;
}

/* ---------- worked examples ---------- */

/* Where the sentence after a '.' or '!' at i begins, or 0 when none does. */
static size_t
next_sentence(const char *text, size_t i, size_t n)
{
	if ((text[i] != '.' && text[i] != '!') || i + 1 >= n || (text[i + 1] != ' ' && text[i + 1] != '\n'))
		return 0;
	size_t j = i + 1;
	while (j < n && (text[j] == ' ' || text[j] == '\n'))
		j++;
	return j < n && (isupper((unsigned char)text[j]) || text[j] == '"' || utf8_punct_at(text + j)) ? j : 0;
}

/* Words that tell how a situation turns out: the answer starts with their sentence ("it
 * will become a 5/7", "so it's still a land", "which means"). Narrative words ("then",
 * "however") do not: the story going on is no ruling. */
static bool
has_outcome(const char *s, size_t n)
{
	static const char *const marks[] = {" will ", " won't ", " would ", " can't ", " cannot ",
	    " doesn't ", " isn't ", " so ", "therefore", " means", "because", " must ", " no longer ",
	    " still ", " instead", NULL};
	char buf[512];
	size_t l = n < sizeof buf - 2 ? n : sizeof buf - 2;
	buf[0] = ' ';
	for (size_t i = 0; i < l; i++)
		buf[i + 1] = (char)tolower((unsigned char)s[i]);
	buf[l + 1] = '\0';
	for (int i = 0; marks[i]; i++)
		if (strstr(buf, marks[i]))
			return true;
	return false;
}

/* Does a sentence start by comparing with another case ("In the same way, ...", "On the
 * other hand, ...")? Then it is a second illustration, not how the first one turns out. */
static bool
parallel_case(const char *s)
{
	static const char *const starts[] = {"In the same way", "Similarly", "Likewise", "On the other hand",
	    "Let's", "Let us", "For example", "For instance", "Vice versa", "Also", "Another", "Quite different",
	    "Compare", "In contrast", "By contrast", NULL};
	for (int i = 0; starts[i]; i++)
		if (strncmp(s, starts[i], strlen(starts[i])) == 0)
			return true;
	return false;
}

bool
study_split_example(const char *text, size_t *sit_len, const char **ans)
{
	size_t n = strlen(text);
	/* an example that asks and then answers: split at the question mark; one that ends
	 * in its question leaves the answer to the text after it, which we do not have */
	const char *q = strchr(text, '?');
	if (q) {
		size_t i = (size_t)(q - text), j = i + 1;
		while (j < n && (text[j] == ' ' || text[j] == '\n' || text[j] == '*' || text[j] == '"' ||
		    text[j] == ')' || utf8_punct_at(text + j)))
			j += utf8_punct_at(text + j) ? 3 : 1;
		if (j >= n || letters_left(text + j) < 3 || i < 15 || strchr(text + j, '?') != NULL)
			return false;
		*sit_len = i + 1;
		*ans = text + j;
		return true;
	}
	/* a worked statement: the setting, then how it turns out, from the first sentence that
	 * says what will, must or can't happen. Not asked: a setting that already says how it
	 * turns out (the question would hold its answer), one that never says (the "answer"
	 * would only be the next sentence of the story), or a second illustration */
	size_t starts[64], ns = 0;
	for (size_t i = 0; i < n && ns < 64; i++) {
		size_t j = next_sentence(text, i, n);
		if (j)
			starts[ns++] = j;
	}
	if (ns == 0 || has_outcome(text, starts[0]))
		return false;
	size_t cut = 0;
	for (size_t k = 0; k < ns && !cut; k++) {
		size_t e = k + 1 < ns ? starts[k + 1] : n;
		if (has_outcome(text + starts[k], e - starts[k]))
			cut = starts[k];
	}
	/* a setting and one statement of how it is ("... no mana cost. Its mana value is
	 * zero."): the statement is the answer, unless it is a second illustration */
	if (!cut && ns == 1)
		cut = starts[0];
	if (!cut || parallel_case(text + cut))
		return false;
	size_t sl = cut;
	while (sl > 0 && (text[sl - 1] == ' ' || text[sl - 1] == '\n'))
		sl--;
	char *sit = xstrndup(text, sl);
	bool ok = letters_left(sit) >= 25 && letters_left(text + cut) >= 15;
	free(sit);
	if (!ok)
		return false;
	*sit_len = sl;
	*ans = text + cut;
	return true;
}

static int
make_example(struct study_pool *p, uint32_t e, struct study_q *q)
{
	struct study_example x;
	if (!p->ex->get(p->ex->ctx, e, &x))
		return -1;
	q->kind = STUDY_EXAMPLE;
	struct sbuf k = {0};
	sbuf_addf(&k, "example:%s", x.id);
	q->key = sbuf_take(&k);
	if (x.where) {
		struct sbuf b = {0};
		sbuf_addf(&b, "(%s)\n%s", x.where, x.situation);
		q->question = sbuf_take(&b);
	} else {
		q->question = xstrdup(x.situation);
	}
	q->answer = xstrdup(x.answer);
	q->reveal = xstrdup(x.answer);
	q->source = xstrdup(x.id);
	q->correct = -1;
	for (uint32_t i = 0; i < x.nrules && q->nrules < 8; i++)
		q->rules[q->nrules++] = x.rules[i];
	return 0;
}

/* ---------- by key ---------- */

static void
set_section(struct study_q *q)
{
	if (q->kind == STUDY_GLOSSARY)
		q->section = xstrdup("glossary");
	else if (q->kind == STUDY_EXAMPLE)
		q->section = xstrdup("textbook");
	else {
		char s[16];
		snprintf(s, sizeof s, "%u", (unsigned)(JRID_CHAP(jrid_from_str(q->source)) / 100));
		q->section = xstrdup(s);
	}
}

int
study_make(struct study_pool *p, const char *key, uint64_t seed, struct study_q *q)
{
	memset(q, 0, sizeof *q);
	q->correct = -1;
	struct study_rng rng;
	study_rng_seed(&rng, seed ^ hash_key(key));
	const char *colon = strchr(key, ':');
	if (colon == NULL)
		return -1;
	size_t kl = (size_t)(colon - key);
	const char *rest = colon + 1;
	int rc = -1;
	if (kl == 8 && strncmp(key, "glossary", 8) == 0) {
		uint32_t g = jrel_define(p->rel, rest);
		if (g != JNONE && p->gloss_ok[g])
			rc = make_glossary(p, g, &rng, q);
	} else if (kl == 5 && strncmp(key, "which", 5) == 0) {
		jrid id = jrid_from_str(rest);
		uint32_t i = id ? jrel_find(p->rel, id) : JNONE;
		if (i != JNONE && (p->rule_ok[i] & STUDY_WHICH))
			rc = make_which(p, i, &rng, q);
	} else if (kl == 5 && strncmp(key, "cloze", 5) == 0) {
		const char *c2 = strchr(rest, ':');
		if (c2) {
			char num[32];
			size_t nl = (size_t)(c2 - rest);
			if (nl < sizeof num) {
				memcpy(num, rest, nl);
				num[nl] = '\0';
				jrid id = jrid_from_str(num);
				uint32_t i = id ? jrel_find(p->rel, id) : JNONE;
				if (i != JNONE && (p->rule_ok[i] & STUDY_CLOZE))
					rc = make_cloze(p, i, c2 + 1, &rng, q);
			}
		}
	} else if (kl == 7 && strncmp(key, "example", 7) == 0 && p->ex) {
		for (uint32_t e = 0; e < p->nex && rc < 0; e++) {
			struct study_example x;
			if (p->ex_ok[e] && p->ex->get(p->ex->ctx, e, &x) && strcmp(x.id, rest) == 0)
				rc = make_example(p, e, q);
		}
	}
	if (rc < 0) {
		study_q_free(q);
		q->correct = -1;
		return -1;
	}
	set_section(q);
	return 0;
}

/* ---------- a session ---------- */

/* The part of a key that names where the answer comes from ("704.5c", "trample"). */
static size_t
key_source(const char *key, const char **src)
{
	const char *c = strchr(key, ':');
	if (c == NULL) {
		*src = key;
		return strlen(key);
	}
	*src = c + 1;
	const char *c2 = strncmp(key, "cloze:", 6) == 0 ? strchr(c + 1, ':') : NULL;
	return c2 ? (size_t)(c2 - (c + 1)) : strlen(c + 1);
}

/* One question per source in a session, and one cloze per blanked word ("trample"
 * blanked in three rules of 702.19 is one question asked three times). */
static bool
source_used(char **keys, size_t n, const char *key)
{
	const char *s;
	size_t l = key_source(key, &s);
	const char *blank = strncmp(key, "cloze:", 6) == 0 ? strrchr(key, ':') : NULL;
	for (size_t i = 0; i < n; i++) {
		const char *t;
		size_t tl = key_source(keys[i], &t);
		if (tl == l && strncmp(s, t, l) == 0)
			return true;
		if (blank && strncmp(keys[i], "cloze:", 6) == 0 && strcmp(strrchr(keys[i], ':'), blank) == 0)
			return true;
	}
	return false;
}

static bool
key_askable(struct study_pool *p, const char *key, uint64_t seed)
{
	struct study_q q;
	if (study_make(p, key, seed, &q) != 0)
		return false;
	study_q_free(&q);
	return true;
}

static int
cmp_due(const void *a, const void *b)
{
	const struct study_card *x = *(const struct study_card *const *)a, *y = *(const struct study_card *const *)b;
	if (x->due != y->due)
		return x->due < y->due ? -1 : 1;
	return strcmp(x->key, y->key);
}

/* Cards in the store by due date; due ones (<= today) or the others. */
static size_t
cards_by_due(const struct study_store *s, int32_t today, bool due, const struct study_card ***out)
{
	const struct study_card **v = xcalloc(s->n + 1, sizeof *v);
	size_t n = 0;
	for (size_t i = 0; i < s->n; i++)
		if ((s->v[i].due <= today) == due)
			v[n++] = &s->v[i];
	xqsort(v, n, sizeof *v, cmp_due);
	*out = v;
	return n;
}

size_t
study_pick(struct study_pool *p, const struct study_store *store, int32_t today,
    uint64_t seed, size_t count, char **keys)
{
	size_t n = 0;
	const struct study_card **v;
	if (store) {
		size_t nv = cards_by_due(store, today, true, &v);
		for (size_t i = 0; i < nv && n < count; i++)
			if (!source_used(keys, n, v[i]->key) && key_askable(p, v[i]->key, seed))
				keys[n++] = xstrdup(v[i]->key);
		free(v);
	}

	/* new questions: a kind at random among those left, then a candidate of that kind */
	struct study_rng rng;
	study_rng_seed(&rng, seed);
	uint32_t *left[4], nleft[4];
	for (int s = 0; s < 4; s++) {
		nleft[s] = p->ncand[s];
		left[s] = xcalloc(nleft[s] + 1, sizeof(uint32_t));
		memcpy(left[s], p->cand[s], nleft[s] * sizeof(uint32_t));
	}
	/* how often each kind comes, by slot (glossary, cloze, which, example): recalling a
	 * rule's number is no part of the judge exam, so it comes seldom unless asked for */
	static const uint32_t weight[4] = { 3, 3, 1, 3 };
	while (n < count) {
		uint32_t total = 0;
		for (int s = 0; s < 4; s++)
			total += nleft[s] ? weight[s] : 0;
		if (total == 0)
			break;
		uint32_t pickk = study_rng_below(&rng, total);
		int s = 0;
		for (;; s++) {
			if (!nleft[s])
				continue;
			if (pickk < weight[s])
				break;
			pickk -= weight[s];
		}
		uint32_t x = study_rng_below(&rng, nleft[s]);
		uint32_t c = left[s][x];
		left[s][x] = left[s][--nleft[s]];
		char *key = NULL;
		struct sbuf k = {0};
		if (s == 0) {
			char f[256];
			fold_into(p->rel->gloss[c].head, f, sizeof f);
			sbuf_addf(&k, "glossary:%s", f);
			key = sbuf_take(&k);
		} else if (s == 2) {
			sbuf_addf(&k, "which:%s", p->rel->rules[c].num);
			key = sbuf_take(&k);
		} else if (s == 3) {
			struct study_example ex;
			if (p->ex->get(p->ex->ctx, c, &ex)) {
				sbuf_addf(&k, "example:%s", ex.id);
				key = sbuf_take(&k);
			}
		} else {
			/* one of the rule's blanks not asked before */
			const struct jrule *r = &p->rel->rules[c];
			struct blank bl[3];
			size_t nb = rule_blanks(p->rel, r->text, bl, 3);
			char *fresh[3];
			size_t nf = 0;
			for (size_t i = 0; i < nb; i++) {
				char *bk = blank_key(r, &bl[i]);
				if (store && study_store_find(store, bk))
					free(bk);
				else
					fresh[nf++] = bk;
			}
			if (nf) {
				uint32_t w = study_rng_below(&rng, (uint32_t)nf);
				key = fresh[w];
				fresh[w] = NULL;
			}
			for (size_t i = 0; i < nf; i++)
				free(fresh[i]);
		}
		if (key && !(store && study_store_find(store, key)) && !source_used(keys, n, key) &&
		    key_askable(p, key, seed))
			keys[n++] = key;
		else
			free(key);
	}
	for (int s = 0; s < 4; s++)
		free(left[s]);

	if (store && n < count) {
		size_t nv = cards_by_due(store, today, false, &v);
		for (size_t i = 0; i < nv && n < count; i++)
			if (!source_used(keys, n, v[i]->key) && key_askable(p, v[i]->key, seed))
				keys[n++] = xstrdup(v[i]->key);
		free(v);
	}
	return n;
}

/* ---------- checking answers ---------- */

static void
norm_answer(const char *s, char *out, size_t cap)
{
	fold_into(s, out, cap);
	/* trailing punctuation and a leading article do not change an answer */
	size_t n = strlen(out);
	while (n > 0 && strchr(".!?,;\"' ", out[n - 1]))
		out[--n] = '\0';
	if (strncmp(out, "the ", 4) == 0)
		memmove(out, out + 4, strlen(out + 4) + 1);
	else if (strncmp(out, "a ", 2) == 0)
		memmove(out, out + 2, strlen(out + 2) + 1);
	else if (strncmp(out, "an ", 3) == 0)
		memmove(out, out + 3, strlen(out + 3) + 1);
}

/* "poison counter" for "poison counters", "7" for "seven". */
static bool
same_answer(const char *reply, const char *answer)
{
	char a[256], b[256];
	norm_answer(reply, a, sizeof a);
	norm_answer(answer, b, sizeof b);
	if (!*a)
		return false;
	if (strcmp(a, b) == 0)
		return true;
	size_t la = strlen(a), lb = strlen(b);
	if (la + 1 == lb && b[lb - 1] == 's' && strncmp(a, b, la) == 0)
		return true;
	if (lb + 1 == la && a[la - 1] == 's' && strncmp(a, b, lb) == 0)
		return true;
	int va = isdigit((unsigned char)a[0]) ? atoi(a) : num_word_value(a, la);
	int vb = isdigit((unsigned char)b[0]) ? atoi(b) : num_word_value(b, lb);
	if (va >= 0 && vb >= 0 && va == vb) {
		/* whole answers only: "7 cards" is not "7" */
		bool wa = isdigit((unsigned char)a[0]) ? strspn(a, "0123456789") == la : true;
		bool wb = isdigit((unsigned char)b[0]) ? strspn(b, "0123456789") == lb : true;
		return wa && wb;
	}
	return false;
}

bool
study_check(const struct study_q *q, const char *reply)
{
	while (*reply == ' ' || *reply == '\t')
		reply++;
	size_t n = strlen(reply);
	while (n > 0 && isspace((unsigned char)reply[n - 1]))
		n--;
	if (n == 0)
		return false;
	char r[256];
	size_t l = n < sizeof r - 1 ? n : sizeof r - 1;
	memcpy(r, reply, l);
	r[l] = '\0';
	if (q->nchoices > 0) {
		int pick = -1;
		char c0 = (char)tolower((unsigned char)r[0]);
		if (l == 1 && c0 >= 'a' && c0 < 'a' + q->nchoices)
			pick = c0 - 'a';
		else if ((l == 2 && r[1] == ')') && c0 >= 'a' && c0 < 'a' + q->nchoices)
			pick = c0 - 'a';
		/* a bare 1-4 is a choice, unless the choices are numbers themselves */
		else if (l == 1 && r[0] >= '1' && r[0] < '1' + q->nchoices && !isdigit((unsigned char)q->choices[0][0]))
			pick = r[0] - '1';
		if (pick >= 0)
			return pick == q->correct;
	}
	if (q->kind == STUDY_WHICH) {
		jrid a = jrid_from_str(r), b = jrid_from_str(q->answer);
		return a != JRID_NONE && a == b;
	}
	if (same_answer(r, q->answer))
		return true;
	/* any alias of a glossary term ("Controller" for "Control, Controller") */
	if (q->kind == STUDY_GLOSSARY) {
		for (const char *s = q->answer; *s;) {
			const char *e = strchr(s, ',');
			size_t al = e ? (size_t)(e - s) : strlen(s);
			char a[256];
			if (al < sizeof a) {
				memcpy(a, s, al);
				a[al] = '\0';
				if (same_answer(r, a))
					return true;
			}
			if (!e)
				break;
			s = e + 1;
			while (*s == ' ')
				s++;
		}
	}
	return false;
}
