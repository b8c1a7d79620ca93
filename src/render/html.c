/* html.c — escaping document text for HTML pages, and the ids of rules and glossary terms. */
#include "html.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Length of the well-formed UTF-8 sequence at s (at most n bytes), 0 if there is none;
 * *cp gets the code point. Overlong forms and surrogates are not well-formed. */
static size_t
utf8_len(const unsigned char *s, size_t n, uint32_t *cp)
{
	unsigned c = s[0];
	size_t l;
	uint32_t v, min;
	if (c < 0x80) {
		*cp = c;
		return 1;
	} else if ((c & 0xE0) == 0xC0) {
		l = 2, v = c & 0x1F, min = 0x80;
	} else if ((c & 0xF0) == 0xE0) {
		l = 3, v = c & 0x0F, min = 0x800;
	} else if ((c & 0xF8) == 0xF0) {
		l = 4, v = c & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (l > n)
		return 0;
	for (size_t i = 1; i < l; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3F);
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return l;
}

void
html_esc(struct sbuf *o, const char *s, size_t n, bool br)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t run = 0;     /* bytes copied as they are, flushed before anything else */
	for (size_t i = 0; i < n;) {
		unsigned c = p[i];
		const char *rep = NULL;
		size_t adv = 1;
		if (c >= 0x20 && c < 0x7F && c != '&' && c != '<' && c != '>' && c != '"' && c != '\'') {
			run++;
			i++;
			continue;
		}
		if (c == '&')
			rep = "&amp;";
		else if (c == '<')
			rep = "&lt;";
		else if (c == '>')
			rep = "&gt;";
		else if (c == '"')
			rep = "&quot;";
		else if (c == '\'')
			rep = "&#39;";
		else if (c == '\n')
			rep = br ? "<br/>\n" : "\n";
		else if (c == '\t')
			rep = "\t";
		else if (c < 0x80)
			rep = "";           /* C0 controls and DEL are not allowed in HTML */
		else {
			uint32_t cp;
			size_t l = utf8_len(p + i, n - i, &cp);
			if (l == 0)
				rep = "\xEF\xBF\xBD";
			else if ((cp >= 0x80 && cp < 0xA0) || cp == 0xFFFE || cp == 0xFFFF)
				rep = "", adv = l;
			else {
				run += l;
				i += l;
				continue;
			}
		}
		if (run)
			sbuf_add(o, (const char *)p + i - run, run);
		run = 0;
		sbuf_adds(o, rep);
		i += adv;
	}
	if (run)
		sbuf_add(o, (const char *)p + n - run, run);
}

void
html_escs(struct sbuf *o, const char *s)
{
	if (s)
		html_esc(o, s, strlen(s), false);
}

const char *
html_rule_id(const struct jrule *r, char buf[32])
{
	size_t k = 0;
	buf[k++] = 'R';
	for (const char *s = r->num; *s && k < 24; s++)
		if (*s != '.')
			buf[k++] = *s;
	buf[k] = '\0';
	if (r->copy >= 2)
		snprintf(buf + k, 32 - k, "_%u", r->copy);
	return buf;
}

const char *
html_rule_alias(const struct jrule *r, char buf[32])
{
	if (r->copy >= 2)
		snprintf(buf, 32, "%s-%u", r->num, r->copy);
	else
		snprintf(buf, 32, "%s", r->num);
	return buf;
}

void
html_slug(const char *head, struct sbuf *out)
{
	char f[512];
	jfold(head, f, sizeof f);
	char *mark = strstr(f, " (obsolete)");
	if (mark)
		*mark = '\0';
	size_t n = strlen(f);
	while (n && f[n - 1] == ' ')
		n--;
	size_t start = out->len;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)f[i];
		if (c == '"' || c == '\'' || c == ',' || c == '.')
			continue;
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
			sbuf_addc(out, (char)c);
		else
			sbuf_addc(out, '_');
	}
	if (out->len == start)
		sbuf_adds(out, "term");
}
