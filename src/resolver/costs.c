/* costs.c — rules procedure: activating an ability (602.2). The ability goes on the stack,
 * then its costs are paid in the order 601.2g-h gives — mana first (mana abilities, 605),
 * then tapping, loyalty (606.4), removing counters, paying life, sacrificing, discarding —
 * and an ability whose cost can't be paid is not activated at all (602.2b, 601.2h). A mana
 * ability doesn't use the stack (605.3a). */
#include "rz_int.h"
#include "../base/buf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A mana cost as written ("{2}{u}{u}", "{x}{r}") as its generic amount, X counted as x (107.3),
 * and the rest in upper case ("{U}{U}"). */
static void
mana_split(const char *cost, int x, int *generic, char *rest, size_t cap)
{
	*generic = 0;
	rest[0] = 0;
	for (const char *p = cost; p && *p == '{';) {
		const char *e = strchr(p, '}');
		if (!e)
			break;
		char sym[16];
		snprintf(sym, sizeof sym, "%.*s", (int)(e - p - 1), p + 1);
		if (isdigit((unsigned char)sym[0]))
			*generic = rz_add(*generic, atoi(sym));
		else if (!strcasecmp(sym, "x"))
			*generic = rz_add(*generic, x);
		else {
			for (char *q = sym; *q; q++) *q = (char)toupper((unsigned char)*q);
			size_t l = strlen(rest);
			snprintf(rest + l, cap - l, "{%s}", sym);
		}
		p = e + 1;
	}
}

/* 601.2f (602.2b for an activated ability): the mana to pay once cost increases and then cost
 * reductions apply; reductions by generic mana reduce only the generic part, and not below
 * {0} (118.7a). obj is the spell, or the ability on the stack (ability) whose source is src;
 * mana its mana cost or activation cost. Says what applied in why (nothing: false) and writes
 * the total into total. */
static bool
cost_changes(struct rz *z, int obj, int src, bool ability, bool mana_ability, const char *mana, int x, int ntargets,
    struct sbuf *why, char *total, size_t cap)
{
	struct board *b = z->b;
	int caster = z->cur[ability ? src : obj].v.controller;
	int generic, more = 0, less = 0;
	char rest[64];
	mana_split(mana, x, &generic, rest, sizeof rest);
	struct sbuf inc = {0}, red = {0};
	for (struct rz_abil_it it = {0}; rz_next_abil(z, AK_COST_MOD, &it);) {
		const struct bd_abil *a = it.a;
		if (a->cost_self || a->cost_act != ability)
			continue;
		if (ability ? (a->cost_no_mana && mana_ability) || !rz_filter_match(z, &a->aff, src, it.s, it.ctl)
		    : !rz_filter_match(z, &a->aff, obj, it.s, it.ctl) || (a->tplayer == FC_YOU && caster != it.ctl)
		    || (a->tplayer == FC_OPP && caster == it.ctl))
			continue;
		struct sbuf *t = a->dmk == DM_PLUS ? &inc : &red;
		sbuf_addf(t, ", %s {%d} (%s)", a->dmk == DM_PLUS ? "plus" : "minus", a->dmn, rz_oname(z, it.s));
		if (a->dmk == DM_PLUS) more = rz_add(more, a->dmn);
		else less = rz_add(less, a->dmn);
	}
	/* the spell's own "this spell costs {X} less to cast" works as it is cast */
	const struct bd_obj *o = &b->objs[obj];
	for (int k = 0; !ability && k < o->nabils; k++) {
		const struct bd_abil *a = &o->abils[k];
		if (a->kind != AK_COST_MOD || !a->cost_self)
			continue;
		int n = a->dmn;
		char how[160] = "";
		if (a->cost_power) {
			n = 0;
			for (int i = 0; i < b->nobjs; i++)
				if (b->objs[i].zone == ZN_BATTLEFIELD && (z->cur[i].v.types & BT_CREATURE) && z->cur[i].v.controller == caster && z->cur[i].v.power > 0)
					n = rz_add(n, z->cur[i].v.power);
			snprintf(how, sizeof how, ": X is the total power of creatures %s controls", rz_pname(z, caster));
		} else if (a->cost_per_target) {
			n = a->dmn * (ntargets > 1 ? ntargets - 1 : 0);
			snprintf(how, sizeof how, ": for each of its %d target%s beyond the first", ntargets > 1 ? ntargets - 1 : 0, ntargets == 2 ? "" : "s");
		}
		struct sbuf *t = a->dmk == DM_PLUS ? &inc : &red;
		sbuf_addf(t, ", %s {%d} (its own ability%s)", a->dmk == DM_PLUS ? "plus" : "minus", n, how);
		if (a->dmk == DM_PLUS) more = rz_add(more, n);
		else less = rz_add(less, n);
	}
	bool any = inc.len || red.len;
	if (any) {
		int g = rz_add(generic, more);
		int cut = less < g ? less : g;
		g -= cut;
		if (g > 0 || !rest[0])
			snprintf(total, cap, "{%d}%s", g, rest);
		else
			snprintf(total, cap, "%s", rest);
		char base[64];
		if (generic > 0 || !rest[0]) snprintf(base, sizeof base, "{%d}%s", generic, rest);
		else snprintf(base, sizeof base, "%s", rest);
		sbuf_addf(why, "%s%s%s: %s to pay", base, sbuf_str(&inc), sbuf_str(&red), total);
		if (less > cut)
			sbuf_addf(why, " (the reduction of {%d} meets only {%d} of generic mana: it can't reduce colored mana, nor go below {0})", less, cut);
	}
	sbuf_free(&inc);
	sbuf_free(&red);
	return any;
}

int
rz_counters_of(const struct bd_obj *o, const struct bd_ctr *k)
{
	int n = 0;
	for (int i = 0; i < o->nctr; i++)
		if (o->ctr[i].kind == k->kind && (k->kind != CK_PT || (o->ctr[i].dp == k->dp && o->ctr[i].dt == k->dt))
		    && (k->kind != CK_OTHER || !strcmp(o->ctr[i].other, k->other)))
			n += o->ctr[i].n;
	return n;
}

void
rz_remove_counters(struct bd_obj *o, const struct bd_ctr *k, int n)
{
	for (int i = 0; i < o->nctr && n > 0; i++)
		if (o->ctr[i].kind == k->kind && (k->kind != CK_PT || (o->ctr[i].dp == k->dp && o->ctr[i].dt == k->dt))
		    && (k->kind != CK_OTHER || !strcmp(o->ctr[i].other, k->other))) {
			int take = o->ctr[i].n < n ? o->ctr[i].n : n;
			o->ctr[i].n -= take;
			n -= take;
		}
}

/* The costs that move objects (601.2h), for a spell or an activated ability of `whose`:
 * the object itself sacrificed or exiled (self, or -1) and the chosen permanents sacrificed,
 * all at once; then the cards discarded and the cards exiled from hand, one step each. */
static void
pay_card_costs(struct rz *z, int ctl, int whose, int self, bool self_exile, const int *sac, int nsac,
    const int *disc, int ndisc, const int *exl, int nexl)
{
	struct rz_move mv[BD_MAXTGT + 1];
	int nm = 0;
	if (self >= 0) {
		memset(&mv[nm], 0, sizeof mv[nm]);
		mv[nm].obj = self;
		mv[nm].to = self_exile ? ZN_EXILE : ZN_GRAVEYARD;
		mv[nm].why = self_exile ? MV_EXILE : MV_SACRIFICE;
		mv[nm].rule = self_exile ? R_EXILE : R_SACRIFICE;
		snprintf(mv[nm].reason, sizeof mv[nm].reason, "to pay the cost");
		nm++;
	}
	for (int i = 0; i < nsac && nm <= BD_MAXTGT; i++) {
		memset(&mv[nm], 0, sizeof mv[nm]);
		mv[nm].obj = sac[i];
		mv[nm].to = ZN_GRAVEYARD;
		mv[nm].why = MV_SACRIFICE;
		mv[nm].rule = R_SACRIFICE;
		snprintf(mv[nm].reason, sizeof mv[nm].reason, "to pay %s's cost", rz_oname(z, whose));
		nm++;
	}
	if (nm)
		rz_move(z, mv, nm, "Cost: ", R_COST_ORDER);
	/* cards from hand: discarded, or exiled (an alternative cost, 118.9) */
	for (int k = 0; k < 2; k++) {
		const int *cards = k ? exl : disc;
		for (int i = 0; i < (k ? nexl : ndisc); i++) {
			struct bd_obj *d = &z->b->objs[cards[i]];
			d->zone = k ? ZN_EXILE : ZN_GRAVEYARD;
			d->zpos = ++z->zseq;
			z->moveseq[cards[i]] = z->zseq;
			if (k)
				STEP(z, RL(R_COST_ORDER, R_EXILE), "Cost: %s exiles %s from their hand.", rz_pname(z, ctl), rz_oname(z, cards[i]));
			else
				STEP(z, RL(R_COST_ORDER, R_DISCARD), "Cost: %s discards %s.", rz_pname(z, ctl), rz_oname(z, cards[i]));
		}
	}
}

/* Can the cost be paid? why gets the reason when not. */
static bool
payable(struct rz *z, const struct bd_obj *ab, const struct bd_cost *c, int src, char *why, size_t cap)
{
	const struct board *b = z->b;
	const struct bd_obj *s = &b->objs[src];
	int ctl = z->cur[src].v.controller;
	if (c->tap && s->tapped) { snprintf(why, cap, "%s is already tapped", rz_oname(z, src)); return false; }
	if (c->untap && !s->tapped) { snprintf(why, cap, "%s is already untapped, and {Q} can't untap it again (107.6)", rz_oname(z, src)); return false; }
	if (c->loyalty && c->loy < 0) {
		struct bd_ctr k = { .kind = CK_LOYALTY };
		if (rz_counters_of(s, &k) < -c->loy) { snprintf(why, cap, "%s has only %d loyalty counters", rz_oname(z, src), rz_counters_of(s, &k)); return false; }
	}
	if (c->remove.n > 0 && rz_counters_of(s, &c->remove) < c->remove.n) {
		snprintf(why, cap, "%s doesn't have %d such counter%s to remove", rz_oname(z, src), c->remove.n, c->remove.n == 1 ? "" : "s");
		return false;
	}
	/* 119.4: a player can pay life only if their life total is at least that much */
	if (c->life > 0 && b->players[ctl].life < c->life) { snprintf(why, cap, "%s has less than %d life", rz_pname(z, ctl), c->life); return false; }
	if (c->nsac > 0) {
		if (ab->nact_sac < c->nsac) { snprintf(why, cap, "the board doesn't say what is sacrificed (add `sacrifice NAME` under `activate`)"); return false; }
		for (int i = 0; i < ab->nact_sac; i++) {
			int o = ab->act_sac[i];
			if (o < 0 || b->objs[o].zone != ZN_BATTLEFIELD || z->cur[o].v.controller != ctl
			    || !rz_filter_match(z, &c->sac, o, src, ctl)) {
				snprintf(why, cap, "%s can't be sacrificed for it (it must be %s's permanent matching the cost)", rz_oname(z, o), rz_pname(z, ctl));
				return false;
			}
		}
	}
	if (c->discard > 0) {
		if (ab->nact_discard < c->discard) { snprintf(why, cap, "the board names %d card%s to discard, and the cost is %d (add `discard NAME` under `activate`)", ab->nact_discard, ab->nact_discard == 1 ? "" : "s", c->discard); return false; }
		for (int i = 0; i < ab->nact_discard; i++) {
			int o = ab->act_discard[i];
			if (o < 0 || b->objs[o].zone != ZN_HAND || b->objs[o].owner != ctl) {
				snprintf(why, cap, "%s is not a card in %s's hand", rz_oname(z, o), rz_pname(z, ctl));
				return false;
			}
		}
	}
	if ((c->sac_self || c->exile_self) && s->zone != ZN_BATTLEFIELD) { snprintf(why, cap, "%s is not on the battlefield", rz_oname(z, src)); return false; }
	return true;
}

void
rz_activate(struct rz *z, int abobj)
{
	struct board *b = z->b;
	struct bd_obj *ab = &b->objs[abobj];
	int src = ab->act_src;
	const struct bd_obj *spr = rz_printed(z, src);
	rz_layers(z);
	const struct bd_abil *a = ab->act_abil < spr->nabils ? &spr->abils[ab->act_abil] : &ab->abils[0];
	const struct bd_cost *c = &a->cost;
	struct bd_obj *s = &b->objs[src];
	int ctl = z->cur[src].v.controller;
	char why[240];
	if (s->zone != ZN_BATTLEFIELD && !(c->sac_self && s->zone == ZN_BATTLEFIELD)) {
		STEP(z, RL(R_ACTIVATE), "%s is not on the battlefield, so its ability can't be activated.", rz_oname(z, src));
		return;
	}
	/* 302.6, 602.5a: a creature's {T} or {Q} ability needs it under its controller's control
	 * since their turn began, or haste (702.10c); a land that isn't a creature never does */
	bool tapcost = c->tap || c->untap || (a->kind == AK_MANA && (strstr(a->text, "{T}") || strstr(a->text, "{t}") || strstr(a->text, "{Q}") || strstr(a->text, "{q}")));
	if (tapcost && (z->cur[src].v.types & BT_CREATURE) && rz_sick(z, src)) {
		if (!(z->cur[src].v.kws & KWBIT(KW_HASTE))) {
			STEP(z, RL(R_SICK_ACTIVATE, R_SICK), "%s's ability (\"%s\") can't be activated: its cost has %s, and %s is a creature that hasn't been under %s's control continuously since their most recent turn began and doesn't have haste (summoning sickness). Nothing happens.",
			    rz_oname(z, src), a->text, c->untap ? "{Q}" : "{T}", rz_oname(z, src), rz_pname(z, ctl));
			return;
		}
		STEP(z, RL(R_SICK_ACTIVATE, R_HASTE_ACTIVATE), "%s came under %s's control this turn, but it has haste, so its %s ability can be activated.",
		    rz_oname(z, src), rz_pname(z, ctl), c->untap ? "{Q}" : "{T}");
	}
	/* 602.2b, 601.2c: the targets are chosen before the costs are paid */
	enum rz_rule tr = R_CHOOSE_TARGETS;
	if (a->kind != AK_MANA && !rz_targets_choosable(z, abobj, why, sizeof why, &tr)) {
		STEP(z, RL(R_COST_ILLEGAL, R_CHOOSE_TARGETS, tr, R_ILLEGAL_ACTION), "%s's ability (\"%s\") can't be activated with that target: a target must be a legal choice as it is chosen, and %s. The activation is reversed as though it never began: no cost is paid and nothing happens.",
		    rz_oname(z, src), a->text, why);
		return;
	}
	if (!payable(z, ab, c, src, why, sizeof why)) {
		STEP(z, RL(R_ACTIVATE, R_COST_ILLEGAL), "%s's ability (\"%s\") can't be activated: its cost can't be paid (%s), so the activation is reversed and nothing happens.",
		    rz_oname(z, src), a->text, why);
		return;
	}
	if (a->kind == AK_MANA) {
		bool tap = c->tap || strstr(a->text, "{T}") || strstr(a->text, "{t}");
		bool basic = (z->cur[src].v.types & BT_LAND) && a->line == ab->line;
		if (tap) s->tapped = true;
		STEP(z, RL(R_MANA_ABILITY, basic ? R_BASIC_MANA : R_NONE), "%s activates %s's mana ability (\"%s\"%s): it doesn't use the stack and resolves at once; mana pools are not part of the board.",
		    rz_pname(z, ctl), rz_oname(z, src), a->text, basic ? ", the ability its basic land type gives it" : "");
		struct sbuf chg = {0};
		char total[80];
		if (cost_changes(z, abobj, src, true, true, c->mana, 0, 0, &chg, total, sizeof total))
			STEP(z, RL(R_ACT_COST, R_TOTAL_COST), "Its activation cost's mana changes too (602.2b): %s; mana is noted, not tracked.", sbuf_str(&chg));
		sbuf_free(&chg);
		if (tap) {
			struct rz_tev ev = { .kind = TR_TAPPED, .obj = src, .src = -1, .player = -1 };
			rz_trigger_event(z, &ev);
			/* 605.1b: "whenever a player taps a land for mana" */
			struct rz_tev mv = { .kind = TR_TAP_MANA, .obj = src, .src = -1, .player = ctl };
			rz_trigger_event(z, &mv);
		}
		return;
	}
	/* 602.2a: the ability is put on the stack, then 601.2h: the costs, in this order */
	ab->zone = ZN_STACK;
	ab->controller = ab->owner = ctl;
	ab->ts = ++b->next_ts;
	ab->zpos = 0;
	z->moveseq[abobj] = ++z->zseq;
	struct sbuf t = {0};
	struct sbuf chg = {0};
	char total[80];
	if (cost_changes(z, abobj, src, true, false, c->mana, ab->x, ab->ntargets, &chg, total, sizeof total)) {
		sbuf_addf(&t, "pays %s (its activation cost's mana %s; 602.2b, 601.2f; mana abilities are activated first, 601.2g)", total, sbuf_str(&chg));
		sbuf_free(&chg);
		STEP(z, RL(R_ACT_COST, R_TOTAL_COST), "The cost to activate %s's ability (\"%s\") changes: cost increases apply to activation costs as to spells (602.2b), loyalty abilities included.",
		    rz_oname(z, src), a->text);
	} else if (c->mana[0]) sbuf_addf(&t, "pays %s (mana abilities are activated first, 601.2g)", c->mana);
	if (c->tap) { s->tapped = true; sbuf_addf(&t, "%staps %s", t.len ? "; " : "", rz_oname(z, src)); }
	if (c->untap) { s->tapped = false; sbuf_addf(&t, "%suntaps %s ({Q}, 107.6)", t.len ? "; " : "", rz_oname(z, src)); }
	if (c->loyalty) {
		struct bd_ctr k = { .kind = CK_LOYALTY, .n = c->loy };
		int put = c->loy;
		if (c->loy > 0) {
			/* the activating player puts them, as a cost, not an effect (606.4, 614.16) */
			z->putter = ctl;
			put = rz_put_counters_cost(z, src, &k);
			z->putter = -1;
		} else if (c->loy < 0)
			rz_remove_counters(s, &k, -c->loy);
		struct bd_ctr q = { .kind = CK_LOYALTY };
		char inst[64] = "";
		if (c->loy > 0 && put != c->loy)
			snprintf(inst, sizeof inst, " (%d instead of %d, see above)", put, c->loy);
		sbuf_addf(&t, "%s%s %d loyalty counter%s %s %s%s (loyalty %d)", t.len ? "; " : "", c->loy >= 0 ? "puts" : "removes",
		    c->loy >= 0 ? c->loy : -c->loy, (c->loy == 1 || c->loy == -1) ? "" : "s", c->loy >= 0 ? "on" : "from", rz_oname(z, src), inst, rz_counters_of(s, &q));
	}
	if (c->remove.n > 0) {
		rz_remove_counters(s, &c->remove, c->remove.n);
		sbuf_addf(&t, "%sremoves %d counter%s from %s", t.len ? "; " : "", c->remove.n, c->remove.n == 1 ? "" : "s", rz_oname(z, src));
	}
	if (c->life > 0) {
		b->players[ctl].life -= c->life;
		sbuf_addf(&t, "%spays %d life (life %d)", t.len ? "; " : "", c->life, b->players[ctl].life);
	}
	/* the source's last known information, for an ability that refers to it after it left */
	z->lki[src] = z->cur[src];
	enum rz_rule rules[RZ_MAXCITE] = { c->loyalty ? R_LOYALTY_COST : R_ACTIVATE, R_COST_ORDER };
	int nr = 2;
	if (c->life > 0)
		rules[nr++] = R_PAY_LIFE;
	if (c->untap)
		rules[nr++] = R_UNTAP_SYMBOL;
	rz_step(z, rules, nr, "%s activates %s's ability (\"%s\"): it goes on the stack%s%s%s.", rz_pname(z, ctl), rz_oname(z, src), a->text,
	    t.len ? ", and " : "", t.len ? rz_pname(z, ctl) : "", "");
	if (t.len) {
		/* the cost paid, in one step with the activation */
		struct rz_step *st = &z->res->steps[z->res->nsteps - 1];
		struct sbuf w = {0};
		sbuf_addf(&w, "%.*s %s.", (int)strlen(st->text) - 1, st->text, sbuf_str(&t));
		free(st->text);
		st->text = sbuf_take(&w);
	}
	sbuf_free(&t);
	if (c->life > 0) {
		struct rz_tev ev = { .kind = TR_LOSE_LIFE, .obj = -1, .src = -1, .player = ctl, .amount = c->life };
		rz_trigger_event(z, &ev);
	}
	if (c->tap || c->untap) {
		struct rz_tev ev = { .kind = c->tap ? TR_TAPPED : TR_UNTAPPED, .obj = src, .src = -1, .player = -1 };
		rz_trigger_event(z, &ev);
	}
	pay_card_costs(z, ctl, src, c->sac_self || c->exile_self ? src : -1, c->exile_self,
	    ab->act_sac, ab->nact_sac < c->nsac ? ab->nact_sac : c->nsac,
	    ab->act_discard, ab->nact_discard < c->discard ? ab->nact_discard : c->discard, NULL, 0);
	/* the permanents it targets "become the target" of an ability (ward, 702.21a) */
	rz_targeted(z, abobj);
}

/* Which of the spell's cost abilities the board's payments use: its alternative cost when the
 * board pays what that asks (life, an exiled card) instead of the mana cost (118.9). */
static const struct bd_abil *
alt_cost(const struct bd_obj *o)
{
	for (int k = 0; k < o->nabils; k++) {
		const struct bd_abil *a = &o->abils[k];
		if (a->spell_cost == 2 && ((a->cost.life && o->pay_life) || (a->exile_hand && o->nact_exile)))
			return a;
	}
	return NULL;
}

bool
rz_cast_costs(struct rz *z, int spell, enum bd_zone from)
{
	struct board *b = z->b;
	struct bd_obj *o = &b->objs[spell];
	int ctl = z->cur[spell].v.controller;
	const struct bd_abil *alt = alt_cost(o), *add = NULL;
	for (int k = 0; k < o->nabils && !add; k++)
		if (o->abils[k].spell_cost == 1) add = &o->abils[k];
	bool kicker = false;
	for (int k = 0; k < o->nabils; k++)
		kicker |= o->abils[k].text && !strncasecmp(o->abils[k].text, "kicker", 6);
	/* cost increases, then reductions (601.2f), on the mana cost or the alternative cost */
	struct sbuf chg = {0};
	char total[80];
	bool changed = cost_changes(z, spell, spell, false, false, alt ? "" : o->mana_cost, o->x, o->ntargets, &chg, total, sizeof total);
	if (!alt && !add && !o->kicked && !o->pay_life && !o->nact_exile && !o->nact_sac && !o->nact_discard) {
		if (changed)
			STEP(z, RL(R_TOTAL_COST, R_COST_GENERIC), "%s determines the total cost of %s (601.2f: the mana cost, plus cost increases, then minus cost reductions): %s; its mana value is unchanged (202.3). Mana is noted, not tracked; %s pays it.",
			    rz_pname(z, ctl), rz_oname(z, spell), sbuf_str(&chg), rz_pname(z, ctl));
		sbuf_free(&chg);
		return true;
	}
	/* 601.2f: the total cost; then 601.2h: it is paid; a cost that can't be paid reverses
	 * the whole casting (601.2, 732) */
	char why[240] = "";
	int life = (alt ? alt->cost.life : 0) + (add ? add->cost.life : 0);
	int nsac = add ? add->cost.nsac : 0, ndis = add ? add->cost.discard : 0, nexi = alt ? alt->exile_hand : 0;
	if (o->pay_life && !alt)
		snprintf(why, sizeof why, "the board pays %d life, and %s has no cost in life", o->pay_life, rz_oname(z, spell));
	else if (alt && o->pay_life != alt->cost.life)
		snprintf(why, sizeof why, "its alternative cost is %d life, and the board pays %d", alt->cost.life, o->pay_life);
	else if (alt && alt->ifk == IF_COND && !rz_cond_holds(z, &alt->ifcond, spell))
		snprintf(why, sizeof why, "the condition of its alternative cost (\"%s\") isn't met", alt->text);
	else if (life > b->players[ctl].life)
		snprintf(why, sizeof why, "%s has %d life, less than the %d to pay (119.4)", rz_pname(z, ctl), b->players[ctl].life, life);
	else if (o->nact_sac != nsac)
		snprintf(why, sizeof why, nsac ? "its cost sacrifices %d, and the board names %d (add `sacrifice NAME` under `cast`)" : "its cost sacrifices %d, and the board names %d", nsac, o->nact_sac);
	else if (o->nact_exile != nexi)
		snprintf(why, sizeof why, "its cost exiles %d card%s from hand, and the board names %d", nexi, nexi == 1 ? "" : "s", o->nact_exile);
	else if (o->nact_discard != ndis && !(add && add->or_mana[0] && o->nact_discard == 0))
		snprintf(why, sizeof why, ndis ? "its cost discards %d card%s, and the board names %d (add `discard NAME` under `cast`)" : "its cost discards %d card%s, and the board names %d",
		    ndis, ndis == 1 ? "" : "s", o->nact_discard);
	else if (o->kicked && !kicker)
		snprintf(why, sizeof why, "it has no kicker cost");
	for (int i = 0; !why[0] && i < o->nact_sac; i++) {
		int s = o->act_sac[i];
		if (s < 0 || b->objs[s].zone != ZN_BATTLEFIELD || z->cur[s].v.controller != ctl || !rz_filter_match(z, &add->cost.sac, s, spell, ctl))
			snprintf(why, sizeof why, "%s can't be sacrificed for it (it must be %s's permanent matching the cost)", rz_oname(z, s), rz_pname(z, ctl));
	}
	for (int i = 0; !why[0] && i < o->nact_discard; i++) {
		int d = o->act_discard[i];
		if (d < 0 || d == spell || b->objs[d].zone != ZN_HAND || b->objs[d].owner != ctl)
			snprintf(why, sizeof why, "%s is not another card in %s's hand", rz_oname(z, d), rz_pname(z, ctl));
	}
	for (int i = 0; !why[0] && i < o->nact_exile; i++) {
		int x = o->act_exile[i];
		if (x < 0 || x == spell || b->objs[x].zone != ZN_HAND || b->objs[x].owner != ctl)
			snprintf(why, sizeof why, "%s is not another card in %s's hand", rz_oname(z, x), rz_pname(z, ctl));
		else if (alt->exile_colors && !(z->cur[x].v.colors & alt->exile_colors))
			snprintf(why, sizeof why, "%s is not of the color the cost asks for", rz_oname(z, x));
	}
	if (why[0]) {
		sbuf_free(&chg);
		/* the card goes back where it came from; one the board put on the stack, to hand */
		o->zone = from == ZN_STACK ? ZN_HAND : from;
		o->zpos = ++z->zseq;
		z->moveseq[spell] = z->zseq;
		STEP(z, RL(R_CAST_ILLEGAL, R_TOTAL_COST, R_COST_ORDER, alt ? R_ALT_COST : R_NONE), "%s can't be cast this way: %s. Casting it is reversed, and the card goes back to its owner's %s.",
		    rz_oname(z, spell), why, bd_zone_name(o->zone));
		return false;
	}
	struct sbuf t = {0};
	enum rz_rule rules[RZ_MAXCITE] = { R_TOTAL_COST, R_COST_ORDER };
	int nr = 2;
	if (alt) {
		sbuf_addf(&t, "instead of its mana cost, the alternative cost (\"%s\")", alt->text);
		rules[nr++] = R_ALT_COST;
	} else
		sbuf_addf(&t, "its mana cost%s", o->x ? " with X as chosen" : "");
	if (add)
		sbuf_addf(&t, ", plus the additional cost (\"%s\")", add->text);
	if (o->kicked) {
		sbuf_adds(&t, ", plus its kicker cost, so it is kicked");
		if (nr < RZ_MAXCITE) rules[nr++] = R_KICKER;
		if (nr < RZ_MAXCITE) rules[nr++] = R_KICKED;
	}
	if (add && add->or_mana[0] && o->nact_discard == 0)
		sbuf_addf(&t, " (paying %s rather than discarding)", add->or_mana);
	if (changed) {
		sbuf_addf(&t, "; its mana: %s", sbuf_str(&chg));
		if (nr < RZ_MAXCITE) rules[nr++] = R_COST_GENERIC;
	}
	sbuf_free(&chg);
	rz_step(z, rules, nr, "%s determines the total cost of %s: %s; mana is noted, not tracked. %s pays it.", rz_pname(z, ctl), rz_oname(z, spell),
	    sbuf_str(&t), rz_pname(z, ctl));
	sbuf_free(&t);
	if (life > 0) {
		b->players[ctl].life = rz_sub(b->players[ctl].life, life);
		STEP(z, RL(R_COST_ORDER, R_PAY_LIFE), "Cost: %s pays %d life (life %d).", rz_pname(z, ctl), life, b->players[ctl].life);
		struct rz_tev ev = { .kind = TR_LOSE_LIFE, .obj = -1, .src = -1, .player = ctl, .amount = life };
		rz_trigger_event(z, &ev);
	}
	pay_card_costs(z, ctl, spell, -1, false, o->act_sac, o->nact_sac, o->act_discard, o->nact_discard, o->act_exile, o->nact_exile);
	return true;
}
