/* test_textbook_links.c — measures the textbook's links to the CR against the hand-written
 * tests/textbook/links.tsv (decided from the 2026-01-16 rules before the linker was tuned):
 * prints precision and recall and checks both reach 0.85. Needs ../shared/cr. */
#include "t.h"
#include "textbook/textbook.h"
#include "index/index.h"

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *s = malloc((size_t)n + 1);
	*len = fread(s, 1, (size_t)n, f);
	s[*len] = '\0';
	fclose(f);
	return s;
}

static bool
same(const char *a, const char *b)
{
	return strcasecmp(a, b) == 0;
}

int
main(void)
{
	const char *shared = SHARED_DIR();
	char path[1024];
	snprintf(path, sizeof path, "%s/cr/cr-2026-01-16.txt", shared);
	struct jindex *ix = jindex_new();
	CHECK(jindex_load_path(ix, path) == 1, "loaded %s", path);
	jindex_finish(ix);
	const struct jrelease *rel = tb_link_release(ix, NULL);
	CHECK(rel != NULL, "a release to link against");
	size_t len;
	char *txt = slurp("corpus/002_d927c6919929d9a4.txt", &len);
	CHECK(txt != NULL, "read the built-in textbook");
	if (!txt || !rel)
		return T_DONE();
	struct tb_book *b = tb_parse_text("002", txt, len, NULL);
	tb_link(b, rel);
	FILE *f = fopen("tests/textbook/links.tsv", "r");
	CHECK(f != NULL, "read tests/textbook/links.tsv");
	if (!f)
		return T_DONE();
	char line[1024];
	int rows = 0, missing = 0;
	double npred = 0, ncorrect = 0, nexp = 0, nfound = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		char *anc = strtok(line, "\t"), *head = strtok(NULL, "\t"), *want = strtok(NULL, "\t");
		if (!anc || !head || !want)
			continue;
		rows++;
		const jrid *got = NULL;
		uint32_t ngot = 0;
		bool policy = false, found = false;
		for (uint32_t p = 0; p < b->npages && !found; p++) {
			const struct tb_page *pg = &b->pages[p];
			bool under = same(pg->title, anc) || same(pg->chapter, anc) || same(pg->section, anc);
			if (strcmp(head, "-") == 0) {
				if (same(pg->title, anc)) {
					found = true;
					got = pg->rules, ngot = pg->nrules, policy = pg->policy;
				}
				continue;
			}
			if (!under)
				continue;
			for (uint32_t h = pg->heading0; h < pg->heading0 + pg->nheadings; h++)
				if (same(b->headings[h].title, head)) {
					found = true;
					got = b->headings[h].rules, ngot = b->headings[h].nrules;
					policy = b->headings[h].policy;
					break;
				}
		}
		if (!found) {
			missing++;
			printf("# not in the book: %s / %s\n", anc, head);
			continue;
		}
		char gs[256] = "";
		for (uint32_t i = 0; i < ngot; i++) {
			char id[16];
			strcat(gs, i ? " " : "");
			strcat(gs, jrid_str(got[i], id));
		}
		if (strcmp(want, "policy") == 0) {
			nexp += 1;
			if (policy && ngot == 0)
				npred += 1, ncorrect += 1, nfound += 1;
			else {
				npred += ngot;
				printf("# %s / %s: expected policy, got [%s]\n", anc, head, gs);
			}
			continue;
		}
		jrid exp[16];
		int ne = 0;
		for (char *w = strtok(want, " "); w && ne < 16; w = strtok(NULL, " "))
			exp[ne++] = jrid_from_str(w);
		nexp += ne;
		if (policy) {
			npred += 1;
			printf("# %s / %s: marked policy, expected %s\n", anc, head, want);
			continue;
		}
		npred += ngot;
		bool all = ngot > 0;
		for (uint32_t i = 0; i < ngot; i++) {
			bool ok = false;
			for (int k = 0; k < ne; k++)
				ok |= jrid_within(got[i], exp[k]);
			ncorrect += ok;
			all &= ok;
		}
		int hit = 0;
		for (int k = 0; k < ne; k++) {
			bool ok = false;
			for (uint32_t i = 0; i < ngot; i++)
				ok |= jrid_within(got[i], exp[k]);
			hit += ok;
		}
		nfound += hit;
		if (!all || hit < ne) {
			char es[128] = "";
			for (int k = 0; k < ne; k++) {
				char id[16];
				strcat(es, k ? " " : "");
				strcat(es, jrid_str(exp[k], id));
			}
			printf("# %s / %s: expected [%s], got [%s]\n", anc, head, es, gs);
		}
	}
	fclose(f);
	double P = npred ? ncorrect / npred : 0, R = nexp ? nfound / nexp : 0;
	printf("# links: %d headings, precision %.3f (%.0f/%.0f), recall %.3f (%.0f/%.0f)\n",
	    rows, P, ncorrect, npred, R, nfound, nexp);
	CHECK(rows >= 40, "at least 40 hand-linked headings (%d)", rows);
	CHECK_INT(missing, 0, "every listed heading is in the book");
	CHECK(P >= 0.85, "precision %.3f >= 0.85", P);
	CHECK(R >= 0.85, "recall %.3f >= 0.85", R);

	/* the brief's examples, as a topic's words alone */
	const struct { const char *topic; jrid want; } terms[] = {
		{ "State-based actions", JRID_MAKE(704, 0, 0) }, { "Layers", JRID_MAKE(613, 0, 0) },
		{ "Declare blockers step", JRID_MAKE(509, 0, 0) }, { "Trample", JRID_MAKE(702, 19, 0) },
	};
	for (size_t k = 0; k < sizeof terms / sizeof *terms; k++) {
		jrid got[4];
		size_t n = tb_link_terms(b, rel, terms[k].topic, got, 4);
		char id[16];
		CHECK(n >= 1 && got[0] == terms[k].want, "%s -> %s", terms[k].topic, jrid_str(terms[k].want, id));
	}
	/* a rule's output can list the pages teaching it */
	const struct tb_page *pv[8];
	size_t np = tb_pages_for_rule(b, rel, JRID_MAKE(704, 5, 'a'), pv, 8);
	CHECK(np >= 1 && strcmp(pv[0]->title, "State-based actions") == 0, "704.5a is taught by State-based actions");
	np = tb_pages_for_rule(b, rel, JRID_MAKE(509, 1, 0), pv, 8);
	CHECK(np >= 1 && strcmp(pv[0]->title, "Combat phase") == 0, "509.1 is taught by Combat phase");
	bool policy = false;
	np = tb_pages_for_rule(b, rel, JRID_MAKE(603, 0, 0), pv, 8);
	for (size_t k = 0; k < np; k++)
		policy |= pv[k]->policy;
	CHECK(np >= 1 && !policy, "no policy page is said to teach 603");
	tb_free(b);
	free(txt);
	jindex_free(ix);
	return T_DONE();
}
