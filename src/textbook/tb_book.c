/* tb_book.c — building a textbook: the shared builder, wiki markup cleaning, the card index,
 * and the small queries over a finished book. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <libstemmer.h>
#include "tb_build.h"

static void *
grow(struct tb_book *b, void *p, int which, uint32_t need, size_t sz)
{
	return xgrow(p, &b->cap[which], need, sz);
}

void
tb_spans_free(struct tb_spans *s)
{
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}

static void
span_add(struct tb_spans *s, size_t from, size_t to)
{
	if (!s || to <= from)
		return;
	s->v = xgrow(s->v, &s->cap, s->n + 1, sizeof *s->v);
	s->v[s->n].from = from;
	s->v[s->n].to = to;
	s->n++;
}

static void
emit(struct sbuf *out, size_t start, char c)
{
	if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
		if (out->len == start || out->s[out->len - 1] == ' ')
			return;
		c = ' ';
	}
	sbuf_addc(out, c);
}

/* "$7 - 2 = 5$" and "$\{1\}$": formulas become their plain text. */
static size_t
formula_end(const char *s, size_t i, size_t n)
{
	for (size_t j = i + 1; j < n && j < i + 48; j++)
		if (s[j] == '$')
			return j > i + 1 ? j : 0;
	return 0;
}

void
tb_clean_spans(const char *s, size_t n, struct sbuf *out, struct tb_spans *bold,
    struct tb_spans *ital)
{
	size_t start = out->len, bfrom = 0, ifrom = 0;
	bool inb = false, ini = false;
	if (!out->s)
		sbuf_add(out, "", 0);
	for (size_t i = 0; i < n;) {
		char c = s[i];
		if (c == '*') {
			size_t k = 0;
			while (i + k < n && s[i + k] == '*')
				k++;
			/* "***x**" opens italic then bold; "**x***" closes bold then italic */
			bool tb = k >= 2, ti = k == 1 || k >= 3;
			if (tb) {
				if (inb)
					span_add(bold, bfrom, out->len);
				else
					bfrom = out->len;
				inb = !inb;
			}
			if (ti) {
				if (ini)
					span_add(ital, ifrom, out->len);
				else
					ifrom = out->len;
				ini = !ini;
			}
			i += k;
			continue;
		}
		if (c == '^' && i + 1 < n && s[i + 1] == '[') {
			size_t j = i + 2;
			while (j < n && j < i + 8 && isalnum((unsigned char)s[j]))
				j++;
			if (j < n && s[j] == ']' && j > i + 2) {
				i = j + 1;
				continue;
			}
		}
		if (c == '[') {
			/* [text](target) keeps its text */
			size_t j = i + 1;
			while (j < n && s[j] != ']' && s[j] != '[' && s[j] != '\n')
				j++;
			if (j + 1 < n && s[j] == ']' && s[j + 1] == '(') {
				size_t k = j + 2;
				while (k < n && s[k] != ')' && s[k] != ' ')
					k++;
				if (k < n && s[k] == ')') {
					for (size_t m = i + 1; m < j; m++)
						if (s[m] != '*')
							emit(out, start, s[m]);
					i = k + 1;
					continue;
				}
			}
		}
		if (c == '$') {
			size_t j = formula_end(s, i, n);
			if (j) {
				for (size_t m = i + 1; m < j; m++) {
					if (s[m] == '\\' && m + 1 < j && strchr("{}_$%", s[m + 1]))
						continue;
					emit(out, start, s[m]);
				}
				i = j + 1;
				continue;
			}
		}
		if (c == '\\' && i + 1 < n && strchr("$*_[]{}#\\", s[i + 1])) {
			emit(out, start, s[i + 1]);
			i += 2;
			continue;
		}
		emit(out, start, c);
		i++;
	}
	while (out->len > start && out->s[out->len - 1] == ' ')
		out->s[--out->len] = '\0';
	/* spans must not point past the trimmed text */
	for (int k = 0; k < 2; k++) {
		struct tb_spans *sp = k ? ital : bold;
		if (!sp)
			continue;
		for (size_t j = 0; j < sp->n; j++) {
			if (sp->v[j].to > out->len)
				sp->v[j].to = out->len;
			if (sp->v[j].from > sp->v[j].to)
				sp->v[j].from = sp->v[j].to;
		}
	}
}

void
tb_clean_markup(const char *s, size_t n, struct sbuf *out)
{
	tb_clean_spans(s, n, out, NULL, NULL);
}

/* Lower-case ASCII and fold the accents and quotes the textbook uses. */
void
tb_fold(const char *s, size_t n, struct sbuf *out)
{
	static const struct { const char *from, *to; } map[] = {
		{ "\u00e1", "a" }, { "\u00e0", "a" }, { "\u00e2", "a" }, { "\u00e3", "a" }, { "\u00e4", "a" },
		{ "\u00c1", "a" }, { "\u00c0", "a" }, { "\u00c2", "a" }, { "\u00c3", "a" }, { "\u00c4", "a" },
		{ "\u00e9", "e" }, { "\u00ea", "e" }, { "\u00e8", "e" }, { "\u00c9", "e" }, { "\u00ca", "e" },
		{ "\u00ed", "i" }, { "\u00cd", "i" }, { "\u00f3", "o" }, { "\u00f4", "o" }, { "\u00f5", "o" },
		{ "\u00f6", "o" }, { "\u00d3", "o" }, { "\u00d6", "o" }, { "\u00fa", "u" }, { "\u00fb", "u" },
		{ "\u00fc", "u" }, { "\u00da", "u" }, { "\u00dc", "u" }, { "\u00e7", "c" }, { "\u00c7", "c" },
		{ "\u00c6", "ae" }, { "\u00e6", "ae" }, { "\u2019", "'" }, { "\u2018", "'" },
		{ "\u201c", "\"" }, { "\u201d", "\"" }, { "\u2013", "-" }, { "\u2014", "-" },
	};
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80) {
			sbuf_addc(out, (char)tolower(c));
			i++;
			continue;
		}
		size_t k;
		for (k = 0; k < sizeof map / sizeof map[0]; k++) {
			size_t l = strlen(map[k].from);
			if (i + l <= n && memcmp(s + i, map[k].from, l) == 0) {
				sbuf_adds(out, map[k].to);
				i += l;
				break;
			}
		}
		if (k == sizeof map / sizeof map[0])
			sbuf_addc(out, s[i++]);
	}
	if (!out->s)
		sbuf_add(out, "", 0);
}

void
tbb_init(struct tb_builder *t, const char *file, const char *format)
{
	memset(t, 0, sizeof *t);
	t->b = xcalloc(1, sizeof *t->b);
	t->b->file = arena_strdup(&t->b->arena, file ? file : "(textbook)");
	t->b->format = format;
	t->page = t->heading = TB_NONE;
}

uint32_t
tbb_page(struct tb_builder *t, const char *section, const char *chapter, const char *title,
    uint32_t line)
{
	struct tb_book *b = t->b;
	b->pages = grow(b, b->pages, 0, b->npages + 1, sizeof *b->pages);
	struct tb_page *p = &b->pages[b->npages];
	memset(p, 0, sizeof *p);
	p->title = arena_strdup(&b->arena, title && *title ? title : "(untitled)");
	p->chapter = arena_strdup(&b->arena, chapter && *chapter ? chapter : p->title);
	p->section = arena_strdup(&b->arena, section && *section ? section : p->chapter);
	p->lang = "en";
	p->line = line;
	p->block0 = b->nblocks;
	p->heading0 = b->nheadings;
	p->example0 = b->nexamples;
	t->page = b->npages++;
	t->heading = TB_NONE;
	t->expert = false;
	return t->page;
}

static struct tb_page *
cur_page(struct tb_builder *t)
{
	if (t->page == TB_NONE)
		tbb_page(t, NULL, NULL, NULL, 1);
	return &t->b->pages[t->page];
}

uint32_t
tbb_heading(struct tb_builder *t, const char *title, int level, uint32_t line)
{
	struct tb_page *p = cur_page(t);
	struct tb_book *b = t->b;
	b->headings = grow(b, b->headings, 1, b->nheadings + 1, sizeof *b->headings);
	struct tb_heading *h = &b->headings[b->nheadings];
	memset(h, 0, sizeof *h);
	h->title = arena_strdup(&b->arena, title);
	h->level = level < 1 ? 1 : level;
	h->page = t->page;
	h->line = line;
	h->expert = t->expert;
	p->nheadings++;
	return t->heading = b->nheadings++;
}

uint32_t
tbb_block(struct tb_builder *t, enum tb_kind kind, const char *text, uint32_t line)
{
	struct tb_page *p = cur_page(t);
	struct tb_book *b = t->b;
	if (kind == TB_EXPERT && !t->expert) {
		t->expert = true;
		b->nexpert++;
	}
	b->blocks = grow(b, b->blocks, 2, b->nblocks + 1, sizeof *b->blocks);
	struct tb_block *k = &b->blocks[b->nblocks];
	k->kind = kind;
	k->text = arena_strdup(&b->arena, text);
	k->heading = t->heading;
	k->example = TB_NONE;
	k->expert = t->expert;
	k->line = line;
	if (kind == TB_TABLE)
		b->ntables++;
	if (kind == TB_NOTE)
		b->nnotes++;
	p->nblocks++;
	return b->nblocks++;
}

uint32_t
tbb_example(struct tb_builder *t, const char *text, uint32_t line)
{
	uint32_t k = tbb_block(t, TB_EXAMPLE, text, line);
	struct tb_book *b = t->b;
	b->examples = grow(b, b->examples, 3, b->nexamples + 1, sizeof *b->examples);
	struct tb_example *e = &b->examples[b->nexamples];
	memset(e, 0, sizeof *e);
	e->text = b->blocks[k].text;
	e->page = t->page;
	e->heading = t->heading;
	e->line = line;
	e->expert = t->expert;
	b->blocks[k].example = b->nexamples;
	b->pages[t->page].nexamples++;
	return b->nexamples++;
}

static bool
is_upper_start(const unsigned char *s)
{
	if (*s >= 'A' && *s <= 'Z')
		return true;
	/* Latin-1 capitals (Æther, Öl): lead byte C3, second byte 80..9E */
	return s[0] == 0xC3 && s[1] >= 0x80 && s[1] <= 0x9E;
}

bool
tb_title_case(const char *s, size_t n)
{
	static const char *const small[] = { "of", "the", "and", "a", "an", "to", "from", "with",
		"in", "on", "at", "for", "by", "into", "but", "or", "as", "who", "is", NULL };
	int words = 0;
	size_t i = 0;
	while (i < n) {
		while (i < n && s[i] == ' ')
			i++;
		size_t w = i;
		while (i < n && s[i] != ' ')
			i++;
		if (i == w)
			break;
		words++;
		bool sm = false;
		for (int k = 0; small[k] && !sm; k++)
			sm = strlen(small[k]) == i - w && strncmp(s + w, small[k], i - w) == 0;
		unsigned char c = (unsigned char)s[w];
		if ((words == 1 || !sm) && !(isupper(c) || isdigit(c) || c == 0xC3 || c == '"'))
			return false;
	}
	return words >= 1 && words <= 6;
}

/* Bold text that is a term, a symbol or the book's own vocabulary rather than a card. */
static bool
not_a_card(const char *folded)
{
	static const char *const stop[] = {
		"magic", "magic: the gathering", "magic cards", "judge candidate textbook", "expert",
		"hic sunt dracones", "example", "note", "abilities", "effects",
		"effects with special rules", "layers", "cost", "effect", "activation restriction",
		"noções básicas do jogo", "estrutura do jogo", "habilidades e efeitos",
		"o jogo em câmera lenta", "[cost]:[effect.]",
		/* formats, products and people the book names in bold */
		"commander", "commanders", "french commander", "duel commander", "planechase",
		"planes", "archenemy", "pods", "lorwyn", "sixth edition", "urza's saga",
		"stephen d'angelo", "mana source", "nothing", "emblems", "standard", "modern",
		"legacy", "vintage", "pauper", "limited", "sealed deck", "booster draft", NULL,
	};
	for (int i = 0; stop[i]; i++)
		if (strcmp(folded, stop[i]) == 0)
			return true;
	/* "Magic 2010", "Magic Online", "Magic Tournament Rules" */
	return strncmp(folded, "magic ", 6) == 0;
}

void
tbb_card(struct tb_builder *t, const char *name, size_t n, uint32_t ex)
{
	static const char trim[] = " ,.:;!?\"()[]'";
	while (n && strchr(trim, name[0]) && name[0])
		name++, n--;
	while (n && strchr(trim, name[n - 1]) && name[n - 1]) {
		/* keep a possessive apostrophe's letter out: "Shackles'" */
		n--;
	}
	if (n >= 2 && name[n - 2] == '\'' && name[n - 1] == 's')
		n -= 2;
	else if (n >= 4 && memcmp(name + n - 4, "\u2019s", 4) == 0)
		n -= 4;
	while (n && strchr(trim, name[n - 1]))
		n--;
	if (n < 2 || n > 60 || !is_upper_start((const unsigned char *)name))
		return;
	int words = 1, letters = 0;
	for (size_t i = 0; i < n; i++) {
		if (name[i] == ' ')
			words++;
		if (isalpha((unsigned char)name[i]))
			letters++;
		if (name[i] == '\n' || name[i] == '\t')
			return;
	}
	if (words > 7 || letters < 2)
		return;
	/* shouted words ("NOT", "DEBT") are emphasis or acronyms */
	bool lower = false;
	for (size_t i = 0; i < n; i++)
		lower |= islower((unsigned char)name[i]) != 0;
	if (!lower)
		return;
	/* outside examples bold marks terms too ("State-based actions"): names only */
	if (ex == TB_NONE && !tb_title_case(name, n))
		return;
	/* a type line ("Legendary Creature – Drake") or a template ("[Cost]: [Effect]") */
	for (size_t i = 0; i + 1 < n; i++)
		if (name[i] == '[' || name[i] == ']' || (name[i] == ' ' && (name[i + 1] == '-'
		    || (i + 3 < n && memcmp(name + i + 1, "\u2013", 3) == 0))))
			return;
	struct sbuf f = {0};
	tb_fold(name, n, &f);
	bool skip = not_a_card(f.s);
	sbuf_free(&f);
	if (skip || t->page == TB_NONE)
		return;
	t->mentions = xgrow(t->mentions, &t->mcap, t->nmentions + 1, sizeof *t->mentions);
	struct tb_mention *m = &t->mentions[t->nmentions++];
	m->name = xstrndup(name, n);
	m->page = t->page;
	m->example = ex;
}

struct keyed { char *key; size_t seq; };

static int
cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	int c = strcmp(x->key, y->key);
	if (c)
		return c;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void
add_u32(struct arena *a, uint32_t **v, uint32_t *n, uint32_t x)
{
	/* mentions arrive in book order, so a repeat is always the last element */
	if (*n && (*v)[*n - 1] == x)
		return;
	/* the capacity is 4, then the next power of two: a full list is copied into one twice
	 * its size, so n appends cost O(n) time and arena memory (copying on every append
	 * took 786 MB for a 689 KB page) */
	if (*n == 0 || (*n >= 4 && (*n & (*n - 1)) == 0)) {
		size_t cap = *n ? 2 * (size_t)*n : 4;
		uint32_t *nv = arena_alloc(a, cap * sizeof *nv);
		if (*n)
			memcpy(nv, *v, *n * sizeof *nv);
		*v = nv;
	}
	(*v)[(*n)++] = x;
}

static void
build_cards(struct tb_builder *t)
{
	struct tb_book *b = t->b;
	size_t n = t->nmentions;
	struct keyed *k = xcalloc(n ? n : 1, sizeof *k);
	for (size_t i = 0; i < n; i++) {
		struct sbuf f = {0};
		tb_fold(t->mentions[i].name, strlen(t->mentions[i].name), &f);
		k[i].key = sbuf_take(&f);
		k[i].seq = i;
	}
	xqsort(k, n, sizeof *k, cmp_keyed);
	/* "Lightning Bolts" is the card Lightning Bolt when that name is also written */
	bool merged = false;
	char **repl = xcalloc(n ? n : 1, sizeof *repl);
	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(k[i].key);
		if (l < 4 || k[i].key[l - 1] != 's')
			continue;
		char *one = xstrndup(k[i].key, l - 1);
		size_t lo = 0, hi = n;
		while (lo < hi) {
			size_t m = (lo + hi) / 2;
			if (strcmp(k[m].key, one) < 0)
				lo = m + 1;
			else
				hi = m;
		}
		if (lo < n && lo != i && strcmp(k[lo].key, one) == 0) {
			repl[i] = one;
			merged = true;
		} else
			free(one);
	}
	for (size_t i = 0; i < n; i++)
		if (repl[i]) {
			free(k[i].key);
			k[i].key = repl[i];
		}
	free(repl);
	if (merged)
		xqsort(k, n, sizeof *k, cmp_keyed);
	b->cards = xcalloc(n ? n : 1, sizeof *b->cards);
	b->ncards = 0;
	/* examples' card lists: count first */
	for (size_t i = 0; i < n; i++) {
		struct tb_mention *m = &t->mentions[k[i].seq];
		if (i == 0 || strcmp(k[i].key, k[i - 1].key) != 0) {
			struct tb_card *c = &b->cards[b->ncards++];
			size_t nl = strlen(m->name), kl = strlen(k[i].key);
			/* named by its singular when a plural came first */
			bool plural = nl > 1 && m->name[nl - 1] == 's' && k[i].key[kl - 1] != 's';
			c->name = arena_strndup(&b->arena, m->name, plural ? nl - 1 : nl);
		}
		uint32_t ci = b->ncards - 1;
		struct tb_card *c = &b->cards[ci];
		add_u32(&b->arena, &c->pages, &c->npages, m->page);
		if (m->example != TB_NONE) {
			add_u32(&b->arena, &c->examples, &c->nexamples, m->example);
			/* cards come in index order, so an example's repeat of this card is its last
			 * (add_u32 skips it); no scan of all its cards for each mention */
			struct tb_example *e = &b->examples[m->example];
			add_u32(&b->arena, &e->cards, &e->ncards, ci);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(k[i].key);
	free(k);
}

static bool
has_word(const char *folded, const char *w)
{
	size_t l = strlen(w);
	for (const char *p = strstr(folded, w); p; p = strstr(p + 1, w)) {
		bool left = p == folded || !isalnum((unsigned char)p[-1]);
		bool right = !isalnum((unsigned char)p[l]);
		if (left && right)
			return true;
	}
	return false;
}

static bool
is_policy(const char *title)
{
	static const char *const words[] = { "tournament", "tournaments", "infraction", "infractions",
		"judging", "rel", "penalty", "penalties", "cheating", "policy", NULL };
	struct sbuf f = {0};
	tb_fold(title, strlen(title), &f);
	bool yes = false;
	for (int i = 0; words[i] && !yes; i++)
		yes = has_word(f.s, words[i]);
	sbuf_free(&f);
	return yes;
}

/* Portuguese or English, by their commonest short words. */
static const char *
guess_lang(struct tb_book *b, const struct tb_page *p)
{
	static const char *const pt[] = { "de", "que", "um", "uma", "para", "com", "os", "as",
		"em", "se", "voce", "nao", "do", "da", "no", "na", "por", "mais", NULL };
	static const char *const en[] = { "the", "of", "and", "to", "is", "you", "it", "that",
		"in", "for", "with", "can", NULL };
	int npt = 0, nen = 0, seen = 0;
	/* a few hundred words settle it; counting a whole long page costs milliseconds */
	for (uint32_t i = 0; i < p->nblocks && seen < 400; i++) {
		struct sbuf f = {0};
		const char *s = b->blocks[p->block0 + i].text;
		tb_fold(s, strlen(s), &f);
		for (char *w = strtok(f.s, " ,.;:!?()\"\n\t"); w; w = strtok(NULL, " ,.;:!?()\"\n\t")) {
			seen++;
			if (strlen(w) > 4)   /* every word counted has at most four letters */
				continue;
			for (int k = 0; pt[k]; k++)
				npt += strcmp(w, pt[k]) == 0;
			for (int k = 0; en[k]; k++)
				nen += strcmp(w, en[k]) == 0;
		}
		sbuf_free(&f);
	}
	return npt > nen ? "pt" : "en";
}

struct tb_book *
tbb_finish(struct tb_builder *t)
{
	struct tb_book *b = t->b;
	for (uint32_t i = 0; i < b->npages; i++) {
		struct tb_page *p = &b->pages[i];
		p->lang = guess_lang(b, p);
		p->policy = is_policy(p->section) || is_policy(p->chapter) || is_policy(p->title);
		for (uint32_t h = 0; h < p->nheadings; h++) {
			struct tb_heading *hd = &b->headings[p->heading0 + h];
			hd->policy = p->policy || is_policy(hd->title);
		}
	}
	/* sections and chapters, counted by their titles as they change */
	for (uint32_t i = 0; i < b->npages; i++) {
		if (i == 0 || strcmp(b->pages[i].section, b->pages[i - 1].section) != 0)
			b->nsections++;
		if (i == 0 || strcmp(b->pages[i].chapter, b->pages[i - 1].chapter) != 0
		    || strcmp(b->pages[i].section, b->pages[i - 1].section) != 0)
			b->nchapters++;
	}
	build_cards(t);
	for (size_t i = 0; i < t->nmentions; i++)
		free(t->mentions[i].name);
	free(t->mentions);
	t->mentions = NULL;
	return b;
}

void
tb_free(struct tb_book *b)
{
	if (!b)
		return;
	free(b->pages);
	free(b->headings);
	free(b->blocks);
	free(b->examples);
	free(b->cards);
	if (b->stemmer)
		sb_stemmer_delete(b->stemmer);
	tb_words_cache_free(b);
	arena_free(&b->arena);
	free(b);
}

size_t
tb_cards_find(const struct tb_book *b, const char *query, const struct tb_card **out,
    size_t max)
{
	struct sbuf q = {0};
	tb_fold(query, strlen(query), &q);
	size_t n = 0;
	/* names starting with the query first; word-prefix matches only when none does */
	for (int pass = 0; pass < 2 && n == 0; pass++) {
		for (uint32_t i = 0; i < b->ncards && n < max; i++) {
			struct sbuf f = {0};
			tb_fold(b->cards[i].name, strlen(b->cards[i].name), &f);
			bool hit;
			if (pass == 0)
				hit = strncmp(f.s, q.s, q.len) == 0;
			else {
				hit = false;
				for (const char *p = strstr(f.s, q.s); p && !hit; p = strstr(p + 1, q.s))
					hit = p > f.s && (p[-1] == ' ' || p[-1] == '-');
			}
			if (hit)
				out[n++] = &b->cards[i];
			sbuf_free(&f);
		}
	}
	sbuf_free(&q);
	return n;
}

void
tb_section_blocks(const struct tb_book *b, uint32_t p, uint32_t h, uint32_t *first,
    uint32_t *count)
{
	const struct tb_page *pg = &b->pages[p];
	*first = pg->block0;
	*count = pg->nblocks;
	if (h == TB_NONE || h < pg->heading0 || h >= pg->heading0 + pg->nheadings)
		return;
	/* from the heading to the next heading at its level or above */
	uint32_t end_h = pg->heading0 + pg->nheadings;
	for (uint32_t k = h + 1; k < pg->heading0 + pg->nheadings; k++)
		if (b->headings[k].level <= b->headings[h].level) {
			end_h = k;
			break;
		}
	uint32_t s = pg->block0 + pg->nblocks, e = s;
	for (uint32_t k = pg->block0; k < pg->block0 + pg->nblocks; k++) {
		uint32_t bh = b->blocks[k].heading;
		if (bh != TB_NONE && bh >= h && bh < end_h) {
			if (s == pg->block0 + pg->nblocks)
				s = k;
			e = k + 1;
		}
	}
	*first = s;
	*count = e - s;
}

static bool
title_starts(const char *title, const struct sbuf *q)
{
	struct sbuf f = {0};
	tb_fold(title, strlen(title), &f);
	bool yes = strncmp(f.s, q->s, q->len) == 0;
	sbuf_free(&f);
	return yes;
}

static bool
have_title(const char **out, size_t n, const char *t)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(out[i], t) == 0)
			return true;
	return false;
}

size_t
tb_titles_find(const struct tb_book *b, const char *prefix, const char **out, size_t max)
{
	struct sbuf q = {0};
	tb_fold(prefix, strlen(prefix), &q);
	size_t n = 0;
	for (uint32_t p = 0; p < b->npages && n < max; p++) {
		const struct tb_page *pg = &b->pages[p];
		if (title_starts(pg->title, &q) && !have_title(out, n, pg->title))
			out[n++] = pg->title;
		for (uint32_t h = pg->heading0; h < pg->heading0 + pg->nheadings && n < max; h++)
			if (title_starts(b->headings[h].title, &q) && !have_title(out, n, b->headings[h].title))
				out[n++] = b->headings[h].title;
	}
	sbuf_free(&q);
	return n;
}

bool
tbb_is_example_label(const char *s)
{
	if (strncasecmp(s, "example", 7) != 0)
		return false;
	s += 7;
	if (*s == 's')
		s++;
	return *s == '.' || *s == ':';
}

bool
tbb_is_banner(const char *s)
{
	return strncasecmp(s, "hic sunt dracones", 17) == 0;
}
