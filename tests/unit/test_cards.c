/* test_cards.c — the card database at the size of the real one: 35,000 made-up cards written in
 * MTGJSON shape, imported, then name completion timed for every one- and two-letter prefix (the
 * REPL's Tab must answer in under 5 ms), exact lookups timed, and the import's atomic replace. */
#include "t.h"
#include "cards/cards.h"
#include "cards/cards_int.h"
#include "base/buf.h"

#include <stdint.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char *const syl[] = {"ka", "ri", "tor", "mo", "goyf", "vel", "dra", "zun", "esh", "ul",
	"bar", "thi", "on", "ae", "lim", "qua", "sen", "rok", "iv", "pe"};

static void
name_of(unsigned i, char *out, size_t cap)
{
	/* distinct names from the number's digits in base 20 */
	size_t n = 0;
	unsigned v = i;
	do {
		n += (size_t)snprintf(out + n, cap - n, "%s", syl[v % 20]);
		v /= 20;
	} while (v && n < cap - 8);
	out[0] = (char)(out[0] - 32);
	snprintf(out + n, cap - n, " %s", syl[(i * 7) % 20]);
}

static unsigned completed;
static void
count(void *ctx, const char *name)
{
	(void)ctx;
	(void)name;
	completed++;
}

int
main(void)
{
	enum { N = 35000 };
	char tmpl[] = "/tmp/judge-test-cards-XXXXXX";
	char *dir = mkdtemp(tmpl);
	CHECK(dir != NULL, "a temporary folder");
	if (!dir)
		return T_DONE();
	char path[8400], name[128];
	snprintf(path, sizeof path, "%s/AtomicCards.json", dir);
	FILE *f = fopen(path, "w");
	fputs("{\"meta\":{\"date\":\"2025-11-14\"},\"data\":{", f);
	for (unsigned i = 0; i < N; i++) {
		name_of(i, name, sizeof name);
		fprintf(f, "%s\"%s\":[{\"name\":\"%s\",\"layout\":\"normal\",\"type\":\"Creature — Elf\",\"manaCost\":\"{%u}{G}\","
		    "\"manaValue\":%u,\"text\":\"Flying\",\"power\":\"2\",\"toughness\":\"2\",\"legalities\":{\"modern\":\"Legal\"}}]",
		    i ? "," : "", name, name, i % 7, i % 7 + 1);
	}
	fputs("}}", f);
	fclose(f);

	char cdir[4200];
	snprintf(cdir, sizeof cdir, "%s/cards", dir);
	struct diags d = {0};
	struct cards_import_stats st;
	const char *files[] = {path};
	int rc = cards_import(cdir, files, 1, CF_AUTO, NULL, NULL, &st, &d);
	CHECK_INT(rc, 0, "import of %d cards", N);
	CHECK_INT(st.cards, N, "every card imported");
	CHECK_STR(st.date, "2025-11-14", "the date from meta");
	diag_clear(&d);

	struct sbuf err = {0};
	struct cards_db *db = cards_open(cdir, &err);
	CHECK(db != NULL, "the database opens: %s", sbuf_str(&err));
	if (!db)
		return T_DONE();
	bool sanitized = getenv("JUDGE_SANITIZED") != NULL;
	double limit = sanitized ? 0.050 : 0.005;

	/* completion: every prefix of one and two letters, and the empty one */
	double worst = 0;
	char worst_p[8] = "";
	unsigned total = 0;
	for (int a = -1; a < 26; a++)
		for (int b = -1; b < 26; b++) {
			if (a < 0 && b >= 0)
				continue;
			char p[3] = {0};
			if (a >= 0)
				p[0] = (char)('a' + a);
			if (b >= 0)
				p[1] = (char)('a' + b);
			/* the best of three: what the lookup costs, not the other jobs on the machine */
			double t = 1;
			for (int r = 0; r < 3; r++) {
				completed = 0;
				double t0 = now();
				cards_complete(db, p, 1000, count, NULL);
				if (now() - t0 < t)
					t = now() - t0;
			}
			total += completed;
			if (t > worst) {
				worst = t;
				snprintf(worst_p, sizeof worst_p, "%s", p);
			}
		}
	CHECK(worst < limit, "completion of any prefix under %.0f ms (worst %.2f ms, for \"%s\")", limit * 1e3, worst * 1e3, worst_p);
	completed = 0;
	cards_complete(db, "Kari", 100000, count, NULL);
	unsigned want = 0;
	for (unsigned i = 0; i < N; i++) {
		name_of(i, name, sizeof name);
		want += strncmp(name, "Kari", 4) == 0;
	}
	CHECK_INT(completed, want, "\"Kari\" completes to the %u names that start with it", want);
	CHECK(total > 0, "prefixes complete to names (%u in all)", total);

	/* exact lookups */
	double t0 = now();
	int found = 0;
	for (unsigned i = 0; i < 1000; i++) {
		name_of(i * 31 % N, name, sizeof name);
		struct cards_hit h[4];
		found += cards_find(db, name, h, 4) == 1 && strcmp(h[0].name, name) == 0;
	}
	double per = (now() - t0) / 1000;
	CHECK_INT(found, 1000, "1000 exact names each find their card");
	CHECK(per < limit, "an exact lookup under %.0f ms (%.3f ms)", limit * 1e3, per * 1e3);

	/* the lookups no index answers: a part, words in another order, a typo, nothing at all
	 * (with its suggestions), each from a database just opened (best of 3) */
	{
		name_of(17000, name, sizeof name);
		char typo[160], words[160], part[160];
		snprintf(typo, sizeof typo, "%.3s%s", name, name + 4);            /* one letter out */
		const char *sp = strchr(name, ' ');
		snprintf(words, sizeof words, "%s %.*s", sp + 1, (int)(sp - name), name);
		snprintf(part, sizeof part, "%.5s", name + 2);
		const char *qs[] = {typo, words, part, "zzzzqqqq wwwx"};
		double slow = sanitized ? 0.300 : 0.020;   /* a loaded machine; about 3 ms when idle */
		for (size_t i = 0; i < sizeof qs / sizeof *qs; i++) {
			double best = 1;
			size_t n = 0;
			for (int r = 0; r < 3; r++) {
				struct cards_db *d2 = cards_open(cdir, &err);
				struct cards_hit h[8];
				double t1 = now();
				n = cards_find(d2, qs[i], h, 8);
				if (n == 0)
					cards_suggest(d2, qs[i], h, 3);
				if (now() - t1 < best)
					best = now() - t1;
				cards_close(d2);
			}
			CHECK(best < slow, "\"%s\" answers in under %.0f ms from 35,000 names (%.2f ms, %zu matches)", qs[i], slow * 1e3, best * 1e3, n);
		}
	}
	cards_close(db);

	/* a failed import leaves the database as it was, and no temporary file */
	struct stat before, after;
	snprintf(path, sizeof path, "%s/cards.db", cdir);
	stat(path, &before);
	char bad[4200];
	snprintf(bad, sizeof bad, "%s/bad.json", dir);
	f = fopen(bad, "w");
	fputs("{\"data\":{\"X\":[{\"name\":\"X\",\"layout\":\"normal\",\"type\":\"Instant\"}", f);
	fclose(f);
	const char *bf[] = {bad};
	rc = cards_import(cdir, bf, 1, CF_AUTO, NULL, NULL, &st, &d);
	CHECK(rc != 0 && d.count[DL_ERROR] == 1, "a truncated file is one error");
	diag_clear(&d);
	stat(path, &after);
	CHECK(before.st_ino == after.st_ino && before.st_size == after.st_size, "the database is the same file");
	char cmd[8600];
	snprintf(cmd, sizeof cmd, "test \"$(ls -A '%s')\" = cards.db", cdir);
	CHECK(system(cmd) == 0, "no temporary file left in the cards folder");

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	sbuf_free(&err);
	return T_DONE();
}
