/* line.c — splits a REPL line into words the way a shell does, so quoting is familiar. */
#include "repl.h"

#include <stdlib.h>
#include <string.h>

#include "../base/buf.h"
#include "../base/mem.h"

static bool
is_space(char ch)
{
	/* a NUL inside the line cannot live in a C string word: treat it as a separator */
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\0';
}

static bool
is_letter(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (unsigned char)ch >= 0x80;
}

static void
push(struct repl_tok *t, size_t *cap, struct sbuf *w, size_t start)
{
	if ((size_t)t->argc + 2 > *cap) {
		size_t c2 = *cap;
		t->argv = xgrow(t->argv, &c2, (size_t)t->argc + 2, sizeof *t->argv);
		t->start = xrealloc(t->start, c2 * sizeof *t->start);
		*cap = c2;
	}
	t->argv[t->argc] = w->s ? sbuf_take(w) : xstrdup("");
	t->start[t->argc] = start;
	t->argc++;
	t->argv[t->argc] = NULL;
}

/* Is the ' at i, inside a '...' phrase, an apostrophe between letters ("'can't stop'")
 * rather than the phrase's end? */
static bool
apostrophe_at(const char *line, size_t len, size_t i)
{
	return i > 0 && i + 1 < len && is_letter(line[i - 1]) && is_letter(line[i + 1]);
}

int
repl_tokenize(const char *line, size_t len, struct repl_tok *t)
{
	memset(t, 0, sizeof *t);
	size_t cap = 8;
	struct sbuf w = {0};
	size_t i = 0;
	t->argv = xcalloc(cap, sizeof *t->argv);
	t->start = xcalloc(cap, sizeof *t->start);
	t->trailing_space = true;
	while (i < len) {
		if (is_space(line[i])) {
			i++;
			continue;
		}
		if (line[i] == '#')
			break;   /* a comment runs to the end of the line */
		size_t start = i;
		while (i < len && !is_space(line[i])) {
			char ch = line[i];
			/* an apostrophe inside a word is part of it ("what's", "opponents'"): only a
			 * quote that opens a word opens a phrase */
			if (ch == '\'' && i > start) {
				sbuf_addc(&w, ch);
				i++;
			} else if (ch == '\'' || ch == '"') {
				size_t q = i++;
				sbuf_add(&w, "", 0);
				while (i < len && (line[i] != ch || (ch == '\'' && apostrophe_at(line, len, i)))) {
					if (ch == '"' && line[i] == '\\' && i + 1 < len &&
					    (line[i + 1] == '"' || line[i + 1] == '\\'))
						i++;
					if (line[i] != '\0')
						sbuf_addc(&w, line[i]);
					i++;
				}
				if (i >= len) {
					t->open_quote = ch;
					t->err = ch == '"' ? "unterminated \" quote" : "unterminated ' quote";
					t->err_col = q + 1;
					break;
				}
				i++;   /* the closing quote */
			} else if (ch == '\\' && i + 1 < len && line[i + 1] != '\0') {
				sbuf_addc(&w, line[i + 1]);
				i += 2;
			} else {
				sbuf_addc(&w, ch);
				i++;
			}
		}
		push(t, &cap, &w, start);
		t->trailing_space = false;
		if (t->open_quote)
			break;
		if (i < len && is_space(line[i]))
			t->trailing_space = true;
	}
	sbuf_free(&w);
	return t->err ? -1 : 0;
}

void
repl_tok_free(struct repl_tok *t)
{
	for (int i = 0; i < t->argc; i++)
		free(t->argv[i]);
	free(t->argv);
	free(t->start);
	memset(t, 0, sizeof *t);
}
