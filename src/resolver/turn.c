/* turn.c — rules procedure: the steps of the turn (500-514). Each `step` line of a board
 * begins a step: its turn-based actions first (declaring attackers taps them, 508.1f;
 * cleanup removes damage and ends "until end of turn" effects, 514.2), then the abilities
 * that trigger on it (503.1a, 508.3a, 509.3a, 513.1a). Combat damage is in combat.c. */
#include "rz_int.h"
#include "../base/buf.h"
#include "../base/mem.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int
active_player(const struct rz *z)
{
	for (int p = 0; p < z->b->nplayers; p++)
		if (z->b->players[p].active)
			return p;
	return 0;
}

static void say_each(struct rz *z, int first);
static void say_alone(struct rz *z, int attacker, int first);

static void
declare_attackers(struct rz *z)
{
	struct board *b = z->b;
	struct sbuf t = {0}, tapped = {0};
	int *att = xcalloc((size_t)b->nobjs + 1, sizeof *att), na = 0;
	for (int i = 0; i < b->nobjs; i++) {
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
		if (na > 1)
			STEP(z, RL(R_DECLARE_ATTACKERS, R_ATTACK_TAP, R_ATTACK_TRIGGER), "The declare attackers step: %s are declared as attacking%s%s%s.",
			    sbuf_str(&t), tapped.len ? "; attacking taps " : "", sbuf_str(&tapped), tapped.len ? " (creatures with vigilance stay untapped)" : "");
		else
			STEP(z, RL(R_DECLARE_ATTACKERS, R_ATTACK_TAP, R_ATTACK_TRIGGER), "The declare attackers step: %s is declared as attacking%s%s%s.",
			    sbuf_str(&t), tapped.len ? "; attacking taps " : "", sbuf_str(&tapped), tapped.len ? " (creatures with vigilance stay untapped)" : "");
	}
	sbuf_free(&t);
	sbuf_free(&tapped);
	int first = z->npending;
	for (int k = 0; k < na; k++) {
		struct rz_tev tv = { .kind = TR_TAPPED, .obj = att[k], .src = -1, .player = -1 };
		if (!(z->cur[att[k]].v.kws & KWBIT(KW_VIGILANCE)))
			rz_trigger_event(z, &tv);
		struct rz_tev ev = { .kind = TR_ATTACKS, .obj = att[k], .src = -1, .player = -1, .alone = na == 1 };
		rz_trigger_event(z, &ev);
	}
	say_each(z, first);
	say_alone(z, na == 1 ? att[0] : -1, first);
	free(att);
}

/* 603.2c: an ability that triggered more than once on one declaration (several attackers it
 * looks at) triggers once for each; said only for the abilities that did. */
static void
say_each(struct rz *z, int first)
{
	for (int i = first; i < z->npending; i++) {
		const struct rz_trig *p = &z->pending[i];
		if (p->abil < 0 || p->delayed)
			continue;
		int times = 0;
		bool seen = false;
		for (int j = first; j < z->npending; j++) {
			const struct rz_trig *q = &z->pending[j];
			if (q->src == p->src && q->abil == p->abil && !q->delayed && q->abil >= 0) {
				if (j < i) seen = true;
				times++;
			}
		}
		if (times > 1 && !seen)
			STEP(z, RL(R_TRIG_EACH), "%s's ability (\"%s\") triggers once for each creature it applies to: %d times.",
			    rz_oname(z, p->src), p->ab->text, times);
	}
}

/* 506.5, 702.83b: with one attacker declared, every "attacks alone" ability (exalted) that
 * looks at it triggers, each instance separately; with more, none does — said either way
 * when such an ability is on the battlefield, so the reader sees why. */
static void
say_alone(struct rz *z, int attacker, int first)
{
	int n = 0, exalted = 0;
	for (int i = first; i < z->npending; i++) {
		const struct bd_abil *a = z->pending[i].ab;
		if (a && a->trig == TR_ATTACKS && a->alone && !z->pending[i].delayed) {
			n++;
			exalted += a->tmpl && !strcmp(a->tmpl, "exalted");
		}
	}
	if (attacker >= 0) {
		if (n)
			STEP(z, RL(R_ATTACK_ALONE, R_EXALTED_EACH, exalted ? R_EXALTED : R_NONE), "%s attacks alone (the only creature declared as an attacker), so %d \"attacks alone\" abilit%s trigger%s%s.",
			    rz_oname(z, attacker), n, n == 1 ? "y" : "ies", n == 1 ? "s" : "", n > 1 ? ", each instance separately" : "");
		return;
	}
	int waiting = 0;
	for (struct rz_abil_it it = {0}; rz_next_abil(z, AK_TRIGGER, &it);)
		waiting += it.a->trig == TR_ATTACKS && it.a->alone;
	if (waiting)
		STEP(z, RL(R_ATTACK_ALONE, R_EXALTED_EACH), "More than one creature is declared as an attacker, so none attacks alone: %d \"attacks alone\" abilit%s (exalted) do%s not trigger.",
		    waiting, waiting == 1 ? "y" : "ies", waiting == 1 ? "es" : "");
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
	/* 506.5: a creature blocks alone if it's the only creature declared as a blocker */
	int nblk = 0, first = z->npending;
	for (int i = 0; i < b->nobjs; i++)
		nblk += b->objs[i].zone == ZN_BATTLEFIELD && b->objs[i].nblocking > 0;
	for (int i = 0; i < b->nobjs; i++)
		for (int k = 0; b->objs[i].zone == ZN_BATTLEFIELD && k < b->objs[i].nblocking; k++) {
			struct rz_tev ev = { .kind = TR_BLOCKS, .obj = i, .src = b->objs[i].blocking[k], .player = -1, .again = k > 0, .alone = nblk == 1 };
			rz_trigger_event(z, &ev);
		}
	int alone = 0, waiting = 0;
	for (int i = first; i < z->npending; i++)
		alone += z->pending[i].ab && z->pending[i].ab->trig == TR_BLOCKS && z->pending[i].ab->alone && !z->pending[i].delayed;
	for (struct rz_abil_it it = {0}; nblk > 1 && rz_next_abil(z, AK_TRIGGER, &it);)
		waiting += it.a->trig == TR_BLOCKS && it.a->alone;
	if (alone)
		STEP(z, RL(R_ATTACK_ALONE, R_BLOCK_TRIGGER), "Only one creature is declared as a blocker, so it blocks alone: %d \"blocks alone\" abilit%s trigger%s.",
		    alone, alone == 1 ? "y" : "ies", alone == 1 ? "s" : "");
	else if (waiting)
		STEP(z, RL(R_ATTACK_ALONE), "%d creatures are declared as blockers, so none blocks alone: %d \"blocks alone\" abilit%s do%s not trigger.",
		    nblk, waiting, waiting == 1 ? "y" : "ies", waiting == 1 ? "es" : "");
	for (int i = 0; i < b->nobjs; i++)
		if (b->objs[i].zone == ZN_BATTLEFIELD && (b->objs[i].attacking_p >= 0 || b->objs[i].attacking_o >= 0)) {
			struct rz_tev ev = { .kind = b->objs[i].blocked ? TR_BLOCKED : TR_UNBLOCKED_EV, .obj = i, .src = -1, .player = -1 };
			rz_trigger_event(z, &ev);
		}
}

/* The restrictions (RS_*) on creature o: "can't block this turn" effects that resolved, and
 * static abilities read as attack/block restrictions whose subject judge can tell (the
 * creature itself, or the one an Aura or Equipment is attached to). A restriction whose
 * subject it can't tell is named in *unknown (its source), or -1. */
static unsigned
restrictions(const struct rz *z, int o, int *unknown, const char **text)
{
	const struct board *b = z->b;
	unsigned r = z->restrict_turn[o];
	*unknown = -1;
	for (int s = 0; s < b->nobjs; s++) {
		if (b->objs[s].zone != ZN_BATTLEFIELD)
			continue;
		const struct bd_obj *pr = rz_printed(z, s);
		for (int k = 0; k < pr->nabils; k++) {
			const struct bd_abil *a = &pr->abils[k];
			if (!a->tmpl || strcmp(a->tmpl, "attack/block restriction") || !rz_has_abil(&z->cur[s], k))
				continue;
			char low[256];
			size_t i = 0;
			for (; a->text[i] && i < sizeof low - 1; i++) low[i] = (char)tolower((unsigned char)a->text[i]);
			low[i] = 0;
			unsigned bits = bd_restrict_bits(low) & ~(unsigned)RS_NO_UNTAP;
			if (!bits)
				continue;
			char self[128];
			size_t j = 0;
			for (; pr->name[j] && j < sizeof self - 1; j++) self[j] = (char)tolower((unsigned char)pr->name[j]);
			self[j] = 0;
			int subj = -2;
			if (!strncmp(low, "enchanted creature ", 19) || !strncmp(low, "equipped creature ", 18))
				subj = rz_host(z, s);
			else if (!strncmp(low, self, j) || !strncmp(low, "this creature ", 14))
				subj = s;
			if (subj == o)
				r |= bits;
			else if (subj == -2 && *unknown < 0) {
				*unknown = s;
				*text = a->text;
			}
		}
	}
	return r;
}

void
rz_declare(struct rz *z, const struct bd_event *ev, int n, bool attackers)
{
	struct board *b = z->b;
	int ap = active_player(z);
	for (int k = 0; k < n; k++) {
		int o = ev[k].obj;
		struct bd_obj *ob = &b->objs[o];
		const struct rz_view *v = &z->cur[o].v;
		const char *why = NULL, *utext = NULL, *utext2 = NULL;
		enum rz_rule rule = attackers ? R_ATTACK_UNTAPPED : R_BLOCK_UNTAPPED;
		enum rz_rule rule2 = R_NONE;
		int unk = -1, unk2 = -1;
		char buf[200];
		if (ob->zone != ZN_BATTLEFIELD || !(v->types & BT_CREATURE))
			why = "it isn't a creature on the battlefield";
		else if (ob->tapped)
			why = "it is tapped, and only untapped creatures can be declared";
		else if (attackers && v->controller != ap) {
			snprintf(buf, sizeof buf, "only the active player's creatures attack, and it is %s's turn", rz_pname(z, ap));
			why = buf;
		} else if (attackers && rz_sick(z, o) && !(v->kws & KWBIT(KW_HASTE))) {
			snprintf(buf, sizeof buf, "it hasn't been under %s's control continuously since the turn began, and it doesn't have haste", rz_pname(z, v->controller));
			why = buf, rule = R_SICK, rule2 = R_ATTACK_UNTAPPED;
		} else if (attackers && (v->kws & KWBIT(KW_DEFENDER)))
			why = "it has defender (702.3b)", rule = R_DEFENDER;
		else if (attackers && (restrictions(z, o, &unk, &utext) & RS_NO_ATTACK))
			why = "an effect says it can't attack (508.1c)", rule = R_ATTACK_RESTRICT;
		else if (attackers && ev[k].to.p >= 0 && ev[k].to.p == v->controller)
			why = "a creature attacks an opponent or a planeswalker or battle, not its controller";
		else if (attackers && ev[k].to.o >= 0 && (b->objs[ev[k].to.o].zone != ZN_BATTLEFIELD
		    || !(z->cur[ev[k].to.o].v.types & (BT_PLANESWALKER | BT_BATTLE)) || z->cur[ev[k].to.o].v.controller == v->controller))
			why = "what it would attack isn't an opponent's planeswalker or a battle on the battlefield";
		else if (!attackers) {
			int a = ev[k].source;
			const struct bd_obj *ao = &b->objs[a];
			if (ao->zone != ZN_BATTLEFIELD || (ao->attacking_p < 0 && ao->attacking_o < 0)) {
				snprintf(buf, sizeof buf, "%s isn't attacking", rz_oname(z, a));
				why = buf;
			} else if (z->cur[a].v.controller == v->controller)
				why = "a creature can't block its own controller's attacker";
			else if (restrictions(z, o, &unk, &utext) & RS_NO_BLOCK)
				why = "an effect says it can't block (509.1b)", rule = R_BLOCK_RESTRICT;
			else if (restrictions(z, a, &unk2, &utext2) & RS_UNBLOCKABLE) {
				snprintf(buf, sizeof buf, "%s can't be blocked (509.1b)", rz_oname(z, a));
				why = buf, rule = R_BLOCK_RESTRICT;
			} else if ((z->cur[a].v.prot_colors & v->colors) || (z->cur[a].v.prot_flags & PROT_EVERYTHING)
			    || (z->cur[a].v.prot_flags & PROT_TYPES & v->types)) {
				snprintf(buf, sizeof buf, "%s has protection from a quality it has, so it can't block it (702.16f)", rz_oname(z, a));
				why = buf, rule = R_PROT_BLOCK;
			}
			else if ((z->cur[a].v.kws & KWBIT(KW_FLYING)) && !(v->kws & (KWBIT(KW_FLYING) | KWBIT(KW_REACH)))) {
				snprintf(buf, sizeof buf, "%s has flying, and it has neither flying nor reach (702.9b)", rz_oname(z, a));
				why = buf, rule = R_FLYING_BLOCK;
			} else if ((z->cur[a].v.kws & KWBIT(KW_FEAR)) && !(v->types & BT_ARTIFACT) && !(v->colors & BC_B)) {
				snprintf(buf, sizeof buf, "%s has fear, and it is neither an artifact creature nor black (702.36b)", rz_oname(z, a));
				why = buf, rule = R_FEAR;
			} else if ((z->cur[a].v.kws & KWBIT(KW_INTIMIDATE)) && !(v->types & BT_ARTIFACT) && !(v->colors & z->cur[a].v.colors)) {
				snprintf(buf, sizeof buf, "%s has intimidate, and it is neither an artifact creature nor shares a color with it (702.13b)", rz_oname(z, a));
				why = buf, rule = R_INTIMIDATE;
			} else if (ob->nblocking >= BD_MAXBLK)
				why = "it already blocks as many creatures as judge follows";
		}
		if (why) {
			STEP(z, RL(attackers ? R_DECLARE_ATTACKERS : R_DECLARE_BLOCKERS, rule, rule2), "%s can't be declared as %s: %s, so that declaration isn't made.",
			    rz_oname(z, o), attackers ? "an attacker" : "a blocker", why);
			continue;
		}
		if (unk >= 0 || unk2 >= 0)
			STEP(z, RL(attackers ? R_DECLARE_ATTACKERS : R_DECLARE_BLOCKERS), "Caution: judge can't tell whom %s's restriction (\"%s\") applies to, so it doesn't check %s's declaration against it; the declaration is made as the board gives it.",
			    rz_oname(z, unk >= 0 ? unk : unk2), unk >= 0 ? utext : utext2, rz_oname(z, o));
		if (attackers && rz_sick(z, o))
			STEP(z, RL(R_ATTACK_UNTAPPED, R_HASTE_ATTACK, R_SICK), "%s came under %s's control this turn, but it has haste, so it can attack.",
			    rz_oname(z, o), rz_pname(z, v->controller));
		if (attackers) {
			ob->attacking_p = ev[k].to.p;
			ob->attacking_o = ev[k].to.o;
			ob->removed_combat = false;
		} else {
			ob->blocking[ob->nblocking++] = ev[k].source;
			b->objs[ev[k].source].blocked = true;
		}
	}
}

/* 502.3: the active player untaps their permanents, except those an effect keeps tapped. */
static void
untap_step(struct rz *z)
{
	struct board *b = z->b;
	int ap = active_player(z);
	struct sbuf t = {0}, kept = {0};
	int *untapped = xcalloc((size_t)b->nobjs + 1, sizeof *untapped), nu = 0;
	for (int i = 0; i < b->nobjs; i++) {
		struct bd_obj *o = &b->objs[i];
		if (o->zone != ZN_BATTLEFIELD || z->cur[i].v.controller != ap)
			continue;
		if (z->no_untap[i]) {
			z->no_untap[i] = false;
			if (o->tapped)
				sbuf_addf(&kept, "%s%s", kept.len ? ", " : "", rz_oname(z, i));
			continue;
		}
		if (o->tapped) {
			o->tapped = false;
			sbuf_addf(&t, "%s%s", t.len ? ", " : "", rz_oname(z, i));
			untapped[nu++] = i;
		}
	}
	STEP(z, RL(R_UNTAP_STEP), "%s's untap step: %s untaps their permanents%s%s%s%s.", rz_pname(z, ap), rz_pname(z, ap),
	    t.len ? ": " : " (none is tapped)", sbuf_str(&t), kept.len ? "; an effect keeps tapped " : "", sbuf_str(&kept));
	sbuf_free(&t);
	sbuf_free(&kept);
	for (int k = 0; k < nu; k++) {
		struct rz_tev ev = { .kind = TR_UNTAPPED, .obj = untapped[k], .src = -1, .player = -1 };
		rz_trigger_event(z, &ev);
	}
	free(untapped);
}

void
rz_sick_note(struct rz *z)
{
	const struct board *b = z->b;
	for (int i = 0; i < b->nobjs; i++) {
		const struct bd_obj *o = &b->objs[i];
		bool bf = o->zone == ZN_BATTLEFIELD;
		int ctl = z->cur[i].v.controller;
		if (!z->sick_init)
			z->sick[i] = bf && o->sick;
		else if (bf && (!z->seen_bf[i] || z->seen_ts[i] != o->ts || z->seen_ctl[i] != ctl))
			z->sick[i] = true;     /* it entered (a new timestamp, 613.7d) or changed controller */
		z->seen_bf[i] = bf;
		z->seen_ts[i] = o->ts;
		z->seen_ctl[i] = ctl;
	}
	z->sick_init = true;
}

bool
rz_sick(const struct rz *z, int o)
{
	return z->sick[o];
}

void
rz_turn_begins(struct rz *z, int p)
{
	struct board *b = z->b;
	/* 302.6: what P controls as the turn begins has been under P's control continuously
	 * since P's most recent turn began */
	rz_layers(z);
	for (int i = 0; i < b->nobjs; i++)
		if (b->objs[i].zone == ZN_BATTLEFIELD && z->cur[i].v.controller == p)
			z->sick[i] = false;
	for (int i = 0; i < b->nplayers; i++) {
		b->players[i].active = i == p;
		b->players[i].lost_life = false;    /* "this turn" starts again */
		b->players[i].spells_cast = 0;
	}
	/* combat of the last turn is long over (511.3) */
	for (int i = 0; i < b->nobjs; i++) {
		b->objs[i].attacking_p = b->objs[i].attacking_o = -1;
		b->objs[i].nblocking = 0;
		b->objs[i].blocked = false;
	}
	z->fs_step = false;
	STEP(z, RL(R_TURN), "%s's turn begins, with the untap step; %s is now the active player.", rz_pname(z, p), rz_pname(z, p));
	rz_step_begins(z, STP_UNTAP);
}

/* 514.1: the active player discards down to their maximum hand size (seven, 402.2); which
 * cards is their choice, given as `choose cleanup: CARD, CARD`. */
static void
discard_to_hand_size(struct rz *z)
{
	struct board *b = z->b;
	int ap = active_player(z);
	int named = 0;
	for (int i = 0; i < b->nobjs; i++)
		named += b->objs[i].zone == ZN_HAND && b->objs[i].owner == ap;
	int size = named + b->players[ap].hand, excess = size - 7;
	if (excess <= 0)
		return;
	const char *choice = NULL;
	for (int i = 0; i < b->nchoices; i++)
		if (b->choices[i].kind == CH_CHOOSE && b->choices[i].objs[0] < 0 && !strcasecmp(b->choices[i].names[0], "cleanup"))
			choice = b->choices[i].value;
	struct sbuf t = {0};
	int done = 0;
	/* the chosen cards first, then, without a choice, the unnamed ones, then the newest */
	char buf[512];
	snprintf(buf, sizeof buf, "%s", choice ? choice : "");
	for (char *w = strtok(buf, ","); w && done < excess; w = strtok(NULL, ",")) {
		while (*w == ' ') w++;
		size_t l = strlen(w);
		while (l && w[l - 1] == ' ') w[--l] = 0;
		for (int i = 0; i < b->nobjs; i++) {
			struct bd_obj *o = &b->objs[i];
			if (o->zone == ZN_HAND && o->owner == ap && (!strcasecmp(w, o->name) || (o->alias && !strcasecmp(w, o->alias)))) {
				o->zone = ZN_GRAVEYARD;
				o->zpos = ++z->zseq;
				z->moveseq[i] = z->zseq;
				sbuf_addf(&t, "%s%s", t.len ? ", " : "", rz_oname(z, i));
				done++;
				break;
			}
		}
	}
	int unnamed = 0;
	while (done < excess && b->players[ap].hand > 0) {
		b->players[ap].hand--;
		unnamed++;
		done++;
	}
	if (unnamed)
		sbuf_addf(&t, "%s%d card%s the board doesn't name", t.len ? ", " : "", unnamed, unnamed == 1 ? "" : "s");
	for (int i = b->nobjs - 1; i >= 0 && done < excess; i--) {
		struct bd_obj *o = &b->objs[i];
		if (o->zone == ZN_HAND && o->owner == ap) {
			o->zone = ZN_GRAVEYARD;
			o->zpos = ++z->zseq;
			z->moveseq[i] = z->zseq;
			sbuf_addf(&t, "%s%s (judge's pick: add `choose cleanup: CARD` for the player's)", t.len ? ", " : "", rz_oname(z, i));
			done++;
		}
	}
	STEP(z, RL(R_HAND_SIZE, R_DISCARD), "The cleanup step begins: %s has %d cards in hand, more than the maximum hand size of seven, so %s discards %d: %s.",
	    rz_pname(z, ap), size, rz_pname(z, ap), excess, sbuf_str(&t));
	sbuf_free(&t);
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
	for (int i = 0; i < b->nobjs; i++) {
		if (z->dealt_way[i] && z->way_seq[i] == z->moveseq[i] && b->objs[i].zone == ZN_BATTLEFIELD)
			sbuf_addf(&t, "%s%s's effect on %s for this turn ends", t.len ? "; " : "", rz_oname(z, z->way_src[i] - 1), rz_oname(z, i));
		z->restrict_turn[i] = 0;
		z->dealt_way[i] = 0;
	}
	int keep = 0;
	for (int r = 0; r < z->nrfx; r++) {
		if (z->rfx[r].until_eot) {
			sbuf_addf(&t, "%s%s's effect until end of turn ends", t.len ? "; " : "", z->rfx[r].label);
			rz_rfx_drop(&z->rfx[r]);
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
		STEP(z, RL(R_END_COMBAT_STEP, R_AT_END_COMBAT), "The end of combat step begins: \"at end of combat\" abilities trigger now, and every creature is removed from combat.");
		break;
	}
	case STP_DRAW: {
		/* 504.1: the draw is a turn-based action, before anything triggers */
		char why[96];
		snprintf(why, sizeof why, "%s's draw step begins, and as a turn-based action", rz_pname(z, active_player(z)));
		rz_draw(z, active_player(z), 1, why, R_DRAW_STEP);
		break;
	}
	case STP_UNTAP: {
		untap_step(z);
		struct rz_tev uev = { .kind = TR_STEP, .obj = -1, .src = -1, .player = active_player(z), .step = st };
		rz_trigger_event(z, &uev);
		/* 502.4: no player gets priority in the untap step: what triggered waits */
		if (z->npending) {
			struct sbuf w = {0};
			for (int i = 0; i < z->npending; i++)
				sbuf_addf(&w, "%s%s's ability", i ? ", " : "", rz_oname(z, z->pending[i].src));
			STEP(z, RL(R_TURN_UNTAP_TRIG, R_BEGIN_STEP), "No player gets priority during the untap step, so the abilities that triggered in it (%s) wait: they go on the stack as the upkeep begins, with the upkeep's own triggers.",
			    sbuf_str(&w));
			sbuf_free(&w);
		}
		return;
	}
	case STP_CLEANUP:
		discard_to_hand_size(z);
		cleanup(z);
		rz_settle(z);
		return;
	default: {
		enum rz_rule r = st == STP_UPKEEP ? R_BEGIN_STEP : st == STP_END ? R_END_STEP_TRIG : R_TRIGGER_EVENT;
		STEP(z, RL(r), "%s's %s step begins; abilities that trigger at its beginning trigger now.", rz_pname(z, active_player(z)), bd_step_name(st));
		if (st == STP_MAIN1)
			rz_saga_main_phase(z, active_player(z));
		break;
	}
	}
	struct rz_tev ev = { .kind = TR_STEP, .obj = -1, .src = -1, .player = active_player(z), .step = st };
	rz_trigger_event(z, &ev);
	rz_delay_step(z, st);
	rz_settle(z);
}
