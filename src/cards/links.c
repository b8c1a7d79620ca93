/* links.c — the rules a card touches, found in the loaded release by the rules' own titles
 * (never by numbers written here): its keywords and keyword actions (702, 701), its card
 * types (the 3xx rules titled with their plural), its layout ("Split Cards", "Double-Faced
 * Cards"), and the rule numbers its rulings cite. */
#include "cards.h"
#include "../base/mem.h"

#include <stdlib.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static void
fold(const char *s, char *out, size_t cap)
{
	cards_name_key(s, out, cap);
}

static bool
add(struct card_link *v, size_t *n, size_t max, uint32_t rule, const char *why, enum card_link_kind kind)
{
	for (size_t i = 0; i < *n; i++)
		if (v[i].rule == rule)
			return false;
	if (*n >= max)
		return false;
	v[*n].rule = rule;
	v[*n].kind = kind;
	snprintf(v[*n].why, sizeof v[*n].why, "%s", why);
	(*n)++;
	return true;
}

/* The rule of chapter chap whose folded title is key, or JNONE. */
static uint32_t
titled(const struct jrelease *rel, unsigned chap_lo, unsigned chap_hi, enum jrid_level lv, const char *key)
{
	char t[128];
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const struct jrule *r = &rel->rules[i];
		unsigned ch = JRID_CHAP(r->id);
		if (!r->title || ch < chap_lo || ch > chap_hi || jrid_level(r->id) != lv)
			continue;
		fold(r->title, t, sizeof t);
		if (strcmp(t, key) == 0)
			return i;
	}
	return JNONE;
}

/* Does the folded text hold the folded phrase as whole words (with s, es, ed, d endings)? */
static bool
has_phrase(const char *text, const char *ph)
{
	size_t n = strlen(ph);
	if (n == 0)
		return false;
	for (const char *p = strstr(text, ph); p; p = strstr(p + 1, ph)) {
		if (p != text && p[-1] != ' ')
			continue;
		const char *e = p + n;
		if (*e == ' ' || *e == '\0')
			return true;
		static const char *const ends[] = {"s", "es", "ed", "d", "ing", NULL};
		for (const char *const *x = ends; *x; x++) {
			size_t l = strlen(*x);
			if (strncmp(e, *x, l) == 0 && (e[l] == ' ' || e[l] == '\0'))
				return true;
		}
	}
	return false;
}

/* A keyword at the start of a line of Oracle text, or in a "Flying, vigilance" list there. */
static bool
keyword_line(const char *text, const char *kw)
{
	char line[512], key[512];
	for (const char *p = text; p && *p;) {
		const char *e = strchr(p, '\n');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		/* the line up to reminder text, a dash or a colon */
		size_t k = 0;
		while (k < l && p[k] != '(' && p[k] != ':' && p[k] != '{' && (unsigned char)p[k] != 0xe2)
			k++;
		if (k >= sizeof line)
			k = sizeof line - 1;
		memcpy(line, p, k);
		line[k] = '\0';
		for (char *s = strtok(line, ","); s; s = strtok(NULL, ",")) {
			fold(s, key, sizeof key);
			size_t kl = strlen(kw);
			if (strncmp(key, kw, kl) == 0 && (key[kl] == '\0' || key[kl] == ' '))
				return true;
		}
		p = e ? e + 1 : NULL;
	}
	return false;
}

static const struct {
	const char *layout, *title;
} layout_titles[] = {
	{"split", "split cards"}, {"aftermath", "split cards"}, {"flip", "flip cards"},
	{"transform", "double faced cards"}, {"modal_dfc", "double faced cards"},
	{"meld", "meld cards"}, {"meld", "double faced cards"}, {"adventure", "adventurer cards"},
	{"saga", "saga cards"}, {"class", "class cards"}, {"leveler", "leveler cards"},
	{"prototype", "prototype cards"}, {"case", "case cards"}, {"mutate", "mutate"},
};

size_t
cards_links(const struct card *k, const struct jrelease *rel, struct card_link *v, size_t max)
{
	size_t n = 0;
	if (!rel)
		return 0;
	char key[256];
	/* keywords the file lists */
	for (size_t i = 0; i < k->nkeywords; i++) {
		fold(k->keywords[i], key, sizeof key);
		uint32_t r = titled(rel, 702, 702, JL_RULE, key);
		if (r == JNONE)
			r = titled(rel, 701, 701, JL_RULE, key);
		if (r != JNONE)
			add(v, &n, max, r, k->keywords[i], CL_KEYWORD);
	}
	/* keywords written in the text, and keyword actions anywhere in it */
	for (size_t f = 0; f < k->nfaces; f++) {
		const char *text = k->faces[f].text;
		if (!text || !*text)
			continue;
		size_t cap = strlen(text) * 2 + 8;
		char *ft = xmalloc(cap);
		cards_name_key(text, ft, cap);
		for (uint32_t i = 0; i < rel->nrules; i++) {
			const struct jrule *r = &rel->rules[i];
			unsigned ch = JRID_CHAP(r->id);
			if (!r->title || (ch != 701 && ch != 702) || jrid_level(r->id) != JL_RULE)
				continue;
			fold(r->title, key, sizeof key);
			bool hit = ch == 702 ? keyword_line(text, key) : has_phrase(ft, key);
			if (hit)
				add(v, &n, max, i, r->title, ch == 702 ? CL_KEYWORD : CL_ACTION);
		}
		free(ft);
	}
	/* layout */
	for (size_t i = 0; i < sizeof layout_titles / sizeof *layout_titles; i++) {
		if (!k->layout || strcmp(k->layout, layout_titles[i].layout) != 0)
			continue;
		uint32_t r = titled(rel, 700, 799, JL_CHAPTER, layout_titles[i].title);
		if (r != JNONE && add(v, &n, max, r, rel->rules[r].title, CL_LAYOUT))
			break;
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
		for (char *w = strtok(line, " "); w; w = strtok(NULL, " ")) {
			char pl[64];
			fold(w, key, sizeof key);
			snprintf(pl, sizeof pl, "%ss", key);
			uint32_t r = titled(rel, 300, 399, JL_CHAPTER, pl);
			if (r != JNONE)
				add(v, &n, max, r, rel->rules[r].title, CL_TYPE);
		}
	}
	return n;
}

size_t
cards_cited(const char *text, const struct jrelease *rel, uint32_t *out, size_t max)
{
	size_t n = 0;
	if (!rel || !text)
		return 0;
	for (const char *p = text; *p && n < max; p++) {
		if (!isdigit((unsigned char)*p) || (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '.')))
			continue;
		const char *end;
		jrid id = jrid_parse(p, &end);
		if (id == JRID_NONE || jrid_level(id) < JL_RULE) {
			while (isdigit((unsigned char)p[1]))
				p++;
			continue;
		}
		uint32_t r = jrel_find(rel, id);
		if (r != JNONE) {
			bool dup = false;
			for (size_t i = 0; i < n && !dup; i++)
				dup = out[i] == r;
			if (!dup)
				out[n++] = r;
		}
		p = end - 1;
	}
	return n;
}
