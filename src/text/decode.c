/* decode.c — encoding detection and conversion to UTF-8 with LF line endings. */
#include "decode.h"
#include "../base/mem.h"

#include <ctype.h>
#include <limits.h>
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

/* Mac Roman bytes 0x80-0xFF (classic Mac OS files: 2004-02-01 has its dashes and ™). */
static const unsigned short macroman[128] = {
	0x00C4, 0x00C5, 0x00C7, 0x00C9, 0x00D1, 0x00D6, 0x00DC, 0x00E1,
	0x00E0, 0x00E2, 0x00E4, 0x00E3, 0x00E5, 0x00E7, 0x00E9, 0x00E8,
	0x00EA, 0x00EB, 0x00ED, 0x00EC, 0x00EE, 0x00EF, 0x00F1, 0x00F3,
	0x00F2, 0x00F4, 0x00F6, 0x00F5, 0x00FA, 0x00F9, 0x00FB, 0x00FC,
	0x2020, 0x00B0, 0x00A2, 0x00A3, 0x00A7, 0x2022, 0x00B6, 0x00DF,
	0x00AE, 0x00A9, 0x2122, 0x00B4, 0x00A8, 0x2260, 0x00C6, 0x00D8,
	0x221E, 0x00B1, 0x2264, 0x2265, 0x00A5, 0x00B5, 0x2202, 0x2211,
	0x220F, 0x03C0, 0x222B, 0x00AA, 0x00BA, 0x03A9, 0x00E6, 0x00F8,
	0x00BF, 0x00A1, 0x00AC, 0x221A, 0x0192, 0x2248, 0x2206, 0x00AB,
	0x00BB, 0x2026, 0x00A0, 0x00C0, 0x00C3, 0x00D5, 0x0152, 0x0153,
	0x2013, 0x2014, 0x201C, 0x201D, 0x2018, 0x2019, 0x00F7, 0x25CA,
	0x00FF, 0x0178, 0x2044, 0x20AC, 0x2039, 0x203A, 0xFB01, 0xFB02,
	0x2021, 0x00B7, 0x201A, 0x201E, 0x2030, 0x00C2, 0x00CA, 0x00C1,
	0x00CB, 0x00C8, 0x00CD, 0x00CE, 0x00CF, 0x00CC, 0x00D3, 0x00D4,
	0xF8FF, 0x00D2, 0x00DA, 0x00DB, 0x00D9, 0x0131, 0x02C6, 0x02DC,
	0x00AF, 0x02D8, 0x02D9, 0x02DA, 0x00B8, 0x02DD, 0x02DB, 0x02C7,
};

/* DOS code page 437 bytes 0x80-0xFF: card names with accents pasted from DOS text
 * (Dand\x83n, El-Hajj\x83j, \x92ther in releases that are otherwise Windows-1252). */
static const unsigned short cp437[128] = {
	0x00C7, 0x00FC, 0x00E9, 0x00E2, 0x00E4, 0x00E0, 0x00E5, 0x00E7,
	0x00EA, 0x00EB, 0x00E8, 0x00EF, 0x00EE, 0x00EC, 0x00C4, 0x00C5,
	0x00C9, 0x00E6, 0x00C6, 0x00F4, 0x00F6, 0x00F2, 0x00FB, 0x00F9,
	0x00FF, 0x00D6, 0x00DC, 0x00A2, 0x00A3, 0x00A5, 0x20A7, 0x0192,
	0x00E1, 0x00ED, 0x00F3, 0x00FA, 0x00F1, 0x00D1, 0x00AA, 0x00BA,
	0x00BF, 0x2310, 0x00AC, 0x00BD, 0x00BC, 0x00A1, 0x00AB, 0x00BB,
	0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x2561, 0x2562, 0x2556,
	0x2555, 0x2563, 0x2551, 0x2557, 0x255D, 0x255C, 0x255B, 0x2510,
	0x2514, 0x2534, 0x252C, 0x251C, 0x2500, 0x253C, 0x255E, 0x255F,
	0x255A, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256C, 0x2567,
	0x2568, 0x2564, 0x2565, 0x2559, 0x2558, 0x2552, 0x2553, 0x256B,
	0x256A, 0x2518, 0x250C, 0x2588, 0x2584, 0x258C, 0x2590, 0x2580,
	0x03B1, 0x00DF, 0x0393, 0x03C0, 0x03A3, 0x03C3, 0x00B5, 0x03C4,
	0x03A6, 0x0398, 0x03A9, 0x03B4, 0x221E, 0x03C6, 0x03B5, 0x2229,
	0x2261, 0x00B1, 0x2265, 0x2264, 0x2320, 0x2321, 0x00F7, 0x2248,
	0x00B0, 0x2219, 0x00B7, 0x221A, 0x207F, 0x00B2, 0x25A0, 0x00A0,
};

/* The 8-bit encodings told apart, in the order a tie goes (Mac Roman first only for a
 * file with a classic Mac's bare-CR line ends). */
enum eightbit { EB_CP1252, EB_MACROMAN, EB_CP437, EB_N };
static const char *const eightbit_name[EB_N] = {"Windows-1252", "Mac Roman", "CP437"};
static const char *const eightbit_iconv[EB_N] = {"WINDOWS-1252", "MACINTOSH", "CP437"};

/* The code point of byte c >= 0x80 in an 8-bit encoding; 0xFFFD where it has none. */
static unsigned
eightbit_cp(enum eightbit e, unsigned c)
{
	if (e == EB_MACROMAN)
		return macroman[c - 0x80];
	if (e == EB_CP437)
		return cp437[c - 0x80];
	if (c >= 0xA0)
		return c;
	return cp1252[c - 0x80] ? cp1252[c - 0x80] : 0xFFFD;
}

/* How well cp reads as rules text between the bytes before and after it: typography the
 * rules use (quotes, dashes, ™, ®, ©, …, •) reads well anywhere; an accented letter only
 * inside a word (a lower-case one touching a letter, a capital starting one); control
 * codes and holes in the table read badly; other symbols (Ð ª ∂ ƒ) not at all. */
static int
reads_as_text(unsigned cp, unsigned char before, unsigned char after)
{
	bool lb = before < 0x80 && isalpha(before), la = after < 0x80 && isalpha(after);
	switch (cp) {
	case 0x2018: case 0x2019: case 0x201C: case 0x201D: case 0x2013: case 0x2014:
	case 0x2026: case 0x2122: case 0x00AE: case 0x00A9: case 0x2022:
		return 2;
	case 0xFFFD:
		return -2;
	}
	if (cp < 0xA0)
		return -2;
	if (cp >= 0xC0 && cp <= 0xFF && cp != 0xD7 && cp != 0xF7) {
		if (cp >= 0xDF)
			return lb || la ? 1 : 0;
		return !lb && la && islower(after) ? 1 : 0;
	}
	return 0;
}

/* Windows-1252, Mac Roman or DOS? Each gives (nearly) every byte a character, so the
 * bytes decide: the one whose characters read most like rules text. *weak when the
 * runner-up reads about as well (few bytes, or a tie); *at is the offset of the first
 * byte outside ASCII, *high how many there are. */
static enum eightbit
guess_eightbit(const unsigned char *in, size_t n, bool *weak, size_t *at, size_t *high)
{
	long score[EB_N] = {0};
	size_t first = n, count = 0, bare_cr = 0, lf = 0;
	for (size_t i = 0; i < n; i++) {
		if (in[i] < 0x80) {
			bare_cr += in[i] == '\r' && (i + 1 == n || in[i + 1] != '\n');
			lf += in[i] == '\n';
			continue;
		}
		if (first == n)
			first = i;
		count++;
		unsigned char b = i ? in[i - 1] : ' ', a = i + 1 < n ? in[i + 1] : ' ';
		for (int e = 0; e < EB_N; e++)
			score[e] += reads_as_text(eightbit_cp((enum eightbit)e, in[i]), b, a);
	}
	static const enum eightbit pc_order[EB_N] = {EB_CP1252, EB_MACROMAN, EB_CP437};
	static const enum eightbit mac_order[EB_N] = {EB_MACROMAN, EB_CP1252, EB_CP437};
	const enum eightbit *order = bare_cr > lf ? mac_order : pc_order;
	enum eightbit best = order[0];
	for (int k = 1; k < EB_N; k++)
		if (score[order[k]] > score[best])
			best = order[k];
	long second = LONG_MIN;
	for (int e = 0; e < EB_N; e++)
		if ((enum eightbit)e != best && score[e] > second)
			second = score[e];
	long diff = score[best] - second;
	*weak = count > 0 && (diff < 4 || diff * 5 < score[best]);
	*at = first;
	*high = count;
	return best;
}

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
	if (m == 0 || ctl * 20 <= m)
		return false;
	/* point at the first of them */
	for (size_t i = 0; i < m; i++)
		if (s[i] < 0x20 && s[i] != '\n' && s[i] != '\r' && s[i] != '\t' && s[i] != '\f') {
			*where = i;
			break;
		}
	return true;
}

static void
line_col(const unsigned char *s, size_t at, unsigned *line, unsigned *col)
{
	unsigned l = 1, c = 1;
	for (size_t i = 0; i < at; i++) {
		/* LF, CRLF and a bare CR each end a line, as the decoder counts them */
		if (s[i] == '\n' || (s[i] == '\r' && (i + 1 == at || s[i + 1] != '\n'))) {
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
text_utf16(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	return (n >= 2 && ((u[0] == 0xFE && u[1] == 0xFF) || (u[0] == 0xFF && u[1] == 0xFE))) ||
	    guess_utf16(u, n) != 0;
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

int
text_from_utf16(char **s, size_t *n, const char *name, const char *what, struct diags *d)
{
	if (*n < 2 || !text_utf16(*s, *n))
		return 0;
	struct decoded dc;
	struct diags none = {0};
	int st = text_decode_as((const unsigned char *)*s, *n, name, what,
	    "save it as UTF-8 (iconv -f UTF-16 -t UTF-8)", &dc, d ? d : &none);
	diag_clear(&none);
	if (st != 0)
		return -1;
	free(*s);
	*s = dc.text;
	*n = dc.len;
	return 1;
}

size_t
text_bare_cr_to_lf(char *s, size_t n)
{
	size_t k = 0;
	for (char *p = s; (p = memchr(p, '\r', (size_t)(s + n - p))) != NULL; p++)
		if (p + 1 == s + n || p[1] != '\n') {
			*p = '\n';
			k++;
		}
	return k;
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
	return text_decode_as(in, n, name, "text",
	    "give judge a text file (UTF-8, UTF-16 with its BOM, or an 8-bit encoding)", out, d);
}

int
text_decode_as(const unsigned char *in, size_t n, const char *name, const char *what,
    const char *hint, struct decoded *out, struct diags *d)
{
	struct sink k = {0};
	memset(out, 0, sizeof *out);
	if (n == 0) {
		diag_add(d, DL_ERROR, name, 0, 0, "the file is empty");
		diag_hint(d, "%s", hint);
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
				    "a NUL character at byte %zu: this is not %s", i, what);
				diag_hint(d, "%s", hint);
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
			diag_add(d, DL_ERROR, name, l, c, "this is a binary file, not %s", what);
			diag_hint(d, "%s", hint);
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
			bool weak;
			size_t first_high, nhigh;
			enum eightbit eb = guess_eightbit(in, n, &weak, &first_high, &nhigh);
			enc = eightbit_name[eb];
			if (!bom && nhigh) {
				unsigned l, c;
				line_col(in, first_high, &l, &c);
				if (weak) {
					diag_add(d, DL_WARNING, name, l, c,
					    "not UTF-8, and %zu byte%s outside ASCII read%s about as well in more than one 8-bit encoding (Windows-1252, Mac Roman, DOS); reading the file as %s",
					    nhigh, nhigh == 1 ? "" : "s", nhigh == 1 ? "s" : "", enc);
					diag_hint(d, "if names or punctuation come out wrong, convert the file: iconv -f %s -t UTF-8",
					    eightbit_iconv[eb]);
				} else if (eb != EB_CP1252) {
					diag_add(d, DL_NOTE, name, l, c,
					    "not UTF-8: its %zu bytes outside ASCII read as %s, not as Windows-1252", nhigh, enc);
				}
			}
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
				c = eightbit_cp(eb, c);
				undefined += c == 0xFFFD;
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
	/* a NUL past the part looked at for binary (a damaged copy): said where the first is,
	 * and dropped, or the text after it on its line would be lost unseen */
	char *z = k.len ? memchr(k.p, '\0', k.len) : NULL;
	if (z) {
		size_t w = (size_t)(z - k.p), nul = 0;
		unsigned l = 1, c = 1;
		for (size_t i = 0; i < w; i++) {
			if (k.p[i] == '\n')
				l++, c = 1;
			else if (((unsigned char)k.p[i] & 0xC0) != 0x80)
				c++;
		}
		size_t eol = w;
		while (eol < k.len && k.p[eol] != '\n')
			eol++;
		size_t bol = w;
		while (bol > 0 && k.p[bol - 1] != '\n')
			bol--;
		diag_add(d, DL_WARNING, name, l, c, "a NUL byte in the text, dropped%s", "");
		diag_src(d, k.p + bol, eol - bol);
		for (size_t r = w; r < k.len; r++) {
			if (k.p[r])
				k.p[w++] = k.p[r];
			else
				nul++;
		}
		k.len = w;
		k.p[w] = '\0';
		diag_hint(d, "%zu NUL byte%s in all: the file is damaged; compare it with the release as published",
		    nul, nul == 1 ? "" : "s");
	}
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
