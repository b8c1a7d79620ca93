/* delayed.c — delayed triggered abilities (603.7): an instruction such as "sacrifice that
 * creature at the beginning of the next end step" or "destroy that creature at end of combat"
 * creates, as it is followed, an ability that triggers the next time that step begins, only
 * once (603.7b), and that still affects the object it refers to only if that object is still
 * the same object in the zone it was in (603.7c, 400.7). Its source and controller are those
 * of the spell or ability that created it (603.7d-e). */
#include "rz_int.h"
#include "../base/buf.h"

#include <stdio.h>
#include <string.h>

static const char *
when_text(enum bd_step st)
{
	switch (st) {
	case STP_END_COMBAT: return "at end of combat";
	case STP_END: return "at the beginning of the next end step";
	case STP_UPKEEP: return "at the beginning of the next upkeep";
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
	default: return "affect";
	}
}

void
rz_delay_create(struct rz *z, const struct bd_effect *e, const struct bd_ref *r, int n, int src, int controller, const char *sname)
{
	enum bd_step st = (enum bd_step)(e->delay - 1);
	for (int i = 0; i < n; i++) {
		if (r[i].o < 0 || z->b->objs[r[i].o].zone != ZN_BATTLEFIELD)
			continue;
		if (z->ndelayed >= RZ_MAXDELAYED) {
			STEP(z, RL(R_DELAYED), "%s would create another delayed triggered ability; judge keeps at most %d, so it is not modelled.", sname, RZ_MAXDELAYED);
			return;
		}
		struct rz_delayed *d = &z->delayed[z->ndelayed++];
		memset(d, 0, sizeof *d);
		d->step = st;
		d->obj = r[i].o;
		d->obj_seq = z->moveseq[r[i].o];
		d->src = src;
		d->controller = controller;
		snprintf(d->text, sizeof d->text, "%s %s %s", verb_text(e->kind), rz_oname(z, r[i].o), when_text(st));
		/* the ability it will be: "when that step begins, do this to that object" */
		d->ab.kind = AK_TRIGGER;
		d->ab.trig = TR_STEP;
		d->ab.step = st;
		d->ab.text = d->text;
		d->ab.neff = 1;
		d->ab.eff[0] = *e;
		d->ab.eff[0].delay = 0;
		d->ab.eff[0].slot = -1;
		d->ab.eff[0].nslots = 0;
		d->ab.eff[0].edict = false;
		memset(&d->ab.eff[0].f, 0, sizeof d->ab.eff[0].f);
		d->ab.eff[0].f.kw = d->ab.eff[0].f.notkw = -1;
		d->ab.eff[0].f.subject = true;
		d->ab.eff[0].each = true;
		d->ab.tmpl = "delayed";
		STEP(z, RL(R_DELAYED), "%s creates a delayed triggered ability: \"%s\". It will trigger the next time that step begins, once, and is controlled by %s.",
		    sname, d->text, rz_pname(z, controller));
	}
}

void
rz_delay_step(struct rz *z, enum bd_step st)
{
	/* records are never moved (the triggers point at their abilities): a fired one stays */
	for (int i = 0; i < z->ndelayed; i++) {
		struct rz_delayed *d = &z->delayed[i];
		if (d->step != st || d->fired)
			continue;
		/* 603.7b: it triggers only once */
		d->fired = true;
		if (z->npending >= RZ_MAXTRIG)
			continue;
		struct rz_trig *t = &z->pending[z->npending++];
		memset(t, 0, sizeof *t);
		t->src = d->src;
		t->abil = 0;
		t->kw = -1;
		t->ab = &d->ab;
		t->controller = d->controller;
		t->subject = d->obj;
		t->subject_zone_seq = d->obj_seq;
		t->delayed = true;
		t->power = z->cur[d->src].v.power;
		STEP(z, RL(R_DELAYED, st == STP_END_COMBAT ? R_AT_END_COMBAT : R_NONE), "The delayed triggered ability \"%s\" (from %s) triggers.", d->text, rz_oname(z, d->src));
	}
}

bool
rz_delay_lost(struct rz *z, const struct rz_trig *t)
{
	if (!t->delayed)
		return false;
	int o = t->subject;
	const struct bd_obj *ob = &z->b->objs[o];
	if (ob->zone == ZN_BATTLEFIELD && z->moveseq[o] == t->subject_zone_seq)
		return false;
	STEP(z, RL(R_DELAYED_OBJECT, R_NEW_OBJECT), "The delayed triggered ability \"%s\" resolves, but %s %s, so it does nothing to it.",
	    t->ab->text, rz_oname(z, o), ob->zone == ZN_BATTLEFIELD ? "left the battlefield and came back as a new object since"
	    : "is no longer on the battlefield");
	return true;
}
