/* test_resolver.c — the resolver's citation table against the newest CR loaded with the
 * real parser, and a few resolutions checked through the API. */
#include "t.h"
#include "board/board.h"
#include "index/index.h"
#include "resolver/resolver.h"

static struct rz_result *
run(const char *text)
{
	struct diags d = {0};
	struct board *b = bd_parse("t", text, strlen(text), &d);
	diag_clear(&d);
	return b ? rz_resolve(b) : NULL;
}

static int
find(const struct board *b, const char *name)
{
	for (int i = 0; i < b->nobjs; i++)
		if (!strcmp(b->objs[i].name, name))
			return i;
	return -1;
}

int
main(void)
{
	/* SBAs performed together, then checked again (704.3) */
	struct rz_result *r = run(
	    "player A active\nplayer N\n"
	    "permanent Lord\n controller A\n type Creature — Elf\n pt 1/1\n damage 1\n ability Other Elf creatures you control get +1/+1.\n"
	    "permanent Elf\n controller A\n type Creature — Elf\n pt 1/1\n damage 1\n");
	CHECK(r != NULL, "resolves a board with no event");
	if (r) {
		CHECK_INT(r->b->objs[0].zone, ZN_GRAVEYARD, "the lord dies on the first check");
		CHECK_INT(r->b->objs[1].zone, ZN_GRAVEYARD, "the Elf dies on the next check");
		CHECK(r->b->objs[0].zpos < r->b->objs[1].zpos, "in that order");
		int sba = 0;
		for (int i = 0; i < r->nsteps; i++)
			sba += strstr(r->steps[i].text, "State-based actions") != NULL;
		CHECK_INT(sba, 2, "two separate checks");
		rz_free(r);
	}
	/* combat: trample with deathtouch */
	r = run("player A active\nplayer N\n"
	    "permanent T\n controller A\n type Creature\n pt 4/4\n ability Trample, deathtouch\n attacking N\n"
	    "permanent B\n controller N\n type Creature\n pt 5/5\n blocking T\ncombat\n");
	CHECK(r && r->b->players[1].life == 17, "deathtouch + trample: 1 to the blocker, 3 through");
	CHECK(r && r->b->objs[find(r->b, "B")].zone == ZN_GRAVEYARD, "the blocker dies to deathtouch");
	CHECK(r && r->b->objs[find(r->b, "T")].zone == ZN_GRAVEYARD, "the attacker takes 5");
	rz_free(r);
	/* an illegal stated assignment falls back to a legal one */
	r = run("player A active\nplayer N\n"
	    "permanent T\n controller A\n type Creature\n pt 4/4\n ability Trample\n attacking N\n"
	    "permanent B\n controller N\n type Creature\n pt 0/3\n blocking T\n"
	    "assign T: 1 to B, 3 to N\ncombat\n");
	CHECK(r && r->b->players[1].life == 19, "702.19b: 3 must go to the blocker first, 1 through");
	rz_free(r);
	/* layer 7d after 7c whatever the timestamps */
	r = run("player A active\n"
	    "permanent W\n controller A\n type Creature\n pt 1/3\n"
	    "permanent Aura\n controller A\n type Enchantment — Aura\n attached W\n ability Enchant creature\n ability Enchanted creature gets +0/+1.\n"
	    "spell S\n controller A\n type Instant\n target W\n ability Switch target creature's power and toughness until end of turn.\n"
	    "resolve S\n");
	CHECK(r && r->view[0].power == 4 && r->view[0].toughness == 1, "CR 613.4d: 1/3 +0/+1 switched is 4/1");
	rz_free(r);

	/* layer 1: a copy of a legendary creature is legendary with the same name (704.5j),
	 * and it copies abilities (a lord) but not counters */
	r = run("player A active\n"
	    "permanent Lord\n controller A\n type Legendary Creature — Elf\n pt 2/2\n counters 1 +1/+1\n ability Other Elf creatures you control get +1/+1.\n"
	    "permanent Elf\n controller A\n type Creature — Elf\n pt 1/1\n"
	    "permanent Clone\n controller A\n type Creature — Shapeshifter\n pt 0/0\n copy-of Lord\n keep Clone\n");
	CHECK(r != NULL, "a copy resolves");
	if (r) {
		CHECK_INT(r->b->objs[0].zone, ZN_GRAVEYARD, "the legend rule sees the copy's name");
		CHECK_INT(r->b->objs[2].zone, ZN_BATTLEFIELD, "the kept copy stays");
		CHECK_INT(r->view[2].power * 10 + r->view[2].toughness, 22, "the copy is 2/2: no counters copied");
		CHECK_INT(r->view[1].power, 2, "the copy's lord ability gives the Elf +1/+1");
		rz_free(r);
	}

	/* every citation exists in the newest release, loaded with the real CR parser */
	const char *sh = SHARED_DIR();
	struct jindex *ix = jindex_new();
	int n = T_LOAD_CR(ix, sh, "2026-01-16");
	jindex_finish(ix);
	CHECK_INT(n, 1, "the 2026-01-16 CR loads");
	struct jrelease *rel = jindex_default(ix);
	if (rel) {
		int missing = 0;
		for (size_t i = 0; i < rz_cite_count(); i++) {
			jrid id = jrid_from_str(rz_cite_id(i));
			if (id == JRID_NONE || jrel_find(rel, id) == JNONE) {
				missing++;
				printf("# %s (%s) is not in %s\n", rz_cite_id(i), rz_cite_what(i), rel->label);
			}
		}
		CHECK_INT(missing, 0, "all %zu cited rules exist in %s", rz_cite_count(), rel->label);
	}
	jindex_free(ix);
	return T_DONE();
}
