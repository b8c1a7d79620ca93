/* test_hardening.c — the hostile-input review of issue 16, as tests: the safe file opener
 * refuses what is not a regular file or is too large; temporary files are exclusive and
 * cleaned after a kill -9; folders ignore the umask; two processes appending to the REPL
 * history or answering into one study file lose nothing; the study file parses in linear
 * time; `judge update` refuses a release dated far ahead, gives up on a server that
 * trickles, and keeps its folder 0755; the resolver's arithmetic saturates. */
#include "t.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/safefile.h"
#include "board/board.h"
#include "history/history.h"
#include "repl/histfile.h"
#include "resolver/resolver.h"
#include "study/study.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char top[64];

static const char *
at(const char *name)
{
	static char buf[8][512];
	static int k;
	k = (k + 1) % 8;
	snprintf(buf[k], sizeof buf[k], "%s/%s", top, name);
	return buf[k];
}

static double
now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static void
put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

/* ---- items 5, 6, 9: the file opener, temporary files, folders ---- */

static void
test_open(void)
{
	mkfifo(at("fifo"), 0600);
	mkdir(at("dir"), 0700);
	put(at("small"), "hello\n");
	struct sbuf b = {0};
	double t0 = now();
	CHECK(sfile_read(at("fifo"), 1000, &b) == -1 && errno == ESPIPE && now() - t0 < 2,
	    "a FIFO is refused at once (ESPIPE), not waited on");
	CHECK(sfile_read("/dev/zero", 1u << 30, &b) == -1 && errno == ESPIPE, "/dev/zero is refused, not read forever");
	CHECK(sfile_read(at("dir"), 1000, &b) == -1 && errno == EISDIR, "a folder is refused (EISDIR)");
	CHECK(sfile_read(at("small"), 5, &b) == -1 && errno == EFBIG, "a file over the cap is refused (EFBIG)");
	CHECK(sfile_read(at("small"), 6, &b) == 0 && b.len == 6 && strcmp(b.s, "hello\n") == 0, "a file at the cap is read whole");
	sbuf_free(&b);
	FILE *f = sfile_fopen(at("fifo"), 1000);
	CHECK(f == NULL && errno == ESPIPE, "sfile_fopen() refuses a FIFO too");
	CHECK(strstr(sfile_strerror(ESPIPE), "not a regular file") != NULL, "and says so: %s", sfile_strerror(ESPIPE));
}

static void
test_tmp(void)
{
	const char *path = at("data.tsv");
	put(at("victim"), "precious");
	/* what an attacker plants at every name judge used to use */
	char name[512];
	for (int i = 0; i < 4; i++) {
		snprintf(name, sizeof name, "%s.tmp-%ld-%d", path, (long)getpid(), i);
		CHECK(symlink(at("victim"), name) == 0, "a symlink planted at %s", strrchr(name, '/') + 1);
	}
	CHECK(sfile_write(path, "new\n", 4, 0600) == 0, "sfile_write() succeeds beside planted symlinks");
	struct sbuf b = {0};
	sfile_read(at("victim"), 100, &b);
	CHECK_STR(b.s, "precious", "the symlinks' target is untouched");
	sbuf_reset(&b);
	sfile_read(path, 100, &b);
	CHECK_STR(b.s, "new\n", "the file holds what was written");
	sbuf_free(&b);
	struct stat st;
	CHECK(lstat(path, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0777) == 0600, "a regular file, 0600");

	/* a symlink at the file itself is replaced, never written through */
	unlink(path);
	if (symlink(at("victim"), path) != 0)
		printf("# symlink: %s\n", strerror(errno));
	CHECK(sfile_write(path, "x", 1, 0600) == 0 && lstat(path, &st) == 0 && S_ISREG(st.st_mode),
	    "a symlink at the path is replaced by the file");
	sfile_read(at("victim"), 100, &b);
	CHECK_STR(b.s, "precious", "and its target is untouched");
	sbuf_free(&b);

	/* appending never goes through a symlink */
	if (symlink(at("victim"), at("hist-link")) != 0)
		printf("# symlink: %s\n", strerror(errno));
	CHECK(sfile_open_append(at("hist-link"), 0600) == -1 && errno == ELOOP, "appending to a symlink is refused (ELOOP)");
	CHECK(sfile_open_append(at("fifo"), 0600) == -1, "appending to a FIFO is refused");

	/* kill -9 leftovers: a dead process's temporary file goes, a live one's stays */
	pid_t dead = fork();
	if (dead == 0)
		_exit(0);
	waitpid(dead, NULL, 0);
	char stale[512], live[512], other[512];
	snprintf(stale, sizeof stale, "%s.tmp-%ld-0", path, (long)dead);
	snprintf(live, sizeof live, "%s.tmp-%ld-99", path, (long)getppid());
	snprintf(other, sizeof other, "%s/unrelated.tmp-%ld-0", top, (long)dead);
	put(stale, "half");
	put(live, "in use");
	put(other, "other file's");
	sfile_clean_stale(path);
	CHECK(access(stale, F_OK) != 0, "a dead process's temporary file is removed");
	CHECK(access(live, F_OK) == 0, "a live process's temporary file is kept");
	CHECK(access(other, F_OK) == 0, "another file's temporary files are not this file's to clean");
	sfile_clean_stale_in(top);
	CHECK(access(other, F_OK) != 0, "but cleaning the folder removes them");
	CHECK(sfile_is_tmp("srch-00ff.idx.tmp-123-4") && !sfile_is_tmp("srch-00ff.idx") && !sfile_is_tmp("a.tmp-x-1"),
	    "sfile_is_tmp() knows its names");
	unlink(live);
}

static void
test_dirs(void)
{
	mode_t old = umask(0);
	char *failed = NULL;
	CHECK(sfile_mkdirs(at("u0/a/rules"), 0755, &failed) == 0, "mkdir -p under umask 000");
	struct stat st;
	CHECK(stat(at("u0/a/rules"), &st) == 0 && (st.st_mode & 0777) == 0755, "the folder is 0755, not 0777 (%o)",
	    st.st_mode & 0777);
	CHECK(stat(at("u0"), &st) == 0 && (st.st_mode & 0777) == 0755, "and so is every folder it made");
	umask(077);
	CHECK(sfile_mkdirs(at("u77/rules"), 0755, NULL) == 0 && stat(at("u77/rules"), &st) == 0 &&
	    (st.st_mode & 0777) == 0755, "under umask 077 too (%o)", st.st_mode & 0777);
	umask(old);
	put(at("afile"), "x");
	CHECK(sfile_mkdirs(at("afile/sub"), 0700, &failed) == -1 && failed != NULL, "a file in the way is an error naming it");
	free(failed);
	if (symlink(at("dir"), at("dirlink")) != 0)
		printf("# symlink: %s\n", strerror(errno));
	CHECK(sfile_private_dir(at("dir")) && !sfile_private_dir(at("dirlink")), "a symlinked folder is not a private one");
	chmod(at("u0"), 0777);
	CHECK(!sfile_private_dir(at("u0")), "nor one anyone may write");
}

/* ---- items 2, 6: two processes on one history file, one study file ---- */

static void
count_line(const char *line, void *arg)
{
	(void)line;
	++*(int *)arg;
}

static void
test_history_file(void)
{
	const char *h = at("history");
	const int each = 300;
	pid_t kid[2];
	for (int k = 0; k < 2; k++) {
		kid[k] = fork();
		if (kid[k] == 0) {
			char line[64];
			for (int i = 0; i < each; i++) {
				snprintf(line, sizeof line, "session %d line %d", k, i);
				if (histfile_append(h, line) != 0)
					_exit(1);
				if (i % 50 == 49 && histfile_trim(h, 100000) != 0)
					_exit(1);
			}
			_exit(0);
		}
	}
	int ok = 0, st;
	for (int k = 0; k < 2; k++)
		if (waitpid(kid[k], &st, 0) == kid[k] && WIFEXITED(st) && WEXITSTATUS(st) == 0)
			ok++;
	CHECK(ok == 2, "two processes append and trim at once without an error");
	int n = 0;
	CHECK(histfile_load(h, 100000, count_line, &n) == 0 && n == 2 * each, "every line of both is there: %d of %d",
	    n, 2 * each);
	histfile_trim(h, 10);
	n = 0;
	histfile_load(h, 100000, count_line, &n);
	CHECK(n == 10, "trimming keeps the newest 10 (%d)", n);
	put(at("victim"), "precious");
	if (symlink(at("victim"), at("history-link")) != 0)
		printf("# symlink: %s\n", strerror(errno));
	n = 0;
	CHECK(histfile_load(at("history-link"), 10, count_line, &n) == -1 && errno == ELOOP, "a symlinked history file is refused");
	CHECK(histfile_append(at("history-link"), "x") == -1 && histfile_trim(at("history-link"), 0) == -1,
	    "and neither appended to nor trimmed");
	struct sbuf b = {0};
	sfile_read(at("victim"), 100, &b);
	CHECK_STR(b.s, "precious", "its target is untouched");
	sbuf_free(&b);
	/* a damaged file: lines with a NUL, an escape sequence or a carriage return were never
	 * typed, and are not handed to readline (Up would send them to the terminal) */
	static const char damaged[] = "100.1\nab\0cd\n\033[2J\033]0;x\007\nx\ry\n702.19b\tx\n";
	int fd = open(at("history-damaged"), O_WRONLY | O_CREAT | O_TRUNC, 0600);
	CHECK(fd >= 0 && write(fd, damaged, sizeof damaged - 1) == (ssize_t)(sizeof damaged - 1), "write a damaged history");
	if (fd >= 0)
		close(fd);
	n = 0;
	CHECK(histfile_load(at("history-damaged"), 100, count_line, &n) == 0 && n == 2,
	    "of a damaged history only the 2 typed lines are read (%d)", n);
}

static void
test_study_lock(void)
{
	const char *path = at("state/judge/study.tsv");
	const int each = 60;
	pid_t kid[2];
	for (int k = 0; k < 2; k++) {
		kid[k] = fork();
		if (kid[k] == 0) {
			for (int i = 0; i < each; i++) {
				struct diags d = {0};
				struct study_store s;
				int lock = study_store_lock(path);
				if (study_store_load(&s, path, &d) != 0)
					_exit(1);
				/* the same question from both, and one of each's own */
				study_grade(study_store_get(&s, "which:704.5a"), true, 20000, 1700000000);
				study_grade(study_store_get(&s, k ? "which:100.1" : "which:100.2"), i % 2, 20000, 1700000000);
				if (study_store_save(&s, path, &d) != 0)
					_exit(1);
				study_store_unlock(lock);
				study_store_free(&s);
				diag_clear(&d);
			}
			_exit(0);
		}
	}
	int ok = 0, st;
	for (int k = 0; k < 2; k++)
		if (waitpid(kid[k], &st, 0) == kid[k] && WIFEXITED(st) && WEXITSTATUS(st) == 0)
			ok++;
	CHECK(ok == 2, "two processes answer into one study file at once");
	struct study_store s;
	struct diags d = {0};
	CHECK(study_store_load(&s, path, &d) == 0, "which then loads cleanly");
	struct study_card *c = study_store_find(&s, "which:704.5a");
	CHECK(c && c->seen == 2 * each, "the shared question was seen %d times, as answered (%d)", c ? c->seen : -1, 2 * each);
	c = study_store_find(&s, "which:100.1");
	struct study_card *c2 = study_store_find(&s, "which:100.2");
	CHECK(c && c2 && c->seen == each && c2->seen == each, "and each one's own question %d times", each);
	study_store_free(&s);
	diag_clear(&d);
	struct stat sb;
	CHECK(stat(at("state/judge"), &sb) == 0 && (sb.st_mode & 0777) == 0700, "the study folder is 0700");
}

/* ---- item 4: the study file parses in linear time ---- */

static void
test_study_speed(void)
{
	struct sbuf t = {0};
	sbuf_adds(&t, STUDY_FORMAT_LINE "\n");
	for (int i = 0; i < 100000; i++)
		sbuf_addf(&t, "cloze:%d.%d:w\t2026-01-01\t1\t2.50\t1\t0\t2026-01-01T00:00:00Z\t1\t1\t2026-01-16\n", 100 + i / 1000, i % 1000);
	struct study_store s;
	struct diags d = {0};
	double t0 = now();
	int rc = study_store_parse(&s, "big.tsv", t.s, t.len, &d);
	double dt = now() - t0;
	CHECK(rc == 0 && s.n == 100000, "100,000 lines parse (%zu cards)", s.n);
	CHECK(dt < 3.0, "in %.2f s (it took 32 s when each line was looked up in all the ones before)", dt);
	study_store_free(&s);
	sbuf_addf(&t, "cloze:100.5:w\t2026-01-01\t1\t2.50\t1\t0\t2026-01-01T00:00:00Z\t1\t1\t2026-01-16\n");
	rc = study_store_parse(&s, "big.tsv", t.s, t.len, &d);
	CHECK(rc == -1 && d.n == 1 && strstr(d.v[0].msg, "duplicate key") && d.v[0].line == 100002,
	    "a duplicate is still found, at its line (%u)", d.n ? d.v[0].line : 0);
	diag_clear(&d);
	sbuf_free(&t);
}

/* ---- item 8: diagnostics capped per file ---- */

static void
test_diag_cap(void)
{
	struct diags d = {0};
	for (int i = 0; i < 1000000; i++) {
		diag_add(&d, DL_WARNING, "flood.tsv", (unsigned)i + 1, 1, "bad line %d", i);
		diag_src(&d, "a bad line", 10);
	}
	diag_add(&d, DL_ERROR, "flood.tsv", 1000001, 1, "one error");
	diag_add(&d, DL_WARNING, "other.tsv", 1, 1, "another file's");
	CHECK(d.n == DIAG_MAX_PER_FILE + 2, "a million warnings keep %d items, and the error and the other file's (%zu)",
	    DIAG_MAX_PER_FILE, d.n);
	CHECK(d.count[DL_WARNING] == 1000001 && d.worst == DL_ERROR, "all are counted (%zu warnings)", d.count[DL_WARNING]);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	size_t k = diag_print(f, &d, DL_NOTE);
	fclose(f);
	CHECK(k == DIAG_MAX_PER_FILE + 2 && strstr(buf, "judge: flood.tsv: ... and 999950 more problems not shown"),
	    "printing shows them and says how many more there were");
	free(buf);
	diag_clear(&d);
}

/* a line holding a NUL byte: the caret line shows all of it, the caret under the column */
static void
test_diag_nul(void)
{
	struct diags d = {0};
	static const char line[] = "which:1\t2026-1\0-27\tx1";
	diag_add(&d, DL_ERROR, "study.tsv", 4, 20, "bad interval");
	diag_src(&d, line, sizeof line - 1);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	diag_print(f, &d, DL_NOTE);
	fclose(f);
	/* "  " + the line (tab shown as a space, the NUL as one column) and the caret at 20 */
	CHECK(strstr(buf, "  which:1 2026-1\xe2\x90\x80-27 x1\n                     ^\n") != NULL,
	    "a NUL in the source line is shown and the caret stays under column 20:\n%s", buf);
	free(buf);
	diag_clear(&d);
}

/* ---- items 3, 11: judge update ---- */

static char *
release_dated(const char *shared, const char *when)
{
	char p[512];
	snprintf(p, sizeof p, "%s/cr/cr-2025-11-14.txt", shared);
	struct sbuf b = {0};
	if (sfile_read(p, 64u << 20, &b) != 0)
		return NULL;
	struct sbuf o = {0};
	const char *old = "effective as of November 14, 2025";
	for (const char *s = b.s, *hit; ; s = hit + strlen(old)) {
		hit = strstr(s, old);
		if (!hit) {
			sbuf_adds(&o, s);
			break;
		}
		sbuf_add(&o, s, (size_t)(hit - s));
		sbuf_addf(&o, "effective as of %s", when);
	}
	sbuf_free(&b);
	return sbuf_take(&o);
}

static void
test_update_store(void)
{
	const char *shared = t_shared();
	if (!shared) {
		printf("skip - the release-date checks need ../shared/cr\n");
		return;
	}
	const char *dir = at("data/judge/rules");
	char *path = NULL, *label = NULL;
	bool fresh;
	struct sbuf err = {0};
	char *far = release_dated(shared, "January 1, 2099");
	CHECK(far != NULL, "a complete release, dated 2099");
	CHECK(hist_store_release(dir, (unsigned char *)far, strlen(far), "future.txt", &path, &fresh, &label, &err) == -1,
	    "is refused");
	CHECK(strstr(sbuf_str(&err), "more than 45 days ahead") != NULL, "saying why: %s", sbuf_str(&err));
	free(far);
	/* a release published a little ahead of its date is normal */
	time_t soon = time(NULL) + 10 * 86400;
	struct tm tm;
	gmtime_r(&soon, &tm);
	char when[64];
	strftime(when, sizeof when, "%B %d, %Y", &tm);
	char *near = release_dated(shared, when);
	sbuf_reset(&err);
	mode_t old = umask(0);
	int rc = hist_store_release(dir, (unsigned char *)near, strlen(near), "near.txt", &path, &fresh, &label, &err);
	umask(old);
	CHECK(rc == 0 && fresh, "one dated 10 days ahead (%s) is stored %s", when, sbuf_str(&err));
	struct stat st;
	CHECK(stat(dir, &st) == 0 && (st.st_mode & 0777) == 0755, "in a folder made 0755 under umask 000 (%o)", st.st_mode & 0777);
	CHECK(path && stat(path, &st) == 0 && (st.st_mode & 0777) == 0644, "the file is 0644");
	free(near);
	free(path);
	free(label);
	sbuf_free(&err);
}

/* A server that sends its answer one byte every 400 ms. */
static void
test_fetch_deadline(void)
{
	int ls = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t al = sizeof a;
	if (ls < 0 || bind(ls, (struct sockaddr *)&a, sizeof a) != 0 || listen(ls, 4) != 0 ||
	    getsockname(ls, (struct sockaddr *)&a, &al) != 0) {
		printf("skip - no loopback socket for the trickling server\n");
		return;
	}
	pid_t srv = fork();
	if (srv == 0) {
		int c = accept(ls, NULL, NULL);
		const char *ans = "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n";
		for (size_t i = 0; c >= 0; i++) {
			char ch = i < strlen(ans) ? ans[i] : 'x';
			if (write(c, &ch, 1) != 1)
				break;
			usleep(400000);
		}
		_exit(0);
	}
	close(ls);
	char url[64];
	snprintf(url, sizeof url, "http://127.0.0.1:%d/rules.txt", ntohs(a.sin_port));
	hist_fetch_max_seconds = 3;
	struct sbuf body = {0}, err = {0};
	char *final = NULL;
	double t0 = now();
	enum hist_fetch_err rc = hist_fetch(url, &body, &err, &final);
	double dt = now() - t0;
	kill(srv, SIGKILL);
	waitpid(srv, NULL, 0);
	CHECK(rc == HF_NONET && dt < 6, "a server trickling a byte every 0.4 s is given up after %.1f s (limit 3)", dt);
	CHECK(strstr(sbuf_str(&err), "took more than 3 s") != NULL, "saying so: %s", sbuf_str(&err));
	hist_fetch_max_seconds = 300;
	free(final);
	sbuf_free(&body);
	sbuf_free(&err);
}

/* ---- item 7: the resolver's arithmetic ---- */

static struct rz_result *
resolve_text(const char *text)
{
	struct diags d = {0};
	struct board *b = bd_parse("overflow.board", text, strlen(text), &d);
	diag_clear(&d);
	return b ? rz_resolve(b) : NULL;
}

static void
test_resolver_overflow(void)
{
	/* 99999999999 damage (atoi() of it is undefined), then more, to what cannot die */
	struct rz_result *r = resolve_text(
	    "player Alice life 20 active\nplayer Bob life 20\n"
	    "permanent Wall\n  controller Bob\n  type Creature — Wall\n  pt 1/1\n  ability Indestructible\n"
	    "spell A Bolt\n  controller Alice\n  type Instant\n  target Wall\n"
	    "  ability A Bolt deals 2147483647 damage to any target.\n"
	    "spell B Bolt\n  controller Alice\n  type Instant\n  target Wall\n"
	    "  ability B Bolt deals 99999999999 damage to any target.\n"
	    "spell C Bolt\n  controller Alice\n  type Instant\n  target Wall\n"
	    "  ability C Bolt deals 1500000000 damage to any target.\n"
	    "resolve C Bolt\nresolve B Bolt\nresolve A Bolt\n");
	CHECK(r != NULL, "a board dealing 1500000000, 99999999999 and 2147483647 damage resolves");
	if (r) {
		int dmg = r->b->objs[0].damage;
		CHECK(dmg == INT_MAX, "the damage marked saturates at INT_MAX, never wraps (%d)", dmg);
		rz_free(r);
	}
	/* anthems far past INT_MAX */
	r = resolve_text(
	    "player Alice life 20 active\nplayer Bob life 20\n"
	    "permanent Giant\n  controller Alice\n  type Creature — Giant\n  pt 5/5\n"
	    "permanent Anthem\n  controller Alice\n  type Enchantment\n"
	    "  ability Creatures you control get +2147483647/+2147483647.\n"
	    "permanent Anthem Two\n  controller Alice\n  type Enchantment\n"
	    "  ability Creatures you control get +99999999999/+99999999999.\n"
	    "permanent Anthem Three\n  controller Alice\n  type Enchantment\n"
	    "  ability Creatures you control get +1500000000/+1500000000.\n");
	CHECK(r != NULL, "a board of anthems past INT_MAX resolves");
	if (r) {
		CHECK(r->view[0].power == INT_MAX && r->view[0].toughness == INT_MAX,
		    "power and toughness saturate at INT_MAX (%d/%d)", r->view[0].power, r->view[0].toughness);
		rz_free(r);
	}
}

int
main(void)
{
	snprintf(top, sizeof top, "/tmp/judge-harden-XXXXXX");
	if (!mkdtemp(top))
		return 1;
	test_open();
	test_tmp();
	test_dirs();
	test_history_file();
	test_study_lock();
	test_study_speed();
	test_diag_cap();
	test_diag_nul();
	test_update_store();
	test_fetch_deadline();
	test_resolver_overflow();
	char cmd[256];
	snprintf(cmd, sizeof cmd, "chmod -R u+rwx %s; rm -rf %s", top, top);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", top);
	return T_DONE();
}
