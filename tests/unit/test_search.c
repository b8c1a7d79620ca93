/* test_search.c — the search module: tokenizer, folding, stemming, the query parser and
 * its diagnostics, regex limits, thesaurus, and ranking on a hand-built release and on
 * the real 2026-01-16 release. */
#include "t.h"
#include "search/search.h"
#include "search/srch_int.h"

#include <time.h>

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* All tokens of s, folded, joined by '|'. */
static const char *
toks(const char *s)
{
	static char out[512];
	size_t pos = 0, o = 0, n = strlen(s);
	struct stok t;
	out[0] = '\0';
	while (stok_next(s, n, &pos, &t) && o + t.flen + 2 < sizeof out) {
		if (o)
			out[o++] = '|';
		memcpy(out + o, t.f, t.flen);
		o += t.flen;
		out[o] = '\0';
	}
	return out;
}

/* ---- a small release built by hand ---- */
static const char *ex19b[] = { "A 5/5 creature with trample blocked by a 2/2 assigns 2 lethal damage to it and 3 to the player." };
static struct jrule rules[] = {
	{ .id = JRID_MAKE(7, 0, 0), .num = "7", .title = "Additional Rules", .text = "Additional Rules", .parent = JNONE },
	{ .id = JRID_MAKE(702, 0, 0), .num = "702", .title = "Keyword Abilities", .text = "Keyword Abilities", .parent = 0 },
	{ .id = JRID_MAKE(702, 2, 0), .num = "702.2", .title = "Deathtouch", .text = "Deathtouch", .parent = 1 },
	{ .id = JRID_MAKE(702, 2, 'b'), .num = "702.2b", .text = "A creature dealt damage by a source with deathtouch since the last check is destroyed.", .parent = 2 },
	{ .id = JRID_MAKE(702, 19, 0), .num = "702.19", .title = "Trample", .text = "Trample", .parent = 1 },
	{ .id = JRID_MAKE(702, 19, 'a'), .num = "702.19a", .text = "Trample is a static ability that modifies the rules for assigning an attacking creature\xe2\x80\x99s combat damage.", .parent = 4 },
	{ .id = JRID_MAKE(702, 19, 'b'), .num = "702.19b", .text = "The controller of an attacking creature with trample first assigns lethal damage to the blocking creatures, then the rest to the player or planeswalker.", .examples = ex19b, .nexamples = 1, .parent = 4 },
	{ .id = JRID_MAKE(702, 19, 'c'), .num = "702.19c", .text = "Trample over planeswalkers lets excess damage go to the planeswalker\xe2\x80\x99s controller.", .parent = 4 },
	{ .id = JRID_MAKE(704, 0, 0), .num = "704", .title = "State-Based Actions", .text = "State-Based Actions", .parent = 0 },
	{ .id = JRID_MAKE(704, 5, 'j'), .num = "704.5j", .text = "If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners\xe2\x80\x99 graveyards. This is called the \xe2\x80\x9clegend rule.\xe2\x80\x9d", .parent = 8 },
	{ .id = JRID_MAKE(704, 5, 'k'), .num = "704.5k", .text = "J\xc3\xb6tun Grunt and Ma\xe2\x80\x99r\xc3\xbb" "f are names with accents; aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", .parent = 8 },
};
static const char *trample_alias[] = { "Trample" };
static const char *lethal_alias[] = { "Lethal Damage" };
static uint32_t trample_refs[] = { 4 };
static struct jgloss gloss[] = {
	{ .head = "Trample", .aliases = trample_alias, .naliases = 1, .text = "A keyword ability that modifies how a creature assigns combat damage. See rule 702.19, \xe2\x80\x9cTrample.\xe2\x80\x9d", .refs = trample_refs, .nrefs = 1 },
	{ .head = "Lethal Damage", .aliases = lethal_alias, .naliases = 1, .text = "An amount of damage greater than or equal to a creature\xe2\x80\x99s toughness." },
};

static struct srch *
small_index(void)
{
	static struct jrelease rel;
	rel.rules = rules;
	rel.nrules = sizeof rules / sizeof *rules;
	rel.gloss = gloss;
	rel.ngloss = sizeof gloss / sizeof *gloss;
	struct srch *s = srch_new();
	srch_add_release(s, &rel);
	srch_add_doc(s, SK_TEXTBOOK, "book 3.1", "Combat tricks", "Pump spells after blockers are declared.");
	/* every kind of token the indexer's fast path hands to the general tokenizer */
	srch_add_doc(s, SK_TEXTBOOK, "book 9.9", NULL,
	    "Quuxly Fr\xc3\xb6" "bnitz\xe2\x80\x99s zork's +7/+7 X/X blorp-like (see 999.99z.) gl\xc5\x93p");
	struct diags d = {0};
	const char *th = "# comment\netb\tenters the battlefield\nfizzle | fizzles\ttarget illegal resolve\nno tab here\n";
	int k = srch_add_thesaurus(s, "th.tsv", th, strlen(th), &d);
	CHECK_INT(k, 3, "thesaurus: two lines, three slang spellings");
	CHECK_INT(d.n, 1, "thesaurus: the line without a tab is reported");
	CHECK(d.n == 1 && d.v[0].line == 4 && d.v[0].level == DL_WARNING, "thesaurus: reported at line 4 as a warning");
	diag_clear(&d);
	/* a query is matched on at most four slang words: a longer term would never fire */
	const char *th5 = "the turn i play it | turn i play it\tcontinuously\n";
	k = srch_add_thesaurus(s, "th5.tsv", th5, strlen(th5), &d);
	CHECK_INT(k, 1, "thesaurus: a five-word slang term is not added, its four-word spelling is");
	CHECK(d.n == 1 && d.v[0].level == DL_WARNING && strstr(d.v[0].msg, "never matches"),
	    "thesaurus: a five-word slang term is reported");
	diag_clear(&d);
	srch_finalize(s);
	return s;
}

/* Ids of the hits of query q, joined by ' '; "ERR" when the query did not run. */
static const char *
run(struct srch *s, const char *q, size_t limit, struct diags *d)
{
	static char out[1024];
	struct srch_result r;
	diag_clear(d);
	srch_run(s, q, limit, &r, d);
	out[0] = '\0';
	if (r.error)
		snprintf(out, sizeof out, "ERR");
	for (size_t i = 0; i < r.nshown; i++) {
		size_t o = strlen(out);
		snprintf(out + o, sizeof out - o, "%s%s%s", i ? " " : "", srch_doc_id(s, r.hits[i].doc),
		    srch_doc_kind(s, r.hits[i].doc) == SK_EXAMPLE ? "/ex" : "");
	}
	srch_result_free(&r);
	return out;
}

static const char *
first(struct srch *s, const char *q)
{
	struct diags d = {0};
	static char buf[64];
	snprintf(buf, sizeof buf, "%s", run(s, q, 1, &d));
	diag_clear(&d);
	return buf;
}

static void
test_text(void)
{
	CHECK_STR(toks("Trample, TRAMPLE; trample."), "trample|trample|trample", "tokens are lower-cased, punctuation splits");
	CHECK_STR(toks("See rule 702.19b. Then 510."), "see|rule|702.19b|then|510", "rule numbers stay whole, the trailing dot goes");
	CHECK_STR(toks("can\xe2\x80\x99t creature's"), "cant|creatures", "apostrophes (straight and curly) join a word");
	CHECK_STR(toks("J\xc3\xb6tun \xc3\x86ther stra\xc3\x9f" "e"), "jotun|aether|strasse", "accents and ligatures fold to ASCII");
	CHECK_STR(toks("a +1/+1 counter and a -1/-1 counter on a 2/2"), "a|+1/+1|counter|and|a|-1/-1|counter|on|a|2/2", "counters and sizes are one token");
	CHECK_STR(toks("face-down \xe2\x80\x94 first strike"), "face|down|first|strike", "hyphens and dashes split");
	CHECK_STR(toks("\xff\xfe bad \xc3 bytes"), "bad|bytes", "invalid UTF-8 is skipped, not a crash");
	char f[64];
	const char *ma = "Ma\xe2\x80\x99r\xc3\xbb" "f, Dand\xc3\xa2n!";
	srch_fold(ma, strlen(ma), f, sizeof f);
	CHECK_STR(f, "maruf dandan", "srch_fold folds accents and punctuation");
	CHECK(srch_is_stop("the", 3) && srch_is_stop("your", 4) && !srch_is_stop("not", 3) && !srch_is_stop("may", 3),
	    "stop words: the, your are; not, may are not");
	CHECK(srch_is_query_noise("happens", 7) && !srch_is_query_noise("damage", 6), "question noise words");
	CHECK_INT(srch_damerau("tramlpe", 7, "trample", 7, 2), 1, "a transposition counts 1");
	CHECK_INT(srch_damerau("deathtuch", 9, "deathtouch", 10, 2), 1, "a missing letter counts 1");
	CHECK_INT(srch_damerau("indestructable", 14, "indestructible", 14, 2), 1, "a wrong letter counts 1");
	CHECK_INT(srch_damerau("abc", 3, "xyz", 3, 2), 3, "beyond the limit reports limit+1");
}

static void
test_stem(void)
{
	struct srch *s = srch_new();
	char out[64];
	srch_stem(s, "tramples", 8, out, sizeof out);
	CHECK_STR(out, "trampl", "Snowball English: tramples -> trampl");
	srch_stem(s, "indestructible", 14, out, sizeof out);
	char out2[64];
	srch_stem(s, "indestructable", 14, out2, sizeof out2);
	CHECK_STR(out, out2, "indestructible and indestructable share a stem");
	srch_stem(s, "blocking", 8, out, sizeof out);
	CHECK_STR(out, "block", "blocking -> block");
	/* ASCII words go through the single-byte stemmer: the stems must be the UTF-8
	 * stemmer's (these exercise step 1a-5 and the exceptions list) */
	static const char *const w[] = { "generously", "lying", "skies", "news", "sacrificed",
	    "conditional", "controllers", "activation", "hopefulness", "proceedings" };
	static const char *const want[] = { "generous", "lie", "sky", "news", "sacrif",
	    "condit", "control", "activ", "hope", "proceed" };
	for (size_t i = 0; i < sizeof w / sizeof *w; i++) {
		srch_stem(s, w[i], strlen(w[i]), out, sizeof out);
		CHECK_STR(out, want[i], "Snowball English: %s", w[i]);
	}
	srch_stem(s, "\xc3\xa9lan", 5, out, sizeof out);
	CHECK_STR(out, "\xc3\xa9lan", "a non-ASCII word goes through the UTF-8 stemmer unharmed");
	srch_free(s);
}

static void
test_small(void)
{
	struct srch *s = small_index();
	struct diags d = {0};
	CHECK_STR(first(s, "trample"), "702.19", "trample: the rule titled Trample first");
	CHECK_STR(first(s, "TRAMPLE"), "702.19", "case does not matter");
	CHECK_STR(first(s, "tramlpe"), "702.19", "a transposed typo still finds Trample");
	CHECK_STR(first(s, "deathtuch"), "702.2", "a missing letter still finds Deathtouch");
	CHECK_STR(first(s, "jotun"), "704.5k", "accents folded: jotun finds J\xc3\xb6tun");
	CHECK_STR(first(s, "J\xc3\xb6tun"), "704.5k", "and J\xc3\xb6tun itself");
	CHECK_STR(first(s, "702.19b"), "702.19b", "a rule number finds that rule first");
	CHECK_STR(run(s, "\"lethal damage\" in:702", 10, &d), "702.19b 702.19b/ex", "a phrase in a chapter: only where the words are adjacent");
	{
		/* a phrase no document holds: its words apart, and the result says so */
		struct srch_result r;
		srch_run(s, "\"damage lethal\"", 10, &r, &d);
		CHECK(r.unquoted && r.nshown > 0, "a phrase in the wrong order: its words apart, flagged as such");
		srch_result_free(&r);
		srch_run(s, "\"lethal damage\"", 10, &r, &d);
		CHECK(!r.unquoted && r.nshown > 0, "a phrase that is there is not flagged");
		srch_result_free(&r);
		diag_clear(&d);
	}
	CHECK_STR(run(s, "trample -planeswalker in:rules", 10, &d), "702.19 702.19a", "exclusion drops the rules that mention planeswalkers");
	CHECK_STR(run(s, "trample in:glossary", 10, &d), "Trample", "in:glossary keeps glossary entries only");
	CHECK_STR(run(s, "trampl* in:702.19", 2, &d), "702.19 702.19a", "a prefix, limited to one rule");
	CHECK_STR(first(s, "legend same name"), "704.5j", "words from the legend rule");
	CHECK_STR(first(s, "pump blockers in:textbook"), "book 3.1", "an added textbook document is searchable");
	CHECK_STR(first(s, "quuxly"), "book 9.9", "indexed: a plain word");
	CHECK_STR(first(s, "frobnitzs"), "book 9.9", "indexed: an accented word with a curly apostrophe");
	CHECK_STR(first(s, "zorks"), "book 9.9", "indexed: a straight apostrophe");
	CHECK_STR(first(s, "+7/+7"), "book 9.9", "indexed: a counter");
	CHECK_STR(first(s, "\"x/x blorp\""), "book 9.9", "indexed: X/X next to the word after it");
	CHECK_STR(first(s, "999.99z"), "book 9.9", "indexed: a rule number");
	CHECK_STR(first(s, "gloep"), "book 9.9", "indexed: a ligature folded");
	CHECK_STR(first(s, "fizzles"), "", "slang the thesaurus maps to words the tiny release lacks finds nothing");
	CHECK_STR(run(s, "/leg[e]nd\\s+rule/", 5, &d), "704.5j", "a regex");
	CHECK_STR(run(s, "/LEGEND RULE/c", 5, &d), "", "/.../c is case-sensitive");
	CHECK_STR(run(s, "/LEGEND RULE/", 5, &d), "704.5j", "caseless by default");

	/* the snippet highlights the query's words */
	struct srch_result r;
	diag_clear(&d);
	srch_run(s, "lethal damage in:rules", 5, &r, &d);
	CHECK(r.nshown > 0, "lethal damage finds something");
	if (r.nshown) {
		struct sbuf b = {0};
		srch_snippet(s, r.hits[0].doc, &b, 200, "<", ">");
		CHECK(strstr(sbuf_str(&b), "<lethal>") && strstr(sbuf_str(&b), "<damage>"), "snippet highlights: %s", sbuf_str(&b));
		sbuf_free(&b);
	}
	srch_result_free(&r);

	/* diagnostics: column and message */
	CHECK_STR(run(s, "", 5, &d), "ERR", "an empty query is an error");
	CHECK(d.n == 1 && strstr(d.v[0].msg, "empty"), "that says it is empty");
	CHECK_STR(run(s, "   \t ", 5, &d), "ERR", "blank is empty too");
	CHECK_STR(run(s, "trample /foo(bar/", 5, &d), "ERR", "a bad regex is an error");
	CHECK(d.n == 1 && d.v[0].col == 17 && strstr(d.v[0].msg, "missing closing parenthesis"),
	    "pcre2's message, caret at column 17 (got %u: %s)", d.n ? d.v[0].col : 0, d.n ? d.v[0].msg : "");
	CHECK_STR(run(s, "x /abc", 5, &d), "ERR", "an unterminated regex is an error");
	CHECK(d.n == 1 && d.v[0].col == 3, "at the slash, column 3");
	CHECK_STR(run(s, "/abc/z", 5, &d), "ERR", "an unknown regex flag");
	CHECK_STR(run(s, "in:nowhere trample", 5, &d), "ERR", "an unknown filter");
	CHECK(d.n == 1 && d.v[0].col == 4, "pointed at its value");
	CHECK_STR(run(s, "-trample", 5, &d), "ERR", "exclusions alone are not a search");
	CHECK(d.n == 1 && strstr(d.v[0].msg, "nothing to search for"), "and it says so");
	double t0 = now();
	CHECK_STR(run(s, "/(a+)+$/", 5, &d), "ERR", "a catastrophic regex is stopped");
	CHECK(now() - t0 < 1.0, "within a second");
	CHECK(d.n == 1 && strstr(d.v[0].msg, "too complex"), "and says it is too complex");
	char *big = malloc(100 * 1024 + 1);
	for (size_t i = 0; i < 100 * 1024; i++)
		big[i] = (char)("trample "[i % 8]);
	big[100 * 1024] = '\0';
	t0 = now();
	CHECK_STR(run(s, big, 5, &d), "ERR", "a 100 KB query is refused");
	CHECK(now() - t0 < 0.1 && d.n == 1 && strstr(d.v[0].msg, "too long"), "quickly, saying it is too long");
	free(big);
	diag_clear(&d);
	srch_free(s);
}

static void
test_real(void)
{
	const char *sh = SHARED_DIR();
	struct jindex *ix = jindex_new();
	T_LOAD_CR(ix, sh, "2026-01-16");
	jindex_finish(ix);
	struct jrelease *rel = jindex_default(ix);
	CHECK(rel != NULL, "the 2026-01-16 release loads");
	if (!rel) {
		jindex_free(ix);
		return;
	}
	double scan = srch_scan_seconds(rel);
	struct srch *s = srch_new();
	srch_add_release(s, rel);
	struct srch_stats st0;
	srch_stats(s, &st0);
	CHECK(scan > 0 && scan < st0.build_seconds * 1.5 + 0.002,
	    "splitting the words alone is timed, and costs no more than making the documents and terms (%.2f ms, %.2f ms)",
	    scan * 1e3, st0.build_seconds * 1e3);
	struct diags d = {0};
	int k = srch_load_thesaurus(s, "corpus/thesaurus.tsv", &d);
	CHECK(k >= 100, "the built-in thesaurus has 100+ entries (%d)", k);
	CHECK_INT(d.n, 0, "and no complaints");
	srch_finalize(s);
	struct srch_result r;
	CHECK_STR(first(s, "trample"), "702.19", "trample: 702.19 first");
	CHECK_STR(first(s, "deathtuch"), "702.2", "deathtuch: 702.2 first");
	CHECK_STR(first(s, "indestructable"), "702.12", "indestructable: 702.12 first");
	CHECK_STR(first(s, "tramlpe"), "702.19", "tramlpe: 702.19 first");
	CHECK_STR(first(s, "fizzle"), "608.2b", "fizzle: 608.2b (the thesaurus)");
	CHECK_STR(first(s, "two legends same name"), "704.5j", "two legends same name: the legend rule");
	CHECK_STR(first(s, "704.5j"), "704.5j", "a rule number");
	CHECK_STR(first(s, "how does kicker work"), "702.33a", "how does X work: X's defining subrule");
	CHECK_STR(first(s, "what is ward"), "702.21a", "what is X: X's defining subrule");
	CHECK_STR(first(s, "what is a token"), "111.1", "what is X: a section's first rule defines it");
	CHECK(strcmp(first(s, "does lifelink work with noncombat damage"), "702.15a") != 0,
	    "\"does X work with Y\" asks about a case, not for X's definition (702.15a)");
	CHECK_STR(first(s, "can I look at my own face-down creature"), "708.5", "\"my own\" is control, not ownership");
	CHECK_STR(first(s, "what happens to my permanents when I leave a multiplayer game"), "800.4a",
	    "a rule under a General chapter is found by its section's title");
	CHECK_STR(first(s, "do turn-based actions use the stack"), "703.1", "a question gets the rule, not its bare heading");
	/* "dies" is the term of art, not a form of "die" the dice rules roll */
	srch_run(s, "what happens when my creature dies", 10, &r, &d);
	bool dice = false;
	for (size_t i = 0; i < r.nshown; i++)
		dice |= strncmp(srch_doc_id(s, r.hits[i].doc), "706", 3) == 0;
	CHECK(r.nshown > 0 && !dice, "\"my creature dies\" finds no rule about rolling a die");
	srch_result_free(&r);
	CHECK(strncmp(first(s, "roll a die"), "706.1", 5) == 0, "\"roll a die\" still finds the dice rules");
	char dies[16], died[16], dying[16];
	srch_stem(s, "dies", 4, dies, sizeof dies);
	srch_stem(s, "died", 4, died, sizeof died);
	srch_stem(s, "dying", 5, dying, sizeof dying);
	CHECK(strcmp(dies, died) == 0 && strcmp(dies, dying) == 0 && strcmp(dies, "die") != 0,
	    "dies, died and dying share a stem that is not die's");
	/* a keyword action's inflections: "sacrificed" stems apart from "sacrifice" */
	srch_run(s, "saga sacrificed", 10, &r, &d);
	bool found = false;
	for (size_t i = 0; i < r.nshown; i++)
		found |= strcmp(srch_doc_id(s, r.hits[i].doc), "714.4") == 0;
	CHECK(found, "\"saga sacrificed\" finds 714.4 (\"the Saga's controller sacrifices it\")");
	srch_result_free(&r);
	/* irregular verbs: "paid" is not stemmed to "pay" */
	srch_run(s, "pay hybrid", 3, &r, &d);
	found = false;
	for (size_t i = 0; i < r.nshown; i++)
		found |= strcmp(srch_doc_id(s, r.hits[i].doc), "107.4e") == 0;
	CHECK(found, "\"pay hybrid\" finds 107.4e (\"can be paid in one of two ways\")");
	srch_result_free(&r);
	CHECK_STR(first(s, "creature\xe2\x80\x99s"), first(s, "creature's"), "curly and straight apostrophes index alike");
	CHECK_STR(first(s, "\"lethal damage\" in:glossary"), "Lethal Damage", "a phrase in the glossary");
	double t0 = now();
	const char *re = run(s, "/(a+)+$/", 5, &d);
	CHECK(now() - t0 < 2.0, "(a+)+$ over the whole release returns within 2 s (%s)", re);
	CHECK_STR(run(s, "/first strike/ in:702.7", 3, &d), "702.7 702.7a 702.7b", "a regex in one rule, in rule order");
	srch_run(s, "qwxyzzy", 5, &r, &d);
	CHECK(r.nhits == 0 && !r.error, "nonsense finds nothing without an error");
	srch_result_free(&r);
	srch_run(s, "deathtoch lifelinc", 5, &r, &d);
	CHECK(r.nhits > 0, "two typos still find something");
	srch_result_free(&r);
	srch_run(s, "zombiez", 5, &r, &d);
	CHECK(r.nhits > 0 || r.nsuggest > 0, "a near word is found or suggested");
	srch_result_free(&r);
	diag_clear(&d);
	srch_free(s);
	jindex_free(ix);
}

/* ---- common situations (situation.c, corpus/situations.tsv) ---- */
static void
test_situations(void)
{
	struct srch *s = srch_new();
	static struct jrelease rel;
	rel.rules = rules;
	rel.nrules = sizeof rules / sizeof *rules;
	rel.gloss = gloss;
	rel.ngloss = sizeof gloss / sizeof *gloss;
	srch_add_release(s, &rel);
	struct diags d = {0};
	const char *sit =
	    "# comment\n"
	    "\n"
	    "two legends | same name + stole | steal | stolen\t704.5j\tStolen legend with the same name\n"
	    "no tabs here\n"
	    "only one concept\t704.5j\tOne concept\n"
	    "a + b\tnot-a-rule\tBad rule\n"
	    "blork | + zork\t702.19\tEmpty alternative\n"
	    "one two three four five + six\t702.19\tToo long\n"
	    "x + y\t702.19\t\n"
	    "+1/+1 counter | counters + frobbed\t702.19c 702.19\tCounters frobbed\r\n"
	    "# rules: 2099-01-01\n"
	    "quux + zorp\t702.19\tNumbered as in a later release\n";
	int k = srch_add_situations(s, "sit.tsv", sit, strlen(sit), &d);
	CHECK_INT(k, 3, "situations: three good entries read");
	CHECK_INT(d.n, 6, "situations: six bad lines reported");
	unsigned lines[6] = { 4, 5, 6, 7, 8, 9 };
	for (size_t i = 0; i < d.n && i < 6; i++)
		CHECK(d.v[i].line == lines[i] && d.v[i].level == DL_WARNING && strcmp(d.v[i].file, "sit.tsv") == 0,
		    "situations: bad line %u reported as a warning with its file and line", lines[i]);
	CHECK(d.n >= 4 && strstr(d.v[2].msg, "not-a-rule") != NULL, "situations: the bad rule number is named");
	CHECK(d.n >= 4 && d.v[3].col == 8, "situations: the empty alternative's column (%u)", d.n >= 4 ? d.v[3].col : 0);
	diag_clear(&d);
	k = srch_add_situations(s, "bin.tsv", "a\0b + c\t1\tx\n", sizeof "a\0b + c\t1\tx\n" - 1, &d);
	CHECK(k == 0 && d.n == 1 && d.v[0].level == DL_ERROR && strstr(d.v[0].msg, "binary"),
	    "situations: a binary file is one error");
	diag_clear(&d);
	srch_finalize(s);
	struct srch_result r;
	/* the question shares no word with 704.5j's "controlled by the same player" but its
	 * situation: the rule comes first, and the result says which situation placed it */
	srch_run(s, "I stole their legend and mine has the same name", 5, &r, &d);
	CHECK(r.nshown > 0 && strcmp(srch_doc_id(s, r.hits[0].doc), "704.5j") == 0,
	    "a question naming a situation's concepts gets its rule first");
	CHECK(r.nsit == 1 && strcmp(r.sit[0], "Stolen legend with the same name") == 0 && r.nshown > 0 &&
	    r.hits[0].sit == 1, "the result names the situation, and the hit it placed");
	srch_result_free(&r);
	/* an entry numbered as in a later release than the one searched is left out */
	srch_run(s, "quux zorp", 5, &r, &d);
	CHECK(r.nsit == 0, "an entry whose rule numbers come from a later release names no situation");
	srch_result_free(&r);
	/* of many situations a question names, the four that account for most of it */
	{
		struct srch *s2 = srch_new();
		srch_add_release(s2, &rel);
		const char *many =
		    "alpha + beta\t702.19a\tA\n"
		    "alpha + beta | gamma\t702.19b\tB\n"
		    "alpha + beta | gamma | delta\t702.19c\tC\n"
		    "alpha | epsilon + beta | gamma | delta\t702.2b\tD\n"
		    "alpha | epsilon + beta | gamma | delta | zeta\t704.5j\tE\n";
		CHECK_INT(srch_add_situations(s2, "many.tsv", many, strlen(many), &d), 5, "five situations read");
		srch_finalize(s2);
		srch_run(s2, "alpha beta gamma delta epsilon zeta", 10, &r, &d);
		CHECK(r.nsit == 4 && strcmp(r.sit[0], "E") == 0 && strcmp(r.sit[1], "D") == 0 &&
		    strcmp(r.sit[2], "C") == 0 && strcmp(r.sit[3], "B") == 0,
		    "the four situations holding most of the question's words, most first");
		srch_result_free(&r);
		srch_free(s2);
	}
	/* one concept is not enough */
	srch_run(s, "legend same name", 5, &r, &d);
	CHECK(r.nsit == 0, "a question with only one of the concepts names no situation");
	srch_result_free(&r);
	/* a rule no word of the question finds is brought in, after the rules listed before it */
	srch_run(s, "my +1/+1 counters got frobbed", 5, &r, &d);
	CHECK_STR(run(s, "my +1/+1 counters got frobbed", 5, &d), "702.19c 702.19",
	    "rules only a situation names are found, in the order it lists them");
	srch_result_free(&r);
	CHECK_STR(run(s, "my +1/+1 counters got frobbed in:glossary", 5, &d), "",
	    "a filter still applies to what a situation brings");
	CHECK_STR(run(s, "my +1/+1 counters got frobbed -planeswalker", 5, &d), "702.19",
	    "and so does an exclusion");
	CHECK_STR(run(s, "\"lethal damage\" +1/+1 counters frobbed", 5, &d), "Lethal Damage 702.19b 702.19b/ex",
	    "and a phrase");
	CHECK(strncmp(run(s, "stole legend same name 702.19", 5, &d), "702.19 ", 7) == 0,
	    "a rule number in the query still comes first (%s)", run(s, "stole legend same name 702.19", 5, &d));
	diag_clear(&d);
	srch_free(s);
}

/* The built-in situations file reads without complaint, and names only rules the newest
 * release has. */
static void
test_situations_file(void)
{
	struct srch *s = srch_new();
	struct diags d = {0};
	int k = srch_load_situations(s, "corpus/situations.tsv", &d);
	CHECK(k >= 150, "the built-in situations: 150+ entries (%d)", k);
	CHECK_INT(d.n, 0, "and no complaints");
	diag_clear(&d);
	srch_free(s);
	s = srch_new();
	CHECK(srch_load_situations(s, "/nonexistent/situations.tsv", &d) == -1 && d.n == 1,
	    "a missing file is one error");
	diag_clear(&d);
	srch_free(s);
}


/* Questions of tournament policy are told apart from game rules questions, and the
 * detector is silent once the tournament documents are loaded. */
static void
test_policy_topic(void)
{
	static const char *const policy[] = { "player drew an extra card", "late for the round",
		"my opponent was tardy", "what is the penalty for slow play", "he accidentally drew two cards",
		"opponent's sleeves are marked", "spectator gave advice during the game",
		"forgot a trigger at competitive", "can we split the prize", "my decklist was wrong",
		"he didn't shuffle enough", "opponent lied about the cards in hand", NULL };
	static const char *const game[] = { "trample deathtouch how much damage",
		"howling mine makes me draw an extra card", "what happens when I draw from an empty library",
		"can I respond to a triggered ability", "the legend rule", "a spell is countered, where does it go",
		"mindslaver can I concede for my opponent", "is a coin flip random", "karn liberated restarts the game",
		"how late can I cast an instant in the turn", NULL };
	for (int i = 0; policy[i]; i++)
		CHECK(srch_policy_topic(policy[i], false) != NULL, "policy: \"%s\"", policy[i]);
	for (int i = 0; game[i]; i++)
		CHECK(srch_policy_topic(game[i], false) == NULL, "rules, not policy: \"%s\" (%s)", game[i],
		    srch_policy_topic(game[i], false) ? srch_policy_topic(game[i], false) : "-");
	CHECK_STR(srch_policy_topic("player drew an extra card", false), "drawing extra cards", "its topic");
	CHECK(srch_policy_topic("player drew an extra card", true) == NULL, "silent once the documents are loaded");
	CHECK(srch_policy_topic("", false) == NULL && srch_policy_topic(NULL, false) == NULL, "nothing asked");
}

int
main(void)
{
	test_policy_topic();
	test_text();
	test_stem();
	test_small();
	test_real();
	test_situations();
	test_situations_file();
	return T_DONE();
}
