/* cli_standin.h — stand-ins for jerr(), jcmd_run() and the jnav_ functions, which live in
 * src/cli/main.c outside libjudge.a, so the REPL can be unit-tested and fuzzed without the
 * program. They do what the real ones do. Include in exactly one file of a test program;
 * delete if those functions move into the library. */
#ifndef JUDGE_CLI_STANDIN_H
#define JUDGE_CLI_STANDIN_H
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cmd.h"

void
jerr(struct jctx *cx, const char *hint, const char *fmt, ...)
{
	(void)cx;
#ifndef JUDGE_STANDIN_QUIET
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n  %s\n", hint ? hint : "");
#else
	(void)hint;
	(void)fmt;
#endif
}

int
jnav_link(struct jctx *cx, const char *target)
{
	struct jnav *nv = cx->nav;
	if (!cx->interactive || nv == NULL || cx->json || nv->nlinks >= JNAV_MAX)
		return 0;
	for (int i = 0; i < nv->nlinks; i++)
		if (strcmp(nv->links[i], target) == 0)
			return i + 1;
	nv->links[nv->nlinks++] = strdup(target);
	return nv->nlinks;
}

void
jnav_reset_links(struct jctx *cx)
{
	for (int i = 0; cx->nav && i < cx->nav->nlinks; i++)
		free(cx->nav->links[i]);
	if (cx->nav)
		cx->nav->nlinks = 0;
}

void
jnav_visit(struct jctx *cx, jrid id)
{
	struct jnav *nv = cx->nav;
	if (nv == NULL || (nv->pos >= 0 && nv->hist[nv->pos] == id))
		return;
	nv->nhist = nv->pos + 1;
	if (nv->nhist < JNAV_MAX)
		nv->hist[nv->nhist++] = id;
	nv->pos = nv->nhist - 1;
}

int
jcmd_run(struct jctx *cx, int argc, char **argv)
{
	const struct jcmd *k = jcmd_find(argv[0]);
	if (k == NULL)
		return JX_USAGE;
	jnav_reset_links(cx);
	int st = k->fn(cx, argc, argv);
	out_flush(cx->out);
	return st;
}

#endif
