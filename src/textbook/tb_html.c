/* tb_html.c — reads a textbook or rules page saved as HTML: libxml2's forgiving HTML parser
 * (no network, no entity expansion), then a walk over headings, paragraphs, lists and tables
 * that leaves out scripts, styles, navigation, headers and footers. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "../text/libxml.h"
#include "tb_build.h"

enum ekind { E_HEADING, E_PARA, E_LIST, E_TABLE };

struct event {
	enum ekind kind;
	int level;                /* headings: 1-6 */
	char *text;
	struct tb_spans bold;
	uint32_t line;
	bool expert;              /* inside an element marked as an expert box */
	bool example;             /* inside an element marked as an example */
};

struct walk {
	struct event *v;
	size_t n, cap;
	bool expert, example;
	int depth;
};

static bool
name_is(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && n->name && strcasecmp((const char *)n->name, name) == 0;
}

static bool
attr_has(const xmlNode *n, const char *attr, const char *word)
{
	char *v = lx_prop(n, attr);
	if (!v)
		return false;
	struct sbuf f = {0};
	tb_fold(v, strlen(v), &f);
	bool yes = strstr(f.s, word) != NULL;
	sbuf_free(&f);
	free(v);
	return yes;
}

/* Page furniture rather than text: scripts, styles, navigation, banners, footers. */
static bool
skipped(const xmlNode *n)
{
	static const char *const tags[] = { "script", "style", "nav", "header", "footer", "noscript",
		"template", "iframe", "svg", "button", "form", "select", "head", "menu", "object",
		"embed", "canvas", "title", "meta", "link", NULL };
	static const char *const roles[] = { "navigation", "banner", "contentinfo", "search",
		"menu", "menubar", "toolbar", "tablist", "complementary", NULL };
	if (n->type != XML_ELEMENT_NODE)
		return false;
	for (int i = 0; tags[i]; i++)
		if (name_is(n, tags[i]))
			return true;
	for (int i = 0; roles[i]; i++)
		if (attr_has(n, "role", roles[i]))
			return true;
	if (attr_has(n, "aria-hidden", "true") || lx_has_prop(n, "hidden"))
		return true;
	return false;
}

static int
heading_level(const xmlNode *n)
{
	if (n->type != XML_ELEMENT_NODE || !n->name)
		return 0;
	const char *s = (const char *)n->name;
	if ((s[0] == 'h' || s[0] == 'H') && s[1] >= '1' && s[1] <= '6' && s[2] == '\0')
		return s[1] - '0';
	return 0;
}

static bool
is_block(const xmlNode *n)
{
	static const char *const tags[] = { "p", "div", "section", "article", "main", "ul", "ol",
		"table", "dl", "dt", "dd", "blockquote", "pre", "li", "aside", "body", "html",
		"figure", "figcaption", "details", "summary", "center", "tr", "td", "th", "tbody",
		"thead", "tfoot", "hr", NULL };
	if (n->type != XML_ELEMENT_NODE)
		return false;
	if (heading_level(n))
		return true;
	for (int i = 0; tags[i]; i++)
		if (name_is(n, tags[i]))
			return true;
	return false;
}

static void
add_text(struct sbuf *o, const char *s)
{
	for (; *s; s++) {
		char c = *s;
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
			if (!o->len || o->s[o->len - 1] == ' ' || o->s[o->len - 1] == '\n')
				continue;
			c = ' ';
		}
		sbuf_addc(o, c);
	}
}

/* Inline text of n (without nested lists when skip_lists), bold spans recorded. */
static void
gather(const xmlNode *n, struct sbuf *o, struct tb_spans *bold, bool skip_lists, int depth)
{
	if (depth > 200)
		return;
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) {
			if (c->content)
				add_text(o, (const char *)c->content);
			continue;
		}
		if (c->type != XML_ELEMENT_NODE || skipped(c))
			continue;
		if (skip_lists && (name_is(c, "ul") || name_is(c, "ol")))
			continue;
		if (name_is(c, "br")) {
			add_text(o, " ");
			continue;
		}
		bool b = name_is(c, "b") || name_is(c, "strong");
		size_t from = o->len;
		gather(c, o, bold, skip_lists, depth + 1);
		if (b && bold && o->len > from) {
			size_t f = from;
			while (f < o->len && o->s[f] == ' ')
				f++;
			bold->v = xgrow(bold->v, &bold->cap, bold->n + 1, sizeof *bold->v);
			bold->v[bold->n].from = f;
			bold->v[bold->n].to = o->len;
			bold->n++;
		}
		/* block children inside inline runs still separate words */
		if (is_block(c))
			add_text(o, " ");
	}
}

static void
trim(struct sbuf *o, struct tb_spans *bold)
{
	while (o->len && (o->s[o->len - 1] == ' ' || o->s[o->len - 1] == '\n'))
		o->s[--o->len] = '\0';
	if (!o->s)
		sbuf_add(o, "", 0);
	size_t lead = 0;
	while (lead < o->len && o->s[lead] == ' ')
		lead++;
	if (lead) {
		memmove(o->s, o->s + lead, o->len - lead + 1);
		o->len -= lead;
	}
	for (size_t i = 0; bold && i < bold->n; i++) {
		bold->v[i].from = bold->v[i].from >= lead ? bold->v[i].from - lead : 0;
		bold->v[i].to = bold->v[i].to >= lead ? bold->v[i].to - lead : 0;
		if (bold->v[i].to > o->len)
			bold->v[i].to = o->len;
		if (bold->v[i].from > bold->v[i].to)
			bold->v[i].from = bold->v[i].to;
	}
}

static void
push(struct walk *W, enum ekind k, int level, struct sbuf *text, struct tb_spans *bold,
    const xmlNode *n)
{
	trim(text, bold);
	if (text->len == 0) {
		sbuf_free(text);
		if (bold)
			tb_spans_free(bold);
		return;
	}
	W->v = xgrow(W->v, &W->cap, W->n + 1, sizeof *W->v);
	struct event *e = &W->v[W->n++];
	memset(e, 0, sizeof *e);
	e->kind = k;
	e->level = level;
	e->text = sbuf_take(text);
	if (bold)
		e->bold = *bold;
	long ln = lx_line(n);
	e->line = ln > 0 && ln < (long)UINT32_MAX ? (uint32_t)ln : 0;
	e->expert = W->expert;
	e->example = W->example;
}

static void
walk_list(struct walk *W, const xmlNode *list, struct sbuf *o, struct tb_spans *bold, int indent,
    int depth)
{
	int num = 0;
	bool ordered = name_is(list, "ol");
	if (depth > 200)
		return;
	for (const xmlNode *li = list->children; li; li = li->next) {
		if (!name_is(li, "li") || skipped(li))
			continue;
		if (o->len)
			sbuf_addc(o, '\n');
		for (int k = 0; k < indent && k < 8; k++)
			sbuf_adds(o, "  ");
		if (ordered)
			sbuf_addf(o, "%d. ", ++num);
		else
			sbuf_adds(o, "- ");
		size_t start = o->len;
		gather(li, o, bold, true, depth + 1);
		while (o->len > start && o->s[o->len - 1] == ' ')
			o->s[--o->len] = '\0';
		for (const xmlNode *c = li->children; c; c = c->next)
			if ((name_is(c, "ul") || name_is(c, "ol")) && !skipped(c))
				walk_list(W, c, o, bold, indent + 1, depth + 1);
	}
}

static void
walk_table(const xmlNode *n, struct sbuf *o, int depth)
{
	if (depth > 200)
		return;
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || skipped(c))
			continue;
		if (name_is(c, "tr")) {
			if (o->len)
				sbuf_addc(o, '\n');
			bool first = true;
			for (const xmlNode *td = c->children; td; td = td->next) {
				if (!(name_is(td, "td") || name_is(td, "th")))
					continue;
				if (!first)
					sbuf_addc(o, '\t');
				first = false;
				struct sbuf cell = {0};
				gather(td, &cell, NULL, false, depth + 1);
				trim(&cell, NULL);
				for (size_t i = 0; i < cell.len; i++)
					if (cell.s[i] == '\t' || cell.s[i] == '\n')
						cell.s[i] = ' ';
				sbuf_adds(o, cell.s);
				sbuf_free(&cell);
			}
		} else if (!name_is(c, "table"))
			walk_table(c, o, depth + 1);   /* thead, tbody, tfoot */
	}
}

static void walk(struct walk *W, const xmlNode *n, int depth);

/* A container's children: blocks on their own, runs of inline nodes as paragraphs. */
static void
walk_children(struct walk *W, const xmlNode *n, int depth)
{
	struct sbuf run = {0};
	struct tb_spans bold = {0};
	const xmlNode *run_at = n;
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (c->type == XML_ELEMENT_NODE && skipped(c))
			continue;
		if (c->type == XML_ELEMENT_NODE && is_block(c)) {
			push(W, E_PARA, 0, &run, &bold, run_at);
			memset(&bold, 0, sizeof bold);
			walk(W, c, depth + 1);
			continue;
		}
		if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) {
			if (c->content) {
				if (!run.len)
					run_at = c;
				add_text(&run, (const char *)c->content);
			}
		} else if (c->type == XML_ELEMENT_NODE) {
			if (!run.len)
				run_at = c;
			bool b = name_is(c, "b") || name_is(c, "strong");
			size_t from = run.len;
			if (name_is(c, "br"))
				add_text(&run, " ");
			else
				gather(c, &run, &bold, false, depth + 1);
			if (b && run.len > from) {
				bold.v = xgrow(bold.v, &bold.cap, bold.n + 1, sizeof *bold.v);
				bold.v[bold.n].from = from;
				bold.v[bold.n].to = run.len;
				bold.n++;
			}
		}
	}
	push(W, E_PARA, 0, &run, &bold, run_at);
}

static void
walk(struct walk *W, const xmlNode *n, int depth)
{
	if (depth > 200 || n->type != XML_ELEMENT_NODE || skipped(n))
		return;
	bool save_expert = W->expert, save_example = W->example;
	if (attr_has(n, "class", "expert") || attr_has(n, "class", "dracones"))
		W->expert = true;
	if (attr_has(n, "class", "example"))
		W->example = true;
	int hl = heading_level(n);
	struct sbuf o = {0};
	struct tb_spans bold = {0};
	if (hl) {
		gather(n, &o, NULL, false, depth);
		push(W, E_HEADING, hl, &o, NULL, n);
	} else if (name_is(n, "p") || name_is(n, "pre") || name_is(n, "dt") || name_is(n, "dd")
	    || name_is(n, "figcaption") || name_is(n, "summary")) {
		gather(n, &o, &bold, false, depth);
		push(W, E_PARA, 0, &o, &bold, n);
	} else if (name_is(n, "ul") || name_is(n, "ol")) {
		walk_list(W, n, &o, &bold, 0, depth);
		push(W, E_LIST, 0, &o, &bold, n);
	} else if (name_is(n, "table")) {
		walk_table(n, &o, depth);
		push(W, E_TABLE, 0, &o, NULL, n);
	} else if (!name_is(n, "hr"))
		walk_children(W, n, depth);
	W->expert = save_expert;
	W->example = save_example;
}

static void
cards_from(struct tb_builder *t, const struct event *e, size_t skip, uint32_t ex)
{
	size_t len = strlen(e->text);   /* once, not for each of 400,000 bold spans */
	for (size_t i = 0; i < e->bold.n; i++) {
		size_t f = e->bold.v[i].from, to = e->bold.v[i].to;
		if (f < skip || to > len)
			continue;
		tbb_card(t, e->text + f, to - f, ex);
	}
}

struct tb_book *
tb_parse_html(const char *name, const char *bytes, size_t len, struct diags *d)
{
	struct tb_builder t;
	const char *nm = name ? name : "(textbook)";
	tbb_init(&t, nm, "html");
	if (!bytes || len == 0 || len > INT_MAX) {
		if (d)
			diag_add(d, DL_WARNING, nm, 1, 1, len ? "the HTML page is too large" : "the HTML page is empty");
		return tbb_finish(&t);
	}
	struct sbuf why = {0};
	htmlDocPtr doc = lx_read_html(bytes, (int)len, nm, NULL, &why);
	xmlNode *root = lx_root(doc);
	if (!root) {
		if (d) {
			diag_add(d, DL_WARNING, nm, 1, 1, "no HTML document could be read%s%s", why.len ? ": " : "", sbuf_str(&why));
			diag_hint(d, "check that the file is a saved web page");
		}
		lx_free_doc(doc);
		sbuf_free(&why);
		return tbb_finish(&t);
	}
	sbuf_free(&why);
	/* the document title names the book when its headings do not */
	char *doctitle = NULL;
	for (xmlNode *c = root->children; c; c = c->next)
		if (name_is(c, "head"))
			for (xmlNode *h = c->children; h; h = h->next)
				if (name_is(h, "title") && !doctitle) {
					struct sbuf o = {0};
					gather(h, &o, NULL, false, 0);
					trim(&o, NULL);
					doctitle = sbuf_take(&o);
				}
	struct walk W = {0};
	walk(&W, root, 0);
	lx_free_doc(doc);

	/* heading levels in use decide what is a section, a chapter and a page */
	bool used[7] = {0};
	for (size_t i = 0; i < W.n; i++)
		if (W.v[i].kind == E_HEADING)
			used[W.v[i].level] = true;
	int lv[6], nl = 0;
	for (int l = 1; l <= 6; l++)
		if (used[l])
			lv[nl++] = l;
	int sec_l = nl >= 2 ? lv[0] : 0, chap_l = nl >= 3 ? lv[1] : 0;
	int page_l = nl >= 3 ? lv[2] : nl == 2 ? lv[1] : nl == 1 ? lv[0] : 0;
	const char *book = doctitle && *doctitle ? doctitle : nm;
	char *section = xstrdup(book), *chapter = xstrdup(book);
	bool have_page = false;
	for (size_t i = 0; i < W.n; i++) {
		struct event *e = &W.v[i];
		if (e->kind == E_HEADING) {
			if (e->level == sec_l) {
				free(section);
				section = xstrdup(e->text);
				free(chapter);
				chapter = xstrdup(e->text);
				have_page = false;
				continue;
			}
			if (e->level == chap_l) {
				free(chapter);
				chapter = xstrdup(e->text);
				have_page = false;
				continue;
			}
			if (e->level == page_l) {
				tbb_page(&t, section, chapter, e->text, e->line);
				have_page = true;
				continue;
			}
			if (e->level < page_l) {
				have_page = false;
				continue;
			}
			if (!have_page) {
				tbb_page(&t, section, chapter, chapter, e->line);
				have_page = true;
			}
			tbb_heading(&t, e->text, e->level - page_l, e->line);
			continue;
		}
		if (!have_page) {
			tbb_page(&t, section, chapter, chapter, e->line);
			have_page = true;
		}
		if (tbb_is_banner(e->text)) {
			tbb_block(&t, TB_EXPERT, e->text, e->line);
			continue;
		}
		if (e->expert && !t.expert)
			tbb_block(&t, TB_EXPERT, "Hic sunt dracones!", e->line);
		if (e->kind == E_PARA && (tbb_is_example_label(e->text) || e->example)) {
			size_t skip = 0;
			if (tbb_is_example_label(e->text)) {
				skip = 7 + (e->text[7] == 's') + 1;
				while (e->text[skip] == ' ')
					skip++;
			}
			uint32_t ex = tbb_example(&t, e->text + skip, e->line);
			cards_from(&t, e, skip, ex);
		} else {
			tbb_block(&t, e->kind == E_LIST ? TB_LIST : e->kind == E_TABLE ? TB_TABLE : TB_PARA,
			    e->text, e->line);
			cards_from(&t, e, 0, TB_NONE);
		}
	}
	for (size_t i = 0; i < W.n; i++) {
		free(W.v[i].text);
		tb_spans_free(&W.v[i].bold);
	}
	free(W.v);
	free(section);
	free(chapter);
	free(doctitle);
	return tbb_finish(&t);
}
