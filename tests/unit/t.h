/* t.h — a tiny TAP-printing test harness for the unit programs in tests/unit/.
 * Each CHECK prints "ok N - what" or "not ok N - what (file:line)"; T_DONE() returns
 * the exit status. SHARED_DIR() gives ../shared or skips the whole program (exit 77). */
#ifndef JUDGE_T_H
#define JUDGE_T_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int t_n, t_fail;

#define CHECK(cond, ...) do { \
	t_n++; \
	if (cond) { printf("ok %d - ", t_n); printf(__VA_ARGS__); printf("\n"); } \
	else { t_fail++; printf("not ok %d - ", t_n); printf(__VA_ARGS__); \
	       printf(" (%s:%d)\n", __FILE__, __LINE__); } \
} while (0)

#define CHECK_STR(a, b, ...) do { \
	const char *t_a = (a), *t_b = (b); \
	int t_ok = t_a && t_b && strcmp(t_a, t_b) == 0; \
	CHECK(t_ok, __VA_ARGS__); \
	if (!t_ok) printf("#   got:      %s\n#   expected: %s\n", t_a ? t_a : "(null)", t_b ? t_b : "(null)"); \
} while (0)

#define CHECK_INT(a, b, ...) do { \
	long long t_a = (long long)(a), t_b = (long long)(b); \
	CHECK(t_a == t_b, __VA_ARGS__); \
	if (t_a != t_b) printf("#   got:      %lld\n#   expected: %lld\n", t_a, t_b); \
} while (0)

#define T_DONE() (printf("# %d tests, %d failed\n", t_n, t_fail), t_fail ? 1 : 0)

/* The ../shared folder beside the repository (tests run from the repository root). */
static inline const char *
t_shared(void)
{
	const char *s = getenv("SHARED");
	if (s && *s)
		return s;
	FILE *f = fopen("../shared/cr/README.md", "r");
	if (f) { fclose(f); return "../shared"; }
	return NULL;
}

/* Load the official release of DATE (yyyy-mm-dd) from shared/cr into ix (the caller
 * finishes it); returns what jindex_load_path() does. For tests that include
 * index/index.h. */
#define T_LOAD_CR(ix, shared, date) ({ char t_p[4096]; \
	snprintf(t_p, sizeof t_p, "%s/cr/cr-%s.txt", (shared), (date)); \
	jindex_load_path((ix), t_p); })

#define SHARED_DIR() ({ const char *t_s = t_shared(); \
	if (!t_s) { printf("skip: ../shared is absent (the official CR releases are test inputs only)\n"); exit(77); } \
	t_s; })

#endif
