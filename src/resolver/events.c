/* events.c — damage (120, with prevention and replacement ordered per 616.1), zone moves
 * with their replacement effects and look-back triggers (603.10a), counters, life, and the
 * state-based-action loop (704.3) that settles the board after every event. */
#include "rz_int.h"
#include "../base/buf.h"
#include "../base/mem.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- damage ---------------------------------------------------------------------- */

/* n - k, but not below 0: counters removed by damage (120.3c) */
static int
sub_floor0(int n, int k)
{
	return n > k ? n - k : 0;
}

enum modk { MOD_PROT, MOD_PREVENT, MOD_FOG, MOD_DOUBLE, MOD_PLUS, MOD_MINUS, MOD_SHIELD };
struct mod {
	enum modk k;
	int n;
	int src;          /* the object whose ability it is, -1 for protection/fog */
	char label[96];
};

static int
apply_mod(const struct mod *m, int amount)
{
	switch (m->k) {
	case MOD_PROT: case MOD_PREVENT: case MOD_FOG: return 0;
	case MOD_DOUBLE: return rz_mul(amount, 2);
	case MOD_PLUS: return rz_add(amount, m->n);
	case MOD_MINUS: case MOD_SHIELD: return amount > m->n ? amount - m->n : 0;
	}
	return amount;
}

static bool
prot_from(const struct rz_view *v, const struct rz_dmg *d)
{
	if (v->prot_flags & PROT_EVERYTHING)
		return true;
	if (v->prot_colors & d->colors)
		return true;
	if (v->prot_flags & d->types & PROT_TYPES)
		return true;
	return false;
}

/* Does a damage ability's recipient filter cover this recipient? */
static bool
covers(const struct rz *z, const struct bd_filter *f, struct bd_ref to, int src, int ctl)
{
	if (to.p >= 0) {
		if (!f->players)
			return false;
		if (f->you_only) return to.p == ctl;
		if (f->opponents_only) return to.p != ctl;
		return true;
	}
	return rz_filter_match(z, f, to.o, src, ctl);
}

static int
gather_mods(struct rz *z, const struct rz_dmg *d, struct mod *m)
{
	int n = 0;
	struct board *b = z->b;
	/* 615.12: prevention effects still apply but prevent nothing */
	char nopv_by[96];
	bool nopv = rz_rule_applies(z, RU_NO_PREVENT, -1, -1, NULL, nopv_by, sizeof nopv_by, NULL)
	    || (d->src >= 0 && rz_rule_applies(z, RU_NO_PREVENT_BY, -1, d->src, NULL, nopv_by, sizeof nopv_by, NULL))
	    || (d->src >= 0 && d->combat && rz_rule_applies(z, RU_NO_PREVENT_COMBAT_BY, -1, d->src, NULL, nopv_by, sizeof nopv_by, NULL));
	struct sbuf unprev = {0};
	if (nopv && d->to.o >= 0 && prot_from(&z->cur[d->to.o].v, d))
		sbuf_addf(&unprev, "%s%s's protection", unprev.len ? ", " : "", rz_oname(z, d->to.o));
	else if (d->to.o >= 0 && prot_from(&z->cur[d->to.o].v, d)) {
		m[n].k = MOD_PROT; m[n].src = -1;
		snprintf(m[n].label, sizeof m[n].label, "%s's protection", rz_oname(z, d->to.o));
		n++;
	}
	int shield = d->to.p >= 0 ? b->players[d->to.p].shield : b->objs[d->to.o].shield;
	if (shield > 0 && nopv)
		sbuf_addf(&unprev, "%sthe shield preventing the next %d damage to %s", unprev.len ? ", " : "", shield,
		    d->to.p >= 0 ? rz_pname(z, d->to.p) : rz_oname(z, d->to.o));
	else if (shield > 0) {
		m[n].k = MOD_SHIELD; m[n].src = -1; m[n].n = shield;
		snprintf(m[n].label, sizeof m[n].label, "the shield preventing the next %d damage to %s", shield,
		    d->to.p >= 0 ? rz_pname(z, d->to.p) : rz_oname(z, d->to.o));
		n++;
	}
	if (z->fog && d->combat && nopv)
		sbuf_addf(&unprev, "%sthe effect preventing all combat damage this turn", unprev.len ? ", " : "");
	else if (z->fog && d->combat) {
		m[n].k = MOD_FOG; m[n].src = -1;
		snprintf(m[n].label, sizeof m[n].label, "the effect preventing all combat damage this turn");
		n++;
	}
	int over = 0;   /* effects beyond the 8 whose every order is tried (616.1) */
	for (int i = 0; i < b->nobjs; i++) {
		if (b->objs[i].zone != ZN_BATTLEFIELD)
			continue;
		int ctl = z->cur[i].v.controller;
		const struct bd_obj *pr = rz_printed(z, i);
		for (int k = 0; k < pr->nabils; k++) {
			const struct bd_abil *a = &pr->abils[k];
			if (!rz_has_abil(&z->cur[i], k))
				continue;
			if (a->kind == AK_PREVENT) {
				if (a->combat_only && !d->combat)
					continue;
				if (a->cond.kind != CD_NONE && !rz_cond_holds(z, &a->cond, i))
					continue;
				bool to = covers(z, &a->aff, d->to, i, ctl);
				bool by = d->src >= 0 && rz_filter_match(z, &a->aff, d->src, i, ctl);
				if ((a->to_and_by ? (to || by) : a->by_only ? by : to) && nopv) {
					sbuf_addf(&unprev, "%s%s", unprev.len ? ", " : "", rz_oname(z, i));
				} else if ((a->to_and_by ? (to || by) : a->by_only ? by : to) && n == 8) {
					over++;
				} else if (a->to_and_by ? (to || by) : a->by_only ? by : to) {
					m[n].k = MOD_PREVENT; m[n].src = i;
					snprintf(m[n].label, sizeof m[n].label, "%s", rz_oname(z, i));
					n++;
				}
			} else if (a->kind == AK_DAMAGE_MOD) {
				if (a->src_spell && !d->is_spell)
					continue;
				if (a->src.colors && !(a->src.colors & d->colors))
					continue;
				if (a->src.types && !(a->src.types & d->types))
					continue;
				if (a->src.ctl == FC_YOU && d->controller != ctl)
					continue;
				if (!covers(z, &a->aff, d->to, i, ctl))
					continue;
				if (n == 8) {
					over++;
					continue;
				}
				m[n].k = a->dmk == DM_DOUBLE ? MOD_DOUBLE : a->dmk == DM_PLUS ? MOD_PLUS : MOD_MINUS;
				m[n].n = a->dmn;
				m[n].src = i;
				snprintf(m[n].label, sizeof m[n].label, "%s", rz_oname(z, i));
				n++;
			}
		}
	}
	if (unprev.len)
		STEP(z, RL(R_NO_PREVENT, R_CANT), "Damage can't be prevented (%s), so %s prevents none of the %d damage %s would deal to %s.",
		    nopv_by, sbuf_str(&unprev), d->amount, d->src_name, d->to.p >= 0 ? rz_pname(z, d->to.p) : rz_oname(z, d->to.o));
	sbuf_free(&unprev);
	if (over && !z->game_over) {
		STEP(z, RL(R_REPL_ORDER), "%d replacement and prevention effects would apply to the %d damage %s would deal to %s; judge tries every order of at most 8 (616.1), so it stops here rather than leave one out.",
		    n + over, d->amount, d->src_name, d->to.p >= 0 ? rz_pname(z, d->to.p) : rz_oname(z, d->to.o));
		z->game_over = true;
	}
	return n;
}

/* The damage left after applying the effects in this order (616.1f: once it is 0 nothing
 * else applies). *used gets what a "prevent the next N" shield used up. */
static int
run_order_used(const struct mod *m, const int *perm, int n, int amount, int *used)
{
	*used = 0;
	for (int i = 0; i < n && amount > 0; i++) {
		int after = apply_mod(&m[perm[i]], amount);
		if (m[perm[i]].k == MOD_SHIELD)
			*used = amount - after;
		amount = after;
	}
	return amount;
}

static int
run_order(const struct mod *m, const int *perm, int n, int amount)
{
	int used;
	return run_order_used(m, perm, n, amount, &used);
}

static void
use_shield(struct rz *z, struct bd_ref to, int used)
{
	if (used <= 0)
		return;
	if (to.p >= 0) z->b->players[to.p].shield -= used;
	else z->b->objs[to.o].shield -= used;
}

static const char *
recipient_name(const struct rz *z, struct bd_ref r)
{
	return r.p >= 0 ? rz_pname(z, r.p) : rz_oname(z, r.o);
}

void
rz_deal_damage(struct rz *z, struct rz_dmg *d, int n, const char *why)
{
	struct board *b = z->b;
	int *final = xcalloc((size_t)n + 1, sizeof *final);
	for (int i = 0; i < n; i++) {
		final[i] = d[i].amount;
		if (d[i].amount <= 0)
			continue;
		struct mod m[8];
		int nm = gather_mods(z, &d[i], m);
		if (nm == 0)
			continue;
		int chooser = d[i].to.p >= 0 ? d[i].to.p : z->cur[d[i].to.o].v.controller;
		int perm[8], best[8];
		for (int k = 0; k < nm; k++) perm[k] = k;
		if (nm == 1) {
			final[i] = apply_mod(&m[0], d[i].amount);
			if (m[0].k == MOD_SHIELD)
				use_shield(z, d[i].to, d[i].amount - final[i]);
			bool prev = m[0].k == MOD_PROT || m[0].k == MOD_PREVENT || m[0].k == MOD_FOG || m[0].k == MOD_SHIELD;
			if (m[0].k == MOD_PROT)
				STEP(z, RL(R_PROT_DAMAGE, R_PREVENTED_NEVER), "%d damage from %s to %s is prevented by protection.",
				    d[i].amount, d[i].src_name, recipient_name(z, d[i].to));
			else if (prev && final[i] > 0)
				STEP(z, RL(R_PREVENTION, m[0].k == MOD_SHIELD ? R_SHIELD : R_NONE), "%d of the %d damage from %s to %s is prevented (%s).",
				    d[i].amount - final[i], d[i].amount, d[i].src_name, recipient_name(z, d[i].to), m[0].label);
			else if (prev)
				STEP(z, RL(R_PREVENTION, R_PREVENTED_NEVER, m[0].k == MOD_SHIELD ? R_SHIELD : R_NONE), "%d damage from %s to %s is prevented (%s).",
				    d[i].amount, d[i].src_name, recipient_name(z, d[i].to), m[0].label);
			else
				STEP(z, RL(R_REPLACE_INSTEAD, R_REPLACED_NEVER), "%s's replacement effect changes the %d damage %s would deal to %s: %d damage instead.",
				    m[0].label, d[i].amount, d[i].src_name, recipient_name(z, d[i].to), final[i]);
			continue;
		}
		/* 616.1: the affected player (or the affected object's controller) orders them;
		 * try every order and show each outcome that differs */
		struct sbuf br = {0};
		int minv = 1 << 30, maxv = -1;
		memcpy(best, perm, sizeof perm);
		do {
			int v = run_order(m, perm, nm, d[i].amount);
			sbuf_addf(&br, "%s", br.len ? "; " : "");
			for (int k = 0; k < nm; k++)
				sbuf_addf(&br, "%s%s", k ? " then " : "", m[perm[k]].label);
			sbuf_addf(&br, " gives %d", v);
			if (v < minv) { minv = v; memcpy(best, perm, sizeof perm); }
			if (v > maxv) maxv = v;
		} while (rz_next_perm(perm, nm));
		int chosen[8];
		int srcs[8];
		for (int k = 0; k < nm; k++) srcs[k] = m[k].src;
		bool stated = rz_stated_order(z, srcs, nm, chosen);
		if (!stated)
			memcpy(chosen, best, sizeof chosen);
		int used;
		final[i] = run_order_used(m, chosen, nm, d[i].amount, &used);
		use_shield(z, d[i].to, used);
		struct sbuf ord = {0};
		for (int k = 0; k < nm; k++)
			sbuf_addf(&ord, "%s%s", k ? " then " : "", m[chosen[k]].label);
		if (minv != maxv)
			STEP(z, RL(R_REPL_ORDER, R_REPL_ANY, R_REPL_REPEAT),
			    "%d effects apply to the %d damage %s would deal to %s, and %s (the affected %s) chooses their order, which changes the outcome. Branches: %s. %s %s: %d damage.",
			    nm, d[i].amount, d[i].src_name, recipient_name(z, d[i].to), rz_pname(z, chooser),
			    d[i].to.p >= 0 ? "player" : "object's controller", sbuf_str(&br),
			    stated ? "As the board states, they apply" : "Judge follows the order that deals the least damage (add `order NAME, NAME` to the board for another):",
			    sbuf_str(&ord), final[i]);
		else
			STEP(z, RL(R_REPL_ORDER, R_REPL_REPEAT),
			    "%d effects apply to the %d damage %s would deal to %s; %s orders them (%s), and every order gives %d damage.",
			    nm, d[i].amount, d[i].src_name, recipient_name(z, d[i].to), rz_pname(z, chooser), sbuf_str(&ord), final[i]);
		sbuf_free(&br);
		sbuf_free(&ord);
	}
	/* 120.3: the results, all at once */
	struct sbuf t = {0};
	enum rz_rule rules[RZ_MAXCITE];
	int nr = 0;
#define CITE(r) do { bool seen_ = false; for (int q_ = 0; q_ < nr; q_++) seen_ |= rules[q_] == (r); \
	if (!seen_ && nr < RZ_MAXCITE) rules[nr++] = (r); } while (0)
	int gain[BD_MAXPLAYERS] = { 0 };
	bool same = true;
	for (int i = 1; i < n; i++)
		same &= d[i].src == d[0].src && !strcmp(d[i].src_name, d[0].src_name);
	for (int i = 0; i < n; i++) {
		int a = final[i];
		d[i].dealt = a > 0 ? a : 0;
		if (a <= 0)
			continue;
		struct rz_dmg *x = &d[i];
		bool infect = x->kws & KWBIT(KW_INFECT), wither = x->kws & KWBIT(KW_WITHER);
		if (same)
			sbuf_addf(&t, "%s%d to %s", t.len ? "; " : "", a, recipient_name(z, x->to));
		else
			sbuf_addf(&t, "%s%s deals %d to %s", t.len ? "; " : "", x->src_name, a, recipient_name(z, x->to));
		if (x->to.p >= 0) {
			struct bd_player *p = &b->players[x->to.p];
			char by[96];
			int floor = 0;
			const struct bd_ctr poison = { .kind = CK_OTHER, .other = "poison", .n = a };
			if (infect && rz_rule_applies(z, RU_PLAYER_NO_COUNTERS, x->to.p, -1, &poison, by, sizeof by, NULL)) {
				sbuf_addf(&t, " (no poison counters: %s can't get them, %s)", rz_pname(z, x->to.p), by);
				CITE(R_DAMAGE_INFECT_PLAYER); CITE(R_INFECT); CITE(R_CANT);
			} else if (infect) {
				/* 120.3b: the source's controller gives them; replacement effects on
				 * counters put on players apply (Vorinclex) */
				int pn = rz_counter_replacements(z, x->to, &poison, true, x->controller, "poison");
				p->poison = rz_add(p->poison, pn);
				sbuf_addf(&t, " (%d poison counters, now %d)", pn, p->poison);
				CITE(R_DAMAGE_INFECT_PLAYER); CITE(R_INFECT);
			} else if (rz_rule_applies(z, RU_CANT_LOSE_LIFE, x->to.p, -1, NULL, by, sizeof by, NULL)) {
				sbuf_addf(&t, " (no life lost: %s can't lose life, %s; life %d)", rz_pname(z, x->to.p), by, p->life);
				CITE(R_DAMAGE_LIFE); CITE(R_CANT_LOSE_LIFE); CITE(R_CANT);
			} else if (rz_sub(p->life, a) < p->life && rz_rule_applies(z, RU_LIFE_FLOOR, x->to.p, -1, NULL, by, sizeof by, &floor)
			    && rz_sub(p->life, a) < floor) {
				/* 614.1a: the result of the damage is replaced */
				int to = p->life >= floor ? floor : p->life;
				sbuf_addf(&t, " (it would reduce %s's life total to %d, but %s's replacement effect reduces it to %d instead; life %d)",
				    rz_pname(z, x->to.p), rz_sub(p->life, a), by, to, to);
				p->life = to;
				CITE(R_DAMAGE_LIFE); CITE(R_REPLACE_INSTEAD);
			} else {
				p->life = rz_sub(p->life, a);
				sbuf_addf(&t, " (life %d)", p->life);
				CITE(R_DAMAGE_LIFE);
			}
		} else {
			struct bd_obj *o = &b->objs[x->to.o];
			const struct rz_view *v = &z->cur[x->to.o].v;
			/* 120.3: every result that fits the recipient; a planeswalker that is also a
			 * creature loses loyalty (120.3c) and has the damage marked (120.3d-e) */
			bool pw = v->types & BT_PLANESWALKER, cr = v->types & BT_CREATURE;
			if (pw) {
				for (int k = 0; k < o->nctr; k++)
					if (o->ctr[k].kind == CK_LOYALTY) {
						o->ctr[k].n = sub_floor0(o->ctr[k].n, a);
						sbuf_addf(&t, " (loyalty %d)", o->ctr[k].n);
					}
				CITE(R_DAMAGE_PW);
				if (cr) CITE(R_DAMAGE_RESULTS);
			}
			if (pw && !cr) {
				/* a noncreature planeswalker: nothing is marked */
			} else if (infect || wither) {
				/* 120.3d: the source's controller puts them */
				struct bd_ctr c = { .kind = CK_PT, .dp = -1, .dt = -1, .n = a };
				int was = z->putter;
				z->putter = x->controller;
				int put = rz_put_counters(z, x->to.o, &c, NULL);
				z->putter = was;
				sbuf_addf(&t, " (as %d -1/-1 counters)", put > 0 ? put : a);
				CITE(R_DAMAGE_WITHER);
			} else {
				o->damage = rz_add(o->damage, a);
				sbuf_addf(&t, " (%d damage marked)", o->damage);
				/* lethal for its toughness now; state-based actions look later (704.3) */
				if ((z->cur[d[i].to.o].v.types & BT_CREATURE) && o->damage >= z->cur[d[i].to.o].v.toughness)
					z->lethal_then[d[i].to.o] = z->cur[d[i].to.o].v.toughness > 0 ? z->cur[d[i].to.o].v.toughness : 0;
				CITE(R_DAMAGE_MARKED);
			}
			if (x->kws & KWBIT(KW_DEATHTOUCH)) {
				o->dt_damage = true;
				CITE(R_DEATHTOUCH_SBA);
			}
		}
		if ((x->kws & KWBIT(KW_LIFELINK)) && x->controller >= 0) {
			gain[x->controller] = rz_add(gain[x->controller], a);
			CITE(R_LIFELINK);
		}
		/* 603.2: the damage event, for "whenever ... deals damage" and "is dealt damage" */
		struct rz_tev ev = { .kind = TR_DMG, .obj = -1, .src = x->src, .player = x->to.p, .combat = x->combat, .amount = a };
		rz_trigger_event(z, &ev);
		if (x->to.o >= 0) {
			struct rz_tev dv = { .kind = TR_DEALT_DMG, .obj = x->to.o, .src = x->src, .player = -1, .combat = x->combat, .amount = a };
			rz_trigger_event(z, &dv);
		} else if (!infect) {
			struct rz_tev lv = { .kind = TR_LOSE_LIFE, .obj = -1, .src = -1, .player = x->to.p, .amount = a };
			rz_trigger_event(z, &lv);
		}
	}
	for (int p = 0; p < b->nplayers; p++) {
		char by[96];
		if (gain[p] > 0 && rz_rule_applies(z, RU_CANT_GAIN_LIFE, p, -1, NULL, by, sizeof by, NULL)) {
			sbuf_addf(&t, "; lifelink: %s would gain %d life but can't gain life (%s)", rz_pname(z, p), gain[p], by);
			CITE(R_CANT_GAIN_LIFE); CITE(R_CANT);
			gain[p] = 0;
		} else if (gain[p] > 0 && rz_rule_applies(z, RU_GAIN_NO_LIFE, p, -1, NULL, by, sizeof by, NULL)) {
			sbuf_addf(&t, "; lifelink: %s would gain %d life, but gains no life instead (%s's replacement effect)", rz_pname(z, p), gain[p], by);
			CITE(R_REPLACE_INSTEAD); CITE(R_GAIN_REPLACE);
			gain[p] = 0;
		}
	}
	/* 119.9: "whenever you gain life" means whenever a source causes it: two lifelink sources
	 * dealing damage at once are two life gain events */
	for (int p = 0; p < b->nplayers; p++)
		for (int i = 0; gain[p] && i < n; i++) {
			const struct rz_dmg *x = &d[i];
			if (!(x->kws & KWBIT(KW_LIFELINK)) || x->controller != p || x->dealt <= 0)
				continue;
			bool seen = false;
			for (int j = 0; j < i && !seen; j++)
				seen = (d[j].kws & KWBIT(KW_LIFELINK)) && d[j].controller == p && d[j].dealt > 0
				    && d[j].src == x->src && !strcmp(d[j].src_name, x->src_name);
			if (seen)
				continue;
			int amount = 0;
			for (int j = i; j < n; j++)
				if ((d[j].kws & KWBIT(KW_LIFELINK)) && d[j].controller == p && d[j].dealt > 0
				    && d[j].src == x->src && !strcmp(d[j].src_name, x->src_name))
					amount = rz_add(amount, d[j].dealt);
			struct rz_tev gv = { .kind = TR_GAIN_LIFE, .obj = -1, .src = x->src, .player = p, .amount = amount };
			rz_trigger_event(z, &gv);
		}
	for (int p = 0; p < b->nplayers; p++)
		if (gain[p]) {
			b->players[p].life = rz_add(b->players[p].life, gain[p]);
			sbuf_addf(&t, "; lifelink: %s gains %d life (life %d)", rz_pname(z, p), gain[p], b->players[p].life);
		}
	if (!t.len && n > 0) {
		if (d[0].combat) CITE(R_COMBAT_DEALT);
		CITE(R_PREVENTED_NEVER);
		rz_step(z, rules, nr, "%s: all of it is prevented, so no damage is dealt.", why ? why : d[0].src_name);
	}
	if (t.len) {
		if (d[0].combat) CITE(R_COMBAT_DEALT);
		if (same && why)
			rz_step(z, rules, nr, "%s: %s deals damage%s: %s.", why, d[0].src_name, n > 1 ? " at the same time" : "", sbuf_str(&t));
		else if (same)
			rz_step(z, rules, nr, "%s deals damage%s: %s.", d[0].src_name, n > 1 ? ", all at the same time" : "", sbuf_str(&t));
		else
			rz_step(z, rules, nr, "%s%s%s.", why ? why : "", why ? ": " : "", sbuf_str(&t));
	}
#undef CITE
	sbuf_free(&t);
	free(final);
}

/* ---- counters and life ------------------------------------------------------------- */

static void
ctr_kind_str(const struct bd_ctr *c, char *kind, size_t cap)
{
	if (c->kind == CK_PT) snprintf(kind, cap, "%+d/%+d", c->dp, c->dt);
	else if (c->kind == CK_KEYWORD) snprintf(kind, cap, "%s", bd_kw_name(c->kw));
	else if (c->kind == CK_LOYALTY) snprintf(kind, cap, "loyalty");
	else snprintf(kind, cap, "%s", c->other);
}

static int put_counters(struct rz *z, int o, const struct bd_ctr *c, const char *why, bool by_effect);

int
rz_put_counters(struct rz *z, int o, const struct bd_ctr *c, const char *why)
{
	return put_counters(z, o, c, why, true);
}

int
rz_put_counters_cost(struct rz *z, int o, const struct bd_ctr *c)
{
	return put_counters(z, o, c, NULL, false);
}

static int
put_counters(struct rz *z, int o, const struct bd_ctr *c0, const char *why, bool by_effect)
{
	struct bd_obj *ob = &z->b->objs[o];
	struct bd_ctr cc = *c0;
	const struct bd_ctr *c = &cc;
	char by[96];
	if (c->n > 0 && rz_rule_applies(z, RU_NO_COUNTERS, -1, o, c, by, sizeof by, NULL)) {
		/* 101.2, 122.6: also the counters a permanent would enter with */
		char kind[32];
		ctr_kind_str(c, kind, sizeof kind);
		STEP(z, RL(R_CANT, R_COUNTERS_ENTERING), "%s%s%d %s counter%s would be put on %s, but counters of that kind can't be put on it (%s), so none are.",
		    why ? why : "", why ? ": " : "", c->n, kind, c->n == 1 ? "" : "s", rz_oname(z, o), by);
		return 0;
	}
	if (c->n > 0 && ob->zone == ZN_BATTLEFIELD) {
		char kind[32];
		ctr_kind_str(c, kind, sizeof kind);
		cc.n = rz_counter_replacements(z, (struct bd_ref){ -1, o }, c, by_effect, z->putter >= 0 ? z->putter : z->cur[o].v.controller, kind);
		if (cc.n <= 0)
			return 0;
	}
	int k;
	for (k = 0; k < ob->nctr; k++)
		if (ob->ctr[k].kind == c->kind && ob->ctr[k].dp == c->dp && ob->ctr[k].dt == c->dt
		    && ob->ctr[k].kw == c->kw && !strcmp(ob->ctr[k].other, c->other))
			break;
	if (k == ob->nctr) {
		if (ob->nctr >= BD_MAXCTR) {
			/* never put fewer than the rules say without saying so */
			if (!z->game_over)
				STEP(z, RL(R_COUNTER_PT), "A new kind of counter would be put on %s, which already has %d kinds; judge holds at most %d kinds on one object, so it stops here rather than leave them out.",
				    rz_oname(z, o), BD_MAXCTR, BD_MAXCTR);
			z->game_over = true;
			return 0;
		}
		ob->ctr[ob->nctr] = *c;
		ob->ctr[ob->nctr].n = 0;
		ob->nctr++;
	}
	ob->ctr[k].n = rz_add(ob->ctr[k].n, c->n);
	ob->ctr[k].ts = ++z->b->next_ts;   /* 613.7c: each counter of the kind gets the new timestamp */
	if (c->n > 0 && ob->zone == ZN_BATTLEFIELD) {
		struct rz_tev ev = { .kind = TR_COUNTERS, .obj = o, .src = -1, .player = -1, .ctr = c };
		rz_trigger_event(z, &ev);
	}
	if (why) {
		char kind[32];
		ctr_kind_str(c, kind, sizeof kind);
		STEP(z, RL(c->kind == CK_KEYWORD ? R_COUNTER_KW : R_COUNTER_PT, R_TS_COUNTER),
		    "%s: %d %s counter%s put on %s.", why, c->n, kind, c->n == 1 ? "" : "s", rz_oname(z, o));
	}
	return c->n;
}

void
rz_life(struct rz *z, int p, int delta, const char *why)
{
	char by[96];
	if ((delta > 0 && rz_rule_applies(z, RU_CANT_GAIN_LIFE, p, -1, NULL, by, sizeof by, NULL))
	    || (delta < 0 && rz_rule_applies(z, RU_CANT_LOSE_LIFE, p, -1, NULL, by, sizeof by, NULL))) {
		STEP(z, RL(delta > 0 ? R_CANT_GAIN_LIFE : R_CANT_LOSE_LIFE, R_CANT), "%s: %s would %s %d life, but %s can't %s life (%s), so the life total stays %d.",
		    why, rz_pname(z, p), delta > 0 ? "gain" : "lose", delta > 0 ? delta : delta == INT_MIN ? INT_MAX : -delta,
		    rz_pname(z, p), delta > 0 ? "gain" : "lose", by, z->b->players[p].life);
		return;
	}
	if (delta > 0 && rz_rule_applies(z, RU_GAIN_NO_LIFE, p, -1, NULL, by, sizeof by, NULL)) {
		STEP(z, RL(R_REPLACE_INSTEAD, R_GAIN_REPLACE), "%s: %s would gain %d life, but gains no life instead (%s's replacement effect), so the life total stays %d.",
		    why, rz_pname(z, p), delta, by, z->b->players[p].life);
		return;
	}
	z->b->players[p].life = rz_add(z->b->players[p].life, delta);
	STEP(z, RL(R_LIFE), "%s: %s %s %d life (life %d).", why, rz_pname(z, p), delta >= 0 ? "gains" : "loses",
	    delta >= 0 ? delta : delta == INT_MIN ? INT_MAX : -delta, z->b->players[p].life);
	if (delta != 0) {
		struct rz_tev ev = { .kind = delta > 0 ? TR_GAIN_LIFE : TR_LOSE_LIFE, .obj = -1, .src = -1, .player = p,
			.amount = delta > 0 ? delta : delta == INT_MIN ? INT_MAX : -delta };
		rz_trigger_event(z, &ev);
	}
}

int
rz_library_top(const struct rz *z, int p)
{
	int top = -1;
	for (int i = 0; i < z->b->nobjs; i++) {
		const struct bd_obj *o = &z->b->objs[i];
		if (o->zone == ZN_LIBRARY && o->owner == p && (top < 0 || o->zpos < z->b->objs[top].zpos))
			top = i;
	}
	return top;
}

void
rz_draw(struct rz *z, int p, int n, const char *why, enum rz_rule rule)
{
	struct bd_player *pl = &z->b->players[p];
	struct sbuf t = {0};
	int unnamed = 0, drawn = 0;
	bool unknown = false, empty = false;
	for (int k = 0; k < n && k < 1000; k++) {
		int o = rz_library_top(z, p);
		if (o >= 0) {
			struct bd_obj *c = &z->b->objs[o];
			c->zone = ZN_HAND;
			c->zpos = ++z->zseq;
			z->moveseq[o] = z->zseq;
			sbuf_addf(&t, "%s%s", t.len ? ", then " : "", rz_oname(z, o));
		} else if (pl->library != 0) {
			if (pl->library > 0) pl->library--;
			else unknown = true;
			pl->hand = rz_add(pl->hand, 1);
			unnamed++;
		} else {
			empty = true;
			pl->drew_empty = true;
			break;
		}
		drawn++;
	}
	if (unnamed == 1)
		sbuf_addf(&t, "%sa card the board doesn't name", t.len ? ", then " : "");
	else if (unnamed)
		sbuf_addf(&t, "%s%d cards the board doesn't name", t.len ? ", then " : "", unnamed);
	if (unknown && z->lib_noted[p])
		unknown = false;
	else if (unknown)
		z->lib_noted[p] = true;
	enum rz_rule rules[4];
	int nr = 0;
	if (rule != R_NONE) rules[nr++] = rule;
	rules[nr++] = R_DRAW_CARD;
	if (n > 1) rules[nr++] = R_DRAW_MANY;
	if (empty) rules[nr++] = R_DRAW_EMPTY;
	rz_step(z, rules, nr, "%s: %s draws %s%s%s%s%s%s.", why, rz_pname(z, p),
	    drawn ? sbuf_str(&t) : "nothing",
	    unknown ? " (the board doesn't describe that library, so judge takes it to hold enough cards; `library N` on the player's line counts them)" : "",
	    empty ? (drawn ? "; then the library is empty and the next draw fails" : "; the library is empty, so the draw fails") : "",
	    empty ? ": " : "", empty ? rz_pname(z, p) : "", empty ? " will lose the game when state-based actions are next checked" : "");
	sbuf_free(&t);
}

bool
rz_regenerate(struct rz *z, int o, bool cant_regen, struct sbuf *out)
{
	struct bd_obj *ob = &z->b->objs[o];
	if (ob->regen <= 0 || cant_regen || ((z->dealt_way[o] & 1) && z->way_seq[o] == z->moveseq[o]))
		return false;
	ob->regen--;
	ob->damage = 0;
	ob->dt_damage = false;
	ob->tapped = true;
	bool combat = ob->attacking_p >= 0 || ob->attacking_o >= 0 || ob->nblocking > 0;
	ob->attacking_p = ob->attacking_o = -1;
	ob->nblocking = 0;
	sbuf_addf(out, "%s would be destroyed, but its regeneration shield replaces that: all damage is removed from it and it is tapped%s",
	    rz_oname(z, o), combat ? ", and it is removed from combat" : "");
	return true;
}

/* ---- zone moves and look-back triggers ------------------------------------------------ */

bool
rz_trig_room(struct rz *z)
{
	if (z->npending < RZ_MAXTRIG && z->nstack + z->npending < RZ_MAXTRIG) {
		z->pending = xgrow(z->pending, &z->pendcap, (size_t)z->npending + 1, sizeof *z->pending);
		z->stack = xgrow(z->stack, &z->stackcap, (size_t)z->nstack + (size_t)z->npending + 1, sizeof *z->stack);
		return true;
	}
	if (!z->game_over)
		STEP(z, RL(R_TRIG_APNAP), "More than %d triggered abilities would be waiting or on the stack at once: the board loops, and the players must break the loop by other rules; judge stops here rather than leave one out.",
		    RZ_MAXTRIG);
	z->game_over = true;
	return false;
}

bool
rz_room_for(struct rz *z, int k, const char *what)
{
	const struct board *b = z->b;
	if (k <= 0 || (size_t)b->nobjs + (size_t)k < z->room)
		return true;
	if (!z->game_over) {
		char at[48] = "";
		if (z->evi >= 0 && z->evi < b->nevents)
			snprintf(at, sizeof at, " (the board's line %u)", b->events[z->evi].line);
		STEP(z, RL(R_TS_ZONE), "%s would create %d new objects%s; judge makes room for %d new objects in one board and %d are left, so it stops here rather than leave one out.",
		    what, k, at, RZ_MAXTOKENS, (int)(z->room - 1 - (size_t)b->nobjs));
	}
	z->game_over = true;
	return false;
}

struct rz_trig *
rz_pend(struct rz *z, int src, int abil, int kw, int ctl, int subject, int power)
{
	const struct bd_abil *ab = abil >= 0 ? &rz_printed(z, src)->abils[abil] : NULL;
	if (ab && ab->unread) {
		/* 603.3: it triggered, and it must be read to be put on the stack */
		STEP(z, RL(ab->trig == TR_CHAPTER ? R_SAGA_CHAPTER : R_TRIGGER_EVENT), "%s's ability (\"%s\") triggers; judge cannot read what it does, so it stops here.",
		    rz_oname(z, src), ab->text);
		z->res->unread = ab;
		z->game_over = true;
		return NULL;
	}
	if (z->game_over || !rz_trig_room(z))
		return NULL;
	struct rz_trig *t = &z->pending[z->npending++];
	memset(t, 0, sizeof *t);
	t->src = src;
	t->abil = abil;
	t->kw = kw;
	t->controller = ctl;
	t->subject = subject;
	t->power = power;
	t->ab = ab;
	t->src_seq = z->moveseq[src];
	const struct bd_obj *o = &z->b->objs[subject];
	for (int k = 0; k < o->nctr; k++) {
		if (o->ctr[k].kind == CK_PT && o->ctr[k].n > 0 && o->ctr[k].dp == -1 && o->ctr[k].dt == -1) t->had_m1m1 = true;
		if (o->ctr[k].kind == CK_PT && o->ctr[k].n > 0 && o->ctr[k].dp == 1 && o->ctr[k].dt == 1) t->had_p1p1 = true;
	}
	return t;
}

/* 603.10a: leaves-the-battlefield abilities look back at the board just before the event. */
static void
look_back(struct rz *z, const struct rz_move *mv, int n)
{
	struct board *b = z->b;
	for (int i = 0; i < n; i++) {
		int o = mv[i].obj;
		if (b->objs[o].zone != ZN_BATTLEFIELD)
			continue;
		bool dies = mv[i].to == ZN_GRAVEYARD;
		const struct rz_view *ov = &z->cur[o].v;
		/* "creatures dying don't cause abilities to trigger" (Hushbringer), looked back at
		 * like the triggers it stops: persist and undying are dies triggers too */
		char by[96];
		if (dies && rz_rule_applies(z, RU_NO_DIES_TRIGGERS, -1, o, NULL, by, sizeof by, NULL)) {
			bool any = (ov->kws & (KWBIT(KW_PERSIST) | KWBIT(KW_UNDYING))) != 0;
			for (struct rz_abil_it it = {0}; !any && rz_next_abil(z, AK_TRIGGER, &it);)
				any = (it.a->trig == TR_DIES || it.a->trig == TR_PUT_GRAVE || it.a->trig == TR_LTB)
				    && rz_filter_match(z, &it.a->aff, o, it.s, it.ctl);
			if (any)
				STEP(z, RL(R_NO_TRIGGER, R_LOOK_BACK), "%s dying doesn't cause abilities to trigger (%s): its leaves-the-battlefield and dies abilities, and any that watch it die, don't trigger.",
				    rz_oname(z, o), by);
			continue;
		}
		if (dies && (ov->kws & KWBIT(KW_PERSIST)))
			rz_pend(z, o, -1, KW_PERSIST, ov->controller, o, ov->power);
		if (dies && (ov->kws & KWBIT(KW_UNDYING)))
			rz_pend(z, o, -1, KW_UNDYING, ov->controller, o, ov->power);
		for (struct rz_abil_it it = {0}; rz_next_abil(z, AK_TRIGGER, &it);) {
			const struct bd_abil *a = it.a;
			/* only leaves-the-battlefield triggers look back: a dying creature's
			 * "whenever ~ attacks" must not fire here */
			if (a->trig != TR_DIES && a->trig != TR_LTB && a->trig != TR_PUT_GRAVE)
				continue;
			if ((a->trig == TR_DIES || a->trig == TR_PUT_GRAVE) && !dies)
				continue;
			/* "When this creature dies" needs a creature; "When enchanted creature dies" too */
			if (a->trig == TR_DIES && !(ov->types & BT_CREATURE) && !a->aff.types)
				continue;
			if (!rz_filter_match(z, &a->aff, o, it.s, it.ctl))
				continue;
			struct rz_trig *pt = rz_pend(z, it.s, it.k, -1, it.ctl, o, z->cur[it.s].v.power);
			if (pt)
				pt->ev_player = ov->controller;   /* "that player": who controlled it (Massacre Wurm) */
		}
	}
}

static const char *
why_text(enum rz_move_why w)
{
	switch (w) {
	case MV_DESTROY: return "destroyed";
	case MV_DESTROY_SBA: return "destroyed";
	case MV_SBA_GRAVE: return "put into its owner's graveyard";
	case MV_SACRIFICE: return "sacrificed";
	case MV_EXILE: return "exiled";
	case MV_BOUNCE: return "returned to its owner's hand";
	case MV_DISCARD: return "discarded";
	case MV_MILL: return "milled";
	}
	return "moved";
}

/* o's own "If ~ would be put into a graveyard from anywhere, ... shuffle it into its owner's
 * library instead" (Darksteel Colossus): it works wherever the card is, but not for a permanent
 * that has lost it (613): 1 + o, or 0. */
int
rz_grave_self(const struct rz *z, int o)
{
	const struct bd_obj *ob = &z->b->objs[o];
	if (ob->token || ob->zone == ZN_GONE)
		return 0;
	const struct bd_obj *pr = rz_printed(z, o);
	for (int k = 0; k < pr->nabils; k++)
		if (pr->abils[k].kind == AK_REPLACE_DIE && pr->abils[k].grave_library
		    && (ob->zone != ZN_BATTLEFIELD || rz_has_abil(&z->cur[o], k)))
			return o + 1;
	return 0;
}

enum bd_zone
rz_grave_repl_zone(const struct rz *z, int o, int rep)
{
	return rep == o + 1 && rz_grave_self(z, o) ? ZN_LIBRARY : ZN_EXILE;
}

const char *
rz_grave_repl_text(const struct rz *z, int o, int rep)
{
	return rz_grave_repl_zone(z, o, rep) == ZN_LIBRARY ? "reveals it and shuffles it into its owner's library instead" : "exiles it instead";
}

/* Rest in Peace, Leyline of the Void: another object's replacement */
static int
grave_replacer_other(const struct rz *z, int o)
{
	const struct board *b = z->b;
	for (struct rz_abil_it it = {0}; rz_next_abil(z, AK_REPLACE_DIE, &it);) {
		const struct bd_abil *a = it.a;
		if (!a->any_grave || a->grave_library || (b->objs[o].token && !a->grave_tokens))
			continue;
		if ((a->grave_whose == 1 && b->objs[o].owner == it.ctl) || (a->grave_whose == 2 && b->objs[o].owner != it.ctl))
			continue;
		return it.s + 1;
	}
	return 0;
}

/* A "put into a graveyard from anywhere" replacement that applies to object o going to its
 * owner's graveyard: its own (Darksteel Colossus) first, else another's (Rest in Peace,
 * Leyline of the Void): 1 + its source, or 0. */
int
rz_grave_replacer(const struct rz *z, int o)
{
	int s = rz_grave_self(z, o);
	return s ? s : grave_replacer_other(z, o);
}

/* Which graveyard the cards of a move go to (400.3: each to its owner's), said before they
 * move (their controllers are known then) and appended to the step after. Said only when it
 * is worth saying: cards of several owners, a card its owner didn't control, or several cards
 * whose owner orders them (404.3). */
static void
grave_owners(struct rz *z, const struct rz_move *mv, int n, struct sbuf *out, bool *owner_rule, bool *order_rule)
{
	const struct board *b = z->b;
	int count[BD_MAXPLAYERS] = { 0 }, nowners = 0, ncards = 0, stolen = 0;
	for (int i = 0; i < n; i++) {
		const struct bd_obj *ob = &b->objs[mv[i].obj];
		if (mv[i].to != ZN_GRAVEYARD || ob->token || ob->owner < 0 || ob->zone == ZN_GRAVEYARD)
			continue;
		nowners += count[ob->owner]++ == 0;
		ncards++;
		stolen += ob->zone == ZN_BATTLEFIELD && z->cur[mv[i].obj].v.controller != ob->owner;
	}
	*owner_rule = *order_rule = false;
	if (ncards == 0)
		return;
	if (nowners == 1 && !stolen) {
		int p = 0;
		while (!count[p]) p++;
		if (count[p] < 2)
			return;
		*order_rule = true;
		if (ncards == n)
			sbuf_addf(out, ". They go to %s's graveyard at the same time, so %s may arrange them in any order (judge keeps the order above)",
			    rz_pname(z, p), rz_pname(z, p));
		else {
			sbuf_adds(out, ". ");
			int k = 0;
			for (int i = 0; i < n; i++) {
				const struct bd_obj *ob = &b->objs[mv[i].obj];
				if (mv[i].to != ZN_GRAVEYARD || ob->token || ob->owner != p || ob->zone == ZN_GRAVEYARD)
					continue;
				sbuf_addf(out, "%s%s", k ? (k + 1 == ncards ? " and " : ", ") : "", rz_oname(z, mv[i].obj));
				k++;
			}
			sbuf_addf(out, " go to %s's graveyard at the same time, so %s may arrange them in any order (judge keeps the order above)",
			    rz_pname(z, p), rz_pname(z, p));
		}
		return;
	}
	bool several = false;
	for (int p = 0; p < b->nplayers; p++)
		several |= count[p] > 1;
	if (!stolen && !several)
		return;     /* one card for each owner: "it goes to its owner's graveyard" says it all */
	*owner_rule = true;
	if (ncards == 1) {
		for (int i = 0; i < n; i++) {
			const struct bd_obj *ob = &b->objs[mv[i].obj];
			if (mv[i].to == ZN_GRAVEYARD && !ob->token && ob->owner >= 0 && ob->zone != ZN_GRAVEYARD)
				sbuf_addf(out, ". %s goes to its owner's graveyard, %s's, though %s controlled it", rz_oname(z, mv[i].obj),
				    rz_pname(z, ob->owner), rz_pname(z, z->cur[mv[i].obj].v.controller));
		}
		return;
	}
	sbuf_adds(out, ". Each card goes to its owner's graveyard: ");
	for (int p = 0, np = 0; p < b->nplayers; p++) {
		if (!count[p])
			continue;
		sbuf_adds(out, np++ ? "; " : "");
		int k = 0;
		for (int i = 0; i < n; i++) {
			const struct bd_obj *ob = &b->objs[mv[i].obj];
			if (mv[i].to != ZN_GRAVEYARD || ob->token || ob->owner != p || ob->zone == ZN_GRAVEYARD)
				continue;
			sbuf_addf(out, "%s%s", k ? (k + 1 == count[p] ? " and " : ", ") : "", rz_oname(z, mv[i].obj));
			int ctl = ob->zone == ZN_BATTLEFIELD ? z->cur[mv[i].obj].v.controller : ob->owner;
			if (ctl != p)
				sbuf_addf(out, " (%s controlled it)", rz_pname(z, ctl));
			k++;
		}
		sbuf_addf(out, " to %s's", rz_pname(z, p));
	}
	if (several) {
		*order_rule = true;
		sbuf_adds(out, "; each owner may arrange their own cards put there at the same time in any order (judge keeps the order above)");
	}
}

void
rz_move(struct rz *z, struct rz_move *mv, int n, const char *prefix, enum rz_rule extra)
{
	struct board *b = z->b;
	/* replacement: "If ... would die, exile it instead" and "If a card would be put into a
	 * graveyard from anywhere, exile it instead" (614.1a). When more than one applies, the
	 * affected object's controller chooses one (616.1); once it is exiled the others no
	 * longer apply. */
	const struct bd_effect **tokens = xcalloc((size_t)n + 1, sizeof *tokens);
	for (int i = 0; i < n; i++) {
		int o = mv[i].obj;
		if (mv[i].to != ZN_GRAVEYARD)
			continue;
		bool from_bf = b->objs[o].zone == ZN_BATTLEFIELD;
		int cand[8], nc = 0;
		const struct bd_effect *ctok[8] = { NULL };
		/* one candidate a permanent: its first such ability that applies */
		for (struct rz_abil_it it = {0}; nc < 7 && rz_next_abil(z, AK_REPLACE_DIE, &it);) {
			const struct bd_abil *a = it.a;
			if ((nc && cand[nc - 1] == it.s) || a->any_grave)
				continue;
			if ((!from_bf || !(z->cur[o].v.types & BT_CREATURE) || !rz_filter_match(z, &a->aff, o, it.s, it.ctl)))
				continue;
			ctok[nc] = a->neff > 0 && a->eff[0].kind == EF_CREATE_TOKEN ? &a->eff[0] : NULL;
			cand[nc++] = it.s;
		}
		/* "if a creature dealt damage this way would die this turn, exile it instead" */
		if (from_bf && (z->cur[o].v.types & BT_CREATURE) && (z->dealt_way[o] & 2) && z->way_seq[o] == z->moveseq[o] && nc < 7) {
			bool dup = false;
			for (int c = 0; c < nc; c++) dup |= cand[c] == z->way_src[o] - 1;
			if (!dup) cand[nc++] = z->way_src[o] - 1;
		}
		int gs = rz_grave_self(z, o);
		if (gs && nc < 7) {
			bool dup = false;
			for (int c = 0; c < nc; c++) dup |= cand[c] == gs - 1;
			if (!dup) cand[nc++] = gs - 1;
		}
		int g = grave_replacer_other(z, o);
		if (g) {
			bool dup = false;
			for (int c = 0; c < nc; c++) dup |= cand[c] == g - 1;
			if (!dup) cand[nc++] = g - 1;
		}
		if (nc == 0)
			continue;
		int pick = 0;
		const char *how = "";
		if (nc > 1) {
			/* the board's `order`, else the one that gives nobody a token */
			bool stated = false;
			for (int c = 0; c < z->b->nchoices && !stated; c++) {
				const struct bd_choice *ch = &z->b->choices[c];
				if (ch->kind != CH_ORDER)
					continue;
				for (int q = 0; q < ch->nobjs && !stated; q++)
					for (int j = 0; j < nc; j++)
						if (ch->objs[q] == cand[j]) { pick = j; stated = true; break; }
			}
			if (!stated)
				for (int j = 0; j < nc; j++)
					if (!ctok[j]) { pick = j; break; }
			how = stated ? "the board's choice" : "judge's default: the one that creates no token; state another with `order`";
			struct sbuf c = {0};
			for (int j = 0; j < nc; j++)
				sbuf_addf(&c, "%s%s", j ? (j + 1 == nc ? " and " : ", ") : "", rz_oname(z, cand[j]));
			STEP(z, RL(R_REPL_ORDER, R_REPL_ANY, R_REPL_REPEAT), "%s would each replace %s going to the graveyard; %s (its controller) chooses one to apply, and then the others no longer apply: %s (%s).",
			    sbuf_str(&c), rz_oname(z, o), rz_pname(z, z->cur[o].v.controller), rz_oname(z, cand[pick]), how);
			sbuf_free(&c);
		}
		mv[i].to = rz_grave_repl_zone(z, o, cand[pick] + 1);
		mv[i].replaced_by = cand[pick] + 1;
		tokens[i] = ctok[pick];
	}
	look_back(z, mv, n);
	struct sbuf t = {0};
	enum rz_rule rules[RZ_MAXCITE];
	int nr = 0;
	if (extra != R_NONE)
		rules[nr++] = extra;
	if (prefix)
		sbuf_adds(&t, prefix);
	size_t base = t.len;
	struct sbuf owners = {0};
	bool owner_rule, order_rule;
	grave_owners(z, mv, n, &owners, &owner_rule, &order_rule);
	int *left = xcalloc((size_t)n + 1, sizeof *left), nleft = 0;
	for (int i = 0; i < n; i++) {
		int o = mv[i].obj;
		struct bd_obj *ob = &b->objs[o];
		if (ob->zone == mv[i].to)
			continue;
		bool was_bf = ob->zone == ZN_BATTLEFIELD;
		if (was_bf) {
			z->lki[o] = z->cur[o];
			left[nleft++] = o;
		}
		if (mv[i].replaced_by) {
			sbuf_addf(&t, "%s%s would be %s", t.len > base ? "; " : "", rz_oname(z, o), why_text(mv[i].why));
			if (mv[i].reason[0])
				sbuf_addf(&t, " (%s)", mv[i].reason);
			sbuf_addf(&t, ", but %s's replacement effect %s: it never goes to the graveyard%s",
			    rz_oname(z, mv[i].replaced_by - 1), mv[i].to == ZN_LIBRARY ? "reveals it and shuffles it into its owner's library instead"
			    : "exiles it instead", was_bf ? " and doesn't die" : "");
			bool shuf = false;
			for (int k = 0; k < nr; k++) shuf |= rules[k] == R_SHUFFLE;
			if (mv[i].to == ZN_LIBRARY && !shuf && nr < RZ_MAXCITE - 3)
				rules[nr++] = R_SHUFFLE;
			for (int q = 0; q < 2; q++) {
				enum rz_rule rr = q ? R_REPLACED_NEVER : R_REPLACE_INSTEAD;
				bool seen = false;
				for (int k = 0; k < nr; k++) seen |= rules[k] == rr;
				if (!seen && nr < RZ_MAXCITE - 2) rules[nr++] = rr;
			}
		} else {
			sbuf_addf(&t, "%s%s is %s", t.len > base ? "; " : "", rz_oname(z, o), why_text(mv[i].why));
			if (mv[i].reason[0])
				sbuf_addf(&t, " (%s)", mv[i].reason);
			if (was_bf && mv[i].to == ZN_GRAVEYARD && (z->cur[o].v.types & BT_CREATURE))
				sbuf_adds(&t, ", so it dies");
		}
		bool seen = false;
		for (int q = 0; q < nr; q++) seen |= rules[q] == mv[i].rule;
		if (!seen && nr < RZ_MAXCITE - 1 && mv[i].rule != R_NONE)
			rules[nr++] = mv[i].rule;
		ob->zone = mv[i].to;
		ob->zpos = ++z->zseq;
		z->moveseq[o] = z->zseq;
		/* 400.7: a new object, with none of the old one's status */
		ob->damage = 0;
		ob->dt_damage = false;
		ob->nctr = 0;
		ob->tapped = false;
		ob->attached = -1;
		ob->attacking_p = ob->attacking_o = -1;
		ob->nblocking = 0;
		ob->blocked = false;
		ob->controller = ob->owner;
		ob->copy_of = -1;
		ob->ts = ++b->next_ts;
		if (ob->face_down && was_bf) {
			/* 708.9: it is revealed as it leaves; in its new zone it is face up */
			ob->face_down = false;
			bool ltb = false;
			for (int k = 0; k < ob->nabils; k++)
				ltb |= (ob->abils[k].kind == AK_TRIGGER && (ob->abils[k].trig == TR_DIES || ob->abils[k].trig == TR_LTB || ob->abils[k].trig == TR_PUT_GRAVE))
				    || (ob->abils[k].kind == AK_KEYWORD && (ob->abils[k].parts[0].kws & (KWBIT(KW_PERSIST) | KWBIT(KW_UNDYING))));
			sbuf_addf(&t, " (it was face down and is revealed: %s%s)", ob->name,
			    ltb ? "; its leaves-the-battlefield abilities don't trigger, since they look back at it as it last existed, face down with no abilities" : "");
			enum rz_rule add[2] = { R_FACE_DOWN_REVEAL, ltb ? R_LOOK_BACK : R_NONE };
			for (int a2 = 0; a2 < 2; a2++) {
				bool seen2 = add[a2] == R_NONE;
				for (int q = 0; q < nr; q++) seen2 |= rules[q] == add[a2];
				if (!seen2 && nr < RZ_MAXCITE - 1) rules[nr++] = add[a2];
			}
		}
	}
	for (int i = 0; i < z->npending; i++)
		if (z->pending[i].subject_zone_seq == 0)
			z->pending[i].subject_zone_seq = z->moveseq[z->pending[i].subject];

	sbuf_adds(&t, sbuf_str(&owners));
	sbuf_free(&owners);
	if (owner_rule && nr < RZ_MAXCITE) rules[nr++] = R_OWNER_ZONE;
	if (order_rule && nr < RZ_MAXCITE) rules[nr++] = R_GRAVE_ORDER;
	if (t.len > base) {
		if (nr < RZ_MAXCITE) rules[nr++] = R_NEW_OBJECT;
		rz_step(z, rules, nr, "%s.", sbuf_str(&t));
	}
	sbuf_free(&t);
	/* Kalitas: "... instead exile that card and create a ... token" */
	for (int i = 0; i < n; i++)
		if (tokens[i] && mv[i].replaced_by) {
			int s = mv[i].replaced_by - 1;
			rz_create_tokens(z, tokens[i], z->cur[s].v.controller, rz_oname(z, s), R_REPLACE_INSTEAD);
		}
	free(tokens);
	/* 610.3: what they exiled "until" they left comes back right after */
	rz_until_left(z, left, nleft);
	free(left);
	/* 603.4: an intervening "if" that is false when the event happens: no trigger at all */
	int keep = 0;
	for (int i = 0; i < z->npending; i++) {
		struct rz_trig *tr = &z->pending[i];
		bool persist = tr->abil < 0 && tr->kw == KW_PERSIST, undying = tr->abil < 0 && tr->kw == KW_UNDYING;
		enum bd_ifk ifk = tr->ab ? tr->ab->ifk : IF_NONE;
		if ((persist || ifk == IF_NO_M1M1) && tr->had_m1m1) {
			STEP(z, RL(R_INTERVENING_IF, persist ? R_PERSIST : R_INTERVENING_IF), "%s's %s doesn't trigger: it had a -1/-1 counter on it when it died.",
			    rz_oname(z, tr->src), persist ? "persist ability" : "ability");
			continue;
		}
		if ((undying || ifk == IF_NO_P1P1) && tr->had_p1p1) {
			STEP(z, RL(R_INTERVENING_IF, undying ? R_UNDYING : R_INTERVENING_IF), "%s's %s doesn't trigger: it had a +1/+1 counter on it when it died.",
			    rz_oname(z, tr->src), undying ? "undying ability" : "ability");
			continue;
		}
		z->pending[keep++] = *tr;
	}
	z->npending = keep;
}

/* ---- state-based actions ------------------------------------------------------------- */

static bool
aura_legal(struct rz *z, int aura, char *why, size_t cap)
{
	const struct bd_obj *a = &z->b->objs[aura];
	int t = a->attached;
	if (t == -1) { snprintf(why, cap, "attached to nothing"); return false; }
	a = rz_printed(z, aura);
	if (t <= -2) {
		for (int k = 0; k < a->nabils; k++)
			if (a->abils[k].kind == AK_ENCHANT && !a->abils[k].aff.players) { snprintf(why, cap, "attached to a player it can't enchant"); return false; }
		return true;
	}
	if (z->b->objs[t].zone != ZN_BATTLEFIELD || rz_host(z, aura) < 0) { snprintf(why, cap, "attached to nothing: %s left the battlefield", rz_oname(z, t)); return false; }
	for (int k = 0; k < a->nabils; k++) {
		const struct bd_abil *e = &a->abils[k];
		if (e->kind != AK_ENCHANT)
			continue;
		if (!rz_filter_match(z, &e->aff, t, aura, z->cur[aura].v.controller)) {
			snprintf(why, cap, "attached to %s, which it can no longer enchant", rz_oname(z, t));
			return false;
		}
	}
	if (z->cur[aura].v.types & BT_CREATURE) {
		/* 303.4d: an Aura that's also a creature can't enchant anything */
		snprintf(why, cap, "that is also a creature, and such an Aura can't enchant anything (303.4d)");
		return false;
	}
	const struct rz_view *tv = &z->cur[t].v;
	if ((tv->prot_colors & z->cur[aura].v.colors) || (tv->prot_flags & (PROT_EVERYTHING | (z->cur[aura].v.types & PROT_TYPES)))) {
		snprintf(why, cap, "attached to %s, which has protection from it", rz_oname(z, t));
		return false;
	}
	return true;
}

static int
loyalty(const struct bd_obj *o)
{
	for (int k = 0; k < o->nctr; k++)
		if (o->ctr[k].kind == CK_LOYALTY)
			return o->ctr[k].n;
	return 0;
}

/* One check (704.3): every condition on the same snapshot, then all actions together.
 * Returns whether anything happened. */
/* 704.3: state-based actions are checked only when a player would receive priority. A creature
 * dealt damage that was lethal for its toughness then, whose toughness has grown before the
 * check (Tarmogoyf counting the Lightning Bolt that just went to the graveyard, 608.2n),
 * survives: say so. */
static void
lethal_then_noted(struct rz *z)
{
	const struct board *b = z->b;
	for (int i = 0; i < b->nobjs; i++) {
		if (z->lethal_then[i] < 0)
			continue;
		int was = z->lethal_then[i];
		z->lethal_then[i] = -1;
		const struct bd_obj *o = &b->objs[i];
		const struct rz_view *v = &z->cur[i].v;
		if (o->zone != ZN_BATTLEFIELD || !(v->types & BT_CREATURE) || o->dt_damage || o->damage >= v->toughness)
			continue;
		STEP(z, RL(R_SBA_CHECK, R_SBA_LETHAL), "%s has %d damage marked, lethal for the toughness %d it had when the damage was dealt, but state-based actions are checked only now, and now its toughness is %d: the damage isn't lethal, so it survives.",
		    rz_oname(z, i), o->damage, was, v->toughness);
	}
}

static bool
sba_once(struct rz *z)
{
	lethal_then_noted(z);
	struct board *b = z->b;
	struct rz_move *mv = xcalloc((size_t)b->nobjs + 1, sizeof *mv);
	int nmv = 0;
	bool any = false;
	struct sbuf t = {0};
	enum rz_rule rules[RZ_MAXCITE];
	int nr = 0;
#define CITE(r) do { bool seen_ = false; for (int q_ = 0; q_ < nr; q_++) seen_ |= rules[q_] == (r); \
	if (!seen_ && nr < RZ_MAXCITE - 1) rules[nr++] = (r); } while (0)
	for (int p = 0; p < b->nplayers; p++) {
		if (z->b->players[p].lost)
			continue;
		char by[96];
		if ((b->players[p].life <= 0 || b->players[p].poison >= 10)
		    && rz_rule_applies(z, RU_CANT_LOSE_GAME, p, -1, NULL, by, sizeof by, NULL)) {
			/* 101.2: the state-based action would make the player lose; the "can't" wins */
			if (!z->cant_lose_noted[p]) {
				z->cant_lose_noted[p] = true;
				STEP(z, RL(b->players[p].life <= 0 ? R_SBA_LIFE : R_SBA_POISON, R_CANT), "%s has %s, which would make them lose the game, but %s can't lose the game (%s), so they stay in it.",
				    rz_pname(z, p), b->players[p].life <= 0 ? "0 or less life" : "ten or more poison counters", rz_pname(z, p), by);
			}
			continue;
		}
		z->cant_lose_noted[p] = false;
		if (b->players[p].life <= 0) {
			z->b->players[p].lost = true; any = true; CITE(R_SBA_LIFE);
			sbuf_addf(&t, "%s%s has %d life and loses the game", t.len ? "; " : "", rz_pname(z, p), b->players[p].life);
		} else if (b->players[p].poison >= 10) {
			z->b->players[p].lost = true; any = true; CITE(R_SBA_POISON);
			sbuf_addf(&t, "%s%s has %d poison counters and loses the game", t.len ? "; " : "", rz_pname(z, p), b->players[p].poison);
		} else if (b->players[p].drew_empty) {
			z->b->players[p].lost = true; any = true; CITE(R_SBA_DRAW_EMPTY);
			sbuf_addf(&t, "%s%s attempted to draw a card from an empty library and loses the game", t.len ? "; " : "", rz_pname(z, p));
		}
		b->players[p].drew_empty = false;
	}
	int *unattach = xcalloc((size_t)b->nobjs + 1, sizeof *unattach), nun = 0;
	for (int i = 0; i < b->nobjs; i++) {
		struct bd_obj *o = &b->objs[i];
		const struct rz_view *v = &z->cur[i].v;
		if (o->token && o->zone != ZN_BATTLEFIELD && o->zone != ZN_GONE) {
			o->zone = ZN_GONE; any = true; CITE(R_SBA_TOKEN);
			sbuf_addf(&t, "%sthe token %s ceases to exist", t.len ? "; " : "", rz_oname(z, i));
			continue;
		}
		if (o->zone != ZN_BATTLEFIELD)
			continue;
		struct rz_move m = { .obj = i, .to = ZN_GRAVEYARD, .rule = R_NONE };
		if ((v->types & BT_CREATURE) && v->toughness <= 0) {
			m.why = MV_SBA_GRAVE; m.rule = R_SBA_TOUGHNESS;
			/* 704.5f: not destruction, so neither a regeneration shield nor
			 * indestructible can stop it */
			snprintf(m.reason, sizeof m.reason, "toughness %d%s", v->toughness,
			    o->regen > 0 ? "; this isn't destruction, so its regeneration shield can't replace it"
			    : (v->kws & KWBIT(KW_INDESTRUCTIBLE)) ? "; this isn't destruction, so indestructible doesn't stop it" : "");
		} else if ((v->types & BT_CREATURE) && v->toughness > 0 && (o->damage >= v->toughness || o->dt_damage)) {
			if (v->kws & KWBIT(KW_INDESTRUCTIBLE)) {
				/* 702.12b: lethal damage doesn't destroy it; say so once */
				if (!z->noted[i])
					STEP(z, RL(R_INDESTRUCTIBLE, o->dt_damage ? R_SBA_DEATHTOUCH : R_SBA_LETHAL),
					    "%s has %s, but it has indestructible, so the state-based action doesn't destroy it.",
					    rz_oname(z, i), o->dt_damage ? "been dealt deathtouch damage" : "lethal damage marked on it");
				z->noted[i] = true;
				continue;
			}
			bool no_regen = (z->dealt_way[i] & 1) && z->way_seq[i] == z->moveseq[i];
			if (o->regen > 0 && !no_regen) {
				if (t.len) sbuf_adds(&t, "; ");
				enum rz_rule why = o->damage >= v->toughness ? R_SBA_LETHAL : R_SBA_DEATHTOUCH;
				rz_regenerate(z, i, false, &t);
				any = true; CITE(why); CITE(R_REGENERATE); CITE(R_REGEN_REPLACES);
				continue;
			}
			m.why = MV_DESTROY_SBA;
			if (o->damage >= v->toughness) {
				m.rule = R_SBA_LETHAL;
				snprintf(m.reason, sizeof m.reason, "%d damage marked, toughness %d: lethal damage", o->damage, v->toughness);
			} else {
				m.rule = R_SBA_DEATHTOUCH;
				snprintf(m.reason, sizeof m.reason, "dealt damage by a source with deathtouch");
			}
			if (o->regen > 0 && no_regen) {
				/* 701.19c: the shield stays, but it is not applied */
				size_t l = strlen(m.reason);
				snprintf(m.reason + l, sizeof m.reason - l, "; it can't be regenerated this turn (%s), so its regeneration shield is not applied",
				    rz_oname(z, z->way_src[i] - 1));
				CITE(R_CANT_REGEN);
			}
		} else if ((v->types & BT_PLANESWALKER) && loyalty(o) <= 0) {
			m.why = MV_SBA_GRAVE; m.rule = R_SBA_LOYALTY;
			snprintf(m.reason, sizeof m.reason, "0 loyalty");
		} else if (o->nabils && (v->types & BT_ENCHANTMENT)) {
			bool aura = false;
			for (int k = 0; k < v->nsubs; k++) aura |= !strcasecmp(v->subs[k], "Aura");
			char why[120];
			if (aura && !aura_legal(z, i, why, sizeof why)) {
				m.why = MV_SBA_GRAVE; m.rule = R_SBA_AURA;
				snprintf(m.reason, sizeof m.reason, "an Aura %s", why);
			} else if (rz_saga_done(z, i)) {
				m.why = MV_SACRIFICE; m.rule = R_SAGA_SAC;
				snprintf(m.reason, sizeof m.reason, "a Saga with %d lore counters, at least its final chapter number %d, and no chapter ability of it waiting",
				    rz_lore(o), rz_saga_final(z, i));
			}
		}
		/* a planeswalker creature may meet 704.5i in the same check: both apply at once */
		if ((m.rule == R_SBA_LETHAL || m.rule == R_SBA_DEATHTOUCH || m.rule == R_SBA_TOUGHNESS)
		    && (v->types & BT_PLANESWALKER) && loyalty(o) <= 0) {
			size_t l = strlen(m.reason);
			snprintf(m.reason + l, sizeof m.reason - l, "; it is also a planeswalker with 0 loyalty, which alone would put it there");
			CITE(R_SBA_LOYALTY);
		}
		if (m.rule == R_NONE && o->attached >= 0) {
			bool equip = false;
			for (int k = 0; k < v->nsubs; k++) equip |= !strcasecmp(v->subs[k], "Equipment");
			int tgt = o->attached;
			const struct rz_view *tv = &z->cur[tgt].v;
			if (equip && (v->types & BT_CREATURE)) {
				/* 301.5c: an Equipment that's also a creature can't equip a creature */
				unattach[nun++] = i; any = true; CITE(R_SBA_EQUIP);
				sbuf_addf(&t, "%s%s becomes unattached from %s (an Equipment that is also a creature can't equip a creature, 301.5c) and stays on the battlefield", t.len ? "; " : "", rz_oname(z, i), rz_oname(z, tgt));
			} else if (equip && (b->objs[tgt].zone != ZN_BATTLEFIELD || rz_host(z, i) < 0 || !(tv->types & BT_CREATURE)
			    || (tv->prot_colors & v->colors) || (tv->prot_flags & (PROT_EVERYTHING | (v->types & PROT_TYPES))))) {
				unattach[nun++] = i; any = true; CITE(R_SBA_EQUIP);
				sbuf_addf(&t, "%s%s becomes unattached from %s (an illegal permanent to equip now) and stays on the battlefield", t.len ? "; " : "", rz_oname(z, i), rz_oname(z, tgt));
			} else if (!equip && (v->types & BT_CREATURE) && !(v->types & BT_ENCHANTMENT)) {
				unattach[nun++] = i; any = true; CITE(R_SBA_ATTACHED);
				sbuf_addf(&t, "%s%s is a creature and becomes unattached", t.len ? "; " : "", rz_oname(z, i));
			}
		}
		if (m.rule != R_NONE) {
			mv[nmv++] = m;
			CITE(m.rule);
			any = true;
		}
		/* 704.5q */
		int pi = -1, mi = -1;
		for (int k = 0; k < o->nctr; k++) {
			if (o->ctr[k].kind == CK_PT && o->ctr[k].dp == 1 && o->ctr[k].dt == 1 && o->ctr[k].n > 0) pi = k;
			if (o->ctr[k].kind == CK_PT && o->ctr[k].dp == -1 && o->ctr[k].dt == -1 && o->ctr[k].n > 0) mi = k;
		}
		if (pi >= 0 && mi >= 0 && m.rule == R_NONE) {
			int k = o->ctr[pi].n < o->ctr[mi].n ? o->ctr[pi].n : o->ctr[mi].n;
			o->ctr[pi].n -= k;
			o->ctr[mi].n -= k;
			any = true; CITE(R_SBA_COUNTERS);
			sbuf_addf(&t, "%s%d +1/+1 and %d -1/-1 counters are removed from %s", t.len ? "; " : "", k, k, rz_oname(z, i));
		}
	}
	/* 704.5j the legend rule */
	int *same = xcalloc((size_t)b->nobjs + 1, sizeof *same);
	for (int i = 0; i < b->nobjs; i++) {
		const struct rz_view *v = &z->cur[i].v;
		if (b->objs[i].zone != ZN_BATTLEFIELD || !(v->supers & BS_LEGENDARY))
			continue;
		int ns = 0;
		for (int j = 0; j < b->nobjs; j++)
			if (b->objs[j].zone == ZN_BATTLEFIELD && (z->cur[j].v.supers & BS_LEGENDARY)
			    && z->cur[j].v.controller == v->controller && !strcasecmp(rz_printed(z, j)->name, rz_printed(z, i)->name))
				same[ns++] = j;
		if (ns < 2 || same[0] != i)
			continue;
		bool already = false;
		for (int k = 0; k < nmv; k++) already |= mv[k].obj == same[0] || mv[k].obj == same[1];
		if (already)
			continue;
		int keep = same[ns - 1];
		bool stated = false;
		for (int c = 0; c < b->nchoices; c++)
			if (b->choices[c].kind == CH_KEEP)
				for (int k = 0; k < b->choices[c].nobjs; k++)
					for (int s = 0; s < ns; s++)
						if (b->choices[c].objs[k] == same[s]) { keep = same[s]; stated = true; }
		for (int s = 0; s < ns; s++) {
			if (same[s] == keep)
				continue;
			struct rz_move m = { .obj = same[s], .to = ZN_GRAVEYARD, .why = MV_SBA_GRAVE, .rule = R_SBA_LEGEND };
			snprintf(m.reason, sizeof m.reason, "legend rule: %s keeps %s%s", rz_pname(z, v->controller),
			    b->objs[keep].alias ? b->objs[keep].alias : "the newest one", stated ? "" : " by default (`keep NAME` states the choice)");
			mv[nmv++] = m;
		}
		any = true;
		CITE(R_SBA_LEGEND);
	}
	for (int i = 0; i < b->nobjs; i++)
		b->objs[i].dt_damage = false;
	if (any) {
		z->sba_checks++;
		CITE(R_SBA_CHECK);
		char pre[96];
		snprintf(pre, sizeof pre, "State-based actions (check %d), performed at the same time: ", z->sba_checks);
		for (int k = 0; k < nun; k++)
			b->objs[unattach[k]].attached = -1;
		if (nmv) {
			struct sbuf p = {0};
			sbuf_adds(&p, pre);
			if (t.len)
				sbuf_addf(&p, "%s; ", sbuf_str(&t));
			/* the SBA rules cited by the moves come from the moves themselves */
			int first = z->res->nsteps;
			rz_move(z, mv, nmv, sbuf_str(&p), R_SBA_CHECK);
			sbuf_free(&p);
			for (int k = 0; k < nr; k++)
				if (rules[k] != R_SBA_CHECK && z->res->nsteps > first) {
					struct rz_step *st = &z->res->steps[first];
					const char *id = rz_cite(rules[k]);
					bool seen = false;
					for (int q = 0; q < st->nrules; q++) seen |= st->rules[q] == id;
					if (!seen && st->nrules < RZ_MAXCITE) st->rules[st->nrules++] = id;
				}
		} else
			rz_step(z, rules, nr, "%s%s.", pre, sbuf_str(&t));
		int alive = 0;
		for (int p = 0; p < b->nplayers; p++) alive += !z->b->players[p].lost;
		if (alive <= 1 && b->nplayers > 1 && !z->game_over) {
			z->game_over = true;
			for (int p = 0; p < b->nplayers; p++)
				if (!z->b->players[p].lost)
					STEP(z, RL(R_SBA_CHECK, R_WIN), "%s is the only player left and wins the game; nothing else happens.", rz_pname(z, p));
			if (alive == 0)
				STEP(z, RL(R_DRAW), "All the players left in the game lost at the same time, so the game is a draw; nothing else happens.");
		}
	}
#undef CITE
	sbuf_free(&t);
	free(mv);
	free(unattach);
	free(same);
	return any;
}

static void put_triggers(struct rz *z);
void rz_resolve_trigger(struct rz *z, const struct rz_trig *t);

void
rz_settle(struct rz *z)
{
	/* a loop is what never settles: a big board may take many rounds (each trigger resolving
	 * is one), so the bound grows with the board */
	int rounds = 1000 + 8 * z->b->nobjs;
	for (int guard = 0; guard < rounds && !z->game_over; guard++) {
		rz_layers(z);
		rz_cond_changes(z);
		rz_combat_control(z);
		if (rz_durations_end(z))
			continue;
		if (sba_once(z))
			continue;
		if (z->npending) {
			put_triggers(z);
			continue;
		}
		/* one waiting for the board's `resolve NAME's ability` stays; what is above it resolves */
		if (z->nstack && !z->stack[z->nstack - 1].hold) {
			struct rz_trig t = z->stack[--z->nstack];
			rz_resolve_trigger(z, &t);
			continue;
		}
		return;
	}
	if (!z->game_over)
		STEP(z, RL(R_SBA_CHECK), "The board keeps changing after %d checks; judge stops here (a loop the players must resolve by other rules).", rounds);
}

static const char *
trig_label(const struct rz *z, const struct rz_trig *t, char *buf, size_t cap)
{
	if (t->abil < 0)
		snprintf(buf, cap, "%s's %s ability", rz_oname(z, t->src), bd_kw_name(t->kw));
	else
		snprintf(buf, cap, "%s's ability \"%s\"", rz_oname(z, t->src), t->ab->text);
	return buf;
}

/* The board's `resolve NAME's ability` line that triggered ability t waits for: the first such
 * line after the event being followed that no other waiting ability has taken (1 + its index),
 * or 0. */
static int
held_for(const struct rz *z, const struct rz_trig *t)
{
	const struct board *b = z->b;
	if (t->delayed && !t->ab->ntgt)
		return 0;     /* only one with a target of its own can be responded to by name */
	for (int j = z->evi + 1; j < b->nevents; j++) {
		const struct bd_event *e = &b->events[j];
		if (e->kind != EV_RESOLVE || e->obj < 0 || !b->objs[e->obj].held_trigger || b->objs[e->obj].ab_src != t->src)
			continue;
		bool taken = false;
		for (int i = 0; i < z->nstack; i++)
			taken |= z->stack[i].hold == j + 1;
		if (!taken)
			return j + 1;
	}
	return 0;
}

/* 603.3b: each player, in APNAP order, puts their triggered abilities on the stack in the
 * order they choose (judge keeps the order they triggered in); the targets of each are chosen
 * as it is put there (603.3d). */
static void
put_triggers(struct rz *z)
{
	struct board *b = z->b;
	int ap = 0;
	for (int p = 0; p < b->nplayers; p++)
		if (b->players[p].active) ap = p;
	struct sbuf t = {0}, removed = {0}, held = {0};
	int nput = 0;
	bool targets = false, defaulted = false, divided = false;
	struct rz_trig last;
	memset(&last, 0, sizeof last);
	/* the objects the abilities target, and by whom: each "becomes the target" (603.2), once
	 * they are all on the stack */
	struct bd_ref *tgd = NULL;
	int ntgd = 0;
	size_t tgdcap = 0;
	for (int k = 0; k < b->nplayers; k++) {
		int p = (ap + k) % b->nplayers;
		bool first = true;
		for (int i = 0; i < z->npending; i++) {
			struct rz_trig *tr = &z->pending[i];
			if (tr->controller != p)
				continue;
			char lb[300], note[400];
			bool ok = rz_trigger_targets(z, tr, note, sizeof note);
			if (first) {
				sbuf_addf(&t, "%s%s puts ", t.len ? "; then " : "", rz_pname(z, p));
				first = false;
			} else
				sbuf_adds(&t, ", then ");
			sbuf_adds(&t, trig_label(z, tr, lb, sizeof lb));
			if (tr->abil >= 0 && tr->ab && tr->ab->ntgt) {
				targets = true;
				if (ok) {
					sbuf_adds(&t, " targeting ");
					rz_trigger_target_text(z, tr, &t);
					defaulted |= tr->tg_default;
					for (int q = 0; q < tr->ntg; q++)
						divided |= tr->div[q] > 0 && tr->ntg > 1;
				}
				if (note[0])
					sbuf_addf(&t, " (%s)", note);
			}
			if (!ok) {
				/* a modal one with no mode to choose has said so (603.3c); judge stopped */
				if (z->game_over || (tr->ab && tr->ab->kind == AK_TRIGGER && tr->ab->choose_max > 0))
					continue;
				/* 603.3d: no legal choice for a target it needs */
				sbuf_addf(&removed, "%s%s has no legal target as it is put on the stack, so it is removed from the stack and never resolves",
				    removed.len ? "; " : "", trig_label(z, tr, lb, sizeof lb));
				continue;
			}
			tr->hold = held_for(z, tr);
			if (tr->hold) {
				struct bd_obj *ho = &b->objs[b->events[tr->hold - 1].obj];
				ho->zone = ZN_STACK;
				sbuf_addf(&held, " %s waits on the stack: the board's next events happen while it is there, until `resolve %s`.",
				    trig_label(z, tr, lb, sizeof lb), ho->alias ? ho->alias : ho->name);
			}
			z->stack = xgrow(z->stack, &z->stackcap, (size_t)z->nstack + 1, sizeof *z->stack);
			z->stack[z->nstack++] = *tr;
			for (int q = 0; tr->abil >= 0 && q < tr->ntg; q++)
				if (tr->tg[q].o >= 0) {
					tgd = xgrow(tgd, &tgdcap, (size_t)ntgd + 1, sizeof *tgd);
					tgd[ntgd++] = (struct bd_ref){ tr->controller, tr->tg[q].o };
				}
			last = *tr;
			nput++;
		}
	}
	struct sbuf own = {0};
	for (int p = 0; p < b->nplayers; p++) {
		int k = 0;
		for (int i = 0; i < z->npending; i++)
			k += z->pending[i].controller == p;
		if (k > 1)
			sbuf_addf(&own, " %s chooses the order of their own %d abilities (judge keeps the order they triggered in).", rz_pname(z, p), k);
	}
	bool looks_back = false, etb = false;
	for (int i = 0; i < z->npending; i++) {
		looks_back |= z->pending[i].abil < 0 || z->pending[i].ab->trig <= TR_PUT_GRAVE;
		etb |= z->pending[i].abil >= 0 && z->pending[i].ab->trig == TR_ETB;
	}
	z->npending = 0;
	char lb[300];
	if (defaulted)
		sbuf_adds(&own, " Judge chose the targets the board doesn't state (an opponent first); state others with `trigger-target SOURCE: TARGET`.");
	if (nput)
		STEP(z, RL(R_TRIG_APNAP, R_TRIG_CONTROLLER, looks_back ? R_LOOK_BACK : etb ? R_ETB_TRIGGER : R_TRIGGER_EVENT, targets ? R_TRIG_TARGETS : R_NONE,
		    targets ? R_CHOOSE_TARGETS : R_NONE, divided ? R_DIVIDE : R_NONE),
		    "Triggered abilities go on the stack in APNAP order%s: %s.%s%s%s%s%s", targets ? ", each with its targets chosen as it is put there" : "",
		    sbuf_str(&t), sbuf_str(&own), sbuf_str(&held),
		    last.hold ? "" : " The last one put on the stack (", last.hold ? "" : trig_label(z, &last, lb, sizeof lb),
		    last.hold ? "" : ") resolves first.");
	if (removed.len)
		STEP(z, RL(R_TRIG_TARGETS, R_CHOOSE_TARGETS), "%s%s.", nput ? "" : "A triggered ability goes on the stack with its targets chosen as it is put there: ", sbuf_str(&removed));
	sbuf_free(&own);
	sbuf_free(&t);
	sbuf_free(&removed);
	sbuf_free(&held);
	/* 603.2: a permanent a triggered ability targets "becomes the target of an ability"
	 * (Phantasmal Image's sacrifice, Willbreaker); what that triggers waits for the next time a
	 * player would receive priority, above these */
	for (int i = 0; i < ntgd && !z->game_over; i++)
		if (b->objs[tgd[i].o].zone == ZN_BATTLEFIELD) {
			struct rz_tev ev = { .kind = TR_TARGETED, .obj = tgd[i].o, .src = -1, .player = tgd[i].p };
			rz_trigger_event(z, &ev);
		}
	free(tgd);
}

/* ---- entering the battlefield ----------------------------------------------------------- */

const char *
rz_choice(const struct rz *z, int o)
{
	for (int c = 0; c < z->b->nchoices; c++) {
		const char *v = z->b->choices[c].value;
		/* `choose SOURCE: mode N` is the mode of its modal triggered ability (700.2b) */
		if (v && !strncasecmp(v, "mode", 4) && (v[4] == ' ' || ((v[4] == 's' || v[4] == 'S') && v[5] == ' ')))
			continue;
		if (z->b->choices[c].kind == CH_CHOOSE && z->b->choices[c].objs[0] == o)
			return v;
	}
	/* a choice that names the ability `activate` put on the stack ("choose Mother of Runes's
	 * ability: red") is its source's: the parser took either */
	for (int c = 0; c < z->b->nchoices; c++) {
		int ao = z->b->choices[c].objs[0];
		const char *v = z->b->choices[c].value;
		if (z->b->choices[c].kind == CH_CHOOSE && v && ao >= 0 && ao < z->b->nobjs && z->b->objs[ao].act_src == o &&
		    strncasecmp(v, "mode", 4) != 0)
			return v;
	}
	return NULL;
}

/* ", except it isn't legendary and it's an Illusion in addition to its other types" */
void
copyx_text(const struct bd_copyx *x, struct sbuf *t)
{
	size_t start = t->len;
	if (x->legend)
		sbuf_addf(t, "%s it %s legendary", t->len > start ? "," : ", except", x->legend > 0 ? "is" : "isn't");
	if (x->set_pt || x->setsub[0]) {
		char col[64] = "";
		if (x->colors) bd_colors_str(x->colors, col, sizeof col);
		sbuf_addf(t, "%s it's a", t->len > start ? "," : ", except");
		if (x->set_pt) sbuf_addf(t, " %d/%d", x->power, x->toughness);
		if (col[0]) sbuf_addf(t, " %s", col);
		if (x->setsub[0]) sbuf_addf(t, " %s", x->setsub);
	}
	if (x->addsub[0])
		sbuf_addf(t, "%s it's %s %s in addition to its other types", t->len > start ? "," : ", except",
		    strchr("AEIOU", x->addsub[0]) ? "an" : "a", x->addsub);
	if (x->gain[0]) {
		/* the text as read has "~" for "this creature" */
		sbuf_addf(t, "%s it has \"", t->len > start ? " and" : ", except");
		for (const char *q = x->gain; *q; q++)
			if (*q == '~') sbuf_adds(t, "this creature");
			else sbuf_addc(t, q == x->gain ? (char)toupper((unsigned char)*q) : *q);
		sbuf_adds(t, "\"");
	}
	if (x->addtypes) {
		char ty[96];
		bd_types_str(0, x->addtypes, NULL, 0, ty, sizeof ty);
		for (char *q = ty; *q; q++) *q = (char)tolower((unsigned char)*q);
		sbuf_addf(t, "%s it's %s %s in addition to its other types", t->len > start ? "," : ", except",
		    strchr("aeiou", ty[0]) ? "an" : "a", ty);
	}
	if (t->len > start)
		sbuf_adds(t, " (707.9b: an exception of a copy effect is part of the copiable values)");
}

const char *
rz_chosen(const struct rz *z, int o)
{
	if (o < 0 || o >= z->b->nobjs)
		return NULL;
	const struct bd_obj *ob = &z->b->objs[o];
	if (ob->chosen)
		return ob->chosen;
	/* the board's `choose` line, for an object with an "as ~ enters, choose" ability */
	for (int k = 0; k < ob->nabils; k++)
		if (ob->abils[k].kind == AK_ENTERS && ob->abils[k].choose[0])
			return rz_choice(z, o);
	return NULL;
}

/* Replacement effects that modify how o enters (614.1c-d), looked at with o as it would
 * exist on the battlefield (614.12): o must already be there, before its triggers.
 * Appends what they did to t; returns how many applied. */
int
rz_enter_replacements(struct rz *z, int o, int x, struct sbuf *t)
{
	struct board *b = z->b;
	struct bd_obj *ob = &b->objs[o];
	int applied = 0;
	z->entered_choice = false;
	rz_layers(z);
	for (struct rz_abil_it it = {0}; rz_next_abil(z, AK_ENTERS, &it);) {
		int s = it.s, ctl = it.ctl;
		const struct bd_abil *a = it.a;
		/* 614.12: an object's own "enters" ability applies only to itself */
		if (a->copy_source ? s == o || !rz_filter_match(z, &a->aff, o, s, ctl)
		    : a->copy ? s != o : (s != o && a->aff.self) || (s == o ? !a->aff.self : !rz_filter_match(z, &a->aff, o, s, ctl)))
			continue;
		applied++;
		const char *who = s == o ? "its own ability" : rz_oname(z, s);
		if (a->enters_tapped) {
			ob->tapped = true;
			sbuf_addf(t, "; it enters tapped (%s)", who);
		}
		if (a->enters_ctr.n) {
			struct bd_ctr c = a->enters_ctr;
			c.n = c.n < 0 ? x : c.n;
			if (c.n > 0) {
				z->entering = o + 1;
				int put = rz_put_counters(z, o, &c, NULL);
				z->entering = 0;
				char kind[32];
				ctr_kind_str(&c, kind, sizeof kind);
				if (put > 0)
					sbuf_addf(t, "; it enters with %d %s counter%s on it (%s)", put, kind, put == 1 ? "" : "s", who);
				else
					sbuf_addf(t, "; it enters with no %s counters (%s; see above)", kind, who);
			} else
				sbuf_addf(t, "; X is 0, so it enters with no counters (%s)", who);
		}
		if (a->copy && a->copy_source) {
			/* 614.1c, 707.5: it enters as a copy of the source; no choice */
			ob->copy_of = s;
			memset(&ob->copyx, 0, sizeof ob->copyx);
			ob->copy_legend = 0;
			sbuf_addf(t, "; %s's replacement effect makes it enter as a copy of %s: it has %s's copiable values (name, mana cost, types, colors, P/T, abilities)",
			    rz_oname(z, s), rz_oname(z, s), rz_oname(z, s));
			rz_text_not_copied(z, s, t);
			rz_layers(z);
		} else if (a->copy) {
			/* 707.2, 614.1c: it enters as a copy of the chosen object, or as itself */
			const char *v = rz_choice(z, o);
			int pick = -1;
			for (int i = 0; v && i < b->nobjs && pick < 0; i++)
				if (i != o && b->objs[i].zone == ZN_BATTLEFIELD && (!strcasecmp(v, b->objs[i].name)
				    || (b->objs[i].alias && !strcasecmp(v, b->objs[i].alias))) && rz_filter_match(z, &a->aff, i, o, ob->controller))
					pick = i;
			if (pick >= 0) {
				ob->copy_of = pick;
				ob->copy_legend = a->copy_legend;
				ob->copyx = a->copyx;
				struct sbuf ex = {0};
				copyx_text(&a->copyx, &ex);
				sbuf_addf(t, "; as it enters, %s chooses to have it enter as a copy of %s: it has %s's copiable values (name, mana cost, types, colors, P/T, abilities), not its counters or status%s",
				    rz_pname(z, ob->controller), rz_oname(z, pick), rz_oname(z, pick), sbuf_str(&ex));
				sbuf_free(&ex);
				rz_text_not_copied(z, pick, t);
				rz_layers(z);
				/* not copiable: counters it enters with "if it's a creature" (707.9) */
				if (a->copyx.extra_p1 && (z->cur[o].v.types & BT_CREATURE)) {
					struct bd_ctr c = { .kind = CK_PT, .dp = 1, .dt = 1, .n = a->copyx.extra_p1 };
					rz_put_counters(z, o, &c, NULL);
					sbuf_addf(t, "; it is a creature, so it enters with an additional +1/+1 counter");
				}
				if (a->copyx.extra_loy && (z->cur[o].v.types & BT_PLANESWALKER)) {
					struct bd_ctr c = { .kind = CK_LOYALTY, .n = a->copyx.extra_loy };
					rz_put_counters(z, o, &c, NULL);
					sbuf_addf(t, "; it is a planeswalker, so it enters with an additional loyalty counter");
				}
			} else
				sbuf_addf(t, "; it enters as itself, not as a copy (%s)", !v ? "the board states no choice: add `choose NAME: OBJECT`"
				    : !strcmp(v, "no") ? "its controller chooses not to copy anything" : "the chosen object is not a permanent it may copy");
			rz_layers(z);
		}
		if (a->choose[0]) {
			const char *v = rz_choice(z, o);
			for (int p = 0; v && p < b->nplayers; p++)
				if (!strcasecmp(v, b->players[p].name))
					v = b->players[p].name;   /* "choose a player": as the board spells it */
			z->entered_choice = true;
			sbuf_addf(t, "; as it enters, %s chooses %s %s: %s", rz_pname(z, ob->controller),
			    strchr("aeiou", a->choose[0]) ? "an" : "a", a->choose, v ? v : "not stated on the board (add `choose NAME: CHOICE`)");
		}
	}
	rz_saga_enters(z, o);
	return applied;
}
