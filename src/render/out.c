/* out.c — terminal-aware output: wrapping, colour, paging. */
#include "out.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Does the locale the user set (LC_ALL, else LC_CTYPE, else LANG) hold UTF-8? With none
 * set, yes: most terminals are UTF-8, and "C" must be asked for. */
static bool
locale_utf8(void)
{
	static const char *const vars[] = {"LC_ALL", "LC_CTYPE", "LANG"};
	for (size_t i = 0; i < 3; i++) {
		const char *v = getenv(vars[i]);
		if (v == NULL || *v == '\0')
			continue;
		for (const char *p = v; *p; p++)
			if (strncasecmp(p, "utf-8", 5) == 0 || strncasecmp(p, "utf8", 4) == 0)
				return true;
		return false;
	}
	return true;
}

/* ASCII for a code point the rules' text uses, in a locale that is not UTF-8; NULL for
 * one with no sensible spelling (written '?'). */
static const char *
ascii_for(unsigned cp)
{
	static const struct { unsigned cp; const char *a; } tab[] = {
		{0x00A0, " "}, {0x00A9, "(C)"}, {0x00AB, "<<"}, {0x00AE, "(R)"}, {0x00B7, "."},
		{0x00BB, ">>"}, {0x00BD, "1/2"}, {0x00D7, "x"}, {0x00DF, "ss"}, {0x00E6, "ae"},
		{0x00C6, "AE"}, {0x2010, "-"}, {0x2011, "-"}, {0x2012, "-"}, {0x2013, "-"},
		{0x2014, "--"}, {0x2015, "--"}, {0x2018, "'"}, {0x2019, "'"}, {0x201C, "\""},
		{0x201D, "\""}, {0x2022, "*"}, {0x2026, "..."}, {0x2122, "(TM)"}, {0x2190, "<-"},
		{0x2192, "->"}, {0x2212, "-"}, {0x221E, "infinity"}, {0x2400, "NUL"}, {0x2500, "-"},
		{0x2502, "|"}, {0x25B8, ">"},
	};
	for (size_t i = 0; i < sizeof tab / sizeof *tab; i++)
		if (tab[i].cp == cp)
			return tab[i].a;
	/* Latin-1 letters without their accents: Dandân, Lim-Dûl, Jötun */
	static const char latin[] =
	    "AAAAAAACEEEEIIII" "DNOOOOO*OUUUUYTs" "aaaaaaaceeeeiiii" "dnooooo/ouuuuyty";
	if (cp >= 0xC0 && cp <= 0xFF) {
		static char one[2];
		one[0] = latin[cp - 0xC0];
		return one;
	}
	return NULL;
}

/* Append s[0..n) to b, in ASCII when the locale is not UTF-8: what the user's terminal
 * can show. SGR escapes pass. */
static void
text_add(const struct out *o, struct sbuf *b, const char *s, size_t n)
{
	if (!o->ascii) {
		sbuf_add(b, s, n);
		return;
	}
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		if (u[i] < 0x80) {
			size_t j = i;
			while (j < n && u[j] < 0x80)
				j++;
			sbuf_add(b, s + i, j - i);
			i = j;
			continue;
		}
		unsigned cp = 0;
		size_t k = (u[i] & 0xE0) == 0xC0 ? 2 : (u[i] & 0xF0) == 0xE0 ? 3 : (u[i] & 0xF8) == 0xF0 ? 4 : 1;
		if (k > 1 && i + k <= n) {
			cp = u[i] & (0x7F >> k);
			for (size_t j = 1; j < k; j++) {
				if ((u[i + j] & 0xC0) != 0x80) {
					k = 1;
					cp = 0;
					break;
				}
				cp = cp << 6 | (u[i + j] & 0x3F);
			}
		} else {
			k = 1;
		}
		const char *a = cp ? ascii_for(cp) : NULL;
		sbuf_adds(b, a ? a : "?");
		i += k;
	}
}

void
out_init(struct out *o, FILE *f)
{
	memset(o, 0, sizeof *o);
	o->f = f;
	o->ascii = !locale_utf8();
	int fd = fileno(f);
	bool tty = isatty(fd);
	const char *term = getenv("TERM");
	const char *nc = getenv("NO_COLOR");
	o->color = tty && !(nc && *nc) && !(term && strcmp(term, "dumb") == 0);
	o->page = tty;
	o->width = 0;
	if (tty) {
		struct winsize ws;
		if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
			o->width = ws.ws_col;
			o->rows = ws.ws_row;
		}
	}
	const char *cols = getenv("COLUMNS");
	if (o->width == 0 && cols && atoi(cols) > 0)
		o->width = atoi(cols);
	if (o->width == 0)
		o->width = 80;
	if (o->width > 200)
		o->width = 200;   /* long lines are hard to read even on wide screens */
}

const char *
out_sgr(const struct out *o, enum ostyle s)
{
	if (!o->color)
		return "";
	switch (s) {
	case OS_RESET: return "\033[0m";
	case OS_BOLD: return "\033[1m";
	case OS_DIM: return "\033[2m";
	case OS_ID: return "\033[1;36m";
	case OS_TITLE: return "\033[1;33m";
	case OS_HL: return "\033[1;4m";
	case OS_EX: return "\033[3m";
	case OS_ERR: return "\033[1;31m";
	case OS_WARN: return "\033[33m";
	case OS_OK: return "\033[32m";
	}
	return "";
}

void
out_printf(struct out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (!o->ascii) {
		sbuf_vaddf(&o->buf, fmt, ap);
	} else {
		struct sbuf t = {0};
		sbuf_vaddf(&t, fmt, ap);
		text_add(o, &o->buf, t.s ? t.s : "", t.len);
		sbuf_free(&t);
	}
	va_end(ap);
}

void
out_puts(struct out *o, const char *s)
{
	text_add(o, &o->buf, s, strlen(s));
}

/* Length of an SGR escape at s, or 0. */
static size_t
sgr_len(const char *s, size_t n)
{
	if (n < 3 || s[0] != '\033' || s[1] != '[')
		return 0;
	for (size_t i = 2; i < n; i++) {
		if (s[i] == 'm')
			return i + 1;
		if (!(s[i] == ';' || (s[i] >= '0' && s[i] <= '9')))
			return 0;
	}
	return 0;
}

int
text_width(const char *s, size_t n)
{
	int w = 0;
	for (size_t i = 0; i < n;) {
		size_t e = sgr_len(s + i, n - i);
		if (e) {
			i += e;
			continue;
		}
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			w++;
		i++;
	}
	return w;
}

static void
spaces(struct sbuf *b, int n)
{
	for (int i = 0; i < n; i++)
		sbuf_addc(b, ' ');
}

void
out_wrap(struct out *o, const char *text, int first, int hang)
{
	int width = o->width > 0 ? o->width : 1 << 30;
	if (width - hang < 20)
		hang = 0;
	struct sbuf as = {0};
	if (o->ascii) {
		/* spelt in ASCII before it is measured, so the lines fit as they will show */
		text_add(o, &as, text, strlen(text));
		text = as.s ? as.s : "";
	}
	int col = first;
	const char *p = text;
	bool line_has_word = false;
	while (*p) {
		if (*p == '\n') {
			sbuf_addc(&o->buf, '\n');
			spaces(&o->buf, hang);
			col = hang;
			line_has_word = false;
			p++;
			continue;
		}
		if (*p == ' ') {
			p++;
			continue;
		}
		const char *w = p;
		while (*p && *p != ' ' && *p != '\n')
			p++;
		int ww = text_width(w, (size_t)(p - w));
		if (line_has_word && col + 1 + ww > width) {
			sbuf_addc(&o->buf, '\n');
			spaces(&o->buf, hang);
			col = hang;
			line_has_word = false;
		}
		if (line_has_word) {
			sbuf_addc(&o->buf, ' ');
			col++;
		}
		sbuf_add(&o->buf, w, (size_t)(p - w));
		col += ww;
		line_has_word = true;
	}
	sbuf_addc(&o->buf, '\n');
	sbuf_free(&as);
}

void
out_wrapf(struct out *o, int hang, const char *fmt, ...)
{
	struct sbuf b = {0};
	va_list ap;
	va_start(ap, fmt);
	sbuf_vaddf(&b, fmt, ap);
	va_end(ap);
	out_wrap(o, b.s ? b.s : "", 0, hang);
	sbuf_free(&b);
}

void
out_flush(struct out *o)
{
	if (o->buf.len == 0)
		return;
	size_t lines = 0;
	for (size_t i = 0; i < o->buf.len; i++)
		lines += o->buf.s[i] == '\n';
	if (o->page && o->rows > 0 && lines + 1 >= (size_t)o->rows) {
		const char *pager = getenv("PAGER");
		if (pager == NULL || *pager == '\0')
			pager = "less -FRX";
		fflush(o->f);
		void (*old)(int) = signal(SIGPIPE, SIG_IGN);
		FILE *p = popen(pager, "w");
		if (p != NULL) {
			fwrite(o->buf.s, 1, o->buf.len, p);
			pclose(p);
			signal(SIGPIPE, old);
			sbuf_reset(&o->buf);
			return;
		}
		signal(SIGPIPE, old);
	}
	if ((fwrite(o->buf.s, 1, o->buf.len, o->f) != o->buf.len || fflush(o->f) != 0) && o->werr == 0)
		o->werr = errno ? errno : EIO;
	sbuf_reset(&o->buf);
}

void
out_free(struct out *o)
{
	sbuf_free(&o->buf);
}
