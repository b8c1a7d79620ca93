/* pol_find.c — finding a section of a policy document: by number, by an alias from the
 * user-extendable alias file (alias → title patterns, never a number), by id or by words. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pol_int.h"
#include "../base/safefile.h"
#include "../text/decode.h"

static const char *const kind_names[POL_NKIND] = { "ipg", "mtr", "jar" };
static const char *const kind_titles[POL_NKIND] = { "Infraction Procedure Guide", "Tournament Rules",
	"Judging at Regular REL" };
static const char *const part_names[PP_N] = { "text", "definition", "examples", "philosophy",
	"remedy", "upgrade", "downgrade" };

const char *
pol_kind_name(enum pol_kind k)
{
	return k < POL_NKIND ? kind_names[k] : "?";
}

const char *
pol_kind_title(enum pol_kind k)
{
	return k < POL_NKIND ? kind_titles[k] : "?";
}

const char *
pol_part_name(enum pol_partk p)
{
	return p < PP_N ? part_names[p] : "penalty";
}

int
pol_part_parse(const char *s)
{
	static const struct { const char *w; int p; } v[] = {
		{ "definition", PP_DEFINITION }, { "def", PP_DEFINITION }, { "defn", PP_DEFINITION },
		{ "examples", PP_EXAMPLES }, { "example", PP_EXAMPLES }, { "ex", PP_EXAMPLES },
		{ "philosophy", PP_PHILOSOPHY }, { "phil", PP_PHILOSOPHY }, { "why", PP_PHILOSOPHY },
		{ "remedy", PP_REMEDY }, { "additional remedy", PP_REMEDY }, { "additional", PP_REMEDY },
		{ "fix", PP_REMEDY }, { "ar", PP_REMEDY },
		{ "upgrade", PP_UPGRADE }, { "up", PP_UPGRADE }, { "downgrade", PP_DOWNGRADE },
		{ "down", PP_DOWNGRADE }, { "penalty", PP_N }, { "text", PP_TEXT },
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		if (strcasecmp(s, v[i].w) == 0)
			return v[i].p;
	return -1;
}

/* --- aliases ------------------------------------------------------------------------------------ */

bool
pol_aliases_load(struct pol_aliases *al, const char *path, struct diags *d)
{
	FILE *f = sfile_fopen(path, 1u << 20);
	if (!f) {
		/* a file that is not there is no news; one that is there and cannot be read is */
		if (errno != ENOENT) {
			diag_add(d, DL_ERROR, path, 0, 0, "cannot read the policy aliases: %s", sfile_strerror(errno));
			diag_hint(d, "an alias file is a text file of lines DOCUMENT<TAB>ALIAS<TAB>TITLE PATTERNS");
		}
		return false;
	}
	struct sbuf b = {0};
	sbuf_read(&b, f, 1u << 20);
	fclose(f);
	if (b.len == 0) {
		sbuf_free(&b);
		return true;    /* an empty file adds no aliases */
	}
	struct decoded dec;
	if (text_decode((const unsigned char *)(b.s ? b.s : ""), b.len, path, &dec, d) != 0) {
		sbuf_free(&b);
		return false;
	}
	sbuf_free(&b);
	unsigned no = 0;
	for (char *line = dec.text; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		no++;
		char *s = line;
		line = nl ? nl + 1 : NULL;
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s || *s == '#')
			continue;
		char *f1 = s, *t1 = strchr(f1, '\t');
		char *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
		if (!t1 || !t2) {
			diag_add(d, DL_WARNING, path, no, (unsigned)(t1 ? (size_t)(t1 - s) + 2 : strlen(s) + 1),
			    "an alias line has three fields separated by tabs: DOCUMENT, ALIAS, TITLE PATTERNS");
			diag_src(d, s, strlen(s));
			diag_hint(d, "for example: ipg<TAB>hce<TAB>Hidden Card Error");
			continue;
		}
		*t1 = *t2 = '\0';
		int kind = -1;
		for (int k = 0; k < POL_NKIND; k++)
			if (strcasecmp(f1, kind_names[k]) == 0)
				kind = k;
		if (kind < 0) {
			diag_add(d, DL_WARNING, path, no, 1, "unknown document '%s' (ipg, mtr or jar)", f1);
			continue;
		}
		char *pat = t2 + 1;
		size_t pl = strlen(pat);
		while (pl && isspace((unsigned char)pat[pl - 1]))
			pat[--pl] = '\0';
		if (!*pat || !*(t1 + 1)) {
			diag_add(d, DL_WARNING, path, no, 1, "an alias line with an empty field");
			continue;
		}
		al->v = xgrow(al->v, &al->cap, al->n + 1, sizeof *al->v);
		struct pol_alias *a = &al->v[al->n++];
		a->kind = (enum pol_kind)kind;
		a->alias = xstrdup(t1 + 1);
		for (char *c = a->alias; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		a->patterns = xstrdup(pat);
		a->file = xstrdup(path);
		a->line = no;
	}
	free(dec.text);
	return true;
}

void
pol_aliases_free(struct pol_aliases *al)
{
	for (size_t i = 0; i < al->n; i++) {
		free(al->v[i].alias);
		free(al->v[i].patterns);
		free(al->v[i].file);
	}
	free(al->v);
	memset(al, 0, sizeof *al);
}

bool
pol_title_matches(const char *title, const char *patterns)
{
	struct sbuf t = {0}, p = {0};
	pol_norm(title, strlen(title), &t);
	bool hit = false;
	for (const char *s = patterns; *s && !hit;) {
		const char *e = strchr(s, '|');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		pol_norm(s, n, &p);
		if (p.len && strstr(t.s, p.s))
			hit = true;
		s = e ? e + 1 : s + n;
	}
	sbuf_free(&t);
	sbuf_free(&p);
	return hit;
}

/* --- lookups ------------------------------------------------------------------------------------- */

/* "2.3", "2.3.", "ipg 2.3", "section 2.3", "appendix f", "app. F", "115" */
static int
by_number(const struct pol_doc *doc, const char *q)
{
	while (isspace((unsigned char)*q))
		q++;
	if (strncasecmp(q, "section ", 8) == 0)
		q += 8;
	const char *a = NULL;
	if (strncasecmp(q, "appendix ", 9) == 0)
		a = q + 9;
	else if (strncasecmp(q, "app ", 4) == 0)
		a = q + 4;
	else if (strncasecmp(q, "app. ", 5) == 0)
		a = q + 5;
	if (a) {
		while (*a == ' ')
			a++;
		if (isalpha((unsigned char)a[0]) && !isalnum((unsigned char)a[1]))
			for (size_t i = 0; i < doc->nsec; i++)
				if (doc->sec[i].appendix && toupper((unsigned char)a[0]) == doc->sec[i].num[0])
					return (int)i;
		return -1;
	}
	char num[32];
	size_t n = 0;
	while ((isdigit((unsigned char)q[n]) || q[n] == '.') && n + 1 < sizeof num)
		num[n] = q[n], n++;
	if (n == 0)
		return -1;
	const char *rest = q + n;
	while (isspace((unsigned char)*rest))
		rest++;
	if (*rest)
		return -1;
	while (n && num[n - 1] == '.')
		n--;
	num[n] = '\0';
	for (size_t i = 0; i < doc->nsec; i++)
		if (!doc->sec[i].appendix && strcmp(doc->sec[i].num, num) == 0)
			return (int)i;
	return -1;
}

/* The section an alias names: the first whose title matches its patterns, sections before
 * chapters. */
static int
by_alias(const struct pol_doc *doc, const struct pol_aliases *al, const char *q)
{
	if (!al)
		return -1;
	/* later lines (the user's file) win */
	for (size_t k = al->n; k-- > 0;) {
		const struct pol_alias *a = &al->v[k];
		if (a->kind != doc->kind || strcasecmp(a->alias, q) != 0)
			continue;
		int best = -1;
		for (size_t i = 0; i < doc->nsec; i++)
			if (pol_title_matches(doc->sec[i].title, a->patterns) &&
			    (best < 0 || (doc->sec[best].level == 0 && doc->sec[i].level == 1)))
				best = (int)i;
		if (best >= 0)
			return best;
	}
	return -1;
}

static int
by_id(const struct pol_doc *doc, const char *q)
{
	for (size_t i = 0; i < doc->nsec; i++)
		if (strcasecmp(doc->sec[i].id, q) == 0)
			return (int)i;
	return -1;
}

int
pol_find(const struct pol_doc *doc, const struct pol_aliases *al, const char *query)
{
	int i;
	if ((i = by_number(doc, query)) >= 0 || (i = by_alias(doc, al, query)) >= 0 || (i = by_id(doc, query)) >= 0)
		return i;
	/* the whole query inside one title: "shortcuts", "hidden card" */
	struct sbuf q = {0};
	pol_norm(query, strlen(query), &q);
	int best = -1;
	size_t bestlen = 0;
	if (q.len >= 3)
		for (size_t k = 0; k < doc->nsec; k++) {
			struct sbuf t = {0};
			pol_norm(doc->sec[k].title, strlen(doc->sec[k].title), &t);
			if (strstr(t.s, q.s) && (best < 0 || t.len < bestlen))
				best = (int)k, bestlen = t.len;
			sbuf_free(&t);
		}
	sbuf_free(&q);
	if (best >= 0)
		return best;
	int m[1];
	double sc[1];
	return pol_match(doc, query, m, sc, 1) ? m[0] : -1;
}

char *
pol_section_text(const struct pol_doc *doc, size_t i)
{
	const struct pol_section *s = &doc->sec[i];
	struct sbuf o = {0};
	sbuf_adds(&o, s->title);
	if (s->penalty)
		sbuf_addf(&o, "\n%s", s->penalty);
	for (int p = 0; p < PP_N; p++)
		if (s->parts[p])
			sbuf_addf(&o, "\n%s", s->parts[p]);
	return sbuf_take(&o);
}
