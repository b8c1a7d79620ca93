/* decode.c — encoding detection and conversion to UTF-8 with LF line endings. */
#include "decode.h"
#include "../base/mem.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Windows-1252 bytes 0x80-0x9F; 0 marks the five undefined ones. */
static const unsigned short cp1252[32] = {
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
};

size_t
utf8_put(char *b, unsigned cp)
{
	if (cp < 0x80) {
		b[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		b[0] = (char)(0xC0 | (cp >> 6));
		b[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		b[0] = (char)(0xE0 | (cp >> 12));
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		b[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	b[0] = (char)(0xF0 | (cp >> 18));
	b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	b[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	b[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

unsigned
utf8_get(const char *str, size_t n, size_t *len)
{
	const unsigned char *s = (const unsigned char *)str;
	*len = 1;
	if (n == 0)
		return 0;
	unsigned c = s[0];
	if (c < 0x80)
		return c;
	int k;
	unsigned cp, min;
	if ((c & 0xE0) == 0xC0) { k = 1; cp = c & 0x1F; min = 0x80; }
	else if ((c & 0xF0) == 0xE0) { k = 2; cp = c & 0x0F; min = 0x800; }
	else if ((c & 0xF8) == 0xF0) { k = 3; cp = c & 0x07; min = 0x10000; }
	else return 0xFFFD;
	if ((size_t)k >= n)
		return 0xFFFD;
	for (int i = 1; i <= k; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0xFFFD;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0xFFFD;
	*len = (size_t)k + 1;
	return cp;
}

/* Length of the valid UTF-8 prefix; fast on ASCII runs. */
static size_t
utf8_valid_prefix(const unsigned char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		if (s[i] < 0x80) {
			/* eight ASCII bytes at a time */
			while (i + 8 <= n) {
				uint64_t w;
				memcpy(&w, s + i, 8);
				if (w & 0x8080808080808080ull)
					break;
				i += 8;
			}
			if (i < n && s[i] < 0x80)
				i++;
			continue;
		}
		size_t l;
		unsigned cp = utf8_get((const char *)s + i, n - i, &l);
		if (cp == 0xFFFD && !(l == 3 && s[i] == 0xEF && s[i + 1] == 0xBF && s[i + 2] == 0xBD))
			return i;
		i += l;
	}
	return n;
}

/* The converted text is built here, normalising line endings on the way. */
struct sink {
	char *p;
	size_t len, cap;
	bool pending_cr;
	size_t crlf, cr, lf;
};

static void
sink_byte(struct sink *k, char c)
{
	if (k->len + 8 > k->cap) {
		k->cap = k->cap * 2 + 64;
		k->p = xrealloc(k->p, k->cap);
	}
	k->p[k->len++] = c;
}

static void
sink_cp(struct sink *k, unsigned cp)
{
	if (k->pending_cr) {
		k->pending_cr = false;
		if (cp == '\n') {
			k->crlf++;
			sink_byte(k, '\n');
			return;
		}
		k->cr++;
		sink_byte(k, '\n');
	}
	if (cp == '\r') {
		k->pending_cr = true;
		return;
	}
	if (cp == '\n')
		k->lf++;
	if (cp == 0xFEFF)       /* a BOM or zero-width no-break space inside the text */
		return;
	if (cp < 0x80) {
		sink_byte(k, (char)cp);
		return;
	}
	if (k->len + 8 > k->cap) {
		k->cap = k->cap * 2 + 64;
		k->p = xrealloc(k->p, k->cap);
	}
	k->len += utf8_put(k->p + k->len, cp);
}

static void
sink_end(struct sink *k)
{
	if (k->pending_cr) {
		k->cr++;
		sink_byte(k, '\n');
		k->pending_cr = false;
	}
	sink_byte(k, '\0');
	k->len--;
}

/* Copy UTF-8 text, turning CRLF and bare CR into LF: the runs between CRs go whole. */
static void
copy_lines(struct sink *k, const unsigned char *in, size_t n)
{
	const unsigned char *q = in, *e = in + n;
	while (q < e) {
		const unsigned char *cr = memchr(q, '\r', (size_t)(e - q));
		size_t run = (size_t)((cr ? cr : e) - q);
		if (k->len + run + 8 > k->cap) {
			k->cap = k->len + run + n / 8 + 64;
			k->p = xrealloc(k->p, k->cap);
		}
		memcpy(k->p + k->len, q, run);
		k->len += run;
		if (cr == NULL)
			break;
		if (cr + 1 < e && cr[1] == '\n') {
			k->crlf++;
			q = cr + 2;
		} else {
			k->cr++;
			q = cr + 1;
		}
		k->p[k->len++] = '\n';
	}
	/* LFs not preceded by CR */
	size_t lfs = 0;
	for (const char *t = k->p; k->len && (t = memchr(t, '\n', (size_t)(k->p + k->len - t))) != NULL; t++)
		lfs++;
	k->lf = lfs - k->crlf - k->cr;
}

/* Guess UTF-16 without a BOM from where the zero bytes sit; 0 = no, 1 = BE, 2 = LE. */
static int
guess_utf16(const unsigned char *s, size_t n)
{
	size_t even = 0, odd = 0, m = n < 4096 ? n : 4096;
	for (size_t i = 0; i + 1 < m; i += 2) {
		even += s[i] == 0;
		odd += s[i + 1] == 0;
	}
	size_t pairs = m / 2;
	if (pairs < 2)
		return 0;
	if (even * 10 > pairs * 6 && odd * 10 < pairs)
		return 1;
	if (odd * 10 > pairs * 6 && even * 10 < pairs)
		return 2;
	return 0;
}

static bool
looks_binary(const unsigned char *s, size_t n, size_t *where)
{
	size_t m = n < 65536 ? n : 65536, ctl = 0;
	const unsigned char *z = memchr(s, 0, m);
	if (z) {
		*where = (size_t)(z - s);
		return true;
	}
	/* control characters other than line ends, tabs and form feeds, counted without a
	 * branch (the loop vectorizes) */
	for (size_t i = 0; i < m; i++) {
		unsigned c = s[i];
		ctl += (c < 0x20) & (c != '\n') & (c != '\r') & (c != '\t') & (c != '\f');
	}
	*where = 0;
	return m > 0 && ctl * 20 > m;
}

static void
line_col(const unsigned char *s, size_t at, unsigned *line, unsigned *col)
{
	unsigned l = 1, c = 1;
	for (size_t i = 0; i < at; i++) {
		if (s[i] == '\n') {
			l++;
			c = 1;
		} else {
			c++;
		}
	}
	*line = l;
	*col = c;
}

bool
text_binary(const char *s, size_t n, unsigned *line, unsigned *col)
{
	size_t where;
	if (!looks_binary((const unsigned char *)s, n, &where))
		return false;
	line_col((const unsigned char *)s, where, line, col);
	return true;
}

bool
text_file_binary(FILE *f, unsigned *line, unsigned *col)
{
	char head[65536];
	long at = ftell(f);
	if (at < 0)
		return false;   /* a pipe: nothing to look ahead at */
	size_t n = fread(head, 1, sizeof head, f);
	bool bin = text_binary(head, n, line, col);
	clearerr(f);
	fseek(f, at, SEEK_SET);
	return bin;
}

int
text_decode(const unsigned char *in, size_t n, const char *name, struct decoded *out,
    struct diags *d)
{
	struct sink k = {0};
	memset(out, 0, sizeof *out);
	if (n == 0) {
		diag_add(d, DL_ERROR, name, 0, 0, "the file is empty");
		diag_hint(d, "load a Comprehensive Rules text file (MagicCompRules YYYYMMDD.txt)");
		return -1;
	}
	int u16 = 0;
	const char *enc;
	if (n >= 2 && in[0] == 0xFE && in[1] == 0xFF) {
		u16 = 1;
		in += 2, n -= 2;
		enc = "UTF-16BE (BOM)";
	} else if (n >= 2 && in[0] == 0xFF && in[1] == 0xFE) {
		u16 = 2;
		in += 2, n -= 2;
		enc = "UTF-16LE (BOM)";
	} else if ((u16 = guess_utf16(in, n)) != 0) {
		enc = u16 == 1 ? "UTF-16BE (no BOM)" : "UTF-16LE (no BOM)";
		diag_add(d, DL_WARNING, name, 0, 0,
		    "no byte-order mark, but the zero bytes say UTF-16 %s; reading it as that",
		    u16 == 1 ? "big-endian" : "little-endian");
		diag_hint(d, "if the text comes out garbled, convert it: iconv -f UTF-16LE -t UTF-8");
	} else {
		enc = NULL;
	}
	if (u16) {
		k.cap = n * 3 / 2 + 64;
		k.p = xmalloc(k.cap);
		size_t i;
		for (i = 0; i + 1 < n; i += 2) {
			unsigned cu = u16 == 1 ? (unsigned)(in[i] << 8 | in[i + 1]) : (unsigned)(in[i + 1] << 8 | in[i]);
			if (cu >= 0xD800 && cu <= 0xDBFF && i + 3 < n) {
				unsigned lo = u16 == 1 ? (unsigned)(in[i + 2] << 8 | in[i + 3]) : (unsigned)(in[i + 3] << 8 | in[i + 2]);
				if (lo >= 0xDC00 && lo <= 0xDFFF) {
					cu = 0x10000 + ((cu - 0xD800) << 10) + (lo - 0xDC00);
					i += 2;
				} else {
					cu = 0xFFFD;
				}
			} else if (cu >= 0xD800 && cu <= 0xDFFF) {
				cu = 0xFFFD;
			}
			if (cu == 0) {
				free(k.p);
				diag_add(d, DL_ERROR, name, 0, 0,
				    "a NUL character at byte %zu: this is not rules text", i);
				diag_hint(d, "load a Comprehensive Rules text file (MagicCompRules YYYYMMDD.txt)");
				return -1;
			}
			sink_cp(&k, cu);
		}
		if (i < n)
			diag_add(d, DL_WARNING, name, 0, 0, "odd number of bytes in UTF-16 text; the last byte is ignored");
	} else {
		size_t where;
		if (looks_binary(in, n, &where)) {
			unsigned l, c;
			line_col(in, where, &l, &c);
			diag_add(d, DL_ERROR, name, l, c, "this is a binary file, not rules text");
			diag_hint(d, "load a Comprehensive Rules text file (MagicCompRules YYYYMMDD.txt)");
			return -1;
		}
		bool bom = n >= 3 && in[0] == 0xEF && in[1] == 0xBB && in[2] == 0xBF;
		if (bom)
			in += 3, n -= 3;
		size_t valid = utf8_valid_prefix(in, n);
		k.cap = n + n / 8 + 64;
		k.p = xmalloc(k.cap);
		if (valid == n) {
			bool ascii = memchr(in, 0xE2, n) == NULL && memchr(in, 0xC3, n) == NULL && memchr(in, 0xC2, n) == NULL;
			enc = bom ? "UTF-8 (BOM)" : ascii ? "ASCII" : "UTF-8";
			copy_lines(&k, in, n);
		} else {
			if (bom) {
				unsigned l, c;
				line_col(in, valid, &l, &c);
				diag_add(d, DL_WARNING, name, l, c,
				    "the file starts with a UTF-8 byte-order mark but is not valid UTF-8 here; reading it as Windows-1252");
			}
			enc = "Windows-1252";
			/* transcode to UTF-8 first (ASCII runs eight bytes at a time), then
			 * normalise line ends the same way as for UTF-8 input */
			size_t undefined = 0, o = 0;
			char *u = xmalloc(n * 3 + 8);
			for (size_t i = 0; i < n;) {
				if (i + 8 <= n) {
					uint64_t w;
					memcpy(&w, in + i, 8);
					if (!(w & 0x8080808080808080ull)) {
						memcpy(u + o, in + i, 8);
						o += 8;
						i += 8;
						continue;
					}
				}
				unsigned c = in[i++];
				if (c < 0x80) {
					u[o++] = (char)c;
					continue;
				}
				if (c < 0xA0) {
					unsigned m = cp1252[c - 0x80];
					if (m == 0)
						undefined++;
					c = m ? m : 0xFFFD;
				}
				o += utf8_put(u + o, c);
			}
			free(k.p);
			k.cap = o + o / 8 + 64;
			k.p = xmalloc(k.cap);
			copy_lines(&k, (const unsigned char *)u, o);
			free(u);
			if (undefined)
				diag_add(d, DL_WARNING, name, 0, 0,
				    "%zu bytes are undefined in Windows-1252 and were replaced with U+FFFD", undefined);
		}
	}
	sink_end(&k);
	out->text = k.p;
	out->len = k.len;
	out->encoding = enc;
	size_t kinds = (k.crlf > 0) + (k.cr > 0) + (k.lf > 0);
	if (kinds == 0)
		out->newlines = "none";
	else if (k.crlf >= k.cr && k.crlf >= k.lf)
		out->newlines = (k.cr || k.lf) ? "mostly CRLF" : "CRLF";
	else if (k.cr >= k.lf)
		out->newlines = (k.crlf || k.lf) ? "mostly CR" : "CR";
	else
		out->newlines = (k.crlf || k.cr) ? "mostly LF" : "LF";
	return 0;
}
