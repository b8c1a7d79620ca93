/* situation.c — common situations: a question that names every concept of an entry of
 * corpus/situations.tsv ("aura" + "creature leaves") is about the rules the entry lists
 * (704.5m), even when it shares no word with them. Format: see corpus/situations.tsv.
 *
 * Entries are checked when read and kept as text, then stemmed against the finished
 * index: before it is saved to the cache, else on the first query. With the cache the
 * files are only hashed into its key: the entries come stemmed from the cached index, and
 * a file is read at srch_finalize() only when no cached index has it, or to report again
 * the problems its cached copy recorded (srch_late_diags()). */
#include "srch_int.h"
#include "../text/decode.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Split [a, e) at the next sep: "|" between alternatives, or '+' with a space on each
 * side between concepts (a "+1/+1" inside a word is not one). Returns the end of the
 * first part and sets *next past the separator. */
static const char *
split_at(const char *a, const char *e, char sep, const char **next)
{
	for (const char *p = a; p < e; p++) {
		p = memchr(p, sep, (size_t)(e - p));
		if (!p)
			break;
		if (sep == '|') {
			*next = p + 1;
			return p;
		}
		if (p > a && p[-1] == ' ' && p + 1 < e && p[1] == ' ') {
			*next = p + 2;
			return p - 1;
		}
	}
	*next = e;
	return e;
}

static size_t
count_words(const char *a, const char *e)
{
	/* plain ASCII words and spaces (nearly every alternative): count the runs; anything
	 * else is counted as the tokenizer reads it */
	/* 1 for an ASCII letter or digit, 2 for a space, 0 for anything else */
	static const unsigned char cls[256] = {
		[' '] = 2,
		['0'] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
		['A'] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
		['a'] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	};
	size_t k = 0;
	bool in = false;
	for (const char *p = a; p < e; p++) {
		unsigned char c = cls[(unsigned char)*p];
		bool w = c == 1;
		if (c == 0) {
			size_t pos = 0;
			struct stok t;
			k = 0;
			while (stok_next(a, (size_t)(e - a), &pos, &t))
				k++;
			return k;
		}
		k += w && !in;
		in = w;
	}
	return k;
}

static void
trim(const char **a, const char **e)
{
	while (*a < *e && (**a == ' ' || **a == '\t'))
		(*a)++;
	while (*e > *a && ((*e)[-1] == ' ' || (*e)[-1] == '\t'))
		(*e)--;
}

int
srch_add_situations(struct srch *s, const char *name, const char *text, size_t len,
    struct diags *d)
{
	/* with a cache, only the key now: the entries come compiled from the cached index,
	 * or are read at srch_finalize() (what that reports: srch_late_diags()) */
	if (s->deferring) {
		srch_cache_defer_text(s, PEND_SITUATIONS, name, text, len);
		return 0;
	}
	return srch_sit_read(s, name, text, len, d, true);
}

static int sit_read_text(const char *name, const char *text, size_t len, struct diags *d,
    void (*each)(void *ctx, const struct srch_sit_entry *e), void *ctx);

/* An entry kept in s (srch_sit_read with store). */
static void
store_entry(void *ctx, const struct srch_sit_entry *e)
{
	struct srch *s = ctx;
	s->sit = xgrow(s->sit, &s->sitcap, s->nsit + 1, sizeof *s->sit);
	struct ssit *st = &s->sit[s->nsit++];
	memset(st, 0, sizeof *st);
	st->concepts = arena_strndup(&s->arena, e->concepts, e->nconcepts);
	st->label = arena_strndup(&s->arena, e->label, e->nlabel);
	st->since = e->since;
	memcpy(st->rules, e->rules, e->nrules * sizeof *e->rules);
	st->nrules = (uint8_t)e->nrules;
	s->sit_compiled = false;
}

int
srch_sit_read(struct srch *s, const char *name, const char *text, size_t len, struct diags *d,
    bool store)
{
	return srch_situations_each(name, text, len, d, store ? store_entry : NULL, s);
}

int
srch_situations_each(const char *name, const char *text, size_t len, struct diags *d,
    void (*each)(void *ctx, const struct srch_sit_entry *e), void *ctx)
{
	/* saved as UTF-16 (Notepad's "Unicode"): read as what it is */
	if (!text_utf16(text, len))
		return sit_read_text(name, text, len, d, each, ctx);
	struct decoded u16;
	if (text_decode_as((const unsigned char *)text, len, name, "list of situations",
	    "save the situations file as UTF-8 text", &u16, d) != 0)
		return 0;
	int added = sit_read_text(name, u16.text, u16.len, d, each, ctx);
	free(u16.text);
	return added;
}

static int
sit_read_text(const char *name, const char *text, size_t len, struct diags *d,
    void (*each)(void *ctx, const struct srch_sit_entry *e), void *ctx)
{
	unsigned bl, bc;
	if (text_binary(text, len, &bl, &bc)) {
		diag_add(d, DL_ERROR, name, bl, bc, "this is a binary file, not a list of situations");
		diag_hint(d, "situations are text: CONCEPTS<TAB>RULES<TAB>LABEL a line (see corpus/situations.tsv)");
		return 0;
	}
	int added = 0, since = 0;
	unsigned lineno = 0;
	size_t i = 0;
	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - text) : len;
		const char *line = text + i, *end = text + e;
		if (end > line && end[-1] == '\r')
			end--;
		size_t ll = (size_t)(end - line);
		lineno++;
		i = e + 1;
		const char *p = line;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		/* "# rules: 2026-01-16": the release the rule numbers below come from */
		int y, m, dd;
		char tail;
		if (p < end && *p == '#' && (size_t)(end - p) < 64) {
			char buf[64];
			memcpy(buf, p, (size_t)(end - p));
			buf[end - p] = '\0';
			if (sscanf(buf, "# rules: %4d-%2d-%2d%c", &y, &m, &dd, &tail) == 3 && m >= 1 && m <= 12 &&
			    dd >= 1 && dd <= 31)
				since = y * 10000 + m * 100 + dd;
		}
		if (p == end || *p == '#')
			continue;
		const char *tab1 = memchr(line, '\t', ll);
		const char *tab2 = tab1 ? memchr(tab1 + 1, '\t', (size_t)(end - tab1 - 1)) : NULL;
		if (!tab1 || !tab2) {
			diag_add(d, DL_WARNING, name, lineno, (unsigned)srch_col_of(line, end),
			    "expected three fields separated by tabs: the concepts, the rules, a label");
			diag_hint(d, "write one entry a line: CONCEPTS<TAB>RULES<TAB>LABEL (see corpus/situations.tsv)");
			diag_src(d, line, ll);
			continue;
		}
		/* the concepts: groups joined by " + ", alternatives by "|" */
		bool bad = false;
		size_t ngroups = 0;
		const char *g = line, *gnext;
		for (;;) {
			const char *ge = split_at(g, tab1, '+', &gnext);
			const char *a = g, *anext;
			for (;;) {
				const char *ae = split_at(a, ge, '|', &anext);
				const char *ta = a, *te = ae;
				trim(&ta, &te);
				size_t nw = count_words(ta, te);
				if (nw == 0) {
					diag_add(d, DL_WARNING, name, lineno, srch_col_of(line, a),
					    "an empty alternative (no letters or digits before the '|', the '+' or the tab)");
					diag_hint(d, "write the words of each alternative: \"bounce | flicker + aura\"");
					diag_src(d, line, ll);
					bad = true;
					break;
				}
				if (nw > SIT_MAXW) {
					diag_add(d, DL_WARNING, name, lineno, srch_col_of(line, a),
					    "an alternative of %zu words: at most %d, all of which the question must hold", nw, SIT_MAXW);
					diag_src(d, line, ll);
					bad = true;
					break;
				}
				if (ae == ge)
					break;
				a = anext;
			}
			ngroups++;
			if (bad || ge == tab1)
				break;
			g = gnext;
		}
		if (bad)
			continue;
		if (ngroups < 2 || ngroups > SIT_MAXG) {
			diag_add(d, DL_WARNING, name, lineno, 1,
			    "%zu concepts: an entry needs 2 to %d, joined by '+' (one alone fires on too many questions)",
			    ngroups, SIT_MAXG);
			diag_src(d, line, ll);
			continue;
		}
		/* the rules */
		jrid rules[SIT_MAXR];
		size_t nr = 0;
		const char *r = tab1 + 1;
		while (r < tab2 && !bad) {
			while (r < tab2 && (*r == ' ' || *r == ','))
				r++;
			const char *re = r;
			while (re < tab2 && *re != ' ' && *re != ',')
				re++;
			if (re == r)
				break;
			char num[32];
			size_t numl = (size_t)(re - r) < sizeof num - 1 ? (size_t)(re - r) : sizeof num - 1;
			memcpy(num, r, numl);
			num[numl] = '\0';
			jrid id = jrid_from_str(num);
			if (id == JRID_NONE) {
				diag_add(d, DL_WARNING, name, lineno, srch_col_of(line, r), "not a rule number: %s", num);
				diag_hint(d, "the second field lists rule numbers such as 704.5m, separated by spaces");
				diag_src(d, line, ll);
				bad = true;
			} else if (nr < SIT_MAXR) {
				rules[nr++] = id;
			}
			r = re;
		}
		if (bad)
			continue;
		if (nr == 0) {
			diag_add(d, DL_WARNING, name, lineno, srch_col_of(line, tab1 + 1),
			    "no rules: the second field lists the rules that govern the situation");
			diag_src(d, line, ll);
			continue;
		}
		const char *lb = tab2 + 1, *le = end;
		trim(&lb, &le);
		if (lb == le) {
			diag_add(d, DL_WARNING, name, lineno, srch_col_of(line, tab2 + 1),
			    "no label: the third field names the situation for the reader");
			diag_src(d, line, ll);
			continue;
		}
		added++;
		if (each)
			each(ctx, &(struct srch_sit_entry){ lineno, since, line, (size_t)(tab1 - line), lb,
			    (size_t)(le - lb), rules, nr });
	}
	return added;
}

int
srch_load_situations(struct srch *s, const char *path, struct diags *d)
{
	return srch_load_text(s, path, "situations", srch_add_situations, d);
}

uint64_t
srch_stem_key(const char *stem, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)stem[i]) * 1099511628211ull;
	return h | 1;   /* never 0: 0 marks an empty slot */
}

/* Words already stemmed while compiling: the same few hundred words ("dies", "bounce")
 * recur across the entries. */
struct memo {
	uint32_t cap, n;
	uint32_t *hv;
	uint64_t *key;           /* its stem's key, with bit 0 clear for a stop word */
	const char **w;          /* the folded word, in the arena, NUL-terminated */
};

/* The stem key of a folded word: from the memo, else from the index's own stem for a
 * word of the rules (unless it is a keyword's own term, "=defender"), else stemmed. A
 * stop word's key has bit 0 clear (srch_stem_key() sets it). */
static uint64_t
word_key(struct srch *s, struct memo *m, const struct stok *t, char *stem)
{
	if ((m->n + 1) * 2 > m->cap) {
		struct memo b = { m->cap ? m->cap * 2 : 1024, m->n, NULL, NULL, NULL };
		b.hv = xcalloc(b.cap, sizeof *b.hv);
		b.key = xcalloc(b.cap, sizeof *b.key);
		b.w = xcalloc(b.cap, sizeof *b.w);
		for (uint32_t i = 0; i < m->cap; i++) {
			if (!m->w[i])
				continue;
			uint32_t j = m->hv[i] & (b.cap - 1);
			while (b.w[j])
				j = (j + 1) & (b.cap - 1);
			b.hv[j] = m->hv[i];
			b.key[j] = m->key[i];
			b.w[j] = m->w[i];
		}
		free(m->hv);
		free(m->key);
		free(m->w);
		*m = b;
	}
	uint32_t j = t->hash & (m->cap - 1);
	for (; m->w[j]; j = (j + 1) & (m->cap - 1))
		if (m->hv[j] == t->hash && memcmp(m->w[j], t->f, t->flen) == 0 && m->w[j][t->flen] == '\0')
			return m->key[j];
	uint32_t v = s->final ? shash_get_h(s, &s->wordh, t->f, t->flen, true, t->hash) : UINT32_MAX;
	const char *ts = v != UINT32_MAX ? s->terms[s->words[v].term].stem : "=";
	uint64_t key;
	if (*ts != '=') {
		key = srch_stem_key(ts, strlen(ts));
	} else {
		size_t sl = srch_stem(s, t->f, t->flen, stem, WORD_MAX);
		key = srch_stem_key(stem, sl);
	}
	if (srch_is_stop(t->f, t->flen))
		key &= ~(uint64_t)1;
	m->hv[j] = t->hash;
	m->key[j] = key;
	m->w[j] = arena_strndup(&s->arena, t->f, t->flen);
	m->n++;
	return key;
}

/* Each entry's rules carried into the release searched (srch_set_carry): a rule that
 * cannot be carried is dropped, and an entry left with none never fires. Its since
 * becomes 0: the numbers are now the searched release's own. */
static void
carry_rules(struct srch *s)
{
	for (size_t k = 0; k < s->nsit; k++) {
		struct ssit *st = &s->sit[k];
		if (!st->since)
			continue;
		uint8_t n = 0;
		for (uint8_t r = 0; r < st->nrules; r++) {
			jrid id = s->carry(s->carry_ctx, st->since, st->rules[r]);
			bool dup = false;
			for (uint8_t j = 0; j < n && !dup; j++)
				dup = st->rules[j] == id;
			if (id != JRID_NONE && !dup)
				st->rules[n++] = id;
		}
		st->nrules = n;
		st->since = 0;
	}
}

/* Stem every alternative's words into keys, once. */
void
srch_sit_compile(struct srch *s)
{
	if (s->sit_compiled)
		return;
	if (s->carry)
		carry_rules(s);
	s->nsitg = s->nsita = s->nsitw = 0;
	char stem[WORD_MAX];
	struct memo memo = {0};
	for (size_t k = 0; k < s->nsit; k++) {
		struct ssit *st = &s->sit[k];
		const char *c = st->concepts, *ce = c + strlen(c), *gnext;
		st->g0 = (uint32_t)s->nsitg;
		st->ng = 0;
		for (const char *g = c; g < ce; g = gnext) {
			const char *ge = split_at(g, ce, '+', &gnext);
			s->sitg = xgrow(s->sitg, &s->sitgcap, s->nsitg + 1, sizeof *s->sitg);
			struct ssitg *sg = &s->sitg[s->nsitg++];
			sg->a0 = (uint32_t)s->nsita;
			sg->na = 0;
			const char *anext;
			for (const char *a = g; a < ge; a = anext) {
				const char *ae = split_at(a, ge, '|', &anext);
				size_t pos = 0, n = (size_t)(ae - a), w0 = s->nsitw, nstop = 0, nw = 0;
				struct stok t;
				uint64_t keys[SIT_MAXW];
				bool stop[SIT_MAXW];
				while (stok_next(a, n, &pos, &t) && nw < SIT_MAXW) {
					/* a word of the rules has its stem in the index already (unless
					 * it is a keyword's own term, "=defender"): stemming is most of
					 * the cost of this */
					keys[nw] = word_key(s, &memo, &t, stem);
					stop[nw] = !(keys[nw] & 1);
					keys[nw] |= 1;
					nstop += stop[nw];
					nw++;
				}
				/* stop words are left out ("the stack" is "stack"), unless that is all
				 * there is ("no", "not") */
				for (size_t j = 0; j < nw; j++) {
					if (stop[j] && nstop < nw)
						continue;
					s->sitw = xgrow(s->sitw, &s->sitwcap, s->nsitw + 1, sizeof *s->sitw);
					s->sitw[s->nsitw++] = keys[j];
				}
				if (s->nsitw == w0)
					continue;
				s->sita = xgrow(s->sita, &s->sitacap, s->nsita + 1, sizeof *s->sita);
				s->sita[s->nsita++] = (struct ssita){ (uint32_t)w0, (uint32_t)(s->nsitw - w0) };
				sg->na++;
			}
			st->ng++;
		}
	}
	free(memo.hv);
	free(memo.key);
	free(memo.w);
	s->sit_compiled = true;
}

static bool
in_set(const uint64_t *set, size_t cap, uint64_t key)
{
	for (size_t i = key & (cap - 1);; i = (i + 1) & (cap - 1)) {
		if (set[i] == key)
			return true;
		if (set[i] == 0)
			return false;
	}
}

size_t
srch_sit_match(struct srch *s, const uint64_t *set, size_t cap, const uint64_t *typed,
    size_t ntyped, uint32_t *out, uint8_t *nwords, size_t max)
{
	if (s->nsit == 0)
		return 0;
	if (!s->sit_compiled)
		srch_sit_compile(s);
	size_t n = 0;
	for (size_t k = 0; k < s->nsit && n < max; k++) {
		const struct ssit *st = &s->sit[k];
		/* rule numbers of a later release than the one searched may name other rules */
		if ((st->since && s->rel_date < st->since) || st->nrules == 0)
			continue;
		bool all = true;
		for (uint32_t g = st->g0; g < st->g0 + st->ng && all; g++) {
			const struct ssitg *sg = &s->sitg[g];
			all = false;
			for (uint32_t a = sg->a0; a < sg->a0 + sg->na && !all; a++) {
				const struct ssita *sa = &s->sita[a];
				uint32_t w = sa->w0;
				while (w < sa->w0 + sa->nw && in_set(set, cap, s->sitw[w]))
					w++;
				all = w == sa->w0 + sa->nw;
			}
		}
		if (!all || st->ng == 0 || s->sitg[st->g0 + st->ng - 1].na == 0)
			continue;
		/* how much of the question it accounts for: the typed words among all its
		 * wordings ("died" and "graveyard" both, though either meets the concept) */
		const struct ssitg *g0 = &s->sitg[st->g0], *gl = &s->sitg[st->g0 + st->ng - 1];
		uint32_t w0 = s->sita[g0->a0].w0;
		uint32_t w1 = s->sita[gl->a0 + gl->na - 1].w0 + s->sita[gl->a0 + gl->na - 1].nw;
		size_t words = 0;
		for (size_t t = 0; t < ntyped; t++) {
			uint32_t w = w0;
			while (w < w1 && s->sitw[w] != typed[t])
				w++;
			words += w < w1;
		}
		out[n] = (uint32_t)k;
		nwords[n] = (uint8_t)(words > 255 ? 255 : words);
		n++;
	}
	return n;
}

const struct diags *
srch_late_diags(const struct srch *s)
{
	return &s->late;
}
