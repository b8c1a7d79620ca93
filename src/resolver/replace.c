/* replace.c — replacement effects that change how many counters are put on a permanent or
 * how many tokens are created (614.16: Hardened Scales, Doubling Season, Anointed Procession),
 * ordered by the affected object's controller or the affected player (616.1), with every
 * order's outcome shown when the order matters. */
#include "rz_int.h"
#include "../base/buf.h"

#include <stdio.h>
#include <string.h>

#define MAXNMOD 6

struct nmod {
	enum bd_dmk k;            /* DM_DOUBLE, DM_PLUS, DM_MINUS or DM_HALF */
	int n;
	int src;
	/* "if an effect would put ..." on counters put as a cost: it applies only once another
	 * replacement effect has modified the event (614.16, 616.2) */
	bool needs_effect;
	char label[96];
};

/* More effects apply than judge tries every order of: it says so and stops (it never leaves
 * one out); the event's amount is returned unchanged. */
static int
too_many(struct rz *z, int amount, const char *kind)
{
	if (!z->game_over)
		STEP(z, RL(R_REPL_ORDER, R_COUNTER_TOKEN_REPL), "More than %d replacement effects would change how many %s%s are put or created; judge tries every order of at most %d (616.1), so it stops here rather than leave one out.",
		    MAXNMOD, kind, strcmp(kind, "token") ? " counters" : "s", MAXNMOD);
	z->game_over = true;
	return amount;
}

static int
apply_one(const struct nmod *m, int amount)
{
	if (m->k == DM_MINUS)
		return amount > m->n ? amount - m->n : 0;
	if (m->k == DM_HALF)
		return amount / 2;   /* rounded down (107.1a) */
	return m->k == DM_DOUBLE ? rz_mul(amount, 2) : rz_add(amount, m->n);
}

/* An order the affected player may choose: an effect is applicable when it is chosen (616.1),
 * so one that needs an effect can't come first (616.2) */
static bool
valid_order(const struct nmod *m, const int *perm, int n)
{
	return n == 0 || !m[perm[0]].needs_effect;
}

static int
run(const struct nmod *m, const int *perm, int n, int amount)
{
	/* each applies "if one or more ... would be put": once none would, none applies */
	for (int i = 0; i < n && amount > 0; i++)
		amount = apply_one(&m[perm[i]], amount);
	return amount;
}

bool
rz_next_perm(int *p, int n)
{
	int i = n - 2;
	while (i >= 0 && p[i] >= p[i + 1]) i--;
	if (i < 0) return false;
	int j = n - 1;
	while (p[j] <= p[i]) j--;
	int t = p[i]; p[i] = p[j]; p[j] = t;
	for (int a = i + 1, c = n - 1; a < c; a++, c--) { t = p[a]; p[a] = p[c]; p[c] = t; }
	return true;
}

bool
rz_stated_order(const struct rz *z, const int *src, int n, int *perm)
{
	for (int c = 0; c < z->b->nchoices; c++) {
		const struct bd_choice *ch = &z->b->choices[c];
		if (ch->kind != CH_ORDER)
			continue;
		int k = 0;
		bool used[RZ_MAXORDER] = { false };
		for (int i = 0; i < ch->nobjs; i++)
			for (int j = 0; j < n && j < RZ_MAXORDER; j++)
				if (!used[j] && src[j] == ch->objs[i]) { perm[k++] = j; used[j] = true; }
		if (k == 0)
			continue;
		for (int j = 0; j < n && j < RZ_MAXORDER; j++)
			if (!used[j]) perm[k++] = j;
		return true;
	}
	return false;
}

/* The board's `order A, B` naming these effects' sources, if any; an effect not yet
 * applicable can't be chosen first (616.2): the first one that is goes first. */
static bool
stated_order(const struct rz *z, const struct nmod *m, int n, int *perm)
{
	int srcs[MAXNMOD] = { 0 };
	for (int k = 0; k < n; k++)
		srcs[k] = m[k].src;
	if (!rz_stated_order(z, srcs, n, perm))
		return false;
	for (int j = 1; j < n && m[perm[0]].needs_effect; j++)
		if (!m[perm[j]].needs_effect) {
			int t = perm[j];
			memmove(perm + 1, perm, (size_t)j * sizeof *perm);
			perm[0] = t;
		}
	return true;
}

/* Apply the effects to amount in the order chosen by chooser; what says what is counted
 * ("+1/+1 counters put on Walking Ballista"). want_max: the default order is the one giving
 * the most, else the fewest. */
static int
apply_all(struct rz *z, struct nmod *m, int nm, int amount, int chooser, bool want_max, const char *what)
{
	if (nm == 0)
		return amount;
	if (nm == 1) {
		int v = apply_one(&m[0], amount);
		STEP(z, RL(R_COUNTER_TOKEN_REPL, R_REPLACE_INSTEAD, z->entering ? R_COUNTERS_ENTERING : R_NONE), "%s's replacement effect: instead of %d %s, %d%s.", m[0].label, amount, what, v,
		    m[0].k == DM_HALF ? " (half, rounded down)" : "");
		return v;
	}
	int perm[MAXNMOD], best[MAXNMOD], chosen[MAXNMOD];
	for (int k = 0; k < nm; k++) perm[k] = k;
	memcpy(best, perm, sizeof perm);
	int bestv = -1, minv = 1 << 30, maxv = -1;
	struct sbuf br = {0};
	do {
		if (!valid_order(m, perm, nm))
			continue;
		int v = run(m, perm, nm, amount);
		sbuf_addf(&br, "%s", br.len ? "; " : "");
		for (int k = 0; k < nm; k++)
			sbuf_addf(&br, "%s%s", k ? " then " : "", m[perm[k]].label);
		sbuf_addf(&br, " gives %d", v);
		if (bestv < 0 || (want_max ? v > bestv : v < bestv)) { bestv = v; memcpy(best, perm, sizeof perm); }
		if (v < minv) minv = v;
		if (v > maxv) maxv = v;
	} while (rz_next_perm(perm, nm));
	bool stated = stated_order(z, m, nm, chosen);
	if (!stated)
		memcpy(chosen, best, sizeof chosen);
	int v = run(m, chosen, nm, amount);
	struct sbuf ord = {0};
	for (int k = 0; k < nm; k++)
		sbuf_addf(&ord, "%s%s", k ? " then " : "", m[chosen[k]].label);
	/* 614.16, 616.2: which effects became applicable only once another had applied */
	struct sbuf late = {0};
	for (int k = 0; k < nm; k++)
		if (m[k].needs_effect)
			sbuf_addf(&late, "%s%s's", late.len ? " and " : "", m[k].label);
	if (late.len)
		sbuf_adds(&late, " applies only to counters an effect puts; these are not put by an effect, but once another replacement effect has modified the event, it applies too, so it can't be the first");
	if (minv != maxv)
		STEP(z, RL(R_COUNTER_TOKEN_REPL, R_REPL_ORDER, R_REPL_ANY, R_REPL_REPEAT, late.len ? R_REPL_BECOMES : R_NONE, z->entering ? R_COUNTERS_ENTERING : R_NONE),
		    "%d replacement effects apply to %d %s, and %s chooses their order, which changes the outcome%s%s%s. Branches: %s. %s %s: %d.",
		    nm, amount, what, rz_pname(z, chooser), late.len ? " (" : "", late.len ? late.s : "", late.len ? ")" : "", sbuf_str(&br),
		    stated ? "As the board states, they apply" : want_max ? "Judge follows the order that gives the most (add `order NAME, NAME` to the board for another):"
		    : "Judge follows the order that gives the fewest (add `order NAME, NAME` to the board for another):",
		    sbuf_str(&ord), v);
	else
		STEP(z, RL(R_COUNTER_TOKEN_REPL, R_REPL_ORDER, R_REPL_REPEAT, late.len ? R_REPL_BECOMES : R_NONE, z->entering ? R_COUNTERS_ENTERING : R_NONE),
		    "%d replacement effects apply to %d %s%s%s%s; %s orders them (%s), and %s %d.",
		    nm, amount, what, late.len ? " (" : "", late.len ? late.s : "", late.len ? ")" : "", rz_pname(z, chooser), sbuf_str(&ord),
		    late.len ? "that gives" : "every order gives", v);
	sbuf_free(&late);
	sbuf_free(&br);
	sbuf_free(&ord);
	return v;
}

/* The "how many" replacement of ability a of permanent src. */
static void
add_mod(const struct rz *z, struct nmod *m, const struct bd_abil *a, int src)
{
	m->k = a->dmk;
	m->n = a->dmn;
	m->src = src;
	m->needs_effect = false;     /* the counters path sets it; tokens have no cost to tell apart */
	snprintf(m->label, sizeof m->label, "%s", rz_oname(z, src));
}

int
rz_counter_replacements(struct rz *z, struct bd_ref to, const struct bd_ctr *c, bool by_effect, int putter, const char *kind)
{
	struct nmod m[MAXNMOD];
	int nm = 0, nlate = 0;
	int o = to.o;
	for (struct rz_abil_it it = {0}; rz_next_abil(z, AK_CTR_MOD, &it);) {
		const struct bd_abil *a = it.a;
		if (!rz_ctr_matches(&a->tctr, c))
			continue;
		/* "if you|an opponent would put": who puts them (122.6a) */
		if ((a->ctr_putter == FC_YOU && putter != it.ctl) || (a->ctr_putter == FC_OPP && (putter == it.ctl || putter < 0)))
			continue;
		if (o < 0 ? !a->ctr_players : a->aff.self ? o != it.s : !rz_filter_match(z, &a->aff, o, it.s, it.ctl))
			continue;
		if (nm == MAXNMOD)
			return too_many(z, c->n, kind);
		add_mod(z, &m[nm], a, it.s);
		m[nm].needs_effect = a->by_effect && !by_effect;
		nlate += m[nm++].needs_effect;
	}
	/* 614.16: an effect that needs "an effect" applies to counters put as a cost only after
	 * another replacement effect has modified the event */
	if (nlate == nm)
		nm = 0;
	if (nm == 0)
		return c->n;
	char what[160];
	snprintf(what, sizeof what, "%s counter%s put on %s", kind, c->n == 1 ? "" : "s", o >= 0 ? rz_oname(z, o) : rz_pname(z, to.p));
	/* -1/-1 counters on your own creature, poison on yourself: the fewest; anything else: the most */
	bool bad = (c->kind == CK_PT && c->dp < 0) || o < 0;
	return apply_all(z, m, nm, c->n, o >= 0 ? z->cur[o].v.controller : to.p, !bad, what);
}

int
rz_token_replacements(struct rz *z, const struct bd_effect *e, int controller, int n)
{
	struct nmod m[MAXNMOD];
	int nm = 0;
	for (struct rz_abil_it it = {0}; rz_next_abil(z, AK_TOKEN_MOD, &it);) {
		const struct bd_abil *a = it.a;
		if ((a->aff.ctl == FC_YOU && controller != it.ctl) || (a->aff.ctl == FC_OPP && controller == it.ctl))
			continue;
		if (a->aff.types && !(a->aff.types & e->tok_types))
			continue;
		if (nm == MAXNMOD)
			return too_many(z, n, "token");
		add_mod(z, &m[nm++], a, it.s);
	}
	if (nm == 0)
		return n;
	char what[160];
	snprintf(what, sizeof what, "token%s created under %s's control", n == 1 ? "" : "s", rz_pname(z, controller));
	int v = apply_all(z, m, nm, n, controller, true, what);
	return v;   /* rz_room_for() says so if there is no room for that many */
}
