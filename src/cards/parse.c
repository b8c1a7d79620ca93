/* parse.c — streams an MTGJSON AtomicCards file or a Scryfall bulk file (cards or rulings)
 * through yajl's event parser. Only one card is ever held: its events build a small tree in an
 * arena that is emptied after the card goes to the sink, so memory does not grow with the file. */
#include "cards_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "../base/mem.h"

#define CHUNK (1u << 18)

enum jn_type { JN_NULL, JN_BOOL, JN_NUM, JN_STR, JN_MAP, JN_ARR };
struct jn {
	uint8_t type;
	const char *key;            /* inside a map */
	const char *s;              /* string, or a number's text */
	uint64_t off;               /* byte offset just after the value started */
	struct jn *kids, *last, *next, *parent;
	size_t nkids;
};

enum capture { CAP_NONE, CAP_META, CAP_MTG, CAP_SCRY };

struct parser {
	const char *name;
	struct diags *d;
	const struct cards_sink *sink;
	enum cards_format fmt;
	yajl_handle h;
	bool failed;
	/* where we are */
	const unsigned char *chunk;
	size_t chunklen;
	uint64_t chunk_base;        /* offset of chunk[0] in the text */
	unsigned chunk_line;        /* line of chunk[0], and where that line starts */
	uint64_t chunk_ls;
	size_t cnt_off;             /* newlines counted in chunk[0..cnt_off) */
	unsigned cnt_line;
	uint64_t cnt_ls;
	/* the strings scanner (length cap) */
	bool in_str, esc;
	size_t slen;
	uint64_t str_start;
	unsigned str_line, str_col;
	/* structure */
	int depth;
	char root;                  /* '{' or '[' once seen */
	bool in_data, seen_data, seen_meta;
	char *top_key;              /* the key just read at depth 1 (MTGJSON) */
	char *card_key;             /* the card name just read inside "data" */
	size_t elements;            /* Scryfall: elements seen */
	/* the record being captured */
	enum capture cap;
	struct arena a;
	struct jn *cur, *root_node;
	const char *pending_key;
	bool skip_next;
	int skip_depth;
	uint64_t rec_off;
	unsigned rec_line, rec_col;
};

/* Subtrees no card record needs: skipping them keeps the per-card tree small. */
static const char *const skipped_keys[] = {
	"purchaseUrls", "printings", "relatedCards",
	"image_uris", "prices", "purchase_uris", "related_uris", "multiverse_ids",
	"games", "finishes", "promo_types", "frame_effects", "preview", "subsets", NULL,
};

static bool
is_skipped(const unsigned char *k, size_t n)
{
	for (const char *const *s = skipped_keys; *s; s++)
		if (strlen(*s) == n && memcmp(*s, k, n) == 0)
			return true;
	return false;
}

/* Line and column (1-based, columns in bytes) of offset off of the current chunk. */
static void
where(struct parser *p, size_t off, unsigned *line, unsigned *col)
{
	if (off > p->chunklen)
		off = p->chunklen;
	if (off < p->cnt_off) {
		p->cnt_off = 0;
		p->cnt_line = p->chunk_line;
		p->cnt_ls = p->chunk_ls;
	}
	const unsigned char *c = p->chunk, *e = p->chunk + off, *q = c + p->cnt_off;
	while (q < e && (q = memchr(q, '\n', (size_t)(e - q))) != NULL) {
		p->cnt_line++;
		p->cnt_ls = p->chunk_base + (uint64_t)(q - c) + 1;
		q++;
	}
	p->cnt_off = off;
	*line = p->cnt_line;
	uint64_t abs = p->chunk_base + off;
	uint64_t c1 = abs - p->cnt_ls + 1;
	*col = c1 > 0xffffffffu ? 0xffffffffu : (unsigned)c1;
}

static void __attribute__((format(printf, 5, 6)))
fail_at(struct parser *p, unsigned line, unsigned col, const char *hint, const char *fmt, ...)
{
	if (p->failed)
		return;
	p->failed = true;
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_add(p->d, DL_ERROR, p->name, line, col, "%s", msg);
	if (hint)
		diag_hint(p->d, "%s", hint);
}

/* An error at the token yajl just read. */
static void __attribute__((format(printf, 3, 4)))
fail_here(struct parser *p, const char *hint, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	size_t off = yajl_get_bytes_consumed(p->h);
	unsigned line, col;
	where(p, off ? off - 1 : 0, &line, &col);
	fail_at(p, line, col, hint, "%s (byte %llu)", msg, (unsigned long long)(p->chunk_base + (off ? off - 1 : 0)));
}

/* ---- records: the small tree of one card, and reading fields from it ---- */

static struct jn *
jget(const struct jn *m, const char *k)
{
	if (!m || m->type != JN_MAP)
		return NULL;
	for (struct jn *c = m->kids; c; c = c->next)
		if (strcmp(c->key, k) == 0)
			return c;
	return NULL;
}

struct rec {
	struct parser *p;
	const char *what;           /* "card \"Fire // Ice\"" for messages */
	bool bad;
};

static void __attribute__((format(printf, 3, 4)))
rec_fail(struct rec *r, const struct jn *at, const char *fmt, ...)
{
	if (r->bad)
		return;
	r->bad = true;
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	struct parser *p = r->p;
	fail_at(p, p->rec_line, p->rec_col,
	    p->fmt == CF_SCRYFALL ? "is it a Scryfall bulk file (oracle-cards, default-cards or rulings)? download it again if it is damaged"
	                          : "is it MTGJSON's AtomicCards.json? download it again if it is damaged",
	    "%s: %s (field at byte %llu)", r->what, msg, (unsigned long long)(at ? at->off : p->rec_off));
}

/* A text field: a string or a number's text; NULL when absent or null. */
static const char *
rstr(struct rec *r, const struct jn *m, const char *k, bool required)
{
	struct jn *v = jget(m, k);
	if (!v || v->type == JN_NULL) {
		if (required)
			rec_fail(r, m, "\"%s\" is missing", k);
		return NULL;
	}
	if (v->type == JN_STR || v->type == JN_NUM)
		return v->s;
	rec_fail(r, v, "\"%s\" is %s, not text", k, v->type == JN_MAP ? "an object" : v->type == JN_ARR ? "an array" : "true or false");
	return NULL;
}

static double
rnum(struct rec *r, const struct jn *m, const char *k, double dflt)
{
	struct jn *v = jget(m, k);
	if (!v || v->type == JN_NULL)
		return dflt;
	if (v->type == JN_NUM)
		return strtod(v->s, NULL);
	rec_fail(r, v, "\"%s\" is not a number", k);
	return dflt;
}

static const struct jn *
rarr(struct rec *r, const struct jn *m, const char *k)
{
	struct jn *v = jget(m, k);
	if (!v || v->type == JN_NULL)
		return NULL;
	if (v->type != JN_ARR) {
		rec_fail(r, v, "\"%s\" is not an array", k);
		return NULL;
	}
	return v;
}

static const struct jn *
rmap(struct rec *r, const struct jn *m, const char *k)
{
	struct jn *v = jget(m, k);
	if (!v || v->type == JN_NULL)
		return NULL;
	if (v->type != JN_MAP) {
		rec_fail(r, v, "\"%s\" is not an object", k);
		return NULL;
	}
	return v;
}

static void
add_keywords(struct rec *r, struct card *c, const struct jn *arr)
{
	if (!arr)
		return;
	for (const struct jn *k = arr->kids; k; k = k->next) {
		if (k->type != JN_STR) {
			rec_fail(r, k, "a keyword is not text");
			return;
		}
		bool dup = false;
		for (size_t i = 0; i < c->nkeywords && !dup; i++)
			dup = strcmp(c->keywords[i], k->s) == 0;
		if (!dup)
			c->keywords[c->nkeywords++] = (char *)k->s;
	}
}

static void
add_legal(struct rec *r, struct card *c, const struct jn *m)
{
	if (!m)
		return;
	c->legal = arena_alloc(&r->p->a, (m->nkids + 1) * sizeof *c->legal);
	for (const struct jn *f = m->kids; f; f = f->next) {
		if (f->type != JN_STR) {
			rec_fail(r, f, "the legality of %s is not text", f->key);
			return;
		}
		char st[32];
		size_t n = 0;
		for (const char *s = f->s; *s && n < sizeof st - 1; s++)
			st[n++] = *s == ' ' ? '_' : (char)((*s >= 'A' && *s <= 'Z') ? *s + 32 : *s);
		st[n] = '\0';
		if (strcmp(st, "not_legal") == 0 || n == 0)
			continue;
		c->legal[c->nlegal].format = (char *)f->key;
		c->legal[c->nlegal].status = arena_strdup(&r->p->a, st);
		c->nlegal++;
	}
}

static void
add_foreign_name(struct card *c, const char *lang, const char *name)
{
	if (!name || !*name)
		return;
	for (size_t i = 0; i < c->nforeign; i++)
		if (strcmp(c->foreign[i].name, name) == 0 && strcmp(c->foreign[i].lang, lang) == 0)
			return;
	c->foreign[c->nforeign].lang = (char *)lang;
	c->foreign[c->nforeign].name = (char *)name;
	c->nforeign++;
}

/* MTGJSON's foreignData: the card's name, and a face's, in each language it was printed in
 * (each face lists them all again). Only names are kept: a judge looks a card up by the name
 * on the card in hand; its Oracle text is the English one. */
static void
add_foreign(struct rec *r, struct card *c, const struct jn *arr)
{
	for (const struct jn *f = arr ? arr->kids : NULL; f && !r->bad; f = f->next) {
		if (f->type != JN_MAP)
			continue;
		const char *lang = rstr(r, f, "language", false);
		if (!lang)
			continue;
		add_foreign_name(c, lang, rstr(r, f, "name", false));
		add_foreign_name(c, lang, rstr(r, f, "faceName", false));
	}
}

/* An attraction's lights ([2, 4, 6]) as "2, 4, 6"; NULL when absent. */
static char *
rlights(struct rec *r, const struct jn *m, const char *k)
{
	const struct jn *a = rarr(r, m, k);
	if (!a || !a->nkids)
		return NULL;
	struct sbuf b = {0};
	for (const struct jn *x = a->kids; x; x = x->next) {
		if (x->type != JN_NUM && x->type != JN_STR) {
			rec_fail(r, x, "a light in \"%s\" is not a number", k);
			break;
		}
		sbuf_addf(&b, "%s%s", b.len ? ", " : "", x->s);
	}
	char *out = b.len ? arena_strdup(&r->p->a, b.s) : NULL;
	sbuf_free(&b);
	return out;
}

/* MTGJSON's leadershipSkills ({"brawl": false, "commander": true, "oathbreaker": false}): the
 * formats whose commander the card can be, "commander, oathbreaker"; NULL for none. */
static char *
rleader(struct rec *r, const struct jn *m)
{
	const struct jn *ls = rmap(r, m, "leadershipSkills");
	if (!ls)
		return NULL;
	struct sbuf b = {0};
	for (const struct jn *f = ls->kids; f; f = f->next)
		if (f->type == JN_BOOL && strcmp(f->s, "true") == 0)
			sbuf_addf(&b, "%s%s", b.len ? ", " : "", f->key);
	char *out = b.len ? arena_strdup(&r->p->a, b.s) : NULL;
	sbuf_free(&b);
	return out;
}

static size_t
count_kids(const struct jn *n)
{
	return n ? n->nkids : 0;
}

/* MTGJSON keeps a reversible card (the same card printed on both sides, "Okaun, Eye of
 * Chaos // Okaun, Eye of Chaos", or two cards back to back) under a name of its own, as if it
 * were a double-faced card. It is the card on its sides: one card named by its distinct faces
 * when its own name is those names twice ("A // B // A // B": a two-part card on each side),
 * else each distinct face is a card of its own. Either
 * way it is marked reversible, and dropped at the end of the import when the file has that card
 * under its own name (import.c). */
static int
mtg_reversible(struct parser *p, struct rec *r, struct card *c, const struct jn *const *src)
{
	size_t keep[CARDS_MAX_FACES], nk = 0;
	for (size_t i = 0; i < c->nfaces; i++) {
		bool again = false;
		for (size_t j = 0; j < nk && !again; j++)
			again = strcmp(c->faces[keep[j]].name, c->faces[i].name) == 0;
		if (!again)
			keep[nk++] = i;
	}
	struct sbuf joined = {0};
	for (size_t j = 0; j < nk; j++)
		sbuf_addf(&joined, "%s%s", j ? " // " : "", c->faces[keep[j]].name);
	size_t jl = joined.len, nl = strlen(c->name);
	bool one = (nk == 1 && strcmp(c->name, joined.s) == 0) ||
	    (nl == 2 * jl + 4 && strncmp(c->name, joined.s, jl) == 0 && strncmp(c->name + jl, " // ", 4) == 0 &&
	        strcmp(c->name + jl + 4, joined.s) == 0);
	int rc = 0;
	if (one) {
		struct card k = *c;
		k.name = arena_strdup(&p->a, joined.s);
		for (size_t j = 0; j < nk; j++)
			k.faces[j] = c->faces[keep[j]];
		k.nfaces = nk;
		k.layout = (char *)(nk == 1 ? "normal" : c->layout);
		if (nk == 1)
			k.mana_value = k.faces[0].mana_value;
		k.reversible = true;
		rc = p->sink->card ? p->sink->card(p->sink->ctx, &k) : 0;
	}
	/* the faces' oracle ids, when they are the faces' own (MTGJSON may give each face the
	 * reversible card's id, or none) */
	const char *oids[CARDS_MAX_FACES];
	bool own = true;
	for (size_t j = 0; !one && j < nk; j++) {
		oids[j] = rstr(r, rmap(r, src[keep[j]], "identifiers"), "scryfallOracleId", false);
		for (size_t i = 0; i < j && own; i++)
			own = !oids[j] || !oids[i] || strcmp(oids[i], oids[j]) != 0;
	}
	for (size_t j = 0; !one && j < nk && rc == 0; j++) {
		struct card k = *c;
		k.name = c->faces[keep[j]].name;
		k.faces = &c->faces[keep[j]];
		k.nfaces = 1;
		k.layout = (char *)"normal";
		k.mana_value = k.faces[0].mana_value;
		k.oracle_id = (char *)(own ? oids[j] : NULL);
		k.reversible = true;
		const struct jn *kw = rarr(r, src[keep[j]], "keywords");
		k.keywords = arena_alloc(&p->a, (count_kids(kw) + 1) * sizeof *k.keywords);
		k.nkeywords = 0;
		add_keywords(r, &k, kw);
		rc = r->bad ? -1 : p->sink->card ? p->sink->card(p->sink->ctx, &k) : 0;
	}
	sbuf_free(&joined);
	return rc;
}

/* MTGJSON: data["Fire // Ice"] = [ {face a}, {face b} ] */
static int
mtg_card(struct parser *p, const struct jn *arr, const char *key)
{
	char what[300];
	snprintf(what, sizeof what, "card \"%.250s\"", key);
	struct rec r = {p, what, false};
	struct card c = {0};
	c.name = (char *)key;
	if (arr->nkids == 0) {
		rec_fail(&r, arr, "no faces (an empty array)");
		return -1;
	}
	size_t nkw = 0, nrul = 0;
	for (const struct jn *e = arr->kids; e; e = e->next) {
		if (e->type != JN_MAP) {
			rec_fail(&r, e, "a face is not an object");
			return -1;
		}
		nkw += count_kids(jget(e, "keywords"));
		nrul += count_kids(jget(e, "rulings"));
	}
	size_t nfor = 0;
	for (const struct jn *e = arr->kids; e; e = e->next)
		nfor += 2 * count_kids(jget(e, "foreignData"));
	c.foreign = arena_alloc(&p->a, (nfor + 1) * sizeof *c.foreign);
	c.keywords = arena_alloc(&p->a, (nkw + 1) * sizeof *c.keywords);
	c.rulings = arena_alloc(&p->a, (nrul + 1) * sizeof *c.rulings);
	c.faces = arena_alloc(&p->a, CARDS_MAX_FACES * sizeof *c.faces);
	const struct jn *first = arr->kids;
	c.layout = (char *)rstr(&r, first, "layout", true);
	rstr(&r, first, "name", true);
	c.mana_value = rnum(&r, first, "manaValue", rnum(&r, first, "convertedManaCost", CARDS_NO_VALUE));
	const struct jn *ids = rmap(&r, first, "identifiers");
	c.oracle_id = (char *)rstr(&r, ids, "scryfallOracleId", false);
	add_legal(&r, &c, rmap(&r, first, "legalities"));
	char sides[CARDS_MAX_FACES + 1] = "";
	const struct jn *src[CARDS_MAX_FACES];
	for (const struct jn *e = arr->kids; e && !r.bad; e = e->next) {
		/* each face may carry it; a reversible card's may lack it on its first */
		if (!c.leader)
			c.leader = rleader(&r, e);
		const char *nm = rstr(&r, e, "name", true);
		const char *fname = rstr(&r, e, "faceName", false);
		const char *side = rstr(&r, e, "side", false);
		const char *type = rstr(&r, e, "type", true);
		if (r.bad)
			break;
		/* a second printing of the same side (Unfinity's attractions, one per set of
		 * lights) is not another face; without a side, a face is new when its name is */
		const char *shown = fname ? fname : nm;
		char sc = side && *side ? side[0] : 0;
		if (!sc) {
			/* the same name again: a printing with other lights (an attraction) adds its
			 * lights to the face's; one with another text (Unstable's variants) is a face
			 * of its own, so that no variant's text is lost */
			const char *text = rstr(&r, e, "text", false);
			struct card_face *same = NULL;
			for (size_t i = 0; i < c.nfaces && !same; i++)
				if (strcmp(c.faces[i].name, shown) == 0 &&
				    strcmp(c.faces[i].text ? c.faces[i].text : "", text ? text : "") == 0)
					same = &c.faces[i];
			if (same) {
				const char *more = rlights(&r, e, "attractionLights");
				bool have = false;
				for (const char *h = same->lights; more && h && !have; h = strstr(h, " or ") ? strstr(h, " or ") + 4 : NULL) {
					size_t ml = strlen(more);
					have = strncmp(h, more, ml) == 0 && (h[ml] == '\0' || strncmp(h + ml, " or ", 4) == 0);
				}
				if (more && !have) {
					size_t n = (same->lights ? strlen(same->lights) : 0) + strlen(more) + 8;
					char *both = arena_alloc(&p->a, n);
					snprintf(both, n, "%s%s%s", same->lights ? same->lights : "", same->lights ? " or " : "", more);
					same->lights = both;
				}
				continue;
			}
			for (sc = 'a'; strchr(sides, sc); sc++)
				;
		} else if (strchr(sides, sc))
			continue;
		if (c.nfaces >= CARDS_MAX_FACES) {
			rec_fail(&r, e, "more than %d faces", CARDS_MAX_FACES);
			break;
		}
		size_t ns = strlen(sides);
		sides[ns] = sc;
		sides[ns + 1] = '\0';
		src[c.nfaces] = e;
		struct card_face *f = &c.faces[c.nfaces++];
		f->name = (char *)shown;
		f->type = (char *)type;
		f->hand = (char *)rstr(&r, e, "hand", false);
		f->life = (char *)rstr(&r, e, "life", false);
		f->lights = rlights(&r, e, "attractionLights");
		f->mana_cost = (char *)rstr(&r, e, "manaCost", false);
		f->text = (char *)rstr(&r, e, "text", false);
		f->power = (char *)rstr(&r, e, "power", false);
		f->toughness = (char *)rstr(&r, e, "toughness", false);
		f->loyalty = (char *)rstr(&r, e, "loyalty", false);
		f->defense = (char *)rstr(&r, e, "defense", false);
		/* faceManaValue, or its older name; else the card's (a transform card's back face) */
		f->mana_value = rnum(&r, e, "faceManaValue", rnum(&r, e, "faceConvertedManaCost",
		    rnum(&r, e, "manaValue", rnum(&r, e, "convertedManaCost", c.mana_value))));
		add_keywords(&r, &c, rarr(&r, e, "keywords"));
		add_foreign(&r, &c, rarr(&r, e, "foreignData"));
		const struct jn *ru = rarr(&r, e, "rulings");
		for (const struct jn *x = ru ? ru->kids : NULL; x && !r.bad; x = x->next) {
			const char *date = rstr(&r, x, "date", true);
			const char *text = rstr(&r, x, "text", true);
			if (r.bad)
				break;
			/* MTGJSON repeats a card's rulings on each face */
			bool dup = false;
			for (size_t i = 0; i < c.nrulings && !dup; i++)
				dup = strcmp(c.rulings[i].date, date) == 0 && strcmp(c.rulings[i].text, text) == 0;
			if (!dup) {
				c.rulings[c.nrulings].date = (char *)date;
				c.rulings[c.nrulings].text = (char *)text;
				c.nrulings++;
			}
		}
	}
	if (r.bad)
		return -1;
	/* faces in the order of their sides: a file may list the back face first */
	for (size_t i = 1; i < c.nfaces; i++)
		for (size_t j = i; j > 0 && sides[j - 1] > sides[j]; j--) {
			struct card_face t = c.faces[j];
			c.faces[j] = c.faces[j - 1];
			c.faces[j - 1] = t;
			const struct jn *tn = src[j];
			src[j] = src[j - 1];
			src[j - 1] = tn;
			char sc = sides[j];
			sides[j] = sides[j - 1];
			sides[j - 1] = sc;
		}
	if (c.layout && strcmp(c.layout, "reversible_card") == 0)
		return mtg_reversible(p, &r, &c, src);
	return p->sink->card ? p->sink->card(p->sink->ctx, &c) : 0;
}

/* The part of a "Fire // Ice"-style text for face k of n ("" when it does not split so). */
static const char *
nth_part(struct parser *p, const char *s, size_t k, size_t n)
{
	if (!s)
		return NULL;
	const char *b = s;
	for (size_t i = 0; i < k; i++) {
		const char *e = strstr(b, " // ");
		if (!e)
			return NULL;
		b = e + 4;
	}
	const char *e = strstr(b, " // ");
	if (!e && k + 1 < n)
		return NULL;
	return e ? arena_strndup(&p->a, b, (size_t)(e - b)) : b;
}

static void
scry_face(struct rec *r, struct card_face *f, const struct jn *m)
{
	f->mana_cost = (char *)rstr(r, m, "mana_cost", false);
	f->type = (char *)rstr(r, m, "type_line", false);
	f->text = (char *)rstr(r, m, "oracle_text", false);
	f->power = (char *)rstr(r, m, "power", false);
	f->toughness = (char *)rstr(r, m, "toughness", false);
	f->loyalty = (char *)rstr(r, m, "loyalty", false);
	f->defense = (char *)rstr(r, m, "defense", false);
	f->hand = (char *)rstr(r, m, "hand_modifier", false);
	f->life = (char *)rstr(r, m, "life_modifier", false);
	f->lights = rlights(r, m, "attraction_lights");
	if (f->mana_cost && !*f->mana_cost)
		f->mana_cost = NULL;   /* Scryfall writes "" for no cost */
}

/* A face's mana value: its own where Scryfall gives one (reversible cards), else its cost's
 * for the faces cast on their own (split, adventure), else the card's. */
static double
scry_face_value(struct rec *r, const struct jn *e, const struct card_face *f, double card)
{
	if (jget(e, "cmc"))
		return rnum(r, e, "cmc", card);
	return f->mana_cost ? cards_cost_value(f->mana_cost) : card;
}

/* A reversible card (layout reversible_card) is two cards printed back to back, often the
 * same card twice: it has no oracle_id, mana value or type line of its own, its faces do.
 * Each distinct face is handed over as a card of its own, so that it joins its rulings and
 * its other printings by oracle_id. */
static int
scry_reversible(struct parser *p, struct rec *r, struct card *c, const struct jn *faces)
{
	const char *done[CARDS_MAX_FACES];
	size_t ndone = 0;
	for (const struct jn *e = faces->kids; e && !r->bad; e = e->next) {
		if (e->type != JN_MAP) {
			rec_fail(r, e, "a face in \"card_faces\" is not an object");
			break;
		}
		struct card one = *c;
		struct card_face *f = arena_alloc(&p->a, sizeof *f);
		f->name = (char *)rstr(r, e, "name", true);
		scry_face(r, f, e);
		if (!f->type && !r->bad)
			rec_fail(r, e, "face \"%s\" has no \"type_line\"", f->name);
		if (r->bad)
			break;
		const char *oid = rstr(r, e, "oracle_id", false);
		one.oracle_id = (char *)(oid ? oid : c->oracle_id);
		const char *key = one.oracle_id ? one.oracle_id : f->name;
		bool again = false;
		for (size_t i = 0; i < ndone && !again; i++)
			again = strcmp(done[i], key) == 0;
		if (again)
			continue;
		done[ndone++] = key;
		const char *lay = rstr(r, e, "layout", false);
		one.layout = (char *)(lay ? lay : "normal");
		one.name = f->name;
		f->mana_value = scry_face_value(r, e, f, c->mana_value);
		one.mana_value = f->mana_value;
		one.faces = f;
		one.nfaces = 1;
		one.reversible = true;
		if (!r->bad && p->sink->card && p->sink->card(p->sink->ctx, &one) != 0)
			return -1;
	}
	return r->bad ? -1 : 0;
}

/* Scryfall: one element of the top-level array, a card or a ruling */
static int
scry_object(struct parser *p, const struct jn *m)
{
	char what[300];
	snprintf(what, sizeof what, "element %zu of the array", p->elements);
	struct rec r = {p, what, false};
	if (m->type != JN_MAP) {
		rec_fail(&r, m, "it is not an object");
		return -1;
	}
	const char *obj = rstr(&r, m, "object", false);
	if (r.bad)
		return -1;
	if (!obj) {
		rec_fail(&r, m, "it has no \"object\" field, so it is neither a Scryfall card nor a ruling");
		return -1;
	}
	if (strcmp(obj, "ruling") == 0) {
		struct card_ruling ru = {0};
		const char *oid = rstr(&r, m, "oracle_id", true);
		ru.date = (char *)rstr(&r, m, "published_at", true);
		ru.text = (char *)rstr(&r, m, "comment", true);
		ru.source = (char *)rstr(&r, m, "source", false);
		if (r.bad)
			return -1;
		return p->sink->ruling ? p->sink->ruling(p->sink->ctx, oid, &ru) : 0;
	}
	if (strcmp(obj, "card") != 0) {
		rec_fail(&r, m, "it is a Scryfall \"%.40s\" object, not a card or a ruling", obj);
		return -1;
	}
	struct card c = {0};
	c.name = (char *)rstr(&r, m, "name", true);
	if (c.name) {
		snprintf(what, sizeof what, "card \"%.250s\"", c.name);
	}
	c.layout = (char *)rstr(&r, m, "layout", true);
	if (r.bad)
		return -1;
	/* the art series' cards are collectibles, not game cards: they would answer "Fire" with
	 * an art card of that name */
	if (strcmp(c.layout, "art_series") == 0) {
		if (p->sink->skipped)
			p->sink->skipped(p->sink->ctx, c.name, c.layout);
		return 0;
	}
	c.mana_value = rnum(&r, m, "cmc", CARDS_NO_VALUE);
	c.oracle_id = (char *)rstr(&r, m, "oracle_id", false);
	const struct jn *faces = rarr(&r, m, "card_faces");
	/* Scryfall keeps a meld card and the card it melds into apart, naming the other in its
	 * related cards; the import joins them as MTGJSON has them (import.c) */
	const struct jn *parts = rarr(&r, m, "all_parts");
	for (const struct jn *e = parts ? parts->kids : NULL; e && c.name; e = e->next) {
		const struct jn *comp = jget(e, "component"), *nm = jget(e, "name");
		if (comp && comp->type == JN_STR && nm && nm->type == JN_STR && strcmp(comp->s, "meld_result") == 0 &&
		    strcmp(nm->s, c.name) != 0)
			c.melds_into = (char *)nm->s;
	}
	const struct jn *kw = rarr(&r, m, "keywords");
	c.keywords = arena_alloc(&p->a, (count_kids(kw) + 1) * sizeof *c.keywords);
	add_keywords(&r, &c, kw);
	add_legal(&r, &c, rmap(&r, m, "legalities"));
	if (r.bad)
		return -1;
	if (faces && faces->nkids > 0 && faces->nkids > CARDS_MAX_FACES) {
		rec_fail(&r, faces, "more than %d faces", CARDS_MAX_FACES);
		return -1;
	}
	if (faces && faces->nkids > 0 && strcmp(c.layout, "reversible_card") == 0)
		return scry_reversible(p, &r, &c, faces);
	const char *top_type = rstr(&r, m, "type_line", false);
	if (faces && faces->nkids > 0) {
		c.faces = arena_alloc(&p->a, faces->nkids * sizeof *c.faces);
		for (const struct jn *e = faces->kids; e && !r.bad; e = e->next) {
			if (e->type != JN_MAP) {
				rec_fail(&r, e, "a face in \"card_faces\" is not an object");
				break;
			}
			struct card_face *f = &c.faces[c.nfaces];
			f->name = (char *)rstr(&r, e, "name", true);
			scry_face(&r, f, e);
			/* a face without its own type line takes its part of the card's */
			if (!f->type)
				f->type = (char *)nth_part(p, top_type, c.nfaces, faces->nkids);
			if (!f->type && !r.bad)
				rec_fail(&r, e, "face \"%s\" has no \"type_line\"", f->name);
			if (!c.oracle_id)
				c.oracle_id = (char *)rstr(&r, e, "oracle_id", false);
			f->mana_value = scry_face_value(&r, e, f, c.mana_value);
			c.nfaces++;
		}
	} else {
		c.faces = arena_alloc(&p->a, sizeof *c.faces);
		struct card_face *f = &c.faces[c.nfaces++];
		f->name = c.name;
		scry_face(&r, f, m);
		f->mana_value = c.mana_value;
		if (!f->type && !r.bad)
			rec_fail(&r, m, "\"type_line\" is missing");
	}
	if (r.bad)
		return -1;
	return p->sink->card ? p->sink->card(p->sink->ctx, &c) : 0;
}

static int
meta_record(struct parser *p, const struct jn *m)
{
	static const char *const keys[] = {"date", "version", NULL};
	for (const char *const *k = keys; *k; k++) {
		struct jn *v = jget(m, *k);
		if (v && (v->type == JN_STR || v->type == JN_NUM) && p->sink->meta &&
		    p->sink->meta(p->sink->ctx, *k, v->s) != 0)
			return -1;
	}
	return 0;
}

/* A captured record is complete: hand it over and empty the arena. */
static int
finish_record(struct parser *p)
{
	int rc = 0;
	if (p->cap == CAP_META)
		rc = meta_record(p, p->root_node);
	else if (p->cap == CAP_MTG)
		rc = mtg_card(p, p->root_node, p->card_key);
	else if (p->cap == CAP_SCRY)
		rc = scry_object(p, p->root_node);
	if (rc != 0 && !p->failed) {
		/* the sink said no: its message is already in d */
		p->failed = true;
	}
	arena_free(&p->a);
	p->cap = CAP_NONE;
	p->cur = p->root_node = NULL;
	return rc == 0;
}

/* ---- yajl events ---- */

static struct jn *
new_node(struct parser *p, uint8_t type)
{
	struct jn *n = arena_alloc(&p->a, sizeof *n);
	n->type = type;
	n->off = p->chunk_base + yajl_get_bytes_consumed(p->h);
	n->key = p->pending_key ? p->pending_key : "";
	p->pending_key = NULL;
	struct jn *par = p->cur;
	n->parent = par;
	if (par) {
		if (par->last)
			par->last->next = n;
		else
			par->kids = n;
		par->last = n;
		par->nkids++;
	}
	return n;
}

/* Top-level structure: returns 1 to go on, 0 to stop (p->failed set). */
static int
scalar_outside(struct parser *p, const char *what)
{
	if (p->depth == 0)
		fail_here(p, "a card file is a JSON object (MTGJSON) or array (Scryfall)", "not a card file: the whole JSON text is %s", what);
	else if (p->root == '{' && p->in_data && p->depth == 2)
		fail_here(p, "each card in MTGJSON's \"data\" is an array of its faces",
		    "\"data\" maps card names to arrays of faces, but \"%.200s\" is %s", p->card_key ? p->card_key : "?", what);
	else if (p->root == '[' && p->depth == 1)
		fail_here(p, "a Scryfall bulk file is an array of card or ruling objects",
		    "element %zu of the array is %s, not an object", p->elements + 1, what);
	else
		return 1;
	return 0;
}

static int
on_scalar(struct parser *p, uint8_t type, const unsigned char *s, size_t len, const char *what)
{
	if (p->skip_next) {
		p->skip_next = false;
		return 1;
	}
	if (p->skip_depth)
		return 1;
	if (p->cap == CAP_NONE) {
		if (p->root == '{' && p->depth == 1) {
			free(p->top_key);
			p->top_key = NULL;
		}
		return scalar_outside(p, what);
	}
	struct jn *n = new_node(p, type);
	if (s)
		n->s = arena_memdup(&p->a, s, len + 1), ((char *)n->s)[len] = '\0';
	else
		n->s = type == JN_BOOL ? what : "";
	return 1;
}

static int
cb_null(void *ctx)
{
	return on_scalar(ctx, JN_NULL, NULL, 0, "null");
}

static int
cb_bool(void *ctx, int b)
{
	return on_scalar(ctx, JN_BOOL, NULL, 0, b ? "true" : "false");
}

static int
cb_number(void *ctx, const char *s, size_t len)
{
	return on_scalar(ctx, JN_NUM, (const unsigned char *)s, len, "a number");
}

static int
cb_string(void *ctx, const unsigned char *s, size_t len)
{
	return on_scalar(ctx, JN_STR, s, len, "a string");
}

static int
start(struct parser *p, uint8_t type)
{
	bool is_map = type == JN_MAP;
	if (p->depth >= CARDS_MAX_DEPTH) {
		fail_here(p, NULL, "the JSON is nested more than %d deep: not a card file", CARDS_MAX_DEPTH);
		return 0;
	}
	if (p->skip_next) {
		p->skip_next = false;
		p->skip_depth = 1;
		p->depth++;
		return 1;
	}
	if (p->skip_depth) {
		p->skip_depth++;
		p->depth++;
		return 1;
	}
	if (p->cap != CAP_NONE) {
		p->cur = new_node(p, type);
		p->depth++;
		return 1;
	}
	enum capture cap = CAP_NONE;
	if (p->depth == 0) {
		if (is_map && p->fmt == CF_SCRYFALL) {
			fail_here(p, "Scryfall's bulk files (oracle-cards, rulings) are arrays; drop the format option to read this file as MTGJSON",
			    "this is a JSON object, not a Scryfall bulk file (an array of cards)");
			return 0;
		}
		if (!is_map && p->fmt == CF_MTGJSON) {
			fail_here(p, "MTGJSON's AtomicCards.json is an object with \"meta\" and \"data\"; drop the format option to read this file as Scryfall's",
			    "this is a JSON array, not an MTGJSON file (an object with \"data\")");
			return 0;
		}
		p->root = is_map ? '{' : '[';
		p->fmt = is_map ? CF_MTGJSON : CF_SCRYFALL;
	} else if (p->root == '{' && p->depth == 1) {
		const char *k = p->top_key ? p->top_key : "";
		if (strcmp(k, "data") == 0) {
			if (!is_map) {
				fail_here(p, "an MTGJSON AtomicCards file maps card names to their faces in \"data\" (a Scryfall API list is not a bulk file)",
				    "\"data\" is an array, not an object of cards");
				return 0;
			}
			p->in_data = p->seen_data = true;
		} else if (strcmp(k, "meta") == 0 && is_map) {
			cap = CAP_META;
		} else {
			p->skip_depth = 1;
		}
	} else if (p->root == '{' && p->in_data && p->depth == 2) {
		if (is_map) {
			fail_here(p, "each card in MTGJSON's \"data\" is an array of its faces (is this AllPrintings or a set file? judge reads AtomicCards)",
			    "\"data\" maps card names to arrays of faces, but \"%.200s\" is an object", p->card_key ? p->card_key : "?");
			return 0;
		}
		cap = CAP_MTG;
	} else if (p->root == '[' && p->depth == 1) {
		p->elements++;
		cap = CAP_SCRY;
	}
	if (cap != CAP_NONE) {
		p->cap = cap;
		p->pending_key = NULL;
		p->cur = p->root_node = new_node(p, type);
		p->rec_off = p->root_node->off ? p->root_node->off - 1 : 0;
		size_t off = yajl_get_bytes_consumed(p->h);
		where(p, off ? off - 1 : 0, &p->rec_line, &p->rec_col);
	}
	p->depth++;
	return 1;
}

static int
end(struct parser *p)
{
	p->depth--;
	if (p->skip_depth) {
		p->skip_depth--;
		return 1;
	}
	if (p->cap != CAP_NONE) {
		p->cur = p->cur->parent;
		if (p->cur == NULL)
			return finish_record(p);
		return 1;
	}
	if (p->root == '{' && p->in_data && p->depth == 1)
		p->in_data = false;
	return 1;
}

static int
cb_start_map(void *ctx)
{
	return start(ctx, JN_MAP);
}

static int
cb_start_array(void *ctx)
{
	return start(ctx, JN_ARR);
}

static int
cb_end(void *ctx)
{
	return end(ctx);
}

static int
cb_key(void *ctx, const unsigned char *k, size_t len)
{
	struct parser *p = ctx;
	if (p->skip_depth)
		return 1;
	if (p->cap != CAP_NONE) {
		/* of a foreignData entry only its language and names are kept: its text, type and
		 * ids would be most of the card's tree */
		const struct jn *par = p->cur ? p->cur->parent : NULL;
		bool foreign_rest = par && par->type == JN_ARR && strcmp(par->key, "foreignData") == 0 &&
		    !(len == 8 && memcmp(k, "language", 8) == 0) && !(len == 4 && memcmp(k, "name", 4) == 0) &&
		    !(len == 8 && memcmp(k, "faceName", 8) == 0);
		if (foreign_rest || is_skipped(k, len))
			p->skip_next = true;
		else {
			char *s = arena_memdup(&p->a, k, len + 1);
			s[len] = '\0';
			p->pending_key = s;
		}
		return 1;
	}
	char *s = xstrndup((const char *)k, len);
	if (p->root == '{' && p->depth == 1) {
		free(p->top_key);
		p->top_key = s;
	} else if (p->root == '{' && p->in_data && p->depth == 2) {
		free(p->card_key);
		p->card_key = s;
	} else
		free(s);
	return 1;
}

static const yajl_callbacks callbacks = {
	cb_null, cb_bool, NULL, NULL, cb_number, cb_string,
	cb_start_map, cb_key, cb_end, cb_start_array, cb_end,
};

/* yajl buffers a string whole before it calls back, so an overlong one is refused here first. */
static bool
scan_strings(struct parser *p, const unsigned char *b, size_t n)
{
	size_t i = 0;
	while (i < n) {
		if (!p->in_str) {
			const unsigned char *q = memchr(b + i, '"', n - i);
			if (!q)
				return true;
			i = (size_t)(q - b) + 1;
			p->in_str = true;
			p->esc = false;
			p->slen = 0;
			p->str_start = p->chunk_base + (size_t)(q - b);
			where(p, (size_t)(q - b), &p->str_line, &p->str_col);
			continue;
		}
		size_t j = i;
		for (; j < n; j++) {
			unsigned char c = b[j];
			if (p->esc) {
				p->esc = false;
				continue;
			}
			if (c == '\\')
				p->esc = true;
			else if (c == '"')
				break;
		}
		p->slen += j - i;
		if (p->slen > CARDS_MAX_STRING) {
			fail_at(p, p->str_line, p->str_col, "card texts are a few kilobytes at most; this file is damaged or is not a card file",
			    "a string longer than %u bytes, starting at byte %llu", CARDS_MAX_STRING,
			    (unsigned long long)p->str_start);
			return false;
		}
		if (j < n)
			p->in_str = false;
		i = j + 1;
	}
	return true;
}

static void
yajl_failed(struct parser *p, const unsigned char *b, size_t n)
{
	if (p->failed)
		return;
	unsigned char *msg = yajl_get_error(p->h, 0, b, n);
	size_t off = yajl_get_bytes_consumed(p->h);
	unsigned line, col;
	where(p, off, &line, &col);
	char m[256];
	snprintf(m, sizeof m, "%s", msg ? (const char *)msg : "parse error");
	size_t ml = strlen(m);
	while (ml && (m[ml - 1] == '\n' || m[ml - 1] == ' ' || m[ml - 1] == '.'))
		m[--ml] = '\0';
	if (msg)
		yajl_free_error(p->h, msg);
	fail_at(p, line, col, "the file is damaged or not JSON; download it again",
	    "not valid JSON: %s (byte %llu)", m, (unsigned long long)(p->chunk_base + off));
}

static int
parse_source(const char *name, struct csrc *src, enum cards_format *format,
    const struct cards_sink *sink, struct diags *d)
{
	struct parser p = {0};
	p.name = name;
	p.d = d;
	p.sink = sink;
	p.fmt = format ? *format : CF_AUTO;
	p.chunk_line = p.cnt_line = 1;
	p.h = yajl_alloc(&callbacks, NULL, &p);
	unsigned char *buf = xmalloc(CHUNK);
	struct sbuf err = {0};
	uint64_t total = 0;
	bool ended = false, bom = false;
	while (!p.failed) {
		ssize_t n = csrc_read(src, buf, CHUNK, &err);
		if (n < 0) {
			diag_add(d, DL_ERROR, name, 0, 0, "%s", sbuf_str(&err));
			diag_hint(d, "download the file again");
			p.failed = true;
			break;
		}
		if (n == 0) {
			ended = true;
			break;
		}
		unsigned char *b = buf;
		size_t len = (size_t)n;
		if (total == 0 && len >= 3 && memcmp(b, "\xef\xbb\xbf", 3) == 0) {
			/* a UTF-8 byte order mark, as some editors and downloads write: not JSON, and
			 * not part of the first line's columns */
			b += 3;
			len -= 3;
			total = 3;
			p.cnt_ls = 3;
			bom = true;
		} else if (total == 0 && len >= 2 && ((b[0] == 0xff && b[1] == 0xfe) || (b[0] == 0xfe && b[1] == 0xff))) {
			fail_at(&p, 1, 1, "card files are UTF-8: download the file again, or save it as UTF-8",
			    "the file is UTF-16 text, not UTF-8 JSON (byte 0)");
			break;
		} else if (total == 0 && len >= 4 && ((b[0] && !b[1] && b[2] && !b[3]) || (!b[0] && b[1] && !b[2] && b[3]))) {
			/* UTF-16 without a byte order mark: JSON opens with an ASCII character, so every
			 * other byte of the start is 0 (little-endian after it, big-endian before it) */
			fail_at(&p, 1, 1, "card files are UTF-8: download the file again, or save it as UTF-8",
			    "the file is UTF-16%s text without a byte order mark, not UTF-8 JSON (byte 0)", b[1] ? "BE" : "LE");
			break;
		}
		p.chunk = b;
		p.chunklen = len;
		p.chunk_base = total;
		p.chunk_line = p.cnt_line;
		p.chunk_ls = p.cnt_ls;
		p.cnt_off = 0;
		if (!scan_strings(&p, b, len))
			break;
		if (yajl_parse(p.h, b, len) != yajl_status_ok) {
			yajl_failed(&p, b, len);
			break;
		}
		unsigned l, c;
		where(&p, len, &l, &c);
		total += (uint64_t)len;
	}
	if (!p.failed && ended) {
		p.chunk = buf;
		p.chunklen = 0;
		p.chunk_base = total;
		p.chunk_line = p.cnt_line;
		p.chunk_ls = p.cnt_ls;
		p.cnt_off = 0;
		if (total == (bom ? 3u : 0u)) {
			fail_at(&p, 1, 1, "download the file again", "the file is empty");
		} else if (yajl_complete_parse(p.h) != yajl_status_ok) {
			unsigned line, col;
			where(&p, 0, &line, &col);
			fail_at(&p, line, col, "the download was probably cut short; download the file again",
			    "the JSON ends early, at byte %llu: the file is truncated", (unsigned long long)total);
		} else if (p.root == '{' && !p.seen_data) {
			fail_at(&p, 1, 1, "judge reads MTGJSON's AtomicCards.json and Scryfall's oracle-cards and rulings bulk files",
			    "no \"data\" object: this is not an MTGJSON AtomicCards file");
		}
	}
	if (format)
		*format = p.fmt;
	yajl_free(p.h);
	arena_free(&p.a);
	free(p.top_key);
	free(p.card_key);
	free(buf);
	sbuf_free(&err);
	return p.failed ? -1 : 0;
}

int
cards_parse_file(const char *path, enum cards_format *format, const struct cards_sink *sink,
    struct diags *d)
{
	struct sbuf err = {0};
	struct csrc *src = csrc_open_file(path, &err);
	if (!src) {
		diag_add(d, DL_ERROR, path, 0, 0, "%s", sbuf_str(&err));
		diag_hint(d, "give the path of AtomicCards.json or of Scryfall's oracle-cards and rulings files");
		sbuf_free(&err);
		return -1;
	}
	int rc = parse_source(path, src, format, sink, d);
	csrc_close(src);
	sbuf_free(&err);
	return rc;
}

int
cards_parse_mem(const char *name, const void *data, size_t len, enum cards_format *format,
    const struct cards_sink *sink, struct diags *d)
{
	struct csrc *src = csrc_open_mem(data, len);
	int rc = parse_source(name, src, format, sink, d);
	csrc_close(src);
	return rc;
}
