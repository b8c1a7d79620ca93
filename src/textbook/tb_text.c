/* tb_text.c — reads the wiki-flattened Judge Candidate Textbook: bare-line headings placed by
 * the book's own "Summary", "Table of contents" and "Contents" lists, worked examples with
 * their continuation paragraphs, expert boxes, tab-separated tables and surviving footnotes. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "tb_build.h"

enum ikind { I_TEXT, I_LIST, I_TABLE, I_NOTE };
enum imark { M_NONE, M_SUMMARY, M_TOC, M_CONTENTS };

struct item {
	enum ikind kind;
	struct sbuf raw;          /* text; list and table rows separated by '\n' */
	uint32_t line;
	bool headlike;            /* could be a bare-line heading */
	enum imark mark;          /* a navigation list's label (its list is the next item) */
	int heading_level;        /* > 0 when a Contents list names it */
	bool used;                /* consumed as an example's continuation or a marker list */
	char *key;                /* folded clean text of a short line, for title matching */
};

struct parse {
	const char *name;
	struct diags *d;
	struct item *it;
	size_t n, cap;
	struct tb_builder t;
};

struct entry { char *title; int level; };

/* --- lines ------------------------------------------------------------------------- */

/* Copy one line, replacing invalid UTF-8 and NUL bytes (with a warning for the former). */
static char *
decode_line(struct parse *P, const char *s, size_t n, uint32_t no)
{
	struct sbuf o = {0};
	bool warned = false;
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		size_t k = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
		    : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
		bool ok = k && i + k <= n;
		for (size_t j = 1; ok && j < k; j++)
			ok = ((unsigned char)s[i + j] & 0xC0) == 0x80;
		if (ok && k == 3 && ((c == 0xE0 && (unsigned char)s[i + 1] < 0xA0)
		    || (c == 0xED && (unsigned char)s[i + 1] >= 0xA0)))
			ok = false;
		if (ok && k == 4 && ((c == 0xF0 && (unsigned char)s[i + 1] < 0x90)
		    || (c == 0xF4 && (unsigned char)s[i + 1] >= 0x90)))
			ok = false;
		if (!ok) {
			if (!warned && P->d) {
				diag_add(P->d, DL_WARNING, P->name, no, (unsigned)i + 1,
				    "invalid UTF-8 byte 0x%02X in the textbook", c);
				diag_src(P->d, s, n);
				diag_hint(P->d, "save the file as UTF-8; the byte is shown as U+FFFD");
				warned = true;
			}
			sbuf_adds(&o, "\xEF\xBF\xBD");
			i++;
			continue;
		}
		if (c == 0 || c == '\r')
			sbuf_addc(&o, ' ');
		else
			sbuf_add(&o, s + i, k);
		i += k;
	}
	if (!o.s)
		sbuf_add(&o, "", 0);
	return sbuf_take(&o);
}

static bool
blank(const char *s)
{
	for (; *s; s++)
		if (!isspace((unsigned char)*s))
			return false;
	return true;
}

/* "- x", " 1. x", "i. ↑ x": the length of the list marker (with its indent), or 0. */
static size_t
list_marker(const char *s)
{
	size_t i = 0;
	while (s[i] == ' ')
		i++;
	if (s[i] == '-' && s[i + 1] == ' ')
		return i + 2;
	size_t j = i;
	while (isdigit((unsigned char)s[j]))
		j++;
	if (j > i && j - i <= 3 && s[j] == '.' && s[j + 1] == ' ')
		return j + 2;
	j = i;
	while (s[j] == 'i' || s[j] == 'v' || s[j] == 'x')
		j++;
	if (j > i && s[j] == '.' && s[j + 1] == ' ' && strncmp(s + j + 2, "\u2191", 3) == 0)
		return j + 2;
	return 0;
}

/* A surviving footnote: "1. ↑ text", "- i. ↑ text". Returns the text after the arrow. */
static const char *
note_text(const char *s)
{
	const char *a = strstr(s, "\u2191");
	if (!a || a - s > 12)
		return NULL;
	for (const char *p = s; p < a; p++)
		if (!strchr(" -.0123456789ivx", *p))
			return NULL;
	a += 3;
	while (*a == ' ')
		a++;
	return a;
}

static bool
ends_sentence(const struct sbuf *b)
{
	size_t n = b->len;
	while (n && (b->s[n - 1] == ' ' || b->s[n - 1] == '*'))
		n--;
	/* "...colorless.^[2]" ends where its footnote marker starts */
	if (n && b->s[n - 1] == ']') {
		size_t k = n;
		while (k && b->s[k - 1] != '[')
			k--;
		if (k >= 2 && b->s[k - 2] == '^')
			n = k - 2;
	}
	return n && strchr(".!?:", b->s[n - 1]);
}

static struct item *
add_item(struct parse *P, enum ikind k, uint32_t line)
{
	P->it = xgrow(P->it, &P->cap, P->n + 1, sizeof *P->it);
	struct item *it = &P->it[P->n++];
	memset(it, 0, sizeof *it);
	it->kind = k;
	it->line = line;
	return it;
}

static bool
headlike(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n > 90 || tbb_is_example_label(s) || tbb_is_banner(s) || strncasecmp(s, "note:", 5) == 0)
		return false;
	unsigned char c = (unsigned char)s[0];
	if (!(isupper(c) || isdigit(c) || c == '"' || c == '\'' || c >= 0xC0))
		return false;
	if (strstr(s, "**") || strstr(s, "]("))
		return false;
	int words = 1, letters = 0;
	for (size_t i = 0; i < n; i++) {
		words += s[i] == ' ';
		letters += isalpha((unsigned char)s[i]) != 0;
	}
	if (words > 10 || letters < 2)
		return false;
	/* "7b: Windreaver becomes 0/1", "4: Lands you control become creatures" */
	size_t i = 0;
	while (isdigit((unsigned char)s[i]))
		i++;
	if (i && (s[i] == ':' || (isalpha((unsigned char)s[i]) && s[i + 1] == ':')))
		return false;
	char last = s[n - 1];
	return !strchr(".,;:", last);
}

static char *clean(const char *s);
static char *fold_title(const char *t);

static void
read_items(struct parse *P, const char *bytes, size_t len)
{
	uint32_t no = 0;
	int gap = 0;
	struct item *table_from = NULL;
	size_t i = 0;
	/* a UTF-8 byte-order mark is not text */
	if (len >= 3 && memcmp(bytes, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	char **lines = NULL;
	size_t nl = 0, lcap = 0;
	while (i < len) {
		size_t j = i;
		while (j < len && bytes[j] != '\n' && bytes[j] != '\r')
			j++;
		lines = xgrow(lines, &lcap, nl + 1, sizeof *lines);
		lines[nl] = decode_line(P, bytes + i, j - i, (uint32_t)nl + 1);
		nl++;
		if (j < len && bytes[j] == '\r' && j + 1 < len && bytes[j + 1] == '\n')
			j++;
		i = j + 1;
	}
	for (size_t k = 0; k < nl; k++) {
		char *s = lines[k];
		no = (uint32_t)k + 1;
		struct item *prev = P->n ? &P->it[P->n - 1] : NULL;
		if (blank(s)) {
			gap++;
			continue;
		}
		size_t ind = 0;
		while (s[ind] == ' ')
			ind++;
		/* a bare footnote reference "[4]" left where a note list was */
		if (s[ind] == '[' && s[strlen(s) - 1] == ']' && strspn(s + ind + 1, "0123456789") == strlen(s) - ind - 2) {
			gap = 0;
			continue;
		}
		bool tab = strchr(s, '\t') != NULL;
		if (!tab && table_from && table_from == prev && strlen(s) <= 40 && !strchr(".:", s[strlen(s) - 1])) {
			/* a row label without cells inside a table ("Pre-combat main phase") */
			size_t m = k + 1;
			while (m < nl && blank(lines[m]))
				m++;
			if (m < nl && m <= k + 2 && strchr(lines[m], '\t'))
				tab = true;
		}
		if (tab) {
			if (!(prev && prev == table_from && gap <= 1)) {
				table_from = add_item(P, I_TABLE, no);
				prev = table_from;
			} else
				sbuf_addc(&prev->raw, '\n');
			sbuf_adds(&prev->raw, s);
			gap = 0;
			continue;
		}
		const char *nt = note_text(s);
		if (nt) {
			struct item *it = add_item(P, I_NOTE, no);
			sbuf_adds(&it->raw, nt);
			gap = 0;
			continue;
		}
		if (list_marker(s)) {
			if (prev && prev->kind == I_LIST && gap <= 1)
				sbuf_addc(&prev->raw, '\n');
			else
				prev = add_item(P, I_LIST, no);
			sbuf_adds(&prev->raw, s);
			gap = 0;
			continue;
		}
		/* a paragraph broken across lines by the flattening continues in lower case */
		if (islower((unsigned char)s[ind]) && prev && prev->kind == I_TEXT && !ends_sentence(&prev->raw)) {
			sbuf_addc(&prev->raw, ' ');
			sbuf_adds(&prev->raw, s + ind);
			gap = 0;
			continue;
		}
		struct item *it = add_item(P, I_TEXT, no);
		sbuf_adds(&it->raw, s + ind);
		gap = 0;
	}
	for (size_t k = 0; k < nl; k++)
		free(lines[k]);
	free(lines);
	for (size_t k = 0; k < P->n; k++) {
		struct item *it = &P->it[k];
		if (it->kind != I_TEXT)
			continue;
		while (it->raw.len && it->raw.s[it->raw.len - 1] == ' ')
			it->raw.s[--it->raw.len] = '\0';
		it->headlike = headlike(it->raw.s);
		bool list_next = k + 1 < P->n && P->it[k + 1].kind == I_LIST;
		if (list_next && strcasecmp(it->raw.s, "Summary") == 0)
			it->mark = M_SUMMARY;
		else if (list_next && strcasecmp(it->raw.s, "Table of contents") == 0)
			it->mark = M_TOC;
		else if (list_next && strcasecmp(it->raw.s, "Contents") == 0)
			it->mark = M_CONTENTS;
		if (it->mark) {
			it->headlike = false;
			P->it[k + 1].used = true;
		} else if (it->raw.len <= 120 && !tbb_is_example_label(it->raw.s)) {
			char *c = clean(it->raw.s);
			it->key = fold_title(c);
			free(c);
		}
	}
}

/* --- navigation lists ------------------------------------------------------------------ */

static char *
clean(const char *s)
{
	struct sbuf o = {0};
	tb_clean_markup(s, strlen(s), &o);
	if (!o.s)
		sbuf_add(&o, "", 0);
	return sbuf_take(&o);
}

/* Entries of a navigation list: markup removed, numbering removed, level from the
 * numbering ("2.7.1 x" is level 3) or else from the indent. */
static size_t
list_entries(const struct item *list, struct entry **out, bool top_only)
{
	size_t n = 0, cap = 0;
	struct entry *v = NULL;
	const char *p = list->raw.s;
	while (p && *p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char *row = xstrndup(p, len);
		int indent = 0;
		while (row[indent] == ' ')
			indent++;
		size_t m = list_marker(row);
		char *c = clean(row + (m ? m : (size_t)indent));
		/* "1.1 Draw", "I. Game basics", "2. Game structure" */
		const char *t = c;
		int level = 1;
		size_t k = 0;
		while (isdigit((unsigned char)t[k]) || (t[k] == '.' && isdigit((unsigned char)t[k + 1]))) {
			level += t[k] == '.';
			k++;
		}
		if (k && (t[k] == ' ' || (t[k] == '.' && t[k + 1] == ' ')))
			t += k + (t[k] == '.') + 1;
		else {
			level = 1;
			k = 0;
			while (strchr("IVXivx", t[k]) && t[k])
				k++;
			if (k && t[k] == '.' && t[k + 1] == ' ')
				t += k + 2;
		}
		if (level == 1 && indent > 0 && !top_only)
			level = 1 + indent;
		if (!(top_only && indent > 0) && *t) {
			v = xgrow(v, &cap, n + 1, sizeof *v);
			v[n].title = xstrdup(t);
			v[n].level = level;
			n++;
		}
		free(c);
		free(row);
		p = e ? e + 1 : NULL;
	}
	*out = v;
	return n;
}

static void
entries_free(struct entry *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].title);
	free(v);
}

/* title is already folded */
static bool
item_is(const struct item *it, const char *title)
{
	return it->key && strcmp(it->key, title) == 0;
}

static char *
fold_title(const char *t)
{
	struct sbuf f = {0};
	tb_fold(t, strlen(t), &f);
	return sbuf_take(&f);
}

/* Place each entry at the last line with its title before the next entry's place: a
 * title repeated inside an earlier page ("Triggered abilities" in "Timing and priority")
 * is passed over for the page that carries it. pos[k] = -1 when absent. */
static void
locate_backward(struct parse *P, struct entry *e, size_t ne, size_t lo, size_t hi, long *pos,
    bool colon_halves)
{
	size_t top = hi;
	for (size_t k = ne; k-- > 0;) {
		pos[k] = -1;
		const char *v[3] = { e[k].title, NULL, NULL };
		char *before = NULL;
		const char *colon = strchr(e[k].title, ':');
		if (colon_halves && colon) {
			before = xstrndup(e[k].title, (size_t)(colon - e[k].title));
			v[1] = before;
			v[2] = colon + 1;
			while (*v[2] == ' ')
				v[2]++;
		}
		char *fv[3] = { NULL, NULL, NULL };
		for (int q = 0; q < 3; q++)
			fv[q] = v[q] && *v[q] ? fold_title(v[q]) : NULL;
		for (size_t j = top; j-- > lo;) {
			bool hit = false;
			for (int q = 0; q < 3 && !hit; q++)
				hit = fv[q] && item_is(&P->it[j], fv[q]);
			if (hit) {
				pos[k] = (long)j;
				top = j;
				break;
			}
		}
		free(before);
		for (int q = 0; q < 3; q++)
			free(fv[q]);
	}
}

static size_t
next_mark(struct parse *P, size_t from, size_t to, enum imark m)
{
	for (size_t j = from; j < to; j++)
		if (P->it[j].mark == m)
			return j;
	return to;
}

/* --- pages ------------------------------------------------------------------------------ */

/* Clean one piece of text and report the cards its bold (and, in examples, title-case
 * italic) spans name. */
static void
clean_with_cards(struct parse *P, const char *raw, struct sbuf *out, uint32_t ex)
{
	struct tb_spans bold = {0}, ital = {0};
	size_t base = out->len;
	tb_clean_spans(raw, strlen(raw), out, &bold, &ital);
	for (size_t i = 0; i < bold.n; i++)
		tbb_card(&P->t, out->s + bold.v[i].from, bold.v[i].to - bold.v[i].from, ex);
	if (ex != TB_NONE)
		for (size_t i = 0; i < ital.n; i++) {
			const char *s = out->s + ital.v[i].from;
			size_t n = ital.v[i].to - ital.v[i].from;
			/* an italic span that is a whole sentence is the example's own styling */
			if (base == ital.v[i].from && n + 2 >= out->len - base)
				continue;
			if (tb_title_case(s, n))
				tbb_card(&P->t, s, n, ex);
		}
	tb_spans_free(&bold);
	tb_spans_free(&ital);
}

static void
list_text(const char *raw, struct sbuf *out, struct parse *P, uint32_t ex, bool cards)
{
	const char *p = raw;
	bool first = true;
	while (p && *p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char *row = xstrndup(p, len);
		size_t m = list_marker(row);
		int indent = 0;
		while (row[indent] == ' ')
			indent++;
		if (!first)
			sbuf_addc(out, '\n');
		first = false;
		for (int k = 0; k < indent && k < 8; k++)
			sbuf_adds(out, "  ");
		/* numbered items keep their number, bullets become "- " */
		const char *mk = row + indent;
		if (isdigit((unsigned char)*mk)) {
			sbuf_add(out, mk, m - (size_t)indent);
		} else
			sbuf_adds(out, "- ");
		struct sbuf one = {0};
		if (cards)
			clean_with_cards(P, row + m, &one, ex);
		else
			tb_clean_markup(row + m, strlen(row + m), &one);
		sbuf_adds(out, sbuf_str(&one));
		sbuf_free(&one);
		free(row);
		p = e ? e + 1 : NULL;
	}
}

static void
table_text(const char *raw, struct sbuf *out)
{
	const char *p = raw;
	bool first = true;
	while (p && *p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (!first)
			sbuf_addc(out, '\n');
		first = false;
		const char *c = p;
		bool firstcell = true;
		while (c <= p + len) {
			const char *t = memchr(c, '\t', (size_t)(p + len - c));
			size_t cl = t ? (size_t)(t - c) : (size_t)(p + len - c);
			if (!firstcell)
				sbuf_addc(out, '\t');
			firstcell = false;
			tb_clean_markup(c, cl, out);
			if (!t)
				break;
			c = t + 1;
		}
		p = e ? e + 1 : NULL;
	}
	if (!out->s)
		sbuf_add(out, "", 0);
}

static char *
ex_label_skip(const char *s)
{
	s += 7;
	if (*s == 's')
		s++;
	s++;
	while (*s == ' ')
		s++;
	return (char *)s;
}

static bool
ends_with_colon(const char *raw)
{
	size_t n = strlen(raw);
	while (n && (raw[n - 1] == ' ' || raw[n - 1] == '*'))
		n--;
	return n && raw[n - 1] == ':';
}

static void emit_items(struct parse *P, const char *title, size_t from, size_t e);

/* Emit items (s, e) as the page titled by item s (or `title`). */
static void
emit_page(struct parse *P, const char *section, const char *chapter, const char *title,
    size_t s, size_t e)
{
	tbb_page(&P->t, section, chapter, title, P->it[s].line);
	emit_items(P, title, s + 1, e);
}

/* The current page's content: items [from, e). */
static void
emit_items(struct parse *P, const char *title, size_t from, size_t e)
{
	/* headings named by the page's Contents list, in order */
	size_t c = next_mark(P, from, e, M_CONTENTS);
	if (c < e) {
		struct entry *v;
		size_t nv = list_entries(&P->it[c + 1], &v, false);
		size_t j = c + 2;
		for (size_t k = 0; k < nv; k++) {
			size_t m;
			char *ft = fold_title(v[k].title);
			for (m = j; m < e; m++)
				if (P->it[m].heading_level == 0 && item_is(&P->it[m], ft))
					break;
			free(ft);
			if (m < e) {
				P->it[m].heading_level = v[k].level;
				j = m + 1;
			} else if (P->d) {
				diag_add(P->d, DL_NOTE, P->name, P->it[c + 1].line + (uint32_t)k, 1,
				    "contents entry \"%s\" has no heading in page \"%s\"", v[k].title, title);
			}
		}
		entries_free(v, nv);
	}
	for (size_t k = from; k < e; k++) {
		struct item *it = &P->it[k];
		if (it->used || it->mark)
			continue;
		struct sbuf o = {0};
		if (it->kind == I_TEXT && tbb_is_banner(it->raw.s)) {
			sbuf_adds(&o, "Hic sunt dracones!");
			if (k + 1 < e && P->it[k + 1].kind == I_TEXT
			    && strncasecmp(P->it[k + 1].raw.s, "What follows", 12) == 0) {
				sbuf_addc(&o, '\n');
				tb_clean_markup(P->it[k + 1].raw.s, P->it[k + 1].raw.len, &o);
				P->it[k + 1].used = true;
			}
			tbb_block(&P->t, TB_EXPERT, o.s, it->line);
		} else if (it->kind == I_TEXT && (it->heading_level || (it->headlike
		    && it->raw.s[it->raw.len - 1] != '!'))) {
			char *h = clean(it->raw.s);
			int lv = it->heading_level;
			if (!lv) {
				/* an unlisted heading in a listed page sits under the heading before it */
				lv = 1;
				struct tb_book *b = P->t.b;
				if (c < e && P->t.heading != TB_NONE && b->headings[P->t.heading].page == P->t.page)
					lv = b->headings[P->t.heading].level + 1;
			}
			tbb_heading(&P->t, h, lv, it->line);
			free(h);
		} else if (it->kind == I_TEXT && tbb_is_example_label(it->raw.s)) {
			uint32_t ex = tbb_example(&P->t, "", it->line);
			clean_with_cards(P, ex_label_skip(it->raw.s), &o, ex);
			bool colon = ends_with_colon(it->raw.s);
			for (size_t m = k + 1; m < e; m++) {
				struct item *n = &P->it[m];
				if (n->kind == I_TEXT && n->raw.s[0] == '*' && !n->mark && !n->heading_level) {
					sbuf_addc(&o, '\n');
					clean_with_cards(P, n->raw.s, &o, ex);
					colon = ends_with_colon(n->raw.s);
				} else if (n->kind == I_LIST && colon && !n->used) {
					sbuf_addc(&o, '\n');
					list_text(n->raw.s, &o, P, ex, true);
					colon = false;
				} else
					break;
				n->used = true;
			}
			if (!o.s)
				sbuf_add(&o, "", 0);
			struct tb_book *b = P->t.b;
			const char *txt = arena_strdup(&b->arena, o.s);
			b->examples[ex].text = txt;
			b->blocks[b->nblocks - 1].text = txt;
		} else if (it->kind == I_TEXT) {
			clean_with_cards(P, it->raw.s, &o, TB_NONE);
			if (o.len)
				tbb_block(&P->t, TB_PARA, o.s, it->line);
		} else if (it->kind == I_LIST) {
			list_text(it->raw.s, &o, P, TB_NONE, true);
			tbb_block(&P->t, TB_LIST, sbuf_str(&o), it->line);
		} else if (it->kind == I_TABLE) {
			table_text(it->raw.s, &o);
			tbb_block(&P->t, TB_TABLE, o.s, it->line);
		} else if (it->kind == I_NOTE) {
			clean_with_cards(P, it->raw.s, &o, TB_NONE);
			tbb_block(&P->t, TB_NOTE, sbuf_str(&o), it->line);
		}
		sbuf_free(&o);
	}
}

/* A page, split further where a Contents list sits under a heading of its own: that
 * heading starts a page the chapter's table of contents did not name. */
static void
build_page(struct parse *P, const char *section, const char *chapter, const char *title,
    size_t s, size_t e)
{
	size_t cur = s;
	char *curtitle = xstrdup(title);
	for (size_t c = next_mark(P, s + 1, e, M_CONTENTS); c < e; c = next_mark(P, c + 1, e, M_CONTENTS)) {
		size_t h = c;
		while (h-- > cur + 1)
			if (P->it[h].kind == I_TEXT && P->it[h].headlike && !P->it[h].used)
				break;
		if (h > cur && h < c && P->it[h].headlike) {
			emit_page(P, section, chapter, curtitle, cur, h);
			free(curtitle);
			curtitle = clean(P->it[h].raw.s);
			cur = h;
		}
	}
	emit_page(P, section, chapter, curtitle, cur, e);
	free(curtitle);
}

/* The first table of contents in (s, e) that comes before any page's Contents list. */
static size_t
own_toc(struct parse *P, size_t s, size_t e)
{
	size_t t = next_mark(P, s + 1, e, M_TOC);
	if (t < e && next_mark(P, s + 1, t, M_CONTENTS) == t)
		return t;
	return e;
}

static void
build_chapter(struct parse *P, const char *section, const char *chapter, size_t s, size_t e)
{
	size_t t = own_toc(P, s, e);
	if (t == e) {
		build_page(P, section, chapter, chapter, s, e);
		return;
	}
	struct entry *v;
	size_t nv = list_entries(&P->it[t + 1], &v, true);
	long *pos = xcalloc(nv ? nv : 1, sizeof *pos);
	locate_backward(P, v, nv, t + 2, e, pos, false);
	size_t first = e;
	for (size_t k = 0; k < nv; k++)
		if (pos[k] >= 0 && (size_t)pos[k] < first)
			first = (size_t)pos[k];
	build_page(P, section, chapter, chapter, s, first);
	for (size_t k = 0; k < nv; k++) {
		if (pos[k] < 0) {
			if (P->d)
				diag_add(P->d, DL_NOTE, P->name, P->it[t + 1].line + (uint32_t)k, 1,
				    "table of contents entry \"%s\" has no page in \"%s\"", v[k].title, chapter);
			continue;
		}
		size_t end = e;
		for (size_t q = k + 1; q < nv; q++)
			if (pos[q] >= 0) {
				end = (size_t)pos[q];
				break;
			}
		char *pt = clean(P->it[pos[k]].raw.s);
		build_page(P, section, chapter, pt, (size_t)pos[k], end);
		free(pt);
	}
	free(pos);
	entries_free(v, nv);
}

static void
build_section(struct parse *P, const char *section, size_t s, size_t e)
{
	size_t t = own_toc(P, s, e);
	if (t == e) {
		build_chapter(P, section, section, s, e);
		return;
	}
	struct entry *v;
	size_t nv = list_entries(&P->it[t + 1], &v, true);
	long *pos = xcalloc(nv ? nv : 1, sizeof *pos);
	locate_backward(P, v, nv, t + 2, e, pos, false);
	size_t first = e;
	for (size_t k = 0; k < nv; k++)
		if (pos[k] >= 0 && (size_t)pos[k] < first)
			first = (size_t)pos[k];
	/* the section's own introduction */
	build_page(P, section, section, section, s, first);
	for (size_t k = 0; k < nv; k++) {
		if (pos[k] < 0)
			continue;
		size_t end = e;
		for (size_t q = k + 1; q < nv; q++)
			if (pos[q] >= 0) {
				end = (size_t)pos[q];
				break;
			}
		char *ct = clean(P->it[pos[k]].raw.s);
		build_chapter(P, section, ct, (size_t)pos[k], end);
		free(ct);
	}
	free(pos);
	entries_free(v, nv);
}

/* Everything before the first section: each heading starts a page (the preface). */
static void
build_front(struct parse *P, size_t s, size_t e)
{
	size_t k = s;
	while (k < e && !(P->it[k].kind == I_TEXT && P->it[k].headlike))
		k++;
	if (k > s) {
		/* text before any heading is a page named after the file */
		tbb_page(&P->t, NULL, NULL, P->name, P->it[s].line);
		emit_items(P, P->name, s, k);
	}
	if (k == e)
		return;
	char *sect = clean(P->it[k].raw.s);
	while (k < e) {
		size_t m = k + 1;
		while (m < e && !(P->it[m].kind == I_TEXT && P->it[m].headlike
		    && P->it[m].raw.s[P->it[m].raw.len - 1] != '!'))
			m++;
		char *pt = clean(P->it[k].raw.s);
		emit_page(P, sect, pt, pt, k, m);
		free(pt);
		k = m;
	}
	free(sect);
}

struct tb_book *
tb_parse_text(const char *name, const char *bytes, size_t len, struct diags *d)
{
	struct parse P = { .name = name ? name : "(textbook)", .d = d };
	tbb_init(&P.t, P.name, "wiki-text");
	read_items(&P, bytes ? bytes : "", bytes ? len : 0);
	if (P.n == 0 && d)
		diag_add(d, DL_WARNING, P.name, 1, 1, "the textbook is empty");
	size_t sm = next_mark(&P, 0, P.n, M_SUMMARY);
	struct entry *v = NULL;
	size_t nv = 0;
	long *pos = NULL;
	if (sm < P.n) {
		nv = list_entries(&P.it[sm + 1], &v, true);
		pos = xcalloc(nv ? nv : 1, sizeof *pos);
		locate_backward(&P, v, nv, sm + 2, P.n, pos, true);
	}
	size_t first = P.n;
	for (size_t k = 0; k < nv; k++)
		if (pos[k] >= 0 && (size_t)pos[k] < first)
			first = (size_t)pos[k];
	build_front(&P, 0, first);
	for (size_t k = 0; k < nv; k++) {
		if (pos[k] < 0) {
			if (d)
				diag_add(d, DL_NOTE, P.name, P.it[sm + 1].line + (uint32_t)k, 1,
				    "summary entry \"%s\" has no section in the text", v[k].title);
			continue;
		}
		size_t end = P.n;
		for (size_t q = k + 1; q < nv; q++)
			if (pos[q] >= 0) {
				end = (size_t)pos[q];
				break;
			}
		char *st = clean(P.it[pos[k]].raw.s);
		build_section(&P, st, (size_t)pos[k], end);
		free(st);
	}
	free(pos);
	entries_free(v, nv);
	for (size_t k = 0; k < P.n; k++) {
		sbuf_free(&P.it[k].raw);
		free(P.it[k].key);
	}
	free(P.it);
	return tbb_finish(&P.t);
}
