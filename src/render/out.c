/* out.c — terminal-aware output: wrapping, colour, paging. */
#include "out.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

void
out_init(struct out *o, FILE *f)
{
	memset(o, 0, sizeof *o);
	o->f = f;
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
	sbuf_vaddf(&o->buf, fmt, ap);
	va_end(ap);
}

void
out_puts(struct out *o, const char *s)
{
	sbuf_adds(&o->buf, s);
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
