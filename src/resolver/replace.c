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
	enum bd_dmk k;            /* DM_DOUBLE, DM_PLUS or DM_MINUS */
	int n;
	int src;
	char label[96];
};

static int
apply_one(const struct nmod *m, int amount)
{
	if (m->k == DM_MINUS)
		return amount > m->n ? amount - m->n : 0;
	return m->k == DM_DOUBLE ? rz_mul(amount, 2) : rz_add(amount, m->n);
}

static int
run(const struct nmod *m, const int *perm, int n, int amount)
{
	for (int i = 0; i < n; i++)
		amount = apply_one(&m[perm[i]], amount);
	return amount;
}

static bool
next_perm(int *p, int n)
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

/* The board's `order A, B` naming these effects' sources, if any. */
static bool
stated_order(const struct rz *z, const struct nmod *m, int n, int *perm)
{
	for (int c = 0; c < z->b->nchoices; c++) {
		const struct bd_choice *ch = &z->b->choices[c];
		if (ch->kind != CH_ORDER)
			continue;
		int k = 0;
		bool used[MAXNMOD] = { false };
		for (int i = 0; i < ch->nobjs; i++)
			for (int j = 0; j < n; j++)
				if (!used[j] && m[j].src == ch->objs[i]) { perm[k++] = j; used[j] = true; }
		if (k == 0)
			continue;
		for (int j = 0; j < n; j++)
			if (!used[j]) perm[k++] = j;
		return true;
	}
	return false;
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
		STEP(z, RL(R_COUNTER_TOKEN_REPL, R_REPLACE_INSTEAD, z->entering ? R_COUNTERS_ENTERING : R_NONE), "%s's replacement effect: instead of %d %s, %d.", m[0].label, amount, what, v);
		return v;
	}
	int perm[MAXNMOD], best[MAXNMOD], chosen[MAXNMOD];
	for (int k = 0; k < nm; k++) perm[k] = k;
	memcpy(best, perm, sizeof perm);
	int bestv = -1, minv = 1 << 30, maxv = -1;
	struct sbuf br = {0};
	do {
		int v = run(m, perm, nm, amount);
		sbuf_addf(&br, "%s", br.len ? "; " : "");
		for (int k = 0; k < nm; k++)
			sbuf_addf(&br, "%s%s", k ? " then " : "", m[perm[k]].label);
		sbuf_addf(&br, " gives %d", v);
		if (bestv < 0 || (want_max ? v > bestv : v < bestv)) { bestv = v; memcpy(best, perm, sizeof perm); }
		if (v < minv) minv = v;
		if (v > maxv) maxv = v;
	} while (next_perm(perm, nm));
	bool stated = stated_order(z, m, nm, chosen);
	if (!stated)
		memcpy(chosen, best, sizeof chosen);
	int v = run(m, chosen, nm, amount);
	struct sbuf ord = {0};
	for (int k = 0; k < nm; k++)
		sbuf_addf(&ord, "%s%s", k ? " then " : "", m[chosen[k]].label);
	if (minv != maxv)
		STEP(z, RL(R_COUNTER_TOKEN_REPL, R_REPL_ORDER, R_REPL_ANY, R_REPL_REPEAT, z->entering ? R_COUNTERS_ENTERING : R_NONE),
		    "%d replacement effects apply to %d %s, and %s chooses their order, which changes the outcome. Branches: %s. %s %s: %d.",
		    nm, amount, what, rz_pname(z, chooser), sbuf_str(&br),
		    stated ? "As the board states, they apply" : want_max ? "Judge follows the order that gives the most (add `order NAME, NAME` to the board for another):"
		    : "Judge follows the order that gives the fewest (add `order NAME, NAME` to the board for another):",
		    sbuf_str(&ord), v);
	else
		STEP(z, RL(R_COUNTER_TOKEN_REPL, R_REPL_ORDER, R_REPL_REPEAT, z->entering ? R_COUNTERS_ENTERING : R_NONE),
		    "%d replacement effects apply to %d %s; %s orders them (%s), and every order gives %d.",
		    nm, amount, what, rz_pname(z, chooser), sbuf_str(&ord), v);
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
	snprintf(m->label, sizeof m->label, "%s", rz_oname(z, src));
}

int
rz_counter_replacements(struct rz *z, int o, const struct bd_ctr *c, bool by_effect, const char *kind)
{
	struct nmod m[MAXNMOD];
	int nm = 0;
	for (struct rz_abil_it it = {0}; nm < MAXNMOD && rz_next_abil(z, AK_CTR_MOD, &it);) {
		const struct bd_abil *a = it.a;
		if ((a->by_effect && !by_effect) || !rz_ctr_matches(&a->tctr, c))
			continue;
		if (a->aff.self ? o != it.s : !rz_filter_match(z, &a->aff, o, it.s, it.ctl))
			continue;
		add_mod(z, &m[nm++], a, it.s);
	}
	if (nm == 0)
		return c->n;
	char what[160];
	snprintf(what, sizeof what, "%s counter%s put on %s", kind, c->n == 1 ? "" : "s", rz_oname(z, o));
	/* -1/-1 counters on your own creature: the fewest; anything else: the most */
	return apply_all(z, m, nm, c->n, z->cur[o].v.controller, !(c->kind == CK_PT && c->dp < 0), what);
}

int
rz_token_replacements(struct rz *z, const struct bd_effect *e, int controller, int n)
{
	struct nmod m[MAXNMOD];
	int nm = 0;
	for (struct rz_abil_it it = {0}; nm < MAXNMOD && rz_next_abil(z, AK_TOKEN_MOD, &it);) {
		const struct bd_abil *a = it.a;
		if ((a->aff.ctl == FC_YOU && controller != it.ctl) || (a->aff.ctl == FC_OPP && controller == it.ctl))
			continue;
		if (a->aff.types && !(a->aff.types & e->tok_types))
			continue;
		add_mod(z, &m[nm++], a, it.s);
	}
	if (nm == 0)
		return n;
	char what[160];
	snprintf(what, sizeof what, "token%s created under %s's control", n == 1 ? "" : "s", rz_pname(z, controller));
	int v = apply_all(z, m, nm, n, controller, true, what);
	return v > RZ_MAXTOKENS ? RZ_MAXTOKENS : v;
}
