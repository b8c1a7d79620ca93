/* pol_search.c — ranking the sections of policy documents against a question: BM25 over
 * stemmed words, the title weighted above the text, with the forms of irregular verbs
 * ("drew" → draw) and a thesaurus of how players say things (corpus/policy-words.tsv). */
#include <ctype.h>
#include <errno.h>
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

/* The forms the stemmer leaves apart from their base ("drew" from draw, "sat" from sit),
 * the base first; a prefix (mis-, re-, with-, over-, un-) is kept: "misdrew" is misdraw. A
 * question's verb matches the documents' in every form: both sides are folded alike. */
static const char *const irregular[] = {
	"draw drew drawn", "see saw seen", "take took taken", "give gave given", "forget forgot forgotten",
	"lose lost", "choose chose chosen", "find found", "pay paid", "deal dealt", "bring brought",
	"keep kept", "make made", "tell told", "say said", "shuffle shuffled", "know knew known",
	"go went gone", "leave left", "win won", "steal stole stolen", "write wrote written",
	"get got gotten", "show showed shown", "throw threw thrown", "put", "hold held",
	"sit sat", "begin began begun", "run ran", "bend bent", "wear wore worn", "swear swore sworn",
	"tear tore torn", "hide hid hidden", "think thought", "buy bought", "catch caught",
	"stand stood", "understand understood", "feel felt", "come came", "become became", "sell sold",
	"hear heard", "speak spoke spoken", "spend spent", "send sent", "stick stuck", "shake shook shaken",
	"fall fell fallen", "mean meant", "fight fought", "teach taught", "forbid forbade forbidden",
	"rise rose risen", "ride rode ridden", "build built", "mistake mistook mistaken",
	"break broke broken", "grow grew grown", "drive drove driven", "eat ate eaten", "fly flew flown",
	/* nouns whose plural the stemmer does not fold ("dice" is not folded: "dies" is a verb) */
	"person people", "child children",
};
static const char *const stopw[] = { "a", "an", "the", "i", "my", "me", "he", "she", "his", "her",
	"they", "them", "their", "it", "its", "is", "are", "was", "were", "be", "been", "to", "of", "in",
	"on", "at", "for", "and", "or", "but", "with", "what", "do", "does", "did", "can", "could", "should",
	"would", "if", "that", "this", "there", "then", "so", "as", "by", "from", "how", "when", "which",
	"who", "we", "you", "your", "our", "have", "has", "had", "not", "no", "any", "all", "will", "about",
	"into", "than", "just", "also", "because", "after", "before", "while", "up", "out", "one", "get",
	"happens", "happen", "ok", "allowed", "player", "players", "opponent", "judge",
	/* how a question is told, not what it is about */
	"very", "really", "every", "single", "someone", "somebody", "something", "anything", "said",
	"say", "says", "still", "even", "much", "many", "some", "okay", "like", "thing", "things", NULL };

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

/* The stem of a lower-case word, irregular forms folded to their base first; true when the
 * word was one of those other forms ("drew", "seen"), a verb's. */
static bool
stem_word(struct sb_stemmer *st, const char *w, size_t n, struct sbuf *o)
{
	char buf[64];
	if (n >= sizeof buf)
		n = sizeof buf - 1;
	memcpy(buf, w, n);
	buf[n] = '\0';
	bool folded = false;
	static const char *const prefixes[] = { "", "mis", "re", "with", "over", "un", NULL };
	for (int pi = 0; prefixes[pi]; pi++) {
		size_t pl = strlen(prefixes[pi]);
		if (strncmp(buf, prefixes[pi], pl) != 0 || n - pl < 3)
			continue;
		for (size_t i = 0; i < sizeof irregular / sizeof *irregular; i++) {
			const char *f = irregular[i];
			size_t bl = strcspn(f, " ");
			/* a prefix only before a verb's form: "undone", "misdrew"; not "redie" */
			if (pl && (i >= sizeof irregular / sizeof *irregular - 3 || bl < 3))
				continue;
			for (const char *p = f; *p;) {
				size_t l = strcspn(p, " ");
				if (l == n - pl && strncmp(p, buf + pl, l) == 0 && (pl == 0 || p != f)) {
					memcpy(buf + pl, f, bl);
					buf[pl + bl] = '\0';
					folded = p != f;
					n = pl + bl;
					goto stem;
				}
				p += l;
				while (*p == ' ')
					p++;
			}
		}
	}
stem:;
	const sb_symbol *r = st ? sb_stemmer_stem(st, (const sb_symbol *)buf, (int)n) : NULL;
	sbuf_reset(o);
	if (r)
		sbuf_add(o, (const char *)r, (size_t)sb_stemmer_length(st));
	else
		sbuf_add(o, buf, n);
	return folded;
}

/* How a word was written, for telling names (a card's, "Dark Confidant") from words. */
enum wcase { WC_LOWER, WC_CAP, WC_START };   /* lower case; capitalised mid-sentence; first of a sentence */

/* Words after which the next is a verb: a subject ("he plays"), "to", a modal, a negation. */
static const char *const verb_cue[] = { "he", "she", "i", "you", "they", "we", "to", "can", "could",
	"will", "would", "should", "may", "might", "must", "didn't", "didnt", "don't", "dont", "doesn't",
	"doesnt", "not", "already", "accidentally", NULL };

/* Is the word w (lower case), whose stem is stem, written as a verb: an inflection the stem
 * lacks ("played", "playing" of "play"; "drew", folded), or after a verb_cue word (prev)? A
 * section's name is a noun phrase ("Slow Play"), and a verb of the same stem in a question ("he
 * played a land") is not what the name is about. Plural "-s" says nothing: "plays", "draws". */
static bool
word_is_verbal(const char *w, size_t n, const char *stem, bool folded, const char *prev)
{
	if (folded)
		return true;
	size_t sl = strlen(stem);
	if ((n > 4 && strcmp(w + n - 2, "ed") == 0 && !(sl >= 2 && strcmp(stem + sl - 2, "ed") == 0)) ||
	    (n > 5 && strcmp(w + n - 3, "ing") == 0 && !(sl >= 3 && strcmp(stem + sl - 3, "ing") == 0)))
		return true;
	for (int i = 0; prev && verb_cue[i]; i++)
		if (strcmp(verb_cue[i], prev) == 0)
			return true;
	return false;
}

/* Words that open a verb's object: "played a land", "drew two cards", "had played one". */
static const char *const object_start[] = { "a", "an", "the", "his", "her", "their", "my", "your",
	"its", "our", "another", "one", "two", "three", "four", "five", "second", "extra", "this",
	"that", "these", "those", "some", "both", "each", NULL };

static bool
opens_object(const char *w)
{
	if (isdigit((unsigned char)*w))
		return true;
	for (int i = 0; object_start[i]; i++)
		if (strcmp(object_start[i], w) == 0)
			return true;
	return false;
}

/* How a word is used, for telling a name's noun from a verb of the same stem. */
enum wuse {
	WU_NOUN,        /* not a verb, as far as word_is_verbal sees */
	WU_VERB,        /* a verb with no object after it: "the round ended", "plays slowly" */
	WU_VERB_OBJECT, /* a verb with an object: "played a land", "drew two cards" */
	WU_OBJECT_NEXT, /* not seen as a verb, but an object follows: "a player draws four cards" */
	WU_NOUN_ARTICLE /* a noun after an article: "a draw", "the play" */
};

/* The stem given to a count of cards a deck is made of ("61 cards", "a 56-card decklist",
 * "sixty cards"): no word reads as it, so it matches only another such count, whatever the
 * number. Draws and looks count a few cards; a deck, a list or a check thirty and more. */
#define DECK_COUNT_STEM "#deckcount"

static bool
deck_size_number(const char *w)
{
	static const char *const words[] = { "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
		"ninety", "hundred", NULL };
	if (isdigit((unsigned char)*w)) {
		char *e;
		long v = strtol(w, &e, 10);
		return *e == '\0' && v >= 30 && v <= 250;
	}
	for (int i = 0; words[i]; i++)
		if (strncmp(w, words[i], strlen(words[i])) == 0)
			return true;
	return false;
}

/* The word at p, lower case, into w (letters, digits and an apostrophe inside a word, as in
 * "don't"); returns where it ends. */
static const char *
read_word(const char *p, struct sbuf *w)
{
	sbuf_reset(w);
	while (isalnum((unsigned char)*p) || (*p == '\'' && isalpha((unsigned char)p[1])))
		sbuf_addc(w, (char)tolower((unsigned char)*p++));
	return p;
}

/* text with its contractions written out ("didn't" → "did not", "can’t" → "can not",
 * "won't" → "will not"), so a question matches the documents and the thesaurus however it
 * writes them; malloc'd. */
static char *
uncontract(const char *text)
{
	struct sbuf o = {0};
	for (const char *p = text; *p;) {
		size_t q = *p == '\'' ? 1 : strncmp(p, "\u2019", 3) == 0 ? 3 : 0;
		if (q && o.len && tolower((unsigned char)o.s[o.len - 1]) == 'n' && tolower((unsigned char)p[q]) == 't' &&
		    !isalnum((unsigned char)p[q + 1]) && o.len >= 2 && isalpha((unsigned char)o.s[o.len - 2])) {
			/* "didn't": "did" + " not"; "can't", "won't": the stem is not the word */
			o.s[--o.len] = '\0';
			size_t b = o.len;
			while (b && isalpha((unsigned char)o.s[b - 1]))
				b--;
			if (o.len - b == 2 && strncasecmp(o.s + b, "wo", 2) == 0) {
				o.len = b;
				sbuf_adds(&o, "will");
			} else if (o.len - b == 2 && strncasecmp(o.s + b, "ca", 2) == 0)
				sbuf_adds(&o, "n");
			sbuf_adds(&o, " not");
			p += q + 1;
			continue;
		}
		sbuf_addc(&o, *p++);
	}
	return o.s ? sbuf_take(&o) : xstrdup("");
}

/* Split text into stems (stop words out when drop_stop); calls fn for each with how it was
 * written and used (enum wuse). A word waits for the next to know whether an object
 * follows it. */
static void
each_stem(struct sb_stemmer *st, const char *text_in, bool drop_stop,
    void (*fn)(void *, const char *, enum wcase, enum wuse), void *arg)
{
	char *text = uncontract(text_in);
	struct sbuf w = {0}, s = {0}, prev = {0}, pend = {0};
	enum wcase pend_wc = WC_LOWER;
	bool pend_verbal = false, pend_article = false;
	bool start = true;      /* the next word opens a sentence, a line or a lettered example */
	for (const char *p = text; *p;) {
		if (!isalnum((unsigned char)*p)) {
			/* ’ inside a word: "player’s" */
			if (*p == '.' || *p == '!' || *p == '?' || *p == ':' || *p == '\n' || *p == '(' ||
			    *p == '"' || strncmp(p, "\u201c", 3) == 0 || strncmp(p, "\u2022", 3) == 0) {
				start = true;
				sbuf_reset(&prev);
				if (pend.len)
					fn(arg, pend.s, pend_wc, pend_verbal ? WU_VERB : pend_article ? WU_NOUN_ARTICLE : WU_NOUN);
				sbuf_reset(&pend);
			} else if ((*p == ',' || *p == ';') && pend.len) {
				/* "going to draw, that's terrible": what follows a comma is no object */
				fn(arg, pend.s, pend_wc, pend_verbal ? WU_VERB : pend_article ? WU_NOUN_ARTICLE : WU_NOUN);
				sbuf_reset(&pend);
			}
			p++;
			continue;
		}
		enum wcase wc = start ? WC_START : isupper((unsigned char)*p) ? WC_CAP : WC_LOWER;
		p = read_word(p, &w);
		start = false;
		if (strncmp(p, "\u2019s", 4) == 0)
			p += 4;
		size_t n = w.len;
		if (n > 2 && w.s[n - 2] == '\'' && w.s[n - 1] == 's')
			w.s[n -= 2] = '\0';
		if (pend.len)
			fn(arg, pend.s, pend_wc, !pend_verbal ? (opens_object(w.s) ? WU_OBJECT_NEXT :
			    pend_article ? WU_NOUN_ARTICLE : WU_NOUN) : opens_object(w.s) ? WU_VERB_OBJECT : WU_VERB);
		sbuf_reset(&pend);
		/* "61 cards" is one thing, a deck's count: its "cards" is the count's unit, not
		 * the word of a name ("Looking at Extra Cards") */
		if ((strcmp(w.s, "cards") == 0 || strcmp(w.s, "card") == 0) && prev.len && deck_size_number(prev.s)) {
			fn(arg, DECK_COUNT_STEM, WC_LOWER, WU_NOUN);
			sbuf_reset(&prev);
			sbuf_add(&prev, w.s, w.len);
			continue;
		}
		if (drop_stop && is_stop(w.s)) {
			sbuf_reset(&prev);
			sbuf_add(&prev, w.s, n);
			continue;
		}
		bool folded = stem_word(st, w.s, n, &s);
		pend_verbal = word_is_verbal(w.s, n, s.s, folded, prev.len ? prev.s : NULL);
		pend_article = prev.len && (strcmp(prev.s, "a") == 0 || strcmp(prev.s, "an") == 0 || strcmp(prev.s, "the") == 0);
		pend_wc = wc;
		sbuf_add(&pend, s.s, s.len);
		sbuf_reset(&prev);
		sbuf_add(&prev, w.s, n);
	}
	if (pend.len)
		fn(arg, pend.s, pend_wc, pend_verbal ? WU_VERB : pend_article ? WU_NOUN_ARTICLE : WU_NOUN);
	free(text);
	sbuf_free(&w);
	sbuf_free(&s);
	sbuf_free(&prev);
	sbuf_free(&pend);
}

/* --- the index ----------------------------------------------------------------------------------- */

/* How a word is written: as a verb (in a name: word_is_verbal; in a question: with an object,
 * WU_VERB_OBJECT) or not; a query's word may be both. */
enum { FORM_NOUN = 1, FORM_VERB = 2, FORM_OBJECT = 4 /* a name's verb with an object: "Drawing Extra Cards" */ };

struct term {
	char *stem;
	uint32_t *doc;          /* postings: section numbers */
	float *tf;              /* weighted frequency in the text (parts weighted) */
	float *ttf;             /* frequency in the section's name (its title after the last dash) */
	float *tfo;             /* of tf, the uses with an object after them ("draws four cards") */
	float *tfs;             /* of tf, the uses of another sense: a verb with no object ("about
	                         * to draw"), a noun after an article ("a draw") */
	uint8_t *tform;         /* how the name writes it: FORM_ bits */
	size_t n, cap;
	/* how the documents write it, for term_is_name(): in lower case, capitalised inside a
	 * sentence; in a section's name; outside examples */
	uint32_t lower, capmid;
	bool titled, outside_examples;
	bool objuse;            /* some section writes it with an object: a verb that takes one */
};

struct psec {
	const struct pol_doc *doc;
	size_t sec;
	float len;              /* words in all */
	float blen, tlen;       /* words of the text, of the name */
	bool older;             /* an earlier edition */
	bool intent;            /* its definition makes intent what it is (pol_requires_intent) */
};

struct pol_index {
	struct sb_stemmer *st;
	struct term *t;
	size_t nt, capt;        /* open addressing */
	struct psec *d;
	size_t nd, capd;
	double avglen, avgblen, avgtlen;
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

/* Is t a name the documents use: never in lower case, capitalised inside a sentence, in no
 * title, and either only in examples or in three sections at most (a card's, "Dark Confidant",
 * a set's in a list)? It says which example mentions the card, not which section answers a
 * question about it; "Professional" or "DCI", capitalised everywhere, are not names here. */
static bool
term_is_name(const struct term *t)
{
	return t->lower == 0 && t->capmid > 0 && !t->titled && (!t->outside_examples || t->n <= 3);
}

enum field { F_TITLE, F_TEXT };

struct addctx {
	struct pol_index *ix;
	uint32_t doc;
	enum field f;
	float w;
	bool examples;          /* the words come from examples */
	float len;
};

static void
add_stem(void *arg, const char *stem, enum wcase wc, enum wuse use)
{
	struct addctx *a = arg;
	struct term *t = term_get(a->ix, stem, true);
	if (!t->n || t->doc[t->n - 1] != a->doc) {
		size_t c = t->cap, c2 = t->cap, c3 = t->cap, c4 = t->cap, c5 = t->cap;
		t->doc = xgrow(t->doc, &c, t->n + 1, sizeof *t->doc);
		t->tfo = xgrow(t->tfo, &c4, t->n + 1, sizeof *t->tfo);
		t->tfs = xgrow(t->tfs, &c5, t->n + 1, sizeof *t->tfs);
		t->ttf = xgrow(t->ttf, &c2, t->n + 1, sizeof *t->ttf);
		t->tform = xgrow(t->tform, &c3, t->n + 1, sizeof *t->tform);
		t->tf = xgrow(t->tf, &t->cap, t->n + 1, sizeof *t->tf);
		t->doc[t->n] = a->doc;
		t->tf[t->n] = t->ttf[t->n] = t->tfo[t->n] = t->tfs[t->n] = 0;
		t->tform[t->n] = 0;
		t->n++;
	}
	if (a->f == F_TITLE) {
		t->ttf[t->n - 1] += a->w;
		t->tform[t->n - 1] |= use == WU_VERB || use == WU_VERB_OBJECT ? FORM_VERB : FORM_NOUN;
		if (use == WU_VERB_OBJECT)
			t->tform[t->n - 1] |= FORM_OBJECT;
		t->titled = true;
	} else if (strcmp(stem, DECK_COUNT_STEM) == 0) {
		/* a deck's count is there or not: a section giving three is no more about it */
		if (t->tf[t->n - 1] < a->w)
			t->tf[t->n - 1] = a->w;
	} else {
		t->tf[t->n - 1] += a->w;
		if (use == WU_VERB_OBJECT || use == WU_OBJECT_NEXT) {
			t->tfo[t->n - 1] += a->w;
			t->objuse = true;
		} else if (use == WU_VERB || use == WU_NOUN_ARTICLE)
			t->tfs[t->n - 1] += a->w;
	}
	if (wc == WC_LOWER)
		t->lower++;
	else if (wc == WC_CAP)
		t->capmid++;
	if (!a->examples)
		t->outside_examples = true;
	a->len += 1;
}

struct pol_index *
pol_index_new(void)
{
	struct pol_index *ix = xcalloc(1, sizeof *ix);
	ix->st = sb_stemmer_new("english", NULL);
	return ix;
}

/* The weights of the ranking, set on tests/search/policy-questions.tsv and policy-dev.tsv
 * (tests/bench/bench-policy.sh). */
static const struct pweights {
	double k1, b, bt;       /* BM25: saturation, length normalisation of the text, of the name */
	double title;           /* the section's name (its title after the last dash) against the text */
	double part[PP_N];      /* each part of the text */
	double prefix;          /* the title before its last dash ("Game Play Error") */
	double name;            /* a name (term_is_name) in the question */
	double verbnoun;        /* a word of the name, a noun there, in the question only as a
	                         * verb: that section's match on it, name and text */
	double sense;           /* a verb the question gives an object ("drew 3") in the text of a
	                         * section that never writes it with one and writes it in another
	                         * sense ("a draw", "about to draw"): that section's match on it */
	double chapter, appendix, jar, penalty, older;
	double asked;           /* a question asked: the Tournament Rules' procedures */
	double unintended;      /* a section whose definition makes intent what it is, for a
	                         * question that says none and does not name it */
} W = {
	.k1 = 1.2, .b = 0.75, .bt = 0.5, .title = 1.5,
	.part = { [PP_TEXT] = 1.0, [PP_DEFINITION] = 1.5, [PP_EXAMPLES] = 1.5, [PP_PHILOSOPHY] = 1.0,
		[PP_REMEDY] = 1.0, [PP_UPGRADE] = 1.0, [PP_DOWNGRADE] = 1.0 },
	.prefix = 4.0, .name = 0.3, .verbnoun = 0.2, .sense = 0.35,
	.chapter = 0.6, .appendix = 0.5, .jar = 0.8, .penalty = 1.4, .older = 0.85,
	.asked = 1.5, .unintended = 0.6,
};

void
pol_index_add(struct pol_index *ix, const struct pol_doc *doc, bool older)
{
	for (size_t i = 0; i < doc->nsec; i++) {
		const struct pol_section *s = &doc->sec[i];
		ix->d = xgrow(ix->d, &ix->capd, ix->nd + 1, sizeof *ix->d);
		uint32_t id = (uint32_t)ix->nd++;
		ix->d[id].doc = doc;
		ix->d[id].sec = i;
		ix->d[id].older = older;
		ix->d[id].intent = pol_requires_intent(doc, i);
		/* the name judges use is the title after its last dash ("Game Play Error —
		 * Missed Trigger"); the category before it is shared by a dozen sections */
		const char *name = s->title;
		for (const char *dash; (dash = strstr(name, "\u2014")) != NULL;)
			name = dash + 3;
		struct addctx a = { ix, id, F_TITLE, 1.0f, false, 0 };
		each_stem(ix->st, name, true, add_stem, &a);
		ix->d[id].tlen = a.len;
		if (name != s->title) {
			char *pre = xstrndup(s->title, (size_t)(name - 3 - s->title));
			a.f = F_TEXT;
			a.w = (float)W.prefix;
			each_stem(ix->st, pre, true, add_stem, &a);
			free(pre);
		}
		a.f = F_TEXT;
		float before = a.len;
		for (int p = 0; p < PP_N; p++)
			if (s->parts[p]) {
				a.w = (float)W.part[p];
				a.examples = p == PP_EXAMPLES;
				each_stem(ix->st, s->parts[p], true, add_stem, &a);
			}
		ix->d[id].blen = a.len - before;
		ix->d[id].len = a.len;
	}
	double tot = 0, btot = 0, ttot = 0;
	for (size_t i = 0; i < ix->nd; i++) {
		tot += ix->d[i].len;
		btot += ix->d[i].blen;
		ttot += ix->d[i].tlen;
	}
	ix->avglen = ix->nd ? tot / (double)ix->nd : 1;
	ix->avgblen = ix->nd && btot > 0 ? btot / (double)ix->nd : 1;
	ix->avgtlen = ix->nd && ttot > 0 ? ttot / (double)ix->nd : 1;
}

int
pol_index_thesaurus(struct pol_index *ix, const char *path, struct diags *d)
{
	FILE *f = sfile_fopen(path, 1u << 20);
	if (!f) {
		/* a file that is not there is no news; one that is there and cannot be read is */
		if (errno != ENOENT) {
			diag_add(d, DL_ERROR, path, 0, 0, "cannot read the policy words: %s", sfile_strerror(errno));
			diag_hint(d, "a policy words file is a text file like corpus/policy-words.tsv");
		}
		return -1;
	}
	struct sbuf b = {0};
	sbuf_read(&b, f, 1u << 20);
	fclose(f);
	if (b.len == 0) {
		sbuf_free(&b);
		return 0;       /* an empty file adds no words */
	}
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
		for (char *from_raw = s; from_raw && *from_raw;) {
			char *bar = strchr(from_raw, '|');
			if (bar)
				*bar = '\0';
			char *from = uncontract(from_raw);
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
			free(from);
			from_raw = bar ? bar + 1 : NULL;
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
			free(ix->t[i].ttf);
			free(ix->t[i].tform);
			free(ix->t[i].tfo);
			free(ix->t[i].tfs);
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
	uint8_t form;           /* FORM_ bits: how the question writes it */
};

struct qctx {
	struct qterm *v;
	size_t n, cap;
	float w;
	bool documents;         /* the words are the documents' (the thesaurus'): any form */
	struct sbuf all;        /* " stem stem … " of the query, stop words kept */
};

static void
q_add(void *arg, const char *stem, enum wcase wc, enum wuse use)
{
	(void)wc;
	struct qctx *q = arg;
	/* a verb without an object may be the name's own act ("the round ended": End of
	 * Match; "he plays slowly"); with one it is a game action ("he played a land") */
	uint8_t form = q->documents ? FORM_NOUN | FORM_VERB : use == WU_VERB_OBJECT ? FORM_VERB : FORM_NOUN;
	for (size_t i = 0; i < q->n; i++)
		if (strcmp(q->v[i].stem, stem) == 0) {
			if (q->v[i].w < q->w)
				q->v[i].w = q->w;
			q->v[i].form |= form;
			return;
		}
	q->v = xgrow(q->v, &q->cap, q->n + 1, sizeof *q->v);
	snprintf(q->v[q->n].stem, sizeof q->v[q->n].stem, "%s", stem);
	q->v[q->n].w = q->w;
	q->v[q->n].form = form;
	q->n++;
}

static void
q_all(void *arg, const char *stem, enum wcase wc, enum wuse use)
{
	(void)wc;
	(void)use;
	struct sbuf *b = arg;
	sbuf_addf(b, "%s ", stem);
}

bool
pol_query_asked(const char *q)
{
	static const char *const w[] = { "can", "could", "how", "what", "does", "do", "is", "are", "when",
		"which", "who", "whose", "why", "if", "should", "will", "would", "may", "am", NULL };
	/* the first word, or the first after a comma ("I disagree with the ruling, can I appeal") */
	for (const char *p = q; p; p = strchr(p, ',')) {
		while (*p && !isalpha((unsigned char)*p))
			p++;
		size_t n = 0;
		while (isalpha((unsigned char)p[n]))
			n++;
		for (int i = 0; w[i]; i++)
			if (strlen(w[i]) == n && strncasecmp(p, w[i], n) == 0)
				return true;
	}
	return false;
}

size_t
pol_index_run(struct pol_index *ix, const char *query, int kind_mask, struct pol_hit *out, size_t max)
{
	bool asked = pol_query_asked(query);
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
			q.documents = true;
			each_stem(ix->st, ix->syn[i].to, true, q_add, &q);
			q.documents = false;
			ix->matched_syn++;
		}
	sbuf_free(&q.all);
	float *score = xcalloc(ix->nd + 1, sizeof *score);
	bool *named = xcalloc(ix->nd + 1, sizeof *named);
	/* does the question say intent ("on purpose", "deliberately", "knowingly": the thesaurus
	 * brings "intentionally")? */
	bool intent = false;
	for (size_t i = 0; i < q.n && !intent; i++)
		intent = strncmp(q.v[i].stem, "intent", 6) == 0 || strncmp(q.v[i].stem, "deliber", 7) == 0 ||
		    strncmp(q.v[i].stem, "knowing", 7) == 0 || strncmp(q.v[i].stem, "awar", 4) == 0 ||
		    strncmp(q.v[i].stem, "purpos", 6) == 0;
	/* BM25 over the text (its parts weighted) plus BM25 over the section's name, each
	 * saturating on its own: a word of the name ("End-of-Match Procedure") is worth as much
	 * as many in the text, however often the text repeats its words */
	for (size_t i = 0; i < q.n; i++) {
		struct term *t = term_get(ix, q.v[i].stem, false);
		if (!t)
			continue;
		double idf = log(1.0 + ((double)ix->nd - (double)t->n + 0.5) / ((double)t->n + 0.5));
		double qw = q.v[i].w * (term_is_name(t) ? W.name : 1.0);
		for (size_t k = 0; k < t->n; k++) {
			const struct psec *d = &ix->d[t->doc[k]];
			double x = t->tf[k] / (1 - W.b + W.b * d->blen / ix->avgblen);
			double v = qw * idf * x * (W.k1 + 1) / (x + W.k1);
			/* another sense of a verb the question gives an object: "he drew 3" is
			 * not "a draw", nor "Intentionally Drawing" a match */
			bool other_sense = q.v[i].form == FORM_VERB && t->objuse;
			if (other_sense && t->tfo[k] == 0 && t->tfs[k] > 0)
				v *= W.sense;
			if (t->ttf[k] > 0) {
				named[t->doc[k]] = true;
				double y = t->ttf[k] / (1 - W.bt + W.bt * d->tlen / ix->avgtlen);
				double tv = W.title * qw * idf * y * (W.k1 + 1) / (y + W.k1);
				if (other_sense && (t->tform[k] & (FORM_VERB | FORM_OBJECT)) == FORM_VERB)
					tv *= W.sense;
				v += tv;
				/* the name's noun asked about only as a verb: "he played a land" is
				 * not about Slow Play, nor "he drew" about the Play/Draw Rule; the
				 * section's text says its name over and over, so all of it counts less */
				if (t->tform[k] == FORM_NOUN && q.v[i].form == FORM_VERB)
					v *= W.verbnoun;
			}
			score[t->doc[k]] += (float)v;
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
		float sc = score[d] * (s->level == 0 ? (float)W.chapter : 1.0f);
		/* appendices (the penalty quick reference, the changes) name every infraction
		 * and answer none; the JAR answers for Regular REL only */
		if (s->appendix)
			sc *= (float)W.appendix;
		if (ix->d[d].doc->kind == POL_JAR)
			sc *= (float)W.jar;
		/* a floor call, told ("he drew …"), lands on an infraction, a section that carries a
		 * penalty; a question asked ("can I …", "how long …") on what the Tournament Rules
		 * allow and how they run */
		if (s->penalty && !asked)
			sc *= (float)W.penalty;
		if (asked && ix->d[d].doc->kind == POL_MTR)
			sc *= (float)W.asked;
		/* intent is what makes Stalling and Cheating: told without it ("he is playing
		 * slowly"), the infraction that needs none (Slow Play) comes first */
		if (ix->d[d].intent && !intent && !named[d])
			sc *= (float)W.unintended;
		/* the newest edition first; an old one answers where it says what the new does not */
		if (ix->d[d].older)
			sc *= (float)W.older;
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
	free(named);
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
pol_index_names(struct pol_index *ix, const char *query)
{
	struct sbuf w = {0}, st = {0};
	size_t n = 0;
	for (const char *p = query; *p;) {
		if (!isalpha((unsigned char)*p)) {
			p++;
			continue;
		}
		p = read_word(p, &w);
		if (w.len < 2 || is_stop(w.s))
			continue;
		stem_word(ix->st, w.s, w.len, &st);
		struct term *t = term_get(ix, st.s, false);
		n += t && term_is_name(t);
	}
	sbuf_free(&w);
	sbuf_free(&st);
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
		p = read_word(p, &w);
		size_t n = w.len;
		if (n > 2 && w.s[n - 2] == '\'' && w.s[n - 1] == 's')
			w.s[n -= 2] = '\0';
		if (n < 2 || is_stop(w.s))
			continue;
		stem_word(ix->st, w.s, n, &st);
		struct term *t = term_get(ix, st.s, false);
		/* a name (a card an example uses) says nothing of the question's kind */
		if (t && term_is_name(t))
			continue;
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

/* --- words two texts share -------------------------------------------------------------------- */

static void
collect_stem(void *arg, const char *stem, enum wcase wc, enum wuse use)
{
	(void)wc;
	(void)use;
	struct sbuf *b = arg;
	char key[80];
	snprintf(key, sizeof key, " %s ", stem);
	if (!b->s || !strstr(b->s, key))
		sbuf_addf(b, "%s ", stem);
}

double
pol_shared_words(const char *a, const char *b)
{
	struct sb_stemmer *st = sb_stemmer_new("english", NULL);
	struct sbuf sa = {0}, sb = {0};
	sbuf_addc(&sa, ' ');
	sbuf_addc(&sb, ' ');
	each_stem(st, a, true, collect_stem, &sa);
	each_stem(st, b, true, collect_stem, &sb);
	double v = 0;
	for (const char *p = sa.s + 1; *p;) {
		const char *e = strchr(p, ' ');
		char key[80];
		snprintf(key, sizeof key, " %.*s ", (int)(e - p), p);
		if (strstr(sb.s, key))
			v += 1.0 + (e - p > 5 ? 0.25 : 0);
		p = e + 1;
	}
	sbuf_free(&sa);
	sbuf_free(&sb);
	if (st)
		sb_stemmer_delete(st);
	return v;
}
