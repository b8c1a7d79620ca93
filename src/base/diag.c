/* diag.c — collecting and printing diagnostics as file:line:col: level: message. */
#include "diag.h"
#include "buf.h"
#include "mem.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *
diag_level_name(enum dlevel lv)
{
	switch (lv) {
	case DL_NOTE: return "note";
	case DL_WARNING: return "warning";
	default: return "error";
	}
}

void
diag_add(struct diags *d, enum dlevel lv, const char *file, unsigned line,
    unsigned col, const char *fmt, ...)
{
	struct sbuf b = {0};
	va_list ap;
	va_start(ap, fmt);
	sbuf_vaddf(&b, fmt, ap);
	va_end(ap);
	d->v = xgrow(d->v, &d->cap, d->n + 1, sizeof *d->v);
	struct diag_item *it = &d->v[d->n++];
	memset(it, 0, sizeof *it);
	it->level = lv;
	it->file = file ? xstrdup(file) : NULL;
	it->line = line;
	it->col = col;
	it->msg = sbuf_take(&b);
	if (!d->any || lv > d->worst)
		d->worst = lv;
	d->any = true;
	d->count[lv]++;
}

void
diag_hint(struct diags *d, const char *fmt, ...)
{
	if (d->n == 0)
		return;
	struct sbuf b = {0};
	va_list ap;
	va_start(ap, fmt);
	sbuf_vaddf(&b, fmt, ap);
	va_end(ap);
	free(d->v[d->n - 1].hint);
	d->v[d->n - 1].hint = sbuf_take(&b);
}

void
diag_src(struct diags *d, const char *line, size_t len)
{
	if (d->n == 0 || line == NULL)
		return;
	if (len > 400)
		len = 400;      /* a 10 MB line is not echoed whole */
	free(d->v[d->n - 1].src);
	d->v[d->n - 1].src = xstrndup(line, len);
}

void
diag_caret(FILE *f, const char *line, size_t len, unsigned col)
{
	size_t i, chars = 0;
	fputs("  ", f);
	for (i = 0; i < len && line[i] != '\n' && line[i] != '\r'; i++) {
		unsigned char c = (unsigned char)line[i];
		fputc(c == '\t' ? ' ' : (c < 0x20 ? '?' : c), f);
	}
	fputs("\n  ", f);
	/* count characters, not bytes, so the caret lands under UTF-8 text */
	for (i = 0; i < len && chars + 1 < col; i++) {
		if (((unsigned char)line[i] & 0xC0) != 0x80) {
			chars++;
			fputc(' ', f);
		}
	}
	fputs("^\n", f);
}

void
diag_print_item(FILE *f, const struct diag_item *it)
{
	fputs("judge: ", f);
	if (it->file) {
		fputs(it->file, f);
		if (it->line) {
			fprintf(f, ":%u", it->line);
			if (it->col)
				fprintf(f, ":%u", it->col);
		}
		fputs(": ", f);
	}
	fprintf(f, "%s: %s\n", diag_level_name(it->level), it->msg);
	if (it->src)
		diag_caret(f, it->src, strlen(it->src), it->col ? it->col : 1);
	if (it->hint)
		fprintf(f, "  %s\n", it->hint);
}

size_t
diag_print(FILE *f, const struct diags *d, enum dlevel min)
{
	size_t i, k = 0;
	for (i = 0; i < d->n; i++) {
		if (d->v[i].level >= min) {
			diag_print_item(f, &d->v[i]);
			k++;
		}
	}
	return k;
}

void
diag_clear(struct diags *d)
{
	size_t i;
	for (i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].msg);
		free(d->v[i].hint);
		free(d->v[i].src);
	}
	free(d->v);
	memset(d, 0, sizeof *d);
}
