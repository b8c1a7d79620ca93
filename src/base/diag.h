/* diag.h — the one diagnostics funnel: every parser reports here, never to stderr
 * directly and never by exit(). A struct diags owns its items and their strings. */
#ifndef JUDGE_DIAG_H
#define JUDGE_DIAG_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum dlevel { DL_NOTE = 0, DL_WARNING = 1, DL_ERROR = 2 };

struct diag_item {
	enum dlevel level;
	char *file;             /* may be NULL */
	unsigned line, col;     /* 0 when unknown */
	char *msg;
	char *hint;             /* the next step for the user, or NULL */
	char *src;              /* the offending line, for a caret, or NULL */
	char *area;             /* the rule area a refusal needs ("603 triggered abilities"), or NULL */
};

/* At most DIAG_MAX_PER_FILE items of each level are kept for each file (a file of a
 * million bad lines must not print a million messages); the rest are only counted, and
 * diag_print() ends with "... and N more" for each file that had more. worst and
 * count[] count them all. */
#define DIAG_MAX_PER_FILE 50

struct diag_file {
	char *file;             /* NULL for items without a file */
	size_t kept[3], dropped[3];   /* by level: notes never crowd out errors */
};

struct diags {
	struct diag_item *v;
	size_t n, cap;
	enum dlevel worst;
	bool any;
	size_t count[3];
	struct diag_file *files;
	size_t nfiles, filescap;
	bool last_dropped;      /* diag_hint and diag_src then have nothing to attach to */
};

void diag_add(struct diags *d, enum dlevel lv, const char *file, unsigned line,
    unsigned col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Attach a hint and/or the source line (for the caret) to the last item. */
void diag_hint(struct diags *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_src(struct diags *d, const char *line, size_t len);
/* The source line as a diagnostic keeps it: at most 400 bytes, a NUL byte shown as U+2400
 * (one column, so a caret after it stays in place). Caller frees. */
char *diag_srcdup(const char *line, size_t len);
/* Attach the rule area that input judge refuses would need (printed as "rule area: ..."). */
void diag_area(struct diags *d, const char *area);

void diag_print_item(FILE *f, const struct diag_item *it);
/* Print items at or above min, then a note for each file whose further items were
 * dropped; returns how many items were printed. Each item is written whole in one go. */
size_t diag_print(FILE *f, const struct diags *d, enum dlevel min);
/* Just the "... and N more" notes for items at or above min; returns how many. */
size_t diag_print_dropped(FILE *f, const struct diags *d, enum dlevel min);
void diag_clear(struct diags *d);
const char *diag_level_name(enum dlevel lv);

/* Print "  line\n  ^" with the caret under 1-based column col (counted in characters). */
void diag_caret(FILE *f, const char *line, size_t len, unsigned col);

struct sbuf;
/* Append s[0..n) as it may go to a terminal: UTF-8 text as it is, and as \xNN each byte
 * that is not (Latin-1, a cut sequence) or that is a control character but tab and newline
 * (an escape sequence, a carriage return, a NUL), so a file's bytes echoed in a message
 * can neither garble the terminal nor drive it. */
void diag_addsafe(struct sbuf *b, const char *s, size_t n);

#endif
