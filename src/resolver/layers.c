/* layers.c — the layer system (613): characteristics rebuilt from printed values on
 * every pass; effects ordered by characteristic-defining first, then dependency found by
 * trial application, then timestamp; an effect that started applying keeps its set (613.6). */
#include "rz_int.h"
#include "../base/buf.h"
#include "../base/mem.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


struct fx {
	int src, abil;            /* static: source and ability index; -1 when not */
	int rfx;                  /* resolved effect index, or -1 */
	const struct bd_part *parts;
	int nparts;
	const struct bd_filter *aff;
	const struct bd_cond *cond;
	const struct bd_abil *ab;
	const struct bd_ctr *ctr; /* a counter acting as an effect (613.4c, 613.1f) */
	int ctr_obj;
	bool cda;
	bool offbf;               /* also creature cards and spells off the battlefield (Conspiracy) */
	long ts;
	bool started;
	int *set;                 /* its set once started (613.6), owned by the pass */
	int nset;
	bool done[LY_COUNT];
};

struct pass {
	struct rz *z;
	struct fx *fx;            /* as many as the board has effects: no limit */
	int nfx;
	size_t fxcap;
	struct sbuf trace;
	bool reorder_noted, simul_noted, indep_noted;
	bool used[LY_COUNT];
	bool cda_used, multi_used, ctr_used, land_used, copy_used;
};

const struct bd_obj *
rz_copiable(const struct rz *z, int o)
{
	const struct bd_obj *p = &z->b->objs[o];
	/* only a permanent on the battlefield is a copy; what it copied was fixed as it became
	 * one (707.2b), so a copied copy that left since still gives what it copied (707.3);
	 * a loop of copies stops after a few */
	if (p->zone == ZN_BATTLEFIELD)
		for (int depth = 0; depth < 8 && p->copy_of >= 0; depth++) {
			o = p->copy_of;
			p = &z->b->objs[o];
		}
	/* text-changing effects are not copied (707.2): the text before them */
	return z->unchanged[o] ? z->unchanged[o] : p;
}

const struct bd_obj *
rz_printed(const struct rz *z, int o)
{
	const struct bd_obj *p = &z->b->objs[o];
	if (p->zone != ZN_BATTLEFIELD || p->copy_of < 0)
		return p;   /* itself, with the text-changing effects on it (layer 3) */
	return rz_copiable(z, o);
}

/* What an Aura or Equipment is attached to, or -1. Attachments are given by the board and
 * never made anew, so once the object it was attached to has moved (even if it came back,
 * as a new object: 400.7) it is attached to nothing. */
int
rz_host(const struct rz *z, int o)
{
	int t = z->b->objs[o].attached;
	if (t < 0 || z->moveseq[t] != z->attseq[o])
		return -1;
	return t;
}

bool
rz_next_abil(const struct rz *z, enum bd_akind kind, struct rz_abil_it *it)
{
	const struct board *b = z->b;
	if (!it->started) {
		it->started = true;
		it->s = 0;
		it->k = -1;
	}
	for (; it->s < b->nobjs; it->s++, it->k = -1) {
		/* permanents' abilities, and emblems' in the command zone (114.4) */
		if (b->objs[it->s].zone != ZN_BATTLEFIELD && b->objs[it->s].zone != ZN_COMMAND)
			continue;
		const struct bd_obj *pr = rz_printed(z, it->s);
		while (++it->k < pr->nabils)
			if (pr->abils[it->k].kind == kind && rz_has_abil(&z->cur[it->s], it->k)) {
				it->a = &pr->abils[it->k];
				it->ctl = z->cur[it->s].v.controller;
				return true;
			}
	}
	return false;
}

bool
rz_is(const struct rz *z, int o, unsigned type)
{
	return o >= 0 && o < z->b->nobjs && (z->cur[o].v.types & type) != 0;
}

int
rz_opponent(const struct rz *z, int p)
{
	for (int i = 0; i < z->b->nplayers; i++)
		if (i != p && !z->b->players[i].lost)
			return i;
	for (int i = 0; i < z->b->nplayers; i++)
		if (i != p)
			return i;
	return p;
}

int
rz_apnap_rank(const struct rz *z, int p)
{
	const struct board *b = z->b;
	int ap = 0;
	for (int i = 0; i < b->nplayers; i++)
		if (b->players[i].active) ap = i;
	if (p < 0 || b->nplayers == 0)
		return b->nplayers;
	return (p - ap + b->nplayers) % b->nplayers;
}

static bool
has_sub(const struct rz_view *v, const char *s)
{
	for (int i = 0; i < v->nsubs; i++)
		if (strcasecmp(v->subs[i], s) == 0)
			return true;
	return false;
}

static void
add_sub(struct rz_view *v, const char *s)
{
	if (has_sub(v, s) || v->nsubs >= BD_MAXSUB)
		return;
	snprintf(v->subs[v->nsubs++], BD_SUBLEN, "%s", s);
}

static const char *const land_types[] = { "Plains", "Island", "Swamp", "Mountain", "Forest",
	"Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Tower", "Urza's", "Cave",
	"Sphere", "Town", NULL };
static const char *const other_noncreature[] = { "Aura", "Equipment", "Vehicle", "Fortification",
	"Saga", "Shrine", "Cartouche", "Curse", "Food", "Treasure", "Clue", "Role", "Class",
	"Background", "Case", "Room", "Rune", "Shard", "Siege", NULL };

static bool
in_list(const char *const *l, const char *s)
{
	for (; *l; l++)
		if (strcasecmp(*l, s) == 0)
			return true;
	return false;
}

static void
remove_subs_if(struct rz_view *v, bool land)
{
	int k = 0;
	for (int i = 0; i < v->nsubs; i++) {
		bool is_land = in_list(land_types, v->subs[i]);
		bool is_other = in_list(other_noncreature, v->subs[i]);
		bool drop = land ? is_land : (!is_land && !is_other);
		if (!drop)
			memcpy(v->subs[k++], v->subs[i], BD_SUBLEN);
	}
	v->nsubs = k;
}

static int
src_controller(const struct rz *z, int src)
{
	return src >= 0 ? z->cur[src].v.controller : -1;
}

bool
rz_filter_match(const struct rz *z, const struct bd_filter *f, int o, int src, int src_ctl)
{
	if (o < 0)
		return false;
	if (f->no_objects)
		return false;
	const struct rz_view *v = &z->cur[o].v;
	const struct bd_obj *ob = &z->b->objs[o];
	if (f->self)
		return o == src;
	if (f->spell_or_perm ? ob->zone != ZN_STACK && ob->zone != ZN_BATTLEFIELD : f->spell != (ob->zone == ZN_STACK))
		return false;
	/* a card in a graveyard (115.2): which graveyard, by its owner (404.1) */
	if (f->grave && (ob->zone != ZN_GRAVEYARD || (f->grave == 2 && ob->owner != src_ctl) || (f->grave == 3 && ob->owner == src_ctl)))
		return false;
	if (f->attached)
		return src >= 0 && rz_host(z, src) == o;
	if (f->other && o == src)
		return false;
	if (f->types) {
		if (f->anytype ? !(v->types & f->types) : (v->types & f->types) != f->types)
			return false;
	}
	if (v->types & f->nottypes)
		return false;
	if (f->supers && (v->supers & f->supers) != f->supers)
		return false;
	if (v->supers & f->notsupers)
		return false;
	if (f->sub[0] && !has_sub(v, f->sub) && !(f->orsub[0] && has_sub(v, f->orsub)))
		return false;
	if (f->chosen_color && (!rz_chosen(z, src) || !(v->colors & bd_color_lookup(rz_chosen(z, src)))))
		return false;
	if (f->chosen_sub && (!rz_chosen(z, src) || !has_sub(v, rz_chosen(z, src))))
		return false;
	if (f->notsub[0] && has_sub(v, f->notsub))
		return false;
	if (f->colors && !(v->colors & f->colors))
		return false;
	if (v->colors & f->notcolors)
		return false;
	if (f->kw >= 0 && !(v->kws & KWBIT(f->kw)))
		return false;
	if (f->notkw >= 0 && (v->kws & KWBIT(f->notkw)))
		return false;
	if (f->ctl == FC_YOU && v->controller != src_ctl)
		return false;
	if (f->ctl == FC_OPP && (v->controller == src_ctl || src_ctl < 0))
		return false;
	if (f->you_own && ob->owner != src_ctl)
		return false;
	if (f->token && !ob->token)
		return false;
	if (f->nontoken && ob->token)
		return false;
	if (f->num != FN_NONE) {
		int x = f->num == FN_POWER ? v->power : f->num == FN_TOUGHNESS ? v->toughness : rz_printed(z, o)->mv;
		if (f->num_le ? x > f->num_n : x < f->num_n)
			return false;
	}
	/* "attacking or blocking creature": either will do */
	bool att = ob->attacking_p >= 0 || ob->attacking_o >= 0, blk = ob->nblocking > 0;
	if ((f->attacking || f->blocking) && !((f->attacking && att) || (f->blocking && blk)))
		return false;
	if ((f->tapped && !ob->tapped) || (f->untapped && ob->tapped))
		return false;
	return true;
}

static int
count_matching(const struct rz *z, enum bd_count c, const char *sub, int src, bool other)
{
	const struct board *b = z->b;
	int ctl = src_controller(z, src), n = 0;
	if (c == CN_LIFE_YOU)
		return ctl >= 0 ? b->players[ctl].life : 0;
	if (c == CN_TARMOGOYF) {
		unsigned t = 0;
		for (int i = 0; i < b->nobjs; i++)
			if (b->objs[i].zone == ZN_GRAVEYARD)
				t |= b->objs[i].types;   /* cards in graveyards: printed types */
		for (unsigned m = t; m; m &= m - 1)
			n++;
		return n;
	}
	for (int i = 0; i < b->nobjs; i++) {
		const struct rz_view *v = &z->cur[i].v;
		if (other && i == src)
			continue;
		if (c == CN_GRAVE_CREATURES_YOU) {
			if (b->objs[i].zone == ZN_GRAVEYARD && b->objs[i].owner == ctl && (b->objs[i].types & BT_CREATURE))
				n++;
			continue;
		}
		if (b->objs[i].zone != ZN_BATTLEFIELD || v->controller != ctl)
			continue;
		if ((c == CN_CREATURES_YOU && (v->types & BT_CREATURE))
		    || (c == CN_LANDS_YOU && (v->types & BT_LAND))
		    || (c == CN_ARTIFACTS_YOU && (v->types & BT_ARTIFACT))
		    || (c == CN_SUBTYPE_YOU && has_sub(v, sub)))
			n++;
	}
	return n;
}

bool
rz_cond_holds(const struct rz *z, const struct bd_cond *c, int src)
{
	const struct board *b = z->b;
	int ctl = src_controller(z, src);
	int n = 0;
	switch (c->kind) {
	case CD_NONE: return true;
	case CD_CONTROL: case CD_OPP_CONTROL: case CD_CONTROL_N:
		for (int i = 0; i < b->nobjs; i++) {
			if (b->objs[i].zone != ZN_BATTLEFIELD)
				continue;
			int oc = z->cur[i].v.controller;
			bool mine = oc == ctl;
			if ((c->kind == CD_OPP_CONTROL) == mine)
				continue;
			/* "you control another ..." is relative to the source */
			if (rz_filter_match(z, &c->f, i, src, c->kind == CD_OPP_CONTROL ? oc : ctl))
				n++;
		}
		return c->kind == CD_CONTROL_N ? (c->n < 0 ? n == 0 : n >= c->n) : n > 0;
	case CD_YOUR_TURN: return ctl >= 0 && b->players[ctl].active;
	case CD_NOT_YOUR_TURN: return ctl >= 0 && !b->players[ctl].active;
	case CD_LIFE_LE: return ctl >= 0 && b->players[ctl].life <= c->n;
	case CD_LIFE_GE: return ctl >= 0 && b->players[ctl].life >= c->n;
	case CD_OPP_LIFE_LE:
		for (int p = 0; p < b->nplayers; p++)
			if (p != ctl && !b->players[p].lost && b->players[p].life <= c->n)
				return true;
		return false;
	case CD_SELF_TAPPED: return b->objs[src].tapped;
	case CD_SELF_UNTAPPED: return !b->objs[src].tapped;
	case CD_SELF_ATTACKING: return b->objs[src].attacking_p >= 0 || b->objs[src].attacking_o >= 0;
	case CD_KICKED: return b->objs[src].kicked;
	case CD_NO_LIFE_LOST: return ctl >= 0 && !b->players[ctl].lost_life;
	case CD_EVOLVE: return false;    /* about a trigger's subject: rz_trigger_cond() */
	case CD_GRAVE_N: return count_matching(z, CN_GRAVE_CREATURES_YOU, NULL, src, false) >= c->n;
	}
	return false;
}

/* Does the effect exist now (613.8a "existence"): its source is where it works and still
 * has the ability, and its "as long as" holds — or it already started applying (613.6). */
static bool
fx_exists(const struct rz *z, const struct fx *f)
{
	if (f->rfx >= 0 || f->started)
		return true;
	if (f->ctr)
		return z->b->objs[f->ctr_obj].zone == ZN_BATTLEFIELD;
	const struct bd_obj *s = &z->b->objs[f->src];
	if (s->zone != ZN_BATTLEFIELD && s->zone != ZN_COMMAND && !f->cda)
		return false;
	if (!rz_has_abil(&z->cur[f->src], f->abil))
		return false;
	return rz_cond_holds(z, f->cond, f->src);
}

static int
fx_set(const struct rz *z, const struct fx *f, int *out)
{
	int n = 0;
	if (f->started || f->rfx >= 0) {
		const int *s = f->rfx >= 0 && !f->started ? z->rfx[f->rfx].locked : f->set;
		int ns = f->rfx >= 0 && !f->started ? z->rfx[f->rfx].nlocked : f->nset;
		/* a locked object that left and came back is a new object it doesn't affect (400.7) */
		bool locked = f->rfx >= 0 && !f->started;
		for (int i = 0; i < ns; i++)
			if (z->b->objs[s[i]].zone == ZN_BATTLEFIELD && (!locked || z->moveseq[s[i]] == z->rfx[f->rfx].lockseq[i]))
				out[n++] = s[i];
		return n;
	}
	if (f->ctr) {
		out[0] = f->ctr_obj;
		return 1;
	}
	int ctl = src_controller(z, f->src);
	for (int i = 0; i < z->b->nobjs; i++) {
		const struct bd_obj *o = &z->b->objs[i];
		if (o->zone != ZN_BATTLEFIELD && !(f->cda && i == f->src)) {
			/* Conspiracy: creature cards its controller owns elsewhere, creature spells they
			 * control (an ability on the stack has no card types); Mycosynth Lattice: every
			 * card elsewhere and every spell */
			if (f->offbf && (o->types & BT_CREATURE) && !o->token
			    && (o->zone == ZN_STACK ? o->controller == ctl : o->zone != ZN_GONE && o->owner == ctl))
				out[n++] = i;
			else if (f->aff && f->aff->everywhere && o->types && !o->token && o->zone != ZN_GONE)
				out[n++] = i;
			continue;
		}
		if (rz_filter_match(z, f->aff, i, f->src, ctl))
			out[n++] = i;
	}
	return n;
}

static void
apply_part(struct rz *z, const struct fx *f, const struct bd_part *p, int o)
{
	struct rz_chars *c = &z->cur[o];
	struct rz_view *v = &c->v;
	int n;
	switch (p->op) {
	case OP_CONTROL:
		v->controller = f->rfx >= 0 ? z->rfx[f->rfx].controller : src_controller(z, f->src);
		break;
	case OP_ADD_TYPES:
		v->types |= p->mask;
		if (p->sub[0])
			add_sub(v, p->sub);    /* "becomes a 0/0 Elemental creature" (205.1b) */
		break;
	case OP_SET_TYPES: {
		/* 205.1a: the new card types replace the old, and the old subtypes go with them
		 * (205.3d); counters and damage stay */
		v->types = p->mask;
		v->nsubs = 0;
		if (p->sub[0]) {
			char sub[BD_SUBLEN];
			snprintf(sub, sizeof sub, "%s", p->sub);
			sub[0] = (char)toupper((unsigned char)sub[0]);
			add_sub(v, sub);
		}
		break;
	}
	case OP_SET_CREATURE_SUB:
		if (p->sub_chosen) {
			/* "are the chosen type": nothing chosen, nothing changes */
			const char *ch = f->src >= 0 ? rz_chosen(z, f->src) : NULL;
			if (!ch)
				break;
			char sub[BD_SUBLEN];
			snprintf(sub, sizeof sub, "%s", ch);
			sub[0] = (char)toupper((unsigned char)sub[0]);
			remove_subs_if(v, false);
			add_sub(v, sub);
			break;
		}
		remove_subs_if(v, false);
		add_sub(v, p->sub);
		break;
	case OP_SET_LAND_SUB:
		remove_subs_if(v, true);
		add_sub(v, p->sub);
		/* 305.7: it loses the abilities its rules text gave it */
		for (int i = 0; i < RZ_MAXABIL; i++) c->abil_on[i] = false;
		v->kws = 0;
		v->prot_colors = v->prot_flags = 0;
		break;
	case OP_ADD_SUB:
		if (p->sub_chosen) {
			const char *ch = f->src >= 0 ? rz_chosen(z, f->src) : NULL;
			char sub[BD_SUBLEN];
			if (!ch)
				break;
			snprintf(sub, sizeof sub, "%s", ch);
			sub[0] = (char)toupper((unsigned char)sub[0]);
			add_sub(v, sub);
		} else
			add_sub(v, p->sub);
		break;
	case OP_SET_COLOR: v->colors = p->color_add ? v->colors | p->mask : p->mask; break;
	case OP_ADD_KW:
		v->kws |= p->kws;
		v->prot_colors |= p->prot_colors;
		if (p->prot_chosen && f->rfx >= 0)
			v->prot_colors |= z->rfx[f->rfx].chosen_colors;
		v->prot_flags |= p->prot_flags;
		break;
	case OP_LOSE_KW: v->kws &= ~p->kws; break;
	case OP_LOSE_ALL:
		for (int i = 0; i < RZ_MAXABIL; i++) c->abil_on[i] = false;
		v->kws = 0;
		v->prot_colors = v->prot_flags = 0;
		break;
	case OP_CDA_PT:
		n = count_matching(z, p->count, p->countsub, f->src, false);
		if (!p->tou_only) v->power = n;
		if (!p->pow_only) v->toughness = rz_add(n, p->b);
		v->has_pt = true;
		break;
	case OP_SET_PT: v->power = p->a; v->toughness = p->b; v->has_pt = true; break;
	case OP_SET_PT_MV: v->power = v->toughness = rz_printed(z, o)->mv; v->has_pt = true; break;
	case OP_MOD_PT:
		if (p->count != CN_NONE) {
			n = count_matching(z, p->count, p->countsub, f->src, f->ab && f->ab->src.other);
			v->power = rz_add(v->power, rz_mul(p->a, n));
			v->toughness = rz_add(v->toughness, rz_mul(p->b, n));
		} else {
			v->power = rz_add(v->power, p->a);
			v->toughness = rz_add(v->toughness, p->b);
		}
		break;
	case OP_SWITCH_PT: n = v->power; v->power = v->toughness; v->toughness = n; break;
	}
}

static void
apply_counter(struct rz *z, const struct fx *f)
{
	struct rz_view *v = &z->cur[f->ctr_obj].v;
	if (f->ctr->kind == CK_PT) {
		v->power = rz_add(v->power, rz_mul(f->ctr->dp, f->ctr->n));
		v->toughness = rz_add(v->toughness, rz_mul(f->ctr->dt, f->ctr->n));
	} else if (f->ctr->kind == CK_KEYWORD && f->ctr->n > 0)
		v->kws |= KWBIT(f->ctr->kw);
}

static bool
has_layer(const struct fx *f, enum bd_layer L)
{
	if (f->ctr)
		return (f->ctr->kind == CK_PT && L == LY_7C) || (f->ctr->kind == CK_KEYWORD && L == LY_ABIL);
	for (int i = 0; i < f->nparts; i++)
		if (f->parts[i].layer == L)
			return true;
	return false;
}

/* Apply every part of f that belongs to layer L; the first application locks the set. */
static void
fx_apply(struct rz *z, struct fx *f, enum bd_layer L, struct sbuf *trace)
{
	if (f->ctr) {
		apply_counter(z, f);
		return;
	}
	int *set = xcalloc((size_t)z->b->nobjs + 1, sizeof *set);
	int n = fx_set(z, f, set);
	if (!f->started && f->rfx < 0 && f->nparts > 1) {
		f->set = xcalloc((size_t)n + 1, sizeof *f->set);
		memcpy(f->set, set, sizeof(int) * (size_t)n);
		f->nset = n;
		f->started = true;
	}
	for (int i = 0; i < f->nparts; i++)
		if (f->parts[i].layer == L)
			for (int k = 0; k < n; k++)
				apply_part(z, f, &f->parts[i], set[k]);
	if (trace && n) {
		const char *lname[] = { "", "1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d" };
		sbuf_addf(trace, "%slayer %s: %s", trace->len ? "; " : "", lname[L],
		    f->rfx >= 0 ? z->rfx[f->rfx].label : rz_oname(z, f->src));
		sbuf_adds(trace, " (");
		for (int k = 0; k < n && k < 6; k++)
			sbuf_addf(trace, "%s%s", k ? ", " : "", rz_oname(z, set[k]));
		if (n > 6) sbuf_adds(trace, ", ...");
		sbuf_adds(trace, ")");
	}
	free(set);
}

/* A's signature: does it exist, and which objects does it affect. */
static int
signature(const struct rz *z, const struct fx *f, int *set)
{
	if (!fx_exists(z, f))
		return -1;
	return fx_set(z, f, set);
}

/* 613.8a: A depends on B if applying B changes A's existence or what it applies to
 * (both CDAs or neither). Found by applying B on a scratch copy. */
static bool
depends(struct pass *ps, int a, int bi, enum bd_layer L)
{
	struct rz *z = ps->z;
	struct fx *A = &ps->fx[a], *B = &ps->fx[bi];
	if (A->cda != B->cda || A->ctr || B->ctr || A->rfx >= 0)
		return false;
	if (A->started)
		return false;    /* its set is locked; nothing B does changes it */
	int *s1 = xcalloc(2 * ((size_t)z->b->nobjs + 1), sizeof *s1), *s2 = s1 + z->b->nobjs + 1;
	int n1 = signature(z, A, s1);
	size_t sz = sizeof *z->cur * (size_t)z->b->nobjs;
	struct rz_chars *save = xmalloc(sz);
	memcpy(save, z->cur, sz);
	struct fx Bc = *B;
	fx_apply(z, &Bc, L, NULL);
	if (Bc.set != B->set)
		free(Bc.set);      /* the trial's own set (613.6), not B's */
	int n2 = signature(z, A, s2);
	memcpy(z->cur, save, sz);
	free(save);
	bool dep = n1 != n2;
	for (int i = 0; i < n1 && !dep; i++)
		dep = s1[i] != s2[i];
	free(s1);
	return dep;
}

static const char *
fx_name(const struct pass *ps, const struct fx *f)
{
	if (f->rfx >= 0) return ps->z->rfx[f->rfx].label;
	return rz_oname(ps->z, f->ctr ? f->ctr_obj : f->src);
}

/* Whose the effect is, for 613.7m: its source's controller, or the resolved effect's. */
static int
fx_player(const struct pass *ps, const struct fx *f)
{
	const struct board *b = ps->z->b;
	if (f->rfx >= 0) return ps->z->rfx[f->rfx].controller;
	int o = f->ctr ? f->ctr_obj : f->src;
	return o >= 0 ? b->objs[o].controller : -1;
}

/* Timestamp order (613.7); equal timestamps go in APNAP order (613.7m). */
static bool
fx_before(struct pass *ps, const struct fx *a, const struct fx *b)
{
	if (a->ts != b->ts)
		return a->ts < b->ts;
	int ra = rz_apnap_rank(ps->z, fx_player(ps, a)), rb = rz_apnap_rank(ps->z, fx_player(ps, b));
	if (ra != rb && ps->z->trace_layers && !ps->simul_noted) {
		ps->simul_noted = true;
		const struct fx *first = ra < rb ? a : b, *second = ra < rb ? b : a;
		STEP(ps->z, RL(R_TS_SIMUL, R_TIMESTAMP), "The effects of %s and %s have the same timestamp, so they are ordered APNAP: %s's, controlled by %s%s, is earlier.",
		    fx_name(ps, a), fx_name(ps, b), fx_name(ps, first), rz_pname(ps->z, fx_player(ps, first)),
		    rz_apnap_rank(ps->z, fx_player(ps, first)) == 0 ? " (the active player)" : "");
		(void)second;
	}
	return ra < rb;
}

/* 613.8a asked and answered: when the static abilities of two or more permanents wait in
 * one layer and none depends on another, say so once, so the reader sees that dependency
 * was checked before timestamp order (613.7) decided. checked: the dependency test already
 * ran for this group (layers 2-6); otherwise it runs here, for the note only. */
static void
note_independent_in(struct pass *ps, const int *group, int ng, enum bd_layer L, bool checked, int *st)
{
	struct rz *z = ps->z;
	int n = 0;
	for (int i = 0; i < ng; i++) {
		const struct fx *f = &ps->fx[group[i]];
		if (f->ctr || f->rfx >= 0 || f->src < 0)
			continue;
		bool dup = false;
		for (int k = 0; k < n; k++)
			dup |= ps->fx[st[k]].src == f->src;
		if (!dup)
			st[n++] = group[i];
	}
	if (n < 2)
		return;
	/* the test that picked the earliest stopped at it, so the others' dependencies on it were
	 * not asked: ask them before saying there are none (Mycosynth Lattice makes March of the
	 * Machines an artifact, so March's effect depends on Lattice's, which also comes first) */
	(void)checked;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (i != j && depends(ps, st[i], st[j], L)) {
				static const char *const ln[] = { "", "1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d" };
				ps->indep_noted = true;
				if (st[j] == group[0] || ps->fx[st[j]].ts <= ps->fx[st[i]].ts)
					STEP(z, RL(R_DEPENDENCY, R_DEPENDENCY_ORDER, R_TIMESTAMP), "Dependency check in layer %s: the effect of %s's ability depends on the effect of %s's (applying the latter changes whether the former exists or what it applies to), so %s's applies first; it is also the earlier.",
					    ln[L], rz_oname(z, ps->fx[st[i]].src), rz_oname(z, ps->fx[st[j]].src), rz_oname(z, ps->fx[st[j]].src));
				return;
			}
	/* only when the order matters: applied the other way round, some object ends up with
	 * other characteristics (two anthems in 7c commute; Humility and Opalescence in 7b don't) */
	size_t sz = sizeof *z->cur * (size_t)z->b->nobjs;
	struct rz_chars *save = xmalloc(sz), *fwd = xmalloc(sz);
	memcpy(save, z->cur, sz);
	for (int i = 0; i < n; i++) { struct fx c = ps->fx[st[i]]; fx_apply(z, &c, L, NULL); if (c.set != ps->fx[st[i]].set) free(c.set); }
	memcpy(fwd, z->cur, sz);
	memcpy(z->cur, save, sz);
	for (int i = n - 1; i >= 0; i--) { struct fx c = ps->fx[st[i]]; fx_apply(z, &c, L, NULL); if (c.set != ps->fx[st[i]].set) free(c.set); }
	bool differs = memcmp(fwd, z->cur, sz) != 0;
	memcpy(z->cur, save, sz);
	free(save);
	free(fwd);
	if (!differs)
		return;
	ps->indep_noted = true;
	static const char *const lname[] = { "", "1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d" };
	struct sbuf t = {0};
	for (int i = 0; i < n && i < 6; i++)
		sbuf_addf(&t, "%s%s's", i == 0 ? "" : i == n - 1 || i == 5 ? " and " : ", ", rz_oname(z, ps->fx[st[i]].src));
	bool locked = true;
	for (int i = 0; i < n; i++)
		locked &= ps->fx[st[i]].started;
	enum rz_rule rules[] = { R_DEPENDENCY, locked ? R_MULTI_LAYER : R_TIMESTAMP, R_TIMESTAMP };
	rz_step(z, rules, locked ? 3 : 2,
	    "Dependency check in layer %s: the effects of %s abilities %s apply there, but none depends on another (applying one wouldn't change whether another exists or which objects it applies to%s), so they apply in timestamp order: %s's first.",
	    lname[L], sbuf_str(&t), n == 2 ? "both" : "all", locked ? "; each one's set of objects was fixed when it began to apply in an earlier layer, 613.6" : "",
	    rz_oname(z, ps->fx[st[0]].src));
	sbuf_free(&t);
}

static void
note_independent(struct pass *ps, const int *group, int ng, enum bd_layer L, bool checked)
{
	int *st = xcalloc((size_t)ng + 1, sizeof *st);
	note_independent_in(ps, group, ng, L, checked, st);
	free(st);
}

/* A new effect of the pass, cleared. */
static struct fx *
fx_new(struct pass *ps)
{
	ps->fx = xgrow(ps->fx, &ps->fxcap, (size_t)ps->nfx + 1, sizeof *ps->fx);
	struct fx *f = &ps->fx[ps->nfx++];
	memset(f, 0, sizeof *f);
	return f;
}

static void
gather(struct pass *ps)
{
	struct rz *z = ps->z;
	struct board *b = z->b;
	ps->nfx = 0;
	for (int i = 0; i < b->nobjs; i++) {
		struct bd_obj *o = &b->objs[i];
		const struct bd_obj *pr = rz_printed(z, i);
		for (int k = 0; k < pr->nabils; k++) {
			const struct bd_abil *a = &pr->abils[k];
			if (a->kind != AK_STATIC || a->nparts == 0 || rz_face_down(z, i))
				continue;
			if (o->zone != ZN_BATTLEFIELD && o->zone != ZN_COMMAND && !a->cda)
				continue;
			struct fx *f = fx_new(ps);
			memset(f, 0, sizeof *f);
			f->src = i;
			f->abil = k;
			f->rfx = -1;
			f->ab = a;
			f->parts = a->parts;
			f->nparts = a->nparts;
			f->aff = &a->aff;
			f->cond = &a->cond;
			f->cda = a->cda;
			f->offbf = a->aff.offbf;
			/* "The same is true for creature spells you control and creature cards you own
			 * that aren't on the battlefield": Conspiracy's second sentence, its own line */
			for (int q = 0; q < pr->nabils && !f->offbf; q++)
				f->offbf = a->nparts && a->parts[0].sub_chosen && pr->abils[q].kind == AK_INERT && pr->abils[q].tmpl
				    && !strcmp(pr->abils[q].tmpl, "the same for spells and cards");
			/* 613.7a, 613.7e: an attached Aura or Equipment's effects date from attachment */
			f->ts = o->ts;
		}
		if (o->zone != ZN_BATTLEFIELD)
			continue;
		for (int k = 0; k < o->nctr; k++) {
			if (o->ctr[k].kind != CK_PT && o->ctr[k].kind != CK_KEYWORD)
				continue;
			struct fx *f = fx_new(ps);
			memset(f, 0, sizeof *f);
			f->src = f->abil = f->rfx = -1;
			f->ctr = &o->ctr[k];
			f->ctr_obj = i;
			f->ts = o->ctr[k].ts;
		}
	}
	for (int r = 0; r < z->nrfx; r++) {
		struct fx *f = fx_new(ps);
		memset(f, 0, sizeof *f);
		f->src = f->abil = -1;
		f->rfx = r;
		f->parts = z->rfx[r].parts;
		f->nparts = z->rfx[r].nparts;
		f->ts = z->rfx[r].ts;
	}
}

bool
rz_face_down(const struct rz *z, int o)
{
	const struct bd_obj *self = &z->b->objs[o];
	return self->zone == ZN_BATTLEFIELD && rz_printed(z, o)->face_down;
}

static void
copy_exceptions_apply(struct rz_chars *c, const struct bd_copyx *x, int legend)
{
	if (!legend)
		legend = x->legend;
	if (legend)
		c->v.supers = legend > 0 ? c->v.supers | BS_LEGENDARY : c->v.supers & ~(unsigned)BS_LEGENDARY;
	if (x->set_pt) {
		c->v.power = x->power;
		c->v.toughness = x->toughness;
		c->v.has_pt = true;
	}
	if (x->colors)
		c->v.colors = x->colors;
	c->v.types |= x->addtypes;
	if (x->setsub[0]) {
		/* "it's a 1/1 green Frog": that creature type instead of its creature types (707.9b) */
		memset(c->v.subs, 0, sizeof c->v.subs);
		memcpy(c->v.subs[0], x->setsub, BD_SUBLEN);
		c->v.nsubs = 1;
	}
	if (x->addsub[0] && c->v.nsubs < BD_MAXSUB) {
		bool have = false;
		for (int i = 0; i < c->v.nsubs; i++)
			have |= !strcmp(c->v.subs[i], x->addsub);
		if (!have)
			memcpy(c->v.subs[c->v.nsubs++], x->addsub, BD_SUBLEN);
	}
}

static void
reset(struct rz *z)
{
	struct board *b = z->b;
	for (int i = 0; i < b->nobjs; i++) {
		const struct bd_obj *self = &b->objs[i];
		/* 613.2a: a copy starts from the copiable values of what it copies */
		const struct bd_obj *o = rz_printed(z, i);
		struct rz_chars *c = &z->cur[i];
		memset(c, 0, sizeof *c);
		c->v.controller = self->zone == ZN_BATTLEFIELD || self->zone == ZN_STACK || self->zone == ZN_COMMAND ? self->controller : self->owner;
		c->v.types = o->types;
		c->v.supers = o->supers;
		c->v.colors = o->colors;
		memcpy(c->v.subs, o->subs, sizeof o->subs);
		c->v.nsubs = o->nsubs;
		c->v.power = o->power;
		c->v.toughness = o->toughness;
		c->v.has_pt = o->has_pt;
		/* 707.9b, 707.3: each copy effect's exceptions are part of the copiable values, so
		 * a copy of a copy has them too: applied from the innermost copy outwards */
		const struct bd_obj *chain[9];
		int nch = 0;
		for (const struct bd_obj *q = self; nch < 8 && q->copy_of >= 0 && self->zone == ZN_BATTLEFIELD; q = &z->b->objs[q->copy_of])
			chain[nch++] = q;
		for (int k = nch - 1; k >= 0; k--)
			copy_exceptions_apply(c, &chain[k]->copyx, chain[k]->copy_legend);
		/* 708.2a: face down (or a copy of a face-down permanent, 707.2): a 2/2 creature with
		 * no name, text, subtypes, mana cost or color; these are its copiable values */
		bool fd = rz_face_down(z, i);
		if (fd) {
			c->v.types = BT_CREATURE;
			c->v.supers = 0;
			c->v.colors = 0;
			memset(c->v.subs, 0, sizeof c->v.subs);
			c->v.nsubs = 0;
			c->v.power = c->v.toughness = 2;
			c->v.has_pt = true;
		}
		for (int k = 0; k < RZ_MAXABIL; k++)
			c->abil_on[k] = !fd && k < o->nabils;
		for (int k = 0; k < o->nabils && !fd; k++)
			if (o->abils[k].kind == AK_KEYWORD) {
				c->v.kws |= o->abils[k].parts[0].kws;
				c->v.prot_colors |= o->abils[k].prot_colors;
				c->v.prot_flags |= o->abils[k].prot_flags;
			}
	}
}

/* Printed keywords count as abilities the object has: when layer 6 removes all abilities,
 * printed keywords go too (done in OP_LOSE_ALL). Here, after 305.7 or "loses all", a
 * keyword ability that is off must not come back. */

/* 611.3a: a static ability's effect applies at any moment its condition holds ("has haste as
 * long as an opponent has 10 or less life", Bloodghast). Say when one starts or stops applying
 * to a permanent that was already on the battlefield at the last look (the same object: its
 * timestamp); the layers have already applied it (or not). */
void
rz_cond_changes(struct rz *z)
{
	const struct board *b = z->b;
	for (int i = 0; i < b->nobjs; i++) {
		const struct bd_obj *o = &b->objs[i];
		if (o->zone != ZN_BATTLEFIELD || rz_face_down(z, i)) {
			z->cond_on[i] = 0;
			z->cond_ts[i] = 0;
			continue;
		}
		bool same = z->cond_ts[i] == o->ts;
		const struct bd_obj *pr = rz_printed(z, i);
		uint64_t now = 0;
		for (int k = 0; k < pr->nabils && k < 64; k++) {
			const struct bd_abil *a = &pr->abils[k];
			if (a->kind != AK_STATIC || a->cond.kind == CD_NONE || !rz_has_abil(&z->cur[i], k))
				continue;
			bool on = rz_cond_holds(z, &a->cond, i);
			if (on)
				now |= (uint64_t)1 << k;
			bool was = (z->cond_on[i] >> k) & 1;
			if (same && on != was && !z->game_over)
				STEP(z, RL(R_STATIC_NOT_LOCKED), "%s's ability \"%s\" %s: its condition is %s now, and a static ability's effect applies at any moment its condition holds, to whatever its text says then.",
				    rz_oname(z, i), a->text, on ? "now applies" : "no longer applies", on ? "true" : "false");
		}
		z->cond_on[i] = now;
		z->cond_ts[i] = o->ts;
	}
}

void
rz_layers(struct rz *z)
{
	struct pass *ps = xcalloc(1, sizeof *ps);
	ps->z = z;
	rz_link_note_battlefield(z);
	rz_text_ends(z);
	reset(z);
	gather(ps);
	bool trace = z->trace_layers;
	for (int i = 0; trace && i < z->b->nobjs; i++)
		if (rz_face_down(z, i) && z->b->objs[i].copy_of < 0)
			STEP(z, RL(R_FACE_DOWN), "%s is face down: it is a 2/2 creature with no name, text, subtypes, color or mana cost, and none of its abilities (judge keeps its name only to tell you which card it is).",
			    rz_oname(z, i));
	for (int i = 0; trace && i < z->b->nobjs; i++)
		if (z->b->objs[i].copy_of >= 0 && z->b->objs[i].zone == ZN_BATTLEFIELD) {
			sbuf_addf(&ps->trace, "%slayer 1: %s has %s's copiable values (name, mana cost, types, colors, P/T, abilities; not its counters or status)",
			    ps->trace.len ? "; " : "", rz_oname(z, i), rz_printed(z, i)->name);
			ps->copy_used = true;
		}
	static const enum bd_layer order[] = { LY_COPY, LY_CONTROL, LY_TEXT, LY_TYPE, LY_COLOR,
		LY_ABIL, LY_7A, LY_7B, LY_7C, LY_7D };
	for (size_t li = 0; li < sizeof order / sizeof *order; li++) {
		enum bd_layer L = order[li];
		for (;;) {
			int *cand = xcalloc(2 * ((size_t)ps->nfx + 1), sizeof *cand), nc = 0;
			int *group = cand + ps->nfx + 1, ng = 0;
			if (trace)
				for (int i = 0; i < ps->nfx; i++) {
					struct fx *f = &ps->fx[i];
					if (!f->done[L] && !f->ctr && f->rfx < 0 && has_layer(f, L) && !fx_exists(z, f)
					    && z->b->objs[f->src].zone == ZN_BATTLEFIELD && !rz_has_abil(&z->cur[f->src], f->abil)) {
						sbuf_addf(&ps->trace, "%s%s no longer has its ability (an earlier effect removed it), so that effect doesn't apply",
						    ps->trace.len ? "; " : "", rz_oname(z, f->src));
						f->done[L] = true;
					}
				}
			for (int i = 0; i < ps->nfx; i++)
				if (!ps->fx[i].done[L] && has_layer(&ps->fx[i], L) && fx_exists(z, &ps->fx[i]))
					cand[nc++] = i;
			if (nc == 0) {
				free(cand);
				break;
			}
			/* 613.3: characteristic-defining abilities first */
			bool anycda = false;
			for (int i = 0; i < nc; i++) anycda |= ps->fx[cand[i]].cda;
			for (int i = 0; i < nc; i++)
				if (ps->fx[cand[i]].cda == anycda)
					group[ng++] = cand[i];
			/* the earliest timestamp among those that depend on no other waiting effect:
			 * try them in timestamp order and stop at the first independent one. Only
			 * layers 2-6 can change what another effect applies to or whether it exists;
			 * in layer 7 the sets and abilities are already settled. */
			for (int i = 1; i < ng; i++)
				for (int j = i; j > 0 && fx_before(ps, &ps->fx[group[j]], &ps->fx[group[j - 1]]); j--) {
					int t = group[j]; group[j] = group[j - 1]; group[j - 1] = t;
				}
			int pick = -1, earliest = group[0];
			bool dependent_seen = false;
			bool may_depend = ng > 1 && L >= LY_CONTROL && L <= LY_ABIL;
			for (int i = 0; i < ng && pick < 0; i++) {
				bool dep = false;
				for (int j = 0; may_depend && j < ng && !dep; j++)
					if (j != i && depends(ps, group[i], group[j], L))
						dep = true;
				dependent_seen |= dep;
				if (!dep)
					pick = group[i];
			}
			if (pick < 0) {
				pick = earliest;   /* 613.8b: a dependency loop is applied in timestamp order */
				if (trace && !ps->reorder_noted) {
					STEP(z, RL(R_DEPENDENCY_ORDER), "Layer system: the effects waiting in one layer depend on each other in a loop, so they apply in timestamp order.");
					ps->reorder_noted = true;
				}
			} else if (trace && dependent_seen && pick != earliest) {
				struct fx *P = &ps->fx[pick], *E = &ps->fx[earliest];
				STEP(z, RL(R_DEPENDENCY, R_DEPENDENCY_ORDER, R_DEPENDENCY_AGAIN),
				    "Dependency: the effect of %s depends on the effect of %s (applying the latter changes whether the former exists or what it applies to), so %s's effect applies first although its timestamp is later.",
				    E->rfx >= 0 ? z->rfx[E->rfx].label : rz_oname(z, E->src),
				    P->rfx >= 0 ? z->rfx[P->rfx].label : rz_oname(z, P->src),
				    P->rfx >= 0 ? z->rfx[P->rfx].label : rz_oname(z, P->src));
			}
			if (trace && !dependent_seen && pick == earliest && !ps->indep_noted)
				note_independent(ps, group, ng, L, may_depend);
			size_t before = ps->trace.len;
			fx_apply(z, &ps->fx[pick], L, trace && !ps->fx[pick].ctr ? &ps->trace : NULL);
			ps->fx[pick].done[L] = true;
			if (ps->trace.len != before || ps->fx[pick].ctr) {
				ps->used[L] = true;
				ps->cda_used |= ps->fx[pick].cda;
				ps->multi_used |= ps->fx[pick].nparts > 1 && ps->fx[pick].rfx < 0;
				ps->ctr_used |= ps->fx[pick].ctr != NULL;
				for (int q = 0; q < ps->fx[pick].nparts; q++)
					ps->land_used |= ps->fx[pick].parts[q].op == OP_SET_LAND_SUB;
			}
			free(cand);
		}
	}
	/* a creature without printed P/T and no effect setting one is 0/0 */
	for (int i = 0; i < z->b->nobjs; i++)
		if ((z->cur[i].v.types & BT_CREATURE) && !z->cur[i].v.has_pt)
			z->cur[i].v.has_pt = true;
	if (trace && (ps->trace.len || ps->ctr_used)) {
		enum rz_rule rules[RZ_MAXCITE];
		int nr = 0;
		rules[nr++] = R_LAYERS;
		static const struct { enum bd_layer l; enum rz_rule r; } lr[] = {
			{ LY_CONTROL, R_LAYER_CONTROL }, { LY_TYPE, R_LAYER_TYPE }, { LY_COLOR, R_LAYER_COLOR },
			{ LY_ABIL, R_LAYER_ABIL }, { LY_7A, R_LAYER_7A }, { LY_7B, R_LAYER_7B },
			{ LY_7C, R_LAYER_7C }, { LY_7D, R_LAYER_7D } };
		if (ps->copy_used) { rules[nr++] = R_LAYER_COPY; rules[nr++] = R_COPIABLE; }
		if (ps->cda_used) rules[nr++] = R_CDA_FIRST;
		if (ps->multi_used) rules[nr++] = R_MULTI_LAYER;
		if (ps->land_used) rules[nr++] = R_LAND_SUBTYPE;
		for (size_t i = 0; i < sizeof lr / sizeof *lr && nr < RZ_MAXCITE - 1; i++)
			if (ps->used[lr[i].l]) rules[nr++] = lr[i].r;
		rules[nr++] = R_TIMESTAMP;
		struct sbuf res = {0};
		for (int i = 0; i < z->b->nobjs; i++)
			if (z->b->objs[i].zone == ZN_BATTLEFIELD && (z->cur[i].v.types & BT_CREATURE))
				sbuf_addf(&res, "%s%s %d/%d", res.len ? ", " : "", rz_oname(z, i), z->cur[i].v.power, z->cur[i].v.toughness);
		rz_step(z, rules, nr, "Characteristics before the event (613: layer by layer, characteristic-defining abilities first, then timestamp order%s): %s%s%s.",
		    ps->ctr_used ? "; counters apply in 7c" : "", ps->trace.len ? sbuf_str(&ps->trace) : "only counters apply",
		    res.len ? ". Creatures: " : "", sbuf_str(&res));
		sbuf_free(&res);
	}
	rz_sick_note(z);
	sbuf_free(&ps->trace);
	for (int i = 0; i < ps->nfx; i++)
		free(ps->fx[i].set);
	free(ps->fx);
	free(ps);
}
