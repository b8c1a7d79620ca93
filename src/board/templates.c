/* templates.c — the library of ability templates: a card's English is normalised, then
 * matched with pcre2 against each template; the match builds a struct bd_abil. */
#include "board.h"
#include "../base/buf.h"
#include "../base/mem.h"
#include "../base/editdist.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <ctype.h>
#include <strings.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- words ---------------------------------------------------------------------- */

/* A number written in an ability, held to at most BD_NUM_MAX: atoi() of "99999999999" is
 * undefined behaviour, and a billion is already more than any board needs. */
#define BD_NUM_MAX 1000000000
static int
bd_num(const char *s)
{
	long long v = 0;
	bool neg = *s == '-';
	if (*s == '-' || *s == '+')
		s++;
	for (; *s >= '0' && *s <= '9'; s++)
		if (v < BD_NUM_MAX)
			v = v * 10 + (*s - '0');
	if (v > BD_NUM_MAX)
		v = BD_NUM_MAX;
	return (int)(neg ? -v : v);
}

static const char *const kw_names[KW_COUNT] = {
	"flying", "reach", "first strike", "double strike", "trample", "deathtouch", "lifelink",
	"indestructible", "hexproof", "shroud", "menace", "defender", "vigilance", "haste",
	"persist", "undying", "wither", "infect", "flash",
	/* landwalk matters only when blockers are declared, which the board states (702.14) */
	"plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk",
	"fear", "intimidate",
};

static const char *const step_names[STP_COUNT] = { "untap", "upkeep", "draw", "main1",
	"beginning-of-combat", "declare-attackers", "declare-blockers", "first-strike-damage",
	"combat-damage", "end-of-combat", "main2", "end", "cleanup" };

const char *
bd_step_name(enum bd_step s)
{
	return (unsigned)s < STP_COUNT ? step_names[s] : "?";
}

int
bd_step_lookup(const char *w)
{
	for (int i = 0; i < STP_COUNT; i++)
		if (!strcasecmp(w, step_names[i]))
			return i;
	if (!strcasecmp(w, "end-step")) return STP_END;
	if (!strcasecmp(w, "precombat-main")) return STP_MAIN1;
	if (!strcasecmp(w, "postcombat-main")) return STP_MAIN2;
	return -1;
}

const char *
bd_kw_name(int kw)
{
	return kw >= 0 && kw < KW_COUNT ? kw_names[kw] : "?";
}

int
bd_kw_lookup(const char *w)
{
	for (int i = 0; i < KW_COUNT; i++)
		if (strcasecmp(w, kw_names[i]) == 0)
			return i;
	return -1;
}

static const struct { const char *w; unsigned bit; } color_words[] = {
	{"white", BC_W}, {"blue", BC_U}, {"black", BC_B}, {"red", BC_R}, {"green", BC_G},
};

unsigned
bd_color_lookup(const char *w)
{
	for (size_t i = 0; i < sizeof color_words / sizeof *color_words; i++)
		if (strcasecmp(w, color_words[i].w) == 0)
			return color_words[i].bit;
	return 0;
}

static const struct { const char *w; unsigned bit; } type_words[] = {
	{"artifact", BT_ARTIFACT}, {"battle", BT_BATTLE}, {"creature", BT_CREATURE},
	{"enchantment", BT_ENCHANTMENT}, {"instant", BT_INSTANT}, {"kindred", BT_KINDRED},
	{"tribal", BT_KINDRED}, {"land", BT_LAND}, {"planeswalker", BT_PLANESWALKER},
	{"sorcery", BT_SORCERY},
};

unsigned
bd_type_lookup(const char *w)
{
	char s[32];
	size_t n = strlen(w);
	if (n == 0 || n >= sizeof s)
		return 0;
	memcpy(s, w, n + 1);
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < sizeof type_words / sizeof *type_words; i++)
			if (strcasecmp(s, type_words[i].w) == 0)
				return type_words[i].bit;
		/* plurals: creatures, artifacts, sorceries */
		n = strlen(s);
		if (n > 3 && strcasecmp(s + n - 3, "ies") == 0)
			strcpy(s + n - 3, "y");
		else if (n > 1 && (s[n - 1] == 's' || s[n - 1] == 'S'))
			s[n - 1] = 0;
		else
			break;
	}
	return 0;
}

unsigned
bd_super_lookup(const char *w)
{
	if (strcasecmp(w, "basic") == 0) return BS_BASIC;
	if (strcasecmp(w, "legendary") == 0) return BS_LEGENDARY;
	if (strcasecmp(w, "snow") == 0) return BS_SNOW;
	if (strcasecmp(w, "world") == 0) return BS_WORLD;
	return 0;
}

/* "Faeries" -> "Faerie", "Elves" -> "Elf", "mountains" -> "Mountain" */
static void
subtype_word(const char *w, char out[BD_SUBLEN])
{
	size_t n = strlen(w);
	if (n >= BD_SUBLEN)
		n = BD_SUBLEN - 1;
	memcpy(out, w, n);
	out[n] = 0;
	if (n > 4 && strcmp(out + n - 3, "ves") == 0 && strcasecmp(out, "elves") == 0)
		strcpy(out + n - 3, "f");
	else if (n > 2 && out[n - 1] == 's' && out[n - 2] != 's')
		out[n - 1] = 0;
	out[0] = (char)toupper((unsigned char)out[0]);
}

/* ---- normalising card English -------------------------------------------------- */

/* Lower-case, fold typographic punctuation, drop reminder text, name the object "~"
 * wherever its name or "this creature" appears, collapse spaces, drop the final period. */
static char *
normalise(const char *text, const char *owner)
{
	struct sbuf b = {0};
	int paren = 0;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x98 || p[2] == 0x99)) {
			sbuf_addc(&b, '\''); p += 2; continue;
		}
		if (p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x9C || p[2] == 0x9D)) {
			sbuf_addc(&b, '"'); p += 2; continue;
		}
		if (p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x93 || p[2] == 0x94)) {
			sbuf_addc(&b, '-'); p += 2; continue;
		}
		if (p[0] == 0xE2 && p[1] == 0x88 && p[2] == 0x92) {   /* minus sign */
			sbuf_addc(&b, '-'); p += 2; continue;
		}
		if (*p == '(') { paren++; continue; }
		if (*p == ')') { if (paren) paren--; continue; }
		if (paren)
			continue;
		unsigned char c = *p;
		if (c == '\t' || c == '\r' || c == '\n')
			c = ' ';
		if (c == ' ' && (b.len == 0 || b.s[b.len - 1] == ' '))
			continue;
		sbuf_addc(&b, (char)tolower(c));
	}
	while (b.len && (b.s[b.len - 1] == ' ' || b.s[b.len - 1] == '.'))
		b.s[--b.len] = 0;
	char *s = sbuf_take(&b);
	if (!s)
		s = xstrdup("");
	/* self references */
	char lowname[256] = "";
	if (owner) {
		size_t i;
		for (i = 0; owner[i] && i + 1 < sizeof lowname; i++)
			lowname[i] = (char)tolower((unsigned char)owner[i]);
		lowname[i] = 0;
	}
	/* 201.5c: a shortened name, the part before the comma ("Adeline" of "Adeline, Resplendent
	 * Cathar"), refers to the card itself too */
	char shortname[256] = "";
	const char *comma = strchr(lowname, ',');
	if (comma && comma - lowname > 1)
		snprintf(shortname, sizeof shortname, "%.*s", (int)(comma - lowname), lowname);
	size_t sl = strlen(shortname);
	static const char *const selfs[] = { "this creature", "this permanent", "this enchantment",
		"this artifact", "this land", "this aura", "this equipment", "this spell", "this emblem", NULL };
	struct sbuf o = {0};
	size_t nl = strlen(lowname);
	for (size_t i = 0; s[i];) {
		bool at_word = i == 0 || (!isalnum((unsigned char)s[i - 1]) && s[i - 1] != '\'');
		if (at_word && nl > 1 && strncmp(s + i, lowname, nl) == 0 && !isalnum((unsigned char)s[i + nl])) {
			sbuf_addc(&o, '~'); i += nl; continue;
		}
		if (at_word && sl > 1 && strncmp(s + i, shortname, sl) == 0 && !isalnum((unsigned char)s[i + sl])) {
			sbuf_addc(&o, '~'); i += sl; continue;
		}
		bool hit = false;
		for (int k = 0; at_word && selfs[k]; k++) {
			size_t kl = strlen(selfs[k]);
			if (strncmp(s + i, selfs[k], kl) == 0 && !isalnum((unsigned char)s[i + kl])) {
				sbuf_addc(&o, '~'); i += kl; hit = true; break;
			}
		}
		if (!hit)
			sbuf_addc(&o, s[i++]);
	}
	free(s);
	s = sbuf_take(&o);
	return s ? s : xstrdup("");
}

/* ---- filters --------------------------------------------------------------------- */

static void
filter_init(struct bd_filter *f)
{
	memset(f, 0, sizeof *f);
	f->kw = f->notkw = -1;
}

/* Read "other non-Aura enchantment", "Faerie creatures you control", "creature with flying",
 * "nonbasic lands", "creature or planeswalker an opponent controls". */
bool
bd_filter_parse(const char *phrase, struct bd_filter *f)
{
	filter_init(f);
	char buf[256];
	snprintf(buf, sizeof buf, "%s", phrase);
	/* "creatures of the chosen type" (Engineered Plague): the source's choice */
	char *ch = strstr(buf, " of the chosen type");
	if (ch) {
		f->chosen_sub = true;
		memmove(ch, ch + 19, strlen(ch + 19) + 1);
	}
	if ((ch = strstr(buf, " of the chosen color"))) {
		f->chosen_color = true;
		memmove(ch, ch + 20, strlen(ch + 20) + 1);
	}
	char *words[48];
	int n = 0;
	for (char *t = strtok(buf, " "); t && n < 48; t = strtok(NULL, " "))
		words[n++] = t;
	if (n == 0)
		return false;
	bool saw_noun = false, or_mode = false;
	for (int i = 0; i < n; i++) {
		char *w = words[i];
		size_t wl = strlen(w);
		if (wl && w[wl - 1] == ',')
			w[--wl] = 0;
		if (!strcmp(w, "each") || !strcmp(w, "all") || !strcmp(w, "a") || !strcmp(w, "an")
		    || !strcmp(w, "target") || !strcmp(w, "the"))
			continue;
		if (!strcmp(w, "other") || !strcmp(w, "another")) { f->other = true; continue; }
		/* "creature or planeswalker"; "artifacts, creatures, and enchantments" is a union too */
		if (!strcmp(w, "or") || !strcmp(w, "and")) {
			or_mode = true;
			if (f->types) f->anytype = true;
			continue;
		}
		if (!strcmp(w, "you") && i + 1 < n && !strcmp(words[i + 1], "control")) {
			f->ctl = FC_YOU; i++; continue;
		}
		if (!strcmp(w, "you") && i + 1 < n && !strcmp(words[i + 1], "own")) {
			f->you_own = true; i++; continue;
		}
		if (!strcmp(w, "your") && i + 2 < n && !strncmp(words[i + 1], "opponent", 8)
		    && !strncmp(words[i + 2], "control", 7)) {
			f->ctl = FC_OPP; i += 2; continue;
		}
		if ((!strcmp(w, "an") || !strcmp(w, "opponent")) && i + 1 < n
		    && !strncmp(words[i + 1], "control", 7) && !strcmp(w, "opponent")) {
			f->ctl = FC_OPP; i++; continue;
		}
		/* "with power 4 or greater", "with toughness 2 or less", "with mana value 3 or less" */
		if (!strcmp(w, "with") && i + 4 < n) {
			int k = i + 1, what = FN_NONE;
			if (!strcmp(words[k], "power")) what = FN_POWER;
			else if (!strcmp(words[k], "toughness")) what = FN_TOUGHNESS;
			else if (!strcmp(words[k], "mana") && !strcmp(words[k + 1], "value")) { what = FN_MV; k++; }
			char *end;
			long v = what != FN_NONE && k + 3 < n ? strtol(words[k + 1], &end, 10) : 0;
			if (what != FN_NONE && k + 3 < n && *words[k + 1] && !*end && !strcmp(words[k + 2], "or")
			    && (!strcmp(words[k + 3], "less") || !strcmp(words[k + 3], "greater") || !strcmp(words[k + 3], "more"))) {
				f->num = what;
				f->num_n = v > BD_NUM_MAX ? BD_NUM_MAX : v < -BD_NUM_MAX ? -BD_NUM_MAX : (int)v;
				f->num_le = !strcmp(words[k + 3], "less");
				i = k + 3;
				continue;
			}
		}
		if ((!strcmp(w, "with") || !strcmp(w, "without")) && i + 1 < n) {
			char kwb[40];
			snprintf(kwb, sizeof kwb, "%s", words[i + 1]);
			int k = bd_kw_lookup(kwb);
			if (k < 0 && i + 2 < n) {
				snprintf(kwb, sizeof kwb, "%s %s", words[i + 1], words[i + 2]);
				if ((k = bd_kw_lookup(kwb)) >= 0)
					i++;
			}
			if (k < 0)
				return false;
			if (w[4] == 0) f->kw = k; else f->notkw = k;
			i++;
			continue;
		}
		if (!strcmp(w, "attacking")) { f->attacking = true; continue; }
		if (!strcmp(w, "blocking")) { f->blocking = true; continue; }
		if (!strcmp(w, "tapped")) { f->tapped = true; continue; }
		if (!strcmp(w, "untapped")) { f->untapped = true; continue; }
		if (!strcmp(w, "token") || !strcmp(w, "tokens")) { f->token = true; continue; }
		if (!strcmp(w, "nontoken")) { f->nontoken = true; continue; }
		if (!strcmp(w, "permanent") || !strcmp(w, "permanents")) { saw_noun = true; continue; }
		if (!strcmp(w, "spell") || !strcmp(w, "spells")) { f->spell = true; saw_noun = true; continue; }
		if (!strcmp(w, "ability") || !strcmp(w, "abilities")) { f->spell = true; saw_noun = true; continue; }
		if (!strcmp(w, "player") || !strcmp(w, "players")) { f->players = true; saw_noun = true; continue; }
		if (!strcmp(w, "colorless") || !strcmp(w, "multicolored") || !strcmp(w, "monocolored"))
			return false;
		bool neg = false;
		char *base = w;
		if (!strncmp(w, "non-", 4)) { neg = true; base = w + 4; }
		else if (!strncmp(w, "non", 3) && (bd_color_lookup(w + 3) || bd_type_lookup(w + 3)
		    || bd_super_lookup(w + 3) || !strcmp(w + 3, "token"))) { neg = true; base = w + 3; }
		unsigned c = bd_color_lookup(base), t = bd_type_lookup(base), s = bd_super_lookup(base);
		if (c) { if (neg) f->notcolors |= c; else f->colors |= c; continue; }
		if (t) {
			if (neg) f->nottypes |= t;
			else { f->types |= t; saw_noun = true; if (or_mode) f->anytype = true; }
			continue;
		}
		if (s) { if (neg) f->notsupers |= s; else f->supers |= s; continue; }
		/* anything else is a subtype: "Faerie", "Aura", "Zombies" */
		if (!isalpha((unsigned char)base[0]))
			return false;
		char sb[BD_SUBLEN];
		subtype_word(base, sb);
		if (neg) {
			if (f->notsub[0]) return false;
			memcpy(f->notsub, sb, BD_SUBLEN);
		} else {
			if (f->sub[0]) return false;
			memcpy(f->sub, sb, BD_SUBLEN);
			saw_noun = true;
		}
	}
	return saw_noun || f->types || f->sub[0];
}

/* The subject of a static ability: "~", "enchanted creature", "equipped creature", or a
 * filter phrase. "each"/"all" are dropped. */
static bool
subject_parse(const char *s, struct bd_filter *f)
{
	filter_init(f);
	if (!strcmp(s, "~") || !strcmp(s, "it")) { f->self = true; return true; }
	/* "~ or another creature [you control]" (Blood Artist, Zulaport Cutthroat): the object
	 * itself is one of those, so this is every such object, itself included */
	if (!strncmp(s, "~ or another ", 13))
		return bd_filter_parse(s + 13, f);
	if (!strncmp(s, "target ", 7) || strstr(s, " target "))
		return false;   /* targets belong to spells and abilities, not to static abilities */
	/* players are no objects: "you have hexproof" is read by its own template, and any
	 * other ability of players is refused rather than given to permanents */
	static const char *const players[] = { "you", "players", "each player", "your opponents", "each opponent", "opponents" };
	for (size_t i = 0; i < sizeof players / sizeof *players; i++)
		if (!strcmp(s, players[i]))
			return false;
	if (!strncmp(s, "enchanted ", 10) || !strncmp(s, "equipped ", 9)) {
		f->attached = true;
		return true;
	}
	/* "all Forests and all Saprolings" (Life and Limb): either subtype */
	char x[BD_SUBLEN + 8], y[BD_SUBLEN + 8];
	if (sscanf(s, "all %31[a-z] and all %31[a-z]", x, y) == 2 && !strchr(s + 4 + strlen(x) + 9 + strlen(y), ' ')) {
		struct bd_filter g;
		if (!bd_filter_parse(x, f) || !bd_filter_parse(y, &g) || !f->sub[0] || !g.sub[0] || f->types || g.types)
			return false;
		memcpy(f->orsub, g.sub, sizeof f->orsub);
		return true;
	}
	return bd_filter_parse(s, f);
}

/* "flying", "flying and first strike", "flying, vigilance, and trample",
 * "protection from black", "protection from black and from red" */
static bool
kwlist_parse(const char *s, uint32_t *kws, unsigned *pcol, unsigned *pflags)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", s);
	*kws = 0;
	*pcol = 0;
	*pflags = 0;
	bool prot = false;
	char *p = buf;
	while (*p) {
		while (*p == ' ' || *p == ',') p++;
		if (!strncmp(p, "and ", 4)) p += 4;
		if (!*p) break;
		char *e = p;
		while (*e && *e != ',' && strncmp(e, " and ", 5)) e++;
		char save = *e;
		*e = 0;
		int k = bd_kw_lookup(p);
		const char *q = NULL;
		if (k >= 0) {
			*kws |= KWBIT(k);
			prot = false;
		} else if (!strncmp(p, "protection from ", 16))
			q = p + 16, prot = true;
		else if (prot && !strncmp(p, "from ", 5))
			q = p + 5;
		else
			return false;
		if (q) {
			unsigned c = bd_color_lookup(q);
			if (c) *pcol |= c;
			else if (!strcmp(q, "everything")) *pflags |= PROT_EVERYTHING;
			else if (bd_type_lookup(q)) *pflags |= bd_type_lookup(q);   /* "creatures", "enchantments" */
			else return false;
		}
		*e = save;
		p = e;
	}
	return *kws || *pcol || *pflags;
}

static int
number_word(const char *s)
{
	static const char *const w[] = { "zero", "one", "two", "three", "four", "five", "six",
		"seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen",
		"sixteen", "seventeen", "eighteen", "nineteen", "twenty" };
	if (!strcmp(s, "a") || !strcmp(s, "an")) return 1;
	for (int i = 0; i <= 20; i++)
		if (!strcmp(s, w[i])) return i;
	if (isdigit((unsigned char)s[0])) return bd_num(s);
	return -1;
}

/* ---- the template table ------------------------------------------------------------- */

struct match {
	const char *subj;
	char cap[12][256];
};

typedef bool (*build_fn)(struct match *m, struct bd_abil *a);

struct tmpl {
	const char *name;
	const char *re;
	build_fn build;
	const char *example;
	bool spell;                 /* a one-shot effect: spells and triggered abilities */
	pcre2_code *code;
};

static void
part_add(struct bd_abil *a, enum bd_op op, enum bd_layer ly)
{
	if (a->nparts >= BD_MAXPART)
		return;
	struct bd_part *p = &a->parts[a->nparts++];
	memset(p, 0, sizeof *p);
	p->op = op;
	p->layer = ly;
}

/* A new part of a spell's effect, zeroed but for its operation and layer. The effect
 * templates add at most four parts, under BD_MAXPART. */
static struct bd_part *
eff_part(struct bd_effect *e, enum bd_op op, enum bd_layer ly)
{
	struct bd_part *p = &e->parts[e->nparts++];
	memset(p, 0, sizeof *p);
	p->op = op;
	p->layer = ly;
	return p;
}

static bool
b_keywords(struct match *m, struct bd_abil *a)
{
	uint32_t kws;
	unsigned pc, pf;
	if (!kwlist_parse(m->subj, &kws, &pc, &pf))
		return false;
	a->kind = AK_KEYWORD;
	a->parts[0].kws = kws;
	a->prot_colors = pc;
	a->prot_flags = pf;
	return true;
}

static bool
b_enchant(struct match *m, struct bd_abil *a)
{
	a->kind = AK_ENCHANT;
	if (!strcmp(m->cap[1], "player")) { filter_init(&a->aff); a->aff.players = true; a->aff.no_objects = true; return true; }
	return bd_filter_parse(m->cap[1], &a->aff);
}

static bool
b_equip(struct match *m, struct bd_abil *a)
{
	/* 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate only
	 * as a sorcery." — an activated ability `activate` can use */
	a->kind = AK_EQUIP;
	const char *c = strchr(m->subj, ' ');
	c = c ? c + 1 : "";
	if (c[0] == '{') snprintf(a->cost.mana, sizeof a->cost.mana, "%.31s", c);
	else snprintf(a->cost.mana, sizeof a->cost.mana, "{%.29s}", c);
	struct bd_tspec *t = &a->tgt[0];
	memset(t, 0, sizeof *t);
	filter_init(&t->f);
	t->f.types = BT_CREATURE;
	t->f.ctl = FC_YOU;
	t->object_ok = true;
	a->ntgt = 1;
	struct bd_effect *e = &a->eff[0];
	memset(e, 0, sizeof *e);
	filter_init(&e->f);
	e->kind = EF_ATTACH;
	e->slot = 0;
	a->neff = 1;
	return true;
}

static bool
b_mana(struct match *m, struct bd_abil *a)
{
	a->kind = AK_MANA;
	return true;
}

/* Restrictions on attacking, blocking and untapping: the declarations and the untap step
 * are outside what judge resolves, so these are read and kept but change nothing. */
/* "~ is indestructible": a static ability giving itself the keyword */
static bool
b_grant_self(struct match *m, struct bd_abil *a)
{
	uint32_t kws;
	unsigned pc, pf;
	if (!kwlist_parse(m->cap[1], &kws, &pc, &pf))
		return false;
	a->kind = AK_STATIC;
	filter_init(&a->aff);
	a->aff.self = true;
	part_add(a, OP_ADD_KW, LY_ABIL);
	a->parts[0].kws = kws;
	return true;
}

static bool
b_inert(struct match *m, struct bd_abil *a)
{
	a->kind = AK_INERT;
	return true;
}

/* "X get(s) +N/+M [and has/have KW]" */
static bool
b_anthem(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	part_add(a, OP_MOD_PT, LY_7C);
	a->parts[a->nparts - 1].a = bd_num(m->cap[2]);
	a->parts[a->nparts - 1].b = bd_num(m->cap[3]);
	if (m->cap[4][0]) {
		uint32_t kws; unsigned pc, pf;
		if (!kwlist_parse(m->cap[4], &kws, &pc, &pf))
			return false;
		part_add(a, OP_ADD_KW, LY_ABIL);
		a->parts[a->nparts - 1].kws = kws;
		a->parts[a->nparts - 1].prot_colors = pc;
		a->parts[a->nparts - 1].prot_flags = pf;
	}
	return true;
}

/* "X get(s) +1/+1 for each other creature you control" */
static bool
b_anthem_count(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	part_add(a, OP_MOD_PT, LY_7C);
	struct bd_part *p = &a->parts[a->nparts - 1];
	p->a = bd_num(m->cap[2]);
	p->b = bd_num(m->cap[3]);
	struct bd_filter cf;
	if (!bd_filter_parse(m->cap[4], &cf))
		return false;
	if (cf.types == BT_CREATURE && !cf.sub[0]) p->count = CN_CREATURES_YOU;
	else if (cf.types == BT_LAND) p->count = CN_LANDS_YOU;
	else if (cf.types == BT_ARTIFACT) p->count = CN_ARTIFACTS_YOU;
	else if (cf.sub[0]) { p->count = CN_SUBTYPE_YOU; memcpy(p->countsub, cf.sub, BD_SUBLEN); }
	else return false;
	a->src = cf;       /* remembers "other" */
	return true;
}

static bool
b_grant(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	uint32_t kws; unsigned pc, pf;
	if (!kwlist_parse(m->cap[2], &kws, &pc, &pf))
		return false;
	part_add(a, OP_ADD_KW, LY_ABIL);
	a->parts[0].kws = kws;
	a->parts[0].prot_colors = pc;
	a->parts[0].prot_flags = pf;
	return true;
}

static bool
b_lose_kw(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	uint32_t kws; unsigned pc, pf;
	if (!kwlist_parse(m->cap[2], &kws, &pc, &pf) || pc || pf)
		return false;
	part_add(a, OP_LOSE_KW, LY_ABIL);
	a->parts[0].kws = kws;
	return true;
}

static bool
b_lose_all(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	part_add(a, OP_LOSE_ALL, LY_ABIL);
	if (m->cap[2][0]) {
		part_add(a, OP_SET_PT, LY_7B);
		a->parts[1].a = bd_num(m->cap[2]);
		a->parts[1].b = bd_num(m->cap[3]);
	}
	return true;
}

static bool
b_base_pt(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	part_add(a, OP_SET_PT, LY_7B);
	a->parts[0].a = bd_num(m->cap[2]);
	a->parts[0].b = bd_num(m->cap[3]);
	return true;
}

/* Lignify: "Enchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities" */
static bool
b_is_a_with_base(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	/* cap2: "[color] Subtype" */
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->cap[2]);
	char *sp = strrchr(buf, ' ');
	char *subw = sp ? sp + 1 : buf;
	if (sp) {
		*sp = 0;
		unsigned c = bd_color_lookup(buf);
		if (!c)
			return false;
		part_add(a, OP_SET_COLOR, LY_COLOR);
		a->parts[a->nparts - 1].mask = c;
	}
	part_add(a, OP_SET_CREATURE_SUB, LY_TYPE);
	subtype_word(subw, a->parts[a->nparts - 1].sub);
	if (m->cap[5][0])
		part_add(a, OP_LOSE_ALL, LY_ABIL);
	part_add(a, OP_SET_PT, LY_7B);
	a->parts[a->nparts - 1].a = bd_num(m->cap[3]);
	a->parts[a->nparts - 1].b = bd_num(m->cap[4]);
	return true;
}

static const char *const basic_types[] = { "plains", "island", "swamp", "mountain", "forest", NULL };

static bool
basic_word(const char *w, char out[BD_SUBLEN])
{
	char s[BD_SUBLEN];
	subtype_word(w, s);
	for (int i = 0; basic_types[i]; i++)
		if (strcasecmp(s, basic_types[i]) == 0 || (i == 0 && strcasecmp(w, "plains") == 0)) {
			snprintf(out, BD_SUBLEN, "%s", i == 0 ? "Plains" : s);
			return true;
		}
	return false;
}

/* Blood Moon: "Nonbasic lands are Mountains" (305.7) */
static bool
b_land_set(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff) || !(a->aff.types & BT_LAND || a->aff.attached))
		return false;
	part_add(a, OP_SET_LAND_SUB, LY_TYPE);
	return basic_word(m->cap[2], a->parts[0].sub);
}

/* Urborg: "Each land is a Swamp in addition to its other land types" */
static bool
b_land_add(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	part_add(a, OP_ADD_SUB, LY_TYPE);
	return basic_word(m->cap[2], a->parts[0].sub);
}

/* "X is/are [an] artifact creature(s) [in addition to its other types] [and has/with]
 *  [base] power and toughness each equal to its mana value" (Opalescence, March) */
/* A static ability of the subject in cap[1] that adds the types named in cap[2] (layer 4):
 * card types into one part, and each other word as a subtype when subs, else not read. */
static bool
types_added(struct match *m, struct bd_abil *a, bool subs)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->cap[2]);
	unsigned t = 0;
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		unsigned x = bd_type_lookup(w);
		if (x) { t |= x; continue; }
		if (!subs)
			return false;
		part_add(a, OP_ADD_SUB, LY_TYPE);
		subtype_word(w, a->parts[a->nparts - 1].sub);
	}
	if (t) {
		part_add(a, OP_ADD_TYPES, LY_TYPE);
		a->parts[a->nparts - 1].mask = t;
	}
	return a->nparts > 0;
}

static bool
b_becomes_mv(struct match *m, struct bd_abil *a)
{
	if (!types_added(m, a, false))
		return false;
	part_add(a, OP_SET_PT_MV, LY_7B);
	return true;
}

/* "All creatures are artifacts in addition to their other types"; "X is a Zombie in addition" */
static bool
b_add_types(struct match *m, struct bd_abil *a)
{
	return types_added(m, a, true);
}

/* "All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in
 * addition to their other types" (Life and Limb): layer 4 types and subtypes added, layer 5
 * color set, layer 7b base power and toughness (613.1d, 613.1e, 613.4b) */
static bool
b_types_pt_color(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	part_add(a, OP_SET_PT, LY_7B);
	a->parts[0].a = atoi(m->cap[2]);
	a->parts[0].b = atoi(m->cap[3]);
	unsigned col = bd_color_lookup(m->cap[4]);
	if (!col)
		return false;
	part_add(a, OP_SET_COLOR, LY_COLOR);
	a->parts[a->nparts - 1].mask = col;
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->cap[5]);
	unsigned t = 0;
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		if (!strcmp(w, "and"))
			continue;
		size_t l = strlen(w);
		if (l > 1 && w[l - 1] == 's') w[l - 1] = 0;   /* "creatures", "lands" */
		unsigned x = bd_type_lookup(w);
		if (x) { t |= x; continue; }
		if (a->nparts >= BD_MAXPART - 1)
			return false;
		part_add(a, OP_ADD_SUB, LY_TYPE);
		subtype_word(w, a->parts[a->nparts - 1].sub);
	}
	if (!t)
		return false;
	part_add(a, OP_ADD_TYPES, LY_TYPE);
	a->parts[a->nparts - 1].mask = t;
	return true;
}

static bool
b_color(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	part_add(a, OP_SET_COLOR, LY_COLOR);
	a->parts[0].mask = bd_color_lookup(m->cap[2]);
	return a->parts[0].mask || !strcmp(m->cap[2], "colorless");
}

static bool
b_control(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	filter_init(&a->aff);
	a->aff.attached = true;
	part_add(a, OP_CONTROL, LY_CONTROL);
	return true;
}

/* A characteristic-defining ability setting the object's own P/T (604.3, layer 7a): its part */
static struct bd_part *
cda_pt(struct bd_abil *a)
{
	a->kind = AK_STATIC;
	a->cda = true;
	filter_init(&a->aff);
	a->aff.self = true;
	part_add(a, OP_CDA_PT, LY_7A);
	return &a->parts[0];
}

static bool
b_cda_count(struct match *m, struct bd_abil *a)
{
	struct bd_part *p = cda_pt(a);
	struct bd_filter cf;
	if (!bd_filter_parse(m->cap[1], &cf))
		return false;
	if (cf.types == BT_CREATURE && !cf.sub[0]) p->count = CN_CREATURES_YOU;
	else if (cf.types == BT_LAND) p->count = CN_LANDS_YOU;
	else if (cf.types == BT_ARTIFACT) p->count = CN_ARTIFACTS_YOU;
	else if (cf.sub[0]) { p->count = CN_SUBTYPE_YOU; memcpy(p->countsub, cf.sub, BD_SUBLEN); }
	else return false;
	return true;
}

/* "~'s power and toughness are each equal to your life total" (Serra Avatar); "~'s power is
 * equal to the number of creatures you control" (Adeline: power only, 604.3) */
static bool
b_cda_life(struct match *m, struct bd_abil *a)
{
	cda_pt(a)->count = CN_LIFE_YOU;
	return true;
}

static bool
b_cda_power_count(struct match *m, struct bd_abil *a)
{
	if (!b_cda_count(m, a))
		return false;
	a->parts[0].pow_only = true;
	return true;
}

static bool
b_cda_goyf(struct match *m, struct bd_abil *a)
{
	struct bd_part *p = cda_pt(a);
	p->count = CN_TARMOGOYF;
	p->b = 1;
	return true;
}

/* ---- triggers and one-shot effects ------------------------------------------------- */

static bool effect_parse(const char *s, struct bd_abil *a);
static bool cond_parse(const char *condtxt, struct bd_cond *c);

/* How many modes "Choose N —" asks for (700.2): "one", "two", "one or both", "one or more",
 * "any number". */
static bool
modes_count(const char *c, struct bd_abil *a)
{
	if (!strcmp(c, "one or both")) { a->choose_min = 1; a->choose_max = 2; }
	else if (!strcmp(c, "one or more") || !strcmp(c, "any number")) { a->choose_min = !strcmp(c, "any number") ? 0 : 1; a->choose_max = 16; }
	else {
		int n = number_word(c);
		if (n < 1) return false;
		a->choose_min = a->choose_max = n;
	}
	return true;
}

/* A triggered ability's effect: an intervening "if COND, " (603.4) and "you may" first. */
/* Set while bd_read_trigger_event() reads a trigger's event and intervening "if" only. */
static bool event_only;

static bool
trig_effect(const char *e, struct bd_abil *a)
{
	if (!strncmp(e, "if ", 3) && a->ifk == IF_NONE) {
		const char *comma = strchr(e, ',');
		if (!comma)
			return false;
		char c[256];
		snprintf(c, sizeof c, "%.*s", (int)(comma - e - 3), e + 3);
		if (!cond_parse(c, &a->ifcond))
			return false;
		a->ifk = IF_COND;
		e = comma + 1;
		while (*e == ' ') e++;
	}
	if (event_only)
		return true;    /* bd_read_trigger_event(): the effect is read when it triggers */
	/* "choose one —": a modal triggered ability (700.2b); its modes are the "•" lines after it */
	char mw[32], dash[8], rest[8];
	int nw = sscanf(e, "choose %31[a-z ]%7s%7s", mw, dash, rest);
	if (nw == 2 && (!strcmp(dash, "\xe2\x80\x94") || !strcmp(dash, "-") || !strcmp(dash, "--"))) {
		size_t l = strlen(mw);
		while (l && mw[l - 1] == ' ') mw[--l] = 0;
		return modes_count(mw, a);
	}
	bool ok;
	if (!strncmp(e, "you may ", 8)) {
		a->optional = true;
		char buf[512];
		/* "you may gain 1 life" is "you gain 1 life", optionally */
		snprintf(buf, sizeof buf, "%s%s", strncmp(e + 8, "gain ", 5) && strncmp(e + 8, "lose ", 5) ? "" : "you ", e + 8);
		ok = effect_parse(buf, a);
	} else
		ok = effect_parse(e, a);
	/* "When enchanted land becomes tapped, destroy it": "it" is what the event was about
	 * when the trigger's subject is another object (Blight) */
	if (ok && (a->aff.attached || (!a->aff.self && a->trig != TR_NONE && a->trig != TR_STEP && a->trig != TR_CAST
	    && a->trig != TR_GAIN_LIFE && a->trig != TR_LOSE_LIFE)))
		for (int i = 0; i < a->neff; i++)
			if (a->eff[i].f.self && a->eff[i].f.it_ref && a->eff[i].slot < 0) {
				a->eff[i].f.self = false;
				a->eff[i].f.subject = true;
			}
	return ok;
}

/* Who a trigger's player phrase names: "you", "an opponent", "a player". */
static bool
who_parse(const char *w, enum bd_ctl *c)
{
	if (!strcmp(w, "you")) *c = FC_YOU;
	else if (!strcmp(w, "an opponent") || !strcmp(w, "each opponent") || !strcmp(w, "one of your opponents")) *c = FC_OPP;
	else if (!strcmp(w, "a player") || !strcmp(w, "each player") || !strcmp(w, "any player")) *c = FC_ANY;
	else return false;
	return true;
}

static const struct { const char *w; enum bd_step st; } step_words[] = {
	{ "upkeep", STP_UPKEEP }, { "draw step", STP_DRAW }, { "precombat main phase", STP_MAIN1 },
	{ "combat", STP_BEGIN_COMBAT }, { "end step", STP_END }, { "postcombat main phase", STP_MAIN2 },
	{ "end of combat", STP_END_COMBAT },
};

/* "Whenever EVENT, EFFECT" and "At the beginning of STEP, EFFECT" beyond dies and enters:
 * the event phrase is read here, the effect by the effect templates (603.1). */
static bool
b_trigger(struct match *m, struct bd_abil *a)
{
	const char *ev = m->cap[2];
	char x[256], y[256];
	a->kind = AK_TRIGGER;
	a->tplayer = FC_ANY;
	filter_init(&a->aff);
	filter_init(&a->tspell);
	if (m->cap[1][0] == 'a') {
		/* at the beginning of your upkeep / each upkeep / each opponent's upkeep / combat on your turn */
		if (strncmp(ev, "the beginning of ", 17))
			return false;
		ev += 17;
		char st[128] = "";
		if (!strncmp(ev, "your ", 5)) { a->tplayer = FC_YOU; snprintf(st, sizeof st, "%s", ev + 5); }
		else if (!strncmp(ev, "each opponent's ", 16)) { a->tplayer = FC_OPP; snprintf(st, sizeof st, "%s", ev + 16); }
		else if (!strncmp(ev, "each player's ", 14)) { a->each_turn = true; snprintf(st, sizeof st, "%s", ev + 14); }
		else if (!strncmp(ev, "each ", 5)) { a->each_turn = true; snprintf(st, sizeof st, "%s", ev + 5); }
		else if (!strncmp(ev, "the ", 4)) { a->each_turn = true; snprintf(st, sizeof st, "%s", ev + 4); }
		else if (!strcmp(ev, "combat on your turn")) { a->tplayer = FC_YOU; snprintf(st, sizeof st, "combat"); }
		else return false;
		char *on = strstr(st, " on your turn");
		if (on) { *on = 0; a->tplayer = FC_YOU; a->each_turn = false; }
		/* "the upkeep of enchanted creature's controller" (Unstable Mutation): that player's
		 * step; "that creature" in the effect is the enchanted creature */
		char *of = strstr(st, " of enchanted creature's controller");
		if (of && !strcmp(of, " of enchanted creature's controller") && a->each_turn && !strncmp(ev, "the ", 4)) {
			*of = 0;
			a->each_turn = false;
			a->aff.attached = true;
		}
		bool found = false;
		for (size_t i = 0; i < sizeof step_words / sizeof *step_words; i++)
			if (!strcmp(st, step_words[i].w)) { a->step = step_words[i].st; found = true; }
		if (!found)
			return false;
		a->trig = TR_STEP;
		return trig_effect(m->cap[3], a);
	}
	size_t n = strlen(ev);
#define ENDS(sfx) (n > strlen(sfx) && !strcmp(ev + n - strlen(sfx), sfx) \
	&& snprintf(x, sizeof x, "%.*s", (int)(n - strlen(sfx)), ev) >= 0)
	const char *bb = strstr(ev, " blocks or becomes blocked by ");
	if (bb) {
		/* 509.3d-like: once for each creature it blocks or that blocks it; "that creature" is
		 * the other one */
		a->trig = TR_BLOCK_PAIR;
		snprintf(x, sizeof x, "%.*s", (int)(bb - ev), ev);
		const char *w = bb + 30;
		if (!strncmp(w, "a ", 2)) w += 2;
		else if (!strncmp(w, "an ", 3)) w += 3;
		else if (!strncmp(w, "one or more ", 12)) return false;
		if (!bd_filter_parse(w, &a->tspell))
			return false;
		if (!subject_parse(x, &a->aff))
			return false;
		return trig_effect(m->cap[3], a);
	}
	if (ENDS(" becomes the target of a spell or ability")) { a->trig = TR_TARGETED; a->targeted_any = true; }
	else if (ENDS(" becomes the target of a spell or ability an opponent controls")) a->trig = TR_TARGETED;
	else if (ENDS(" becomes the target of a spell or ability you control")) {
		a->trig = TR_TARGETED; a->targeted_any = true; a->tplayer = FC_YOU;   /* Willbreaker */
	}
	else if (ENDS(" attacks you or a planeswalker you control")) { a->trig = TR_ATTACKS; a->attacks_you = true; }
	else if (ENDS(" enters or attacks")) { a->trig = TR_ATTACKS; a->also_etb = true; }
	else if (ENDS(" attacks or blocks")) a->trig = TR_ATTACKS_OR_BLOCKS;
	else if (ENDS(" attacks alone")) { a->trig = TR_ATTACKS; a->alone = true; }
	else if (ENDS(" blocks alone")) { a->trig = TR_BLOCKS; a->alone = true; }
	else if (ENDS(" scry") || ENDS(" scries") || ENDS(" surveil") || ENDS(" surveils")) {
		/* "whenever you scry" (701.22d): after the scry, even if nothing could be moved */
		a->trig = strstr(ev, "surveil") ? TR_SURVEIL : TR_SCRY;
		return who_parse(x, &a->tplayer) && trig_effect(m->cap[3], a);
	}
	else if (ENDS(" attacks")) a->trig = TR_ATTACKS;
	else if (ENDS(" blocks")) a->trig = TR_BLOCKS;
	else if (ENDS(" blocks a creature")) { a->trig = TR_BLOCKS; a->per_blocked = true; }
	else if (ENDS(" becomes blocked")) a->trig = TR_BLOCKED;
	else if (ENDS(" attacks and isn't blocked")) { a->trig = TR_BLOCKED; a->unblocked = true; }
	else if (ENDS(" becomes tapped")) a->trig = TR_TAPPED;
	else if (ENDS(" becomes untapped")) a->trig = TR_UNTAPPED;
	else if (ENDS(" deals combat damage to a player") || ENDS(" deals combat damage to an opponent")
	    || ENDS(" deals combat damage to one of your opponents")) {
		a->trig = TR_DMG_PLAYER; a->combat_dmg = true; a->to_opponent = strstr(ev, "opponent") != NULL;
	} else if (ENDS(" deals damage to a player") || ENDS(" deals damage to an opponent")) {
		a->trig = TR_DMG_PLAYER; a->to_opponent = strstr(ev, "opponent") != NULL;
	} else if (ENDS(" deals combat damage")) { a->trig = TR_DMG; a->combat_dmg = true; }
	else if (ENDS(" deals damage")) a->trig = TR_DMG;
	else if (ENDS(" is dealt damage")) a->trig = TR_DEALT_DMG;
	else if (ENDS(" for mana") && (strstr(x, " taps ") || strstr(x, " tap "))) {
		/* "a player taps a land for mana", "you tap a Forest for mana" (605.1b) */
		char *t = strstr(x, " taps ") ? strstr(x, " taps ") : strstr(x, " tap ");
		char who[128], what[160];
		snprintf(who, sizeof who, "%.*s", (int)(t - x), x);
		snprintf(what, sizeof what, "%s", strchr(t + 1, ' ') + 1);
		const char *w = !strncmp(what, "a ", 2) ? what + 2 : !strncmp(what, "an ", 3) ? what + 3 : NULL;
		a->trig = TR_TAP_MANA;
		if (!w || !who_parse(who, &a->tplayer) || !bd_filter_parse(w, &a->aff))
			return false;
		return trig_effect(m->cap[3], a);
	}
	else if (ENDS(" gains life") || ENDS(" gain life")) {
		a->trig = TR_GAIN_LIFE;
		return who_parse(x, &a->tplayer) && trig_effect(m->cap[3], a);
	} else if (ENDS(" loses life") || ENDS(" lose life")) {
		a->trig = TR_LOSE_LIFE;
		return who_parse(x, &a->tplayer) && trig_effect(m->cap[3], a);
	} else if ((strstr(ev, " cast ") || strstr(ev, " casts ")) && !strstr(ev, "counter")) {
		const char *c = strstr(ev, " casts ") ? strstr(ev, " casts ") : strstr(ev, " cast ");
		snprintf(x, sizeof x, "%.*s", (int)(c - ev), ev);
		snprintf(y, sizeof y, "%s", strchr(c + 1, ' ') + 1);
		/* "you cast a noncreature spell", "an opponent casts a blue spell", "a player casts an instant or sorcery spell" */
		a->trig = TR_CAST;
		/* "you cast your second spell each turn": that player's Nth spell this turn */
		static const char *const nth[] = { "your second spell each turn", "your third spell each turn",
			"their second spell each turn", "their third spell each turn" };
		for (size_t q = 0; q < sizeof nth / sizeof *nth; q++)
			if (!strcmp(y, nth[q])) {
				a->nth_cast = strstr(y, "second") ? 2 : 3;
				snprintf(y, sizeof y, "a spell");
			}
		/* "you cast a spell that targets ~" (heroic, 603.2): the spell must target SUBJECT */
		char *tg = strstr(y, " that targets ");
		if (tg) {
			if (!subject_parse(tg + 14, &a->ctarget))
				return false;
			a->cast_targets = true;
			*tg = 0;
		}
		size_t yl = strlen(y);
		if ((yl < 5 || strcmp(y + yl - 5, "spell")) && !strstr(y, " spell with "))
			return false;   /* "... spell", "a spell with mana value 3 or less" */
		if (!who_parse(x, &a->tplayer) || !bd_filter_parse(y, &a->tspell))
			return false;
		a->tspell.spell = true;
		return trig_effect(m->cap[3], a);
	} else if (sscanf(ev, "one or more %255[^ ] counters are put on %255[^\n]", y, x) == 2
	    || sscanf(ev, "a %255[^ ] counter is put on %255[^\n]", y, x) == 2
	    || sscanf(ev, "one or more counters are put on %255[^\n]", x) == 1) {
		a->trig = TR_COUNTERS;
		int dp, dt;
		if (strstr(ev, "counters are put on") && !strncmp(ev, "one or more counters", 20)) a->tctr.kind = CK_OTHER;
		else if (sscanf(y, "%d/%d", &dp, &dt) == 2) { a->tctr.kind = CK_PT; a->tctr.dp = dp; a->tctr.dt = dt; }
		else if (!strcmp(y, "loyalty")) a->tctr.kind = CK_LOYALTY;
		else { a->tctr.kind = CK_OTHER; snprintf(a->tctr.other, sizeof a->tctr.other, "%.23s", y); }
	} else
		return false;
#undef ENDS
	if (!subject_parse(x, &a->aff))
		return false;
	return trig_effect(m->cap[3], a);
}

/* "{T}, Sacrifice a creature: EFFECT", "-1: EFFECT" (602.1a: cost before the colon) */
static bool
b_activated(struct match *m, struct bd_abil *a)
{
	struct bd_cost *c = &a->cost;
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->cap[1]);
	a->kind = AK_ACTIVATED;
	int n;
	char sign;
	if ((sscanf(buf, "%c%d", &sign, &n) == 2 && (sign == '+' || sign == '-') && strspn(buf + 1, "0123456789") == strlen(buf + 1))
	    || !strcmp(buf, "0")) {
		c->loyalty = true;
		c->loy = !strcmp(buf, "0") ? 0 : sign == '-' ? -n : n;
		return trig_effect(m->cap[2], a);
	}
	for (char *item = strtok(buf, ","); item; item = strtok(NULL, ",")) {
		while (*item == ' ') item++;
		if (!strncmp(item, "and ", 4)) item += 4;
		char what[200];
		if (!strcmp(item, "{t}")) c->tap = true;
		else if (!strcmp(item, "{q}")) c->untap = true;
		else if (item[0] == '{') {
			if (strspn(item, "{}0123456789wubrgcxs/p") != strlen(item)) return false;
			snprintf(c->mana, sizeof c->mana, "%.31s", item);
		} else if (!strcmp(item, "sacrifice ~")) c->sac_self = true;
		else if (!strcmp(item, "exile ~")) c->exile_self = true;
		else if (sscanf(item, "sacrifice %199[^\n]", what) == 1) {
			char *w = what;
			int k = 1;
			if (!strncmp(w, "a ", 2) || !strncmp(w, "an ", 3) || !strncmp(w, "another ", 8)) k = 1;
			else if ((k = number_word(w)) > 0) w = strchr(w, ' ') ? strchr(w, ' ') + 1 : w;
			else return false;
			if (!bd_filter_parse(w, &c->sac)) return false;
			c->nsac = k;
		} else if (sscanf(item, "pay %d life", &n) == 1) c->life = n;
		else if (sscanf(item, "remove %199[^\n]", what) == 1) {
			/* "remove a +1/+1 counter from ~", "remove two charge counters from ~" */
			char k[40], kind[40];
			if (sscanf(what, "%39s %39s counter", k, kind) != 2 || !strstr(what, "from ~")) return false;
			int cnt = !strcmp(k, "a") || !strcmp(k, "an") ? 1 : number_word(k);
			if (cnt <= 0) return false;
			int dp, dt;
			c->remove.n = cnt;
			if (sscanf(kind, "%d/%d", &dp, &dt) == 2) { c->remove.kind = CK_PT; c->remove.dp = dp; c->remove.dt = dt; }
			else if (!strcmp(kind, "loyalty")) c->remove.kind = CK_LOYALTY;
			else { c->remove.kind = CK_OTHER; snprintf(c->remove.other, sizeof c->remove.other, "%.23s", kind); }
		} else if (!strcmp(item, "discard a card")) c->discard = 1;
		else if (sscanf(item, "discard %199s cards", what) == 1 && number_word(what) > 0) c->discard = number_word(what);
		else return false;
	}
	return trig_effect(m->cap[2], a);
}

static bool
b_dies(struct match *m, struct bd_abil *a)
{
	a->kind = AK_TRIGGER;
	const char *w = m->cap[2];
	/* "When ~ enters or dies" (Mogg War Marshal): one ability with two trigger events */
	if (!strncmp(w, "enters or ", 10)) {
		a->also_etb = true;
		w += 10;
	}
	a->trig = w[0] == 'l' ? TR_LTB : (w[0] == 'd' ? TR_DIES : TR_PUT_GRAVE);
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	const char *e = m->cap[3];
	if (!strncmp(e, "if it had no -1/-1 counters on it, ", 35)) { a->ifk = IF_NO_M1M1; e += 35; }
	else if (!strncmp(e, "if it had no +1/+1 counters on it, ", 35)) { a->ifk = IF_NO_P1P1; e += 35; }
	return trig_effect(e, a);
}

/* "When ~ enters", "Whenever another creature you control enters", "Whenever a creature
 * enters the battlefield under your control" (603.6a) */
static bool
b_etb(struct match *m, struct bd_abil *a)
{
	a->kind = AK_TRIGGER;
	a->trig = TR_ETB;
	char subj[300];
	snprintf(subj, sizeof subj, "%s%s", m->cap[1], m->cap[2][0] ? (strstr(m->cap[2], "your") ? " you control" : " an opponent controls") : "");
	if (!subject_parse(subj, &a->aff) || a->aff.attached)
		return false;
	return trig_effect(m->cap[3], a);
}

/* "~ enters tapped", "~ enters with two +1/+1 counters on it", "~ enters with X +1/+1
 * counters on it", "Creatures your opponents control enter tapped" (614.1c-d) */
static bool
b_enters(struct match *m, struct bd_abil *a)
{
	a->kind = AK_ENTERS;
	if (!subject_parse(m->cap[1], &a->aff) || a->aff.attached)
		return false;
	if (m->cap[2][0]) a->enters_tapped = true;
	if (m->cap[3][0]) {
		struct bd_ctr *c = &a->enters_ctr;
		c->n = !strcmp(m->cap[3], "x") ? -1 : number_word(m->cap[3]);
		if (c->n == 0 || c->n < -1)
			return false;
		int dp, dt;
		if (sscanf(m->cap[4], "%d/%d", &dp, &dt) == 2) { c->kind = CK_PT; c->dp = dp; c->dt = dt; }
		else if (!strcmp(m->cap[4], "loyalty")) c->kind = CK_LOYALTY;
		else if (bd_kw_lookup(m->cap[4]) >= 0) { c->kind = CK_KEYWORD; c->kw = bd_kw_lookup(m->cap[4]); }
		else { c->kind = CK_OTHER; snprintf(c->other, sizeof c->other, "%.23s", m->cap[4]); }
	}
	if (m->cap[5][0]) a->enters_tapped = true;
	return a->enters_tapped || a->enters_ctr.n;
}

/* One exception of a copy effect (707.9a-b), lower case: "it isn't legendary", "it's an
 * Illusion in addition to its other types", "it's a 1/1 green Frog", "it enters with an
 * additional +1/+1 counter on it if it's a creature". */
static bool
copy_exception(const char *s, struct bd_copyx *cx)
{
	int p, t, used = 0;
	if (!strcmp(s, "it's legendary")) { cx->legend = 1; return true; }
	if (!strcmp(s, "it isn't legendary") || !strcmp(s, "it's not legendary")) { cx->legend = -1; return true; }
	if (!strcmp(s, "it enters with an additional +1/+1 counter on it if it's a creature")) { cx->extra_p1 = 1; return true; }
	/* "it has \"When this creature becomes the target of a spell or ability, sacrifice it.\""
	 * (Phantasmal Image): an ability it has, read now so an unreadable one is refused */
	if (!strncmp(s, "it has \"", 8)) {
		size_t n = strlen(s + 8);
		if (n < 2 || s[8 + n - 1] != '"' || n >= sizeof cx->gain)
			return false;
		snprintf(cx->gain, sizeof cx->gain, "%.*s", (int)(n - 1), s + 8);
		struct bd_abil g;
		if (!bd_read_ability(cx->gain, NULL, false, &g, NULL, 0, 0, NULL))
			return false;
		free(g.text);
		return g.kind == AK_TRIGGER;   /* what judge can give it: a triggered ability */
	}
	if (!strcmp(s, "it enters with an additional loyalty counter on it if it's a planeswalker")) { cx->extra_loy = 1; return true; }
	const char *r = !strncmp(s, "it's an ", 8) ? s + 8 : !strncmp(s, "it's a ", 7) ? s + 7 : NULL;
	if (!r)
		return false;
	if (sscanf(r, "%d/%d%n", &p, &t, &used) == 2 && p >= 0 && t >= 0 && p < 1000 && t < 1000) {
		cx->set_pt = true;
		cx->power = p;
		cx->toughness = t;
		r += used;
	}
	char buf[128];
	snprintf(buf, sizeof buf, "%s", r);
	bool in_addition = false;
	char *ia = strstr(buf, " in addition to its other types");
	if (ia && !ia[31]) { *ia = 0; in_addition = true; }
	int words = 0;
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		unsigned c = bd_color_lookup(w), ty = bd_type_lookup(w);
		if (c && !in_addition) { cx->colors |= c; continue; }
		if (ty && in_addition) { cx->addtypes |= ty; words++; continue; }
		if (!strcmp(w, "and") || !strcmp(w, "creature") || words++)
			return false;
		subtype_word(w, in_addition ? cx->addsub : cx->setsub);
	}
	return cx->set_pt || words;
}

/* The exceptions after "except", joined by ", " and "and" before each "it ...". */
static bool
copy_exceptions(const char *s, struct bd_copyx *cx)
{
	char buf[512];
	snprintf(buf, sizeof buf, "%s", s);
	char *start = buf;
	for (char *q = buf;; q++) {
		size_t skip = !strncmp(q, ", and it", 8) ? 6 : !strncmp(q, " and it", 7) ? 5 : !strncmp(q, ", it", 4) ? 2 : 0;
		if (*q && !skip)
			continue;
		char save = *q;
		*q = 0;
		if (!copy_exception(start, cx))
			return false;
		if (!save)
			return true;
		q += skip;
		start = q;
	}
}

/* "You may have ~ enter as a copy of any creature on the battlefield[, except ...]" (Clone,
 * 707.2, 614.1c): which one is the board's `choose ~: NAME` (or `no`) */
static bool
b_clone(struct match *m, struct bd_abil *a)
{
	a->kind = AK_ENTERS;
	a->copy = true;
	char f[300];
	snprintf(f, sizeof f, "%s%s", m->cap[1], m->cap[2][0] == 'y' ? " you control" : "");
	if (!bd_filter_parse(f, &a->aff))
		return false;
	if (m->cap[3][0] && !copy_exceptions(m->cap[3], &a->copyx))
		return false;
	a->copy_legend = a->copyx.legend;
	return true;
}

/* "Creatures you control enter as a copy of ~" (Essence of the Wild, 614.1c, 707.5): a
 * replacement on other objects entering */
static bool
b_enter_as_copy_of_source(struct match *m, struct bd_abil *a)
{
	a->kind = AK_ENTERS;
	a->copy = true;
	a->copy_source = true;
	return bd_filter_parse(m->cap[1], &a->aff);
}

/* "As ~ enters, choose a color" (614.1c): the choice is the board's `choose` line */
static bool
b_as_enters(struct match *m, struct bd_abil *a)
{
	a->kind = AK_ENTERS;
	filter_init(&a->aff);
	a->aff.self = true;
	snprintf(a->choose, sizeof a->choose, "%.23s", m->cap[1]);
	return true;
}

static bool
b_die_exile(struct match *m, struct bd_abil *a)
{
	a->kind = AK_REPLACE_DIE;
	if (m->cap[1][0] == 0) {
		filter_init(&a->aff);
		a->any_grave = true;
		a->grave_tokens = m->cap[2][0] != 0;
		a->grave_whose = !strcmp(m->cap[3], "your") ? 2 : !strcmp(m->cap[3], "a") ? 0 : 1;
		return true;
	}
	return subject_parse(m->cap[1], &a->aff);
}

/* Darksteel Colossus, Progenitus: its own replacement, wherever the card is */
static bool
b_grave_library(struct match *m, struct bd_abil *a)
{
	(void)m;
	a->kind = AK_REPLACE_DIE;
	filter_init(&a->aff);
	a->aff.self = true;
	a->any_grave = true;
	a->grave_library = true;
	return true;
}

/* Kalitas: "instead exile that card and create a tapped 2/2 black Zombie creature token";
 * the token is eff[0], made for the replacement's controller */
static bool
b_die_exile_token(struct match *m, struct bd_abil *a)
{
	a->kind = AK_REPLACE_DIE;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	struct bd_effect *e = &a->eff[0];
	memset(e, 0, sizeof *e);
	e->slot = -1;
	e->kind = EF_CREATE_TOKEN;
	e->n = number_word(m->cap[2]);
	e->tok_tapped = m->cap[3][0] != 0;
	e->tok_power = bd_num(m->cap[4]);
	e->tok_toughness = bd_num(m->cap[5]);
	e->tok_types = BT_CREATURE;
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->cap[6]);
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		unsigned c = bd_color_lookup(w);
		if (c) e->tok_colors |= c;
		else if (!strcmp(w, "and") || !strcmp(w, "colorless")) continue;
		else if (!e->tok_sub[0]) subtype_word(w, e->tok_sub);
		else if (!e->tok_sub2[0]) subtype_word(w, e->tok_sub2);
		else return false;
	}
	a->neff = 1;
	return e->n > 0;
}

/* "Prevent all [combat] damage that would be dealt to [and dealt by] X" */
static bool
b_prevent(struct match *m, struct bd_abil *a)
{
	a->kind = AK_PREVENT;
	a->dmk = DM_PREVENT_ALL;
	a->combat_only = m->cap[1][0] != 0;
	const char *how = m->cap[2];
	a->to_and_by = !strcmp(how, "to and dealt by");
	a->by_only = !strcmp(how, "by");
	const char *who = m->cap[3];
	/* "... during your turn" (Gideon Blackblade): only while it is its controller's turn */
	if (m->cap[4][0])
		a->cond.kind = CD_YOUR_TURN;
	if (!strcmp(who, "you")) { filter_init(&a->aff); a->aff.players = true; a->aff.you_only = true; a->aff.no_objects = true; return true; }
	return subject_parse(who, &a->aff);
}

/* "If a [red] source [you control] would deal damage to X, it deals double that damage /
 * that much damage plus/minus N [to that ...] instead"; "If a spell would ..." */
static bool
b_dmg_mod(struct match *m, struct bd_abil *a)
{
	a->kind = AK_DAMAGE_MOD;
	filter_init(&a->src);
	char src[256];
	snprintf(src, sizeof src, "%s", m->cap[1]);
	char *w = src;
	if (!strncmp(w, "a ", 2)) w += 2; else if (!strncmp(w, "an ", 3)) w += 3;
	size_t wl = strlen(w);
	if (wl >= 12 && !strcmp(w + wl - 12, " you control")) { a->src.ctl = FC_YOU; w[wl - 12] = 0; }
	/* what is left: "[color] [instant or sorcery] source|spell" */
	char *last = strrchr(w, ' ');
	const char *noun = last ? last + 1 : w;
	if (!strcmp(noun, "spell")) a->src_spell = true;
	else if (strcmp(noun, "source")) return false;
	if (last) {
		*last = 0;
		for (char *t = strtok(w, " "); t; t = strtok(NULL, " ")) {
			unsigned c = bd_color_lookup(t), ty = bd_type_lookup(t);
			if (c) a->src.colors |= c;
			else if (ty) { a->src.types |= ty; a->src.anytype = true; }
			else if (strcmp(t, "or")) return false;
		}
	}
	filter_init(&a->aff);
	const char *to = m->cap[2];
	if (!to[0] || !strcmp(to, "a permanent or player") || !strcmp(to, "any permanent or player")) {
		a->aff.players = true;
	} else if (!strcmp(to, "an opponent or a permanent an opponent controls")) {
		a->aff.players = true; a->aff.opponents_only = true; a->aff.ctl = FC_OPP;
	} else if (!strcmp(to, "you")) {
		a->aff.players = true; a->aff.you_only = true; a->aff.no_objects = true;
	} else if (!subject_parse(to, &a->aff))
		return false;
	if (!strcmp(m->cap[3], "double that damage")) a->dmk = DM_DOUBLE;
	else { a->dmk = !strcmp(m->cap[4], "plus") ? DM_PLUS : DM_MINUS; a->dmn = bd_num(m->cap[5]); }
	return true;
}

/* "If a source would deal damage to you/X, prevent N of that damage" */
static bool
b_prevent_n(struct match *m, struct bd_abil *a)
{
	a->kind = AK_DAMAGE_MOD;
	filter_init(&a->src);
	filter_init(&a->aff);
	if (!strcmp(m->cap[1], "you")) { a->aff.players = true; a->aff.you_only = true; a->aff.no_objects = true; }
	else if (!subject_parse(m->cap[1], &a->aff)) return false;
	a->dmk = DM_MINUS;
	a->dmn = bd_num(m->cap[2]);
	return true;
}

/* One "can't" clause (101.2): "players can't gain life", "you can't lose the game", "your
 * opponents can't win the game", "damage can't be prevented", "counters can't be put on
 * FILTER", "FILTER can't have -1/-1 counters put on them", "~ can't be countered". */
static bool
rule_clause(const char *s, struct bd_rule *r)
{
	memset(r, 0, sizeof *r);
	filter_init(&r->f);
	r->ctr.kind = CK_OTHER;   /* "" = any kind */
	r->who = FC_ANY;
	const char *c = strstr(s, " can't ");
	if (!c)
		return false;
	char subj[160];
	snprintf(subj, sizeof subj, "%.*s", (int)(c - s) < 159 ? (int)(c - s) : 159, s);
	const char *verb = c + 7;
	static const struct { const char *v; enum bd_rulek k; const char *ctr; } pv[] = {
		{ "gain life", RU_CANT_GAIN_LIFE, NULL }, { "lose life", RU_CANT_LOSE_LIFE, NULL },
		{ "lose the game", RU_CANT_LOSE_GAME, NULL }, { "win the game", RU_CANT_WIN_GAME, NULL },
		{ "get counters", RU_PLAYER_NO_COUNTERS, "" }, { "get poison counters", RU_PLAYER_NO_COUNTERS, "poison" },
	};
	for (size_t i = 0; i < sizeof pv / sizeof *pv; i++)
		if (!strcmp(verb, pv[i].v)) {
			r->k = pv[i].k;
			if (pv[i].ctr) snprintf(r->ctr.other, sizeof r->ctr.other, "%s", pv[i].ctr);
			if (!strcmp(subj, "players") || !strcmp(subj, "each player")) r->who = FC_ANY;
			else if (!strcmp(subj, "you")) r->who = FC_YOU;
			else if (!strcmp(subj, "your opponents") || !strcmp(subj, "each opponent") || !strcmp(subj, "opponents")) r->who = FC_OPP;
			else return false;
			return true;
		}
	/* "your opponents can't cast spells of the chosen color" (Iona), "players can't cast
	 * noncreature spells" (601.3) */
	if (!strncmp(verb, "cast ", 5) && strlen(verb) > 10 && (strstr(verb, " spells") || !strncmp(verb, "cast spells", 11))) {
		r->k = RU_CANT_CAST;
		if (!strcmp(subj, "players") || !strcmp(subj, "each player")) r->who = FC_ANY;
		else if (!strcmp(subj, "you")) r->who = FC_YOU;
		else if (!strcmp(subj, "your opponents") || !strcmp(subj, "each opponent") || !strcmp(subj, "opponents")) r->who = FC_OPP;
		else return false;
		if (!bd_filter_parse(verb + 5, &r->f) || !r->f.spell)
			return false;
		return true;
	}
	/* "[combat] damage that would be dealt by creatures you control can't be prevented"
	 * (Questing Beast, 615.12): only damage from those sources */
	bool cmb = !strncmp(subj, "combat damage that would be dealt by ", 37);
	if ((cmb || !strncmp(subj, "damage that would be dealt by ", 30)) && !strcmp(verb, "be prevented")) {
		r->k = cmb ? RU_NO_PREVENT_COMBAT_BY : RU_NO_PREVENT_BY;
		return bd_filter_parse(subj + (cmb ? 37 : 30), &r->f) && !r->f.players && !r->f.spell;
	}
	if (!strcmp(subj, "damage") && !strcmp(verb, "be prevented")) {
		r->k = RU_NO_PREVENT;
		return true;
	}
	if (!strcmp(subj, "~") && !strcmp(verb, "be countered")) {
		r->k = RU_CANT_BE_COUNTERED;
		r->f.self = true;
		return true;
	}
	r->k = RU_NO_COUNTERS;
	if (!strcmp(subj, "counters") && !strncmp(verb, "be put on ", 10)) {
		if (!strcmp(verb + 10, "~")) { r->f.self = true; return true; }
		return bd_filter_parse(verb + 10, &r->f);
	}
	/* "FILTER can't have [KIND] counters put on them|it" */
	char kind[64] = "";
	if (!strncmp(verb, "have ", 5)) {
		const char *k = verb + 5, *e = strstr(k, "counters put on ");
		if (!e) e = strstr(k, "counter put on ");
		if (!e)
			return false;
		const char *tail = strstr(e, " put on ") + 8;
		if (strcmp(tail, "them") && strcmp(tail, "it"))
			return false;
		if (e > k) snprintf(kind, sizeof kind, "%.*s", (int)(e - k - 1), k);
		if (kind[0] && (kind[0] == '+' || kind[0] == '-')) {
			int dp, dt;
			if (sscanf(kind, "%d/%d", &dp, &dt) != 2) return false;
			r->ctr.kind = CK_PT; r->ctr.dp = dp; r->ctr.dt = dt;
		} else if (kind[0] && bd_kw_lookup(kind) >= 0) {
			r->ctr.kind = CK_KEYWORD; r->ctr.kw = bd_kw_lookup(kind);
		} else if (kind[0]) {
			snprintf(r->ctr.other, sizeof r->ctr.other, "%s", kind);
		}
		if (!strcmp(subj, "~")) { r->f.self = true; return true; }
		return subject_parse(subj, &r->f);
	}
	return false;
}

/* A static ability that is one rule-changing effect of kind k, for any player until the
 * caller says whose (101.2) */
static struct bd_rule *
one_rule(struct bd_abil *a, enum bd_rulek k)
{
	a->kind = AK_RULE;
	struct bd_rule *r = &a->rules[0];
	memset(r, 0, sizeof *r);
	filter_init(&r->f);
	r->who = FC_ANY;
	r->k = k;
	a->nrules = 1;
	return r;
}

/* "You have hexproof." (Leyline of Sanctity, 702.11c), "You have shroud." (True Believer,
 * 702.18a): a player's keyword is a rule the targeting consults, relative to the ability's
 * controller like a "can't" */
static bool
b_player_kw(struct match *m, struct bd_abil *a)
{
	struct bd_rule *r = one_rule(a, !strcmp(m->cap[2], "shroud") ? RU_PLAYER_SHROUD : RU_PLAYER_HEXPROOF);
	const char *subj = m->cap[1];
	r->who = !strcmp(subj, "you") ? FC_YOU : !strcmp(subj, "players") || !strcmp(subj, "each player") ? FC_ANY : FC_OPP;
	return true;
}

/* "If a player would gain life, that player gains no life instead." (Sulfuric Vortex, Erebos):
 * a replacement effect (614.1a), kept with the rules the life change consults; not a "can't"
 * (119.7), and said so */
static bool
b_gain_no_life(struct match *m, struct bd_abil *a)
{
	struct bd_rule *r = one_rule(a, RU_GAIN_NO_LIFE);
	const char *subj = m->cap[1];
	r->who = !strcmp(subj, "you") ? FC_YOU : !strcmp(subj, "a player") ? FC_ANY : FC_OPP;
	return true;
}

/* "Creatures entering the battlefield [or dying] don't cause abilities to trigger." (Torpor
 * Orb, Hushwing Gryph, Hushbringer): rule-changing effects the enters-the-battlefield and
 * dies triggers consult */
static bool
b_no_etb(struct match *m, struct bd_abil *a)
{
	struct bd_rule *r = one_rule(a, RU_NO_ETB_TRIGGERS);
	if (!subject_parse(m->cap[1], &r->f))
		return false;
	const char *ev = m->cap[2];
	bool etb = !strncmp(ev, "entering", 8), dies = strstr(ev, "dying") != NULL;
	if (!etb)
		r->k = RU_NO_DIES_TRIGGERS;
	else if (dies) {
		a->rules[1] = *r;
		a->rules[1].k = RU_NO_DIES_TRIGGERS;
		a->nrules = 2;
	}
	return true;
}

/* "A can't X[ and B can't Y]": static rule-changing effects (101.2) */
static bool
b_rule(struct match *m, struct bd_abil *a)
{
	a->kind = AK_RULE;
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->subj);
	char *p = buf;
	while (p && a->nrules < 3) {
		/* the next clause starts after " and " that is followed by another "can't" */
		char *next = NULL;
		for (char *q = strstr(p, " and "); q; q = strstr(q + 5, " and "))
			if (strstr(q + 5, " can't ") && strstr(p, " can't ") < q) { next = q; break; }
		if (next) *next = 0;
		if (!rule_clause(p, &a->rules[a->nrules]))
			return false;
		a->nrules++;
		p = next ? next + 5 : NULL;
	}
	return p == NULL && a->nrules > 0;
}

/* "[If COND, ]damage that would reduce your life total to less than N reduces it to N
 * instead" (Worship): a replacement effect on damage's result (614.1a) */
static bool
b_life_floor(struct match *m, struct bd_abil *a)
{
	a->kind = AK_RULE;
	if (m->cap[1][0] && !cond_parse(m->cap[1], &a->cond))
		return false;
	struct bd_rule *r = &a->rules[0];
	memset(r, 0, sizeof *r);
	filter_init(&r->f);
	r->k = RU_LIFE_FLOOR;
	r->who = FC_YOU;
	r->n = bd_num(m->cap[2]);
	a->nrules = 1;
	return r->n > 0 && !strcmp(m->cap[2], m->cap[3]);
}

/* A counter kind as a replacement names it: "+1/+1", "loyalty", "" (any: "counters"). */
static bool
ctr_kind_parse(const char *w, struct bd_ctr *c)
{
	memset(c, 0, sizeof *c);
	c->kind = CK_OTHER;
	if (!*w)
		return true;
	int dp, dt;
	if (sscanf(w, "%d/%d", &dp, &dt) == 2) { c->kind = CK_PT; c->dp = dp; c->dt = dt; return true; }
	if (!strcmp(w, "loyalty")) { c->kind = CK_LOYALTY; return true; }
	if (bd_kw_lookup(w) >= 0) { c->kind = CK_KEYWORD; c->kw = bd_kw_lookup(w); return true; }
	if (strchr(w, ' '))
		return false;
	snprintf(c->other, sizeof c->other, "%s", w);
	return true;
}

/* "twice that many", "that many plus one", "three times that many" */
static bool
how_many_parse(const char *w, struct bd_abil *a)
{
	int n;
	if (!strncmp(w, "twice that many", 15)) { a->dmk = DM_DOUBLE; return true; }
	if (!strncmp(w, "that many plus ", 15) && (n = number_word(w + 15)) > 0) { a->dmk = DM_PLUS; a->dmn = n; return true; }
	if (!strncmp(w, "that many minus ", 16) && (n = number_word(w + 16)) > 0) { a->dmk = DM_MINUS; a->dmn = n; return true; }
	if (!strncmp(w, "half that many", 14)) { a->dmk = DM_HALF; return true; }
	return false;
}

/* "If one or more [KIND] counters would be put on FILTER, HOW MANY [KIND] counters are put
 * on it instead" (Hardened Scales), "If an effect would put one or more counters on FILTER,
 * it puts HOW MANY of those counters on that permanent instead" (Doubling Season) */
static bool
ctr_mod(struct bd_abil *a, bool by_effect, const char *kind, const char *subj, const char *how)
{
	a->kind = AK_CTR_MOD;
	a->by_effect = by_effect;
	if (!ctr_kind_parse(kind, &a->tctr))
		return false;
	if (!strcmp(subj, "~")) { filter_init(&a->aff); a->aff.self = true; }
	else if (!subject_parse(subj, &a->aff))
		return false;
	return how_many_parse(how, a);
}

static bool
b_ctr_mod(struct match *m, struct bd_abil *a)
{
	return ctr_mod(a, false, m->cap[1], m->cap[2], m->cap[3]);
}

static bool
b_ctr_mod_effect(struct match *m, struct bd_abil *a)
{
	return ctr_mod(a, true, m->cap[1], m->cap[2], m->cap[3]);
}

/* "If you|an opponent would put one or more counters on a permanent or player, [they] put
 * twice|half that many of each of those kinds of counters on that permanent or player
 * instead[, rounded down]" (Vorinclex, Monstrous Raider): counters that player puts, as a
 * cost too (no "effect" in its text); "half" must say it rounds down (107.1a) */
static bool
b_ctr_mod_putter(struct match *m, struct bd_abil *a)
{
	/* cap[4] is SUBJ's own group */
	bool half = !strncmp(m->cap[5], "half", 4);
	if (half != (m->cap[6][0] != 0))
		return false;
	bool players = !strcmp(m->cap[3], "a permanent or player");
	if (!ctr_mod(a, false, m->cap[2], players ? "permanent" : m->cap[3], m->cap[5]))
		return false;
	a->ctr_putter = !strcmp(m->cap[1], "you") ? FC_YOU : FC_OPP;
	a->ctr_players = players;
	return true;
}

/* "If an effect would create one or more [creature] tokens under your control, it creates
 * twice that many of those tokens instead" (Doubling Season, Anointed Procession) */
static bool
b_token_mod(struct match *m, struct bd_abil *a)
{
	a->kind = AK_TOKEN_MOD;
	a->by_effect = true;
	filter_init(&a->aff);
	a->aff.ctl = FC_YOU;
	if (m->cap[1][0] && !(a->aff.types = bd_type_lookup(m->cap[1])))
		return false;
	return how_many_parse(m->cap[2], a);
}

/* The chapter numbers a list of chapter symbols names ("i, iii"), as bits; 0 if a word of it
 * is not a chapter symbol. */
static unsigned
chapter_bits(const char *list)
{
	static const char *const roman[] = { "", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x" };
	char buf[256];
	unsigned bits = 0;
	snprintf(buf, sizeof buf, "%s", list);
	for (char *w = strtok(buf, ", "); w; w = strtok(NULL, ", ")) {
		int n = 0;
		for (int k = 1; k <= 10; k++)
			if (!strcmp(w, roman[k])) n = k;
		if (n == 0)
			return 0;
		bits |= 1u << n;
	}
	return bits;
}

/* A Saga's chapter ability (714.2): "I, II — EFFECT", a triggered ability that triggers when
 * lore counters bring it to (or past) its chapter number (714.2b). */
static bool
b_chapter(struct match *m, struct bd_abil *a)
{
	if (!(a->chapters = chapter_bits(m->cap[1])))
		return false;
	a->kind = AK_TRIGGER;
	a->trig = TR_CHAPTER;
	filter_init(&a->aff);
	a->aff.self = true;
	return trig_effect(m->cap[2], a);
}

/* The next item of a list "A, B, and C" or "A and B" in *rest (split in place), or NULL */
static char *
list_item(char **rest)
{
	char *p = *rest;
	if (!p || !*p)
		return NULL;
	char *next = strstr(p, ", ");
	if (next) { *next = 0; next += 2; }
	if (!strncmp(p, "and ", 4)) p += 4;
	char *and = strstr(p, " and ");
	if (and && !next) { *and = 0; next = and + 5; }
	*rest = next;
	return p;
}

/* "LIST are the chosen type" (Conspiracy): layer 4 sets the creature types (613.1d), of the
 * permanents the list names and, when it names them, of the creature cards its controller owns
 * outside the battlefield and the creature spells they control. */
static bool
b_chosen_type(struct match *m, struct bd_abil *a)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->cap[1]);
	bool any = false, off = false;
	for (char *p, *rest = buf; (p = list_item(&rest));) {
		if (!strstr(p, "spell") && !strstr(p, "card") && !any) {
			if (!subject_parse(p, &a->aff))
				return false;
			any = true;
		} else if (!strstr(p, "spell") && !strstr(p, "card"))
			return false;   /* two kinds of permanents: not read */
		else if (!strcmp(p, "creature spells you control") || !strcmp(p, "creature cards you own that aren't on the battlefield"))
			off = true;
		else
			return false;
	}
	if (!any)
		return false;
	a->aff.offbf = off;
	a->kind = AK_STATIC;
	part_add(a, m->cap[2][0] ? OP_ADD_SUB : OP_SET_CREATURE_SUB, LY_TYPE);
	a->parts[0].sub_chosen = true;
	return true;
}

/* "All cards that aren't on the battlefield, spells, and permanents are colorless" (Mycosynth
 * Lattice): layer 5 sets the color to none (105.2c), of the permanents the list names and, when
 * it names them, of every card off the battlefield and every spell. */
static bool
b_colorless(struct match *m, struct bd_abil *a)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->cap[1]);
	bool any = false, cards = false, spells = false;
	for (char *p, *rest = buf; (p = list_item(&rest));) {
		if (!strcmp(p, "all cards that aren't on the battlefield") || !strcmp(p, "cards that aren't on the battlefield"))
			cards = true;
		else if (!strcmp(p, "spells") || !strcmp(p, "all spells"))
			spells = true;
		else if (!any) {
			if (!subject_parse(!strcmp(p, "all permanents") ? "permanents" : p, &a->aff))
				return false;
			any = true;
		} else
			return false;
	}
	if (!any || cards != spells)
		return false;   /* cards without spells (or the reverse) isn't a kind judge keeps */
	a->aff.everywhere = cards;
	a->kind = AK_STATIC;
	part_add(a, OP_SET_COLOR, LY_COLOR);
	a->parts[0].mask = 0;
	return true;
}

/* "Ward {N}", "Ward-Pay N life" (702.21a): "Whenever this permanent becomes the target of a
 * spell or ability an opponent controls, counter that spell or ability unless that player
 * pays [cost]." */
static bool
b_ward(struct match *m, struct bd_abil *a)
{
	a->kind = AK_TRIGGER;
	a->trig = TR_TARGETED;
	filter_init(&a->aff);
	a->aff.self = true;
	if (m->cap[1][0])
		snprintf(a->cost.mana, sizeof a->cost.mana, "%.31s", m->cap[1]);
	else if ((a->cost.life = bd_num(m->cap[2])) <= 0)
		return false;
	struct bd_effect *e = &a->eff[0];
	memset(e, 0, sizeof *e);
	filter_init(&e->f);
	e->kind = EF_WARD;
	e->slot = -1;
	a->neff = 1;
	return true;
}

/* Several characteristics in one sentence, each clause in its own layer (Deep Freeze:
 * "Enchanted creature has base power and toughness 0/4, has defender, loses all other
 * abilities, and is a blue Wall in addition to its other colors and types."). "All other
 * abilities" spares what the sentence itself grants, so losing comes first in layer 6. */
static bool
b_compound(struct match *m, struct bd_abil *a)
{
	a->kind = AK_STATIC;
	if (!subject_parse(m->cap[1], &a->aff))
		return false;
	char buf[512];
	snprintf(buf, sizeof buf, "%s", m->cap[2]);
	char *cl[8];
	int ncl = 0;
	for (char *p = buf; p && ncl < 8;) {
		char *next = strstr(p, ", ");
		if (next) { *next = 0; next += 2; }
		if (!strncmp(p, "and ", 4)) p += 4;
		cl[ncl++] = p;
		p = next;
	}
	if (ncl < 2)
		return false;
	bool lose_other = false;
	for (int i = 0; i < ncl; i++)
		if (!strcmp(cl[i], "loses all other abilities") || !strcmp(cl[i], "loses all abilities")) {
			part_add(a, OP_LOSE_ALL, LY_ABIL);
			lose_other = true;
		}
	for (int i = 0; i < ncl; i++) {
		const char *c = cl[i];
		int x, y;
		char w1[64], w2[64];
		if (a->nparts >= BD_MAXPART)
			return false;
		if (sscanf(c, "has base power and toughness %d/%d", &x, &y) == 2) {
			part_add(a, OP_SET_PT, LY_7B);
			a->parts[a->nparts - 1].a = x;
			a->parts[a->nparts - 1].b = y;
		} else if (sscanf(c, "gets %d/%d", &x, &y) == 2) {
			part_add(a, OP_MOD_PT, LY_7C);
			a->parts[a->nparts - 1].a = x;
			a->parts[a->nparts - 1].b = y;
		} else if (!strncmp(c, "has ", 4)) {
			uint32_t kws;
			unsigned pc, pf;
			if (!kwlist_parse(c + 4, &kws, &pc, &pf))
				return false;
			part_add(a, OP_ADD_KW, LY_ABIL);
			a->parts[a->nparts - 1].kws = kws;
			a->parts[a->nparts - 1].prot_colors = pc;
			a->parts[a->nparts - 1].prot_flags = pf;
		} else if (!strcmp(c, "loses all other abilities") || !strcmp(c, "loses all abilities")) {
			continue;
		} else if (sscanf(c, "is a %63s %63s in addition to its other colors and types", w1, w2) == 2
		    || sscanf(c, "is an %63s %63s in addition to its other colors and types", w1, w2) == 2) {
			unsigned col = bd_color_lookup(w1);
			if (!col)
				return false;
			part_add(a, OP_SET_COLOR, LY_COLOR);
			a->parts[a->nparts - 1].mask = col;
			a->parts[a->nparts - 1].color_add = true;
			if (a->nparts >= BD_MAXPART)
				return false;
			part_add(a, OP_ADD_SUB, LY_TYPE);
			subtype_word(w2, a->parts[a->nparts - 1].sub);
		} else
			return false;
	}
	(void)lose_other;
	return true;
}

/* "Players can't gain life this turn.", "Damage can't be prevented this turn." */
static bool
e_rule(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_RULE;
	e->until_eot = true;
	return rule_clause(m->cap[1], &e->rule) && e->rule.k != RU_CANT_BE_COUNTERED && e->rule.k != RU_LIFE_FLOOR;
}

/* "Choose one —", "Choose one or both —", "Choose one or more —": the modes follow as "•"
 * lines (700.2) */
static bool
b_modes(struct match *m, struct bd_abil *a)
{
	a->kind = AK_INERT;
	return modes_count(m->cap[1], a);
}

/* One cost item of a spell: "sacrifice a creature", "discard a card", "pay 4 life", "exile a
 * blue card from your hand" (601.2f). */
static bool
spell_cost_item(const char *item, struct bd_abil *a)
{
	struct bd_cost *c = &a->cost;
	char what[200], col[32];
	int n;
	if (sscanf(item, "sacrifice %199[^\n]", what) == 1) {
		char *w = what;
		int k = 1;
		if (!strncmp(w, "a ", 2) || !strncmp(w, "an ", 3)) w = strchr(w, ' ') + 1;
		else {
			char num[32];
			if (sscanf(w, "%31s", num) != 1 || (k = number_word(num)) <= 0) return false;
			w += strlen(num);
			while (*w == ' ') w++;
		}
		if (!bd_filter_parse(w, &c->sac)) return false;
		c->nsac = k;
		return true;
	}
	if (!strcmp(item, "discard a card")) { c->discard = 1; return true; }
	if (sscanf(item, "discard %31s cards", col) == 1 && number_word(col) > 0) { c->discard = number_word(col); return true; }
	if (sscanf(item, "pay %d life", &n) == 1 && n > 0) { c->life = n; return true; }
	if (!strcmp(item, "exile a card from your hand")) { a->exile_hand = 1; return true; }
	if (sscanf(item, "exile a %31s card from your hand", col) == 1 || sscanf(item, "exile an %31s card from your hand", col) == 1) {
		unsigned cl = bd_color_lookup(col);
		if (!cl) return false;
		a->exile_hand = 1;
		a->exile_colors = cl;
		return true;
	}
	return false;
}

/* "As an additional cost to cast this spell, sacrifice a creature." (601.2f; Fling, Bone
 * Splinters), "..., discard a card or pay {5}." (Lightning Axe) */
static bool
b_additional_cost(struct match *m, struct bd_abil *a)
{
	a->kind = AK_INERT;
	a->spell_cost = 1;
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->cap[1]);
	char *orp = strstr(buf, " or pay {");
	if (orp) {
		snprintf(a->or_mana, sizeof a->or_mana, "%.31s", orp + 8);
		if (strspn(a->or_mana, "{}0123456789wubrgcx") != strlen(a->or_mana)) return false;
		*orp = 0;
	}
	return spell_cost_item(buf, a);
}

/* "[If COND, ]you may pay 4 life [and exile a blue card from your hand] rather than pay this
 * spell's mana cost." (118.9: an alternative cost; Snuff Out, Force of Will) */
static bool
b_alternative_cost(struct match *m, struct bd_abil *a)
{
	a->kind = AK_INERT;
	a->spell_cost = 2;
	if (m->cap[1][0]) {
		if (!cond_parse(m->cap[1], &a->ifcond)) return false;
		a->ifk = IF_COND;
	}
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->cap[2]);
	char *and = strstr(buf, " and ");
	if (and) {
		*and = 0;
		if (!spell_cost_item(and + 5, a)) return false;
	}
	return spell_cost_item(buf, a);
}

static bool
b_spell(struct match *m, struct bd_abil *a)
{
	a->kind = AK_SPELL;
	/* "You may exile another target creature": the choice is made as it resolves (608.2d) */
	if (!strncmp(m->subj, "you may ", 8)) {
		char buf[512];
		snprintf(buf, sizeof buf, "%s%s", strncmp(m->subj + 8, "gain ", 5) && strncmp(m->subj + 8, "lose ", 5) ? "" : "you ", m->subj + 8);
		a->optional = true;
		return effect_parse(buf, a);
	}
	return effect_parse(m->subj, a);
}

/* 601.2f: "Noncreature spells cost {1} more to cast." (Thalia), "Instant and sorcery spells you
 * cast cost {1} less to cast." (Goblin Electromancer), "This spell costs {X} less to cast, where X
 * is the total power of creatures you control." (Ghalta), "Activated abilities cost {2} more to
 * activate unless they're mana abilities." (Suppression Field, 602.2b) */
static bool
b_cost_mod(struct match *m, struct bd_abil *a)
{
	a->kind = AK_COST_MOD;
	filter_init(&a->aff);
	a->tplayer = FC_ANY;
	if (m->cap[1][0]) {
		a->cost_self = true;
		a->dmk = !strcmp(m->cap[2], "more") ? DM_PLUS : DM_MINUS;
		if (!strcmp(m->cap[1], "x")) {
			if (a->dmk != DM_MINUS || strncmp(m->cap[3], ", where", 7))
				return false;
			a->cost_power = true;
		} else {
			a->dmn = atoi(m->cap[1]);
			if (m->cap[3][0] == ',')
				return false;
			a->cost_per_target = m->cap[3][0] != 0;
		}
		return true;
	}
	if (m->cap[6][0]) {
		char ph[300];
		snprintf(ph, sizeof ph, "%s spells", m->cap[4][0] ? m->cap[4] : "");
		if (!bd_filter_parse(ph[0] == ' ' ? ph + 1 : ph, &a->aff))
			return false;
		if (!strcmp(m->cap[5], "you")) a->tplayer = FC_YOU;
		else if (m->cap[5][0]) a->tplayer = FC_OPP;
		a->dmn = atoi(m->cap[6]);
		a->dmk = !strcmp(m->cap[7], "more") ? DM_PLUS : DM_MINUS;
		return true;
	}
	a->cost_act = true;
	a->dmk = DM_PLUS;
	a->dmn = atoi(m->cap[9]);
	a->cost_no_mana = m->cap[10][0] != 0;
	return !m->cap[8][0] || bd_filter_parse(m->cap[8], &a->aff);
}

#define KWRE "(?:flying|reach|first strike|double strike|trample|deathtouch|lifelink|indestructible|hexproof|shroud|menace|defender|vigilance|haste|persist|undying|wither|infect|flash|plainswalk|islandwalk|swampwalk|mountainwalk|forestwalk|fear|intimidate|protection from the color of your choice|protection from [a-z]+(?: and from [a-z]+)*)"
#define KWLIST KWRE "(?:(?:,? and |, )" KWRE ")*"
#define PT "([+-]\\d+)/([+-]\\d+)"
#define SUBJ "(~ or another [a-z ,/-]+?|~|enchanted creature|equipped creature|enchanted permanent|enchanted land|(?:other |each |all )?[a-z ,/-]+?)"

static struct tmpl tmpls[] = {
	{ "keywords", "^" KWLIST "$", b_keywords, "Flying, first strike", false, NULL },
	{ "enchant", "^enchant ([a-z ]+)$", b_enchant, "Enchant creature", false, NULL },
	{ "equip", "^equip (?:\\{[^}]*\\})+$|^equip \\d+$", b_equip, "Equip {2}", false, NULL },
	{ "mana ability", "^\\{t\\}: add .*$", b_mana, "{T}: Add {G}.", false, NULL },
	{ "ward", "^ward(?: ((?:\\{[^}]*\\})+)|-pay (\\d+) life)$", b_ward, "Ward {2}", false, NULL },
	{ "casting keyword without a cost", "^(?:improvise|convoke|delve|affinity for [a-z]+|split second)$", b_inert, "Convoke", false, NULL },
	{ "casting keyword", "^(?:flashback|kicker|multikicker|buyback|madness|cycling|foretell|ninjutsu|splice onto [a-z]+|evoke|dash|escape|morph|megamorph|disguise) (?:\\{[^}]*\\})+(?:,? .*)?$", b_inert,
	  "Kicker {G}", false, NULL },
	{ "indestructible itself", "^~ is (indestructible)$", b_grant_self, "Stuffy Doll is indestructible.", false, NULL },
	{ "can't", "^[a-z~ ,/+-]+ can't [a-z0-9~ ,'/+-]+$", b_rule, "Players can't gain life.", false, NULL },
	{ "life-total floor", "^(?:if ([^,]+), )?damage that would reduce your life total to less than (\\d+) reduces it to (\\d+) instead$", b_life_floor,
	  "If you control a creature, damage that would reduce your life total to less than 1 reduces it to 1 instead.", false, NULL },
	{ "colorless", "^(.+?) (?:is|are) colorless$", b_colorless, "All cards that aren't on the battlefield, spells, and permanents are colorless.", false, NULL },
	{ "spend mana as though", "^players may spend mana as though it were mana of any (?:color|type)$", b_inert,
	  "Players may spend mana as though it were mana of any color.", false, NULL },
	{ "begin the game with it", "^if ~ is in your opening hand, you may begin the game with it on the battlefield$", b_inert,
	  "If this card is in your opening hand, you may begin the game with it on the battlefield.", false, NULL },
	{ "counters replacement", "^if one or more ([+-]\\d+/[+-]\\d+|[a-z]+)? ?counters would be put on " SUBJ ", (twice that many|that many (?:plus|minus) [a-z0-9]+)(?: of each of those kinds of| [+-]\\d+/[+-]\\d+| [a-z]+)? counters are put on (?:it|them|that permanent) instead$", b_ctr_mod,
	  "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead.", false, NULL },
	{ "counters replacement (effects)", "^if an effect would put one or more ([+-]\\d+/[+-]\\d+|[a-z]+)? ?counters on " SUBJ ", it puts (twice that many|that many plus [a-z0-9]+)(?: of those)?(?: [+-]\\d+/[+-]\\d+| [a-z]+)? counters on (?:it|that permanent|that creature|them) instead$", b_ctr_mod_effect,
	  "If an effect would put one or more counters on a permanent you control, it puts twice that many of those counters on that permanent instead.", false, NULL },
	{ "counters replacement (by a player)", "^if (you|an opponent) would put one or more ([+-]\\d+/[+-]\\d+|[a-z]+)? ?counters on (a permanent or player|" SUBJ "), (?:they |you )?put (twice that many|half that many|that many plus [a-z0-9]+)(?: of each of those kinds of| of those)?(?: [+-]\\d+/[+-]\\d+| [a-z]+)? counters on (?:that permanent or player|that permanent|it|them) instead(, rounded down)?$", b_ctr_mod_putter,
	  "If you would put one or more counters on a permanent or player, put twice that many of each of those kinds of counters on that permanent or player instead.", false, NULL },
	{ "tokens replacement", "^if an effect would create one or more (?:([a-z]+) )?tokens under your control, it creates (twice that many|that many plus [a-z0-9]+) of those tokens instead$", b_token_mod,
	  "If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead.", false, NULL },
	{ "attack/block restriction", "^[a-z~ ,'-]+ (?:can't (?:attack|block|attack or block|be blocked)|attacks each (?:combat|turn) if able|blocks each (?:combat|turn) if able|doesn't untap during [a-z' ]+ untap step)(?: [a-z~ ,'-]+)?$", b_inert,
	  "Enchanted creature can't attack or block.", false, NULL },
	{ "several characteristics", "^(enchanted creature|equipped creature|enchanted permanent) ((?:has|gets|loses|is) [^,]+(?:, (?:and )?(?:has|gets|loses|is) [^,]+)+)$", b_compound,
	  "Enchanted creature has base power and toughness 0/4, has defender, loses all other abilities, and is a blue Wall in addition to its other colors and types.", false, NULL },
	{ "anthem", "^" SUBJ " gets? " PT "(?: and (?:has|have|gains?) (" KWLIST "))?$", b_anthem,
	  "Other Faerie creatures you control get +1/+1 and have flying.", false, NULL },
	{ "anthem per count", "^" SUBJ " gets? " PT " for each ([a-z ]+?)(?: you control)?$", b_anthem_count,
	  "This creature gets +1/+1 for each other creature you control.", false, NULL },
	{ "gains no life instead", "^if (a player|you|an opponent) would gain life, (?:that player|you|that opponent|they) gains? no life instead$", b_gain_no_life,
	  "If a player would gain life, that player gains no life instead.", false, NULL },
	{ "entering doesn't trigger", "^([a-z ,/-]+?) (entering(?: the battlefield)?(?: or dying)?|dying) don't cause abilities to trigger$", b_no_etb,
	  "Creatures entering the battlefield don't cause abilities to trigger.", false, NULL },
	{ "player keyword", "^(you|players|each player|your opponents|each opponent|opponents) (?:has|have) (hexproof|shroud)$", b_player_kw,
	  "You have hexproof.", false, NULL },
	{ "grant keywords", "^" SUBJ " (?:has|have) (" KWLIST ")$", b_grant,
	  "Enchanted creature has flying.", false, NULL },
	{ "loses a keyword", "^" SUBJ " loses? (" KWLIST ")$", b_lose_kw,
	  "Enchanted creature loses flying.", false, NULL },
	{ "loses all abilities", "^" SUBJ " loses? all abilities(?: and (?:has|have) base power and toughness (\\d+)/(\\d+))?$", b_lose_all,
	  "All creatures lose all abilities and have base power and toughness 1/1.", false, NULL },
	{ "base power and toughness", "^" SUBJ " (?:has|have) base power and toughness (\\d+)/(\\d+)$", b_base_pt,
	  "Enchanted creature has base power and toughness 0/2.", false, NULL },
	{ "is a ... with base P/T", "^" SUBJ " is an? ([a-z]+(?: [a-z]+)?) with base power and toughness (\\d+)/(\\d+)( and loses all abilities)?$", b_is_a_with_base,
	  "Enchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities.", false, NULL },
	{ "are the chosen type", "^(.+?) (?:is|are) the chosen (?:creature )?type( in addition to (?:its|their) other (?:creature )?types)?$", b_chosen_type,
	  "Creatures you control are the chosen type.", false, NULL },
	{ "lands are a basic type", "^" SUBJ " (?:is|are) (?:an? )?(plains|islands?|swamps?|mountains?|forests?)$", b_land_set,
	  "Nonbasic lands are Mountains.", false, NULL },
	{ "land type added", "^" SUBJ " (?:is|are) (?:an? )?(plains|islands?|swamps?|mountains?|forests?) in addition to (?:its|their) other land types$", b_land_add,
	  "Each land is a Swamp in addition to its other land types.", false, NULL },
	{ "becomes a creature with P/T = mana value", "^" SUBJ " (?:is|are) (?:an? )?([a-z ]+?)s?(?: in addition to (?:its|their) other types)?(?: and (?:has|have) |,? with )(?:base )?power and (?:base )?toughness each equal to (?:its|their) mana values?$", b_becomes_mv,
	  "Each other non-Aura enchantment is a creature in addition to its other types and has base power and base toughness each equal to its mana value.", false, NULL },
	{ "types, color and P/T set", "^" SUBJ " (?:is|are) (?:an? )?(\\d+)/(\\d+) (white|blue|black|red|green) ([a-z ]+?) in addition to (?:its|their) other types$", b_types_pt_color,
	  "All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition to their other types.", false, NULL },
	{ "types added", "^" SUBJ " (?:is|are) (?:an? )?([a-z ]+?) in addition to (?:its|their) other (?:creature )?types$", b_add_types,
	  "All creatures are artifacts in addition to their other types.", false, NULL },
	{ "color set", "^" SUBJ " (?:is|are) (white|blue|black|red|green|colorless)$", b_color,
	  "Enchanted creature is black.", false, NULL },
	{ "control enchanted", "^you control enchanted (?:creature|permanent|artifact|land)$", b_control,
	  "You control enchanted creature.", false, NULL },
	{ "P/T equal to a count", "^~'s power and toughness are each equal to the number of ([a-z ]+?)(?: you control)?$", b_cda_count,
	  "This creature's power and toughness are each equal to the number of creatures you control.", false, NULL },
	{ "P/T equal to your life total", "^~'s power and toughness are each equal to your life total$", b_cda_life,
	  "Serra Avatar's power and toughness are each equal to your life total.", false, NULL },
	{ "power equal to a count", "^~'s power is equal to the number of ([a-z ]+?)(?: you control)?$", b_cda_power_count,
	  "Adeline's power is equal to the number of creatures you control.", false, NULL },
	{ "Tarmogoyf", "^~'s power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1$", b_cda_goyf,
	  "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1.", false, NULL },
	{ "dies trigger", "^when(?:ever)? " SUBJ " ((?:enters or )?dies|(?:enters or )?leaves the battlefield|is put into a graveyard from the battlefield), (.+)$", b_dies,
	  "Whenever another creature you control dies, you gain 1 life.", false, NULL },
	{ "enters replacement", "^" SUBJ " enters?(?: the battlefield)?( tapped)?(?: with (a|an|one|two|three|four|five|six|x|\\d+)(?: additional)? ([+-]\\d+/[+-]\\d+|[a-z]+) counters? on (?:it|them)( and tapped)?)?$", b_enters,
	  "This creature enters with two +1/+1 counters on it.", false, NULL },
	{ "enter as a copy of this", "^([a-z ]+?) (?:enter|enters) (?:the battlefield )?as a copy of ~$", b_enter_as_copy_of_source,
	  "Creatures you control enter as a copy of this creature.", false, NULL },
	{ "enter as a copy", "^you may have ~ enter(?: the battlefield)? as a copy of (?:any|a|an) ([a-z ]+?) (on the battlefield|you control)(?:, except (.+))?$", b_clone,
	  "You may have this creature enter as a copy of any creature on the battlefield.", false, NULL },
	{ "as enters, choose", "^as ~ enters(?: the battlefield)?, choose (?:a |an )?([a-z ]+?)$", b_as_enters,
	  "As this creature enters, choose a color.", false, NULL },
	{ "enters trigger", "^when(?:ever)? " SUBJ " enters(?: the battlefield)?( under (?:your|an opponent's) control)?, (.+)$", b_etb,
	  "When this creature enters, you gain 2 life.", false, NULL },
	{ "the same for spells and cards", "^the same is true for creature spells you control and creature cards you (?:own|control) that aren't on the battlefield$", b_inert,
	  "The same is true for creature spells you control and creature cards you control that aren't on the battlefield.", false, NULL },
	{ "Saga chapter", "^((?:i|ii|iii|iv|v|vi|vii|viii|ix|x)(?:, (?:i|ii|iii|iv|v|vi|vii|viii|ix|x))*) - (.+)$", b_chapter,
	  "I, II - Create a 1/1 white Soldier creature token.", false, NULL },
	{ "trigger", "^(when|whenever|at) (.+?), (.+)$", b_trigger,
	  "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.", false, NULL },
	{ "activated ability", "^([^:\"]+): (.+)$", b_activated,
	  "Sacrifice this creature: It deals 1 damage to any target.", false, NULL },
	{ "die replacement with a token", "^if " SUBJ " would die, instead exile (?:it|that card) and create (a|an|one|two|three) (tapped )?(\\d+)/(\\d+) ([a-z ]+?) creature tokens?$", b_die_exile_token,
	  "If a nontoken creature an opponent controls would die, instead exile that card and create a tapped 2/2 black Zombie creature token.", false, NULL },
	{ "shuffle into library instead", "^if ~ would be put into a graveyard from anywhere, (?:reveal ~ and )?shuffle (?:it|~) into its owner's library instead$", b_grave_library,
	  "If this creature would be put into a graveyard from anywhere, reveal it and shuffle it into its owner's library instead.", false, NULL },
	{ "die replacement", "^if " SUBJ " would die, (?:exile it instead|instead exile (?:it|that card))$|^if a card( or token)? would be put into (a|an opponent's|your) graveyard from anywhere, exile it instead$", b_die_exile,
	  "If a creature an opponent controls would die, exile it instead.", false, NULL },
	{ "prevent damage", "^prevent all (combat )?damage that would be dealt (to and dealt by|to|by) " SUBJ "( during your turn)?$", b_prevent,
	  "Prevent all damage that would be dealt to enchanted creature.", false, NULL },
	{ "damage modification", "^if ([a-z ]+?(?:source|spell)(?: you control)?) would deal damage(?: to ([a-z ]+?))?, it deals (double that damage|that much damage (plus|minus) (\\d+))(?: to that [a-z ]+?)? instead$", b_dmg_mod,
	  "If a source would deal damage to a permanent or player, it deals double that damage to that permanent or player instead.", false, NULL },
	{ "prevent some damage", "^if a source would deal damage to ([a-z~ ]+?), prevent (\\d+) of that damage$", b_prevent_n,
	  "If a source would deal damage to you, prevent 1 of that damage.", false, NULL },
	{ "modes", "^choose (one|two|three|four|one or both|one or more|any number)(?: -)?$", b_modes,
	  "Choose one —", false, NULL },
	{ "casting keyword", "^(?:flashback|kicker|multikicker|buyback|madness|cycling|foretell|splice onto [a-z]+|evoke|dash|escape|overload|entwine|replicate|spectacle|surge) (?:\\{[^}]*\\})+(?:,? .*)?$", b_inert,
	  "Kicker {4}", true, NULL },
	{ "additional cost", "^as an additional cost to cast ~, (.+)$", b_additional_cost,
	  "As an additional cost to cast this spell, sacrifice a creature.", true, NULL },
	{ "alternative cost", "^(?:if (.+?), )?you may (.+?) rather than pay ~'s mana cost$", b_alternative_cost,
	  "If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost.", true, NULL },
	{ "cost modifier", "^(?:~ costs \\{(\\d+|x)\\} (more|less) to cast(, where x is the total power of creatures you control| for each target beyond the first)?|(?:([a-z ,]+?) )?spells(?: (you|your opponents) cast)? cost \\{(\\d+)\\} (more|less) to cast|activated abilities(?: of ([a-z ,]+?))? cost \\{(\\d+)\\} more to activate( unless they're mana abilities)?)$", b_cost_mod,
	  "Noncreature spells cost {1} more to cast.", false, NULL },
	{ "cost change", "^~ costs (?:\\{[^}]*\\})+ (?:more|less) to cast(?: for each [a-z ]+)?$", b_inert,
	  "This spell costs {1} more to cast for each target beyond the first.", true, NULL },
	{ "spell effect", "^(.*)$", b_spell, "Destroy target creature.", true, NULL },
};
#define NTMPL (sizeof tmpls / sizeof *tmpls)

/* One-shot effect sentences (spells, triggered abilities). */
struct eff_tmpl {
	const char *re;
	bool (*build)(struct match *m, struct bd_abil *a, struct bd_effect *e);
	const char *example;
	pcre2_code *code;
};

static int
target_slot(struct bd_abil *a, const char *phrase, struct bd_filter *f)
{
	/* "target creature", "any target", "target player", "target creature or player" */
	if (a->ntgt >= BD_MAXTGT)
		return -1;
	struct bd_tspec *t = &a->tgt[a->ntgt];
	memset(t, 0, sizeof *t);
	filter_init(&t->f);
	/* "up to one target land": the spec is chosen for none or one (601.2c); "two target
	 * creatures", "up to two target creatures", "any number of target creatures": one word
	 * "target" for several (115.1a), each chosen once (115.3) */
	char plural[256];
	int several = 0;
	if (!strncmp(phrase, "up to one target ", 17)) {
		t->upto = true;
		phrase += 10;
	} else if (!strncmp(phrase, "any number of target ", 21)) {
		t->upto = true;
		several = BD_MAXTGT;
		phrase += 14;
	} else {
		char w[16];
		int skip = 0;
		bool upto = !strncmp(phrase, "up to ", 6);
		if (sscanf(phrase + (upto ? 6 : 0), "%15[a-z] target %n", w, &skip) == 1 && skip > 0
		    && number_word(w) >= 2 && strncmp(w, "a", 2) && strncmp(w, "an", 3)) {
			several = number_word(w);
			if (several > BD_MAXTGT)
				return -1;
			t->upto = upto;
			t->exact = !upto;
			phrase += (upto ? 6 : 0) + strlen(w) + 1;
		}
	}
	if (several) {
		/* targets are chosen as a spell or activated ability is put on the stack; a
		 * triggered ability's several targets of one word are not modelled */
		if (a->kind == AK_TRIGGER || strncmp(phrase, "target ", 7))
			return -1;
		/* "artifacts, creatures, and/or lands you control": any of those types */
		snprintf(plural, sizeof plural, "%s", phrase);
		char *ao;
		while ((ao = strstr(plural, "and/or")))
			memmove(ao, ao + 4, strlen(ao + 4) + 1), memcpy(ao, "or", 2);
		phrase = plural;
		t->max = several;
	}
	if (!strcmp(phrase, "any target")) {
		t->player_ok = t->object_ok = true;
		t->f.types = BT_CREATURE | BT_PLANESWALKER | BT_BATTLE;
		t->f.anytype = true;
	} else if (!several && !t->upto && !strncmp(phrase, "target ", 7) && strstr(phrase, " graveyard")) {
		/* "target creature card from your graveyard", "target card from a graveyard" (115.2) */
		static const struct { const char *w; int g; } gy[] = {
			{ " from your graveyard", 2 }, { " in your graveyard", 2 }, { " from a graveyard", 1 },
			{ " in a graveyard", 1 }, { " from an opponent's graveyard", 3 }, { " in an opponent's graveyard", 3 } };
		char r[256];
		snprintf(r, sizeof r, "%s", phrase + 7);
		int g = 0;
		for (size_t q = 0; q < sizeof gy / sizeof *gy && !g; q++) {
			size_t rl = strlen(r), wl = strlen(gy[q].w);
			if (rl > wl && !strcmp(r + rl - wl, gy[q].w)) { r[rl - wl] = 0; g = gy[q].g; }
		}
		/* "creature card", "card", "permanent card with mana value 3 or less" */
		char *cw = !strncmp(r, "card", 4) && (r[4] == ' ' || !r[4]) ? r : strstr(r, " card");
		if (!g || !cw || (cw[cw == r ? 4 : 5] != ' ' && cw[cw == r ? 4 : 5]))
			return -1;
		char ph[300];
		/* "permanent" adds no condition to the filter: "target card" is any card */
		snprintf(ph, sizeof ph, "%.*s%spermanent%s", (int)(cw - r), r, cw == r ? "" : " ", cw + (cw == r ? 4 : 5));
		if (!bd_filter_parse(ph, &t->f) || t->f.ctl != FC_ANY || t->f.attacking || t->f.tapped || t->f.token)
			return -1;
		/* "a permanent card" is a card of a permanent type (110.4b): not an instant or sorcery */
		if (!strncmp(r, "permanent card", 14))
			t->f.nottypes |= BT_INSTANT | BT_SORCERY;
		t->f.grave = g;
		t->object_ok = true;
	} else if (!strncmp(phrase, "target ", 7) || !strncmp(phrase, "another target ", 15)) {
		bool another = phrase[0] == 'a';
		const char *r = phrase + (another ? 15 : 7);
		if (!strcmp(r, "player") || !strcmp(r, "opponent")) {
			t->player_ok = true;
			t->f.opponents_only = r[0] == 'o';
		} else {
			if (!bd_filter_parse(r, &t->f))
				return -1;
			t->f.other |= another;
			t->object_ok = !t->f.no_objects;
			t->player_ok = t->f.players;
		}
	} else
		return -1;
	if (f)
		*f = t->f;
	return a->ntgt++;
}

/* "target creature", "up to one target land", "two target creatures", "any number of target
 * creatures", "another target ...", "any target" */
static bool
target_phrase(const char *r)
{
	if (!strncmp(r, "target ", 7) || !strncmp(r, "another target ", 15) || !strcmp(r, "any target")
	    || !strncmp(r, "any number of target ", 21))
		return true;
	if (!strncmp(r, "up to ", 6))
		r += 6;
	const char *sp = strchr(r, ' ');
	return sp && sp - r < 8 && !strncmp(sp, " target ", 8);
}

static bool
recipient(struct bd_abil *a, struct bd_effect *e, const char *r)
{
	if (target_phrase(r)) {
		e->slot = target_slot(a, r, &e->f);
		if (e->slot >= 0 && a->tgt[e->slot].max > 1) {
			/* one spec of several targets in an ability */
			for (int k = 0; k < a->ntgt; k++)
				if (k != e->slot && a->tgt[k].max > 1)
					return false;
			e->multi = true;
		}
		return e->slot >= 0;
	}
	/* "it" / "that creature" after a targeted instruction is that target again; "they", "those
	 * creatures" all of a spec's several targets */
	if ((!strcmp(r, "it") || !strcmp(r, "that creature") || !strcmp(r, "they") || !strcmp(r, "that permanent")
	    || !strcmp(r, "those creatures") || !strcmp(r, "those permanents"))
	    && a->neff > 0 && a->eff[a->neff - 1].slot >= 0) {
		e->slot = a->eff[a->neff - 1].slot;
		e->f = a->eff[a->neff - 1].f;
		e->multi = a->eff[a->neff - 1].multi;
		return true;
	}
	/* "that creature" in a trigger on the step of enchanted creature's controller: that creature */
	if (!strcmp(r, "that creature") && a->kind == AK_TRIGGER && a->trig == TR_STEP && a->aff.attached) {
		filter_init(&e->f); e->f.attached = true; e->each = true; return true;
	}
	/* "that creature" with no target before it: what the trigger's event was about (Cockatrice's
	 * blocked creature), or the creature an earlier instruction put onto the battlefield */
	if (!strcmp(r, "that creature") || !strcmp(r, "the creature") || !strcmp(r, "that permanent")) {
		filter_init(&e->f); e->f.subject = true; e->each = true; return true;
	}
	if (!strcmp(r, "~") || !strcmp(r, "it")) { filter_init(&e->f); e->f.self = true; e->f.it_ref = r[0] == 'i'; e->each = true; return true; }
	/* "~ deals 1 damage to itself" (Stuffy Doll): the source */
	if (!strcmp(r, "itself")) { filter_init(&e->f); e->f.self = true; e->each = true; return true; }
	if (!strcmp(r, "enchanted creature") || !strcmp(r, "equipped creature")) {
		filter_init(&e->f); e->f.attached = true; e->each = true; return true;
	}
	if (!strcmp(r, "you")) { filter_init(&e->f); e->f.players = e->f.you_only = e->f.no_objects = true; e->each = true; return true; }
	/* "that player": who the trigger's event was about (Manabarbs) */
	/* ... who cast the spell (Eidolon of the Great Revel), who controlled the creature that
	 * died (Massacre Wurm) */
	if (!strcmp(r, "that player") && a->kind == AK_TRIGGER && (a->trig == TR_TAP_MANA || a->trig == TR_CAST
	    || ((a->trig == TR_DIES || a->trig == TR_LTB || a->trig == TR_PUT_GRAVE) && !a->aff.self))) {
		filter_init(&e->f); e->f.players = e->f.no_objects = e->f.event_player = true; e->each = true; return true;
	}
	/* what the trigger's attacking creature attacks (Hellrider) */
	if (!strcmp(r, "the player or planeswalker it's attacking") || !strcmp(r, "defending player")
	    || !strcmp(r, "the player it's attacking")) {
		filter_init(&e->f); e->f.defending = true; e->each = true; return true;
	}
	/* "the chosen player" (Stuffy Doll): who "as ~ enters, choose a player" chose */
	if (!strcmp(r, "the chosen player") || !strcmp(r, "the chosen opponent")) {
		filter_init(&e->f); e->f.players = e->f.no_objects = e->f.chosen_player = true; e->each = true; return true;
	}
	if (!strcmp(r, "each player")) { filter_init(&e->f); e->f.players = e->f.no_objects = true; e->each = true; return true; }
	if (!strcmp(r, "each opponent")) { filter_init(&e->f); e->f.players = e->f.no_objects = e->f.opponents_only = true; e->each = true; return true; }
	if (!strncmp(r, "each ", 5) || !strncmp(r, "all ", 4) || strstr(r, "creatures") || strstr(r, "permanents")
	    || strstr(r, "artifacts") || strstr(r, "lands") || strstr(r, " you control") || strstr(r, " your opponents control")) {
		char buf[256];
		snprintf(buf, sizeof buf, "%s", r);
		bool pl = false, opp = false;
		char *x = strstr(buf, " and each player");
		if (x) { *x = 0; pl = true; }
		else if ((x = strstr(buf, " and each opponent"))) { *x = 0; pl = opp = true; }
		if (!bd_filter_parse(buf, &e->f))
			return false;
		e->f.players = e->f.players || pl;
		e->f.opponents_only = opp;
		e->each = true;
		return true;
	}
	return false;
}

static int
amount(const char *s, struct bd_effect *e)
{
	if (!strcmp(s, "x")) { e->amt = AM_X; return 0; }
	e->amt = AM_N;
	e->n = number_word(s);
	return e->n;
}

static bool
e_damage(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_DAMAGE;
	if (m->cap[2][0] == 0 || !strcmp(m->cap[2], "damage equal to its power")) {
		if (m->cap[2][0]) e->amt = AM_POWER_SELF;
		else if (amount(m->cap[1], e) < 0) return false;
	} else
		return false;
	return recipient(a, e, m->cap[3]);
}

/* "search your library for an artifact card with mana cost {0} or {1}, put it onto the
 * battlefield" (701.23a), "search your library for a basic land card, reveal it, put it into
 * your hand": the card is the board's `choose` for the source */
static bool
e_search(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_SEARCH;
	e->you = true;
	if (m->cap[1][0]) {
		/* "its controller may search their library" (Path to Exile): the controller of the
		 * earlier instruction's target, as it last existed (608.2h), and only if they want */
		if (a->neff < 1 || a->eff[a->neff - 1].slot < 0 || !strstr(m->subj, "their library"))
			return false;
		e->you = false;
		e->may = true;
		e->searcher_slot = 1 + a->eff[a->neff - 1].slot;
	} else if (strstr(m->subj, "their library"))
		return false;
	/* the captures after the searcher */
	memmove(&m->cap[1], &m->cap[2], sizeof m->cap[1] * 8);
	const char *what = m->cap[1];
	if (!strncmp(what, "a ", 2)) what += 2;
	else if (!strncmp(what, "an ", 3)) what += 3;
	else return false;
	if (!bd_filter_parse(what, &e->what) || e->what.ctl != FC_ANY || e->what.attacking || e->what.tapped || e->what.token)
		return false;
	if (m->cap[2][0]) {
		/* "{0} or {1}", "{1}{u}": each mana cost as written */
		char costs[256];
		snprintf(costs, sizeof costs, "%s", m->cap[2]);
		for (char *w = strtok(costs, " "); w; w = strtok(NULL, " ")) {
			if (!strcmp(w, "or")) continue;
			if (w[0] != '{' || strlen(e->search_costs) + strlen(w) + 2 > sizeof e->search_costs) return false;
			if (e->search_costs[0]) strcat(e->search_costs, " ");
			strcat(e->search_costs, w);
		}
	}
	if (m->cap[3][0]) {
		e->what.num = FN_MV;
		e->what.num_n = atoi(m->cap[3]);
		e->what.num_le = !strcmp(m->cap[4], "less");
	}
	e->search_hand = strstr(m->cap[5], "hand") != NULL;
	e->search_tapped = strstr(m->cap[5], "tapped") != NULL;
	return true;
}

/* "add {G}", "add an additional {G}" (106.1): only noted — mana pools are not part of the
 * board; in a trigger on tapping for mana, a triggered mana ability (605.1b) */
static bool
e_add_mana(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_ADD_MANA;
	/* whose pool: "that player adds" is the player the event was about */
	filter_init(&e->f);
	e->f.players = e->f.no_objects = true;
	if (!strncmp(m->subj, "that player", 11) && a->trig == TR_TAP_MANA)
		e->f.event_player = true;
	else if (!strncmp(m->subj, "that player", 11))
		return false;
	else
		e->f.you_only = true;
	e->each = true;
	return true;
}

/* Sleight of Mind, Magical Hack, Mind Bend, Artificial Evolution (612.1): the words are the
 * board's `choose SOURCE: X to Y`; which kinds of word it may change are bits of e->n */
static int
text_word_kind(const char *w)
{
	return !strcmp(w, "color word") ? 1 : !strcmp(w, "basic land type") ? 2 : !strcmp(w, "creature type") ? 4 : 0;
}

static bool
e_text_change(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_TEXT_CHANGE;
	e->n = text_word_kind(m->cap[2]) | text_word_kind(m->cap[3]);
	if (m->cap[4][0]) {
		if (!(e->n & 4) || strlen(m->cap[4]) >= sizeof e->text_not)
			return false;
		subtype_word(m->cap[4], e->text_not);
	}
	if (!recipient(a, e, "target permanent"))
		return false;
	/* "target spell or permanent": a spell on the stack or a permanent (612.1 changes either) */
	if (!strcmp(m->cap[1], "spell or permanent"))
		e->f.spell_or_perm = a->tgt[e->slot].f.spell_or_perm = true;
	return true;
}

/* "remove a fade counter from ~", "remove two time counters from target permanent" */
static bool
e_remove_counters(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_REMOVE_CTR;
	int n = number_word(m->cap[1]);
	int dp, dt;
	if (n < 1 || strlen(m->cap[2]) >= sizeof e->ctr.other)
		return false;
	e->ctr.n = n;
	if (sscanf(m->cap[2], "%d/%d", &dp, &dt) == 2) { e->ctr.kind = CK_PT; e->ctr.dp = dp; e->ctr.dt = dt; }
	else if (!strcmp(m->cap[2], "loyalty")) e->ctr.kind = CK_LOYALTY;
	else if (bd_kw_lookup(m->cap[2]) >= 0) return false;
	else { e->ctr.kind = CK_OTHER; snprintf(e->ctr.other, sizeof e->ctr.other, "%s", m->cap[2]); }
	return recipient(a, e, m->cap[3]);
}

/* "If you can't, sacrifice ~." after removing counters from ~ (Fading, 702.32a) */
static bool
e_or_sacrifice(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	if (a->neff < 1 || a->eff[a->neff - 1].kind != EF_REMOVE_CTR || !a->eff[a->neff - 1].f.self)
		return false;
	a->eff[a->neff - 1].or_sacrifice = true;
	e->kind = EF_NOTE;
	return true;
}

/* "..., then shuffle" after a search (701.24a) */
static bool
e_shuffle(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	if (a->neff < 1 || a->eff[a->neff - 1].kind != EF_SEARCH)
		return false;
	a->eff[a->neff - 1].search_shuffle = true;
	e->kind = EF_NOTE;
	return true;
}

/* "Scry N" (701.22a), "surveil N" (701.25a): which cards go where is the player's choice
 * among cards the board usually doesn't name; noted, and refused by the board parser when
 * the board does name cards in that library (the order would then matter) */
static bool
e_library_look(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	(void)a;
	int n = number_word(m->cap[2]);
	if (n < 0)
		return false;
	e->kind = EF_LIBRARY_LOOK;
	e->n = n;
	e->surveil = !strcmp(m->cap[1], "surveil");
	return true;
}

/* "that much" names the amount of the event that triggered the ability: only a trigger on
 * damage or on a life gain or loss has one */
static bool
event_has_amount(const struct bd_abil *a)
{
	return a->kind == AK_TRIGGER && (a->trig == TR_GAIN_LIFE || a->trig == TR_LOSE_LIFE || a->trig == TR_DMG
	    || a->trig == TR_DMG_PLAYER || a->trig == TR_DEALT_DMG);
}

/* "it deals that much damage to you" (Jackal Pup): the amount of the damage, life gain or life
 * loss that triggered the ability */
static bool
e_damage_that_much(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	if (!event_has_amount(a))
		return false;
	e->kind = EF_DAMAGE;
	e->amt = AM_EVENT;
	return recipient(a, e, m->cap[1]);
}

/* "~ deals damage equal to the sacrificed creature's power to any target" (Fling): the
 * creature sacrificed to cast it, as it last existed on the battlefield (608.2h) */
static bool
e_damage_sacrificed(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_DAMAGE;
	e->amt = AM_POWER_SACRIFICED;
	return recipient(a, e, m->cap[1]);
}

/* "If this spell was kicked, it deals 4 damage instead." (702.33d): changes the damage of the
 * instruction before it */
static bool
e_kicked_damage(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	if (a->neff < 1 || a->eff[a->neff - 1].kind != EF_DAMAGE)
		return false;
	int n = number_word(m->cap[1]);
	if (n < 0)
		return false;
	a->eff[a->neff - 1].kicked_n = n;
	e->kind = EF_NOTE;
	return true;
}

/* "Target player sacrifices a creature", "Each opponent sacrifices two creatures" (701.21a):
 * the player chooses */
static bool
e_edict(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_SACRIFICE;
	e->edict = true;
	e->n = number_word(m->cap[2]);
	if (e->n < 1)
		return false;
	char what[256];
	snprintf(what, sizeof what, "%s", m->cap[3]);
	size_t l = strlen(what);
	if (e->n > 1 && l > 1 && what[l - 1] == 's') what[l - 1] = 0;
	if (!bd_filter_parse(what, &e->what))
		return false;
	return recipient(a, e, m->cap[1]);
}

static bool
e_damage_power(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_DAMAGE;
	e->amt = AM_POWER_SELF;
	return recipient(a, e, m->cap[1]);
}

static bool
e_destroy(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = m->cap[1][0] == 'd' ? EF_DESTROY : m->cap[1][0] == 'e' ? EF_EXILE : EF_BOUNCE;
	e->cant_regen = m->cap[4][0] != 0;
	return recipient(a, e, m->cap[2]);
}

static bool
e_pump(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_CONTINUOUS;
	e->until_eot = true;
	if (!recipient(a, e, m->cap[1]))
		return false;
	struct bd_part *p = eff_part(e, OP_MOD_PT, LY_7C); p->a = bd_num(m->cap[2]); p->b = bd_num(m->cap[3]);
	if (m->cap[4][0]) {
		uint32_t kws; unsigned pc, pf;
		if (!kwlist_parse(m->cap[4], &kws, &pc, &pf))
			return false;
		p = eff_part(e, OP_ADD_KW, LY_ABIL); p->kws = kws; p->prot_colors = pc; p->prot_flags = pf;
	}
	return true;
}

static bool
e_gains(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_CONTINUOUS;
	/* "That creature gains haste." (Sneak Attack) has no duration: it lasts (611.2a) */
	e->until_eot = strstr(m->subj, "until end of turn") != NULL;
	if (!recipient(a, e, m->cap[1]))
		return false;
	uint32_t kws = 0; unsigned pc = 0, pf = 0;
	/* "protection from the color of your choice" (Gods Willing): chosen as it resolves, the
	 * board's `choose` line says which (the board parser checks one is there) */
	bool chosen = !strcmp(m->cap[2], "protection from the color of your choice");
	if (!chosen && !kwlist_parse(m->cap[2], &kws, &pc, &pf))
		return false;
	struct bd_part *p = eff_part(e, OP_ADD_KW, LY_ABIL); p->kws = kws; p->prot_colors = pc; p->prot_flags = pf;
	p->prot_chosen = chosen;
	return true;
}

static bool
e_lose_all(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_CONTINUOUS;
	e->until_eot = true;
	if (!recipient(a, e, m->cap[1]))
		return false;
	struct bd_part *p = eff_part(e, OP_LOSE_ALL, LY_ABIL);
	if (m->cap[2][0]) {      /* "and becomes a blue Frog with base power and toughness 1/1" */
		unsigned c = bd_color_lookup(m->cap[2]);
		if (c) {
			p = eff_part(e, OP_SET_COLOR, LY_COLOR); p->mask = c;
		}
		p = eff_part(e, OP_SET_CREATURE_SUB, LY_TYPE); subtype_word(m->cap[3], p->sub);
		p = eff_part(e, OP_SET_PT, LY_7B); p->a = bd_num(m->cap[4]); p->b = bd_num(m->cap[5]);
	}
	return true;
}

/* "TARGET has base power and toughness N/N [until end of turn]", "TARGET becomes N/N until end
 * of turn": layer 7b for the recipient in cap[1], P/T in cap[2] and cap[3] */
static bool
set_pt(struct match *m, struct bd_abil *a, struct bd_effect *e, bool until_eot)
{
	e->kind = EF_CONTINUOUS;
	e->until_eot = until_eot;
	if (!recipient(a, e, m->cap[1]))
		return false;
	struct bd_part *p = eff_part(e, OP_SET_PT, LY_7B); p->a = bd_num(m->cap[2]); p->b = bd_num(m->cap[3]);
	return true;
}

static bool
e_base_pt(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	return set_pt(m, a, e, m->cap[5][0] != 0);
}

static bool
e_becomes_pt(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	return set_pt(m, a, e, true);
}

static bool
e_becomes_color(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_CONTINUOUS;
	e->until_eot = true;
	if (!recipient(a, e, m->cap[1]))
		return false;
	struct bd_part *p = eff_part(e, OP_SET_COLOR, LY_COLOR); p->mask = bd_color_lookup(m->cap[2]);
	return true;
}

static bool
e_damage_two(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	/* "deals 2 damage to any target and 1 damage to any other target": two effects */
	e->kind = EF_DAMAGE;
	if (amount(m->cap[1], e) < 0 || !recipient(a, e, m->cap[2]))
		return false;
	if (a->neff + 1 >= BD_MAXEFF)
		return false;
	struct bd_effect *e2 = &a->eff[a->neff + 1];
	memset(e2, 0, sizeof *e2);
	filter_init(&e2->f);
	e2->kind = EF_DAMAGE;
	e2->slot = -1;
	char r[128];
	snprintf(r, sizeof r, "%.127s", m->cap[4]);
	if (!strncmp(r, "another ", 8)) memmove(r, r + 8, strlen(r + 8) + 1);
	if (!strcmp(r, "any other target") || !strcmp(r, "target")) snprintf(r, sizeof r, "any target");
	if (amount(m->cap[3], e2) < 0 || !recipient(a, e2, r))
		return false;
	a->neff++;   /* the caller counts the first */
	return true;
}

/* "~ deals 3 damage divided as you choose among one or two targets" (601.2d), "X damage
 * divided evenly, rounded down, among any number of targets" (107.1a): one target spec that
 * takes several targets */
static bool
e_damage_divided(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_DAMAGE;
	if (amount(m->cap[1], e) < 0)
		return false;
	e->divided = true;
	e->evenly = m->cap[2][0] == 'e';
	int max = BD_MAXTGT;
	const char *how = m->cap[3];
	if (!strcmp(how, "one or two")) max = 2;
	else if (!strcmp(how, "one, two, or three") || !strcmp(how, "one, two or three")) max = 3;
	else if (!strncmp(how, "up to ", 6)) { max = number_word(how + 6); if (max < 1) return false; }
	char r[160];
	const char *what = m->cap[4];
	if (!strcmp(what, "targets")) snprintf(r, sizeof r, "any target");
	else if (!strncmp(what, "target ", 7)) {
		/* "target creatures and/or planeswalkers" is one spec with either type */
		char one[128];
		snprintf(one, sizeof one, "%s", what + 7);
		char *andor = strstr(one, " and/or ");
		if (andor) memcpy(andor, " or    ", 7), memmove(andor + 4, andor + 8, strlen(andor + 8) + 1);
		size_t l = strlen(one);
		/* plural to singular: "creatures" -> "creature" */
		for (char *w = one; (w = strstr(w, "s")) != NULL; w++)
			if (w[1] == ' ' || w[1] == 0) { memmove(w, w + 1, strlen(w + 1) + 1); l--; }
		(void)l;
		snprintf(r, sizeof r, "target %s", one);
	} else
		return false;
	if (!recipient(a, e, r) || e->slot < 0)
		return false;
	a->tgt[e->slot].max = max;
	return true;
}

/* "Destroy target artifact, target creature, target enchantment, and target land" (Decimate):
 * one instruction with several targets, each its own spec (601.2c, 115.3) */
static bool
e_several_targets(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	if (!strcmp(m->cap[1], "destroy")) e->kind = EF_DESTROY;
	else if (!strcmp(m->cap[1], "exile")) e->kind = EF_EXILE;
	else if (!strcmp(m->cap[1], "tap")) e->kind = EF_TAP;
	else if (!strcmp(m->cap[1], "untap")) e->kind = EF_UNTAP;
	else e->kind = EF_BOUNCE;
	e->cant_regen = m->cap[3][0] != 0;
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->cap[2]);
	/* "A, B, and C" / "A, B and C": a bar before each "target" that starts an item */
	struct sbuf t = {0};
	for (const char *q = buf; *q;) {
		if (!strncmp(q, ", and target ", 13)) { sbuf_adds(&t, "|target "); q += 13; }
		else if (!strncmp(q, ", target ", 9)) { sbuf_adds(&t, "|target "); q += 9; }
		else if (!strncmp(q, " and target ", 12)) { sbuf_adds(&t, "|target "); q += 12; }
		else sbuf_addc(&t, *q++);
	}
	snprintf(buf, sizeof buf, "%s", t.len ? t.s : "");
	sbuf_free(&t);
	char *items[BD_MAXTGT];
	int n = 0;
	for (char *q = strtok(buf, "|"); q && n < BD_MAXTGT; q = strtok(NULL, "|"))
		items[n++] = q;
	if (n < 2)
		return false;
	int first = -1;
	for (int i = 0; i < n; i++) {
		struct bd_filter f;
		int slot = target_slot(a, items[i], &f);
		if (slot < 0 || (first >= 0 && slot != first + i))
			return false;
		if (first < 0) { first = slot; e->f = f; }
	}
	e->slot = first;
	e->nslots = n;
	return true;
}

static bool
e_switch(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_CONTINUOUS;
	e->until_eot = true;
	if (!recipient(a, e, m->cap[1]))
		return false;
	eff_part(e, OP_SWITCH_PT, LY_7D);
	return true;
}

/* "~ becomes a 2/2 Human Soldier creature with indestructible until end of turn" (a manland,
 * an animated planeswalker): types in layer 4, colors 5, keywords 6, base P/T 7b */
static bool
e_becomes_creature(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_CONTINUOUS;
	e->until_eot = strstr(m->subj, "until end of turn") != NULL;
	if (!recipient(a, e, m->cap[1]))
		return false;
	/* 205.1a: "becomes a creature" sets the card type; "that's still a land" (or the next
	 * sentence "It's still a land.", e_note) keeps the others */
	struct bd_part *t = eff_part(e, strstr(m->subj, "that's still") ? OP_ADD_TYPES : OP_SET_TYPES, LY_TYPE);
	t->mask = BT_CREATURE | (strstr(m->subj, "artifact creature") ? BT_ARTIFACT : 0);
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->cap[4]);
	unsigned colors = 0;
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		unsigned c = bd_color_lookup(w);
		if (c) colors |= c;
		else if (!strcmp(w, "and")) continue;
		else if (!t->sub[0]) subtype_word(w, t->sub);
		else if (e->nparts < BD_MAXPART - 3) subtype_word(w, eff_part(e, OP_ADD_SUB, LY_TYPE)->sub);
	}
	if (colors) eff_part(e, OP_SET_COLOR, LY_COLOR)->mask = colors;
	/* keywords after "with", unless it is "all creature types" (noted, not modelled) */
	const char *with = NULL;
	const char *wp = strstr(m->subj, " creature with ");
	if (wp) with = wp + 15;
	if (with && strncmp(with, "all creature types", 18)) {
		char kb[128];
		snprintf(kb, sizeof kb, "%s", with);
		char *cut = strstr(kb, " that's still");
		if (cut) *cut = 0;
		cut = strstr(kb, " until end of turn");
		if (cut) *cut = 0;
		uint32_t kws;
		unsigned pc, pf;
		if (!kwlist_parse(kb, &kws, &pc, &pf))
			return false;
		struct bd_part *k = eff_part(e, OP_ADD_KW, LY_ABIL);
		k->kws = kws; k->prot_colors = pc; k->prot_flags = pf;
	}
	if (m->cap[6][0]) {
		/* "... creature and gains flying" */
		uint32_t kws;
		unsigned pc, pf;
		if (!kwlist_parse(m->cap[6], &kws, &pc, &pf))
			return false;
		struct bd_part *k = eff_part(e, OP_ADD_KW, LY_ABIL);
		k->kws = kws; k->prot_colors = pc; k->prot_flags = pf;
	}
	struct bd_part *p = eff_part(e, OP_SET_PT, LY_7B);
	p->a = atoi(m->cap[2]);
	p->b = atoi(m->cap[3]);
	return true;
}

static bool
e_note(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_NOTE;
	/* "It's still a land.": the creature it became keeps its other card types (205.1b) */
	if (!strncmp(m->subj, "it's still", 10) || !strncmp(m->subj, "they're still", 13))
		for (int i = 0; i < a->neff; i++)
			for (int k = 0; k < a->eff[i].nparts; k++)
				if (a->eff[i].parts[k].op == OP_SET_TYPES)
					a->eff[i].parts[k].op = OP_ADD_TYPES;
	return true;
}

static bool
e_counters(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_COUNTERS;
	int n = number_word(m->cap[1]);
	if (n < 0) return false;
	e->ctr.kind = CK_PT;
	e->ctr.n = n;
	e->ctr.dp = bd_num(m->cap[2]);
	e->ctr.dt = bd_num(m->cap[3]);
	return recipient(a, e, m->cap[4]);
}

/* "put a quest counter on ~", "put two charge counters on target artifact": a named kind
 * (122.1); a keyword counter is not one of these */
static bool
e_named_counters(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_COUNTERS;
	int n = number_word(m->cap[1]);
	if (n < 1 || bd_kw_lookup(m->cap[2]) >= 0 || strlen(m->cap[2]) >= sizeof e->ctr.other)
		return false;
	e->ctr.n = n;
	if (!strcmp(m->cap[2], "loyalty"))
		e->ctr.kind = CK_LOYALTY;
	else {
		e->ctr.kind = CK_OTHER;
		snprintf(e->ctr.other, sizeof e->ctr.other, "%s", m->cap[2]);
	}
	return recipient(a, e, m->cap[3]);
}

/* "you gain that much life": the amount of the event that triggered it (Exquisite Blood) */
static bool
e_life_that_much(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	if (!event_has_amount(a))
		return false;
	e->kind = !strncmp(m->cap[2], "gain", 4) ? EF_GAIN_LIFE : EF_LOSE_LIFE;
	e->amt = AM_EVENT;
	return recipient(a, e, m->cap[1]);
}

static bool
e_life(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	const char *who = m->cap[1];
	e->kind = !strncmp(m->cap[2], "gain", 4) ? EF_GAIN_LIFE : EF_LOSE_LIFE;
	if (amount(m->cap[3], e) < 0) return false;
	return recipient(a, e, who);
}

static bool
e_return(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_RETURN_SELF;
	e->you = m->cap[1][0] == 'y';
	/* "Exile target creature, then return that card ...": the card the instruction
	 * before moved (400.7j), not the source */
	if (a->neff > 0 && a->eff[a->neff - 1].slot >= 0) {
		e->slot = a->eff[a->neff - 1].slot;
		e->f = a->eff[a->neff - 1].f;
		e->multi = a->eff[a->neff - 1].multi;
	}
	/* "those cards" are the several cards the instruction before moved (Ghostly Flicker) */
	if (strstr(m->subj, "those cards") && !e->multi)
		return false;
	if (m->cap[2][0]) {
		e->ctr.kind = CK_PT; e->ctr.n = 1;
		e->ctr.dp = bd_num(m->cap[2]); e->ctr.dt = bd_num(m->cap[3]);
	}
	return true;
}

/* "return the exiled card" / "cards exiled with ~" (607.2a): the cards another ability of the
 * same object exiled; within one ability after its own exile, that ability's card (400.7j) */
static bool
e_return_linked(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	bool hand = strncmp(m->cap[1], "the battlefield", 15) != 0;
	if (a->neff > 0 && a->eff[a->neff - 1].slot >= 0 && a->eff[a->neff - 1].kind == EF_EXILE && !hand) {
		e->kind = EF_RETURN_SELF;
		e->slot = a->eff[a->neff - 1].slot;
		e->f = a->eff[a->neff - 1].f;
		e->you = m->cap[2][0] == 'y';
		return true;
	}
	e->kind = EF_RETURN_LINKED;
	e->you = m->cap[2][0] == 'y';
	e->to_hand = hand;
	return true;
}

/* "put a creature card from your hand onto the battlefield": the card the board's `choose
 * SOURCE: NAME` names */
static bool
e_put_from_hand(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_PUT_FROM_HAND;
	e->tok_tapped = m->cap[2][0] != 0;
	return bd_filter_parse(m->cap[1], &e->what);
}

/* "each Dragon you control deals 1 damage to that creature" (Sarkhan the Masterless): every
 * such permanent is a source of the damage, all at once */
static bool
e_damage_each_source(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_DAMAGE;
	e->each_source = true;
	if ((e->n = bd_num(m->cap[2])) <= 0 && (e->n = number_word(m->cap[2])) <= 0)
		return false;
	if (!bd_filter_parse(m->cap[1], &e->what))
		return false;
	e->what.ctl = FC_YOU;
	return recipient(a, e, m->cap[3]);
}

static bool
e_return_linked_each(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_RETURN_LINKED;
	return true;
}

static bool
e_fog(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_PREVENT_COMBAT;
	return true;
}

static bool
e_draw(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_DRAW;
	char who[64];
	snprintf(who, sizeof who, "%.62s", m->cap[1][0] ? m->cap[1] : "you ");
	who[strlen(who) - 1] = 0;
	if (!recipient(a, e, who))
		return false;
	return amount(m->cap[2], e) >= 0;
}

/* Dark Confidant: "reveal the top card of your library and put that card into your hand" */
static bool
e_reveal_top(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_REVEAL_TOP;
	return recipient(a, e, "you");
}

/* "You lose life equal to its mana value", after a card was revealed */
static bool
e_life_revealed_mv(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	/* the card revealed (Dark Confidant) or returned from a graveyard (Reanimate) just before */
	if (a->neff == 0 || (a->eff[a->neff - 1].kind != EF_REVEAL_TOP && a->eff[a->neff - 1].kind != EF_RETURN_CARD))
		return false;
	e->kind = m->cap[1][0] == 'g' ? EF_GAIN_LIFE : EF_LOSE_LIFE;
	e->amt = AM_REVEALED_MV;
	return recipient(a, e, "you");
}

static bool
e_control(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_GAIN_CONTROL;
	e->until_eot = m->cap[2][0] != 0;
	if (!recipient(a, e, m->cap[1]))
		return false;
	eff_part(e, OP_CONTROL, LY_CONTROL);
	return true;
}

static bool
e_ctl_gains_power(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	/* Swords to Plowshares: refers to the previous instruction's target */
	if (a->neff == 0 || a->eff[a->neff - 1].slot < 0)
		return false;
	e->kind = EF_GAIN_LIFE;
	e->amt = AM_POWER_TARGET;
	e->slot = a->eff[a->neff - 1].slot;
	e->its_controller = true;
	return true;
}

/* "Attach ~ to target creature you control." (Cranial Plating's own ability: the same
 * instruction as equip's, 701.3a) */
static bool
e_attach(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_ATTACH;
	return recipient(a, e, m->cap[1]) && e->slot >= 0;
}

/* "Exile all cards from target player's graveyard." (Tormod's Crypt) */
static bool
e_exile_grave(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_EXILE_GRAVE;
	return recipient(a, e, m->cap[1]) && e->slot >= 0;
}

/* "You lose life equal to that creature's toughness." (Vendetta): the earlier instruction's
 * target, as it last existed if it left (608.2h) */
static bool
e_life_equal_prev(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	if (a->neff == 0 || a->eff[a->neff - 1].slot < 0)
		return false;
	e->kind = !strcmp(m->cap[1], "gain") ? EF_GAIN_LIFE : EF_LOSE_LIFE;
	e->amt = AM_TOUGHNESS_PREV;
	e->amt_slot = a->eff[a->neff - 1].slot;
	return recipient(a, e, "you");
}

static bool
e_ctl_life(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	/* "Destroy target creature. Its controller loses 2 life."; first in a trigger ("Whenever
	 * enchanted land becomes tapped, its controller loses 2 life"), "it" is what the event
	 * was about (see trig_effect) */
	e->kind = !strncmp(m->cap[1], "gain", 4) ? EF_GAIN_LIFE : EF_LOSE_LIFE;
	if (amount(m->cap[2], e) < 0)
		return false;
	if (a->neff == 0) {
		filter_init(&e->f);
		e->f.self = e->f.it_ref = true;
		e->each = true;
	} else if (a->eff[a->neff - 1].slot < 0)
		return false;
	else
		e->slot = a->eff[a->neff - 1].slot;
	e->its_controller = true;
	return true;
}

static bool
e_restrict(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_RESTRICT;
	e->n = (int)bd_restrict_bits(m->subj);
	return recipient(a, e, m->cap[1]);
}

unsigned
bd_restrict_bits(const char *t)
{
	unsigned r = 0;
	if (strstr(t, "untap during")) r |= RS_NO_UNTAP;
	if (strstr(t, "can't attack or block")) r |= RS_NO_ATTACK | RS_NO_BLOCK;
	else if (strstr(t, "can't attack")) r |= RS_NO_ATTACK;
	else if (strstr(t, "can't block")) r |= RS_NO_BLOCK;
	if (strstr(t, "can't be blocked")) r |= RS_UNBLOCKABLE;
	return r;
}

static bool
e_token(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_CREATE_TOKEN;
	e->each = true;
	filter_init(&e->f);
	e->n = number_word(m->cap[1]);
	if (e->n <= 0 || e->n > 10)
		return false;
	e->tok_power = bd_num(m->cap[2]);
	e->tok_toughness = bd_num(m->cap[3]);
	/* "white Spirit", "red and white Soldier", "colorless Servo artifact" */
	char buf[256];
	snprintf(buf, sizeof buf, "%s", m->cap[4]);
	e->tok_types = BT_CREATURE;
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		unsigned c = bd_color_lookup(w), t = bd_type_lookup(w);
		if (c) e->tok_colors |= c;
		else if (t) e->tok_types |= t;
		else if (!strcmp(w, "and") || !strcmp(w, "colorless")) continue;
		else if (!e->tok_sub[0]) subtype_word(w, e->tok_sub);
		else if (!e->tok_sub2[0]) subtype_word(w, e->tok_sub2);
		else return false;
	}
	if (m->cap[5][0]) {
		unsigned pc, pf;
		if (!kwlist_parse(m->cap[5], &e->tok_kws, &pc, &pf) || pc || pf)
			return false;
	}
	if (m->cap[6][0]) {
		e->tok_combat = m->cap[6][0] == 'b' ? 2 : 1;
		e->tok_tapped = m->cap[6][0] == 't';
	}
	return true;
}

/* "Create a token that's a copy of target creature[, except ...]" (707.2, 707.9, 111.10) */
static bool
e_token_copy(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_CREATE_TOKEN;
	e->tok_copy = true;
	e->n = 1;
	if (m->cap[2][0] && !copy_exceptions(m->cap[2], &e->tok_copyx))
		return false;
	return recipient(a, e, m->cap[1]) && e->slot >= 0;
}

/* "Counter target spell unless its controller pays {3}." (Mana Leak); "counter that spell or
 * ability unless its controller pays {2}" in a trigger on being targeted (Frost Titan): ward's
 * instruction (702.21a), the payment the board's `choose SOURCE: yes|no` */
static bool
e_counter_unless(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_WARD;
	if (strlen(m->cap[2]) >= sizeof e->unless)
		return false;
	snprintf(e->unless, sizeof e->unless, "%s", m->cap[2]);
	if (!strcmp(m->cap[1], "that spell or ability"))
		return a->kind == AK_TRIGGER && a->trig == TR_TARGETED;
	return recipient(a, e, m->cap[1]) && e->f.spell;
}

static bool
e_counter(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_COUNTER;
	return recipient(a, e, m->cap[1]) && e->f.spell;
}

static bool
e_tap(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = m->cap[1][0] == 'u' ? EF_UNTAP : EF_TAP;
	/* "tap or untap target permanent" (Pestermite): the board's `choose SOURCE: tap|untap` */
	e->n = !strcmp(m->cap[1], "tap or untap");
	return recipient(a, e, m->cap[2]);
}

static bool
e_regenerate(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_REGENERATE;
	return recipient(a, e, m->cap[1]);
}

static bool
e_destroy_two(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	/* "Destroy target nonblack creature and target land": two targets, two instructions */
	e->kind = EF_DESTROY;
	e->cant_regen = m->cap[3][0] != 0;
	if (!recipient(a, e, m->cap[1]) || a->neff + 1 >= BD_MAXEFF)
		return false;
	struct bd_effect *e2 = &a->eff[a->neff + 1];
	memset(e2, 0, sizeof *e2);
	filter_init(&e2->f);
	e2->kind = EF_DESTROY;
	e2->slot = -1;
	e2->cant_regen = e->cant_regen;
	if (!recipient(a, e2, m->cap[2]))
		return false;
	a->neff++;   /* the caller counts the first */
	return true;
}

static bool
e_shield(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_SHIELD;
	if (amount(m->cap[1], e) <= 0)
		return false;
	return recipient(a, e, m->cap[2]);
}

/* "Target player discards a card", "Each player discards two cards" (701.9a: each player
 * chooses, 701.9b), "Target player exiles a card from their hand" (Karn Liberated) */
static bool
e_discard(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_DISCARD;
	e->to_exile = !strncmp(m->cap[2], "exile", 5);
	if (e->to_exile != (m->cap[4][0] != 0))
		return false;   /* "exiles a card" without "from their hand" is no discard */
	filter_init(&e->what);
	if (amount(m->cap[3], e) <= 0)
		return false;
	return recipient(a, e, m->cap[1]);
}

/* "Target player reveals their hand" (701.20a), before "You choose a ... card from it" */
static bool
e_reveal_hand(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_REVEAL_HAND;
	return recipient(a, e, m->cap[1]);
}

/* "You choose a nonland card from it" after a player revealed their hand: the spell's
 * controller chooses the card that player discards (701.9b), in the next sentence's words
 * "That player discards that card" */
static bool
e_choose_from_hand(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	if (a->neff < 1 || a->eff[a->neff - 1].kind != EF_REVEAL_HAND)
		return false;
	const struct bd_effect *rv = &a->eff[a->neff - 1];
	e->kind = EF_DISCARD;
	e->pick_you = true;
	e->n = 1;
	e->slot = rv->slot;
	e->f = rv->f;
	e->each = rv->each;
	filter_init(&e->what);
	char phrase[300];
	/* "a nonland card": bd_filter_parse wants a noun, and "permanent" adds no condition */
	snprintf(phrase, sizeof phrase, "%s permanent", m->cap[1]);
	if (m->cap[1][0] && !bd_filter_parse(phrase, &e->what))
		return false;
	return true;
}

static bool
e_discards_that_card(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	(void)m;
	if (a->neff < 1 || a->eff[a->neff - 1].kind != EF_DISCARD || !a->eff[a->neff - 1].pick_you)
		return false;
	e->kind = EF_NOTE;   /* the discard is the choice's instruction */
	return true;
}

/* "Target player mills N cards" (701.17a) */
static bool
e_mill(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_MILL;
	if (amount(m->cap[2], e) <= 0)
		return false;
	return recipient(a, e, m->cap[1][0] ? m->cap[1] : "you");   /* "Mill two cards." */
}

/* "A creature dealt damage this way can't be regenerated this turn" (Incinerate, 701.19c),
 * "If a creature dealt damage this way would die this turn, exile it instead" (Anger of the
 * Gods, 614.1a): what the damage instruction before it leaves on the creatures it damaged */
static bool
e_dealt_this_way(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	if (a->neff < 1 || a->eff[a->neff - 1].kind != EF_DAMAGE || a->eff[a->neff - 1].delay)
		return false;
	if (strstr(m->subj, "can't be regenerated"))
		a->eff[a->neff - 1].dealt_no_regen = true;
	else
		a->eff[a->neff - 1].dealt_exile = true;
	e->kind = EF_NOTE;
	return true;
}

/* "You get an emblem with \"ABILITY\"" (114.2): the ability must be one judge reads as an
 * ability of an object that isn't a spell; it is read again as the emblem is created */
static bool
e_emblem(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	(void)a;
	if (strlen(m->cap[1]) >= sizeof e->emblem || strchr(m->cap[1], '"'))
		return false;
	struct bd_abil in;
	memset(&in, 0, sizeof in);
	if (!bd_read_ability(m->cap[1], NULL, false, &in, "", 0, 0, NULL))
		return false;
	bool ok = in.kind != AK_SPELL && in.kind != AK_INERT && !in.unread;
	free(in.text);
	if (!ok)
		return false;
	e->kind = EF_EMBLEM;
	/* as printed: "Whenever you cast a spell, this emblem deals 5 damage to any target." */
	struct sbuf t = {0};
	for (const char *c = m->cap[1]; *c; c++)
		if (*c == '~') sbuf_adds(&t, "this emblem");
		else sbuf_addc(&t, *c);
	snprintf(e->emblem, sizeof e->emblem, "%s.", sbuf_str(&t));
	sbuf_free(&t);
	e->emblem[0] = (char)toupper((unsigned char)e->emblem[0]);
	return true;
}

/* "Return target creature card from your graveyard to your hand|to the battlefield" (Gravedigger,
 * Unburial Rites), "Put target creature card from a graveyard onto the battlefield under your
 * control" (Reanimate): the target is a card in a graveyard (115.2) */
static bool
e_return_card(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_RETURN_CARD;
	if (!recipient(a, e, m->cap[1]) || e->slot < 0 || !a->tgt[e->slot].f.grave)
		return false;
	const char *to = m->cap[2];
	e->to_hand = strstr(to, "hand") != NULL;
	e->tok_tapped = strstr(to, "tapped") != NULL;
	/* "under your control"; from your own graveyard, its owner is you too */
	e->you = strstr(to, "under your control") != NULL || a->tgt[e->slot].f.grave == 2;
	return true;
}

static bool
e_sacrifice(struct match *m, struct bd_abil *a, struct bd_effect *e)
{
	e->kind = EF_SACRIFICE;
	return recipient(a, e, m->cap[1]);
}

#define TGT "((?:another |up to (?:one|two|three|four|five) |(?:two|three|four|five) |any number of )?target [a-z0-9 ,/-]+?|those creatures|any target|that player|the chosen player|the chosen opponent|the player or planeswalker it's attacking|the player it's attacking|defending player|~|itself|it|they|that creature|the creature|that permanent|you|enchanted creature|equipped creature|each [a-z0-9 ,]+?|all [a-z0-9 ,]+?|(?:other )?(?:[a-z]+ )?(?:creatures|permanents|artifacts|lands)(?: you control| your opponents control)?|(?:other )?[a-z]+s (?:you|your opponents) control)"
static struct eff_tmpl etmpls[] = {
	{ "^(?:~|it) deals (\\d+|x|one|two|three|four|five)()? damage to " TGT "$", e_damage,
	  "Hurricane deals X damage to each creature with flying and each player." , NULL },
	{ "^(?:(its controller|that player) may )?search (?:your|their) library for ([a-z ]+?) card(?: with mana cost ((?:\\{[0-9a-z/]+\\})+(?: or (?:\\{[0-9a-z/]+\\})+)*)| with mana value (\\d+) or (less|greater))?, (put (?:it|that card) onto the battlefield(?: tapped)?|reveal it, put it into your hand|put (?:it|that card) into your hand)$", e_search,
	  "Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.", NULL },
	{ "^remove (a|an|one|two|three|\\d+) ([a-z0-9/+-]+) counters? from " TGT "$", e_remove_counters,
	  "At the beginning of your upkeep, remove a fade counter from ~. If you can't, sacrifice ~.", NULL },
	{ "^if you can't, sacrifice ~$", e_or_sacrifice, "At the beginning of your upkeep, remove a fade counter from ~. If you can't, sacrifice ~.", NULL },
	{ "^add (?:an additional |one additional )?((?:\\{[wubrgc0-9]\\})+)$", e_add_mana, "Whenever you tap a Forest for mana, add an additional {G}.", NULL },
	{ "^(?:that player adds|you add|add) (?:one|an) additional mana of any type that land produced$", e_add_mana,
	  "Whenever a player taps a land for mana, that player adds an additional mana of any type that land produced.", NULL },
	{ "^(?:that player adds|you add|add) one mana of any type that land produced$", e_add_mana,
	  "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.", NULL },
	{ "^counter (target [a-z ]+?|that spell or ability) unless its controller pays ((?:\\{[0-9a-z/]+\\})+)$", e_counter_unless,
	  "Counter target spell unless its controller pays {3}.", NULL },
	{ "^change the text of target (spell or permanent|permanent) by replacing all instances of one (color word|basic land type|creature type) with another(?: or one (color word|basic land type) with another)?(?:\\. the new creature type can't be ([a-z]+))?$", e_text_change,
	  "Change the text of target spell or permanent by replacing all instances of one color word with another.", NULL },
	{ "^(scry|surveil) (\\d+|one|two|three|four|five)$", e_library_look, "Scry 1.", NULL },
	{ "^(you|each player|target player|target opponent|each opponent) (discards?|exiles?) (a|an|one|two|three|four|\\d+) cards?( from (?:their|your) hand)?$", e_discard,
	  "Each player discards a card.", NULL },
	{ "^(target player|target opponent|each opponent) reveals (?:their|his or her) hand$", e_reveal_hand,
	  "Target opponent reveals their hand. You choose a noncreature, nonland card from it. That player discards that card.", NULL },
	{ "^you choose an? ([a-z ,-]+?)? ?card from it$", e_choose_from_hand,
	  "Target player reveals their hand. You choose a nonland card from it. That player discards that card.", NULL },
	{ "^that player discards that card$", e_discards_that_card,
	  "Target player reveals their hand. You choose a nonland card from it. That player discards that card.", NULL },
	{ "^(?:(you|each player|target player|target opponent|each opponent) )?mills? (a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|\\d+) cards?$", e_mill,
	  "Target player mills two cards.", NULL },
	{ "^a creature dealt damage this way can't be regenerated this turn$|^if a creature dealt damage this way would die this turn, exile it instead$", e_dealt_this_way,
	  "Incinerate deals 3 damage to any target. A creature dealt damage this way can't be regenerated this turn.", NULL },
	{ "^(?:return|put) (target [a-z0-9 ,/-]*?card(?: with [a-z0-9 ]+?)? (?:from|in) (?:your|a|an opponent's) graveyard) (to your hand|(?:to|onto) the battlefield(?: tapped)?(?: under your control)?)$", e_return_card,
	  "Return target creature card from your graveyard to your hand.", NULL },
	{ "^you get an emblem with \"(.+?)\\.?\"$", e_emblem,
	  "You get an emblem with \"Creatures you control get +1/+1.\"", NULL },
	{ "^shuffle$", e_shuffle, "Search your library for a creature card, reveal it, put it into your hand, then shuffle.", NULL },
	{ "^(?:~|it) deals that much damage to " TGT "$", e_damage_that_much,
	  "Whenever ~ is dealt damage, it deals that much damage to you.", NULL },
	{ "^(?:~|it) deals damage equal to the sacrificed creature's power to " TGT "$", e_damage_sacrificed,
	  "Fling deals damage equal to the sacrificed creature's power to any target.", NULL },
	{ "^if ~ was kicked, (?:~|it) deals (\\d+|one|two|three|four|five|six) damage instead$", e_kicked_damage,
	  "If this spell was kicked, it deals 4 damage instead.", NULL },
	{ "^(target player|target opponent|each opponent|each player|defending player) sacrifices? (a|an|one|two|three|four|five|six|\\d+) ([a-z ]+?)$", e_edict,
	  "Target player sacrifices a creature.", NULL },
	{ "^(?:~|it) deals damage equal to (?:its|~'s) power to " TGT "$", e_damage_power,
	  "It deals damage equal to its power to any target.", NULL },
	{ "^(?:~|it) deals (\\d+|x|one|two|three|four|five|six|seven|eight) damage divided (as you choose|evenly, rounded down,) among (one or two|one, two,? or three|up to [a-z]+|any number of) (targets|target [a-z /]+)$", e_damage_divided,
	  "Forked Bolt deals 2 damage divided as you choose among one or two targets.", NULL },
	{ "^(destroy|exile|tap|untap|return) (target [a-z ]+?(?:, (?:and )?target [a-z ]+?)+|target [a-z ]+?, target [a-z ]+? and target [a-z ]+?)(?: to (?:its|their) owners?'s? hands?)?(\\. (?:it|they) can't be regenerated)?$", e_several_targets,
	  "Destroy target artifact, target creature, target enchantment, and target land.", NULL },
	{ "^destroy (target [a-z ]+?) and (target [a-z ]+?)(\\. (?:it|they) can't be regenerated)?$", e_destroy_two,
	  "Destroy target nonblack creature and target land. They can't be regenerated.", NULL },
	{ "^(destroy|exile|return) " TGT "(?: to (?:its|their) owners?'s? hands?)?()(\\. (?:it|they) can't be regenerated)?$", e_destroy,
	  "Destroy target creature.", NULL },
	{ "^" TGT " gets? " PT "(?: and gains? (" KWLIST "))? until end of turn$", e_pump,
	  "Target creature gets +3/+3 until end of turn.", NULL },
	{ "^(?:until end of turn, )?" TGT " gains? (" KWLIST ")(?: until end of turn)?$", e_gains,
	  "Target creature gains indestructible until end of turn.", NULL },
	{ "^(?:until end of turn, )?" TGT " loses? all abilities(?: and becomes an? (?:([a-z]+) )?([a-z]+) with base power and toughness (\\d+)/(\\d+))?(?: until end of turn)?$", e_lose_all,
	  "Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and toughness 1/1.", NULL },
	{ "^" TGT " (?:has|have) base power and toughness (\\d+)/(\\d+)()( until end of turn)$", e_base_pt,
	  "Target creature has base power and toughness 0/2 until end of turn.", NULL },
	{ "^" TGT " becomes? (\\d+)/(\\d+) until end of turn$", e_becomes_pt,
	  "Target creature becomes 0/2 until end of turn.", NULL },
	{ "^" TGT " becomes? (white|blue|black|red|green) until end of turn$", e_becomes_color,
	  "Target creature becomes white until end of turn.", NULL },
	{ "^(?:~|it) deals (\\d+|x|one|two|three|four|five) damage to (any target|target [a-z ]+?) and (\\d+|one|two|three|four|five) damage to (you)$", e_damage_two,
	  "Char deals 4 damage to any target and 2 damage to you.", NULL },
	{ "^(?:~|it) deals (\\d+|x|one|two|three) damage to (any target|target [a-z ]+?) and (\\d+|one|two|three) damage to ((?:another |any other )target(?: [a-z ]+)?)$", e_damage_two,
	  "Arc Trail deals 2 damage to any target and 1 damage to another target.", NULL },
	{ "^(?:until end of turn, )?" TGT " becomes? an? (?:legendary )?(\\d+)/(\\d+) ([a-z -]*?)(?:artifact )?creature(?: with ([a-z ,]+?))?(?: that's still an? [a-z]+)?(?: and gains? (" KWLIST "))?( until end of turn)?$", e_becomes_creature,
	  "Until end of turn, this land becomes a 2/2 creature with all creature types. It's still a land.", NULL },
	{ "^(?:it's|they're) still an? (?:land|planeswalker|artifact|enchantment)s?$", e_note,
	  "It's still a land.", NULL },
	{ "^switch " TGT "'s power and toughness until end of turn$", e_switch,
	  "Switch target creature's power and toughness until end of turn.", NULL },
	{ "^put (a|an|one|two|three|four|five|\\d+) " PT " counters? on " TGT "$", e_counters,
	  "Put a +1/+1 counter on target creature.", NULL },
	{ "^put (a|an|one|two|three|four|five|\\d+) ([a-z]+) counters? on " TGT "$", e_named_counters,
	  "At the beginning of your upkeep, put a quest counter on this enchantment.", NULL },
	{ "^" TGT " (gains?|loses?) that much life$", e_life_that_much, "Whenever an opponent loses life, you gain that much life.", NULL },
	{ "^" TGT " (gains?|loses?) (\\d+|x|one|two|three) life$", e_life,
	  "You gain 2 life.", NULL },
	{ "^put (?:a|an) ([a-z ]+?) card from your hand onto the battlefield( tapped)?$", e_put_from_hand,
	  "You may put a creature card from your hand onto the battlefield.", NULL },
	{ "^each ([a-z ]+?) you control deals (\\d+|one|two|three|four|five) damage to " TGT "$", e_damage_each_source,
	  "Each Dragon you control deals 1 damage to that creature.", NULL },
	{ "^each player returns to the battlefield all cards they own exiled with ~$", e_return_linked_each,
	  "Each player returns to the battlefield all cards they own exiled with Parallax Wave.", NULL },
	{ "^return (?:the exiled cards?|the cards? exiled with ~|all cards exiled with ~|each card exiled with ~) to (the battlefield|(?:its|their) owners?'s? hands?)(?: under (its owner's|their owners'|your) control)?$", e_return_linked,
	  "Return the exiled card to the battlefield under its owner's control.", NULL },
	{ "^return (?:it|~|that card|the exiled card|those cards) to the battlefield(?: under (its owner's|their owners'|your) control)?(?: with an? " PT " counter on it)?$", e_return,
	  "Return it to the battlefield under its owner's control with a -1/-1 counter on it.", NULL },
	{ "^prevent all combat damage that would be dealt this turn$", e_fog,
	  "Prevent all combat damage that would be dealt this turn.", NULL },
	{ "^(you |each player |target player |target opponent |each opponent )?draws? (a|one|two|three|\\d+) cards?$", e_draw, "Draw a card.", NULL },
	{ "^reveal the top card of your library and put (?:that card|it) into your hand$", e_reveal_top,
	  "Reveal the top card of your library and put that card into your hand.", NULL },
	{ "^you (lose|gain) life equal to (?:its|that card's) mana value$", e_life_revealed_mv,
	  "You lose life equal to its mana value.", NULL },
	{ "^add (?:\\{[^}]+\\})+(?: or (?:\\{[^}]+\\})+)?$|^add one mana of any color$", e_note, "Add {B}{B}{B}.", NULL },
	{ "^gain control of " TGT "( until end of turn)?()$", e_control,
	  "Gain control of target creature until end of turn.", NULL },
	{ "^sacrifice " TGT "$", e_sacrifice, "Sacrifice this creature.", NULL },
	{ "^counter " TGT "$", e_counter, "Counter target spell.", NULL },
	{ "^(tap or untap|tap|untap) " TGT "$", e_tap, "Untap that creature.", NULL },
	{ "^" TGT " (?:can't (?:attack|block|attack or block|be blocked)(?: this turn)?|((?:doesn't|don't) untap during (?:its|their) controllers?'s? next untap step))$", e_restrict,
	  "Tap target creature. It doesn't untap during its controller's next untap step.", NULL },
	{ "^([a-z ]+ can't [a-z ,/+-]+) this turn$", e_rule, "Players can't gain life this turn.", NULL },
	{ "^regenerate " TGT "$", e_regenerate, "Regenerate target creature.", NULL },
	{ "^prevent the next (\\d+|one|two|three|four|five) damage that would be dealt to " TGT " this turn$", e_shield,
	  "Prevent the next 3 damage that would be dealt to any target this turn.", NULL },
	{ "^its controller (gains|loses) (\\d+|one|two|three|four|five) life$", e_ctl_life,
	  "Destroy target creature. Its controller loses 2 life.", NULL },
	{ "^attach ~ to (target creature(?: you control)?)$", e_attach,
	  "Attach this Equipment to target creature you control.", NULL },
	{ "^exile all cards from (target player|target opponent)'s graveyard$", e_exile_grave,
	  "Exile all cards from target player's graveyard.", NULL },
	{ "^you (gain|lose) life equal to (?:that creature's|its) toughness$", e_life_equal_prev,
	  "Destroy target nonblack creature. You lose life equal to that creature's toughness.", NULL },
	{ "^its controller gains life equal to its power$", e_ctl_gains_power,
	  "Exile target creature. Its controller gains life equal to its power.", NULL },
	{ "^(?:you )?create a token that's a copy of " TGT "(?:, except (.+))?$", e_token_copy,
	  "Create a token that's a copy of target creature you control.", NULL },
	{ "^(?:you )?create (a|an|one|two|three|four|five|\\d+) (\\d+)/(\\d+) ([a-z ]+?) creature tokens?(?: with (" KWLIST "))?(?: that(?:'s| are) (attacking|tapped and attacking|blocking that creature))?$", e_token,
	  "Create a 1/1 white Spirit creature token with flying.", NULL },
};
#define NETMPL (sizeof etmpls / sizeof *etmpls)

static bool compiled;

static void
compile_all(void)
{
	if (compiled)
		return;
	int err;
	PCRE2_SIZE off;
	for (size_t i = 0; i < NTMPL; i++) {
		tmpls[i].code = pcre2_compile((PCRE2_SPTR)tmpls[i].re, PCRE2_ZERO_TERMINATED, 0, &err, &off, NULL);
		if (!tmpls[i].code) {
			fprintf(stderr, "judge: internal: template %s does not compile at %zu\n", tmpls[i].name, (size_t)off);
			abort();
		}
	}
	for (size_t i = 0; i < NETMPL; i++) {
		etmpls[i].code = pcre2_compile((PCRE2_SPTR)etmpls[i].re, PCRE2_ZERO_TERMINATED, 0, &err, &off, NULL);
		if (!etmpls[i].code) {
			fprintf(stderr, "judge: internal: effect template %zu does not compile at %zu\n", i, (size_t)off);
			abort();
		}
	}
	compiled = true;
}

static bool
run(pcre2_code *code, const char *s, struct match *m)
{
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(code, NULL);
	int rc = pcre2_match(code, (PCRE2_SPTR)s, strlen(s), 0, 0, md, NULL);
	memset(m, 0, sizeof *m);
	m->subj = s;
	if (rc < 0) {
		pcre2_match_data_free(md);
		return false;
	}
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	int npairs = (int)pcre2_get_ovector_count(md);
	for (int i = 0; i < npairs && i < 12; i++) {
		if (ov[2 * i] == PCRE2_UNSET)
			continue;
		size_t n = ov[2 * i + 1] - ov[2 * i];
		if (n > 255) n = 255;
		memcpy(m->cap[i], s + ov[2 * i], n);
		m->cap[i][n] = 0;
	}
	pcre2_match_data_free(md);
	return true;
}

/* Split a spell's text into sentences and read each with the effect templates. */
/* "Sacrifice that creature at the beginning of the next end step", "destroy that creature at
 * end of combat", "At the beginning of the next end step, sacrifice it": an instruction that
 * creates a delayed triggered ability (603.7). Returns 1 + the step (the instruction without
 * its timing in out), or 0. */
static int
delayed_wording(const char *sent, char *out, size_t cap, bool *yours)
{
	static const struct { const char *w; enum bd_step st; bool yours; } when[] = {
		{ "at end of combat", STP_END_COMBAT, false },
		{ "at the beginning of the next end step", STP_END, false },
		{ "at the beginning of the end step", STP_END, false },
		{ "at the beginning of your next end step", STP_END, true },
		{ "at the beginning of the next upkeep", STP_UPKEEP, false },
		{ "at the beginning of the next turn's upkeep", STP_UPKEEP, false },
		{ "at the beginning of your next upkeep", STP_UPKEEP, true },
	};
	size_t n = strlen(sent);
	for (size_t k = 0; k < sizeof when / sizeof *when; k++) {
		size_t l = strlen(when[k].w);
		*yours = when[k].yours;
		if (n > l + 1 && sent[n - l - 1] == ' ' && !strcmp(sent + n - l, when[k].w)) {
			snprintf(out, cap, "%.*s", (int)(n - l - 1), sent);
			return 1 + (int)when[k].st;
		}
		if (n > l + 2 && !strncmp(sent, when[k].w, l) && sent[l] == ',' && sent[l + 1] == ' ') {
			snprintf(out, cap, "%s", sent + l + 2);
			return 1 + (int)when[k].st;
		}
	}
	*yours = false;
	return 0;
}

/* Can a delayed triggered ability do what instruction e says? It is created while its spell
 * or ability resolves and does it later (603.7): anything judge reads that doesn't need its
 * own targets (those would be chosen as it is put on the stack, and the spell would ask for
 * them as it is cast) nor the resolving spell's own moment (X, costs paid, a revealed card). */
static bool
delay_readable(const struct bd_effect *e, int ntgt_before, int ntgt_after)
{
	if (ntgt_after != ntgt_before || e->amt == AM_X || e->amt == AM_POWER_SACRIFICED || e->amt == AM_REVEALED_MV || e->amt == AM_TOUGHNESS_PREV)
		return false;
	switch (e->kind) {
	case EF_COUNTER: case EF_WARD: case EF_ATTACH: case EF_TEXT_CHANGE: case EF_SEARCH: case EF_EXILE_GRAVE:
	case EF_PUT_FROM_HAND: case EF_ADD_MANA: case EF_NOTE: case EF_REVEAL_TOP: case EF_LIBRARY_LOOK:
	case EF_DISCARD: case EF_MILL: case EF_REVEAL_HAND:
		return false;
	default:
		return true;
	}
}

/* At q, " and a|an N/N ...", after "create a ... token[ with ...]" in the same sentence? */
static bool
token_and(const char *q, const char *before)
{
	int p, t;
	char c;
	const char *w = !strncmp(q, " and a ", 7) ? q + 7 : !strncmp(q, " and an ", 8) ? q + 8 : NULL;
	if (!w || sscanf(w, "%d/%d%c", &p, &t, &c) != 3 || c != ' ')
		return false;
	const char *dot = strrchr(before, '.');
	const char *sent = dot ? dot + 1 : before;
	const char *cr = strstr(sent, "create ");
	return cr && strstr(cr, " token");
}

static bool
effect_parse(const char *s, struct bd_abil *a)
{
	char buf[1024];
	/* "... and you gain 2 life", "... and you draw a card" are second instructions */
	struct sbuf tmp = {0};
	for (const char *q = s; *q;) {
		if (!strncmp(q, " and you gain ", 14)) { sbuf_adds(&tmp, ". you gain "); q += 14; }
		else if (!strncmp(q, " and you lose ", 14)) { sbuf_adds(&tmp, ". you lose "); q += 14; }
		else if (!strncmp(q, " and create ", 12)) { sbuf_adds(&tmp, ". create "); q += 12; }
		else if (!strncmp(q, " and you draw ", 14)) { sbuf_adds(&tmp, ". draw "); q += 14; }
		else if (!strncmp(q, " and it can't ", 14)) { sbuf_adds(&tmp, ". it can't "); q += 14; }
		else if (!strncmp(q, " and a", 6) && token_and(q, tmp.len ? tmp.s : "")) {
			/* "create a 3/3 ... token with deathtouch and a 3/3 ... token with lifelink"
			 * (Wurmcoil Engine): two tokens, two instructions */
			sbuf_adds(&tmp, ". create ");
			q += 5;
		} else sbuf_addc(&tmp, *q++);
	}
	snprintf(buf, sizeof buf, "%s", tmp.len ? tmp.s : "");
	sbuf_free(&tmp);
	/* keep "It can't be regenerated." with the destroy sentence */
	char *p = buf;
	while (*p) {
		char *end = strstr(p, ". ");
		/* a quoted ability ("you get an emblem with \"...\"") keeps its own sentences */
		for (;;) {
			int q = 0;
			for (const char *c = p; end && c < end; c++) q += *c == '"';
			if (!end || q % 2 == 0) break;
			end = strstr(end + 2, ". ");
		}
		while (end && (!strncmp(end + 2, "it can't be regenerated", 23) || !strncmp(end + 2, "they can't be regenerated", 25)
		    || !strncmp(end + 2, "the new creature type can't be ", 31)))
			end = strstr(end + 2, ". ");
		if (end) *end = 0;
		/* "then" joins two effects: "..., then draw a card" */
		char *then = strstr(p, ", then ");
		char *part2 = NULL;
		if (then) { *then = 0; part2 = then + 7; }
		for (int k = 0; k < 2; k++) {
			const char *sent = k == 0 ? p : part2;
			if (!sent)
				continue;
			if (a->neff >= BD_MAXEFF)
				return false;
			struct bd_effect *e = &a->eff[a->neff];
			memset(e, 0, sizeof *e);
			e->slot = -1;
			filter_init(&e->f);
			bool ok = false;
			char dbuf[1024];
			bool yours = false;
			int delay = delayed_wording(sent, dbuf, sizeof dbuf, &yours);
			if (delay)
				sent = dbuf;
			int ntgt_before = a->ntgt;
			/* "exile target creature until ~ leaves the battlefield" (610.3) */
			static const char until_w[] = " until ~ leaves the battlefield";
			size_t sl = strlen(sent), ul = sizeof until_w - 1;
			bool until = sl > ul && !strcmp(sent + sl - ul, until_w);
			char ubuf[1024];
			if (until) {
				snprintf(ubuf, sizeof ubuf, "%.*s", (int)(sl - ul), sent);
				sent = ubuf;
			}
			/* "gain control of target creature for as long as ~ remains on the battlefield" (611.2b) */
			static const char *const while_w[] = { " for as long as ~ remains on the battlefield", " for as long as you control ~" };
			int whilek = 0;
			char wbuf[1024];
			for (int q = 0; q < 2 && !until && !whilek; q++) {
				size_t wl = strlen(while_w[q]), l2 = strlen(sent);
				if (l2 > wl && !strcmp(sent + l2 - wl, while_w[q])) {
					snprintf(wbuf, sizeof wbuf, "%.*s", (int)(l2 - wl), sent);
					sent = wbuf;
					whilek = q + 1;
				}
			}
			for (size_t i = 0; i < NETMPL && !ok; i++) {
				struct match m;
				if (run(etmpls[i].code, sent, &m)) {
					memset(e, 0, sizeof *e);
					e->slot = -1;
					filter_init(&e->f);
					int saved = a->ntgt;
					ok = etmpls[i].build(&m, a, e);
					if (!ok) a->ntgt = saved;
				}
			}
			if (!ok)
				return false;
			/* a delayed instruction's own target ("at the beginning of the next end step, ~
			 * deals 3 damage to any target") is its delayed ability's, chosen as that is put
			 * on the stack (603.7, 603.3d): not one of this spell's or ability's */
			if (delay && a->ntgt == ntgt_before + 1 && e->slot == ntgt_before && a->tgt[ntgt_before].max <= 1) {
				for (int q = 0; q < a->neff; q++)
					if (a->eff[q].slot >= ntgt_before)
						return false;    /* an earlier instruction refers to it: not read */
				e->delay_own_tgt = true;
				e->delay_tgt = a->tgt[ntgt_before];
				e->slot = 0;
				a->ntgt = ntgt_before;
			}
			if (delay && !delay_readable(e, ntgt_before, a->ntgt))
				return false;
			/* only an exile lasts "until": another instruction with it isn't read */
			if (until && (e->kind != EF_EXILE || delay))
				return false;
			e->until_leaves = until;
			/* only a control change or another continuous effect lasts "for as long as" */
			if (whilek && ((e->kind != EF_GAIN_CONTROL && e->kind != EF_CONTINUOUS) || delay || e->until_eot))
				return false;
			e->while_src = whilek;
			e->delay = delay;
			e->delay_yours = yours;
			if (delay)
				snprintf(e->delay_text, sizeof e->delay_text, "%.127s", sent);
			/* a sentence that only restates what the instruction before it does ("It's still a
			 * land.", "That player discards that card.") takes no slot of its own */
			if (e->kind == EF_NOTE && a->neff > 0 && !delay)
				continue;
			a->neff++;
		}
		if (!end)
			break;
		p = end + 2;
	}
	return a->neff > 0;
}

size_t
bd_template_count(void)
{
	return NTMPL - 1 + NETMPL;
}

const char *
bd_template_example(size_t i)
{
	if (i < NTMPL - 1)
		return tmpls[i].example;
	i -= NTMPL - 1;
	return i < NETMPL ? etmpls[i].example : NULL;
}

/* Word-level edit distance, to name the closest template an unreadable ability resembles. */
static int
word_distance(const char *a, const char *b, int *first_diff)
{
	char wa[64][32], wb[64][32];
	int na = 0, nb = 0;
	for (const char *p = a; *p && na < 64;) {
		while (*p == ' ') p++;
		if (!*p) break;
		int k = 0;
		while (*p && *p != ' ') { if (k < 31) wa[na][k++] = *p; p++; }
		wa[na++][k] = 0;
	}
	for (const char *p = b; *p && nb < 64;) {
		while (*p == ' ') p++;
		if (!*p) break;
		int k = 0;
		while (*p && *p != ' ') { if (k < 31) wb[nb][k++] = *p; p++; }
		wb[nb++][k] = 0;
	}
	static int d[65][65];
	for (int i = 0; i <= na; i++) d[i][0] = i;
	for (int j = 0; j <= nb; j++) d[0][j] = j;
	for (int i = 1; i <= na; i++)
		for (int j = 1; j <= nb; j++) {
			int c = strcmp(wa[i - 1], wb[j - 1]) != 0;
			int v = d[i - 1][j - 1] + c;
			if (d[i - 1][j] + 1 < v) v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
			d[i][j] = v;
		}
	int k = 0;
	while (k < na && k < nb && !strcmp(wa[k], wb[k])) k++;
	*first_diff = k;
	return d[na][nb];
}

/* Does the (uncompiled) pattern re match s? For the hints on an unread ability, which are
 * asked once per refusal. */
static bool
hint_matches(const char *re_text, const char *s)
{
	int err;
	PCRE2_SIZE off;
	pcre2_code *re = pcre2_compile((PCRE2_SPTR)re_text, PCRE2_ZERO_TERMINATED, 0, &err, &off, NULL);
	if (!re)
		return false;
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
	int rc = pcre2_match(re, (PCRE2_SPTR)s, PCRE2_ZERO_TERMINATED, 0, 0, md, NULL);
	pcre2_match_data_free(md);
	pcre2_code_free(re);
	return rc >= 0;
}

/* Rules text judge knows it does not model, so that the error can say so rather than
 * point at the nearest template (s is normalised). */
static const char *
unmodelled(const char *s)
{
	static const struct { const char *re; const char *what; } un[] = {
		{ "counters? (?:would be|are) put on|would put one or more counters", "replacement effects on counters worded otherwise than Hardened Scales, Doubling Season or Vorinclex" },
		{ "would create one or more tokens|would create a token", "replacement effects on tokens worded otherwise than Doubling Season" },
		{ "(?:^| )copy|copies", "copy effects other than `copy-of`" },
		{ "redirect|deals that damage to .* instead", "damage redirection" },
		{ "scry|surveil|mill|search (?:your|their|its owner's) library|discards?|shuffle|look at the top|reveal|from your hand|exile the top", "effects on libraries and hands other than those it reads (drawing, discarding, milling, a search that puts a card onto the battlefield or into a hand, revealing the top card or a hand)" },
		{ "^(?:when|whenever|at) ", "this trigger event or its effect (the trigger events judge reads: dies, leaves the battlefield, enters, attacks, blocks, becomes blocked, blocks or becomes blocked by a creature, attacks and isn't blocked, deals [combat] damage [to a player], is dealt damage, casts a spell, gains or loses life, counters are put on, becomes tapped or untapped, becomes the target of a spell or ability, attacks or blocks alone, scries or surveils, casts a spell that targets, the beginning of upkeep, draw step, combat or end step)" },
		{ "^each player may", "optional effects with a choice for each player (state the choice on the board instead)" },
		{ "^hexproof from|^protection from", "hexproof or protection from qualities other than colors, card types and everything" },
	};
	for (size_t i = 0; i < sizeof un / sizeof *un; i++)
		if (hint_matches(un[i].re, s))
			return un[i].what;
	return NULL;
}

/* The rule area an ability judge cannot read would need (issue 13: every refusal names it),
 * from the shape of its text (s is normalised). */
static const char *
ability_area(const char *s, bool spell)
{
	static const struct { const char *re; const char *area; } ar[] = {
		{ "^(?:i|ii|iii|iv|v|vi)(?:, (?:i|ii|iii|iv|v|vi))* - ", "714 Saga chapter abilities" },
		{ "gets? an emblem", "114 emblems (judge reads an emblem with one ability it reads elsewhere)" },
		{ "costs? (?:\\{[^}]*\\})+ (?:more|less) to (?:cast|activate)", "601.2f cost increases and reductions (judge reads a fixed generic amount, and \"{X} less\" by the total power of your creatures)" },
		{ "(?:up to (?:two|three|four|five|six)|(?:^|[a-z] )(?:two|three|four|five|six)|any number of) targets? ", "115.1 several targets of one word \"target\" (read on spells and activated abilities, one such word an ability)" },
		{ "(?:exile|put|return)[^.]* until ", "610.3 effects that move an object \"until\" an event (only \"until ~ leaves the battlefield\" is read)" },
		{ "for as long as ", "611.2b \"for as long as\" durations (only \"~ remains on the battlefield\" and \"you control ~\" are read)" },
		{ "at the beginning of (?:the|your) next|at the beginning of the end step|at end of combat", "603.7 delayed triggered abilities" },
		{ "that much (?:life|damage)", "603.2 \"that much\": the amount of the event a triggered ability triggered on (damage dealt, life gained or lost); a spell or another ability has none" },
		{ "chosen (?:creature )?type|chosen color|chosen name", "613.1d, 614.12 characteristics from a choice made as it entered (\"the chosen type\")" },
		{ "change the text|replacing all instances", "613.1c text-changing effects (layer 3)" },
		{ "counters? (?:would be|are) put on|would put one or more counters", "614.16 replacement effects on counters" },
		{ "would create one or more tokens|would create a token", "614.16 replacement effects on tokens" },
		{ "(?:^| )copy|copies", "707 copy effects" },
		{ "redirect|deals that damage to .* instead", "614.9 damage redirection" },
		{ "^ward", "702.21 ward" },
		{ "hexproof from|protection from", "702.11 hexproof and 702.16 protection from a quality" },
		{ "for mana|add an additional", "605 mana abilities (abilities that trigger on mana abilities)" },
		{ "scry|surveil|mill|search (?:your|their|its owner's) library|discards?|shuffle|look at the top|reveal|from your hand|exile the top|draws? ", "401 libraries and 402 hands (scry, search, mill, discard, reveal)" },
		{ "card (?:in|from) (?:your|a|an opponent's) graveyard|from your graveyard to", "115.2, 404 cards in graveyards (judge reads returning a target card from a graveyard to a hand or the battlefield, and exiling one)" },
		{ "^(?:when|whenever|at) ", "603 triggered abilities" },
		{ "(?:^|, |\\. )(?:each player|you) may ", "608.2d choices made while resolving (\"you may\")" },
		{ "^[+-]?\\d+: ", "606 loyalty abilities" },
		{ "^[^:\"]+: ", "602 activated abilities" },
		{ "can't|must |only ", "101.2 rule-changing effects (\"can't\", restrictions)" },
		{ " instead|^if .* would ", "614 replacement effects" },
		{ "prevent", "615 prevention effects" },
		{ "gets? [+-]\\d|power|toughness", "613.4 power and toughness (layer 7)" },
		{ " in addition to | (?:is|are) an? ", "613.1d type-changing effects (layer 4)" },
		{ "(?:gains?|has|have|loses?) ", "613.1f ability-adding and -removing effects (layer 6)" },
		{ "^[a-z-]+(?: \\d+| x| (?:\\{[^}]*\\})+)?$", "702 keyword abilities" },
	};
	for (size_t i = 0; i < sizeof ar / sizeof *ar; i++)
		if (hint_matches(ar[i].re, s))
			return ar[i].area;
	return spell ? "608.2 spell and ability effects" : "604 static abilities";
}

/* A list of keywords with a word misspelt ("Flyng", "Vigilence, frist strike"): when
 * every word of text is a keyword's word, "and", or within reach of a keyword's word,
 * writes text with the misspelt words corrected into fix and returns true. */
static bool
keyword_typo(const char *text, struct sbuf *fix)
{
	const char *words[2 * KW_COUNT + 1];
	size_t nw = 0;
	for (int i = 0; i < KW_COUNT; i++) {
		const char *sp = strchr(kw_names[i], ' ');
		words[nw++] = kw_names[i];   /* "first strike" whole; its words below */
		if (sp)
			words[nw++] = sp + 1;
	}
	words[nw] = NULL;
	static const char *const firsts[] = { "first", "double", NULL };
	/* real keywords judge does not model are not misspellings of those it does ("Fading 3" is
	 * not "Flying 3") */
	static const char *const other_kws[] = { "fading", "vanishing", "echo", "cumulative", "improvise",
		"convoke", "delve", "evolve", "ward", "flanking", "bushido", "rampage", "exalted", "annihilator",
		"bloodthirst", "modular", "graft", "sunburst", "affinity", "storm", "cascade", "rebound", "unleash",
		"extort", "riot", "afterlife", "mentor", "training", "myriad", "partner", "changeling", "devoid",
		"skulk", "horsemanship", "shadow", "fear", "intimidate", "banding", "phasing", "provoke",
		"soulbond", "bestow", "dethrone", "outlast", "renown", "awaken", "crew", "fabricate", "emerge",
		"escalate", "melee", "embalm", "eternalize", "afflict", "ascend", "assist", "spectacle", "adapt",
		"amass", "mutate", "boast", "daybound", "nightbound", "disturb", "decayed", "cleave",
		"reconfigure", "blitz", "casualty", "enlist", "ravenous", "toxic", "backup", "bargain", "craft",
		"disguise", "offspring", "saddle", "exhaust", "station", "suspend", "morph", "megamorph",
		"manifest", "transfigure", "entwine", "replicate", "recover", "dredge", "haunt", "forecast",
		"fortify", "absorb", "aftermath", "surge", "undaunted", "squad", "prototype", "living",
		"hideaway", "ninjutsu", "evoke", "flashback", "kicker", "multikicker", "buyback", "madness",
		"cycling", "foretell", "dash", "escape", "plot", "landfall", "miracle", "overload", "retrace",
		"scavenge", "transmute", "unearth", "wither", NULL };
	{
		size_t n0 = 0;
		while (isalpha((unsigned char)text[n0])) n0++;
		char w0[32];
		if (n0 > 0 && n0 < sizeof w0) {
			for (size_t i = 0; i < n0; i++) w0[i] = (char)tolower((unsigned char)text[i]);
			w0[n0] = 0;
			for (int i = 0; other_kws[i]; i++)
				if (!strcmp(w0, other_kws[i]) && bd_kw_lookup(w0) < 0)
					return false;
		}
	}
	bool fixed = false;
	sbuf_reset(fix);
	for (const char *p = text; *p;) {
		size_t n = 0;
		while (isalpha((unsigned char)p[n]) || p[n] == '-')
			n++;
		if (n == 0) {
			sbuf_addc(fix, *p++);
			continue;
		}
		char w[32];
		if (n >= sizeof w)
			return false;
		memcpy(w, p, n);
		w[n] = '\0';
		bool known = strcasecmp(w, "and") == 0 || bd_kw_lookup(w) >= 0 ||
		    strcasecmp(w, "first") == 0 || strcasecmp(w, "double") == 0 || strcasecmp(w, "strike") == 0;
		const char *near = known ? NULL : ed_nearest(w, words);
		if (!known && !near)
			near = ed_nearest(w, firsts);
		if (!known && !near)
			return false;
		if (near) {
			/* keep the word's capital */
			sbuf_addc(fix, isupper((unsigned char)w[0]) ? (char)toupper((unsigned char)near[0]) : near[0]);
			sbuf_adds(fix, near + 1);
			fixed = true;
		} else {
			sbuf_adds(fix, w);
		}
		p += n;
	}
	return fixed;
}

/* A condition: "you control another blue creature", "an opponent controls a Forest",
 * "it's your turn", "you have 5 or less life", "~ is untapped" (as long as ..., if ...) */
static bool
cond_parse(const char *condtxt, struct bd_cond *c)
{
	char tmp[256];
	int n;
	bool ok = true;
	memset(c, 0, sizeof *c);
	if (!strncmp(condtxt, "you control ", 12)) {
		c->kind = CD_CONTROL;
		const char *ph = condtxt + 12;
		if (sscanf(ph, "%d or more %255[^\n]", &n, tmp) == 2) {
			c->kind = CD_CONTROL_N; c->n = n; ph = tmp;
		} else if (!strncmp(ph, "no ", 3)) {
			c->kind = CD_CONTROL_N; c->n = -1; ph += 3;   /* none: n < 0 */
		}
		ok = bd_filter_parse(ph, &c->f);
	} else if (!strncmp(condtxt, "an opponent controls ", 21)) {
		c->kind = CD_OPP_CONTROL;
		ok = bd_filter_parse(condtxt + 21, &c->f);
	} else if (!strcmp(condtxt, "it's your turn"))
		c->kind = CD_YOUR_TURN;
	else if (!strcmp(condtxt, "it's not your turn"))
		c->kind = CD_NOT_YOUR_TURN;
	else if (sscanf(condtxt, "you have %d or less life", &n) == 1)
		c->kind = CD_LIFE_LE, c->n = n;
	else if (sscanf(condtxt, "you have %d or more life", &n) == 1)
		c->kind = CD_LIFE_GE, c->n = n;
	else if (sscanf(condtxt, "an opponent has %d or less life", &n) == 1)
		c->kind = CD_OPP_LIFE_LE, c->n = n;
	else if (!strcmp(condtxt, "that creature's power is greater than ~'s power and/or that creature's toughness is greater than ~'s toughness")
	    || !strcmp(condtxt, "that creature's power is greater than ~'s power or that creature's toughness is greater than ~'s toughness"))
		c->kind = CD_EVOLVE;
	else if (!strcmp(condtxt, "you didn't lose life this turn") || !strcmp(condtxt, "you haven't lost life this turn"))
		c->kind = CD_NO_LIFE_LOST;
	else if (!strcmp(condtxt, "it was kicked") || !strcmp(condtxt, "~ was kicked"))
		c->kind = CD_KICKED;
	else if (!strcmp(condtxt, "~ is untapped"))
		c->kind = CD_SELF_UNTAPPED;
	else if (!strcmp(condtxt, "~ is tapped"))
		c->kind = CD_SELF_TAPPED;
	else if (!strcmp(condtxt, "~ is attacking") || !strcmp(condtxt, "it's attacking"))
		c->kind = CD_SELF_ATTACKING;
	else if (sscanf(condtxt, "there are %d or more creature cards in your graveyard", &n) == 1)
		c->kind = CD_GRAVE_N, c->n = n;
	else
		ok = false;
	return ok;
}

bool
bd_read_trigger_event(const char *text, const char *owner, struct bd_abil *a, unsigned line, unsigned col)
{
	event_only = true;
	bool ok = bd_read_ability(text, owner, false, a, NULL, line, col, NULL);
	event_only = false;
	if (ok && a->kind != AK_TRIGGER) {
		free(a->text);
		a->text = NULL;
		ok = false;
	}
	if (ok) {
		a->neff = 0;
		a->ntgt = 0;
		a->optional = false;
		a->unread = true;
	}
	return ok;
}

bool
bd_read_ability(const char *text, const char *owner, bool spell, struct bd_abil *a,
    const char *file, unsigned line, unsigned col, struct diags *d)
{
	compile_all();
	memset(a, 0, sizeof *a);
	a->text = xstrdup(text);
	a->line = line;
	a->col = col;
	filter_init(&a->aff);
	filter_init(&a->src);
	char *s = normalise(text, owner);
	/* keywords that are triggered abilities, read as their definition says (702.108a) */
	static const struct { const char *kw, *means; } kwtrig[] = {
		{ "prowess", "whenever you cast a noncreature spell, ~ gets +1/+1 until end of turn" },
		{ "battle cry", "whenever ~ attacks, each other attacking creature gets +1/+0 until end of turn" },
		{ "exalted", "whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn" },
		/* 702.100a: "a creature you control"; ~ itself is never greater than itself */
		{ "evolve", "whenever another creature you control enters, if that creature's power is greater than ~'s power "
		  "and/or that creature's toughness is greater than ~'s toughness, put a +1/+1 counter on ~" },
	};
	/* an ability word ("Landfall — Whenever ...") has no rules meaning (207.2c) */
	{
		const char *dash = strstr(s, " - ");
		/* but "III — ..." is a Saga's chapter symbol (714.2a), not an ability word */
		/* (the space before the dash is counted by both spans) */
		if (dash && dash - s >= 3 && dash - s <= 30 && strspn(s, "abcdefghijklmnopqrstuvwxyz ") == (size_t)(dash - s) + 1
		    && strspn(s, "ivx, ") != (size_t)(dash - s) + 1) {
			char *t = xstrdup(dash + 3);
			free(s);
			s = t;
		}
	}
	const char *kwname = NULL;
	for (size_t i = 0; i < sizeof kwtrig / sizeof *kwtrig; i++)
		if (!strcmp(s, kwtrig[i].kw)) { free(s); s = xstrdup(kwtrig[i].means); kwname = kwtrig[i].kw; break; }
	/* 702.86a: "Annihilator N" means "Whenever this creature attacks, defending player
	 * sacrifices N permanents." */
	int ann;
	char annend;
	if (!kwname && sscanf(s, "annihilator %d%c", &ann, &annend) == 1 && ann > 0 && ann < 100) {
		char def[96];
		snprintf(def, sizeof def, "whenever ~ attacks, defending player sacrifices %d permanents", ann);
		free(s);
		s = xstrdup(def);
		kwname = "annihilator";
	}
	/* a line of reminder text alone ("(As this Saga enters and after your draw step, add a
	 * lore counter.)") has no rules meaning of its own: what it reminds of is a rule */
	if (!*s && strchr(text, '(')) {
		a->kind = AK_INERT;
		a->tmpl = "reminder text";
		free(s);
		return true;
	}
	/* Conspiracy's two sentences on one line: the second says the first reaches its
	 * controller's creature spells and cards elsewhere too */
	static const char same_tail[] = ". the same is true for creature spells you control and creature cards you own that aren't on the battlefield";
	bool same_too = false;
	size_t sl_ = strlen(s), tl_ = strlen(same_tail);
	if (sl_ > tl_ && !strcmp(s + sl_ - tl_, same_tail)) {
		s[sl_ - tl_] = 0;
		same_too = true;
	}
	/* "As long as C, X" and "X as long as C" */
	char *body = s;
	char condtxt[256] = "";
	if (!strncmp(s, "as long as ", 11)) {
		char *comma = strchr(s, ',');
		if (comma) {
			snprintf(condtxt, sizeof condtxt, "%.*s", (int)(comma - s - 11), s + 11);
			body = comma + 1;
			while (*body == ' ') body++;
		}
	} else {
		char *al = strstr(s, " as long as ");
		/* "for as long as ..." is a duration (611.2b), read with the effect */
		while (al && al - s >= 4 && !strncmp(al - 4, " for", 4))
			al = strstr(al + 1, " as long as ");
		if (al) {
			snprintf(condtxt, sizeof condtxt, "%s", al + 12);
			*al = 0;
		}
	}
	bool ok = false;
	for (size_t i = 0; i < NTMPL && !ok; i++) {
		/* a spell's keywords (Puncture Blast's wither) are characteristics of the
		 * source of its damage (702.80a, 702.15a) */
		/* and "this spell can't be countered" is a static ability that works on the stack */
		if (tmpls[i].spell != spell && !(spell && (tmpls[i].build == b_keywords || tmpls[i].build == b_rule || tmpls[i].build == b_modes
		    || tmpls[i].build == b_cost_mod
		    || !strcmp(tmpls[i].name, "casting keyword"))))
			continue;
		struct match m;
		if (!run(tmpls[i].code, body, &m))
			continue;
		struct bd_abil keep = *a;
		bool built = tmpls[i].build(&m, a);
		if (built && spell && tmpls[i].build == b_rule)
			for (int q = 0; q < a->nrules; q++)
				built &= a->rules[q].k == RU_CANT_BE_COUNTERED;
		if (built) {
			a->tmpl = tmpls[i].name;
			ok = true;
		} else
			*a = keep, a->nparts = 0, a->neff = 0, a->ntgt = 0;
	}
	if (ok && condtxt[0]) {
		ok = cond_parse(condtxt, &a->cond);
		if (ok && a->kind != AK_STATIC && a->kind != AK_KEYWORD)
			ok = false;
		if (ok && a->kind == AK_KEYWORD) {
			/* a conditional keyword is a static ability granting it to itself */
			uint32_t kws = a->parts[0].kws;
			unsigned pc = a->prot_colors, pf = a->prot_flags;
			a->kind = AK_STATIC;
			a->nparts = 0;
			part_add(a, OP_ADD_KW, LY_ABIL);
			a->parts[0].kws = kws;
			a->parts[0].prot_colors = pc;
			a->parts[0].prot_flags = pf;
			filter_init(&a->aff);
			a->aff.self = true;
		}
	}
	if (!ok && d) {
		/* the closest template, and where the text leaves it */
		int best = 1 << 30, bestk = 0;
		size_t bi = 0;
		for (size_t i = 0; i < bd_template_count(); i++) {
			char *ex = normalise(bd_template_example(i), NULL);
			int k;
			/* a shared opening counts for more than the rest: "Whenever ..." wants a trigger */
			int dist = word_distance(s, ex, &k) - 2 * k;
			if (dist < best) { best = dist; bi = i; bestk = k; }
			free(ex);
		}
		/* column of the first word that differs, in the original text */
		unsigned c = col;
		const char *t = text;
		for (int w = 0; w < bestk && *t; w++) {
			while (*t == ' ') t++;
			while (*t && *t != ' ') t++;
		}
		while (*t == ' ') t++;
		if (*t) {
			size_t chars = 0;
			for (const char *q = text; q < t; q++)
				if (((unsigned char)*q & 0xC0) != 0x80) chars++;
			c = col + (unsigned)chars;
		}
		diag_add(d, DL_ERROR, file, line, c, "judge cannot read this ability%s",
		    condtxt[0] ? " (or its \"as long as\" condition)" : "");
		const char *why = unmodelled(s);
		struct sbuf fix = {0};
		char *whole = normalise(text, owner);   /* before an ability word or "as long as" was taken off */
		const char *area = ability_area(whole, spell);
		free(whole);
		bool typo = keyword_typo(text, &fix);
		if (typo)
			diag_hint(d, "a keyword is misspelt: did you mean `ability %s`?", fix.s);
		else if (why)
			diag_hint(d, "judge does not model %s (see \"What judge does not model\" in docs/board-format.md); the closest template it knows: \"%s\"",
			    why, bd_template_example(bi));
		else
			diag_hint(d, "the closest template it knows: \"%s\" (see docs/board-format.md for the list)",
			    bd_template_example(bi));
		if (!typo)
			diag_area(d, area);
		sbuf_free(&fix);
	}
	free(s);
	if (ok && kwname)
		a->tmpl = kwname;
	if (ok && same_too) {
		if (a->kind == AK_STATIC && a->nparts && a->parts[0].sub_chosen)
			a->aff.offbf = true;
		else
			ok = false;
	}
	if (!ok) {
		free(a->text);
		a->text = NULL;
	}
	return ok;
}
