/* fuzz_histfile.c — libFuzzer target for the REPL history file (~/.local/state/judge/history
 * is left behind by crashes, other sessions, editors): any bytes on disk are loaded as lines
 * without a newline in them, at most max; trimming keeps exactly the lines a load shows; a
 * line appended is read back as the newest, whatever the file ended with. The first byte
 * picks max; the rest is the file. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "repl/histfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
collect(const char *line, void *arg)
{
	struct sbuf *b = arg;
	if (strchr(line, '\n') || !*line)
		abort();   /* a line is one entry, never empty */
	sbuf_adds(b, line);
	sbuf_addc(b, '\n');
}

static size_t
lines(const struct sbuf *b)
{
	size_t n = 0;
	for (size_t i = 0; i < b->len; i++)
		n += b->s[i] == '\n';
	return n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	size_t max = 1 + data[0] % 8;
	char path[] = "/tmp/judge-fuzz-histfile-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return 0;
	if (write(fd, data + 1, size - 1) != (ssize_t)(size - 1)) {
		close(fd);
		unlink(path);
		return 0;
	}
	close(fd);
	struct sbuf a = {0}, b = {0}, c = {0};
	if (histfile_load(path, max, collect, &a) != 0 || lines(&a) > max)
		abort();
	/* trimming keeps what a load shows */
	if (histfile_trim(path, max) != 0 || histfile_load(path, max, collect, &b) != 0)
		abort();
	if (a.len != b.len || (a.len && memcmp(a.s, b.s, a.len) != 0))
		abort();
	/* a line appended is the newest one, not glued to an unfinished last line */
	if (histfile_append(path, "appended entry") != 0 || histfile_load(path, max + 1, collect, &c) != 0)
		abort();
	static const char tail[] = "appended entry\n";
	if (c.len < sizeof tail - 1 || memcmp(c.s + c.len - (sizeof tail - 1), tail, sizeof tail - 1) != 0 ||
	    (c.len > sizeof tail - 1 && c.s[c.len - sizeof tail] != '\n'))
		abort();
	sbuf_free(&a);
	sbuf_free(&b);
	sbuf_free(&c);
	unlink(path);
	char lock[64];
	snprintf(lock, sizeof lock, "%s.lock", path);
	unlink(lock);
	return 0;
}
