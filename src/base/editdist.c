/* editdist.c — Damerau-Levenshtein distance and the nearest of a list of names. */
#include "editdist.h"

#include <ctype.h>
#include <string.h>

size_t
ed_distance(const char *a, const char *b, size_t cap)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 63 || lb > 63)
		return cap + 1;
	size_t d[64][64];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t rowmin = cap + 1;
		for (size_t j = 1; j <= lb; j++) {
			int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
			size_t v = d[i - 1][j - 1] + (ca != cb);
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
			if (v < rowmin)
				rowmin = v;
		}
		if (rowmin > cap)
			return cap + 1;
	}
	return d[la][lb] > cap ? cap + 1 : d[la][lb];
}

const char *
ed_nearest(const char *got, const char *const *names)
{
	size_t gl = strlen(got);
	if (gl < 3)
		return NULL;
	size_t cap = gl <= 4 ? 1 : 2, best = cap + 1;
	const char *pick = NULL;
	for (size_t i = 0; names[i]; i++) {
		size_t d = ed_distance(got, names[i], cap);
		if (d < best) {
			best = d;
			pick = names[i];
		}
	}
	return pick;
}
