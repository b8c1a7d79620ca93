/* study_store.c — the spaced-repetition progress file: parsing with file:line:col errors,
 * atomic saving, setting a corrupt file aside, SM-2 grading and calendar days. */
#include "study.h"
#include "../base/buf.h"
#include "../base/hash.h"
#include "../base/mem.h"
#include "../base/safefile.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---------- calendar days (proleptic Gregorian, UTC) ---------- */

static int32_t
days_from_civil(int y, int m, int d)
{
	y -= m <= 2;
	int era = (y >= 0 ? y : y - 399) / 400;
	int yoe = y - era * 400;
	int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static void
civil_from_days(int32_t z, int *y, int *m, int *d)
{
	z += 719468;
	int era = (z >= 0 ? z : z - 146096) / 146097;
	int doe = z - era * 146097;
	int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int mp = (5 * doy + 2) / 153;
	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp + (mp < 10 ? 3 : -9);
	*y = yoe + era * 400 + (*m <= 2);
}

static int
digits(const char *s, size_t n)
{
	int v = 0;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

int32_t
study_day_parse(const char *s, size_t n)
{
	if (n != 10 || s[4] != '-' || s[7] != '-')
		return -1;
	int y = digits(s, 4), m = digits(s + 5, 2), d = digits(s + 8, 2);
	if (y < 1970 || y > 9999 || m < 1 || m > 12 || d < 1)
		return -1;
	static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	if (d > mdays[m - 1] || (m == 2 && d == 29 && !leap))
		return -1;
	return days_from_civil(y, m, d);
}

void
study_day_str(int32_t day, char out[11])
{
	int y, m, d;
	civil_from_days(day, &y, &m, &d);
	char t[48];
	snprintf(t, sizeof t, "%04d-%02d-%02d", y % 10000, m, d);
	memcpy(out, t, 10);
	out[10] = '\0';
}

/* "2026-11-23T09:13:24Z" <-> seconds since the epoch */
static int64_t
stamp_parse(const char *s, size_t n)
{
	if (n != 20 || s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != 'Z')
		return -1;
	int32_t day = study_day_parse(s, 10);
	int hh = digits(s + 11, 2), mm = digits(s + 14, 2), ss = digits(s + 17, 2);
	if (day < 0 || hh < 0 || hh > 23 || mm < 0 || mm > 59 || ss < 0 || ss > 60)
		return -1;
	return (int64_t)day * 86400 + hh * 3600 + mm * 60 + ss;
}

static void
stamp_str(int64_t t, char out[21])
{
	char d[11];
	if (t < 0)
		t = 0;
	study_day_str((int32_t)(t / 86400), d);
	int s = (int)(t % 86400);
	snprintf(out, 21, "%sT%02d:%02d:%02dZ", d, s / 3600, s / 60 % 60, s % 60);
}

/* ---------- SM-2 ---------- */

void
study_grade(struct study_card *c, bool right, int32_t today, int64_t now)
{
	/* SM-2 with quality 4 for a right answer (ease unchanged) and 2 for a wrong one
	 * (ease - 0.32, never below 1.30); a wrong answer starts the intervals again */
	c->seen++;
	if (right) {
		c->right++;
		c->reps++;
		if (c->reps == 1)
			c->interval = 1;
		else if (c->reps == 2)
			c->interval = 6;
		else
			c->interval = (int32_t)(((int64_t)c->interval * c->ease + 50) / 100);
		if (c->interval > 36500)
			c->interval = 36500;
	} else {
		if (c->reps > 0)
			c->lapses++;
		c->reps = 0;
		c->interval = 1;
		c->ease -= 32;
		if (c->ease < 130)
			c->ease = 130;
	}
	c->due = today + c->interval;
	c->last = now;
}

/* ---------- the store ---------- */

void
study_store_free(struct study_store *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->v[i].key);
		free(s->v[i].rules);
	}
	free(s->v);
	memset(s, 0, sizeof *s);
}

struct study_card *
study_store_find(const struct study_store *s, const char *key)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i].key, key) == 0)
			return &s->v[i];
	return NULL;
}

struct study_card *
study_store_get(struct study_store *s, const char *key)
{
	struct study_card *c = study_store_find(s, key);
	if (c)
		return c;
	s->v = xgrow(s->v, &s->cap, s->n + 1, sizeof *s->v);
	c = &s->v[s->n++];
	memset(c, 0, sizeof *c);
	c->key = xstrdup(key);
	c->ease = 250;
	return c;
}

static const char *const field_names[] = {
	"key", "due", "interval", "ease", "reps", "lapses", "last", "seen", "right", "rules",
};
#define NFIELDS 10

static bool
valid_key(const char *s, size_t n)
{
	const char *colon = memchr(s, ':', n);
	if (n == 0 || colon == NULL || colon == s || colon + 1 == s + n)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
	for (const char *p = s; p < colon; p++)
		if (!islower((unsigned char)*p))
			return false;
	return true;
}

/* The release a key's numbers are from: a date or label, "-" or "?"; no TAB, no
 * control characters, at most 64 bytes. */
static bool
valid_rules(const char *s, size_t n)
{
	if (n == 0 || n > 64)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
	return true;
}

static long
int_field(const char *s, size_t n, long max)
{
	if (n == 0 || n > 9)
		return -1;
	long v = digits(s, n);
	return v > max ? -1 : v;
}

/* "2.50" -> 250; -1 if not d.dd in 1.30-9.99 */
static int
ease_field(const char *s, size_t n)
{
	if (n != 4 || s[1] != '.')
		return -1;
	int a = digits(s, 1), b = digits(s + 2, 2);
	if (a < 0 || b < 0)
		return -1;
	int v = a * 100 + b;
	return v < 130 ? -1 : v;
}

static int fail(struct study_store *s, struct diags *d, const char *name, unsigned line,
    unsigned col, const char *src, size_t srclen, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 9, 10)));

static int
fail(struct study_store *s, struct diags *d, const char *name, unsigned line, unsigned col,
    const char *src, size_t srclen, const char *hint, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_add(d, DL_ERROR, name, line, col, "%s", msg);
	diag_src(d, src, srclen);
	if (hint)
		diag_hint(d, "%s", hint);
	study_store_free(s);
	return -1;
}

/* The keys read so far, to find a duplicate line in one probe rather than a scan of all
 * the cards before it (100,000 lines would take half a minute). Slots hold index + 1. */
struct keyset {
	size_t *slot, cap, n;
};

/* Add the key of what will be card s->n; false if s already holds it. */
static bool
keys_add(struct keyset *ks, const struct study_store *s, const char *key, size_t kl)
{
	if (2 * (ks->n + 1) > ks->cap) {
		size_t ncap = ks->cap ? 2 * ks->cap : 256;
		size_t *ns = xcalloc(ncap, sizeof *ns);
		for (size_t i = 0; i < ks->cap; i++) {
			if (!ks->slot[i])
				continue;
			const char *k = s->v[ks->slot[i] - 1].key;
			size_t h = (size_t)hash_bytes64(k, strlen(k), 0) & (ncap - 1);
			while (ns[h])
				h = (h + 1) & (ncap - 1);
			ns[h] = ks->slot[i];
		}
		free(ks->slot);
		ks->slot = ns;
		ks->cap = ncap;
	}
	size_t h = (size_t)hash_bytes64(key, kl, 0) & (ks->cap - 1);
	for (; ks->slot[h]; h = (h + 1) & (ks->cap - 1)) {
		const char *k = s->v[ks->slot[h] - 1].key;
		if (strlen(k) == kl && memcmp(k, key, kl) == 0)
			return false;
	}
	ks->slot[h] = s->n + 1;
	ks->n++;
	return true;
}

/* The card of s with key, through ks, or NULL. */
static struct study_card *
keys_find(const struct keyset *ks, const struct study_store *s, const char *key)
{
	if (ks->cap == 0)
		return NULL;
	size_t kl = strlen(key);
	size_t h = (size_t)hash_bytes64(key, kl, 0) & (ks->cap - 1);
	for (; ks->slot[h]; h = (h + 1) & (ks->cap - 1)) {
		const char *k = s->v[ks->slot[h] - 1].key;
		if (strlen(k) == kl && memcmp(k, key, kl) == 0)
			return &s->v[ks->slot[h] - 1];
	}
	return NULL;
}

/* At most this many lines a hand may have broken are reported one by one. */
#define MAX_BAD_SAID 20

/* A line that cannot be read, when the rest is kept: said (the first MAX_BAD_SAID) and
 * counted. */
static void bad_line(struct diags *d, const char *name, unsigned line, unsigned col, const char *src,
    size_t srclen, unsigned *bad, const char *hint, const char *fmt, ...) __attribute__((format(printf, 9, 10)));

static void
bad_line(struct diags *d, const char *name, unsigned line, unsigned col, const char *src,
    size_t srclen, unsigned *bad, const char *hint, const char *fmt, ...)
{
	if (++*bad > MAX_BAD_SAID)
		return;
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_add(d, DL_ERROR, name, line, col, "%s; the line is left out", msg);
	diag_src(d, src, srclen);
	if (hint)
		diag_hint(d, "%s", hint);
}

/* A line's error: with bad NULL the whole file is refused (fail), else the line is left
 * out and the next one read. */
#define LINE_ERR(col, srclen, hint, ...) do { \
		if (bad == NULL) \
			return fail(s, d, name, lineno, (col), ln, (srclen), (hint), __VA_ARGS__); \
		bad_line(d, name, lineno, (col), ln, (srclen), bad, (hint), __VA_ARGS__); \
		goto next_line; \
	} while (0)

/* Parse text into s. Strict (bad NULL): -1 at the first error, s emptied. Otherwise a
 * line that cannot be read is said and counted in *bad and the others kept. -1 either
 * way for a file that is no progress file at all, -2 for one a newer judge wrote (a
 * "# judge study progress vN" header past this one's). */
static int
parse_lines(struct study_store *s, const char *name, const char *text, size_t len,
    struct diags *d, struct keyset *ks, unsigned *bad)
{
	unsigned lineno = 0;
	bool header = false;
	int nfields = NFIELDS;   /* 9 in a v1 file */
	for (size_t at = 0; at < len;) {
		const char *ln = text + at;
		const char *nl = memchr(ln, '\n', len - at);
		size_t ll = nl ? (size_t)(nl - ln) : len - at;
		at += ll + (nl ? 1 : 0);
		lineno++;
		if (ll > 0 && ln[ll - 1] == '\r')
			ll--;
		if (!header) {
			bool v1 = ll == strlen(STUDY_FORMAT_LINE_V1) && memcmp(ln, STUDY_FORMAT_LINE_V1, ll) == 0;
			size_t hl = strlen(STUDY_FORMAT_LINE) - 1;   /* "# judge study progress v" */
			long ver = 0;           /* the line is not NUL-terminated: digits within ll */
			for (size_t k = hl; k < ll && k < hl + 6 && isdigit((unsigned char)ln[k]); k++)
				ver = ver * 10 + (ln[k] - '0');
			if (!v1 && ll > hl && memcmp(ln, STUDY_FORMAT_LINE, hl) == 0 && ver > atoi(STUDY_FORMAT_LINE + hl)) {
				/* never set aside or written over: the judge that wrote it reads it */
				fail(s, d, name, lineno, (unsigned)hl + 1, ln, ll,
				    "a newer judge wrote it; use that one, or update this one. The file is left as it is",
				    "study progress of format v%ld; this judge reads v1 and v2, so it neither reads nor records progress",
				    ver);
				return -2;
			}
			if (!v1 && (ll != strlen(STUDY_FORMAT_LINE) || memcmp(ln, STUDY_FORMAT_LINE, ll) != 0))
				return fail(s, d, name, lineno, 1, ln, ll,
				    "the first line must be \"" STUDY_FORMAT_LINE "\" (see docs/study-format.md)",
				    "%s", "not a judge study progress file");
			nfields = v1 ? NFIELDS - 1 : NFIELDS;
			header = true;
			continue;
		}
		if (ll == 0 || ln[0] == '#')
			continue;
		if (memchr(ln, '\0', ll))
			LINE_ERR((unsigned)((const char *)memchr(ln, '\0', ll) - ln) + 1, ll,
			    "the line is damaged; fix or delete it", "a NUL byte in the %s", "line");
		const char *f[NFIELDS];
		size_t fl[NFIELDS];
		int nf = 0;
		const char *p = ln, *end = ln + ll;
		while (nf < nfields) {
			const char *t = memchr(p, '\t', (size_t)(end - p));
			f[nf] = p;
			fl[nf] = t ? (size_t)(t - p) : (size_t)(end - p);
			nf++;
			if (!t) {
				p = end;
				break;
			}
			p = t + 1;
		}
		const char *how = nfields == NFIELDS
		    ? "each line holds 10 tab-separated fields: key due interval ease reps lapses last seen right rules"
		    : "each line of a v1 file holds 9 tab-separated fields: key due interval ease reps lapses last seen right";
		if (nf < nfields)
			LINE_ERR((unsigned)ll + 1, ll, how,
			    "missing the %s field", field_names[nf]);
		if (p < end || f[nfields - 1] + fl[nfields - 1] < end)
			LINE_ERR((unsigned)(f[nfields - 1] + fl[nfields - 1] - ln) + 1, ll,
			    how, "%s", "more fields than expected");
		unsigned col[NFIELDS];
		for (int i = 0; i < nfields; i++)
			col[i] = (unsigned)(f[i] - ln) + 1;
		if (!valid_key(f[0], fl[0]))
			LINE_ERR(col[0], ll,
			    "a key is KIND:SOURCE, e.g. cloze:704.5c:ten", "%s", "bad question key");
		struct study_card c = {0};
		long v;
		if ((c.due = study_day_parse(f[1], fl[1])) < 0)
			LINE_ERR(col[1], ll, "dates are YYYY-MM-DD", "bad %s date", "due");
		if ((v = int_field(f[2], fl[2], 36500)) < 0)
			LINE_ERR(col[2], ll, "a whole number of days, 0-36500", "bad %s", "interval");
		c.interval = (int32_t)v;
		if ((c.ease = ease_field(f[3], fl[3])) < 0)
			LINE_ERR(col[3], ll, "the ease is written d.dd, from 1.30", "bad %s", "ease");
		if ((v = int_field(f[4], fl[4], 1000000)) < 0)
			LINE_ERR(col[4], ll, "a whole number", "bad %s count", "reps");
		c.reps = (int32_t)v;
		if ((v = int_field(f[5], fl[5], 1000000)) < 0)
			LINE_ERR(col[5], ll, "a whole number", "bad %s count", "lapses");
		c.lapses = (int32_t)v;
		if ((c.last = stamp_parse(f[6], fl[6])) < 0)
			LINE_ERR(col[6], ll, "times are YYYY-MM-DDTHH:MM:SSZ (UTC)", "bad %s time", "last");
		if ((v = int_field(f[7], fl[7], 1000000)) < 0)
			LINE_ERR(col[7], ll, "a whole number", "bad %s count", "seen");
		c.seen = (int32_t)v;
		if ((v = int_field(f[8], fl[8], 1000000)) < 0 || v > c.seen)
			LINE_ERR(col[8], ll, "a whole number, at most the seen count",
			    "bad %s count", "right");
		c.right = (int32_t)v;
		if (nfields == NFIELDS && !valid_rules(f[9], fl[9]))
			LINE_ERR(col[9], ll,
			    "the release whose rule numbers the key uses: a date (2026-01-16), a release's label, - or ?",
			    "bad %s field", "rules");
		if (!keys_add(ks, s, f[0], fl[0]))
			LINE_ERR(col[0], ll, "each question has one line", "%s", "duplicate key");
		c.key = xstrndup(f[0], fl[0]);
		if (nfields == NFIELDS && !(fl[9] == 1 && f[9][0] == '?'))
			c.rules = xstrndup(f[9], fl[9]);
		s->v = xgrow(s->v, &s->cap, s->n + 1, sizeof *s->v);
		s->v[s->n++] = c;
next_line:
		;
	}
	if (bad && *bad > MAX_BAD_SAID)
		diag_add(d, DL_ERROR, name, 0, 0, "%u more lines could not be read and are left out", *bad - MAX_BAD_SAID);
	if (!header && len > 0)
		return fail(s, d, name, 1, 1, text, 0, NULL, "%s", "not a judge study progress file");
	return 0;
}

int
study_store_parse(struct study_store *s, const char *name, const char *text, size_t len,
    struct diags *d)
{
	memset(s, 0, sizeof *s);
	struct keyset ks = {0};
	int rc = parse_lines(s, name, text, len, d, &ks, NULL);
	free(ks.slot);
	return rc < 0 ? -1 : rc;
}

int
study_store_parse_keep(struct study_store *s, const char *name, const char *text, size_t len,
    struct diags *d, unsigned *bad)
{
	memset(s, 0, sizeof *s);
	struct keyset ks = {0};
	*bad = 0;
	int rc = parse_lines(s, name, text, len, d, &ks, bad);
	free(ks.slot);
	return rc;
}

static int
cmp_card(const void *a, const void *b)
{
	return strcmp(((const struct study_card *)a)->key, ((const struct study_card *)b)->key);
}

char *
study_store_format(const struct study_store *s)
{
	struct study_card *v = xcalloc(s->n + 1, sizeof *v);
	if (s->n)
		memcpy(v, s->v, s->n * sizeof *v);
	xqsort(v, s->n, sizeof *v, cmp_card);
	struct sbuf b = {0};
	sbuf_adds(&b, STUDY_FORMAT_LINE "\n# key\tdue\tinterval\tease\treps\tlapses\tlast\tseen\tright\trules\n");
	for (size_t i = 0; i < s->n; i++) {
		char due[11], last[21];
		study_day_str(v[i].due, due);
		stamp_str(v[i].last, last);
		sbuf_addf(&b, "%s\t%s\t%d\t%d.%02d\t%d\t%d\t%s\t%d\t%d\t%s\n", v[i].key, due, v[i].interval,
		    v[i].ease / 100, v[i].ease % 100, v[i].reps, v[i].lapses, last, v[i].seen, v[i].right,
		    v[i].rules ? v[i].rules : "?");
	}
	free(v);
	return sbuf_take(&b);
}

/* ---------- the file ---------- */

char *
study_default_path(void)
{
	const char *x = getenv("XDG_STATE_HOME");
	struct sbuf b = {0};
	if (x && *x == '/')
		sbuf_addf(&b, "%s/judge/study.tsv", x);
	else if (getenv("HOME") && *getenv("HOME"))
		sbuf_addf(&b, "%s/.local/state/judge/study.tsv", getenv("HOME"));
	else
		return NULL;
	return sbuf_take(&b);
}

#define MAX_FILE SFILE_MAX_STUDY

/* PATH.corrupt-YYYYMMDDHHMMSS[-K], a name no file holds yet; caller frees. */
static char *
aside_name(const char *path)
{
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	char stamp[32];
	strftime(stamp, sizeof stamp, "%Y%m%d%H%M%S", &tm);
	struct sbuf aside = {0};
	for (int k = 0; k < 100; k++) {
		sbuf_reset(&aside);
		sbuf_addf(&aside, "%s.corrupt-%s", path, stamp);
		if (k)
			sbuf_addf(&aside, "-%d", k);
		struct stat st;
		if (lstat(aside.s, &st) != 0)
			break;
	}
	return sbuf_take(&aside);
}

int
study_store_load(struct study_store *s, const char *path, struct diags *d)
{
	memset(s, 0, sizeof *s);
	struct sbuf b = {0};
	if (sfile_read(path, MAX_FILE, &b) != 0) {
		int e = errno;
		sbuf_free(&b);
		if (e == ENOENT)
			return 0;
		if (e == EFBIG)
			diag_add(d, DL_ERROR, path, 0, 0, "study progress file is larger than %u MiB", MAX_FILE >> 20);
		else
			diag_add(d, DL_ERROR, path, 0, 0, "cannot read study progress: %s", sfile_strerror(e));
		diag_hint(d, "fix or move the file; progress is not recorded until then");
		return -1;
	}
	unsigned bad;
	int rc = study_store_parse_keep(s, path, b.s ? b.s : "", b.len, d, &bad);
	if (rc == 0 && bad == 0) {
		sbuf_free(&b);
		return 0;
	}
	if (rc == -2) {             /* a newer judge's file: left as it is, and not recorded */
		sbuf_free(&b);
		return -1;
	}
	char *aside = aside_name(path);
	if (rc == 0) {
		/* lines a hand broke: the others are kept. The file as it was is copied aside
		 * first (never written over what the user may want back), then rewritten
		 * without them, so they are said once. */
		if (sfile_write(aside, b.s, b.len, 0600) != 0) {
			diag_add(d, DL_ERROR, path, 0, 0, "cannot keep a copy of the file as %s: %s", aside, strerror(errno));
			diag_hint(d, "fix the lines above by hand; progress is not recorded until then");
			study_store_free(s);
			rc = -1;
		} else if (study_store_save(s, path, d) != 0) {
			study_store_free(s);
			rc = -1;
		} else {
			diag_add(d, DL_WARNING, path, 0, 0,
			    "%u line%s could not be read and %s left out; the other %zu questions are kept, and the file as it was is %s",
			    bad, bad == 1 ? "" : "s", bad == 1 ? "is" : "are", s->n, aside);
			rc = 1;
		}
		sbuf_free(&b);
		free(aside);
		return rc;
	}
	sbuf_free(&b);
	/* no progress file at all: never write over what the user may want back, move it aside */
	if (rename(path, aside) != 0) {
		diag_add(d, DL_ERROR, path, 0, 0, "cannot set the damaged file aside: %s", strerror(errno));
		diag_hint(d, "move it away by hand; progress is not recorded until then");
		free(aside);
		return -1;
	}
	diag_add(d, DL_WARNING, path, 0, 0, "damaged study progress set aside as %s; starting afresh", aside);
	free(aside);
	return 1;
}

static char *
dir_of(const char *path)
{
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	if (slash && slash != dir)
		*slash = '\0';
	else if (slash)
		slash[1] = '\0';
	else {
		free(dir);
		dir = xstrdup(".");
	}
	return dir;
}

int
study_store_lock(const char *path)
{
	char *dir = dir_of(path);
	int rc = sfile_mkdirs(dir, 0700, NULL);
	free(dir);
	return rc == 0 ? sfile_lock(path) : -1;
}

void
study_store_unlock(int lock)
{
	sfile_unlock(lock);
}

int
study_store_save(const struct study_store *s, const char *path, struct diags *d)
{
	char *dir = dir_of(path);
	if (sfile_mkdirs(dir, 0700, NULL) != 0) {
		diag_add(d, DL_ERROR, dir, 0, 0, "cannot make the study folder: %s", strerror(errno));
		free(dir);
		return -1;
	}
	/* a new file each time, never an old one opened again: a symlink planted at a
	 * predictable name is not written through */
	struct sbuf tmp = {0};
	char *text = study_store_format(s);
	int rc = -1;
	const char *what = "create a temporary file";
	int fd = sfile_tmp(path, 0600, &tmp);
	if (fd >= 0) {
		what = "write";
		rc = sfile_commit(fd, text, strlen(text), tmp.s, path);
	}
	if (rc != 0) {
		int e = errno;
		diag_add(d, DL_ERROR, path, 0, 0, "cannot save study progress (%s): %s", what, strerror(e));
		diag_hint(d, "the progress saved before is as it was; %s, then answer again",
		    e == ENOSPC || e == EDQUOT ? "free some space on that disk" :
		    e == EACCES || e == EPERM || e == EROFS ? "make the folder writable" : "fix that");
	}
	free(text);
	free(dir);
	sbuf_free(&tmp);
	return rc;
}

/* ---------- progress carried to the release answering ---------- */

jrid
study_key_rule(const char *key)
{
	if (strncmp(key, "which:", 6) != 0 && strncmp(key, "cloze:", 6) != 0)
		return JRID_NONE;
	const char *num = key + 6;
	size_t n = strcspn(num, ":");
	char b[32];
	if (n == 0 || n >= sizeof b)
		return JRID_NONE;
	memcpy(b, num, n);
	b[n] = '\0';
	return jrid_from_str(b);
}

char *
study_view_key(const struct study_card *c, const char *now, study_carry_fn fn, void *ctx)
{
	jrid id = study_key_rule(c->key);
	if (id == JRID_NONE || c->rules == NULL || strcmp(c->rules, "-") == 0 || (now && strcmp(c->rules, now) == 0))
		return xstrdup(c->key);
	jrid to = fn ? fn(ctx, c->rules, id) : JRID_NONE;
	if (to == JRID_NONE)
		return NULL;
	if (to == id)
		return xstrdup(c->key);
	/* KIND ":" NUMBER [":" BLANK]: the number replaced, the rest kept */
	const char *num = strchr(c->key, ':') + 1;
	const char *rest = num + strcspn(num, ":");
	char b[32];
	struct sbuf k = {0};
	sbuf_addf(&k, "%.*s%s%s", (int)(num - c->key), c->key, jrid_str(to, b), rest);
	return sbuf_take(&k);
}

/* Two cards of one question: answers added up, the schedule of the later answer. */
static void
merge_card(struct study_card *into, const struct study_card *from)
{
	if (from->last > into->last) {
		into->due = from->due;
		into->interval = from->interval;
		into->ease = from->ease;
		into->reps = from->reps;
		into->last = from->last;
	}
	into->seen += from->seen;
	into->right += from->right;
	into->lapses += from->lapses;
}

void
study_store_view(const struct study_store *file, const char *now, study_carry_fn fn,
    void *ctx, struct study_store *view, size_t **kept, size_t *nkept)
{
	memset(view, 0, sizeof *view);
	size_t cap = 0;
	*kept = NULL;
	*nkept = 0;
	struct keyset ks = {0};   /* the view's keys, so that 100,000 cards take no n² */
	for (size_t i = 0; i < file->n; i++) {
		char *k = study_view_key(&file->v[i], now, fn, ctx);
		if (k == NULL) {
			*kept = xgrow(*kept, &cap, *nkept + 1, sizeof **kept);
			(*kept)[(*nkept)++] = i;
			continue;
		}
		struct study_card *have = keys_find(&ks, view, k);
		if (have) {
			merge_card(have, &file->v[i]);
			free(k);
			continue;
		}
		keys_add(&ks, view, k, strlen(k));
		view->v = xgrow(view->v, &view->cap, view->n + 1, sizeof *view->v);
		struct study_card *c = &view->v[view->n++];
		*c = file->v[i];
		c->key = k;
		c->rules = now ? xstrdup(now) : NULL;
	}
	free(ks.slot);
}

void
study_store_answer(struct study_store *file, const char *key, const char *now,
    study_carry_fn fn, void *ctx, bool right, int32_t today, int64_t t)
{
	struct study_card *into = NULL;
	size_t w = 0;
	for (size_t i = 0; i < file->n; i++) {
		struct study_card *c = &file->v[i];
		char *k = study_view_key(c, now, fn, ctx);
		bool same = k && strcmp(k, key) == 0;
		free(k);
		if (same && into) {
			/* a second card of this question: its answers go into the first */
			merge_card(into, c);
			free(c->key);
			free(c->rules);
			continue;
		}
		file->v[w] = *c;
		if (same)
			into = &file->v[w];
		w++;
	}
	file->n = w;
	if (into == NULL)
		into = study_store_get(file, key);
	if (strcmp(into->key, key) != 0) {
		free(into->key);
		into->key = xstrdup(key);
	}
	free(into->rules);
	into->rules = study_key_rule(key) == JRID_NONE ? xstrdup("-") : now ? xstrdup(now) : NULL;
	study_grade(into, right, today, t);
}
