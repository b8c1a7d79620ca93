/* nav.c — moving around the rules in the manner of GNU info: follow a numbered link, go
 * back and forward through the visited rules, step to the next, previous, parent rule. */
#include "repl_priv.h"

#include <stdlib.h>
#include <string.h>

#include "../base/mem.h"
#include "../cli/cmd_rules.h"
#include "../render/json.h"

static const char look_first[] = "look a rule up first, e.g. '702.19' or 'rule 100.1'";

/* The rule being looked at, as an index in c->rel, or JNONE after an error message. */
static uint32_t
current_rule(struct jctx *c, const char *name)
{
	if (c->rel == NULL) {
		jerr(c, "load rules with --rules FILE", "%s: no rules are loaded", name);
		return JNONE;
	}
	if (c->nav == NULL || c->nav->pos < 0 || c->nav->pos >= c->nav->nhist) {
		jerr(c, look_first, "%s: there is no current rule", name);
		return JNONE;
	}
	jrid id = c->nav->hist[c->nav->pos];
	uint32_t i = jrel_find(c->rel, id);
	if (i == JNONE) {
		char b[16];
		jerr(c, look_first, "%s: rule %s is not in release %s", name, jrid_str(id, b), c->rel->label);
	}
	return i;
}

/* The rule named by argv[1], or the current one when there is no argument. */
static uint32_t
rule_arg(struct jctx *c, int argc, char **argv)
{
	if (argc < 2)
		return current_rule(c, argv[0]);
	if (c->rel == NULL) {
		jerr(c, "load rules with --rules FILE", "%s: no rules are loaded", argv[0]);
		return JNONE;
	}
	jrid id = jrid_from_str(argv[1]);
	uint32_t i = id == JRID_NONE ? JNONE : jrel_find(c->rel, id);
	if (i == JNONE)
		jerr(c, "type a rule number like 702.19, or nothing for the current rule",
		    "%s: no rule '%s' in release %s", argv[0], argv[1], c->rel->label);
	return i;
}

int
repl_cmd_follow(struct jctx *c, int argc, char **argv)
{
	if (argc != 2) {
		jerr(c, "type 'follow N' (or just N) with a link number from the last answer",
		    "follow wants one link number");
		return JX_USAGE;
	}
	int nlinks = c->nav ? c->nav->nlinks : 0;
	char *end;
	long n = strtol(argv[1], &end, 10);
	if (end == argv[1] || *end) {
		jerr(c, "type 'follow N' with N a number like 1", "follow: '%s' is not a link number", argv[1]);
		return JX_USAGE;
	}
	if (nlinks == 0) {
		jerr(c, look_first, "follow: the last answer has no numbered links");
		return JX_NOTFOUND;
	}
	if (n < 1 || n > nlinks) {
		char hint[96];
		if (nlinks == 1)
			snprintf(hint, sizeof hint, "the last answer has one link, [1]");
		else
			snprintf(hint, sizeof hint, "the last answer has links [1] to [%d]", nlinks);
		jerr(c, hint, "follow: there is no link [%ld]", n);
		return JX_NOTFOUND;
	}
	/* copied: showing the target renumbers the links */
	char *target = xstrdup(c->nav->links[n - 1]);
	int rc;
	const char *end2 = NULL;
	bool is_rule = jrid_parse(target, &end2) != JRID_NONE;
	if (is_rule)
		target[strcspn(target, " ")] = '\0';   /* "101 The Magic Golden Rules" links to 101 */
	/* "mtr 4.3", "ipg appendix a": a link that is a command line (a policy section) */
	char first[32];
	size_t fl = strcspn(target, " ");
	snprintf(first, sizeof first, "%.*s", (int)(fl < sizeof first ? fl : sizeof first - 1), target);
	if (!is_rule && target[fl] == ' ' && jcmd_find(first) != NULL && jcmd_find(first) != jcmd_find("define")) {
		char *av[8];
		int ac = 0;
		for (char *tok = strtok(target, " "); tok && ac < 7; tok = strtok(NULL, " "))
			av[ac++] = tok;
		av[ac] = NULL;
		jnav_reset_links(c);
		rc = jcmd_run(c, ac, av);
	} else if (is_rule || jcmd_find("define") == NULL) {
		rc = repl_show_rule(c, target);
	} else {
		char *da[] = { (char *)"define", target, NULL };
		jnav_reset_links(c);
		rc = jcmd_run(c, 2, da);
	}
	free(target);
	return rc;
}

/* Show the rule at history position `to` without recording a new visit. */
static int
revisit(struct jctx *c, int to)
{
	struct jnav *nv = c->nav;
	jrid saved[JNAV_MAX];
	int nhist = nv->nhist;
	memcpy(saved, nv->hist, sizeof saved);
	char b[16];
	int rc = repl_show_rule(c, jrid_str(saved[to], b));
	memcpy(nv->hist, saved, sizeof saved);
	nv->nhist = nhist;
	if (rc == JX_OK)
		nv->pos = to;
	return rc;
}

int
repl_cmd_back(struct jctx *c, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	if (c->nav == NULL || c->nav->pos <= 0) {
		jerr(c, c->nav && c->nav->nhist > 0 ? "this is the first rule you visited; 'forward' goes the other way"
		    : look_first, "back: nothing to go back to");
		return JX_NOTFOUND;
	}
	return revisit(c, c->nav->pos - 1);
}

int
repl_cmd_forward(struct jctx *c, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	if (c->nav == NULL || c->nav->pos + 1 >= c->nav->nhist) {
		jerr(c, "'back' goes to the rule before; 'next' to the next rule in the text",
		    "forward: nothing to go forward to");
		return JX_NOTFOUND;
	}
	return revisit(c, c->nav->pos + 1);
}

static int
step(struct jctx *c, const char *name, uint32_t (*move)(const struct jrelease *, uint32_t),
    const char *which)
{
	uint32_t i = current_rule(c, name);
	if (i == JNONE)
		return JX_NOTFOUND;
	uint32_t j = move(c->rel, i);
	if (j == JNONE) {
		jerr(c, NULL, "%s: %s is the %s rule of release %s", name, c->rel->rules[i].num, which,
		    c->rel->label);
		return JX_NOTFOUND;
	}
	return repl_show_rule(c, c->rel->rules[j].num);
}

int
repl_cmd_next(struct jctx *c, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return step(c, "next", jrel_next, "last");
}

int
repl_cmd_prev(struct jctx *c, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return step(c, "prev", jrel_prev, "first");
}

int
repl_cmd_up(struct jctx *c, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	uint32_t i = current_rule(c, "up");
	if (i == JNONE)
		return JX_NOTFOUND;
	uint32_t p = c->rel->rules[i].parent;
	if (p == JNONE) {
		jerr(c, "'toc' shows the sections", "up: %s is a section; nothing is above it",
		    c->rel->rules[i].num);
		return JX_NOTFOUND;
	}
	return repl_show_rule(c, c->rel->rules[p].num);
}

/* "[3] 702.19 Trample", indented; the current rule gets "*" instead of a link number. */
static void
link_line(struct jctx *c, uint32_t i, int indent, bool link)
{
	const struct jrule *r = &c->rel->rules[i];
	char label[256];
	rules_label(c->rel, i, label, sizeof label);
	const char *rest = label + strlen(r->num);
	int k = link ? jnav_link(c, r->num) : 0;
	out_printf(c->out, "%*s", indent, "");
	if (!link)
		out_puts(c->out, "* ");
	else if (k > 0)
		out_printf(c->out, "[%d] ", k);
	out_printf(c->out, "%s%s%s%s\n", out_sgr(c->out, OS_ID), r->num, out_sgr(c->out, OS_RESET), rest);
}

static void
json_rule(struct jw *w, struct jctx *c, const struct jrule *r, bool link)
{
	jw_obj(w);
	if (link)
		jw_kint(w, "link", jnav_link(c, r->num));
	jw_kstr(w, "num", r->num);
	jw_kstr(w, "title", r->title);
	jw_obj_end(w);
}

int
repl_cmd_children(struct jctx *c, int argc, char **argv)
{
	uint32_t i = rule_arg(c, argc, argv);
	if (i == JNONE)
		return JX_NOTFOUND;
	const struct jrule *r = &c->rel->rules[i];
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, false);
		jw_obj(&w);
		jw_kstr(&w, "rule", r->num);
		jw_key(&w, "children");
		jw_arr(&w);
		for (uint32_t k = 0; k < r->nchildren; k++)
			json_rule(&w, c, &c->rel->rules[r->children[k]], true);
		jw_arr_end(&w);
		jw_obj_end(&w);
		out_puts(c->out, "\n");
		return JX_OK;
	}
	if (r->nchildren == 0) {
		out_printf(c->out, "%s has no subrules.\n", r->num);
		return JX_OK;
	}
	for (uint32_t k = 0; k < r->nchildren; k++)
		link_line(c, r->children[k], 0, true);
	return JX_OK;
}

int
repl_cmd_where(struct jctx *c, int argc, char **argv)
{
	uint32_t i = rule_arg(c, argc, argv);
	if (i == JNONE)
		return JX_NOTFOUND;
	uint32_t path[16];
	int depth = 0;
	for (uint32_t k = i; k != JNONE && depth < 16; k = c->rel->rules[k].parent)
		path[depth++] = k;
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, false);
		jw_obj(&w);
		jw_kstr(&w, "release", c->rel->label);
		jw_key(&w, "path");
		jw_arr(&w);
		for (int d = depth - 1; d >= 0; d--)
			json_rule(&w, c, &c->rel->rules[path[d]], d > 0);
		jw_arr_end(&w);
		jw_obj_end(&w);
		out_puts(c->out, "\n");
		return JX_OK;
	}
	for (int d = depth - 1; d >= 0; d--)
		link_line(c, path[d], 2 * (depth - 1 - d), d > 0);
	return JX_OK;
}
