/* pol_int.h — what the files of src/policy/ share and nobody else includes: the line array
 * every input form is turned into before the one parser reads it. */
#ifndef JUDGE_POL_INT_H
#define JUDGE_POL_INT_H
#include <stdbool.h>
#include <stddef.h>
#include "policy.h"
#include "../base/buf.h"

struct pline {
	char *s;                /* trimmed, tabs as spaces, no form feed */
	unsigned no;            /* line in the file, 1-based */
	bool page;              /* first line of a page */
	bool bold;              /* HTML: printed in bold */
	bool blank;             /* empty, or furniture taken out (page number, contents) */
	bool drop;              /* furniture: not even a paragraph break */
	bool tab;               /* had a tab (2008/2009 headings "115.\tTitle") */
	bool cells;             /* HTML: a row of a table, its cells apart (" — "): a paragraph alone */
};

struct plines {
	struct pline *v;
	size_t n, cap;
};

/* Parse lines (taken over: fields may change) into a document; see pol_parse_text(). */
struct pol_doc *pol_parse_lines(const char *name, struct plines *L, const char *format, struct diags *d);
void pol_lines_free(struct plines *L);
/* Letters and digits only, lower case, into o (reset first). */
void pol_norm(const char *s, size_t n, struct sbuf *o);
/* How long the penalty words at the start of s are ("Game Loss"), 0 if none. */
size_t pol_penalty_prefix(const char *s);
/* How many different words of a (stop words aside, stems compared, irregular verbs folded)
 * b also has, the rarer in English the more (a long word counts a little more). */
double pol_shared_words(const char *a, const char *b);

#endif
