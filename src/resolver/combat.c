/* combat.c — the combat damage step (510): a first-strike step when any attacker or
 * blocker has first strike or double strike, damage divided freely among blockers (no
 * damage assignment order since 2025), trample with lethal damage counting damage already
 * marked and already assigned, deathtouch making 1 lethal, all dealt at once. */
#include "rz_int.h"
#include "../base/buf.h"
#include "../base/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool
attacking(const struct rz *z, int i)
{
	const struct bd_obj *o = &z->b->objs[i];
	return o->zone == ZN_BATTLEFIELD && (z->cur[i].v.types & BT_CREATURE) && (o->attacking_p >= 0 || o->attacking_o >= 0);
}

static bool
blocks(const struct rz *z, int b, int a)
{
	const struct bd_obj *o = &z->b->objs[b];
	if (o->zone != ZN_BATTLEFIELD || !(z->cur[b].v.types & BT_CREATURE))
		return false;
	for (int k = 0; k < o->nblocking; k++)
		if (o->blocking[k] == a)
			return true;
	return false;
}

static const struct { int kw; const char *land; } walks[] = {
	{ KW_PLAINSWALK, "a Plains" }, { KW_ISLANDWALK, "an Island" }, { KW_SWAMPWALK, "a Swamp" },
	{ KW_MOUNTAINWALK, "a Mountain" }, { KW_FORESTWALK, "a Forest" },
};

/* The attacker's landwalk (an index in walks[]) when the defending player controls such a
 * land (702.14c), else -1. */
static int
landwalk(const struct rz *z, int a)
{
	const struct board *b = z->b;
	const struct bd_obj *ao = &b->objs[a];
	int def = ao->attacking_p;
	if (def < 0 && ao->attacking_o >= 0)
		def = z->cur[ao->attacking_o].v.controller;
	if (def < 0)
		return -1;
	for (int w = 0; w < (int)(sizeof walks / sizeof *walks); w++) {
		if (!(z->cur[a].v.kws & KWBIT(walks[w].kw)))
			continue;
		const char *type = strchr(walks[w].land, ' ') + 1;
		for (int i = 0; i < b->nobjs; i++) {
			const struct rz_view *v = &z->cur[i].v;
			if (b->objs[i].zone != ZN_BATTLEFIELD || !(v->types & BT_LAND) || v->controller != def)
				continue;
			for (int s = 0; s < v->nsubs; s++)
				if (!strcasecmp(v->subs[s], type))
					return w;
		}
	}
	return -1;
}

void
rz_blocks_declared(struct rz *z)
{
	const struct board *b = z->b;
	if (!z->blk_view)
		z->blk_view = xcalloc((size_t)b->nobjs + 1, sizeof *z->blk_view);
	for (int i = 0; i < b->nobjs; i++)
		z->blk_view[i] = z->cur[i].v;
}

void
rz_combat_control(struct rz *z)
{
	struct board *b = z->b;
	for (int i = 0; i < b->nobjs; i++) {
		struct bd_obj *o = &b->objs[i];
		bool in = o->zone == ZN_BATTLEFIELD && (o->attacking_p >= 0 || o->attacking_o >= 0 || o->nblocking > 0);
		int ctl = z->cur[i].v.controller;
		if (!in)
			z->combat_ctl[i] = -1;
		else if (z->combat_ctl[i] < 0)
			z->combat_ctl[i] = ctl;
		else if (ctl != z->combat_ctl[i]) {
			bool att = o->attacking_p >= 0 || o->attacking_o >= 0;
			o->attacking_p = o->attacking_o = -1;
			o->nblocking = 0;
			z->combat_ctl[i] = -1;
			/* an attacker it blocked stays blocked (509.1h) */
			STEP(z, RL(R_REMOVED_COMBAT, att ? R_NONE : R_BLOCKED), "%s's controller has changed (%s controls it now), so it is removed from combat: it is no longer %s creature and deals and is dealt no combat damage%s.",
			    rz_oname(z, i), rz_pname(z, ctl), att ? "an attacking" : "a blocking", att ? "" : "; what it blocked stays blocked");
		}
	}
}

static void
check_blocks(struct rz *z)
{
	struct board *b = z->b;
	for (int a = 0; a < b->nobjs; a++) {
		if (!attacking(z, a))
			continue;
		const struct rz_view *av = z->blk_view ? &z->blk_view[a] : &z->cur[a].v;
		int nb = 0;
		for (int i = 0; i < b->nobjs; i++) {
			if (!blocks(z, i, a))
				continue;
			nb++;
			const struct rz_view *bv = z->blk_view ? &z->blk_view[i] : &z->cur[i].v;
			if ((av->kws & KWBIT(KW_FLYING)) && !(bv->kws & (KWBIT(KW_FLYING) | KWBIT(KW_REACH))))
				STEP(z, RL(R_FLYING_BLOCK), "Note: %s has flying and %s has neither flying nor reach, so that block isn't legal; judge resolves the board as given.", rz_oname(z, a), rz_oname(z, i));
			if ((av->prot_colors & bv->colors) || (av->prot_flags & (PROT_EVERYTHING | (bv->types & PROT_TYPES))))
				STEP(z, RL(R_PROT_BLOCK), "Note: %s has protection from %s's qualities, so that block isn't legal; judge resolves the board as given.", rz_oname(z, a), rz_oname(z, i));
		}
		int walk = nb > 0 ? landwalk(z, a) : -1;
		if (walk >= 0)
			STEP(z, RL(R_LANDWALK), "Note: %s has %s and the defending player controls %s, so it can't be blocked; judge resolves the board as given.",
			    rz_oname(z, a), bd_kw_name(walks[walk].kw), walks[walk].land);
		if (nb == 1 && (av->kws & KWBIT(KW_MENACE)))
			STEP(z, RL(R_MENACE), "Note: %s has menace and only one creature blocks it, which isn't legal; judge resolves the board as given.", rz_oname(z, a));
	}
}

static int
need_lethal(const struct rz *z, int blk, int assigned, bool deathtouch)
{
	int need = rz_sub(rz_sub(z->cur[blk].v.toughness, z->b->objs[blk].damage), assigned);
	if (need < 0)
		need = 0;
	if (deathtouch && need > 0)
		need = 1;
	return need;
}

static const struct bd_assign *
stated_assign(const struct rz *z, int a)
{
	for (int i = 0; i < z->b->nassigns; i++)
		if (z->b->assigns[i].attacker == a)
			return &z->b->assigns[i];
	return NULL;
}

static struct bd_ref
defender(const struct rz *z, int a)
{
	const struct bd_obj *o = &z->b->objs[a];
	if (o->attacking_p >= 0)
		return (struct bd_ref){ o->attacking_p, -1 };
	if (o->attacking_o >= 0 && z->b->objs[o->attacking_o].zone == ZN_BATTLEFIELD)
		return (struct bd_ref){ -1, o->attacking_o };
	return (struct bd_ref){ -1, -1 };
}

static void
add_dmg(struct rz *z, struct rz_dmg *d, int *nd, int src, struct bd_ref to, int amount)
{
	if (amount <= 0 || *nd >= 128)
		return;
	struct rz_dmg *x = &d[(*nd)++];
	memset(x, 0, sizeof *x);
	const struct rz_view *v = &z->cur[src].v;
	x->src = src;
	x->to = to;
	x->amount = amount;
	x->combat = true;
	x->kws = v->kws;
	x->colors = v->colors;
	x->types = v->types;
	x->controller = v->controller;
	x->src_name = rz_oname(z, src);
}

static const char *
refname(const struct rz *z, struct bd_ref r)
{
	return r.p >= 0 ? rz_pname(z, r.p) : rz_oname(z, r.o);
}

static void
damage_step(struct rz *z, const bool *part, const char *label)
{
	struct board *b = z->b;
	rz_layers(z);
	struct rz_dmg d[128];
	int nd = 0;
	int *assigned = xcalloc((size_t)b->nobjs, sizeof *assigned);
	for (int a = 0; a < b->nobjs; a++) {
		if (!part[a] || !attacking(z, a))
			continue;
		const struct rz_view *av = &z->cur[a].v;
		const char *an = rz_oname(z, a);
		int pow = av->power;
		if (pow <= 0) {
			STEP(z, RL(R_ASSIGN_POWER), "%s has power %d, so it assigns no combat damage.", an, pow);
			continue;
		}
		bool trample = av->kws & KWBIT(KW_TRAMPLE), dt = av->kws & KWBIT(KW_DEATHTOUCH);
		struct bd_ref def = defender(z, a);
		int bl[BD_MAXBLK * 4], nbl = 0;
		for (int i = 0; i < b->nobjs && nbl < BD_MAXBLK * 4; i++)
			if (blocks(z, i, a))
				bl[nbl++] = i;
		if (!b->objs[a].blocked) {
			if (def.p < 0 && def.o < 0) {
				STEP(z, RL(R_ASSIGN_UNBLOCKED), "%s is unblocked but what it attacked has left combat, so it assigns no damage.", an);
				continue;
			}
			STEP(z, RL(R_ASSIGN_UNBLOCKED), "%s is unblocked and assigns all %d of its damage to %s.", an, pow, refname(z, def));
			add_dmg(z, d, &nd, a, def, pow);
			continue;
		}
		if (nbl == 0) {
			if (trample && (def.p >= 0 || def.o >= 0)) {
				STEP(z, RL(R_BLOCKED, R_TRAMPLE_NO_BLOCKERS), "%s is blocked but no creature blocks it any more; it has trample, so all %d damage is assigned to %s.", an, pow, refname(z, def));
				add_dmg(z, d, &nd, a, def, pow);
			} else
				STEP(z, RL(R_BLOCKED, R_ASSIGN_BLOCKED), "%s remains blocked although no creature blocks it any more, so it assigns no combat damage.", an);
			continue;
		}
		/* the attacking player's stated division, checked against 510.1c and 702.19b */
		const struct bd_assign *st = stated_assign(z, a);
		int amt[BD_MAXBLK * 4 + 1] = { 0 };   /* per blocker, then the defender last */
		bool use_stated = false;
		if (st) {
			char bad[200] = "";
			int sum = 0;
			int tmp[BD_MAXBLK * 4 + 1] = { 0 };
			for (int k = 0; k < st->n && !bad[0]; k++) {
				sum = rz_add(sum, st->amount[k]);
				int slot = -1;
				for (int j = 0; j < nbl; j++)
					if (st->to[k].o == bl[j]) slot = j;
				if (slot < 0 && ((st->to[k].p >= 0 && st->to[k].p == def.p) || (st->to[k].o >= 0 && st->to[k].o == def.o)))
					slot = nbl;
				if (slot < 0)
					snprintf(bad, sizeof bad, "%s is not blocking %s", refname(z, st->to[k]), an);
				else if (slot == nbl && !trample)
					snprintf(bad, sizeof bad, "%s has no trample, so none of its damage can go to %s", an, refname(z, def));
				else
					tmp[slot] = rz_add(tmp[slot], st->amount[k]);
			}
			if (!bad[0] && sum != pow)
				snprintf(bad, sizeof bad, "it assigns %d damage but its power is %d", sum, pow);
			if (!bad[0] && tmp[nbl] > 0) {
				int run = 0;
				for (int j = 0; j < nbl; j++) {
					int need = need_lethal(z, bl[j], assigned[bl[j]], dt);
					if (tmp[j] < need) {
						snprintf(bad, sizeof bad, "%s must first be assigned lethal damage (%d) before any goes to %s", rz_oname(z, bl[j]), need, refname(z, def));
						break;
					}
					run = rz_add(run, tmp[j]);
				}
				(void)run;
			}
			if (bad[0])
				STEP(z, RL(R_ASSIGN_CHECK, R_ASSIGN_BLOCKED, R_TRAMPLE), "The board's assignment for %s is not legal: %s. Judge uses its default assignment instead.", an, bad);
			else {
				memcpy(amt, tmp, sizeof amt);
				use_stated = true;
			}
		}
		if (!use_stated) {
			int left = pow;
			for (int j = 0; j < nbl && left > 0; j++) {
				int need = need_lethal(z, bl[j], assigned[bl[j]], dt);
				int x = need < left ? need : left;
				amt[j] = rz_add(amt[j], x);
				left -= x;
			}
			if (left > 0) {
				if (trample && (def.p >= 0 || def.o >= 0)) amt[nbl] = rz_add(amt[nbl], left);
				else amt[0] = rz_add(amt[0], left);
			}
		}
		struct sbuf t = {0};
		for (int j = 0; j < nbl; j++) {
			if (!amt[j]) continue;
			sbuf_addf(&t, "%s%d to %s", t.len ? ", " : "", amt[j], rz_oname(z, bl[j]));
			assigned[bl[j]] = rz_add(assigned[bl[j]], amt[j]);
			add_dmg(z, d, &nd, a, (struct bd_ref){ -1, bl[j] }, amt[j]);
		}
		if (amt[nbl]) {
			sbuf_addf(&t, "%s%d to %s", t.len ? ", " : "", amt[nbl], refname(z, def));
			add_dmg(z, d, &nd, a, def, amt[nbl]);
		}
		if (trample)
			STEP(z, RL(R_ASSIGN_BLOCKED, R_TRAMPLE, dt ? R_DEATHTOUCH_LETHAL : R_TRAMPLE),
			    "%s (trample%s) assigns %d damage: %s. Each blocker must be assigned lethal damage, counting damage already marked and damage already assigned this step%s, before the rest can go to %s%s.",
			    an, dt ? ", deathtouch" : "", pow, sbuf_str(&t), dt ? " (with deathtouch, 1 is lethal)" : "", refname(z, def),
			    use_stated ? " (the board's assignment)" : " (judge's default: lethal to each blocker in the order listed, the rest to the player)");
		else
			STEP(z, RL(R_ASSIGN_BLOCKED), "%s is blocked and divides its %d damage among its blockers as its controller chooses: %s%s.", an, pow, sbuf_str(&t),
			    use_stated ? " (the board's assignment)" : nbl > 1 ? " (judge's default: lethal to each blocker in the order listed, any rest to the first; state another with `assign`)" : "");
		sbuf_free(&t);
	}
	/* blockers (510.1d) */
	for (int i = 0; i < b->nobjs; i++) {
		const struct bd_obj *o = &b->objs[i];
		if (!part[i] || o->zone != ZN_BATTLEFIELD || o->nblocking == 0 || !(z->cur[i].v.types & BT_CREATURE))
			continue;
		int pow = z->cur[i].v.power;
		int at[BD_MAXBLK], na = 0;
		for (int k = 0; k < o->nblocking; k++)
			if (o->blocking[k] >= 0 && attacking(z, o->blocking[k]))
				at[na++] = o->blocking[k];
		if (pow <= 0) {
			STEP(z, RL(R_ASSIGN_POWER), "%s has power %d, so it assigns no combat damage.", rz_oname(z, i), pow);
			continue;
		}
		if (na == 0) {
			STEP(z, RL(R_ASSIGN_BLOCKER), "%s is no longer blocking any creature, so it assigns no combat damage.", rz_oname(z, i));
			continue;
		}
		int left = pow;
		bool dt = z->cur[i].v.kws & KWBIT(KW_DEATHTOUCH);
		struct sbuf t = {0};
		for (int k = 0; k < na && left > 0; k++) {
			int need = na == 1 ? left : need_lethal(z, at[k], assigned[at[k]], dt);
			int x = k == na - 1 ? left : (need < left ? need : left);
			if (!x) continue;
			left -= x;
			assigned[at[k]] = rz_add(assigned[at[k]], x);
			add_dmg(z, d, &nd, i, (struct bd_ref){ -1, at[k] }, x);
			sbuf_addf(&t, "%s%d to %s", t.len ? ", " : "", x, rz_oname(z, at[k]));
		}
		STEP(z, RL(R_ASSIGN_BLOCKER), "%s is blocking and assigns its %d damage: %s.", rz_oname(z, i), pow, sbuf_str(&t));
		sbuf_free(&t);
	}
	free(assigned);
	if (nd)
		rz_deal_damage(z, d, nd, label);
	else
		STEP(z, RL(R_COMBAT_DEALT), "%s: no combat damage is dealt.", label);
}

/* which: STP_FIRST_STRIKE or STP_DAMAGE for one step (the board's `step` lines), or -1
 * for the whole of combat damage (`combat`): both steps when any creature has first strike
 * or double strike (510.4). */
void
rz_combat(struct rz *z, int which)
{
	struct board *b = z->b;
	rz_layers(z);
	if (which != STP_DAMAGE || !z->fs_step)
		check_blocks(z);
	bool *first = xcalloc((size_t)b->nobjs + 1, sizeof *first);
	bool *part = xcalloc((size_t)b->nobjs + 1, sizeof *part);
	bool fs = false;
	for (int i = 0; i < b->nobjs; i++) {
		bool in = attacking(z, i) || (b->objs[i].zone == ZN_BATTLEFIELD && b->objs[i].nblocking > 0);
		uint32_t k = z->cur[i].v.kws;
		first[i] = in && (k & (KWBIT(KW_FIRST_STRIKE) | KWBIT(KW_DOUBLE_STRIKE)));
		fs |= first[i];
	}
	if (which == STP_DAMAGE && z->fs_step) {
		/* after a first-strike step: 702.7c, 702.4c */
		for (int i = 0; i < b->nobjs; i++)
			part[i] = !z->fs_dealt[i] || (z->cur[i].v.kws & KWBIT(KW_DOUBLE_STRIKE));
		STEP(z, RL(R_FIRST_STRIKE_STEP, R_DOUBLE_STRIKE), "The regular combat damage step: creatures that didn't deal damage in the first-strike step, and creatures with double strike now, assign damage.");
		damage_step(z, part, "Regular combat damage step");
	} else if (which == STP_FIRST_STRIKE && !fs) {
		STEP(z, RL(R_FIRST_STRIKE_STEP), "No attacking or blocking creature has first strike or double strike, so there is no first-strike combat damage step.");
	} else if (fs && which != STP_DAMAGE) {
		STEP(z, RL(R_FIRST_STRIKE_STEP, R_FIRST_STRIKE, R_DOUBLE_STRIKE),
		    "At least one attacking or blocking creature has first strike or double strike, so there are two combat damage steps. The first-strike step: only those creatures assign damage.");
		damage_step(z, first, "First-strike combat damage step");
		z->fs_step = true;
		for (int i = 0; i < b->nobjs; i++)
			z->fs_dealt[i] = first[i];
		if (which == STP_FIRST_STRIKE)
			goto settle;
		rz_settle(z);
		if (z->game_over) goto done;
		rz_layers(z);
		for (int i = 0; i < b->nobjs; i++)
			part[i] = !first[i] || (z->cur[i].v.kws & KWBIT(KW_DOUBLE_STRIKE));
		STEP(z, RL(R_FIRST_STRIKE_STEP, R_DOUBLE_STRIKE), "The regular combat damage step: creatures that had neither first strike nor double strike when the first step began, and creatures with double strike now, assign damage.");
		damage_step(z, part, "Regular combat damage step");
	} else {
		for (int i = 0; i < b->nobjs; i++)
			part[i] = true;
		damage_step(z, part, "Combat damage step");
	}
settle:
	rz_settle(z);
done:
	free(first);
	free(part);
}
