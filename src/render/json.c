/* json.c — streaming JSON writer. */
#include "json.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void
jw_init(struct jw *w, struct sbuf *b, bool pretty)
{
	memset(w, 0, sizeof *w);
	w->b = b;
	w->pretty = pretty;
	w->first[0] = true;
}

static void
indent(struct jw *w)
{
	if (!w->pretty)
		return;
	sbuf_addc(w->b, '\n');
	for (int i = 0; i < w->depth; i++)
		sbuf_add(w->b, "  ", 2);
}

/* Called before any value or key: writes the comma and newline it needs. */
static void
before_value(struct jw *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (w->depth > 0) {
		if (!w->first[w->depth])
			sbuf_addc(w->b, ',');
		w->first[w->depth] = false;
		indent(w);
	}
}

static void
open(struct jw *w, char c)
{
	before_value(w);
	sbuf_addc(w->b, c);
	if (w->depth + 1 < JW_DEPTH)
		w->depth++;
	w->first[w->depth] = true;
}

static void
close(struct jw *w, char c)
{
	bool empty = w->first[w->depth];
	if (w->depth > 0)
		w->depth--;
	if (!empty)
		indent(w);
	sbuf_addc(w->b, c);
}

void jw_obj(struct jw *w) { open(w, '{'); }
void jw_obj_end(struct jw *w) { close(w, '}'); }
void jw_arr(struct jw *w) { open(w, '['); }
void jw_arr_end(struct jw *w) { close(w, ']'); }

void
json_escape(struct sbuf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	sbuf_addc(b, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		switch (c) {
		case '"': sbuf_add(b, "\\\"", 2); break;
		case '\\': sbuf_add(b, "\\\\", 2); break;
		case '\n': sbuf_add(b, "\\n", 2); break;
		case '\r': sbuf_add(b, "\\r", 2); break;
		case '\t': sbuf_add(b, "\\t", 2); break;
		default:
			if (c < 0x20) {
				char u[7] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15], 0};
				sbuf_add(b, u, 6);
			} else {
				sbuf_addc(b, (char)c);
			}
		}
	}
	sbuf_addc(b, '"');
}

void
jw_key(struct jw *w, const char *k)
{
	before_value(w);
	json_escape(w->b, k, strlen(k));
	sbuf_add(w->b, w->pretty ? ": " : ":", w->pretty ? 2 : 1);
	w->after_key = true;
}

void
jw_strn(struct jw *w, const char *s, size_t n)
{
	before_value(w);
	json_escape(w->b, s, n);
}

void
jw_str(struct jw *w, const char *s)
{
	if (s == NULL) {
		jw_null(w);
		return;
	}
	jw_strn(w, s, strlen(s));
}

void
jw_int(struct jw *w, long long v)
{
	before_value(w);
	sbuf_addf(w->b, "%lld", v);
}

void
jw_num(struct jw *w, double v)
{
	before_value(w);
	if (!isfinite(v))
		sbuf_adds(w->b, "null");
	else
		sbuf_addf(w->b, "%.6g", v);
}

void
jw_bool(struct jw *w, bool v)
{
	before_value(w);
	sbuf_adds(w->b, v ? "true" : "false");
}

void
jw_null(struct jw *w)
{
	before_value(w);
	sbuf_adds(w->b, "null");
}

void jw_kstr(struct jw *w, const char *k, const char *s) { jw_key(w, k); jw_str(w, s); }
void jw_kint(struct jw *w, const char *k, long long v) { jw_key(w, k); jw_int(w, v); }
void jw_knum(struct jw *w, const char *k, double v) { jw_key(w, k); jw_num(w, v); }
void jw_kbool(struct jw *w, const char *k, bool v) { jw_key(w, k); jw_bool(w, v); }

void
jw_kstrs(struct jw *w, const char *k, const char *const *v, size_t n)
{
	jw_key(w, k);
	jw_arr(w);
	for (size_t i = 0; i < n; i++)
		jw_str(w, v[i]);
	jw_arr_end(w);
}

void
jw_krids(struct jw *w, const char *k, const jrid *v, size_t n)
{
	char id[16];
	jw_key(w, k);
	jw_arr(w);
	for (size_t i = 0; i < n; i++)
		jw_str(w, jrid_str(v[i], id));
	jw_arr_end(w);
}
