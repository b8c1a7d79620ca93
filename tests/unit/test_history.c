/* test_history.c — the concordance, diff, trace and map across releases, the word diff,
 * and the pieces of `judge update` that need no network (URLs, links, HTTP answers). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "history/history.h"
#include "t.h"

static const char *const del[2] = { "[-", "-]" }, *const ins[2] = { "{+", "+}" };

static char *
wd(const char *a, const char *b)
{
	struct sbuf o = {0};
	hist_wdiff(&o, a, b, del, ins);
	return sbuf_take(&o);
}

static char *
norm(const char *s, bool drop)
{
	struct sbuf o = {0};
	hist_norm(s, &o, drop);
	return sbuf_take(&o);
}

#define CHECK_OWNED_STR(expr, want, ...) do { char *t_s = (expr); CHECK_STR(t_s, want, __VA_ARGS__); free(t_s); } while (0)

static void
test_text(void)
{
	CHECK_OWNED_STR(norm("it\xE2\x80\x99s  \xE2\x80\x9Cthe\xE2\x80\x9D\nrule_", false), "it's \"the\" rule",
	    "typography folds: curly quotes, spacing, underscores");
	CHECK_OWNED_STR(norm("See rule 509.4 and rules 601.2f\xE2\x80\x93h, 0 or less life.", true),
	    "See rule and rules , 0 or less life.", "rule numbers dropped, other numbers kept");
	CHECK_OWNED_STR(norm("rules 509.1-3.", true), "rules .", "a numeric range counts as one reference");
	CHECK_OWNED_STR(wd("Fourth, the active player gets priority.", "Second, the active player gets priority."),
	    "[-Fourth,-]{+Second,+} the active player gets priority.", "replacement at the start");
	CHECK_OWNED_STR(wd("described in rules 509.1\xE2\x80\x93" "3 are put", "described in rule 509.1 are put"),
	    "described in [-rules 509.1\xE2\x80\x93" "3-]{+rule 509.1+} are put", "replacement in the middle");
	CHECK_OWNED_STR(wd("a b c", "a b c d"), "a b c {+d+}", "pure insertion at the end");
	CHECK_OWNED_STR(wd("a b c", "b c"), "[-a-] b c", "pure deletion at the start");
	CHECK_OWNED_STR(wd("don't stop", "don\xE2\x80\x99t stop"), "don\xE2\x80\x99t stop",
	    "a curly apostrophe is no change");
	CHECK_OWNED_STR(wd("", ""), "", "empty texts");
	CHECK_OWNED_STR(wd("one\ntwo", "one\nthree"), "one\n[-two-]{+three+}", "paragraph breaks kept");
	struct sbuf o = {0};
	CHECK_INT(hist_wdiff(&o, "x y z", "x q z", del, ins), 2, "one word out, one in");
	sbuf_reset(&o);
	hist_wdiff_ctx(&o, "1 2 3 4 5 6 7 8 9 10 11 12 a 13 14 15 16 17 18 19 20 21 22 b 23 24 25 26 27 28",
	    "1 2 3 4 5 6 7 8 9 10 11 12 A 13 14 15 16 17 18 19 20 21 22 b 23 24 25 26 27 28 B", del, ins, 2);
	CHECK_STR(sbuf_str(&o), "… 11 12 [-a-]{+A+} 13 14 … 27 28 {+B+}", "context: long unchanged runs cut to their ends");
	sbuf_reset(&o);
	hist_wdiff_ctx(&o, "1 2 3 4 5 6 7 8 9", "1 2 3 4 5 6 7 8 9", del, ins, 2);
	CHECK_STR(sbuf_str(&o), "1 2 3 4 5 6 7 8 9", "context: an unchanged text is shown whole");
	sbuf_free(&o);
}

static void
test_urls(void)
{
	CHECK_OWNED_STR(hist_resolve_url("https://magic.wizards.com/en/rules", "/en/x.txt"),
	    "https://magic.wizards.com/en/x.txt", "root-relative");
	CHECK_OWNED_STR(hist_resolve_url("https://magic.wizards.com/en/rules", "//media.wizards.com/a.txt"),
	    "https://media.wizards.com/a.txt", "protocol-relative");
	CHECK_OWNED_STR(hist_resolve_url("http://h:8080/dir/page.html?q=1", "b.txt"),
	    "http://h:8080/dir/b.txt", "relative to the page's folder");
	CHECK_OWNED_STR(hist_resolve_url("http://h", "b.txt"), "http://h/b.txt", "relative to a bare host");
	CHECK_OWNED_STR(hist_resolve_url("http://h/x", "http://other/y.txt"), "http://other/y.txt", "absolute");
	const char *page =
	    "<html><a href=\"/en/news\">News</a>"
	    "<a class=x href='https://media.wizards.com/2024/downloads/MagicCompRules 20240730.txt'>old</a>"
	    "<A HREF=\"https://media.wizards.com/2025/downloads/MagicCompRules%2020251114.txt\">TXT</A>"
	    "<a href=\"https://media.wizards.com/2025/downloads/MagicCompRules%2020251114.pdf\">PDF</a>"
	    "<a href=\"/readme.txt\">other text</a></html>";
	CHECK_OWNED_STR(hist_find_txt_link(page, strlen(page), "https://magic.wizards.com/en/rules"),
	    "https://media.wizards.com/2025/downloads/MagicCompRules%2020251114.txt",
	    "the newest MagicCompRules .txt link wins");
	const char *none = "<html><a href=\"x.pdf\">x</a><a href=";
	CHECK(hist_find_txt_link(none, strlen(none), "http://h/") == NULL, "no .txt link: NULL");
	const char *rel = "<a href=\"MagicCompRules 20300101.txt\">";
	CHECK_OWNED_STR(hist_find_txt_link(rel, strlen(rel), "http://127.0.0.1:9/rules/"),
	    "http://127.0.0.1:9/rules/MagicCompRules 20300101.txt", "a relative link is resolved");
}

static void
test_http(void)
{
	struct sbuf body = {0}, err = {0};
	char *loc = NULL;
	const char *ok = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello world";
	CHECK_INT(hist_http_parse(ok, strlen(ok), &body, &err, &loc), HF_OK, "200 parses");
	CHECK_STR(sbuf_str(&body), "hello", "Content-Length bounds the body");
	sbuf_reset(&body);
	const char *ch = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n5;x=y\r\npedia\r\n0\r\n\r\n";
	CHECK_INT(hist_http_parse(ch, strlen(ch), &body, &err, &loc), HF_OK, "chunked parses");
	CHECK_STR(sbuf_str(&body), "Wikipedia", "chunks joined, extensions ignored");
	sbuf_reset(&body);
	const char *rd = "HTTP/1.1 301 Moved\r\nLocation: /new/place.txt\r\n\r\n";
	CHECK_INT(hist_http_parse(rd, strlen(rd), &body, &err, &loc), HF_OK, "redirect parses");
	CHECK_STR(loc, "/new/place.txt", "redirect target");
	free(loc);
	loc = NULL;
	const char *nf = "HTTP/1.0 404 File not found\r\nServer: x\r\n\r\ngone";
	CHECK_INT(hist_http_parse(nf, strlen(nf), &body, &err, &loc), HF_HTTP, "404 is an HTTP error");
	CHECK(strstr(sbuf_str(&err), "404 File not found") != NULL, "the status line is quoted: %s", sbuf_str(&err));
	sbuf_reset(&err);
	const char *cut = "HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\nshort";
	CHECK_INT(hist_http_parse(cut, strlen(cut), &body, &err, &loc), HF_PROTO, "short body is an error");
	const char *junk = "SSH-2.0-OpenSSH\r\n\r\n";
	CHECK_INT(hist_http_parse(junk, strlen(junk), &body, &err, &loc), HF_PROTO, "not HTTP");
	const char *badch = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffff\r\nab";
	CHECK_INT(hist_http_parse(badch, strlen(badch), &body, &err, &loc), HF_PROTO, "chunk longer than the data");
	sbuf_free(&body);
	sbuf_free(&err);
}

/* Two small releases written here: what moved, changed, came and went is known. */
static const char syn_a[] =
    "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of January 1, 2030.\n\n"
    "1. Game Concepts\n\n100. General\n\n"
    "100.1. These Magic rules apply to any Magic game with two or more players, including two-player games and multiplayer games.\n\n"
    "100.2. To play, each player needs their own deck of traditional Magic cards, small items to represent any tokens and counters, and some way to clearly track life totals.\n\n"
    "100.2a In constructed play, each player needs a deck of at least sixty cards.\n\n"
    "100.3. Some cards require coins or traditional dice.\n\n"
    "101. The Magic Golden Rules\n\n"
    "101.1. Whenever a card's text directly contradicts these rules, the card takes precedence.\n\n"
    "Glossary\n\nAbandon\nTo turn a face-up ongoing scheme card face down.\n\nCredits\n";
static const char syn_b[] =
    "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of June 1, 2030.\n\n"
    "1. Game Concepts\n\n100. General\n\n"
    "100.1. These Magic rules apply to any Magic game with two or more players, including two-player games and multiplayer games.\n\n"
    "100.2. Some cards require coins or traditional dice.\n\n"
    "100.3. A sideboard may be used between games of a match.\n\n"
    "101. The Magic Golden Rules\n\n"
    "101.1. Whenever a card's text directly contradicts these rules, the card wins.\n\n"
    "Glossary\n\nAbandon\nTo turn a face-up ongoing scheme card face down.\n\nCredits\n";

static const char *
id_of(const struct jrelease *r, uint32_t i)
{
	return i == JNONE ? "(none)" : r->rules[i].num;
}

static void
test_synthetic(void)
{
	struct jindex *ix = jindex_new();
	struct jrelease *a = jindex_load_bytes(ix, "a.txt", (const unsigned char *)syn_a, sizeof syn_a - 1);
	struct jrelease *b = jindex_load_bytes(ix, "b.txt", (const unsigned char *)syn_b, sizeof syn_b - 1);
	jindex_finish(ix);
	CHECK(a && b, "synthetic releases parse");
	if (!a || !b) {
		jindex_free(ix);
		return;
	}
	CHECK_INT(a->nrules, 8, "release a: 1, 100, 100.1-3, 100.2a, 101, 101.1");
	CHECK_INT(b->nrules, 7, "release b: 1, 100, 100.1-3, 101, 101.1");
	struct hist_diff d;
	hist_diff(a, b, JRID_NONE, &d);
	CHECK_INT(d.count[HK_UNCHANGED], 4, "unchanged: 1, 100, 100.1, 101");
	CHECK_INT(d.count[HK_CHANGED], 1, "changed: 101.1");
	CHECK_INT(d.count[HK_MOVED], 1, "moved: 100.3 -> 100.2");
	CHECK_INT(d.count[HK_REMOVED], 2, "removed: 100.2, 100.2a");
	CHECK_INT(d.count[HK_ADDED], 1, "added: 100.3");
	for (size_t i = 0; i < d.n; i++) {
		const struct hist_item *it = &d.v[i];
		if (it->kind == HK_MOVED) {
			CHECK_STR(id_of(a, it->ai), "100.3", "moved from");
			CHECK_STR(id_of(b, it->bi), "100.2", "moved to");
			CHECK(!it->text_changed, "moved without a text change");
		}
		if (it->kind == HK_CHANGED)
			CHECK_STR(id_of(b, it->bi), "101.1", "the changed rule");
		if (it->kind == HK_ADDED)
			CHECK_STR(id_of(b, it->bi), "100.3", "the added rule");
	}
	hist_diff_free(&d);
	hist_diff(a, b, jrid_from_str("101"), &d);
	CHECK_INT(d.n, 2, "section 101 only: the chapter and 101.1");
	hist_diff_free(&d);
	float conf;
	uint32_t t = hist_map(ix, a, jrel_find(a, jrid_from_str("100.3")), b, &conf);
	CHECK_STR(id_of(b, t), "100.2", "map 100.3 -> 100.2");
	CHECK(conf > 0.9f, "identical text moved: confident (%.2f)", (double)conf);
	t = hist_map(ix, a, jrel_find(a, jrid_from_str("100.2a")), b, &conf);
	CHECK(t == JNONE, "100.2a has no counterpart");
	t = hist_map(ix, b, jrel_find(b, jrid_from_str("100.2")), a, &conf);
	CHECK_STR(id_of(a, t), "100.3", "map backwards 100.2 -> 100.3");
	struct hist_align *al = hist_align(a, a);
	bool ident = true;
	for (uint32_t i = 0; i < a->nrules; i++)
		ident = ident && al->a2b[i] == i && al->conf[i] == 1.0f;
	CHECK(ident, "a release aligned with itself is the identity, confidence 1");
	hist_align_free(al);
	hist_cache_clear();
	jindex_free(ix);
}

static double
now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static struct jrelease *
load(struct jindex *ix, const char *shared, const char *date)
{
	T_LOAD_CR(ix, shared, date);
	return jindex_release(ix, date);
}

/* The example, written out from the two files by hand. */
static void
test_509(struct jindex *ix)
{
	struct jrelease *a = jindex_release(ix, "2024-07-30"), *b = jindex_release(ix, "2025-11-14");
	static const char *const moved[][2] = {
		{"509.4", "509.2"}, {"509.4a", "509.2a"}, {"509.5", "509.3"},
		{"509.5a", "509.3a"}, {"509.5b", "509.3b"}, {"509.5c", "509.3c"}, {"509.5d", "509.3d"},
		{"509.5e", "509.3e"}, {"509.5f", "509.3f"}, {"509.5g", "509.3g"},
		{"509.7", "509.4"}, {"509.7a", "509.4a"}, {"509.7b", "509.4b"},
	};
	static const char *const removed[] = { "509.2", "509.2a", "509.3", "509.3a", "509.6" };
	struct hist_diff d;
	hist_diff(a, b, jrid_from_str("509"), &d);
	CHECK_INT(d.count[HK_MOVED], sizeof moved / sizeof *moved, "509: moved count");
	CHECK_INT(d.count[HK_REMOVED], sizeof removed / sizeof *removed, "509: removed count");
	CHECK_INT(d.count[HK_ADDED], 0, "509: nothing added");
	for (size_t k = 0; k < sizeof moved / sizeof *moved; k++) {
		bool found = false;
		for (size_t i = 0; i < d.n; i++)
			found = found || (d.v[i].kind == HK_MOVED && strcmp(id_of(a, d.v[i].ai), moved[k][0]) == 0 &&
			    strcmp(id_of(b, d.v[i].bi), moved[k][1]) == 0);
		CHECK(found, "509: %s moved to %s", moved[k][0], moved[k][1]);
	}
	for (size_t k = 0; k < sizeof removed / sizeof *removed; k++) {
		bool found = false;
		for (size_t i = 0; i < d.n; i++)
			found = found || (d.v[i].kind == HK_REMOVED && strcmp(id_of(a, d.v[i].ai), removed[k]) == 0);
		CHECK(found, "509: %s (damage assignment order) removed", removed[k]);
	}
	hist_diff_free(&d);
	/* 118.3c kept its words and lost its example (seen with grep in both files) */
	hist_diff(a, b, jrid_from_str("118.3c"), &d);
	CHECK(d.n == 1 && d.v[0].kind == HK_CHANGED, "118.3c: only its example went, so it changed (%s)",
	    d.n ? hist_kind_name(d.v[0].kind) : "nothing");
	hist_diff_free(&d);
}

static void
test_accounting(struct jindex *ix)
{
	uint32_t n;
	struct jrelease **ch = hist_chain(ix, &n);
	CHECK_INT(n, 8, "eight releases in the chain");
	for (uint32_t k = 1; k < n; k++)
		CHECK(ch[k - 1]->date < ch[k]->date, "chain in date order: %s < %s", ch[k - 1]->label, ch[k]->label);
	for (uint32_t k = 1; k < n; k++) {
		struct jrelease *a = ch[k - 1], *b = ch[k];
		struct hist_diff d;
		hist_diff(a, b, JRID_NONE, &d);
		size_t *c = d.count;
		CHECK_INT(c[HK_UNCHANGED] + c[HK_CHANGED] + c[HK_MOVED] + c[HK_REMOVED], a->nrules,
		    "%s -> %s: old = unchanged+changed+moved+removed", a->label, b->label);
		CHECK_INT(c[HK_UNCHANGED] + c[HK_CHANGED] + c[HK_MOVED] + c[HK_ADDED], b->nrules,
		    "%s -> %s: new = unchanged+changed+moved+added", a->label, b->label);
		/* each rule of either side exactly once */
		unsigned char *sa = calloc(a->nrules + 1, 1), *sb = calloc(b->nrules + 1, 1);
		bool once = true;
		for (size_t i = 0; i < d.n; i++) {
			if (d.v[i].ai != JNONE)
				once = once && sa[d.v[i].ai]++ == 0;
			if (d.v[i].bi != JNONE)
				once = once && sb[d.v[i].bi]++ == 0;
		}
		CHECK(once, "%s -> %s: no rule counted twice", a->label, b->label);
		/* a moved rule keeps most of its words; check a sample of them */
		size_t bad = 0, seen = 0;
		for (size_t i = 0; i < d.n; i++)
			if (d.v[i].kind == HK_UNCHANGED)
				bad += !hist_same_text(&a->rules[d.v[i].ai], &b->rules[d.v[i].bi]), seen++;
		CHECK(bad == 0 && seen > 0, "%s -> %s: every unchanged rule has the same text (%zu)",
		    a->label, b->label, seen);
		free(sa);
		free(sb);
		hist_diff_free(&d);
	}
	free(ch);
}

static void
test_legend(struct jindex *ix)
{
	/* from a grep of "legend rule" in each file */
	static const char *const want[][2] = {
		{"2008-10-01", "420.5e"}, {"2013-05-01", "704.5k"}, {"2015-11-13", "704.5k"},
		{"2020-11-20", "704.5j"}, {"2022-11-18", "704.5j"}, {"2024-07-30", "704.5j"},
		{"2025-11-14", "704.5j"}, {"2026-01-16", "704.5j"},
	};
	struct jrelease *from = jindex_release(ix, "2025-11-14");
	uint32_t n;
	struct hist_step *s = hist_trace(ix, from, jrel_find(from, jrid_from_str("704.5j")), &n);
	CHECK_INT(n, 8, "legend rule: a step per release");
	for (uint32_t i = 0; i < n && i < 8; i++) {
		CHECK_STR(s[i].rel->label, want[i][0], "legend rule: release %u", i);
		CHECK_STR(id_of(s[i].rel, s[i].ri), want[i][1], "legend rule in %s", want[i][0]);
	}
	CHECK_INT(s[0].kind, HK_ADDED, "legend rule: first seen in 2008");
	CHECK_INT(s[1].kind, HK_MOVED, "legend rule: moved in the 2009 renumbering");
	free(s);
	/* and from the other end: the 2008 rule forwards */
	from = jindex_release(ix, "2008-10-01");
	s = hist_trace(ix, from, jrel_find(from, jrid_from_str("420.5e")), &n);
	CHECK_STR(id_of(s[n - 1].rel, s[n - 1].ri), "704.5j", "420.5e (2008) is 704.5j today");
	free(s);
}

static void
test_map(struct jindex *ix)
{
	struct jrelease *old = jindex_release(ix, "2008-10-01");
	static const char *const to[] = { "2013-05-01", "2025-11-14", "2026-01-16", "2025-11-14" };
	hist_cache_clear();     /* time it cold, then warm (the last one) */
	for (size_t k = 0; k < 4; k++) {
		struct jrelease *r = jindex_release(ix, to[k]);
		float conf = 0;
		double t0 = now();
		uint32_t t = hist_map(ix, old, jrel_find(old, jrid_from_str("420.5a")), r, &conf);
		double dt = now() - t0;
		CHECK_STR(id_of(r, t), "704.5a", "2008's 420.5a is %s's 704.5a", to[k]);
		CHECK(conf > 0.3f && conf <= 1.0f, "with a confidence in (0.3, 1]: %.2f", (double)conf);
		printf("# map 420.5a 2008 -> %s: %.1f ms%s\n", to[k], dt * 1000, k == 3 ? " (again)" : "");
	}
	float conf;
	uint32_t t = hist_map(ix, old, jrel_find(old, jrid_from_str("420.5")), jindex_release(ix, "2025-11-14"), &conf);
	CHECK_STR(id_of(jindex_release(ix, "2025-11-14"), t), "704.5", "state-based actions: 420.5 -> 704.5");
	struct jrelease *a = jindex_release(ix, "2024-07-30"), *b = jindex_release(ix, "2025-11-14");
	t = hist_map(ix, a, jrel_find(a, jrid_from_str("509.2")), b, &conf);
	CHECK(t == JNONE, "2024's 509.2 (damage assignment order) has none in 2025: %s", id_of(b, t));
	CHECK(conf > 0.5f, "and that is fairly sure: %.2f", (double)conf);
	t = hist_map(ix, b, jrel_find(b, jrid_from_str("509.3c")), a, &conf);
	CHECK_STR(id_of(a, t), "509.5c", "backwards: 509.3c (2025) was 509.5c (2024)");
}

static void
test_speed(struct jindex *ix)
{
	struct jrelease *a = jindex_release(ix, "2024-07-30"), *b = jindex_release(ix, "2025-11-14");
	double best = 1e9, cold = 0;
	for (int i = 0; i < 4; i++) {
		if (i == 0)
			hist_cache_clear();     /* the first: words not yet read */
		double t0 = now();
		struct hist_diff d;
		hist_diff(a, b, JRID_NONE, &d);
		double dt = now() - t0;
		if (i == 0)
			cold = dt;
		else
			best = dt < best ? dt : best;
		hist_diff_free(&d);
	}
	printf("# full diff 2024-07-30 -> 2025-11-14: %.0f ms cold, %.0f ms with the words remembered\n",
	    cold * 1000, best * 1000);
	/* generous: sanitizers slow this down several times, and tests run in parallel */
	CHECK(cold < (getenv("JUDGE_SANITIZED") ? 10.0 : 2.0), "full diff is interactive: %.0f ms", cold * 1000);
}


static const char *
carried(struct hist_carry *k, int from, const char *id, char *buf)
{
	jrid t = hist_carry_id(k, from, jrid_from_str(id), NULL);
	return t == JRID_NONE ? "(dropped)" : jrid_str(t, buf);
}

/* Rule numbers of release a's data carried into b: through the anchors alone (a not
 * loaded), then through the concordance (both loaded). */
static void
test_carry(void)
{
	char buf[32];
	struct jindex *ia = jindex_new();
	struct jrelease *a = jindex_load_bytes(ia, "a.txt", (const unsigned char *)syn_a, sizeof syn_a - 1);
	jindex_finish(ia);
	struct sbuf anchors = {0};
	hist_anchors_write(a, &anchors);
	CHECK(strstr(sbuf_str(&anchors), "# rules: 2030-01-01\n") != NULL, "the anchors name their release");
	struct jindex *ib = jindex_new();
	struct jrelease *b = jindex_load_bytes(ib, "b.txt", (const unsigned char *)syn_b, sizeof syn_b - 1);
	jindex_finish(ib);
	struct diags d = {0};
	struct hist_carry *k = hist_carry_new(ib, b, "anchors.tsv", anchors.s, anchors.len, &d);
	CHECK_INT(d.n, 0, "the anchors read cleanly");
	CHECK_INT(hist_carry_anchor_date(k), 20300101, "their date");
	CHECK_STR(carried(k, 20300101, "100.1", buf), "100.1", "same number, same text: kept");
	CHECK_STR(carried(k, 20300101, "100.3", buf), "100.2", "same text under another number: moved");
	CHECK_STR(carried(k, 20300101, "100.2", buf), "(dropped)", "a removed rule is dropped");
	CHECK_STR(carried(k, 20300101, "100.2a", buf), "(dropped)", "a removed subrule is dropped");
	CHECK_STR(carried(k, 20300101, "101.1", buf), "(dropped)", "a rule changed in substance is dropped, not guessed");
	CHECK_STR(carried(k, 20300601, "101.1", buf), "101.1", "numbers of the answering release itself stay");
	CHECK_STR(carried(k, 20290101, "100.1", buf), "(dropped)", "numbers of a release neither loaded nor anchored are dropped");
	uint64_t key = hist_carry_key(k);
	hist_carry_free(k);
	/* a damaged anchors file: each bad line reported with its line, the rest used */
	const char *bad = "# rules: 2030-01-01\n100.3\tnot-hex\n100.1\t12\n";
	k = hist_carry_new(ib, b, "anchors.tsv", bad, strlen(bad), &d);
	CHECK(d.n == 1 && d.v[0].line == 2 && strcmp(d.v[0].file, "anchors.tsv") == 0,
	    "a bad anchors line is reported at file:line (%zu reported)", d.n);
	CHECK(hist_carry_key(k) != key, "the carry key follows the anchors");
	CHECK_STR(carried(k, 20300101, "100.1", buf), "(dropped)", "a wrong hash carries nothing");
	hist_carry_free(k);
	diag_clear(&d);
	free(d.v);
	/* both loaded: the concordance itself */
	struct jindex *ix = jindex_new();
	jindex_load_bytes(ix, "a.txt", (const unsigned char *)syn_a, sizeof syn_a - 1);
	struct jrelease *b2 = jindex_load_bytes(ix, "b.txt", (const unsigned char *)syn_b, sizeof syn_b - 1);
	jindex_finish(ix);
	k = hist_carry_new(ix, b2, NULL, NULL, 0, NULL);
	CHECK_STR(carried(k, 20300101, "100.3", buf), "100.2", "through hist_map: moved");
	CHECK_STR(carried(k, 20300101, "100.2a", buf), "(dropped)", "through hist_map: removed");
	CHECK(hist_carry_key(k) != key, "the carry key follows the releases loaded");
	hist_carry_free(k);
	hist_cache_clear();
	jindex_free(ix);
	jindex_free(ia);
	jindex_free(ib);
	sbuf_free(&anchors);
}

int
main(void)
{
	test_text();
	test_carry();
	test_urls();
	test_http();
	test_synthetic();
	const char *shared = t_shared();
	if (!shared) {
		printf("# ../shared is absent: the tests over official releases are skipped\n");
		return T_DONE();
	}
	struct jindex *ix = jindex_new();
	static const char *const dates[] = { "2008-10-01", "2013-05-01", "2015-11-13", "2020-11-20",
		"2022-11-18", "2024-07-30", "2025-11-14", "2026-01-16" };
	for (size_t i = 0; i < 8; i++)
		CHECK(load(ix, shared, dates[i]) != NULL, "load %s", dates[i]);
	jindex_finish(ix);
	test_509(ix);
	test_accounting(ix);
	test_legend(ix);
	test_map(ix);
	test_speed(ix);
	hist_cache_clear();
	jindex_free(ix);
	return T_DONE();
}
