/* regex.c — user regular expressions for search, through pcre2: UTF + UCP, JIT with a
 * silent fallback to the interpreter, and match limits so no pattern can hang. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "srch_int.h"

#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Limits per subject: generous for real patterns on rules text, small enough that a
 * catastrophic pattern gives up in milliseconds. */
#define RE_MATCH_LIMIT 200000u
#define RE_DEPTH_LIMIT 5000u
#define RE_HEAP_LIMIT 20000u   /* KiB */

struct sregex {
	pcre2_code *code;
	pcre2_match_data *md;
	pcre2_match_context *mctx;
	pcre2_jit_stack *jstack;
};

struct sregex *
sregex_compile(const char *pat, size_t n, bool caseless, int *errcode, size_t *erroff,
    char *msg, size_t msgcap)
{
	int err = 0;
	PCRE2_SIZE off = 0;
	uint32_t opts = PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF | (caseless ? PCRE2_CASELESS : 0);
	pcre2_compile_context *cc = pcre2_compile_context_create(NULL);
	/* bound the compiled size too: a pattern like (((a{999}){999}){999}) is refused */
	pcre2_set_max_pattern_length(cc, 4096);
	pcre2_set_parens_nest_limit(cc, 64);
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)pat, n, opts, &err, &off, cc);
	pcre2_compile_context_free(cc);
	if (!code) {
		*errcode = err;
		*erroff = off;
		PCRE2_UCHAR buf[256];
		if (pcre2_get_error_message(err, buf, sizeof buf) < 0)
			snprintf((char *)buf, sizeof buf, "error %d", err);
		snprintf(msg, msgcap, "%s", (const char *)buf);
		return NULL;
	}
	struct sregex *r = xcalloc(1, sizeof *r);
	r->code = code;
	uint32_t jit = 0;
	pcre2_config(PCRE2_CONFIG_JIT, &jit);
	r->mctx = pcre2_match_context_create(NULL);
	pcre2_set_match_limit(r->mctx, RE_MATCH_LIMIT);
	pcre2_set_depth_limit(r->mctx, RE_DEPTH_LIMIT);
	pcre2_set_heap_limit(r->mctx, RE_HEAP_LIMIT);
	/* JIT may be refused (no executable memory): the interpreter then does the work */
	if (jit && pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0) {
		r->jstack = pcre2_jit_stack_create(32 * 1024, 512 * 1024, NULL);
		if (r->jstack)
			pcre2_jit_stack_assign(r->mctx, NULL, r->jstack);
	}
	r->md = pcre2_match_data_create_from_pattern(code, NULL);
	*errcode = 0;
	*erroff = 0;
	return r;
}

int
sregex_find(struct sregex *r, const char *subj, size_t n, size_t start, size_t *so, size_t *eo,
    char *msg, size_t msgcap)
{
	uint32_t opts = 0;
	for (;;) {
		if (start > n)
			return 0;
		int rc = pcre2_match(r->code, (PCRE2_SPTR)subj, n, start, opts, r->md, r->mctx);
		if (rc == PCRE2_ERROR_NOMATCH)
			return 0;
		if (rc < 0) {
			if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
			    rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_JIT_STACKLIMIT) {
				snprintf(msg, msgcap, "the pattern is too complex (it backtracks without end)");
			} else {
				PCRE2_UCHAR buf[256];
				if (pcre2_get_error_message(rc, buf, sizeof buf) < 0)
					snprintf((char *)buf, sizeof buf, "error %d", rc);
				snprintf(msg, msgcap, "%s", (const char *)buf);
			}
			return -1;
		}
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->md);
		if (ov[1] == ov[0] && ov[0] == start && opts == 0) {
			/* an empty match: look for a non-empty one here, else move one character on */
			opts = PCRE2_NOTEMPTY_ATSTART | PCRE2_ANCHORED;
			rc = pcre2_match(r->code, (PCRE2_SPTR)subj, n, start, opts, r->md, r->mctx);
			opts = 0;
			if (rc > 0) {
				ov = pcre2_get_ovector_pointer(r->md);
				*so = ov[0];
				*eo = ov[1];
				return 1;
			}
			if (rc != PCRE2_ERROR_NOMATCH && rc < 0) {
				snprintf(msg, msgcap, "the pattern is too complex (it backtracks without end)");
				return -1;
			}
			/* an empty match counts as a match for filtering, with nothing to highlight */
			*so = *eo = start;
			return 1;
		}
		*so = ov[0];
		*eo = ov[1];
		return 1;
	}
}

void
sregex_free(struct sregex *r)
{
	if (!r)
		return;
	pcre2_match_data_free(r->md);
	pcre2_match_context_free(r->mctx);
	pcre2_jit_stack_free(r->jstack);
	pcre2_code_free(r->code);
	free(r);
}
