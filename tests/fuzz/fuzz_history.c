/* fuzz_history.c — libFuzzer target for what `judge update`, `diff` and `history` read from
 * outside: HTTP answers, rules pages (the .txt link), texts for the word diff and the
 * typography folding, and two rules texts aligned against each other. The first byte
 * picks which; the rest is the input. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "history/history.h"

static const char *const del[2] = { "[-", "-]" }, *const ins[2] = { "{+", "+}" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	int mode = data[0] % 5;
	const char *s = (const char *)data + 1;
	size_t n = size - 1;
	char *z = malloc(n + 1);
	memcpy(z, s, n);
	z[n] = '\0';
	/* two halves, split at the first NUL or in the middle */
	char *second = memchr(z, '\0', n) && strlen(z) < n ? z + strlen(z) + 1 : z + n / 2;
	struct sbuf a = {0}, b = {0};
	switch (mode) {
	case 0: {
		char *loc = NULL;
		hist_http_parse(s, n, &a, &b, &loc);
		free(loc);
		break;
	}
	case 1: {
		char *u = hist_find_txt_link(s, n, "http://127.0.0.1:8/a/b.html");
		if (u) {
			char *r = hist_resolve_url(u, z);
			free(r);
		}
		free(u);
		break;
	}
	case 2: {
		char *first = xstrndup(z, (size_t)(second - z));
		hist_wdiff(&a, first, second, del, ins);
		hist_wdiff_ctx(&b, first, second, del, ins, 3);
		free(first);
		break;
	}
	case 3:
		hist_norm(z, &a, false);
		hist_norm(z, &b, true);
		break;
	case 4: {
		size_t cut = (size_t)(second - z);
		if (cut > n)
			cut = n;
		struct jindex *ix = jindex_new();
		struct jrelease *r1 = jindex_load_bytes(ix, "a", (const unsigned char *)s, cut);
		struct jrelease *r2 = jindex_load_bytes(ix, "b", (const unsigned char *)s + cut, n - cut);
		jindex_finish(ix);
		if (r1 && r2) {
			struct hist_diff d;
			hist_diff(r1, r2, JRID_NONE, &d);
			/* every rule accounted for exactly once (partial releases leave out
			 * what they cannot speak for, never more) */
			if (d.partial ? (d.na > r1->nrules || d.nb > r2->nrules)
			              : (d.na != r1->nrules || d.nb != r2->nrules))
				abort();
			hist_diff_free(&d);
		}
		hist_cache_clear();     /* the next index may reuse these addresses */
		jindex_free(ix);
		break;
	}
	}
	sbuf_free(&a);
	sbuf_free(&b);
	free(z);
	return 0;
}
