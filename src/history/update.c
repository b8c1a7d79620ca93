/* update.c — where downloaded releases live, and storing one there once it has been
 * checked to be a complete release. */
#include "history.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../base/mem.h"
#include "../base/safefile.h"

const char *
hist_user_rules_dir(char *buf, size_t cap)
{
	const char *x = getenv("XDG_DATA_HOME");
	int n;
	if (x && x[0] == '/')
		n = snprintf(buf, cap, "%s/judge/rules", x);
	else if ((x = getenv("HOME")) && *x)
		n = snprintf(buf, cap, "%s/.local/share/judge/rules", x);
	else
		return NULL;
	return n > 0 && (size_t)n < cap ? buf : NULL;
}

static bool
same_file(const char *path, const unsigned char *bytes, size_t len)
{
	struct sbuf b = {0};
	bool same = sfile_read(path, len, &b) == 0 && b.len == len && memcmp(b.s, bytes, len) == 0;
	sbuf_free(&b);
	return same;
}

/* today as yyyymmdd (UTC) */
static int
today_ymd(void)
{
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	return (tm.tm_year + 1900) * 10000 + (tm.tm_mon + 1) * 100 + tm.tm_mday;
}

/* yyyymmdd + days, by the calendar */
static int
ymd_add(int ymd, int days)
{
	struct tm tm = {0};
	tm.tm_year = ymd / 10000 - 1900;
	tm.tm_mon = ymd / 100 % 100 - 1;
	tm.tm_mday = ymd % 100 + days;
	tm.tm_hour = 12;
	time_t t = timegm(&tm);
	gmtime_r(&t, &tm);
	return (tm.tm_year + 1900) * 10000 + (tm.tm_mon + 1) * 100 + tm.tm_mday;
}

/* What makes a release complete enough to answer from. */
static bool
complete(const struct jrelease *r, struct sbuf *err)
{
	bool sec9 = false;
	for (uint32_t i = 0; i < r->nrules && !sec9; i++) {
		jrid id = r->rules[i].id;
		unsigned ch = JRID_CHAP(id);
		sec9 = ch == 9 || (ch >= 900 && ch <= 999);
	}
	int latest = ymd_add(today_ymd(), HIST_FUTURE_DAYS);
	if (r->date == 0)
		sbuf_adds(err, "it states no date (\"effective as of ...\")");
	else if (r->date > latest)
		/* a release "effective" years ahead would answer every lookup from then on */
		sbuf_addf(err, "it is dated %04d-%02d-%02d, more than %d days ahead of today's date; "
		    "check the computer's clock, or the source", r->date / 10000, r->date / 100 % 100,
		    r->date % 100, HIST_FUTURE_DAYS);
	else if (r->date < 19930101)
		sbuf_addf(err, "it is dated %d, before the first Comprehensive Rules", r->date / 10000);
	else if (r->fragment || r->truncated)
		sbuf_addf(err, "it stops early (last rule %s)", r->last_num ? r->last_num : "?");
	else if (!sec9)
		sbuf_adds(err, "it does not reach section 9");
	else if (r->ngloss == 0)
		sbuf_adds(err, "it has no glossary");
	else
		return true;
	return false;
}

int
hist_store_release(const char *dir, const unsigned char *bytes, size_t len,
    const char *name, char **path, bool *fresh, char **label, struct sbuf *err)
{
	*path = NULL;
	*label = NULL;
	*fresh = false;
	struct jindex *ix = jindex_new();
	struct jrelease *r = jindex_load_bytes(ix, name, bytes, len);
	if (!r) {
		sbuf_addf(err, "%s is not a rules text", name);
		if (ix->diags.n > 0 && ix->diags.v[0].msg)
			sbuf_addf(err, " (%s)", ix->diags.v[0].msg);
		jindex_free(ix);
		return -1;
	}
	struct sbuf why = {0};
	if (!complete(r, &why)) {
		sbuf_addf(err, "%s is not a complete release: %s", name, sbuf_str(&why));
		sbuf_free(&why);
		jindex_free(ix);
		return -1;
	}
	sbuf_free(&why);
	int date = r->date;
	*label = xstrdup(r->label);
	jindex_free(ix);

	char *failed = NULL;
	/* 0755 whatever the umask: under umask 000 the rules folder would be anyone's to fill */
	if (sfile_mkdirs(dir, 0755, &failed) != 0) {
		sbuf_addf(err, "cannot create %s: %s", failed ? failed : dir, strerror(errno));
		free(failed);
		free(*label);
		*label = NULL;
		return -1;
	}
	struct sbuf dest = {0};
	sbuf_addf(&dest, "%s/cr-%04d-%02d-%02d.txt", dir, date / 10000, date / 100 % 100, date % 100);
	if (same_file(dest.s, bytes, len)) {
		*path = sbuf_take(&dest);
		return 0;
	}
	struct sbuf tmp = {0};
	int fd = sfile_tmp(dest.s, 0644, &tmp);
	if (fd < 0) {
		sbuf_addf(err, "cannot write in %s: %s", dir, strerror(errno));
		goto fail;
	}
	fchmod(fd, 0644);
	/* the data is on disk before the name points at it */
	if (sfile_commit(fd, bytes, len, tmp.s, dest.s) != 0) {
		sbuf_addf(err, "writing %s: %s", dest.s, strerror(errno));
		goto fail;
	}
	sbuf_free(&tmp);
	*fresh = true;
	*path = sbuf_take(&dest);
	return 0;
fail:
	sbuf_free(&tmp);
	sbuf_free(&dest);
	free(*label);
	*label = NULL;
	return -1;
}
