/* crparse.c — reads any Comprehensive Rules release (1999 to today, whole or scraped
 * fragments) into entries, examples, glossary and resolved references. */
#include "crparse.h"
#include "../base/buf.h"
#include "../base/hash.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---------- small text helpers ---------- */

static void
trim(const char **s, size_t *n)
{
	while (*n && isspace((unsigned char)**s))
		(*s)++, (*n)--;
	while (*n && isspace((unsigned char)(*s)[*n - 1]))
		(*n)--;
	/* a non-breaking space (U+00A0) at either end is layout, not text */
	while (*n >= 2 && (unsigned char)(*s)[0] == 0xC2 && (unsigned char)(*s)[1] == 0xA0)
		*s += 2, *n -= 2;
	while (*n >= 2 && (unsigned char)(*s)[*n - 2] == 0xC2 && (unsigned char)(*s)[*n - 1] == 0xA0)
		*n -= 2;
}

static bool
eq_word(const char *s, size_t n, const char *w)
{
	size_t l = strlen(w);
	return n == l && strncasecmp(s, w, l) == 0;
}

static bool
starts_ci(const char *s, size_t n, const char *w)
{
	size_t l = strlen(w);
	return n >= l && strncasecmp(s, w, l) == 0;
}

static const char *
memmem_ci(const char *h, size_t hn, const char *needle)
{
	size_t l = strlen(needle);
	if (l == 0 || hn < l)
		return NULL;
	for (size_t i = 0; i + l <= hn; i++)
		if (tolower((unsigned char)h[i]) == tolower((unsigned char)needle[0]) &&
		    strncasecmp(h + i, needle, l) == 0)
			return h + i;
	return NULL;
}

/* A heading line that opens the glossary or the Credits, as releases and copies write it:
 * "Credits", "CREDITS", "Credits:", "Credits and Acknowledgments". */
static bool
heading_is(const char *s, size_t n, const char *w)
{
	trim(&s, &n);
	if (n && s[n - 1] == ':')
		n--;
	size_t l = strlen(w);
	if (n < l || strncasecmp(s, w, l) != 0)
		return false;
	if (n == l)
		return true;
	/* a short heading going on with "and" or "&", and no sentence in it */
	return n <= l + 40 && (starts_ci(s + l, n - l, " and ") || starts_ci(s + l, n - l, " & ")) &&
	    !memchr(s, '.', n) && !memchr(s, ',', n);
}

/* ---------- repairs of scraped text ---------- */

/* Contractions whose apostrophe a scrape dropped ("youre", "dont"): none of these is an
 * English word without it, so repairing them cannot damage good text. */
static const char *const contractions[][2] = {
	{"arent", "aren't"}, {"cant", "can't"}, {"couldnt", "couldn't"}, {"didnt", "didn't"},
	{"doesnt", "doesn't"}, {"dont", "don't"}, {"hadnt", "hadn't"}, {"hasnt", "hasn't"},
	{"havent", "haven't"}, {"isnt", "isn't"}, {"shouldnt", "shouldn't"}, {"thats", "that's"},
	{"theres", "there's"}, {"theyre", "they're"}, {"theyll", "they'll"}, {"theyve", "they've"},
	{"wasnt", "wasn't"}, {"werent", "weren't"}, {"whats", "what's"}, {"whove", "who've"},
	{"wont", "won't"}, {"wouldnt", "wouldn't"}, {"youd", "you'd"}, {"youll", "you'll"},
	{"youre", "you're"}, {"youve", "you've"}, {"ive", "I've"}, {"weve", "we've"},
};

struct repairs {
	bool apostrophes;       /* the document lost its apostrophes */
	unsigned censor, quote_apos, contractions, italics;
};

static bool
isalpha_u(unsigned char c)
{
	return isalpha(c) || c >= 0x80;
}

/* Cheap test before the byte-by-byte repair: does the line hold anything to mend? */
static bool
needs_repair(const char *s, size_t n, const struct repairs *r)
{
	if (r->apostrophes)
		return true;
	const char *q = s, *e = s + n;
	while ((q = memchr(q, '"', (size_t)(e - q))) != NULL) {
		if (q > s && isalpha_u((unsigned char)q[-1]) && q + 1 < e && isalpha((unsigned char)q[1]))
			return true;
		q++;
	}
	q = s;
	while ((q = memchr(q, '_', (size_t)(e - q))) != NULL) {
		if ((q + 1 < e && isalnum((unsigned char)q[1])) || (q > s && isalnum((unsigned char)q[-1])))
			return true;
		q++;
	}
	for (q = s; (q = memchr(q, '.', (size_t)(e - q))) != NULL; q++)
		if (q > s && q[-1] == 'a' && q + 4 <= e && q[1] == 's' && q[2] == '.' && q[3] == 's')
			return true;
	return false;
}

/* Repair one line into b. Returns true if anything changed. */
static bool
repair_line(const char *s, size_t n, struct sbuf *b, struct repairs *r)
{
	bool changed = false;
	sbuf_reset(b);
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		/* censor filter: "a.s.sign", "pa.s.s" */
		if (c == 'a' && i + 4 < n + 0 && i + 5 <= n && memcmp(s + i, "a.s.s", 5) == 0 &&
		    ((i > 0 && isalpha_u((unsigned char)s[i - 1])) ||
		     (i + 5 < n && isalpha_u((unsigned char)s[i + 5])))) {
			sbuf_add(b, "ass", 3);
			i += 4;
			r->censor++;
			changed = true;
			continue;
		}
		/* `doesn"t`: a double quote standing for an apostrophe inside a word */
		if (c == '"' && i > 0 && isalpha_u((unsigned char)s[i - 1]) && i + 1 < n) {
			size_t k = i + 1;
			while (k < n && isalpha((unsigned char)s[k]))
				k++;
			size_t wl = k - i - 1;
			const char *w = s + i + 1;
			if ((wl == 1 && (*w == 's' || *w == 't' || *w == 'd' || *w == 'm')) ||
			    (wl == 2 && (!strncmp(w, "ll", 2) || !strncmp(w, "re", 2) || !strncmp(w, "ve", 2)))) {
				sbuf_addc(b, '\'');
				r->quote_apos++;
				changed = true;
				continue;
			}
		}
		/* underscore italics: "_Magic_" */
		if (c == '_' && ((i + 1 < n && isalnum((unsigned char)s[i + 1])) ||
		    (i > 0 && (isalnum((unsigned char)s[i - 1]) || ispunct((unsigned char)s[i - 1]))))) {
			r->italics++;
			changed = true;
			continue;
		}
		if (r->apostrophes && isalpha((unsigned char)c) &&
		    (i == 0 || !isalpha_u((unsigned char)s[i - 1]))) {
			size_t k = i;
			while (k < n && isalpha((unsigned char)s[k]))
				k++;
			bool done = false;
			/* every contraction in the table ends in t, e, s, d, l or e's neighbours */
			char lastc = (char)(s[k - 1] | 0x20);
			if (k - i >= 3 && k - i <= 8 && strchr("tesdl", lastc) && (k == n || !isalpha_u((unsigned char)s[k]))) {
				for (size_t j = 0; j < sizeof contractions / sizeof *contractions; j++) {
					const char *from = contractions[j][0], *to = contractions[j][1];
					if (strlen(from) == k - i && strncasecmp(s + i, from, k - i) == 0) {
						/* keep the capital of "Dont" */
						sbuf_addc(b, isupper((unsigned char)s[i]) ? (char)toupper((unsigned char)to[0]) : to[0]);
						sbuf_adds(b, to + 1);
						r->contractions++;
						changed = done = true;
						break;
					}
				}
			}
			if (done) {
				i = k - 1;
				continue;
			}
			sbuf_add(b, s + i, k - i);
			i = k - 1;
			continue;
		}
		sbuf_addc(b, c);
	}
	return changed;
}

/* ---------- dates and eras ---------- */

static const char *const months[] = {"january", "february", "march", "april", "may", "june",
	"july", "august", "september", "october", "november", "december"};

/* A month's name at s, whole ("November") or cut to three letters or more with or without
 * a dot ("Nov.", "Sept"): 1-12, with *len its length; 0 if none. */
static int
month_at(const char *s, const char *end, size_t *len)
{
	size_t w = 0;
	while (s + w < end && isalpha((unsigned char)s[w]))
		w++;
	if (w < 3)
		return 0;
	for (int m = 0; m < 12; m++)
		if (w <= strlen(months[m]) && strncasecmp(s, months[m], w) == 0) {
			*len = w + (s + w < end && s[w] == '.');
			return m + 1;
		}
	return 0;
}

static int
number_at(const char **r, const char *end, int maxdigits, int *digits)
{
	int v = 0, dg = 0;
	while (*r < end && isdigit((unsigned char)**r) && dg < maxdigits)
		v = v * 10 + (*(*r)++ - '0'), dg++;
	*digits = dg;
	return (*r < end && isdigit((unsigned char)**r)) ? -1 : v;
}

static int
valid_date(int y, int m, int d)
{
	static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	if (y < 1993 || y > 2100 || m < 1 || m > 12 || d < 1 || d > mdays[m - 1])
		return 0;
	return y * 10000 + m * 100 + d;
}

/* The year that ends a date, after the month and day: ", 2025" or " 2025". YYYYMMDD, or 0. */
static int
year_then(const char *r, const char *end, int m, int d)
{
	int dg;
	if (r < end && *r == ',')
		r++;
	while (r < end && *r == ' ')
		r++;
	int y = number_at(&r, end, 4, &dg);
	return dg == 4 ? valid_date(y, m, d) : 0;
}

/* A date at r, as a release states it: "November 14, 2025", "Nov. 14th, 2025",
 * "14 November 2025", "2025-11-14". YYYYMMDD, or 0. */
static int
date_at(const char *r, const char *end)
{
	int y, m, d, dg;
	size_t ml;
	if ((m = month_at(r, end, &ml)) != 0) {
		r += ml;
		while (r < end && *r == ' ')
			r++;
		if ((d = number_at(&r, end, 2, &dg)) <= 0)
			return 0;
		if (end - r >= 2 && isalpha((unsigned char)r[0]) && isalpha((unsigned char)r[1]) &&
		    (end - r == 2 || !isalpha((unsigned char)r[2])))
			r += 2;                 /* 14th, 1st, 2nd, 3rd */
		return year_then(r, end, m, d);
	}
	if ((d = number_at(&r, end, 4, &dg)) <= 0)
		return 0;
	if (dg == 4 && r + 6 <= end && *r == '-') {   /* 2025-11-14 */
		y = d;
		r++;
		if ((m = number_at(&r, end, 2, &dg)) <= 0 || dg != 2 || r >= end || *r != '-')
			return 0;
		r++;
		d = number_at(&r, end, 2, &dg);
		return dg == 2 ? valid_date(y, m, d) : 0;
	}
	if (dg > 2 || r >= end || *r != ' ')
		return 0;
	while (r < end && *r == ' ')
		r++;
	if ((m = month_at(r, end, &ml)) == 0)
		return 0;
	return year_then(r + ml, end, m, d);
}

/* The date a release states: "effective as of November 14, 2025", "current as of October
 * 1, 2008", and as copies may word it ("Effective November 14, 2025", "effective as of
 * 14 November 2025", "effective as of 2025-11-14"). */
static int
find_date(const char *s, size_t n)
{
	static const char *const lead[] = {"effective", " as of "};
	const char *end = s + n;
	for (size_t k = 0; k < sizeof lead / sizeof *lead; k++) {
		const char *p = s;
		size_t ll = strlen(lead[k]);
		while ((p = memmem_ci(p, (size_t)(end - p), lead[k])) != NULL) {
			const char *q = p + ll;
			while (q < end && (*q == ' ' || *q == ':'))
				q++;
			if (starts_ci(q, (size_t)(end - q), "as of "))
				q += 6;
			else if (starts_ci(q, (size_t)(end - q), "from "))
				q += 5;
			while (q < end && *q == ' ')
				q++;
			int date = date_at(q, end);
			if (date)
				return date;
			p += ll;
		}
	}
	return 0;
}

/* Phrases that date a rules text: the years between which the rules used them. An
 * undated fragment gets the intersection of the ranges of the phrases it contains. */
static const struct { const char *phrase; int from, to; } era_markers[] = {
	{"state-based effects", 1999, 2008},
	{"in play", 1993, 2009},
	{"mana burn", 1993, 2009},
	{"the stack", 1999, 2100},
	{"planeswalker", 2007, 2100},
	{"two-headed giant", 2005, 2100},
	{"legend rule", 2004, 2100},
	{"split second", 2006, 2100},
	{"damage assignment order", 2009, 2024},
	{"battlefield", 2009, 2100},
	{"combat damage step", 1999, 2100},
	{"damage prevention step", 1993, 1999},
	{"interrupt", 1993, 1999},
	{"mana source", 1993, 1999},
	{"commander", 2011, 2100},
	{"historic", 2018, 2100},
	{"first strike combat damage step", 2003, 2100},
	{"a.s.sign", 2003, 2100},   /* the censor damage is from a later scrape; harmless */
	{"legendary permanents with the same name", 2004, 2013},
	{"supertype", 2003, 2100},
};

static void
estimate_era(const char *s, size_t n, int *from, int *to)
{
	int lo = 1993, hi = 2100;
	for (size_t i = 0; i < sizeof era_markers / sizeof *era_markers; i++) {
		if (memmem_ci(s, n, era_markers[i].phrase)) {
			if (era_markers[i].from > lo)
				lo = era_markers[i].from;
			if (era_markers[i].to < hi)
				hi = era_markers[i].to;
		}
	}
	if (lo > hi) {          /* contradictory markers: keep the later one's start */
		hi = lo;
	}
	*from = lo;
	*to = hi;
}

/* ---------- fast scanning ---------- */

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Index of the next byte at or after i that is a digit (or, with want_E, an 'E'), or n.
 * Digits are rare in prose, so sixteen bytes are tested at a time. */
static size_t
next_digit(const char *s, size_t i, size_t n, bool want_E)
{
#ifdef __SSE2__
	const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9), e = _mm_set1_epi8('E');
	while (i + 16 <= n) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i d = _mm_sub_epi8(v, zero);
		__m128i m = _mm_cmpeq_epi8(_mm_min_epu8(d, nine), d);   /* unsigned d <= 9 */
		if (want_E)
			m = _mm_or_si128(m, _mm_cmpeq_epi8(v, e));
		int mask = _mm_movemask_epi8(m);
		if (mask)
			return i + (size_t)__builtin_ctz((unsigned)mask);
		i += 16;
	}
#endif
	while (i < n && (unsigned)(s[i] - '0') > 9u && !(want_E && s[i] == 'E'))
		i++;
	return i;
}

/* ---------- the entry table being built ---------- */

struct pentry {
	jrid id;
	uint32_t line;
	uint32_t order;         /* document order */
	char *text;             /* arena */
	const char **ex;
	uint32_t nex, excap;
	bool titled;
};

struct pgloss {
	char *head, *text;
	const char **ex;
	uint32_t nex, excap;
	uint32_t line;
};

struct pref {
	uint32_t from;          /* entry order, or JNONE-based glossary index (see GLOSS_BIT) */
	jrid to;
	uint32_t line;
	uint32_t col;
};
#define GLOSS_BIT 0x80000000u

struct parser {
	struct arena *a;
	struct diags *d;
	const char *name;
	struct pentry *e;
	size_t ne, ecap;
	struct pgloss *g;
	size_t ng, gcap;
	struct pref *r;
	size_t nr, rcap;
	struct sbuf cur;        /* text of the open entry or glossary entry */
	struct sbuf curex;      /* text of the open example */
	int open;               /* 0 none, 1 entry text, 2 example */
	bool boiler;            /* inside web-page boilerplate */
	const char *title;      /* the document's first line, for spotting repeats of it */
	size_t title_len;
	uint32_t boiler_lines;
	struct repairs rep;
	struct sbuf fix;
	/* where refs of the current line go */
	uint32_t ref_from, ref_line, ref_col0;
};

static void
add_ref_cb(void *ctx, jrid id, size_t off)
{
	struct parser *p = ctx;
	p->r = xgrow(p->r, &p->rcap, p->nr + 1, sizeof *p->r);
	p->r[p->nr++] = (struct pref){p->ref_from, id, p->ref_line, p->ref_col0 + (uint32_t)off};
}

static void
scan_refs(struct parser *p, uint32_t from, const char *s, size_t n, uint32_t line, uint32_t col0)
{
	p->ref_from = from;
	p->ref_line = line;
	p->ref_col0 = col0;
	cr_find_refs(s, n, add_ref_cb, p);
}

static void
close_example(struct parser *p, const char ***ex, uint32_t *nex, uint32_t *excap)
{
	if (p->open != 2)
		return;
	size_t cap = *excap;
	*ex = xgrow((void *)*ex, &cap, *nex + 1, sizeof **ex);
	*excap = (uint32_t)cap;
	(*ex)[(*nex)++] = arena_strndup(p->a, p->curex.s ? p->curex.s : "", p->curex.len);
	sbuf_reset(&p->curex);
	p->open = 1;
}

static void
close_entry(struct parser *p)
{
	if (p->ne == 0 || p->open == 0)
		return;
	struct pentry *e = &p->e[p->ne - 1];
	close_example(p, &e->ex, &e->nex, &e->excap);
	e->text = arena_strndup(p->a, sbuf_str(&p->cur), p->cur.len);
	sbuf_reset(&p->cur);
	p->open = 0;
}

static void
add_para(struct sbuf *b, const char *s, size_t n)
{
	if (b->len)
		sbuf_addc(b, '\n');
	sbuf_add(b, s, n);
}

/* ---------- recognising entry lines ---------- */

/* Is s (trimmed line) a numbered entry? Sets *id and *textoff (where its text starts). */
static bool
entry_line(const char *s, size_t n, jrid *id, size_t *textoff)
{
	if (n < 2 || !isdigit((unsigned char)s[0]))
		return false;
	const char *end;
	jrid r = jrid_parse(s, &end);
	if (r == JRID_NONE)
		return false;
	size_t k = (size_t)(end - s);
	if (k >= n || !(s[k] == ' ' || s[k] == '\t' || (unsigned char)s[k] == 0xC2))
		return false;
	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	if (k >= n)
		return false;
	enum jrid_level lv = jrid_level(r);
	if (lv == JL_SECTION || lv == JL_CHAPTER) {
		/* "1. Game Concepts", "702. Keyword Abilities": a short title, the number with its dot */
		if (s[end - s - 1] != '.')
			return false;
		if (!isupper((unsigned char)s[k]) && s[k] != '[')
			return false;
		if (s[k] != '[' && (n - k > 80 || s[n - 1] == '.'))
			return false;
	}
	*id = r;
	*textoff = k;
	return true;
}

/* A title is a short line with no sentence punctuation: "Trample", "Casting Spells". */
static bool
looks_like_title(const char *s, size_t n)
{
	if (n == 0 || n > 70)
		return false;
	char last = s[n - 1];
	if (last == '.' || last == ':' || last == '!' || last == '?' || last == ',' || last == ';')
		return false;
	if ((unsigned char)last == 0x9D || (unsigned char)last == 0x99)   /* ” or ’ closing a quote */
		return false;
	if (!isupper((unsigned char)s[0]) && !isdigit((unsigned char)s[0]))
		return false;
	int words = 1;
	for (size_t i = 0; i < n; i++)
		words += s[i] == ' ';
	return words <= 8;
}

/* Web-page boilerplate between or after rules: other sites' domains, the page's title
 * repeated. Rules prose names no web site but Wizards'. */
static bool
is_boilerplate(struct parser *p, const char *s, size_t n)
{
	if (p->title_len > 8 && n >= p->title_len && strncmp(s, p->title, p->title_len) == 0)
		return true;
	static const char *const tlds[] = {".com", ".net", ".org", ".info", ".io"};
	for (size_t t = 0; t < sizeof tlds / sizeof *tlds; t++) {
		const char *h = s;
		size_t left = n;
		const char *m;
		while ((m = memmem_ci(h, left, tlds[t])) != NULL) {
			size_t at = (size_t)(m - s);
			bool word_before = at > 0 && isalnum((unsigned char)s[at - 1]);
			size_t after = at + strlen(tlds[t]);
			bool word_after = after < n && isalnum((unsigned char)s[after]);
			if (word_before && !word_after) {
				/* name the site and decide: Wizards' own sites are part of the rules */
				size_t b = at;
				while (b > 0 && (isalnum((unsigned char)s[b - 1]) || s[b - 1] == '.' || s[b - 1] == '-'))
					b--;
				if (memmem_ci(s + b, after - b, "wizards") == NULL &&
				    memmem_ci(s + b, after - b, "magicthegathering") == NULL)
					return true;
			}
			left = n - (at + 1);
			h = m + 1;
		}
	}
	return false;
}

static void
new_entry(struct parser *p, jrid id, uint32_t line)
{
	close_entry(p);
	p->e = xgrow(p->e, &p->ecap, p->ne + 1, sizeof *p->e);
	struct pentry *e = &p->e[p->ne];
	memset(e, 0, sizeof *e);
	e->id = id;
	e->line = line;
	e->order = (uint32_t)p->ne;
	p->ne++;
	p->open = 1;
	p->boiler = false;
}

static bool
example_label(const char *s, size_t n, size_t *skip)
{
	if (starts_ci(s, n, "Example:")) {
		*skip = 8;
		return true;
	}
	if (starts_ci(s, n, "Examples:")) {
		*skip = 9;
		return true;
	}
	return false;
}

/* Where, inside an entry's line, another entry starts: a rule number after the end of a
 * sentence that is not a reference ("... as follows: 420.5a A player ..."). */
static size_t
next_runon(const char *s, size_t n, size_t from, jrid cur, jrid *next, bool *is_example)
{
	for (size_t i = from; i + 3 < n; i++) {
		/* only a space before a digit or an "Example:" can start another entry */
		size_t at = next_digit(s, i + 1, n, true);
		if (at + 2 >= n)
			break;
		i = at - 1;
		if (s[i] != ' ')
			continue;
		size_t j = i;
		while (j > from && s[j - 1] == ' ')
			j--;
		if (j == from)
			continue;
		unsigned char prev = (unsigned char)s[j - 1];
		bool sentence_end = prev == '.' || prev == ':' || prev == ')' || prev == '"' ||
		    prev == ';' || (prev == 0x9D && j >= 3);   /* ” */
		if (!sentence_end)
			continue;
		const char *q = s + i + 1;
		size_t left = n - i - 1;
		size_t skip;
		if (example_label(q, left, &skip)) {
			*is_example = true;
			*next = JRID_NONE;
			return i + 1;
		}
		if (!isdigit((unsigned char)*q))
			continue;
		jrid id;
		size_t off;
		if (!entry_line(q, left, &id, &off))
			continue;
		if (jrid_level(id) < JL_RULE || id <= cur)
			continue;
		/* a plausible successor: same chapter or the next one, text starting a sentence */
		if (JRID_CHAP(id) != JRID_CHAP(cur) && JRID_CHAP(id) != JRID_CHAP(cur) + 1)
			continue;
		if (!(isupper((unsigned char)q[off]) || q[off] == '"' || (unsigned char)q[off] == 0xE2))
			continue;
		/* "... (see rule 404.) 420.2." is a split; "see rule 420.2." was never a sentence end */
		size_t w = j - 1;
		while (w > from && s[w - 1] != ' ')
			w--;
		if (eq_word(s + w, j - 1 - w, "rule") || eq_word(s + w, j - 1 - w, "rules"))
			continue;
		*is_example = false;
		*next = id;
		return i + 1;
	}
	return 0;
}

/* ---------- glossary ---------- */

static void
close_gloss(struct parser *p)
{
	if (p->ng == 0 || p->open == 0)
		return;
	struct pgloss *g = &p->g[p->ng - 1];
	close_example(p, &g->ex, &g->nex, &g->excap);
	g->text = arena_strndup(p->a, sbuf_str(&p->cur), p->cur.len);
	sbuf_reset(&p->cur);
	p->open = 0;
}

static bool
looks_like_head(const char *s, size_t n)
{
	if (n == 0 || n > 90)
		return false;
	if (s[n - 1] == '.' && !(n > 11 && strncmp(s + n - 11, "(Obsolete).", 11) == 0))
		return false;
	if (s[n - 1] == ':')    /* "The expansion symbols to date are:" */
		return false;
	if (isdigit((unsigned char)s[0]))
		return false;
	if (starts_ci(s, n, "Example:"))
		return false;
	return true;
}

/* ---------- the parse ---------- */

struct line {
	const char *s;
	size_t n;
	uint32_t no;
	size_t indent;
};

/* Entry lines the strict reading refuses but the text means as entries: a chapter whose
 * only text is a sentence, next in sequence ("215. This section is now empty. See rule
 * 205.4c ..."), and a rule number with a stray space after its dot ("606. 8b Players
 * ..."), and a subrule letter without its rule ("306.b" right after 306.3a). Returns 0
 * for none, 1 for the chapter, 2 for the spaced number, 3 for the letter. */
static int
loose_entry_line(const struct parser *p, const char *s, size_t n, jrid *id, size_t *textoff)
{
	if (n < 7 || p->ne == 0 || !isdigit((unsigned char)s[0]) || !isdigit((unsigned char)s[1]) ||
	    !isdigit((unsigned char)s[2]) || s[3] != '.')
		return 0;
	jrid last = p->e[p->ne - 1].id;
	unsigned chap = (unsigned)((s[0] - '0') * 100 + (s[1] - '0') * 10 + (s[2] - '0'));
	if (islower((unsigned char)s[4]) && s[5] == ' ' && isupper((unsigned char)s[6]) && chap == JRID_CHAP(last) &&
	    JRID_NUM(last) && (JRID_LETTER(last) ? jrid_letter_next((int)JRID_LETTER(last)) : 'a') == s[4]) {
		/* "306.b If ..." right after 306.3a: the rule part is missing, the letter is the
		 * next one under the entry before */
		*id = (last & ~0xFFu) | (unsigned char)s[4];
		*textoff = 6;
		return 3;
	}
	if (s[4] != ' ')
		return 0;
	if (isupper((unsigned char)s[5])) {
		if (chap != JRID_CHAP(last) + 1 || chap / 100 != JRID_CHAP(last) / 100)
			return 0;
		*id = JRID_MAKE(chap, 0, 0);
		*textoff = 5;
		return 1;
	}
	/* "606. 8b": digits, an optional letter, an optional dot, then the text */
	char num[24];
	size_t k = 5, o = 0;
	memcpy(num, s, 4);
	o = 4;
	while (k < n && isdigit((unsigned char)s[k]) && o < 8)
		num[o++] = s[k++];
	if (o == 4)
		return 0;
	if (k < n && islower((unsigned char)s[k]))
		num[o++] = s[k++];
	if (k < n && s[k] == '.')
		k++;
	num[o] = '\0';
	if (k >= n || s[k] != ' ')
		return 0;
	while (k < n && s[k] == ' ')
		k++;
	jrid r = jrid_from_str(num);
	if (r == JRID_NONE || k >= n || !(isupper((unsigned char)s[k]) || s[k] == '"' || (unsigned char)s[k] == 0xE2) ||
	    JRID_CHAP(r) != JRID_CHAP(last))
		return 0;
	*id = r;
	*textoff = k;
	return 2;
}

static void
body_line(struct parser *p, const char *s, size_t n, uint32_t no, uint32_t col0)
{
	jrid id;
	size_t off;
	size_t skip;
	if (example_label(s, n, &skip)) {
		if (p->ne == 0 || p->boiler)
			return;
		struct pentry *e = &p->e[p->ne - 1];
		close_example(p, &e->ex, &e->nex, &e->excap);
		const char *t = s + skip;
		size_t tn = n - skip;
		trim(&t, &tn);
		/* examples can run into the next entry in scraped fragments too */
		jrid nx;
		bool ex2;
		size_t split = next_runon(t, tn, 0, e->id, &nx, &ex2);
		size_t keep = split ? split - 1 : tn;
		sbuf_add(&p->curex, t, keep);
		scan_refs(p, (uint32_t)(p->ne - 1), t, keep, no, col0 + (uint32_t)(t - s) + 1);
		p->open = 2;
		if (split)
			body_line(p, t + split, tn - split, no, col0 + (uint32_t)(t - s + split));
		return;
	}
	int loose = 0;
	bool strict = entry_line(s, n, &id, &off);
	if (!strict && (loose = loose_entry_line(p, s, n, &id, &off)) != 0) {
		char b[16], b2[16];
		if (loose == 1)
			diag_add(p->d, DL_NOTE, p->name, no, col0 + 1,
			    "chapter %s holds only a sentence, no title; kept as its own chapter", jrid_str(id, b));
		else if (loose == 2)
			diag_add(p->d, DL_WARNING, p->name, no, col0 + 1,
			    "rule number \"%.*s\" has a stray space; read as %s", (int)(off - 1), s, jrid_str(id, b));
		else
			diag_add(p->d, DL_WARNING, p->name, no, col0 + 1,
			    "rule number \"%.5s\" lacks its rule part; read as %s, the subrule after %s", s, jrid_str(id, b),
			    jrid_str(p->e[p->ne - 1].id, b2));
		diag_src(p->d, s, n);
	}
	if (strict || loose) {
		new_entry(p, id, no);
		const char *t = s + off;
		size_t tn = n - off;
		jrid nx;
		bool ex;
		size_t split = next_runon(t, tn, 0, id, &nx, &ex);
		size_t keep = split ? split - 1 : tn;
		while (keep && t[keep - 1] == ' ')
			keep--;
		sbuf_add(&p->cur, t, keep);
		p->e[p->ne - 1].titled = jrid_level(id) <= JL_CHAPTER || looks_like_title(t, keep);
		scan_refs(p, (uint32_t)(p->ne - 1), t, keep, no, col0 + (uint32_t)off + 1);
		if (split)
			body_line(p, t + split, tn - split, no, col0 + (uint32_t)(off + split));
		return;
	}
	/* an unnumbered paragraph: the previous entry continues, unless it is web chrome */
	if (p->ne == 0)
		return;
	if (p->boiler || is_boilerplate(p, s, n)) {
		p->boiler = true;
		p->boiler_lines++;
		return;
	}
	if (n > 6 && isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) && isdigit((unsigned char)s[2]) &&
	    s[3] == '.' && islower((unsigned char)s[4]) && s[5] == ' ') {
		/* "306.b If ...": a number with its rule part missing; kept as text of the entry before */
		char b[16];
		diag_add(p->d, DL_WARNING, p->name, no, col0 + 1,
		    "malformed rule number \"%.5s\"; its text is kept as part of %s", s, jrid_str(p->e[p->ne - 1].id, b));
		diag_src(p->d, s, n);
	} else if (n > 8 && isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) && isdigit((unsigned char)s[2]) &&
	    s[3] == '.' && isdigit((unsigned char)s[4])) {
		/* "704.5fp If ...": a subrule with letters judge cannot number (past fn, or with l
		 * or o, or three of them) */
		size_t k = 5;
		while (k < n && isdigit((unsigned char)s[k]))
			k++;
		size_t l0 = k;
		while (k < n && islower((unsigned char)s[k]))
			k++;
		if (k - l0 >= 2 && k < n && s[k] == ' ') {
			char b[16];
			diag_add(p->d, DL_WARNING, p->name, no, col0 + 1,
			    "rule number \"%.*s\" has subrule letters judge cannot number (a to z without l and o, then aa to fn); its text is kept as part of %s",
			    (int)k, s, jrid_str(p->e[p->ne - 1].id, b));
			diag_src(p->d, s, n);
		}
	}
	if (p->open == 2) {
		/* text after an example that is not an example: a new paragraph of the entry */
		struct pentry *e = &p->e[p->ne - 1];
		close_example(p, &e->ex, &e->nex, &e->excap);
	}
	add_para(&p->cur, s, n);
	scan_refs(p, (uint32_t)(p->ne - 1), s, n, no, col0 + 1);
}

/* A term run into its first sense, "Ability1. Text on an object ..." (2021-06-09): where
 * the "1. " starts, right after the term's last letter, or 0. */
static size_t
run_in_sense(const char *s, size_t n)
{
	for (size_t k = 2; k + 3 < n && k <= 60; k++) {
		if (s[k] == '.' && s[k + 1] == ' ')
			return 0;       /* a sentence came first: no term here */
		if (s[k] == '1' && s[k + 1] == '.' && s[k + 2] == ' ' &&
		    (isalpha((unsigned char)s[k - 1]) || s[k - 1] == ')') && isupper((unsigned char)s[k + 3]))
			return k;
	}
	return 0;
}

/* ls: the non-blank lines of one block. subheading: its first line, though shaped like a
 * term, heads an indented list inside the entry before (2003-03-15: "Expansions and
 * Editions" in Expansion Symbol). */
static void
gloss_block(struct parser *p, struct line *ls, size_t nl, bool subheading)
{
	size_t i = 0;
	const char *s = ls[0].s;
	size_t n = ls[0].n;
	size_t runin = ls[0].indent == 0 ? run_in_sense(s, n) : 0;
	bool cont = p->ng > 0 && !runin && (ls[0].indent > 0 || !looks_like_head(s, n) ||
	    (isdigit((unsigned char)s[0]) && n > 2 && s[1] == '.'));
	if (!cont && subheading && p->ng > 0) {
		diag_add(p->d, DL_WARNING, p->name, ls[0].no, (uint32_t)ls[0].indent + 1,
		    "\"%.*s\" heads an indented list inside the glossary entry \"%s\": read as part of it, not as a term",
		    (int)n, s, p->g[p->ng - 1].head);
		cont = true;
	}
	if (!cont) {
		close_gloss(p);
		p->g = xgrow(p->g, &p->gcap, p->ng + 1, sizeof *p->g);
		struct pgloss *g = &p->g[p->ng++];
		memset(g, 0, sizeof *g);
		g->head = arena_strndup(p->a, s, runin ? runin : n);
		g->line = ls[0].no;
		p->open = 1;
		i = 1;
		if (runin) {
			diag_add(p->d, DL_WARNING, p->name, ls[0].no, (uint32_t)(ls[0].indent + runin + 1),
			    "the glossary term \"%s\" runs into its definition; read as the term and its sense \"1.\"", g->head);
			diag_src(p->d, s, n);
			ls[0].s += runin;
			ls[0].n -= runin;
			i = 0;
		}
	}
	struct pgloss *g = &p->g[p->ng - 1];
	for (; i < nl; i++) {
		const char *t = ls[i].s;
		size_t tn = ls[i].n;
		size_t skip;
		uint32_t from = GLOSS_BIT | (uint32_t)(p->ng - 1);
		if (example_label(t, tn, &skip)) {
			close_example(p, &g->ex, &g->nex, &g->excap);
			const char *x = t + skip;
			size_t xn = tn - skip;
			trim(&x, &xn);
			sbuf_add(&p->curex, x, xn);
			p->open = 2;
			scan_refs(p, from, x, xn, ls[i].no, (uint32_t)(ls[i].indent + (size_t)(x - t) + 1));
			continue;
		}
		if (p->open == 2)
			close_example(p, &g->ex, &g->nex, &g->excap);
		add_para(&p->cur, t, tn);
		scan_refs(p, from, t, tn, ls[i].no, (uint32_t)ls[i].indent + 1);
	}
}

/* ---------- hard-wrapped releases ---------- */

/* Some releases (2003-2004) wrap every paragraph at a fixed width, so a paragraph is
 * several lines and a wrapped line can start with a number ("See rule" / "419.8 ...").
 * Their sign: almost no line is longer than a page is wide, and most lines that come
 * near that width go on in the next line. Returns the width, or 0 for one paragraph a line. */
static size_t
wrap_width(const struct line *ls, size_t nl)
{
	size_t hist[257] = {0}, nonblank = 0;
	for (size_t i = 0; i < nl; i++) {
		if (ls[i].n == 0)
			continue;
		nonblank++;
		hist[ls[i].n + ls[i].indent < 256 ? ls[i].n + ls[i].indent : 256]++;
	}
	if (nonblank < 200)
		return 0;
	/* the width: the length that 99% of lines stay within */
	size_t seen = 0, w = 0;
	while (w < 256 && (seen += hist[w]) * 100 < nonblank * 99)
		w++;
	if (w < 50 || w > 160)
		return 0;
	size_t wrapped = 0;
	for (size_t i = 0; i + 1 < nl; i++)
		wrapped += ls[i].n + ls[i].indent >= w * 6 / 10 && ls[i + 1].n > 0;
	return wrapped * 10 >= nonblank * 3 ? w : 0;
}

/* Does line b go on the paragraph that line a (the line just above it) belongs to? */
static bool
wraps_into(const struct line *a, const struct line *b, size_t w)
{
	if (a->n == 0 || b->n == 0 || a->n + a->indent < w * 6 / 10 || b->indent > a->indent)
		return false;
	size_t skip;
	if (example_label(b->s, b->n, &skip) || heading_is(b->s, b->n, "Glossary") || heading_is(b->s, b->n, "Credits"))
		return false;
	jrid id;
	size_t off;
	if (!entry_line(b->s, b->n, &id, &off))
		return true;
	/* a number at the start of a wrapped line: a new entry only after a finished
	 * sentence, and never right after "rule" or "section" */
	char last = a->s[a->n - 1];
	size_t k = a->n;
	while (k > 0 && a->s[k - 1] != ' ')
		k--;
	const char *word = a->s + k;
	size_t wl = a->n - k;
	if (eq_word(word, wl, "rule") || eq_word(word, wl, "rules") || eq_word(word, wl, "section") ||
	    eq_word(word, wl, "sections") || eq_word(word, wl, "and") || eq_word(word, wl, "or"))
		return true;
	return !(last == '.' || last == ':' || last == '"' || last == ')');
}

/* Join each wrapped paragraph into one line (in the arena), in place; returns the new
 * number of lines. A joined line keeps the number and indent of its first line. */
static size_t
unwrap_lines(struct arena *a, struct line *ls, size_t nl, size_t w, struct diags *d, const char *name)
{
	struct sbuf b = {0};
	size_t o = 0;
	for (size_t i = 0; i < nl;) {
		size_t j = i + 1;
		while (j < nl && wraps_into(&ls[j - 1], &ls[j], w)) {
			/* the trap itself: a wrapped line that would have read as a new rule */
			jrid id;
			size_t off;
			char num[16];
			if (entry_line(ls[j].s, ls[j].n, &id, &off)) {
				diag_add(d, DL_NOTE, name, ls[j].no, (uint32_t)ls[j].indent + 1,
				    "this line starts with %s but goes on the paragraph above it (wrapped after \"%.*s\"): not a new rule",
				    jrid_str(id, num), (int)(ls[j - 1].n < 24 ? ls[j - 1].n : 24),
				    ls[j - 1].s + (ls[j - 1].n < 24 ? 0 : ls[j - 1].n - 24));
				diag_src(d, ls[j].s, ls[j].n);
			}
			j++;
		}
		struct line l = ls[i];
		if (j > i + 1) {
			sbuf_reset(&b);
			for (size_t k = i; k < j; k++) {
				if (k > i)
					sbuf_addc(&b, ' ');
				sbuf_add(&b, ls[k].s, ls[k].n);
			}
			l.s = arena_strndup(a, b.s, b.len);
			l.n = b.len;
		}
		ls[o++] = l;
		i = j;
	}
	sbuf_free(&b);
	return o;
}

static int
cmp_entry(const void *a, const void *b)
{
	const struct pentry *x = a, *y = b;
	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* A number out of sequence between two neighbours that are in sequence is a typo when
 * swapping two of its digits puts it in place (432.2b between 423.2a and 423.3). */
/* The same for a run: entries that step back below the one before them, all together
 * (510.2-510.6 printed as 501.2-501.6 after 510.1, 2006-05-01), when one swap of two
 * digits puts every one of them in place. */
static void
fix_swapped_run(struct parser *p)
{
	char a[16], b[16], c[16], t[16];
	for (size_t i = 1; i < p->ne; i++) {
		jrid prev = p->e[i - 1].id;
		if (p->e[i].id >= prev)
			continue;
		size_t j = i;
		while (j < p->ne && j - i < 64 && p->e[j].id < prev)
			j++;
		if (j - i < 2 || (i >= 2 && p->e[i - 2].id < p->e[i].id))
			continue;       /* one entry, or the one before is the odd one out: that is
			                 * for fix_out_of_order() to weigh with its neighbours */
		jrid next = j < p->ne ? p->e[j].id : UINT32_MAX;
		jrid_str(p->e[i].id, a);
		size_t len = strlen(a);
		for (size_t k = 0; k + 1 < len; k++) {
			if (!isdigit((unsigned char)a[k]) || !isdigit((unsigned char)a[k + 1]) || a[k] == a[k + 1])
				continue;
			bool fits = true;
			jrid last = prev;
			for (size_t r = i; r < j && fits; r++) {
				jrid_str(p->e[r].id, t);
				if (strlen(t) <= k + 1 || strncmp(t, a, k + 2) != 0) {
					fits = false;
					break;
				}
				char tmp = t[k];
				t[k] = t[k + 1];
				t[k + 1] = tmp;
				jrid cand = jrid_from_str(t);
				fits = cand != JRID_NONE && cand > last && cand < next;
				last = cand;
			}
			if (!fits)
				continue;
			for (size_t r = i; r < j; r++) {
				jrid_str(p->e[r].id, t);
				memcpy(c, t, sizeof c);
				char tmp = t[k];
				t[k] = t[k + 1];
				t[k + 1] = tmp;
				diag_add(p->d, DL_WARNING, p->name, p->e[r].line, 1,
				    "rule number %s steps back after %s; read as %s (two digits swapped in the source, in a run of %zu entries)",
				    c, jrid_str(r == i ? prev : p->e[r - 1].id, b), t, j - i);
				p->e[r].id = jrid_from_str(t);
			}
			break;
		}
		i = j - 1;
	}
}

/* Does another entry carry entry i's printed number? Then both stay under it, so that
 * the number finds them both (605.2c twice in 2005-08-01). */
static bool
printed_elsewhere(const struct parser *p, size_t i)
{
	for (size_t k = 0; k < p->ne; k++)
		if (k != i && p->e[k].id == p->e[i].id)
			return true;
	return false;
}

/* The one number, made from s by dropping one digit (505.54 -> 505.5) or changing one
 * (306.1c -> 306.3c), that falls strictly between prev and next; JRID_NONE when none does
 * or more than one does. */
static jrid
one_digit_off(const char *s, jrid prev, jrid next, const char **how)
{
	jrid found = JRID_NONE;
	int n = 0;
	size_t len = strlen(s);
	char t[16];
	for (size_t k = 0; k < len; k++) {
		if (!isdigit((unsigned char)s[k]))
			continue;
		/* dropped */
		memcpy(t, s, k);
		memcpy(t + k, s + k + 1, len - k);
		jrid cand = jrid_from_str(t);
		if (cand != JRID_NONE && prev < cand && cand < next && cand != found) {
			found = cand, n++;
			*how = "a stray digit";
		}
		/* changed */
		for (char dg = '0'; dg <= '9'; dg++) {
			if (dg == s[k])
				continue;
			memcpy(t, s, len + 1);
			t[k] = dg;
			cand = jrid_from_str(t);
			if (cand != JRID_NONE && prev < cand && cand < next && cand != found) {
				found = cand, n++;
				*how = "a mistyped digit";
			}
		}
	}
	return n == 1 ? found : JRID_NONE;
}

static void
fix_out_of_order(struct parser *p)
{
	char a[16], b[16], c[16];
	for (size_t i = 1; i + 1 < p->ne; i++) {
		jrid prev = p->e[i - 1].id, cur = p->e[i].id, next = p->e[i + 1].id;
		if ((prev < cur && cur < next) || !(prev < next))
			continue;
		char s[16];
		jrid_str(cur, s);
		jrid fixed = JRID_NONE;
		size_t len = strlen(s);
		for (size_t k = 0; k + 1 < len && fixed == JRID_NONE; k++) {
			if (!isdigit((unsigned char)s[k]) || !isdigit((unsigned char)s[k + 1]))
				continue;
			char t[16];
			memcpy(t, s, sizeof t);
			char tmp = t[k];
			t[k] = t[k + 1];
			t[k + 1] = tmp;
			jrid cand = jrid_from_str(t);
			if (cand != JRID_NONE && prev < cand && cand < next)
				fixed = cand;
		}
		const char *how = "digits swapped";
		if (fixed == JRID_NONE && !printed_elsewhere(p, i)) {
			fixed = one_digit_off(s, prev, next, &how);
		}
		if (fixed != JRID_NONE) {
			diag_add(p->d, DL_WARNING, p->name, p->e[i].line, 1,
			    "rule number %s is out of order between %s and %s; read as %s (%s in the source)",
			    jrid_str(cur, a), jrid_str(prev, b), jrid_str(next, c), jrid_str(fixed, s), how);
			p->e[i].id = fixed;
		} else {
			diag_add(p->d, DL_WARNING, p->name, p->e[i].line, 1,
			    "rule number %s is out of order (after %s, before %s)",
			    jrid_str(cur, a), jrid_str(prev, b), jrid_str(next, c));
		}
	}
}

static uint32_t
pow2_at_least(uint32_t n)
{
	uint32_t c = 16;
	while (c < n)
		c <<= 1;
	return c;
}

static void
gloss_insert(struct jrelease *rel, const char *key, uint32_t gi, char *fold, size_t fcap)
{
	jfold(key, fold, fcap);
	if (!*fold)
		return;
	uint32_t m = rel->ghashcap - 1, h = hash_str(fold) & m;
	while (rel->ghash[h] != JNONE) {
		uint32_t o = rel->ghash[h];
		char other[256];
		/* the first entry under a key wins: an exact head beats an alias */
		for (uint32_t k = 0; k < rel->gloss[o].naliases + 1; k++) {
			const char *cand = k == 0 ? rel->gloss[o].head : rel->gloss[o].aliases[k - 1];
			jfold(cand, other, sizeof other);
			if (strcmp(other, fold) == 0)
				return;
		}
		h = (h + 1) & m;
	}
	rel->ghash[h] = gi;
}

/* Copy a glossary head into a fixed buffer, cut (if it must be) before a character rather
 * than inside one, so nothing that steps over a multi-byte character passes the NUL. */
static void
copy_head(char *dst, size_t cap, const char *src)
{
	size_t l = strlen(src);
	if (l >= cap) {
		l = cap - 1;
		while (l > 0 && ((unsigned char)src[l] & 0xC0) == 0x80)
			l--;
	}
	memcpy(dst, src, l);
	dst[l] = '\0';
}

/* “ (U+201C), whole */
static bool
is_open_quote(const char *q)
{
	return (unsigned char)q[0] == 0xE2 && (unsigned char)q[1] == 0x80 && (unsigned char)q[2] == 0x9C;
}

static void
build_glossary(struct parser *p, struct jrelease *rel)
{
	rel->ngloss = (uint32_t)p->ng;
	rel->gloss = arena_alloc(p->a, sizeof *rel->gloss * (p->ng ? p->ng : 1));
	uint32_t nkeys = 0;
	for (size_t i = 0; i < p->ng; i++) {
		struct jgloss *g = &rel->gloss[i];
		struct pgloss *pg = &p->g[i];
		g->head = pg->head;
		g->text = pg->text ? pg->text : "";
		g->line = pg->line;
		g->nexamples = pg->nex;
		g->examples = arena_memdup(p->a, pg->ex, sizeof *pg->ex * pg->nex);
		free(pg->ex);
		/* aliases: "Control, Controller"; '(Obsolete)' is a mark, not a word */
		char head[512];
		copy_head(head, sizeof head, g->head);
		char *ob = strstr(head, "(Obsolete)");
		if (ob == NULL)
			ob = strstr(head, "(obsolete)");
		if (ob) {
			g->obsolete = true;
			*ob = '\0';
		}
		const char *parts[32];
		size_t lens[32], np = 0;
		const char *q = head;
		while (*q && np < 32) {
			while (*q == ' ' || *q == '"' || is_open_quote(q))
				q += *q == ' ' || *q == '"' ? 1 : 3;
			const char *st = q;
			bool inq = false;
			while (*q && !(*q == ',' && !inq)) {
				if (*q == '"')
					inq = !inq;
				q++;
			}
			size_t l = (size_t)(q - st);
			while (l && (st[l - 1] == ' ' || st[l - 1] == '"'))
				l--;
			if (l >= 3 && (unsigned char)st[l - 3] == 0xE2 && (unsigned char)st[l - 2] == 0x80 &&
			    (unsigned char)st[l - 1] == 0x9D)
				l -= 3;    /* ” closing quote */
			if (l)
				parts[np] = st, lens[np++] = l;
			if (*q == ',')
				q++;
		}
		g->naliases = (uint32_t)np;
		g->aliases = arena_alloc(p->a, sizeof *g->aliases * (np ? np : 1));
		for (size_t k = 0; k < np; k++)
			g->aliases[k] = arena_strndup(p->a, parts[k], lens[k]);
		nkeys += (uint32_t)np + 1;
	}
	rel->ghashcap = pow2_at_least(nkeys * 2 + 16);
	rel->ghash = arena_alloc(p->a, sizeof *rel->ghash * rel->ghashcap);
	memset(rel->ghash, 0xFF, sizeof *rel->ghash * rel->ghashcap);
	char fold[512];
	/* heads first, so an exact head always wins over another entry's alias */
	for (uint32_t i = 0; i < rel->ngloss; i++) {
		char head[512];
		copy_head(head, sizeof head, rel->gloss[i].head);
		char *ob = strstr(head, " (Obsolete)");
		if (ob)
			*ob = '\0';
		gloss_insert(rel, head, i, fold, sizeof fold);
	}
	for (uint32_t i = 0; i < rel->ngloss; i++)
		for (uint32_t k = 0; k < rel->gloss[i].naliases; k++)
			gloss_insert(rel, rel->gloss[i].aliases[k], i, fold, sizeof fold);
}

static void
build_rules(struct parser *p, struct jrelease *rel, uint32_t *order_to_index)
{
	fix_out_of_order(p);
	fix_swapped_run(p);
	xqsort(p->e, p->ne, sizeof *p->e, cmp_entry);
	/* the same number twice: both entries are text of the release, so both are kept, in
	 * document order; lookups by number find the first and say how to reach the others */
	size_t w = p->ne;
	char buf[16];
	uint32_t *copy = xcalloc(w ? w : 1, sizeof *copy);
	for (size_t i = 0; i < w; i++) {
		order_to_index[p->e[i].order] = (uint32_t)i;
		if (i > 0 && p->e[i - 1].id == p->e[i].id) {
			size_t first = i - 1;
			while (first > 0 && p->e[first - 1].id == p->e[i].id)
				first--;
			copy[i] = (uint32_t)(i - first + 1);
			diag_add(p->d, DL_WARNING, p->name, p->e[i].line, 1,
			    "rule %s appears again (first at line %u); both are kept", jrid_str(p->e[i].id, buf), p->e[first].line);
			diag_hint(p->d, "`judge %s` shows the first; `judge %s#%u` shows this one", buf, buf, copy[i]);
		}
	}
	rel->nrules = (uint32_t)w;
	rel->rules = arena_alloc(p->a, sizeof *rel->rules * (w ? w : 1));
	rel->hashcap = pow2_at_least((uint32_t)w * 2 + 16);
	rel->hash = arena_alloc(p->a, sizeof *rel->hash * rel->hashcap);
	memset(rel->hash, 0xFF, sizeof *rel->hash * rel->hashcap);
	for (size_t i = 0; i < w; i++) {
		struct jrule *r = &rel->rules[i];
		struct pentry *e = &p->e[i];
		r->id = e->id;
		r->num = arena_strdup(p->a, jrid_str(e->id, buf));
		r->text = e->text ? e->text : "";
		r->line = e->line;
		r->copy = copy[i];
		r->nexamples = e->nex;
		r->examples = arena_memdup(p->a, e->ex, sizeof *e->ex * e->nex);
		rel->nexamples += e->nex;
		free(e->ex);
		if (e->titled) {
			const char *nl = strchr(r->text, '\n');
			r->title = nl ? arena_strndup(p->a, r->text, (size_t)(nl - r->text)) : r->text;
		}
		r->parent = JNONE;
		if (r->copy)
			continue;       /* the hash finds the first of its number */
		uint32_t m = rel->hashcap - 1, h = hash_u32(r->id) & m;
		while (rel->hash[h] != JNONE)
			h = (h + 1) & m;
		rel->hash[h] = (uint32_t)i;
	}
	free(copy);
	/* parents are the nearest ancestor present; children in order */
	uint32_t *nch = xcalloc(w ? w : 1, sizeof *nch);
	for (size_t i = 0; i < w; i++) {
		jrid a = jrid_parent(rel->rules[i].id);
		while (a != JRID_NONE) {
			uint32_t pi = jrel_find(rel, a);
			if (pi != JNONE) {
				rel->rules[i].parent = pi;
				nch[pi]++;
				break;
			}
			a = jrid_parent(a);
		}
	}
	for (size_t i = 0; i < w; i++) {
		if (nch[i])
			rel->rules[i].children = arena_alloc(p->a, sizeof(uint32_t) * nch[i]);
	}
	for (size_t i = 0; i < w; i++) {
		uint32_t pi = rel->rules[i].parent;
		if (pi != JNONE)
			rel->rules[pi].children[rel->rules[pi].nchildren++] = (uint32_t)i;
	}
	free(nch);
}

struct refacc {
	uint32_t *v;
	size_t n, cap;
};

static void
push_u32(struct refacc *a, uint32_t x)
{
	for (size_t i = 0; i < a->n; i++)
		if (a->v[i] == x)
			return;
	a->v = xgrow(a->v, &a->cap, a->n + 1, sizeof *a->v);
	a->v[a->n++] = x;
}

static void
build_refs(struct parser *p, struct jrelease *rel, const uint32_t *order_to_index)
{
	uint32_t nr = rel->nrules, ng = rel->ngloss;
	struct refacc *out = xcalloc((size_t)nr + ng + 1, sizeof *out);
	struct refacc *back = xcalloc((size_t)nr + 1, sizeof *back);
	struct refacc *gback = xcalloc((size_t)nr + 1, sizeof *gback);
	char a[16], b[16];
	bool partial = rel->fragment || rel->truncated;
	for (size_t i = 0; i < p->nr; i++) {
		struct pref *r = &p->r[i];
		bool from_gloss = (r->from & GLOSS_BIT) != 0;
		uint32_t src = from_gloss ? (r->from & ~GLOSS_BIT) : order_to_index[r->from];
		uint32_t t = jrel_find(rel, r->to);
		rel->nrefs++;
		if (t == JNONE) {
			rel->ndangling++;
			const char *who = from_gloss ? rel->gloss[src].head : rel->rules[src].num;
			diag_add(p->d, partial ? DL_NOTE : DL_WARNING, p->name, r->line, r->col,
			    "dangling reference to %s in %s%s", jrid_str(r->to, a),
			    from_gloss ? "the glossary entry " : "", from_gloss ? who : strcpy(b, who));
			if (partial)
				diag_hint(p->d, "this text is %s; the rule may be in a part it lacks",
				    rel->fragment ? "a fragment" : "truncated");
			continue;
		}
		if (from_gloss) {
			push_u32(&out[nr + src], t);
			push_u32(&gback[t], src);
		} else if (t != src) {
			push_u32(&out[src], t);
			push_u32(&back[t], src);
		}
	}
	for (uint32_t i = 0; i < nr; i++) {
		struct jrule *r = &rel->rules[i];
		r->nrefs = (uint32_t)out[i].n;
		r->refs = arena_memdup(p->a, out[i].v, sizeof(uint32_t) * out[i].n);
		r->nbackrefs = (uint32_t)back[i].n;
		r->backrefs = arena_memdup(p->a, back[i].v, sizeof(uint32_t) * back[i].n);
		r->ngloss_backrefs = (uint32_t)gback[i].n;
		r->gloss_backrefs = arena_memdup(p->a, gback[i].v, sizeof(uint32_t) * gback[i].n);
		free(out[i].v);
		free(back[i].v);
		free(gback[i].v);
	}
	for (uint32_t i = 0; i < ng; i++) {
		rel->gloss[i].nrefs = (uint32_t)out[nr + i].n;
		rel->gloss[i].refs = arena_memdup(p->a, out[nr + i].v, sizeof(uint32_t) * out[nr + i].n);
		free(out[nr + i].v);
	}
	free(out);
	free(back);
	free(gback);
}

struct jrelease *
cr_parse(struct arena *a, const char *name, const char *text, size_t len, struct diags *d)
{
	struct parser P = {0}, *p = &P;
	p->a = a;
	p->d = d;
	p->name = name;

	/* split into lines once */
	size_t nl = 0, lcap = 0;
	struct line *ls = NULL;
	const char *s = text, *end = text + len;
	uint32_t no = 0;
	while (s < end) {
		const char *e = memchr(s, '\n', (size_t)(end - s));
		if (e == NULL)
			e = end;
		no++;
		ls = xgrow(ls, &lcap, nl + 1, sizeof *ls);
		const char *t = s;
		size_t tn = (size_t)(e - s);
		size_t ind = 0;
		while (ind < tn && (t[ind] == ' ' || t[ind] == '\t'))
			ind++;
		trim(&t, &tn);
		ls[nl++] = (struct line){t, tn, no, ind};
		s = e + 1;
	}
	size_t width = wrap_width(ls, nl);
	if (width) {
		/* the note points at the first paragraph that goes on to a second line */
		uint32_t at = 0, col = 1;
		for (size_t i = 0; i + 1 < nl && at == 0; i++)
			if (wraps_into(&ls[i], &ls[i + 1], width)) {
				at = ls[i].no;
				col = (uint32_t)ls[i].indent + 1;
			}
		diag_add(d, DL_NOTE, name, at, at ? col : 0,
		    "every paragraph is wrapped at about %zu characters, from here on; wrapped lines are joined, so a line that starts with a number inside a paragraph is not a new rule", width);
		nl = unwrap_lines(a, ls, nl, width, d, name);
	}
	size_t head_end = nl < 80 ? nl : 80;
	for (size_t i = 0; i < nl; i++) {
		if (ls[i].n) {
			p->title = ls[i].s;
			p->title_len = ls[i].n;
			break;
		}
	}
	int date = 0;
	for (size_t i = 0; i < head_end && !date; i++)
		date = find_date(ls[i].s, ls[i].n);
	if (!date && len > 0)
		date = find_date(text, len < 20000 ? len : 20000);

	/* apostrophes lost wholesale? ("youre", "dont" and no "don't") */
	{
		size_t sample = len < 200000 ? len : 200000;
		int lost = 0, kept = 0;
		const char *probe[] = {" dont ", " doesnt ", " cant ", " isnt ", " youre ", " thats "};
		kept += memmem(text, sample, "n’t", strlen("n’t")) != NULL || memmem(text, sample, "n't", 3) != NULL;
		for (size_t k = 0; k < 6 && !kept; k++)
			lost += memmem(text, sample, probe[k], strlen(probe[k])) != NULL;
		p->rep.apostrophes = lost >= 2 && !kept;
	}

	/* the body starts at the first real rule, with the headings just above it */
	size_t first = nl;
	for (size_t i = 0; i < nl; i++) {
		jrid id;
		size_t off;
		if (entry_line(ls[i].s, ls[i].n, &id, &off) && jrid_level(id) >= JL_RULE) {
			first = i;
			break;
		}
	}
	if (first == nl) {
		diag_add(d, DL_ERROR, name, 0, 0, "no numbered rules found: this is not Comprehensive Rules text");
		diag_hint(d, "judge reads the CR as published (MagicCompRules YYYYMMDD.txt); check the file with `judge check FILE`");
		free(ls);
		return NULL;
	}
	size_t start = first;
	while (start > 0) {
		struct line *l = &ls[start - 1];
		jrid id;
		size_t off;
		if (l->n == 0 || (entry_line(l->s, l->n, &id, &off) && jrid_level(id) <= JL_CHAPTER))
			start--;
		else
			break;
	}
	/* entries before the body (a contents list) that repeat: drop heading-only lines
	 * above `start` — they are the contents, which we do not index */

	size_t i = start, gstart = nl, gend = nl;
	for (; i < nl; i++) {
		struct line *l = &ls[i];
		if (l->n == 0) {
			if (p->open == 2) {
				/* an example ends at a blank line; a later "Example:" still joins the entry */
				struct pentry *e = &p->e[p->ne - 1];
				close_example(p, &e->ex, &e->nex, &e->excap);
			}
			continue;
		}
		if (heading_is(l->s, l->n, "Glossary")) {
			gstart = i + 1;
			break;
		}
		if (heading_is(l->s, l->n, "Credits")) {
			gend = i;
			break;
		}
		const char *t = l->s;
		size_t tn = l->n;
		if (needs_repair(t, tn, &p->rep)) {
			if (repair_line(t, tn, &p->fix, &p->rep)) {
				t = p->fix.s;
				tn = p->fix.len;
			}
		}
		body_line(p, t, tn, l->no, (uint32_t)l->indent);
	}
	close_entry(p);
	size_t body_end = i;
	/* no glossary after the rules: a copy may put it before them or after the Credits.
	 * Its heading is the last "Glossary" line outside the rules that a Credits heading
	 * does not follow (the contents list "Glossary" then "Credits"). */
	size_t gloss_stop = nl;     /* where a glossary before the rules ends: at the rules */
	if (gstart == nl) {
		for (size_t k = nl; k-- > 0;) {
			if ((k >= start && k < body_end) || !heading_is(ls[k].s, ls[k].n, "Glossary"))
				continue;
			size_t j = k + 1;
			while (j < nl && ls[j].n == 0)
				j++;
			if (j == nl || heading_is(ls[j].s, ls[j].n, "Credits") || heading_is(ls[j].s, ls[j].n, "Glossary"))
				continue;
			gstart = k + 1;
			if (k < start)
				gloss_stop = start;
			break;
		}
	}

	/* the glossary runs to Credits */
	bool gloss_cut = false, credits_promised = false;  /* the contents list Credits */
	if (gstart < nl) {
		struct line *blk = NULL;
		size_t nb = 0, bcap = 0;
		struct sbuf store = {0};
		/* a line shaped like a term whose next line is indented heads a list inside an
		 * entry, unless this glossary indents its definitions as a rule */
		size_t cand = 0, cand_ind = 0;
		for (i = gstart; i < gloss_stop && !heading_is(ls[i].s, ls[i].n, "Credits"); i++) {
			if (ls[i].n == 0 || ls[i].indent || (i > gstart && ls[i - 1].n) || !looks_like_head(ls[i].s, ls[i].n))
				continue;
			size_t j = i + 1;
			while (j < nl && ls[j].n == 0)
				j++;
			cand++;
			cand_ind += j < nl && ls[j].indent > 0;
		}
		bool subheads = cand_ind * 10 < cand;
		size_t next_nb = 0;     /* the first non-blank line after the open block's first */
		for (i = gstart; i <= nl; i++) {
			bool stop = i == nl || i == gloss_stop || heading_is(ls[i].s, ls[i].n, "Credits");
			if (stop || ls[i].n == 0) {
				if (nb) {
					if (nb == 1)
						for (next_nb = i; next_nb < nl && ls[next_nb].n == 0; next_nb++)
							;
					bool sub = subheads && blk[0].indent == 0 && next_nb < nl && ls[next_nb].indent > 0;
					gloss_block(p, blk, nb, sub);
					nb = 0;
				}
				if (stop) {
					gend = i;
					break;
				}
				continue;
			}
			const char *t = ls[i].s;
			size_t tn = ls[i].n;
			if (needs_repair(t, tn, &p->rep)) {
				if (repair_line(t, tn, &p->fix, &p->rep)) {
					/* keep the repaired copy alive until the block is parsed */
					t = arena_strndup(a, p->fix.s, p->fix.len);
					tn = p->fix.len;
				}
			}
			blk = xgrow(blk, &bcap, nb + 1, sizeof *blk);
			if (nb == 1)
				next_nb = i;
			blk[nb++] = (struct line){t, tn, ls[i].no, ls[i].indent};
		}
		/* no Credits after the glossary, and its last term has no definition: the
		 * text stops in the middle of the glossary */
		for (size_t k = 0; k < start && !credits_promised; k++)
			credits_promised = heading_is(ls[k].s, ls[k].n, "Credits");
		gloss_cut = gend == nl && p->ng > 0 && ((p->cur.len == 0 && p->open == 1) || credits_promised);
		close_gloss(p);
		free(blk);
		sbuf_free(&store);
	}

	struct jrelease *rel = arena_alloc(a, sizeof *rel);
	rel->file = arena_strdup(a, name);
	rel->date = date;
	rel->bytes = len;
	bool starts_at_start = p->ne > 0 && JRID_CHAP(p->e[0].id) <= 100;
	rel->fragment = !date || !starts_at_start;
	rel->truncated = !rel->fragment && (gstart == nl || gloss_cut);
	if (rel->fragment && !date)
		estimate_era(text, len, &rel->era_from, &rel->era_to);
	rel->layout = rel->fragment ? "fragment" :
	    (memmem(text, len < 400000 ? len : 400000, "state-based effects", 19) ? "classic" : "modern");

	uint32_t *order_to_index = xcalloc(p->ne ? p->ne : 1, sizeof *order_to_index);
	size_t entries_in_doc = p->ne;
	(void)entries_in_doc;
	build_rules(p, rel, order_to_index);
	build_glossary(p, rel);
	if (rel->nrules)
		rel->last_num = rel->rules[rel->nrules - 1].num;
	for (uint32_t k = 0; k < rel->ngloss; k++)
		rel->nexamples += rel->gloss[k].nexamples;
	build_refs(p, rel, order_to_index);
	free(order_to_index);

	if (p->rep.censor)
		diag_add(d, DL_NOTE, name, 0, 0, "repaired %u words broken by a censor filter (\"a.s.sign\" -> \"assign\")", p->rep.censor);
	if (p->rep.quote_apos)
		diag_add(d, DL_NOTE, name, 0, 0, "read %u double quotes inside words as apostrophes (doesn\"t -> doesn't)", p->rep.quote_apos);
	if (p->rep.contractions)
		diag_add(d, DL_NOTE, name, 0, 0, "restored %u apostrophes the text had lost (dont -> don't)", p->rep.contractions);
	if (p->boiler_lines)
		diag_add(d, DL_NOTE, name, 0, 0, "dropped %u lines of web-page text between or after the rules", p->boiler_lines);
	if (rel->truncated && gloss_cut)
		diag_add(d, DL_WARNING, name, rel->gloss[rel->ngloss - 1].line, 1,
		    "the text stops in the glossary at \"%s\"%s, and %s: this release is truncated",
		    rel->gloss[rel->ngloss - 1].head, rel->gloss[rel->ngloss - 1].text[0] ? "" : ", which has no definition",
		    credits_promised ? "the Credits its contents list never come" : "no Credits follow");
	else if (rel->truncated)
		diag_add(d, DL_WARNING, name, ls[body_end < nl ? body_end : nl - 1].no, 0,
		    "the text stops at %s with no glossary: this release is truncated", rel->last_num);
	if (rel->fragment && !date)
		diag_add(d, DL_NOTE, name, 0, 0, "no effective date stated: an undated fragment (%s to %s), its era estimated as %d-%d from its wording",
		    rel->rules[0].num, rel->last_num, rel->era_from, rel->era_to);
	(void)gend;
	sbuf_free(&p->cur);
	sbuf_free(&p->curex);
	sbuf_free(&p->fix);
	free(p->e);
	free(p->g);
	free(p->r);
	free(ls);
	return rel;
}

/* ---------- references ---------- */

/* A dash between range ends: '-', en dash, em dash. Returns its byte length or 0. */
static size_t
range_dash(const char *s, size_t n)
{
	if (n >= 1 && s[0] == '-')
		return 1;
	if (n >= 3 && (unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 &&
	    ((unsigned char)s[2] == 0x93 || (unsigned char)s[2] == 0x94))
		return 3;
	return 0;
}

size_t
cr_find_refs(const char *text, size_t len, cr_ref_fn fn, void *ctx)
{
	size_t calls = 0;
	for (size_t d = 0; d < len; d++) {
		/* a reference is a number right after "rule(s) " or "section(s) ": find digits
		 * (rare in prose) and look back for the word */
		d = next_digit(text, d, len, false);
		if (d >= len)
			break;
		size_t i;
		if (d >= 5 && text[d - 1] == ' ' && (text[d - 2] | 0x20) == 'e' && (text[d - 3] | 0x20) == 'l')
			i = d - 5;          /* "rule 7" */
		else if (d >= 6 && text[d - 1] == ' ' && (text[d - 2] | 0x20) == 's' && (text[d - 3] | 0x20) == 'e')
			i = d - 6;          /* "rules 7" */
		else if (d >= 8 && text[d - 1] == ' ' && (text[d - 2] | 0x20) == 'n')
			i = d - 8;          /* "section 7" */
		else if (d >= 9 && text[d - 1] == ' ' && (text[d - 2] | 0x20) == 's' && (text[d - 3] | 0x20) == 'n')
			i = d - 9;          /* "sections 7" */
		else {
			while (d + 1 < len && (unsigned)(text[d + 1] - '0') <= 9u)
				d++;
			continue;
		}
		char c = (char)(text[i] | 0x20);
		if (c != 'r' && c != 's')
			continue;
		if (i > 0 && isalpha((unsigned char)text[i - 1]))
			continue;
		size_t k;
		bool section;
		const char *t = text + i;
		if (c == 'r' && (t[1] | 0x20) == 'u' && (t[2] | 0x20) == 'l' && (t[3] | 0x20) == 'e') {
			if (t[4] == ' ')
				k = i + 5;
			else if ((t[4] | 0x20) == 's' && t[5] == ' ')
				k = i + 6;
			else
				continue;
			section = false;
		} else if (c == 's' && i + 9 < len && strncasecmp(t, "section", 7) == 0) {
			if (t[7] == ' ')
				k = i + 8;
			else if ((t[7] | 0x20) == 's' && t[8] == ' ')
				k = i + 9;
			else
				continue;
			section = true;
		} else {
			continue;
		}
		if (k >= len || !isdigit((unsigned char)text[k]))
			continue;
		jrid last = JRID_NONE;
		for (;;) {
			if (k >= len || !isdigit((unsigned char)text[k]))
				break;
			const char *e;
			jrid id = jrid_parse(text + k, &e);
			if (id == JRID_NONE)
				break;
			size_t after = (size_t)(e - text);
			if (after < len && isalnum((unsigned char)text[after]))
				break;
			if (section && jrid_level(id) != JL_SECTION && jrid_level(id) != JL_CHAPTER)
				break;
			if (!section && jrid_level(id) == JL_SECTION)
				break;
			/* range: "601.2a–d", "702.2–702.4", "rules 100-104" */
			size_t dl = range_dash(text + after, len - after);
			jrid hi = JRID_NONE;
			size_t rend = after;
			if (dl && e[-1] != '.') {
				const char *q = text + after + dl;
				size_t left = len - after - dl;
				char tl[4] = {0};
				const char *tle;
				int hl;
				memcpy(tl, q, left < 3 ? left : 3);
				if (left >= 1 && JRID_LETTER(id) && (hl = jrid_letters_parse(tl, &tle)) != 0) {
					hi = (id & ~0xFFu) | (unsigned)hl;     /* "601.2a–d", "704.5y–ab" */
					rend = after + dl + (size_t)(tle - tl);
				} else if (left >= 1 && isdigit((unsigned char)q[0])) {
					const char *e2;
					jrid h2 = jrid_parse(q, &e2);
					if (h2 != JRID_NONE && h2 > id && jrid_level(h2) == jrid_level(id)) {
						hi = h2;
						rend = (size_t)(e2 - text);
					} else if (jrid_level(id) == JL_RULE) {
						/* "119.7–8": the end is only the number after the dot */
						size_t m = 0;
						uint32_t v = 0;
						while (m < left && m < 4 && isdigit((unsigned char)q[m]))
							v = v * 10 + (uint32_t)(q[m++] - '0');
						bool ends = m == left || !(isalnum((unsigned char)q[m]) ||
						    (q[m] == '.' && m + 1 < left && isdigit((unsigned char)q[m + 1])));
						if (ends && v > JRID_NUM(id) && v <= 0xFFF) {
							hi = JRID_MAKE(JRID_CHAP(id), v, 0);
							rend = after + dl + m;
						}
					}
				}
			}
			if (hi != JRID_NONE && JRID_LETTER(id) && (hi & ~0xFFu) == (id & ~0xFFu)) {
				int steps = 0;
				for (int l = (int)JRID_LETTER(id); l && l <= (int)JRID_LETTER(hi) && steps < 48;
				    l = jrid_letter_next(l), steps++) {
					fn(ctx, (id & ~0xFFu) | (uint32_t)l, k);
					calls++;
				}
			} else if (hi != JRID_NONE && jrid_level(id) == JL_RULE && JRID_CHAP(hi) == JRID_CHAP(id)) {
				for (uint32_t nn = JRID_NUM(id); nn <= JRID_NUM(hi) && nn - JRID_NUM(id) < 50; nn++) {
					fn(ctx, JRID_MAKE(JRID_CHAP(id), nn, 0), k);
					calls++;
				}
			} else if (hi != JRID_NONE && jrid_level(id) == JL_CHAPTER) {
				for (uint32_t ch = JRID_CHAP(id); ch <= JRID_CHAP(hi) && ch - JRID_CHAP(id) < 50; ch++) {
					fn(ctx, JRID_MAKE(ch, 0, 0), k);
					calls++;
				}
			} else {
				fn(ctx, id, k);
				calls++;
				if (hi != JRID_NONE) {
					fn(ctx, hi, after + dl);
					calls++;
				}
			}
			last = id;
			k = rend;
			/* a list continues: ", ", " and ", ", and ", " or ", " through " */
			size_t m = k;
			if (m < len && text[m] == ',')
				m++;
			while (m < len && text[m] == ' ')
				m++;
			if (m + 4 <= len && strncmp(text + m, "and ", 4) == 0)
				m += 4;
			else if (m + 3 <= len && strncmp(text + m, "or ", 3) == 0)
				m += 3;
			else if (m + 8 <= len && strncmp(text + m, "through ", 8) == 0)
				m += 8;
			if (m == k || m >= len || !isdigit((unsigned char)text[m]))
				break;
			k = m;
		}
		(void)last;
		if (k > d)
			d = k - 1;
	}
	return calls;
}
