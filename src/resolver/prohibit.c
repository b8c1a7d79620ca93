/* prohibit.c — rule-changing effects that the game actions consult: "can't" effects (101.2:
 * a "can't" beats any effect that says the thing happens) and a life-total floor (614.1a),
 * from static abilities of permanents, a spell's own "this spell can't be countered", and
 * spells that resolved this turn ("players can't gain life this turn"). Each action asks
 * rz_rule_applies() before it happens; nothing here changes the game by itself. */
#include "rz_int.h"
#include "../base/mem.h"

#include <stdio.h>
#include <string.h>

bool
rz_ctr_matches(const struct bd_ctr *want, const struct bd_ctr *c)
{
	if (!c || (want->kind == CK_OTHER && !want->other[0]))
		return true;   /* any kind */
	if (want->kind != c->kind)
		return false;
	switch (want->kind) {
	case CK_PT: return want->dp == c->dp && want->dt == c->dt;
	case CK_KEYWORD: return want->kw == c->kw;
	case CK_OTHER: return !strcmp(want->other, c->other);
	case CK_LOYALTY: return true;
	}
	return false;
}

static bool
rule_matches(const struct rz *z, const struct bd_rule *r, enum bd_rulek k, int ctl, int src,
    int p, int o, const struct bd_ctr *c)
{
	if (r->k != k)
		return false;
	if (p >= 0 && ((r->who == FC_YOU && p != ctl) || (r->who == FC_OPP && p == ctl)))
		return false;
	if (k == RU_NO_COUNTERS || k == RU_CANT_BE_COUNTERED || k == RU_NO_ETB_TRIGGERS || k == RU_NO_DIES_TRIGGERS || k == RU_CANT_CAST
	    || k == RU_NO_PREVENT_BY || k == RU_NO_PREVENT_COMBAT_BY) {
		if (o < 0)
			return false;
		if (r->f.self ? o != src : !rz_filter_match(z, &r->f, o, src, ctl))
			return false;
	}
	if (k == RU_NO_COUNTERS || k == RU_PLAYER_NO_COUNTERS)
		return rz_ctr_matches(&r->ctr, c);
	return true;
}

bool
rz_rule_applies(const struct rz *z, enum bd_rulek k, int p, int o, const struct bd_ctr *c,
    char *by, size_t cap, int *n)
{
	const struct board *b = z->b;
	for (int i = 0; i < b->nobjs; i++) {
		const struct bd_obj *ob = &b->objs[i];
		/* a permanent's static abilities; a spell's own "can't be countered" (101.2) */
		bool onbf = ob->zone == ZN_BATTLEFIELD;
		if (!onbf && !(ob->zone == ZN_STACK && o == i))
			continue;
		const struct bd_obj *pr = onbf ? rz_printed(z, i) : ob;
		int ctl = onbf ? z->cur[i].v.controller : ob->controller;
		for (int a = 0; a < pr->nabils; a++) {
			const struct bd_abil *ab = &pr->abils[a];
			if (ab->kind != AK_RULE || (onbf && !rz_has_abil(&z->cur[i], a)))
				continue;
			if (ab->cond.kind != CD_NONE && !rz_cond_holds(z, &ab->cond, i))
				continue;
			for (int q = 0; q < ab->nrules; q++)
				if (rule_matches(z, &ab->rules[q], k, ctl, i, p, o, c)) {
					if (by) snprintf(by, cap, "%s", i == o && k != RU_NO_PREVENT_BY && k != RU_NO_PREVENT_COMBAT_BY ? "its own ability" : rz_oname(z, i));
					if (n) *n = ab->rules[q].n;
					return true;
				}
		}
	}
	for (int i = 0; i < z->nrulefx; i++) {
		const struct rz_rulefx *f = &z->rulefx[i];
		if (rule_matches(z, &f->r, k, f->controller, f->src, p, o, c)) {
			if (by) snprintf(by, cap, "%s's effect this turn", f->label);
			if (n) *n = f->r.n;
			return true;
		}
	}
	return false;
}

void
rz_rule_add(struct rz *z, const struct bd_rule *r, int src, int controller)
{
	z->rulefx = xgrow(z->rulefx, &z->rulefxcap, (size_t)z->nrulefx + 1, sizeof *z->rulefx);
	struct rz_rulefx *f = &z->rulefx[z->nrulefx++];
	f->r = *r;
	f->src = src;
	f->controller = controller;
	snprintf(f->label, sizeof f->label, "%s", rz_oname(z, src));
}

void
rz_rule_text(const struct bd_rule *r, char *out, size_t cap)
{
	static const char *const who[] = { [FC_ANY] = "players", [FC_YOU] = "its controller", [FC_OPP] = "its controller's opponents" };
	switch (r->k) {
	case RU_CANT_GAIN_LIFE: snprintf(out, cap, "%s can't gain life", who[r->who]); break;
	case RU_CANT_LOSE_LIFE: snprintf(out, cap, "%s can't lose life", who[r->who]); break;
	case RU_CANT_LOSE_GAME: snprintf(out, cap, "%s can't lose the game", who[r->who]); break;
	case RU_CANT_WIN_GAME: snprintf(out, cap, "%s can't win the game", who[r->who]); break;
	case RU_NO_PREVENT: snprintf(out, cap, "damage can't be prevented"); break;
	case RU_PLAYER_NO_COUNTERS: snprintf(out, cap, "%s can't get %s%scounters", who[r->who], r->ctr.other, r->ctr.other[0] ? " " : ""); break;
	case RU_NO_COUNTERS: snprintf(out, cap, "counters can't be put on some permanents"); break;
	case RU_CANT_BE_COUNTERED: snprintf(out, cap, "it can't be countered"); break;
	case RU_LIFE_FLOOR: snprintf(out, cap, "damage can't reduce a life total below %d", r->n); break;
	case RU_PLAYER_HEXPROOF: snprintf(out, cap, "%s %s hexproof", who[r->who], r->who == FC_YOU ? "has" : "have"); break;
	case RU_GAIN_NO_LIFE: snprintf(out, cap, "%s would gain life, %s gains no life instead", r->who == FC_YOU ? "if its controller" : r->who == FC_OPP ? "if an opponent" : "if a player", r->who == FC_YOU ? "they" : "that player"); break;
	case RU_NO_DIES_TRIGGERS: snprintf(out, cap, "some permanents dying don't cause abilities to trigger"); break;
	case RU_NO_ETB_TRIGGERS: snprintf(out, cap, "some permanents entering don't cause abilities to trigger"); break;
	case RU_CANT_CAST: snprintf(out, cap, "%s can't cast some spells", who[r->who]); break;
	case RU_NO_PREVENT_BY: snprintf(out, cap, "damage some sources would deal can't be prevented"); break;
	case RU_NO_PREVENT_COMBAT_BY: snprintf(out, cap, "combat damage some sources would deal can't be prevented"); break;
	case RU_PLAYER_SHROUD: snprintf(out, cap, "%s %s shroud", who[r->who], r->who == FC_YOU ? "has" : "have"); break;
	}
}
