/* triggers.c — rules procedure (above the game state, below the driver): an event happened
 * (603.2) — something attacked, dealt damage, was cast, gained life, got counters, became
 * tapped, a step began — and every permanent's triggered abilities are checked against it;
 * those that trigger wait for the stack (603.3), an intervening "if" checked now (603.4). */
#include "rz_int.h"
#include "../base/buf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Does a player phrase of an ability controlled by ctl ("you", "an opponent") cover p? */
static bool
player_covers(enum bd_ctl c, int ctl, int p)
{
	return c == FC_ANY || (c == FC_YOU ? p == ctl : p != ctl);
}

static bool
counter_kind_matches(const struct bd_ctr *want, const struct bd_ctr *got)
{
	if (want->kind == CK_OTHER && !want->other[0])
		return true;    /* "one or more counters" */
	if (want->kind != got->kind)
		return false;
	if (want->kind == CK_PT)
		return want->dp == got->dp && want->dt == got->dt;
	if (want->kind == CK_OTHER)
		return !strcmp(want->other, got->other);
	return true;
}

bool
rz_trigger_cond(const struct rz *z, const struct bd_abil *a, int src, int subject)
{
	if (a->ifk != IF_COND)
		return true;
	if (a->ifcond.kind != CD_EVOLVE)
		return rz_cond_holds(z, &a->ifcond, src);
	/* 702.100a, 702.100c: a noncreature has no power or toughness to be greater */
	if (subject < 0)
		return false;
	const struct rz_view *them = rz_now_or_last(z, subject), *me = rz_now_or_last(z, src);
	if (!(them->types & BT_CREATURE) || !(me->types & BT_CREATURE))
		return false;
	return them->power > me->power || them->toughness > me->toughness;
}

/* 605.1b: a triggered ability without a target that triggers from a mana ability and could
 * add mana is a mana ability — all of it resolves at once (605.3b), damage included */
static bool
mana_trigger(const struct bd_abil *a)
{
	bool adds = false;
	for (int i = 0; i < a->neff; i++)
		adds |= a->eff[i].kind == EF_ADD_MANA;
	return a->trig == TR_TAP_MANA && adds && a->ntgt == 0;
}

/* Is a's effect about the spell or ability (ward's "counter that spell or ability")? Otherwise
 * "that creature" in "whenever a creature ... becomes the target" is the creature. */
static bool
about_spell(const struct bd_abil *a)
{
	for (int i = 0; i < a->neff; i++)
		if (a->eff[i].kind == EF_WARD)
			return true;
	return false;
}

/* Does ability a, on s controlled by ctl, trigger on ev? */
static bool
triggers_on(struct rz *z, const struct bd_abil *a, int s, int ctl, const struct rz_tev *ev)
{
	const struct board *b = z->b;
	switch (a->trig) {
	case TR_BLOCKED:
		if (ev->kind != (a->unblocked ? TR_UNBLOCKED_EV : TR_BLOCKED))
			return false;
		return ev->obj >= 0 && rz_filter_match(z, &a->aff, ev->obj, s, ctl);
	case TR_ATTACKS: case TR_BLOCKS: case TR_TAPPED: case TR_UNTAPPED: case TR_DEALT_DMG:
	case TR_COUNTERS: case TR_ATTACKS_OR_BLOCKS:
		if (a->trig == TR_ATTACKS_OR_BLOCKS ? ev->kind != TR_ATTACKS && ev->kind != TR_BLOCKS : ev->kind != a->trig)
			return false;
		if (a->trig == TR_COUNTERS && (!ev->ctr || !counter_kind_matches(&a->tctr, ev->ctr)))
			return false;
		if (a->alone && !ev->alone)
			return false;    /* "attacks|blocks alone": the only attacker|blocker declared (506.5) */
		if (ev->kind == TR_BLOCKS && ev->again && !a->per_blocked)
			return false;    /* "whenever ~ blocks" triggers once (509.3a) */
		if (a->attacks_you && ev->kind == TR_ATTACKS && ev->obj >= 0) {
			/* "attacks you or a planeswalker you control" */
			const struct bd_obj *at = &b->objs[ev->obj];
			int pw = at->attacking_o;
			if (!(at->attacking_p == ctl || (pw >= 0 && b->objs[pw].zone == ZN_BATTLEFIELD
			    && (z->cur[pw].v.types & BT_PLANESWALKER) && z->cur[pw].v.controller == ctl)))
				return false;
		}
		return ev->obj >= 0 && rz_filter_match(z, &a->aff, ev->obj, s, ctl);
	case TR_DMG: case TR_DMG_PLAYER:
		if (ev->kind != TR_DMG || ev->src < 0 || (a->combat_dmg && !ev->combat))
			return false;
		if (a->trig == TR_DMG_PLAYER && (ev->player < 0 || (a->to_opponent && ev->player == ctl)))
			return false;
		return rz_filter_match(z, &a->aff, ev->src, s, ctl);
	case TR_CAST:
		if (ev->kind != TR_CAST || !player_covers(a->tplayer, ctl, ev->player)
		    || !rz_filter_match(z, &a->tspell, ev->obj, s, ctl))
			return false;
		if (a->nth_cast && ev->amount != a->nth_cast)
			return false;    /* "your second spell each turn": the caster's count this turn */
		if (a->cast_targets) {
			/* heroic: one of the spell's targets as it became cast is such an object */
			const struct bd_obj *sp = &b->objs[ev->obj];
			for (int k = 0; k < sp->ntargets; k++) {
				int t = sp->targets[k].o;
				if (t >= 0 && b->objs[t].zone == ZN_BATTLEFIELD
				    && (a->ctarget.self ? t == s : rz_filter_match(z, &a->ctarget, t, s, ctl)))
					return true;
			}
			return false;
		}
		return true;
	case TR_SCRY: case TR_SURVEIL:
		return ev->kind == a->trig && player_covers(a->tplayer, ctl, ev->player);
	case TR_GAIN_LIFE: case TR_LOSE_LIFE:
		return ev->kind == a->trig && player_covers(a->tplayer, ctl, ev->player);
	case TR_TAP_MANA:
		return ev->kind == TR_TAP_MANA && ev->obj >= 0 && player_covers(a->tplayer, ctl, ev->player)
		    && rz_filter_match(z, &a->aff, ev->obj, s, ctl);
	case TR_STEP: {
		if (ev->kind != TR_STEP || ev->step != a->step)
			return false;
		int ap = 0;
		for (int p = 0; p < b->nplayers; p++)
			if (b->players[p].active) ap = p;
		if (a->aff.attached) {
			/* "the upkeep of enchanted creature's controller": its controller's turn */
			int h = rz_host(z, s);
			return h >= 0 && z->cur[h].v.controller == ap;
		}
		return a->each_turn || player_covers(a->tplayer, ctl, ap);
	}
	case TR_BLOCK_PAIR:
		/* "~ blocks or becomes blocked by a non-Wall creature": each blocking pair, either way */
		if (ev->kind != TR_BLOCKS || ev->obj < 0 || ev->src < 0)
			return false;
		return (rz_filter_match(z, &a->aff, ev->obj, s, ctl) && rz_filter_match(z, &a->tspell, ev->src, s, ctl))
		    || (rz_filter_match(z, &a->aff, ev->src, s, ctl) && rz_filter_match(z, &a->tspell, ev->obj, s, ctl));
	case TR_TARGETED:
		/* 702.21a: a spell or ability an opponent controls made it a target */
		/* "~ becomes the target", or "a creature you control becomes the target" (603.2) */
		return ev->kind == TR_TARGETED && ev->obj >= 0 && ev->player >= 0
		    && (a->targeted_any ? player_covers(a->tplayer, ctl, ev->player) : ev->player != ctl)
		    && (a->aff.self ? ev->obj == s : rz_filter_match(z, &a->aff, ev->obj, s, ctl));
	case TR_CHAPTER: {
		/* 714.2b: lore counters put on this Saga took it from below N to at least N */
		if (ev->kind != TR_COUNTERS || ev->obj != s || !ev->ctr || ev->ctr->kind != CK_OTHER || strcmp(ev->ctr->other, "lore"))
			return false;
		int now = rz_lore(&b->objs[s]), before = now - ev->ctr->n;
		for (int n = 1; n < 32; n++)
			if ((a->chapters & (1u << n)) && before < n && now >= n)
				return true;
		return false;
	}
	default:
		return false;
	}
}

/* A copy whose copy effect gives it a triggered ability ("except ... it has \"When this
 * creature becomes the target of a spell or ability, sacrifice it.\"", Phantasmal Image,
 * 707.9b): that ability triggers like a printed one. */
static void
gained_trigger(struct rz *z, int s, int ctl, const struct rz_tev *ev)
{
	const struct bd_obj *o = &z->b->objs[s];
	if (o->copy_of < 0 || o->zone != ZN_BATTLEFIELD || z->gained_read[s] < 0)
		return;
	/* a copy of such a copy has it too: it is part of the copiable values (707.3, 707.9a) */
	const struct bd_copyx *gx = NULL;
	const struct bd_obj *c = o;
	for (int d = 0; d < 8 && !gx && c->copy_of >= 0; d++) {
		if (c->copyx.gain[0])
			gx = &c->copyx;
		else
			c = &z->b->objs[c->copy_of];
	}
	if (!gx)
		return;
	if (!z->gained_read[s]) {
		z->gained_read[s] = bd_read_ability(gx->gain, NULL, false, &z->gained[s], NULL, 0, 0, NULL) ? 1 : -1;
		if (z->gained_read[s] > 0 && z->gained[s].kind != AK_TRIGGER) {
			free(z->gained[s].text);
			z->gained_read[s] = -1;
		}
		if (z->gained_read[s] > 0) {
			/* as written on the card: "When this creature ..." (the text read has "~") */
			struct sbuf w = {0};
			for (const char *q = gx->gain; *q; q++)
				if (*q == '~') sbuf_adds(&w, "this creature");
				else sbuf_addc(&w, q == gx->gain ? (char)toupper((unsigned char)*q) : *q);
			free(z->gained[s].text);
			z->gained[s].text = sbuf_take(&w);
		}
	}
	const struct bd_abil *a = &z->gained[s];
	if (z->gained_read[s] < 0 || !triggers_on(z, a, s, ctl, ev) || !rz_trig_room(z))
		return;
	struct rz_trig *t = &z->pending[z->npending++];
	memset(t, 0, sizeof *t);
	t->src = s;
	t->kw = -1;
	t->ab = a;
	t->controller = ctl;
	t->subject = a->trig == TR_TARGETED ? ev->src : ev->obj >= 0 ? ev->obj : s;
	t->power = z->cur[s].v.power;
	t->amount = ev->amount;
}

void
rz_trigger_event(struct rz *z, const struct rz_tev *ev)
{
	struct board *b = z->b;
	/* every life loss passes here: the turn's record of it ("if you didn't lose life this
	 * turn"), kept until the next turn begins */
	if (ev->kind == TR_LOSE_LIFE && ev->player >= 0 && ev->amount > 0)
		b->players[ev->player].lost_life = true;
	rz_layers(z);
	for (struct rz_abil_it it = {0}; !z->game_over && rz_next_abil(z, AK_TRIGGER, &it);) {
		int s = it.s, k = it.k, ctl = it.ctl;
		const struct bd_abil *a = it.a;
		if (!triggers_on(z, a, s, ctl, ev))
			continue;
		if (a->trig == TR_TARGETED && ev->src < 0 && about_spell(a)) {
			/* a triggered ability on the stack is no object judge can counter */
			STEP(z, RL(R_WARD), "%s's ability (\"%s\") triggers on a triggered ability targeting %s; judge does not model countering a triggered ability, so it stops here.",
			    rz_oname(z, s), a->text, rz_oname(z, ev->obj));
			z->game_over = true;
			return;
		}
		/* ward's subject is the spell or ability that targeted it */
		/* and "blocks a creature"'s "that creature" is the one blocked (509.3b) */
		int subject = a->trig == TR_BLOCK_PAIR ? (rz_filter_match(z, &a->aff, ev->obj, s, ctl)
		    && rz_filter_match(z, &a->tspell, ev->src, s, ctl) ? ev->src : ev->obj)
		    : (a->trig == TR_TARGETED && (a->aff.self || about_spell(a))) || (a->per_blocked && ev->kind == TR_BLOCKS && ev->src >= 0) ? ev->src
		    : ev->obj >= 0 ? ev->obj : ev->src >= 0 ? ev->src : s;
		if (!rz_trigger_cond(z, a, s, subject)) {
			STEP(z, RL(R_INTERVENING_IF), "%s's ability (\"%s\") doesn't trigger: its \"if\" condition is false now.", rz_oname(z, s), a->text);
			continue;
		}
		int times = 1;
		if (a->trig == TR_CHAPTER) {
			/* "I, II — ..." is one chapter ability per number (714.2c): each number the
			 * lore counters passed triggers once */
			int now = rz_lore(&b->objs[s]), before = now - ev->ctr->n;
			times = 0;
			for (int n = 1; n < 32; n++)
				times += (a->chapters & (1u << n)) && before < n && now >= n;
			STEP(z, RL(R_SAGA_CHAPTER), "Lore counters on %s went from %d to %d, so its chapter ability (\"%s\") triggers%s.",
			    rz_oname(z, s), before, now, a->text, times > 1 ? " once for each chapter number it reached" : "");
		}
		if (mana_trigger(a)) {
			STEP(z, RL(R_MANA_TRIGGER, R_MANA_ABILITY), "%s's ability (\"%s\") is a triggered mana ability: it doesn't use the stack and resolves at once.",
			    rz_oname(z, s), a->text);
			struct rz_trig now = { .src = s, .abil = k, .kw = -1, .ab = a, .controller = ctl, .subject = subject,
				.power = z->cur[s].v.power, .amount = ev->amount, .ev_player = ev->player };
			rz_run_effects(z, a, s, ctl, NULL, 0, 0, &now);
			continue;
		}
		for (int q = 0; q < times; q++) {
			struct rz_trig *pt = rz_pend(z, s, k, -1, ctl, subject, z->cur[s].v.power);
			if (pt) {
				pt->amount = ev->amount;
				pt->ev_player = ev->player;
			}
		}
	}
	for (int s = 0; s < b->nobjs && !z->game_over; s++)
		if (b->objs[s].zone == ZN_BATTLEFIELD)
			gained_trigger(z, s, z->cur[s].v.controller, ev);
}

void
rz_targeted(struct rz *z, int spell)
{
	const struct bd_obj *o = &z->b->objs[spell];
	for (int i = 0; i < o->ntargets; i++) {
		int t = o->targets[i].o;
		if (t < 0 || z->b->objs[t].zone != ZN_BATTLEFIELD)
			continue;
		struct rz_tev ev = { .kind = TR_TARGETED, .obj = t, .src = spell, .player = z->cur[spell].v.controller };
		rz_trigger_event(z, &ev);
	}
}

void
rz_entered(struct rz *z, const int *objs, int n)
{
	struct board *b = z->b;
	rz_layers(z);
	for (struct rz_abil_it it = {0}; rz_next_abil(z, AK_TRIGGER, &it);) {
		const struct bd_abil *a = it.a;
		if (a->trig != TR_ETB && !a->also_etb)
			continue;
		for (int i = 0; i < n; i++) {
			if (b->objs[objs[i]].zone != ZN_BATTLEFIELD || !rz_filter_match(z, &a->aff, objs[i], it.s, it.ctl))
				continue;
			char by[96];
			if (rz_rule_applies(z, RU_NO_ETB_TRIGGERS, -1, objs[i], NULL, by, sizeof by, NULL)) {
				STEP(z, RL(R_NO_TRIGGER), "%s's ability (\"%s\") doesn't trigger: %s entering doesn't cause abilities to trigger (%s).",
				    rz_oname(z, it.s), a->text, rz_oname(z, objs[i]), by);
				continue;
			}
			if (!rz_trigger_cond(z, a, it.s, objs[i])) {
				STEP(z, RL(R_INTERVENING_IF, a->tmpl && !strcmp(a->tmpl, "evolve") ? R_EVOLVE : R_NONE),
				    "%s's ability (\"%s\") doesn't trigger for %s: its \"if\" condition is false now.", rz_oname(z, it.s), a->text, rz_oname(z, objs[i]));
				continue;
			}
			rz_pend(z, it.s, it.k, -1, it.ctl, objs[i], z->cur[it.s].v.power);
		}
	}
}
