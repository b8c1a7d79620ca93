/* ruleid.c — parsing and printing rule numbers as values. */
#include "ruleid.h"

#include <ctype.h>
#include <string.h>

/* Subrule letters run a..z without l and o (24); past z a subrule would take two letters,
 * as spreadsheet columns go on (aa, ab, ..., az, ba, ...), l and o skipped in both places.
 * Two letters are stored as the letter byte JRID_LETTER2 + their index, so they sort after
 * z: 133 of them fit, "aa" to "fn". */
#define LETTERS "abcdefghijkmnpqrstuvwxyz"

static int
letter_index(int c)
{
	const char *p = c ? strchr(LETTERS, c) : NULL;
	return p ? (int)(p - LETTERS) : -1;
}

bool
jrid_letter_valid(int c)
{
	return (c >= 'a' && c <= 'z' && c != 'l' && c != 'o') || (c >= JRID_LETTER2 && c <= 0xFF);
}

int
jrid_letter_next(int c)
{
	if (c >= 'z')
		return c < 0xFF ? (c == 'z' ? JRID_LETTER2 : c + 1) : 0;
	do
		c++;
	while (c == 'l' || c == 'o');
	return c;
}

int
jrid_letter_prev(int c)
{
	if (c > 'z')
		return c == JRID_LETTER2 ? 'z' : c - 1;
	do
		c--;
	while (c == 'l' || c == 'o');
	return c >= 'a' ? c : 0;
}

int
jrid_letters_parse(const char *s, const char **end)
{
	if (!(s[0] >= 'a' && s[0] <= 'z'))
		return 0;
	if (!isalnum((unsigned char)s[1])) {
		*end = s + 1;
		return s[0];
	}
	int i = letter_index(s[0]), j = letter_index(s[1]);
	if (i < 0 || j < 0 || isalnum((unsigned char)s[2]) || JRID_LETTER2 + i * 24 + j > 0xFF)
		return 0;
	*end = s + 2;
	return JRID_LETTER2 + i * 24 + j;
}

char *
jrid_letters_str(int c, char *p)
{
	if (c > 'z') {
		*p++ = LETTERS[(c - JRID_LETTER2) / 24];
		*p++ = LETTERS[(c - JRID_LETTER2) % 24];
	} else if (c) {
		*p++ = (char)c;
	}
	return p;
}

jrid
jrid_parse(const char *s, const char **end)
{
	const char *p = s;
	unsigned chap = 0, num = 0;
	int digits = 0;
	while (isdigit((unsigned char)*p) && digits < 4) {
		chap = chap * 10 + (unsigned)(*p - '0');
		p++;
		digits++;
	}
	if (digits == 0 || isdigit((unsigned char)*p))
		return JRID_NONE;
	if (digits == 1) {
		/* a section: "7." or a bare "7" */
		if (chap == 0)
			return JRID_NONE;
		if (*p == '.' && !isdigit((unsigned char)p[1]))
			p++;
		if (end)
			*end = p;
		return JRID_MAKE(chap, 0, 0);
	}
	if (digits != 3 || chap < 100)
		return JRID_NONE;
	if (*p != '.' || !isdigit((unsigned char)p[1])) {
		if (*p == '.')
			p++;
		if (end)
			*end = p;
		return JRID_MAKE(chap, 0, 0);
	}
	p++;
	digits = 0;
	while (isdigit((unsigned char)*p) && digits < 4) {
		num = num * 10 + (unsigned)(*p - '0');
		p++;
		digits++;
	}
	if (isdigit((unsigned char)*p) || num == 0 || num > 4000)
		return JRID_NONE;
	int letter = 0;
	if (*p >= 'a' && *p <= 'z') {
		const char *le;
		if ((letter = jrid_letters_parse(p, &le)) != 0)
			p = le;
	}
	if (*p == '.' && !isalnum((unsigned char)p[1]))
		p++;
	if (end)
		*end = p;
	return JRID_MAKE(chap, num, letter);
}

jrid
jrid_from_str(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	const char *e;
	jrid id = jrid_parse(s, &e);
	if (id == JRID_NONE)
		return JRID_NONE;
	while (isspace((unsigned char)*e))
		e++;
	return *e == '\0' ? id : JRID_NONE;
}

static char *
put_uint(char *p, unsigned v)
{
	char tmp[12];
	int k = 0;
	do
		tmp[k++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	while (k)
		*p++ = tmp[--k];
	return p;
}

char *
jrid_str(jrid id, char buf[16])
{
	unsigned num = JRID_NUM(id), letter = JRID_LETTER(id);
	char *p = put_uint(buf, JRID_CHAP(id));
	if (num) {
		*p++ = '.';
		p = put_uint(p, num);
		p = jrid_letters_str((int)letter, p);
	}
	*p = '\0';
	return buf;
}

enum jrid_level
jrid_level(jrid id)
{
	if (JRID_LETTER(id))
		return JL_SUBRULE;
	if (JRID_NUM(id))
		return JL_RULE;
	return JRID_CHAP(id) < 100 ? JL_SECTION : JL_CHAPTER;
}

jrid
jrid_parent(jrid id)
{
	switch (jrid_level(id)) {
	case JL_SUBRULE: return id & ~0xFFu;
	case JL_RULE: return JRID_MAKE(JRID_CHAP(id), 0, 0);
	case JL_CHAPTER: return JRID_MAKE(JRID_CHAP(id) / 100, 0, 0);
	default: return JRID_NONE;
	}
}

bool
jrid_within(jrid id, jrid anc)
{
	while (id != JRID_NONE) {
		if (id == anc)
			return true;
		id = jrid_parent(id);
	}
	return false;
}
