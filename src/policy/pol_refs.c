/* pol_refs.c — the references a policy document's text makes to its own sections ("see
 * section 4.3", "Appendix B"), to another document ("(see MTR 2.2)", "section 3.2 of the
 * Infraction Procedure Guide") and to the Comprehensive Rules ("rule 704", "CR 603.2"), found
 * where they are written, so the commands can make them links. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "policy.h"

/* Names of the documents as the texts write them, longest first. */
static const struct { const char *name; int kind; } docnames[] = {
	{ "Magic Tournament Rules", POL_MTR }, { "Magic: The Gathering Tournament Rules", POL_MTR },
	{ "Tournament Rules", POL_MTR }, { "Infraction Procedure Guide", POL_IPG },
	{ "Judging at Regular REL", POL_JAR }, { "Comprehensive Rules", POL_NKIND },
	{ "MTR", POL_MTR }, { "IPG", POL_IPG }, { "JAR", POL_JAR }, { "CR", POL_NKIND },
};

/* Does a document's name start at p (a whole word)? Its kind, -1 if none; *len its length. */
static int
doc_name_at(const char *start, const char *p, size_t *len)
{
	if (p > start && isalnum((unsigned char)p[-1]))
		return -1;
	for (size_t i = 0; i < sizeof docnames / sizeof *docnames; i++) {
		size_t l = strlen(docnames[i].name);
		/* the short names only in capitals: "cr" inside a word is no document */
		bool shortname = l <= 3;
		if ((shortname ? strncmp(p, docnames[i].name, l) : strncasecmp(p, docnames[i].name, l)) == 0 &&
		    !isalnum((unsigned char)p[l])) {
			*len = l;
			return docnames[i].kind;
		}
	}
	return -1;
}

static bool
word_at(const char *start, const char *p, const char *w, size_t *len)
{
	size_t l = strlen(w);
	if ((p > start && isalnum((unsigned char)p[-1])) || strncasecmp(p, w, l) != 0)
		return false;
	*len = l;
	return true;
}

/* A section number "4.3", "2" or a rule number "704.3a" at p: its length, 0 if none. A
 * rule needs three digits first; a section one or two, and a dot and digits after unless
 * bare numbers are allowed. A trailing dot is not part of it. */
static size_t
number_at(const char *p, bool rule)
{
	size_t k = 0;
	while (isdigit((unsigned char)p[k]))
		k++;
	if (k == 0 || (rule ? k != 3 : k > 2))
		return 0;
	while (p[k] == '.' && isdigit((unsigned char)p[k + 1])) {
		k++;
		while (isdigit((unsigned char)p[k]))
			k++;
	}
	if (rule && isalpha((unsigned char)p[k]) && !isalnum((unsigned char)p[k + 1]) && p[k] != 'l' && p[k] != 'o')
		k++;
	if (isalnum((unsigned char)p[k]))
		return 0;
	return k;
}

static size_t
skip_spaces(const char *p)
{
	size_t k = 0;
	while (p[k] == ' ' || p[k] == '\n')
		k++;
	return k;
}

static void
add(struct pol_ref *out, size_t max, size_t *n, int kind, bool appendix, const char *t, size_t tl,
    size_t off, size_t len)
{
	if (*n >= max)
		return;
	struct pol_ref *r = &out[*n];
	r->kind = kind;
	snprintf(r->target, sizeof r->target, "%s%.*s", appendix ? "appendix " : "", (int)tl, t);
	for (char *c = r->target; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	r->off = off;
	r->len = len;
	/* the same target twice is one reference */
	for (size_t i = 0; i < *n; i++)
		if (out[i].kind == kind && strcmp(out[i].target, r->target) == 0)
			return;
	(*n)++;
}

/* After a reference: "of the Infraction Procedure Guide" names its document. */
static int
of_document(const char *start, const char *p)
{
	size_t k = skip_spaces(p), l;
	if (!word_at(start, p + k, "of", &l))
		return -1;
	k += l + skip_spaces(p + k + l);
	if (word_at(start, p + k, "the", &l))
		k += l + skip_spaces(p + k + l);
	return doc_name_at(start, p + k, &l);
}

size_t
pol_text_refs(const char *text, enum pol_kind self, struct pol_ref *out, size_t max)
{
	size_t n = 0;
	if (!text)
		return 0;
	const char *done = text;        /* the end of the last reference: "MTR section 4.3" once */
	for (const char *p = text; *p; p++) {
		if (p < done || (p > text && isalnum((unsigned char)p[-1])))
			continue;
		size_t l = 0;
		int kind = -1;
		const char *q = p;
		/* "MTR 2.2", "IPG section 3.2", "CR 603.2", "Comprehensive Rules rule 704" */
		int named = doc_name_at(text, q, &l);
		if (named >= 0) {
			q += l;
			q += skip_spaces(q);
			kind = named;
		}
		bool rule = false, appendix = false, list = false;
		size_t wl;
		if (word_at(text, q, "sections", &wl) || word_at(text, q, "section", &wl)) {
			list = q[wl - 1] == 's';
			q += wl + skip_spaces(q + wl);
		} else if (word_at(text, q, "rules", &wl) || word_at(text, q, "rule", &wl)) {
			list = q[wl - 1] == 's';
			rule = true;
			q += wl + skip_spaces(q + wl);
		} else if (word_at(text, q, "appendix", &wl)) {
			appendix = true;
			q += wl + skip_spaces(q + wl);
		} else if (named < 0)
			continue;
		if (named == POL_NKIND)
			rule = true;
		for (;;) {
			size_t nl;
			if (appendix)
				nl = isalpha((unsigned char)q[0]) && isupper((unsigned char)q[0]) && !isalnum((unsigned char)q[1]) ? 1 : 0;
			else
				nl = number_at(q, rule);
			/* "section 4" of a chapter is fine; a bare number after a document name is
			 * not ("MTR 2" is a chapter, "IPG 2021" a year) unless it has a dot */
			if (nl == 0 || (!rule && !appendix && named >= 0 && !memchr(q, '.', nl) && q == p + l + skip_spaces(p + l)))
				break;
			int k = kind;
			if (k < 0)
				k = rule ? POL_NKIND : of_document(text, q + nl);
			if (k < 0)
				k = (int)self;
			if (rule && k != POL_NKIND)
				k = POL_NKIND;
			add(out, max, &n, k, appendix, q, nl, (size_t)(p - text), (size_t)(q + nl - p));
			const char *r = q + nl;
			done = r;
			/* "sections 4.3 and 4.4", "rules 704.3, 704.5 and 704.6" */
			size_t s = 0;
			if (!list && !rule)
				break;
			if (r[0] == ',' )
				s = 1 + skip_spaces(r + 1);
			if (strncmp(r + s, " and ", 5) == 0 || strncmp(r + s, " or ", 4) == 0)
				s += r[s + 1] == 'a' ? 5 : 4;
			else if (strncmp(r + s, "and ", 4) == 0)
				s += 4;
			if (s == 0)
				break;
			q = r + s;
		}
	}
	return n;
}
