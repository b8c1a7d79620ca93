/* driver.c — the driver (top layer): walks a board's events in order, hands each to the
 * rules procedure it names (stack, combat, turn, events), and settles the board after each
 * (704.3, 603.3). Below it: turn.c, combat.c, stack.c, triggers.c, events.c, layers.c. */
#include "rz_int.h"
#include "../base/buf.h"
#include "../base/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 601.2c: the targets are announced as the spell is proposed; one that isn't a legal choice
 * then makes the casting illegal (601.5), and it is reversed as though it never began (732.1):
 * the card goes back where it came from and nothing triggers. False when that happened. */
static bool
cast_targets(struct rz *z, int s, enum bd_zone from)
{
	struct bd_obj *o = &z->b->objs[s];
	char why[240];
	enum rz_rule r = R_CHOOSE_TARGETS;
	if (rz_targets_choosable(z, s, why, sizeof why, &r))
		return true;
	int ctl = z->cur[s].v.controller;
	o->zone = from == ZN_STACK ? ZN_HAND : from;
	o->zpos = ++z->zseq;
	z->moveseq[s] = z->zseq;
	rz_layers(z);
	STEP(z, RL(R_CHOOSE_TARGETS, r, R_CAST_REVERSED, R_ILLEGAL_ACTION),
	    "%s can't cast %s with that target: a target must be a legal choice as it is chosen, and %s. The casting is illegal, so it is reversed as though it never began: %s goes back to %s's %s, no cost is paid, and nothing triggers.",
	    rz_pname(z, ctl), rz_oname(z, s), why, rz_oname(z, s), rz_pname(z, o->owner), bd_zone_name(o->zone));
	return false;
}

/* 502.4: abilities that triggered in the untap step wait for the upkeep, where they go on the
 * stack with the upkeep's own (503.1a): at the board's `step upkeep` if that comes next (true:
 * nothing settles before it), or else the turn goes on to the upkeep now. */
static bool
untap_held(struct rz *z, const struct bd_event *e)
{
	const struct board *b = z->b;
	if (!z->npending)
		return false;
	const struct bd_event *next = e + 1 < b->events + b->nevents ? e + 1 : NULL;
	if (next && next->kind == EV_STEP && next->step == STP_UPKEEP)
		return true;
	rz_step_begins(z, STP_UPKEEP);
	return false;
}

/* Is there an enters-the-battlefield trigger on the battlefield (o's own, now face up, or
 * another permanent's) that would trigger if o had just entered? */
static bool
enters_ability_about(struct rz *z, int o)
{
	const struct board *b = z->b;
	for (int s = 0; s < b->nobjs; s++) {
		if (b->objs[s].zone != ZN_BATTLEFIELD)
			continue;
		const struct bd_obj *pr = rz_printed(z, s);
		for (int k = 0; k < pr->nabils; k++) {
			const struct bd_abil *a = &pr->abils[k];
			if (a->kind == AK_TRIGGER && (a->trig == TR_ETB || a->also_etb) && rz_has_abil(&z->cur[s], k)
			    && rz_filter_match(z, &a->aff, o, s, z->cur[s].v.controller))
				return true;
		}
	}
	return false;
}

/* 707.2b: once copied, a change to the original's copiable values doesn't change the copy.
 * Before o's copiable values change (it is turned face up), each permanent copying it gets
 * what it copied kept apart, as it is now, and copies that instead. */
static void
freeze_copied(struct rz *z, int o)
{
	struct board *b = z->b;
	int frozen = -1;
	struct sbuf who = {0};
	for (int i = 0; i < b->nobjs; i++) {
		if (i == o || b->objs[i].zone != ZN_BATTLEFIELD || b->objs[i].copy_of != o)
			continue;
		if (frozen < 0) {
			if (!rz_room_for(z, 1, rz_oname(z, o)))
				break;
			struct bd_obj proto = b->objs[o];
			frozen = bd_add_obj(b, &proto);
			b->objs[frozen].zone = ZN_GONE;
			b->objs[frozen].frozen = true;
			b->objs[frozen].token = false;
		}
		b->objs[i].copy_of = frozen;
		sbuf_addf(&who, "%s%s", who.len ? ", " : "", rz_oname(z, i));
	}
	if (who.len)
		STEP(z, RL(R_COPY_FIXED, R_COPIABLE), "%s copied %s's copiable values as they were then (%s): changing them now doesn't change the copy, so it keeps them.",
		    sbuf_str(&who), rz_oname(z, o), b->objs[o].face_down ? "face down, a 2/2 with no name, types, abilities or mana cost" : "its own");
	sbuf_free(&who);
}

static void
run_event(struct rz *z, const struct bd_event *e)
{
	struct board *b = z->b;
	rz_layers(z);
	switch (e->kind) {
	case EV_RESOLVE:
		if (b->objs[e->obj].held_trigger) {
			rz_resolve_held(z, e->obj, (int)(e - b->events));
			break;
		}
		rz_resolve_spell(z, e->obj);
		return;
	case EV_COMBAT:
		rz_combat(z, -1);
		return;
	case EV_DAMAGE: {
		struct rz_dmg d;
		memset(&d, 0, sizeof d);
		d.src = e->source;
		d.to = e->to;
		d.amount = e->amount;
		d.controller = -1;
		d.src_name = "a source";
		if (e->source >= 0) {
			const struct rz_view *v = &z->cur[e->source].v;
			d.kws = v->kws;
			d.colors = v->colors;
			d.types = v->types;
			d.controller = v->controller;
			d.is_spell = b->objs[e->source].zone == ZN_STACK && b->objs[e->source].types;
			d.src_name = rz_oname(z, e->source);
		}
		rz_deal_damage(z, &d, 1, "Damage event");
		break;
	}
	case EV_DESTROY: case EV_EXILE: case EV_SACRIFICE: {
		int o = e->obj;
		if (b->objs[o].zone != ZN_BATTLEFIELD) {
			STEP(z, RL(R_RESOLVE_FOLLOW), "%s is not on the battlefield, so nothing happens to it.", rz_oname(z, o));
			break;
		}
		if (e->kind == EV_DESTROY && (z->cur[o].v.kws & KWBIT(KW_INDESTRUCTIBLE))) {
			STEP(z, RL(R_INDESTRUCTIBLE), "%s has indestructible, so it isn't destroyed.", rz_oname(z, o));
			break;
		}
		struct sbuf rg = {0};
		if (e->kind == EV_DESTROY && rz_regenerate(z, o, false, &rg)) {
			STEP(z, RL(R_REGENERATE, R_REGEN_REPLACES), "%s.", sbuf_str(&rg));
			sbuf_free(&rg);
			break;
		}
		sbuf_free(&rg);
		struct rz_move m;
		memset(&m, 0, sizeof m);
		m.obj = o;
		m.to = e->kind == EV_EXILE ? ZN_EXILE : ZN_GRAVEYARD;
		m.why = e->kind == EV_EXILE ? MV_EXILE : e->kind == EV_SACRIFICE ? MV_SACRIFICE : MV_DESTROY;
		m.rule = e->kind == EV_EXILE ? R_EXILE : e->kind == EV_SACRIFICE ? R_SACRIFICE : R_DESTROY;
		rz_move(z, &m, 1, NULL, R_NONE);
		break;
	}
	case EV_COUNTERS:
		rz_put_counters(z, e->obj, &e->ctr, "Counters event");
		break;
	case EV_CAST: {
		struct bd_obj *o = &b->objs[e->obj];
		enum bd_zone from = o->zone;
		if (o->zone != ZN_STACK) {
			/* 601.2a: the card moves to the stack; its owner casts it */
			o->zone = ZN_STACK;
			o->controller = o->owner;
			o->ts = ++b->next_ts;
			o->zpos = 0;
			z->moveseq[e->obj] = ++z->zseq;
			rz_layers(z);
		}
		/* 601.3: a player can't begin to cast a spell an effect prohibits; the casting is
		 * illegal and reversed (601.5, 732.1) */
		char by[96];
		int caster = z->cur[e->obj].v.controller;
		if (rz_rule_applies(z, RU_CANT_CAST, caster, e->obj, NULL, by, sizeof by, NULL)) {
			o->zone = from == ZN_STACK ? ZN_HAND : from;
			o->zpos = ++z->zseq;
			z->moveseq[e->obj] = z->zseq;
			rz_layers(z);
			STEP(z, RL(R_CANT_CAST, R_CANT, R_CAST_REVERSED), "%s can't cast %s: %s says so (a \"can't\" effect, 101.2). The casting is illegal, so it is reversed: %s goes back to %s's %s, no cost is paid, and nothing triggers.",
			    rz_pname(z, caster), rz_oname(z, e->obj), by, rz_oname(z, e->obj), rz_pname(z, o->owner), bd_zone_name(o->zone));
			break;
		}
		if (!cast_targets(z, e->obj, from))
			break;
		if (from != ZN_STACK) {
			STEP(z, RL(R_CAST, R_CAST_TRIGGER), "%s casts %s: it moves to the stack, and abilities that trigger on casting it trigger now; they go on the stack above it and resolve first.",
			    rz_pname(z, o->controller), rz_oname(z, e->obj));
		} else
			STEP(z, RL(R_CAST_TRIGGER), "%s casts %s: it is on the stack, and abilities that trigger on casting it trigger now; they go on the stack above it and resolve first.",
			    rz_pname(z, z->cur[e->obj].v.controller), rz_oname(z, e->obj));
		if (!rz_cast_costs(z, e->obj, from))
			break;
		/* the caster's spells this turn, this one included ("your second spell each turn") */
		caster = z->cur[e->obj].v.controller;
		b->players[caster].spells_cast++;
		struct rz_tev ev = { .kind = TR_CAST, .obj = e->obj, .src = -1, .player = caster, .amount = b->players[caster].spells_cast };
		rz_trigger_event(z, &ev);
		rz_targeted(z, e->obj);
		break;
	}
	case EV_TAP: {
		struct bd_obj *o = &b->objs[e->obj];
		if (o->zone != ZN_BATTLEFIELD || o->tapped) {
			STEP(z, RL(R_RESOLVE_FOLLOW), "%s is %s, so it doesn't become tapped.", rz_oname(z, e->obj), o->tapped ? "already tapped" : "not on the battlefield");
			break;
		}
		o->tapped = true;
		STEP(z, RL(R_TRIGGER_EVENT), "%s becomes tapped.", rz_oname(z, e->obj));
		struct rz_tev ev = { .kind = TR_TAPPED, .obj = e->obj, .src = -1, .player = -1 };
		rz_trigger_event(z, &ev);
		break;
	}
	case EV_STEP:
		rz_step_begins(z, e->step);
		if (e->step == STP_UNTAP && untap_held(z, e))
			return;
		break;
	case EV_ATTACK: case EV_BLOCK:
		break;           /* gathered with their step by rz_resolve() */
	case EV_TURN:
		rz_turn_begins(z, e->to.p);
		if (untap_held(z, e))
			return;
		break;
	case EV_FACE_UP: {
		/* 702.37e: a special action; 708.8: its copiable values revert to its own, effects
		 * already applied to it still apply, and it doesn't enter, so nothing "enters" */
		struct bd_obj *o = &b->objs[e->obj];
		if (o->zone != ZN_BATTLEFIELD || !o->face_down) {
			STEP(z, RL(R_FACE_UP), "%s isn't a face-down permanent, so it can't be turned face up.", rz_oname(z, e->obj));
			break;
		}
		freeze_copied(z, e->obj);
		o->face_down = false;
		rz_layers(z);
		const struct rz_view *v = &z->cur[e->obj].v;
		char pt[48] = "";
		if (v->types & BT_CREATURE)
			snprintf(pt, sizeof pt, ", now a %d/%d", v->power, v->toughness);
		/* 708.8: it doesn't enter; said only where an enters ability could be thought to trigger */
		const char *etb = enters_ability_about(z, e->obj) ? "; it didn't enter the battlefield, so enters abilities don't trigger for it" : "";
		STEP(z, RL(R_FACE_UP, R_MORPH_UP), "%s's controller turns it face up (a special action that doesn't use the stack): it has its own characteristics again%s%s.",
		    rz_oname(z, e->obj), pt, etb);
		break;
	}
	case EV_UNTAP: {
		struct bd_obj *o = &b->objs[e->obj];
		if (o->zone != ZN_BATTLEFIELD || !o->tapped) {
			STEP(z, RL(R_RESOLVE_FOLLOW), "%s is %s, so it doesn't become untapped.", rz_oname(z, e->obj), o->zone == ZN_BATTLEFIELD ? "already untapped" : "not on the battlefield");
			break;
		}
		o->tapped = false;
		STEP(z, RL(R_RESOLVE_FOLLOW), "%s becomes untapped.", rz_oname(z, e->obj));
		struct rz_tev ev = { .kind = TR_UNTAPPED, .obj = e->obj, .src = -1, .player = -1 };
		rz_trigger_event(z, &ev);
		break;
	}
	case EV_LIFE:
		break;
	case EV_ACTIVATE:
		rz_activate(z, e->obj);
		break;
	}
	rz_settle(z);
}

struct rz_result *
rz_resolve(struct board *b)
{
	struct rz_result *r = xcalloc(1, sizeof *r);
	struct rz *z = xcalloc(1, sizeof *z);
	r->b = b;
	z->b = b;
	z->res = r;
	/* tokens are added in place: make room now so no pointer into b->objs moves */
	size_t n = (size_t)b->nobjs + RZ_MAXTOKENS + 1;
	b->objs = xgrow(b->objs, &b->objcap, n, sizeof *b->objs);
	z->room = n;
	z->cur = xcalloc(n, sizeof *z->cur);
	z->lki = xcalloc(n, sizeof *z->lki);
	z->moveseq = xcalloc(n, sizeof *z->moveseq);
	z->attseq = xcalloc(n, sizeof *z->attseq);
	z->fs_dealt = xcalloc(n, sizeof *z->fs_dealt);
	z->noted = xcalloc(n, sizeof *z->noted);
	z->saga_noted = xcalloc(n, sizeof *z->saga_noted);
	z->no_untap = xcalloc(n, sizeof *z->no_untap);
	z->restrict_turn = xcalloc(n, sizeof *z->restrict_turn);
	z->dealt_way = xcalloc(n, sizeof *z->dealt_way);
	z->way_src = xcalloc(n, sizeof *z->way_src);
	z->way_seq = xcalloc(n, sizeof *z->way_seq);
	z->bf_seq = xcalloc(n, sizeof *z->bf_seq);
	z->gained = xcalloc(n, sizeof *z->gained);
	z->gained_read = xcalloc(n, sizeof *z->gained_read);
	z->link_src = xcalloc(n, sizeof *z->link_src);
	z->link_inc = xcalloc(n, sizeof *z->link_inc);
	z->link_seq = xcalloc(n, sizeof *z->link_seq);
	z->putter = -1;
	z->unchanged = xcalloc(n, sizeof *z->unchanged);
	z->text_seq = xcalloc(n, sizeof *z->text_seq);
	for (size_t i = 0; i < n; i++)
		z->text_seq[i] = -1;
	z->link_until = xcalloc(n, sizeof *z->link_until);
	z->sick = xcalloc(n, sizeof *z->sick);
	z->cond_on = xcalloc(n, sizeof *z->cond_on);
	z->lethal_then = xmalloc(n * sizeof *z->lethal_then);
	z->combat_ctl = xmalloc(n * sizeof *z->combat_ctl);
	for (size_t i = 0; i < n; i++)
		z->combat_ctl[i] = -1;
	for (size_t i = 0; i < n; i++)
		z->lethal_then[i] = -1;
	z->cond_ts = xcalloc(n, sizeof *z->cond_ts);
	z->seen_bf = xcalloc(n, sizeof *z->seen_bf);
	z->seen_ts = xcalloc(n, sizeof *z->seen_ts);
	z->seen_ctl = xcalloc(n, sizeof *z->seen_ctl);
	/* objects sharing a name are told apart by their alias in the steps */
	z->dname = xcalloc(n, sizeof *z->dname);
	for (int i = 0; i < b->nobjs; i++)
		if (b->objs[i].alias) {
			struct sbuf d = {0};
			sbuf_addf(&d, "%s [%s]", b->objs[i].name, b->objs[i].alias);
			z->dname[i] = sbuf_take(&d);
		}
	/* a permanent the board declares as a copy (`copy-of`) entered as one by its own "enter as
	 * a copy of ..., except ..." ability: the exceptions are part of what it is (707.9b) */
	for (int i = 0; i < b->nobjs; i++) {
		struct bd_obj *o = &b->objs[i];
		if (o->copy_of < 0 || o->zone != ZN_BATTLEFIELD)
			continue;
		for (int k = 0; k < o->nabils; k++)
			if (o->abils[k].kind == AK_ENTERS && o->abils[k].copy) {
				o->copyx = o->abils[k].copyx;
				o->copy_legend = o->abils[k].copy_legend;
				break;
			}
	}
	/* graveyard order as given: earlier lines are deeper; a library is given top first */
	for (int i = 0; i < b->nobjs; i++)
		if (b->objs[i].zone == ZN_GRAVEYARD || b->objs[i].zone == ZN_LIBRARY)
			b->objs[i].zpos = ++z->zseq;
	z->trace_layers = true;
	rz_layers(z);
	z->trace_layers = false;
	rz_cond_changes(z);
	rz_combat_control(z);
	rz_blocks_declared(z);
	if (b->nevents == 0)
		rz_settle(z);
	for (int i = 0; i < b->nevents && !z->game_over; i++) {
		const struct bd_event *e = &b->events[i];
		z->evi = i;
		/* `step declare-attackers` and the `attack` lines after it are one declaration
		 * (508.1); `attack` lines without the step begin it. Blockers the same (509.1). */
		bool att = e->kind == EV_ATTACK || (e->kind == EV_STEP && e->step == STP_ATTACKERS);
		bool blk = e->kind == EV_BLOCK || (e->kind == EV_STEP && e->step == STP_BLOCKERS);
		if (att || blk) {
			enum bd_evk dk = att ? EV_ATTACK : EV_BLOCK;
			int j = e->kind == EV_STEP ? i + 1 : i, k = j;
			while (k < b->nevents && b->events[k].kind == dk)
				k++;
			rz_layers(z);
			rz_declare(z, &b->events[j], k - j, att);
			if (!att) {
				rz_layers(z);
				rz_blocks_declared(z);
			}
			rz_step_begins(z, att ? STP_ATTACKERS : STP_BLOCKERS);
			rz_settle(z);
			i = k - 1;
			continue;
		}
		run_event(z, e);
	}
	rz_layers(z);
	r->view = xcalloc(n, sizeof *r->view);
	r->sick = xcalloc(n, sizeof *r->sick);
	for (int i = 0; i < b->nobjs; i++) {
		r->view[i] = z->cur[i].v;
		r->sick[i] = b->objs[i].zone == ZN_BATTLEFIELD && rz_sick(z, i);
	}
	free(z->cur);
	free(z->blk_view);
	free(z->lki);
	free(z->moveseq);
	free(z->attseq);
	free(z->fs_dealt);
	free(z->noted);
	free(z->saga_noted);
	free(z->no_untap);
	free(z->restrict_turn);
	free(z->dealt_way);
	free(z->way_src);
	free(z->way_seq);
	free(z->bf_seq);
	for (size_t i = 0; i < n; i++)
		if (z->gained_read[i] > 0)
			free(z->gained[i].text);
	free(z->gained);
	free(z->gained_read);
	free(z->link_src);
	free(z->link_inc);
	free(z->link_seq);
	free(z->link_until);
	free(z->sick);
	free(z->cond_on);
	free(z->lethal_then);
	free(z->combat_ctl);
	free(z->cond_ts);
	for (int i = 0; i < z->nmodal; i++)
		free(z->modal[i]);
	free(z->modal);
	free(z->seen_bf);
	free(z->seen_ts);
	free(z->seen_ctl);
	free(z->pending);
	free(z->stack);
	for (int i = 0; i < z->nrfx; i++)
		rz_rfx_drop(&z->rfx[i]);
	free(z->rfx);
	free(z->rulefx);
	rz_delay_free(z);
	rz_text_free(z, n);
	for (size_t i = 0; i < n; i++)
		free(z->dname[i]);
	free(z->dname);
	free(z);
	return r;
}

