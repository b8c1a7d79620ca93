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

char *
diag_srcdup(const char *line, size_t len)
{
	if (len > 400)
		len = 400;      /* a 10 MB line is not echoed whole */
	struct sbuf b = {0};
	for (size_t i = 0; i < len; i++) {
		if (line[i] == '\0')
			sbuf_adds(&b, "\xe2\x90\x80");   /* U+2400 SYMBOL FOR NULL: one column, seen */
		else
			sbuf_addc(&b, line[i]);
	}
	return b.s ? sbuf_take(&b) : xstrdup("");
}

void
diag_src(struct diags *d, const char *line, size_t len)
{
	if (d->n == 0 || line == NULL || d->last_dropped)
		return;
	free(d->v[d->n - 1].src);
	d->v[d->n - 1].src = diag_srcdup(line, len);
}

/* The length of the well-formed UTF-8 character at s (n bytes left) that is no control
 * character (C0, DEL, C1), or 0. */
static size_t
utf8_printable(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t k;
	unsigned cp, min;
	if (c < 0x80)
		return c >= 0x20 && c != 0x7f;
	if (c >= 0xC2 && c <= 0xDF)
		k = 2, cp = c & 0x1F, min = 0x80;
	else if (c >= 0xE0 && c <= 0xEF)
		k = 3, cp = c & 0x0F, min = 0x800;
	else if (c >= 0xF0 && c <= 0xF4)
		k = 4, cp = c & 0x07, min = 0x10000;
	else
		return 0;
	if (n < k)
		return 0;
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || (cp >= 0x80 && cp <= 0x9F))
		return 0;
	return k;
}

void
diag_addsafe(struct sbuf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		size_t k = u[i] == '\t' || u[i] == '\n' ? 1 : utf8_printable(u + i, n - i);
		if (k) {
			sbuf_add(b, s + i, k);
			i += k;
		} else {
			char x[4] = { '\\', 'x', hex[u[i] >> 4], hex[u[i] & 15] };
			sbuf_add(b, x, 4);
			i++;
		}
	}
}

/* The line as it stands, each character one column: a byte that is no printable UTF-8
 * shows as '?', so the caret under column col stays where it belongs. */
static void
caret(struct sbuf *b, const char *line, size_t len, unsigned col)
{
	const unsigned char *u = (const unsigned char *)line;
	size_t i, chars = 0;
	sbuf_adds(b, "  ");
	for (i = 0; i < len && line[i] != '\n' && line[i] != '\r';) {
		size_t k = utf8_printable(u + i, len - i);
		if (k)
			sbuf_add(b, line + i, k);
		else
			sbuf_addc(b, line[i] == '\t' ? ' ' : '?');
		i += k ? k : 1;
	}
	sbuf_adds(b, "\n  ");
	/* count characters, not bytes, so the caret lands under UTF-8 text */
	for (i = 0; i < len && chars + 1 < col;) {
		size_t k = utf8_printable(u + i, len - i);
		i += k ? k : 1;
		chars++;
		sbuf_addc(b, ' ');
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
		diag_addsafe(&b, it->file, strlen(it->file));
		if (it->line) {
			sbuf_addf(&b, ":%u", it->line);
			if (it->col)
				sbuf_addf(&b, ":%u", it->col);
		}
		sbuf_adds(&b, ": ");
	}
	sbuf_addf(&b, "%s: ", diag_level_name(it->level));
	diag_addsafe(&b, it->msg, strlen(it->msg));
	sbuf_addc(&b, '\n');
	if (it->src)
		caret(&b, it->src, strlen(it->src), it->col ? it->col : 1);
	if (it->hint) {
		sbuf_adds(&b, "  ");
		diag_addsafe(&b, it->hint, strlen(it->hint));
		sbuf_addc(&b, '\n');
	}
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
