/* delayed.c — delayed triggered abilities (603.7): an instruction such as "sacrifice that
 * creature at the beginning of the next end step", "return that card to the battlefield at
 * the beginning of the next end step" or "at the beginning of your next upkeep, draw a card"
 * creates, as it is followed, an ability that triggers the next time that step begins, only
 * once (603.7b). What it does is any instruction the templates read. One that refers to
 * particular objects still affects each only if it is the same object in the zone it was in
 * (603.7c, 400.7). Its source and controller are those of the spell or ability that created
 * it (603.7d-e). */
#include "rz_int.h"
#include "../base/buf.h"
#include "../base/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *
when_text(enum bd_step st, bool yours)
{
	switch (st) {
	case STP_END_COMBAT: return "at end of combat";
	case STP_END: return yours ? "at the beginning of your next end step" : "at the beginning of the next end step";
	case STP_UPKEEP: return yours ? "at the beginning of your next upkeep" : "at the beginning of the next upkeep";
	default: return "at the beginning of the next step";
	}
}

static const char *
verb_text(enum bd_effk k)
{
	switch (k) {
	case EF_SACRIFICE: return "sacrifice";
	case EF_DESTROY: return "destroy";
	case EF_EXILE: return "exile";
	case EF_BOUNCE: return "return to its owner's hand";
	default: return NULL;
	}
}

/* Does the instruction refer to particular objects or players, fixed as it is followed
 * ("that card", "it", the spell's target), rather than to a group looked at when the delayed
 * ability resolves ("all creatures", "you")? */
static bool
refers_to_particular(const struct bd_effect *e)
{
	const struct bd_filter *f = &e->f;
	return e->slot >= 0 || f->subject || f->self || f->attached || f->it_ref || f->defending || f->event_player;
}

static void
names_of(struct rz *z, const struct bd_ref *r, int n, struct sbuf *t)
{
	for (int i = 0; i < n; i++)
		sbuf_addf(t, "%s%s", i ? (i + 1 == n ? " and " : ", ") : "", r[i].p >= 0 ? rz_pname(z, r[i].p) : rz_oname(z, r[i].o));
}

void
rz_delay_create(struct rz *z, const struct bd_effect *e, const struct bd_ref *r, int n, int src, int controller, const char *sname)
{
	struct board *b = z->b;
	/* one with a target of its own chooses it as it is put on the stack (603.7, 603.3d) */
	bool particular = !e->delay_own_tgt && refers_to_particular(e);
	struct rz_delayed *d = xcalloc(1, sizeof *d);
	d->step = (enum bd_step)(e->delay - 1);
	d->yours = e->delay_yours;
	d->src = src;
	d->controller = controller;
	d->particular = particular;
	if (particular) {
		d->refs = xcalloc((size_t)n + 1, sizeof *d->refs);
		d->zone = xcalloc((size_t)n + 1, sizeof *d->zone);
		d->seq = xcalloc((size_t)n + 1, sizeof *d->seq);
	}
	if (particular)
		for (int i = 0; i < n; i++) {
			/* an object it refers to: where it is now is where it is expected to be (603.7c) */
			if (r[i].o >= 0 && b->objs[r[i].o].zone == ZN_GONE)
				continue;
			d->refs[d->nrefs] = r[i];
			d->zone[d->nrefs] = r[i].o >= 0 ? b->objs[r[i].o].zone : ZN_GONE;
			d->seq[d->nrefs] = r[i].o >= 0 ? z->moveseq[r[i].o] : 0;
			d->nrefs++;
		}
	if (particular && d->nrefs == 0) {
		/* "sacrifice it at end of combat" about nothing: there is nothing for it to do */
		free(d);
		return;
	}
	struct sbuf t = {0};
	const char *verb = verb_text(e->kind);
	if (verb && particular) {
		sbuf_addf(&t, "%s ", verb);
		names_of(z, d->refs, d->nrefs, &t);
	} else {
		/* the instruction as written, "~" back to the name of its source */
		for (const char *q = e->delay_text; *q; q++)
			if (*q == '~') sbuf_adds(&t, b->objs[src].name);
			else sbuf_addc(&t, *q);
	}
	sbuf_addf(&t, " %s", when_text(d->step, d->yours));
	snprintf(d->text, sizeof d->text, "%s", sbuf_str(&t));
	sbuf_free(&t);
	/* the ability it will be: "when that step begins, do this" */
	d->ab.kind = AK_TRIGGER;
	d->ab.trig = TR_STEP;
	d->ab.step = d->step;
	d->ab.text = d->text;
	d->ab.neff = 1;
	d->ab.eff[0] = *e;
	d->ab.eff[0].delay = 0;
	d->ab.tmpl = "delayed";
	if (e->delay_own_tgt) {
		d->ab.tgt[0] = e->delay_tgt;
		d->ab.ntgt = 1;
		d->ab.eff[0].slot = 0;
	}
	if (particular) {
		/* it acts on what it refers to, handed to it as it resolves */
		d->ab.eff[0].slot = 0;
		d->ab.eff[0].nslots = d->nrefs;
		d->ab.eff[0].divided = false;
	}
	z->delayed = xgrow(z->delayed, &z->delcap, (size_t)z->ndelayed + 1, sizeof *z->delayed);
	z->delayed[z->ndelayed++] = d;
	bool spell = b->objs[src].zone == ZN_STACK && b->objs[src].types;
	struct sbuf about = {0};
	if (particular && !verb) {
		sbuf_adds(&about, " (it refers to ");
		for (int i = 0; i < d->nrefs; i++) {
			names_of(z, &d->refs[i], 1, &about);
			if (d->refs[i].o >= 0 && d->zone[i] != ZN_BATTLEFIELD)
				sbuf_addf(&about, ", now in %s", d->zone[i] == ZN_EXILE ? "exile" : bd_zone_name(d->zone[i]));
			sbuf_adds(&about, i + 1 < d->nrefs ? "; " : "");
		}
		sbuf_adds(&about, ")");
	}
	char when[160];
	if (d->yours)
		snprintf(when, sizeof when, "the next time %s's %s begins", rz_pname(z, controller), d->step == STP_UPKEEP ? "upkeep" : "end step");
	else
		snprintf(when, sizeof when, "the next time that step begins");
	STEP(z, RL(R_DELAYED, spell ? R_DELAYED_SPELL : R_DELAYED_ABILITY),
	    "%s creates a delayed triggered ability: \"%s\"%s. It will trigger %s, once, and is controlled by %s.",
	    sname, d->text, sbuf_str(&about), when, rz_pname(z, controller));
	sbuf_free(&about);
}

void
rz_delay_step(struct rz *z, enum bd_step st)
{
	const struct board *b = z->b;
	int ap = 0;
	for (int p = 0; p < b->nplayers; p++)
		if (b->players[p].active) ap = p;
	/* records are never moved (the triggers point at their abilities): a fired one stays */
	for (int i = 0; i < z->ndelayed; i++) {
		struct rz_delayed *d = z->delayed[i];
		if (d->step != st || d->fired || (d->yours && ap != d->controller))
			continue;
		/* 603.7b: it triggers only once */
		d->fired = true;
		if (!rz_trig_room(z))
			return;
		struct rz_trig *t = &z->pending[z->npending++];
		memset(t, 0, sizeof *t);
		t->src = d->src;
		t->abil = 0;
		t->kw = -1;
		t->ab = &d->ab;
		t->controller = d->controller;
		t->subject = d->nrefs && d->refs[0].o >= 0 ? d->refs[0].o : d->src;
		t->subject_zone_seq = d->nrefs ? d->seq[0] : 0;
		t->delayed = true;
		t->drec = i;
		t->ev_player = -1;
		t->power = z->cur[d->src].v.power;
		STEP(z, RL(R_DELAYED, R_DELAYED_ONCE, st == STP_END_COMBAT ? R_AT_END_COMBAT : R_NONE), "The delayed triggered ability \"%s\" (from %s) triggers.",
		    d->text, rz_oname(z, d->src));
	}
}

void
rz_delay_resolve(struct rz *z, const struct rz_trig *t)
{
	const struct rz_delayed *d = z->delayed[t->drec];
	const struct board *b = z->b;
	struct bd_ref *keep = xcalloc((size_t)d->nrefs + 1, sizeof *keep);
	int nkeep = 0;
	for (int i = 0; i < d->nrefs; i++) {
		struct bd_ref r = d->refs[i];
		if (r.p >= 0) {
			if (!b->players[r.p].lost) keep[nkeep++] = r;
			continue;
		}
		/* 603.7c: still the same object, in the zone it was expected in */
		if (b->objs[r.o].zone == d->zone[i] && z->moveseq[r.o] == d->seq[i]) {
			keep[nkeep++] = r;
			continue;
		}
		const char *where = d->zone[i] == ZN_BATTLEFIELD ? "the battlefield" : d->zone[i] == ZN_EXILE ? "exile"
		    : d->zone[i] == ZN_GRAVEYARD ? "its owner's graveyard" : d->zone[i] == ZN_HAND ? "its owner's hand" : bd_zone_name(d->zone[i]);
		char why[200];
		if (b->objs[r.o].zone == d->zone[i])
			snprintf(why, sizeof why, "left %s and came back as a new object since", where);
		else
			snprintf(why, sizeof why, "is no longer %s %s", d->zone[i] == ZN_BATTLEFIELD || d->zone[i] == ZN_EXILE ? "on" : "in", where);
		if (d->zone[i] == ZN_EXILE && strncmp(why, "is no", 5) == 0)
			snprintf(why, sizeof why, "is no longer in exile");
		STEP(z, RL(R_DELAYED_OBJECT, R_NEW_OBJECT), "The delayed triggered ability \"%s\" resolves, but %s %s, so it does nothing to it.",
		    d->text, rz_oname(z, r.o), why);
	}
	if (d->particular && nkeep == 0) {
		free(keep);
		return;
	}
	STEP(z, RL(R_DELAYED, R_RESOLVE_FOLLOW), "The delayed triggered ability \"%s\" (from %s, controlled by %s) resolves.", d->text,
	    rz_oname(z, d->src), rz_pname(z, d->controller));
	if (d->particular) {
		struct bd_abil a = d->ab;
		a.eff[0].nslots = nkeep;
		rz_run_effects(z, &a, d->src, d->controller, keep, nkeep, 0, t);
	} else
		rz_run_effects(z, &d->ab, d->src, d->controller, NULL, 0, 0, t);
	free(keep);
}

void
rz_delay_free(struct rz *z)
{
	for (int i = 0; i < z->ndelayed; i++) {
		free(z->delayed[i]->refs);
		free(z->delayed[i]->zone);
		free(z->delayed[i]->seq);
		free(z->delayed[i]);
	}
	free(z->delayed);
	z->delayed = NULL;
	z->ndelayed = 0;
}
