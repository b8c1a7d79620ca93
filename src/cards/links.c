/* links.c — the rules a card touches, found in a release by the rules' own titles (never by
 * numbers written here): its keywords (702) and the keyword actions its text performs (701),
 * the counters, tokens and emblems it speaks of (the 1xx rules titled with their plural), its
 * card types (the 3xx rules titled with their plural), its layout ("Split Cards",
 * "Double-Faced Cards"), and the rule numbers its rulings cite. A release's titles are folded
 * once into a linker, kept for the next card of the same release (an import links 35,000). */
#include "cards.h"
#include "../base/mem.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
fold(const char *s, char *out, size_t cap)
{
	cards_name_key(s, out, cap);
}

/* A verb form of a keyword action: "exiles", "countered", "tapping". */
struct form {
	char *words;              /* folded, space-separated */
	uint32_t rule;
	bool inflected;           /* a participle or -ing form: always the verb */
};

struct titled {
	char *key;                /* folded title */
	uint32_t rule;
	uint32_t len;             /* of key */
};

struct linker {
	const struct jrelease *rel;
	uint64_t src_hash;
	struct titled *kw;        /* 702 */
	size_t nkw;
	struct titled *act;       /* 701, titles as they are (keyword lists name actions too) */
	size_t nact;
	struct form *forms;       /* 701's verb forms, sorted */
	size_t nforms;
	struct titled *nouns;     /* 1xx: "counters", "tokens", "emblems", "stickers" */
	size_t nnouns;
	struct titled *chapters;  /* 3xx, 7xx and 9xx chapter titles: types, layouts, variants */
	size_t nchapters;
	struct titled *signals;   /* words the rules say make an effect what it is: "instead" */
	size_t nsignals;
};

static void
linker_free(struct linker *l)
{
	if (!l)
		return;
	struct titled *lists[] = {l->kw, l->act, l->nouns, l->chapters, l->signals};
	size_t counts[] = {l->nkw, l->nact, l->nnouns, l->nchapters, l->nsignals};
	for (size_t i = 0; i < 5; i++) {
		for (size_t j = 0; j < counts[i]; j++)
			free(lists[i][j].key);
		free(lists[i]);
	}
	for (size_t i = 0; i < l->nforms; i++)
		free(l->forms[i].words);
	free(l->forms);
	free(l);
}

static void
add_titled(struct titled **v, size_t *n, size_t *cap, const char *key, uint32_t rule)
{
	*v = xgrow(*v, cap, *n + 1, sizeof **v);
	(*v)[*n].key = xstrdup(key);
	(*v)[*n].rule = rule;
	(*v)[*n].len = (uint32_t)strlen(key);
	(*n)++;
}

static bool
is_vowel(char c)
{
	return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
}

static void
add_form(struct linker *l, size_t *cap, const char *first, const char *rest, uint32_t rule, bool inflected)
{
	l->forms = xgrow(l->forms, cap, l->nforms + 1, sizeof *l->forms);
	struct sbuf b = {0};
	sbuf_addf(&b, "%s%s%s", first, *rest ? " " : "", rest);
	l->forms[l->nforms].words = sbuf_take(&b);
	l->forms[l->nforms].rule = rule;
	l->forms[l->nforms].inflected = inflected;
	l->nforms++;
}

/* The forms of a verb: exile exiles exiled exiling, tap taps tapped tapping, scry scries
 * scried, double doubles doubled doubling. Irregular pasts (fought) are not made up. */
static void
add_verb(struct linker *l, size_t *cap, const char *title, uint32_t rule)
{
	char first[64], w[80];
	const char *sp = strchr(title, ' ');
	size_t n = sp ? (size_t)(sp - title) : strlen(title);
	if (n == 0 || n >= sizeof first - 4)
		return;
	memcpy(first, title, n);
	first[n] = '\0';
	const char *rest = sp ? sp + 1 : "";
	char last = first[n - 1], before = n > 1 ? first[n - 2] : 0;
	add_form(l, cap, first, rest, rule, false);
	if (last == 'y' && !is_vowel(before)) {
		snprintf(w, sizeof w, "%.*sies", (int)n - 1, first);
		add_form(l, cap, w, rest, rule, false);
		snprintf(w, sizeof w, "%.*sied", (int)n - 1, first);
		add_form(l, cap, w, rest, rule, true);
	} else {
		bool sib = last == 's' || last == 'x' || last == 'z' || (last == 'h' && (before == 'c' || before == 's'));
		snprintf(w, sizeof w, "%s%s", first, sib ? "es" : "s");
		add_form(l, cap, w, rest, rule, false);
		/* a short word ending consonant-vowel-consonant doubles it: tapped, planned */
		bool dbl = n >= 3 && n <= 5 && !is_vowel(last) && last != 'w' && last != 'x' && last != 'y' &&
		    is_vowel(before) && !is_vowel(first[n - 3]);
		if (last == 'e') {
			snprintf(w, sizeof w, "%sd", first);
			add_form(l, cap, w, rest, rule, true);
			snprintf(w, sizeof w, "%.*sing", (int)n - 1, first);
			add_form(l, cap, w, rest, rule, true);
		} else {
			char twice[2] = {dbl ? last : '\0', '\0'};
			snprintf(w, sizeof w, "%s%sed", first, twice);
			add_form(l, cap, w, rest, rule, true);
			snprintf(w, sizeof w, "%s%sing", first, twice);
			add_form(l, cap, w, rest, rule, true);
		}
	}
}

static int
form_cmp(const void *a, const void *b)
{
	const struct form *x = a, *y = b;
	return strcmp(x->words, y->words);
}

/* The chapter-1 nouns a card names that are worth a link; the others (players, cards,
 * spells, abilities...) are in nearly every card's text. */
static const char *const noun_titles[] = {"counters", "tokens", "emblems", "stickers", NULL};

static uint32_t
find_titled(const struct titled *v, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].key[0] == key[0] && strcmp(v[i].key, key) == 0)
			return v[i].rule;
	return JNONE;
}

/* "Effects that use the word “instead” are replacement effects" (614.1a): the rules that
 * say a word makes an effect what it is, read from the release's own text. */
static void
find_signals(struct linker *l, const struct jrule *r, uint32_t i, size_t *cap)
{
	static const char *const lead[] = {"hat use the word ", "hat use the words ", NULL};
	for (const char *const *ld = lead; r->text && *ld; ld++) {
		for (const char *p = strstr(r->text, *ld); p; p = strstr(p + 1, *ld)) {
			const char *q = p + strlen(*ld);
			size_t open = strncmp(q, "\xe2\x80\x9c", 3) == 0 ? 3 : *q == '"' ? 1 : 0;
			if (!open)
				continue;
			q += open;
			size_t n = 0;
			while (q[n] && q[n] != '"' && strncmp(q + n, "\xe2\x80\x9d", 3) != 0 && q[n] != ',' && n < 40)
				n++;
			char w[48], key[64];
			memcpy(w, q, n);
			w[n] = '\0';
			fold(w, key, sizeof key);
			if (*key && !strchr(key, ' ') && find_titled(l->signals, l->nsignals, key) == JNONE)
				add_titled(&l->signals, &l->nsignals, cap, key, i);
		}
	}
}

static struct linker *
linker_new(const struct jrelease *rel)
{
	struct linker *l = xcalloc(1, sizeof *l);
	l->rel = rel;
	l->src_hash = rel->src_hash;
	size_t ckw = 0, cact = 0, cforms = 0, cnouns = 0, cch = 0, csig = 0;
	char key[256];
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const struct jrule *r = &rel->rules[i];
		find_signals(l, r, i, &csig);
		if (!r->title)
			continue;
		unsigned ch = JRID_CHAP(r->id);
		enum jrid_level lv = jrid_level(r->id);
		if (lv == JL_RULE && (ch == 701 || ch == 702)) {
			fold(r->title, key, sizeof key);
			if (ch == 702) {
				add_titled(&l->kw, &l->nkw, &ckw, key, i);
				continue;
			}
			add_titled(&l->act, &l->nact, &cact, key, i);
			/* "Tap and Untap": two verbs */
			char *and = strstr(key, " and ");
			if (and && !memchr(key, ' ', (size_t)(and - key)) && !strchr(and + 5, ' ')) {
				*and = '\0';
				add_verb(l, &cforms, key, i);
				add_verb(l, &cforms, and + 5, i);
			} else {
				add_verb(l, &cforms, key, i);
			}
		} else if (lv == JL_CHAPTER && ch >= 100 && ch <= 199) {
			fold(r->title, key, sizeof key);
			for (const char *const *t = noun_titles; *t; t++)
				if (strcmp(key, *t) == 0)
					add_titled(&l->nouns, &l->nnouns, &cnouns, key, i);
		} else if (lv == JL_CHAPTER && ((ch >= 300 && ch <= 399) || (ch >= 700 && ch <= 799) || (ch >= 900 && ch <= 999))) {
			fold(r->title, key, sizeof key);
			add_titled(&l->chapters, &l->nchapters, &cch, key, i);
		}
	}
	if (l->nforms > 1)
		xqsort(l->forms, l->nforms, sizeof *l->forms, form_cmp);
	return l;
}

/* One linker, for the release last asked about: a session asks about one release at a time,
 * an import links every card against one. */
static struct linker *cached;

static const struct linker *
linker_for(const struct jrelease *rel)
{
	if (cached && (cached->rel != rel || cached->src_hash != rel->src_hash)) {
		linker_free(cached);
		cached = NULL;
	}
	if (!cached)
		cached = linker_new(rel);
	return cached;
}

static void
add(struct card_link *v, size_t *n, size_t max, const struct jrelease *rel, uint32_t rule, const char *why,
    enum card_link_kind kind)
{
	for (size_t i = 0; i < *n; i++)
		if (v[i].rule == rule)
			return;
	if (*n >= max)
		return;
	struct card_link *k = &v[(*n)++];
	memset(k, 0, sizeof *k);
	k->rule = rule;
	k->kind = kind;
	snprintf(k->num, sizeof k->num, "%s", rel->rules[rule].num);
	/* a subrule has no title of its own: its rule's */
	uint32_t t = rule;
	while (t != JNONE && !rel->rules[t].title)
		t = rel->rules[t].parent;
	snprintf(k->title, sizeof k->title, "%s", t != JNONE ? rel->rules[t].title : "");
	snprintf(k->why, sizeof k->why, "%s", why);
}

/* Keywords at the start of a line of Oracle text, or in a "Flying, vigilance" list there:
 * each line up to reminder text, a colon, a cost or a dash, cut at its commas and folded. */
static void
line_keywords(const struct linker *l, const char *text, struct card_link *out, size_t *n, size_t max)
{
	char line[512], key[512];
	for (const char *p = text; p && *p;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		size_t k = 0;
		while (k < len && p[k] != '(' && p[k] != ':' && p[k] != '{' && (unsigned char)p[k] != 0xe2)
			k++;
		if (k >= sizeof line)
			k = sizeof line - 1;
		memcpy(line, p, k);
		line[k] = '\0';
		char *save = NULL;
		for (char *s = strtok_r(line, ",", &save); s; s = strtok_r(NULL, ",", &save)) {
			fold(s, key, sizeof key);
			for (size_t i = 0; i < l->nkw; i++) {
				size_t kl = l->kw[i].len;
				if (key[0] == l->kw[i].key[0] && strncmp(key, l->kw[i].key, kl) == 0 && (key[kl] == '\0' || key[kl] == ' '))
					add(out, n, max, l->rel, l->kw[i].rule, l->rel->rules[l->kw[i].rule].title, CL_KEYWORD);
			}
		}
		p = e ? e + 1 : NULL;
	}
}

/* ---- the words of a text, for keyword actions ---- */

#define MAXW 400
struct tword {
	char w[40];
	bool boundary;            /* a clause starts here: text start, . : ; , ! ? newline, dash, bullet */
};

/* Lower-case words of a text, reminder text (in parentheses) and mana symbols left out;
 * apostrophes dropped as the name keys drop them ("can't" -> "cant"). */
static size_t
text_words(const char *s, struct tword *v, size_t max)
{
	size_t n = 0;
	bool boundary = true;
	int paren = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p && n < max;) {
		if (*p == '(') {
			paren++;
			p++;
			continue;
		}
		if (*p == ')') {
			if (paren)
				paren--;
			boundary = true;
			p++;
			continue;
		}
		if (*p == '{') {
			while (*p && *p != '}')
				p++;
			continue;
		}
		if (isalnum(*p) || *p == '+' || *p == '/' || ((*p == '-') && isdigit(p[1]))) {
			size_t k = 0;
			char w[40];
			while (*p && (isalnum(*p) || *p == '+' || *p == '/' || *p == '-' || *p == '\'')) {
				if (*p != '\'' && k + 1 < sizeof w)
					w[k++] = (char)tolower(*p);
				p++;
			}
			w[k] = '\0';
			if (paren == 0 && k) {
				memcpy(v[n].w, w, k + 1);
				v[n].boundary = boundary;
				n++;
			}
			boundary = false;
			continue;
		}
		if (strchr(".:;,!?\n\"", *p) || (*p == 0xe2 && p[1] == 0x80 && (p[2] == 0x94 || p[2] == 0xa2)))
			boundary = true;
		p++;
	}
	return n;
}

static bool
in_list(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(w, *list) == 0)
			return true;
	return false;
}

/* Words after which the next word is a verb: a subject or an auxiliary. */
static const char *const verb_intro[] = {
	"then", "and", "or", "may", "to", "cant", "cannot", "can", "must", "you", "player", "players",
	"opponent", "opponents", "controller", "owner", "it", "they", "who", "dont", "doesnt",
	"didnt", "would", "could", "also", "not", "be", "been", "is", "was", "are", "instead", NULL,
};
/* Words that start a noun phrase: "a lore counter", "three +1/+1 counters". */
static const char *const determiners[] = {
	"a", "an", "the", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
	"ten", "x", "that", "those", "these", "each", "any", "all", "no", "another", "additional",
	"more", "its", "their", "his", "her", "your", "of", "with", "many", "number", "same", NULL,
};

static bool
noun_marker(const char *w)
{
	if (in_list(w, determiners))
		return true;
	for (const char *p = w; *p; p++)
		if (isdigit((unsigned char)*p) || *p == '/')
			return true;
	return false;
}

/* Is the form at word i used as the verb? */
static bool
as_verb(const struct tword *v, size_t i, bool inflected, bool s_form)
{
	if (inflected)
		return true;
	if (v[i].boundary || (i > 0 && in_list(v[i - 1].w, verb_intro)))
		return true;
	for (size_t k = i; k > 0 && k + 3 > i; k--) {
		if (noun_marker(v[k - 1].w))
			return false;
		if (v[k - 1].boundary)
			break;
	}
	return s_form;   /* "target creature you control fights ..." */
}

/* How many words of v from i spell the folded words ws ("venture into the dungeon")? */
static size_t
spells(const struct tword *v, size_t n, size_t i, const char *ws)
{
	size_t k = 0;
	for (const char *p = ws; *p; k++) {
		const char *e = strchr(p, ' ');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		if (i + k >= n || strlen(v[i + k].w) != l || memcmp(v[i + k].w, p, l) != 0)
			return 0;
		if (k > 0 && v[i + k].boundary)
			return 0;
		p = e ? e + 1 : p + l;
	}
	return k;
}

static void
text_links(const struct linker *l, const char *text, struct card_link *out, size_t *n, size_t max)
{
	struct tword *v = xmalloc(MAXW * sizeof *v);
	size_t nw = text_words(text, v, MAXW);
	const struct jrelease *rel = l->rel;
	for (size_t i = 0; i < nw; i++) {
		bool acted = false;
		/* the forms whose first word is this word: a binary search to the first */
		size_t lo = 0, hi = l->nforms, wl = strlen(v[i].w);
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (strncmp(l->forms[mid].words, v[i].w, wl) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		size_t best = 0;
		const struct form *bf = NULL;
		for (size_t k = lo; k < l->nforms && strncmp(l->forms[k].words, v[i].w, wl) == 0; k++) {
			size_t s = spells(v, nw, i, l->forms[k].words);
			if (s > best) {
				best = s;
				bf = &l->forms[k];
			}
		}
		/* a keyword that starts here and is longer wins: "double strike" is not Double */
		size_t kwlen = 0;
		for (size_t k = 0; bf && k < l->nkw; k++) {
			if (l->kw[k].key[0] != v[i].w[0])
				continue;
			size_t s = spells(v, nw, i, l->kw[k].key);
			if (s > kwlen)
				kwlen = s;
		}
		if (bf && best > kwlen) {
			const char *first = bf->words;
			size_t fl = strcspn(first, " ");
			bool s_form = fl > 1 && first[fl - 1] == 's';
			if (as_verb(v, i, bf->inflected, s_form)) {
				add(out, n, max, rel, bf->rule, rel->rules[bf->rule].title, CL_ACTION);
				acted = true;
			}
		}
		if (acted)
			continue;
		uint32_t sg = find_titled(l->signals, l->nsignals, v[i].w);
		if (sg != JNONE) {
			char why[64];
			snprintf(why, sizeof why, "\u201c%s\u201d", v[i].w);
			add(out, n, max, rel, sg, why, CL_SIGNAL);
			continue;
		}
		/* a noun the rules title in the plural: counters (122), tokens, emblems */
		char pl[48];
		memcpy(pl, v[i].w, wl);
		pl[wl] = 's';
		pl[wl + (wl && v[i].w[wl - 1] == 's' ? 0 : 1)] = '\0';
		uint32_t r = find_titled(l->nouns, l->nnouns, pl);
		if (r != JNONE)
			add(out, n, max, rel, r, rel->rules[r].title, CL_TERM);
	}
	free(v);
}

static const struct {
	const char *layout, *title;
} layout_titles[] = {
	{"split", "split cards"}, {"aftermath", "split cards"}, {"flip", "flip cards"},
	{"transform", "double faced cards"}, {"modal_dfc", "double faced cards"},
	{"meld", "meld cards"}, {"meld", "double faced cards"}, {"adventure", "adventurer cards"},
	{"saga", "saga cards"}, {"class", "class cards"}, {"leveler", "leveler cards"},
	{"prototype", "prototype cards"}, {"case", "case cards"}, {"mutate", "mutate"},
	{"double_faced_token", "double faced cards"}, {"omen", "omen cards"}, {"station", "station cards"},
	/* the casual variants' cards: their game's rules */
	{"planar", "planechase"}, {"vanguard", "vanguard"}, {"scheme", "archenemy"},
};

size_t
cards_links(const struct card *k, const struct jrelease *rel, struct card_link *v, size_t max)
{
	size_t n = 0;
	if (!rel)
		return 0;
	const struct linker *l = linker_for(rel);
	char key[256];
	/* keywords the file lists */
	for (size_t i = 0; i < k->nkeywords; i++) {
		fold(k->keywords[i], key, sizeof key);
		uint32_t r = find_titled(l->kw, l->nkw, key);
		if (r == JNONE)
			r = find_titled(l->act, l->nact, key);
		if (r != JNONE)
			add(v, &n, max, rel, r, k->keywords[i], CL_KEYWORD);
	}
	/* keywords written at the start of a line, keyword actions the text performs, the
	 * counters and tokens it speaks of */
	for (size_t f = 0; f < k->nfaces; f++) {
		const char *text = k->faces[f].text;
		if (!text || !*text)
			continue;
		line_keywords(l, text, v, &n, max);
		text_links(l, text, v, &n, max);
	}
	/* layout */
	for (size_t i = 0; i < sizeof layout_titles / sizeof *layout_titles; i++) {
		if (!k->layout || strcmp(k->layout, layout_titles[i].layout) != 0)
			continue;
		uint32_t r = find_titled(l->chapters, l->nchapters, layout_titles[i].title);
		if (r != JNONE && JRID_CHAP(rel->rules[r].id) >= 700) {
			size_t before = n;
			add(v, &n, max, rel, r, rel->rules[r].title, CL_LAYOUT);
			if (n > before)
				break;
		}
	}
	/* card types: "Creature" -> the rule titled "Creatures" */
	for (size_t f = 0; f < k->nfaces; f++) {
		const char *t = k->faces[f].type;
		if (!t)
			continue;
		char line[256];
		snprintf(line, sizeof line, "%s", t);
		char *dash = strstr(line, "\xe2\x80\x94");   /* subtypes follow the em dash */
		if (dash)
			*dash = '\0';
		char *save = NULL;
		for (char *w = strtok_r(line, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			char pl[sizeof key + 2];
			fold(w, key, sizeof key);
			snprintf(pl, sizeof pl, "%ss", key);
			uint32_t r = find_titled(l->chapters, l->nchapters, pl);
			if (r != JNONE && JRID_CHAP(rel->rules[r].id) < 400)
				add(v, &n, max, rel, r, rel->rules[r].title, CL_TYPE);
		}
	}
	return n;
}

void
cards_each_number(const char *text, bool (*fn)(jrid id, void *ud), void *ud)
{
	for (const char *p = text; p && *p; p++) {
		if (!isdigit((unsigned char)*p) || (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '.')))
			continue;
		const char *end;
		jrid id = jrid_parse(p, &end);
		if (id == JRID_NONE || jrid_level(id) < JL_RULE) {
			while (isdigit((unsigned char)p[1]))
				p++;
			continue;
		}
		if (!fn(id, ud))
			return;
		p = end - 1;
	}
}

struct cited {
	const struct jrelease *rel;
	uint32_t *out;
	size_t n, max;
};

static bool
cited_add(jrid id, void *ud)
{
	struct cited *c = ud;
	uint32_t r = jrel_find(c->rel, id);
	if (r != JNONE) {
		bool dup = false;
		for (size_t i = 0; i < c->n && !dup; i++)
			dup = c->out[i] == r;
		if (!dup)
			c->out[c->n++] = r;
	}
	return c->n < c->max;
}

size_t
cards_cited(const char *text, const struct jrelease *rel, uint32_t *out, size_t max)
{
	struct cited c = { rel, out, 0, max };
	if (!rel || !text || max == 0)
		return 0;
	cards_each_number(text, cited_add, &c);
	return c.n;
}
