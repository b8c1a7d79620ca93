/* safefile.h — the one way judge opens its files. Anyone may include this.
 *
 * Readers take only regular files, each no larger than the caller's cap: a FIFO would
 * block forever, /dev/zero never ends, a folder holds no text. Writers never follow a
 * symlink: a file is written to a temporary PATH.tmp-PID-N made with O_EXCL|O_NOFOLLOW
 * and renamed over PATH, and the temporary files of processes that died (kill -9) are
 * removed the next time the same file is written. A file that two judge processes may
 * rewrite at once (study progress, the REPL history) is changed only under an exclusive
 * flock(2) of PATH.lock beside it, held from reading the file to renaming the new one.
 *
 * Errors are errno values; sfile_strerror() says the judge-specific ones in words:
 * EISDIR (a folder), ESPIPE (a FIFO, device or socket), EFBIG (over the cap), ELOOP (a
 * symlink where judge does not follow one). */
#ifndef JUDGE_SAFEFILE_H
#define JUDGE_SAFEFILE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

struct sbuf;

/* Caps, in bytes, of what judge reads; each far above any real file of its kind. */
#define SFILE_MAX_RULES    (64u << 20)
#define SFILE_MAX_TEXTBOOK (64u << 20)
#define SFILE_MAX_BOARD    (8u << 20)
#define SFILE_MAX_VOCAB    (32u << 20)   /* thesaurus, situations */
#define SFILE_MAX_STUDY    (64u << 20)
#define SFILE_MAX_INIT     (4u << 20)    /* init file, :source, questions files */
#define SFILE_MAX_HISTORY  (16u << 20)

/* Open a regular file of at most max bytes for reading (never blocking on a FIFO);
 * -1 with errno set otherwise. */
int sfile_open(const char *path, size_t max);
/* The same, with more open(2) flags (O_NOFOLLOW: a symlink is refused with ELOOP). */
int sfile_open_flags(const char *path, size_t max, int oflags);
FILE *sfile_fopen(const char *path, size_t max);
/* Append the whole of path to b; 0, or -1 with errno set (EFBIG if it grew past max
 * while being read). */
int sfile_read(const char *path, size_t max, struct sbuf *b);
const char *sfile_strerror(int err);

/* A new temporary file beside path, PATH.tmp-PID-N (name in *tmp), created with O_EXCL
 * and O_NOFOLLOW; stale ones of dead processes are removed first. fd or -1. */
int sfile_tmp(const char *path, mode_t mode, struct sbuf *tmp);
/* Write n bytes to fd, fsync and close it, rename tmp over path and fsync the folder.
 * On failure tmp is removed; -1 with errno set. fd is closed either way. */
int sfile_commit(int fd, const void *data, size_t n, const char *tmp, const char *path);
/* sfile_tmp + sfile_commit. */
int sfile_write(const char *path, const void *data, size_t n, mode_t mode);
/* Remove the PATH.tmp-PID-N files whose process is gone (or that are a day old); of
 * any PATH in the folder dir. */
void sfile_clean_stale(const char *path);
void sfile_clean_stale_in(const char *dir);
/* Is name a temporary file of sfile_tmp()? (Folder readers skip them.) */
bool sfile_is_tmp(const char *name);

/* Open path for appending, creating it with mode; never through a symlink, only a regular
 * file. fd or -1 with errno. */
int sfile_open_append(const char *path, mode_t mode);

/* Take the exclusive lock of path (flock of PATH.lock, made 0600), waiting for another
 * process that holds it. Returns the lock's fd, or -1 with errno set. */
int sfile_lock(const char *path);
void sfile_unlock(int fd);

/* mkdir -p dir: what it creates gets mode exactly (whatever the umask). 0 or -1 with
 * errno set, naming in *failed (if not NULL; caller frees) the folder that failed. */
int sfile_mkdirs(const char *dir, mode_t mode, char **failed);
/* Is dir a real folder (not a symlink) owned by this user and writable by no one else?
 * The folders judge prunes or rewrites files in must be. */
bool sfile_private_dir(const char *dir);

#endif
