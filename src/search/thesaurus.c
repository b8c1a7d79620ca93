/* thesaurus.c — reading the judge thesaurus (slang and abbreviations -> the rules' own
 * words) and finding its entries in a query. Format: see corpus/thesaurus.tsv. */
#include "srch_int.h"
#include "../text/decode.h"
#include "../base/safefile.h"
#include "../index/index.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Stems of text joined by single spaces, stop words included (so "the stack" stays
 * two words). Returns the number of words, 0 if none. With out NULL, only counts them
 * (stemming is most of the cost of reading a thesaurus). */
static size_t
stem_phrase(struct srch *s, const char *text, size_t n, struct sbuf *out)
{
	size_t pos = 0, k = 0;
	struct stok t;
	char stem[WORD_MAX];
	if (!out) {
		while (stok_next(text, n, &pos, &t))
			k++;
		return k;
	}
	sbuf_reset(out);
	while (stok_next(text, n, &pos, &t)) {
		size_t sl = srch_stem(s, t.f, t.flen, stem, sizeof stem);
		if (k++)
			sbuf_addc(out, ' ');
		sbuf_add(out, stem, sl);
	}
	return k;
}

unsigned
srch_col_of(const char *line, const char *p)
{
	unsigned c = 1;
	for (const char *q = line; q < p; q++)
		if (((unsigned char)*q & 0xC0) != 0x80)
			c++;
	return c;
}

/* Every line of a thesaurus text, split into its spellings ("blink | flicker" is two) and
 * the rules' words they stand for; a line without a tab or without words after it is
 * reported to d and skipped. fn returns false to stop. The one reader of the format, for
 * search and for `define`. */
struct thes_spelling {
	const char *slang, *to, *line;
	size_t slen, tolen, ll;
	unsigned lineno;
};

static void
thes_each(const char *name, const char *text, size_t len, struct diags *d,
    bool (*fn)(void *, const struct thes_spelling *), void *arg)
{
	unsigned lineno = 0;
	size_t i = 0;
	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - text) : len;
		const char *line = text + i;
		size_t ll = e - i;
		if (ll > 0 && line[ll - 1] == '\r')
			ll--;
		lineno++;
		i = e + 1;
		size_t k = 0;
		while (k < ll && (line[k] == ' ' || line[k] == '\t'))
			k++;
		if (k == ll || line[k] == '#')
			continue;
		const char *tab = memchr(line, '\t', ll);
		if (!tab) {
			diag_add(d, DL_WARNING, name, lineno, (unsigned)ll + 1,
			    "expected a tab between the slang and the rules' words");
			diag_hint(d, "write one entry a line: SLANG<TAB>RULES WORDS (see corpus/thesaurus.tsv)");
			diag_src(d, line, ll);
			continue;
		}
		const char *to = tab + 1;
		size_t tolen = (size_t)(line + ll - to);
		while (tolen > 0 && (*to == '\t' || *to == ' ')) { to++; tolen--; }
		while (tolen > 0 && (to[tolen - 1] == ' ' || to[tolen - 1] == '\t'))
			tolen--;
		if (tolen == 0) {
			diag_add(d, DL_WARNING, name, lineno, srch_col_of(line, tab) + 1,
			    "nothing after the tab: the slang needs the rules' words it stands for");
			diag_src(d, line, ll);
			continue;
		}
		for (const char *a = line; a < tab;) {
			const char *b = memchr(a, '|', (size_t)(tab - a));
			if (!b)
				b = tab;
			struct thes_spelling sp = { a, to, line, (size_t)(b - a), tolen, ll, lineno };
			if (!fn(arg, &sp))
				return;
			a = b + 1;
		}
	}
}

struct thes_add {
	struct srch *s;
	struct diags *d;
	const char *name;
	struct sbuf from;
	bool check_only;
	int added;
};

static bool
thes_add_one(void *arg, const struct thes_spelling *sp)
{
	struct thes_add *t = arg;
	struct srch *s = t->s;
	size_t nw = stem_phrase(s, sp->slang, sp->slen, t->check_only ? NULL : &t->from);
	if (nw == 0) {
		diag_add(t->d, DL_WARNING, t->name, sp->lineno, srch_col_of(sp->line, sp->slang),
		    "an empty slang term (no letters or digits before the tab or the '|')");
		diag_src(t->d, sp->line, sp->ll);
	} else if (nw > SLANG_MAXW) {
		diag_add(t->d, DL_WARNING, t->name, sp->lineno, srch_col_of(sp->line, sp->slang),
		    "a slang term of %zu words never matches: queries are matched on at most %d", nw, SLANG_MAXW);
		diag_hint(t->d, "shorten it (\"turn i play it\", not \"the turn i play it\")");
		diag_src(t->d, sp->line, sp->ll);
	} else if (t->check_only) {
		t->added++;
	} else {
		s->thes = xgrow(s->thes, &s->thescap, s->nthes + 1, sizeof *s->thes);
		struct sthes *th = &s->thes[s->nthes++];
		th->from = arena_strdup(&s->arena, t->from.s);
		th->nfrom = (uint32_t)nw;
		th->to = arena_strndup(&s->arena, sp->to, sp->tolen);
		s->thes_sorted = false;
		t->added++;
	}
	return true;
}

int
srch_add_thesaurus(struct srch *s, const char *name, const char *text, size_t len,
    struct diags *d)
{
	unsigned bl, bc;
	/* saved as UTF-16 (Notepad's "Unicode"): read as what it is */
	struct decoded u16 = {0};
	if (text_utf16(text, len)) {
		if (text_decode_as((const unsigned char *)text, len, name, "thesaurus",
		    "save the thesaurus as UTF-8 text", &u16, d) != 0)
			return 0;
		text = u16.text;
		len = u16.len;
	}
	if (text_binary(text, len, &bl, &bc)) {
		diag_add(d, DL_ERROR, name, bl, bc, "this is a binary file, not a thesaurus");
		diag_hint(d, "a thesaurus is text: SLANG<TAB>RULES WORDS a line (see corpus/thesaurus.tsv)");
		free(u16.text);
		return 0;
	}
	/* with a cache, the text goes into the key and is only checked now (the same
	 * diagnostics, no stems); its entries come from the cache, or from reading it again */
	struct thes_add t = { .s = s, .d = d, .name = name, .check_only = s->deferring };
	if (t.check_only)
		srch_cache_defer_text(s, PEND_THESAURUS, name, text, len);
	thes_each(name, text, len, d, thes_add_one, &t);
	sbuf_free(&t.from);
	free(u16.text);
	return t.added;
}

struct thes_words {
	const char *key;
	struct sbuf *words;
};

static bool
thes_words_one(void *arg, const struct thes_spelling *sp)
{
	struct thes_words *t = arg;
	char raw[256], fs[256];
	if (sp->slen >= sizeof raw)
		return true;
	memcpy(raw, sp->slang, sp->slen);
	raw[sp->slen] = '\0';
	jfold(raw, fs, sizeof fs);
	char *b = fs, *e = fs + strlen(fs);
	while (*b == ' ')
		b++;
	while (e > b && e[-1] == ' ')
		*--e = '\0';
	if (strcmp(b, t->key) != 0)
		return true;
	sbuf_add(t->words, sp->to, sp->tolen);
	return false;
}

int
srch_thesaurus_words(const char *path, const char *key, struct sbuf *words)
{
	struct sbuf b = {0};
	if (sfile_read(path, SFILE_MAX_VOCAB, &b) != 0) {
		sbuf_free(&b);
		return -1;
	}
	unsigned bl, bc;
	struct diags d = {0};   /* search reports the file's problems; define only looks up */
	struct thes_words t = { key, words };
	size_t before = words->len;
	struct decoded u16 = {0};
	if (b.s && text_utf16(b.s, b.len) && text_decode((const unsigned char *)b.s, b.len, path, &u16, &d) == 0) {
		sbuf_free(&b);
		sbuf_add(&b, u16.text, u16.len);
		free(u16.text);
	}
	if (b.s && !text_binary(b.s, b.len, &bl, &bc))
		thes_each(path, b.s, b.len, &d, thes_words_one, &t);
	diag_clear(&d);
	sbuf_free(&b);
	return words->len > before;
}

int
srch_load_text(struct srch *s, const char *path, const char *what,
    int (*add)(struct srch *, const char *, const char *, size_t, struct diags *), struct diags *d)
{
	struct sbuf b = {0};
	if (sfile_read(path, SFILE_MAX_VOCAB, &b) != 0) {
		diag_add(d, DL_ERROR, path, 0, 0, "cannot read the %s: %s", what, sfile_strerror(errno));
		diag_hint(d, "make it a text file (see corpus/%s.tsv) or remove it; search goes on without it", what);
		sbuf_free(&b);
		return -1;
	}
	int k = add(s, path, b.s ? b.s : "", b.len, d);
	sbuf_free(&b);
	return k;
}

int
srch_load_thesaurus(struct srch *s, const char *path, struct diags *d)
{
	return srch_load_text(s, path, "thesaurus", srch_add_thesaurus, d);
}

static int
cmp_thes(const void *a, const void *b)
{
	return strcmp(((const struct sthes *)a)->from, ((const struct sthes *)b)->from);
}

size_t
srch_thes_find(struct srch *s, const char *key, size_t n, size_t *first)
{
	if (!s->thes_sorted) {
		if (s->nthes)
			xqsort(s->thes, s->nthes, sizeof *s->thes, cmp_thes);
		s->thes_sorted = true;
	}
	size_t lo = 0, hi = s->nthes;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(s->thes[mid].from, key, n);
		if (c == 0 && s->thes[mid].from[n] != '\0')
			c = 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t k = lo;
	while (k < s->nthes && strncmp(s->thes[k].from, key, n) == 0 && s->thes[k].from[n] == '\0')
		k++;
	*first = lo;
	return k - lo;
}
