/* explain.c — the explanation writer (top layer, beside the driver): records numbered steps
 * with their citations, names players and objects, and renders the steps and the final
 * state as text or JSON. */
#include "rz_int.h"
#include "../base/buf.h"
#include "../base/mem.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STEPS 100000   /* then the board stops, and its last step says why */

void
rz_step(struct rz *z, const enum rz_rule *rules, int nrules, const char *fmt, ...)
{
	struct rz_result *r = z->res;
	if (r->nsteps > MAX_STEPS)
		return;
	if (r->nsteps == MAX_STEPS) {
		/* never leave steps out silently: the last one says judge stopped */
		z->game_over = true;
		r->steps = xgrow(r->steps, &r->cap, (size_t)r->nsteps + 1, sizeof *r->steps);
		struct rz_step *s = &r->steps[r->nsteps];
		memset(s, 0, sizeof *s);
		s->n = ++r->nsteps;
		struct sbuf b = {0};
		sbuf_addf(&b, "The explanation has reached %d steps; judge stops here rather than go on without saying what happens.", MAX_STEPS);
		s->text = sbuf_take(&b);
		return;
	}
	r->steps = xgrow(r->steps, &r->cap, (size_t)r->nsteps + 1, sizeof *r->steps);
	struct rz_step *s = &r->steps[r->nsteps];
	memset(s, 0, sizeof *s);
	s->n = ++r->nsteps;
	struct sbuf b = {0};
	va_list ap;
	va_start(ap, fmt);
	sbuf_vaddf(&b, fmt, ap);
	va_end(ap);
	s->text = sbuf_take(&b);
	if (!s->text)
		s->text = xstrdup("");
	for (int i = 0; i < nrules && s->nrules < RZ_MAXCITE; i++) {
		if (rules[i] == R_NONE)
			continue;
		bool seen = false;   /* a rule is cited once per step */
		for (int k = 0; k < i; k++)
			seen |= rules[k] == rules[i];
		if (!seen)
			s->rules[s->nrules++] = rz_cite(rules[i]);
	}
}

const char *
rz_pname(const struct rz *z, int p)
{
	return p >= 0 && p < z->b->nplayers ? z->b->players[p].name : "nobody";
}

const char *
rz_oname(const struct rz *z, int o)
{
	if (o < 0 || o >= z->b->nobjs)
		return "nothing";
	return z->dname && z->dname[o] ? z->dname[o] : z->b->objs[o].name;
}

void
rz_free(struct rz_result *r)
{
	if (!r)
		return;
	for (int i = 0; i < r->nsteps; i++)
		free(r->steps[i].text);
	free(r->steps);
	free(r->view);
	free(r->sick);
	free(r->names);
	bd_free(r->b);
	free(r);
}

size_t
rz_names(struct rz_result *r, const char ***names)
{
	if (r->names == NULL) {
		r->names = xcalloc((size_t)r->b->nobjs + 1, sizeof *r->names);
		for (int i = 0; i < r->b->nobjs; i++)
			if (r->b->objs[i].types != 0 && !r->b->objs[i].frozen)   /* a `spell` without a type line is an ability */
				r->names[r->nnames++] = r->b->objs[i].name;
	}
	*names = r->names;
	return r->nnames;
}

/* ---- rendering ------------------------------------------------------------------- */

void
rz_kw_str(const struct rz_view *v, char *out, size_t cap)
{
	struct sbuf s = {0};
	for (int k = 0; k < KW_COUNT; k++)
		if (v->kws & KWBIT(k))
			sbuf_addf(&s, "%s%s", s.len ? ", " : "", bd_kw_name(k));
	static const char *const cn[] = { "white", "blue", "black", "red", "green" };
	for (int c = 0; c < 5; c++)
		if (v->prot_colors & (1u << c))
			sbuf_addf(&s, "%sprotection from %s", s.len ? ", " : "", cn[c]);
	static const struct { unsigned bit; const char *name; } pt[] = {
		{ BT_ARTIFACT, "artifacts" }, { BT_CREATURE, "creatures" }, { BT_ENCHANTMENT, "enchantments" },
		{ BT_INSTANT, "instants" }, { BT_LAND, "lands" }, { BT_PLANESWALKER, "planeswalkers" }, { BT_SORCERY, "sorceries" } };
	for (size_t k = 0; k < sizeof pt / sizeof *pt; k++)
		if (v->prot_flags & pt[k].bit) sbuf_addf(&s, "%sprotection from %s", s.len ? ", " : "", pt[k].name);
	if (v->prot_flags & PROT_EVERYTHING) sbuf_addf(&s, "%sprotection from everything", s.len ? ", " : "");
	snprintf(out, cap, "%s", s.len ? s.s : "");
	sbuf_free(&s);
}

static void
ctr_str(const struct bd_ctr *c, char *out, size_t cap)
{
	if (c->kind == CK_PT) snprintf(out, cap, "%+d/%+d", c->dp, c->dt);
	else if (c->kind == CK_LOYALTY) snprintf(out, cap, "loyalty");
	else if (c->kind == CK_KEYWORD) snprintf(out, cap, "%s", bd_kw_name(c->kw));
	else snprintf(out, cap, "%s", c->other);
}

static const char *
attached_name(const struct rz_result *r, int a, char *buf, size_t cap)
{
	if (a >= 0) return r->b->objs[a].name;
	if (a <= -2 && -2 - a < r->b->nplayers) { snprintf(buf, cap, "%s", r->b->players[-2 - a].name); return buf; }
	return NULL;
}

/* One object's final state in a line. */
static void
obj_line(const struct rz_result *r, int i, struct sbuf *s)
{
	const struct bd_obj *o = &r->b->objs[i];
	const struct rz_view *v = &r->view[i];
	char types[256], colors[64], kws[256];
	bd_types_str(v->supers, v->types, (const char (*)[BD_SUBLEN])v->subs, v->nsubs, types, sizeof types);
	bd_colors_str(v->colors, colors, sizeof colors);
	rz_kw_str(v, kws, sizeof kws);
	sbuf_addf(s, "%s%s%s%s%s", o->name, o->alias ? " [" : "", o->alias ? o->alias : "", o->alias ? "]" : "",
	    o->token && !strstr(o->name, "token") ? " (token)" : "");
	if (o->face_down && o->zone == ZN_BATTLEFIELD)
		sbuf_adds(s, " (face down)");
	if (o->copy_of >= 0 && o->zone == ZN_BATTLEFIELD) {
		/* a copy of a copy has what that one copied (707.3) */
		const struct bd_obj *orig = &r->b->objs[o->copy_of];
		for (int d = 0; d < 8 && orig->copy_of >= 0; d++)
			orig = &r->b->objs[orig->copy_of];
		if (orig->face_down)   /* 707.2: a face-down permanent's copiable values have no name */
			sbuf_addf(s, " (a copy of %s, face down when copied, so it has no name)", r->b->objs[o->copy_of].alias ? r->b->objs[o->copy_of].alias : r->b->objs[o->copy_of].name);
		else
			sbuf_addf(s, " (a copy of %s, so named %s)", r->b->objs[o->copy_of].alias ? r->b->objs[o->copy_of].alias : r->b->objs[o->copy_of].name, orig->name);
	}
	sbuf_addf(s, " — %s, %s", types, colors);
	if ((v->types & BT_CREATURE) && o->zone == ZN_BATTLEFIELD)
		sbuf_addf(s, ", %d/%d", v->power, v->toughness);
	else if (o->zone == ZN_BATTLEFIELD ? v->has_pt : o->has_pt)   /* a copy has what it copies (707.2) */
		sbuf_addf(s, ", %d/%d", o->zone == ZN_BATTLEFIELD ? v->power : o->power, o->zone == ZN_BATTLEFIELD ? v->toughness : o->toughness);
	if (kws[0] && o->zone == ZN_BATTLEFIELD)
		sbuf_addf(s, "; %s", kws);
	if (o->zone == ZN_BATTLEFIELD)
		sbuf_addf(s, "; controller %s", r->b->players[v->controller >= 0 ? v->controller : 0].name);
	if (o->owner >= 0 && (o->zone != ZN_BATTLEFIELD || o->owner != v->controller))
		sbuf_addf(s, "; owner %s", r->b->players[o->owner].name);
	for (int k = 0; k < o->nctr; k++) {
		if (!o->ctr[k].n) continue;
		char c[40];
		ctr_str(&o->ctr[k], c, sizeof c);
		sbuf_addf(s, "; %d %s counter%s", o->ctr[k].n, c, o->ctr[k].n == 1 ? "" : "s");
	}
	if (o->damage) sbuf_addf(s, "; damage %d", o->damage);
	if (o->tapped) sbuf_adds(s, "; tapped");
	if (o->shield > 0 && o->zone == ZN_BATTLEFIELD) sbuf_addf(s, "; the next %d damage to it will be prevented", o->shield);
	if (o->regen && o->zone == ZN_BATTLEFIELD) sbuf_addf(s, "; %d regeneration shield%s", o->regen, o->regen == 1 ? "" : "s");
	char pb[64];
	const char *att = attached_name(r, o->attached, pb, sizeof pb);
	if (att && o->zone == ZN_BATTLEFIELD) sbuf_addf(s, "; attached to %s", att);
}

static int
cmp_zpos(const void *a, const void *b, void *ctx)
{
	const struct rz_result *r = ctx;
	int x = *(const int *)a, y = *(const int *)b;
	return r->b->objs[x].zpos - r->b->objs[y].zpos;
}

/* how many cards the board names in player p's zone */
static int
zone_count(const struct board *b, enum bd_zone zn, int p)
{
	int n = 0;
	for (int i = 0; i < b->nobjs; i++)
		n += b->objs[i].zone == zn && b->objs[i].owner == p;
	return n;
}

/* objects of zone z (owned by p when p >= 0) in zone order */
static int
zone_list(const struct rz_result *r, enum bd_zone zn, int p, int *out)
{
	int n = 0;
	for (int i = 0; i < r->b->nobjs; i++)
		if (r->b->objs[i].zone == zn && (p < 0 || r->b->objs[i].owner == p))
			out[n++] = i;
	qsort_r(out, (size_t)n, sizeof *out, cmp_zpos, (void *)r);
	return n;
}

void
rz_print(struct out *o, const struct rz_result *r)
{
	const struct board *b = r->b;
	out_wrapf(o, 2, "%sBoard%s: %s", out_sgr(o, OS_TITLE), out_sgr(o, OS_RESET), b->title ? b->title : b->name);
	for (int i = 0; i < r->nsteps; i++) {
		const struct rz_step *s = &r->steps[i];
		struct sbuf t = {0};
		sbuf_adds(&t, s->text);
		if (s->nrules) {
			sbuf_addf(&t, " %s[", out_sgr(o, OS_ID));
			for (int k = 0; k < s->nrules; k++)
				sbuf_addf(&t, "%s%s", k ? ", " : "", s->rules[k]);
			sbuf_addf(&t, "]%s", out_sgr(o, OS_RESET));
		}
		char num[16];
		snprintf(num, sizeof num, "%3d. ", s->n);
		out_puts(o, num);
		out_wrap(o, sbuf_str(&t), 5, 5);
		sbuf_free(&t);
	}
	out_printf(o, "%sFinal state%s\n", out_sgr(o, OS_TITLE), out_sgr(o, OS_RESET));
	for (int p = 0; p < b->nplayers; p++) {
		char cards[96] = "";
		/* hand and library sizes only when the board counts them */
		if (b->players[p].hand > 0 || b->players[p].library >= 0) {
			int h = zone_count(b, ZN_HAND, p) + b->players[p].hand;
			int n = snprintf(cards, sizeof cards, ", %d card%s in hand", h, h == 1 ? "" : "s");
			if (b->players[p].library >= 0)
				snprintf(cards + n, sizeof cards - (size_t)n, ", %d in library", zone_count(b, ZN_LIBRARY, p) + b->players[p].library);
		}
		out_printf(o, "  %s: life %d, poison %d%s%s%s\n", b->players[p].name, b->players[p].life, b->players[p].poison, cards,
		    b->players[p].shield > 0 ? ", the next damage to them will be prevented" : "", b->players[p].lost ? " (lost the game)" : "");
	}
	int *idx = xcalloc((size_t)b->nobjs + 1, sizeof *idx);
	int n = zone_list(r, ZN_BATTLEFIELD, -1, idx);
	if (n) out_puts(o, "  Battlefield:\n");
	for (int k = 0; k < n; k++) {
		struct sbuf s = {0};
		obj_line(r, idx[k], &s);
		out_puts(o, "    ");
		out_wrap(o, sbuf_str(&s), 4, 6);
		sbuf_free(&s);
	}
	static const enum bd_zone zones[] = { ZN_GRAVEYARD, ZN_EXILE, ZN_HAND, ZN_LIBRARY, ZN_STACK, ZN_COMMAND };
	for (size_t zi = 0; zi < sizeof zones / sizeof *zones; zi++)
		for (int p = 0; p < b->nplayers; p++) {
			n = zone_list(r, zones[zi], p, idx);
			if (!n) continue;
			out_printf(o, "  %s's %s%s%s:\n", b->players[p].name, bd_zone_name(zones[zi]), zones[zi] == ZN_COMMAND ? " zone" : "",
			    zones[zi] == ZN_GRAVEYARD ? " (bottom to top)" : zones[zi] == ZN_LIBRARY ? " (top first)" : "");
			for (int k = 0; k < n; k++) {
				struct sbuf s = {0};
				obj_line(r, idx[k], &s);
				out_puts(o, "    ");
				out_wrap(o, sbuf_str(&s), 4, 6);
				sbuf_free(&s);
			}
		}
	bool gone = false;
	for (int i = 0; i < b->nobjs; i++)
		if (b->objs[i].zone == ZN_GONE && b->objs[i].token) {
			if (!gone) out_puts(o, "  Ceased to exist:\n");
			gone = true;
			out_printf(o, "    %s (token)\n", b->objs[i].name);
		}
	free(idx);
}

void
rz_json(struct jw *w, const struct rz_result *r)
{
	const struct board *b = r->b;
	jw_obj(w);
	jw_kstr(w, "board", b->name);
	jw_kstr(w, "title", b->title);
	if (b->cards_note) {
		/* the card data the board took objects from: which cards, which file of which date */
		jw_key(w, "cards");
		jw_obj(w);
		jw_key(w, "names");
		jw_arr(w);
		for (int i = 0; i < b->ncards_used; i++)
			jw_str(w, b->cards_used[i]);
		jw_arr_end(w);
		jw_kstr(w, "source", b->cards_source);
		jw_kstr(w, "date", b->cards_date);
		jw_obj_end(w);
	}
	char own[16];
	int cd = rz_cite_date();
	snprintf(own, sizeof own, "%04d-%02d-%02d", cd / 10000 % 10000, cd / 100 % 100, cd % 100);
	jw_kstr(w, "rules_release", r->rules_release ? r->rules_release : own);
	jw_key(w, "steps");
	jw_arr(w);
	for (int i = 0; i < r->nsteps; i++) {
		jw_obj(w);
		jw_kint(w, "n", r->steps[i].n);
		jw_kstr(w, "text", r->steps[i].text);
		jw_key(w, "rules");
		jw_arr(w);
		for (int k = 0; k < r->steps[i].nrules; k++)
			jw_str(w, r->steps[i].rules[k]);
		jw_arr_end(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "final");
	jw_obj(w);
	jw_key(w, "players");
	jw_arr(w);
	for (int p = 0; p < b->nplayers; p++) {
		jw_obj(w);
		jw_kstr(w, "name", b->players[p].name);
		jw_kint(w, "life", b->players[p].life);
		jw_kint(w, "poison", b->players[p].poison);
		jw_kbool(w, "lost", b->players[p].lost);
		jw_kbool(w, "active", b->players[p].active);
		jw_kint(w, "prevent_next", b->players[p].shield);
		jw_kint(w, "hand", zone_count(b, ZN_HAND, p) + b->players[p].hand);
		if (b->players[p].library >= 0)
			jw_kint(w, "library", zone_count(b, ZN_LIBRARY, p) + b->players[p].library);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "objects");
	jw_arr(w);
	for (int i = 0; i < b->nobjs; i++) {
		const struct bd_obj *o = &b->objs[i];
		const struct rz_view *v = &r->view[i];
		char buf[256];
		/* an activated or waiting triggered ability that left the stack (or never got there) is no object */
		if (((o->act_src >= 0 || o->held_trigger) && o->zone == ZN_GONE) || o->frozen)
			continue;
		jw_obj(w);
		jw_kstr(w, "name", o->name);
		if (o->alias) jw_kstr(w, "alias", o->alias);
		jw_kstr(w, "zone", bd_zone_name(o->zone));
		if (o->zone == ZN_GRAVEYARD || o->zone == ZN_EXILE) {
			/* position from the bottom, 1-based */
			int pos = 1;
			for (int j = 0; j < b->nobjs; j++)
				if (j != i && b->objs[j].zone == o->zone && b->objs[j].owner == o->owner && b->objs[j].zpos < o->zpos)
					pos++;
			jw_kint(w, "position", pos);
		}
		jw_kbool(w, "token", o->token);
		jw_kstr(w, "owner", o->owner >= 0 ? b->players[o->owner].name : NULL);
		jw_kstr(w, "controller", v->controller >= 0 && o->zone == ZN_BATTLEFIELD ? b->players[v->controller].name : NULL);
		bd_types_str(v->supers, v->types, (const char (*)[BD_SUBLEN])v->subs, v->nsubs, buf, sizeof buf);
		jw_kstr(w, "types", buf);
		if (o->face_down && o->zone == ZN_BATTLEFIELD)
			jw_kbool(w, "face_down", true);
		bd_colors_str(v->colors, buf, sizeof buf);
		jw_kstr(w, "colors", buf);
		if ((v->types & BT_CREATURE) || (o->zone == ZN_BATTLEFIELD ? v->has_pt : o->has_pt)) {
			jw_kint(w, "power", o->zone == ZN_BATTLEFIELD ? v->power : o->power);
			jw_kint(w, "toughness", o->zone == ZN_BATTLEFIELD ? v->toughness : o->toughness);
		}
		if (o->copy_of >= 0 && o->zone == ZN_BATTLEFIELD) {
			/* what the text output says: "a copy of X, so named Y" (a copy of a copy has what
			 * that one copied, 707.3) */
			const struct bd_obj *orig = &b->objs[o->copy_of];
			for (int d = 0; d < 8 && orig->copy_of >= 0; d++)
				orig = &b->objs[orig->copy_of];
			jw_kstr(w, "copy_of", b->objs[o->copy_of].alias ? b->objs[o->copy_of].alias : b->objs[o->copy_of].name);
			jw_kstr(w, "name_now", orig->face_down ? NULL : orig->name);
		}
		jw_key(w, "keywords");
		jw_arr(w);
		if (o->zone == ZN_BATTLEFIELD) {
			/* the same list as the text output's, protections from card types included */
			char kws[512];
			rz_kw_str(v, kws, sizeof kws);
			for (char *p = kws, *e; *p; p = e) {
				e = strstr(p, ", ");
				if (e) { *e = 0; e += 2; } else e = p + strlen(p);
				jw_str(w, p);
			}
		}
		jw_arr_end(w);
		jw_key(w, "counters");
		jw_arr(w);
		for (int k = 0; k < o->nctr; k++) {
			if (!o->ctr[k].n) continue;
			jw_obj(w);
			ctr_str(&o->ctr[k], buf, sizeof buf);
			jw_kstr(w, "kind", buf);
			jw_kint(w, "n", o->ctr[k].n);
			jw_obj_end(w);
		}
		jw_arr_end(w);
		/* a planeswalker's loyalty (306.5b): its loyalty counters; also the loyalty counters
		 * of a permanent that is no longer a planeswalker (205.1a: they stay); null for others */
		int loy = 0, nloy = 0;
		for (int k = 0; k < o->nctr; k++)
			if (o->ctr[k].kind == CK_LOYALTY) { loy += o->ctr[k].n; nloy++; }
		if (((o->zone == ZN_BATTLEFIELD ? v->types : o->types) & BT_PLANESWALKER) || (nloy && o->zone == ZN_BATTLEFIELD))
			jw_kint(w, "loyalty", loy);
		else
			jw_kstr(w, "loyalty", NULL);
		jw_kint(w, "damage", o->damage);
		jw_kbool(w, "tapped", o->tapped);
		/* 302.6: not under its controller's control continuously since their most recent
		 * turn began (haste aside); null off the battlefield */
		if (o->zone == ZN_BATTLEFIELD)
			jw_kbool(w, "sick", r->sick && r->sick[i]);
		else
			jw_kstr(w, "sick", NULL);
		jw_kint(w, "prevent_next", o->zone == ZN_BATTLEFIELD && o->shield > 0 ? o->shield : 0);
		jw_kint(w, "regeneration", o->zone == ZN_BATTLEFIELD ? o->regen : 0);
		const char *att = attached_name(r, o->attached, buf, sizeof buf);
		jw_kstr(w, "attached_to", o->zone == ZN_BATTLEFIELD ? att : NULL);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_obj_end(w);
	jw_obj_end(w);
}
