/* cmd_html.c — `judge html DIR`: a static, hyperlinked edition of the release that answers,
 * to copy to a phone and read offline: the rules a page a section (or one page with
 * --single), the glossary, the changes since the release loaded before it, the textbook and
 * the policy documents loaded, with every reference a link and every rule its "cited by".
 * Pages are written into a temporary folder beside DIR that then takes DIR's place, so a
 * reader never sees half an edition. */
#include "cmd_html.h"
#include "cmd_rules.h"
#include "cmd_textbook.h"
#include "cmd_policy.h"
#include "cmd_card.h"
#include "../base/buf.h"
#include "../base/hash.h"
#include "../base/mem.h"
#include "../cards/cards.h"
#include "../cr/crparse.h"
#include "../history/history.h"
#include "../render/html.h"
#include "../render/json.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* a marker file: a folder holding it was written by `judge html`, and may be replaced */
#define MARKER ".judge-html"
#define GLOSS_MAX_WORDS 8

/* folded string -> value, open addressing; keys owned, their hashes kept so a probe
 * compares strings only when the hashes agree */
struct stab {
	char **k;
	uint32_t *h, *v;
	uint32_t cap, n;
};

static void
stab_put(struct stab *t, const char *key, uint32_t v)
{
	if (!*key)
		return;
	if ((t->n + 1) * 2 > t->cap) {
		struct stab o = *t;
		t->cap = o.cap ? o.cap * 2 : 256;
		t->k = xcalloc(t->cap, sizeof *t->k);
		t->h = xcalloc(t->cap, sizeof *t->h);
		t->v = xcalloc(t->cap, sizeof *t->v);
		t->n = 0;
		for (uint32_t i = 0; i < o.cap; i++)
			if (o.k[i]) {
				uint32_t h = o.h[i] & (t->cap - 1);
				while (t->k[h])
					h = (h + 1) & (t->cap - 1);
				t->k[h] = o.k[i];
				t->h[h] = o.h[i];
				t->v[h] = o.v[i];
				t->n++;
			}
		free(o.k);
		free(o.h);
		free(o.v);
	}
	uint32_t hv = hash_str(key), h = hv & (t->cap - 1);
	while (t->k[h]) {
		if (t->h[h] == hv && strcmp(t->k[h], key) == 0)
			return;             /* the first entry keeps a term */
		h = (h + 1) & (t->cap - 1);
	}
	t->k[h] = xstrdup(key);
	t->h[h] = hv;
	t->v[h] = v;
	t->n++;
}

static uint32_t *stab_slot(const struct stab *t, const char *key);

/* the key's value becomes the larger of v and what it was */
static void
stab_max(struct stab *t, const char *key, uint32_t v)
{
	uint32_t *have = stab_slot(t, key);
	if (have && *have < v)
		*have = v;
	else if (!have)
		stab_put(t, key, v);
}

static uint32_t *
stab_slot(const struct stab *t, const char *key)
{
	if (!t->cap)
		return NULL;
	uint32_t hv = hash_str(key), h = hv & (t->cap - 1);
	while (t->k[h]) {
		if (t->h[h] == hv && strcmp(t->k[h], key) == 0)
			return &t->v[h];
		h = (h + 1) & (t->cap - 1);
	}
	return NULL;
}

static uint32_t
stab_get(const struct stab *t, const char *key)
{
	const uint32_t *v = stab_slot(t, key);
	return v ? *v : JNONE;
}

static void
stab_free(struct stab *t)
{
	for (uint32_t i = 0; i < t->cap; i++)
		free(t->k[i]);
	free(t->k);
	free(t->h);
	free(t->v);
	memset(t, 0, sizeof *t);
}

/* a policy section citing a rule */
struct polcite {
	uint32_t rule;
	int kind;
	uint32_t sec;
};
static int cmp_polcite(const void *a, const void *b);

struct site {
	struct jctx *c;
	const struct jrelease *rel;
	bool single, with_cards;
	char *tmp;                      /* the folder being written */
	struct sbuf pg;                 /* the page being built */
	const char *pgname;             /* its file name */
	char **gslug;                   /* per glossary entry */
	struct stab gterm, gfirst;      /* folded alias -> entry; folded first words */
	uint32_t *gused, gstamp;        /* terms linked in the current entry */
	struct polcite *pc;             /* sorted by rule */
	size_t npc;
	uint32_t *taught, *taught_at;   /* textbook pages of rule i: taught[taught_at[i]..[i+1]) */
	struct pol_set *pol;
	const struct pol_doc *docs[POL_NKIND];
	struct tb_book *tb;
	const struct jrelease *prev;    /* the release the changes page starts from */
	char **files;
	size_t nfiles, filecap;
	size_t bytes, nrulelinks, ngloslinks, nbacklinks, ncards;
	int werr;                       /* errno of the first failed write */
	char *werr_file;
	char *tb_note, *cards_note;     /* why the textbook or cards were left out */
};

static const char *const months[] = { "January", "February", "March", "April", "May", "June",
	"July", "August", "September", "October", "November", "December" };

/* ---------- where things are ---------- */

static unsigned
section_of(jrid id)
{
	unsigned ch = JRID_CHAP(id);
	return ch < 10 ? ch : ch / 100;
}

static const char *
rule_file(const struct site *S, uint32_t i, char buf[32])
{
	if (S->single)
		return "rules.html";
	snprintf(buf, 32, "cr-%u.html", section_of(S->rel->rules[i].id));
	return buf;
}

static const char *
gloss_file(const struct site *S)
{
	return S->single ? "rules.html" : "glossary.html";
}

/* "cr-7.html#R7045j", or "#R7045j" on the page of the rule itself */
static void
add_rule_href(struct site *S, uint32_t i)
{
	char fb[32], idb[32];
	const char *f = rule_file(S, i, fb);
	if (strcmp(f, S->pgname) != 0)
		sbuf_adds(&S->pg, f);
	sbuf_addc(&S->pg, '#');
	sbuf_adds(&S->pg, html_rule_id(&S->rel->rules[i], idb));
}

static void
add_rule_link(struct site *S, uint32_t i)
{
	char ab[32];
	sbuf_adds(&S->pg, "<a href=\"");
	add_rule_href(S, i);
	sbuf_adds(&S->pg, "\">");
	html_escs(&S->pg, html_rule_alias(&S->rel->rules[i], ab));
	sbuf_adds(&S->pg, "</a>");
}

static void
add_gloss_href(struct site *S, uint32_t g)
{
	if (strcmp(gloss_file(S), S->pgname) != 0)
		sbuf_adds(&S->pg, gloss_file(S));
	sbuf_addc(&S->pg, '#');
	sbuf_adds(&S->pg, S->gslug[g]);
}

/* ---------- linking text ---------- */

struct span {
	size_t off, end;
	uint32_t target;
	bool gloss;
};

struct spans {
	struct span *v;
	size_t n, cap;
	const struct jrelease *rel;
	const char *text;
	size_t len;
	size_t last_off;
	bool last_linked;
};

static void
ref_cb(void *ctx, jrid id, size_t off)
{
	struct spans *sp = ctx;
	/* a range or list member written at the same place: the first rule that exists */
	if (sp->n && off == sp->last_off && sp->last_linked)
		return;
	sp->last_off = off;
	sp->last_linked = false;
	uint32_t ri = jrel_find(sp->rel, id);
	if (ri == JNONE)
		return;
	const char *e;
	size_t end;
	if (jrid_parse(sp->text + off, &e) != JRID_NONE) {
		end = (size_t)(e - sp->text);
		if (end > off + 1 && sp->text[end - 1] == '.')
			end--;
	} else {
		for (end = off; end < sp->len && sp->text[end] >= '0' && sp->text[end] <= '9'; end++)
			;
	}
	if (end <= off)
		return;
	/* the end of a range goes with its start: "601.2f–h" */
	if (sp->n && sp->v[sp->n - 1].end > off)
		return;
	sp->v = xgrow(sp->v, &sp->cap, sp->n + 1, sizeof *sp->v);
	sp->v[sp->n++] = (struct span){ off, end, ri, false };
	sp->last_linked = true;
}

/* Length of the word character at s (a letter or digit, or a non-ASCII letter), 0 if s
 * holds none: curly quotes and dashes (U+2000-U+206F) are not letters. */
static size_t
word_char(const unsigned char *s, size_t n)
{
	if (n == 0)
		return 0;
	if (s[0] < 0x80)
		return ((s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'z') || (s[0] >= '0' && s[0] <= '9');
	if ((s[0] & 0xC0) == 0x80 || (s[0] == 0xE2 && n >= 3 && (s[1] == 0x80 || s[1] == 0x81)))
		return 0;
	size_t l = (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 1;
	return l <= n ? l : n;
}

static size_t
word_end(const char *t, size_t i, size_t n)
{
	size_t l;
	while (i < n && (l = word_char((const unsigned char *)t + i, n - i)) > 0)
		i += l;
	return i;
}

static bool
in_spans(const struct spans *sp, size_t a, size_t b)
{
	for (size_t k = 0; k < sp->n; k++)
		if (!sp->v[k].gloss && sp->v[k].off < b && a < sp->v[k].end)
			return true;
	return false;
}

/* the folded form of text[a..b) into out; false when it is too long to be a term */
static bool
fold_span(const char *t, size_t a, size_t b, char *out, size_t cap)
{
	char tmp[256];
	if (b - a >= sizeof tmp || b - a >= cap)
		return false;
	/* plain ASCII words, one space apart: only the case to fold (most words, at once) */
	size_t i;
	for (i = a; i < b; i++) {
		unsigned char c = (unsigned char)t[i];
		if (c >= 0x80 || c < 0x20 || (c == ' ' && (i == a || t[i - 1] == ' ')))
			break;
		out[i - a] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	if (i == b) {
		out[b - a] = '\0';
		return true;
	}
	memcpy(tmp, t + a, b - a);
	tmp[b - a] = '\0';
	jfold(tmp, out, cap);
	return true;
}

/* The glossary entry a folded phrase names, trying the singular of a last word in -s. */
static uint32_t
term_of(const struct site *S, char *f)
{
	uint32_t g = stab_get(&S->gterm, f);
	size_t l = strlen(f);
	if (g == JNONE && l > 3 && f[l - 1] == 's') {
		f[l - 1] = '\0';
		g = stab_get(&S->gterm, f);
		if (g == JNONE && f[l - 2] == 'e') {
			f[l - 2] = '\0';
			g = stab_get(&S->gterm, f);
		}
	}
	return g;
}

static void
find_terms(struct site *S, struct spans *sp, uint32_t self)
{
	const char *t = sp->text;
	size_t n = sp->len;
	for (size_t i = 0; i < n;) {
		size_t l = word_char((const unsigned char *)t + i, n - i);
		if (!l) {
			/* past the whole character: a curly quote is three bytes */
			for (i++; i < n && ((unsigned char)t[i] & 0xC0) == 0x80; i++)
				;
			continue;
		}
		size_t we = word_end(t, i, n);
		char f[256];
		uint32_t maxw = JNONE;  /* the most words of a term this word starts */
		if (fold_span(t, i, we, f, sizeof f)) {
			maxw = stab_get(&S->gfirst, f);
			size_t fl = strlen(f);
			if (maxw == JNONE && fl > 3 && f[fl - 1] == 's') {
				f[fl - 1] = '\0';
				maxw = stab_get(&S->gfirst, f);
			}
		}
		if (maxw == JNONE || in_spans(sp, i, we)) {
			i = we;
			continue;
		}
		/* the ends of up to that many words from i, joined by spaces, hyphens, commas */
		size_t ends[GLOSS_MAX_WORDS], ne = 0, e = we;
		ends[ne++] = e;
		while (ne < GLOSS_MAX_WORDS && ne < maxw) {
			size_t s = e, k = 0;
			while (s < n && k < 3 && (t[s] == ' ' || t[s] == '-' || t[s] == ','))
				s++, k++;
			if (k == 0 || s >= n || !word_char((const unsigned char *)t + s, n - s))
				break;
			e = word_end(t, s, n);
			ends[ne++] = e;
		}
		size_t next = we;
		for (size_t k = ne; k-- > 0;) {
			if (!fold_span(t, i, ends[k], f, sizeof f))
				continue;
			uint32_t g = term_of(S, f);
			if (g == JNONE || in_spans(sp, i, ends[k]))
				continue;
			next = ends[k];
			if (g != self && S->gused[g] != S->gstamp) {
				S->gused[g] = S->gstamp;
				sp->v = xgrow(sp->v, &sp->cap, sp->n + 1, sizeof *sp->v);
				sp->v[sp->n++] = (struct span){ i, ends[k], g, true };
			}
			break;
		}
		i = next;
	}
}

static int
cmp_span(const void *a, const void *b)
{
	const struct span *x = a, *y = b;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* Append text with its rule references linked and, with terms, the glossary terms not yet
 * linked in the current entry (S->gstamp; never entry self). */
static void
linkify(struct site *S, const char *text, bool terms, uint32_t self)
{
	if (!text)
		return;
	struct spans sp = { .rel = S->rel, .text = text, .len = strlen(text), .last_off = (size_t)-1 };
	cr_find_refs(text, sp.len, ref_cb, &sp);
	if (terms && S->gterm.n)
		find_terms(S, &sp, self);
	xqsort(sp.v, sp.n, sizeof *sp.v, cmp_span);
	size_t at = 0;
	for (size_t k = 0; k < sp.n; k++) {
		struct span *s = &sp.v[k];
		if (s->off < at)
			continue;
		html_esc(&S->pg, text + at, s->off - at, true);
		sbuf_adds(&S->pg, s->gloss ? "<a class=\"g\" href=\"" : "<a href=\"");
		if (s->gloss) {
			add_gloss_href(S, s->target);
			S->ngloslinks++;
		} else {
			add_rule_href(S, s->target);
			S->nrulelinks++;
		}
		sbuf_adds(&S->pg, "\">");
		html_esc(&S->pg, text + s->off, s->end - s->off, false);
		sbuf_adds(&S->pg, "</a>");
		at = s->end;
	}
	html_esc(&S->pg, text + at, sp.len - at, true);
	free(sp.v);
}

/* ---------- pages ---------- */

static void
date_words(int yyyymmdd, char *buf, size_t cap)
{
	int y = yyyymmdd / 10000, m = yyyymmdd / 100 % 100, d = yyyymmdd % 100;
	if (m >= 1 && m <= 12)
		snprintf(buf, cap, "%s %d, %d", months[m - 1], d, y);
	else
		snprintf(buf, cap, "%d", yyyymmdd);
}

static bool
partial_rel(const struct jrelease *r)
{
	return r->fragment || r->truncated;
}

static void
page_begin(struct site *S, const char *file, const char *title)
{
	sbuf_reset(&S->pg);
	S->pgname = file;
	struct sbuf *o = &S->pg;
	const struct jrelease *r = S->rel;
	sbuf_adds(o, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>\n"
	    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>");
	html_escs(o, title);
	sbuf_adds(o, " \xE2\x80\x94 Comprehensive Rules ");
	html_escs(o, r->label);
	sbuf_adds(o, "</title>\n<link rel=\"stylesheet\" href=\"style.css\"/>\n</head>\n<body>\n"
	    "<div class=\"top\"><a href=\"index.html\">Contents</a>");
	sbuf_addf(o, "<a href=\"%s\">Glossary</a>", S->single ? "rules.html#glossary" : "glossary.html");
	sbuf_adds(o, "<a href=\"changes.html\">Changes</a>");
	if (S->tb)
		sbuf_adds(o, "<a href=\"textbook.html\">Textbook</a>");
	for (int k = 0; k < POL_NKIND; k++)
		if (S->docs[k])
			sbuf_addf(o, "<a href=\"%s.html\">%s</a>", pol_kind_name(k), pol_doc_short(S->docs[k]));
	if (S->with_cards && S->ncards)
		sbuf_adds(o, "<a href=\"cards.html\">Cards</a>");
	sbuf_adds(o, "</div>\n<p class=\"rel\">Comprehensive Rules, ");
	if (r->date) {
		char dw[40];
		date_words(r->date, dw, sizeof dw);
		sbuf_adds(o, "effective ");
		html_escs(o, dw);
		sbuf_adds(o, " (release ");
		html_escs(o, r->label);
		sbuf_adds(o, ")");
	} else {
		char era[160];
		html_escs(o, rules_era(r, false, era, sizeof era));
		sbuf_adds(o, ", which states no effective date");
	}
	sbuf_adds(o, "</p>\n");
	if (partial_rel(r)) {
		char era[200];
		sbuf_adds(o, "<p class=\"banner\"><strong>Not today\xE2\x80\x99s rules.</strong> This edition holds ");
		html_escs(o, rules_era(r, true, era, sizeof era));
		sbuf_adds(o, r->truncated ? " (the text stops early)" : "");
		sbuf_adds(o, ". ");
		html_escs(o, rules_only_partial(S->c->ix) ? rules_historical_text() :
		    "Rules it does not hold are missing from this edition, and what it holds may have changed since.");
		sbuf_adds(o, "</p>\n");
	}
	sbuf_adds(o, "<div class=\"main\">\n");
}

static void
page_end(struct site *S)
{
	sbuf_adds(&S->pg, "</div>\n<p class=\"foot\">Written by judge from ");
	html_escs(&S->pg, S->rel->label);
	sbuf_adds(&S->pg, ". Magic: The Gathering is a trademark of Wizards of the Coast.</p>\n</body></html>\n");
}

static void
add_file(struct site *S, const char *name)
{
	S->files = xgrow(S->files, &S->filecap, S->nfiles + 1, sizeof *S->files);
	S->files[S->nfiles++] = xstrdup(name);
}

static void
write_file(struct site *S, const char *name, const char *data, size_t n)
{
	if (S->werr)
		return;
	struct sbuf p = {0};
	sbuf_addf(&p, "%s/%s", S->tmp, name);
	int fd = open(p.s, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	size_t done = 0;
	int err = fd < 0 ? errno : 0;
	while (!err && done < n) {
		ssize_t w = write(fd, data + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			err = w < 0 ? errno : EIO;
		else
			done += (size_t)w;
	}
	if (fd >= 0 && close(fd) != 0 && !err)
		err = errno;
	if (err) {
		S->werr = err;
		S->werr_file = xstrdup(name);
	} else if (name[0] != '.') {
		S->bytes += n;
		add_file(S, name);
	}
	sbuf_free(&p);
}

static void
page_write(struct site *S)
{
	page_end(S);
	write_file(S, S->pgname, S->pg.s, S->pg.len);
}

static const char style_css[] =
    "/* judge html: mobile first, dark when the phone is */\n"
    ":root{color-scheme:light dark;--fg:#1b1b1b;--bg:#fff;--mut:#5f6368;--ln:#0645ad;--ex:#f3f3ee;--bd:#ddd;--ban:#fff3cd;--hl:#fff1a8}\n"
    "@media (prefers-color-scheme:dark){:root{--fg:#e8e8e8;--bg:#121212;--mut:#a0a0a0;--ln:#8ab4f8;--ex:#1f1f1f;--bd:#333;--ban:#3a3000;--hl:#4a4000}}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0 auto;max-width:46em;padding:0 .75em 3em;font:16px/1.5 system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;color:var(--fg);background:var(--bg);overflow-wrap:break-word;-webkit-text-size-adjust:100%}\n"
    "a{color:var(--ln)}\n"
    ".top{position:sticky;top:0;background:var(--bg);border-bottom:1px solid var(--bd);padding:.35em 0;font-size:.9em;z-index:1}\n"
    ".top a{margin-right:.9em;display:inline-block;padding:.2em 0;text-decoration:none}\n"
    ".rel,.foot{color:var(--mut);font-size:.85em;margin:.3em 0}\n"
    ".banner{background:var(--ban);border-left:4px solid #c90;padding:.5em .75em;margin:.5em 0}\n"
    "h1{font-size:1.4em;line-height:1.25}h2{font-size:1.25em}h3{font-size:1.1em}h4{font-size:1em}\n"
    ".r{margin:.6em 0}.n{font-weight:bold;text-decoration:none}\n"
    ".ex{background:var(--ex);margin:.3em 0 .3em .8em;padding:.3em .6em;font-size:.95em}\n"
    ".cb{color:var(--mut);font-size:.85em;margin:.1em 0 .9em .8em}\n"
    "a.g{color:inherit;text-decoration:underline dotted}\n"
    ":target{background:var(--hl)}[id]{scroll-margin-top:2.8em}\n"
    "details{border-bottom:1px solid var(--bd);padding:.2em 0}summary{cursor:pointer;font-weight:bold;padding:.45em 0}\n"
    "ul.toc{list-style:none;padding-left:.6em;margin:.2em 0}ul.toc li{padding:.3em 0}\n"
    "del{background:rgba(220,0,0,.18)}ins{background:rgba(0,160,0,.2);text-decoration:none}\n"
    ".tbl{overflow-x:auto}table{border-collapse:collapse}td{border:1px solid var(--bd);padding:.2em .4em;vertical-align:top}\n"
    "dt{font-weight:bold;margin-top:.9em}dd{margin:0 0 0 .8em}\n"
    ".pen{font-weight:bold}.letters a{display:inline-block;min-width:1.8em;padding:.2em 0}\n"
    ".go input{font-size:1em;width:70%;max-width:20em;padding:.3em}.go button{font-size:1em;padding:.3em .8em}\n";

/* ---------- the rules ---------- */

/* the first entry of v[0..n) for rule i, n if none */
static size_t
first_for(const struct polcite *v, size_t n, uint32_t i)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t m = (lo + hi) / 2;
		if (v[m].rule < i)
			lo = m + 1;
		else
			hi = m;
	}
	return lo < n && v[lo].rule == i ? lo : n;
}

static void
cited_by(struct site *S, uint32_t i)
{
	const struct jrule *r = &S->rel->rules[i];
	size_t lo = first_for(S->pc, S->npc, i);
	bool pol = lo < S->npc;
	if (!r->nbackrefs && !r->ngloss_backrefs && !pol)
		return;
	sbuf_adds(&S->pg, "<p class=\"cb\">Cited by: ");
	bool first = true;
	for (uint32_t k = 0; k < r->nbackrefs; k++) {
		sbuf_adds(&S->pg, first ? "" : ", ");
		first = false;
		add_rule_link(S, r->backrefs[k]);
		S->nbacklinks++;
	}
	for (uint32_t k = 0; k < r->ngloss_backrefs; k++) {
		uint32_t g = r->gloss_backrefs[k];
		sbuf_adds(&S->pg, first ? "glossary " : k ? ", " : "; glossary ");
		first = false;
		sbuf_adds(&S->pg, "<a href=\"");
		add_gloss_href(S, g);
		sbuf_adds(&S->pg, "\">");
		html_escs(&S->pg, S->rel->gloss[g].head);
		sbuf_adds(&S->pg, "</a>");
		S->nbacklinks++;
	}
	for (size_t k = lo; k < S->npc && S->pc[k].rule == i; k++) {
		const struct pol_doc *d = S->docs[S->pc[k].kind];
		const struct pol_section *s = &d->sec[S->pc[k].sec];
		sbuf_adds(&S->pg, first ? "" : k == lo ? "; " : ", ");
		first = false;
		sbuf_addf(&S->pg, "<a href=\"%s.html#%s-", pol_kind_name(S->pc[k].kind), pol_kind_name(S->pc[k].kind));
		html_escs(&S->pg, s->id);
		sbuf_adds(&S->pg, "\">");
		html_escs(&S->pg, pol_doc_short(d));
		sbuf_addc(&S->pg, ' ');
		html_escs(&S->pg, *s->num ? s->num : s->title);
		sbuf_adds(&S->pg, "</a>");
		S->nbacklinks++;
	}
	sbuf_adds(&S->pg, "</p>\n");
}

/* the textbook pages rule i lists: those that teach it, as a lookup names them */
static bool
same_pages(const struct site *S, uint32_t i, uint32_t j)
{
	uint32_t n = S->taught_at[i + 1] - S->taught_at[i];
	return n == S->taught_at[j + 1] - S->taught_at[j] &&
	    memcmp(S->taught + S->taught_at[i], S->taught + S->taught_at[j], n * sizeof *S->taught) == 0;
}

static void
taught_in(struct site *S, uint32_t i)
{
	if (!S->taught_at || S->taught_at[i] == S->taught_at[i + 1])
		return;
	/* a subrule says it only when its pages are not its parent's, said just above */
	uint32_t up = S->rel->rules[i].parent;
	if (up != JNONE && same_pages(S, i, up))
		return;
	for (uint32_t k = S->taught_at[i]; k < S->taught_at[i + 1]; k++) {
		sbuf_adds(&S->pg, k == S->taught_at[i] ? "<p class=\"cb\">Taught in: " : ", ");
		sbuf_addf(&S->pg, "<a href=\"textbook.html#tb-%u\">", S->taught[k] + 1);
		html_escs(&S->pg, S->tb->pages[S->taught[k]].title);
		sbuf_adds(&S->pg, "</a>");
	}
	sbuf_adds(&S->pg, "</p>\n");
}

/* What `judge RULE` says a rule is taught in (tb_pages_for_rule: the pages linked to it, to
 * a rule above it, or to one under it, at most 8), for every rule, when the book was linked
 * to this very release. */
static void
collect_taught(struct site *S)
{
	const struct tb_book *b = S->tb;
	const struct jrelease *rel = S->rel;
	if (!b || b->linked != rel)
		return;
	S->taught_at = xcalloc(rel->nrules + 1, sizeof *S->taught_at);
	size_t cap = 0, n = 0;
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const struct tb_page *v[8];
		size_t k = tb_pages_for_rule(b, rel, rel->rules[i].id, v, 8);
		S->taught = xgrow(S->taught, &cap, n + k + 1, sizeof *S->taught);
		for (size_t j = 0; j < k; j++)
			S->taught[n++] = (uint32_t)(v[j] - b->pages);
		S->taught_at[i + 1] = (uint32_t)n;
	}
}

static void
write_rule(struct site *S, uint32_t i)
{
	const struct jrule *r = &S->rel->rules[i];
	char idb[32], ab[32];
	const char *id = html_rule_id(r, idb), *alias = html_rule_alias(r, ab);
	enum jrid_level lv = jrid_level(r->id);
	S->gstamp++;
	if (r->title && lv != JL_SUBRULE) {
		const char *tag = lv == JL_SECTION ? "h2" : lv == JL_CHAPTER ? "h3" : "h4";
		sbuf_addf(&S->pg, "<%s id=\"%s\"><span id=\"", tag, id);
		html_escs(&S->pg, alias);
		sbuf_addf(&S->pg, "\"></span><a class=\"n\" href=\"#%s\">", id);
		html_escs(&S->pg, alias);
		sbuf_adds(&S->pg, lv == JL_SUBRULE ? "</a> " : ".</a> ");
		html_escs(&S->pg, r->title);
		sbuf_addf(&S->pg, "</%s>\n", tag);
		/* a titled rule's text is its title, unless a paragraph follows it */
		if (r->text && strcmp(r->text, r->title) != 0) {
			const char *rest = r->text;
			size_t tl = strlen(r->title);
			if (strncmp(rest, r->title, tl) == 0)
				rest += tl;
			while (*rest == '\n' || *rest == ' ')
				rest++;
			if (*rest) {
				sbuf_adds(&S->pg, "<p class=\"r\">");
				linkify(S, rest, true, JNONE);
				sbuf_adds(&S->pg, "</p>\n");
			}
		}
	} else {
		sbuf_addf(&S->pg, "<p class=\"r\" id=\"%s\"><span id=\"", id);
		html_escs(&S->pg, alias);
		sbuf_addf(&S->pg, "\"></span><a class=\"n\" href=\"#%s\">", id);
		html_escs(&S->pg, alias);
		sbuf_adds(&S->pg, lv == JL_SUBRULE ? "</a> " : ".</a> ");
		linkify(S, r->text, true, JNONE);
		sbuf_adds(&S->pg, "</p>\n");
	}
	for (uint32_t k = 0; k < r->nexamples; k++) {
		sbuf_adds(&S->pg, "<p class=\"ex\"><i>Example:</i> ");
		linkify(S, r->examples[k], true, JNONE);
		sbuf_adds(&S->pg, "</p>\n");
	}
	cited_by(S, i);
	taught_in(S, i);
}

static void
section_title(const struct site *S, unsigned sec, uint32_t first, struct sbuf *o)
{
	const struct jrule *r = &S->rel->rules[first];
	if (jrid_level(r->id) == JL_SECTION && r->title)
		sbuf_addf(o, "%u. %s", sec, r->title);
	else
		sbuf_addf(o, "Section %u", sec);
}

static void
write_rule_pages(struct site *S)
{
	const struct jrelease *rel = S->rel;
	struct sbuf t = {0};
	if (S->single) {
		page_begin(S, "rules.html", "The Comprehensive Rules");
		sbuf_adds(&S->pg, "<h1>Magic: The Gathering Comprehensive Rules</h1>\n");
	}
	char name[32];      /* the page's file name, as long as it is written */
	for (uint32_t i = 0; i < rel->nrules;) {
		unsigned sec = section_of(rel->rules[i].id);
		uint32_t j = i;
		while (j < rel->nrules && section_of(rel->rules[j].id) == sec)
			j++;
		if (!S->single) {
			char fb[32];
			sbuf_reset(&t);
			section_title(S, sec, i, &t);
			page_begin(S, strcpy(name, rule_file(S, i, fb)), t.s);
			/* neighbours, for reading on */
			sbuf_adds(&S->pg, "<p class=\"rel\">");
			if (i > 0) {
				sbuf_addf(&S->pg, "<a href=\"%s\">\xE2\x86\x90 section %u</a> ", rule_file(S, i - 1, fb),
				    section_of(rel->rules[i - 1].id));
			}
			if (j < rel->nrules)
				sbuf_addf(&S->pg, "<a href=\"%s\">section %u \xE2\x86\x92</a>", rule_file(S, j, fb),
				    section_of(rel->rules[j].id));
			sbuf_adds(&S->pg, "</p>\n");
			if (jrid_level(rel->rules[i].id) != JL_SECTION) {
				sbuf_adds(&S->pg, "<h2>");
				html_escs(&S->pg, t.s);
				sbuf_adds(&S->pg, "</h2>\n");
			}
		}
		for (uint32_t k = i; k < j; k++)
			write_rule(S, k);
		if (!S->single)
			page_write(S);
		i = j;
	}
	sbuf_free(&t);
}

static void
write_glossary(struct site *S)
{
	const struct jrelease *rel = S->rel;
	if (!S->single)
		page_begin(S, "glossary.html", "Glossary");
	sbuf_adds(&S->pg, "<h1 id=\"glossary\">Glossary</h1>\n");
	if (rel->ngloss == 0) {
		sbuf_adds(&S->pg, "<p>This text has no glossary.</p>\n");
	} else {
		/* a line of initials to jump by */
		sbuf_adds(&S->pg, "<p class=\"letters\">");
		char last = 0;
		for (uint32_t g = 0; g < rel->ngloss; g++) {
			char f[8];
			jfold(rel->gloss[g].head, f, sizeof f);
			char c0 = f[0] >= 'a' && f[0] <= 'z' ? f[0] : '#';
			if (c0 != last && c0 != '#') {
				sbuf_addf(&S->pg, "<a href=\"#%s\">%c</a> ", S->gslug[g], c0 - 32);
				last = c0;
			}
		}
		sbuf_adds(&S->pg, "</p>\n<dl>\n");
	}
	for (uint32_t g = 0; g < rel->ngloss; g++) {
		const struct jgloss *e = &rel->gloss[g];
		S->gstamp++;
		sbuf_addf(&S->pg, "<dt id=\"%s\">", S->gslug[g]);
		html_escs(&S->pg, e->head);
		sbuf_adds(&S->pg, "</dt>\n<dd>");
		linkify(S, e->text, true, g);
		for (uint32_t k = 0; k < e->nexamples; k++) {
			sbuf_adds(&S->pg, "<br/><i>Example:</i> ");
			linkify(S, e->examples[k], true, g);
		}
		sbuf_adds(&S->pg, "</dd>\n");
	}
	if (rel->ngloss)
		sbuf_adds(&S->pg, "</dl>\n");
	page_write(S);
}

static void
write_index(struct site *S)
{
	const struct jrelease *rel = S->rel;
	page_begin(S, "index.html", "Contents");
	sbuf_adds(&S->pg, "<h1>Magic: The Gathering Comprehensive Rules</h1>\n");
	/* the one piece of script: a box that goes to a rule number or a glossary term, worked
	 * out from the ids alone (no index to load, no network); the pages never need it */
	sbuf_addf(&S->pg, "<form class=\"go\" action=\"index.html\" onsubmit=\"return judgeGo(this.q.value)\">"
	    "<input name=\"q\" type=\"search\" placeholder=\"704.5j or a glossary term\" aria-label=\"rule or term\"/> "
	    "<button>Go</button></form>\n<script>\n"
	    "function judgeGo(q) {\n"
	    "  q = q.trim().replace(/^(cr|rule)\\s*/i, '').replace(/\\.$/, '');\n"
	    "  var m = /^([1-9])(\\d\\d)?(\\.\\d+[a-z]?)?$/i.exec(q);\n"
	    "  if (m) location.href = %s + '#R' + q.replace(/\\./g, '').toLowerCase();\n"
	    "  else if (q) location.href = '%s#' + q.toLowerCase().replace(/[\"',.]/g, '').replace(/[^a-z0-9]/g, '_');\n"
	    "  return false;\n}\n</script>\n",
	    S->single ? "'rules.html'" : "'cr-' + m[1] + '.html'", gloss_file(S));
	struct sbuf t = {0};
	for (uint32_t i = 0; i < rel->nrules;) {
		unsigned sec = section_of(rel->rules[i].id);
		uint32_t j = i;
		while (j < rel->nrules && section_of(rel->rules[j].id) == sec)
			j++;
		sbuf_reset(&t);
		section_title(S, sec, i, &t);
		sbuf_adds(&S->pg, "<details><summary>");
		html_escs(&S->pg, t.s);
		sbuf_adds(&S->pg, "</summary>\n<ul class=\"toc\">\n");
		for (uint32_t k = i; k < j; k++) {
			const struct jrule *r = &rel->rules[k];
			enum jrid_level lv = jrid_level(r->id);
			/* chapters, and the keyword entries (702.19 Trample) people look for */
			if (lv == JL_SECTION || (lv != JL_CHAPTER && !(lv == JL_RULE && r->title && JRID_CHAP(r->id) >= 701 && JRID_CHAP(r->id) <= 702)))
				continue;
			sbuf_adds(&S->pg, lv == JL_CHAPTER ? "<li><a href=\"" : "<li>\xC2\xA0\xC2\xA0<a href=\"");
			add_rule_href(S, k);
			sbuf_adds(&S->pg, "\">");
			html_escs(&S->pg, r->num);
			sbuf_adds(&S->pg, ". ");
			html_escs(&S->pg, r->title ? r->title : "");
			sbuf_adds(&S->pg, "</a></li>\n");
		}
		sbuf_adds(&S->pg, "</ul></details>\n");
		i = j;
	}
	sbuf_free(&t);
	sbuf_adds(&S->pg, "<h2>More</h2>\n<ul class=\"toc\">\n");
	sbuf_addf(&S->pg, "<li><a href=\"%s\">Glossary</a> (%u terms)</li>\n",
	    S->single ? "rules.html#glossary" : "glossary.html", rel->ngloss);
	if (S->prev)
		sbuf_addf(&S->pg, "<li><a href=\"changes.html\">Changes since %s</a></li>\n", S->prev->label);
	else
		sbuf_adds(&S->pg, "<li><a href=\"changes.html\">Changes</a> (no earlier release loaded)</li>\n");
	if (S->tb)
		sbuf_adds(&S->pg, "<li><a href=\"textbook.html\">Judge Candidate Textbook</a></li>\n");
	for (int k = 0; k < POL_NKIND; k++)
		if (S->docs[k]) {
			sbuf_addf(&S->pg, "<li><a href=\"%s.html\">", pol_kind_name(k));
			html_escs(&S->pg, pol_kind_title(k));
			sbuf_adds(&S->pg, "</a>");
			if (S->docs[k]->date[0])
				sbuf_addf(&S->pg, " (%s)", S->docs[k]->date);
			sbuf_adds(&S->pg, "</li>\n");
		}
	if (S->with_cards && S->ncards)
		sbuf_addf(&S->pg, "<li><a href=\"cards.html\">Cards</a> (%zu)</li>\n", S->ncards);
	sbuf_adds(&S->pg, "</ul>\n");
	if (S->single)
		sbuf_adds(&S->pg, "<p><a href=\"rules.html\">All the rules on one page</a></p>\n");
	page_write(S);
}

/* ---------- changes since the release before ---------- */

static char *
rule_full_text(const struct jrule *r)
{
	struct sbuf b = {0};
	sbuf_adds(&b, r->text ? r->text : "");
	for (uint32_t k = 0; k < r->nexamples; k++) {
		sbuf_adds(&b, "\nExample: ");
		sbuf_adds(&b, r->examples[k]);
	}
	/* the diff marks changes with \x01-\x04: none may come from the text */
	for (size_t i = 0; i < b.len; i++)
		if ((unsigned char)b.s[i] < 0x20 && b.s[i] != '\n')
			b.s[i] = ' ';
	return sbuf_take(&b);
}

static void
esc_diff(struct sbuf *o, const char *s)
{
	for (const char *p = s; *p;) {
		size_t n = strcspn(p, "\x01\x02\x03\x04");
		html_esc(o, p, n, true);
		p += n;
		if (!*p)
			break;
		static const char *const tags[] = { "<del>", "</del>", "<ins>", "</ins>" };
		sbuf_adds(o, tags[*p - 1]);
		p++;
	}
}

static void
write_changes(struct site *S)
{
	page_begin(S, "changes.html", "Changes");
	const struct jrelease *a = S->prev, *b = S->rel;
	if (!a) {
		sbuf_adds(&S->pg, "<h1>Changes</h1>\n<p>No earlier release is loaded, so there is nothing to compare ");
		html_escs(&S->pg, b->label);
		sbuf_adds(&S->pg, " with. Load one too (<code>judge --rules OLD --rules NEW html DIR</code>) for this page to list what changed.</p>\n");
		page_write(S);
		return;
	}
	struct hist_diff d;
	hist_diff(a, b, JRID_NONE, &d);
	sbuf_adds(&S->pg, "<h1>Changes from ");
	html_escs(&S->pg, a->label);
	sbuf_adds(&S->pg, " to ");
	html_escs(&S->pg, b->label);
	sbuf_addf(&S->pg, "</h1>\n<p>%zu added, %zu removed, %zu changed, %zu moved, %zu unchanged (%zu rules before, %zu after); the same as <code>judge diff ",
	    d.count[HK_ADDED], d.count[HK_REMOVED], d.count[HK_CHANGED], d.count[HK_MOVED], d.count[HK_UNCHANGED], d.na, d.nb);
	html_escs(&S->pg, a->label);
	sbuf_addc(&S->pg, ' ');
	html_escs(&S->pg, b->label);
	sbuf_adds(&S->pg, "</code>.</p>\n");
	if (d.partial)
		sbuf_adds(&S->pg, "<p class=\"banner\">One of the two is a partial text: rules beyond what it holds are left out.</p>\n");
	static const enum hist_kind order[] = { HK_REMOVED, HK_ADDED, HK_MOVED, HK_CHANGED };
	static const char *const heads[] = { "Removed", "Added", "Moved", "Changed" };
	static const char *const del[2] = { "\x01", "\x02" }, *const ins[2] = { "\x03", "\x04" };
	for (size_t k = 0; k < 4; k++) {
		if (d.count[order[k]] == 0)
			continue;
		sbuf_addf(&S->pg, "<h2 id=\"%s\">%s (%zu)</h2>\n", hist_kind_name(order[k]), heads[k], d.count[order[k]]);
		for (size_t i = 0; i < d.n; i++) {
			const struct hist_item *it = &d.v[i];
			if (it->kind != order[k])
				continue;
			sbuf_adds(&S->pg, "<p class=\"r\">");
			if (it->kind == HK_REMOVED) {
				sbuf_adds(&S->pg, "<b>");
				html_escs(&S->pg, a->rules[it->ai].num);
				sbuf_adds(&S->pg, "</b> <del>");
				html_esc(&S->pg, a->rules[it->ai].text, strlen(a->rules[it->ai].text), true);
				sbuf_adds(&S->pg, "</del>");
			} else if (it->kind == HK_ADDED) {
				add_rule_link(S, it->bi);
				sbuf_adds(&S->pg, " <ins>");
				html_esc(&S->pg, b->rules[it->bi].text, strlen(b->rules[it->bi].text), true);
				sbuf_adds(&S->pg, "</ins>");
			} else {
				if (it->kind == HK_MOVED) {
					html_escs(&S->pg, a->rules[it->ai].num);
					sbuf_adds(&S->pg, " \xE2\x86\x92 ");
				}
				add_rule_link(S, it->bi);
				if (it->refs_only)
					sbuf_adds(&S->pg, " <i>(references renumbered)</i>");
				if (it->text_changed) {
					char *x = rule_full_text(&a->rules[it->ai]), *y = rule_full_text(&b->rules[it->bi]);
					struct sbuf wd = {0};
					hist_wdiff_ctx(&wd, x, y, del, ins, 12);
					sbuf_adds(&S->pg, "<br/>\n");
					esc_diff(&S->pg, sbuf_str(&wd));
					sbuf_free(&wd);
					free(x);
					free(y);
				}
			}
			sbuf_adds(&S->pg, "</p>\n");
		}
	}
	hist_diff_free(&d);
	page_write(S);
}

/* ---------- the policy documents ---------- */

static int
cmp_polcite(const void *a, const void *b)
{
	const struct polcite *x = a, *y = b;
	if (x->rule != y->rule)
		return x->rule < y->rule ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind - y->kind;
	return x->sec < y->sec ? -1 : x->sec > y->sec;
}

/* The CR rules each section of the loaded documents cites, for the rules' "cited by". */
static void
collect_policy_cites(struct site *S)
{
	size_t cap = 0;
	struct pol_ref refs[256];
	for (int k = 0; k < POL_NKIND; k++) {
		const struct pol_doc *d = S->docs[k];
		for (size_t i = 0; d && i < d->nsec; i++) {
			char *text = pol_section_text(d, i);
			size_t n = pol_text_refs(text, (enum pol_kind)k, refs, 256);
			for (size_t r = 0; r < n; r++) {
				if (refs[r].kind != POL_NKIND)
					continue;
				/* the rule and those it is under, as `judge backrefs` counts them */
				for (uint32_t ri = jrel_find(S->rel, jrid_from_str(refs[r].target)); ri != JNONE;
				    ri = S->rel->rules[ri].parent) {
					S->pc = xgrow(S->pc, &cap, S->npc + 1, sizeof *S->pc);
					S->pc[S->npc++] = (struct polcite){ ri, k, (uint32_t)i };
				}
			}
			free(text);
		}
	}
	xqsort(S->pc, S->npc, sizeof *S->pc, cmp_polcite);
	size_t w = 0;
	for (size_t i = 0; i < S->npc; i++)
		if (w == 0 || cmp_polcite(&S->pc[w - 1], &S->pc[i]) != 0)
			S->pc[w++] = S->pc[i];
	S->npc = w;
}

/* A policy text with its references linked: rules to the rules pages, sections to theirs. */
static void
pol_linkify(struct site *S, const struct pol_doc *d, const char *text)
{
	struct pol_ref refs[256];
	size_t n = pol_text_refs(text, d->kind, refs, 256);
	/* each target once in the order written: link that first mention only */
	size_t at = 0, len = strlen(text);
	for (size_t r = 0; r < n; r++) {
		struct pol_ref *f = &refs[r];
		if (f->off < at || f->off + f->len > len)
			continue;
		struct sbuf href = {0};
		if (f->kind == POL_NKIND) {
			uint32_t ri = jrel_find(S->rel, jrid_from_str(f->target));
			if (ri != JNONE) {
				char fb[32], idb[32];
				sbuf_addf(&href, "%s#%s", rule_file(S, ri, fb), html_rule_id(&S->rel->rules[ri], idb));
				S->nrulelinks++;
			}
		} else if (S->docs[f->kind]) {
			const struct pol_doc *t = S->docs[f->kind];
			int si = pol_find(t, &S->pol->aliases, f->target);
			if (si >= 0) {
				sbuf_addf(&href, "%s.html#%s-", pol_kind_name(f->kind), pol_kind_name(f->kind));
				html_escs(&href, t->sec[si].id);
			}
		}
		if (!href.len)
			continue;
		html_esc(&S->pg, text + at, f->off - at, false);
		sbuf_adds(&S->pg, "<a href=\"");
		sbuf_adds(&S->pg, href.s);
		sbuf_adds(&S->pg, "\">");
		html_esc(&S->pg, text + f->off, f->len, false);
		sbuf_adds(&S->pg, "</a>");
		at = f->off + f->len;
		sbuf_free(&href);
	}
	html_esc(&S->pg, text + at, len - at, false);
}

static void
pol_paras(struct site *S, const struct pol_doc *d, const char *text)
{
	for (const char *p = text; p && *p;) {
		size_t n = strcspn(p, "\n");
		if (n) {
			char *para = xstrndup(p, n);
			sbuf_adds(&S->pg, "<p>");
			pol_linkify(S, d, para);
			sbuf_adds(&S->pg, "</p>\n");
			free(para);
		}
		p += n;
		if (*p)
			p++;
	}
}

/* A section's number, if it has one, and title, escaped: "2.3 Hidden Card Error" */
static void
sec_heading_text(struct sbuf *b, const struct pol_section *s)
{
	if (*s->num) {
		html_escs(b, s->num);
		sbuf_addc(b, ' ');
	}
	html_escs(b, s->title);
}

static void
write_policy(struct site *S, int k)
{
	const struct pol_doc *d = S->docs[k];
	const char *kn = pol_kind_name(k);
	char file[16];
	snprintf(file, sizeof file, "%s.html", kn);
	page_begin(S, file, pol_kind_title(k));
	sbuf_adds(&S->pg, "<h1>");
	html_escs(&S->pg, pol_kind_title(k));
	sbuf_adds(&S->pg, "</h1>\n<p class=\"rel\">");
	html_escs(&S->pg, d->date[0] ? d->date : "undated");
	sbuf_adds(&S->pg, " \xC2\xB7 read from ");
	const char *base = strrchr(d->file, '/');
	html_escs(&S->pg, base ? base + 1 : d->file);
	sbuf_adds(&S->pg, "</p>\n<details><summary>Contents</summary><ul class=\"toc\">\n");
	for (size_t i = 0; i < d->nsec; i++) {
		const struct pol_section *s = &d->sec[i];
		sbuf_addf(&S->pg, "<li>%s<a href=\"#%s-", s->level ? "\xC2\xA0\xC2\xA0" : "", kn);
		html_escs(&S->pg, s->id);
		sbuf_adds(&S->pg, "\">");
		sec_heading_text(&S->pg, s);
		sbuf_adds(&S->pg, "</a></li>\n");
	}
	sbuf_adds(&S->pg, "</ul></details>\n");
	for (size_t i = 0; i < d->nsec; i++) {
		const struct pol_section *s = &d->sec[i];
		const char *tag = s->level ? "h3" : "h2";
		sbuf_addf(&S->pg, "<%s id=\"%s-", tag, kn);
		html_escs(&S->pg, s->id);
		sbuf_adds(&S->pg, "\">");
		sec_heading_text(&S->pg, s);
		sbuf_addf(&S->pg, "</%s>\n", tag);
		if (s->penalty) {
			sbuf_adds(&S->pg, "<p class=\"pen\">Penalty: ");
			html_escs(&S->pg, s->penalty);
			sbuf_adds(&S->pg, "</p>\n");
		}
		for (int p = 0; p < PP_N; p++) {
			if (!s->parts[p])
				continue;
			if (p != PP_TEXT) {
				sbuf_addf(&S->pg, "<h4 id=\"%s-", kn);
				html_escs(&S->pg, s->id);
				sbuf_addf(&S->pg, "-%s\">", pol_part_name((enum pol_partk)p));
				const char *pn = pol_part_name((enum pol_partk)p);
				sbuf_addc(&S->pg, (char)(pn[0] >= 'a' && pn[0] <= 'z' ? pn[0] - 32 : pn[0]));
				html_escs(&S->pg, pn + 1);
				sbuf_adds(&S->pg, "</h4>\n");
			}
			pol_paras(S, d, s->parts[p]);
		}
	}
	page_write(S);
}

/* ---------- the textbook ---------- */

static void
tb_rule_links(struct site *S, const char *label, const jrid *v, uint32_t n)
{
	bool any = false;
	for (uint32_t k = 0; k < n; k++) {
		uint32_t ri = jrel_find(S->rel, v[k]);
		if (ri == JNONE)
			continue;
		sbuf_adds(&S->pg, any ? ", " : "<p class=\"cb\">");
		if (!any)
			sbuf_adds(&S->pg, label);
		any = true;
		add_rule_link(S, ri);
		S->nrulelinks++;
	}
	if (any)
		sbuf_adds(&S->pg, "</p>\n");
}

static void
tb_block(struct site *S, const struct tb_block *b)
{
	const char *t = b->text ? b->text : "";
	switch (b->kind) {
	case TB_LIST:
		sbuf_adds(&S->pg, "<ul>\n");
		for (const char *p = t; *p;) {
			size_t n = strcspn(p, "\n");
			if (n) {
				char *item = xstrndup(p, n);
				sbuf_adds(&S->pg, "<li>");
				linkify(S, item, false, JNONE);
				sbuf_adds(&S->pg, "</li>\n");
				free(item);
			}
			p += n + (p[n] != '\0');
		}
		sbuf_adds(&S->pg, "</ul>\n");
		break;
	case TB_TABLE:
		sbuf_adds(&S->pg, "<div class=\"tbl\"><table>\n");
		for (const char *p = t; *p;) {
			size_t n = strcspn(p, "\n");
			sbuf_adds(&S->pg, "<tr>");
			for (size_t c0 = 0; c0 <= n;) {
				size_t cn = strcspn(p + c0, "\t\n");
				if (c0 + cn > n)
					cn = n - c0;
				sbuf_adds(&S->pg, "<td>");
				html_esc(&S->pg, p + c0, cn, false);
				sbuf_adds(&S->pg, "</td>");
				c0 += cn + 1;
			}
			sbuf_adds(&S->pg, "</tr>\n");
			p += n + (p[n] != '\0');
		}
		sbuf_adds(&S->pg, "</table></div>\n");
		break;
	default:
		sbuf_adds(&S->pg, b->kind == TB_EXAMPLE ? "<p class=\"ex\"><i>Example.</i> " :
		    b->kind == TB_EXPERT ? "<p class=\"banner\">" : b->kind == TB_NOTE ? "<p class=\"cb\">" : "<p>");
		linkify(S, t, false, JNONE);
		sbuf_adds(&S->pg, "</p>\n");
		break;
	}
}

static void
write_textbook(struct site *S)
{
	const struct tb_book *b = S->tb;
	page_begin(S, "textbook.html", "Judge Candidate Textbook");
	sbuf_adds(&S->pg, "<h1>Judge Candidate Textbook</h1>\n");
	if (b->linked && b->linked != S->rel) {
		sbuf_adds(&S->pg, "<p class=\"rel\">Its pages were tied to rules through the ");
		html_escs(&S->pg, b->linked->label);
		sbuf_adds(&S->pg, " rules; the links go to this edition\xE2\x80\x99s rules of the same numbers.</p>\n");
	}
	sbuf_adds(&S->pg, "<details><summary>Pages</summary><ul class=\"toc\">\n");
	for (uint32_t p = 0; p < b->npages; p++) {
		sbuf_addf(&S->pg, "<li><a href=\"#tb-%u\">", p + 1);
		html_escs(&S->pg, b->pages[p].title);
		sbuf_adds(&S->pg, "</a></li>\n");
	}
	sbuf_adds(&S->pg, "</ul></details>\n");
	for (uint32_t p = 0; p < b->npages; p++) {
		const struct tb_page *pg = &b->pages[p];
		sbuf_addf(&S->pg, "<h2 id=\"tb-%u\">", p + 1);
		html_escs(&S->pg, pg->title);
		sbuf_adds(&S->pg, "</h2>\n");
		if ((pg->section && *pg->section) || (pg->chapter && *pg->chapter)) {
			sbuf_adds(&S->pg, "<p class=\"rel\">");
			html_escs(&S->pg, pg->section ? pg->section : "");
			if (pg->section && *pg->section && pg->chapter && *pg->chapter)
				sbuf_adds(&S->pg, " \xE2\x80\xBA ");
			html_escs(&S->pg, pg->chapter ? pg->chapter : "");
			sbuf_adds(&S->pg, "</p>\n");
		}
		tb_rule_links(S, "Teaches: ", pg->rules, pg->nrules);
		uint32_t hdone = pg->heading0;   /* headings up to here are written */
		for (uint32_t k = pg->block0; k < pg->block0 + pg->nblocks; k++) {
			const struct tb_block *bl = &b->blocks[k];
			while (bl->heading != TB_NONE && hdone <= bl->heading && hdone < pg->heading0 + pg->nheadings) {
				const struct tb_heading *h = &b->headings[hdone];
				int lv = h->level + 2 > 6 ? 6 : h->level + 2;
				sbuf_addf(&S->pg, "<h%d id=\"tb-%u-%u\">", lv, p + 1, hdone - pg->heading0 + 1);
				html_escs(&S->pg, h->title);
				sbuf_addf(&S->pg, "</h%d>\n", lv);
				tb_rule_links(S, "Rules: ", h->rules, h->nrules);
				hdone++;
			}
			tb_block(S, bl);
		}
	}
	page_write(S);
}

/* ---------- cards (the user's own data, only with --cards) ---------- */

struct names {
	char **v;
	size_t n, cap;
};

static void
name_cb(void *ctx, const char *name)
{
	struct names *nm = ctx;
	nm->v = xgrow(nm->v, &nm->cap, nm->n + 1, sizeof *nm->v);
	nm->v[nm->n++] = xstrdup(name);
}

static void
write_cards(struct site *S)
{
	struct cards_db *db = cards_for(S->c);
	if (!db) {
		S->cards_note = xstrdup("no card database: import one with `judge cards import FILE`");
		return;
	}
	struct names nm = {0};
	struct stab done = {0};
	cards_complete(db, "", (size_t)1 << 20, name_cb, &nm);
	/* a page per initial, so a phone never loads all 30,000 cards at once */
	char initial[8] = "";
	bool open = false;
	struct sbuf idx = {0};
	char fname[32];
	for (size_t i = 0; i <= nm.n; i++) {
		char key[160] = "";
		if (i < nm.n)
			cards_name_key(nm.v[i], key, sizeof key);
		char ini[2] = { key[0] >= 'a' && key[0] <= 'z' ? key[0] : '0', 0 };
		if (i == nm.n || !open || strcmp(ini, initial) != 0) {
			if (open)
				page_write(S);
			if (i == nm.n)
				break;
			snprintf(initial, sizeof initial, "%s", ini);
			snprintf(fname, sizeof fname, "cards-%s.html", initial);
			page_begin(S, fname, "Cards");
			sbuf_addf(&idx, "<a href=\"%s\">%c</a> ", fname, initial[0] == '0' ? '#' : initial[0] - 32);
			sbuf_adds(&S->pg, "<h1>Cards: ");
			sbuf_addc(&S->pg, initial[0] == '0' ? '#' : (char)(initial[0] - 32));
			sbuf_adds(&S->pg, "</h1>\n");
			open = true;
		}
		int64_t id = cards_lookup_key(db, key);
		char idk[32];
		snprintf(idk, sizeof idk, "%lld", (long long)id);
		/* a face's name (a meld card's back) leads to a card written already */
		if (id <= 0 || stab_get(&done, idk) != JNONE)
			continue;
		stab_put(&done, idk, 1);
		struct card *cd = cards_get(db, id);
		if (!cd)
			continue;
		S->ncards++;
		sbuf_adds(&S->pg, "<h2 id=\"");
		for (const char *q = key; *q; q++)
			sbuf_addc(&S->pg, *q == ' ' ? '_' : *q);
		sbuf_adds(&S->pg, "\">");
		html_escs(&S->pg, cd->name);
		sbuf_adds(&S->pg, "</h2>\n");
		for (size_t f = 0; f < cd->nfaces; f++) {
			const struct card_face *fc = &cd->faces[f];
			sbuf_adds(&S->pg, "<p>");
			if (cd->nfaces > 1) {
				sbuf_adds(&S->pg, "<b>");
				html_escs(&S->pg, fc->name);
				sbuf_adds(&S->pg, "</b> ");
			}
			html_escs(&S->pg, fc->mana_cost);
			sbuf_adds(&S->pg, "<br/>");
			html_escs(&S->pg, fc->type);
			sbuf_adds(&S->pg, "<br/>");
			if (fc->text)
				html_esc(&S->pg, fc->text, strlen(fc->text), true);
			if (fc->power || fc->toughness) {
				sbuf_adds(&S->pg, "<br/>");
				html_escs(&S->pg, fc->power);
				sbuf_addc(&S->pg, '/');
				html_escs(&S->pg, fc->toughness);
			}
			if (fc->loyalty) {
				sbuf_adds(&S->pg, "<br/>Loyalty ");
				html_escs(&S->pg, fc->loyalty);
			}
			sbuf_adds(&S->pg, "</p>\n");
		}
		/* the rules it touches, as `judge card` finds them */
		struct card_link lk[32];
		size_t nl = cards_links(cd, S->rel, lk, 32), shown = 0;
		for (size_t k = 0; k < nl; k++) {
			if (lk[k].rule == JNONE || lk[k].rule >= S->rel->nrules)
				continue;
			sbuf_adds(&S->pg, shown++ ? ", " : "<p class=\"cb\">Rules: ");
			add_rule_link(S, lk[k].rule);
			S->nrulelinks++;
			if (lk[k].why[0]) {
				sbuf_adds(&S->pg, " (");
				html_escs(&S->pg, lk[k].why);
				sbuf_adds(&S->pg, ")");
			}
		}
		if (shown)
			sbuf_adds(&S->pg, "</p>\n");
		for (size_t r = 0; r < cd->nrulings; r++) {
			sbuf_adds(&S->pg, "<p class=\"ex\">");
			html_escs(&S->pg, cd->rulings[r].date);
			sbuf_adds(&S->pg, ": ");
			linkify(S, cd->rulings[r].text, false, JNONE);
			sbuf_adds(&S->pg, "</p>\n");
		}
		card_free(cd);
	}
	for (size_t i = 0; i < nm.n; i++)
		free(nm.v[i]);
	free(nm.v);
	stab_free(&done);
	page_begin(S, "cards.html", "Cards");
	sbuf_addf(&S->pg, "<h1>Cards</h1>\n<p>%zu cards from your card database (", S->ncards);
	html_escs(&S->pg, cards_meta(db, "source"));
	sbuf_adds(&S->pg, " ");
	html_escs(&S->pg, cards_meta(db, "date"));
	sbuf_adds(&S->pg, ").</p>\n<p class=\"letters\">");
	sbuf_adds(&S->pg, sbuf_str(&idx));
	sbuf_adds(&S->pg, "</p>\n");
	sbuf_free(&idx);
	page_write(S);
}

/* ---------- the folder ---------- */

static void
remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	if (d) {
		struct dirent *de;
		struct sbuf p = {0};
		while ((de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
				continue;
			sbuf_reset(&p);
			sbuf_addf(&p, "%s/%s", dir, de->d_name);
			unlink(p.s);
		}
		sbuf_free(&p);
		closedir(d);
	}
	rmdir(dir);
}

/* Is dir absent, empty, or an edition judge wrote (its marker file)? */
static int
check_target(struct jctx *c, const char *dir)
{
	struct stat st;
	if (lstat(dir, &st) != 0) {
		if (errno == ENOENT)
			return 0;
		jerr(c, "choose a folder you can write, e.g. judge html ~/judge-html", "cannot write %s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		jerr(c, "name a folder: judge html writes index.html and the pages beside it there",
		    "%s is %s, not a folder", dir, S_ISLNK(st.st_mode) ? "a symbolic link" : "a file");
		return -1;
	}
	DIR *d = opendir(dir);
	if (!d) {
		jerr(c, "choose a folder you can write, e.g. judge html ~/judge-html", "cannot read %s: %s", dir, strerror(errno));
		return -1;
	}
	bool empty = true, ours = false;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		empty = false;
		ours |= strcmp(de->d_name, MARKER) == 0;
	}
	closedir(d);
	if (!empty && !ours) {
		jerr(c, "give a new or empty folder (judge replaces only a folder it wrote itself)",
		    "%s holds files judge html did not write", dir);
		return -1;
	}
	return 0;
}

/* The temporary folders of runs killed before they finished (".site.tmp-XXXXXX" beside
 * site, holding the marker, untouched for an hour: a run takes seconds) are removed. */
static void
clean_stale(const char *parent, const char *prefix)
{
	DIR *d = opendir(parent);
	if (!d)
		return;
	struct dirent *de;
	struct sbuf p = {0};
	size_t pl = strlen(prefix);
	time_t now = time(NULL);
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, prefix, pl) != 0 || strlen(de->d_name) != pl + 6)
			continue;
		struct stat st;
		sbuf_reset(&p);
		sbuf_addf(&p, "%s/%s", parent, de->d_name);
		if (lstat(p.s, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != getuid() || now - st.st_mtime < 3600)
			continue;
		sbuf_addf(&p, "/%s", MARKER);
		if (access(p.s, F_OK) != 0)
			continue;
		p.len -= strlen(MARKER) + 1;
		p.s[p.len] = '\0';
		remove_tree(p.s);
	}
	sbuf_free(&p);
	closedir(d);
}

static char *
parent_of(const char *dir)
{
	char *p = xstrdup(dir);
	size_t n = strlen(p);
	while (n > 1 && p[n - 1] == '/')
		p[--n] = '\0';
	char *sl = strrchr(p, '/');
	if (!sl) {
		free(p);
		return xstrdup(".");
	}
	if (sl == p)
		sl[1] = '\0';
	else
		*sl = '\0';
	return p;
}

/* Put the finished folder in dir's place: swapped with the old edition in one step where
 * the system can, else the old one moved aside first. */
static int
commit_dir(const char *tmp, const char *dir)
{
	if (rename(tmp, dir) == 0)
		return 0;
	if (errno != EEXIST && errno != ENOTEMPTY)
		return -1;
#ifdef RENAME_EXCHANGE
	if (renameat2(AT_FDCWD, tmp, AT_FDCWD, dir, RENAME_EXCHANGE) == 0) {
		remove_tree(tmp);
		return 0;
	}
#endif
	struct sbuf old = {0};
	sbuf_addf(&old, "%s.old-%ld", tmp, (long)getpid());
	if (rename(dir, old.s) != 0) {
		sbuf_free(&old);
		return -1;
	}
	if (rename(tmp, dir) != 0) {
		int e = errno;
		rename(old.s, dir);
		sbuf_free(&old);
		errno = e;
		return -1;
	}
	remove_tree(old.s);
	sbuf_free(&old);
	return 0;
}

static double
now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
site_free(struct site *S)
{
	sbuf_free(&S->pg);
	for (uint32_t g = 0; S->gslug && g < S->rel->ngloss; g++)
		free(S->gslug[g]);
	free(S->gslug);
	stab_free(&S->gterm);
	stab_free(&S->gfirst);
	free(S->gused);
	free(S->pc);
	free(S->taught);
	free(S->taught_at);
	for (size_t i = 0; i < S->nfiles; i++)
		free(S->files[i]);
	free(S->files);
	free(S->werr_file);
	free(S->tb_note);
	free(S->cards_note);
	free(S->tmp);
}

/* slugs, unique; the terms and their first words */
static void
prepare_glossary(struct site *S)
{
	const struct jrelease *rel = S->rel;
	S->gslug = xcalloc(rel->ngloss ? rel->ngloss : 1, sizeof *S->gslug);
	S->gused = xcalloc(rel->ngloss ? rel->ngloss : 1, sizeof *S->gused);
	struct stab seen = {0};
	struct sbuf b = {0};
	for (uint32_t g = 0; g < rel->ngloss; g++) {
		sbuf_reset(&b);
		html_slug(rel->gloss[g].head, &b);
		size_t base = b.len;
		for (unsigned k = 2; stab_get(&seen, b.s) != JNONE; k++) {
			b.len = base;
			sbuf_addf(&b, "_%u", k);
		}
		stab_put(&seen, b.s, g);
		S->gslug[g] = sbuf_take(&b);
		const struct jgloss *e = &rel->gloss[g];
		/* an entry that only sends the reader on ("If": "See Intervening 'If' Clause.")
		 * is no term to link from every sentence that starts with the word */
		if (e->text && strncmp(e->text, "See ", 4) == 0 && !strchr(e->text, '\n') && strlen(e->text) < 100)
			continue;
		for (uint32_t k = 0; k <= e->naliases; k++) {
			char f[256];
			jfold(k ? e->aliases[k - 1] : e->head, f, sizeof f);
			char *ob = strstr(f, " (obsolete)");
			if (ob)
				*ob = '\0';
			/* a head of aliases ("Control, Controller") is no phrase of the text */
			if (k == 0 && e->naliases > 1)
				continue;
			stab_put(&S->gterm, f, g);
			/* its first word, with the most words a term starting with it has */
			uint32_t nw = 1;
			for (const char *q = f; *q; q++)
				nw += strchr(" -,", *q) && !strchr(" -,", q[1]);
			f[strcspn(f, " -,")] = '\0';
			stab_max(&S->gfirst, f, nw);
		}
	}
	sbuf_free(&b);
	stab_free(&seen);
}

static const struct jrelease *
previous_release(const struct jindex *ix, const struct jrelease *rel)
{
	uint32_t n;
	struct jrelease **ch = hist_chain(ix, &n);
	const struct jrelease *prev = NULL;
	for (uint32_t i = 0; i < n; i++)
		if (ch[i] == rel && i > 0)
			prev = ch[i - 1];
	free(ch);
	return prev;
}

int
cmd_html(struct jctx *c, int argc, char **argv)
{
	double t0 = now_s();
	const char *dir = NULL, *date = NULL;
	struct site S = { .c = c };
	for (int a = 1; a < argc; a++) {
		if (strcmp(argv[a], "--single") == 0)
			S.single = true;
		else if (strcmp(argv[a], "--cards") == 0)
			S.with_cards = true;
		else if (strncmp(argv[a], "--date=", 7) == 0)
			date = argv[a] + 7;
		else if (strcmp(argv[a], "--date") == 0 && a + 1 < argc)
			date = argv[++a];
		else if (strcmp(argv[a], "--") == 0 && a + 1 < argc && !dir)
			dir = argv[++a];
		else if (!dir)
			dir = argv[a];
		else {
			jerr(c, "judge html DIR [--single] [--cards]", "html: one folder, not %s too", argv[a]);
			return JX_USAGE;
		}
	}
	if (!dir || !*dir) {
		jerr(c, "for example: judge html ~/judge-html, then copy the folder to your phone", "html: which folder?");
		return JX_USAGE;
	}
	/* "site/" is the folder site */
	char dirbuf[4096];
	if (strlen(dir) >= sizeof dirbuf) {
		jerr(c, "choose a shorter path", "html: the folder's name is too long");
		return JX_USAGE;
	}
	strcpy(dirbuf, dir);
	for (size_t l = strlen(dirbuf); l > 1 && dirbuf[l - 1] == '/';)
		dirbuf[--l] = '\0';
	dir = dirbuf;
	S.rel = c->rel;
	if (date) {
		S.rel = jindex_release(c->ix, date);
		if (!S.rel) {
			jerr(c, "`judge versions` lists the loaded releases", "no release %s is loaded", date);
			return JX_USAGE;
		}
	}
	if (!S.rel || S.rel->nrules == 0) {
		jerr(c, "load a release with --rules FILE", "no rules are loaded to write");
		return JX_USAGE;
	}
	if (check_target(c, dir) != 0)
		return JX_USAGE;
	char *parent = parent_of(dir);
	struct sbuf tmpl = {0};
	const char *base = strrchr(dir, '/');
	base = base && base[1] ? base + 1 : dir;
	sbuf_addf(&tmpl, "%s/.%s.tmp-", parent, strchr(base, '/') ? "html" : base);
	clean_stale(parent, tmpl.s + strlen(parent) + 1);
	sbuf_adds(&tmpl, "XXXXXX");
	if (!mkdtemp(tmpl.s)) {
		int e = errno;
		jerr(c, "choose a folder you can write, e.g. judge html ~/judge-html",
		    "cannot write %s: %s (in %s)", dir, strerror(e), parent);
		free(parent);
		sbuf_free(&tmpl);
		return JX_USAGE;
	}
	free(parent);
	S.tmp = sbuf_take(&tmpl);
	mode_t um = umask(0);
	umask(um);
	chmod(S.tmp, 0777 & ~um);

	/* what goes in besides the rules */
	S.prev = previous_release(c->ix, S.rel);
	S.tb = tb_for(c);
	if (S.tb && S.rel != c->rel)
		tb_link(S.tb, tb_link_release(c->ix, S.rel));
	S.pol = pol_set_for(c);
	for (int k = 0; S.pol && k < POL_NKIND; k++)
		S.docs[k] = pol_set_newest(S.pol, (enum pol_kind)k);
	prepare_glossary(&S);
	collect_policy_cites(&S);
	collect_taught(&S);

	write_file(&S, "style.css", style_css, sizeof style_css - 1);
	write_file(&S, MARKER, S.rel->label, strlen(S.rel->label));
	if (S.with_cards)
		write_cards(&S);
	write_index(&S);
	write_rule_pages(&S);
	/* with --single the glossary closes the one page, its terms anchors there too */
	write_glossary(&S);
	write_changes(&S);
	if (S.tb)
		write_textbook(&S);
	for (int k = 0; k < POL_NKIND; k++)
		if (S.docs[k])
			write_policy(&S, k);

	int st = JX_OK;
	if (S.werr) {
		jerr(c, "free some space or choose another folder", "cannot write %s/%s: %s", dir, S.werr_file, strerror(S.werr));
		remove_tree(S.tmp);
		st = JX_USAGE;
	} else if (commit_dir(S.tmp, dir) != 0) {
		jerr(c, "choose a folder you can write, e.g. judge html ~/judge-html", "cannot put the pages in %s: %s", dir, strerror(errno));
		remove_tree(S.tmp);
		st = JX_USAGE;
	}
	double secs = now_s() - t0;
	if (st == JX_OK) {
		char era[200];
		if (c->json) {
			struct jw w;
			jw_init(&w, &c->out->buf, true);
			jw_obj(&w);
			jw_kstr(&w, "dir", dir);
			jw_kstr(&w, "release", S.rel->label);
			char iso[16];
			if (S.rel->date)
				snprintf(iso, sizeof iso, "%04d-%02d-%02d", S.rel->date / 10000, S.rel->date / 100 % 100, S.rel->date % 100);
			jw_kstr(&w, "effective", S.rel->date ? iso : NULL);
			jw_kbool(&w, "partial", partial_rel(S.rel));
			jw_kbool(&w, "single", S.single);
			jw_kint(&w, "pages", (long long)S.nfiles - 1);
			jw_kint(&w, "bytes", (long long)S.bytes);
			jw_kint(&w, "rules", S.rel->nrules);
			jw_kint(&w, "glossary", S.rel->ngloss);
			jw_kint(&w, "rule_links", (long long)S.nrulelinks);
			jw_kint(&w, "glossary_links", (long long)S.ngloslinks);
			jw_kint(&w, "cited_by_links", (long long)S.nbacklinks);
			jw_kstr(&w, "changes_from", S.prev ? S.prev->label : NULL);
			jw_kbool(&w, "textbook", S.tb != NULL);
			jw_key(&w, "policy");
			jw_arr(&w);
			for (int k = 0; k < POL_NKIND; k++)
				if (S.docs[k])
					jw_str(&w, pol_kind_name(k));
			jw_arr_end(&w);
			if (S.with_cards)
				jw_kint(&w, "cards", (long long)S.ncards);
			jw_kstrs(&w, "files", (const char *const *)S.files, S.nfiles);
			jw_knum(&w, "seconds", secs);
			jw_obj_end(&w);
			sbuf_addc(&c->out->buf, '\n');
		} else {
			out_wrapf(c->out, 2, "Wrote %zu pages (%.1f MB) to %s in %.2f s, from %s: %zu rule links, %zu glossary links, %zu cited-by links%s%s.",
			    S.nfiles - 1, (double)S.bytes / 1e6, dir, secs, rules_era(S.rel, true, era, sizeof era),
			    S.nrulelinks, S.ngloslinks, S.nbacklinks, S.prev ? "; changes since " : "",
			    S.prev ? S.prev->label : "");
			if (S.cards_note)
				out_wrapf(c->out, 2, "No card pages: %s.", S.cards_note);
			out_wrapf(c->out, 2, "Open %s/index.html, or copy the folder to a phone.", dir);
			rules_historical_note(c);
		}
	}
	site_free(&S);
	return st;
}
