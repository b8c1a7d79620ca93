/* text.c — comparing rule texts across releases: typographic normalisation, identity,
 * and the word-level diff shown by `judge diff` and `judge history`. */
#include "history.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../base/mem.h"
#include "../index/ruleid.h"

/* Length of the rule number ("509.4", "704.5a", "509.1–3", "601.2f-h") at s, which
 * starts a token, or 0. Only three-digit chapters count: "0 or less life" stays. */
size_t
hist_ruleref_len(const char *s)
{
	if (!(isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) &&
	    isdigit((unsigned char)s[2])) || isalnum((unsigned char)s[3]))
		return 0;
	const char *p = s + 3;
	for (;;) {
		if (p[0] == '.' && isdigit((unsigned char)p[1])) {
			p++;
			while (isdigit((unsigned char)*p))
				p++;
		}
		const char *le;
		if (jrid_letters_parse(p, &le))
			p = le;
		/* a range: "-3", "–h", "–509.3" */
		const char *q = p;
		if (q[0] == '-')
			q++;
		else if ((unsigned char)q[0] == 0xE2 && (unsigned char)q[1] == 0x80 &&
		    ((unsigned char)q[2] == 0x93 || (unsigned char)q[2] == 0x94))
			q += 3;
		else
			break;
		if (isdigit((unsigned char)*q)) {
			p = q;
			while (isdigit((unsigned char)*p))
				p++;
		} else if (jrid_letters_parse(q, &le)) {
			p = le;
		} else {
			break;
		}
	}
	return (size_t)(p - s);
}

/* Typography that changed between releases without changing a word: curly quotes,
 * dashes, no-break spaces, underscore italics (2009-2013), runs of white space. */
/* Plain bytes are copied in runs: this is on the hot path of every alignment. */
static bool
plain_byte(unsigned char c)
{
	return c > ' ' && c < 0x7F && c != '_' && c != '`';
}

void
hist_norm(const char *s, struct sbuf *out, bool drop_refs)
{
	bool space = false, at_token = true;
	if (out->s == NULL)
		sbuf_add(out, "", 0);
	while (*s) {
		unsigned char c = (unsigned char)*s;
		if (drop_refs && at_token && c >= '0' && c <= '9') {
			size_t n = hist_ruleref_len(s);
			if (n) {
				s += n;
				at_token = false;
				continue;
			}
		}
		if (plain_byte(c)) {
			const char *w = s;
			if (drop_refs) {
				/* stop where a token may start, to test it for a rule number */
				while (plain_byte((unsigned char)*s) && (s == w || isalnum((unsigned char)s[-1]) ||
				    !isdigit((unsigned char)*s)))
					s++;
			} else {
				while (plain_byte((unsigned char)*s))
					s++;
			}
			if (space && out->len > 0)
				sbuf_addc(out, ' ');
			space = false;
			sbuf_add(out, w, (size_t)(s - w));
			at_token = !isalnum((unsigned char)s[-1]);
			continue;
		}
		const char *rep = NULL;
		size_t skip = 1;
		if (c == 0xE2 && (unsigned char)s[1] == 0x80) {
			switch ((unsigned char)s[2]) {
			case 0x98: case 0x99: case 0xB2: rep = "'"; skip = 3; break;
			case 0x9C: case 0x9D: case 0xB3: rep = "\""; skip = 3; break;
			case 0x90: case 0x91: case 0x92: case 0x93: rep = "-"; skip = 3; break;
			case 0x94: rep = "--"; skip = 3; break;
			case 0xA6: rep = "..."; skip = 3; break;
			default: break;
			}
		} else if (c == 0xC2 && (unsigned char)s[1] == 0xA0) {
			rep = " ";
			skip = 2;
		} else if (c == '_') {
			rep = "";
		} else if (c == '`') {
			rep = "'";
		}
		const char *piece = rep ? rep : s;
		size_t plen = rep ? strlen(rep) : 1;
		s += rep ? skip : 1;
		if (plen == 1 && isspace((unsigned char)piece[0])) {
			space = true;
			at_token = true;
			continue;
		}
		if (plen == 0)
			continue;
		if (space && out->len > 0)
			sbuf_addc(out, ' ');
		space = false;
		sbuf_add(out, piece, plen);
		at_token = !isalnum((unsigned char)piece[plen - 1]);
	}
}

static void
norm_rule(const struct jrule *r, struct sbuf *out, bool drop_refs)
{
	sbuf_reset(out);
	hist_norm(r->text ? r->text : "", out, drop_refs);
	for (uint32_t i = 0; i < r->nexamples; i++) {
		sbuf_add(out, "\n", 1);
		hist_norm(r->examples[i], out, drop_refs);
	}
}

static bool
same(const struct jrule *x, const struct jrule *y, bool drop_refs)
{
	struct sbuf a = {0}, b = {0};
	norm_rule(x, &a, drop_refs);
	norm_rule(y, &b, drop_refs);
	bool eq = strcmp(sbuf_str(&a), sbuf_str(&b)) == 0;
	sbuf_free(&a);
	sbuf_free(&b);
	return eq;
}

bool
hist_same_text(const struct jrule *x, const struct jrule *y)
{
	return same(x, y, false);
}

bool
hist_same_but_refs(const struct jrule *x, const struct jrule *y)
{
	return same(x, y, true);
}

uint64_t
hist_rule_hash(const struct jrule *r, bool drop_refs, struct sbuf *scratch)
{
	norm_rule(r, scratch, drop_refs);
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < scratch->len; i++) {
		h ^= (unsigned char)scratch->s[i];
		h *= 1099511628211ull;
	}
	return h;
}

/* ---- word diff ---- */

struct tok {
	const char *s;      /* as printed */
	size_t n;
	char *key;          /* normalised, for comparing */
};

static size_t
tokenize(const char *s, struct tok **out)
{
	size_t n = 0, cap = 0;
	struct tok *v = NULL;
	struct sbuf nb = {0};
	while (*s) {
		if (*s == '\n') {
			v = xgrow(v, &cap, n + 1, sizeof *v);
			v[n++] = (struct tok){ s, 1, xstrdup("\n") };
			s++;
			continue;
		}
		if (isspace((unsigned char)*s)) {
			s++;
			continue;
		}
		const char *w = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		char *raw = xstrndup(w, (size_t)(s - w));
		sbuf_reset(&nb);
		hist_norm(raw, &nb, false);
		free(raw);
		v = xgrow(v, &cap, n + 1, sizeof *v);
		v[n++] = (struct tok){ w, (size_t)(s - w), xstrdup(sbuf_str(&nb)) };
	}
	sbuf_free(&nb);
	*out = v;
	return n;
}

static void
free_toks(struct tok *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].key);
	free(v);
}

enum op { OP_EQ, OP_DEL, OP_INS };

struct emit {
	struct sbuf *out;
	bool line_start;
	bool glue;          /* an insertion right after a deletion: no space between */
	const char *const *del, *const *ins;
	size_t changed;
};

static void
put_tok(struct emit *e, const struct tok *t)
{
	if (t->n == 1 && t->s[0] == '\n') {
		sbuf_addc(e->out, '\n');
		e->line_start = true;
		return;
	}
	if (!e->line_start)
		sbuf_addc(e->out, ' ');
	sbuf_add(e->out, t->s, t->n);
	e->line_start = false;
}

/* A run of deletions or insertions, wrapped in its markers. A paragraph break inside
 * the run is printed as a break so the markers stay on one line each. */
static void
put_run(struct emit *e, const struct tok *v, const size_t *idx, size_t n,
    const char *const mark[2])
{
	if (n == 0)
		return;
	e->changed += n;
	if (!e->line_start && !e->glue)
		sbuf_addc(e->out, ' ');
	sbuf_adds(e->out, mark[0]);
	bool first = true;
	for (size_t i = 0; i < n; i++) {
		const struct tok *t = &v[idx[i]];
		if (t->n == 1 && t->s[0] == '\n') {
			sbuf_adds(e->out, "¶");
			first = false;
			continue;
		}
		if (!first)
			sbuf_addc(e->out, ' ');
		sbuf_add(e->out, t->s, t->n);
		first = false;
	}
	sbuf_adds(e->out, mark[1]);
	e->line_start = false;
}

#define WDIFF_MAX_CELLS (4u * 1024u * 1024u)

/* A run of unchanged words. With context > 0 a long run keeps only `head` words at its
 * start (after a change) and `tail` at its end (before one), the rest shown as "…". */
static void
put_equal(struct emit *e, const struct tok *v, const size_t *idx, size_t n, size_t head,
    size_t tail)
{
	if (head + tail == 0 || n <= head + tail + 3) {
		for (size_t i = 0; i < n; i++)
			put_tok(e, &v[idx[i]]);
		return;
	}
	for (size_t i = 0; i < head; i++)
		put_tok(e, &v[idx[i]]);
	if (!e->line_start)
		sbuf_addc(e->out, ' ');
	sbuf_adds(e->out, "…");
	e->line_start = false;
	for (size_t i = n - tail; i < n; i++)
		put_tok(e, &v[idx[i]]);
}

size_t
hist_wdiff(struct sbuf *out, const char *old, const char *new,
    const char *const del[2], const char *const ins[2])
{
	return hist_wdiff_ctx(out, old, new, del, ins, 0);
}

size_t
hist_wdiff_ctx(struct sbuf *out, const char *old, const char *new,
    const char *const del[2], const char *const ins[2], size_t context)
{
	struct tok *a, *b;
	size_t na = tokenize(old ? old : "", &a), nb = tokenize(new ? new : "", &b);
	size_t pre = 0, suf = 0;
	while (pre < na && pre < nb && strcmp(a[pre].key, b[pre].key) == 0)
		pre++;
	while (suf < na - pre && suf < nb - pre &&
	    strcmp(a[na - 1 - suf].key, b[nb - 1 - suf].key) == 0)
		suf++;
	size_t m = na - pre - suf, k = nb - pre - suf;
	/* ops for the middle, from an LCS table; too big a middle is one replacement */
	enum op *ops = xmalloc((m + k + 1) * sizeof *ops);
	size_t nops = 0;
	if (m > 0 && k > 0 && (m + 1) * (k + 1) <= WDIFF_MAX_CELLS) {
		uint32_t *L = xcalloc((m + 1) * (k + 1), sizeof *L);
#define AT(i, j) L[(i) * (k + 1) + (j)]
		for (size_t i = m; i-- > 0;)
			for (size_t j = k; j-- > 0;)
				AT(i, j) = strcmp(a[pre + i].key, b[pre + j].key) == 0 ?
				    AT(i + 1, j + 1) + 1 :
				    (AT(i + 1, j) >= AT(i, j + 1) ? AT(i + 1, j) : AT(i, j + 1));
		size_t i = 0, j = 0;
		while (i < m || j < k) {
			if (i < m && j < k && strcmp(a[pre + i].key, b[pre + j].key) == 0) {
				ops[nops++] = OP_EQ;
				i++, j++;
			} else if (j < k && (i == m || AT(i, j + 1) >= AT(i + 1, j))) {
				ops[nops++] = OP_INS;
				j++;
			} else {
				ops[nops++] = OP_DEL;
				i++;
			}
		}
#undef AT
		free(L);
	} else {
		for (size_t i = 0; i < m; i++)
			ops[nops++] = OP_DEL;
		for (size_t j = 0; j < k; j++)
			ops[nops++] = OP_INS;
	}

	struct emit e = { out, true, false, del, ins, 0 };
	/* unchanged words are gathered into runs so long ones can be cut to their ends */
	size_t *eq = xmalloc((nb + 1) * sizeof *eq), neq = 0;
	bool any_change = false;
	for (size_t i = 0; i < pre; i++)
		eq[neq++] = i;
	size_t *dl = xmalloc((m + 1) * sizeof *dl), *il = xmalloc((k + 1) * sizeof *il);
	size_t nd = 0, ni = 0, ia = pre, ib = pre;
	for (size_t x = 0; x <= nops; x++) {
		if (x == nops || ops[x] == OP_EQ) {
			if (nd || ni) {
				put_equal(&e, b, eq, neq, any_change ? context : 0, context);
				neq = 0;
				any_change = true;
			}
			put_run(&e, a, dl, nd, del);
			e.glue = nd > 0;
			put_run(&e, b, il, ni, ins);
			e.glue = false;
			nd = ni = 0;
			if (x == nops)
				break;
			eq[neq++] = ib;
			ia++, ib++;
		} else if (ops[x] == OP_DEL) {
			dl[nd++] = ia++;
		} else {
			il[ni++] = ib++;
		}
	}
	for (size_t i = nb - suf; i < nb; i++)
		eq[neq++] = i;
	put_equal(&e, b, eq, neq, any_change ? context : 0, 0);
	free(eq);
	free(dl);
	free(il);
	free(ops);
	free_toks(a, na);
	free_toks(b, nb);
	return e.changed;
}

const char *
hist_kind_name(enum hist_kind k)
{
	switch (k) {
	case HK_UNCHANGED: return "unchanged";
	case HK_CHANGED: return "changed";
	case HK_MOVED: return "moved";
	case HK_ADDED: return "added";
	case HK_REMOVED: return "removed";
	default: return "?";
	}
}
