/* decode.h — turning the bytes of any CR release into UTF-8 text with '\n' line endings:
 * byte-order marks, UTF-16 (BE/LE, with or without a BOM), UTF-8, Windows-1252; CRLF,
 * bare CR and LF. Refuses binary and empty input with a diagnostic. */
#ifndef JUDGE_DECODE_H
#define JUDGE_DECODE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "../base/diag.h"

struct decoded {
	char *text;             /* UTF-8, '\n' line ends, NUL-terminated; caller frees */
	size_t len;
	const char *encoding;   /* static string: "UTF-8", "UTF-8 (BOM)", "UTF-16BE (BOM)", ... */
	const char *newlines;   /* "CRLF", "CR", "LF", "mixed" */
};

/* Returns 0 on success; on failure -1 with an error in d naming `name`. */
int text_decode(const unsigned char *in, size_t n, const char *name, struct decoded *out,
    struct diags *d);
/* The same, the errors saying what the file should have been ("rules text") and the
 * next step (hint); text_decode() says "text" and how to save one. */
int text_decode_as(const unsigned char *in, size_t n, const char *name, const char *what,
    const char *hint, struct decoded *out, struct diags *d);

/* Append code point cp as UTF-8; returns bytes written (buf needs 4). */
size_t utf8_put(char *buf, unsigned cp);
/* Decode one code point at s (n bytes left); sets *len; returns 0xFFFD on bad input. */
unsigned utf8_get(const char *s, size_t n, size_t *len);

/* Whether bytes are UTF-16 (a byte-order mark, or zero bytes in every other place): what
 * text_decode() reads as UTF-16, and what text_binary() would call binary. */
bool text_utf16(const char *s, size_t n);

/* Whether text looks binary: a NUL byte in its first 64 KiB, or more than one byte in 20
 * a control character. *line and *col (1-based) locate the NUL when there is one. */
bool text_binary(const char *s, size_t n, unsigned *line, unsigned *col);
/* The same for an open file, looking at what comes next and then going back to it; false
 * for a pipe, which cannot be looked at twice. */
bool text_file_binary(FILE *f, unsigned *line, unsigned *col);

#endif
