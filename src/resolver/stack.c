/* stack.c — resolving spells and triggered abilities: targets checked on resolution
 * (608.2b), instructions followed in order (608.2c), one-shot effects performed through
 * the damage and zone-move pipelines, resolved continuous effects locked in (611.2c). */
#include "rz_int.h"
#include "../base/buf.h"
#include "../base/mem.h"

#include <ctype.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool
rz_target_legal(const struct rz *z, const struct bd_tspec *ts, struct bd_ref r, int src,
    int controller, unsigned src_colors, char *why, size_t cap)
{
	const struct board *b = z->b;
	if (r.p >= 0) {
		if (!ts->player_ok) { snprintf(why, cap, "%s is a player, and the target must be an object", rz_pname(z, r.p)); return false; }
		if (ts->f.opponents_only && r.p == controller) { snprintf(why, cap, "%s is not an opponent", rz_pname(z, r.p)); return false; }
		if (b->players[r.p].lost) { snprintf(why, cap, "%s has left the game", rz_pname(z, r.p)); return false; }
		/* a player's shroud and hexproof (702.18a, 702.11c), from a permanent's static ability */
		char by[96];
		if (rz_rule_applies(z, RU_PLAYER_SHROUD, r.p, -1, NULL, by, sizeof by, NULL)) {
			snprintf(why, cap, "%s has shroud (%s)", rz_pname(z, r.p), by);
			return false;
		}
		if (r.p != controller && rz_rule_applies(z, RU_PLAYER_HEXPROOF, r.p, -1, NULL, by, sizeof by, NULL)) {
			snprintf(why, cap, "%s has hexproof against an opponent's spells and abilities (%s)", rz_pname(z, r.p), by);
			return false;
		}
		return true;
	}
	if (r.o < 0) { snprintf(why, cap, "no target"); return false; }
	const struct bd_obj *o = &b->objs[r.o];
	const struct rz_view *v = &z->cur[r.o].v;
	if (!ts->object_ok) { snprintf(why, cap, "%s is not a player", rz_oname(z, r.o)); return false; }
	if (ts->f.spell_or_perm) {
		if (o->zone != ZN_STACK && o->zone != ZN_BATTLEFIELD) { snprintf(why, cap, "%s is no longer on the stack or the battlefield", rz_oname(z, r.o)); return false; }
	} else if (ts->f.spell) {
		if (o->zone != ZN_STACK) { snprintf(why, cap, "%s is no longer on the stack", rz_oname(z, r.o)); return false; }
	} else if (ts->f.grave) {
		/* 115.2: it targets a card in a graveyard; 608.2b: one that left it is illegal */
		if (o->zone != ZN_GRAVEYARD) { snprintf(why, cap, "%s is no longer in a graveyard", rz_oname(z, r.o)); return false; }
	} else if (o->zone != ZN_BATTLEFIELD) { snprintf(why, cap, "%s is no longer on the battlefield", rz_oname(z, r.o)); return false; }
	if (!rz_filter_match(z, &ts->f, r.o, src, controller)) {
		snprintf(why, cap, "%s no longer matches the targeting requirement", rz_oname(z, r.o));
		return false;
	}
	/* shroud, hexproof and protection are on permanents (702.18a, 702.11b, 702.16b): a
	 * spell with hexproof on the stack can still be targeted */
	if (o->zone != ZN_BATTLEFIELD)
		return true;
	if (v->kws & KWBIT(KW_SHROUD)) { snprintf(why, cap, "%s has shroud", rz_oname(z, r.o)); return false; }
	if ((v->kws & KWBIT(KW_HEXPROOF)) && v->controller != controller) { snprintf(why, cap, "%s has hexproof", rz_oname(z, r.o)); return false; }
	unsigned src_types = src >= 0 && src < b->nobjs ? z->cur[src].v.types : 0;
	if (v->prot_colors & src_colors) {
		char col[64];
		bd_colors_str(v->prot_colors & src_colors, col, sizeof col);
		snprintf(why, cap, "%s has protection from %s and the source is %s", rz_oname(z, r.o), col, col);
		return false;
	}
	if (v->prot_flags & (PROT_EVERYTHING | (src_types & PROT_TYPES))) {
		snprintf(why, cap, "%s has protection from the source", rz_oname(z, r.o));
		return false;
	}
	return true;
}

static enum rz_rule
illegal_rule(const char *why)
{
	if (strstr(why, "shroud")) return R_SHROUD;
	if (strstr(why, "hexproof against an opponent")) return R_HEXPROOF_PLAYER;
	if (strstr(why, "hexproof")) return R_HEXPROOF;
	if (strstr(why, "protection")) return R_PROT_TARGET;
	return R_RESOLVE_TARGETS;
}

/* A target's reason for being illegal, said of the moment it is chosen rather than of a later
 * check ("is not on the battlefield", not "is no longer"). */
static void
as_chosen(char *why)
{
	static const char *const from[][2] = { { "is no longer ", "is not " },
		{ "no longer matches the targeting requirement", "doesn't match the targeting requirement" } };
	for (size_t k = 0; k < sizeof from / sizeof *from; k++) {
		char *at = strstr(why, from[k][0]);
		if (!at) continue;
		size_t fl = strlen(from[k][0]), tl = strlen(from[k][1]);
		memmove(at + tl, at + fl, strlen(at + fl) + 1);
		memcpy(at, from[k][1], tl);
	}
}

bool
rz_targets_choosable(struct rz *z, int s, char *why, size_t cap, enum rz_rule *rule)
{
	const struct board *b = z->b;
	const struct bd_obj *o = &b->objs[s];
	int ctl = z->cur[s].v.controller;
	int src = o->act_src >= 0 ? o->act_src : s;
	unsigned colors = z->cur[src].v.colors;
	/* an Aura spell targets what it can enchant (303.4a, 115.1b) */
	for (int k = 0; k < o->nabils && o->ntargets; k++)
		if (o->abils[k].kind == AK_ENCHANT && (o->types & BT_ENCHANTMENT) && o->act_src < 0) {
			struct bd_tspec ts;
			memset(&ts, 0, sizeof ts);
			ts.f = o->abils[k].aff;
			ts.object_ok = !o->abils[k].aff.no_objects;
			ts.player_ok = o->abils[k].aff.players;
			if (!rz_target_legal(z, &ts, o->targets[0], s, ctl, colors, why, cap)) {
				as_chosen(why);
				*rule = illegal_rule(why);
				return false;
			}
			return true;
		}
	int start[BD_MAXTGT], count[BD_MAXTGT];
	bool fits;
	int nspec = bd_target_spans(o, o->ntargets, start, count, BD_MAXTGT, &fits);
	if (!fits)
		return true;
	for (int k = 0, sp = 0; k < o->nabils; k++) {
		const struct bd_abil *a = &o->abils[k];
		if (a->kind != AK_SPELL || !bd_abil_chosen(o, a))
			continue;
		for (int j = 0; j < a->ntgt && sp < nspec; j++, sp++)
			for (int t = start[sp]; t < start[sp] + count[sp] && t < o->ntargets; t++) {
				if (o->targets[t].p < 0 && o->targets[t].o < 0)
					continue;
				if (!rz_target_legal(z, &a->tgt[j], o->targets[t], src, ctl, colors, why, cap)) {
					as_chosen(why);
					*rule = illegal_rule(why);
					if (*rule == R_RESOLVE_TARGETS) *rule = R_CHOOSE_TARGETS;
					size_t n = strlen(why);
					if (strstr(why, "targeting requirement") && n < cap && o->act_src < 0)
						snprintf(why + n, cap - n, " (\"%s\")", a->text);
					return false;
				}
			}
	}
	return true;
}

static int put_from_hand(struct rz *z, const struct bd_effect *e, int src, int controller, const char *sname);

/* Everything an effect reaches: its legal target, or each object/player matching. */
static int
recipients(struct rz *z, const struct bd_effect *e, int src, int controller, const struct bd_ref *targets,
    int ntargets, int nspec, struct bd_ref *out, int cap, int subject, int ev_player)
{
	int n = 0;
	if (e->slot >= 0) {
		int ns = e->nslots > 1 ? e->nslots : 1;
		for (int q = e->slot; q < e->slot + ns && q < ntargets && n < cap; q++)
			if (targets[q].p >= 0 || targets[q].o >= 0)
				out[n++] = targets[q];
		/* a spec of several targets: the further ones follow the one per spec */
		if (e->divided || e->multi)
			for (int q = nspec; q < ntargets && n < cap; q++)
				if (targets[q].p >= 0 || targets[q].o >= 0)
					out[n++] = targets[q];
		return n;
	}
	const struct bd_filter *f = &e->f;
	if (f->self) { out[n++] = (struct bd_ref){ -1, src }; return n; }
	if (f->event_player) {
		if (ev_player >= 0 && !z->b->players[ev_player].lost) out[n++] = (struct bd_ref){ ev_player, -1 };
		return n;
	}
	if (f->chosen_player) {
		/* 614.12a: chosen as the source entered, its `chosen` line or the board's `choose` */
		const char *c = rz_chosen(z, src);
		for (int p = 0; c && p < z->b->nplayers; p++)
			if (!strcasecmp(c, z->b->players[p].name)) {
				if (!z->b->players[p].lost) out[n++] = (struct bd_ref){ p, -1 };
				return n;
			}
		STEP(z, RL(R_ENTERS_CHOICE), "%s refers to the player chosen as it entered, and the board %s; judge can't follow this part.",
		    rz_oname(z, src), c ? "names no such player (its `chosen` line names a player)" : "doesn't say who that was (add `chosen PLAYER` to it, or `choose NAME: PLAYER` as it enters)");
		return n;
	}
	if (f->subject) {
		/* "destroy it": the object the trigger's event was about, if it is still there; "that
		 * creature" after an instruction that put one onto the battlefield: that one */
		if (z->last_put >= 0) out[n++] = (struct bd_ref){ -1, z->last_put };
		else if (subject >= 0) out[n++] = (struct bd_ref){ -1, subject };
		return n;
	}
	if (f->defending) {
		/* the trigger's subject is the attacking creature (Hellrider) */
		const struct bd_obj *a = subject >= 0 ? &z->b->objs[subject] : NULL;
		if (a && a->attacking_p >= 0) out[n++] = (struct bd_ref){ a->attacking_p, -1 };
		else if (a && a->attacking_o >= 0 && z->b->objs[a->attacking_o].zone == ZN_BATTLEFIELD) out[n++] = (struct bd_ref){ -1, a->attacking_o };
		return n;
	}
	if (f->attached) {
		int a = z->b->objs[src].attached;
		if (a >= 0) out[n++] = (struct bd_ref){ -1, a };
		return n;
	}
	if (!f->no_objects)
		for (int i = 0; i < z->b->nobjs && n < cap; i++)
			if (z->b->objs[i].zone == ZN_BATTLEFIELD && rz_filter_match(z, f, i, src, controller))
				out[n++] = (struct bd_ref){ -1, i };
	if (f->players)
		for (int p = 0; p < z->b->nplayers && n < cap; p++) {
			if (z->b->players[p].lost) continue;
			if (f->you_only && p != controller) continue;
			if (f->opponents_only && p == controller) continue;
			out[n++] = (struct bd_ref){ p, -1 };
		}
	return n;
}

static void
source_chars(struct rz *z, int src, struct rz_dmg *d)
{
	const struct bd_obj *o = &z->b->objs[src];
	/* 702.2e, 702.15c: a source that left the battlefield uses its last known information */
	const struct rz_view *v = o->zone == ZN_BATTLEFIELD || o->zone == ZN_STACK ? &z->cur[src].v : &z->lki[src].v;
	d->src = src;
	d->kws = v->kws;
	d->colors = v->colors;
	d->types = v->types;
	d->controller = v->controller;
	d->is_spell = o->zone == ZN_STACK && o->types;
	d->src_name = rz_oname(z, src);
}

/* What a resolved continuous effect does, layer by layer: "+3/+3, layer 7c". */
static void
parts_text(const struct bd_part *p, int n, struct sbuf *t)
{
	static const char *const lname[LY_COUNT] = { "", "1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d" };
	for (int i = 0; i < n; i++) {
		const struct bd_part *q = &p[i];
		size_t at = t->len;
		if (at)
			sbuf_adds(t, "; ");
		char buf[128];
		switch (q->op) {
		case OP_CONTROL: sbuf_adds(t, "control changes"); break;
		case OP_SET_CREATURE_SUB: case OP_SET_LAND_SUB: case OP_ADD_SUB:
			if (!q->mask) {
				sbuf_addf(t, "%s %s", q->op == OP_ADD_SUB ? "adds the subtype" : q->op == OP_SET_LAND_SUB
				    ? "its land type becomes" : "its creature type becomes", q->sub);
				break;
			}
			/* fall through */
		case OP_ADD_TYPES: case OP_SET_TYPES:
			bd_types_str(0, q->mask, q->sub[0] ? (const char (*)[BD_SUBLEN])q->sub : NULL, q->sub[0] ? 1 : 0, buf, sizeof buf);
			sbuf_addf(t, "%s %s%s", q->op == OP_ADD_TYPES || q->op == OP_ADD_SUB ? "adds" : "becomes", buf,
			    q->op == OP_SET_TYPES ? " (only that: its other card types and subtypes are gone)" : "");
			break;
		case OP_SET_COLOR:
			bd_colors_str(q->mask, buf, sizeof buf);
			sbuf_addf(t, "becomes %s", buf);
			break;
		case OP_ADD_KW: case OP_LOSE_KW: {
			struct rz_view v = { .kws = q->kws, .prot_colors = q->prot_colors, .prot_flags = q->prot_flags };
			char kw[200];
			rz_kw_str(&v, kw, sizeof kw);
			sbuf_addf(t, "%s %s%s%s", q->op == OP_ADD_KW ? "gains" : "loses", kw,
			    q->prot_chosen && kw[0] ? ", " : "", q->prot_chosen ? "protection from the chosen color" : "");
			break;
		}
		case OP_LOSE_ALL: sbuf_adds(t, "loses all abilities"); break;
		case OP_SET_PT: sbuf_addf(t, "base power and toughness %d/%d", q->a, q->b); break;
		case OP_MOD_PT: sbuf_addf(t, "%+d/%+d", q->a, q->b); break;
		case OP_SWITCH_PT: sbuf_adds(t, "switches power and toughness"); break;
		default: sbuf_adds(t, "changes its characteristics"); break;
		}
		sbuf_addf(t, ", layer %s", q->layer > 0 && q->layer < LY_COUNT ? lname[q->layer] : "?");
	}
	if (!t->len)
		sbuf_adds(t, "no change");
}

/* An edict: player p chooses e->n permanents they control matching e->what (701.21a): the ones
 * the board's `choose SOURCE: NAME` names, else judge picks (and says so). */
static int
edict_choose(struct rz *z, const struct bd_effect *e, int p, int src, int controller, const char *sname, struct bd_ref *out, int cap)
{
	const struct board *b = z->b;
	int *cand = xcalloc((size_t)b->nobjs + 1, sizeof *cand), nc = 0;
	for (int i = 0; i < b->nobjs; i++)
		if (b->objs[i].zone == ZN_BATTLEFIELD && z->cur[i].v.controller == p && rz_filter_match(z, &e->what, i, src, p))
			cand[nc++] = i;
	const char *ch = rz_choice(z, src);
	int n = 0;
	/* `choose SOURCE: NAME[, NAME]`: one name for each permanent sacrificed ("two permanents") */
	for (const char *c = ch; c && *c && n < e->n && n < cap;) {
		const char *end = strstr(c, ", ");
		size_t len = end ? (size_t)(end - c) : strlen(c);
		for (int k = 0; k < nc; k++) {
			const char *nm = b->objs[cand[k]].name, *al = b->objs[cand[k]].alias;
			bool dup = false;
			for (int q = 0; q < n; q++) dup |= out[q].o == cand[k];
			if (!dup && ((strlen(nm) == len && !strncasecmp(nm, c, len)) || (al && strlen(al) == len && !strncasecmp(al, c, len)))) {
				out[n++] = (struct bd_ref){ -1, cand[k] };
				break;
			}
		}
		c = end ? end + 2 : NULL;
	}
	bool picked = n < e->n && nc > e->n;
	for (int k = 0; k < nc && n < e->n && n < cap; k++) {
		bool dup = false;
		for (int q = 0; q < n; q++) dup |= out[q].o == cand[k];
		if (!dup) out[n++] = (struct bd_ref){ -1, cand[k] };
	}
	(void)controller;
	struct sbuf t = {0};
	for (int q = 0; q < n; q++) sbuf_addf(&t, "%s%s", q ? ", " : "", rz_oname(z, out[q].o));
	if (n == 0)
		STEP(z, RL(R_SAC_CHOOSE), "%s: %s controls nothing it could sacrifice, so nothing happens.", sname, rz_pname(z, p));
	else
		STEP(z, RL(R_SAC_CHOOSE), "%s: %s chooses what to sacrifice: %s%s.", sname, rz_pname(z, p), sbuf_str(&t),
		    picked ? " (judge's choice; state it with `choose SOURCE: NAME`)" : nc <= e->n && !ch ? " (the only choice)" : "");
	sbuf_free(&t);
	free(cand);
	return n;
}

/* "The sacrificed creature's power": the creature sacrificed to cast the spell, as it last
 * existed on the battlefield (608.2h); the spell's own record of its cost. */
static int
sacrificed_power(struct rz *z, int spell, const char *sname)
{
	const struct bd_obj *o = &z->b->objs[spell];
	if (o->nact_sac < 1 || o->act_sac[0] < 0) {
		STEP(z, RL(R_RESOLVE_INFO), "%s: the board doesn't say which creature was sacrificed to cast it, so its power counts as 0 (give `sacrifice NAME` under `cast`).", sname);
		return 0;
	}
	int s = o->act_sac[0];
	const struct rz_view *v = z->b->objs[s].zone == ZN_BATTLEFIELD ? &z->cur[s].v : &z->lki[s].v;
	STEP(z, RL(R_RESOLVE_INFO), "%s uses the sacrificed %s's power as it last existed on the battlefield: %d.", sname, rz_oname(z, s), v->power);
	return v->power > 0 ? v->power : 0;
}

/* Divided damage (601.2d): each target gets the share announced as the spell was cast (the
 * board's `divide`), or, "divided evenly", the amount over the number of targets chosen,
 * rounded down (107.1a). A target that became illegal keeps its share undealt (608.2b). */
static void
divide_damage(struct rz *z, const struct bd_effect *e, int amount, struct rz_dmg *d, int n, const char *sname, const struct rz_trig *tr)
{
	if (tr && tr->tg_set && !e->evenly) {
		const struct rz_trig *t = tr;
		/* a triggered ability's division, made as it was put on the stack (603.3d, 601.2d) */
		struct sbuf s = {0};
		int chosen = 0;
		for (int q = 0; q < t->ntg; q++)
			chosen += t->div[q] > 0;
		for (int i = 0; i < n; i++) {
			d[i].amount = 0;
			for (int q = 0; q < t->ntg; q++)
				if (t->div[q] && t->tg[q].p == d[i].to.p && t->tg[q].o == d[i].to.o)
					d[i].amount = t->div[q];
			sbuf_addf(&s, "%s%d to %s", i ? ", " : "", d[i].amount, d[i].to.p >= 0 ? rz_pname(z, d[i].to.p) : rz_oname(z, d[i].to.o));
		}
		STEP(z, RL(R_DIVIDE, R_TRIG_TARGETS), "%s deals its %d damage as it was divided when the ability was put on the stack (%s)%s.", sname, amount, sbuf_str(&s),
		    chosen > n ? "; the share of a target that became illegal is not dealt, and the others' shares don't change" : "");
		sbuf_free(&s);
		return;
	}
	const struct bd_obj *sp = z->div_obj1 ? &z->b->objs[z->div_obj1 - 1] : NULL;
	int k = z->div_k > 0 ? z->div_k : n;
	struct sbuf t = {0};
	for (int i = 0; i < n; i++) {
		if (e->evenly)
			d[i].amount = k > 0 ? amount / k : 0;
		else if (sp && sp->ndiv) {
			d[i].amount = 0;
			for (int q = 0; q < sp->ndiv; q++)
				if (sp->div_to[q].p == d[i].to.p && sp->div_to[q].o == d[i].to.o)
					d[i].amount = sp->div_amt[q];
		}
		sbuf_addf(&t, "%s%d to %s", i ? ", " : "", d[i].amount, d[i].to.p >= 0 ? rz_pname(z, d[i].to.p) : rz_oname(z, d[i].to.o));
	}
	if (e->evenly)
		STEP(z, RL(R_DIVIDE, R_ROUND_DOWN), "%s divides %d damage evenly among the %d target%s chosen as it was cast: %d each, rounded down (%s).",
		    sname, amount, k, k == 1 ? "" : "s", k > 0 ? amount / k : 0, sbuf_str(&t));
	else
		STEP(z, RL(R_DIVIDE), "%s deals its %d damage as the division announced while casting it says (%s)%s.", sname, amount, sbuf_str(&t),
		    k > n ? "; the share of a target that became illegal is not dealt, and the others' shares don't change" : "");
	sbuf_free(&t);
}

/* Create e's tokens under controller's control (111.1); sname is what creates them. */
void
rz_create_tokens(struct rz *z, const struct bd_effect *e, int controller, const char *sname, enum rz_rule why)
{
	struct board *b = z->b;
	int count = rz_token_replacements(z, e, controller, e->n);
	if (!rz_room_for(z, count, sname))
		return;
	int *made = xcalloc((size_t)count + 1, sizeof *made), nmade = 0;
	for (int k = 0; k < count; k++) {
		int ti = bd_add_obj(b, NULL);
		made[nmade++] = ti;
		struct bd_obj *tok = &b->objs[ti];
		char nm[64];
		/* 111.4: its subtypes plus the word "Token" */
		snprintf(nm, sizeof nm, "%s%s%s Token", e->tok_sub[0] ? e->tok_sub : "Creature", e->tok_sub2[0] ? " " : "", e->tok_sub2);
		tok->name = xstrdup(nm);
		tok->owner = tok->controller = controller;
		tok->types = e->tok_types;
		tok->colors = e->tok_colors;
		if (e->tok_sub[0]) { memcpy(tok->subs[0], e->tok_sub, BD_SUBLEN); tok->nsubs = 1; }
		if (e->tok_sub2[0]) { memcpy(tok->subs[1], e->tok_sub2, BD_SUBLEN); tok->nsubs = 2; }
		tok->power = e->tok_power;
		tok->toughness = e->tok_toughness;
		tok->has_pt = true;
		tok->token = true;
		tok->tapped = e->tok_tapped;
		tok->zone = ZN_BATTLEFIELD;
		tok->ts = ++b->next_ts;
		if (e->tok_kws) {
			tok->abils = xcalloc(1, sizeof *tok->abils);
			tok->abcap = 1;
			tok->nabils = 1;
			tok->abils[0].kind = AK_KEYWORD;
			tok->abils[0].parts[0].kws = e->tok_kws;
			struct sbuf kt = {0};
			for (int q = 0; q < KW_COUNT; q++)
				if (e->tok_kws & KWBIT(q)) sbuf_addf(&kt, "%s%s", kt.len ? ", " : "", bd_kw_name(q));
			tok->abils[0].text = sbuf_take(&kt);
		}
	}
	STEP(z, RL(why, R_TS_ZONE), "%s: %s creates %d %s%d/%d %s token%s.", sname, rz_pname(z, controller), count,
	    e->tok_tapped ? "tapped " : "", e->tok_power, e->tok_toughness, e->tok_sub[0] ? e->tok_sub : "creature", count == 1 ? "" : "s");
	for (int k = 0; k < nmade; k++) {
		struct sbuf t = {0};
		if (rz_enter_replacements(z, made[k], 0, &t) > 0) {
			if (b->objs[made[k]].copy_of >= 0)
				STEP(z, RL(R_ENTERS_REPL, R_ENTERS_CHECK, R_COPY_ENTERS), "%s%s.", rz_oname(z, made[k]), sbuf_str(&t));
			else
				STEP(z, RL(R_ENTERS_REPL, R_ENTERS_CHECK), "%s%s.", rz_oname(z, made[k]), sbuf_str(&t));
		}
		sbuf_free(&t);
	}
	rz_entered(z, made, nmade);
	free(made);
}

/* "Create a token that's a copy of TARGET[, except ...]": the token has the copiable values
 * of the target as it is now (707.2, 707.3 if that is a copy) and the exceptions (707.9b); it
 * is named as what it copies. A target that left gives its last known values (608.2h) is not
 * modelled: a target gone makes this part do nothing (608.2b). */
static void
copy_tokens(struct rz *z, const struct bd_effect *e, int controller, const char *sname, const struct bd_ref *r, int n)
{
	struct board *b = z->b;
	if (!rz_room_for(z, n, sname))
		return;
	int *made = xcalloc((size_t)n + 1, sizeof *made), nmade = 0;
	for (int i = 0; i < n; i++) {
		if (r[i].o < 0 || b->objs[r[i].o].zone != ZN_BATTLEFIELD)
			continue;
		int src = r[i].o;
		/* a copy of a copy has the copiable values of what that copies (707.3): the
		 * layer system follows copy_of and each link's exceptions */
		int orig = src;
		int ti = bd_add_obj(b, NULL);
		struct bd_obj *tok = &b->objs[ti];
		const struct bd_obj *pr = rz_copiable(z, orig);
		tok->name = xstrdup(pr->name);
		tok->owner = tok->controller = controller;
		tok->types = pr->types;
		tok->supers = pr->supers;
		tok->colors = pr->colors;
		tok->token = true;
		tok->zone = ZN_BATTLEFIELD;
		tok->ts = ++b->next_ts;
		tok->copy_of = src;
		tok->copyx = e->tok_copyx;
		tok->copy_legend = e->tok_copyx.legend;
		z->moveseq[ti] = ++z->zseq;
		made[nmade++] = ti;
		rz_layers(z);
		struct sbuf ex = {0};
		copyx_text(&e->tok_copyx, &ex);
		bool of_copy = b->objs[src].copy_of >= 0;
		const struct bd_copyx *x = &e->tok_copyx;
		enum rz_rule rules[] = { R_RESOLVE_FOLLOW, R_COPY_TOKEN, R_COPIABLE, R_COPY_ENTERS,
			x->legend || x->set_pt || x->setsub[0] || x->addsub[0] || x->addtypes ? R_COPY_EXCEPT : R_TS_ZONE, R_COPY_OF_COPY };
		if (of_copy)
			sbuf_addf(&ex, "; %s is itself a copy, so its copiable values are those it copied (707.3)", rz_oname(z, src));
		rz_text_not_copied(z, src, &ex);
		rz_step(z, rules, of_copy ? 6 : 5, "%s: %s creates a token that's a copy of %s: it has %s's copiable values (name, mana cost, types, colors, P/T, abilities; not its counters, damage or status)%s, so it is %s %d/%d named %s.",
		    sname, rz_pname(z, controller), rz_oname(z, src), rz_oname(z, src), sbuf_str(&ex),
		    (z->cur[ti].v.types & BT_CREATURE) ? "a" : "an object, not a creature,", z->cur[ti].v.power, z->cur[ti].v.toughness, tok->name);
		sbuf_free(&ex);
		struct sbuf t = {0};
		if (rz_enter_replacements(z, ti, 0, &t) > 0)
			STEP(z, RL(R_ENTERS_REPL, R_ENTERS_CHECK), "%s%s.", rz_oname(z, ti), sbuf_str(&t));
		sbuf_free(&t);
	}
	if (nmade == 0)
		STEP(z, RL(R_RESOLVE_TARGETS), "%s creates no token: what it would copy is no longer on the battlefield.", sname);
	rz_entered(z, made, nmade);
	free(made);
}

/* "fade", "+1/+1", "loyalty": a counter kind for the steps */
static void
counter_kind_name(const struct bd_ctr *c, char *out, size_t cap)
{
	if (c->kind == CK_PT) snprintf(out, cap, "%+d/%+d", c->dp, c->dt);
	else if (c->kind == CK_LOYALTY) snprintf(out, cap, "loyalty");
	else snprintf(out, cap, "%s", c->other);
}

/* Does library card o meet a search's description (its filter and "with mana cost ...")? */
static bool
search_matches(struct rz *z, const struct bd_effect *e, int o, int src, int controller)
{
	if (!rz_filter_match(z, &e->what, o, src, controller))
		return false;
	if (!e->search_costs[0])
		return true;
	/* 202.1b: a card with no mana cost has none of them, not {0} */
	const char *mc = z->b->objs[o].mana_cost;
	char costs[sizeof e->search_costs];
	snprintf(costs, sizeof costs, "%s", e->search_costs);
	for (char *w = strtok(costs, " "); w; w = strtok(NULL, " "))
		if (mc[0] && !strcmp(w, mc))
			return true;
	return false;
}

/* "Search your library for a FILTER card, put it onto the battlefield | into your hand[, then
 * shuffle]" (701.23a): the card found is the board's `choose SOURCE: CARD`; the searcher may
 * find nothing (701.23b, `choose SOURCE: nothing`); without a choice, the first matching card
 * the board lists in that library, and judge says so. */
static void
search_library(struct rz *z, const struct bd_effect *e, int src, int controller, const char *sname)
{
	struct board *b = z->b;
	const char *want = rz_choice(z, src);
	int found = -1, first = -1, nmatch = 0, bad = -1;
	for (int o = 0; o < b->nobjs; o++) {
		if (b->objs[o].zone != ZN_LIBRARY || b->objs[o].owner != controller || !search_matches(z, e, o, src, controller))
			continue;
		nmatch++;
		if (first < 0 || b->objs[o].zpos < b->objs[first].zpos) first = o;
	}
	bool nothing = want && (!strcasecmp(want, "nothing") || !strcasecmp(want, "no"));
	if (want && !nothing) {
		for (int o = 0; o < b->nobjs && found < 0; o++)
			if (b->objs[o].zone == ZN_LIBRARY && b->objs[o].owner == controller && (!strcasecmp(want, b->objs[o].name)
			    || (b->objs[o].alias && !strcasecmp(want, b->objs[o].alias)))) {
				if (search_matches(z, e, o, src, controller)) found = o;
				else bad = o;
			}
	} else if (!want)
		found = first;
	const char *lib = e->search_shuffle ? ", then shuffles their library" : "";
	if (found < 0) {
		lib = e->search_shuffle ? "; then they shuffle their library" : "";
		/* "{0} {1}" as "{0} or {1}" */
		char costs[64] = "";
		for (const char *q = e->search_costs; *q && strlen(costs) + 5 < sizeof costs; q++)
			if (*q == ' ') strcat(costs, " or ");
			else {
				size_t cl = strlen(costs);
				costs[cl] = *q;
				costs[cl + 1] = '\0';
			}
		if (bad >= 0) {
			/* 202.1b: no mana cost is not a mana cost of {0} */
			bool nocost = e->search_costs[0] && rz_filter_match(z, &e->what, bad, src, controller) && !b->objs[bad].mana_cost[0];
			char why[96] = "";
			if (nocost)
				snprintf(why, sizeof why, " (it has no mana cost at all, so not %s)", costs);
			else if (e->search_costs[0] && rz_filter_match(z, &e->what, bad, src, controller))
				snprintf(why, sizeof why, " (its mana cost is %s, not %s)", b->objs[bad].mana_cost, costs);
			STEP(z, RL(R_SEARCH, nocost ? R_MANA_COST : R_NONE, e->search_shuffle ? R_SHUFFLE : R_NONE),
			    "%s: %s searches their library; %s, the card the board chooses, isn't a card the ability searches for%s, so it can't be found: nothing is found%s.",
			    sname, rz_pname(z, controller), rz_oname(z, bad), why, lib);
		} else
			STEP(z, RL(R_SEARCH, R_SEARCH_FAIL, e->search_shuffle ? R_SHUFFLE : R_NONE), "%s: %s searches their library and finds nothing (%s)%s.",
			    sname, rz_pname(z, controller), nothing ? "the board chooses to find nothing, as a search for a stated quality allows"
			    : want ? "the board's choice is not a card in that library"
			    : "the board names no matching card in that library: name one with a `card` in `zone library`", lib);
		return;
	}
	struct bd_obj *c = &b->objs[found];
	char how[160];
	if (!want)
		snprintf(how, sizeof how, " (judge's default: the first matching card the board lists there, of %d; state it with `choose %s: CARD`, or `nothing`)",
		    nmatch, sname);
	else
		how[0] = 0;
	if (e->search_hand) {
		c->zone = ZN_HAND;
		c->zpos = ++z->zseq;
		z->moveseq[found] = z->zseq;
		STEP(z, RL(R_SEARCH, e->search_shuffle ? R_SHUFFLE : R_NONE), "%s: %s searches their library, finds %s%s and puts it into their hand%s.",
		    sname, rz_pname(z, controller), rz_oname(z, found), how, lib);
		return;
	}
	c->zone = ZN_BATTLEFIELD;
	c->controller = controller;
	c->tapped = e->search_tapped;
	c->ts = ++b->next_ts;
	c->zpos = 0;
	z->moveseq[found] = ++z->zseq;
	rz_layers(z);
	STEP(z, RL(R_SEARCH, R_TS_ZONE, e->search_shuffle ? R_SHUFFLE : R_NONE), "%s: %s searches their library, finds %s%s and puts it onto the battlefield%s under their control, with a new timestamp%s.",
	    sname, rz_pname(z, controller), rz_oname(z, found), how, e->search_tapped ? " tapped" : "", lib);
	struct sbuf t = {0};
	if (rz_enter_replacements(z, found, 0, &t) > 0)
		STEP(z, RL(R_ENTERS_REPL, R_ENTERS_CHECK), "%s%s.", rz_oname(z, found), sbuf_str(&t));
	sbuf_free(&t);
	rz_entered(z, &found, 1);
}

/* Is card o one that e's chooser may pick (its FILTER: "a nonland card")? */
static bool
hand_card_ok(struct rz *z, const struct bd_effect *e, int o, int src, int controller)
{
	return !e->pick_you || rz_filter_match(z, &e->what, o, src, controller);
}

/* 701.9: player p discards e->n cards (or exiles them from hand, Karn Liberated). The cards are
 * the board's `choose SOURCE: CARD[, CARD]` among p's hand; without it, the player's own choice
 * (701.9b) is taken as the unnamed cards first, then the named ones, said so. With pick_you the
 * spell's controller picks one card matching what from the revealed hand: the board's choice,
 * else the first named card that matches. Named cards go in mv (moved together by the caller);
 * unnamed ones leave p's `hand N` count. */
static int
discard_pick(struct rz *z, const struct bd_effect *e, int p, int src, int controller, const char *sname,
    struct rz_move *mv, int room)
{
	struct board *b = z->b;
	struct bd_player *pl = &b->players[p];
	const char *c = rz_choice(z, src);
	int n = 0, want = e->n > 0 ? e->n : 1, named = 0, ok = 0;
	for (int o = 0; o < b->nobjs; o++)
		if (b->objs[o].zone == ZN_HAND && b->objs[o].owner == p) {
			named++;
			ok += hand_card_ok(z, e, o, src, controller);
		}
	const char *what = e->to_exile ? "exiles" : "discards";
	struct sbuf t = {0};
	bool judge_pick = false;
	char buf[512];
	snprintf(buf, sizeof buf, "%s", c ? c : "");
	for (char *w = strtok(buf, ","); w && n < want && n < room; w = strtok(NULL, ",")) {
		while (*w == ' ') w++;
		size_t l = strlen(w);
		while (l && w[l - 1] == ' ') w[--l] = 0;
		for (int o = 0; o < b->nobjs; o++) {
			struct bd_obj *ob = &b->objs[o];
			bool dup = false;
			for (int k = 0; k < n; k++) dup |= mv[k].obj == o;
			if (dup || ob->zone != ZN_HAND || ob->owner != p || (strcasecmp(w, ob->name) && !(ob->alias && !strcasecmp(w, ob->alias))))
				continue;
			if (!hand_card_ok(z, e, o, src, controller)) {
				STEP(z, RL(R_DISCARD_CHOICE), "%s: the board chooses %s, which is not a card %s may choose, so it stays in %s's hand.", sname,
				    rz_oname(z, o), rz_pname(z, controller), rz_pname(z, p));
				break;
			}
			memset(&mv[n], 0, sizeof mv[n]);
			mv[n].obj = o;
			n++;
			break;
		}
	}
	int unnamed = 0;
	if (e->pick_you) {
		if (n == 0 && ok > 0 && !c) {
			for (int o = 0; o < b->nobjs && n < want && n < room; o++)
				if (b->objs[o].zone == ZN_HAND && b->objs[o].owner == p && hand_card_ok(z, e, o, src, controller)) {
					memset(&mv[n], 0, sizeof mv[n]);
					mv[n++].obj = o;
					judge_pick = true;
				}
		}
		if (n == 0) {
			bool unknown = pl->hand != 0;
			STEP(z, RL(R_REVEAL, R_DISCARD_CHOICE), "%s: %s %s, so nothing is discarded%s.", sname,
			    c ? "the board's choice is not a card that can be chosen from" : ok == 0 && !unknown ? "there is no card that can be chosen in" : "the board chooses no card from",
			    rz_pname(z, p), ok == 0 && !unknown ? "'s hand" : unknown ? "'s hand; the cards the board doesn't name (`hand N`) are of unknown kinds: name them to have one chosen" : "'s hand");
			(void)named;
			return 0;
		}
	} else {
		/* the player's own choice: what the board names, then unnamed cards, then named ones */
		while (n + unnamed < want && pl->hand > 0) {
			pl->hand--;
			unnamed++;
		}
		for (int o = b->nobjs - 1; o >= 0 && n + unnamed < want && n < room; o--) {
			bool dup = false;
			for (int k = 0; k < n; k++) dup |= mv[k].obj == o;
			if (!dup && b->objs[o].zone == ZN_HAND && b->objs[o].owner == p) {
				memset(&mv[n], 0, sizeof mv[n]);
				mv[n++].obj = o;
				judge_pick = true;
			}
		}
	}
	for (int k = 0; k < n; k++) {
		mv[k].to = e->to_exile ? ZN_EXILE : ZN_GRAVEYARD;
		mv[k].why = e->to_exile ? MV_EXILE : MV_DISCARD;
		mv[k].rule = e->to_exile ? R_EXILE : R_DISCARD;
		snprintf(mv[k].reason, sizeof mv[k].reason, "from %s's hand, by %s", rz_pname(z, p), sname);
		sbuf_addf(&t, "%s%s", t.len ? ", " : "", rz_oname(z, mv[k].obj));
	}
	if (unnamed)
		sbuf_addf(&t, "%s%d card%s the board doesn't name", t.len ? " and " : "", unnamed, unnamed == 1 ? "" : "s");
	if (n + unnamed == 0)
		STEP(z, RL(e->to_exile ? R_EXILE : R_DISCARD), "%s: %s has no card in hand, so %s nothing.", sname, rz_pname(z, p), what);
	else
		STEP(z, RL(e->to_exile ? R_EXILE : R_DISCARD, R_DISCARD_CHOICE), "%s: %s %s %s (%s)%s.", sname, rz_pname(z, p), what, sbuf_str(&t),
		    e->pick_you ? (judge_pick ? "chosen by judge for the player who looked at the hand: `choose SOURCE: CARD` states it" : "the card the spell's controller chooses, as the board states")
		    : judge_pick ? "judge's pick for the player, unnamed cards first; `choose SOURCE: CARD, CARD` states it" : c ? "the player's choice, as the board states" : "cards the board doesn't name",
		    n + unnamed < want ? ": that is every card in that hand" : "");
	sbuf_free(&t);
	return n;
}

/* 701.17a-b: player p mills n cards, the top ones, as many as the library holds. */
static int
mill_pick(struct rz *z, int p, int n, const char *sname, struct rz_move *mv, int room)
{
	struct board *b = z->b;
	struct bd_player *pl = &b->players[p];
	int k = 0, unnamed = 0;
	while (k + unnamed < n && k < room) {
		int o = -1;
		for (int i = 0; i < b->nobjs; i++) {
			bool dup = false;
			for (int q = 0; q < k; q++) dup |= mv[q].obj == i;
			if (!dup && b->objs[i].zone == ZN_LIBRARY && b->objs[i].owner == p && (o < 0 || b->objs[i].zpos < b->objs[o].zpos))
				o = i;
		}
		if (o < 0)
			break;
		memset(&mv[k], 0, sizeof mv[k]);
		mv[k].obj = o;
		mv[k].to = ZN_GRAVEYARD;
		mv[k].why = MV_MILL;
		mv[k].rule = R_MILL;
		snprintf(mv[k].reason, sizeof mv[k].reason, "from the top of %s's library, by %s", rz_pname(z, p), sname);
		k++;
	}
	bool unknown = false;
	if (k < n && pl->library != 0) {
		if (pl->library < 0) {
			unnamed = n - k;
			unknown = true;
		} else {
			unnamed = n - k < pl->library ? n - k : pl->library;
			pl->library -= unnamed;
		}
	}
	bool short_lib = k + unnamed < n;
	STEP(z, RL(R_MILL, short_lib ? R_MILL_MAX : R_NONE), "%s: %s mills %d card%s%s%s%s%s.", sname, rz_pname(z, p), k + unnamed, k + unnamed == 1 ? "" : "s",
	    k ? " (the named ones from the top first)" : "", unnamed ? (k ? " and cards the board doesn't name" : ", cards the board doesn't name") : "",
	    unknown ? " (the board doesn't count that library, so judge takes it to hold enough; `library N` on the player's line counts it)" : "",
	    short_lib ? (k + unnamed ? ": that is the whole library, as many as possible; milling an empty library doesn't lose the game" : ": the library is empty; milling more than it holds mills as many as possible, none, and doesn't lose the game") : "");
	return k;
}

/* sname counters o, a spell or ability on the stack (701.6a), unless it can't be countered
 * (101.2); a countered spell goes to its owner's graveyard (or where a replacement says). */
static void
counter_object(struct rz *z, const char *sname, int o, enum rz_rule why)
{
	struct board *b = z->b;
	struct bd_obj *sp = &b->objs[o];
	char by[96];
	if (rz_rule_applies(z, RU_CANT_BE_COUNTERED, -1, o, NULL, by, sizeof by, NULL)) {
		STEP(z, RL(R_CANT, why), "%s would counter %s, but %s can't be countered (%s), so it stays on the stack.",
		    sname, rz_oname(z, o), rz_oname(z, o), by);
		return;
	}
	int rep = sp->types ? rz_grave_replacer(z, o) : 0;
	sp->zone = rep ? rz_grave_repl_zone(z, o, rep) : sp->types ? ZN_GRAVEYARD : ZN_GONE;
	sp->zpos = ++z->zseq;
	if (rep)
		STEP(z, RL(R_COUNTER_SPELL, R_REPLACE_INSTEAD, why), "%s counters %s: it leaves the stack without resolving and would go to its owner's graveyard, but %s's replacement effect %s.",
		    sname, rz_oname(z, o), rz_oname(z, rep - 1), rz_grave_repl_text(z, o, rep));
	else
		STEP(z, RL(R_COUNTER_SPELL, why), "%s counters %s: it leaves the stack without resolving%s.", sname, rz_oname(z, o),
		    sp->types ? " and goes to its owner's graveyard" : "");
}

/* Tokens created "attacking" (508.4) or "blocking that creature" (506.3d): they are in
 * combat without having been declared, so nothing that triggers on declaring sees them. */
static void
tokens_in_combat(struct rz *z, const struct bd_effect *e, int from, int controller, int subject, const char *sname)
{
	struct board *b = z->b;
	const struct bd_obj *s = subject >= 0 ? &b->objs[subject] : NULL;
	for (int i = from; i < b->nobjs; i++) {
		struct bd_obj *tok = &b->objs[i];
		if (!tok->token || tok->zone != ZN_BATTLEFIELD)
			continue;
		if (e->tok_combat == 1) {
			/* it attacks what the attacking source attacks (the player chooses; 508.4) */
			int p = s && s->attacking_p >= 0 ? s->attacking_p : rz_opponent(z, controller);
			tok->attacking_p = s && s->attacking_o >= 0 ? -1 : p;
			tok->attacking_o = s && s->attacking_o >= 0 ? s->attacking_o : -1;
			STEP(z, RL(R_TOKEN_ATTACKING), "%s: %s enters attacking %s; it was never declared as an attacker, so \"whenever ... attacks\" abilities don't trigger for it.",
			    sname, rz_oname(z, i), tok->attacking_o >= 0 ? rz_oname(z, tok->attacking_o) : rz_pname(z, tok->attacking_p));
		} else if (s && s->zone == ZN_BATTLEFIELD && (s->attacking_p == controller
		    || (s->attacking_o >= 0 && z->cur[s->attacking_o].v.controller == controller))) {
			tok->blocking[0] = subject;
			tok->nblocking = 1;
			b->objs[subject].blocked = true;
			STEP(z, RL(R_BLOCK_EACH, R_TOKEN_BLOCKING), "%s: %s enters blocking %s.", sname, rz_oname(z, i), rz_oname(z, subject));
		} else
			STEP(z, RL(R_TOKEN_BLOCKING), "%s: %s enters, but not blocking: there is no creature attacking %s for it to block.", sname, rz_oname(z, i), rz_pname(z, controller));
	}
}

void
rz_run_effects(struct rz *z, const struct bd_abil *a, int src, int controller,
    const struct bd_ref *targets, int ntargets, int x, const struct rz_trig *t)
{
	struct board *b = z->b;
	z->revealed = -1;
	z->last_put = -1;
	const char *sname = rz_oname(z, src);
	/* what an instruction affects: every object and player at most once ("each creature"
	 * may be all of them); tokens made meanwhile are within z->room */
	int rcap = (int)z->room + b->nplayers + 1;
	struct bd_ref *r = xcalloc((size_t)rcap, sizeof *r);
	for (int ei = 0; ei < a->neff && !z->game_over; ei++) {
		const struct bd_effect *e = &a->eff[ei];
		rz_layers(z);
		int n = (e->kind == EF_CREATE_TOKEN && !e->tok_copy) || e->kind == EF_SEARCH ? 0 : recipients(z, e, src, controller, targets, ntargets, a->ntgt, r, rcap,
		    t ? t->subject : -1, t ? t->ev_player : -1);
		if (e->delay) {
			rz_delay_create(z, e, r, n, src, controller, sname);
			continue;
		}
		/* "its power": the current value, or the last known one if it left (608.2h) */
		int amount = e->amt == AM_EVENT ? (t ? t->amount : 0) : e->amt == AM_POWER_SACRIFICED ? sacrificed_power(z, src, sname) : e->amt == AM_X ? x : e->amt == AM_POWER_SELF
		    ? (b->objs[src].zone == ZN_BATTLEFIELD || b->objs[src].zone == ZN_STACK ? z->cur[src].v.power
		    : t ? t->power : z->lki[src].v.power) : e->n;
		bool mv_unknown = false;
		if (e->amt == AM_TOUGHNESS_PREV) {
			/* "you lose life equal to that creature's toughness" (Vendetta): as it is now, or
			 * as it last existed on the battlefield (608.2h) */
			int o = e->amt_slot < ntargets ? targets[e->amt_slot].o : -1;
			amount = 0;
			if (o >= 0) {
				bool here = b->objs[o].zone == ZN_BATTLEFIELD;
				const struct rz_view *v = here ? &z->cur[o].v : &z->lki[o].v;
				amount = v->toughness > 0 ? v->toughness : 0;
				STEP(z, RL(R_RESOLVE_INFO), "%s uses %s %stoughness, %d.", sname, rz_oname(z, o), here ? "its " : "'s last known ", v->toughness);
			}
		}
		if (e->amt == AM_EVENT && t)
			STEP(z, RL(R_TRIGGER_EVENT), "\"That much\" is the amount of the event that triggered %s's ability: %d.", sname, amount);
		if (e->amt == AM_REVEALED_MV) {
			/* 202.3: the mana value of the card revealed by the instruction before */
			mv_unknown = z->revealed == -2;
			amount = z->revealed >= 0 ? b->objs[z->revealed].mv : 0;
		}
		if (e->amt == AM_POWER_SELF && e->kind != EF_CREATE_TOKEN) {
			/* 608.2h: the amount is read once, as this instruction is carried out */
			bool here = b->objs[src].zone == ZN_BATTLEFIELD || b->objs[src].zone == ZN_STACK;
			if (here)
				STEP(z, RL(R_RESOLVE_INFO), "The amount is %s's power as %s resolves, not as it was earlier: %d.", sname,
				    t ? "the ability" : "it", amount);
			else
				STEP(z, RL(R_RESOLVE_INFO), "The amount is %s's power; it has left the battlefield, so its last known information is used: %d.",
				    sname, amount);
		}
		if (e->its_controller) {
			/* "its controller gains life equal to its power": last known values if it left */
			int o = n ? r[0].o : -1;
			n = 0;
			if (o >= 0) {
				const struct rz_view *v = b->objs[o].zone == ZN_BATTLEFIELD ? &z->cur[o].v : &z->lki[o].v;
				r[0] = (struct bd_ref){ v->controller, -1 };
				n = 1;
				if (e->amt == AM_POWER_TARGET) {
					amount = v->power > 0 ? v->power : 0;
					STEP(z, RL(R_RESOLVE_INFO), "%s uses %s's last known power, %d.", sname, rz_oname(z, o), v->power);
				} else if (b->objs[o].zone != ZN_BATTLEFIELD)
					STEP(z, RL(R_RESOLVE_INFO), "%s uses the last known information about %s: its controller was %s.", sname, rz_oname(z, o), rz_pname(z, v->controller));
			}
		}
		switch (e->kind) {
		case EF_SHIELD:
			for (int i = 0; i < n; i++) {
				if (r[i].p >= 0) b->players[r[i].p].shield = rz_add(b->players[r[i].p].shield, amount);
				else if (r[i].o >= 0) b->objs[r[i].o].shield = rz_add(b->objs[r[i].o].shield, amount);
				else continue;
				STEP(z, RL(R_PREVENTION), "%s: the next %d damage that would be dealt to %s this turn will be prevented.", sname, amount,
				    r[i].p >= 0 ? rz_pname(z, r[i].p) : rz_oname(z, r[i].o));
			}
			break;
		case EF_REGENERATE:
			for (int i = 0; i < n; i++)
				if (r[i].o >= 0 && b->objs[r[i].o].zone == ZN_BATTLEFIELD) {
					b->objs[r[i].o].regen++;
					STEP(z, RL(R_REGENERATE), "%s gives %s a regeneration shield: the next time it would be destroyed this turn, it is regenerated instead.", sname, rz_oname(z, r[i].o));
				}
			break;
		case EF_NOTE:
			break;
		case EF_LIBRARY_LOOK:
			/* the board parser refused it if the board names a card in this library (or,
			 * for surveil, states how many cards it holds) */
			if (e->n == 0)
				STEP(z, RL(e->surveil ? R_SURVEIL : R_SCRY, R_RESOLVE_FOLLOW), "%s: %s %s 0, which does nothing (no %s event occurs).", sname, rz_pname(z, controller),
				    e->surveil ? "surveils" : "scries", e->surveil ? "surveil" : "scry");
			else
				STEP(z, RL(e->surveil ? R_SURVEIL : R_SCRY, R_RESOLVE_FOLLOW), "%s: %s %s %d — noted, not modelled: the board names no card in %s's library, so %s changes nothing the board shows (name the library's cards to have them followed).",
				    sname, rz_pname(z, controller), e->surveil ? "surveils" : "scries", e->n, rz_pname(z, controller),
				    e->surveil ? "which of the unnamed cards go to the graveyard" : "the order the unnamed cards go back in");
			if (e->n > 0) {
				/* 701.22d, 701.25d: "whenever you scry|surveil" triggers once it is done (scry 0
				 * is no scry event, 701.22b) */
				int before = z->npending;
				struct rz_tev ev = { .kind = e->surveil ? TR_SURVEIL : TR_SCRY, .obj = -1, .src = src, .player = controller };
				rz_trigger_event(z, &ev);
				if (z->npending > before)
					STEP(z, RL(e->surveil ? R_SURVEIL_TRIGGER : R_SCRY_TRIGGER), "%s has %s, so %d abilit%s that trigger%s whenever a player %s trigger%s now.",
					    rz_pname(z, controller), e->surveil ? "surveilled" : "scried", z->npending - before, z->npending - before == 1 ? "y" : "ies",
					    z->npending - before == 1 ? "s" : "", e->surveil ? "surveils" : "scries", z->npending - before == 1 ? "s" : "");
			}
			break;
		case EF_ATTACH: {
			/* 701.3a: the source becomes attached to the target; a new timestamp (613.7e) */
			struct bd_obj *eq = &b->objs[src];
			if (n == 0 || r[0].o < 0 || eq->zone != ZN_BATTLEFIELD) {
				STEP(z, RL(R_EQUIP, R_RESOLVE_FOLLOW), "%s can't attach %s (it or its target is gone), so nothing happens.", sname, rz_oname(z, src));
				break;
			}
			if (eq->attached == r[0].o) {
				STEP(z, RL(R_EQUIP, R_ATTACH), "%s is already attached to %s, so nothing happens (701.3b).", rz_oname(z, src), rz_oname(z, r[0].o));
				break;
			}
			eq->attached = r[0].o;
			eq->attach_ts = ++b->next_ts;
			z->attseq[src] = z->moveseq[r[0].o];
			STEP(z, RL(R_EQUIP, R_ATTACH, R_TS_ATTACH), "%s becomes attached to %s, with a new timestamp.", rz_oname(z, src), rz_oname(z, r[0].o));
			break;
		}
		case EF_RULE: {
			char what[128];
			rz_rule_add(z, &e->rule, src, controller);
			rz_rule_text(&e->rule, what, sizeof what);
			STEP(z, RL(e->rule.k == RU_NO_PREVENT ? R_NO_PREVENT : e->rule.k == RU_CANT_GAIN_LIFE ? R_CANT_GAIN_LIFE : R_CANT, R_CANT),
			    "%s: for the rest of the turn, %s.", sname, what);
			break;
		}
		case EF_RESTRICT:
			for (int i = 0; i < n; i++)
				if (r[i].o >= 0 && b->objs[r[i].o].zone == ZN_BATTLEFIELD) {
					/* one-shot restrictions last this turn; the untap one until that step */
					if (e->n & RS_NO_UNTAP) z->no_untap[r[i].o] = true;
					z->restrict_turn[r[i].o] |= (unsigned)e->n & ~(unsigned)RS_NO_UNTAP;
					STEP(z, RL(R_RESOLVE_FOLLOW), "%s: %s %s.", sname, rz_oname(z, r[i].o),
					    (e->n & RS_NO_UNTAP) ? "doesn't untap during its controller's next untap step"
					    : (e->n & RS_NO_ATTACK) && (e->n & RS_NO_BLOCK) ? "can't attack or block this turn"
					    : (e->n & RS_NO_ATTACK) ? "can't attack this turn" : (e->n & RS_NO_BLOCK) ? "can't block this turn"
					    : "can't be blocked this turn");
				}
			break;
		case EF_TAP: case EF_UNTAP:
			for (int i = 0; i < n; i++)
				if (r[i].o >= 0 && b->objs[r[i].o].zone == ZN_BATTLEFIELD) {
					bool was = b->objs[r[i].o].tapped;
					bool tap = e->kind == EF_TAP;
					const char *how = "";
					if (e->n == 1) {
						/* "tap or untap": the controller's choice as it resolves (608.2d) */
						const char *c = rz_choice(z, src);
						tap = !(c && !strcasecmp(c, "untap"));
						how = c && (!strcasecmp(c, "tap") || !strcasecmp(c, "untap")) ? " (as the board chooses)"
						    : " (judge's default; `choose SOURCE: untap` for the other)";
					}
					b->objs[r[i].o].tapped = tap;
					STEP(z, RL(R_RESOLVE_FOLLOW), "%s %s %s%s.", sname, tap ? "taps" : "untaps", rz_oname(z, r[i].o), how);
					if (tap ? !was : was) {
						struct rz_tev ev = { .kind = tap ? TR_TAPPED : TR_UNTAPPED, .obj = r[i].o, .src = -1, .player = -1 };
						rz_trigger_event(z, &ev);
					}
				}
			break;
		case EF_COUNTER:
			for (int i = 0; i < n; i++)
				if (r[i].o >= 0 && b->objs[r[i].o].zone == ZN_STACK)
					counter_object(z, sname, r[i].o, R_COUNTER_SPELL);
			break;
		case EF_WARD: {
			/* 702.21a: counter the spell or ability that targeted it unless its controller
			 * pays; "counter target spell unless its controller pays {3}" (Mana Leak) and
			 * "counter that spell or ability unless its controller pays {2}" (Frost Titan)
			 * are the same instruction (118.12a: that player may pay; if they don't, ...) */
			int sp = e->slot >= 0 ? (n ? r[0].o : -1) : t ? t->subject : -1;
			if (e->unless[0]) {
				if (sp < 0 || b->objs[sp].zone != ZN_STACK) {
					STEP(z, RL(R_RESOLVE_FOLLOW), "%s: that spell or ability is no longer on the stack, so there is nothing to counter.", sname);
					break;
				}
				const char *v = rz_choice(z, src);
				int payer = z->cur[sp].v.controller;
				if (v && !strcmp(v, "yes")) {
					STEP(z, RL(R_UNLESS_PAYS), "%s: %s pays %s (mana is noted, not tracked), so %s is not countered.", sname, rz_pname(z, payer), e->unless, rz_oname(z, sp));
					break;
				}
				STEP(z, RL(R_UNLESS_PAYS, R_COUNTER_SPELL), "%s: %s doesn't pay %s (%s), so %s counters %s.", sname, rz_pname(z, payer), e->unless,
				    v ? "as the board states" : "the board states no choice; add `choose NAME: yes` if the player pays", sname, rz_oname(z, sp));
				counter_object(z, sname, sp, R_COUNTER_SPELL);
				break;
			}
			if (sp < 0 || b->objs[sp].zone != ZN_STACK) {
				STEP(z, RL(R_WARD), "%s: what targeted it is no longer on the stack, so ward does nothing.", sname);
				break;
			}
			const char *v = rz_choice(z, src);
			char cost[48];
			if (a->cost.mana[0]) snprintf(cost, sizeof cost, "%s", a->cost.mana);
			else snprintf(cost, sizeof cost, "%d life", a->cost.life);
			int payer = z->cur[sp].v.controller;
			if (v && !strcmp(v, "yes")) {
				STEP(z, RL(R_WARD), "%s's ward: %s pays %s, so %s is not countered.", sname, rz_pname(z, payer), cost, rz_oname(z, sp));
				if (a->cost.life > 0) {
					b->players[payer].life = rz_sub(b->players[payer].life, a->cost.life);
				}
				break;
			}
			STEP(z, RL(R_WARD), "%s's ward: %s doesn't pay %s (%s), so ward counters %s.", sname, rz_pname(z, payer), cost,
			    v ? "as the board states" : "the board states no choice; add `choose NAME: yes` if the player pays", rz_oname(z, sp));
			counter_object(z, sname, sp, R_WARD);
			break;
		}
		case EF_CREATE_TOKEN:
			if (e->tok_copy)
				copy_tokens(z, e, controller, sname, r, n);
			else {
				int before = b->nobjs;
				rz_create_tokens(z, e, controller, sname, R_RESOLVE_FOLLOW);
				if (e->tok_combat)
					tokens_in_combat(z, e, before, controller, t ? t->subject : -1, sname);
			}
			break;
		case EF_DAMAGE: {
			if (e->kicked_n && b->objs[src].kicked) {
				STEP(z, RL(R_KICKED), "%s was kicked, so it deals %d damage instead of %d.", sname, e->kicked_n, amount);
				amount = e->kicked_n;
			} else if (e->kicked_n)
				STEP(z, RL(R_KICKED), "%s was not kicked, so it deals %d damage, not %d.", sname, amount, e->kicked_n);
			if (n == 0 || amount <= 0) {
				STEP(z, RL(e->slot >= 0 && n == 0 ? R_RESOLVE_TARGETS : R_RESOLVE_FOLLOW), "%s deals no damage here (%s).", sname,
				    n == 0 ? (e->slot >= 0 ? "this part's target is illegal, so this part does nothing" : "nothing to deal it to") : "the amount is 0");
				break;
			}
			if (e->each_source) {
				/* "each Dragon you control deals 1 damage to that creature": one source each */
				int nd = 0;
				struct rz_dmg *d = xcalloc((size_t)b->nobjs * (size_t)n + 1, sizeof *d);
				for (int s = 0; s < b->nobjs; s++)
					for (int i = 0; i < n; i++)
						if (b->objs[s].zone == ZN_BATTLEFIELD && rz_filter_match(z, &e->what, s, src, controller)) {
							memset(&d[nd], 0, sizeof d[nd]);
							source_chars(z, s, &d[nd]);
							d[nd].to = r[i];
							d[nd].amount = amount;
							nd++;
						}
				if (nd == 0)
					STEP(z, RL(R_RESOLVE_FOLLOW), "%s: no permanent is a source of this damage (none matches), so none is dealt.", sname);
				else
					rz_deal_damage(z, d, nd, NULL);
				free(d);
				break;
			}
			struct rz_dmg *d = xcalloc((size_t)n, sizeof *d);
			for (int i = 0; i < n; i++) {
				memset(&d[i], 0, sizeof d[i]);
				source_chars(z, src, &d[i]);
				d[i].to = r[i];
				d[i].amount = amount;
			}
			if (e->divided)
				divide_damage(z, e, amount, d, n, sname, t);
			rz_deal_damage(z, d, n, NULL);
			if (e->dealt_no_regen || e->dealt_exile) {
				/* what happens to a creature dealt damage this way lasts the turn */
				struct sbuf w = {0};
				for (int i = 0; i < n; i++) {
					int o = d[i].to.o;
					if (o < 0 || d[i].dealt <= 0 || b->objs[o].zone != ZN_BATTLEFIELD || !(z->cur[o].v.types & BT_CREATURE))
						continue;
					z->dealt_way[o] |= (e->dealt_no_regen ? 1u : 0u) | (e->dealt_exile ? 2u : 0u);
					z->way_src[o] = src + 1;
					z->way_seq[o] = z->moveseq[o];
					sbuf_addf(&w, "%s%s", w.len ? ", " : "", rz_oname(z, o));
				}
				if (w.len)
					STEP(z, RL(e->dealt_no_regen ? R_CANT_REGEN : R_REPLACE_INSTEAD), "For the rest of the turn, %s %s (dealt damage by %s).", sbuf_str(&w),
					    e->dealt_no_regen && e->dealt_exile ? "can't be regenerated and would be exiled instead of dying"
					    : e->dealt_no_regen ? "can't be regenerated: a regeneration shield won't be applied" : "would be exiled instead of dying", sname);
				sbuf_free(&w);
			}
			free(d);
			break;
		}
		case EF_DESTROY: case EF_EXILE: case EF_BOUNCE: case EF_SACRIFICE: {
			int nm = 0;
			if (e->until_leaves && (b->objs[src].zone != ZN_BATTLEFIELD || (t && t->src_seq && z->moveseq[src] != t->src_seq))) {
				/* 610.3b: the event that would end the exile has already happened */
				STEP(z, RL(R_UNTIL_GONE, R_UNTIL), "%s would exile its target until %s leaves the battlefield, but %s has already left the battlefield since the ability triggered, so nothing is exiled.",
				    sname, sname, sname);
				break;
			}
			if (e->edict) {
				/* "target player sacrifices a creature": each player chooses (701.21a) */
				int np = 0;
				struct bd_ref pl[BD_MAXPLAYERS];
				for (int i = 0; i < n && np < BD_MAXPLAYERS; i++)
					if (r[i].p >= 0) pl[np++] = r[i];
				n = 0;
				for (int i = 0; i < np; i++)
					n += edict_choose(z, e, pl[i].p, src, controller, sname, r + n, rcap - n);
			}
			struct rz_move *mv = xcalloc((size_t)n + 1, sizeof *mv);
			for (int i = 0; i < n; i++) {
				if (r[i].o < 0)
					continue;
				if (e->kind == EF_EXILE && e->slot >= 0 && e->f.grave && b->objs[r[i].o].zone == ZN_GRAVEYARD && nm < 64) {
					/* "exile target card from a graveyard" (115.2) */
					memset(&mv[nm], 0, sizeof mv[nm]);
					mv[nm].obj = r[i].o;
					mv[nm].to = ZN_EXILE;
					mv[nm].why = MV_EXILE;
					mv[nm].rule = R_GRAVE_TARGET;
					snprintf(mv[nm].reason, sizeof mv[nm].reason, "from %s's graveyard, by %s", rz_pname(z, b->objs[r[i].o].owner), sname);
					nm++;
					continue;
				}
				if (b->objs[r[i].o].zone != ZN_BATTLEFIELD) {
					/* "return ~ to its owner's hand" from a dies or put-into-a-graveyard
					 * trigger: the card it left as, if it is still where it went (400.7) */
					struct bd_obj *c = &b->objs[r[i].o];
					if (e->kind == EF_BOUNCE && t && r[i].o == t->subject && (c->zone == ZN_GRAVEYARD || c->zone == ZN_EXILE)
					    && z->moveseq[r[i].o] == t->subject_zone_seq && !c->token) {
						c->zone = ZN_HAND;
						c->zpos = ++z->zseq;
						z->moveseq[r[i].o] = z->zseq;
						STEP(z, RL(R_FIND_MOVED, R_NEW_OBJECT), "%s returns %s from its owner's graveyard to its owner's hand.", sname, rz_oname(z, r[i].o));
					} else if (e->kind == EF_BOUNCE && t && r[i].o == t->subject)
						STEP(z, RL(R_NEW_OBJECT), "%s isn't in the zone it went to any more, so it isn't returned.", rz_oname(z, r[i].o));
					continue;
				}
				if (e->kind == EF_DESTROY && (z->cur[r[i].o].v.kws & KWBIT(KW_INDESTRUCTIBLE))) {
					STEP(z, RL(R_INDESTRUCTIBLE), "%s has indestructible, so %s doesn't destroy it.", rz_oname(z, r[i].o), sname);
					continue;
				}
				struct sbuf rg = {0};
				if (e->kind == EF_DESTROY && rz_regenerate(z, r[i].o, e->cant_regen, &rg)) {
					STEP(z, RL(R_REGENERATE, R_REGEN_REPLACES), "%s.", sbuf_str(&rg));
					sbuf_free(&rg);
					continue;
				}
				sbuf_free(&rg);
				if (e->kind == EF_DESTROY && e->cant_regen && b->objs[r[i].o].regen > 0)
					STEP(z, RL(R_CANT_REGEN), "%s says it can't be regenerated, so %s's regeneration shield is not applied.",
					    sname, rz_oname(z, r[i].o));
				memset(&mv[nm], 0, sizeof mv[nm]);
				mv[nm].obj = r[i].o;
				if (e->kind == EF_EXILE) { mv[nm].to = ZN_EXILE; mv[nm].why = MV_EXILE; mv[nm].rule = R_EXILE; }
				else if (e->kind == EF_BOUNCE) { mv[nm].to = ZN_HAND; mv[nm].why = MV_BOUNCE; mv[nm].rule = R_RESOLVE_FOLLOW; }
				else if (e->kind == EF_SACRIFICE) { mv[nm].to = ZN_GRAVEYARD; mv[nm].why = MV_SACRIFICE; mv[nm].rule = R_SACRIFICE; }
				else { mv[nm].to = ZN_GRAVEYARD; mv[nm].why = MV_DESTROY; mv[nm].rule = R_DESTROY; }
				snprintf(mv[nm].reason, sizeof mv[nm].reason, "by %s", sname);
				nm++;
			}
			if (nm)
				rz_move(z, mv, nm, NULL, R_NONE);
			for (int i = 0; i < nm && e->kind == EF_EXILE; i++)
				if (e->until_leaves)
					rz_until_exiled(z, src, mv[i].obj);
				else
					rz_link_exiled(z, src, mv[i].obj);
			free(mv);
			break;
		}
		case EF_RETURN_LINKED:
			rz_link_return(z, e, src, controller, sname);
			break;
		case EF_PUT_FROM_HAND:
			z->last_put = put_from_hand(z, e, src, controller, sname);
			break;
		case EF_CONTINUOUS: case EF_GAIN_CONTROL: {
			if (n == 0 && e->each)
				STEP(z, RL(R_RESOLVE_FOLLOW), "%s's continuous effect finds no object to apply to, so it changes nothing.", sname);
			if (n == 0)
				break;
			if (e->while_src && (b->objs[src].zone != ZN_BATTLEFIELD || (t && t->src_seq && z->moveseq[src] != t->src_seq)
			    || (e->while_src == 2 && z->cur[src].v.controller != controller))) {
				/* 611.2b: the duration never starts, so the effect does nothing */
				STEP(z, RL(R_DURATION), "%s's effect would last for as long as %s, but %s already, so the duration never starts and the effect does nothing.",
				    sname, e->while_src == 1 ? "it remains on the battlefield" : "its controller controls it",
				    b->objs[src].zone != ZN_BATTLEFIELD || (t && t->src_seq && z->moveseq[src] != t->src_seq) ? "it has left the battlefield" : "its controller doesn't control it");
				break;
			}
			z->rfx = xgrow(z->rfx, &z->rfxcap, (size_t)z->nrfx + 1, sizeof *z->rfx);
			struct rz_rfx *f = &z->rfx[z->nrfx++];
			memset(f, 0, sizeof *f);
			f->locked = xcalloc((size_t)n + 1, sizeof *f->locked);
			f->lockseq = xcalloc((size_t)n + 1, sizeof *f->lockseq);
			f->parts = e->parts;
			f->nparts = e->nparts;
			f->ts = ++b->next_ts;
			f->controller = controller;
			f->until_eot = e->until_eot;
			if (e->while_src) {
				f->while_kind = e->while_src;
				f->while_src = src;
				f->while_seq = z->moveseq[src];
				f->while_ctl = controller;
			}
			snprintf(f->label, sizeof f->label, "%s", sname);
			for (int q = 0; q < e->nparts; q++)
				if (e->parts[q].prot_chosen && !f->chosen_colors) {
					/* 608.2d: the color is chosen as the effect is applied (the board
					 * parser made sure a `choose` line names one) */
					const char *c = rz_choice(z, src);
					f->chosen_colors = c ? bd_color_lookup(c) : 0;
					STEP(z, RL(R_RESOLVE_CHOICE, R_PROT), "%s chooses %s as %s resolves (the board's `choose`): the protection is from %s.",
					    rz_pname(z, controller), c ? c : "no color", sname, c ? c : "no color");
				}
			struct sbuf names = {0};
			for (int i = 0; i < n; i++)
				if (r[i].o >= 0) {
					f->lockseq[f->nlocked] = z->moveseq[r[i].o];
					f->locked[f->nlocked++] = r[i].o;
					sbuf_addf(&names, "%s%s", names.len ? ", " : "", rz_oname(z, r[i].o));
				}
			struct sbuf what = {0};
			parts_text(e->parts, e->nparts, &what);
			/* the layers its parts apply in (613.1) */
			enum rz_rule lr[RZ_MAXCITE] = { R_LOCKED_SET, R_TS_RESOLVED };
			int nlr = 2;
			for (int q = 0; q < e->nparts; q++)
				if (e->parts[q].op == OP_SET_TYPES && nlr == 2)
					lr[nlr++] = R_SET_TYPES;
			static const enum rz_rule by_layer[LY_COUNT] = { R_NONE, R_LAYER_COPY, R_LAYER_CONTROL, R_NONE, R_LAYER_TYPE,
				R_LAYER_COLOR, R_LAYER_ABIL, R_LAYER_7A, R_LAYER_7B, R_LAYER_7C, R_LAYER_7D };
			for (int q = 0; q < e->nparts && nlr < RZ_MAXCITE; q++) {
				enum rz_rule lrule = e->parts[q].layer > 0 && e->parts[q].layer < LY_COUNT ? by_layer[e->parts[q].layer] : R_NONE;
				bool seen = lrule == R_NONE;
				for (int k = 0; k < nlr; k++) seen |= lr[k] == lrule;
				if (!seen) lr[nlr++] = lrule;
			}
			if (e->while_src && nlr < RZ_MAXCITE)
				lr[nlr++] = R_DURATION;
			rz_step(z, lr, nlr, "%s creates a continuous effect%s on %s (%s)%s; the set of objects it affects is fixed now, and the effect gets a timestamp now.",
			    sname, e->until_eot ? " until end of turn" : "", sbuf_str(&names), sbuf_str(&what),
			    e->while_src == 1 ? ", for as long as it remains on the battlefield" : e->while_src == 2 ? ", for as long as its controller controls it" : "");
			sbuf_free(&what);
			sbuf_free(&names);
			break;
		}
		case EF_COUNTERS:
			/* the spell's or ability's controller puts them (Vorinclex asks who) */
			z->putter = controller;
			for (int i = 0; i < n; i++)
				if (r[i].o >= 0)
					rz_put_counters(z, r[i].o, &e->ctr, sname);
			z->putter = -1;
			break;
		case EF_SEARCH: {
			int searcher = controller;
			if (e->searcher_slot) {
				/* "its controller may search their library" (Path to Exile): the target's
				 * controller as it last existed on the battlefield (608.2h) */
				int o = e->searcher_slot - 1 < ntargets ? targets[e->searcher_slot - 1].o : -1;
				if (o < 0) {
					STEP(z, RL(R_RESOLVE_TARGETS), "%s: the creature whose controller would search is not a legal target, so no one searches.", sname);
					break;
				}
				bool here = b->objs[o].zone == ZN_BATTLEFIELD;
				searcher = here ? z->cur[o].v.controller : z->lki[o].v.controller;
				STEP(z, RL(R_RESOLVE_INFO), "\"Its controller\" is %s's controller%s: %s.", rz_oname(z, o), here ? "" : " as it last existed on the battlefield", rz_pname(z, searcher));
			}
			if (e->may) {
				const char *c = rz_choice(z, src);
				if (c && (!strcasecmp(c, "no") || !strcasecmp(c, "decline"))) {
					STEP(z, RL(R_OPTIONAL_SPELL), "%s: %s may search and chooses not to (the board's `choose`), so nothing is searched and the library isn't shuffled.",
					    sname, rz_pname(z, searcher));
					break;
				}
				STEP(z, RL(R_OPTIONAL_SPELL), "%s: %s may search and %s.", sname, rz_pname(z, searcher),
				    c ? "does, as the board states" : "does (judge's default; `choose SOURCE: no` declines)");
			}
			search_library(z, e, src, searcher, sname);
			break;
		}
		case EF_RETURN_CARD:
			/* a card in a graveyard, still there as it resolves (608.2b checked that): to
			 * its owner's hand, or onto the battlefield as a new object (400.7) */
			for (int i = 0; i < n; i++) {
				int o = r[i].o;
				if (o < 0 || b->objs[o].zone != ZN_GRAVEYARD)
					continue;
				struct bd_obj *ob = &b->objs[o];
				z->revealed = o;
				if (e->to_hand) {
					ob->zone = ZN_HAND;
					ob->zpos = ++z->zseq;
					z->moveseq[o] = z->zseq;
					STEP(z, RL(R_GRAVE_TARGET, R_NEW_OBJECT), "%s returns %s from %s's graveyard to %s's hand.", sname, rz_oname(z, o),
					    rz_pname(z, ob->owner), rz_pname(z, ob->owner));
					continue;
				}
				ob->zone = ZN_BATTLEFIELD;
				ob->controller = e->you ? controller : ob->owner;
				ob->tapped = e->tok_tapped;
				ob->damage = 0;
				ob->ts = ++b->next_ts;
				ob->zpos = 0;
				z->moveseq[o] = ++z->zseq;
				rz_layers(z);
				struct sbuf et = {0};
				rz_enter_replacements(z, o, 0, &et);
				STEP(z, RL(R_GRAVE_TARGET, R_TS_ZONE, R_NEW_OBJECT), "%s puts %s from %s's graveyard onto the battlefield%s under %s's control, as a new object with a new timestamp%s.",
				    sname, rz_oname(z, o), rz_pname(z, ob->owner), e->tok_tapped ? " tapped" : "", rz_pname(z, ob->controller), sbuf_str(&et));
				sbuf_free(&et);
				rz_entered(z, &o, 1);
			}
			break;
		case EF_EMBLEM: {
			/* 114.2: into the command zone, owned and controlled by that player; 114.3: no
			 * characteristics but its ability; 114.5: not a card, not a permanent */
			if (b->nobjs >= (int)b->objcap) {
				STEP(z, RL(R_EMBLEM), "%s would create an emblem; judge holds no more objects, so it stops here rather than leave it out.", sname);
				z->game_over = true;
				break;
			}
			struct bd_abil ab;
			if (!bd_read_ability(e->emblem, NULL, false, &ab, b->name, a->line, a->col, NULL))
				break;   /* e_emblem() read it already */
			int ei2 = bd_add_obj(b, NULL);
			struct bd_obj *em = &b->objs[ei2];
			char nm[300];
			snprintf(nm, sizeof nm, "%s's emblem", b->objs[src].name);
			em->name = xstrdup(nm);
			em->owner = em->controller = controller;
			em->zone = ZN_COMMAND;
			em->ts = ++b->next_ts;
			em->abils = xcalloc(1, sizeof *em->abils);
			em->abcap = 1;
			em->nabils = 1;
			em->abils[0] = ab;
			z->moveseq[ei2] = ++z->zseq;
			rz_layers(z);
			STEP(z, RL(R_EMBLEM, R_EMBLEM_WORKS), "%s: %s gets an emblem with \"%s\" (%s): it is put into the command zone, owned and controlled by %s; it is neither a card nor a permanent, and its ability works from there.",
			    sname, rz_pname(z, controller), ab.text, em->name, rz_pname(z, controller));
			break;
		}
		case EF_REVEAL_HAND:
			for (int i = 0; i < n; i++)
				if (r[i].p >= 0) {
					struct sbuf h = {0};
					for (int o = 0; o < b->nobjs; o++)
						if (b->objs[o].zone == ZN_HAND && b->objs[o].owner == r[i].p)
							sbuf_addf(&h, "%s%s", h.len ? ", " : "", rz_oname(z, o));
					int un = b->players[r[i].p].hand;
					if (un > 0)
						sbuf_addf(&h, "%s%d card%s the board doesn't name", h.len ? " and " : "", un, un == 1 ? "" : "s");
					STEP(z, RL(R_REVEAL), "%s: %s reveals their hand: %s.", sname, rz_pname(z, r[i].p), h.len ? sbuf_str(&h) : un < 0 ? "cards the board doesn't name" : "no cards");
					sbuf_free(&h);
				}
			break;
		case EF_DISCARD: case EF_MILL: {
			/* each player's cards, then all of them move at once */
			int room = b->nobjs + 1, nm = 0;
			struct rz_move *mv = xcalloc((size_t)room, sizeof *mv);
			for (int i = 0; i < n; i++)
				if (r[i].p >= 0)
					nm += e->kind == EF_MILL ? mill_pick(z, r[i].p, amount, sname, mv + nm, room - nm)
					    : discard_pick(z, e, r[i].p, src, controller, sname, mv + nm, room - nm);
			if (nm)
				rz_move(z, mv, nm, NULL, R_NONE);
			free(mv);
			break;
		}
		case EF_EXILE_GRAVE: {
			/* every card in that player's graveyard, at once (a public zone: 404) */
			struct rz_move *gm = xcalloc((size_t)b->nobjs + 1, sizeof *gm);
			int ng = 0;
			for (int i = 0; i < n; i++)
				for (int o = 0; r[i].p >= 0 && o < b->nobjs; o++)
					if (b->objs[o].zone == ZN_GRAVEYARD && b->objs[o].owner == r[i].p) {
						memset(&gm[ng], 0, sizeof gm[ng]);
						gm[ng].obj = o;
						gm[ng].to = ZN_EXILE;
						gm[ng].why = MV_EXILE;
						gm[ng].rule = R_EXILE;
						ng++;
					}
			if (ng)
				rz_move(z, gm, ng, sname, R_RESOLVE_FOLLOW);
			else
				STEP(z, RL(R_RESOLVE_FOLLOW), "%s: %s's graveyard is empty, so nothing is exiled.", sname, n && r[0].p >= 0 ? rz_pname(z, r[0].p) : "that player");
			free(gm);
			break;
		}
		case EF_TEXT_CHANGE:
			for (int i = 0; i < n; i++)
				if (r[i].o >= 0)
					rz_change_text(z, e, r[i].o, src, sname);
			break;
		case EF_ADD_MANA:
			STEP(z, RL(R_RESOLVE_FOLLOW), "%s: %s adds mana; mana pools are not part of the board.", sname,
			    rz_pname(z, n > 0 && r[0].p >= 0 ? r[0].p : controller));
			break;
		case EF_REMOVE_CTR:
			for (int i = 0; i < n; i++) {
				int o = r[i].o;
				if (o < 0 || b->objs[o].zone != ZN_BATTLEFIELD)
					continue;
				char kind[40];
				counter_kind_name(&e->ctr, kind, sizeof kind);
				int have = rz_counters_of(&b->objs[o], &e->ctr);
				if (have >= e->ctr.n) {
					rz_remove_counters(&b->objs[o], &e->ctr, e->ctr.n);
					STEP(z, RL(R_RESOLVE_FOLLOW, e->or_sacrifice ? R_FADING : R_NONE), "%s: %d %s counter%s removed from %s (%d left).", sname, e->ctr.n, kind,
					    e->ctr.n == 1 ? "" : "s", rz_oname(z, o), have - e->ctr.n);
				} else if (e->or_sacrifice) {
					struct rz_move mv = { .obj = o, .to = ZN_GRAVEYARD, .why = MV_SACRIFICE, .rule = R_SACRIFICE };
					snprintf(mv.reason, sizeof mv.reason, "it has no %s counter to remove, so %s can't remove one and sacrifices it", kind,
					    rz_pname(z, controller));
					rz_move(z, &mv, 1, NULL, R_FADING);
				} else
					STEP(z, RL(R_RESOLVE_FOLLOW), "%s: %s has %s %s counter%s, so %s removed.", sname, rz_oname(z, o), have ? "fewer than that many" : "no",
					    kind, e->ctr.n == 1 ? "" : "s", have ? "all of them are" : "none is");
			}
			break;
		case EF_REVEAL_TOP:
			for (int i = 0; i < n && i < 1; i++) {
				if (r[i].p < 0)
					continue;
				int top = rz_library_top(z, r[i].p);
				struct bd_player *pl = &b->players[r[i].p];
				if (top >= 0) {
					struct bd_obj *c = &b->objs[top];
					c->zone = ZN_HAND;
					c->zpos = ++z->zseq;
					z->moveseq[top] = z->zseq;
					z->revealed = top;
					STEP(z, RL(R_RESOLVE_FOLLOW), "%s: %s reveals the top card of their library, %s (mana value %d), and puts it into their hand (this isn't a draw).",
					    sname, rz_pname(z, r[i].p), rz_oname(z, top), c->mv);
				} else if (pl->library == 0) {
					z->revealed = -1;
					STEP(z, RL(R_RESOLVE_FOLLOW), "%s: %s's library is empty, so nothing is revealed.", sname, rz_pname(z, r[i].p));
				} else {
					if (pl->library > 0) pl->library--;
					pl->hand = rz_add(pl->hand, 1);
					z->revealed = -2;
					STEP(z, RL(R_RESOLVE_FOLLOW), "%s: %s reveals the top card of their library and puts it into their hand; the board doesn't name that card, so judge can't tell its mana value: name it with a `card` in `zone library` (the first one listed is the top).",
					    sname, rz_pname(z, r[i].p));
				}
			}
			break;
		case EF_GAIN_LIFE: case EF_LOSE_LIFE:
			if (mv_unknown) {
				STEP(z, RL(R_RESOLVE_FOLLOW), "%s: how much life this is depends on the revealed card's mana value, which the board doesn't give; judge leaves life totals as they are.", sname);
				break;
			}
			if (e->amt == AM_REVEALED_MV && amount == 0) {
				STEP(z, RL(R_RESOLVE_FOLLOW, R_MANA_VALUE), "%s: the mana value is 0, so no life changes.", sname);
				break;
			}
			for (int i = 0; i < n; i++)
				if (r[i].p >= 0)
					rz_life(z, r[i].p, e->kind == EF_GAIN_LIFE ? amount : -amount, sname);
			break;
		case EF_PREVENT_COMBAT:
			z->fog = true;
			STEP(z, RL(R_PREVENTION), "%s: all combat damage that would be dealt this turn will be prevented.", sname);
			break;
		case EF_DRAW:
			for (int i = 0; i < n; i++)
				if (r[i].p >= 0 && amount > 0)
					rz_draw(z, r[i].p, amount, sname, R_RESOLVE_FOLLOW);
			break;
		case EF_RETURN_SELF: {
			/* the trigger's subject (persist), or the card(s) an earlier instruction of this
			 * spell moved (Cloudshift: "exile ..., then return that card", 400.7j; Ghostly
			 * Flicker: "those cards", all at once) */
			int back[64], nback = 0;
			for (int i = 0; e->slot >= 0 && i < n && i < 64; i++)
				if (r[i].o >= 0) back[nback++] = r[i].o;
			if (e->slot < 0 && (t ? t->subject : src) >= 0)
				back[nback++] = t ? t->subject : src;
			int ret[64], nret = 0;
			for (int bi = 0; bi < nback; bi++) {
			int o = back[bi];
			struct bd_obj *ob = &b->objs[o];
			if (e->slot >= 0) {
				if (ob->zone != ZN_EXILE && ob->zone != ZN_GRAVEYARD) {
					STEP(z, RL(R_FIND_MOVED), "%s didn't move to a public zone, so %s can't find it and it isn't returned.", rz_oname(z, o), sname);
					continue;
				}
				if (ob->token) {
					STEP(z, RL(R_TOKEN_GONE), "%s is a token that left the battlefield, so it can't come back.", rz_oname(z, o));
					continue;
				}
			} else if (ob->zone != ZN_GRAVEYARD || (t && z->moveseq[o] != t->subject_zone_seq)) {
				STEP(z, RL(R_NEW_OBJECT), "%s isn't in the graveyard it went to any more, so it isn't returned.", rz_oname(z, o));
				continue;
			}
			ob->zone = ZN_BATTLEFIELD;
			ob->controller = e->you ? controller : ob->owner;
			ob->ts = ++b->next_ts;
			ob->zpos = 0;
			ob->tapped = false;   /* a new object (400.7), untapped unless it enters tapped */
			z->moveseq[o] = ++z->zseq;
			int put = e->ctr.n ? rz_put_counters(z, o, &e->ctr, NULL) : 0;
			/* its own "enters tapped", "enters with" and others' apply as it returns (614.1c-d,
			 * 614.12), as for any permanent entering: Geralf's Messenger returns tapped */
			struct sbuf rep = {0};
			rz_enter_replacements(z, o, 0, &rep);
			char under[80];
			if (e->you)
				snprintf(under, sizeof under, "%s's", rz_pname(z, controller));
			else
				snprintf(under, sizeof under, "its owner's");
			STEP(z, RL(R_NEW_OBJECT, R_TS_ZONE, e->slot >= 0 ? R_FIND_MOVED : R_NONE, rep.len ? R_ENTERS_REPL : R_NONE), "%s returns to the battlefield under %s control%s%s, as a new object with a new timestamp.",
			    rz_oname(z, o), under, put ? (e->ctr.dp < 0 ? " with a -1/-1 counter on it" : " with a +1/+1 counter on it")
			    : e->ctr.n ? " with no counter on it" : "", sbuf_str(&rep));
			sbuf_free(&rep);
			ret[nret++] = o;
			}
			/* they enter at the same time: their enters abilities see each other (603.6a) */
			if (nret)
				rz_entered(z, ret, nret);
			break;
		}
		}
	}
	free(r);
}

/* "Put a creature card from your hand onto the battlefield" (110.2a): the card the board's
 * `choose SOURCE: NAME` names. Returns it, or -1 when none is put. */
static int
put_from_hand(struct rz *z, const struct bd_effect *e, int src, int controller, const char *sname)
{
	struct board *b = z->b;
	const char *c = rz_choice(z, src);
	if (!c) {
		STEP(z, RL(R_RESOLVE_FOLLOW), "%s lets %s put a card from their hand onto the battlefield, and the board doesn't say which (`choose %s: CARD`), so judge puts none.",
		    sname, rz_pname(z, controller), b->objs[src].name);
		return -1;
	}
	int o = -1;
	for (int i = 0; i < b->nobjs && o < 0; i++)
		if (b->objs[i].zone == ZN_HAND && b->objs[i].owner == controller
		    && (!strcasecmp(b->objs[i].name, c) || (b->objs[i].alias && !strcasecmp(b->objs[i].alias, c))))
			o = i;
	if (o < 0 || (e->what.types && (b->objs[o].types & e->what.types) != e->what.types)) {
		STEP(z, RL(R_RESOLVE_FOLLOW), "%s: the board chooses \"%s\", which is not a %s card in %s's hand, so nothing is put onto the battlefield.",
		    sname, c, e->what.types & BT_CREATURE ? "creature" : "matching", rz_pname(z, controller));
		return -1;
	}
	struct bd_obj *ob = &b->objs[o];
	ob->zone = ZN_BATTLEFIELD;
	ob->controller = controller;
	ob->tapped = e->tok_tapped;
	ob->zpos = 0;
	ob->damage = 0;
	ob->ts = ++b->next_ts;
	z->moveseq[o] = ++z->zseq;
	rz_layers(z);
	struct sbuf t = {0};
	rz_enter_replacements(z, o, 0, &t);
	STEP(z, RL(R_PUT_ONTO, R_TS_ZONE), "%s: %s puts %s from their hand onto the battlefield%s%s (it isn't cast).", sname, rz_pname(z, controller), rz_oname(z, o),
	    e->tok_tapped ? " tapped" : "", sbuf_str(&t));
	sbuf_free(&t);
	rz_entered(z, &o, 1);
	return o;
}

/* A target the board states for src's triggered ability. */
struct stated {
	struct bd_ref ref;
	int amount;               /* its share of divided damage, or 0 */
};

/* The targets the board states for src's triggered ability, in order, at most max: its
 * `trigger-target` lines, or else its `choose SOURCE: NAME` lines that name an object or a
 * player (the controller's choice, made as the ability is put on the stack). */
static int
stated_targets(const struct rz *z, int src, struct stated *out, int max)
{
	const struct board *b = z->b;
	int n = 0;
	for (int c = 0; c < b->nchoices && n < max; c++)
		if (b->choices[c].kind == CH_TARGET && b->choices[c].objs[0] == src)
			out[n++] = (struct stated){ b->choices[c].ref, b->choices[c].amount };
	bool lines = n > 0;
	for (int c = 0; c < b->nchoices && n < max && !lines; c++) {
		const struct bd_choice *ch = &b->choices[c];
		if (ch->kind != CH_CHOOSE || ch->objs[0] != src || !ch->value)
			continue;
		struct bd_ref r = { -1, -1 };
		int hits = 0;
		for (int p = 0; p < b->nplayers; p++)
			if (!strcasecmp(b->players[p].name, ch->value)) { r = (struct bd_ref){ p, -1 }; hits++; }
		for (int o = 0; o < b->nobjs; o++)
			if (!strcasecmp(b->objs[o].name, ch->value) || (b->objs[o].alias && !strcasecmp(b->objs[o].alias, ch->value))) {
				r = (struct bd_ref){ -1, o };
				hits++;
			}
		if (hits == 1)
			out[n++] = (struct stated){ r, 0 };
	}
	return n;
}

static void
ref_name(struct rz *z, struct bd_ref r, struct sbuf *out)
{
	sbuf_adds(out, r.p >= 0 ? rz_pname(z, r.p) : rz_oname(z, r.o));
}

/* The spec of target index k of a triggered ability: its own, or for the further targets of a
 * spec of several ("among one, two, or three targets"), that spec. */
static int
spec_of(const struct bd_abil *a, int k)
{
	if (k < a->ntgt)
		return k;
	for (int j = 0; j < a->ntgt; j++)
		if (a->tgt[j].max > 1)
			return j;
	return 0;
}

/* Judge's choice of a target for spec k, or none: an opponent, then an opponent's object,
 * then any object, then any player. */
static struct bd_ref
default_target(struct rz *z, const struct bd_abil *a, int k, int src, int ctl, unsigned colors)
{
	char why[200];
	int opp = rz_opponent(z, ctl);
	if (a->tgt[k].player_ok && rz_target_legal(z, &a->tgt[k], (struct bd_ref){ opp, -1 }, src, ctl, colors, why, sizeof why))
		return (struct bd_ref){ opp, -1 };
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < z->b->nobjs; i++)
			if ((pass == 1 || z->cur[i].v.controller != ctl)
			    && rz_target_legal(z, &a->tgt[k], (struct bd_ref){ -1, i }, src, ctl, colors, why, sizeof why))
				return (struct bd_ref){ -1, i };
	for (int p = 0; a->tgt[k].player_ok && p < z->b->nplayers; p++)
		if (p != opp && rz_target_legal(z, &a->tgt[k], (struct bd_ref){ p, -1 }, src, ctl, colors, why, sizeof why))
			return (struct bd_ref){ p, -1 };
	return (struct bd_ref){ -1, -1 };
}

static void
note_add(char *note, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void
note_add(char *note, size_t cap, const char *fmt, ...)
{
	size_t l = strlen(note);
	if (l + 3 >= cap)
		return;
	if (l) {
		memcpy(note + l, "; ", 3);
		l += 2;
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(note + l, cap - l, fmt, ap);
	va_end(ap);
}

/* 601.2d through 603.3d: damage divided among the targets as the ability is put on the stack,
 * as the board's `trigger-target SOURCE: N to TARGET` lines say, else evenly (the first ones
 * get what is left over), and judge says so. */
static void
trigger_division(struct rz *z, struct rz_trig *t, const int *stated, char *note, size_t cap)
{
	const struct bd_abil *a = t->ab;
	const struct bd_effect *e = NULL;
	for (int i = 0; i < a->neff && !e; i++)
		if (a->eff[i].kind == EF_DAMAGE && a->eff[i].divided && !a->eff[i].evenly && a->eff[i].amt == AM_N)
			e = &a->eff[i];
	if (!e)
		return;
	int k = e->slot >= 0 ? e->slot : 0, idx[2 * BD_MAXTGT], m = 0;
	for (int i = 0; i < t->ntg; i++)
		if (spec_of(a, i) == k && (t->tg[i].p >= 0 || t->tg[i].o >= 0))
			idx[m++] = i;
	if (m == 0)
		return;
	/* each target is dealt at least 1 (601.2d): no more targets than damage */
	while (m > e->n && m > 1) {
		struct sbuf n = {0};
		ref_name(z, t->tg[idx[m - 1]], &n);
		note_add(note, cap, "%d damage can't be divided among more than %d targets, so %s is not a target", e->n, e->n, sbuf_str(&n));
		sbuf_free(&n);
		t->tg[idx[--m]] = (struct bd_ref){ -1, -1 };
	}
	int sum = 0;
	bool all = true;
	for (int i = 0; i < m; i++) {
		sum += stated[idx[i]];
		all &= stated[idx[i]] > 0;
	}
	if (m == 1) {
		t->div[idx[0]] = e->n;
		return;
	}
	if (all && sum == e->n) {
		for (int i = 0; i < m; i++)
			t->div[idx[i]] = stated[idx[i]];
		return;
	}
	for (int i = 0; i < m; i++)
		t->div[idx[i]] = e->n / m + (i < e->n % m);
	if (sum)
		note_add(note, cap, "the board's shares add up to %d, not %d, so judge divides it", sum, e->n);
	note_add(note, cap, "judge's division, as even as it can be: state each share with `trigger-target SOURCE: N to TARGET`");
}

/* The modes the board states for src's modal triggered ability: its `choose SOURCE: mode N[,
 * N]` line, as bits (bit m for mode m); 0 when none. */
static unsigned
stated_modes(const struct rz *z, int src)
{
	const struct board *b = z->b;
	for (int c = 0; c < b->nchoices; c++) {
		const struct bd_choice *ch = &b->choices[c];
		if (ch->kind != CH_CHOOSE || ch->objs[0] != src || !ch->value || strncasecmp(ch->value, "mode", 4))
			continue;
		unsigned bits = 0;
		const char *p = ch->value + 4;
		if (*p == 's' || *p == 'S') p++;
		for (;;) {
			while (*p == ' ' || *p == ',') p++;
			if (!strncasecmp(p, "and ", 4)) { p += 4; continue; }
			char *end;
			long m = strtol(p, &end, 10);
			if (end == p) break;
			if (m >= 1 && m <= 16) bits |= 1u << m;
			p = end;
		}
		return bits;
	}
	return 0;
}

/* Can mode ability m of src's triggered ability be chosen: has each target it needs a legal
 * choice (700.2b)? A mode judge can't read is taken to be choosable. */
static bool
mode_choosable(struct rz *z, const struct bd_abil *m, int src, int ctl, unsigned colors)
{
	for (int k = 0; !m->unread && k < m->ntgt; k++) {
		struct bd_ref r = default_target(z, m, k, src, ctl, colors);
		if (r.p < 0 && r.o < 0 && !m->tgt[k].upto)
			return false;
	}
	return true;
}

/* A modal triggered ability is being put on the stack: its controller chooses the mode(s)
 * (700.2b, 603.3c), as the board's `choose SOURCE: mode N` says or else the first modes that
 * can be chosen, and t->ab becomes what those modes do, their targets in mode order. 1 when
 * done (or not modal), 0 when no mode can be chosen (it is removed from the stack), -1 when
 * judge stops (a chosen mode it can't read). */
static int
trigger_modes(struct rz *z, struct rz_trig *t)
{
	const struct bd_abil *h = t->ab;
	if (t->abil < 0 || !h || h->kind != AK_TRIGGER || h->choose_max <= 0)
		return 1;
	const struct bd_obj *pr = rz_printed(z, t->src);
	int midx[17], nm = 0;
	for (int k = 0; k < pr->nabils; k++) {
		const struct bd_abil *a = &pr->abils[k];
		if (a->modal_of == t->abil + 1 && a->mode >= 1 && a->mode <= 16) {
			midx[a->mode] = k;
			if (a->mode > nm) nm = a->mode;
		}
	}
	const char *sname = rz_oname(z, t->src);
	if (nm == 0) {
		STEP(z, RL(R_MODES_TRIG), "%s's ability (\"%s\") is modal, and the board lists none of its modes (`ability • TEXT` lines after it), so judge can't tell what it does; it stops here.",
		    sname, h->text);
		z->game_over = true;
		return -1;
	}
	int ctl = t->controller;
	unsigned colors = rz_now_or_last(z, t->src)->colors;
	unsigned want = stated_modes(z, t->src), chosen = 0;
	int nchosen = 0, need = h->choose_min > 0 ? h->choose_min : 1;
	struct sbuf why = {0};
	for (int m = 1; m <= 16; m++) {
		if (!(want & (1u << m)))
			continue;
		if (m > nm)
			sbuf_addf(&why, "%sthe board's mode %d is not one of its %d modes", why.len ? "; " : "", m, nm);
		else if (!mode_choosable(z, &pr->abils[midx[m]], t->src, ctl, colors))
			sbuf_addf(&why, "%smode %d can't be chosen: a target it needs has no legal choice", why.len ? "; " : "", m);
		else if (nchosen < h->choose_max) {
			chosen |= 1u << m;
			nchosen++;
		}
	}
	bool judge = false;
	for (int m = 1; m <= nm && nchosen < need; m++)
		if (!(chosen & (1u << m)) && !pr->abils[midx[m]].unread && mode_choosable(z, &pr->abils[midx[m]], t->src, ctl, colors)) {
			chosen |= 1u << m;
			nchosen++;
			judge = true;
		}
	if (!nchosen) {
		STEP(z, RL(R_MODES_TRIG, R_MODES_NONE), "%s's ability (\"%s\") triggers, but none of its modes can be chosen (each needs a target with no legal choice%s%s), so it is removed from the stack.",
		    sname, h->text, why.len ? "; " : "", sbuf_str(&why));
		sbuf_free(&why);
		return 0;
	}
	struct bd_abil *mg = xcalloc(1, sizeof *mg);
	*mg = *h;
	mg->neff = mg->ntgt = 0;
	mg->choose_min = mg->choose_max = 0;
	z->modal = xgrow(z->modal, &z->modalcap, (size_t)z->nmodal + 1, sizeof *z->modal);
	z->modal[z->nmodal++] = mg;
	struct sbuf txt = {0};
	for (int m = 1; m <= nm; m++) {
		if (!(chosen & (1u << m)))
			continue;
		const struct bd_abil *a = &pr->abils[midx[m]];
		sbuf_addf(&txt, "%smode %d, \"%s\"", txt.len ? " and " : "", m, a->text);
		if (a->unread) {
			STEP(z, RL(R_MODES_TRIG), "As %s's ability is put on the stack, %s chooses mode %d (\"%s\"); judge cannot read what that mode does, so it stops here.",
			    sname, rz_pname(z, ctl), m, a->text);
			z->res->unread = a;
			z->game_over = true;
			sbuf_free(&why);
			sbuf_free(&txt);
			return -1;
		}
		if (mg->neff + a->neff > BD_MAXEFF || mg->ntgt + a->ntgt > BD_MAXTGT) {
			STEP(z, RL(R_MODES_TRIG), "%s's ability: the modes chosen (%s) hold more instructions or targets than judge follows in one ability (%d and %d), so it stops here.",
			    sname, sbuf_str(&txt), BD_MAXEFF, BD_MAXTGT);
			z->game_over = true;
			sbuf_free(&why);
			sbuf_free(&txt);
			return -1;
		}
		for (int i = 0; i < a->neff; i++) {
			struct bd_effect e = a->eff[i];
			if (e.slot >= 0)
				e.slot += mg->ntgt;
			/* "it" in a trigger about another object is that object (as trig_effect reads it) */
			if ((h->aff.attached || (!h->aff.self && h->trig != TR_NONE && h->trig != TR_STEP && h->trig != TR_CAST
			    && h->trig != TR_GAIN_LIFE && h->trig != TR_LOSE_LIFE)) && e.f.self && e.f.it_ref && e.slot < 0) {
				e.f.self = false;
				e.f.subject = true;
			}
			mg->eff[mg->neff++] = e;
		}
		for (int k = 0; k < a->ntgt; k++)
			mg->tgt[mg->ntgt++] = a->tgt[k];
		mg->optional |= a->optional;
	}
	const struct bd_obj *so = &z->b->objs[t->src];
	STEP(z, RL(R_MODES_TRIG, mg->ntgt ? R_TRIG_TARGETS : R_NONE, why.len ? R_MODES_NONE : R_NONE), "%s's ability (\"%s\") is modal: as it is put on the stack, %s chooses %s%s%s.%s%s%s%s%s%s",
	    sname, h->text, rz_pname(z, ctl), sbuf_str(&txt), mg->ntgt ? ", and then its targets for " : "", !mg->ntgt ? "" : nchosen > 1 ? "those modes" : "that mode",
	    why.len ? " Not as the board says: " : "", sbuf_str(&why), why.len ? "." : "",
	    judge ? (want ? " Judge chose the rest, the first modes it can read that can be chosen" : " The board states no mode, so judge took the first it can read that can be chosen; state one with `choose ") : "",
	    judge && !want ? (so->alias ? so->alias : so->name) : "", judge && !want ? ": mode N`." : judge ? "." : "");
	sbuf_free(&why);
	sbuf_free(&txt);
	t->ab = mg;
	return 1;
}

bool
rz_trigger_targets(struct rz *z, struct rz_trig *t, char *note, size_t cap)
{
	note[0] = 0;
	int md = trigger_modes(z, t);
	if (md <= 0)
		return false;
	const struct bd_abil *a = t->ab;
	t->tg_set = true;
	t->tg_default = false;
	t->ntg = 0;
	memset(t->div, 0, sizeof t->div);
	if (t->abil < 0 || !a)
		return true;
	int src = t->src, ctl = t->controller;
	/* a source that left (a dies trigger) is looked at as it last existed (608.2b) */
	unsigned colors = rz_now_or_last(z, src)->colors;
	char why[200];
	struct stated lines[2 * BD_MAXTGT];
	int nlines = stated_targets(z, src, lines, 2 * BD_MAXTGT);
	int stated[2 * BD_MAXTGT] = { 0 };
	t->ntg = a->ntgt;
	/* the lines in order: one for each spec, a spec of several taking all that are left (a
	 * single line names the target of every spec, as one line always has) */
	int used = 0;
	for (int k = 0; k < a->ntgt; k++) {
		t->tg[k] = (struct bd_ref){ -1, -1 };
		int want = a->tgt[k].max > 1 ? a->tgt[k].max : 1;
		int from = used < nlines ? used : 0, have = 0;
		for (int q = from; q < nlines && have < want; q++) {
			if (q >= used) used = q + 1;
			if (want == 1 && have) break;
			const struct stated *ch = &lines[q];
			if (!rz_target_legal(z, &a->tgt[k], ch->ref, src, ctl, colors, why, sizeof why)) {
				/* 601.2c: a target must be a legal choice as it is chosen */
				as_chosen(why);
				struct sbuf n = {0};
				ref_name(z, ch->ref, &n);
				note_add(note, cap, "the board's target %s is not a legal choice (%s)%s", sbuf_str(&n), why, have ? "" : ", so judge chooses another");
				sbuf_free(&n);
				continue;
			}
			bool dup = false;
			for (int i = 0; i < t->ntg; i++)
				dup |= (i == k || i >= a->ntgt) && t->tg[i].p == ch->ref.p && t->tg[i].o == ch->ref.o && (ch->ref.p >= 0 || ch->ref.o >= 0);
			if (dup)
				continue;   /* 115.3: the same object once for one "target" */
			int at = have ? t->ntg++ : k;
			t->tg[at] = ch->ref;
			stated[at] = ch->amount;
			have++;
			if (want == 1) break;
		}
		if (have)
			continue;
		t->tg_default = true;
		t->tg[k] = default_target(z, a, k, src, ctl, colors);
		/* 603.3d: a target it must have, with no legal choice: it is removed from the stack */
		if (t->tg[k].p < 0 && t->tg[k].o < 0 && !a->tgt[k].upto)
			return false;
	}
	trigger_division(z, t, stated, note, cap);
	return true;
}

void
rz_trigger_target_text(struct rz *z, const struct rz_trig *t, struct sbuf *out)
{
	int n = 0;
	for (int k = 0; t->ab && t->abil >= 0 && k < t->ntg; k++)
		if (t->tg[k].p >= 0 || t->tg[k].o >= 0) {
			sbuf_adds(out, n++ ? ", " : "");
			ref_name(z, t->tg[k], out);
			if (t->div[k])
				sbuf_addf(out, " (%d damage)", t->div[k]);
		}
}

void rz_resolve_trigger(struct rz *z, const struct rz_trig *t);

void
rz_resolve_trigger(struct rz *z, const struct rz_trig *t)
{
	const char *sname = rz_oname(z, t->src);
	rz_layers(z);
	if (t->abil < 0) {
		bool persist = t->kw == KW_PERSIST;
		bool ok = persist ? !t->had_m1m1 : !t->had_p1p1;
		if (!ok) {
			STEP(z, RL(R_INTERVENING_IF, persist ? R_PERSIST : R_UNDYING), "%s's %s ability: it had a %s counter on it when it died, so the ability doesn't trigger.",
			    sname, bd_kw_name(t->kw), persist ? "-1/-1" : "+1/+1");
			return;
		}
		STEP(z, RL(persist ? R_PERSIST : R_UNDYING, R_INTERVENING_IF), "%s's %s ability resolves: it had no %s counters on it, so it returns.",
		    sname, bd_kw_name(t->kw), persist ? "-1/-1" : "+1/+1");
		struct bd_abil tmp;
		memset(&tmp, 0, sizeof tmp);
		tmp.neff = 1;
		tmp.eff[0].kind = EF_RETURN_SELF;
		tmp.eff[0].slot = -1;
		tmp.eff[0].ctr = (struct bd_ctr){ .kind = CK_PT, .dp = persist ? -1 : 1, .dt = persist ? -1 : 1, .n = 1 };
		rz_run_effects(z, &tmp, t->src, t->controller, NULL, 0, 0, t);
		return;
	}
	const struct bd_abil *a = t->ab;
	/* a delayed ability with a target of its own resolves like any triggered ability: its
	 * target, chosen as it was put on the stack, is checked again (608.2b) */
	if (t->delayed && !a->ntgt) {
		rz_delay_resolve(z, t);
		return;
	}
	if ((a->ifk == IF_NO_M1M1 && t->had_m1m1) || (a->ifk == IF_NO_P1P1 && t->had_p1p1)
	    || !rz_trigger_cond(z, a, t->src, t->subject)) {
		STEP(z, RL(R_INTERVENING_IF), "%s's ability: its \"if\" condition is false as it resolves, so it does nothing.", sname);
		return;
	}
	if (a->ifk == IF_COND && a->ifcond.kind == CD_EVOLVE) {
		const struct rz_view *th = rz_now_or_last(z, t->subject), *me = rz_now_or_last(z, t->src);
		STEP(z, RL(R_INTERVENING_IF, R_EVOLVE), "%s's evolve ability: %s (%d/%d) still has greater power or toughness than %s (%d/%d) as it resolves, so it resolves.",
		    sname, rz_oname(z, t->subject), th->power, th->toughness, sname, me->power, me->toughness);
	} else if (a->ifk == IF_COND)
		STEP(z, RL(R_INTERVENING_IF, a->ifcond.kind == CD_KICKED ? R_KICKED : R_NONE), "%s's ability has an intervening \"if\": the condition held when it triggered and still holds as it resolves, so it resolves%s.",
		    sname, a->ifcond.kind == CD_KICKED ? " (the permanent was kicked as a spell, and it knows it)" : "");
	/* 608.2b: the targets chosen as it was put on the stack (603.3d) are checked again */
	struct rz_trig tt = *t;
	char note[400] = "";
	if (!tt.tg_set)
		rz_trigger_targets(z, &tt, note, sizeof note);
	struct bd_ref tg[2 * BD_MAXTGT];
	int nt = tt.ntg;
	char why[200];
	struct sbuf ts = {0}, bad = {0};
	int legal = 0, illegal = 0;
	enum rz_rule why_rule = R_NONE;
	unsigned colors = rz_now_or_last(z, t->src)->colors;
	for (int k = 0; k < nt; k++) {
		tg[k] = tt.tg[k];
		if (tg[k].p < 0 && tg[k].o < 0) continue;
		if (rz_target_legal(z, &a->tgt[spec_of(a, k)], tg[k], t->src, t->controller, colors, why, sizeof why)) {
			legal++;
			sbuf_adds(&ts, ts.len ? ", " : "");
			ref_name(z, tg[k], &ts);
		} else {
			illegal++;
			if (why_rule == R_NONE || why_rule == R_RESOLVE_TARGETS || why_rule == R_CHOOSE_TARGETS)
				why_rule = illegal_rule(why);
			sbuf_addf(&bad, "%s%s", bad.len ? "; " : "", why);
			tg[k] = (struct bd_ref){ -1, -1 };
		}
	}
	if (nt && !legal && (illegal || !t->tg_set)) {
		if (illegal)
			STEP(z, RL(R_RESOLVE_TARGETS, why_rule), "%s's triggered ability (\"%s\") doesn't resolve: %s no longer legal (%s). Every target it has is illegal, so it is removed from the stack and does nothing.",
			    sname, a->text, illegal > 1 ? "its targets are" : "its target is", sbuf_str(&bad));
		else
			STEP(z, RL(R_TRIG_TARGETS), "%s's triggered ability has no legal target, so it is removed from the stack.", sname);
		sbuf_free(&ts);
		sbuf_free(&bad);
		return;
	}
	if (illegal)
		STEP(z, RL(R_RESOLVE_TARGETS, why_rule), "%s's triggered ability: %s of its targets %s no longer legal (%s), so the ability doesn't affect %s; it still resolves for the other%s.",
		    sname, illegal > 1 ? "some" : "one", illegal > 1 ? "are" : "is", sbuf_str(&bad), illegal > 1 ? "them" : "it", legal > 1 ? "s" : "");
	sbuf_free(&bad);
	if (a->optional) {
		const char *c = rz_choice(z, t->src);
		if (c && (!strcmp(c, "no") || !strcmp(c, "decline"))) {
			STEP(z, RL(R_RESOLVE_FOLLOW, R_OPTIONAL), "%s's ability (\"%s\") resolves; %s chooses not to (the board's `choose`), so it does nothing.", sname, a->text, rz_pname(z, t->controller));
			sbuf_free(&ts);
			return;
		}
		STEP(z, RL(R_OPTIONAL), "%s's ability says \"you may\": %s %s.", sname, rz_pname(z, t->controller),
		    c ? "chooses to, as the board states" : "does so (judge's default; `choose SOURCE: no` declines)");
	}
	/* an emblem's ability works from the command zone (114.4) */
	enum rz_rule emb = z->b->objs[t->src].zone == ZN_COMMAND ? R_EMBLEM_WORKS : R_NONE;
	if (nt && t->tg_set)
		STEP(z, RL(R_RESOLVE_TARGETS, emb), "%s's triggered ability (\"%s\") resolves, targeting %s (chosen as it was put on the stack%s).", sname, a->text, sbuf_str(&ts),
		    illegal ? "; only the legal ones" : ", still legal");
	else if (nt)
		STEP(z, RL(R_TRIG_TARGETS, R_RESOLVE_TARGETS, emb), "%s's triggered ability (\"%s\") resolves, targeting %s%s.", sname, a->text, sbuf_str(&ts),
		    tt.tg_default ? " (judge's default target; state another with `trigger-target SOURCE: TARGET`)" : "");
	else
		STEP(z, RL(a->trig == TR_ETB ? R_ETB_TRIGGER : a->trig <= TR_PUT_GRAVE ? R_LTB_TRIGGER : a->trig == TR_BLOCK_PAIR ? R_BLOCK_PAIR
		    : t->delayed ? R_DELAYED : R_TRIGGER_EVENT, R_RESOLVE_FOLLOW,
		    a->tmpl && !strcmp(a->tmpl, "prowess") ? R_PROWESS : a->tmpl && !strcmp(a->tmpl, "battle cry") ? R_BATTLE_CRY
		    : a->tmpl && !strcmp(a->tmpl, "evolve") ? R_EVOLVE : a->tmpl && !strcmp(a->tmpl, "annihilator") ? R_ANNIHILATOR
		    : a->tmpl && !strcmp(a->tmpl, "exalted") ? R_EXALTED : a->alone ? R_ATTACK_ALONE : R_NONE, emb),
		    "%s's triggered ability (\"%s\") resolves.", sname, a->text);
	sbuf_free(&ts);
	/* a leaves-the-battlefield trigger says so in its own words; any other trigger whose
	 * source is gone still resolves (113.7a) */
	if (a->trig > TR_PUT_GRAVE && z->b->objs[t->src].zone != ZN_BATTLEFIELD && z->b->objs[t->src].zone != ZN_COMMAND
	    && !(z->b->objs[t->src].types & (BT_INSTANT | BT_SORCERY)))
		STEP(z, RL(R_ABILITY_INDEPENDENT, R_RESOLVE_INFO), "%s has left the battlefield, but its triggered ability exists independently of it on the stack and still resolves, using %s's last known information.",
		    sname, sname);
	rz_run_effects(z, a, t->src, t->controller, tg, nt, 0, &tt);
}

bool
rz_durations_end(struct rz *z)
{
	const struct board *b = z->b;
	int keep = 0;
	bool ended = false;
	for (int r = 0; r < z->nrfx; r++) {
		const struct rz_rfx *f = &z->rfx[r];
		int s = f->while_src;
		bool gone = f->while_kind && (b->objs[s].zone != ZN_BATTLEFIELD || z->moveseq[s] != f->while_seq);
		bool lost = f->while_kind == 2 && !gone && z->cur[s].v.controller != f->while_ctl;
		if (gone || lost) {
			STEP(z, RL(R_DURATION, gone ? R_NEW_OBJECT : R_LAYER_CONTROL), "%s's effect lasted for as long as %s; %s, so the effect ends.", f->label,
			    f->while_kind == 1 ? "it remained on the battlefield" : "its controller controlled it",
			    gone ? "it has left the battlefield" : "its controller no longer controls it");
			ended = true;
			rz_rfx_drop(&z->rfx[r]);
			continue;
		}
		z->rfx[keep++] = *f;
	}
	z->nrfx = keep;
	if (ended)
		rz_layers(z);
	return ended;
}

void
rz_rfx_drop(struct rz_rfx *f)
{
	free(f->locked);
	free(f->lockseq);
	f->locked = f->lockseq = NULL;
	f->nlocked = 0;
}

void
rz_resolve_held(struct rz *z, int obj, int ev)
{
	struct board *b = z->b;
	int at = -1;
	for (int i = z->nstack - 1; i >= 0 && at < 0; i--)
		if (z->stack[i].hold == ev + 1)
			at = i;
	if (at < 0) {
		STEP(z, RL(R_TRIGGER_EVENT), "%s is not on the stack (it didn't trigger, or it was removed from the stack), so nothing resolves.", rz_oname(z, obj));
		return;
	}
	struct rz_trig t = z->stack[at];
	memmove(&z->stack[at], &z->stack[at + 1], (size_t)(z->nstack - at - 1) * sizeof *z->stack);
	z->nstack--;
	bool more = false;
	for (int i = 0; i < z->nstack; i++)
		more |= z->stack[i].hold && b->events[z->stack[i].hold - 1].obj == obj;
	if (!more)
		b->objs[obj].zone = ZN_GONE;
	t.hold = 0;
	rz_resolve_trigger(z, &t);
}

/* The spell's card goes to its owner's graveyard (or where a replacement sends it). */
static void
spell_to_grave(struct rz *z, int s, int *rep)
{
	struct bd_obj *o = &z->b->objs[s];
	*rep = rz_grave_replacer(z, s);
	o->zone = *rep ? rz_grave_repl_zone(z, s, *rep) : ZN_GRAVEYARD;
	o->zpos = ++z->zseq;
	z->moveseq[s] = z->zseq;
}

#define PERMANENT_TYPES (BT_ARTIFACT | BT_CREATURE | BT_ENCHANTMENT | BT_LAND | BT_PLANESWALKER | BT_BATTLE)

/* 611.3a, 613: a permanent's static abilities apply as soon as it is on the battlefield, each
 * in its layer. Say which other permanents they changed (besides control, said already) and
 * cite the layers, since sublayer order, not timestamps, decides where they apply (613.4). */
static void
statics_applied(struct rz *z, int s, const int *ctl_before, const struct rz_view *before)
{
	const struct board *b = z->b;
	const struct bd_obj *pr = rz_printed(z, s);
	bool layer[LY_COUNT] = { false };
	for (int k = 0; k < pr->nabils; k++) {
		const struct bd_abil *a = &pr->abils[k];
		if (a->kind != AK_STATIC || !rz_has_abil(&z->cur[s], k))
			continue;
		for (int q = 0; q < a->nparts; q++)
			layer[a->parts[q].layer] = true;
	}
	struct sbuf t = {0};
	for (int i = 0; i < b->nobjs; i++) {
		if (i == s || b->objs[i].zone != ZN_BATTLEFIELD || ctl_before[i] < 0)
			continue;
		const struct rz_view *v = &z->cur[i].v, *w = &before[i];
		bool pt = (v->types & BT_CREATURE) && (v->power != w->power || v->toughness != w->toughness || !(w->types & BT_CREATURE));
		bool other = v->types != w->types || v->nsubs != w->nsubs || memcmp(v->subs, w->subs, sizeof v->subs) || v->colors != w->colors
		    || v->kws != w->kws || v->prot_colors != w->prot_colors || v->prot_flags != w->prot_flags;
		if (!pt && !other)
			continue;
		char types[200];
		bd_types_str(v->supers, v->types, (const char (*)[BD_SUBLEN])v->subs, v->nsubs, types, sizeof types);
		sbuf_addf(&t, "%s%s is now %s", t.len ? "; " : "", rz_oname(z, i), types);
		if (v->types & BT_CREATURE)
			sbuf_addf(&t, " %d/%d", v->power, v->toughness);
	}
	if (t.len) {
		static const struct { enum bd_layer l; enum rz_rule r; const char *n; } lr[] = {
			{ LY_TEXT, R_LAYER_TEXT, "3" }, { LY_TYPE, R_LAYER_TYPE, "4" }, { LY_COLOR, R_LAYER_COLOR, "5" },
			{ LY_ABIL, R_LAYER_ABIL, "6" }, { LY_7A, R_LAYER_7A, "7a" }, { LY_7B, R_LAYER_7B, "7b" },
			{ LY_7C, R_LAYER_7C, "7c" }, { LY_7D, R_LAYER_7D, "7d" } };
		enum rz_rule rules[RZ_MAXCITE] = { R_STATIC_NOT_LOCKED };
		int nr = 1;
		struct sbuf ls = {0};
		for (size_t q = 0; q < sizeof lr / sizeof *lr; q++)
			if (layer[lr[q].l]) {
				sbuf_addf(&ls, "%s%s", ls.len ? ", " : "", lr[q].n);
				if (nr < RZ_MAXCITE - 1)
					rules[nr++] = lr[q].r;
			}
		rules[nr++] = R_LAYERS;
		rz_step(z, rules, nr, "With %s on the battlefield, its static abilities apply at once, each in its layer (%s%s), in layer order whatever the timestamps: %s.",
		    rz_oname(z, s), !ls.len ? "" : strchr(sbuf_str(&ls), ',') ? "layers " : "layer ", ls.len ? sbuf_str(&ls) : "the layers of 613", sbuf_str(&t));
		sbuf_free(&ls);
	}
	sbuf_free(&t);
}

/* 608.3: a permanent spell becomes a permanent. An Aura spell checks its target first and
 * enters attached to it (608.3b-c); replacement effects modify how it enters (614.1c-d);
 * then its and the others' enters-the-battlefield abilities trigger (603.6a). */
static void
resolve_permanent(struct rz *z, int s)
{
	struct board *b = z->b;
	struct bd_obj *o = &b->objs[s];
	int ctl = z->cur[s].v.controller;
	const struct bd_abil *enchant = NULL;
	for (int k = 0; k < o->nabils && !enchant; k++)
		if (o->abils[k].kind == AK_ENCHANT)
			enchant = &o->abils[k];
	bool aura = enchant && (o->types & BT_ENCHANTMENT);
	struct bd_ref to = { -1, -1 };
	if (aura) {
		to = o->ntargets ? o->targets[0] : o->attached <= -2 ? (struct bd_ref){ -2 - o->attached, -1 }
		    : (struct bd_ref){ -1, o->attached };
		struct bd_tspec ts;
		memset(&ts, 0, sizeof ts);
		ts.f = enchant->aff;
		ts.object_ok = !enchant->aff.no_objects;
		ts.player_ok = enchant->aff.players;
		char why[200];
		if (!rz_target_legal(z, &ts, to, s, ctl, z->cur[s].v.colors, why, sizeof why)) {
			int rep;
			spell_to_grave(z, s, &rep);
			enum rz_rule r = illegal_rule(why);
			if (rep)
				STEP(z, RL(R_PERM_ILLEGAL, R_RESOLVE_TARGETS, r, R_REPLACE_INSTEAD), "%s tries to resolve, but its target is illegal (%s): the Aura spell doesn't resolve and would be put into its owner's graveyard, but %s's replacement effect %s.",
				    rz_oname(z, s), why, rz_oname(z, rep - 1), rz_grave_repl_text(z, s, rep));
			else
				STEP(z, RL(R_PERM_ILLEGAL, R_RESOLVE_TARGETS, r), "%s tries to resolve, but its target is illegal (%s): the Aura spell doesn't resolve and is put into its owner's graveyard.",
				    rz_oname(z, s), why);
			rz_settle(z);
			return;
		}
	}
	int *ctl_before = xcalloc((size_t)b->nobjs + 1, sizeof *ctl_before);
	struct rz_view *view_before = xcalloc((size_t)b->nobjs + 1, sizeof *view_before);
	for (int i = 0; i < b->nobjs; i++)
		view_before[i] = z->cur[i].v;
	for (int i = 0; i < b->nobjs; i++)
		ctl_before[i] = b->objs[i].zone == ZN_BATTLEFIELD ? z->cur[i].v.controller : -1;
	o->zone = ZN_BATTLEFIELD;
	o->controller = ctl;
	o->zpos = 0;
	o->damage = 0;
	o->tapped = false;
	o->ts = ++b->next_ts;
	/* 400.7a: a text-changing effect on the spell goes on applying to the permanent */
	bool text_kept = z->unchanged[s] && z->text_seq[s] == z->moveseq[s];
	z->moveseq[s] = ++z->zseq;
	if (text_kept)
		z->text_seq[s] = z->moveseq[s];
	if (aura) {
		o->attached = to.p >= 0 ? -2 - to.p : to.o;
		z->attseq[s] = to.o >= 0 ? z->moveseq[to.o] : 0;
		o->attach_ts = o->ts;
	}
	struct sbuf t = {0};
	enum rz_rule rules[RZ_MAXCITE] = { aura ? R_AURA_RESOLVE : R_PERM_RESOLVE, R_TS_ZONE };
	int nr = 2;
	int nctr_before = o->nctr, nrep = rz_enter_replacements(z, s, o->x, &t);
	if (nrep > 0) {
		/* "enters tapped" is 614.1d; "enters with" and "as ... enters" 614.1c */
		if (!o->tapped || nrep > 1 || o->nctr != nctr_before) rules[nr++] = R_ENTERS_SELF_REPL;
		rules[nr++] = R_ENTERS_CHECK;
		if (o->tapped) rules[nr++] = R_ENTERS_REPL;
	}
	if (o->copy_of >= 0 && nr + 2 <= RZ_MAXCITE) {
		/* it enters as a copy (707.5); with exceptions, those are copiable too (707.9b) */
		const struct bd_copyx *x = &o->copyx;
		bool exc = x->legend || o->copy_legend || x->set_pt || x->setsub[0] || x->addsub[0] || x->addtypes;
		if (nr == 4 && (exc || o->copy_of != -1))
			rules[nr - 1] = R_COPY_ENTERS;   /* 614.12 gives way to the copy rules */
		rules[nr++] = R_COPIABLE;
		/* an ability the copy gains is a copiable value too (707.9a) */
		rules[nr++] = x->gain[0] ? R_COPY_GAIN : exc ? R_COPY_EXCEPT : R_LAYER_COPY;
		if (x->gain[0] && exc && nr < RZ_MAXCITE)
			rules[nr++] = R_COPY_EXCEPT;
	}
	if (z->entered_choice && nr < RZ_MAXCITE) {
		rules[nr++] = R_ENTERS_CHOICE;
	}
	if (text_kept && nr < RZ_MAXCITE) {
		sbuf_adds(&t, "; the text-changing effect on the spell goes on applying to the permanent it becomes");
		rules[nr++] = R_TEXT_SPELL_PERM;
	}
	if ((o->types & BT_PLANESWALKER) && nr < RZ_MAXCITE) {
		/* its printed loyalty is counters it enters with (306.5b, 122.6): "can't" effects and
		 * replacement effects on counters see them */
		for (int k = 0; k < o->nctr; k++)
			if (o->ctr[k].kind == CK_LOYALTY && o->ctr[k].n > 0) {
				struct bd_ctr lc = o->ctr[k];
				o->ctr[k].n = 0;
				z->entering = s + 1;
				rz_put_counters(z, s, &lc, NULL);
				z->entering = 0;
				break;
			}
		for (int k = 0; k < o->nctr; k++)
			if (o->ctr[k].kind == CK_LOYALTY)
				sbuf_addf(&t, "; it enters with %d loyalty counters", o->ctr[k].n);
		rules[nr++] = R_PW_ENTERS;
	}
	char att[160] = "";
	if (aura)
		snprintf(att, sizeof att, ", attached to %s", to.p >= 0 ? rz_pname(z, to.p) : rz_oname(z, to.o));
	rz_step(z, rules, nr, "%s resolves: it is a permanent spell, so it becomes a permanent and enters the battlefield under %s's control%s, with a new timestamp%s.",
	    rz_oname(z, s), rz_pname(z, ctl), att, sbuf_str(&t));
	sbuf_free(&t);
	if (o->copy_of >= 0 && b->objs[o->copy_of].copy_of >= 0)
		STEP(z, RL(R_COPY_OF_COPY, R_COPIABLE), "%s is itself a copy, of %s, and a copy's copiable values are what it copied (707.3): %s becomes %s too, not the card %s.",
		    rz_oname(z, o->copy_of), rz_printed(z, o->copy_of)->name, rz_oname(z, s), rz_printed(z, s)->name, b->objs[o->copy_of].name);
	/* its static abilities apply at once (611.3a): say what changes hands (layer 2) */
	rz_layers(z);
	for (int i = 0; i < b->nobjs; i++)
		if (i != s && b->objs[i].zone == ZN_BATTLEFIELD && ctl_before[i] >= 0 && z->cur[i].v.controller != ctl_before[i])
			STEP(z, RL(R_STATIC_NOT_LOCKED, R_LAYER_CONTROL), "With %s on the battlefield, %s now controls %s (a control-changing effect, layer 2).",
			    rz_oname(z, s), rz_pname(z, z->cur[i].v.controller), rz_oname(z, i));
	statics_applied(z, s, ctl_before, view_before);
	free(ctl_before);
	free(view_before);
	rz_entered(z, &s, 1);
	rz_settle(z);
}

/* "You may ..." in a spell or an ability on the stack: its controller chooses as it is followed
 * (608.2d), by the board's `choose NAME: no`, else yes. Whether it is followed. */
static bool
optional_followed(struct rz *z, int s, const struct bd_abil *a, int ctl)
{
	const char *c = rz_choice(z, s);
	if (c && (!strcmp(c, "no") || !strcmp(c, "decline"))) {
		STEP(z, RL(R_OPTIONAL_SPELL), "%s's instruction \"%s\" says \"you may\": %s chooses not to (the board's `choose`), so it does nothing.",
		    rz_oname(z, s), a->text, rz_pname(z, ctl));
		return false;
	}
	STEP(z, RL(R_OPTIONAL_SPELL), "%s's instruction \"%s\" says \"you may\": %s %s.", rz_oname(z, s), a->text, rz_pname(z, ctl),
	    c ? "chooses to, as the board states" : "does so (judge's default; `choose NAME: no` declines)");
	return true;
}

void
rz_resolve_spell(struct rz *z, int s)
{
	struct board *b = z->b;
	struct bd_obj *o = &b->objs[s];
	rz_layers(z);
	if (o->zone != ZN_STACK) {
		STEP(z, RL(R_RESOLVE_FOLLOW), "%s is not on the stack, so it can't resolve.", rz_oname(z, s));
		return;
	}
	if (o->types & PERMANENT_TYPES) {
		resolve_permanent(z, s);
		return;
	}
	int ctl = z->cur[s].v.controller;
	/* an activated ability's source is the permanent it came from (113.7), with its last
	 * known information if that has left (608.2h); a `spell NAME's ability` is NAME's */
	int src = o->act_src >= 0 ? o->act_src : o->ab_src >= 0 ? o->ab_src : s;
	unsigned colors = b->objs[src].zone == ZN_BATTLEFIELD || src == s ? z->cur[src].v.colors : z->lki[src].v.colors;
	/* target specs run across the chosen instructions in order (601.2c, 700.2c); a spec of
	 * several targets ("among one or two targets") takes what the single ones leave */
	int total = 0, legal = 0;
	struct bd_ref tg[BD_MAXTGT];
	int start[BD_MAXTGT], count[BD_MAXTGT];
	bool fits;
	int nspec = bd_target_spans(o, o->ntargets, start, count, BD_MAXTGT, &fits);
	struct sbuf bad = {0};
	enum rz_rule rules[RZ_MAXCITE] = { R_RESOLVE_TARGETS };
	int nr = 1;
	/* several targets chosen for one word "target" (601.2c, 115.1a) */
	for (int q = 0; q < nspec; q++)
		if (count[q] > 1 && nr == 1)
			rules[nr++] = R_CHOOSE_TARGETS;
	for (int k = 0, sp = 0; k < o->nabils; k++) {
		const struct bd_abil *a = &o->abils[k];
		if (a->kind != AK_SPELL || !bd_abil_chosen(o, a))
			continue;
		for (int j = 0; j < a->ntgt && sp < nspec; j++, sp++)
			for (int t = start[sp]; t < start[sp] + count[sp] && t < BD_MAXTGT; t++, total++) {
				tg[t] = t < o->ntargets ? o->targets[t] : (struct bd_ref){ -1, -1 };
				char why[200];
				if (rz_target_legal(z, &a->tgt[j], tg[t], src, ctl, colors, why, sizeof why))
					legal++;
				else {
					sbuf_addf(&bad, "%s%s", bad.len ? "; " : "", why);
					enum rz_rule r = illegal_rule(why);
					bool seen = false;
					for (int q = 0; q < nr; q++) seen |= rules[q] == r;
					if (!seen && nr < RZ_MAXCITE) rules[nr++] = r;
					tg[t] = (struct bd_ref){ -1, -1 };
				}
			}
	}
	if (total && !legal) {
		int rep = o->types ? rz_grave_replacer(z, s) : 0;
		if (rep && nr < RZ_MAXCITE)
			rules[nr++] = R_REPLACE_INSTEAD;
		char gone[200];
		if (rep)
			snprintf(gone, sizeof gone, "would be put into its owner's graveyard, but %s's replacement effect %s", rz_oname(z, rep - 1), rz_grave_repl_text(z, s, rep));
		else
			snprintf(gone, sizeof gone, "is %s", o->types ? "put into its owner's graveyard" : "removed from the stack");
		rz_step(z, rules, nr, "%s tries to resolve, but every target is illegal (%s): it doesn't resolve, none of its effects happen, and it %s.",
		    rz_oname(z, s), sbuf_str(&bad), gone);
		sbuf_free(&bad);
		o->zone = rep ? rz_grave_repl_zone(z, s, rep) : o->types ? ZN_GRAVEYARD : ZN_GONE;
		o->zpos = ++z->zseq;
		z->moveseq[s] = z->zseq;
		rz_settle(z);
		return;
	}
	if ((o->act_src >= 0 || o->ab_src >= 0) && b->objs[src].zone != ZN_BATTLEFIELD && b->objs[src].zone != ZN_COMMAND)
		STEP(z, RL(R_ABILITY_INDEPENDENT, R_RESOLVE_INFO), "%s has left the battlefield, but its ability on the stack exists independently of it and still resolves, using %s's last known information.",
		    rz_oname(z, src), rz_oname(z, src));
	if (o->modes) {
		/* 700.2: the modes were chosen as it was cast; only theirs are followed */
		struct sbuf ms = {0};
		int nm = 0;
		for (int k = 0; k < o->nabils; k++)
			if (o->abils[k].mode && bd_abil_chosen(o, &o->abils[k])) {
				sbuf_addf(&ms, "%s%d (\"%s\")", ms.len ? " and " : "", o->abils[k].mode, o->abils[k].text);
				nm++;
			}
		if (o->act_src >= 0)
			STEP(z, RL(R_MODES, R_ACT_COST, R_MODES_ILLEGAL), "%s is modal: as it was activated (602.2b follows 601.2b), %s chose mode%s %s; only %s instructions are part of the ability, and only %s targets were chosen.",
			    rz_oname(z, s), rz_pname(z, ctl), nm == 1 ? "" : "s", sbuf_str(&ms), nm == 1 ? "that mode's" : "those modes'", nm == 1 ? "its" : "their");
		else
			STEP(z, RL(R_MODES, R_MODES_ILLEGAL), "%s is modal: as it was cast, %s chose mode%s %s; only %s instructions are part of the spell, and only %s targets were chosen.",
			    rz_oname(z, s), rz_pname(z, ctl), nm == 1 ? "" : "s", sbuf_str(&ms), nm == 1 ? "that mode's" : "those modes'", nm == 1 ? "its" : "their");
		sbuf_free(&ms);
	}
	if (bad.len)
		rz_step(z, rules, nr, "%s resolves, but some targets are illegal (%s): it does nothing to them and does the rest.", rz_oname(z, s), sbuf_str(&bad));
	else if (total > 1 && !o->modes)
		STEP(z, RL(R_RESOLVE_TARGETS, R_CHOOSE_TARGETS, R_RESOLVE_FOLLOW), "%s resolves: the %d targets chosen as it was cast are all still legal; judge follows its instructions in order.",
		    rz_oname(z, s), total);
	else
		STEP(z, RL(R_RESOLVE_TARGETS, R_RESOLVE_FOLLOW), "%s resolves%s; judge follows its instructions in order.", rz_oname(z, s),
		    total ? " (its targets are still legal)" : "");
	sbuf_free(&bad);
	z->div_obj1 = s + 1;
	for (int k = 0, sp = 0; k < o->nabils && !z->game_over; k++) {
		const struct bd_abil *a = &o->abils[k];
		if (a->kind != AK_SPELL || !bd_abil_chosen(o, a)) continue;
		/* this instruction's targets: one per spec, a spec's further targets after them */
		struct bd_ref at[2 * BD_MAXTGT];
		int nat = a->ntgt;
		z->div_k = 0;
		for (int j = 0; j < a->ntgt; j++) {
			/* an "up to one" spec given no target has none (count 0) */
			at[j] = sp + j < nspec && count[sp + j] > 0 ? tg[start[sp + j]] : (struct bd_ref){ -1, -1 };
			if (sp + j < nspec && count[sp + j] > 1) z->div_k = count[sp + j];
			for (int q = 1; sp + j < nspec && q < count[sp + j] && nat < 2 * BD_MAXTGT; q++)
				at[nat++] = tg[start[sp + j] + q];
		}
		if (a->optional && !optional_followed(z, s, a, ctl)) {
			sp += a->ntgt;
			continue;
		}
		rz_run_effects(z, a, src, ctl, at, nat, o->x, NULL);
		sp += a->ntgt;
	}
	z->div_obj1 = 0;
	z->div_k = 0;
	if (o->zone == ZN_STACK && !o->types) {
		o->zone = ZN_GONE;
		STEP(z, RL(R_RESOLVE_GRAVE), "%s is removed from the stack as the last part of its resolution.", rz_oname(z, s));
	} else if (o->zone == ZN_STACK) {
		int rep = rz_grave_replacer(z, s);
		o->zone = rep ? rz_grave_repl_zone(z, s, rep) : ZN_GRAVEYARD;
		o->zpos = ++z->zseq;
		if (rep)
			STEP(z, RL(R_RESOLVE_GRAVE, R_REPLACE_INSTEAD), "%s would be put into its owner's graveyard as the last part of its resolution, but %s's replacement effect %s.",
			    rz_oname(z, s), rz_oname(z, rep - 1), rz_grave_repl_text(z, s, rep));
		else
			STEP(z, RL(R_RESOLVE_GRAVE), "%s is put into its owner's graveyard as the last part of its resolution.", rz_oname(z, s));
	}
	rz_settle(z);
}
