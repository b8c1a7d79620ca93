/* test_study.c — study mode: the PRNG, calendar days, the progress file (parse errors with
 * line:col, round trip, atomic save, corrupt files set aside), SM-2, answer checking, and
 * every generated question checked against the rule or glossary entry it comes from. */
#include "t.h"
#include "study/study.h"
#include "index/index.h"
#include "base/buf.h"
#include "base/mem.h"

#include <ctype.h>
#include <dirent.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---------- a small release written for the test ---------- */

static const char mini_cr[] =
    "Magic: The Gathering Comprehensive Rules\n\n"
    "These rules are effective as of January 16, 2026.\n\n"
    "1. Game Concepts\n\n"
    "100. General\n\n"
    "100.1. These Magic rules apply to any Magic game with two or more players.\n\n"
    "7. Additional Rules\n\n"
    "702. Keyword Abilities\n\n"
    "702.19. Trample\n\n"
    "702.19a Trample is a static ability that modifies the rules for assigning an attacking creature's combat damage.\n\n"
    "702.19b The controller of an attacking creature with trample first assigns damage to the creature or creatures blocking it.\n\n"
    "702.19c If all the creatures blocking it are removed from combat, the creature with trample assigns all its damage to the player.\n\n"
    "702.19d If an attacking creature with trample is blocked, but there are no creatures blocking it when damage is assigned, all its damage is assigned to the player.\n\n"
    "704. State-Based Actions\n\n"
    "704.5. The state-based actions are as follows:\n\n"
    "704.5a If a player has 0 or less life, that player loses the game.\n\n"
    "704.5b If a player attempted to draw a card from a library with no cards in it since the last time state-based actions were checked, that player loses the game.\n\n"
    "704.5c If a player has ten or more poison counters, that player loses the game. Ignore this rule in Two-Headed Giant games.\n\n"
    "704.5d If a token is in a zone other than the battlefield, it ceases to exist.\n\n"
    "704.5e If a copy of a spell is in a zone other than the stack, it ceases to exist.\n\n"
    "Glossary\n\n"
    "Poison Counter\nA counter that may be given to a player. See rule 704.5c.\n\n"
    "Trample\nA keyword ability that modifies how a creature assigns combat damage. See rule 702.19, \"Trample.\"\n\n"
    "State-Based Actions\nGame actions that happen automatically whenever certain conditions are met. See rule 704.\n\n"
    "Token\nA marker used to represent any permanent that isn't represented by a card. See rule 704.5d.\n\n"
    "Life Total\nThe amount of life a player has. See rule 704.5a.\n\n"
    "Library\nA zone. A player's library is where that player draws cards from. See rule 704.5b.\n\n"
    "Credits\n\nMagic: The Gathering Original Game Design: Richard Garfield\n";

/* ---------- PRNG and days ---------- */

static void
test_rng(void)
{
	struct study_rng r;
	study_rng_seed(&r, 0);
	/* splitmix64's published first outputs from state 0 */
	CHECK(study_rng_next(&r) == 0xE220A8397B1DCDAFull, "splitmix64 first output for seed 0");
	CHECK(study_rng_next(&r) == 0x6E789E6AA1B965F4ull, "second output");
	CHECK(study_rng_next(&r) == 0x06C45D188009454Full, "third output");
	study_rng_seed(&r, 42);
	CHECK(study_rng_next(&r) == 0xBDD732262FEB6E95ull, "seed 42 first output");
	int seen[7] = {0};
	bool inrange = true;
	for (int i = 0; i < 7000; i++) {
		uint32_t x = study_rng_below(&r, 7);
		if (x >= 7)
			inrange = false;
		else
			seen[x]++;
	}
	CHECK(inrange, "below(7) stays below 7");
	bool spread = true;
	for (int i = 0; i < 7; i++)
		spread = spread && seen[i] > 850 && seen[i] < 1150;
	CHECK(spread, "below(7) is roughly uniform over 7000 draws");
}

static void
test_days(void)
{
	char b[11];
	CHECK_INT(study_day_parse("1970-01-01", 10), 0, "the epoch is day 0");
	CHECK_INT(study_day_parse("2000-03-01", 10), 11017, "2000-03-01 (python: 11017)");
	CHECK_INT(study_day_parse("2026-01-16", 10), 20469, "2026-01-16 (python: 20469)");
	CHECK_INT(study_day_parse("2024-02-29", 10), 19782, "a leap day");
	CHECK_INT(study_day_parse("2025-02-29", 10), -1, "no leap day in 2025");
	CHECK_INT(study_day_parse("2100-02-29", 10), -1, "no leap day in 2100");
	CHECK_INT(study_day_parse("2026-13-01", 10), -1, "month 13");
	CHECK_INT(study_day_parse("2026-1-16x", 10), -1, "not a date");
	study_day_str(20469, b);
	CHECK_STR(b, "2026-01-16", "day back to a date");
	study_day_str(19782, b);
	CHECK_STR(b, "2024-02-29", "leap day back to a date");
}

/* ---------- the progress file ---------- */

static const char good[] =
    STUDY_FORMAT_LINE "\n"
    "# key\tdue\tinterval\tease\treps\tlapses\tlast\tseen\tright\trules\n"
    "cloze:704.5c:ten\t2026-11-24\t1\t2.50\t1\t0\t2026-11-23T09:13:24Z\t1\t1\t2026-01-16\n"
    "glossary:trample\t2026-11-20\t6\t2.18\t0\t1\t2026-11-19T20:00:00Z\t3\t2\t-\n";

static int
parse_err(const char *text, unsigned *line, unsigned *col, char **msg)
{
	struct study_store s;
	struct diags d = {0};
	int rc = study_store_parse(&s, "study.tsv", text, strlen(text), &d);
	*line = d.n ? d.v[0].line : 0;
	*col = d.n ? d.v[0].col : 0;
	*msg = d.n ? xstrdup(d.v[0].msg) : NULL;
	CHECK(s.n == 0, "  nothing half-read is kept");
	study_store_free(&s);
	diag_clear(&d);
	return rc;
}

static void
expect_err(const char *what, const char *text, unsigned line, unsigned col, const char *word)
{
	unsigned l, c;
	char *msg;
	int rc = parse_err(text, &l, &c, &msg);
	CHECK(rc == -1 && l == line && c == col && msg && strstr(msg, word),
	    "%s: error at %u:%u mentioning '%s' (got %u:%u %s)", what, line, col, word, l, c, msg ? msg : "none");
	free(msg);
}

static void
test_store_parse(void)
{
	struct study_store s;
	struct diags d = {0};
	CHECK_INT(study_store_parse(&s, "study.tsv", good, strlen(good), &d), 0, "a good file parses");
	CHECK_INT(s.n, 2, "two cards");
	struct study_card *c = study_store_find(&s, "glossary:trample");
	CHECK(c && c->interval == 6 && c->ease == 218 && c->reps == 0 && c->lapses == 1 && c->seen == 3 && c->right == 2,
	    "fields of the second card");
	CHECK(c && c->due == study_day_parse("2026-11-20", 10), "due date");
	CHECK(c && c->last == (int64_t)study_day_parse("2026-11-19", 10) * 86400 + 20 * 3600, "last answered, in seconds");
	char *out = study_store_format(&s);
	CHECK_STR(out, good, "formatting gives the same text back (sorted by key)");
	free(out);
	study_store_free(&s);

	CHECK_INT(study_store_parse(&s, "e", "", 0, &d), 0, "an empty file is an empty store");
	CHECK_INT(study_store_parse(&s, "e", STUDY_FORMAT_LINE "\r\n\r\n# c\r\n", strlen(STUDY_FORMAT_LINE) + 8, &d), 0,
	    "CRLF line ends, blank lines and comments");

	char bad[1024];
	expect_err("no header", "cloze:1:a\t2026-01-01\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\n", 1, 1, "not a judge");
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-30\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\n", STUDY_FORMAT_LINE_V1);
	expect_err("bad due date", bad, 2, 5, "due");
	snprintf(bad, sizeof bad, "%s\n\nk:x\t2026-02-03\t1\t2.5\t0\t0\t2026-01-01T00:00:00Z\t0\t0\n", STUDY_FORMAT_LINE_V1);
	expect_err("ease without two decimals", bad, 3, 18, "ease");
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-03\t1\t1.20\t0\t0\t2026-01-01T00:00:00Z\t0\t0\n", STUDY_FORMAT_LINE_V1);
	expect_err("ease below 1.30", bad, 2, 18, "ease");
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-03\t1\n", STUDY_FORMAT_LINE_V1);
	expect_err("too few fields", bad, 2, 17, "ease");
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-03\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\textra\n", STUDY_FORMAT_LINE_V1);
	expect_err("an extra field", bad, 2, 51, "more fields");
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-03\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t1\t2\n", STUDY_FORMAT_LINE_V1);
	expect_err("more right than seen", bad, 2, 50, "right");
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-03\t1\t2.50\t0\t0\t2026-01-01 00:00:00\t0\t0\n", STUDY_FORMAT_LINE_V1);
	expect_err("a time without T and Z", bad, 2, 27, "last");
	snprintf(bad, sizeof bad, "%s\nnokind\t2026-02-03\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\n", STUDY_FORMAT_LINE_V1);
	expect_err("a key without a kind", bad, 2, 1, "key");
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-03\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\nk:x\t2026-02-03\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\n", STUDY_FORMAT_LINE_V1);
	expect_err("a duplicate key", bad, 3, 1, "duplicate");
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-03\t-1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\n", STUDY_FORMAT_LINE_V1);
	expect_err("a negative interval", bad, 2, 16, "interval");
	/* version 2: the tenth field says whose rule numbers the key uses */
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-03\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\n", STUDY_FORMAT_LINE);
	expect_err("v2 without the rules field", bad, 2, 51, "rules");
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-03\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\t\n", STUDY_FORMAT_LINE);
	expect_err("v2 with an empty rules field", bad, 2, 52, "rules");
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-03\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\t-\tx\n", STUDY_FORMAT_LINE);
	expect_err("v2 with an eleventh field", bad, 2, 53, "more fields");
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-03\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\t?\n", STUDY_FORMAT_LINE);
	CHECK_INT(study_store_parse(&s, "v2", bad, strlen(bad), &d), 0, "v2: ? says the numbers are not known");
	CHECK(s.n == 1 && s.v[0].rules == NULL, "  and reads as no release");
	study_store_free(&s);
	snprintf(bad, sizeof bad, "%s\nk:x\t2026-02-03\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\n", STUDY_FORMAT_LINE_V1);
	CHECK_INT(study_store_parse(&s, "v1", bad, strlen(bad), &d), 0, "a v1 file (nine fields) is still read");
	char *v2 = study_store_format(&s);
	CHECK(v2 && strstr(v2, STUDY_FORMAT_LINE "\n") == v2 && strstr(v2, "\t0\t0\t?\n"), "and written as v2, its release unknown (?)");
	free(v2);
	study_store_free(&s);
	diag_clear(&d);
}

/* A carrier for the tests: release "old" numbers chapter 722 as "new" numbers 723, and
 * "new" has no rule 723.4 of old's 722.4. */
static jrid
fake_carry(void *ctx, const char *rules, jrid id)
{
	(void)ctx;
	if (strcmp(rules, "old") != 0 || JRID_CHAP(id) != 722)
		return JRID_NONE;
	if (id == jrid_from_str("722.4"))
		return JRID_NONE;
	char b[16], k[16];
	jrid_str(id, b);
	snprintf(k, sizeof k, "723%s", b + 3);
	return jrid_from_str(k);
}

static void
test_store_carry(void)
{
	static const char text[] =
	    STUDY_FORMAT_LINE "\n"
	    "cloze:722.2:turn\t2026-03-02\t1\t2.50\t1\t0\t2026-03-01T10:00:00Z\t1\t1\told\n"
	    "glossary:trample\t2026-03-09\t6\t2.50\t2\t0\t2026-03-03T10:00:00Z\t2\t2\t-\n"
	    "which:722.4\t2026-03-02\t1\t2.50\t1\t0\t2026-03-01T10:00:00Z\t1\t1\told\n"
	    "which:722.5\t2026-03-02\t1\t2.50\t1\t0\t2026-03-01T10:00:00Z\t1\t1\told\n"
	    "which:723.5\t2026-03-10\t6\t2.50\t2\t0\t2026-03-04T10:00:00Z\t3\t2\tnew\n";
	struct study_store f, v;
	struct diags d = {0};
	CHECK_INT(study_store_parse(&f, "s", text, strlen(text), &d), 0, "a file with cards of two releases");
	CHECK(study_key_rule("cloze:722.2:turn") == jrid_from_str("722.2") && study_key_rule("glossary:x") == JRID_NONE &&
	    study_key_rule("example:p1e2") == JRID_NONE, "the rule a key asks about");
	size_t *kept, nkept;
	study_store_view(&f, "new", fake_carry, NULL, &v, &kept, &nkept);
	CHECK(nkept == 1 && strcmp(f.v[kept[0]].key, "which:722.4") == 0, "a rule new lacks is kept aside (which:722.4)");
	CHECK_INT(v.n, 3, "the view holds three questions");
	struct study_card *c = study_store_find(&v, "cloze:723.2:turn");
	CHECK(c && c->seen == 1 && c->right == 1, "old 722.2 is new 723.2, the blank kept");
	CHECK(study_store_find(&v, "glossary:trample") != NULL, "a key without a rule number is as it is");
	c = study_store_find(&v, "which:723.5");
	CHECK(c && c->seen == 4 && c->right == 3 && c->interval == 6 && c->due == study_day_parse("2026-03-10", 10),
	    "two cards of one question merge: answers added, the later schedule");
	study_store_free(&v);
	free(kept);

	study_store_answer(&f, "which:723.5", "new", fake_carry, NULL, true, study_day_parse("2026-03-10", 10), 1773136800);
	CHECK_INT(f.n, 4, "answering merges the two cards of 723.5 in the file, the others untouched");
	c = study_store_find(&f, "which:723.5");
	CHECK(c && c->seen == 5 && c->right == 4 && c->rules && strcmp(c->rules, "new") == 0, "the answer is on the merged card, in new's numbers");
	CHECK(study_store_find(&f, "which:722.5") == NULL, "no card left under the old number");
	c = study_store_find(&f, "which:722.4");
	CHECK(c && c->rules && strcmp(c->rules, "old") == 0 && c->seen == 1, "the card new cannot carry is kept as it was");
	study_store_answer(&f, "cloze:723.2:turn", "new", fake_carry, NULL, false, 20000, 1773136800);
	c = study_store_find(&f, "cloze:723.2:turn");
	CHECK(c && c->seen == 2 && c->right == 1 && study_store_find(&f, "cloze:722.2:turn") == NULL, "a carried card takes the answer and the new key");
	study_store_answer(&f, "glossary:ward", "new", fake_carry, NULL, true, 20000, 1773136800);
	c = study_store_find(&f, "glossary:ward");
	CHECK(c && c->rules && strcmp(c->rules, "-") == 0 && f.n == 5, "a new card; a key without a number records -");
	study_store_free(&f);
	diag_clear(&d);
}

static void
test_sm2(void)
{
	struct study_card c = {.ease = 250};
	int32_t day = 20000;
	study_grade(&c, true, day, 1);
	CHECK(c.interval == 1 && c.due == day + 1 && c.reps == 1, "first right answer: again tomorrow");
	study_grade(&c, true, day + 1, 2);
	CHECK(c.interval == 6 && c.due == day + 7, "second: in six days");
	study_grade(&c, true, day + 7, 3);
	CHECK_INT(c.interval, 15, "third: 6 x 2.50 = 15 days");
	CHECK_INT(c.ease, 250, "right answers keep the ease (quality 4)");
	study_grade(&c, false, day + 22, 4);
	CHECK(c.interval == 1 && c.reps == 0 && c.lapses == 1 && c.ease == 218 && c.due == day + 23,
	    "a wrong answer: tomorrow again, one lapse, ease 2.18");
	study_grade(&c, false, day + 23, 5);
	CHECK_INT(c.lapses, 1, "a wrong answer after a wrong one is no new lapse");
	for (int i = 0; i < 10; i++)
		study_grade(&c, false, day + 24, 6);
	CHECK_INT(c.ease, 130, "the ease never drops below 1.30");
	CHECK(c.seen == 15 && c.right == 3 && c.last == 6, "answers counted and last time kept");
}

static int
count_prefix(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	int n = 0;
	struct dirent *e;
	while (d && (e = readdir(d)))
		n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
	if (d)
		closedir(d);
	return n;
}

static void
test_store_files(void)
{
	char tmpl[] = "/tmp/judge-study-XXXXXX";
	char *root = mkdtemp(tmpl);
	CHECK(root != NULL, "a temporary folder");
	if (!root)
		return;
	char dir[512], path[600];
	snprintf(dir, sizeof dir, "%s/state/judge", root);
	snprintf(path, sizeof path, "%s/study.tsv", dir);
	struct study_store s = {0};
	struct diags d = {0};
	CHECK_INT(study_store_load(&s, path, &d), 0, "a missing file is an empty store");
	study_grade(study_store_get(&s, "which:704.5c"), true, 20469, 20469LL * 86400);
	CHECK_INT(study_store_save(&s, path, &d), 0, "saving makes the folders");
	struct stat st;
	CHECK(stat(dir, &st) == 0 && (st.st_mode & 0777) == 0700, "the folder is made with mode 0700");
	CHECK_INT(count_prefix(dir, "study.tsv.tmp"), 0, "no temporary file is left behind");
	study_store_free(&s);
	CHECK_INT(study_store_load(&s, path, &d), 0, "it loads back");
	CHECK(s.n == 1 && s.v[0].due == 20470 && s.v[0].right == 1, "with the card as saved");
	study_store_free(&s);

	/* a line that does not parse is reported and left out, the rest kept; the file as it
	 * was is copied aside first, never written over */
	FILE *f = fopen(path, "w");
	fprintf(f, "%s\nwhich:704.5c\t2026-01-17\tone\t2.50\t1\t0\t2026-01-16T00:00:00Z\t1\t1\n"
	    "which:704.5d\t2026-01-17\t1\t2.50\t1\t0\t2026-01-16T00:00:00Z\t1\t1\n", STUDY_FORMAT_LINE_V1);
	fclose(f);
	CHECK_INT(study_store_load(&s, path, &d), 1, "a file with a bad line loads as 1");
	CHECK(d.n >= 2 && d.v[0].line == 2 && d.v[0].col == 25 && strstr(d.v[0].file, "study.tsv"),
	    "the error names file:2:25 (the interval field)");
	CHECK(d.n >= 2 && strstr(d.v[d.n - 1].msg, ".corrupt-") != NULL, "the warning names the copy of the file as it was");
	CHECK(s.n == 1 && strcmp(s.v[0].key, "which:704.5d") == 0, "the other line is kept (%zu cards)", s.n);
	CHECK(access(path, F_OK) == 0, "the file is still at its name, without the bad line");
	CHECK_INT(count_prefix(dir, "study.tsv.corrupt-"), 1, "the file as it was is kept as study.tsv.corrupt-*");
	study_store_free(&s);
	diag_clear(&d);
	CHECK_INT(study_store_load(&s, path, &d), 0, "loading again: the bad line is said once");
	CHECK(s.n == 1 && d.n == 0, "and the kept line is there (%zu cards, %zu messages)", s.n, d.n);
	study_store_free(&s);
	diag_clear(&d);
	/* no progress file at all: set aside, never written over, the store empty; in the
	 * same second it gets its own name */
	f = fopen(path, "w");
	fputs("garbage\n", f);
	fclose(f);
	CHECK_INT(study_store_load(&s, path, &d), 1, "a file that is no progress file");
	CHECK(access(path, F_OK) != 0 && s.n == 0, "is no longer at its name, and the store starts empty");
	CHECK_INT(count_prefix(dir, "study.tsv.corrupt-"), 2, "both damaged files are kept");
	diag_clear(&d);
	/* a newer format: left as it is, and not to be saved over */
	f = fopen(path, "w");
	fputs("# judge study progress v3\nwhatever v3 holds\n", f);
	fclose(f);
	CHECK_INT(study_store_load(&s, path, &d), -1, "a newer format's file is not read (-1: not to be saved over)");
	CHECK(access(path, F_OK) == 0 && count_prefix(dir, "study.tsv.corrupt-") == 2, "and is left at its name, not set aside");
	CHECK(d.n == 1 && d.v[0].line == 1 && strstr(d.v[0].msg, "format v3"), "the error says the format, at line 1");
	diag_clear(&d);
	unlink(path);

	/* an unreadable path (a folder) must not be saved over */
	mkdir(path, 0700);
	CHECK_INT(study_store_load(&s, path, &d), -1, "a folder in the file's place cannot be read");
	diag_clear(&d);
	rmdir(path);

	char cmd[700];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	CHECK(system(cmd) == 0, "cleaned up");
}

/* ---------- questions ---------- */

/* Question text with its blanks filled by the answer must be the source text again. */
static bool
fills_back(const char *question, const char *answer, const char *source)
{
	struct sbuf b = {0};
	for (const char *s = question; *s;) {
		const char *u = strstr(s, "___");
		if (!u) {
			sbuf_adds(&b, s);
			break;
		}
		sbuf_add(&b, s, (size_t)(u - s));
		sbuf_adds(&b, answer);
		s = u + 3;
	}
	bool ok = strcasecmp(sbuf_str(&b), source) == 0;
	sbuf_free(&b);
	return ok;
}

/* Every part of a glossary question between blanks is in the definition, in order. */
static bool
parts_in_order(const char *question, const char *text)
{
	const char *at = text;
	for (const char *s = question; *s;) {
		const char *u = strstr(s, "___");
		size_t n = u ? (size_t)(u - s) : strlen(s);
		if (n) {
			char *part = xstrndup(s, n);
			const char *f = strstr(at, part);
			free(part);
			if (!f)
				return false;
			at = f + n;
		}
		if (!u)
			break;
		s = u + 3;
	}
	return true;
}

/* The term as a whole word (letters on neither side), ignoring case. */
static bool
has_word(const char *text, const char *w)
{
	size_t n = strlen(w);
	for (const char *s = text; (s = strcasestr(s, w)) != NULL; s++) {
		bool before = s > text && isalpha((unsigned char)s[-1]);
		bool after = isalpha((unsigned char)s[n]) && !(s[n] == 's' && !isalpha((unsigned char)s[n + 1]));
		if (!before && !after)
			return true;
	}
	return false;
}

struct qstats { int n, bad, gloss, cloze, which, checked_letters; };

/* Check one question against the release it came from; returns false with a diagnostic. */
static bool
check_question(const struct jrelease *rel, const struct study_q *q, struct qstats *st)
{
	st->n++;
	char why[256] = "";
	if (q->nchoices) {
		bool uniq = true;
		for (int i = 0; i < q->nchoices; i++)
			for (int j = i + 1; j < q->nchoices; j++)
				uniq = uniq && strcasecmp(q->choices[i], q->choices[j]) != 0;
		if (q->nchoices != STUDY_CHOICES || q->correct < 0 || strcmp(q->choices[q->correct], q->answer) != 0 || !uniq)
			snprintf(why, sizeof why, "choices: %d, correct %d, unique %d", q->nchoices, q->correct, uniq);
		else {
			char l[2] = {(char)('a' + q->correct), 0}, w[2] = {(char)('a' + (q->correct + 1) % 4), 0};
			if (!study_check(q, l) || study_check(q, w) || !study_check(q, q->answer))
				snprintf(why, sizeof why, "answer checking by letter or text");
			st->checked_letters++;
		}
	}
	if (!*why && q->kind == STUDY_GLOSSARY) {
		st->gloss++;
		uint32_t g = jrel_define(rel, q->source);
		if (g == JNONE || strcmp(rel->gloss[g].head, q->answer) != 0)
			snprintf(why, sizeof why, "source is not the answer's glossary entry");
		else if (!parts_in_order(q->question, rel->gloss[g].text))
			snprintf(why, sizeof why, "question is not the definition with blanks");
		else if (has_word(q->question, rel->gloss[g].head))
			snprintf(why, sizeof why, "the term is still in the question");
	} else if (!*why && q->kind == STUDY_CLOZE) {
		st->cloze++;
		uint32_t i = jrel_find(rel, jrid_from_str(q->source));
		if (i == JNONE)
			snprintf(why, sizeof why, "no source rule");
		else if (strcasestr(rel->rules[i].text, q->answer) == NULL)
			snprintf(why, sizeof why, "the answer is not in the rule's text");
		else if (!strstr(q->question, "___") || !fills_back(q->question, q->answer, rel->rules[i].text))
			snprintf(why, sizeof why, "the blanks filled back do not give the rule's text");
	} else if (!*why && q->kind == STUDY_WHICH) {
		st->which++;
		uint32_t i = jrel_find(rel, jrid_from_str(q->source));
		bool textok = false;
		if (i != JNONE) {
			textok = strcmp(q->question, rel->rules[i].text) == 0;
			for (uint32_t k = 0; k < rel->rules[i].nexamples; k++)
				textok = textok || strcmp(q->question, rel->rules[i].examples[k]) == 0;
		}
		if (i == JNONE || strcmp(q->answer, q->source) != 0 || !textok)
			snprintf(why, sizeof why, "the question is not the text or an example of rule %s", q->source);
		for (int k = 0; k < q->nchoices && !*why; k++) {
			jrid c = jrid_from_str(q->choices[k]), a = jrid_from_str(q->answer);
			if (jrel_find(rel, c) == JNONE || JRID_CHAP(c) != JRID_CHAP(a) || jrid_level(c) != jrid_level(a))
				snprintf(why, sizeof why, "choice %s is not a rule like %s", q->choices[k], q->answer);
		}
	}
	if (*why) {
		st->bad++;
		if (st->bad <= 5)
			printf("# %s: %s\n#   question: %.200s\n#   answer: %s\n", q->key, why, q->question, q->answer);
		return false;
	}
	return true;
}

static size_t
keys_for(struct study_pool *p, uint64_t seed, size_t count, char **keys)
{
	return study_pick(p, NULL, 20469, seed, count, keys);
}

static void
free_keys(char **keys, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(keys[i]);
}

static void
test_mini(void)
{
	struct jindex *ix = jindex_new();
	struct jrelease *rel = jindex_load_bytes(ix, "mini.txt", (const unsigned char *)mini_cr, strlen(mini_cr));
	jindex_finish(ix);
	CHECK(rel != NULL && rel->ngloss == 6, "the hand-written release loads with 6 glossary terms");
	if (!rel || rel->ngloss != 6) {
		jindex_free(ix);
		return;
	}
	struct study_filter f = {STUDY_CLOZE, JRID_NONE, NULL};
	struct study_pool *p = study_pool_new(rel, &f, NULL, NULL);
	CHECK(p != NULL, "a cloze pool");
	struct study_q q;
	CHECK_INT(study_make(p, "cloze:704.5c:ten", 1, &q), 0, "the 'ten' blank of 704.5c can be asked");
	CHECK_STR(q.question, "If a player has ___ or more poison counters, that player loses the game. Ignore this rule in Two-Headed Giant games.",
	    "the number is blanked");
	CHECK_STR(q.answer, "ten", "the answer is the word removed");
	CHECK_INT(q.nchoices, 4, "numbers get four choices");
	bool words = true;
	for (int i = 0; i < q.nchoices; i++)
		words = words && isalpha((unsigned char)q.choices[i][0]);
	CHECK(words, "written as words like the answer");
	CHECK(study_check(&q, "10") && study_check(&q, "Ten") && !study_check(&q, "9"), "10 and Ten are right, 9 is not");
	study_q_free(&q);
	CHECK_INT(study_make(p, "cloze:704.5a:0", 1, &q), 0, "the '0' blank of 704.5a");
	CHECK(q.nchoices == 4 && isdigit((unsigned char)q.choices[0][0]), "digits get digit choices");
	CHECK(q.nchoices == 4 && atoi(q.choices[0]) < atoi(q.choices[1]) && atoi(q.choices[2]) < atoi(q.choices[3]),
	    "number choices are in order");
	study_q_free(&q);
	CHECK_INT(study_make(p, "cloze:704.5c:seven", 1, &q), -1, "a blank the rule does not have is refused");
	CHECK_INT(study_make(p, "glossary:trample", 1, &q), -1, "a glossary key outside a cloze-only pool is refused");
	CHECK_INT(study_make(p, "cloze:999.9z:x", 1, &q), -1, "a rule that does not exist is refused");
	study_pool_free(p);

	f = (struct study_filter){STUDY_GLOSSARY, JRID_NONE, NULL};
	p = study_pool_new(rel, &f, NULL, NULL);
	CHECK_INT(study_make(p, "glossary:poison counter", 3, &q), 0, "a glossary question");
	CHECK_STR(q.question, "A ___ that may be given to a player. See rule 704.5c.",
	    "no other term here is a counter: \"counter\" would give it away and is blanked");
	CHECK(study_check(&q, "poison counters") && study_check(&q, "Poison Counter"), "the term, in any case or number");
	study_q_free(&q);
	CHECK_INT(study_make(p, "glossary:trample", 3, &q), 0, "Trample");
	CHECK_STR(q.question, "A keyword ability that modifies how a creature assigns combat damage. See rule 702.19, \"___.\"",
	    "the term is blanked inside the quotes");
	study_q_free(&q);
	study_pool_free(p);

	f = (struct study_filter){STUDY_WHICH, JRID_NONE, NULL};
	p = study_pool_new(rel, &f, NULL, NULL);
	CHECK_INT(study_make(p, "which:704.5b", 5, &q), 0, "a which-rule question");
	CHECK(q.nchoices == 4 && strcmp(q.choices[0], "704.5a") >= 0 && strcmp(q.choices[3], "704.5e") <= 0,
	    "its choices are siblings in 704.5a-e, in order");
	CHECK(study_check(&q, "704.5b") && !study_check(&q, "704.5") && !study_check(&q, "704.5c"),
	    "the rule number itself is an answer");
	study_q_free(&q);
	CHECK_INT(study_pool_count(p, STUDY_WHICH), 9, "which-rule candidates: 702.19a-d and 704.5a-e (100.1 has no peers, 704.5 is too short)");
	study_pool_free(p);

	/* filters */
	f = (struct study_filter){0, jrid_from_str("702"), NULL};
	p = study_pool_new(rel, &f, NULL, NULL);
	char *keys[32];
	size_t n = keys_for(p, 9, 32, keys);
	bool inside = n > 0;
	for (size_t i = 0; i < n; i++)
		inside = inside && (strstr(keys[i], ":702.") || strcmp(keys[i], "glossary:trample") == 0);
	CHECK(inside, "quiz 702 asks only about 702 and the glossary terms citing it (%zu keys)", n);
	free_keys(keys, n);
	study_pool_free(p);
	f = (struct study_filter){0, JRID_NONE, "poison counters"};
	p = study_pool_new(rel, &f, NULL, NULL);
	n = p ? keys_for(p, 9, 32, keys) : 0;
	inside = n > 0;
	for (size_t i = 0; i < n; i++)
		inside = inside && (strstr(keys[i], ":704.5c") || strcmp(keys[i], "glossary:poison counter") == 0);
	CHECK(inside, "a topic through a glossary term asks about the rules it cites (%zu keys)", n);
	free_keys(keys, n);
	study_pool_free(p);
	f = (struct study_filter){0, JRID_NONE, "trample"};
	p = study_pool_new(rel, &f, NULL, NULL);
	n = p ? keys_for(p, 9, 32, keys) : 0;
	inside = n > 0;
	for (size_t i = 0; i < n; i++)
		inside = inside && (strstr(keys[i], ":702.19") || strcmp(keys[i], "glossary:trample") == 0);
	CHECK(inside, "a topic by rule title (%zu keys)", n);
	free_keys(keys, n);
	study_pool_free(p);
	const char *why = NULL;
	f = (struct study_filter){0, JRID_NONE, "banding"};
	CHECK(study_pool_new(rel, &f, NULL, &why) == NULL && why != NULL, "a topic matching nothing says why");

	/* due questions first */
	f = (struct study_filter){0, JRID_NONE, NULL};
	p = study_pool_new(rel, &f, NULL, NULL);
	struct study_store s = {0};
	struct study_card *c = study_store_get(&s, "which:704.5d");
	c->due = 20469;
	c = study_store_get(&s, "cloze:704.5c:ten");
	c->due = 20400;
	c = study_store_get(&s, "glossary:token");
	c->due = 20999;
	c = study_store_get(&s, "glossary:no such term");
	c->due = 20000;
	n = study_pick(p, &s, 20469, 4, 32, keys);
	CHECK(n >= 3 && strcmp(keys[0], "cloze:704.5c:ten") == 0 && strcmp(keys[1], "which:704.5d") == 0,
	    "the most overdue card comes first, then the one due today");
	bool token_last = n > 0 && strcmp(keys[n - 1], "glossary:token") == 0;
	bool bogus = false;
	for (size_t i = 0; i < n; i++)
		bogus = bogus || strstr(keys[i], "no such") != NULL;
	CHECK(token_last, "a card not yet due comes after every new question");
	CHECK(!bogus, "a card whose question no longer exists is skipped");
	bool onesrc = true;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			onesrc = onesrc && !(strstr(keys[i], "704.5c") && strstr(keys[j], "704.5c"));
	CHECK(onesrc, "no two questions in a session share a source rule");
	free_keys(keys, n);
	study_store_free(&s);
	study_pool_free(p);
	jindex_free(ix);
}

/* ---------- worked examples through a provider ---------- */

static const jrid ex_rules[] = {JRID_MAKE(702, 19, 'b')};

static uint32_t
ex_count(void *ctx)
{
	(void)ctx;
	return 2;
}

static bool
ex_get(void *ctx, uint32_t i, struct study_example *out)
{
	(void)ctx;
	static const char *const sit[] = {"My 5/5 trampler is blocked by a 2/2. How much damage can I assign to the player?",
	    "A spell with no target."};
	static const char *const ans[] = {"Three: lethal damage to the blocker first.", "Nothing to see."};
	if (i >= 2)
		return false;
	*out = (struct study_example){i ? "p2e1" : "p1e1", sit[i], ans[i], i ? NULL : ex_rules, i ? 0 : 1, "Combat"};
	return true;
}

static void
test_examples(void)
{
	size_t sl;
	const char *ans;
	CHECK(study_split_example("If I attack with it, what happens? It deals 3 damage.", &sl, &ans) && sl == 34 &&
	    strcmp(ans, "It deals 3 damage.") == 0, "split at the question mark");
	CHECK(study_split_example("Dryad Arbor is a land creature with no mana cost. Its mana value is zero.", &sl, &ans) &&
	    strcmp(ans, "Its mana value is zero.") == 0, "no question: after the first sentence");
	CHECK(!study_split_example("Dryad Arbor is green.", &sl, &ans), "one short sentence cannot be asked");
	CHECK(study_split_example("I attack with Aquamoeba and discard a card. He casts Shock on it. I discard another card, and it will deal just 1 damage. Nice.", &sl, &ans) &&
	    sl == 65 && strcmp(ans, "I discard another card, and it will deal just 1 damage. Nice.") == 0,
	    "a statement: the answer starts with the sentence that says what will happen");
	CHECK(!study_split_example("I control Aquamoeba, enchanted with Unholy Strength. What happens if my opponent casts Shock?", &sl, &ans),
	    "an example ending in its question has no answer to reveal");
	/* what the quiz must not ask: a setting that already holds the ruling, a story whose
	 * "answer" is only its next sentence, a second illustration */
	CHECK(!study_split_example("Blood Moon turns all nonbasic lands into Mountains, which means that it will remove the Forest subtype from Dryad Arbor. However, it will not touch its types (so it's still a land creature).", &sl, &ans),
	    "a setting that already says how it turns out is not asked");
	CHECK(!study_split_example("The active player controls an Enormous Baloth. In its first main phase, the active player casts Pyroclasm, then attacks. The defending player blocks with both creatures. It chooses to assign 2 damage to Blastoderm.", &sl, &ans),
	    "a story that never says how it turns out is not asked (the answer would be its next sentence)");
	CHECK(!study_split_example("Hallowed Fountain has the type land and the subtypes Plains and Island. In the same way, Delver of Secrets has the type creature and the subtypes Human and Wizard.", &sl, &ans),
	    "a second illustration is no answer");
	CHECK(study_split_example("I activate the equip ability of my Bonesplitter targeting my Runeclaw Bear. In response, my opponent casts Act of Aggression. When the equip ability resolves, the Runeclaw Bear is no longer a legal target, so the ability doesn't resolve.", &sl, &ans) &&
	    strncmp(ans, "When the equip ability resolves", 31) == 0, "the answer starts where the ruling does, after the story");

	struct jindex *ix = jindex_new();
	struct jrelease *rel = jindex_load_bytes(ix, "mini.txt", (const unsigned char *)mini_cr, strlen(mini_cr));
	jindex_finish(ix);
	struct study_examples ex = {ex_count, ex_get, NULL};
	struct study_filter f = {STUDY_EXAMPLE, jrid_from_str("702"), NULL};
	struct study_pool *p = rel ? study_pool_new(rel, &f, &ex, NULL) : NULL;
	CHECK(p && study_pool_count(p, STUDY_EXAMPLE) == 1, "only the example linked to 702 is in quiz 702");
	struct study_q q;
	CHECK(p && study_make(p, "example:p1e1", 1, &q) == 0, "an example question by key");
	if (p) {
		CHECK(strstr(q.question, "trampler") && strcmp(q.reveal, "Three: lethal damage to the blocker first.") == 0 &&
		    q.nrules == 1 && q.rules[0] == ex_rules[0] && q.nchoices == 0, "situation, the book's answer, its rules");
		CHECK_STR(q.section, "textbook", "examples count under 'textbook'");
		study_q_free(&q);
		CHECK_INT(study_make(p, "example:p2e1", 1, &q), -1, "an example outside the filter is refused");
	}
	study_pool_free(p);
	jindex_free(ix);
}

/* ---------- the real rules ---------- */

static void
test_real(void)
{
	const char *shared = t_shared();
	if (!shared) {
		printf("skip - ../shared is absent: the real CR checks\n");
		return;
	}
	struct jindex *ix = jindex_new();
	T_LOAD_CR(ix, shared, "2026-01-16");
	jindex_finish(ix);
	struct jrelease *rel = jindex_default(ix);
	CHECK(rel && rel->ngloss > 500, "the 2026-01-16 release loads");
	if (!rel || rel->ngloss <= 500) {
		jindex_free(ix);
		return;
	}
	struct study_filter f = {0, JRID_NONE, NULL};
	struct study_pool *p = study_pool_new(rel, &f, NULL, NULL);
	CHECK(study_pool_count(p, STUDY_GLOSSARY) > 500 && study_pool_count(p, STUDY_CLOZE) > 1500 && study_pool_count(p, STUDY_WHICH) > 1500,
	    "hundreds of glossary, thousands of cloze and which-rule candidates (%u, %u, %u)",
	    study_pool_count(p, STUDY_GLOSSARY), study_pool_count(p, STUDY_CLOZE), study_pool_count(p, STUDY_WHICH));
	char *a[40], *b[40];
	size_t na = keys_for(p, 12345, 40, a), nb = keys_for(p, 12345, 40, b);
	bool same = na == 40 && na == nb;
	for (size_t i = 0; i < na && same; i++)
		same = strcmp(a[i], b[i]) == 0;
	CHECK(same, "the same seed gives the same 40 questions");
	struct study_q qa, qb;
	bool samechoices = study_make(p, a[0], 12345, &qa) == 0 && study_make(p, a[0], 12345, &qb) == 0 &&
	    qa.nchoices == qb.nchoices;
	for (int i = 0; samechoices && i < qa.nchoices; i++)
		samechoices = strcmp(qa.choices[i], qb.choices[i]) == 0;
	CHECK(samechoices, "and the same choices in the same order");
	study_q_free(&qa);
	study_q_free(&qb);
	free_keys(b, nb);
	nb = keys_for(p, 54321, 40, b);
	size_t common = 0;
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			common += strcmp(a[i], b[j]) == 0;
	CHECK(common < 10, "another seed gives other questions (%zu of 40 in common)", common);
	free_keys(a, na);
	free_keys(b, nb);

	/* every generated answer against its source, over many sessions */
	struct qstats st = {0};
	int kinds_seen = 0;
	for (uint64_t seed = 1; seed <= 60; seed++) {
		char *k[25];
		size_t n = keys_for(p, seed, 25, k);
		for (size_t i = 0; i < n; i++) {
			struct study_q q;
			if (study_make(p, k[i], seed, &q) != 0) {
				st.bad++;
				printf("# %s: picked but cannot be made\n", k[i]);
				continue;
			}
			check_question(rel, &q, &st);
			study_q_free(&q);
		}
		free_keys(k, n);
	}
	kinds_seen = (st.gloss > 0) + (st.cloze > 0) + (st.which > 0);
	CHECK(st.bad == 0 && st.n == 60 * 25, "%d questions over 60 seeds: every answer is in its source (%d bad)", st.n, st.bad);
	CHECK(kinds_seen == 3 && st.gloss > 500 && st.cloze > 500 && st.which > 0 && st.which * 5 < st.n,
	    "the kinds are mixed, rule-number recall seldom (under a fifth): %d glossary, %d cloze, %d which",
	    st.gloss, st.cloze, st.which);
	CHECK(st.checked_letters > 1000, "choice letters checked on %d questions", st.checked_letters);
	study_pool_free(p);

	/* filters on the real rules */
	f = (struct study_filter){0, jrid_from_str("702"), NULL};
	p = study_pool_new(rel, &f, NULL, NULL);
	char *k[30];
	size_t n = keys_for(p, 3, 30, k);
	bool inside = n == 30;
	for (size_t i = 0; i < n; i++) {
		struct study_q q;
		if (study_make(p, k[i], 3, &q) != 0) {
			inside = false;
			continue;
		}
		if (q.kind == STUDY_GLOSSARY) {
			bool cites = false;
			uint32_t g = jrel_define(rel, q.source);
			for (uint32_t r = 0; g != JNONE && r < rel->gloss[g].nrefs; r++)
				cites = cites || JRID_CHAP(rel->rules[rel->gloss[g].refs[r]].id) == 702;
			inside = inside && cites;
		} else {
			inside = inside && JRID_CHAP(jrid_from_str(q.source)) == 702;
		}
		study_q_free(&q);
	}
	CHECK(inside, "quiz 702: every question is about 702 or a term citing it");
	free_keys(k, n);
	study_pool_free(p);

	f = (struct study_filter){0, JRID_NONE, "layers"};
	p = study_pool_new(rel, &f, NULL, NULL);
	n = p ? keys_for(p, 3, 30, k) : 0;
	size_t in613 = 0;
	for (size_t i = 0; i < n; i++)
		in613 += strstr(k[i], ":613.") != NULL;
	CHECK(n >= 10 && in613 * 2 >= n, "quiz layers: mostly rule 613 (%zu of %zu)", in613, n);
	free_keys(k, n);
	study_pool_free(p);
	jindex_free(ix);
}

/* ---------- give-aways: what makes a question easy without knowing the rules ---------- */

/* The stem of a word: lower case, a plural or verb ending off ("blockers" -> "blocker",
 * "protects" -> "protect", "renowned" -> "renown"). */
static void
ga_stem(const char *w, size_t n, char *out, size_t cap)
{
	size_t l = n < cap - 1 ? n : cap - 1;
	for (size_t i = 0; i < l; i++)
		out[i] = (char)tolower((unsigned char)w[i]);
	out[l] = '\0';
	static const char *const ends[] = {"ing", "ed", "es", "s", NULL};
	for (int i = 0; ends[i]; i++) {
		size_t e = strlen(ends[i]);
		if (l > e + 3 && strcmp(out + l - e, ends[i]) == 0) {
			out[l - e] = '\0';
			return;
		}
	}
}

/* Does some word of text (4+ letters) have the stem of word w? */
static bool
ga_stem_in(const char *text, const char *w, size_t n)
{
	char sw[64], st[64];
	ga_stem(w, n, sw, sizeof sw);
	if (strlen(sw) < 4)
		return false;
	for (const char *s = text; *s;) {
		while (*s && !isalpha((unsigned char)*s))
			s++;
		const char *e = s;
		while (*e && (isalpha((unsigned char)*e) || (unsigned char)*e >= 0x80))
			e++;
		if (e > s) {
			ga_stem((const char *)s, (size_t)(e - s), st, sizeof st);
			if (strcmp(st, sw) == 0)
				return true;
		}
		s = e;
	}
	return false;
}

/* A word of the answer (not a stop-like short word) that is in the question and not in
 * every choice: the text points at the answer. */
static bool
ga_answer_in_text(const struct study_q *q, const char *answer)
{
	for (const char *s = answer; *s;) {
		while (*s && !isalpha((unsigned char)*s))
			s++;
		const char *e = s;
		while (*e && isalpha((unsigned char)*e))
			e++;
		size_t n = (size_t)(e - s);
		/* little words say nothing ("into" in "Venture into the Dungeon") */
		static const char *const little[] = {"into", "with", "than", "that", "this", "from", "though", "have", NULL};
		bool small = false;
		for (int i = 0; little[i] && !small; i++)
			small = strlen(little[i]) == n && strncasecmp(s, little[i], n) == 0;
		if (n >= 4 && !small && ga_stem_in(q->question, s, n)) {
			bool everywhere = q->nchoices > 0;
			char w[64];
			snprintf(w, sizeof w, "%.*s", (int)(n < 63 ? n : 63), s);
			for (int i = 0; i < q->nchoices && everywhere; i++)
				everywhere = ga_stem_in(q->choices[i], w, strlen(w));
			if (!everywhere)
				return true;
		}
		s = e;
	}
	return false;
}

/* The kind of thing a glossary entry names, from the opening of its definition. */
enum ga_class { GA_OTHER, GA_KEYWORD, GA_ACTION, GA_ZONE, GA_TURN, GA_CARDTYPE, GA_TYPE };

static enum ga_class
ga_class(const struct jrelease *rel, const char *head)
{
	uint32_t g = jrel_define(rel, head);
	if (g == JNONE || !rel->gloss[g].text)
		return GA_OTHER;
	char first[160];
	const char *t = rel->gloss[g].text;
	if (t[0] == '1' && t[1] == '.')
		t += 2;
	while (*t == ' ')
		t++;
	size_t n = strcspn(t, ".");
	snprintf(first, sizeof first, "%.*s", (int)(n < 159 ? n : 159), t);
	if (strcasestr(first, "keyword action"))
		return GA_ACTION;
	if (strcasestr(first, "keyword ability"))
		return GA_KEYWORD;
	/* a verb defined in 701 is a keyword action ("Exile", "Transform") */
	for (uint32_t k = 0; strncmp(t, "To ", 3) == 0 && k < rel->gloss[g].nrefs; k++)
		if (JRID_CHAP(rel->rules[rel->gloss[g].refs[k]].id) == 701)
			return GA_ACTION;
	if (strncmp(t, "A zone", 6) == 0)
		return GA_ZONE;
	if (strncmp(t, "Part of the turn", 16) == 0)
		return GA_TURN;
	if (strncmp(t, "A card type", 11) == 0)
		return GA_CARDTYPE;
	if (strcasestr(first, "card type") || strcasestr(first, "subtype") || strcasestr(first, "supertype"))
		return GA_TYPE;
	return GA_OTHER;
}

static bool
ga_retired(const struct jrelease *rel, const char *head)
{
	uint32_t g = jrel_define(rel, head);
	if (g == JNONE)
		return false;
	const char *t = rel->gloss[g].text ? rel->gloss[g].text : "";
	return rel->gloss[g].obsolete || strstr(head, "(Obsolete)") || strstr(t, "used to be a keyword") ||
	    strncmp(t, "An obsolete", 11) == 0 || strncmp(t, "An older name", 13) == 0;
}

/* Two choices that name one thing or one word: aliases of one entry, one the other plus
 * an ending ("Renown", "Renowned") or one inside the other as whole words ("Enter",
 * "Enters the Battlefield"). */
static bool
ga_same_thing(const struct jrelease *rel, const char *a, const char *b)
{
	if (strcasecmp(a, b) == 0)
		return true;
	uint32_t ga = jrel_define(rel, a), gb = jrel_define(rel, b);
	if (ga != JNONE && ga == gb)
		return true;
	/* first words written differently with one stem, one choice a single word ("Double"
	 * and "Double Strike" are two things; "Enter" and "Enters the Battlefield" one) */
	size_t la = strcspn(a, " ,"), lb = strcspn(b, " ,");
	if ((!a[la] || !b[lb]) && !(la == lb && strncasecmp(a, b, la) == 0)) {
		char sa[64], sb[64];
		ga_stem(a, la, sa, sizeof sa);
		ga_stem(b, lb, sb, sizeof sb);
		if (strlen(sa) >= 4 && strcmp(sa, sb) == 0)
			return true;
	}
	return false;
}

struct gastats {
	int n[3];                 /* questions per kind: glossary, cloze, which */
	int few;                  /* 1-3 choices */
	int freetext;             /* cloze with no choices */
	int ans_in_q;             /* glossary: the answer's word or stem left in the text */
	int dup;                  /* two choices naming one thing */
	int retired;              /* an obsolete distractor for a current term */
	int category;             /* glossary: a distractor of another kind */
	int cloze_left;           /* cloze: the blanked word or its stem elsewhere in the text */
	int cloze_generic;        /* cloze: a common word blanked (player, card, spell ...) */
	int cloze_far;            /* cloze: a number choice far from the answer */
	int cloze_kind;           /* cloze: a term choice of another kind than the answer */
	int which_own;            /* which: the text names the rule's own number */
	int which_level;          /* which: choices at different levels */
	int which_cousins;        /* which: a subrule's choices not its siblings when it has 3+ */
	int which_names;          /* which: the text names another choice ("see rule 704.5a") */
};

static void
ga_report(const char *what, int count, const struct study_q *q, int *shown)
{
	if (*shown < 99 && count <= 6) {
		printf("#   %s: %s | %.110s | ", what, q->key, q->question);
		for (int i = 0; i < q->nchoices; i++)
			printf("%s%s", i ? " / " : "", q->choices[i]);
		printf("\n");
	}
}

static void
giveaways(const struct jrelease *rel, const struct study_q *q, struct gastats *g, bool verbose)
{
	int quiet = 99, loud = 0, *sh = verbose ? &loud : &quiet;
	if (q->nchoices > 0 && q->nchoices < STUDY_CHOICES) {
		g->few++;
		ga_report("few", g->few, q, sh);
	}
	for (int i = 0; i < q->nchoices; i++)
		for (int j = i + 1; j < q->nchoices; j++)
			if (q->kind != STUDY_WHICH && ga_same_thing(rel, q->choices[i], q->choices[j])) {
				g->dup++;
				ga_report("dup", g->dup, q, sh);
				i = j = q->nchoices;
			}
	if (q->kind == STUDY_GLOSSARY) {
		g->n[0]++;
		uint32_t e = jrel_define(rel, q->source);
		bool hit = ga_answer_in_text(q, q->answer);
		for (uint32_t k = 0; e != JNONE && k < rel->gloss[e].naliases && !hit; k++)
			hit = ga_answer_in_text(q, rel->gloss[e].aliases[k]);
		if (hit) {
			g->ans_in_q++;
			ga_report("answer in text", g->ans_in_q, q, sh);
		}
		enum ga_class ac = ga_class(rel, q->answer);
		bool aret = ga_retired(rel, q->answer);
		bool ret = false, cat = false;
		for (int i = 0; i < q->nchoices; i++) {
			if (i == q->correct)
				continue;
			ret = ret || (!aret && ga_retired(rel, q->choices[i]));
			cat = cat || (ac != GA_OTHER && ga_class(rel, q->choices[i]) != ac);
		}
		if (ret) {
			g->retired++;
			ga_report("obsolete distractor", g->retired, q, sh);
		}
		if (cat) {
			g->category++;
			ga_report("other category", g->category, q, sh);
		}
	} else if (q->kind == STUDY_CLOZE) {
		g->n[1]++;
		if (q->nchoices == 0)
			g->freetext++;
		if (ga_stem_in(q->question, q->answer, strlen(q->answer)) ||
		    (strchr(q->answer, ' ') && ga_answer_in_text(q, q->answer))) {
			g->cloze_left++;
			ga_report("cloze word left", g->cloze_left, q, sh);
		}
		static const char *const common[] = {"player", "players", "card", "cards", "spell", "spells",
		    "permanent", "permanents", "creature", "creatures", "ability", "abilities", "object",
		    "objects", "effect", "effects", "game", "turn", "opponent", "opponents", NULL};
		for (int i = 0; common[i]; i++)
			if (strcasecmp(q->answer, common[i]) == 0) {
				g->cloze_generic++;
				ga_report("cloze common word", g->cloze_generic, q, sh);
			}
		enum ga_class ac = ga_class(rel, q->answer);
		for (int i = 0; i < q->nchoices && ac != GA_OTHER; i++)
			if (i != q->correct && ga_class(rel, q->choices[i]) != ac) {
				g->cloze_kind++;
				ga_report("cloze term of another kind", g->cloze_kind, q, sh);
				break;
			}
		int v = isdigit((unsigned char)q->answer[0]) ? atoi(q->answer) : -1;
		if (v >= 0) {
			int lim = v / 2 + 3;
			for (int i = 0; i < q->nchoices; i++) {
				int x = atoi(q->choices[i]);
				if (x - v > lim || v - x > lim) {
					g->cloze_far++;
					ga_report("cloze number far", g->cloze_far, q, sh);
					break;
				}
			}
		}
	} else if (q->kind == STUDY_WHICH) {
		g->n[2]++;
		jrid a = jrid_from_str(q->answer);
		if (has_word(q->question, q->answer)) {
			g->which_own++;
			ga_report("which own number", g->which_own, q, sh);
		}
		bool lv = true, sib = true, names = false;
		for (int i = 0; i < q->nchoices; i++) {
			jrid c = jrid_from_str(q->choices[i]);
			names = names || (i != q->correct && has_word(q->question, q->choices[i]));
			lv = lv && jrid_level(c) == jrid_level(a);
			sib = sib && jrid_parent(c) == jrid_parent(a);
		}
		if (names) {
			g->which_names++;
			ga_report("which names a choice", g->which_names, q, sh);
		}
		if (!lv) {
			g->which_level++;
			ga_report("which levels", g->which_level, q, sh);
		}
		uint32_t pi = jrel_find(rel, jrid_parent(a)), nsib = 0;
		if (jrid_level(a) == JL_SUBRULE && pi != JNONE)
			for (uint32_t k = pi + 1; k < rel->nrules && jrid_parent(rel->rules[k].id) == jrid_parent(a); k++)
				nsib += !has_word(q->question, rel->rules[k].num);   /* one the text names is no choice */
		if (!sib && nsib >= STUDY_CHOICES) {
			g->which_cousins++;
			ga_report("which not siblings", g->which_cousins, q, sh);
		}
	}
}

/* 2000+ questions of the real rules scanned for give-aways; the counts must stay at zero. */
static void
test_giveaways(void)
{
	const char *shared = t_shared();
	if (!shared) {
		printf("skip - ../shared is absent: the give-away counts\n");
		return;
	}
	struct jindex *ix = jindex_new();
	T_LOAD_CR(ix, shared, "2026-01-16");
	jindex_finish(ix);
	struct jrelease *rel = jindex_default(ix);
	if (!rel) {
		CHECK(0, "the 2026-01-16 release loads");
		jindex_free(ix);
		return;
	}
	struct gastats g = {0};
	static const unsigned kinds[] = {STUDY_GLOSSARY, STUDY_CLOZE, STUDY_WHICH};
	for (int kk = 0; kk < 3; kk++) {
		struct study_filter f = {kinds[kk], JRID_NONE, NULL};
		struct study_pool *p = study_pool_new(rel, &f, NULL, NULL);
		for (uint64_t seed = 1; seed <= 20 && p; seed++) {
			char *k[40];
			size_t n = keys_for(p, seed * 7919, 40, k);
			for (size_t i = 0; i < n; i++) {
				struct study_q q;
				if (study_make(p, k[i], seed, &q) == 0) {
					giveaways(rel, &q, &g, getenv("GIVEAWAYS") != NULL);
					study_q_free(&q);
				}
			}
			free_keys(k, n);
		}
		study_pool_free(p);
	}
	printf("# give-aways over %d glossary, %d cloze, %d which-rule questions:\n", g.n[0], g.n[1], g.n[2]);
	printf("#   fewer than 4 choices %d; cloze in free text %d; two choices naming one thing %d\n", g.few, g.freetext, g.dup);
	printf("#   glossary: answer's word in the definition %d, obsolete distractor %d, distractor of another kind %d\n",
	    g.ans_in_q, g.retired, g.category);
	printf("#   cloze: blanked word left in the text %d, common word blanked %d, number choice far off %d, term of another kind %d\n",
	    g.cloze_left, g.cloze_generic, g.cloze_far, g.cloze_kind);
	printf("#   which: own number in the text %d, another choice named in it %d, choices at mixed levels %d, not siblings though 4+ exist %d\n",
	    g.which_own, g.which_names, g.which_level, g.which_cousins);
	CHECK(g.n[0] >= 600 && g.n[1] >= 600 && g.n[2] >= 600, "scanned %d, %d, %d questions", g.n[0], g.n[1], g.n[2]);
	CHECK(g.few == 0 && g.dup == 0, "every multiple choice has 4 different things (%d short, %d naming one thing)", g.few, g.dup);
	CHECK(g.ans_in_q == 0 && g.retired == 0 && g.category == 0,
	    "glossary: no answer word left, no obsolete or other-kind distractor (%d, %d, %d)", g.ans_in_q, g.retired, g.category);
	CHECK(g.cloze_left == 0 && g.cloze_generic == 0 && g.cloze_far == 0 && g.cloze_kind == 0,
	    "cloze: no word left, no common word, no far number, no term of another kind (%d, %d, %d, %d)",
	    g.cloze_left, g.cloze_generic, g.cloze_far, g.cloze_kind);
	CHECK(g.freetext * 4 <= g.n[1], "cloze: at most a quarter in free text, for want of alike choices (%d of %d)", g.freetext, g.n[1]);
	CHECK(g.which_own == 0 && g.which_names == 0 && g.which_level == 0 && g.which_cousins == 0,
	    "which rule: no own number, no choice the text names, one level, siblings (%d, %d, %d, %d)",
	    g.which_own, g.which_names, g.which_level, g.which_cousins);
	jindex_free(ix);
}

/* The oldest release loaded here (classic layout) gives questions that check out too. */
static void
test_classic(void)
{
	const char *shared = t_shared();
	if (!shared) {
		printf("skip - ../shared is absent: the classic-layout checks\n");
		return;
	}
	struct jindex *ix = jindex_new();
	T_LOAD_CR(ix, shared, "2008-10-01");
	jindex_finish(ix);
	struct jrelease *rel = jindex_default(ix);
	CHECK(rel && rel->ngloss > 300, "the 2008-10-01 release loads with its glossary");
	if (!rel || rel->ngloss <= 300) {
		jindex_free(ix);
		return;
	}
	struct study_filter f = {0, JRID_NONE, NULL};
	struct study_pool *p = study_pool_new(rel, &f, NULL, NULL);
	struct qstats st = {0};
	for (uint64_t seed = 100; seed < 120; seed++) {
		char *k[25];
		size_t n = keys_for(p, seed, 25, k);
		for (size_t i = 0; i < n; i++) {
			struct study_q q;
			if (study_make(p, k[i], seed, &q) == 0) {
				check_question(rel, &q, &st);
				study_q_free(&q);
			} else {
				st.bad++;
			}
		}
		free_keys(k, n);
	}
	CHECK(st.bad == 0 && st.n == 20 * 25 && st.gloss && st.cloze && st.which,
	    "2008: %d questions over 20 seeds, every answer in its source (%d bad)", st.n, st.bad);
	study_pool_free(p);
	jindex_free(ix);
}

int
main(void)
{
	test_rng();
	test_days();
	test_store_parse();
	test_store_carry();
	test_sm2();
	test_store_files();
	test_mini();
	test_examples();
	test_real();
	test_classic();
	test_giveaways();
	return T_DONE();
}
