/* histfile.c — reading, appending to and trimming the REPL history file safely. */
#include "histfile.h"
#include "../base/buf.h"
#include "../base/mem.h"
#include "../base/safefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The start of the last max lines of b. */
static size_t
last_lines(const struct sbuf *b, size_t max)
{
	size_t n = 0, i = b->len;
	if (i > 0 && b->s[i - 1] == '\n')
		i--;
	while (i > 0) {
		if (b->s[i - 1] == '\n' && ++n == max)
			return i;
		i--;
	}
	return 0;
}

/* Read path (never a symlink, never anything but a regular file) into b. */
static int
read_history_file(const char *path, struct sbuf *b)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	if (S_ISLNK(st.st_mode)) {
		errno = ELOOP;
		return -1;
	}
	if (sfile_read(path, SFILE_MAX_HISTORY, b) != 0)
		return -1;
	return 0;
}

static bool
typed(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return false;
	}
	return true;
}

int
histfile_load(const char *path, size_t max, void (*add)(const char *line, void *arg), void *arg)
{
	struct sbuf b = {0};
	int rc = read_history_file(path, &b);
	if (rc == 0 && b.len) {
		for (size_t at = last_lines(&b, max); at < b.len;) {
			char *nl = memchr(b.s + at, '\n', b.len - at);
			size_t l = nl ? (size_t)(nl - (b.s + at)) : b.len - at;
			/* a line with a NUL or another control character in it was never typed (a
			 * damaged file, another program's bytes): left out, so Up never sends an
			 * escape sequence to the terminal */
			if (l > 0 && typed(b.s + at, l)) {
				char *line = xstrndup(b.s + at, l);
				add(line, arg);
				free(line);
			}
			at += l + 1;
		}
	}
	int e = errno;
	sbuf_free(&b);
	errno = e;
	return rc;
}

/* The byte at size - 1 of path (the append descriptor cannot read), or '\n' if unreadable. */
static char
last_byte(const char *path, off_t size)
{
	char c = '\n';
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd >= 0) {
		if (pread(fd, &c, 1, size - 1) != 1)
			c = '\n';
		close(fd);
	}
	return c;
}

int
histfile_append(const char *path, const char *line)
{
	int lock = sfile_lock(path);
	int fd = sfile_open_append(path, 0600);
	int rc = -1;
	if (fd >= 0) {
		/* one write of the whole line: with O_APPEND it lands after every other; a write cut
		 * short (a full disk) is taken back, so the file never ends in half a line that the
		 * next line would be glued to */
		struct sbuf b = {0};
		struct stat st;
		off_t was = fstat(fd, &st) == 0 ? st.st_size : -1;
		/* a file that ends in an unfinished line (written by something else, or cut)
		 * gets its newline first, or the entry would be glued to it */
		if (was > 0 && last_byte(path, was) != '\n')
			sbuf_addc(&b, '\n');
		sbuf_adds(&b, line);
		sbuf_addc(&b, '\n');
		ssize_t w;
		do
			w = write(fd, b.s, b.len);
		while (w < 0 && errno == EINTR);
		rc = w == (ssize_t)b.len ? 0 : -1;
		/* on the disk before the lock goes: a crash of the machine then keeps the line; a
		 * failure here leaves the line written, so it is not called lost */
		if (rc == 0)
			(void)fdatasync(fd);
		if (rc != 0 && w > 0 && was >= 0) {
			int e = errno ? errno : ENOSPC;
			if (ftruncate(fd, was) != 0) { /* nothing more to do: the error is said */ }
			errno = e;
		}
		sbuf_free(&b);
		if (close(fd) != 0)
			rc = -1;
	}
	int e = errno;
	sfile_unlock(lock);
	errno = e;
	return rc;
}

int
histfile_trim(const char *path, size_t max)
{
	int lock = sfile_lock(path);
	struct sbuf b = {0};
	int rc = read_history_file(path, &b);
	if (rc == 0 && b.len) {
		size_t from = last_lines(&b, max);
		if (from > 0)
			rc = sfile_write(path, b.s + from, b.len - from, 0600);
	}
	int e = errno;
	sbuf_free(&b);
	sfile_unlock(lock);
	errno = e;
	return rc;
}
