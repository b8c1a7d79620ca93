/* update.c — where downloaded releases live, and storing one there once it has been
 * checked to be a complete release. */
#include "history.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/mem.h"

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

/* mkdir -p */
static int
make_dirs(const char *path, struct sbuf *err)
{
	char *p = xstrdup(path);
	for (char *s = p + 1;; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;
			*s = '\0';
			if (mkdir(p, 0777) != 0 && errno != EEXIST) {
				sbuf_addf(err, "cannot create %s: %s", p, strerror(errno));
				free(p);
				return -1;
			}
			*s = c;
			if (c == '\0')
				break;
		}
	}
	free(p);
	return 0;
}

static bool
same_file(const char *path, const unsigned char *bytes, size_t len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	bool same = true;
	unsigned char buf[65536];
	size_t off = 0, n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
		if (off + n > len || memcmp(buf, bytes + off, n) != 0) {
			same = false;
			break;
		}
		off += n;
	}
	fclose(f);
	return same && off == len;
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
	if (r->date == 0)
		sbuf_adds(err, "it states no date (\"effective as of ...\")");
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

	if (make_dirs(dir, err) != 0)
		return -1;
	struct sbuf dest = {0};
	sbuf_addf(&dest, "%s/cr-%04d-%02d-%02d.txt", dir, date / 10000, date / 100 % 100, date % 100);
	if (same_file(dest.s, bytes, len)) {
		*path = sbuf_take(&dest);
		return 0;
	}
	struct sbuf tmp = {0};
	sbuf_addf(&tmp, "%s/.cr-download-XXXXXX", dir);
	int fd = mkstemp(tmp.s);
	if (fd < 0) {
		sbuf_addf(err, "cannot write in %s: %s", dir, strerror(errno));
		goto fail;
	}
	size_t off = 0;
	while (off < len) {
		ssize_t n = write(fd, bytes + off, len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			sbuf_addf(err, "writing %s: %s", tmp.s, strerror(errno));
			close(fd);
			unlink(tmp.s);
			goto fail;
		}
		off += (size_t)n;
	}
	fchmod(fd, 0644);
	/* the data must be on disk before the name points at it */
	if (fsync(fd) != 0 || close(fd) != 0) {
		sbuf_addf(err, "writing %s: %s", tmp.s, strerror(errno));
		unlink(tmp.s);
		goto fail;
	}
	if (rename(tmp.s, dest.s) != 0) {
		sbuf_addf(err, "cannot rename %s to %s: %s", tmp.s, dest.s, strerror(errno));
		unlink(tmp.s);
		goto fail;
	}
	int dfd = open(dir, O_RDONLY | O_DIRECTORY);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
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
