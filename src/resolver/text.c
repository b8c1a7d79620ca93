/* text.c — text-changing effects (612, layer 3): a spell's or permanent's words replaced,
 * the text it had before kept for the copies of it (707.2) and for when it leaves (400.7). */
#include "rz_int.h"
#include "../base/buf.h"
#include "../base/mem.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A word's plural as card text writes it: "Elf" -> "Elves", "Goblin" -> "Goblins". */
static void
plural_of(const char *w, char *out, size_t cap)
{
	size_t n = strlen(w);
	if (n > 1 && w[n - 1] == 'f')
		snprintf(out, cap, "%.*sves", (int)(n - 1), w);
	else if (n > 1 && (w[n - 1] == 's' || w[n - 1] == 'x' || (w[n - 1] == 'h' && (w[n - 2] == 'c' || w[n - 2] == 's'))))
		snprintf(out, cap, "%ses", w);
	else
		snprintf(out, cap, "%ss", w);
}

/* Replace the word `from` (a whole word, or its plural) by `to` (or its plural) in text,
 * keeping a capital; an occurrence inside the object's name is left alone, since a
 * text-changing effect can't change a name (612.2). Returns how many it replaced. */
static int
replace_word(const char *text, const char *from, const char *to, const char *name, struct sbuf *out)
{
	char fp[64], tp[64];
	plural_of(from, fp, sizeof fp);
	plural_of(to, tp, sizeof tp);
	size_t nl = name ? strlen(name) : 0;
	int n = 0;
	for (const char *p = text; *p;) {
		bool at_word = p == text || !isalpha((unsigned char)p[-1]);
		if (at_word && nl && !strncasecmp(p, name, nl)) {
			sbuf_addf(out, "%.*s", (int)nl, p);
			p += nl;
			continue;
		}
		const char *with = NULL;
		size_t len = 0;
		if (at_word && !strncasecmp(p, fp, strlen(fp)) && !isalpha((unsigned char)p[strlen(fp)]))
			with = tp, len = strlen(fp);
		else if (at_word && !strncasecmp(p, from, strlen(from)) && !isalpha((unsigned char)p[strlen(from)]))
			with = to, len = strlen(from);
		if (with) {
			sbuf_addc(out, isupper((unsigned char)*p) ? (char)toupper((unsigned char)with[0]) : (char)tolower((unsigned char)with[0]));
			sbuf_adds(out, with + 1);
			p += len;
			n++;
			continue;
		}
		sbuf_addc(out, *p++);
	}
	return n;
}

/* The word lists a text-changing effect chooses from (612.2: a word used as one of these). */
static const char *const text_colors[] = { "white", "blue", "black", "red", "green", NULL };
static const char *const text_lands[] = { "plains", "island", "swamp", "mountain", "forest", NULL };

static int
word_in(const char *w, const char *const *list)
{
	for (int i = 0; list[i]; i++)
		if (!strcasecmp(w, list[i]))
			return i;
	return -1;
}

/* Which kind of word (1 color word, 2 basic land type, 4 creature type) `from` and `to`
 * both are among the kinds the effect allows, or 0. A creature type is any other single
 * word that is not a card type, supertype, color or basic land type. */
static int
text_kind(int allowed, const char *from, const char *to)
{
	if ((allowed & 1) && word_in(from, text_colors) >= 0 && word_in(to, text_colors) >= 0)
		return 1;
	if ((allowed & 2) && word_in(from, text_lands) >= 0 && word_in(to, text_lands) >= 0)
		return 2;
	if (!(allowed & 4) || strlen(from) >= BD_SUBLEN || strlen(to) >= BD_SUBLEN)
		return 0;
	const char *w[2] = { from, to };
	for (int k = 0; k < 2; k++) {
		for (const char *p = w[k]; *p; p++)
			if (!isalpha((unsigned char)*p))
				return 0;
		if (!*w[k] || word_in(w[k], text_colors) >= 0 || word_in(w[k], text_lands) >= 0
		    || bd_type_lookup(w[k]) || bd_super_lookup(w[k]))
			return 0;
	}
	return 4;
}

/* Keep o's text before its first text change: a copy takes that (707.2), and it comes back
 * when o leaves its zone (400.7). */
static void
keep_unchanged(struct rz *z, int o)
{
	struct bd_obj *ob = &z->b->objs[o];
	if (!z->unchanged[o]) {
		struct bd_obj *u = xmalloc(sizeof *u);
		*u = *ob;
		u->abils = xcalloc((size_t)ob->nabils + 1, sizeof *u->abils);
		for (int k = 0; k < ob->nabils; k++) {
			u->abils[k] = ob->abils[k];
			u->abils[k].text = ob->abils[k].text ? xstrdup(ob->abils[k].text) : NULL;
		}
		z->unchanged[o] = u;
	}
	if (z->text_seq[o] < 0)
		z->text_seq[o] = z->moveseq[o];
}

/* A triggered ability of ob that triggered on its leaving (603.10a: it looks back at the
 * object as it last existed, changed text and all) keeps that text once ob gets its printed
 * text back: it gets a copy of its own, kept until the resolver ends. Returns how many. */
static int
keep_triggered_text(struct rz *z, const struct bd_obj *ob, struct rz_trig *t, int n)
{
	int kept = 0;
	for (int i = 0; i < n; i++) {
		uintptr_t a = (uintptr_t)t[i].ab, lo = (uintptr_t)ob->abils, hi = (uintptr_t)(ob->abils + ob->nabils);
		if (t[i].delayed || !t[i].ab || a < lo || a >= hi)
			continue;
		struct bd_abil *c = xmalloc(sizeof *c);
		*c = *t[i].ab;
		c->text = t[i].ab->text ? xstrdup(t[i].ab->text) : NULL;
		z->kept_text = xgrow(z->kept_text, &z->kept_cap, (size_t)z->nkept_text + 1, sizeof *z->kept_text);
		z->kept_text[z->nkept_text++] = c;
		t[i].ab = c;
		kept++;
	}
	return kept;
}

void
rz_text_ends(struct rz *z)
{
	for (int i = 0; i < z->b->nobjs; i++) {
		const struct bd_obj *u = z->unchanged[i];
		if (!u || z->text_seq[i] < 0 || z->moveseq[i] == z->text_seq[i])
			continue;
		/* 400.7: a new object, with its printed text; the arrays stay where they are, since
		 * a triggered ability may point at one of its abilities */
		struct bd_obj *ob = &z->b->objs[i];
		int kept = keep_triggered_text(z, ob, z->pending, z->npending) + keep_triggered_text(z, ob, z->stack, z->nstack);
		for (int k = 0; k < ob->nabils && k < u->nabils; k++) {
			free(ob->abils[k].text);
			ob->abils[k] = u->abils[k];
			ob->abils[k].text = u->abils[k].text ? xstrdup(u->abils[k].text) : NULL;
		}
		memcpy(ob->subs, u->subs, sizeof ob->subs);
		ob->nsubs = u->nsubs;
		z->text_seq[i] = -1;
		STEP(z, RL(R_NEW_OBJECT, R_LAYER_TEXT, kept ? R_LOOK_BACK : R_NONE), "%s has left %s: it is a new object, and the text-changing effect on it no longer applies; it has its printed text again%s.",
		    rz_oname(z, i), ob->zone == ZN_BATTLEFIELD ? "the zone it was in" : "the battlefield or the stack",
		    kept ? ". Its abilities that triggered on its leaving look back at it as it last existed, so they keep the changed text" : "");
	}
}

void
rz_text_not_copied(const struct rz *z, int o, struct sbuf *t)
{
	for (int depth = 0; depth < 8 && z->b->objs[o].copy_of >= 0; depth++)
		o = z->b->objs[o].copy_of;
	if (z->unchanged[o] && z->text_seq[o] >= 0)
		sbuf_addf(t, "; the text-changing effect on %s is not copied (707.2): the copy has its text as printed", rz_oname(z, o));
}

void
rz_text_free(struct rz *z, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (z->unchanged[i]) {
			for (int k = 0; k < z->unchanged[i]->nabils; k++)
				free(z->unchanged[i]->abils[k].text);
			free(z->unchanged[i]->abils);
			free(z->unchanged[i]);
		}
	free(z->unchanged);
	free(z->text_seq);
	for (int i = 0; i < z->nkept_text; i++) {
		free(z->kept_text[i]->text);
		free(z->kept_text[i]);
	}
	free(z->kept_text);
}

/* 612.1, 613.1c: a text-changing effect on spell or permanent o. The words are the board's
 * `choose SOURCE: X to Y`; each ability whose text uses X is read again with Y, and a
 * subtype X in its type line becomes Y (612.1). The change lasts while o stays in its zone
 * (a permanent spell keeps it as it becomes a permanent, 400.7a); a copy of o doesn't get it
 * (707.2). */
void
rz_change_text(struct rz *z, const struct bd_effect *e, int o, int src, const char *sname)
{
	static const char *const kname[] = { "", "color word", "basic land type", "", "creature type" };
	const char *c = rz_choice(z, src);
	char from[32] = "", to[32] = "";
	int kind = 0;
	if (c && sscanf(c, "%31s to %31s", from, to) == 2)
		kind = text_kind(e->n, from, to);
	if (!kind) {
		char kinds[96] = "";
		for (int k = 1; k <= 4; k <<= 1)
			if (e->n & k)
				snprintf(kinds + strlen(kinds), sizeof kinds - strlen(kinds), "%s%s", kinds[0] ? " or " : "", kname[k]);
		const char *ex = (e->n & 1) ? "white to black" : (e->n & 2) ? "mountain to island" : "Goblin to Elf";
		STEP(z, RL(R_TEXT_CHANGE), "%s: the board doesn't say which %s to change into which (add `choose %s: %s`); judge stops here.",
		    sname, kinds, sname, ex);
		z->game_over = true;
		return;
	}
	struct bd_obj *ob = &z->b->objs[o];
	if (ob->copy_of >= 0 || ob->face_down) {
		STEP(z, RL(R_TEXT_CHANGE), "%s: judge does not model changing the text of a copy or of a face-down permanent; it stops here.", sname);
		z->game_over = true;
		return;
	}
	if (kind == 4 && e->text_not[0] && !strcasecmp(to, e->text_not)) {
		STEP(z, RL(R_TEXT_CHANGE), "%s: the new creature type can't be %s, as its text says; the board's `choose %s: %s to %s` is not a choice it allows, so judge stops here.",
		    sname, e->text_not, sname, from, to);
		z->game_over = true;
		return;
	}
	/* what the text reads: a color word lower case, a land or creature type capitalised */
	char fw[32], tw[32];
	snprintf(fw, sizeof fw, "%s", from);
	snprintf(tw, sizeof tw, "%s", to);
	for (char *p = tw; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	for (char *p = fw; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	if (kind != 1) {
		fw[0] = (char)toupper((unsigned char)fw[0]);
		tw[0] = (char)toupper((unsigned char)tw[0]);
	}
	keep_unchanged(z, o);
	/* 612.2: a word used as a color, a land type or a creature type — in the text of its
	 * abilities and its type line, not its name */
	struct sbuf done = {0};
	bool tokname = false;
	for (int k = 0; k < ob->nabils; k++) {
		struct bd_abil *a = &ob->abils[k];
		if (!a->text)
			continue;
		struct sbuf t = {0};
		if (replace_word(a->text, fw, tw, ob->name, &t) == 0) {
			sbuf_free(&t);
			continue;
		}
		struct bd_abil na;
		if (!bd_read_ability(sbuf_str(&t), ob->name, ob->zone == ZN_STACK, &na, NULL, a->line, a->col, NULL)) {
			STEP(z, RL(R_TEXT_CHANGE, R_LAYER_TEXT), "%s changes \"%s\" to \"%s\"; judge cannot read the new text, so it stops here.", sname, a->text, sbuf_str(&t));
			sbuf_free(&t);
			sbuf_free(&done);
			z->game_over = true;
			return;
		}
		na.mode = a->mode;
		for (int q = 0; q < na.neff && kind == 4; q++)
			tokname |= na.eff[q].kind == EF_CREATE_TOKEN && !na.eff[q].tok_copy;
		sbuf_addf(&done, "%s\"%s\" now reads \"%s\"", done.len ? "; " : "", a->text, na.text);
		free(a->text);
		*a = na;
		sbuf_free(&t);
	}
	bool typeline = false;
	if (kind != 1)
		for (int k = 0; k < ob->nsubs; k++)
			if (!strcasecmp(ob->subs[k], fw)) {
				snprintf(ob->subs[k], BD_SUBLEN, "%.*s", BD_SUBLEN - 1, tw);
				typeline = true;
			}
	if (typeline) {
		char tl[160];
		bd_types_str(ob->supers, ob->types, (const char (*)[BD_SUBLEN])ob->subs, ob->nsubs, tl, sizeof tl);
		sbuf_addf(&done, "%sits type line now reads \"%s\"", done.len ? "; " : "", tl);
	}
	rz_layers(z);
	/* 612.1 when it changes a type line or a spell's text; 612.2a when the type names tokens */
	if (tokname)
		sbuf_adds(&done, " (the creature type names the tokens too, and is changed with them)");
	if (done.len)
		STEP(z, RL(R_LAYER_TEXT, R_TEXT_CHANGE, typeline || ob->zone == ZN_STACK ? R_TEXT_TYPELINE : R_TEXT_CHANGE, tokname ? R_TEXT_TOKEN_NAME : R_TEXT_CHANGE),
		    "%s changes the text of %s%s, replacing %s with %s (a text-changing effect, layer 3): %s.",
		    sname, ob->zone == ZN_STACK ? "the spell " : "", rz_oname(z, o), fw, tw, sbuf_str(&done));
	else
		STEP(z, RL(R_LAYER_TEXT, R_TEXT_CHANGE), "%s changes the text of %s, replacing %s with %s (layer 3), but its rules text and type line have no such word, so nothing changes.",
		    sname, rz_oname(z, o), fw, tw);
	sbuf_free(&done);
}
