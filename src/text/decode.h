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

/* For readers that take UTF-8 only (boards, the textbook, the init file, :source): text
 * saved as UTF-16 (Windows' Notepad "Unicode", with or without a byte-order mark) turned
 * into UTF-8 in place, with a warning in d when it had no mark. 0 when it is not UTF-16
 * (*s untouched), 1 when converted (*s reallocated, *n its new length), -1 when it could
 * not be (an error in d naming `name` and saying it is not `what`). d may be NULL. */
int text_from_utf16(char **s, size_t *n, const char *name, const char *what, struct diags *d);
/* Lines that end in a bare CR (old Mac files) end in '\n' instead, in place; CRLF is left
 * alone. Returns how many were changed. */
size_t text_bare_cr_to_lf(char *s, size_t n);

#endif
