/* safefile.c — opening, writing, locking and cleaning up files without trusting them. */
#include "safefile.h"
#include "buf.h"
#include "mem.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int
sfile_open(const char *path, size_t max)
{
	return sfile_open_flags(path, max, 0);
}

int
sfile_open_flags(const char *path, size_t max, int oflags)
{
	/* O_NONBLOCK: opening a FIFO with no writer would wait forever before fstat */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | oflags);
	if (fd < 0)
		return -1;
	struct stat st;
	int e = 0;
	if (fstat(fd, &st) != 0)
		e = errno;
	else if (S_ISDIR(st.st_mode))
		e = EISDIR;
	else if (!S_ISREG(st.st_mode))
		e = ESPIPE;
	else if ((unsigned long long)st.st_size > max)
		e = EFBIG;
	if (e) {
		close(fd);
		errno = e;
		return -1;
	}
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	return fd;
}

FILE *
sfile_fopen(const char *path, size_t max)
{
	int fd = sfile_open(path, max);
	if (fd < 0)
		return NULL;
	FILE *f = fdopen(fd, "rb");
	if (!f) {
		int e = errno;
		close(fd);
		errno = e;
	}
	return f;
}

int
sfile_read(const char *path, size_t max, struct sbuf *b)
{
	int fd = sfile_open(path, max);
	if (fd < 0)
		return -1;
	size_t start = b->len;
	char chunk[65536];
	for (;;) {
		ssize_t n = read(fd, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;
			close(fd);
			errno = e;
			return -1;
		}
		if (n == 0)
			break;
		if (b->len - start + (size_t)n > max) {   /* it grew while being read */
			close(fd);
			errno = EFBIG;
			return -1;
		}
		sbuf_add(b, chunk, (size_t)n);
	}
	close(fd);
	if (b->s == NULL)
		sbuf_add(b, "", 0);
	return 0;
}

const char *
sfile_strerror(int err)
{
	switch (err) {
	case EISDIR: return "it is a folder, not a file";
	case ESPIPE: return "not a regular file (a FIFO, device or socket); judge reads only regular files";
	case EFBIG: return "the file is far larger than any file of its kind";
	case ELOOP: return "it is a symbolic link, which judge does not follow here";
	default: return strerror(err);
	}
}

/* ---------- temporary files ---------- */

/* "NAME.tmp-PID-N" -> PID, or 0 when name is not such a file of base (NULL: of any). */
static pid_t
tmp_pid(const char *name, const char *base)
{
	const char *t = strstr(name, ".tmp-");
	if (t == NULL || t == name)
		return 0;
	if (base && (strlen(base) != (size_t)(t - name) || strncmp(name, base, strlen(base)) != 0))
		return 0;
	const char *p = t + 5;
	char *end;
	long pid = strtol(p, &end, 10);
	if (end == p || *end != '-' || pid <= 0 || pid > (long)(~0u >> 1))
		return 0;
	p = end + 1;
	strtol(p, &end, 10);
	if (end == p || *end != '\0')
		return 0;
	return (pid_t)pid;
}

bool
sfile_is_tmp(const char *name)
{
	return tmp_pid(name, NULL) != 0;
}

/* the folder and last component of path */
static void
split(const char *path, char **dir, const char **base)
{
	const char *slash = strrchr(path, '/');
	if (slash == NULL) {
		*dir = xstrdup(".");
		*base = path;
	} else if (slash == path) {
		*dir = xstrdup("/");
		*base = slash + 1;
	} else {
		*dir = xstrndup(path, (size_t)(slash - path));
		*base = slash + 1;
	}
}

static void
clean_stale(const char *dir, const char *base)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
	DIR *dh = dfd >= 0 ? fdopendir(dfd) : NULL;
	if (dh == NULL) {
		if (dfd >= 0)
			close(dfd);
		return;
	}
	time_t now = time(NULL);
	struct dirent *de;
	while ((de = readdir(dh)) != NULL) {
		pid_t pid = tmp_pid(de->d_name, base);
		if (pid == 0)
			continue;
		struct stat st;
		if (fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		bool dead = kill(pid, 0) != 0 && errno == ESRCH;
		/* a live PID may be another program that took a dead judge's number */
		if (dead || (pid != getpid() && now - st.st_mtime > 86400))
			unlinkat(dfd, de->d_name, 0);
	}
	closedir(dh);
}

void
sfile_clean_stale(const char *path)
{
	char *dir;
	const char *base;
	split(path, &dir, &base);
	clean_stale(dir, base);
	free(dir);
}

void
sfile_clean_stale_in(const char *dir)
{
	clean_stale(dir, NULL);
}

int
sfile_tmp(const char *path, mode_t mode, struct sbuf *tmp)
{
	static unsigned seq;
	sfile_clean_stale(path);
	for (int tries = 0; tries < 100; tries++) {
		sbuf_reset(tmp);
		sbuf_addf(tmp, "%s.tmp-%ld-%u", path, (long)getpid(), seq++);
		int fd = open(tmp->s, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	errno = EEXIST;
	return -1;
}

static void
sync_dir_of(const char *path)
{
	char *dir;
	const char *base;
	split(path, &dir, &base);
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	free(dir);
}

int
sfile_commit(int fd, const void *data, size_t n, const char *tmp, const char *path)
{
	const char *p = data;
	size_t off = 0;
	int e = 0;
	while (off < n) {
		ssize_t w = write(fd, p + off, n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			e = w < 0 ? errno : ENOSPC;
			break;
		}
		off += (size_t)w;
	}
	if (!e && fsync(fd) != 0)
		e = errno;
	if (close(fd) != 0 && !e)
		e = errno;
	/* rename() replaces a symlink at path; it never writes through one */
	if (!e && rename(tmp, path) != 0)
		e = errno;
	if (e) {
		unlink(tmp);
		errno = e;
		return -1;
	}
	sync_dir_of(path);
	return 0;
}

int
sfile_write(const char *path, const void *data, size_t n, mode_t mode)
{
	struct sbuf tmp = {0};
	int fd = sfile_tmp(path, mode, &tmp);
	int rc = fd < 0 ? -1 : sfile_commit(fd, data, n, tmp.s, path);
	int e = errno;
	sbuf_free(&tmp);
	errno = e;
	return rc;
}

int
sfile_open_append(const char *path, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY,
	    mode);
	if (fd < 0)
		return -1;
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = ESPIPE;
		return -1;
	}
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	return fd;
}

/* ---------- locks ---------- */

int
sfile_lock(const char *path)
{
	struct sbuf p = {0};
	sbuf_addf(&p, "%s.lock", path);
	int fd = open(p.s, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0600);
	sbuf_free(&p);
	if (fd < 0)
		return -1;
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = ESPIPE;
		return -1;
	}
	while (flock(fd, LOCK_EX) != 0) {
		if (errno != EINTR) {
			int e = errno;
			close(fd);
			errno = e;
			return -1;
		}
	}
	return fd;
}

void
sfile_unlock(int fd)
{
	if (fd >= 0)
		close(fd);   /* closing the only descriptor releases the flock */
}

/* ---------- folders ---------- */

int
sfile_mkdirs(const char *dir, mode_t mode, char **failed)
{
	if (failed)
		*failed = NULL;
	char *p = xstrdup(dir);
	size_t n = strlen(p);
	while (n > 1 && p[n - 1] == '/')
		p[--n] = '\0';
	for (char *s = p + 1;; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;
		*s = '\0';
		if (mkdir(p, mode) == 0) {
			/* the umask may have taken bits away (or, under umask 0, given none); the
			 * mode asked for is exactly what the folder gets */
			chmod(p, mode);
		} else if (errno != EEXIST) {
			int e = errno;
			if (failed)
				*failed = xstrdup(p);
			free(p);
			errno = e;
			return -1;
		}
		*s = c;
		if (c == '\0')
			break;
	}
	struct stat st;
	int rc = 0;
	if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode)) {
		if (failed)
			*failed = xstrdup(p);
		errno = ENOTDIR;
		rc = -1;
	}
	free(p);
	return rc;
}

bool
sfile_private_dir(const char *dir)
{
	struct stat st;
	return lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
	    (st.st_mode & 022) == 0;
}
