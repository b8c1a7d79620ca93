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

static struct diag_file *
file_entry(struct diags *d, const char *file)
{
	for (size_t i = 0; i < d->nfiles; i++) {
		const char *f = d->files[i].file;
		if (f == file || (f && file && strcmp(f, file) == 0))
			return &d->files[i];
	}
	d->files = xgrow(d->files, &d->filescap, d->nfiles + 1, sizeof *d->files);
	struct diag_file *e = &d->files[d->nfiles++];
	memset(e, 0, sizeof *e);
	e->file = file ? xstrdup(file) : NULL;
	return e;
}

void
diag_add(struct diags *d, enum dlevel lv, const char *file, unsigned line,
    unsigned col, const char *fmt, ...)
{
	if (!d->any || lv > d->worst)
		d->worst = lv;
	d->any = true;
	d->count[lv]++;
	struct diag_file *fe = file_entry(d, file);
	if (fe->kept[lv] >= DIAG_MAX_PER_FILE) {
		fe->dropped[lv]++;
		d->last_dropped = true;
		return;
	}
	fe->kept[lv]++;
	d->last_dropped = false;
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
}

void
diag_hint(struct diags *d, const char *fmt, ...)
{
	if (d->n == 0 || d->last_dropped)
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
diag_area(struct diags *d, const char *area)
{
	if (d->n == 0 || area == NULL || d->last_dropped)
		return;
	free(d->v[d->n - 1].area);
	d->v[d->n - 1].area = xstrdup(area);
}

void
diag_src(struct diags *d, const char *line, size_t len)
{
	if (d->n == 0 || line == NULL || d->last_dropped)
		return;
	if (len > 400)
		len = 400;      /* a 10 MB line is not echoed whole */
	free(d->v[d->n - 1].src);
	d->v[d->n - 1].src = xstrndup(line, len);
}

static void
caret(struct sbuf *b, const char *line, size_t len, unsigned col)
{
	size_t i, chars = 0;
	sbuf_adds(b, "  ");
	for (i = 0; i < len && line[i] != '\n' && line[i] != '\r'; i++) {
		unsigned char c = (unsigned char)line[i];
		sbuf_addc(b, (char)(c == '\t' ? ' ' : (c < 0x20 ? '?' : c)));
	}
	sbuf_adds(b, "\n  ");
	/* count characters, not bytes, so the caret lands under UTF-8 text */
	for (i = 0; i < len && chars + 1 < col; i++) {
		if (((unsigned char)line[i] & 0xC0) != 0x80) {
			chars++;
			sbuf_addc(b, ' ');
		}
	}
	sbuf_adds(b, "^\n");
}

void
diag_caret(FILE *f, const char *line, size_t len, unsigned col)
{
	struct sbuf b = {0};
	caret(&b, line, len, col);
	fwrite(b.s, 1, b.len, f);
	sbuf_free(&b);
}

void
diag_print_item(FILE *f, const struct diag_item *it)
{
	/* built whole and written once: stderr is unbuffered, and a byte at a time costs a
	 * system call each */
	struct sbuf b = {0};
	sbuf_adds(&b, "judge: ");
	if (it->file) {
		sbuf_adds(&b, it->file);
		if (it->line) {
			sbuf_addf(&b, ":%u", it->line);
			if (it->col)
				sbuf_addf(&b, ":%u", it->col);
		}
		sbuf_adds(&b, ": ");
	}
	sbuf_addf(&b, "%s: %s\n", diag_level_name(it->level), it->msg);
	if (it->src)
		caret(&b, it->src, strlen(it->src), it->col ? it->col : 1);
	if (it->hint)
		sbuf_addf(&b, "  %s\n", it->hint);
	if (it->area)
		sbuf_addf(&b, "  rule area it needs: %s\n", it->area);
	fwrite(b.s, 1, b.len, f);
	sbuf_free(&b);
}

size_t
diag_print_dropped(FILE *f, const struct diags *d, enum dlevel min)
{
	size_t all = 0;
	for (size_t i = 0; i < d->nfiles; i++) {
		const struct diag_file *fe = &d->files[i];
		size_t n = 0;
		for (int lv = (int)min; lv <= DL_ERROR; lv++)
			n += fe->dropped[lv];
		if (n == 0)
			continue;
		all += n;
		fprintf(f, "judge: %s%s... and %zu more problem%s not shown (the first %d are)\n",
		    fe->file ? fe->file : "", fe->file ? ": " : "", n, n == 1 ? "" : "s", DIAG_MAX_PER_FILE);
	}
	return all;
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
	diag_print_dropped(f, d, min);
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
		free(d->v[i].area);
		free(d->v[i].src);
	}
	free(d->v);
	for (size_t k = 0; k < d->nfiles; k++)
		free(d->files[k].file);
	free(d->files);
	memset(d, 0, sizeof *d);
}
