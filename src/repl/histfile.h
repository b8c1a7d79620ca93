/* histfile.h — the REPL's history file: one line per entry, appended by each line typed
 * and trimmed to the newest lines now and then. Several judge sessions may share it:
 * every change is made under the file's lock (safefile.h), a line is appended whole with
 * O_APPEND and synced to the disk, trimming writes a new file (fsync) and renames it, and
 * nothing is written through a symlink. Reading it is the caller's: no readline here, so
 * tests can drive it. */
#ifndef JUDGE_HISTFILE_H
#define JUDGE_HISTFILE_H
#include <stddef.h>

/* Call add() with each of the last max lines of path, oldest first. 0 (also when the file
 * does not exist), or -1 with errno set (ELOOP: path is a symlink; ESPIPE: not a file). */
int histfile_load(const char *path, size_t max, void (*add)(const char *line, void *arg), void *arg);
/* Append line (which holds no newline) to path, creating it 0600. 0 or -1 with errno. */
int histfile_append(const char *path, const char *line);
/* Keep only the last max lines of path. 0 or -1 with errno. */
int histfile_trim(const char *path, size_t max);

#endif
