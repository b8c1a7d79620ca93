/* parse.c — reads the board text format (docs/board-format.md) into a struct board:
 * one statement per line, object attributes under the object they follow, names
 * resolved once the whole board is read. Every error names line and column. */
#include "board.h"
#include "../text/decode.h"
#include "../base/buf.h"
#include "../base/mem.h"
#include "../base/editdist.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct ps {
	struct board *b;
	struct diags *d;
	const char *file;
	const char *line;     /* the current line (not NUL-terminated) */
	size_t len;
	unsigned lno;
	int cur;              /* current object, -1 when none */
	int cast;             /* the object of the last `cast`, whose cost lines follow it */
	bool failed;
	int nerr;
};

/* Does an ability's text have the shape "COST: EFFECT" (602.1a) or a loyalty ability's
 * "+N: EFFECT" (606)? */
static bool
looks_activated(const char *t)
{
	const char *colon = strstr(t, ": ");
	if (!colon || memchr(t, '"', (size_t)(colon - t)) || colon - t > 80)
		return false;
	if (t[0] == '{' || t[0] == '+' || t[0] == '-' || t[0] == '0' || !strncmp(t, "\xe2\x88\x92", 3))
		return true;
	static const char *const verbs[] = { "sacrifice", "pay", "remove", "discard", "exile", "tap", "untap", "return", NULL };
	for (int i = 0; verbs[i]; i++)
		if (!strncasecmp(t, verbs[i], strlen(verbs[i])))
			return true;
	return false;
}

/* Has o an activated ability that is not a mana ability? */
static bool
cands_nonmana(const struct bd_obj *o)
{
	for (int k = 0; k < o->nabils; k++)
		if (o->abils[k].kind == AK_ACTIVATED || o->abils[k].kind == AK_EQUIP)
			return true;
	return false;
}

/* Where an ability's text goes on after prefix, ignoring case and the minus sign's spelling;
 * NULL when it doesn't start with prefix. */
static const char *
text_after(const char *text, const char *prefix)
{
	const unsigned char *t = (const unsigned char *)text, *p = (const unsigned char *)prefix;
	while (*p) {
		int tc = *t, pc = *p;
		size_t tl = 1, pl = 1;
		if (t[0] == 0xE2 && t[1] == 0x88 && t[2] == 0x92) { tc = '-'; tl = 3; }
		if (p[0] == 0xE2 && p[1] == 0x88 && p[2] == 0x92) { pc = '-'; pl = 3; }
		if (tolower(tc) != tolower(pc))
			return NULL;
		t += tl;
		p += pl;
	}
	return (const char *)t;
}

static bool
text_starts(const char *text, const char *prefix)
{
	return text_after(text, prefix) != NULL;
}

/* Is prefix the whole cost of the ability ("-1" of "-1: Target player draws a card.", not of
 * "-10: ...")? A prefix ending in the colon is the cost too. */
static bool
text_is_cost(const char *text, const char *prefix)
{
	const char *r = text_after(text, prefix);
	size_t n = strlen(prefix);
	return r && (*r == ':' || (n && prefix[n - 1] == ':'));
}

/* Is this event's name the object's (its name or alias)? */
static bool
names_obj(const struct board *b, const char *n, int o)
{
	return n && (!strcasecmp(n, b->objs[o].name) || (b->objs[o].alias && !strcasecmp(n, b->objs[o].alias)));
}

static void
perr(struct ps *ps, const char *at, const char *hint, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void
perr(struct ps *ps, const char *at, const char *hint, const char *fmt, ...)
{
	ps->failed = true;
	if (++ps->nerr > 20)
		return;       /* a binary file would otherwise give thousands */
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	unsigned col = 1;
	if (at && at >= ps->line && at <= ps->line + ps->len)
		for (const char *q = ps->line; q < at; q++)
			if (((unsigned char)*q & 0xC0) != 0x80) col++;
	diag_add(ps->d, DL_ERROR, ps->file, ps->lno, col, "%s", msg);
	if (hint)
		diag_hint(ps->d, "%s", hint);
	diag_src(ps->d, ps->line, ps->len);
}

static const char *
skipws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* next word into w (cap bytes); returns the position after it */
static const char *
word(const char *p, char *w, size_t cap)
{
	p = skipws(p);
	size_t n = 0;
	while (*p && *p != ' ' && *p != '\t') {
		if (n + 1 < cap)
			w[n++] = *p;
		p++;
	}
	w[n] = 0;
	return p;
}

static bool
parse_int(const char *s, int *out)
{
	char *end;
	if (!*s)
		return false;
	long v = strtol(s, &end, 10);
	if (*end || v < -1000000 || v > 1000000)
		return false;
	*out = (int)v;
	return true;
}

static char *
trimdup(const char *s)
{
	s = skipws(s);
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return xstrndup(s, n);
}

static struct bd_obj *
cur(struct ps *ps, const char *at, const char *key)
{
	if (ps->cur < 0) {
		char hint[160];
		snprintf(hint, sizeof hint, "start an object first with `permanent NAME`, `card NAME` or `spell NAME`, then `%s ...` under it", key);
		perr(ps, at, hint, "`%s` describes an object, but no object was started", key);
		return NULL;
	}
	return &ps->b->objs[ps->cur];
}

static int
find_player(const struct board *b, const char *name)
{
	for (int i = 0; i < b->nplayers; i++)
		if (strcasecmp(b->players[i].name, name) == 0)
			return i;
	return -1;
}

static void
obj_init(struct bd_obj *o)
{
	memset(o, 0, sizeof *o);
	o->owner = o->controller = -1;
	o->attached = -1;
	o->copy_of = -1;
	o->act_src = o->act_abil = o->ab_src = -1;
	o->attacking_p = o->attacking_o = -1;
	o->zpos = 0;
}

int
bd_add_obj(struct board *b, const struct bd_obj *proto)
{
	b->objs = xgrow(b->objs, &b->objcap, (size_t)b->nobjs + 1, sizeof *b->objs);
	struct bd_obj *o = &b->objs[b->nobjs];
	obj_init(o);
	if (proto) {
		*o = *proto;
		o->name = xstrdup(proto->name);
		o->alias = proto->alias ? xstrdup(proto->alias) : NULL;
		o->abils = proto->nabils ? xcalloc((size_t)proto->nabils, sizeof *o->abils) : NULL;
		o->abcap = (size_t)proto->nabils;
		for (int i = 0; i < proto->nabils; i++) {
			o->abils[i] = proto->abils[i];
			o->abils[i].text = xstrdup(proto->abils[i].text);
		}
		o->attached_name = o->attacking_name = o->owner_name = o->ctl_name = o->copy_name = NULL;
		o->chosen = NULL;   /* a new object (400.7) made no choice */
		memset(o->blocking_names, 0, sizeof o->blocking_names);
		memset(o->target_names, 0, sizeof o->target_names);
		memset(o->div_names, 0, sizeof o->div_names);
		o->nact_names = 0;
	}
	return b->nobjs++;
}

/* "Legendary Creature — Faerie Wizard" */
static void
parse_typeline(struct ps *ps, struct bd_obj *o, const char *s)
{
	char buf[512];
	snprintf(buf, sizeof buf, "%s", s);
	/* fold the em dash to " - " */
	struct sbuf t = {0};
	for (const unsigned char *p = (const unsigned char *)buf; *p; p++) {
		if (p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x94 || p[2] == 0x93)) { sbuf_adds(&t, " - "); p += 2; }
		else sbuf_addc(&t, (char)*p);
	}
	char *line = sbuf_take(&t);
	if (!line) line = xstrdup("");
	bool after_dash = false;
	o->types = o->supers = 0;
	o->nsubs = 0;
	for (char *w = strtok(line, " \t"); w; w = strtok(NULL, " \t")) {
		if (!strcmp(w, "-") || !strcmp(w, "--")) { after_dash = true; continue; }
		if (!after_dash) {
			unsigned t1 = bd_type_lookup(w), s1 = bd_super_lookup(w);
			if (t1) o->types |= t1;
			else if (s1) o->supers |= s1;
			else {
				const char *at = strstr(ps->line, w);
				perr(ps, at, "write the type line as printed: [supertypes] card types [— subtypes], e.g. `type Legendary Creature — Faerie Wizard`",
				    "unknown card type or supertype \"%s\"", w);
			}
		} else if (o->nsubs >= BD_MAXSUB) {
			perr(ps, strstr(ps->line, w), NULL, "too many subtypes: judge holds at most %d", BD_MAXSUB);
		} else if (strlen(w) >= BD_SUBLEN) {
			perr(ps, strstr(ps->line, w), NULL, "subtype \"%s\" is too long: judge holds at most %d letters", w, BD_SUBLEN - 1);
		} else {
			snprintf(o->subs[o->nsubs], BD_SUBLEN, "%s", w);
			o->subs[o->nsubs][0] = (char)toupper((unsigned char)o->subs[o->nsubs][0]);
			o->nsubs++;
		}
	}
	if (!o->types && !ps->failed)
		perr(ps, ps->line, "e.g. `type Creature — Faerie` or `type Enchantment — Aura`", "the type line names no card type");
	free(line);
}

/* "{2}{U}{U}": mana value and colors (202.2, 202.3) */
static void
parse_cost(struct ps *ps, struct bd_obj *o, const char *s)
{
	o->mv = 0;
	o->mana_cost[0] = 0;
	unsigned colors = 0;
	const char *p = skipws(s);
	while (*p) {
		if (*p != '{') {
			perr(ps, p, "write mana costs in braces, e.g. `cost {1}{U}{U}`", "expected '{' in a mana cost");
			return;
		}
		const char *e = strchr(p, '}');
		if (!e) {
			perr(ps, p, "close the symbol with '}'", "unterminated mana symbol");
			return;
		}
		char sym[16];
		size_t n = (size_t)(e - p - 1);
		if (n == 0 || n >= sizeof sym) {
			perr(ps, p, "e.g. {2}, {U}, {W/U}, {X}", "bad mana symbol");
			return;
		}
		memcpy(sym, p + 1, n);
		sym[n] = 0;
		size_t ml = strlen(o->mana_cost);
		if (ml + n + 3 <= sizeof o->mana_cost) {
			o->mana_cost[ml] = '{';
			for (size_t q = 0; q < n; q++)
				o->mana_cost[ml + 1 + q] = (char)tolower((unsigned char)sym[q]);
			o->mana_cost[ml + 1 + n] = '}';
			o->mana_cost[ml + 2 + n] = 0;
		}
		if (isdigit((unsigned char)sym[0])) {
			int v;
			if (!parse_int(sym, &v) || v < 0) { perr(ps, p, "e.g. {2}", "bad generic mana amount"); return; }
			o->mv += v;
		} else if (!strcasecmp(sym, "X") || !strcasecmp(sym, "Y")) {
			/* X is 0 except on the stack (202.3e) */
		} else {
			bool any = false;
			for (char *q = sym; *q; q++) {
				switch (toupper((unsigned char)*q)) {
				case 'W': colors |= BC_W; any = true; break;
				case 'U': colors |= BC_U; any = true; break;
				case 'B': colors |= BC_B; any = true; break;
				case 'R': colors |= BC_R; any = true; break;
				case 'G': colors |= BC_G; any = true; break;
				case 'C': case 'P': case 'S': case '/': case '2': any = true; break;
				default: perr(ps, p, "symbols: {N} {W} {U} {B} {R} {G} {C} {X} {W/U} {W/P}", "unknown mana symbol {%s}", sym); return;
				}
			}
			if (any)
				o->mv += (sym[0] == '2' && sym[1] == '/') ? 2 : 1;
		}
		p = skipws(e + 1);
	}
	o->colors = colors;
}

/* "2 +1/+1, 1 -1/-1, 3 loyalty, 1 flying" */
static void
parse_counters(struct ps *ps, const char *s, struct bd_ctr *out, int *nout, int max)
{
	char buf[512];
	snprintf(buf, sizeof buf, "%s", s);
	char *save = NULL;
	for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		char nw[32], kind[64];
		const char *p = word(item, nw, sizeof nw);
		p = skipws(p);
		snprintf(kind, sizeof kind, "%s", p);
		size_t kl = strlen(kind);
		while (kl && kind[kl - 1] == ' ') kind[--kl] = 0;
		if (kl > 8 && !strcmp(kind + kl - 8, " counter")) kind[kl -= 8] = 0;
		if (kl > 9 && !strcmp(kind + kl - 9, " counters")) kind[kl -= 9] = 0;
		const char *at = (s >= ps->line && s <= ps->line + ps->len) ? s + (item - buf) : ps->line;
		int n;
		if (!parse_int(nw, &n) || n < 0) {
			perr(ps, at, "write counters as `counters N KIND[, N KIND]`, e.g. `counters 2 +1/+1, 1 flying`", "expected a number of counters, got \"%s\"", nw);
			return;
		}
		if (*nout >= max) {
			perr(ps, at, NULL, "too many kinds of counters (at most %d)", max);
			return;
		}
		struct bd_ctr c;
		memset(&c, 0, sizeof c);
		c.n = n;
		int dp, dt;
		char tail;
		if (sscanf(kind, "%d/%d%c", &dp, &dt, &tail) == 2 && (kind[0] == '+' || kind[0] == '-')) {
			c.kind = CK_PT; c.dp = dp; c.dt = dt;
		} else if (!strcasecmp(kind, "loyalty")) {
			c.kind = CK_LOYALTY;
		} else if (bd_kw_lookup(kind) >= 0) {
			c.kind = CK_KEYWORD; c.kw = bd_kw_lookup(kind);
		} else if (kind[0] && isalpha((unsigned char)kind[0])) {
			c.kind = CK_OTHER; snprintf(c.other, sizeof c.other, "%.23s", kind);
		} else {
			perr(ps, at, "kinds: +1/+1, -1/-1, +N/+M, loyalty, a keyword (flying), or a word (charge)", "unknown counter kind \"%s\"", kind);
			return;
		}
		c.ts = ++ps->b->next_ts;
		/* same kind merges (613.7c gives them all the new timestamp) */
		int k;
		for (k = 0; k < *nout; k++)
			if (out[k].kind == c.kind && out[k].dp == c.dp && out[k].dt == c.dt && out[k].kw == c.kw
			    && !strcmp(out[k].other, c.other))
				break;
		if (k < *nout) { out[k].n += c.n; out[k].ts = c.ts; }
		else out[(*nout)++] = c;
	}
}

/* Split "A, B and C" into names; returns count. */
static int
split_names(struct ps *ps, char *s, char **out, unsigned *cols, int max, const char *orig)
{
	const char *linestart = s;
	int n = 0;
	char *p = s;
	if (strlen(orig) != strlen(s)) {
		perr(ps, orig + strlen(s), "shorten the names (use `as ALIAS` on the objects)", "this list is too long: judge reads at most %zu characters of it", strlen(s));
		return 0;
	}
	while (*p && n < max) {
		while (*p == ' ' || *p == ',') p++;
		if (!*p) break;
		char *e = p;
		while (*e && *e != ',') e++;
		char save = *e;
		*e = 0;
		char *t = trimdup(p);
		cols[n] = (unsigned)(p - linestart) + 1;
		out[n++] = t;
		*e = save;
		p = e;
	}
	while (*p == ' ' || *p == ',') p++;
	if (*p)
		perr(ps, orig + (p - s), NULL, "too many names: judge holds at most %d here", max);
	return n;
}

/* The words a line may start with, canonical spellings only (the parser also takes
 * "colors"/"color", "targets", "attached-to" and a few more). Help and Tab use them. */
static const char *const statement_names[] = { "title", "player", "permanent", "card", "emblem",
	"spell", "token", "resolve", "combat", "damage", "destroy", "exile", "sacrifice",
	"counters-on", "cast", "activate", "step", "turn", "attack", "block", "tap", "untap", "turn-face-up", "assign", "order", "trigger-target", "keep", "choose", NULL };
static const char *const attribute_names[] = { "controller", "owner", "type", "cost", "mv",
	"colors", "pt", "loyalty", "counters", "damage", "prevent-next", "regeneration",
	"copy-of", "tapped", "face-down", "sick", "zone", "attached", "attacking", "blocking", "timestamp", "x",
	"target", "mode", "divide", "kicked", "pay-life", "discard", "ability", "chosen", NULL };

const char *const *
bd_statement_names(void)
{
	return statement_names;
}

const char *const *
bd_attribute_names(void)
{
	return attribute_names;
}

static void
join_names(struct sbuf *s, const char *const *names)
{
	for (size_t i = 0; names[i]; i++)
		sbuf_addf(s, "%s%s", i ? ", " : "", names[i]);
}

static void
statement(struct ps *ps, char *ln)
{
	struct board *b = ps->b;
	char key[64];
	const char *rest = word(ln, key, sizeof key);
	rest = skipws(rest);
	const char *keyat = skipws(ln);
	for (char *k = key; *k; k++) *k = (char)tolower((unsigned char)*k);
	struct bd_obj *o;
	int n;

	if (!strcmp(key, "title")) {
		free(b->title);
		b->title = trimdup(rest);
	} else if (!strcmp(key, "player")) {
		ps->cur = -1;
		char nm[64];
		const char *p = word(rest, nm, sizeof nm);
		if (!nm[0]) { perr(ps, rest, "e.g. `player Alice life 20 active`", "expected a player name"); return; }
		if (b->nplayers >= BD_MAXPLAYERS) { perr(ps, keyat, NULL, "at most %d players", BD_MAXPLAYERS); return; }
		if (find_player(b, nm) >= 0) { perr(ps, rest, "give each player a different name", "player \"%s\" is already declared", nm); return; }
		struct bd_player *pl = &b->players[b->nplayers];
		memset(pl, 0, sizeof *pl);
		pl->name = xstrdup(nm);
		pl->line = ps->lno;
		pl->life = 20;
		pl->order = b->nplayers;
		pl->library = -1;
		b->nplayers++;   /* counted now so bd_free() releases the name if the rest fails */
		for (;;) {
			char w[64];
			const char *at = skipws(p);
			p = word(p, w, sizeof w);
			if (!w[0]) break;
			if (!strcmp(w, "active")) pl->active = true;
			else if (!strcmp(w, "lost-life")) pl->lost_life = true;
			else if (!strcmp(w, "spells-cast")) {
				char v[32];
				const char *vat = skipws(p);
				p = word(p, v, sizeof v);
				if (!parse_int(v, &n) || n < 0) { perr(ps, vat, "e.g. `spells-cast 1` (spells the player cast this turn before the board)", "expected a number after `spells-cast`"); return; }
				pl->spells_cast = n;
			}
			else if (!strcmp(w, "prevent-next")) {
				char v[32];
				const char *vat = skipws(p);
				p = word(p, v, sizeof v);
				if (!parse_int(v, &n) || n < 0) { perr(ps, vat, "e.g. `prevent-next 3`", "expected a number after `prevent-next`"); return; }
				pl->shield = n;
			} else if (!strcmp(w, "library") || !strcmp(w, "hand")) {
				char v[32];
				const char *vat = skipws(p);
				p = word(p, v, sizeof v);
				if (!parse_int(v, &n) || n < 0) { perr(ps, vat, "e.g. `library 0` or `hand 9`", "expected a number of cards after `%s`", w); return; }
				if (w[0] == 'l') pl->library = n; else pl->hand = n;
			} else if (!strcmp(w, "life") || !strcmp(w, "poison")) {
				char v[32];
				const char *vat = skipws(p);
				p = word(p, v, sizeof v);
				if (!parse_int(v, &n) || (w[0] == 'p' && n < 0)) { perr(ps, vat, "e.g. `life 20` or `poison 3`", "expected a number after `%s`", w); return; }
				if (w[0] == 'l') pl->life = n; else pl->poison = n;
			} else { perr(ps, at, "player attributes: life N, poison N, prevent-next N, library N, hand N, spells-cast N, active, lost-life", "unknown player attribute \"%s\"", w); return; }
		}
	} else if (!strcmp(key, "permanent") || !strcmp(key, "card") || !strcmp(key, "spell") || !strcmp(key, "token")
	    || !strcmp(key, "emblem")) {
		char *nm = trimdup(rest);
		char *as = NULL;
		char *asp = strstr(nm, " as ");
		if (asp) { *asp = 0; as = trimdup(asp + 4); char *t = trimdup(nm); free(nm); nm = t; }
		if (!nm[0]) { free(nm); free(as); perr(ps, rest, "e.g. `permanent Scion of Oona`", "expected the object's name"); return; }
		int i = bd_add_obj(b, NULL);
		o = &b->objs[i];
		o->name = nm;
		o->alias = as;
		o->line = ps->lno;
		o->zone = key[0] == 's' ? ZN_STACK : key[0] == 'c' ? ZN_GRAVEYARD : key[0] == 'e' ? ZN_COMMAND : ZN_BATTLEFIELD;
		o->token = key[0] == 't';
		o->ts = ++b->next_ts;
		ps->cur = i;
	} else if (!strcmp(key, "controller") || !strcmp(key, "owner")) {
		if (!(o = cur(ps, keyat, key))) return;
		char nm[64];
		word(rest, nm, sizeof nm);
		if (!nm[0]) { perr(ps, rest, "name a declared player", "expected a player name after `%s`", key); return; }
		char **slot = key[0] == 'c' ? &o->ctl_name : &o->owner_name;
		free(*slot);
		*slot = xstrdup(nm);
		if (key[0] == 'c') { o->ctl_line = ps->lno; o->ctl_col = (unsigned)(rest - ps->line) + 1; }
		else { o->owner_line = ps->lno; o->owner_col = (unsigned)(rest - ps->line) + 1; }
	} else if (!strcmp(key, "type")) {
		if (!(o = cur(ps, keyat, key))) return;
		parse_typeline(ps, o, rest);
	} else if (!strcmp(key, "cost")) {
		if (!(o = cur(ps, keyat, key))) return;
		parse_cost(ps, o, rest);
	} else if (!strcmp(key, "mv")) {
		if (!(o = cur(ps, keyat, key))) return;
		if (!parse_int(rest, &n) || n < 0) { perr(ps, rest, "e.g. `mv 3`", "expected a mana value"); return; }
		o->mv = n;
	} else if (!strcmp(key, "color") || !strcmp(key, "colors")) {
		if (!(o = cur(ps, keyat, key))) return;
		o->colors = 0;
		char buf[256];
		snprintf(buf, sizeof buf, "%s", rest);
		for (char *w = strtok(buf, " ,\t"); w; w = strtok(NULL, " ,\t")) {
			if (!strcasecmp(w, "colorless") || !strcasecmp(w, "and")) continue;
			unsigned c = bd_color_lookup(w);
			if (!c) { perr(ps, rest + (w - buf), "colors: white blue black red green, or colorless", "unknown color \"%s\"", w); return; }
			o->colors |= c;
		}
	} else if (!strcmp(key, "pt")) {
		if (!(o = cur(ps, keyat, key))) return;
		char a[32], bb[32];
		const char *slash = strchr(rest, '/');
		if (!slash || slash - rest >= 31) { perr(ps, rest, "e.g. `pt 2/2` or `pt */*` for a characteristic-defining P/T", "expected power/toughness"); return; }
		snprintf(a, sizeof a, "%.*s", (int)(slash - rest), rest);
		snprintf(bb, sizeof bb, "%s", slash + 1);
		for (char *q = bb + strlen(bb); q > bb && (q[-1] == ' ' || q[-1] == '\t'); q--) q[-1] = 0;
		if (!strcmp(a, "*") || !strncmp(bb, "*", 1)) {
			o->pt_star = true; o->power = 0; o->toughness = 0;
			if (strcmp(a, "*")) parse_int(a, &o->power);
			if (!strncmp(bb, "*+", 2)) parse_int(bb + 2, &o->toughness);
			else if (bb[0] != '*' && !parse_int(bb, &o->toughness)) { perr(ps, slash + 1, "e.g. `pt */4`", "bad toughness \"%s\"", bb); return; }
		} else {
			if (!parse_int(a, &o->power)) { perr(ps, rest, "e.g. `pt 2/2`", "bad power \"%s\"", a); return; }
			if (!parse_int(bb, &o->toughness)) { perr(ps, slash + 1, "e.g. `pt 2/2`", "bad toughness \"%s\"", bb); return; }
		}
		o->has_pt = true;
	} else if (!strcmp(key, "loyalty")) {
		if (!(o = cur(ps, keyat, key))) return;
		if (!parse_int(rest, &n) || n < 0) { perr(ps, rest, "e.g. `loyalty 3`", "expected a loyalty number"); return; }
		char tmp[64];
		snprintf(tmp, sizeof tmp, "%d loyalty", n);
		parse_counters(ps, tmp, o->ctr, &o->nctr, BD_MAXCTR);
	} else if (!strcmp(key, "counters") || !strcmp(key, "counter")) {
		if (!(o = cur(ps, keyat, key))) return;
		parse_counters(ps, rest, o->ctr, &o->nctr, BD_MAXCTR);
	} else if (!strcmp(key, "damage") && ps->cur >= 0 && !strstr(rest, " to ")) {
		o = &b->objs[ps->cur];
		char v[32], w[32];
		const char *p = word(rest, v, sizeof v);
		word(p, w, sizeof w);
		if (!parse_int(v, &n) || n < 0) { perr(ps, rest, "e.g. `damage 2` or `damage 1 deathtouch` (marked damage), or `damage N to NAME` as an event", "expected an amount of damage"); return; }
		o->damage = n;
		if (!strcmp(w, "deathtouch")) o->dt_damage = true;
		else if (w[0]) { perr(ps, skipws(p), "only `deathtouch` may follow the amount", "unexpected \"%s\"", w); return; }
	} else if (!strcmp(key, "prevent-next")) {
		if (!(o = cur(ps, keyat, key))) return;
		if (!parse_int(rest, &n) || n < 0) { perr(ps, rest, "e.g. `prevent-next 3` (from a resolved \"prevent the next 3 damage\")", "expected an amount of damage to prevent"); return; }
		o->shield = n;
	} else if (!strcmp(key, "regeneration")) {
		if (!(o = cur(ps, keyat, key))) return;
		if (!parse_int(rest, &n) || n < 0) { perr(ps, rest, "e.g. `regeneration 1` (a regeneration shield from a resolved ability)", "expected a number of regeneration shields"); return; }
		o->regen = n;
	} else if (!strcmp(key, "tapped")) {
		if (!(o = cur(ps, keyat, key))) return;
		o->tapped = true;
	} else if (!strcmp(key, "face-down")) {
		if (!(o = cur(ps, keyat, key))) return;
		o->face_down = true;
	} else if (!strcmp(key, "sick")) {
		if (!(o = cur(ps, keyat, key))) return;
		o->sick = true;
	} else if (!strcmp(key, "untapped")) {
		if (!(o = cur(ps, keyat, key))) return;
		o->tapped = false;
	} else if (!strcmp(key, "zone")) {
		if (!(o = cur(ps, keyat, key))) return;
		static const char *const zn[] = { "battlefield", "graveyard", "exile", "hand", "library", "stack" };
		int z;
		for (z = 0; z < 6; z++)
			if (!strcasecmp(rest, zn[z])) break;
		if (z == 6 && !strcasecmp(rest, "command")) {
			o->zone = ZN_COMMAND;
			return;
		}
		if (z == 6) { perr(ps, rest, "zones: battlefield, graveyard, exile, hand, library, stack, command (emblems)", "unknown zone \"%s\"", rest); return; }
		o->zone = (enum bd_zone)z;
	} else if (!strcmp(key, "attached") || !strcmp(key, "attached-to") || !strcmp(key, "enchanting") || !strcmp(key, "equipping")) {
		if (!(o = cur(ps, keyat, key))) return;
		if (!strncmp(rest, "to ", 3)) rest = skipws(rest + 3);
		free(o->attached_name);
		o->attached_name = trimdup(rest);
		o->attached_line = ps->lno;
		o->attached_col = (unsigned)(rest - ps->line) + 1;
	} else if (!strcmp(key, "chosen")) {
		/* the choice it made as it entered: "As this enters, choose a creature type" (614.12a) */
		if (!(o = cur(ps, keyat, key))) return;
		if (!*rest) { perr(ps, rest, "e.g. `chosen Elf`", "expected what was chosen"); return; }
		free(o->chosen);
		o->chosen = xstrdup(rest);
	} else if (!strcmp(key, "copy-of") || !strcmp(key, "copying")) {
		if (!(o = cur(ps, keyat, key))) return;
		free(o->copy_name);
		o->copy_name = trimdup(rest);
		o->copy_line = ps->lno;
		o->copy_col = (unsigned)(rest - ps->line) + 1;
	} else if (!strcmp(key, "attacking")) {
		if (!(o = cur(ps, keyat, key))) return;
		free(o->attacking_name);
		o->attacking_name = trimdup(rest);
		o->attacking_line = ps->lno;
		o->attacking_col = (unsigned)(rest - ps->line) + 1;
	} else if (!strcmp(key, "blocking")) {
		if (!(o = cur(ps, keyat, key))) return;
		char buf[512];
		snprintf(buf, sizeof buf, "%s", rest);
		for (int i = 0; i < BD_MAXBLK; i++) { free(o->blocking_names[i]); o->blocking_names[i] = NULL; }
		int k = split_names(ps, buf, o->blocking_names, o->blocking_col, BD_MAXBLK, rest);
		for (int i = 0; i < k; i++) { o->blocking_col[i] += (unsigned)(rest - ps->line); o->blocking_line[i] = ps->lno; }
		o->nblocking = k;
	} else if (!strcmp(key, "timestamp")) {
		if (!(o = cur(ps, keyat, key))) return;
		if (!parse_int(rest, &n) || n < 0) { perr(ps, rest, "e.g. `timestamp 3` (larger is later)", "expected a timestamp number"); return; }
		o->ts = n * 1000L;   /* room for counters and effects between */
	} else if (!strcmp(key, "x")) {
		if (!(o = cur(ps, keyat, key))) return;
		if (!parse_int(rest, &n) || n < 0) { perr(ps, rest, "e.g. `x 3`", "expected the value of X"); return; }
		o->x = n;
	} else if (!strcmp(key, "target") || !strcmp(key, "targets")) {
		if (!(o = cur(ps, keyat, key))) return;
		char buf[512];
		snprintf(buf, sizeof buf, "%s", rest);
		for (int i = 0; i < BD_MAXTGT; i++) { free(o->target_names[i]); o->target_names[i] = NULL; }
		int k = split_names(ps, buf, o->target_names, o->target_col, BD_MAXTGT, rest);
		for (int i = 0; i < k; i++) { o->target_col[i] += (unsigned)(rest - ps->line); o->target_line[i] = ps->lno; }
		o->ntargets = k;
	} else if (!strcmp(key, "mode") || !strcmp(key, "modes")) {
		/* mode N[, N]: the modes chosen for a modal spell (700.2), numbered from 1 */
		if (!(o = cur(ps, keyat, key))) return;
		o->modes = 0;
		o->mode_line = ps->lno;
		o->mode_col = (unsigned)(rest - ps->line) + 1;
		const char *p = rest;
		for (;;) {
			p = skipws(p);
			char *end;
			long m = strtol(p, &end, 10);
			if (end == p || m < 1 || m > 16) { perr(ps, p, "e.g. `mode 1` or `mode 1, 3` (modes are numbered from 1 in the order the card lists them)", "expected a mode number"); return; }
			if (o->modes & (1u << m)) { perr(ps, p, "a mode can be chosen once unless the card says otherwise (700.2d)", "mode %ld is chosen twice", m); return; }
			o->modes |= 1u << m;
			p = skipws(end);
			if (*p == ',') { p++; continue; }
			if (!strncmp(p, "and ", 4)) { p += 4; continue; }
			if (*p) { perr(ps, p, "e.g. `mode 1, 3`", "unexpected text after the mode numbers"); return; }
			break;
		}
	} else if (!strcmp(key, "divide")) {
		/* divide N to NAME, N to NAME: how the caster divides damage among targets (601.2d) */
		if (!(o = cur(ps, keyat, key))) return;
		for (int i = 0; i < BD_MAXTGT; i++) { free(o->div_names[i]); o->div_names[i] = NULL; }
		o->ndiv = 0;
		o->div_line = ps->lno;
		char buf[512];
		snprintf(buf, sizeof buf, "%s", rest);
		char *items[BD_MAXTGT];
		unsigned cols[BD_MAXTGT];
		int k = split_names(ps, buf, items, cols, BD_MAXTGT, rest);
		if (k == 0) { perr(ps, rest, "e.g. `divide 2 to Grizzly Bears, 1 to Bob`", "expected `N to NAME, ...`"); return; }
		for (int i = 0; i < k; i++) {
			char v[32];
			const char *q = skipws(word(items[i], v, sizeof v));
			const char *at = rest + cols[i] - 1;
			int m = o->ndiv;
			if (!parse_int(v, &n) || strncmp(q, "to ", 3)) {
				if (m > 0 && o->div_names[m - 1]) {
					/* the rest of a name with a comma: "1 to Thalia, Guardian of Thraben" */
					struct sbuf w = {0};
					sbuf_addf(&w, "%s, %s", o->div_names[m - 1], items[i]);
					free(o->div_names[m - 1]);
					o->div_names[m - 1] = xstrdup(sbuf_str(&w));
					sbuf_free(&w);
					free(items[i]);
					continue;
				}
				perr(ps, at, "e.g. `divide 2 to Grizzly Bears, 1 to Bob`", "expected `N to NAME`");
				for (int j = i; j < k; j++) free(items[j]);
				return;
			}
			if (n < 1) {
				perr(ps, at, "each target of divided damage is dealt at least 1 (601.2d)", "a share of %d", n);
				for (int j = i; j < k; j++) free(items[j]);
				return;
			}
			o->div_amt[m] = n;
			o->div_names[m] = trimdup(q + 3);
			o->div_col[m] = (unsigned)(at - ps->line) + 1 + (unsigned)(q + 3 - items[i]);
			o->ndiv = m + 1;
			free(items[i]);
		}
	} else if (!strcmp(key, "ability") || !strcmp(key, "text")) {
		if (!(o = cur(ps, keyat, key))) return;
		if (!*rest) { perr(ps, rest, "write the ability as printed on the card, e.g. `ability Flying`", "expected the ability's text"); return; }
		/* instants, sorceries, and abilities on the stack (a `spell` with no type line) */
		bool spell = (o->types & (BT_INSTANT | BT_SORCERY)) != 0 || (o->zone == ZN_STACK && !o->types);
		struct bd_abil a;
		/* "• ..." after "Choose one —": a mode (700.2), numbered in the order printed */
		int mode = 0;
		if (!strncmp(rest, "\xe2\x80\xa2", 3) || (rest[0] == '*' && rest[1] == ' ')) {
			bool header = false;
			int hk = -1;     /* the "Choose ..." line the mode belongs to */
			for (int k = 0; k < o->nabils; k++)
				if (o->abils[k].choose_max > 0) { header = true; hk = k; }
			for (int k = hk + 1; k < o->nabils; k++)
				if (o->abils[k].mode > mode) mode = o->abils[k].mode;
			/* a mode of a modal triggered ability is an effect, read as a spell's (700.2b) */
			bool trig_mode = header && (o->abils[hk].kind == AK_TRIGGER || o->abils[hk].kind == AK_ACTIVATED);
			if (trig_mode) spell = true;
			if (!header) { perr(ps, rest, "a modal card starts its modes with a line such as `ability Choose one —`", "a mode (\"•\") without a \"Choose ...\" line before it"); return; }
			mode++;
			rest = skipws(rest + (rest[0] == '*' ? 1 : 3));
			/* columns count characters, and the bullet is three bytes */
			unsigned rcol = 1;
			for (const char *q = ps->line; q < rest; q++)
				if (((unsigned char)*q & 0xC0) != 0x80) rcol++;
			if (!*rest) { perr(ps, rest, "write the mode's text after the bullet", "expected the mode's text"); return; }
			if (!bd_read_ability(rest, o->name, spell, &a, ps->file, ps->lno, rcol, NULL)) {
				/* kept unread: an error only if the board chooses this mode */
				memset(&a, 0, sizeof a);
				a.kind = AK_INERT;
				a.text = xstrdup(rest);
				a.line = ps->lno;
				a.col = rcol;
				a.unread = true;
			}
			a.mode = mode;
			a.modal_of = trig_mode ? hk + 1 : 0;
			o->abils = xgrow(o->abils, &o->abcap, (size_t)o->nabils + 1, sizeof *o->abils);
			o->abils[o->nabils++] = a;
			return;
		}
		/* "Fading N" is two abilities (702.32a): each is read as its definition says */
		int fade;
		char fw[8], tail;
		if (!spell && sscanf(rest, "%7s %d %c", fw, &fade, &tail) == 2 && !strcasecmp(fw, "fading") && fade > 0 && fade < 1000) {
			char def[2][160];
			snprintf(def[0], sizeof def[0], "This permanent enters with %d fade counters on it.", fade);
			snprintf(def[1], sizeof def[1], "At the beginning of your upkeep, remove a fade counter from this permanent. If you can't, sacrifice this permanent.");
			for (int k = 0; k < 2; k++) {
				if (!bd_read_ability(def[k], o->name, false, &a, ps->file, ps->lno, (unsigned)(rest - ps->line) + 1, ps->d)) {
					ps->failed = true;
					ps->nerr++;
					return;
				}
				a.tmpl = "fading";
				o->abils = xgrow(o->abils, &o->abcap, (size_t)o->nabils + 1, sizeof *o->abils);
				o->abils[o->nabils++] = a;
			}
			return;
		}
		/* a permanent's activated ability judge can't read is an error only if the board
		 * activates it (602): kept unread until then */
		bool act = !spell && looks_activated(rest);
		if (act && bd_read_ability(rest, o->name, spell, &a, ps->file, ps->lno, (unsigned)(rest - ps->line) + 1, NULL)) {
			o->abils = xgrow(o->abils, &o->abcap, (size_t)o->nabils + 1, sizeof *o->abils);
			o->abils[o->nabils++] = a;
			return;
		}
		if (act) {
			memset(&a, 0, sizeof a);
			a.kind = AK_ACTIVATED;
			a.text = xstrdup(rest);
			a.line = ps->lno;
			a.col = (unsigned)(rest - ps->line) + 1;
			a.unread = true;
			o->abils = xgrow(o->abils, &o->abcap, (size_t)o->nabils + 1, sizeof *o->abils);
			o->abils[o->nabils++] = a;
			return;
		}
		/* a triggered ability whose event judge reads but whose effect it can't is an error
		 * only if it triggers (a Saga's chapter, 714.2b; "at the beginning of your upkeep,
		 * ... transform ~"): kept unread until then; the resolver stops there and says so */
		unsigned acol = (unsigned)(rest - ps->line) + 1;
		bool read = bd_read_ability(rest, o->name, spell, &a, ps->file, ps->lno, acol, NULL);
		if (!read && !spell && bd_read_trigger_event(rest, o->name, &a, ps->lno, acol)) {
			o->abils = xgrow(o->abils, &o->abcap, (size_t)o->nabils + 1, sizeof *o->abils);
			o->abils[o->nabils++] = a;
			return;
		}
		if (!read && !bd_read_ability(rest, o->name, spell, &a, ps->file, ps->lno, acol, ps->d)) {
			ps->failed = true;
			ps->nerr++;
			diag_src(ps->d, ps->line, ps->len);
			return;
		}
		o->abils = xgrow(o->abils, &o->abcap, (size_t)o->nabils + 1, sizeof *o->abils);
		o->abils[o->nabils++] = a;
	} else if (!strcmp(key, "kicked")) {
		if (!(o = cur(ps, keyat, key))) return;
		o->kicked = true;
	} else if (!strcmp(key, "pay-life") && ps->cur >= 0 && (b->objs[ps->cur].act_src >= 0 || ps->cur == ps->cast)) {
		o = &b->objs[ps->cur];
		if (!parse_int(rest, &n) || n < 1) { perr(ps, rest, "e.g. `pay-life 4`", "expected the life paid"); return; }
		o->pay_life = n;
	} else if ((!strcmp(key, "sacrifice") || !strcmp(key, "discard") || !strcmp(key, "exile")) && ps->cur >= 0
	    && (b->objs[ps->cur].act_src >= 0 || ps->cur == ps->cast)) {
		/* the objects chosen to pay an activated ability's or a spell's cost (601.2h) */
		o = &b->objs[ps->cur];
		if (!*rest) { perr(ps, rest, "e.g. `sacrifice Llanowar Elves`", "expected the name of what is %s", key[0] == 's' ? "sacrificed" : key[0] == 'e' ? "exiled" : "discarded"); return; }
		if (o->nact_names >= 2 * BD_MAXTGT) { perr(ps, keyat, "pay with fewer objects", "too many cost choices"); return; }
		int k = o->nact_names++;
		o->act_names[k] = trimdup(rest);
		o->act_cols[k] = (unsigned)(rest - ps->line) + 1;
		o->act_lines[k] = ps->lno;
		if (key[0] == 's') o->act_sac[o->nact_sac++] = k;
		else if (key[0] == 'e') o->act_exile[o->nact_exile++] = k;
		else o->act_discard[o->nact_discard++] = k;
	} else if (!strcmp(key, "activate")) {
		/* activate NAME[: TEXT]: the ability of NAME whose text starts with TEXT goes on the
		 * stack as an object "NAME's ability"; lines after it give targets, X and costs */
		ps->cur = -1;
		char nm[256], pre[256] = "";
		snprintf(nm, sizeof nm, "%s", rest);
		/* "activate NAME[: TEXT] as ALIAS": the ability on the stack goes by ALIAS, so the same
		 * ability can be activated twice */
		char *act_alias = NULL, *asw = strstr(nm, " as ");
		if (asw) { *asw = 0; act_alias = trimdup(asw + 4); if (!act_alias[0]) { free(act_alias); act_alias = NULL; } }
		char *colon = strchr(nm, ':');
		if (colon) { *colon = 0; snprintf(pre, sizeof pre, "%s", colon + 1); }
		char *name = trimdup(nm), *prefix = trimdup(pre);
		int src = -1;
		for (int i = b->nobjs - 1; i >= 0 && src < 0; i--)
			if (b->objs[i].act_src < 0 && names_obj(b, name, i)) src = i;
		if (src < 0) { perr(ps, rest, "declare the permanent first, with its `ability` lines", "no object named \"%s\" to activate", name); free(name); free(prefix); free(act_alias); return; }
		struct bd_obj *sw = &b->objs[src];
		/* 305.6: a land with a basic land type has that type's mana ability */
		bool has_act = false;
		for (int k = 0; k < sw->nabils; k++)
			has_act |= sw->abils[k].kind == AK_ACTIVATED || sw->abils[k].kind == AK_MANA || sw->abils[k].kind == AK_EQUIP;
		if (!has_act && (sw->types & BT_LAND)) {
			static const char *const basic[][2] = { { "plains", "{W}" }, { "island", "{U}" }, { "swamp", "{B}" },
				{ "mountain", "{R}" }, { "forest", "{G}" } };
			for (int q = 0; q < sw->nsubs; q++)
				for (int k = 0; k < 5; k++)
					if (!strcasecmp(sw->subs[q], basic[k][0])) {
						char txt[40];
						snprintf(txt, sizeof txt, "{T}: Add %s.", basic[k][1]);
						struct bd_abil ma;
						if (bd_read_ability(txt, sw->name, false, &ma, ps->file, ps->lno, 1, NULL)) {
							sw->abils = xgrow(sw->abils, &sw->abcap, (size_t)sw->nabils + 1, sizeof *sw->abils);
							sw->abils[sw->nabils++] = ma;
						}
					}
		}
		const struct bd_obj *so = &b->objs[src];
		int pick = -1, cands = 0;
		for (int k = 0; k < so->nabils; k++) {
			const struct bd_abil *ab = &so->abils[k];
			if (ab->kind != AK_ACTIVATED && ab->kind != AK_MANA && ab->kind != AK_EQUIP)
				continue;
			if (prefix[0] && !text_starts(ab->text, prefix))
				continue;
			/* without TEXT, a mana ability only when it is the only one (a basic land) */
			if (!prefix[0] && ab->kind == AK_MANA && cands_nonmana(so))
				continue;
			cands++;
			if (pick < 0) pick = k;
		}
		/* 602.1: the text before the colon is the cost; a prefix that is one ability's whole
		 * cost names that ability, even when another's cost starts the same ("-1", "-10") */
		if (cands > 1 && prefix[0]) {
			int exact = -1, nexact = 0;
			for (int k = 0; k < so->nabils; k++) {
				const struct bd_abil *ab = &so->abils[k];
				if ((ab->kind == AK_ACTIVATED || ab->kind == AK_MANA || ab->kind == AK_EQUIP) && text_is_cost(ab->text, prefix)) {
					nexact++;
					if (exact < 0) exact = k;
				}
			}
			if (nexact == 1) { pick = exact; cands = 1; }
		}
		if (pick >= 0 && cands == 1 && so->abils[pick].unread) {
			/* the ability the board activates must be read: report it where it is written */
			struct bd_abil tmp;
			if (bd_read_ability(so->abils[pick].text, so->name, false, &tmp, ps->file, so->abils[pick].line, so->abils[pick].col, ps->d))
				free(tmp.text);
			ps->failed = true;
			ps->nerr++;
		}
		if (pick < 0 || cands > 1) {
			struct sbuf h = {0};
			sbuf_adds(&h, "its activated abilities: ");
			for (int k = 0; k < so->nabils; k++)
				if (so->abils[k].kind == AK_ACTIVATED || so->abils[k].kind == AK_MANA || so->abils[k].kind == AK_EQUIP)
					sbuf_addf(&h, "\"%s\" ", so->abils[k].text);
			sbuf_adds(&h, "(write `activate NAME: ` and the start of one)");
			perr(ps, rest, sbuf_str(&h), pick < 0 ? "\"%s\" has no activated ability%s%s" : "\"%s\" has more than one activated ability%s%s",
			    name, prefix[0] ? " starting with " : "", prefix);
			sbuf_free(&h);
			free(name); free(prefix); free(act_alias);
			return;
		}
		char an[300];
		snprintf(an, sizeof an, "%s's ability", so->alias ? so->alias : so->name);
		int ai = bd_add_obj(b, NULL);
		so = &b->objs[src];
		o = &b->objs[ai];
		o->name = xstrdup(an);
		o->alias = act_alias;
		o->line = ps->lno;
		o->zone = ZN_GONE;
		o->act_src = src;
		o->act_abil = pick;
		o->ts = ++b->next_ts;
		o->abils = xcalloc(1, sizeof *o->abils);
		o->abcap = 1;
		o->nabils = 1;
		o->abils[0] = so->abils[pick];
		o->abils[0].text = xstrdup(so->abils[pick].text);
		o->abils[0].kind = AK_SPELL;
		/* a modal activated ability (700.2): its modes go with it, chosen by the `mode` line
		 * under `activate` as it is put on the stack (602.2b, 601.2b) */
		for (int k = pick + 1; so->abils[pick].choose_max > 0 && k < so->nabils && so->abils[k].modal_of == pick + 1; k++) {
			o->abils = xgrow(o->abils, &o->abcap, (size_t)o->nabils + 1, sizeof *o->abils);
			struct bd_abil *md = &o->abils[o->nabils++];
			*md = so->abils[k];
			md->text = xstrdup(so->abils[k].text);
			md->modal_of = 0;
			if (md->kind != AK_INERT) md->kind = AK_SPELL;
		}
		ps->cur = ai;
		b->events = xgrow(b->events, &b->evcap, (size_t)b->nevents + 1, sizeof *b->events);
		struct bd_event *e = &b->events[b->nevents++];
		memset(e, 0, sizeof *e);
		e->kind = EV_ACTIVATE;
		e->line = ps->lno;
		e->obj = ai;
		e->source = src;
		e->to.p = e->to.o = -1;
		free(name); free(prefix);
	} else if (!strcmp(key, "resolve") || !strcmp(key, "destroy") || !strcmp(key, "exile")
	    || !strcmp(key, "sacrifice") || !strcmp(key, "combat") || !strcmp(key, "damage")
	    || !strcmp(key, "counters-on") || !strcmp(key, "cast") || !strcmp(key, "step") || !strcmp(key, "tap")
	    || !strcmp(key, "untap") || !strcmp(key, "turn") || !strcmp(key, "attack") || !strcmp(key, "block")
	    || !strcmp(key, "turn-face-up")) {
		ps->cur = -1;
		b->events = xgrow(b->events, &b->evcap, (size_t)b->nevents + 1, sizeof *b->events);
		struct bd_event *e = &b->events[b->nevents];
		memset(e, 0, sizeof *e);
		e->line = ps->lno;
		e->obj = e->source = -1;
		e->to.p = e->to.o = -1;
		b->nevents++;    /* counted now so bd_free() releases its names if the rest fails */
		if (!strcmp(key, "combat")) {
			e->kind = EV_COMBAT;
			if (*rest && strcmp(rest, "damage")) { perr(ps, rest, "write just `combat` (attackers and blockers are declared on the objects)", "unexpected text after `combat`"); return; }
		} else if (!strcmp(key, "damage")) {
			/* damage N to NAME [from NAME] */
			e->kind = EV_DAMAGE;
			char v[32];
			const char *p = word(rest, v, sizeof v);
			if (!parse_int(v, &e->amount) || e->amount < 0) { perr(ps, rest, "e.g. `damage 3 to Grizzly Bears from Lightning Bolt`", "expected an amount of damage"); return; }
			p = skipws(p);
			if (strncmp(p, "to ", 3)) { perr(ps, p, "e.g. `damage 3 to Grizzly Bears from Lightning Bolt`", "expected `to NAME`"); return; }
			p = skipws(p + 3);
			const char *from = strstr(p, " from ");
			e->n1 = from ? xstrndup(p, (size_t)(from - p)) : trimdup(p);
			e->c1 = (unsigned)(p - ps->line) + 1;
			if (from) { e->n2 = trimdup(from + 6); e->c2 = (unsigned)(skipws(from + 6) - ps->line) + 1; }
		} else if (!strcmp(key, "step")) {
			e->kind = EV_STEP;
			int st = bd_step_lookup(rest);
			if (st < 0) {
				struct sbuf h = {0};
				sbuf_adds(&h, "steps: ");
				for (int k = 0; k < STP_COUNT; k++) sbuf_addf(&h, "%s%s", k ? ", " : "", bd_step_name((enum bd_step)k));
				perr(ps, rest, sbuf_str(&h), "unknown step \"%s\"", rest);
				sbuf_free(&h);
				return;
			}
			e->step = (enum bd_step)st;
		} else if (!strcmp(key, "attack") || !strcmp(key, "block")) {
			/* attack NAME: PLAYER-or-PLANESWALKER, block NAME: ATTACKER (508.1, 509.1) */
			bool att = key[0] == 'a';
			e->kind = att ? EV_ATTACK : EV_BLOCK;
			const char *colon = strchr(rest, ':');
			if (!colon || colon == rest || !*skipws(colon + 1)) {
				perr(ps, rest, att ? "e.g. `attack Grizzly Bears: Bob`" : "e.g. `block Wall of Omens: Grizzly Bears`",
				    att ? "expected `ATTACKER: PLAYER-or-PLANESWALKER`" : "expected `BLOCKER: ATTACKER`");
				return;
			}
			e->n1 = xstrndup(rest, (size_t)(colon - rest));
			char *t1 = trimdup(e->n1); free(e->n1); e->n1 = t1;
			e->c1 = (unsigned)(rest - ps->line) + 1;
			e->n2 = trimdup(colon + 1);
			e->c2 = (unsigned)(skipws(colon + 1) - ps->line) + 1;
		} else if (!strcmp(key, "turn-face-up")) {
			e->kind = EV_FACE_UP;
			if (!*rest) { perr(ps, rest, "e.g. `turn-face-up Exalted Angel`", "expected the face-down permanent's name"); return; }
			e->n1 = trimdup(rest);
			e->c1 = (unsigned)(rest - ps->line) + 1;
		} else if (!strcmp(key, "turn")) {
			e->kind = EV_TURN;
			if (!*rest) { perr(ps, rest, "e.g. `turn Bob`", "expected the player whose turn begins"); return; }
			e->n1 = trimdup(rest);
			e->c1 = (unsigned)(rest - ps->line) + 1;
		} else if (!strcmp(key, "counters-on")) {
			/* counters-on NAME: 2 -1/-1 */
			e->kind = EV_COUNTERS;
			const char *colon = strchr(rest, ':');
			if (!colon) { perr(ps, rest, "e.g. `counters-on Grizzly Bears: 2 -1/-1`", "expected `NAME: N KIND`"); return; }
			e->n1 = xstrndup(rest, (size_t)(colon - rest));
			e->c1 = (unsigned)(rest - ps->line) + 1;
			struct bd_ctr tmp[1];
			int nt = 0;
			parse_counters(ps, colon + 1, tmp, &nt, 1);
			if (nt != 1) return;
			e->ctr = tmp[0];
		} else {
			e->kind = key[0] == 'r' ? EV_RESOLVE : key[0] == 'd' ? EV_DESTROY : key[0] == 'e' ? EV_EXILE
			    : key[0] == 'c' ? EV_CAST : key[0] == 't' ? EV_TAP : key[0] == 'u' ? EV_UNTAP : EV_SACRIFICE;
			if (!*rest) { perr(ps, rest, "name the object", "expected a name after `%s`", key); return; }
			e->n1 = trimdup(rest);
			e->c1 = (unsigned)(rest - ps->line) + 1;
			/* `cast NAME` may be followed by the spell's choices (target, x, mode, divide,
			 * kicked) and what pays its cost (sacrifice, discard, exile, pay-life) */
			if (e->kind == EV_CAST)
				for (int i = b->nobjs - 1; i >= 0; i--)
					if (names_obj(b, e->n1, i)) { ps->cur = ps->cast = i; break; }
		}
	} else if (!strcmp(key, "assign")) {
		ps->cur = -1;
		/* assign ATTACKER: 2 to B1, 3 to Bob */
		const char *colon = strchr(rest, ':');
		if (!colon) { perr(ps, rest, "e.g. `assign Colossal Dreadmaw: 2 to Grizzly Bears, 4 to Bob`", "expected `ATTACKER: N to NAME, ...`"); return; }
		b->assigns = xgrow(b->assigns, &b->ascap, (size_t)b->nassigns + 1, sizeof *b->assigns);
		struct bd_assign *as = &b->assigns[b->nassigns++];
		memset(as, 0, sizeof *as);
		as->line = ps->lno;
		as->names[0] = xstrndup(rest, (size_t)(colon - rest));
		as->cols[0] = (unsigned)(rest - ps->line) + 1;
		char buf[512];
		snprintf(buf, sizeof buf, "%s", colon + 1);
		char *items[BD_MAXBLK + 1];
		unsigned cols[BD_MAXBLK + 1];
		int k = split_names(ps, buf, items, cols, BD_MAXBLK + 1, colon + 1);
		for (int i = 0; i < k; i++) {
			char v[32];
			const char *p = word(items[i], v, sizeof v);
			p = skipws(p);
			const char *at = colon + 1 + cols[i] - 1;
			int m = as->n;
			if (!parse_int(v, &as->amount[m]) || as->amount[m] < 0 || strncmp(p, "to ", 3)) {
				if (m > 0) {
					/* the rest of a name with a comma: "1 to Thalia, Guardian of Thraben" */
					struct sbuf w = {0};
					sbuf_addf(&w, "%s, %s", as->names[m], items[i]);
					free(as->names[m]);
					as->names[m] = xstrdup(sbuf_str(&w));
					sbuf_free(&w);
					free(items[i]);
					continue;
				}
				perr(ps, at, "e.g. `assign Colossal Dreadmaw: 2 to Grizzly Bears, 4 to Bob`", "expected `N to NAME`");
				for (int j = i; j < k; j++) free(items[j]);
				return;
			}
			as->names[m + 1] = trimdup(p + 3);
			as->cols[m + 1] = (unsigned)(at - ps->line) + 1;
			free(items[i]);
			as->n = m + 1;
		}
	} else if (!strcmp(key, "choose")) {
		/* choose SOURCE: VALUE, a choice its ability asks for ("as ~ enters, choose a color",
		 * "you may ...": yes or no) */
		ps->cur = -1;
		const char *colon = strchr(rest, ':');
		if (!colon || !*skipws(colon + 1)) { perr(ps, rest, "e.g. `choose Iona, Shield of Emeria: red` or `choose Kitchen Finks: no`", "expected `SOURCE: CHOICE`"); return; }
		b->choices = xgrow(b->choices, &b->chcap, (size_t)b->nchoices + 1, sizeof *b->choices);
		struct bd_choice *c = &b->choices[b->nchoices++];
		memset(c, 0, sizeof *c);
		c->line = ps->lno;
		c->ref.p = c->ref.o = -1;
		c->kind = CH_CHOOSE;
		c->names[0] = xstrndup(rest, (size_t)(colon - rest));
		char *t = trimdup(c->names[0]); free(c->names[0]); c->names[0] = t;
		c->cols[0] = (unsigned)(rest - ps->line) + 1;
		c->value = trimdup(colon + 1);
		for (char *q = c->value; *q; q++) *q = (char)tolower((unsigned char)*q);
		c->nobjs = 1;
	} else if (!strcmp(key, "order") || !strcmp(key, "keep") || !strcmp(key, "trigger-target")) {
		ps->cur = -1;
		b->choices = xgrow(b->choices, &b->chcap, (size_t)b->nchoices + 1, sizeof *b->choices);
		struct bd_choice *c = &b->choices[b->nchoices++];
		memset(c, 0, sizeof *c);
		c->line = ps->lno;
		c->ref.p = c->ref.o = -1;
		char buf[512];
		if (key[0] == 't') {
			const char *colon = strchr(rest, ':');
			if (!colon) { perr(ps, rest, "e.g. `trigger-target Murderous Redcap: Bob`", "expected `SOURCE: TARGET`"); b->nchoices--; return; }
			c->kind = CH_TARGET;
			c->names[0] = xstrndup(rest, (size_t)(colon - rest));
			c->cols[0] = (unsigned)(rest - ps->line) + 1;
			const char *tname = skipws(colon + 1);
			/* `N to TARGET`: the target's share of divided damage (601.2d) */
			char v[32];
			const char *q = skipws(word(tname, v, sizeof v));
			int share;
			if (isdigit((unsigned char)v[0]) && !strncmp(q, "to ", 3)) {
				if (!parse_int(v, &share) || share < 1) { perr(ps, tname, "each target of divided damage is dealt at least 1 (601.2d)", "a share of %s", v); b->nchoices--; free(c->names[0]); return; }
				c->amount = share;
				tname = skipws(q + 3);
			}
			c->names[1] = trimdup(tname);
			c->cols[1] = (unsigned)(tname - ps->line) + 1;
			c->nobjs = 1;
			return;
		}
		c->kind = key[0] == 'o' ? CH_ORDER : CH_KEEP;
		snprintf(buf, sizeof buf, "%s", rest);
		int k = split_names(ps, buf, c->names, c->cols, BD_MAXBLK, rest);
		for (int i = 0; i < k; i++) c->cols[i] += (unsigned)(rest - ps->line);
		c->nobjs = k;
		if (k == 0) { perr(ps, rest, key[0] == 'o' ? "e.g. `order Benevolent Unicorn, Fire Servant`" : "e.g. `keep Thalia, Guardian of Thraben`", "expected one or more names"); return; }
	} else {
		struct sbuf hint = {0};
		const char *near = ed_nearest(key, statement_names);
		const char *near_attr = ed_nearest(key, attribute_names);
		if (near_attr && (!near || ed_distance(key, near_attr, 2) < ed_distance(key, near, 2)))
			near = near_attr;
		if (near) {
			sbuf_addf(&hint, "did you mean `%s`?", near);
		} else {
			sbuf_adds(&hint, "statements: ");
			join_names(&hint, statement_names);
			sbuf_adds(&hint, "; object attributes: ");
			join_names(&hint, attribute_names);
		}
		/* statements proposed in docs/board-format.md that judge does not read yet: the
		 * refusal names the rule area they need */
		static const struct { const char *w, *area; } proposed[] = {
			{ "transformed", "712 double-faced cards" },
			{ "gain-life", "119.3 gaining life" }, { "lose-life", "119.3 losing life" },
			{ "pay-life", "601.2h paying costs" }, { "remove", "601.2h paying costs" },
		};
		const char *area = NULL;
		for (size_t i = 0; i < sizeof proposed / sizeof *proposed; i++)
			if (!strcmp(key, proposed[i].w)) area = proposed[i].area;
		if (area) {
			sbuf_reset(&hint);
			sbuf_addf(&hint, "`%s` is proposed in docs/board-format.md (\"Proposed statements\") but judge does not read it yet", key);
		}
		perr(ps, keyat, sbuf_str(&hint), "unknown statement \"%s\"", key);
		if (area)
			diag_area(ps->d, area);
		sbuf_free(&hint);
	}
}

/* Is NAME a player, an alias or an object's name? */
static bool
known_name(const struct board *b, const char *name)
{
	if (find_player(b, name) >= 0)
		return true;
	for (int i = 0; i < b->nobjs; i++)
		if ((b->objs[i].alias && !strcasecmp(b->objs[i].alias, name)) || !strcasecmp(b->objs[i].name, name))
			return true;
	return false;
}

/* A list line was split at every comma, but names such as "Thalia, Guardian of Thraben"
 * hold one. Where an item is not a known name, join it with the items after it while that
 * makes a known name (the longest such join wins). Returns the new count. */
static int
rejoin_names(const struct board *b, char **names, unsigned *cols, unsigned *lines, int n)
{
	for (int k = 0; k < n; k++) {
		if (known_name(b, names[k]))
			continue;
		int best = -1;
		struct sbuf j = {0};
		sbuf_adds(&j, names[k]);
		for (int m = k + 1; m < n; m++) {
			sbuf_addf(&j, ", %s", names[m]);
			if (known_name(b, sbuf_str(&j)))
				best = m;
		}
		sbuf_free(&j);
		if (best < 0)
			continue;
		struct sbuf w = {0};
		sbuf_adds(&w, names[k]);
		for (int m = k + 1; m <= best; m++) {
			sbuf_addf(&w, ", %s", names[m]);
			free(names[m]);
		}
		free(names[k]);
		names[k] = xstrdup(sbuf_str(&w));
		sbuf_free(&w);
		int drop = best - k;
		for (int m = k + 1; m + drop < n; m++) {
			names[m] = names[m + drop];
			cols[m] = cols[m + drop];
			if (lines) lines[m] = lines[m + drop];
		}
		for (int m = n - drop; m < n; m++) names[m] = NULL;
		n -= drop;
	}
	return n;
}

/* A name to an object index (aliases first, then names); -1 with an error if unknown
 * or ambiguous. Players are tried when players_ok. */
static struct bd_ref
lookup(struct ps *ps, const char *name, unsigned line, unsigned col, bool players_ok, const char *what)
{
	struct bd_ref r = { -1, -1 };
	struct board *b = ps->b;
	if (players_ok) {
		int p = find_player(b, name);
		if (p >= 0) { r.p = p; return r; }
	}
	for (int i = 0; i < b->nobjs; i++)
		if (b->objs[i].alias && !strcasecmp(b->objs[i].alias, name)) { r.o = i; return r; }
	int hits = 0;
	for (int i = 0; i < b->nobjs; i++)
		if (!strcasecmp(b->objs[i].name, name)) { if (!hits) r.o = i; hits++; }
	if (hits == 1)
		return r;
	/* find the line to echo */
	ps->lno = line;
	ps->line = "";
	ps->len = 0;
	ps->failed = true;
	if (++ps->nerr > 20)
		return (struct bd_ref){ -1, -1 };
	if (hits > 1) {
		diag_add(ps->d, DL_ERROR, ps->file, line, col, "\"%s\" names %d objects", name, hits);
		diag_hint(ps->d, "give each a short name with `permanent %s as NAME2` and use that", name);
	} else {
		diag_add(ps->d, DL_ERROR, ps->file, line, col, "no %s named \"%s\"", what, name);
		struct sbuf h = {0};
		sbuf_adds(&h, "known:");
		int shown = 0;
		for (int i = 0; players_ok && i < b->nplayers; i++, shown++)
			sbuf_addf(&h, "%s %s", shown ? "," : "", b->players[i].name);
		for (int i = 0; i < b->nobjs && shown < 12; i++, shown++)
			sbuf_addf(&h, "%s %s", shown ? "," : "", b->objs[i].alias ? b->objs[i].alias : b->objs[i].name);
		diag_hint(ps->d, "%s", h.len ? sbuf_str(&h) : "declare it first");
		sbuf_free(&h);
	}
	r.p = r.o = -1;
	return r;
}

static void
src_lines(struct ps *ps, const char *text, size_t len, struct diags *d, size_t from)
{
	/* attach the offending line to the errors raised after resolution */
	for (size_t k = from; k < d->n; k++) {
		struct diag_item *it = &d->v[k];
		if (it->src || it->line == 0)
			continue;
		unsigned l = 1;
		const char *p = text, *end = text + len;
		while (p < end && l < it->line) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			if (!nl) { p = end; break; }
			p = nl + 1;
			l++;
		}
		const char *e = p;
		while (e < end && *e != '\n' && *e != '\r') e++;
		it->src = diag_srcdup(p, (size_t)(e - p));
	}
	(void)ps;
}

/* Does a `cast` event put object o on the stack at some point? */
static bool
cast_later(const struct board *b, int o)
{
	for (int i = 0; i < b->nevents; i++)
		if (b->events[i].kind == EV_CAST && names_obj(b, b->events[i].n1, o))
			return true;
	return false;
}

/* Is object o cast by an event before event ev? */
static bool
cast_before(const struct board *b, int ev, int o)
{
	for (int i = 0; i < ev; i++)
		if (b->events[i].kind == EV_CAST && b->events[i].obj == o)
			return true;
	return false;
}

int
bd_target_spans(const struct bd_obj *o, int ntargets, int *start, int *count, int max, bool *fits)
{
	/* each spec takes between lo and hi targets (601.2c): one; none or one ("up to one");
	 * one to max ("among one or two targets"); exactly max ("two target creatures"); none to
	 * max ("up to two", "any number of"). The specs take their least, then, in text order,
	 * as many of the rest as they can hold. */
	int n = 0, lo_sum = 0, hi_sum = 0;
	for (int k = 0; k < o->nabils; k++) {
		const struct bd_abil *a = &o->abils[k];
		if (a->kind != AK_SPELL || !bd_abil_chosen(o, a))
			continue;
		for (int j = 0; j < a->ntgt; j++) {
			const struct bd_tspec *t = &a->tgt[j];
			int hi = t->max > 1 ? t->max : 1;
			lo_sum += t->exact ? hi : t->upto ? 0 : 1;
			hi_sum += hi;
		}
	}
	*fits = ntargets >= lo_sum && ntargets <= hi_sum;
	int extra = ntargets - lo_sum;
	int at = 0;
	for (int k = 0; k < o->nabils; k++) {
		const struct bd_abil *a = &o->abils[k];
		if (a->kind != AK_SPELL || !bd_abil_chosen(o, a))
			continue;
		for (int j = 0; j < a->ntgt && n < max; j++, n++) {
			const struct bd_tspec *t = &a->tgt[j];
			int hi = t->max > 1 ? t->max : 1, lo = t->exact ? hi : t->upto ? 0 : 1;
			int more = extra > 0 ? (extra < hi - lo ? extra : hi - lo) : 0;
			extra -= more;
			start[n] = at;
			count[n] = lo + more;
			at += lo + more;
		}
	}
	return n;
}

/* 115.3: one word "target" chooses each object or player once ("two target creatures" are two
 * different creatures) */
static bool
check_distinct(struct ps *ps, struct bd_obj *o)
{
	int start[BD_MAXTGT], count[BD_MAXTGT];
	bool fits;
	int ns = bd_target_spans(o, o->ntargets, start, count, BD_MAXTGT, &fits);
	for (int s = 0; s < ns; s++)
		for (int i = start[s]; i < start[s] + count[s] && i < o->ntargets; i++)
			for (int j = start[s]; j < i; j++)
				if (o->targets[i].p == o->targets[j].p && o->targets[i].o == o->targets[j].o) {
					ps->failed = true;
					diag_add(ps->d, DL_ERROR, ps->file, o->target_line[i], o->target_col[i],
					    "\"%s\" is chosen twice for one word \"target\" of \"%s\" (115.3: each target of one word is a different object or player)",
					    o->target_names[i], o->name);
					diag_hint(ps->d, "name two different targets, or fewer if it says \"up to\"");
					return false;
				}
	return true;
}

/* A modal spell's chosen modes (700.2) and its division of damage (601.2d), checked
 * against its text and its targets. */
static void
check_choices(struct ps *ps, struct bd_obj *o)
{
	int cmin = 0, cmax = 0, nmodes = 0;
	for (int k = 0; k < o->nabils; k++) {
		/* a modal triggered ability's modes are chosen as it triggers (700.2b), not here */
		if (o->abils[k].choose_max > 0 && o->abils[k].kind != AK_TRIGGER) { cmin = o->abils[k].choose_min; cmax = o->abils[k].choose_max; }
		if (o->abils[k].mode > nmodes && !o->abils[k].modal_of) nmodes = o->abils[k].mode;
	}
	if (o->modes && !nmodes) {
		ps->failed = true;
		diag_add(ps->d, DL_ERROR, ps->file, o->mode_line, o->mode_col, "\"%s\" has no modes to choose", o->name);
		diag_hint(ps->d, "a modal card lists its modes as `ability • TEXT` lines after `ability Choose one —`");
		return;
	}
	if (nmodes) {
		int chosen = 0;
		for (int m = 1; m <= 16; m++)
			if (o->modes & (1u << m)) chosen++;
		if (!o->modes) {
			ps->failed = true;
			diag_add(ps->d, DL_ERROR, ps->file, o->line, 1, "\"%s\" is modal, and the board doesn't say which mode%s its controller chose (700.2a)",
			    o->name, cmax == 1 ? "" : "s");
			diag_hint(ps->d, "add e.g. `mode 1` under it (modes are numbered from 1 in the order the card lists them)");
			return;
		}
		for (int m = nmodes + 1; m <= 16; m++)
			if (o->modes & (1u << m)) {
				ps->failed = true;
				diag_add(ps->d, DL_ERROR, ps->file, o->mode_line, o->mode_col, "\"%s\" has %d modes, so there is no mode %d", o->name, nmodes, m);
				return;
			}
		if (chosen < cmin || chosen > cmax) {
			ps->failed = true;
			diag_add(ps->d, DL_ERROR, ps->file, o->mode_line, o->mode_col, "\"%s\" says to choose %d%s mode%s, and the board chooses %d (700.2)",
			    o->name, cmin, cmax > cmin ? (cmax >= 16 ? " or more" : " to ") : "", cmax == 1 && cmin == 1 ? "" : "s", chosen);
			if (cmax > cmin && cmax < 16) diag_hint(ps->d, "choose between %d and %d modes", cmin, cmax);
			return;
		}
		for (int k = 0; k < o->nabils; k++) {
			struct bd_abil *a = &o->abils[k];
			if (!a->unread || !bd_abil_chosen(o, a) || a->kind == AK_TRIGGER)
				continue;    /* a triggered ability is read when it triggers */
			/* a chosen mode must be read: report it where it is written */
			struct bd_abil tmp;
			bool spell = (o->types & (BT_INSTANT | BT_SORCERY)) != 0 || !o->types;
			if (bd_read_ability(a->text, o->name, spell, &tmp, ps->file, a->line, a->col, ps->d)) {
				free(tmp.text);
				continue;
			}
			ps->failed = true;
			ps->nerr++;
		}
	}
}

/* "Scry N" and "surveil N" are noted, not modelled (701.22a, 701.25a): only while the board
 * names no card in the library looked at, where the cards' order can change nothing the
 * board shows. Surveil also moves cards to the graveyard, so a stated `library N` count
 * would change too. Otherwise the instruction is refused with its rule area, never dropped. */
static void
check_library_look(struct ps *ps, const struct bd_obj *o)
{
	const struct board *b = ps->b;
	int p = o->controller;
	if (p < 0 || p >= b->nplayers)
		return;
	for (int k = 0; k < o->nabils; k++) {
		const struct bd_abil *a = &o->abils[k];
		for (int e = 0; e < a->neff; e++) {
			if (a->eff[e].kind != EF_LIBRARY_LOOK || a->eff[e].n == 0)
				continue;
			bool surveil = a->eff[e].surveil;
			const char *named = NULL;
			for (int i = 0; i < b->nobjs && !named; i++)
				if (b->objs[i].zone == ZN_LIBRARY && b->objs[i].owner == p)
					named = b->objs[i].name;
			if (!named && !(surveil && b->players[p].library > 0))
				continue;
			ps->failed = true;
			diag_add(ps->d, DL_ERROR, ps->file, a->line, a->col, "judge cannot %s here: the board %s %s's library, so %s would matter, and judge does not model it",
			    surveil ? "surveil" : "scry", named ? "names cards in" : "counts the cards in", b->players[p].name,
			    surveil ? "which cards go to the graveyard" : "the order the cards go back in");
			diag_hint(ps->d, "%s; without the library's cards (and, for surveil, its `library N` count) the instruction is noted and the rest of \"%s\" resolves",
			    named ? "the board names a card there" : "the board states `library N`", o->name);
			diag_area(ps->d, surveil ? "701.25 surveil" : "701.22 scry");
			return;
		}
	}
}

/* "protection from the color of your choice" is chosen as the effect is applied (608.2d):
 * the board's `choose NAME: COLOR` says which, so a board without it is refused here rather
 * than resolved with a color judge made up. */
static void
check_chosen_color(struct ps *ps, int oi)
{
	const struct board *b = ps->b;
	const struct bd_obj *o = &b->objs[oi];
	for (int k = 0; k < o->nabils; k++) {
		const struct bd_abil *a = &o->abils[k];
		/* an activated ability chooses as it resolves: the object `activate` puts on the
		 * stack ("NAME's ability") asks, not the permanent, whose ability may never be used */
		if (a->kind == AK_ACTIVATED || a->kind == AK_MANA || a->kind == AK_EQUIP)
			continue;
		bool wants = false;
		for (int e = 0; e < a->neff; e++)
			for (int q = 0; q < a->eff[e].nparts; q++)
				wants |= a->eff[e].parts[q].prot_chosen;
		if (!wants)
			continue;
		const char *v = NULL;
		unsigned vl = o->line, vc = 1;
		/* the ability's choice may name it or its source: `choose Mother of Runes: red` */
		for (int c = 0; c < b->nchoices && !v; c++)
			if (b->choices[c].kind == CH_CHOOSE && b->choices[c].value &&
			    (b->choices[c].objs[0] == oi || (o->act_src >= 0 && b->choices[c].objs[0] == o->act_src))) {
				v = b->choices[c].value;
				vl = b->choices[c].line;
				vc = b->choices[c].cols[0];
			}
		if (v && bd_color_lookup(v))
			continue;
		ps->failed = true;
		if (v)
			diag_add(ps->d, DL_ERROR, ps->file, vl, vc, "\"%s\" is not a color, and \"%s\" gives protection from the color of its controller's choice", v, o->name);
		else
			diag_add(ps->d, DL_ERROR, ps->file, a->line, a->col, "\"%s\" gives protection from the color of its controller's choice, and the board doesn't say which color (608.2d)", o->name);
		diag_hint(ps->d, "add `choose %s: COLOR` (white, blue, black, red or green)", o->name);
		return;
	}
}

/* The division of damage among a spell's targets (601.2d): each share names one of the
 * targets of the divided instruction, and the shares add up to the amount. */
static void
check_division(struct ps *ps, struct bd_obj *o)
{
	const struct bd_effect *div = NULL;
	int spec = 0, dspec = -1;
	for (int k = 0; k < o->nabils && !div; k++) {
		const struct bd_abil *a = &o->abils[k];
		if (a->kind != AK_SPELL || !bd_abil_chosen(o, a))
			continue;
		for (int i = 0; i < a->neff && !div; i++)
			if (a->eff[i].divided && !a->eff[i].evenly) { div = &a->eff[i]; dspec = spec + a->eff[i].slot; }
		spec += a->ntgt;
	}
	if (!div) {
		if (o->ndiv) {
			ps->failed = true;
			diag_add(ps->d, DL_ERROR, ps->file, o->div_line, 1, "\"%s\" doesn't divide damage as its controller chooses, so `divide` has nothing to divide", o->name);
		}
		return;
	}
	int start[BD_MAXTGT], count[BD_MAXTGT];
	bool fits;
	int ns = bd_target_spans(o, o->ntargets, start, count, BD_MAXTGT, &fits);
	if (!fits || dspec < 0 || dspec >= ns)
		return;   /* the target count is reported on its own */
	int first = start[dspec], k = count[dspec];
	int want = div->amt == AM_X ? o->x : div->n;
	if (o->ndiv == 0) {
		if (k > 1) {
			ps->failed = true;
			diag_add(ps->d, DL_ERROR, ps->file, o->line, 1, "\"%s\" divides its damage among %d targets, and the board doesn't say how (601.2d)", o->name, k);
			diag_hint(ps->d, "add e.g. `divide %d to %s, 1 to %s%s` under it", want - (k - 1) > 0 ? want - (k - 1) : 1,
			    o->target_names[first], o->target_names[first + 1], k > 2 ? ", ..." : "");
		}
		return;
	}
	int total = 0;
	for (int i = 0; i < o->ndiv; i++) {
		total += o->div_amt[i];
		int hit = -1;
		for (int t = first; t < first + k; t++)
			if (o->div_to[i].p == o->targets[t].p && o->div_to[i].o == o->targets[t].o) hit = t;
		if (hit < 0 && (o->div_to[i].p >= 0 || o->div_to[i].o >= 0)) {
			ps->failed = true;
			diag_add(ps->d, DL_ERROR, ps->file, o->div_line, o->div_col[i], "\"%s\" is not one of the targets the damage is divided among", o->div_names[i]);
			diag_hint(ps->d, "name it in the `target` line too, in text order");
			return;
		}
	}
	if (o->ndiv != k) {
		ps->failed = true;
		diag_add(ps->d, DL_ERROR, ps->file, o->div_line, 1, "the division names %d target%s and the divided damage has %d; each target must be dealt at least 1 (601.2d)",
		    o->ndiv, o->ndiv == 1 ? "" : "s", k);
		return;
	}
	if (div->amt != AM_X && div->amt != AM_N)
		return;
	if (total != want) {
		ps->failed = true;
		diag_add(ps->d, DL_ERROR, ps->file, o->div_line, 1, "the shares add up to %d, and \"%s\" divides %d damage (601.2d)", total, o->name, want);
	}
}

/* `resolve NAME's ability` where the board declares no such object: NAME's triggered ability,
 * which will wait on the stack for this line once it triggers (603.3: it is put on the stack
 * the next time a player would receive priority; the events before the line happen with it
 * there). The object stands for it in the steps and the final state. */
static void
held_trigger_object(struct board *b, const struct bd_event *e)
{
	size_t nl = strlen(e->n1);
	if (nl <= 10 || strcasecmp(e->n1 + nl - 10, "'s ability"))
		return;
	for (int i = 0; i < b->nobjs; i++)
		if (names_obj(b, e->n1, i))
			return;
	char *srcname = xstrndup(e->n1, nl - 10);
	int src = -1;
	for (int i = 0; i < b->nobjs && src < 0; i++)
		if (b->objs[i].types && names_obj(b, srcname, i))
			for (int k = 0; k < b->objs[i].nabils && src < 0; k++) {
				const struct bd_abil *a = &b->objs[i].abils[k];
				if (a->kind == AK_TRIGGER)
					src = i;
				/* a delayed triggered ability with a target of its own (603.7) */
				for (int q = 0; q < a->neff && src < 0; q++)
					if (a->eff[q].delay && a->eff[q].delay_own_tgt)
						src = i;
			}
	free(srcname);
	if (src < 0)
		return;
	char an[300];
	snprintf(an, sizeof an, "%s's ability", b->objs[src].alias ? b->objs[src].alias : b->objs[src].name);
	int ai = bd_add_obj(b, NULL);
	struct bd_obj *o = &b->objs[ai];
	o->name = xstrdup(an);
	o->line = e->line;
	o->zone = ZN_GONE;
	o->ab_src = src;
	o->held_trigger = true;
	o->controller = o->owner = b->objs[src].controller;
	o->ts = ++b->next_ts;
}

static void
resolve_names(struct ps *ps)
{
	struct board *b = ps->b;
	for (int i = 0; i < b->nobjs; i++) {
		struct bd_obj *o = &b->objs[i];
		if (o->ctl_name) {
			o->controller = find_player(b, o->ctl_name);
			if (o->controller < 0) lookup(ps, o->ctl_name, o->ctl_line, o->ctl_col, true, "player");
		}
		if (o->owner_name) {
			o->owner = find_player(b, o->owner_name);
			if (o->owner < 0) lookup(ps, o->owner_name, o->owner_line, o->owner_col, true, "player");
		}
		/* `spell NAME's ability` without a type: an ability whose source is NAME (113.7) */
		size_t nl = strlen(o->name);
		if (o->zone == ZN_STACK && !o->types && o->act_src < 0 && nl > 10 && !strcmp(o->name + nl - 10, "'s ability")) {
			char *srcname = xstrdup(o->name);
			srcname[nl - 10] = 0;
			for (int j = 0; j < b->nobjs && o->ab_src < 0; j++)
				if (j != i && b->objs[j].types && names_obj(b, srcname, j))
					o->ab_src = j;
			free(srcname);
		}
		/* an activated ability is controlled by its source's controller (113.8) */
		if (o->act_src >= 0 && o->controller < 0) o->controller = o->owner = b->objs[o->act_src].controller;
		if (o->owner < 0) o->owner = o->controller;
		if (o->controller < 0) o->controller = o->owner;
		/* 114.2: an emblem is owned and controlled by the player who got it */
		if (o->zone == ZN_COMMAND && o->controller >= 0) o->owner = o->controller;
		if (o->owner < 0 && b->nplayers == 1) o->owner = o->controller = 0;
		if (o->owner < 0) {
			ps->failed = true;
			diag_add(ps->d, DL_ERROR, ps->file, o->line, 1, "\"%s\" has no controller", o->name);
			diag_hint(ps->d, "add `controller NAME` (and `owner NAME` if someone else owns it) under it");
		}
		if (o->attached_name) {
			struct bd_ref r = lookup(ps, o->attached_name, o->attached_line, o->attached_col, true, "object or player");
			o->attached = r.o;
			if (r.p >= 0) o->attached = -2 - r.p;
		}
		if (o->copy_name) {
			o->copy_of = lookup(ps, o->copy_name, o->copy_line, o->copy_col, false, "object to copy").o;
			if (o->copy_of == i) {
				ps->failed = true;
				diag_add(ps->d, DL_ERROR, ps->file, o->copy_line, o->copy_col, "\"%s\" can't be a copy of itself", o->name);
			}
		}
		if (o->attacking_name) {
			struct bd_ref r = lookup(ps, o->attacking_name, o->attacking_line, o->attacking_col, true, "player or planeswalker");
			o->attacking_p = r.p;
			o->attacking_o = r.o;
		}
		o->nblocking = rejoin_names(b, o->blocking_names, o->blocking_col, o->blocking_line, o->nblocking);
		o->ntargets = rejoin_names(b, o->target_names, o->target_col, o->target_line, o->ntargets);
		for (int k = 0; k < o->nblocking; k++) {
			struct bd_ref r = lookup(ps, o->blocking_names[k], o->blocking_line[k], o->blocking_col[k], false, "attacking creature");
			o->blocking[k] = r.o;
		}
		for (int k = 0; k < o->ntargets; k++) {
			struct bd_ref r = lookup(ps, o->target_names[k], o->target_line[k], o->target_col[k], true, "target");
			o->targets[k] = r;
		}
		for (int k = 0; k < o->ndiv; k++)
			o->div_to[k] = lookup(ps, o->div_names[k], o->div_line, o->div_col[k], true, "target of divided damage");
		for (int q = 0; q < o->nact_sac; q++) {
			int k = o->act_sac[q];
			o->act_sac[q] = lookup(ps, o->act_names[k], o->act_lines[k], o->act_cols[k], false, "object to sacrifice").o;
		}
		for (int q = 0; q < o->nact_discard; q++) {
			int k = o->act_discard[q];
			o->act_discard[q] = lookup(ps, o->act_names[k], o->act_lines[k], o->act_cols[k], false, "card to discard").o;
		}
		for (int q = 0; q < o->nact_exile; q++) {
			int k = o->act_exile[q];
			o->act_exile[q] = lookup(ps, o->act_names[k], o->act_lines[k], o->act_cols[k], false, "card to exile").o;
		}
		if (o->kicked) {
			bool kicker = false;
			for (int k = 0; k < o->nabils; k++)
				kicker |= o->abils[k].text && !strncasecmp(o->abils[k].text, "kicker", 6);
			if (!kicker) {
				ps->failed = true;
				diag_add(ps->d, DL_ERROR, ps->file, o->line, 1, "\"%s\" is `kicked`, and it has no kicker ability", o->name);
				diag_hint(ps->d, "add its `ability Kicker {COST}` line, or remove `kicked`");
			}
		}
		if (o->zone == ZN_STACK || cast_later(b, i) || o->act_src >= 0) {
			check_choices(ps, o);
			int need = 0;
			bool aura = false;
			for (int k = 0; k < o->nabils; k++) {
				/* only the spell's own instructions (and an Aura's enchant) target as it is
				 * cast; a permanent spell's other abilities choose targets later */
				if (o->abils[k].kind == AK_SPELL && bd_abil_chosen(o, &o->abils[k])) need += o->abils[k].ntgt;
				aura |= o->abils[k].kind == AK_ENCHANT;
			}
			int start[BD_MAXTGT], count[BD_MAXTGT];
			bool fits;
			bd_target_spans(o, o->ntargets, start, count, BD_MAXTGT, &fits);
			/* an Aura spell targets what it will enchant (303.4a); `attached` may name it */
			if (aura && (o->types & BT_ENCHANTMENT) && need == 0 && !(o->ntargets == 0 && o->attached_name))
				need = 1, fits = o->ntargets == 1;
			/* "two target creatures" needs exactly two, "up to two" none to two (601.2c) */
			int lo = 0, hi = 0;
			bool several = false;
			for (int k = 0; k < o->nabils; k++)
				for (int j = 0; o->abils[k].kind == AK_SPELL && bd_abil_chosen(o, &o->abils[k]) && j < o->abils[k].ntgt; j++) {
					const struct bd_tspec *t = &o->abils[k].tgt[j];
					int h = t->max > 1 ? t->max : 1;
					hi += h;
					lo += t->exact ? h : t->upto ? 0 : 1;
					several |= t->exact || (t->upto && t->max > 1);
				}
			if (!fits && !ps->failed && several) {
				ps->failed = true;
				if (lo == hi)
					diag_add(ps->d, DL_ERROR, ps->file, o->line, 1, "\"%s\" takes %d targets (601.2c) but %d given", o->name, lo, o->ntargets);
				else
					diag_add(ps->d, DL_ERROR, ps->file, o->line, 1, "\"%s\" takes %d to %d targets (601.2c) but %d given", o->name, lo, hi, o->ntargets);
				diag_hint(ps->d, "list them in text order under the spell: `target NAME, NAME`%s", o->modes ? " (the chosen modes' targets only)" : "");
			}
			if (!fits && !ps->failed) {
				ps->failed = true;
				diag_add(ps->d, DL_ERROR, ps->file, o->line, 1, "\"%s\" has %d target%s in its text but %d given", o->name, need, need == 1 ? "" : "s", o->ntargets);
				diag_hint(ps->d, "list them in text order under the spell: `target NAME, NAME`%s", o->modes ? " (the chosen modes' targets only)" : "");
			}
			if (fits && check_distinct(ps, o))
				check_division(ps, o);
		}
	}
	for (int i = 0; i < b->nobjs && !ps->failed; i++)
		check_library_look(ps, &b->objs[i]);
	/* a blocker must block an attacking creature */
	for (int i = 0; i < b->nobjs && !ps->failed; i++) {
		struct bd_obj *o = &b->objs[i];
		for (int k = 0; k < o->nblocking; k++) {
			int a = o->blocking[k];
			if (a >= 0 && b->objs[a].attacking_p < 0 && b->objs[a].attacking_o < 0) {
				ps->failed = true;
				diag_add(ps->d, DL_ERROR, ps->file, o->blocking_line[k], o->blocking_col[k], "\"%s\" blocks %s, which is not attacking", o->name, b->objs[a].name);
				diag_hint(ps->d, "add `attacking PLAYER` under %s", b->objs[a].name);
			}
		}
	}
	/* an attacker is blocked once any creature blocks it (509.1h) */
	for (int i = 0; i < b->nobjs; i++)
		for (int k = 0; k < b->objs[i].nblocking; k++)
			if (b->objs[i].blocking[k] >= 0)
				b->objs[b->objs[i].blocking[k]].blocked = true;
	for (int i = 0; i < b->nevents; i++) {
		struct bd_event *e = &b->events[i];
		if (e->kind == EV_COMBAT || e->kind == EV_STEP || e->kind == EV_ACTIVATE)
			continue;
		if (e->kind == EV_DAMAGE) {
			e->to = lookup(ps, e->n1, e->line, e->c1, true, "object or player");
			if (e->n2) e->source = lookup(ps, e->n2, e->line, e->c2, false, "source").o;
		} else if (e->kind == EV_ATTACK) {
			e->obj = lookup(ps, e->n1, e->line, e->c1, false, "attacking creature").o;
			e->to = lookup(ps, e->n2, e->line, e->c2, true, "player or planeswalker to attack");
		} else if (e->kind == EV_BLOCK) {
			e->obj = lookup(ps, e->n1, e->line, e->c1, false, "blocking creature").o;
			e->source = lookup(ps, e->n2, e->line, e->c2, false, "attacking creature to block").o;
		} else if (e->kind == EV_TURN) {
			e->to.p = find_player(b, e->n1);
			if (e->to.p < 0) {
				ps->failed = true;
				diag_add(ps->d, DL_ERROR, ps->file, e->line, e->c1, "no player named \"%s\"", e->n1);
				diag_hint(ps->d, "name a player declared with `player NAME`");
			}
		} else {
			if (e->kind == EV_RESOLVE)
				held_trigger_object(b, e);
			e->obj = lookup(ps, e->n1, e->line, e->c1, false, "object").o;
		}
		if (e->kind == EV_RESOLVE && e->obj >= 0 && b->objs[e->obj].zone != ZN_STACK && !cast_before(b, i, e->obj)
		    && b->objs[e->obj].act_src < 0 && !b->objs[e->obj].held_trigger) {
			ps->failed = true;
			diag_add(ps->d, DL_ERROR, ps->file, e->line, e->c1, "\"%s\" is not a spell on the stack", e->n1);
			diag_hint(ps->d, "declare it with `spell NAME` and its text with `ability ...`");
		}
	}
	for (int i = 0; i < b->nassigns; i++) {
		struct bd_assign *a = &b->assigns[i];
		a->attacker = lookup(ps, a->names[0], a->line, a->cols[0], false, "attacking creature").o;
		for (int k = 0; k < a->n; k++)
			a->to[k] = lookup(ps, a->names[k + 1], a->line, a->cols[k + 1], true, "creature or player");
	}
	for (int i = 0; i < b->nchoices; i++) {
		struct bd_choice *c = &b->choices[i];
		/* `choose cleanup: CARD, CARD`: the cards discarded to hand size (514.1) */
		if (c->kind == CH_CHOOSE && !strcasecmp(c->names[0], "cleanup") && !known_name(b, c->names[0]))
			c->objs[0] = -1;
		else if (c->kind == CH_CHOOSE)
			c->objs[0] = lookup(ps, c->names[0], c->line, c->cols[0], false, "object").o;
		else if (c->kind == CH_TARGET) {
			c->objs[0] = lookup(ps, c->names[0], c->line, c->cols[0], false, "object").o;
			c->ref = lookup(ps, c->names[1], c->line, c->cols[1], true, "target");
		} else {
			c->nobjs = rejoin_names(b, c->names, c->cols, NULL, c->nobjs);
			for (int k = 0; k < c->nobjs; k++)
				c->objs[k] = lookup(ps, c->names[k], c->line, c->cols[k], false, "object").o;
		}
	}
	for (int i = 0; i < b->nobjs && !ps->failed; i++)
		check_chosen_color(ps, i);
	if (b->nplayers == 0) {
		ps->failed = true;
		diag_add(ps->d, DL_ERROR, ps->file, 1, 1, "the board declares no players");
		diag_hint(ps->d, "start with e.g. `player Alice life 20 active` and `player Bob life 20`");
	}
	bool any_active = false;
	for (int i = 0; i < b->nplayers; i++) any_active |= b->players[i].active;
	if (!any_active && b->nplayers) b->players[0].active = true;
}

/* A board is UTF-8 text. A binary file, or bytes that are not UTF-8, get one error at the
 * first bad byte (without the line itself, which would put raw bytes on the terminal). */
static bool
plain_text(struct ps *ps, const char *p, const char *end)
{
	unsigned lno = 1, col = 1;
	if (text_binary(p, (size_t)(end - p), &lno, &col)) {
		ps->failed = true;
		ps->nerr++;
		diag_add(ps->d, DL_ERROR, ps->file, lno, col, "this is a binary file, not a board description");
		diag_hint(ps->d, "give judge resolve a .board text file");
		return false;
	}
	while (p < end) {
		unsigned char ch = (unsigned char)*p;
		size_t n = 1;
		bool bad = false;
		if (ch >= 0x80) {
			unsigned cp = utf8_get(p, (size_t)(end - p), &n);
			bad = cp == 0xFFFD && !(n == 3 && (unsigned char)p[0] == 0xEF
			    && (unsigned char)p[1] == 0xBF && (unsigned char)p[2] == 0xBD);
		}
		if (bad) {
			ps->failed = true;
			ps->nerr++;
			diag_add(ps->d, DL_ERROR, ps->file, lno, col, "byte 0x%02X is not UTF-8 text", ch);
			diag_hint(ps->d, "save the board as UTF-8 (iconv -f WINDOWS-1252 -t UTF-8 FILE)");
			return false;
		}
		if (ch == '\n')
			lno++, col = 1;
		else
			col++;
		p += n;
	}
	return true;
}

/* Objects the board names without describing them, from the card database (bd_parse_cards). */
static void
fill_from_cards(struct ps *ps, const struct bd_cards *cards)
{
	struct board *b = ps->b;
	struct sbuf used = {0};
	for (int i = 0; i < b->nobjs && !ps->failed; i++) {
		struct bd_obj *o = &b->objs[i];
		bool typed = o->types || o->nsubs, costed = o->mv || o->colors;
		if (o->token || (typed && costed && o->has_pt && o->nabils))
			continue;
		char *near = NULL;
		char *lines = cards->lines(cards->ctx, o->name, &near);
		if (!lines) {
			if (o->zone == ZN_BATTLEFIELD && !typed && !costed && !o->has_pt && !o->nabils) {
				diag_add(ps->d, DL_ERROR, ps->file, o->line, 1, "no card named \"%s\" in the card database (%s)", o->name, cards->source);
				diag_hint(ps->d, "%s%s%sor describe it with type, pt and ability lines", near ? "did you mean " : "",
				    near ? near : "", near ? "? " : "");
				ps->failed = true;
				ps->nerr++;
			}
			free(near);
			continue;
		}
		free(near);
		bool had_abils = o->nabils > 0;
		ps->cur = i;
		ps->lno = o->line;
		for (char *ln = lines, *next; ln && *ln; ln = next) {
			next = strchr(ln, '\n');
			if (next)
				*next++ = '\0';
			char key[16];
			word(ln, key, sizeof key);
			if ((!strcmp(key, "type") && typed) || (!strcmp(key, "cost") && costed) ||
			    (!strcmp(key, "pt") && o->has_pt) || (!strcmp(key, "loyalty") && o->nctr) ||
			    (!strcmp(key, "ability") && had_abils))
				continue;   /* the board's own line wins */
			/* the card's lines are not the user's text: what judge cannot read is left out */
			struct diags scratch = {0};
			struct diags *keep = ps->d;
			bool failed = ps->failed;
			int nerr = ps->nerr;
			ps->d = &scratch;
			ps->line = ln;
			ps->len = strlen(ln);
			statement(ps, ln);
			ps->d = keep;
			if (ps->failed && !failed) {
				diag_add(ps->d, DL_WARNING, ps->file, o->line, 1, "%s: left out from the card's text: %s (%s)",
				    o->name, ln, scratch.n ? scratch.v[0].msg : "not read");
				ps->failed = false;
				ps->nerr = nerr;
			}
			diag_clear(&scratch);
			o = &b->objs[i];
		}
		free(lines);
		sbuf_addf(&used, "%s%s", used.len ? ", " : "", o->name);
		b->cards_used = xrealloc(b->cards_used, (size_t)(b->ncards_used + 1) * sizeof *b->cards_used);
		b->cards_used[b->ncards_used++] = xstrdup(o->name);
	}
	ps->line = NULL;
	ps->len = 0;
	ps->cur = -1;
	if (used.len) {
		sbuf_addf(&used, " from %s", cards->source);
		b->cards_note = sbuf_take(&used);
		b->cards_source = xstrdup(cards->data_source ? cards->data_source : "");
		b->cards_date = xstrdup(cards->data_date ? cards->data_date : "");
		diag_add(ps->d, DL_NOTE, ps->file, 0, 0, "cards: %s", b->cards_note);
	}
	sbuf_free(&used);
}

struct board *
bd_parse(const char *name, const char *text, size_t len, struct diags *d)
{
	return bd_parse_cards(name, text, len, NULL, d);
}

struct board *
bd_parse_cards(const char *name, const char *text, size_t len, const struct bd_cards *cards,
    struct diags *d)
{
	struct ps ps = {0};
	struct board *b = xcalloc(1, sizeof *b);
	b->name = xstrdup(name ? name : "<board>");
	ps.b = b;
	ps.d = d;
	ps.file = b->name;
	ps.cur = -1;
	ps.cast = -1;
	size_t first_diag = d->n;
	const char *p = text, *end = text + len;
	/* a UTF-8 BOM is not part of the first statement */
	if (len >= 3 && (unsigned char)p[0] == 0xEF && (unsigned char)p[1] == 0xBB && (unsigned char)p[2] == 0xBF)
		p += 3;
	if (!plain_text(&ps, p, end)) {
		bd_free(b);
		return NULL;
	}
	unsigned lno = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		lno++;
		size_t n = (size_t)(le - p);
		if (n && p[n - 1] == '\r') n--;
		ps.line = p;
		ps.len = n;
		ps.lno = lno;
		if (memchr(p, 0, n)) {
			perr(&ps, memchr(p, 0, n), "a board is plain text", "NUL byte in the board");
		} else {
			char *ln = xstrndup(p, n);
			/* comments: '#' to the end of the line */
			char *hash = strchr(ln, '#');
			if (hash) *hash = 0;
			const char *s = skipws(ln);
			if (*s) {
				/* positions inside ln map 1:1 to the line */
				ps.line = ln;
				statement(&ps, ln);
			}
			free(ln);
		}
		p = nl ? nl + 1 : end;
		if (ps.nerr > 20)
			break;
	}
	ps.line = NULL;
	ps.len = 0;
	if (!ps.failed && cards)
		fill_from_cards(&ps, cards);
	if (!ps.failed)
		resolve_names(&ps);
	src_lines(&ps, text, len, d, first_diag);
	if (ps.failed) {
		bd_free(b);
		return NULL;
	}
	return b;
}

void
bd_free(struct board *b)
{
	if (!b)
		return;
	free(b->cards_note);
	for (int i = 0; i < b->ncards_used; i++)
		free(b->cards_used[i]);
	free(b->cards_used);
	free(b->cards_source);
	free(b->cards_date);
	for (int i = 0; i < b->nplayers; i++)
		free(b->players[i].name);
	for (int i = 0; i < b->nobjs; i++) {
		struct bd_obj *o = &b->objs[i];
		free(o->name); free(o->alias);
		for (int k = 0; k < o->nabils; k++) free(o->abils[k].text);
		free(o->abils);
		free(o->attached_name); free(o->attacking_name); free(o->owner_name); free(o->ctl_name); free(o->copy_name); free(o->chosen);
		for (int k = 0; k < BD_MAXBLK; k++) free(o->blocking_names[k]);
		for (int k = 0; k < BD_MAXTGT; k++) { free(o->target_names[k]); free(o->div_names[k]); }
		for (int k = 0; k < o->nact_names; k++) free(o->act_names[k]);
	}
	free(b->objs);
	for (int i = 0; i < b->nevents; i++) { free(b->events[i].n1); free(b->events[i].n2); }
	free(b->events);
	for (int i = 0; i < b->nassigns; i++)
		for (int k = 0; k < BD_MAXBLK + 2; k++) free(b->assigns[i].names[k]);
	free(b->assigns);
	for (int i = 0; i < b->nchoices; i++) {
		for (int k = 0; k < BD_MAXBLK + 1; k++) free(b->choices[i].names[k]);
		free(b->choices[i].value);
	}

	free(b->choices);
	free(b->name);
	free(b->title);
	free(b);
}

const char *
bd_zone_name(enum bd_zone z)
{
	static const char *const n[] = { "battlefield", "graveyard", "exile", "hand", "library", "stack", "gone", "command" };
	return (unsigned)z < sizeof n / sizeof *n ? n[z] : "?";
}

void
bd_types_str(unsigned supers, unsigned types, const char (*subs)[BD_SUBLEN], int nsubs, char *out, size_t cap)
{
	struct sbuf s = {0};
	static const char *const sn[] = { "Basic", "Legendary", "Snow", "World" };
	/* the order type lines print in: Kindred Enchantment Artifact Land Creature */
	static const struct { unsigned bit; const char *name; } tn[] = {
		{ BT_KINDRED, "Kindred" }, { BT_ENCHANTMENT, "Enchantment" }, { BT_ARTIFACT, "Artifact" },
		{ BT_LAND, "Land" }, { BT_PLANESWALKER, "Planeswalker" }, { BT_CREATURE, "Creature" },
		{ BT_BATTLE, "Battle" }, { BT_INSTANT, "Instant" }, { BT_SORCERY, "Sorcery" } };
	for (int i = 0; i < 4; i++)
		if (supers & (1u << i)) sbuf_addf(&s, "%s%s", s.len ? " " : "", sn[i]);
	for (int i = 0; i < 9; i++)
		if (types & tn[i].bit) sbuf_addf(&s, "%s%s", s.len ? " " : "", tn[i].name);
	if (nsubs) {
		sbuf_adds(&s, " —");
		for (int i = 0; i < nsubs; i++) sbuf_addf(&s, " %s", subs[i]);
	}
	snprintf(out, cap, "%s", s.len ? s.s : "(no types)");
	sbuf_free(&s);
}

void
bd_colors_str(unsigned colors, char *out, size_t cap)
{
	static const char *const cn[] = { "white", "blue", "black", "red", "green" };
	struct sbuf s = {0};
	for (int i = 0; i < 5; i++)
		if (colors & (1u << i)) sbuf_addf(&s, "%s%s", s.len ? " " : "", cn[i]);
	snprintf(out, cap, "%s", s.len ? s.s : "colorless");
	sbuf_free(&s);
}
