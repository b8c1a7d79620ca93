/* text.c — the search tokenizer: UTF-8 words folded to lower-case ASCII, rule numbers
 * kept whole ("702.19b"), and the stop-word lists. */
#include "srch_int.h"

#include <string.h>

/* Base letters for U+00C0..U+00FF; digits stand for two-letter folds. */
static const char latin1[65] = "aaaaaa1ceeeeiiiidnooooo ouuuuy23aaaaaa1ceeeeiiiidnooooo ouuuuy2y";
/* U+0100..U+017F (Latin Extended-A); '4' = oe. */
static const char latinA[129] =
	"aaaaaacccccccc" "dddd" "eeeeeeeeee" "gggggggg" "hhhh" "iiiiiiiiii" "ii" "jj" "kkk"
	"llllllllll" "nnnnnnnnn" "oooooo" "44" "rrrrrr" "ssssssss" "tttttt" "uuuuuuuuuuuu" "ww"
	"yyy" "zzzzzz" "s";

/* Decode one UTF-8 character at s[i] (n bytes in all); returns its length, or 1 with
 * *cp = 0xFFFD for a malformed byte. */
static size_t
utf8_dec(const unsigned char *s, size_t n, size_t i, uint32_t *cp)
{
	unsigned c = s[i];
	if (c < 0x80) { *cp = c; return 1; }
	size_t len = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
	if (c >= 0xF5)
		len = 0;
	if (len == 0 || i + len > n) { *cp = 0xFFFD; return 1; }
	uint32_t v = c & (0x7F >> len);
	for (size_t k = 1; k < len; k++) {
		if ((s[i + k] & 0xC0) != 0x80) { *cp = 0xFFFD; return 1; }
		v = v << 6 | (s[i + k] & 0x3F);
	}
	if ((len == 3 && v < 0x800) || (len == 4 && (v < 0x10000 || v > 0x10FFFF)) ||
	    (v >= 0xD800 && v < 0xE000)) { *cp = 0xFFFD; return 1; }
	*cp = v;
	return len;
}

/* Fold one character: writes its ASCII base (0-2 bytes) to out and returns how many;
 * returns -1 for a character that is not part of words, -2 for an apostrophe, and
 * 0 for a letter outside Latin (copied raw by the caller). */
static int
fold_cp(uint32_t cp, char out[2])
{
	if (cp < 0x80) {
		if (cp >= 'A' && cp <= 'Z') { out[0] = (char)(cp + 32); return 1; }
		if ((cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9')) { out[0] = (char)cp; return 1; }
		if (cp == '\'')
			return -2;
		return -1;
	}
	if (cp >= 0xC0 && cp <= 0x17F) {
		char b = cp <= 0xFF ? latin1[cp - 0xC0] : latinA[cp - 0x100];
		switch (b) {
		case ' ': return -1;
		case '1': out[0] = 'a'; out[1] = 'e'; return 2;
		case '2': out[0] = 't'; out[1] = 'h'; return 2;
		case '3': out[0] = 's'; out[1] = 's'; return 2;
		case '4': out[0] = 'o'; out[1] = 'e'; return 2;
		default: out[0] = b; return 1;
		}
	}
	if (cp == 0x2019 || cp == 0x2018 || cp == 0x02BC)
		return -2;
	if (cp < 0x370 || (cp >= 0x2000 && cp <= 0x2BFF) || (cp >= 0x3000 && cp <= 0x303F) ||
	    (cp >= 0xE000 && cp <= 0xF8FF) || (cp >= 0xFE00 && cp <= 0xFE6F) || cp == 0xFEFF ||
	    cp == 0xFFFD || (cp >= 0xFF00 && cp <= 0xFF0F))
		return -1;
	return 0;
}

static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* One side of a power/toughness or counter: [+-]?(digits|X|*). Returns its end or 0. */
static size_t
pt_side(const unsigned char *s, size_t n, size_t i)
{
	if (i < n && (s[i] == '+' || s[i] == '-'))
		i++;
	if (i < n && (s[i] == 'X' || s[i] == 'x' || s[i] == '*'))
		return i + 1;
	size_t b = i;
	while (i < n && s[i] >= '0' && s[i] <= '9' && i - b < 4)
		i++;
	return i > b ? i : 0;
}

/* "+1/+1", "-1/-1", "2/2", "X/X": kept as one token, since counters and creature
 * sizes are what people search for. Returns the end, or 0 when s[i] starts none. */
static bool
is_alnum(unsigned char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

static size_t
pt_match(const unsigned char *s, size_t n, size_t i)
{
	if (i > 0 && is_alnum(s[i - 1]))
		return 0;
	size_t e = pt_side(s, n, i);
	if (e == 0 || e >= n || s[e] != '/')
		return 0;
	e = pt_side(s, n, e + 1);
	if (e == 0 || (e < n && is_alnum(s[e])))
		return 0;
	return e;
}

bool
stok_next(const char *str, size_t n, size_t *pos, struct stok *t)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = *pos;
	uint32_t cp;
	char f[2];
	/* skip to the start of a word */
	for (;;) {
		if (i >= n) { *pos = i; return false; }
		unsigned char c = s[i];
		/* ASCII separators, the common case, without decoding */
		if (c < 0x80 && !is_alnum(c) && c != '+' && c != '-' && c != '*') {
			i++;
			continue;
		}
		if (s[i] == '+' || s[i] == '-' || s[i] == '*' || (s[i] >= '0' && s[i] <= '9') ||
		    s[i] == 'X' || s[i] == 'x') {
			size_t e = pt_match(s, n, i);
			if (e && e - i < WORD_MAX) {
				t->start = (uint32_t)i;
				t->end = (uint32_t)e;
				t->flen = 0;
				for (size_t k = i; k < e; k++)
					t->f[t->flen++] = (char)(s[k] == 'X' ? 'x' : s[k]);
				t->f[t->flen] = '\0';
				t->num = true;
				t->hash = srch_hash(t->f, t->flen);
				*pos = e;
				return true;
			}
		}
		size_t l = utf8_dec(s, n, i, &cp);
		if (fold_cp(cp, f) >= 0)
			break;
		i += l;
	}
	t->start = (uint32_t)i;
	t->flen = 0;
	bool alldigits = true;
	uint32_t h = 2166136261u;
	bool slow = false;   /* something other than ASCII letters and digits: hash at the end */
	while (i < n) {
		unsigned char c = s[i];
		if (c < 0x80 && is_alnum(c)) {
			if (c > '9') {
				alldigits = false;
				c |= 0x20;
			}
			if (t->flen < WORD_MAX - 1) {
				t->f[t->flen++] = (char)c;
				h = (h ^ c) * 16777619u;
			}
			i++;
			continue;
		}
		size_t l = utf8_dec(s, n, i, &cp);
		int k = fold_cp(cp, f);
		slow = true;
		if (k == -2) {
			/* an apostrophe inside a word joins it ("can't", "creature's") */
			uint32_t nx;
			if (t->flen > 0 && i + l < n) {
				utf8_dec(s, n, i + l, &nx);
				char g[2];
				if (fold_cp(nx, g) > 0 && !is_digit(g[0])) { i += l; continue; }
			}
			break;
		}
		if (k == -1) {
			/* "702.19b": a dot between digits continues a rule number */
			if (cp == '.' && alldigits && t->flen > 0 && i + 1 < n && is_digit((char)s[i + 1])) {
				if (t->flen < WORD_MAX - 1)
					t->f[t->flen++] = '.';
				alldigits = false;
				i++;
				continue;
			}
			break;
		}
		if (k == 0) {
			for (size_t b = 0; b < l && t->flen < WORD_MAX - 1; b++)
				t->f[t->flen++] = (char)s[i + b];
			alldigits = false;
		} else {
			for (int b = 0; b < k; b++) {
				if (!is_digit(f[b]))
					alldigits = false;
				if (t->flen < WORD_MAX - 1)
					t->f[t->flen++] = f[b];
			}
		}
		i += l;
	}
	t->f[t->flen] = '\0';
	t->end = (uint32_t)i;
	t->num = t->flen > 0 && is_digit(t->f[0]);
	t->hash = slow ? srch_hash(t->f, t->flen) : h;
	*pos = i;
	return true;
}

size_t
srch_fold(const char *str, size_t n, char *out, size_t cap)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, o = 0;
	bool space = false;
	if (cap == 0)
		return 0;
	while (i < n && o + 3 < cap) {
		uint32_t cp;
		size_t l = utf8_dec(s, n, i, &cp);
		char f[2];
		int k = fold_cp(cp, f);
		if (k > 0) {
			if (space && o > 0)
				out[o++] = ' ';
			space = false;
			for (int b = 0; b < k; b++)
				out[o++] = f[b];
		} else if (k == 0) {
			if (space && o > 0)
				out[o++] = ' ';
			space = false;
			if (o + l < cap) {
				memcpy(out + o, s + i, l);
				o += l;
			}
		} else if (k == -1) {
			space = true;
		}
		i += l;
	}
	out[o] = '\0';
	return o;
}

/* Words too common in rules text and questions to tell documents apart. Kept short on
 * purpose: "not", "can't", "may", "no", "each", "first" carry meaning in the rules. */
static const char *const stop_words[] = {
	"a", "about", "after", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be",
	"because", "been", "being", "both", "but", "by", "could", "did", "do", "doe", "does",
	"for", "from", "had", "has", "have", "he", "her", "him", "his", "how", "i", "if", "in",
	"into", "is", "it", "its", "itself", "me", "my", "of", "on", "or", "our", "she", "so",
	"such", "than", "that", "the", "their", "theirs", "them", "themselves", "then", "there",
	"these", "they", "this", "those", "to", "us", "was", "we", "were", "what", "when",
	"where", "which", "while", "who", "whom", "whose", "why", "will", "with", "would",
	"you", "your", "yours", "yourself",
};

/* Words that make a sentence a question but say nothing about the answer. */
static const char *const noise_words[] = {
	"actually", "allowed", "anybody", "anyone", "anything", "anyway", "ask", "asked", "basically",
	"can", "correct", "difference", "even", "ever", "exactly", "explain",
	"get", "gets", "getting", "got", "guys", "happen", "happened", "happening", "happens",
	"judge", "just", "know", "many", "mean", "means", "much", "ok", "okay", "please", "possible",
	"question", "really", "right", "should", "someone", "something", "still", "supposed", "tell",
	"thats", "thing", "things", "versus", "vs", "wanna", "want", "wants", "way", "whats", "work",
	"works",
};

static bool
in_list(const char *const *list, size_t nlist, const char *w, size_t n)
{
	size_t lo = 0, hi = nlist;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(list[mid], w, n);
		if (c == 0 && list[mid][n] != '\0')
			c = 1;
		if (c == 0)
			return true;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

bool
srch_is_stop(const char *w, size_t n)
{
	return in_list(stop_words, sizeof stop_words / sizeof *stop_words, w, n);
}

bool
srch_is_query_noise(const char *w, size_t n)
{
	return in_list(noise_words, sizeof noise_words / sizeof *noise_words, w, n);
}
