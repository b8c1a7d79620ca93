/* out.h — where answers go: a buffer that is wrapped to the terminal, coloured only on a
 * terminal (never with NO_COLOR or TERM=dumb), spelt in ASCII when the locale the user
 * set is not UTF-8 (LANG=C; JSON, written to buf directly, stays UTF-8), and paged
 * through $PAGER when long. */
#ifndef JUDGE_OUT_H
#define JUDGE_OUT_H
#include <stdbool.h>
#include <stdio.h>
#include "../base/buf.h"

enum ostyle { OS_RESET, OS_BOLD, OS_DIM, OS_ID, OS_TITLE, OS_HL, OS_EX, OS_ERR, OS_WARN, OS_OK };

struct out {
	struct sbuf buf;
	FILE *f;
	int width;              /* wrap column; 0 = do not wrap */
	bool color;
	bool page;              /* may use $PAGER when the answer is taller than the screen */
	int rows;               /* terminal height, 0 if unknown */
	int werr;               /* errno of the first failed write to f, 0 if none */
	bool ascii;             /* the locale is not UTF-8: text (not JSON) is spelt in ASCII */
};

/* Set up for stdout following the environment (isatty, NO_COLOR, TERM, COLUMNS). */
void out_init(struct out *o, FILE *f);
const char *out_sgr(const struct out *o, enum ostyle s);   /* "" without colour */
void out_printf(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void out_puts(struct out *o, const char *s);
/* Word-wrap text (may hold SGR escapes, which take no width) at o->width. The first
 * line starts after `first` columns already used; continuation lines are indented by
 * `hang` spaces. Embedded '\n' start new paragraphs at `hang`. Ends with '\n'. */
void out_wrap(struct out *o, const char *text, int first, int hang);
/* The same for a formatted text: a line whose words fit the width on a terminal, however
 * long the paths, labels and numbers it holds. */
void out_wrapf(struct out *o, int hang, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Write the buffer out (through the pager when it is long and we are on a terminal). */
void out_flush(struct out *o);
void out_free(struct out *o);
/* Display width of UTF-8 text, skipping SGR escapes. */
int text_width(const char *s, size_t n);

#endif
