/* saga.c — Sagas (714): the lore counter a Saga enters with (714.3a) and the one its
 * controller puts on it as their precombat main phase begins (714.3b); chapter abilities
 * trigger from lore counters in triggers.c (714.2b); the sacrifice is a state-based action
 * (714.4, asked by events.c). */
#include "rz_int.h"

#include <stdio.h>
#include <string.h>

static const struct bd_ctr lore = { .kind = CK_OTHER, .other = "lore", .n = 1 };

/* Its final chapter number (714.2d): the greatest chapter among the abilities it has now. */
int
rz_saga_final(const struct rz *z, int o)
{
	const struct bd_obj *pr = rz_printed(z, o);
	int fin = 0;
	for (int k = 0; k < pr->nabils; k++) {
		const struct bd_abil *a = &pr->abils[k];
		if (a->kind != AK_TRIGGER || a->trig != TR_CHAPTER || !rz_has_abil(&z->cur[o], k))
			continue;
		for (int n = 1; n < 32; n++)
			if (a->chapters & (1u << n) && n > fin) fin = n;
	}
	return fin;
}

static bool
is_saga(const struct rz *z, int o)
{
	const struct rz_view *v = &z->cur[o].v;
	if (!(v->types & BT_ENCHANTMENT))
		return false;
	for (int i = 0; i < v->nsubs; i++)
		if (!strcmp(v->subs[i], "Saga"))
			return true;
	return false;
}

int
rz_lore(const struct bd_obj *o)
{
	for (int k = 0; k < o->nctr; k++)
		if (o->ctr[k].kind == CK_OTHER && !strcmp(o->ctr[k].other, "lore"))
			return o->ctr[k].n;
	return 0;
}

void
rz_saga_enters(struct rz *z, int o)
{
	rz_layers(z);
	if (!is_saga(z, o))
		return;
	z->entering = o + 1;
	rz_put_counters(z, o, &lore, NULL);
	z->entering = 0;
	STEP(z, RL(R_SAGA_ENTERS, R_COUNTERS_ENTERING), "As %s enters, its controller puts a lore counter on it (it is a Saga): it has %d.",
	    rz_oname(z, o), rz_lore(&z->b->objs[o]));
}

void
rz_saga_main_phase(struct rz *z, int ap)
{
	struct board *b = z->b;
	rz_layers(z);
	for (int o = 0; o < b->nobjs; o++) {
		if (b->objs[o].zone != ZN_BATTLEFIELD || z->cur[o].v.controller != ap || !is_saga(z, o))
			continue;
		if (rz_saga_final(z, o) == 0) {
			STEP(z, RL(R_SAGA_MAIN, R_SAGA_SAC), "%s has no chapter abilities now, so %s puts no lore counter on it, and it is not sacrificed.",
			    rz_oname(z, o), rz_pname(z, ap));
			continue;
		}
		int before = rz_lore(&b->objs[o]);
		int put = rz_put_counters(z, o, &lore, NULL);
		if (put > 0)
			STEP(z, RL(R_SAGA_MAIN), "As %s's precombat main phase begins, %s puts a lore counter on %s (a turn-based action; lore counters %d → %d).",
			    rz_pname(z, ap), rz_pname(z, ap), rz_oname(z, o), before, rz_lore(&b->objs[o]));
	}
}

/* Has a chapter ability of o triggered and not yet left the stack? (714.4) */
static bool
chapter_waiting(const struct rz *z, int o)
{
	for (int i = 0; i < z->npending; i++)
		if (z->pending[i].src == o && z->pending[i].ab && z->pending[i].ab->trig == TR_CHAPTER)
			return true;
	for (int i = 0; i < z->nstack; i++)
		if (z->stack[i].src == o && z->stack[i].ab && z->stack[i].ab->trig == TR_CHAPTER)
			return true;
	return false;
}

/* Did its printed card (or what it copies) have chapter abilities? */
static bool
printed_chapters(const struct rz *z, int o)
{
	const struct bd_obj *pr = rz_printed(z, o);
	for (int k = 0; k < pr->nabils; k++)
		if (pr->abils[k].kind == AK_TRIGGER && pr->abils[k].trig == TR_CHAPTER)
			return true;
	return false;
}

bool
rz_saga_done(struct rz *z, int o)
{
	if (z->b->objs[o].zone != ZN_BATTLEFIELD || !is_saga(z, o))
		return false;
	int fin = rz_saga_final(z, o);
	if (fin == 0 && printed_chapters(z, o) && !z->saga_noted[o]) {
		z->saga_noted[o] = true;
		/* a land whose land types were set lost its rules-text abilities with them (305.7) */
		const struct bd_obj *pr = rz_printed(z, o);
		const struct rz_view *v = &z->cur[o].v;
		bool retyped = false;
		for (int i = 0; (v->types & BT_LAND) && (pr->types & BT_LAND) && i < pr->nsubs; i++) {
			bool kept = !strcmp(pr->subs[i], "Saga");
			for (int j = 0; j < v->nsubs && !kept; j++)
				kept = !strcmp(pr->subs[i], v->subs[j]);
			retyped |= !kept;
		}
		STEP(z, RL(R_SAGA_SAC, R_SAGA_FINAL, retyped ? R_LAND_SUBTYPE : R_LAYER_ABIL), "%s is a Saga that has lost its chapter abilities%s, so its final chapter number is 0 and it is not sacrificed for its lore counters (%d): 714.4 sacrifices only a Saga with one or more chapter abilities.",
		    rz_oname(z, o), retyped ? " (its land types were set, and with them it lost the abilities of its rules text)" : "",
		    rz_lore(&z->b->objs[o]));
	}
	return fin > 0 && rz_lore(&z->b->objs[o]) >= fin && !chapter_waiting(z, o);
}
