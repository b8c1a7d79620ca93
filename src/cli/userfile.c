/* userfile.c — opening a file the user named (a board, a :source file, a questions file),
 * or saying plainly why it cannot be: in libjudge.a so the REPL's tests link it. */
#include "cmd.h"
#include "../base/safefile.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

const char *
jdoc_path(const struct jctx *c, const char *name, char *buf, size_t cap)
{
	struct stat st, here;
	char rel[256];
	snprintf(rel, sizeof rel, "docs/%s", name);
	if (c && c->datadir) {
		snprintf(buf, cap, "%s/docs/%s", c->datadir, name);
		/* in the source tree, the short name says the same */
		if (stat(buf, &st) == 0 && !(stat(rel, &here) == 0 && here.st_ino == st.st_ino && here.st_dev == st.st_dev))
			return buf;
	}
	snprintf(buf, cap, "%s", rel);
	return buf;
}

FILE *
jopen_input(struct jctx *c, const char *path, const char *hint)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		jerr(c, hint, "%s is a folder, not a file", path);
		return NULL;
	}
	/* never a FIFO (it would block) nor /dev/zero (it never ends), nor anything huge */
	FILE *f = sfile_fopen(path, SFILE_MAX_BOARD);
	if (f == NULL)
		jerr(c, hint, "cannot read %s: %s", path, sfile_strerror(errno));
	return f;
}
