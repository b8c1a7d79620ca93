/* userfile.c — opening a file the user named (a board, a :source file, a questions file),
 * or saying plainly why it cannot be: in libjudge.a so the REPL's tests link it. */
#include "cmd.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

FILE *
jopen_input(struct jctx *c, const char *path, const char *hint)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		jerr(c, hint, "%s is a folder, not a file", path);
		return NULL;
	}
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		jerr(c, hint, "cannot read %s: %s", path, strerror(errno));
	return f;
}
