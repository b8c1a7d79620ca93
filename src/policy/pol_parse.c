/* pol_parse.c — turns the lines of a policy document into sections: page furniture out, the
 * table of contents read and used to recognise headings, then each section's penalty line,
 * part labels, bullets, lettered examples and paragraphs put back together. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "policy.h"
#include "pol_int.h"
#include "../base/buf.h"

/* --- small text helpers ------------------------------------------------------------------- */

/* Letters and digits only, lower case: what headings are compared on (dashes, spaces, dots,
 * small-caps splits and the form feed fall away). */
void
pol_norm(const char *s, size_t n, struct sbuf *o)
{
	sbuf_reset(o);
	sbuf_add(o, "", 0);
	for (size_t i = 0; i < n && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];
		if (isalnum(c))
			sbuf_addc(o, (char)tolower(c));
	}
}

static bool
is_blank(const char *s)
{
	for (; *s; s++)
		if (!isspace((unsigned char)*s) && *s != '\f')
			return false;
	return true;
}

static bool
is_int_line(const char *s)
{
	size_t n = 0;
	while (isspace((unsigned char)*s))
		s++;
	while (isdigit((unsigned char)s[n]))
		n++;
	if (n == 0 || n > 3)
		return false;
	for (s += n; *s; s++)
		if (!isspace((unsigned char)*s))
			return false;
	return true;
}

/* "2.3", "2.3.", "1." "10": a section number alone on its line; its canonical form to *out. */
static bool
number_line(const char *s, char *out, size_t cap)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = 0;
	char buf[32];
	while (*s && n + 1 < sizeof buf) {
		if (isdigit((unsigned char)*s))
			buf[n++] = *s++;
		else if (*s == '.' && n && isdigit((unsigned char)s[1]))
			buf[n++] = *s++;
		else
			break;
	}
	if (n == 0)
		return false;
	if (*s == '.')
		s++;
	while (isspace((unsigned char)*s))
		s++;
	if (*s)
		return false;
	buf[n] = '\0';
	if (n >= cap)
		return false;
	memcpy(out, buf, n + 1);
	return true;
}

static const char *const penalties[] = { "No Penalty", "Warning", "Game Loss", "Match Loss",
	"Disqualification", "None", NULL };

/* "Warning", "Game Loss", "Warning/Disqualification": a penalty line. Length of the match. */
size_t
pol_penalty_prefix(const char *s)
{
	const char *p = s;
	size_t got = 0;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		size_t k = 0;
		for (int i = 0; penalties[i]; i++) {
			size_t l = strlen(penalties[i]);
			if (strncasecmp(p, penalties[i], l) == 0 && !isalpha((unsigned char)p[l])) {
				k = l;
				break;
			}
		}
		if (k == 0)
			return got;
		p += k;
		got = (size_t)(p - s);
		while (*p == ' ')
			p++;
		if (*p == '/' || strncmp(p, "or ", 3) == 0)
			p += *p == '/' ? 1 : 3;
		else
			return got;
	}
}

static bool
is_penalty_line(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t k = pol_penalty_prefix(s);
	if (k == 0)
		return false;
	return is_blank(s + k);
}

static const struct { const char *label; enum pol_partk part; } labels[] = {
	{ "Definition", PP_DEFINITION }, { "Definitions", PP_DEFINITION },
	{ "Examples", PP_EXAMPLES }, { "Example", PP_EXAMPLES },
	{ "Philosophy", PP_PHILOSOPHY }, { "Additional Remedy", PP_REMEDY },
	{ "Additional Remedies", PP_REMEDY }, { "Upgrade", PP_UPGRADE }, { "Downgrade", PP_DOWNGRADE },
};

/* A part label alone on its line ("Definition", "Additional Remedy"); -1 if not one. */
static int
label_line(const char *s)
{
	while (isspace((unsigned char)*s) || *s == '\f')
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (n && s[n - 1] == ':')
		n--;
	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
		if (strlen(labels[i].label) == n && strncasecmp(s, labels[i].label, n) == 0)
			return (int)labels[i].part;
	return -1;
}

/* "Upgrade: If ..." starts an inline part; returns the part and sets *rest. */
static int
inline_label(const char *s, const char **rest)
{
	static const struct { const char *w; enum pol_partk p; } v[] = {
		{ "Upgrade:", PP_UPGRADE }, { "Downgrade:", PP_DOWNGRADE },
		{ "Additional Remedy:", PP_REMEDY }, { "Philosophy:", PP_PHILOSOPHY },
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		size_t l = strlen(v[i].w);
		if (strncasecmp(s, v[i].w, l) == 0) {
			*rest = s + l;
			while (**rest == ' ')
				(*rest)++;
			return (int)v[i].p;
		}
	}
	return -1;
}

static bool
is_glyph(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	static const char *const g[] = { "\u2022", "\u25cf", "\u25e6", "\u25aa", "\u2023", "\uf0b7",
		"\u00b7", "o", "-", "*", "\u2013", NULL };
	for (int i = 0; g[i]; i++) {
		size_t l = strlen(g[i]);
		if (strncmp(s, g[i], l) == 0 && is_blank(s + l))
			return true;
	}
	return false;
}

/* "• text", "*\ttext": an inline bullet; returns where its text starts, or NULL. */
static const char *
inline_bullet(const char *s)
{
	static const char *const g[] = { "\u2022", "\u25cf", "\u25e6", "\u25aa", "\uf0b7", "*", NULL };
	for (int i = 0; g[i]; i++) {
		size_t l = strlen(g[i]);
		if (strncmp(s, g[i], l) == 0 && (s[l] == ' ' || s[l] == '\t')) {
			s += l;
			while (*s == ' ' || *s == '\t')
				s++;
			return *s ? s : NULL;
		}
	}
	return NULL;
}

static bool
ends_sentence(const char *s)
{
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (n == 0)
		return true;
	unsigned char c = (unsigned char)s[n - 1];
	if (strchr(".:;!?)", c))
		return true;
	/* closing quotes ” ’ */
	if (n >= 3 && (memcmp(s + n - 3, "\u201d", 3) == 0 || memcmp(s + n - 3, "\u2019", 3) == 0))
		return true;
	return c == '"';
}

static bool
starts_lower(const char *s)
{
	while (isspace((unsigned char)*s) || *s == '\f')
		s++;
	return islower((unsigned char)*s);
}

static bool
starts_upper(const char *s)
{
	while (isspace((unsigned char)*s) || *s == '\f')
		s++;
	unsigned char c = (unsigned char)*s;
	return isupper(c) || isdigit(c) || c == '"' || c == 0xe2 /* “ ‘ */ || c == '(';
}

/* "A. A player …" : a lettered example. */
static bool
lettered(const char *s)
{
	return s[0] >= 'A' && s[0] <= 'Z' && s[1] == '.' && s[2] == ' ';
}

/* --- lines ------------------------------------------------------------------------------- */

static void
lines_push(struct plines *L, const char *s, size_t n, unsigned no, bool page, bool bold)
{
	L->v = xgrow(L->v, &L->cap, L->n + 1, sizeof *L->v);
	struct pline *p = &L->v[L->n++];
	memset(p, 0, sizeof *p);
	while (n && (*s == '\f' || *s == ' ' || *s == '\t' || *s == '\r')) {
		if (*s == '\f')
			page = true;
		s++, n--;
	}
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	p->s = xstrndup(s, n);
	/* tabs and stray CRs inside are spaces from here on, except that the 2008 and 2009
	 * headings are "NNN.\tTitle": remember it */
	p->tab = memchr(p->s, '\t', n) != NULL;
	for (char *c = p->s; *c; c++)
		if (*c == '\t' || *c == '\r')
			*c = ' ';
	p->no = no;
	p->page = page;
	p->bold = bold;
	p->blank = p->s[0] == '\0';
}

void
pol_lines_free(struct plines *L)
{
	for (size_t i = 0; i < L->n; i++)
		free(L->v[i].s);
	free(L->v);
	memset(L, 0, sizeof *L);
}

static void
split_lines(struct plines *L, const char *text, size_t len, const unsigned char *bold)
{
	size_t i = 0;
	unsigned no = 0;
	bool page = false;
	while (i < len) {
		size_t e = i;
		while (e < len && text[e] != '\n')
			e++;
		no++;
		/* a form feed alone on a line (the page break falls on a blank line) */
		if (e - i == 1 && text[i] == '\f') {
			page = true;
			i = e + 1;
			continue;
		}
		lines_push(L, text + i, e - i, no, page, bold ? bold[no - 1] != 0 : false);
		page = false;
		i = e + 1;
	}
}

/* The page number at the foot of every page (a bare integer as the page's last non-blank
 * line) goes, found page by page: tables hold bare numbers too. Pages are told apart by the
 * form feed pdftotext writes. */
static void
drop_footers(struct plines *L)
{
	size_t npages = 0;
	for (size_t i = 0; i < L->n; i++)
		npages += L->v[i].page;
	if (npages == 0)
		return;
	for (size_t i = 0; i < L->n; i++) {
		bool last_of_page = i + 1 == L->n || L->v[i + 1].page;
		if (!last_of_page)
			continue;
		size_t k = i + 1;
		while (k > 0 && L->v[k - 1].blank && !L->v[k - 1].page)
			k--;
		if (k > 0 && is_int_line(L->v[k - 1].s)) {
			L->v[k - 1].blank = L->v[k - 1].drop = true;
		}
	}
}

/* --- lost hyphens -------------------------------------------------------------------------- */

struct vocab {
	char **w;
	unsigned *count;
	size_t n, cap;
};

static unsigned *
vocab_slot(struct vocab *v, const char *w, size_t n, bool add)
{
	/* linear probing hash: the documents have a few thousand distinct words */
	if (v->cap == 0) {
		if (!add)
			return NULL;
		v->cap = 8192;
		v->w = xcalloc(v->cap, sizeof *v->w);
		v->count = xcalloc(v->cap, sizeof *v->count);
	}
	if (add && (v->n + 1) * 2 > v->cap) {
		struct vocab g = { xcalloc(v->cap * 2, sizeof(char *)), xcalloc(v->cap * 2, sizeof(unsigned)), 0, v->cap * 2 };
		for (size_t i = 0; i < v->cap; i++)
			if (v->w[i]) {
				*vocab_slot(&g, v->w[i], strlen(v->w[i]), true) = v->count[i];
				free(v->w[i]);
			}
		free(v->w);
		free(v->count);
		*v = g;
	}
	unsigned h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)tolower((unsigned char)w[i])) * 16777619u;
	for (size_t i = h & (v->cap - 1);; i = (i + 1) & (v->cap - 1)) {
		if (v->w[i] == NULL) {
			if (!add)
				return NULL;
			v->w[i] = xstrndup(w, n);
			for (char *c = v->w[i]; *c; c++)
				*c = (char)tolower((unsigned char)*c);
			v->n++;
			return &v->count[i];
		}
		if (strlen(v->w[i]) == n && strncasecmp(v->w[i], w, n) == 0)
			return &v->count[i];
	}
}

static unsigned
vocab_get(struct vocab *v, const char *w, size_t n)
{
	unsigned *c = vocab_slot(v, w, n, false);
	return c ? *c : 0;
}

static void
vocab_free(struct vocab *v)
{
	for (size_t i = 0; i < v->cap; i++)
		free(v->w[i]);
	free(v->w);
	free(v->count);
}

static int
cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return x < y ? -1 : x > y;
}

static bool
digit_in(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (isdigit((unsigned char)s[i]))
			return true;
	return false;
}

/* pdftotext drops the hyphen at a line's end and joins the two lines, fusing a compound
 * ("previouslyunknown"). Such a line is far longer than the others; in it, a word found in
 * no normal line is split where its halves (or the hyphenated form) occur elsewhere, or,
 * when only one half does ("experiencelevel": "level"), where the line was wrapped. The
 * dictionary is the document's own words, nothing else. */
#define FUSED_MAX 64    /* "experiencelevelpreviouslyunknown" is 32 */

static void
repair_hyphens(struct plines *L, int *repaired)
{
	size_t *len = xmalloc((L->n + 1) * sizeof *len);
	size_t m = 0;
	for (size_t i = 0; i < L->n; i++)
		if (!L->v[i].blank && strlen(L->v[i].s) > 20)
			len[m++] = strlen(L->v[i].s);
	if (m < 10) {
		free(len);
		return;
	}
	xqsort(len, m, sizeof *len, cmp_size);
	/* the fused lines are a few in hundreds: never the yardstick themselves */
	size_t k97 = m * 97 / 100 < m - 2 ? m * 97 / 100 : m - 2;
	size_t p50 = len[m / 2], p97 = len[k97];
	free(len);
	/* text published one paragraph to a line (the 2009 rules) was never wrapped */
	if (p50 > 140)
		return;
	size_t longl = p97 + p97 / 8;
	struct vocab v = {0}, hy = {0};
	for (size_t i = 0; i < L->n; i++) {
		const char *s = L->v[i].s;
		if (L->v[i].blank || strlen(s) > longl)
			continue;
		for (size_t k = 0; s[k];) {
			if (!isalnum((unsigned char)s[k])) {
				k++;
				continue;
			}
			size_t b = k;
			while (isalnum((unsigned char)s[k]))
				k++;
			(*vocab_slot(&v, s + b, k - b, true))++;
			/* a hyphenated compound as a whole: "previously-unknown" */
			size_t e = k;
			while (s[e] == '-' && isalnum((unsigned char)s[e + 1])) {
				e++;
				while (isalnum((unsigned char)s[e]))
					e++;
			}
			if (e > k) {
				struct sbuf f = {0};
				for (size_t j = b; j < e; j++)
					if (s[j] != '-')
						sbuf_addc(&f, s[j]);
				(*vocab_slot(&hy, f.s, f.len, true))++;
				sbuf_free(&f);
			}
		}
	}
	for (size_t i = 0; i < L->n; i++) {
		char *s = L->v[i].s;
		if (L->v[i].blank || strlen(s) <= longl)
			continue;
		struct sbuf o = {0};
		size_t k = 0;
		while (s[k]) {
			if (!isalnum((unsigned char)s[k])) {
				sbuf_addc(&o, s[k++]);
				continue;
			}
			size_t b = k;
			while (isalnum((unsigned char)s[k]))
				k++;
			size_t n = k - b;
			size_t best = 0;
			unsigned bestsc = 0;
			/* each cut of a word costs its length: a run of letters longer than any
			 * wrapped compound (a 10 MB line of one "word") is left as it is */
			bool fused = n <= FUSED_MAX;
			if (fused && n >= 6 && vocab_get(&v, s + b, n) == 0) {
				bool whole_hy = vocab_get(&hy, s + b, n) > 0;
				for (size_t cut = 1; cut + 2 <= n; cut++) {
					size_t l1 = cut, l2 = n - cut;
					if (l1 < 2 && !isdigit((unsigned char)s[b]))
						continue;
					unsigned a = vocab_get(&v, s + b, l1), c = vocab_get(&v, s + b + cut, l2);
					if (!a || !c)
						continue;
					unsigned sc = (a < c ? a : c) + (whole_hy ? 1000 : 0);
					/* prefer long halves: "experience|level" over "experiencele|vel" */
					if (l1 < 3 || l2 < 3)
						sc /= 4;
					if (sc > bestsc)
						bestsc = sc, best = cut;
				}
			}
			/* one half the document uses and the other it never does ("experience" of
			 * "experiencelevel"): split only where the line was wrapped, at a column where
			 * the document's ordinary lines end */
			for (size_t cut = 4; !best && fused && n >= 8 && vocab_get(&v, s + b, n) == 0 && cut + 4 <= n; cut++) {
				size_t col = b + cut;
				if (col + p50 / 4 < p50 || col > p50 + p50 / 4)
					continue;
				unsigned a = vocab_get(&v, s + b, cut), c = vocab_get(&v, s + b + cut, n - cut);
				if ((a >= 2 && !c && !digit_in(s + b + cut, n - cut)) ||
				    (c >= 2 && !a && !digit_in(s + b, cut)))
					best = cut;
			}
			if (best) {
				sbuf_add(&o, s + b, best);
				sbuf_addc(&o, '-');
				sbuf_add(&o, s + b + best, n - best);
				(*repaired)++;
			} else
				sbuf_add(&o, s + b, n);
		}
		free(L->v[i].s);
		L->v[i].s = sbuf_take(&o);
	}
	vocab_free(&v);
	vocab_free(&hy);
}

/* --- what document is this ----------------------------------------------------------------- */

static const char *const months[] = { "january", "february", "march", "april", "may", "june",
	"july", "august", "september", "october", "november", "december" };

/* "Effective February 5, 2021", "Updated May 3, 2019", "Effective Mar 1, 2008". */
static bool
parse_date(const char *s, char out[11])
{
	const char *p = NULL;
	static const char *const lead[] = { "effective ", "updated ", "effective date: ", NULL };
	for (int i = 0; lead[i] && !p; i++) {
		const char *q = strcasestr(s, lead[i]);
		if (q)
			p = q + strlen(lead[i]);
	}
	if (!p)
		return false;
	for (int m = 0; m < 12; m++) {
		size_t l = strlen(months[m]);
		size_t k = 0;
		while (isalpha((unsigned char)p[k]))
			k++;
		if (k < 3 || k > l || strncasecmp(p, months[m], k) != 0)
			continue;
		const char *q = p + k;
		if (*q == '.')
			q++;
		int d = 0, y = 0;
		if (sscanf(q, " %d, %d", &d, &y) == 2 && d >= 1 && d <= 31 && y >= 1990 && y <= 2100) {
			char tmp[32];
			snprintf(tmp, sizeof tmp, "%04d-%02d-%02d", y, m + 1, d);
			memcpy(out, tmp, 11);
			out[10] = '\0';
			return true;
		}
	}
	return false;
}

static int
sniff_kind(const struct plines *L, bool *floor, const char **title, char date[11])
{
	int kind = -1;
	*floor = false;
	*title = NULL;
	date[0] = '\0';
	size_t seen = 0;
	for (size_t i = 0; i < L->n && seen < 12; i++) {
		const char *s = L->v[i].s;
		if (L->v[i].blank)
			continue;
		seen++;
		if (!date[0])
			parse_date(s, date);
		if (kind >= 0)
			continue;
		if (strcasestr(s, "infraction procedure guide") && seen <= 3)
			kind = POL_IPG;
		else if (strcasestr(s, "judging at regular"))
			kind = POL_JAR;
		else if (strcasestr(s, "floor rules") && seen <= 3)
			kind = POL_MTR, *floor = true;
		else if (strcasestr(s, "tournament rules") && seen <= 3 && !strcasestr(s, "comprehensive"))
			kind = POL_MTR;
		if (kind >= 0)
			*title = s;
	}
	return kind;
}

/* --- the table of contents ------------------------------------------------------------------ */

struct tocent {
	char num[16];           /* "2.3", "4", "F" for an appendix, "" */
	char *title;            /* without number and leaders */
	char *full;             /* number and title, as printed */
	int level;              /* 0 chapter, 1 section or appendix, 2 sub-entry (not a section) */
	bool appendix;
	size_t line;            /* where the heading is in the body, (size_t)-1 not found */
};

/* "Title ........ 12" or "Title\t12": a contents line; the text before the page number. */
static bool
toc_line(const char *raw, bool tab, char *buf, size_t cap)
{
	size_t n = strlen(raw);
	while (n && isspace((unsigned char)raw[n - 1]))
		n--;
	size_t e = n;
	while (e && isdigit((unsigned char)raw[e - 1]))
		e--;
	if (e == n || n - e > 3)
		return false;
	size_t d = e, dots = 0;
	while (d && (raw[d - 1] == '.' || raw[d - 1] == ' ' || raw[d - 1] == '\t')) {
		dots += raw[d - 1] == '.';
		d--;
	}
	/* "…" leaders */
	while (d >= 3 && memcmp(raw + d - 3, "\u2026", 3) == 0)
		d -= 3, dots += 3;
	if (dots < 4 && !(tab && d < e && d > 0))
		return false;
	if (d == 0 || d >= cap)
		return false;
	memcpy(buf, raw, d);
	buf[d] = '\0';
	return true;
}

/* Split "2.3 Title", "1.  Title", "Appendix F—Title", "APPENDIX A — TITLE" into its parts. */
static void
toc_split(const char *t, struct tocent *e)
{
	e->num[0] = '\0';
	e->appendix = false;
	const char *p = t;
	if (strncasecmp(p, "appendix ", 9) == 0 && isalpha((unsigned char)p[9]) &&
	    !isalpha((unsigned char)p[10])) {
		e->num[0] = (char)toupper((unsigned char)p[9]);
		e->num[1] = '\0';
		e->appendix = true;
		p += 10;
	} else if (isdigit((unsigned char)*p)) {
		size_t n = 0;
		while ((isdigit((unsigned char)p[n]) || (p[n] == '.' && isdigit((unsigned char)p[n + 1]))) && n < 15)
			n++;
		memcpy(e->num, p, n);
		e->num[n] = '\0';
		p += n;
		if (*p == '.')
			p++;
	}
	/* separators: spaces, dashes, a colon */
	for (;;) {
		if (*p == ' ' || *p == ':' || *p == '-' || *p == '.')
			p++;
		else if (strncmp(p, "\u2014", 3) == 0 || strncmp(p, "\u2013", 3) == 0)
			p += 3;
		else
			break;
	}
	e->title = xstrdup(p);
}

static void
toc_free(struct tocent *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(t[i].title);
		free(t[i].full);
	}
	free(t);
}

/* Read the contents from the first pages. Returns the entries and sets *end to the line
 * after the last contents line. */
static struct tocent *
read_toc(const struct plines *L, size_t *nout, size_t *start, size_t *end)
{
	struct tocent *t = NULL;
	size_t n = 0, cap = 0, last = 0, pend_line = 0;
	char pending[16] = "";
	*start = 0;
	size_t limit = L->n < 600 ? L->n : 600;
	char buf[1024];
	for (size_t i = 0; i < limit; i++) {
		const struct pline *l = &L->v[i];
		if (l->blank)
			continue;
		char num[16];
		if (number_line(l->s, num, sizeof num) && !is_int_line(l->s)) {
			snprintf(pending, sizeof pending, "%s", num);
			pend_line = i;
			continue;
		}
		/* the 2008 and 2009 texts separate with tabs: keep them for toc_line */
		if (!toc_line(l->s, l->tab, buf, sizeof buf)) {
			if (n && i > last + 8)
				break;
			continue;
		}
		size_t b = strlen(buf);
		while (b && isspace((unsigned char)buf[b - 1]))
			buf[--b] = '\0';
		if (n == 0)
			*start = pending[0] ? pend_line : i;
		t = xgrow(t, &cap, n + 1, sizeof *t);
		struct tocent *e = &t[n++];
		memset(e, 0, sizeof *e);
		toc_split(buf, e);
		if (!e->num[0] && !e->appendix && pending[0])
			snprintf(e->num, sizeof e->num, "%s", pending);
		pending[0] = '\0';
		struct sbuf f = {0};
		if (e->appendix)
			sbuf_addf(&f, "Appendix %s %s", e->num, e->title);
		else
			sbuf_addf(&f, "%s %s", e->num, e->title);
		e->full = sbuf_take(&f);
		e->level = e->appendix ? 1 : !e->num[0] ? 2 : strchr(e->num, '.') ? 1 : 0;
		e->line = (size_t)-1;
		last = i;
	}
	/* unnumbered entries before the first numbered one are front matter (Introduction);
	 * after it they are sub-headings inside a section (Booster Draft Timing) */
	bool numbered = false;
	for (size_t i = 0; i < n; i++) {
		if (t[i].num[0])
			numbered = true;
		else if (!numbered)
			t[i].level = 1;
	}
	*nout = n;
	*end = n ? last + 1 : 0;
	/* contents open the document and are mostly numbered: a table of tabbed cells deep in
	 * the text is no contents */
	size_t withnum = 0;
	for (size_t i = 0; i < n; i++)
		withnum += t[i].num[0] != '\0';
	if (n < 3 || withnum * 2 < n || *start > 200) {
		toc_free(t, n);
		*nout = 0;
		*end = 0;
		return NULL;
	}
	return t;
}

/* Is line i (maybe with the next non-blank line) the heading of entry e? Sets *penalty to
 * a penalty printed on the same row (HTML, -layout) and *span to the lines it takes. */
static bool
heading_at(const struct plines *L, size_t i, const struct tocent *e, const char **penalty, size_t *span)
{
	struct sbuf a = {0}, t = {0}, f = {0};
	pol_norm(e->title, strlen(e->title), &t);
	pol_norm(e->full, strlen(e->full), &f);
	bool ok = false;
	*penalty = NULL;
	*span = 1;
	if (t.len < 3)
		goto out;
	for (int join = 0; join < 2 && !ok; join++) {
		struct sbuf raw = {0};
		sbuf_adds(&raw, L->v[i].s);
		size_t j = i;
		if (join) {
			j = i + 1;
			while (j < L->n && L->v[j].blank && !L->v[j].drop && j < i + 3)
				j++;
			if (j >= L->n || L->v[j].blank) {
				sbuf_free(&raw);
				break;
			}
			sbuf_addc(&raw, ' ');
			sbuf_adds(&raw, L->v[j].s);
		}
		pol_norm(raw.s, raw.len, &a);
		for (int w = 0; w < 2 && !ok; w++) {
			const struct sbuf *x = w ? &f : &t;
			if (a.len < x->len || memcmp(a.s, x->s, x->len) != 0)
				continue;
			if (a.len == x->len) {
				ok = true;
			} else {
				/* the rest of the row is a penalty: "… Missed Trigger   No Penalty" */
				const char *r = raw.s + raw.len;
				for (int p = 0; penalties[p]; p++) {
					size_t l = strlen(penalties[p]);
					if (raw.len > l && strcasecmp(r - l, penalties[p]) == 0) {
						struct sbuf pn = {0};
						pol_norm(penalties[p], l, &pn);
						if (a.len == x->len + pn.len)
							ok = true, *penalty = penalties[p];
						sbuf_free(&pn);
					}
				}
			}
		}
		if (ok)
			*span = j - i + 1;
		sbuf_free(&raw);
	}
out:
	sbuf_free(&a);
	sbuf_free(&t);
	sbuf_free(&f);
	return ok;
}

/* --- building sections ------------------------------------------------------------------------ */

struct hd {
	size_t line, span;
	char num[16];
	const char *title;
	int level;
	bool appendix;
	const char *penalty;
};

struct para_state {
	struct sbuf part[PP_N];
	enum pol_partk cur;
	struct sbuf para;
	bool para_example;
};

static void
para_flush(struct para_state *P)
{
	if (P->para.len == 0)
		return;
	struct sbuf *d = &P->part[P->cur];
	if (d->len)
		sbuf_addc(d, '\n');
	sbuf_add(d, P->para.s, P->para.len);
	sbuf_reset(&P->para);
}

static void
para_add(struct para_state *P, const char *s)
{
	if (P->para.len) {
		char last = P->para.s[P->para.len - 1];
		/* a word broken by a kept hyphen at the line's end ("-layout" text) stays one word
		 * only when the next line begins in lower case; "counter-" + "clockwise" */
		if (last != '-' && last != '/')
			sbuf_addc(&P->para, ' ');
	}
	sbuf_adds(&P->para, s);
}

/* A table cell: short, not a sentence. */
static bool
cell_line(const struct pline *l)
{
	size_t n = strlen(l->s);
	return !l->blank && n > 0 && n <= 48 && l->s[n - 1] != '.' && label_line(l->s) < 0 && !is_glyph(l->s);
}

/* Does line t leave a parenthesis open ("4 (if Limited Format with")? */
static bool
paren_open(const char *t)
{
	int depth = 0;
	for (; *t; t++)
		depth += *t == '(' ? 1 : *t == ')' ? -1 : 0;
	return depth > 0;
}

#define ZIP_COLS 8

/* One column of a table written column by column: lines [c0, c1), the head first, grouped into
 * rows cells (the head one of them) into cell[] (" "-joined, malloc'd). A line continues the
 * cell before it when that one leaves a parenthesis open, or when the column's cells open with
 * a digit ("2 Single-Elimination" / "Rounds (No Swiss)") and it does not. More cells than rows
 * (a row holding two alternatives, "4 (if Limited …)" and "5 (All Other Formats)") go to the
 * last row, one extra cell in two rows at most. false when the lines do not make the rows. */
static bool
column_cells(const struct plines *L, size_t c0, size_t c1, size_t rows, char **cell)
{
	size_t n = c1 - c0;
	if (n == rows) {
		for (size_t j = 0; j < rows; j++)
			cell[j] = xstrdup(L->v[c0 + j].s);
		return true;
	}
	if (n < rows)
		return false;
	struct sbuf *g = xcalloc(n, sizeof *g);
	size_t ng = 0;
	bool digits = isdigit((unsigned char)L->v[c0 + 1].s[0]);
	for (size_t j = c0; j < c1; j++) {
		const char *t = L->v[j].s;
		bool cont = j > c0 + 1 && (paren_open(g[ng - 1].s) || (digits && !isdigit((unsigned char)t[0])));
		if (cont)
			sbuf_addf(&g[ng - 1], " %s", t);
		else
			sbuf_adds(&g[ng++], t);
	}
	bool ok = ng >= rows && (ng - rows) * 2 <= rows - 1;
	for (size_t j = 0; j < ng; j++) {
		if (ok && j < rows)
			cell[j] = sbuf_take(&g[j]);
		else if (ok) {
			char *last = cell[rows - 1];
			struct sbuf m = {0};
			sbuf_addf(&m, "%s; %s", last, g[j].s);
			free(last);
			cell[rows - 1] = sbuf_take(&m);
		}
		sbuf_free(&g[j]);
	}
	free(g);
	return ok;
}

/* Tables pdftotext wrote column by column: a block of K cells (header first), a blank line,
 * another block, and so on. The first block has a line a cell; a later one may have a cell
 * over several lines (column_cells). Zipped into rows "a — b — c"; returns the line after the
 * last block, or b when there is no such table at b. */
static size_t
zip_columns(const struct plines *L, size_t b, size_t e, struct para_state *P)
{
	size_t a0 = b, a1 = b;
	while (a1 < e && cell_line(&L->v[a1]))
		a1++;
	size_t k = a1 - a0;
	if (k < 4)
		return b;
	char **cell[ZIP_COLS] = { NULL };
	size_t ncol = 0, end = a1;
	cell[ncol] = xcalloc(k, sizeof **cell);
	column_cells(L, a0, a1, k, cell[ncol++]);
	while (ncol < ZIP_COLS) {
		size_t b0 = end;
		while (b0 < e && (L->v[b0].blank || L->v[b0].drop))
			b0++;
		if (b0 == end || b0 >= e)
			break;
		size_t b1 = b0;
		while (b1 < e && cell_line(&L->v[b1]))
			b1++;
		char **c = xcalloc(k, sizeof *c);
		if (b1 == b0 || !column_cells(L, b0, b1, k, c)) {
			free(c);
			break;
		}
		cell[ncol++] = c;
		end = b1;
	}
	if (ncol >= 2) {
		para_flush(P);
		for (size_t j = 0; j < k; j++) {
			sbuf_reset(&P->para);
			for (size_t col = 0; col < ncol; col++)
				sbuf_addf(&P->para, "%s%s", col ? " \u2014 " : "", cell[col][j]);
			para_flush(P);
		}
	}
	for (size_t col = 0; col < ncol; col++) {
		for (size_t j = 0; j < k; j++)
			free(cell[col][j]);
		free(cell[col]);
	}
	return ncol >= 2 ? end : b;
}

/* A penalty at the end of a table row printed on one line ("Tardiness Game Loss"): the
 * length of the row's first cell, 0 when the line does not end in one. */
static size_t
row_penalty_cut(const char *s)
{
	size_t n = strlen(s);
	for (int p = 0; penalties[p]; p++) {
		size_t l = strlen(penalties[p]);
		if (n > l + 1 && s[n - l - 1] == ' ' && strcasecmp(s + n - l, penalties[p]) == 0)
			return n - l - 1;
	}
	return 0;
}

/* A table of infractions and their penalties written row by row (the IPG's Appendix A):
 * an infraction line, then its penalty on a line of its own (pdftotext) or at the end of
 * the same line (pdftohtml); a cell not followed by a penalty heads a group of rows. The
 * column heads ("Infraction", "Penalty") are one row. Rows become "Infraction — Penalty";
 * returns the line after the table, or b when there is none at b. */
static size_t
zip_penalty_rows(const struct plines *L, size_t b, size_t e, struct para_state *P)
{
	size_t *ln = xmalloc((e - b + 1) * sizeof *ln), n = 0, end = b;
	for (size_t i = b; i < e; i++) {
		if (L->v[i].blank || L->v[i].drop)
			continue;
		if (!cell_line(&L->v[i]) && !is_penalty_line(L->v[i].s))
			break;
		ln[n++] = i;
		end = i + 1;
	}
	size_t rows = 0;
	for (size_t k = 0; k < n; k++)
		if (is_penalty_line(L->v[ln[k]].s) ? k > 0 && !is_penalty_line(L->v[ln[k - 1]].s)
		    : row_penalty_cut(L->v[ln[k]].s) > 0)
			rows++;
	if (rows < 4) {
		free(ln);
		return b;
	}
	para_flush(P);
	for (size_t k = 0; k < n; k++) {
		const char *x = L->v[ln[k]].s, *y = k + 1 < n ? L->v[ln[k + 1]].s : NULL;
		size_t cut;
		sbuf_reset(&P->para);
		if (y && (is_penalty_line(y) || strcasecmp(y, "Penalty") == 0)) {
			sbuf_addf(&P->para, "%s \u2014 %s", x, y);
			k++;
		} else if ((cut = row_penalty_cut(x)) > 0 || (strlen(x) > 8 &&
		    strcasecmp(x + strlen(x) - 8, " Penalty") == 0 && (cut = strlen(x) - 8) > 0))
			sbuf_addf(&P->para, "%.*s \u2014 %s", (int)cut, x, x + cut + 1);
		else
			sbuf_addf(&P->para, "%s:", x);   /* a group of rows */
		para_flush(P);
	}
	free(ln);
	return end;
}

static bool
ends_colon(const char *s)
{
	size_t n = strlen(s);
	return n > 0 && s[n - 1] == ':';
}

/* A cell's shape, to tell a table's columns apart: its digits as '#' ("15 cards" and "9 cards"
 * are one column, "40 seconds" another). */
static void
cell_shape(const char *s, char *o, size_t cap)
{
	size_t k = 0;
	for (; *s && k + 1 < cap; s++) {
		if (isdigit((unsigned char)*s)) {
			if (k == 0 || o[k - 1] != '#')
				o[k++] = '#';
		} else
			o[k++] = (char)tolower((unsigned char)*s);
	}
	o[k] = '\0';
}

/* A table written row by row, each cell a line of its own between blank lines (the MTR's
 * booster draft timing: "15 cards", "40 seconds", "14 cards", ...). The number of columns
 * is the period with which the cells' shapes repeat; the cells before the repeating rows are
 * the column heads. Rows become "a — b — c"; returns the line after the table, or b. */
static size_t
zip_cell_rows_at(const struct plines *L, size_t b, size_t e, struct para_state *P, bool spanning)
{
	/* a cell stands alone between blank lines; the first has a blank line before it, or
	 * the line introducing the table ("… for each pick:"), or a head spanning columns */
	if (b == 0 || !(spanning || L->v[b - 1].blank || L->v[b - 1].drop || ends_colon(L->v[b - 1].s)))
		return b;
	size_t *ln = xmalloc((e - b + 1) * sizeof *ln), n = 0, end = b;
	char (*sh)[64] = NULL;
	for (size_t i = b; i < e; i++) {
		if (L->v[i].blank || L->v[i].drop)
			continue;
		bool after = i + 1 >= e || L->v[i + 1].blank || L->v[i + 1].drop;
		bool before = L->v[i - 1].blank || L->v[i - 1].drop || (i == b && (spanning || ends_colon(L->v[i - 1].s)));
		/* a dash alone is an empty cell, not a bullet */
		bool dash = strcmp(L->v[i].s, "-") == 0 || strcmp(L->v[i].s, "\u2013") == 0;
		if (!(cell_line(&L->v[i]) || dash) || !before || !after)
			break;
		ln[n++] = i;
		end = i + 1;
	}
	sh = xmalloc((n + 1) * sizeof *sh);
	for (size_t j = 0; j < n; j++)
		cell_shape(L->v[ln[j]].s, sh[j], sizeof sh[j]);
	size_t best = 0, start = 0;
	for (size_t K = 2; K <= 4 && !best; K++) {
		/* the rows begin where the shapes start repeating with period K; the cells before
		 * them are the column heads */
		size_t s0 = 0;
		while (s0 + K < n && strcmp(sh[s0], sh[s0 + K]) != 0)
			s0++;
		if (s0 > K || n - s0 < 3 * K)
			continue;
		size_t same = 0, tot = 0, diff = 0;
		for (size_t j = s0 + K; j < n; j++) {
			same += strcmp(sh[j], sh[j - K]) == 0;
			tot++;
		}
		/* and cells side by side differ: a list of like items is no table */
		for (size_t j = s0 + 1; j < n; j++)
			diff += strcmp(sh[j], sh[j - 1]) != 0;
		if (same * 10 >= tot * 8 && diff * 2 >= n - s0 - 1)
			best = K, start = s0;
	}
	free(sh);
	if (!best) {
		free(ln);
		return b;
	}
	para_flush(P);
	if (spanning) {
		sbuf_adds(&P->para, L->v[b - 1].s);
		para_flush(P);
	}
	for (size_t j = 0; j < n;) {
		size_t to = j < start ? start : j + best;
		sbuf_reset(&P->para);
		for (size_t k = j; k < to && k < n; k++)
			sbuf_addf(&P->para, "%s%s", k > j ? " \u2014 " : "", L->v[ln[k]].s);
		para_flush(P);
		j = to;
	}
	free(ln);
	return end;
}

static size_t
zip_cell_rows(const struct plines *L, size_t b, size_t e, struct para_state *P)
{
	size_t z = zip_cell_rows_at(L, b, e, P, false);
	/* a head over several columns printed right above the first column's head, no blank line
	 * between ("Cards remaining in pack" / "15-Card Booster"): its own line, then the table */
	if (z == b && b > 0 && b + 1 < e && cell_line(&L->v[b]) && cell_line(&L->v[b + 1]) &&
	    (L->v[b - 1].blank || L->v[b - 1].drop || ends_colon(L->v[b - 1].s))) {
		z = zip_cell_rows_at(L, b + 1, e, P, true);
		if (z == b + 1)
			z = b;
	}
	return z;
}

/* Width of a full line of body text: a line at least this long did not end a paragraph. */
static size_t
full_width(const struct plines *L)
{
	size_t *len = xmalloc((L->n + 1) * sizeof *len), m = 0;
	for (size_t i = 0; i < L->n; i++)
		if (!L->v[i].blank && strlen(L->v[i].s) > 30)
			len[m++] = strlen(L->v[i].s);
	size_t w = 80;
	if (m > 10) {
		xqsort(len, m, sizeof *len, cmp_size);
		w = len[m * 9 / 10];
	}
	free(len);
	return w * 4 / 5;
}

/* Is line i a heading of its own: short, opening in upper case, with no full stop, and a
 * blank line (or the section's end) after it? */
static bool
stands_alone(const struct plines *L, size_t i, size_t e, size_t width)
{
	const char *t = L->v[i].s;
	size_t n = strlen(t);
	if (n == 0 || n > width / 2 || !starts_upper(t) || ends_sentence(t))
		return false;
	size_t k = i + 1;
	while (k < e && L->v[k].drop)
		k++;
	return k >= e || L->v[k].blank;
}

/* The body lines [b, e) of a section into its parts. */
static void
build_body(struct pol_doc *doc, const struct plines *L, size_t b, size_t e, size_t width,
    struct pol_section *s, bool want_penalty)
{
	struct para_state P;
	memset(&P, 0, sizeof P);
	P.cur = PP_TEXT;
	/* the penalty on a line of its own right after the title */
	if (want_penalty && !s->penalty) {
		size_t k = b;
		while (k < e && L->v[k].blank)
			k++;
		size_t nx = k + 1;
		while (nx < e && L->v[nx].blank)
			nx++;
		/* "Warning" opening 1.1 is a sub-heading: a penalty line is followed by a part */
		if (k < e && is_penalty_line(L->v[k].s) && (nx >= e || label_line(L->v[nx].s) >= 0)) {
			s->penalty = arena_strdup(&doc->a, L->v[k].s);
			b = k + 1;
		}
	}
	bool gap = true;                /* a blank line (or the start) before this line */
	const char *prev = NULL;        /* the previous text line */
	bool prev_cells = false;        /* it was a table's row */
	for (size_t i = b; i < e; i++) {
		const struct pline *l = &L->v[i];
		if (l->blank || l->drop) {
			if (!l->drop)
				gap = true;
			continue;
		}
		if (gap || prev == NULL || ends_sentence(prev)) {
			size_t z = zip_columns(L, i, e, &P);
			if (z == i)
				z = zip_penalty_rows(L, i, e, &P);
			if (z == i)
				z = zip_cell_rows(L, i, e, &P);
			if (z != i) {
				i = z - 1;
				prev = NULL;
				gap = true;
				continue;
			}
		}
		const char *t = l->s;
		int lab = label_line(t);
		if (lab >= 0 && (lab != PP_EXAMPLES || strlen(t) < 12)) {
			para_flush(&P);
			P.cur = (enum pol_partk)lab;
			prev = NULL;
			gap = true;
			continue;
		}
		/* detached bullets: a run of glyph lines, then as many items */
		if (is_glyph(t)) {
			size_t g = 0, k = i;
			for (; k < e; k++) {
				if (L->v[k].blank || L->v[k].drop)
					continue;
				if (!is_glyph(L->v[k].s))
					break;
				g++;
			}
			/* the items: the lines up to a blank line that ends one (a page break inside
			 * a sentence does not) */
			size_t *it = xmalloc((e - k + 1) * sizeof *it), ni = 0;
			for (size_t j = k; j < e; j++) {
				if (L->v[j].drop)
					continue;
				if (L->v[j].blank) {
					if (ni == 0)
						continue;
					size_t nx = j;
					while (nx < e && (L->v[nx].blank || L->v[nx].drop))
						nx++;
					if (nx < e && !ends_sentence(L->v[it[ni - 1]].s) && starts_lower(L->v[nx].s))
						continue;
					break;
				}
				if (is_glyph(L->v[j].s) || label_line(L->v[j].s) >= 0)
					break;
				it[ni++] = j;
			}
			para_flush(&P);
			struct sbuf item = {0};
			size_t made = 0;
			for (size_t j = 0; j < ni; j++) {
				const char *x = L->v[it[j]].s;
				bool split = j > 0 && (ni == g || (made + 1 < g && ends_sentence(L->v[it[j - 1]].s) &&
				    starts_upper(x)) || (made + 1 < g && g > 1 && !starts_lower(x) &&
				    strlen(L->v[it[j - 1]].s) < width * 3 / 4));
				if (split && item.len) {
					sbuf_reset(&P.para);
					sbuf_addf(&P.para, "\u2022 %s", item.s);
					para_flush(&P);
					sbuf_reset(&item);
					made++;
				}
				if (item.len)
					sbuf_addc(&item, ' ');
				sbuf_adds(&item, x);
			}
			if (item.len) {
				sbuf_reset(&P.para);
				sbuf_addf(&P.para, "\u2022 %s", item.s);
				para_flush(&P);
			}
			sbuf_free(&item);
			i = ni ? it[ni - 1] : k - 1;
			free(it);
			prev = NULL;
			gap = true;
			continue;
		}
		const char *rest;
		int il = inline_label(t, &rest);
		const char *ib = inline_bullet(t);
		bool brk = false;
		if (il >= 0) {
			para_flush(&P);
			P.cur = (enum pol_partk)il;
			t = rest;
			brk = true;
		} else if (l->cells || prev_cells) {
			/* a table's row, its cells apart, is a paragraph of its own */
			brk = true;
		} else if (ib || lettered(t)) {
			brk = true;
		} else if (prev == NULL) {
			brk = true;
		} else if (gap) {
			/* a blank line ends a paragraph unless the sentence plainly goes on: in lower
			 * case, or over a page break, unless what opens the page is a heading (a
			 * short line standing alone: "Game-win percentage" after a table's last row,
			 * which ends with no full stop either) */
			brk = !((!ends_sentence(prev) && starts_lower(t)) ||
			    (!ends_sentence(prev) && l->page && !stands_alone(L, i, e, width)));
		} else if (ends_sentence(prev) && strlen(prev) < width && starts_upper(t)) {
			brk = true;
		} else if (l->bold != L->v[i - 1].bold && i > b) {
			brk = true;
		}
		if (brk)
			para_flush(&P);
		if (ib) {
			struct sbuf x = {0};
			sbuf_addf(&x, "\u2022 %s", ib);
			para_add(&P, x.s);
			sbuf_free(&x);
		} else
			para_add(&P, t);
		prev = l->s;
		prev_cells = l->cells;
		gap = false;
	}
	para_flush(&P);
	for (int p = 0; p < PP_N; p++) {
		if (P.part[p].len)
			s->parts[p] = arena_strdup(&doc->a, P.part[p].s);
		sbuf_free(&P.part[p]);
	}
	sbuf_free(&P.para);
}

/* --- the JAR: situations instead of numbers ---------------------------------------------------- */

static const char *const stop[] = { "a", "an", "the", "player", "players", "their", "they", "or",
	"of", "to", "in", "that", "is", "are", "was", "were", "has", "have", "had", "be", "with", "for",
	"and", "on", "than", "there", "them", "it", "its", "s", "t", "what", "when", "not", NULL };

static bool
stopword(const char *w, size_t n)
{
	for (int i = 0; stop[i]; i++)
		if (strlen(stop[i]) == n && strncasecmp(stop[i], w, n) == 0)
			return true;
	return false;
}

/* A stable id from a situation's words: "A player accidentally draws more cards …" →
 * "accidentally-draws-more-cards". */
static char *
slug(struct arena *a, const char *title)
{
	struct sbuf o = {0};
	int words = 0;
	for (const char *p = title; *p && *p != '(' && words < 4;) {
		if (!isalnum((unsigned char)*p)) {
			p++;
			continue;
		}
		const char *w = p;
		while (isalnum((unsigned char)*p) || (*p == '\'' && isalpha((unsigned char)p[1])) ||
		    (strncmp(p, "\u2019", 3) == 0 && isalpha((unsigned char)p[3])))
			p += *p == (char)0xe2 ? 3 : 1;
		if (stopword(w, (size_t)(p - w)))
			continue;
		if (o.len)
			sbuf_addc(&o, '-');
		for (const char *c = w; c < p; c++)
			if (isalnum((unsigned char)*c))
				sbuf_addc(&o, (char)tolower((unsigned char)*c));
		words++;
	}
	if (!o.len)
		sbuf_adds(&o, "situation");
	char *r = arena_strdup(a, o.s);
	sbuf_free(&o);
	return r;
}

static bool
title_case_short(const char *s)
{
	size_t n = strlen(s);
	if (n < 4 || n > 48 || ends_sentence(s) || !isupper((unsigned char)s[0]))
		return false;
	/* every long word capitalised: "General Unwanted Behaviors", "Serious Problems" */
	for (const char *p = s; *p;) {
		while (*p == ' ')
			p++;
		const char *w = p;
		while (*p && *p != ' ')
			p++;
		if (p - w > 3 && !isupper((unsigned char)*w))
			return false;
	}
	return true;
}

/* Situation headings: "A player …" starting a paragraph, not ending a sentence (or in bold
 * in HTML); group headings: short title-case lines. */
static size_t
jar_headings(const struct plines *L, size_t from, struct hd **out, struct arena *a)
{
	struct hd *v = NULL;
	size_t n = 0, cap = 0;
	bool any_bold = false, in_group = false;
	for (size_t i = from; i < L->n; i++)
		any_bold |= L->v[i].bold;
	const char *prev = NULL;
	bool gap = true, prev_heading = false;
	for (size_t i = from; i < L->n; i++) {
		const struct pline *l = &L->v[i];
		if (l->blank) {
			gap = true;
			continue;
		}
		bool group = (gap || !prev || ends_sentence(prev) || (any_bold && l->bold)) &&
		    title_case_short(l->s) && (!any_bold || l->bold) && !inline_bullet(l->s);
		bool sit = false;
		if (!group && in_group && (!prev || ends_sentence(prev) || gap || prev_heading ||
		    (any_bold && l->bold && !L->v[i - 1].bold)) &&
		    (!any_bold || l->bold)) {
			sit = (strncmp(l->s, "A ", 2) == 0 || strncmp(l->s, "An ", 3) == 0 ||
			    strncmp(l->s, "Players ", 8) == 0 || strncmp(l->s, "Someone ", 8) == 0 ||
			    (any_bold && l->bold)) && !ends_sentence(l->s) && !inline_bullet(l->s);
		}
		if (group || sit) {
			/* the heading goes on while the sentence does */
			struct sbuf t = {0};
			sbuf_adds(&t, l->s);
			size_t j = i;
			while (sit && j + 1 < L->n && !L->v[j + 1].blank &&
			    (any_bold ? L->v[j + 1].bold : starts_lower(L->v[j + 1].s)) && j < i + 3) {
				j++;
				sbuf_addc(&t, ' ');
				sbuf_adds(&t, L->v[j].s);
			}
			v = xgrow(v, &cap, n + 1, sizeof *v);
			memset(&v[n], 0, sizeof v[n]);
			v[n].line = i;
			v[n].span = j - i + 1;
			v[n].title = arena_strdup(a, t.s);
			v[n].level = group ? 0 : 1;
			n++;
			sbuf_free(&t);
			in_group |= group;
			i = j;
			prev = L->v[j].s;
			gap = false;
			prev_heading = true;
			continue;
		}
		prev = l->s;
		gap = false;
		prev_heading = false;
	}
	*out = v;
	return n;
}

/* --- the whole document ------------------------------------------------------------------------ */

/* Headings of documents with no contents: "115.\tTitle" (2008) or "2.3\tTitle" lines. */
static size_t
numbered_headings(const struct plines *L, size_t from, struct hd **out, bool *floor)
{
	struct hd *v = NULL;
	size_t n = 0, cap = 0;
	for (size_t i = from; i < L->n; i++) {
		const struct pline *l = &L->v[i];
		if (l->blank)
			continue;
		const char *s = l->s;
		size_t k = 0;
		while (isdigit((unsigned char)s[k]) || (s[k] == '.' && isdigit((unsigned char)s[k + 1])))
			k++;
		if (k == 0 || k > 8)
			continue;
		bool three = k == 3 && !strchr(s, '.') ? true : (k == 3 && s[3] == '.');
		const char *t = s + k;
		if (*t == '.')
			t++;
		if (!l->tab && !(t[0] == ' ' && t[1] == ' '))
			continue;   /* "1. If sideboarding…" is a list item, not a heading */
		while (*t == ' ')
			t++;
		if (!isupper((unsigned char)*t) || strlen(t) > 90 || ends_sentence(t))
			continue;
		v = xgrow(v, &cap, n + 1, sizeof *v);
		memset(&v[n], 0, sizeof v[n]);
		v[n].line = i;
		v[n].span = 1;
		snprintf(v[n].num, sizeof v[n].num, "%.*s", (int)k, s);
		v[n].title = t;
		if (three) {
			*floor = true;
			v[n].level = atoi(v[n].num) % 100 == 0 || atoi(v[n].num) % 10 == 0 ? 0 : 1;
		} else
			v[n].level = strchr(v[n].num, '.') ? 1 : 0;
		n++;
	}
	/* three-digit numbering (2008): "1.\tMatch points" is then a list item */
	if (*floor) {
		size_t m = 0;
		for (size_t i = 0; i < n; i++)
			if (strlen(v[i].num) == 3 && !strchr(v[i].num, '.'))
				v[m++] = v[i];
		n = m;
	}
	*out = v;
	return n;
}

/* "Appendix A – Changes…" headings of an undated-contents document. */
static size_t
appendix_headings(const struct plines *L, size_t from, struct hd **v, size_t n)
{
	size_t cap = n;
	for (size_t i = from; i < L->n; i++) {
		const char *s = L->v[i].s;
		if (L->v[i].blank || strncasecmp(s, "appendix ", 9) != 0 || !isalpha((unsigned char)s[9]) ||
		    isalpha((unsigned char)s[10]) || strlen(s) > 100)
			continue;
		struct tocent e;
		toc_split(s, &e);
		if (!*e.title) {
			free(e.title);
			continue;
		}
		*v = xgrow(*v, &cap, n + 1, sizeof **v);
		struct hd *h = &(*v)[n++];
		memset(h, 0, sizeof *h);
		h->line = i;
		h->span = 1;
		snprintf(h->num, sizeof h->num, "%s", e.num);
		h->title = s + (strlen(s) - strlen(e.title));
		h->level = 1;
		h->appendix = true;
		free(e.title);
	}
	return n;
}

static int
cmp_hd(const void *a, const void *b)
{
	const struct hd *x = a, *y = b;
	return x->line < y->line ? -1 : x->line > y->line;
}

static char *
make_id(struct arena *a, const struct hd *h)
{
	struct sbuf o = {0};
	if (h->appendix)
		sbuf_addf(&o, "appendix-%c", tolower((unsigned char)h->num[0]));
	else if (h->num[0])
		sbuf_adds(&o, h->num);
	char *r = o.len ? arena_strdup(a, o.s) : slug(a, h->title);
	sbuf_free(&o);
	return r;
}

struct pol_doc *
pol_parse_lines(const char *name, struct plines *L, const char *format, struct diags *d)
{
	bool floor;
	const char *title;
	char date[11];
	int kind = sniff_kind(L, &floor, &title, date);
	if (kind < 0) {
		diag_add(d, DL_ERROR, name, 1, 1, "not a tournament policy document: no Infraction Procedure Guide, Tournament Rules or Judging at Regular REL title in its first lines");
		diag_hint(d, "give judge the IPG, MTR or JAR as published (PDF, text or pdftohtml HTML); CR releases go to --rules");
		return NULL;
	}
	struct pol_doc *doc = xcalloc(1, sizeof *doc);
	doc->kind = (enum pol_kind)kind;
	doc->file = arena_strdup(&doc->a, name);
	doc->title = arena_strdup(&doc->a, title);
	doc->format = arena_strdup(&doc->a, format);
	memcpy(doc->date, date, sizeof doc->date);
	doc->floor_rules = floor;

	drop_footers(L);
	int repaired = 0;
	/* only pdftotext joins lines that way: text with its page breaks */
	bool paged = false;
	for (size_t i = 0; i < L->n && !paged; i++)
		paged = L->v[i].page;
	if (paged && strcmp(format, "html") != 0)
		repair_hyphens(L, &repaired);

	size_t ntoc = 0, tocstart = 0, tocend = 0;
	struct tocent *toc = read_toc(L, &ntoc, &tocstart, &tocend);
	if (toc) {
		/* the contents are furniture: headings are looked for from the top (the IPG's
		 * introduction comes before its contents), the contents never */
		for (size_t i = tocstart; i < tocend; i++)
			L->v[i].blank = L->v[i].drop = true;
		size_t k = tocstart;
		while (k > 0 && L->v[k - 1].blank)
			k--;
		if (k > 0 && (strcasecmp(L->v[k - 1].s, "contents") == 0 || strcasecmp(L->v[k - 1].s, "table of contents") == 0))
			L->v[k - 1].blank = L->v[k - 1].drop = true;
	}
	struct hd *h = NULL;
	size_t nh = 0;
	if (toc) {
		doc->toc_entries = 0;
		h = xcalloc(ntoc, sizeof *h);
		size_t cur = 0;
		for (size_t k = 0; k < ntoc; k++) {
			if (toc[k].level == 2)
				continue;
			doc->toc_entries++;
			for (size_t i = cur; i < L->n; i++) {
				const char *pen;
				size_t span;
				if (L->v[i].blank || !heading_at(L, i, &toc[k], &pen, &span))
					continue;
				h[nh].line = i;
				h[nh].span = span;
				snprintf(h[nh].num, sizeof h[nh].num, "%s", toc[k].num);
				h[nh].title = toc[k].title;
				h[nh].level = toc[k].level;
				h[nh].appendix = toc[k].appendix;
				h[nh].penalty = pen;
				nh++;
				cur = i + span;
				break;
			}
			if (nh == 0 || strcmp(h[nh - 1].title, toc[k].title) != 0)
				diag_add(d, DL_WARNING, name, 0, 0, "contents entry '%s' not found in the text", toc[k].full);
		}
		doc->toc_found = (int)nh;
	} else if (kind == POL_JAR) {
		nh = jar_headings(L, 0, &h, &doc->a);
	} else {
		nh = numbered_headings(L, 0, &h, &doc->floor_rules);
		nh = appendix_headings(L, 0, &h, nh);
		if (nh > 1)
			xqsort(h, nh, sizeof *h, cmp_hd);
	}
	if (nh == 0) {
		diag_add(d, DL_ERROR, name, 1, 1, "no sections found: neither a table of contents nor numbered headings");
		diag_hint(d, "is this the whole document? judge reads the IPG, MTR and JAR as published");
		free(h);
		toc_free(toc, ntoc);
		pol_doc_free(doc);
		return NULL;
	}

	/* number lines are heading furniture wherever they stand: just before their title, or
	 * displaced into the list before it */
	for (size_t k = 0; k < nh; k++) {
		if (!h[k].num[0] || h[k].appendix)
			continue;
		for (size_t i = 0; i < L->n; i++) {
			char num[16];
			if (!L->v[i].blank && number_line(L->v[i].s, num, sizeof num) && strcmp(num, h[k].num) == 0 &&
			    (strchr(num, '.') || (i + 4 > h[k].line && i < h[k].line))) {
				L->v[i].blank = L->v[i].drop = true;
			}
		}
	}

	size_t width = full_width(L);
	/* front matter before the first heading: the introduction, when the contents lists none */
	size_t first = h[0].line;
	size_t body0 = tocend;
	bool intro = false;
	for (size_t i = body0; i < first; i++)
		if (!L->v[i].blank && i > 1) {
			intro = true;
			break;
		}
	doc->sec = xcalloc(nh + 1, sizeof *doc->sec);
	int chapter = -1;
	if (intro && !toc) {
		struct pol_section *s = &doc->sec[doc->nsec++];
		s->num = "";
		s->id = "introduction";
		s->title = "Introduction";
		s->parent = -1;
		s->level = 0;
		/* skip the title and date lines */
		size_t b = body0;
		int skip = 0;
		while (b < first && skip < 2) {
			if (!L->v[b].blank)
				skip++;
			b++;
		}
		s->line = L->v[b < L->n ? b : 0].no;
		build_body(doc, L, b, first, width, s, false);
	}
	for (size_t k = 0; k < nh; k++) {
		struct pol_section *s = &doc->sec[doc->nsec++];
		s->num = arena_strdup(&doc->a, h[k].num);
		s->id = make_id(&doc->a, &h[k]);
		s->title = arena_strdup(&doc->a, h[k].title);
		s->level = h[k].level;
		s->appendix = h[k].appendix;
		s->line = L->v[h[k].line].no;
		s->penalty = h[k].penalty ? arena_strdup(&doc->a, h[k].penalty) : NULL;
		if (s->level == 0)
			chapter = (int)(doc->nsec - 1);
		s->parent = s->level == 0 || s->appendix ? -1 : chapter;
		size_t b = h[k].line + h[k].span, e = k + 1 < nh ? h[k + 1].line : L->n;
		build_body(doc, L, b, e, width, s, doc->kind == POL_IPG && s->level == 1 && !s->appendix);
	}
	/* JAR ids must be unique: a second "a-player-…" gets a suffix */
	for (size_t i = 0; i < doc->nsec; i++)
		for (size_t j = 0; j < i; j++)
			if (strcmp(doc->sec[i].id, doc->sec[j].id) == 0) {
				struct sbuf o = {0};
				sbuf_addf(&o, "%s-%zu", doc->sec[i].id, i);
				doc->sec[i].id = arena_strdup(&doc->a, o.s);
				sbuf_free(&o);
				break;
			}
	if (repaired)
		diag_add(d, DL_NOTE, name, 0, 0, "%d word%s rejoined with the hyphen the text had lost", repaired,
		    repaired == 1 ? "" : "s");
	free(h);
	toc_free(toc, ntoc);
	return doc;
}

struct pol_doc *
pol_parse_text(const char *name, const char *text, size_t len, const unsigned char *bold,
    const char *format, struct diags *d)
{
	struct plines L = {0};
	split_lines(&L, text, len, bold);
	struct pol_doc *doc = pol_parse_lines(name, &L, format ? format : "text", d);
	pol_lines_free(&L);
	return doc;
}

void
pol_doc_free(struct pol_doc *doc)
{
	if (!doc)
		return;
	free(doc->sec);
	arena_free(&doc->a);
	free(doc);
}
