/* questions.c — the questions file `judge search --bench` measures recall on: one question a
 * line, a tab, the rules that answer it (QUESTION<TAB>702.19b 510.1c); '#' starts a comment.
 * A file that is empty, binary or holds no question, and an answer that is not a rule number,
 * are errors at their place: a benchmark run on them would measure nothing and say so only as
 * a recall of 0. UTF-16 (Notepad's "Unicode") is read as what it is. */
#include "search.h"
#include "../text/decode.h"
#include "../base/mem.h"

#include <stdlib.h>
#include <string.h>

#define QHINT "a questions file is text: QUESTION<TAB>RULE NUMBERS, one a line (see tests/search/questions.tsv)"

void
srch_questions_free(struct srch_questions *q)
{
	for (size_t i = 0; i < q->n; i++)
		free(q->v[i].text);
	free(q->v);
	memset(q, 0, sizeof *q);
}

static int
parse_text(const char *name, const char *t, size_t len, struct srch_questions *out, struct diags *d)
{
	unsigned lineno = 0;
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(t + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - t) : len;
		const char *line = t + i, *end = t + e;
		i = e + 1;
		lineno++;
		if (end > line && end[-1] == '\r')
			end--;
		const char *p = line;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p == end || *p == '#')
			continue;
		p = line;   /* the question: from its first letter (spaces before it are no part of it) */
		while (p < end && *p == ' ')
			p++;
		const char *tab = memchr(p, '\t', (size_t)(end - p));
		const char *qe = tab ? tab : end;
		while (qe > p && qe[-1] == ' ')
			qe--;
		if (qe == p) {   /* the line starts with its answers */
			diag_add(d, DL_ERROR, name, lineno, (unsigned)(p - line) + 1, "rule numbers with no question before them");
			diag_src(d, line, (size_t)(end - line));
			diag_hint(d, QHINT);
			return -1;
		}
		struct srch_question q = {0};
		for (const char *a = tab ? tab + 1 : end; a < end;) {
			while (a < end && (*a == ' ' || *a == '\t' || *a == ','))
				a++;
			const char *b = a;
			while (b < end && *b != ' ' && *b != '\t' && *b != ',')
				b++;
			if (b == a)
				break;
			char tok[32];
			size_t tl = (size_t)(b - a);
			jrid id = JRID_NONE;
			if (tl < sizeof tok) {
				memcpy(tok, a, tl);
				tok[tl] = '\0';
				id = jrid_from_str(tok);
			}
			if (id == JRID_NONE) {
				diag_add(d, DL_ERROR, name, lineno, (unsigned)(a - line) + 1,
				    "\"%.*s\" is not a rule number", (int)(tl > 40 ? 40 : tl), a);
				diag_src(d, line, (size_t)(end - line));
				diag_hint(d, "the answers after the tab are rule numbers such as 702.19b, separated by spaces");
				return -1;
			}
			if (q.nans < SRCH_QUESTION_MAXANS)
				q.ans[q.nans++] = id;
			a = b;
		}
		q.text = xstrndup(p, (size_t)(qe - p));
		q.line = lineno;
		out->v = xgrow(out->v, &out->cap, out->n + 1, sizeof *out->v);
		out->v[out->n++] = q;
	}
	if (out->n == 0) {
		diag_add(d, DL_ERROR, name, 0, 0, "no questions in the file (%s)", len ? "only comments and blank lines" : "it is empty");
		diag_hint(d, QHINT);
		return -1;
	}
	return 0;
}

int
srch_questions_parse(const char *name, const char *data, size_t len, struct srch_questions *out,
    struct diags *d)
{
	memset(out, 0, sizeof *out);
	struct decoded u16 = {0};
	if (len && text_utf16(data, len)) {
		if (text_decode_as((const unsigned char *)data, len, name, "questions file",
		    "save the questions file as UTF-8 text", &u16, d) != 0)
			return -1;
		data = u16.text;
		len = u16.len;
	}
	unsigned bl, bc;
	int st;
	if (text_binary(data, len, &bl, &bc)) {
		diag_add(d, DL_ERROR, name, bl, bc, "this is a binary file, not a questions file");
		diag_hint(d, QHINT);
		st = -1;
	} else {
		st = parse_text(name, data, len, out, d);
	}
	free(u16.text);
	if (st != 0)
		srch_questions_free(out);
	return st;
}
