/* cmd_rules.c — rule, define, refs, backrefs, toc, versions, check. */
#include "cmd_rules.h"
#include "cmd_policy.h"
#include "../base/buf.h"
#include "../base/editdist.h"
#include "../base/safefile.h"
#include "../search/search.h"
#include "../text/decode.h"
#include "cmd_textbook.h"
#include "../history/history.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------- parsing rule specs ---------- */

static size_t
dash_at(const char *s)
{
	if (*s == '-')
		return 1;
	if ((unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 &&
	    ((unsigned char)s[2] == 0x93 || (unsigned char)s[2] == 0x94))
		return 3;
	return 0;
}

/* A judge writes a rule number as "704.5j", "704.5J", "CR 704.5j", "rule 704.5j" or
 * "§ 704.5j": the prefix word goes, letters are lower-cased. Returns false when what is
 * left is too long to be a rule spec. */
static bool
spec_normalize(const char *spec, char *out, size_t cap)
{
	while (isspace((unsigned char)*spec))
		spec++;
	static const char *const prefix[] = { "rules", "rule", "cr", "r.", "\u00a7" };
	for (size_t k = 0; k < sizeof prefix / sizeof *prefix; k++) {
		size_t l = strlen(prefix[k]);
		if (strncasecmp(spec, prefix[k], l) == 0 &&
		    (isdigit((unsigned char)spec[l]) || isspace((unsigned char)spec[l]))) {
			spec += l;
			while (isspace((unsigned char)*spec))
				spec++;
			break;
		}
	}
	size_t n = strlen(spec);
	if (n >= cap)
		return false;
	for (size_t i = 0; i <= n; i++)
		out[i] = (char)tolower((unsigned char)spec[i]);
	return true;
}

/* The end of a rule range written as the bare number after the dot: "5" in 702.1-5,
 * "10" in 119.9–10. JRID_NONE unless s is only digits. */
static jrid
range_end_number(jrid lo, const char *s)
{
	if (jrid_level(lo) != JL_RULE || !isdigit((unsigned char)*s))
		return JRID_NONE;
	unsigned v = 0;
	size_t k = 0;
	for (; isdigit((unsigned char)s[k]) && k < 4; k++)
		v = v * 10 + (unsigned)(s[k] - '0');
	while (isspace((unsigned char)s[k]))
		k++;
	if (s[k] != '\0' || v == 0 || v > 0xFFF)
		return JRID_NONE;
	return JRID_MAKE(JRID_CHAP(lo), v, 0);
}

unsigned
rules_spec_copy(const char *spec)
{
	const char *h = strrchr(spec, '#');
	if (h == NULL || !isdigit((unsigned char)h[1]))
		return 0;
	unsigned v = 0;
	for (h++; isdigit((unsigned char)*h) && v < 1000; h++)
		v = v * 10 + (unsigned)(*h - '0');
	while (isspace((unsigned char)*h))
		h++;
	return *h == '\0' && v >= 1 ? v : 0;
}

int
rules_parse_spec(const char *raw, jrid *ids, int n)
{
	char buf[64];
	if (!spec_normalize(raw, buf, sizeof buf))
		return 0;
	if (rules_spec_copy(buf) != 0)
		*strrchr(buf, '#') = '\0';
	const char *spec = buf;
	const char *e;
	jrid lo = jrid_parse(spec, &e);
	if (lo == JRID_NONE)
		return 0;
	while (isspace((unsigned char)*e))
		e++;
	if (*e == '\0') {
		ids[0] = lo;
		return 1;
	}
	size_t dl = dash_at(e);
	if (!dl)
		return 0;
	e += dl;
	while (isspace((unsigned char)*e))
		e++;
	jrid hi;
	const char *le;
	int hl;
	if (JRID_LETTER(lo) && (hl = jrid_letters_parse(e, &le)) != 0 && *le == '\0') {
		hi = (lo & ~0xFFu) | (unsigned)hl;   /* 601.2f-h, 704.5y-ab */
	} else if ((hi = range_end_number(lo, e)) == JRID_NONE) {
		hi = jrid_from_str(e);
		if (hi == JRID_NONE)
			return 0;
	}
	if (hi < lo || jrid_level(hi) != jrid_level(lo) || jrid_parent(hi) != jrid_parent(lo))
		return -1;
	int k = 0;
	if (JRID_LETTER(lo)) {
		if (!jrid_letter_valid((int)JRID_LETTER(hi)))
			return -1;
		for (int l = (int)JRID_LETTER(lo); l && l <= (int)JRID_LETTER(hi) && k < n; l = jrid_letter_next(l))
			ids[k++] = (lo & ~0xFFu) | (uint32_t)l;
	} else if (JRID_NUM(lo)) {
		for (uint32_t x = JRID_NUM(lo); x <= JRID_NUM(hi) && k < n; x++)
			ids[k++] = JRID_MAKE(JRID_CHAP(lo), x, 0);
	} else {
		for (uint32_t x = JRID_CHAP(lo); x <= JRID_CHAP(hi) && k < n; x++)
			ids[k++] = JRID_MAKE(x, 0, 0);
	}
	return k;
}

/* ---------- printing ---------- */

const char *
rules_label(const struct jrelease *rel, uint32_t i, char *buf, size_t cap)
{
	const struct jrule *r = &rel->rules[i];
	if (r->title) {
		snprintf(buf, cap, "%s %s", r->num, r->title);
		return buf;
	}
	/* the first words of the text, cut at a word boundary */
	size_t max = 60, n = strlen(r->text);
	const char *nl = strchr(r->text, '\n');
	if (nl && (size_t)(nl - r->text) < n)
		n = (size_t)(nl - r->text);
	bool cut = n > max;
	if (cut) {
		n = max;
		while (n > 20 && r->text[n] != ' ')
			n--;
	}
	snprintf(buf, cap, "%s %.*s%s", r->num, (int)n, r->text, cut ? "…" : "");
	return buf;
}

static void
print_id(struct jctx *c, const char *num)
{
	out_printf(c->out, "%s%s%s", out_sgr(c->out, OS_ID), num, out_sgr(c->out, OS_RESET));
}

/* "[3] 510.1c" in the REPL, "510.1c" elsewhere. */
static void
link_text(struct jctx *c, struct sbuf *b, const char *num)
{
	int k = jnav_link(c, num);
	if (k > 0)
		/* a no-break space keeps "[3] 510.1c" on one line when wrapped */
		sbuf_addf(b, "%s[%d]%s\u00a0%s", out_sgr(c->out, OS_DIM), k, out_sgr(c->out, OS_RESET), num);
	else
		sbuf_adds(b, num);
}

static void
print_list_line(struct jctx *c, const char *label, const struct jrelease *rel,
    const uint32_t *v, uint32_t n)
{
	if (n == 0)
		return;
	struct sbuf b = {0};
	sbuf_addf(&b, "%s%s:%s ", out_sgr(c->out, OS_DIM), label, out_sgr(c->out, OS_RESET));
	for (uint32_t k = 0; k < n; k++) {
		if (k)
			sbuf_adds(&b, ", ");
		link_text(c, &b, rel->rules[v[k]].num);
	}
	out_puts(c->out, "    ");
	out_wrap(c->out, b.s, 4, 6);
	sbuf_free(&b);
}

/* The rest of a range whose first number was just linked ("119.7" of "119.7–8",
 * "601.2a" of "601.2a-d"): when e holds a dash and the range's end, that end is copied and
 * the other numbers of the range follow it in parentheses, each a link in order: "[3]
 * 119.7–8 ([4] 119.8)". A range of more than RANGE_LINKS numbers gets its end alone.
 * Returns how many bytes of e were consumed (0: no range). */
#define RANGE_LINKS 8
static size_t
link_range_rest(struct jctx *c, const struct jrelease *rel, const char *e, struct sbuf *b)
{
	size_t dl = dash_at(e);
	if (!dl)
		return 0;
	const char *end = e + dl;
	size_t el = 0;
	while (isalnum((unsigned char)end[el]) || (end[el] == '.' && isdigit((unsigned char)end[el + 1])))
		el++;
	if (el == 0 || el > 12)
		return 0;
	/* the whole range as `judge 119.7-8` reads it: the start is the text before e */
	const char *start = e;
	while (start > e - 12 && (isalnum((unsigned char)start[-1]) || start[-1] == '.'))
		start--;
	char spec[40];
	snprintf(spec, sizeof spec, "%.*s-%.*s", (int)(e - start), start, (int)el, end);
	jrid ids[64];
	int n = rules_parse_spec(spec, ids, 64);
	if (n < 2)
		return 0;
	uint32_t in[64];
	int k = 0;
	for (int i = 1; i < n; i++) {
		if (n > RANGE_LINKS + 1 && i != n - 1)
			continue;
		uint32_t ti = jrel_find(rel, ids[i]);
		if (ti != JNONE)
			in[k++] = ti;
	}
	if (k == 0)
		return 0;
	sbuf_add(b, e, dl + el);
	sbuf_adds(b, " (");
	for (int i = 0; i < k; i++) {
		if (i)
			sbuf_adds(b, ", ");
		link_text(c, b, rel->rules[in[i]].num);
	}
	sbuf_addc(b, ')');
	return dl + el;
}

/* In the REPL every rule number in shown text is a link: "see rule [2] 605.3b". A number
 * with a dot that the release has is one; a bare chapter or section number only when the
 * entry cites it (so "2 damage" stays words). Outside the REPL the text is copied. */
static void
link_numbers(struct jctx *c, const struct jrelease *rel, const struct jrule *r, const char *t,
    struct sbuf *b)
{
	if (!c->interactive || c->nav == NULL || c->json) {
		sbuf_adds(b, t);
		return;
	}
	for (const char *p = t; *p;) {
		bool starts = isdigit((unsigned char)*p) &&
		    (p == t || !(isalnum((unsigned char)p[-1]) || p[-1] == '.' || p[-1] == '/' || p[-1] == '+' || p[-1] == '-'));
		const char *e;
		jrid id = starts ? jrid_parse(p, &e) : JRID_NONE;
		if (id != JRID_NONE && (isalnum((unsigned char)*e) || *e == '/'))
			id = JRID_NONE;
		uint32_t ti = id != JRID_NONE ? jrel_find(rel, id) : JNONE;
		if (ti != JNONE && jrid_level(id) <= JL_CHAPTER) {
			bool cited = false;
			for (uint32_t k = 0; k < r->nrefs && !cited; k++)
				cited = r->refs[k] == ti;
			if (!cited)
				ti = JNONE;
		}
		if (ti == JNONE) {
			sbuf_addc(b, *p++);
			continue;
		}
		link_text(c, b, rel->rules[ti].num);
		/* jrid_parse takes a trailing dot with the number: give it back to the sentence */
		if (e[-1] == '.') {
			sbuf_addc(b, '.');
			p = e;
			continue;
		}
		p = e + link_range_rest(c, rel, e, b);
	}
}

static void
print_one(struct jctx *c, const struct jrelease *rel, uint32_t i, int depth)
{
	const struct jrule *r = &rel->rules[i];
	int ind = depth * 2;
	for (int k = 0; k < ind; k++)
		out_puts(c->out, " ");
	print_id(c, r->num);
	out_puts(c->out, " ");
	int first = ind + (int)strlen(r->num) + 1;
	if (r->title && jrid_level(r->id) <= JL_CHAPTER) {
		struct sbuf b = {0};
		sbuf_addf(&b, "%s%s%s", out_sgr(c->out, OS_TITLE), r->title, out_sgr(c->out, OS_RESET));
		out_wrap(c->out, b.s, first, ind + 4);
		sbuf_free(&b);
	} else if (r->title) {
		struct sbuf b = {0};
		sbuf_addf(&b, "%s%s%s", out_sgr(c->out, OS_BOLD), r->title, out_sgr(c->out, OS_RESET));
		link_numbers(c, rel, r, r->text + strlen(r->title), &b);
		out_wrap(c->out, b.s, first, ind + 4);
		sbuf_free(&b);
	} else {
		struct sbuf b = {0};
		link_numbers(c, rel, r, r->text, &b);
		out_wrap(c->out, b.s, first, ind + 4);
		sbuf_free(&b);
	}
	if (c->examples) {
		for (uint32_t k = 0; k < r->nexamples; k++) {
			struct sbuf b = {0};
			sbuf_addf(&b, "%sExample:%s %s", out_sgr(c->out, OS_BOLD), out_sgr(c->out, OS_RESET),
			    out_sgr(c->out, OS_EX));
			link_numbers(c, rel, r, r->examples[k], &b);
			sbuf_adds(&b, out_sgr(c->out, OS_RESET));
			for (int s = 0; s < ind + 4; s++)
				out_puts(c->out, " ");
			out_wrap(c->out, b.s, ind + 4, ind + 6);
			sbuf_free(&b);
		}
	}
}

static void
print_tree(struct jctx *c, const struct jrelease *rel, uint32_t i, int depth, bool deep)
{
	print_one(c, rel, i, depth);
	if (!deep)
		return;
	const struct jrule *r = &rel->rules[i];
	for (uint32_t k = 0; k < r->nchildren; k++)
		print_tree(c, rel, r->children[k], depth + 1, true);
}

/* The source gave this entry's number to more than one entry (605.2c twice in
 * 2005-08-01): say which one this is and how to see the others. */
static void
rules_print_copies(struct jctx *c, const struct jrelease *rel, uint32_t i)
{
	const struct jrule *r = &rel->rules[i];
	uint32_t first = i, last = i;
	while (first > 0 && rel->rules[first - 1].id == r->id)
		first--;
	while (last + 1 < rel->nrules && rel->rules[last + 1].id == r->id)
		last++;
	if (first == last)
		return;
	struct sbuf b = {0};
	sbuf_addf(&b, "%sNote:%s the %s text numbers %u entries %s (", out_sgr(c->out, OS_WARN), out_sgr(c->out, OS_RESET),
	    rel->label, last - first + 1, r->num);
	for (uint32_t k = first; k <= last; k++)
		sbuf_addf(&b, "%sline %u", k > first ? ", " : "", rel->rules[k].line);
	static const char *const nth[] = {"first", "second", "third", "fourth"};
	uint32_t me = i - first;
	if (me < 4)
		sbuf_addf(&b, "); this is the %s. The %s: ", nth[me], last - first > 1 ? "others" : "other");
	else
		sbuf_addf(&b, "); this is #%u. The others: ", me + 1);
	for (uint32_t k = first, n = 0; k <= last; k++) {
		if (k == i)
			continue;
		if (n++)
			sbuf_adds(&b, ", ");
		if (k == first)
			sbuf_addf(&b, "judge %s", r->num);
		else
			sbuf_addf(&b, "judge %s#%u", r->num, k - first + 1);
	}
	sbuf_adds(&b, ".");
	out_puts(c->out, "    ");
	out_wrap(c->out, b.s, 4, 6);
	sbuf_free(&b);
}

void
rules_print(struct jctx *c, const struct jrelease *rel, uint32_t i, bool deep)
{
	const struct jrule *r = &rel->rules[i];
	if (jrid_level(r->id) == JL_SECTION) {
		/* a section is a list of chapters: its contents, not its whole text */
		print_one(c, rel, i, 0);
		for (uint32_t k = 0; k < r->nchildren; k++) {
			char buf[160];
			struct sbuf b = {0};
			const char *label = rules_label(rel, r->children[k], buf, sizeof buf);
			link_text(c, &b, rel->rules[r->children[k]].num);
			out_printf(c->out, "  %s%s\n", b.s, label + strlen(rel->rules[r->children[k]].num));
			sbuf_free(&b);
		}
		return;
	}
	print_tree(c, rel, i, 0, deep);
	rules_print_copies(c, rel, i);
	print_list_line(c, "See", rel, r->refs, r->nrefs);
	print_list_line(c, "Cited by", rel, r->backrefs, r->nbackrefs);
	if (r->ngloss_backrefs) {
		struct sbuf b = {0};
		sbuf_addf(&b, "%sGlossary:%s ", out_sgr(c->out, OS_DIM), out_sgr(c->out, OS_RESET));
		for (uint32_t k = 0; k < r->ngloss_backrefs; k++) {
			if (k)
				sbuf_adds(&b, ", ");
			sbuf_adds(&b, rel->gloss[r->gloss_backrefs[k]].head);
		}
		out_puts(c->out, "    ");
		out_wrap(c->out, b.s, 4, 6);
		sbuf_free(&b);
	}
	/* the textbook costs tens of milliseconds to read and link: in the REPL (where it is
	 * read once) and with -v, not in every one-shot lookup */
	if (c->interactive || c->verbose)
		tb_print_taught_in(c, rel, r->id);
}

void
rules_json_ids(struct jw *w, const char *key, const struct jrelease *rel, const uint32_t *v, uint32_t n)
{
	jw_key(w, key);
	jw_arr(w);
	for (uint32_t k = 0; k < n; k++)
		jw_str(w, rel->rules[v[k]].num);
	jw_arr_end(w);
}

/* key: the glossary entries that cite rule r, by their heads */
static void
json_gloss_backrefs(struct jw *w, const char *key, const struct jrelease *rel, const struct jrule *r)
{
	jw_key(w, key);
	jw_arr(w);
	for (uint32_t k = 0; k < r->ngloss_backrefs; k++)
		jw_str(w, rel->gloss[r->gloss_backrefs[k]].head);
	jw_arr_end(w);
}

static void
json_version(struct jw *w, const struct jrelease *rel)
{
	jw_key(w, "version");
	if (rel->date)
		jw_str(w, rel->label);
	else
		jw_null(w);
}

void
rules_json(struct jctx *c, struct jw *w, const struct jrelease *rel, uint32_t i)
{
	const struct jrule *r = &rel->rules[i];
	jw_obj(w);
	jw_kstr(w, "id", r->num);
	json_version(w, rel);
	jw_kstr(w, "release", rel->label);
	jw_kstr(w, "title", r->title);
	jw_kstr(w, "text", r->text);
	jw_kstrs(w, "examples", r->examples, r->nexamples);
	jw_key(w, "parent");
	jw_str(w, r->parent == JNONE ? NULL : rel->rules[r->parent].num);
	rules_json_ids(w, "children", rel, r->children, r->nchildren);
	rules_json_ids(w, "refs", rel, r->refs, r->nrefs);
	rules_json_ids(w, "backrefs", rel, r->backrefs, r->nbackrefs);
	json_gloss_backrefs(w, "glossary_backrefs", rel, r);
	jw_key(w, "prev");
	jw_str(w, i > 0 ? rel->rules[i - 1].num : NULL);
	jw_key(w, "next");
	jw_str(w, i + 1 < rel->nrules ? rel->rules[i + 1].num : NULL);
	jw_key(w, "source");
	jw_obj(w);
	jw_kstr(w, "file", rel->file);
	jw_kint(w, "line", r->line);
	jw_obj_end(w);
	/* the source numbers more than one entry like this one: which of them this is */
	uint32_t first = i, n = 1;
	while (first > 0 && rel->rules[first - 1].id == r->id)
		first--;
	while (first + n < rel->nrules && rel->rules[first + n].id == r->id)
		n++;
	if (n > 1) {
		jw_kint(w, "copy", i - first + 1);
		jw_kint(w, "copies", n);
	}
	if (c->verbose) {
		struct tb_book *tb = tb_for(c);
		const struct tb_page *pages[16];
		size_t np = tb ? tb_pages_for_rule(tb, rel, r->id, pages, 16) : 0;
		jw_key(w, "textbook");
		jw_arr(w);
		for (size_t k = 0; k < np; k++)
			jw_str(w, pages[k]->title);
		jw_arr_end(w);
	}
	jw_obj_end(w);
}

void
rules_suggest(const struct jrelease *rel, jrid id, bool climb, struct sbuf *out)
{
	char a[16], b[16];
	/* the neighbours under the same parent: 704.5l -> 704.5k or 704.5m; when the parent
	 * is missing too (and climb), the neighbours of the nearest missing ancestor that has
	 * some (999.9: there is no 999; 905 is the last chapter under 9) */
	jrid below = JRID_NONE, above = JRID_NONE, at = id, parent = jrid_parent(id);
	for (jrid q = id; q != JRID_NONE && below == JRID_NONE && above == JRID_NONE && (q == id || climb);
	    q = jrid_parent(q)) {
		if (q != id && jrel_find(rel, q) != JNONE) {
			parent = q;     /* 123.4a: "123.4 exists" */
			break;
		}
		at = q;
		parent = jrid_parent(q);
		for (uint32_t i = 0; i < rel->nrules; i++) {
			jrid x = rel->rules[i].id;
			if (jrid_parent(x) != parent || jrid_level(x) != jrid_level(q))
				continue;
			if (x < q)
				below = x;
			else if (x > q && above == JRID_NONE)
				above = x;
		}
	}
	struct sbuf *hint = out;
	if (JRID_LETTER(id) && !jrid_letter_valid((int)JRID_LETTER(id)))
		sbuf_addf(hint, "subrule letters skip l and o; ");
	if (at != id && (below != JRID_NONE || above != JRID_NONE))
		sbuf_addf(hint, "there is no %s either; ", jrid_str(at, a));
	if (below != JRID_NONE && above != JRID_NONE)
		sbuf_addf(hint, "did you mean %s or %s?", jrid_str(below, a), jrid_str(above, b));
	else if (below != JRID_NONE)
		sbuf_addf(hint, "did you mean %s? (the last one under %s)", jrid_str(below, a),
		    parent ? jrid_str(parent, b) : "it");
	else if (above != JRID_NONE)
		sbuf_addf(hint, "did you mean %s?", jrid_str(above, a));
	else if (parent != JRID_NONE && jrel_find(rel, parent) != JNONE)
		sbuf_addf(hint, "%s exists: judge %s", jrid_str(parent, a), a);
}

void
rules_not_found(struct jctx *c, jrid id)
{
	const struct jrelease *rel = c->rel;
	char num[16];
	jrid_str(id, num);
	/* (the ancestors' neighbours not when another release has it, or this one is
	 * partial: that says more) */
	bool elsewhere = rel->truncated || rel->fragment;
	for (uint32_t k = 0; k < c->ix->nrels && !elsewhere; k++)
		elsewhere = c->ix->rels[k] != rel && jrel_find(c->ix->rels[k], id) != JNONE;
	struct sbuf hint = {0};
	rules_suggest(rel, id, !elsewhere, &hint);
	/* other loaded releases that have it */
	for (uint32_t k = 0; k < c->ix->nrels; k++) {
		const struct jrelease *o = c->ix->rels[k];
		uint32_t oi = o != rel ? jrel_find(o, id) : JNONE;
		if (oi != JNONE) {
			sbuf_addf(&hint, "%s%s has %s: judge --cr %s %s", hint.len ? "; " : "", o->label, num, o->label, num);
			/* a renumbered rule: say what it is called in the release answering */
			float conf;
			uint32_t t = o->date && rel->date ? hist_map(c->ix, o, oi, rel, &conf) : JNONE;
			if (t != JNONE)
				sbuf_addf(&hint, "; in %s it is %s (confidence %.2f): judge %s", rel->label,
				    rel->rules[t].num, conf, rel->rules[t].num);
			break;
		}
	}
	if (rel->truncated || rel->fragment) {
		sbuf_addf(&hint, "%sthe %s rules loaded are %s (%s to %s); load a complete release with --rules FILE or `judge update`",
		    hint.len ? "; " : "", rel->label, rel->truncated ? "truncated" : "a fragment",
		    rel->nrules ? rel->rules[0].num : "?", rel->last_num ? rel->last_num : "?");
	}
	jerr(c, hint.len ? hint.s : NULL, "no rule %s in the %s rules", num, rel->label);
	sbuf_free(&hint);
}

/* ---------- commands ---------- */

static int
need_rel(struct jctx *c)
{
	if (c->rel == NULL) {
		jerr(c, "load rules with --rules FILE (a MagicCompRules YYYYMMDD.txt)", "no rules are loaded");
		return JX_USAGE;
	}
	return JX_OK;
}

/* Said when a rule the answering release lacks is shown from another text (the built-in
 * partial texts): the same number elsewhere need not be the same rule, so the answer says
 * the answering release lacks it, which other texts number it too, and, when the
 * concordance can tell, the answering release's number for the rule shown. */
static void
fallback_note(struct jctx *c, const struct jrelease *from, jrid id)
{
	const struct jrelease *rel = c->rel;
	char num[16];
	jrid_str(id, num);
	out_printf(c->out, " (%s is not in the %s rules answering", num, rel->label);
	int also = 0;
	for (uint32_t k = 0; k < c->ix->nrels; k++) {
		const struct jrelease *x = c->ix->rels[k];
		if (x != rel && x != from && jrel_find(x, id) != JNONE)
			out_printf(c->out, "%s%s", also++ ? ", " : "; the ", x->label);
	}
	if (also)
		out_printf(c->out, " rules number a %s too", num);
	float conf;
	uint32_t fi = jrel_find(from, id);
	uint32_t t = from->date && rel->date && fi != JNONE ? hist_map(c->ix, from, fi, rel, &conf) : JNONE;
	if (t != JNONE)
		out_printf(c->out, "; in the %s rules it is %s", rel->label, rel->rules[t].num);
	out_puts(c->out, ")");
}

int
cmd_rule(struct jctx *c, int argc, char **argv)
{
	if (need_rel(c))
		return JX_USAGE;
	if (argc < 2) {
		jerr(c, "for example: judge rule 702.19b, judge rule 601.2f-h", "which rule?");
		return JX_USAGE;
	}
	const struct jrelease *rel = c->rel;
	struct jw w;
	if (c->json)
		jw_init(&w, &c->out->buf, true);
	int status = JX_OK;
	/* collect the ids first so JSON can choose object or array */
	jrid ids[512];
	int nid = 0;
	unsigned want_copy = 0;     /* "605.2c#2": the second entry numbered 605.2c */
	for (int a = 1; a < argc; a++) {
		int k = rules_parse_spec(argv[a], ids + nid, (int)(sizeof ids / sizeof *ids) - nid);
		if (k == 1 && argc == 2)
			want_copy = rules_spec_copy(argv[a]);
		if (k == 0) {
			jerr(c, "a rule number looks like 702.19b; a range like 601.2f-h; for words try: judge search ...",
			    "'%s' is not a rule number", argv[a]);
			return JX_USAGE;
		}
		if (k < 0) {
			jerr(c, "a range stays under one parent: 601.2f-h, 702.19b-d, 702.1-5", "bad range '%s'", argv[a]);
			return JX_USAGE;
		}
		nid += k;
	}
	bool many = nid > 1;
	if (c->json && many)
		jw_arr(&w);
	int shown = 0;
	const struct jrelease *said = rel;   /* the text the last rule shown came from */
	for (int k = 0; k < nid; k++) {
		uint32_t i = jrel_find(rel, ids[k]);
		/* only the built-in partial texts: the newest that has the rule answers (a search
		 * on them links to 502.9 of the mid-2000s text) */
		const struct jrelease *from = rel;
		if (i == JNONE && want_copy <= 1 && rules_only_partial(c->ix)) {
			for (uint32_t r = 0; r < c->ix->nrels; r++) {
				const struct jrelease *x = c->ix->rels[r];
				uint32_t j = jrel_find(x, ids[k]);
				if (j != JNONE && (from == rel || rules_age(x) > rules_age(from))) {
					from = x;
					i = j;
				}
			}
		}
		if (i != JNONE && want_copy > 1) {
			uint32_t at = i + want_copy - 1;
			if (at >= rel->nrules || rel->rules[at].id != ids[k]) {
				uint32_t n = 1;
				while (i + n < rel->nrules && rel->rules[i + n].id == ids[k])
					n++;
				char hint[96];
				if (n > 1)
					snprintf(hint, sizeof hint, "judge %s shows the first, judge %s#%u the last",
					    rel->rules[i].num, rel->rules[i].num, n);
				else
					snprintf(hint, sizeof hint, "judge %s shows it", rel->rules[i].num);
				jerr(c, hint, "the %s text numbers %u %s %s, not %u", rel->label, n,
				    n > 1 ? "entries" : "entry", rel->rules[i].num, want_copy);
				return JX_NOTFOUND;
			}
			i = at;
		}
		if (i == JNONE) {
			/* inside a range, a missing letter is just absent; alone, it is an error */
			if (!many || argc > 2) {
				rules_not_found(c, ids[k]);
				status = JX_NOTFOUND;
			}
			continue;
		}
		shown++;
		if (c->json) {
			rules_json(c, &w, from, i);
		} else {
			if (shown > 1)
				out_puts(c->out, "\n");
			if (from != said || from != rel) {
				char era[160];
				out_printf(c->out, "%sFrom %s", out_sgr(c->out, OS_DIM), rules_era(from, true, era, sizeof era));
				if (from != rel)
					fallback_note(c, from, ids[k]);
				out_printf(c->out, ":%s\n", out_sgr(c->out, OS_RESET));
				said = from;
			}
			rules_print(c, from, i, !many);
		}
		jnav_visit(c, from->rules[i].id);
	}
	if (said != rel)
		rules_historical_note(c);
	if (c->json && many)
		jw_arr_end(&w);
	if (c->json && (shown || many))
		out_puts(c->out, "\n");
	if (shown == 0 && status == JX_OK) {
		char a[16];
		jerr(c, NULL, "none of %s is in the %s rules", jrid_str(ids[0], a), rel->label);
		status = JX_NOTFOUND;
	}
	return status;
}

/* Glossary terms close to `term`: same prefix, or a small edit distance. */
static void
gloss_suggest(const struct jrelease *rel, const char *term, struct sbuf *out)
{
	char key[256], cand[256];
	jfold(term, key, sizeof key);
	size_t kl = strlen(key);
	int found = 0;
	size_t cap = kl < 5 ? 1 : kl < 9 ? 2 : 3;
	for (size_t pass = 0; pass < 2 && found < 5; pass++) {
		for (uint32_t i = 0; i < rel->ngloss && found < 5; i++) {
			for (uint32_t k = 0; k < rel->gloss[i].naliases; k++) {
				jfold(rel->gloss[i].aliases[k], cand, sizeof cand);
				bool hit = pass == 0 ? (kl >= 3 && strncmp(cand, key, kl) == 0)
				    : (ed_distance(key, cand, cap) <= cap && strncmp(cand, key, kl) != 0);
				if (hit) {
					sbuf_addf(out, "%s\"%s\"", found ? ", " : "did you mean ", rel->gloss[i].aliases[k]);
					found++;
					break;
				}
			}
		}
	}
	if (found)
		sbuf_adds(out, "?");
}

static void
define_json(struct jw *w, const struct jrelease *rel, const struct jgloss *g)
{
	jw_obj(w);
	jw_kstr(w, "term", g->head);
	json_version(w, rel);
	jw_kstrs(w, "aliases", g->aliases, g->naliases);
	jw_kbool(w, "obsolete", g->obsolete);
	jw_kstr(w, "text", g->text);
	jw_kstrs(w, "examples", g->examples, g->nexamples);
	rules_json_ids(w, "refs", rel, g->refs, g->nrefs);
	jw_key(w, "source");
	jw_obj(w);
	jw_kstr(w, "file", rel->file);
	jw_kint(w, "line", g->line);
	jw_obj_end(w);
	jw_obj_end(w);
}

/* The words of s folded, without articles and "of": "Enters the Battlefield" and
 * "enters battlefield" both give "enters battlefield". */
static void
content_words(const char *s, char *out, size_t cap)
{
	char f[256];
	jfold(s, f, sizeof f);
	size_t o = 0;
	for (char *w = strtok(f, " ,"); w; w = strtok(NULL, " ,")) {
		if (!strcmp(w, "the") || !strcmp(w, "a") || !strcmp(w, "an") || !strcmp(w, "of"))
			continue;
		size_t l = strlen(w);
		if (o + l + 2 > cap)
			break;
		if (o)
			out[o++] = ' ';
		memcpy(out + o, w, l);
		o += l;
	}
	out[o] = '\0';
}

/* The glossary entry a judge's abbreviation stands for ("ETB", "cmc"): the thesaurus
 * (corpus/thesaurus.tsv, then the user's own) maps it to the rules' words, and the entry
 * whose head or alias has those words is the answer. JNONE if there is none. */
static uint32_t
define_by_thesaurus(struct jctx *c, const char *term)
{
	char key[256];
	jfold(term, key, sizeof key);
	struct sbuf path = {0}, words = {0};
	const char *x = getenv("XDG_CONFIG_HOME");
	for (int src = 0; src < 2 && !words.len; src++) {
		sbuf_reset(&path);
		if (src == 0 && c->datadir)
			sbuf_addf(&path, "%s/corpus/thesaurus.tsv", c->datadir);
		else if (src == 1 && x && *x == '/')
			sbuf_addf(&path, "%s/judge/thesaurus.tsv", x);
		else if (src == 1 && getenv("HOME"))
			sbuf_addf(&path, "%s/.config/judge/thesaurus.tsv", getenv("HOME"));
		if (path.len && srch_thesaurus_words(path.s, key, &words) < 0 && errno != ENOENT)
			jerr(c, "make it a text file (SLANG<TAB>RULES WORDS a line) or remove it",
			    "%s: warning: cannot read the thesaurus: %s", path.s, sfile_strerror(errno));
	}
	uint32_t gi = JNONE;
	if (words.len) {
		char want[256], cand[256];
		words.s[strcspn(words.s, "\r\n")] = '\0';
		content_words(words.s, want, sizeof want);
		const struct jrelease *rel = c->rel;
		for (uint32_t g = 0; g < rel->ngloss && gi == JNONE && *want; g++) {
			for (uint32_t k = 0; k <= rel->gloss[g].naliases; k++) {
				content_words(k ? rel->gloss[g].aliases[k - 1] : rel->gloss[g].head, cand, sizeof cand);
				if (strcmp(cand, want) == 0) {
					gi = g;
					break;
				}
			}
		}
	}
	sbuf_free(&path);
	sbuf_free(&words);
	return gi;
}

uint32_t
rules_named_by_gloss(const struct jrelease *rel, uint32_t gi)
{
	const struct jgloss *g = &rel->gloss[gi];
	char head[256], title[256];
	for (uint32_t k = 0; k < g->nrefs; k++) {
		const struct jrule *r = &rel->rules[g->refs[k]];
		if (r->title == NULL)
			continue;
		jfold(r->title, title, sizeof title);
		for (uint32_t a = 0; a <= g->naliases; a++) {
			jfold(a ? g->aliases[a - 1] : g->head, head, sizeof head);
			if (strcmp(head, title) == 0)
				return g->refs[k];
		}
	}
	return JNONE;
}

int
cmd_define(struct jctx *c, int argc, char **argv)
{
	if (need_rel(c))
		return JX_USAGE;
	if (argc < 2) {
		jerr(c, "for example: judge define \"lethal damage\"", "which term?");
		return JX_USAGE;
	}
	struct sbuf term = {0};
	for (int a = 1; a < argc; a++) {
		if (a > 1)
			sbuf_addc(&term, ' ');
		sbuf_adds(&term, argv[a]);
	}
	const struct jrelease *rel = c->rel;
	uint32_t gi = jrel_define(rel, term.s);
	if (gi == JNONE) {
		/* a plural or a keyword's rule title still finds it */
		size_t l = term.len;
		if (l > 3 && term.s[l - 1] == 's') {
			term.s[l - 1] = '\0';
			gi = jrel_define(rel, term.s);
			term.s[l - 1] = 's';
		}
	}
	if (gi == JNONE)
		gi = define_by_thesaurus(c, term.s);
	if (gi == JNONE) {
		struct sbuf hint = {0};
		gloss_suggest(rel, term.s, &hint);
		if (rel->ngloss == 0)
			sbuf_addf(&hint, "%sthe %s rules have no glossary%s", hint.len ? "; " : "", rel->label,
			    rel->truncated ? " (the text is truncated)" : "");
		else if (!hint.len)
			sbuf_addf(&hint, "try: judge search %s", term.s);
		jerr(c, hint.s, "no glossary entry for \"%s\" in the %s rules", term.s, rel->label);
		sbuf_free(&hint);
		sbuf_free(&term);
		return JX_NOTFOUND;
	}
	sbuf_free(&term);
	const struct jgloss *g = &rel->gloss[gi];
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		define_json(&w, rel, g);
		out_puts(c->out, "\n");
		return JX_OK;
	}
	struct sbuf b = {0};
	sbuf_addf(&b, "%s%s%s", out_sgr(c->out, OS_TITLE), g->head, out_sgr(c->out, OS_RESET));
	out_wrap(c->out, b.s, 0, 2);
	sbuf_reset(&b);
	/* numbered senses ("1. ...") and paragraphs each start a line */
	const char *p = g->text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		sbuf_reset(&b);
		sbuf_add(&b, p, n);
		out_puts(c->out, "  ");
		/* a numbered sense hangs under its text, not its number */
		out_wrap(c->out, b.s, 2, isdigit((unsigned char)p[0]) && p[1] == '.' ? 5 : 2);
		p += n + (nl != NULL);
	}
	if (c->examples) {
		for (uint32_t k = 0; k < g->nexamples; k++) {
			sbuf_reset(&b);
			sbuf_addf(&b, "%sExample:%s %s%s%s", out_sgr(c->out, OS_BOLD), out_sgr(c->out, OS_RESET),
			    out_sgr(c->out, OS_EX), g->examples[k], out_sgr(c->out, OS_RESET));
			out_puts(c->out, "  ");
			out_wrap(c->out, b.s, 2, 4);
		}
	}
	sbuf_free(&b);
	print_list_line(c, "See", rel, g->refs, g->nrefs);
	/* "APNAP Order: See Active Player, Nonactive Player Order." — show where it points */
	if (strncmp(g->text, "See ", 4) == 0 && strncmp(g->text, "See rule", 8) != 0 && !strchr(g->text, '\n')) {
		char target[256];
		snprintf(target, sizeof target, "%s", g->text + 4);
		size_t tl = strlen(target);
		while (tl && (target[tl - 1] == '.' || target[tl - 1] == ' '))
			target[--tl] = '\0';
		uint32_t ti = jrel_define(rel, target);
		if (ti != JNONE && ti != gi) {
			char *argv2[] = {(char *)"define", target};
			out_puts(c->out, "\n");
			return cmd_define(c, 2, argv2);
		}
	}
	return JX_OK;
}

static int
one_rule_arg(struct jctx *c, int argc, char **argv, uint32_t *out)
{
	if (need_rel(c))
		return JX_USAGE;
	if (argc != 2) {
		jerr(c, "for example: judge refs 702.12b", "%s takes one rule number", argv[0]);
		return JX_USAGE;
	}
	jrid id = jrid_from_str(argv[1]);
	if (id == JRID_NONE) {
		jerr(c, "a rule number looks like 702.19b", "'%s' is not a rule number", argv[1]);
		return JX_USAGE;
	}
	uint32_t i = jrel_find(c->rel, id);
	if (i == JNONE) {
		rules_not_found(c, id);
		return JX_NOTFOUND;
	}
	*out = i;
	return JX_OK;
}

static void
print_rule_list(struct jctx *c, const struct jrelease *rel, const uint32_t *v, uint32_t n)
{
	for (uint32_t k = 0; k < n; k++) {
		char buf[200];
		struct sbuf b = {0};
		rules_label(rel, v[k], buf, sizeof buf);
		int num = jnav_link(c, rel->rules[v[k]].num);
		if (num)
			sbuf_addf(&b, "%s[%d]%s ", out_sgr(c->out, OS_DIM), num, out_sgr(c->out, OS_RESET));
		const char *sp = strchr(buf, ' ');
		sbuf_addf(&b, "%s%.*s%s%s", out_sgr(c->out, OS_ID), (int)(sp ? sp - buf : (long)strlen(buf)), buf,
		    out_sgr(c->out, OS_RESET), sp ? sp : "");
		out_puts(c->out, "  ");
		out_wrap(c->out, b.s, 2, 6);
		sbuf_free(&b);
	}
}

int
cmd_refs(struct jctx *c, int argc, char **argv)
{
	uint32_t i;
	int st = one_rule_arg(c, argc, argv, &i);
	if (st)
		return st;
	const struct jrelease *rel = c->rel;
	const struct jrule *r = &rel->rules[i];
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_obj(&w);
		jw_kstr(&w, "id", r->num);
		json_version(&w, rel);
		rules_json_ids(&w, "refs", rel, r->refs, r->nrefs);
		jw_obj_end(&w);
		out_puts(c->out, "\n");
		return JX_OK;
	}
	if (r->nrefs == 0) {
		out_printf(c->out, "%s cites no other rule.\n", r->num);
		return JX_OK;
	}
	out_printf(c->out, "%s cites %u rule%s:\n", r->num, r->nrefs, r->nrefs == 1 ? "" : "s");
	print_rule_list(c, rel, r->refs, r->nrefs);
	return JX_OK;
}

int
cmd_backrefs(struct jctx *c, int argc, char **argv)
{
	/* `backrefs ipg 2.1`: a section of a policy document */
	if (argc >= 2 && pol_kind_arg(argv[1]) >= 0)
		return pol_cli_backrefs(c, argc - 1, argv + 1);
	uint32_t i;
	int st = one_rule_arg(c, argc, argv, &i);
	if (st)
		return st;
	const struct jrelease *rel = c->rel;
	const struct jrule *r = &rel->rules[i];
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_obj(&w);
		jw_kstr(&w, "id", r->num);
		json_version(&w, rel);
		rules_json_ids(&w, "backrefs", rel, r->backrefs, r->nbackrefs);
		json_gloss_backrefs(&w, "glossary", rel, r);
		/* the sections of the loaded policy documents that cite it */
		pol_cli_rule_backrefs(c, r->num, &w);
		jw_obj_end(&w);
		out_puts(c->out, "\n");
		return JX_OK;
	}
	if (r->nbackrefs) {
		out_printf(c->out, "%u rule%s cite%s %s:\n", r->nbackrefs, r->nbackrefs == 1 ? "" : "s",
		    r->nbackrefs == 1 ? "s" : "", r->num);
		print_rule_list(c, rel, r->backrefs, r->nbackrefs);
	}
	if (r->ngloss_backrefs) {
		out_printf(c->out, "%u glossary entr%s cite%s %s:\n", r->ngloss_backrefs,
		    r->ngloss_backrefs == 1 ? "y" : "ies", r->ngloss_backrefs == 1 ? "s" : "", r->num);
		for (uint32_t k = 0; k < r->ngloss_backrefs; k++)
			out_printf(c->out, "  %s\n", rel->gloss[r->gloss_backrefs[k]].head);
	}
	size_t np = pol_cli_rule_backrefs(c, r->num, NULL);
	if (r->nbackrefs == 0 && r->ngloss_backrefs == 0 && np == 0)
		out_printf(c->out, "Nothing in the %s rules%s cites %s.\n", rel->label,
		    pol_set_for(c)->n ? " or the loaded policy documents" : "", r->num);
	return JX_OK;
}

int
cmd_toc(struct jctx *c, int argc, char **argv)
{
	if (need_rel(c))
		return JX_USAGE;
	const struct jrelease *rel = c->rel;
	uint32_t root = JNONE;
	if (argc > 2) {
		jerr(c, "for example: judge toc, judge toc 7, judge toc 702", "toc takes at most one section");
		return JX_USAGE;
	}
	if (argc == 2) {
		jrid id = jrid_from_str(argv[1]);
		if (id == JRID_NONE) {
			jerr(c, "for example: judge toc 7 or judge toc 702", "'%s' is not a section or rule number", argv[1]);
			return JX_USAGE;
		}
		root = jrel_find(rel, id);
		if (root == JNONE) {
			rules_not_found(c, id);
			return JX_NOTFOUND;
		}
	}
	struct jw w;
	if (c->json) {
		jw_init(&w, &c->out->buf, true);
		jw_arr(&w);
	}
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const struct jrule *r = &rel->rules[i];
		bool show;
		if (root == JNONE)
			show = jrid_level(r->id) <= JL_CHAPTER;
		else
			show = r->parent == root;
		if (!show)
			continue;
		if (c->json) {
			jw_obj(&w);
			jw_kstr(&w, "id", r->num);
			char buf[200];
			jw_kstr(&w, "title", r->title ? r->title : rules_label(rel, i, buf, sizeof buf) + strlen(r->num) + 1);
			jw_kint(&w, "children", r->nchildren);
			jw_obj_end(&w);
			continue;
		}
		char buf[200];
		struct sbuf b = {0};
		int ind = root == JNONE && jrid_level(r->id) == JL_CHAPTER ? 2 : 0;
		rules_label(rel, i, buf, sizeof buf);
		int num = jnav_link(c, r->num);
		if (num)
			sbuf_addf(&b, "%s[%d]%s ", out_sgr(c->out, OS_DIM), num, out_sgr(c->out, OS_RESET));
		const char *sp = strchr(buf, ' ');
		bool sec = jrid_level(r->id) == JL_SECTION;
		sbuf_addf(&b, "%s%.*s%s%s%s%s", out_sgr(c->out, OS_ID), (int)(sp ? sp - buf : (long)strlen(buf)), buf,
		    out_sgr(c->out, OS_RESET), sec ? out_sgr(c->out, OS_TITLE) : "", sp ? sp : "",
		    sec ? out_sgr(c->out, OS_RESET) : "");
		for (int k = 0; k < ind; k++)
			out_puts(c->out, " ");
		out_wrap(c->out, b.s, ind, ind + 6);
		sbuf_free(&b);
	}
	if (c->json) {
		jw_arr_end(&w);
		out_puts(c->out, "\n");
	}
	return JX_OK;
}

static void
era_text(const struct jrelease *r, char *buf, size_t cap)
{
	if (r->date)
		snprintf(buf, cap, "%s", r->label);
	else
		snprintf(buf, cap, "%s%s", r->label, strncmp(r->label, "about-", 6) == 0 ? " (guessed)" : "");
}

/* When a release was in force, for ordering: its date, or the middle of the era its
 * wording suggests (yyyymmdd). */
static long
release_when(const struct jrelease *r)
{
	if (r->date)
		return r->date;
	if (r->era_from)
		return (long)(r->era_from + r->era_to) / 2 * 10000 + 701;
	return 99999999;
}

static const struct jrelease *const *by_when_rels;

static int
cmp_when(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	long wx = release_when(by_when_rels[x]), wy = release_when(by_when_rels[y]);
	if (wx != wy)
		return wx < wy ? -1 : 1;
	return x < y ? -1 : x > y;   /* then load order */
}

int
cmd_versions(struct jctx *c, int argc, char **argv)
{
	const struct jindex *ix = c->ix;
	const struct jrelease *def = jindex_default(ix);
	/* oldest first, the undated placed by their estimated era */
	uint32_t *order = xcalloc(ix->nrels ? ix->nrels : 1, sizeof *order);
	for (uint32_t i = 0; i < ix->nrels; i++)
		order[i] = i;
	by_when_rels = (const struct jrelease *const *)ix->rels;
	xqsort(order, ix->nrels, sizeof *order, cmp_when);
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_arr(&w);
		for (uint32_t i = 0; i < ix->nrels; i++) {
			const struct jrelease *r = ix->rels[order[i]];
			jw_obj(&w);
			jw_key(&w, "date");
			if (r->date)
				jw_str(&w, r->label);
			else
				jw_null(&w);
			jw_kstr(&w, "label", r->label);
			jw_kstr(&w, "file", r->file);
			jw_kint(&w, "rules", r->nrules);
			jw_kint(&w, "glossary", r->ngloss);
			jw_kint(&w, "examples", r->nexamples);
			jw_kint(&w, "refs", r->nrefs);
			jw_kint(&w, "dangling", r->ndangling);
			jw_kstr(&w, "encoding", r->encoding);
			jw_kstr(&w, "layout", r->layout);
			jw_kbool(&w, "truncated", r->truncated);
			jw_kbool(&w, "fragment", r->fragment);
			jw_kstr(&w, "first", r->nrules ? r->rules[0].num : NULL);
			jw_kstr(&w, "last", r->last_num);
			if (!r->date) {
				jw_key(&w, "era");
				jw_arr(&w);
				jw_int(&w, r->era_from);
				jw_int(&w, r->era_to);
				jw_arr_end(&w);
			}
			jw_kbool(&w, "answering", r == c->rel);
			jw_kbool(&w, "default", r == def);
			jw_obj_end(&w);
		}
		pol_cli_versions(c, &w);   /* the policy documents (cmd_policy.c) */
		jw_arr_end(&w);
		out_puts(c->out, "\n");
		free(order);
		return JX_OK;
	}
	if (ix->nrels == 0) {
		out_puts(c->out, "No rules loaded.\n");
		free(order);
		return JX_OK;
	}
	/* the release column as wide as its longest name ("about-2003-2008 (guessed)") */
	int wl = 22;
	for (uint32_t i = 0; i < ix->nrels; i++) {
		char label[64];
		era_text(ix->rels[i], label, sizeof label);
		if ((int)strlen(label) > wl)
			wl = (int)strlen(label);
	}
	/* a terminal narrower than the table gets a wrapped paragraph for each release */
	int fw = 4;
	for (uint32_t i = 0; i < ix->nrels; i++) {
		const char *slash = strrchr(ix->rels[i]->file, '/');
		int l = text_width(slash ? slash + 1 : ix->rels[i]->file, strlen(slash ? slash + 1 : ix->rels[i]->file));
		if (l > fw)
			fw = l;
	}
	bool narrow = c->out->width > 0 && c->out->width < 60 && 2 + wl + 43 + 2 + fw > c->out->width;
	if (!narrow)
		out_printf(c->out, "%s  %-*s %6s %8s %8s %6s %8s  %s%s\n", out_sgr(c->out, OS_BOLD), wl, "release", "rules",
		    "glossary", "examples", "refs", "dangling", "file", out_sgr(c->out, OS_RESET));
	for (uint32_t i = 0; i < ix->nrels; i++) {
		const struct jrelease *r = ix->rels[order[i]];
		char label[64];
		era_text(r, label, sizeof label);
		const char *slash = strrchr(r->file, '/');
		if (narrow) {
			struct sbuf t = {0};
			sbuf_addf(&t, "%s: %u rules, %u glossary terms, %u examples, %u references (%u dangling); %s",
			    label, r->nrules, r->ngloss, r->nexamples, r->nrefs, r->ndangling, slash ? slash + 1 : r->file);
			out_puts(c->out, r == c->rel ? "* " : "  ");
			out_wrap(c->out, t.s, 2, 4);
			sbuf_free(&t);
		} else
			out_printf(c->out, "%s %-*s %6u %8u %8u %6u %8u  %s\n", r == c->rel ? "*" : " ", wl, label, r->nrules,
			    r->ngloss, r->nexamples, r->nrefs, r->ndangling, slash ? slash + 1 : r->file);
		if (r->truncated || r->fragment) {
			out_printf(c->out, "%s    %s: %s to %s, %s%s\n", out_sgr(c->out, OS_DIM),
			    r->truncated ? "truncated" : "fragment", r->nrules ? r->rules[0].num : "?",
			    r->last_num ? r->last_num : "?", r->encoding, out_sgr(c->out, OS_RESET));
		}
	}
	pol_cli_versions(c, NULL);   /* the policy documents (cmd_policy.c) */
	out_wrapf(c->out, 2, "%s* answers lookups (--cr or :use to change)%s", out_sgr(c->out, OS_DIM), out_sgr(c->out, OS_RESET));
	free(order);
	return JX_OK;
}

/* ---- what of the data files check says is lost on a release ---- */

struct carried {
	struct jindex *ix;
	const struct jrelease *rel;
	struct hist_carry *k;
	const char *file;       /* the data file being read */
	int nsit, nsit_lost, nsit_part;
};

static void
carry_situation(void *ctx, const struct srch_sit_entry *e)
{
	struct carried *cd = ctx;
	cd->nsit++;
	if (!e->since || e->since == cd->rel->date)
		return;   /* written against any release, or this one */
	struct sbuf lost = {0};
	size_t kept = 0;
	char a[16];
	for (size_t r = 0; r < e->nrules; r++) {
		jrid t = hist_carry_id(cd->k, e->since, e->rules[r], NULL);
		if (t != JRID_NONE && jrel_find(cd->rel, t) != JNONE)
			kept++;
		else
			sbuf_addf(&lost, "%s%s", lost.len ? ", " : "", jrid_str(e->rules[r], a));
	}
	/* a partial text lacks most rules by its nature: counted, not listed */
	if (lost.len && (cd->rel->fragment || cd->rel->truncated)) {
		cd->nsit_lost += kept == 0;
		cd->nsit_part += kept > 0;
	} else if (lost.len) {
		int y = e->since / 10000, m = e->since / 100 % 100, d = e->since % 100;
		if (kept == 0)
			diag_add(&cd->ix->diags, DL_NOTE, cd->file, e->line, 1,
			    "situation \"%.*s\" dropped on the %s rules: its %04d-%02d-%02d rule%s %s cannot be carried to them with confidence",
			    (int)e->nlabel, e->label, cd->rel->label, y, m, d, e->nrules > 1 ? "s" : "", lost.s);
		else
			diag_add(&cd->ix->diags, DL_NOTE, cd->file, e->line, 1,
			    "situation \"%.*s\" loses %s on the %s rules (its %04d-%02d-%02d number%s cannot be carried to them with confidence); %zu of its %zu rules kept",
			    (int)e->nlabel, e->label, lost.s, cd->rel->label, y, m, d, e->nrules - kept > 1 ? "s" : "", kept, e->nrules);
		cd->nsit_lost += kept == 0;
		cd->nsit_part += kept > 0;
	}
	sbuf_free(&lost);
}

/* Read a data file into b: 0, or -1 when it is absent or unreadable (said by the commands
 * that use it, not here). */
static int
read_data(const char *path, struct sbuf *b)
{
	sbuf_reset(b);
	return path ? sfile_read(path, (size_t)16 << 20, b) : -1;
}

/* The rule-numbered data judge answers with — the common situations (built-in and the
 * user's own) and the textbook's era flags (corpus/textbook-era.tsv) — carried to rel as
 * when it answers alone (through corpus/anchors.tsv): each entry that cannot be carried
 * with confidence is a note at its file:line, and one note on rel's file counts them.
 * The thesaurus maps words to words and holds no rule numbers: nothing of it is lost. */
static void
check_carried(struct jctx *c, struct jindex *ix, const struct jrelease *rel)
{
	if (!c->datadir)
		return;
	struct sbuf p = {0}, t = {0}, user = {0};
	sbuf_addf(&p, "%s/corpus/anchors.tsv", c->datadir);
	struct diags ad = {0};
	bool have = read_data(p.s, &t) == 0;
	struct hist_carry *k = hist_carry_new(ix, rel, p.s, have ? t.s : NULL, have ? t.len : 0, &ad);
	diag_clear(&ad);
	int from = hist_carry_anchor_date(k);
	struct carried cd = { ix, rel, k, NULL, 0, 0, 0 };
	/* the situations: the built-in file, then the user's */
	const char *x = getenv("XDG_CONFIG_HOME");
	if (x && *x == '/')
		sbuf_addf(&user, "%s/judge/situations.tsv", x);
	else if (getenv("HOME"))
		sbuf_addf(&user, "%s/.config/judge/situations.tsv", getenv("HOME"));
	for (int src = 0; src < 2; src++) {
		sbuf_reset(&p);
		if (src == 0)
			sbuf_addf(&p, "%s/corpus/situations.tsv", c->datadir);
		else if (user.len)
			sbuf_adds(&p, user.s);
		if (!p.len || read_data(p.s, &t) != 0)
			continue;
		struct diags sd = {0};   /* the file's own problems are search's to report */
		cd.file = p.s;
		srch_situations_each(p.s, t.s ? t.s : "", t.len, &sd, carry_situation, &cd);
		diag_clear(&sd);
	}
	/* the textbook's era flags: what changed since its era, flagged on a release newer
	 * than the era (cmd_textbook.c reads them the same way) */
	int era = 0, efrom = 0, nflag = 0, nflag_lost = 0;
	sbuf_reset(&p);
	sbuf_addf(&p, "%s/corpus/textbook-era.tsv", c->datadir);
	if (read_data(p.s, &t) == 0 && t.s) {
		unsigned lineno = 0;
		for (const char *l = t.s; *l;) {
			const char *nl = strchr(l, '\n');
			size_t len = nl ? (size_t)(nl - l) : strlen(l);
			char line[160], at[32], kind[16], then[16];
			snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line - 1 ? len : sizeof line - 1), l);
			l = nl ? nl + 1 : l + len;
			lineno++;
			int y, m, d;
			if (sscanf(line, "# era: %4d-%2d-%2d", &y, &m, &d) == 3)
				era = y * 10000 + m * 100 + d;
			else if (sscanf(line, "# rules: %4d-%2d-%2d", &y, &m, &d) == 3)
				efrom = y * 10000 + m * 100 + d;
			jrid id;
			if (line[0] == '#' || !era || !efrom || rel->date <= era || rel->date == efrom ||
			    sscanf(line, "%31[^\t]\t%15[^\t]\t%15s", at, kind, then) != 3 || (id = jrid_from_str(at)) == JRID_NONE)
				continue;
			nflag++;
			jrid to = hist_carry_id(k, efrom, id, NULL);
			if (to != JRID_NONE && jrel_find(rel, to) != JNONE)
				continue;
			nflag_lost++;
			if (!rel->fragment && !rel->truncated)
				diag_add(&ix->diags, DL_NOTE, p.s, lineno, 1,
			    "textbook-era flag dropped on the %s rules: %s (%s since the textbook's era) cannot be carried to them with confidence, so textbook pages linked there are not flagged",
			    rel->label, at, kind);
		}
	}
	if (from && rel->date != from && (cd.nsit || nflag)) {
		int y = from / 10000, m = from / 100 % 100, d = from % 100;
		struct sbuf sum = {0};
		sbuf_addf(&sum, "judge's data is written with the %04d-%02d-%02d rule numbers; carried to these rules "
		    "as when they answer alone (corpus/anchors.tsv): ", y, m, d);
		sbuf_addf(&sum, "situations %d of %d kept whole, %d lose some rules, %d dropped", cd.nsit - cd.nsit_lost - cd.nsit_part,
		    cd.nsit, cd.nsit_part, cd.nsit_lost);
		if (nflag)
			sbuf_addf(&sum, "; textbook-era flags %d of %d kept, %d dropped", nflag - nflag_lost, nflag, nflag_lost);
		sbuf_addf(&sum, "; the thesaurus holds no rule numbers%s",
		    rel->fragment || rel->truncated ? " (a partial text: what is dropped is counted, not listed)" : "");
		diag_add(&ix->diags, DL_NOTE, rel->file, 0, 0, "%s", sum.s);
		sbuf_free(&sum);
	}
	hist_carry_free(k);
	sbuf_free(&p);
	sbuf_free(&t);
	sbuf_free(&user);
}

int
cmd_check(struct jctx *c, int argc, char **argv)
{
	if (argc < 2) {
		jerr(c, "for example: judge check MagicCompRules.txt", "which file?");
		return JX_USAGE;
	}
	/* --strict anywhere among the files: a warning fails the check too */
	bool strict = false;
	int nf = 1;
	for (int a = 1; a < argc; a++) {
		if (strcmp(argv[a], "--strict") == 0)
			strict = true;
		else
			argv[nf++] = argv[a];
	}
	argc = nf;
	if (argc < 2) {
		jerr(c, "for example: judge check MagicCompRules.txt", "which file?");
		return JX_USAGE;
	}
	int worst = 0;
	struct jw w;
	if (c->json) {
		jw_init(&w, &c->out->buf, true);
		jw_arr(&w);
	}
	/* what was read so far, so a file with the same bytes as an earlier one is named as
	 * the same release */
	struct { uint64_t hash; size_t bytes; char *file; } *seen = NULL;
	size_t nseen = 0, seencap = 0;
	for (int a = 1; a < argc; a++) {
		struct jindex *ix = jindex_new();
		int loaded = jindex_load_path(ix, argv[a]);
		jindex_finish(ix);
		for (uint32_t k = 0; k < ix->nrels; k++) {
			const struct jrelease *r = ix->rels[k];
			for (size_t q = 0; q < nseen; q++)
				if (seen[q].hash == r->src_hash && seen[q].bytes == r->bytes)
					diag_add(&ix->diags, DL_NOTE, r->file, 0, 0,
					    "the same bytes as %s: one release, read once when both are loaded", seen[q].file);
			seen = xgrow(seen, &seencap, nseen + 1, sizeof *seen);
			seen[nseen].hash = r->src_hash;
			seen[nseen].bytes = r->bytes;
			seen[nseen++].file = xstrdup(r->file);
			check_carried(c, ix, r);
		}
		if (c->json) {
			for (size_t k = 0; k < ix->diags.n; k++) {
				const struct diag_item *it = &ix->diags.v[k];
				jw_obj(&w);
				jw_kstr(&w, "file", it->file);
				jw_kint(&w, "line", it->line);
				jw_kint(&w, "col", it->col);
				jw_kstr(&w, "level", diag_level_name(it->level));
				jw_kstr(&w, "message", it->msg);
				jw_kstr(&w, "hint", it->hint);
				jw_obj_end(&w);
			}
		} else {
			/* the diagnostics themselves are the answer here, so they go to stdout */
			out_flush(c->out);
			diag_print(stdout, &ix->diags, DL_NOTE);
			fflush(stdout);
			for (uint32_t k = 0; k < ix->nrels; k++) {
				const struct jrelease *r = ix->rels[k];
				char label[64];
				era_text(r, label, sizeof label);
				out_printf(c->out, "%s: %s, %s, %s layout: %u rules, %u glossary terms, %u examples, %u references (%u dangling)%s\n",
				    r->file, label, r->encoding, r->layout, r->nrules, r->ngloss, r->nexamples, r->nrefs,
				    r->ndangling, r->truncated ? ", truncated" : r->fragment ? ", fragment" : "");
			}
		}
		int lv = ix->diags.any ? (int)ix->diags.worst : 0;
		if (!loaded)
			lv = DL_ERROR;
		if (lv > worst)
			worst = lv;
		jindex_free(ix);
	}
	for (size_t q = 0; q < nseen; q++)
		free(seen[q].file);
	free(seen);
	if (c->json) {
		jw_arr_end(&w);
		out_puts(c->out, "\n");
	}
	/* 0: the files read (notes and warnings say how; a warning is a repair or a guess
	 * judge made, not a failure), 1: warnings under --strict, 2: errors (a file that
	 * cannot be read or holds no rules) */
	return worst == DL_ERROR ? 2 : worst == DL_WARNING && strict ? 1 : 0;
}

long
rules_age(const struct jrelease *r)
{
	if (r->date)
		return r->date;
	int y = r->era_to ? r->era_to : r->era_from;
	return y ? (long)y * 10000 + 1231 : 0;
}

bool
rules_only_partial(const struct jindex *ix)
{
	if (!ix || ix->nrels == 0)
		return false;
	for (uint32_t i = 0; i < ix->nrels; i++)
		if (!ix->rels[i]->fragment && !ix->rels[i]->truncated)
			return false;
	return true;
}

const char *
rules_era(const struct jrelease *r, bool partial, char *buf, size_t cap)
{
	size_t n;
	if (r->date)
		n = (size_t)snprintf(buf, cap, "the %s rules", r->label);
	else if (strncmp(r->label, "about-", 6) == 0)
		n = (size_t)snprintf(buf, cap, "the %s rules (undated; years guessed from its wording)", r->label);
	else
		n = (size_t)snprintf(buf, cap, "the %s rules", r->label);
	if (partial && n < cap && (r->fragment || r->truncated) && r->nrules)
		snprintf(buf + n, cap - n, ", a partial text: %s to %s", r->rules[0].num,
		    r->last_num ? r->last_num : r->rules[r->nrules - 1].num);
	return buf;
}

const char *
rules_historical_text(void)
{
	return "These are historical texts built into judge, not today's rules. For the "
	    "current Comprehensive Rules run `judge update`, or put the MagicCompRules YYYYMMDD.txt "
	    "file from https://magic.wizards.com/en/rules in ~/.local/share/judge/rules/ (or pass "
	    "--rules FILE).";
}

void
rules_historical_note(struct jctx *c)
{
	if (c->told_historical || !rules_only_partial(c->ix))
		return;
	c->told_historical = true;
	const char *msg = rules_historical_text();
	if (c->json) {
		fprintf(stderr, "judge: %s\n", msg);
		return;
	}
	out_wrap(c->out, msg, 0, 0);
}
