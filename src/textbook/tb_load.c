/* tb_load.c — reading a textbook file and choosing its reader: HTML by extension or by a
 * leading tag, the wiki-flattened text otherwise. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tb_build.h"
#include "../text/decode.h"
#include "../base/safefile.h"

static bool
looks_html(const char *path, const char *s, size_t n)
{
	const char *dot = strrchr(path, '.');
	if (dot && (strcasecmp(dot, ".html") == 0 || strcasecmp(dot, ".htm") == 0
	    || strcasecmp(dot, ".xhtml") == 0))
		return true;
	size_t i = 0;
	if (n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	if (i < n && s[i] == '<') {
		char head[16] = {0};
		for (size_t k = 0; k < sizeof head - 1 && i + 1 + k < n; k++)
			head[k] = (char)tolower((unsigned char)s[i + 1 + k]);
		return strncmp(head, "!doctype", 8) == 0 || strncmp(head, "html", 4) == 0
		    || strncmp(head, "head", 4) == 0 || strncmp(head, "body", 4) == 0
		    || strncmp(head, "!--", 3) == 0 || strncmp(head, "meta", 4) == 0;
	}
	return false;
}

struct tb_book *
tb_load_file(const char *path, struct diags *d)
{
	struct sbuf b = {0};
	if (sfile_read(path, SFILE_MAX_TEXTBOOK, &b) != 0) {
		if (d) {
			diag_add(d, DL_ERROR, path, 0, 0, "cannot read the textbook: %s", sfile_strerror(errno));
			diag_hint(d, "give a textbook file with --textbook FILE (text or a saved HTML page)");
		}
		sbuf_free(&b);
		return NULL;
	}
	/* a page saved as UTF-16 reads as the same page */
	if (b.len && text_from_utf16(&b.s, &b.len, path, "a textbook", d) < 0) {
		sbuf_free(&b);
		return NULL;
	}
	b.cap = b.len;
	unsigned bl, bc;
	if (text_binary(b.s ? b.s : "", b.len, &bl, &bc)) {
		if (d) {
			diag_add(d, DL_ERROR, path, bl, bc, "this is a binary file, not a textbook");
			diag_hint(d, "give a textbook file with --textbook FILE (text or a saved HTML page)");
		}
		sbuf_free(&b);
		return NULL;
	}
	if (b.len == 0) {
		if (d) {
			diag_add(d, DL_ERROR, path, 0, 0, "the file is empty, not a textbook");
			diag_hint(d, "give a textbook file with --textbook FILE (text or a saved HTML page)");
		}
		sbuf_free(&b);
		return NULL;
	}
	struct tb_book *book = looks_html(path, b.s, b.len)
	    ? tb_parse_html(path, b.s, b.len, d) : tb_parse_text(path, b.s, b.len, d);
	sbuf_free(&b);
	/* a file with no page in it (a 10 MB line, another document) answers nothing: say so
	 * once here rather than "no page is about ..." for every topic asked */
	if (book && book->npages == 0) {
		if (d) {
			diag_add(d, DL_ERROR, path, 1, 1, "no textbook page found: this is not the Judge Candidate Textbook");
			diag_hint(d, "give its wiki text (pages under '= Title =' headings) or a saved HTML page of it with --textbook FILE");
		}
		tb_free(book);
		return NULL;
	}
	return book;
}
