/* pol_contrast.c — what a document itself says tells two of its sections apart: the
 * sentences of one that name the other ("If a judge believes a player is intentionally
 * playing slowly …, the infraction is Unsporting Conduct — Stalling"), with the condition
 * they set, so `judge penalty` can ask the judge that question in the IPG's own words,
 * whatever the edition's wording or numbering. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "pol_int.h"

/* The name judges use: the title after its last dash ("Game Play Error — Missed Trigger"). */
static const char *
sec_name(const struct pol_section *s)
{
	const char *name = s->title;
	for (const char *d; (d = strstr(name, "\u2014")) != NULL;)
		name = d + 3;
	for (const char *d; (d = strstr(name, " - ")) != NULL;)
		name = d + 3;
	while (*name == ' ')
		name++;
	return name;
}

static size_t
count_words(const char *s)
{
	size_t n = 0;
	bool in = false;
	for (; *s; s++) {
		bool w = !isspace((unsigned char)*s);
		n += w && !in;
		in = w;
	}
	return n;
}

/* Does text [p, e) name the section called name at p? Letters compared in any case, any run
 * of spaces as one, whole words. A one-word name ("Stalling", "Minor") only written with its
 * capital after the title's dash or inside a sentence, so "a stalling mechanism" is not it. */
static size_t
names_at(const char *text, const char *p, const char *e, const char *name, bool one_word)
{
	if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '-'))
		return 0;
	const char *q = p, *n = name;
	while (*n && q < e) {
		if (isspace((unsigned char)*n)) {
			if (!isspace((unsigned char)*q))
				return 0;
			while (isspace((unsigned char)*n))
				n++;
			while (q < e && isspace((unsigned char)*q))
				q++;
			continue;
		}
		if (tolower((unsigned char)*n) != tolower((unsigned char)*q))
			return 0;
		n++, q++;
	}
	if (*n || (q < e && (isalnum((unsigned char)*q) || *q == '-')))
		return 0;
	if (one_word) {
		if (!isupper((unsigned char)*p))
			return 0;
		/* the first word of a sentence is capitalised whatever it is */
		const char *b = p;
		while (b > text && b[-1] == ' ')
			b--;
		bool after_dash = b - text >= 3 && strncmp(b - 3, "\u2014", 3) == 0;
		if (!after_dash && (b == text || strchr(".!?:\u2022", b[-1])))
			return 0;
	}
	return (size_t)(q - p);
}

static bool
sentence_names(const char *s, size_t n, const char *name)
{
	bool one = count_words(name) == 1;
	if (!*name || (one && strlen(name) < 4))
		return false;
	for (const char *p = s; p < s + n; p++)
		if (names_at(s, p, s + n, name, one))
			return true;
	return false;
}

/* The end of the sentence starting at p in a paragraph of n bytes from para: after a full
 * stop, question or exclamation mark followed by a space and a capital, a quote or a bullet,
 * or at the paragraph's end. "section 4.3", "e.g. a" and "(MTR 2.2)" do not end one. */
static const char *
sentence_end(const char *p, const char *e)
{
	for (const char *q = p; q < e; q++) {
		if (*q != '.' && *q != '!' && *q != '?')
			continue;
		const char *r = q + 1;
		while (r < e && (*r == '"' || *r == ')' || strncmp(r, "\u201d", 3) == 0))
			r += *r == '"' || *r == ')' ? 1 : 3;
		if (r >= e)
			return e;
		if (*r != ' ')
			continue;
		const char *end = r;
		while (r < e && *r == ' ')
			r++;
		if (r >= e || isupper((unsigned char)*r) || *r == '"' || strncmp(r, "\u201c", 3) == 0 ||
		    strncmp(r, "\u2022", 3) == 0)
			return end;
	}
	return e;
}

static const char *const openers[] = { "if", "once", "when", "whenever", "unless", NULL };

/* The condition a sentence opens with ("If X, …" → X; "Unless X, …" → X, *unless set), or
 * NULL. An aside right after the opener ("If, before or during a match, …") is skipped. */
static char *
condition(const char *s, size_t n, bool *unless)
{
	size_t w = 0;
	while (w < n && isalpha((unsigned char)s[w]))
		w++;
	int k = -1;
	for (int i = 0; openers[i]; i++)
		if (strlen(openers[i]) == w && strncasecmp(s, openers[i], w) == 0)
			k = i;
	if (k < 0)
		return NULL;
	*unless = strcmp(openers[k], "unless") == 0;
	const char *a = s + w, *e = s + n;
	while (a < e && *a == ' ')
		a++;
	if (a < e && *a == ',') {
		const char *c = memchr(a + 1, ',', (size_t)(e - a - 1));
		if (!c)
			return NULL;
		a = c + 1;
		while (a < e && *a == ' ')
			a++;
	}
	int depth = 0;
	for (const char *c = a; c < e; c++) {
		if (*c == '(')
			depth++;
		else if (*c == ')' && depth)
			depth--;
		else if (*c == ',' && !depth) {
			if (c - a < 8)
				return NULL;
			char *r = xstrndup(a, (size_t)(c - a));
			/* "a judge believes …" reads on after "whether"; a capital of the opener's
			 * sentence is not the clause's */
			if (isupper((unsigned char)r[0]) && islower((unsigned char)r[1]) && r[0] != 'I')
				r[0] = (char)tolower((unsigned char)r[0]);
			return r;
		}
	}
	return NULL;
}

static char *
folded_copy(const char *s, size_t n)
{
	struct sbuf o = {0};
	for (size_t i = 0; i < n; i++) {
		if (isspace((unsigned char)s[i])) {
			if (o.len && o.s[o.len - 1] != ' ')
				sbuf_addc(&o, ' ');
		} else
			sbuf_addc(&o, s[i]);
	}
	while (o.len && o.s[o.len - 1] == ' ')
		o.s[--o.len] = '\0';
	return o.len ? sbuf_take(&o) : (sbuf_free(&o), xstrdup(""));
}

/* The sentences of section from that name section to, into out from *n (max). */
static void
collect(const struct pol_doc *d, size_t from, size_t to, struct pol_contrast *out, size_t *n, size_t max)
{
	const char *name = sec_name(&d->sec[to]);
	/* where a judge looks first: the definition, then why, then the remedy */
	static const int order[] = { PP_DEFINITION, PP_TEXT, PP_PHILOSOPHY, PP_REMEDY, PP_UPGRADE, PP_DOWNGRADE,
		PP_EXAMPLES };
	for (size_t oi = 0; oi < sizeof order / sizeof *order && *n < max; oi++) {
		int part = order[oi];
		const char *t = d->sec[from].parts[part];
		if (!t)
			continue;
		for (const char *para = t; *para && *n < max;) {
			const char *pe = para + strcspn(para, "\n");
			const char *prev = NULL, *preve = NULL;
			bool prev_named = false;
			for (const char *s = para; s < pe && *n < max;) {
				while (s < pe && *s == ' ')
					s++;
				if (s >= pe)
					break;
				const char *e = sentence_end(s, pe);
				bool names = sentence_names(s, (size_t)(e - s), name);
				if (names) {
					struct pol_contrast *c = &out[(*n)++];
					memset(c, 0, sizeof *c);
					c->from = from;
					c->to = to;
					c->part = part;
					c->ask = condition(s, (size_t)(e - s), &c->unless);
					/* "… the opponent has also committed an infraction. In most cases,
					 * the infraction is Failure to Maintain Game State": the condition
					 * is the sentence before's */
					if (!c->ask && prev && !prev_named &&
					    (c->ask = condition(prev, (size_t)(preve - prev), &c->unless)))
						c->sentence = folded_copy(prev, (size_t)(e - prev));
					else
						c->sentence = folded_copy(s, (size_t)(e - s));
					/* the same question twice says nothing more */
					for (size_t i = 0; i + 1 < *n && c->ask; i++)
						if (out[i].ask && out[i].to == c->to && strcmp(out[i].ask, c->ask) == 0) {
							free(c->sentence);
							free(c->ask);
							(*n)--;
							break;
						}
				}
				prev_named = names;
				prev = s;
				preve = e;
				s = e;
			}
			para = *pe ? pe + 1 : pe;
		}
	}
}

size_t
pol_contrast(const struct pol_doc *d, size_t a, size_t b, struct pol_contrast *out, size_t max)
{
	size_t n = 0;
	if (a >= d->nsec || b >= d->nsec || a == b)
		return 0;
	collect(d, a, b, out, &n, max);
	collect(d, b, a, out, &n, max);
	return n;
}

size_t
pol_contrast_others(const struct pol_doc *d, size_t a, const size_t *skip, size_t nskip,
    struct pol_contrast *out, size_t max)
{
	size_t n = 0;
	if (a >= d->nsec)
		return 0;
	for (size_t b = 0; b < d->nsec && n < max; b++) {
		bool skipped = b == a || !d->sec[b].penalty || d->sec[b].level != 1 || d->sec[b].appendix;
		for (size_t i = 0; i < nskip; i++)
			skipped |= skip[i] == b;
		if (skipped)
			continue;
		size_t k = n;
		collect(d, a, b, out, &n, max);
		/* only what sets a condition: "… may be Unsporting Conduct — Cheating" alone
		 * says no more than the title */
		size_t w = k;
		for (size_t i = k; i < n; i++) {
			if (out[i].ask)
				out[w++] = out[i];
			else {
				free(out[i].sentence);
				free(out[i].ask);
			}
		}
		n = w;
	}
	return n;
}

void
pol_contrast_free(struct pol_contrast *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(c[i].sentence);
		free(c[i].ask);
	}
}

char *
pol_closest_sentence(const struct pol_doc *d, size_t sec, const char *desc)
{
	if (sec >= d->nsec)
		return NULL;
	const struct pol_section *s = &d->sec[sec];
	const char *t = s->parts[PP_DEFINITION] ? s->parts[PP_DEFINITION] : s->parts[PP_TEXT];
	if (!t)
		return NULL;
	const char *best = NULL, *beste = NULL;
	double bestv = -1;
	for (const char *para = t; *para;) {
		const char *pe = para + strcspn(para, "\n");
		for (const char *p = para; p < pe;) {
			while (p < pe && (*p == ' ' || strncmp(p, "\u2022", 3) == 0))
				p += *p == ' ' ? 1 : 3;
			if (p >= pe)
				break;
			const char *e = sentence_end(p, pe);
			/* a sentence that only opens a list ("… does any of the following:") says
			 * nothing by itself */
			if (e[-1] != ':') {
				char *x = xstrndup(p, (size_t)(e - p));
				/* the definition's first sentence is its core: another has to share
				 * more than a word more with the description to be shown instead */
				double v = pol_shared_words(desc, x) + (best ? 0 : 1.0);
				free(x);
				if (v > bestv)
					bestv = v, best = p, beste = e;
			}
			p = e;
		}
		para = *pe ? pe + 1 : pe;
	}
	return best ? folded_copy(best, (size_t)(beste - best)) : NULL;
}

/* Does a word of s (lower case compared) open with one of the prefixes of what intent is
 * written with ("intentionally", "aware", "knowingly", "deliberately")? */
static bool
says_intent(const char *s, size_t n)
{
	static const char *const w[] = { "intent", "aware", "knowing", "deliberate", NULL };
	for (size_t i = 0; i < n; i++) {
		if (i && isalpha((unsigned char)s[i - 1]))
			continue;
		for (int k = 0; w[k]; k++)
			if (n - i >= strlen(w[k]) && strncasecmp(s + i, w[k], strlen(w[k])) == 0)
				return true;
	}
	return false;
}

bool
pol_requires_intent(const struct pol_doc *d, size_t sec)
{
	if (sec >= d->nsec || !d->sec[sec].parts[PP_DEFINITION])
		return false;
	const char *t = d->sec[sec].parts[PP_DEFINITION];
	for (const char *para = t; *para;) {
		const char *pe = para + strcspn(para, "\n");
		for (const char *p = para; p < pe;) {
			while (p < pe && *p == ' ')
				p++;
			if (p >= pe)
				break;
			const char *e = sentence_end(p, pe);
			if (says_intent(p, (size_t)(e - p))) {
				/* "If … intentionally …, the infraction is … Stalling" sends the intentional
				 * case elsewhere: not this section's own condition */
				bool other = false;
				for (size_t k = 0; k < d->nsec && !other; k++)
					other = k != sec && d->sec[k].penalty && d->sec[k].level == 1 &&
					    sentence_names(p, (size_t)(e - p), sec_name(&d->sec[k]));
				if (!other)
					return true;
			}
			p = e;
		}
		para = *pe ? pe + 1 : pe;
	}
	return false;
}
