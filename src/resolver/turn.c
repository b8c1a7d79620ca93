/* turn.c — rules procedure: the steps of the turn (500-514). Each `step` line of a board
 * begins a step: its turn-based actions first (declaring attackers taps them, 508.1f;
 * cleanup removes damage and ends "until end of turn" effects, 514.2), then the abilities
 * that trigger on it (503.1a, 508.3a, 509.3a, 513.1a). Combat damage is in combat.c. */
#include "rz_int.h"
#include "../base/buf.h"

#include <stdio.h>
#include <string.h>

static int
active_player(const struct rz *z)
{
	for (int p = 0; p < z->b->nplayers; p++)
		if (z->b->players[p].active)
			return p;
	return 0;
}

static void
declare_attackers(struct rz *z)
{
	struct board *b = z->b;
	struct sbuf t = {0}, tapped = {0};
	int att[64], na = 0;
	for (int i = 0; i < b->nobjs && na < 64; i++) {
		struct bd_obj *o = &b->objs[i];
		if (o->zone != ZN_BATTLEFIELD || (o->attacking_p < 0 && o->attacking_o < 0))
			continue;
		att[na++] = i;
		sbuf_addf(&t, "%s%s", t.len ? ", " : "", rz_oname(z, i));
		if (!(z->cur[i].v.kws & KWBIT(KW_VIGILANCE)) && !o->tapped) {
			o->tapped = true;
			sbuf_addf(&tapped, "%s%s", tapped.len ? ", " : "", rz_oname(z, i));
		}
	}
	if (!na) {
		STEP(z, RL(R_DECLARE_ATTACKERS), "The declare attackers step: no creature attacks (the board declares none).");
	} else {
		STEP(z, RL(R_DECLARE_ATTACKERS, R_ATTACK_TAP, R_ATTACK_TRIGGER), "The declare attackers step: %s %s declared as attacking%s%s%s.",
		    sbuf_str(&t), na == 1 ? "is" : "are", tapped.len ? "; attacking taps " : "", sbuf_str(&tapped),
		    tapped.len ? " (creatures with vigilance stay untapped)" : "");
	}
	sbuf_free(&t);
	sbuf_free(&tapped);
	for (int k = 0; k < na; k++) {
		struct rz_tev tv = { .kind = TR_TAPPED, .obj = att[k], .src = -1, .player = -1 };
		if (!(z->cur[att[k]].v.kws & KWBIT(KW_VIGILANCE)))
			rz_trigger_event(z, &tv);
		struct rz_tev ev = { .kind = TR_ATTACKS, .obj = att[k], .src = -1, .player = -1 };
		rz_trigger_event(z, &ev);
	}
}

static void
declare_blockers(struct rz *z)
{
	struct board *b = z->b;
	struct sbuf t = {0};
	for (int i = 0; i < b->nobjs; i++) {
		const struct bd_obj *o = &b->objs[i];
		if (o->zone != ZN_BATTLEFIELD || o->nblocking == 0)
			continue;
		sbuf_addf(&t, "%s%s blocks", t.len ? "; " : "", rz_oname(z, i));
		for (int k = 0; k < o->nblocking; k++)
			sbuf_addf(&t, "%s %s", k ? "," : "", rz_oname(z, o->blocking[k]));
	}
	STEP(z, RL(R_DECLARE_BLOCKERS, R_BLOCKED, R_BLOCK_TRIGGER), "The declare blockers step: %s.", t.len ? sbuf_str(&t) : "no creature blocks");
	sbuf_free(&t);
	for (int i = 0; i < b->nobjs; i++)
		if (b->objs[i].zone == ZN_BATTLEFIELD && b->objs[i].nblocking > 0) {
			struct rz_tev ev = { .kind = TR_BLOCKS, .obj = i, .src = -1, .player = -1 };
			rz_trigger_event(z, &ev);
		}
	for (int i = 0; i < b->nobjs; i++)
		if (b->objs[i].zone == ZN_BATTLEFIELD && (b->objs[i].attacking_p >= 0 || b->objs[i].attacking_o >= 0)) {
			struct rz_tev ev = { .kind = b->objs[i].blocked ? TR_BLOCKED : TR_UNBLOCKED_EV, .obj = i, .src = -1, .player = -1 };
			rz_trigger_event(z, &ev);
		}
}

/* 514.2: damage is removed and "until end of turn" and "this turn" effects end, at once. */
static void
cleanup(struct rz *z)
{
	struct board *b = z->b;
	struct sbuf t = {0};
	for (int i = 0; i < b->nobjs; i++) {
		struct bd_obj *o = &b->objs[i];
		if (o->zone == ZN_BATTLEFIELD && o->damage > 0) {
			sbuf_addf(&t, "%s%d damage is removed from %s", t.len ? "; " : "", o->damage, rz_oname(z, i));
			o->damage = 0;
		}
		o->shield = 0;
		o->regen = 0;
	}
	for (int p = 0; p < b->nplayers; p++)
		b->players[p].shield = 0;
	int keep = 0;
	for (int r = 0; r < z->nrfx; r++) {
		if (z->rfx[r].until_eot) {
			sbuf_addf(&t, "%s%s's effect until end of turn ends", t.len ? "; " : "", z->rfx[r].label);
			continue;
		}
		z->rfx[keep++] = z->rfx[r];
	}
	z->nrfx = keep;
	for (int r = 0; r < z->nrulefx; r++)
		sbuf_addf(&t, "%s%s's effect for this turn ends", t.len ? "; " : "", z->rulefx[r].label);
	z->nrulefx = 0;
	if (z->fog)
		sbuf_addf(&t, "%sthe combat damage prevention for this turn ends", t.len ? "; " : "");
	z->fog = false;
	z->fs_step = false;
	STEP(z, RL(R_CLEANUP), "The cleanup step, at the same time: %s.", t.len ? sbuf_str(&t) : "no damage is marked and no \"until end of turn\" effect is left to end");
	sbuf_free(&t);
}

void
rz_step_begins(struct rz *z, enum bd_step st)
{
	struct board *b = z->b;
	rz_layers(z);
	switch (st) {
	case STP_ATTACKERS:
		declare_attackers(z);
		break;
	case STP_BLOCKERS:
		declare_blockers(z);
		break;
	case STP_FIRST_STRIKE: case STP_DAMAGE:
		rz_combat(z, (int)st);
		return;
	case STP_END_COMBAT: {
		/* 511.3: creatures stop being attacking and blocking creatures */
		for (int i = 0; i < b->nobjs; i++) {
			b->objs[i].attacking_p = b->objs[i].attacking_o = -1;
			b->objs[i].nblocking = 0;
			b->objs[i].blocked = false;
		}
		STEP(z, RL(R_TRIGGER_EVENT), "The end of combat step: every creature is removed from combat.");
		break;
	}
	case STP_CLEANUP:
		cleanup(z);
		rz_settle(z);
		return;
	default: {
		enum rz_rule r = st == STP_UPKEEP ? R_BEGIN_STEP : st == STP_END ? R_END_STEP_TRIG : R_TRIGGER_EVENT;
		STEP(z, RL(r), "%s's %s step begins; abilities that trigger at its beginning trigger now.", rz_pname(z, active_player(z)), bd_step_name(st));
		break;
	}
	}
	struct rz_tev ev = { .kind = TR_STEP, .obj = -1, .src = -1, .player = active_player(z), .step = st };
	rz_trigger_event(z, &ev);
	rz_settle(z);
}
