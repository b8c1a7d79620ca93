/* linked.c — linked abilities (607): the cards one ability of an object exiled, which another
 * ability of the same object ("return the exiled card", "cards exiled with ~") refers to
 * (607.2a). The link is to the object, not its name: once it leaves the battlefield and comes
 * back it is a new object (400.7) that exiled nothing, and a card that left exile is a new
 * object the ability no longer finds. */
#include "rz_int.h"
#include "../base/buf.h"
#include "../base/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
rz_link_note_battlefield(struct rz *z)
{
	for (int i = 0; i < z->b->nobjs; i++)
		if (z->b->objs[i].zone == ZN_BATTLEFIELD)
			z->bf_seq[i] = z->moveseq[i];
}

void
rz_link_exiled(struct rz *z, int src, int card)
{
	if (src < 0 || card < 0 || z->b->objs[card].zone != ZN_EXILE)
		return;
	z->link_src[card] = src + 1;
	z->link_inc[card] = z->bf_seq[src];
	z->link_seq[card] = z->moveseq[card];
	/* the Fiend Hunter trick: the source has left already, and the leaves-the-battlefield
	 * ability that would return the card has triggered (and resolved) before the exile */
	if (z->b->objs[src].zone == ZN_BATTLEFIELD)
		return;
	const struct bd_obj *p = rz_printed(z, src);
	for (int k = 0; k < p->nabils; k++) {
		const struct bd_abil *a = &p->abils[k];
		for (int i = 0; a->kind == AK_TRIGGER && a->trig == TR_LTB && i < a->neff; i++)
			if (a->eff[i].kind == EF_RETURN_LINKED) {
				STEP(z, RL(R_LINKED, R_LTB_TRIGGER), "%s is exiled with %s, but %s has already left the battlefield: its linked ability (\"%s\") triggered then and found nothing to return, and it won't trigger again, so %s stays in exile.",
				    rz_oname(z, card), rz_oname(z, src), rz_oname(z, src), a->text, rz_oname(z, card));
				return;
			}
	}
}

/* Is card exiled with src (the same object src is now, or was last on the battlefield)? */
static bool
exiled_with(const struct rz *z, int src, int card)
{
	return z->link_src[card] == src + 1 && z->link_inc[card] == z->bf_seq[src]
	    && z->b->objs[card].zone == ZN_EXILE && z->moveseq[card] == z->link_seq[card];
}

void
rz_link_return(struct rz *z, const struct bd_effect *e, int src, int controller, const char *sname)
{
	struct board *b = z->b;
	int *back = xcalloc((size_t)b->nobjs + 1, sizeof *back), n = 0;
	for (int i = 0; i < b->nobjs; i++)
		if (exiled_with(z, src, i))
			back[n++] = i;
	if (n == 0) {
		free(back);
		STEP(z, RL(R_LINKED, R_RESOLVE_FOLLOW), "No card was exiled with %s by its linked ability (its exile instruction hasn't happened, or this %s is a new object since), so %s returns nothing.",
		    rz_oname(z, src), rz_oname(z, src), sname);
		return;
	}
	struct sbuf names = {0};
	for (int k = 0; k < n; k++) {
		struct bd_obj *ob = &b->objs[back[k]];
		sbuf_addf(&names, "%s%s", k == 0 ? "" : k == n - 1 ? " and " : ", ", rz_oname(z, back[k]));
		z->link_src[back[k]] = 0;
		if (ob->token)
			continue;     /* a token in exile has already ceased to exist (704.5d) */
		ob->zone = e->to_hand ? ZN_HAND : ZN_BATTLEFIELD;
		ob->zpos = e->to_hand ? ++z->zseq : 0;
		if (!e->to_hand) {
			ob->controller = e->you ? controller : ob->owner;
			ob->ts = ++b->next_ts;
			ob->tapped = false;
			ob->damage = 0;
			ob->nctr = 0;
			ob->attached = -1;
		}
		z->moveseq[back[k]] = ++z->zseq;
	}
	char under[96];
	if (e->you)
		snprintf(under, sizeof under, "under %s's control", rz_pname(z, controller));
	else
		snprintf(under, sizeof under, "under %s owner's control", n == 1 ? "its" : "their");
	if (e->to_hand)
		STEP(z, RL(R_LINKED, R_NEW_OBJECT), "%s returns the card exiled with %s (%s) to its owner's hand: the two abilities are linked. It is a new object.",
		    sname, rz_oname(z, src), sbuf_str(&names));
	else
		STEP(z, RL(R_LINKED, R_NEW_OBJECT, R_TS_ZONE), "%s returns the card%s exiled with %s by its linked ability (%s) to the battlefield %s, as a new object with a new timestamp.",
		    sname, n == 1 ? "" : "s", rz_oname(z, src), sbuf_str(&names), under);
	sbuf_free(&names);
	if (!e->to_hand)
		rz_entered(z, back, n);
	free(back);
}

void
rz_until_exiled(struct rz *z, int src, int card)
{
	if (src < 0 || card < 0 || z->b->objs[card].zone != ZN_EXILE)
		return;
	rz_link_exiled(z, src, card);
	z->link_until[card] = true;
	STEP(z, RL(R_UNTIL), "%s stays in exile until %s leaves the battlefield; then it returns at once, without a triggered ability or the stack.",
	    rz_oname(z, card), rz_oname(z, src));
}

void
rz_until_left(struct rz *z, const int *left, int n)
{
	struct board *b = z->b;
	int *back = xcalloc((size_t)b->nobjs + 1, sizeof *back), nback = 0;
	struct sbuf t = {0}, gone = {0}, srcs = {0};
	int nsrcs = 0;
	for (int i = 0; i < n; i++) {
		int before = nback;
		for (int c = 0; c < b->nobjs; c++) {
			if (!z->link_until[c] || !exiled_with(z, left[i], c))
				continue;
			z->link_until[c] = false;
			z->link_src[c] = 0;
			struct bd_obj *ob = &b->objs[c];
			if (ob->token) {
				/* 704.5d: a token that left the battlefield has ceased to exist */
				sbuf_addf(&gone, "%s%s", gone.len ? ", " : "", rz_oname(z, c));
				continue;
			}
			ob->zone = ZN_BATTLEFIELD;
			ob->controller = ob->owner;
			ob->ts = ++b->next_ts;
			ob->tapped = false;
			ob->damage = 0;
			ob->nctr = 0;
			ob->attached = -1;
			ob->zpos = 0;
			z->moveseq[c] = ++z->zseq;
			sbuf_addf(&t, "%s%s", nback ? ", " : "", rz_oname(z, c));
			back[nback++] = c;
		}
		if (nback > before)
			sbuf_addf(&srcs, "%s%s", nsrcs++ ? " and " : "", rz_oname(z, left[i]));
	}
	if (gone.len)
		STEP(z, RL(R_UNTIL, R_TOKEN_GONE), "%s would return now that what exiled it left the battlefield, but a token that left the battlefield has ceased to exist.", sbuf_str(&gone));
	if (nback) {
		rz_layers(z);
		struct sbuf rep = {0};
		for (int k = 0; k < nback; k++)
			rz_enter_replacements(z, back[k], 0, &rep);
		STEP(z, RL(R_UNTIL, R_UNTIL_OWNER, R_NEW_OBJECT, R_TS_ZONE),
		    "%s left the battlefield, so what %s exiled until then returns to the battlefield at once, under its owner's control: %s. This is a one-shot effect right after that event, not a triggered ability, so it doesn't use the stack. %s a new object with a new timestamp: no counters, no Auras or Equipment, and summoning sick%s.",
		    sbuf_str(&srcs), nsrcs == 1 ? "it" : "they", sbuf_str(&t), nback == 1 ? "It is" : "Each is", sbuf_str(&rep));
		sbuf_free(&rep);
		rz_entered(z, back, nback);
	}
	sbuf_free(&t);
	sbuf_free(&gone);
	sbuf_free(&srcs);
	free(back);
}
