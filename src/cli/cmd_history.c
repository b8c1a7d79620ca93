/* cmd_history.c — the commands over several releases: diff, history, map, update. */
#include "cmd.h"
#include "cmd_rules.h"
#include "cmd_card.h"
#include "cmd_policy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/mem.h"
#include "../history/history.h"
#include "../render/json.h"

/* Words kept on each side of a change (-v shows the whole text): a diff lists many
 * rules, so it shows the changes; a history is about one rule, so it cuts only long
 * lists such as the creature types. */
#define DIFF_CONTEXT 12
#define HISTORY_CONTEXT 40

#define VERSIONS_HINT "`judge versions` lists the loaded releases"

/* Options a command takes besides its positional arguments. */
struct hopts {
	const char *to, *url;
	char *pos[4];
	int npos;
};

static int
parse_opts(struct jctx *c, int argc, char **argv, struct hopts *o, bool want_to,
    bool want_url, int maxpos)
{
	memset(o, 0, sizeof *o);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char **slot = NULL;
		const char *name = NULL;
		if (want_to && strncmp(a, "--to", 4) == 0 && (a[4] == '\0' || a[4] == '='))
			slot = &o->to, name = "--to";
		else if (want_url && strncmp(a, "--url", 5) == 0 && (a[5] == '\0' || a[5] == '='))
			slot = &o->url, name = "--url";
		if (slot) {
			const char *eq = strchr(a, '=');
			if (eq)
				*slot = eq + 1;
			else if (i + 1 < argc)
				*slot = argv[++i];
			else {
				jerr(c, NULL, "%s needs a value", name);
				return -1;
			}
			continue;
		}
		if (a[0] == '-' && a[1] == '-' && a[2]) {
			jerr(c, "`judge help` shows each command's usage", "%s: unknown option %s", argv[0], a);
			return -1;
		}
		if (o->npos == maxpos) {
			jerr(c, "`judge help` shows each command's usage", "%s: too many arguments (%s)", argv[0], a);
			return -1;
		}
		o->pos[o->npos++] = argv[i];
	}
	return 0;
}

static struct jrelease *
release_arg(struct jctx *c, const char *which)
{
	struct jrelease *r = jindex_release(c->ix, which);
	if (!r)
		jerr(c, VERSIONS_HINT, "no release %s is loaded", which);
	return r;
}

static const char *
rule_num(const struct jrelease *r, uint32_t i)
{
	return i == JNONE ? NULL : r->rules[i].num;
}

/* Rule text with its examples, as compared. */
static char *
full_text(const struct jrule *r)
{
	struct sbuf b = {0};
	sbuf_adds(&b, r->text ? r->text : "");
	for (uint32_t i = 0; i < r->nexamples; i++) {
		sbuf_adds(&b, "\nExample: ");
		sbuf_adds(&b, r->examples[i]);
	}
	return sbuf_take(&b);
}

static const char *const plain_del[2] = { "[-", "-]" };
static const char *const plain_ins[2] = { "{+", "+}" };

/* The word diff of two rules, coloured on a terminal (markers kept either way, so the
 * change stays visible without colour). */
static char *
word_diff(struct jctx *c, const struct jrule *x, const struct jrule *y, size_t context)
{
	char *a = full_text(x), *b = full_text(y);
	struct sbuf d = {0};
	size_t ctx = c->verbose ? 0 : context;
	if (c->out->color) {
		char del0[32], del1[32], ins0[32], ins1[32];
		snprintf(del0, sizeof del0, "%s[-", out_sgr(c->out, OS_ERR));
		snprintf(del1, sizeof del1, "-]%s", out_sgr(c->out, OS_RESET));
		snprintf(ins0, sizeof ins0, "%s{+", out_sgr(c->out, OS_OK));
		snprintf(ins1, sizeof ins1, "+}%s", out_sgr(c->out, OS_RESET));
		const char *const del[2] = { del0, del1 }, *const ins[2] = { ins0, ins1 };
		hist_wdiff_ctx(&d, a, b, del, ins, ctx);
	} else {
		hist_wdiff_ctx(&d, a, b, plain_del, plain_ins, ctx);
	}
	free(a);
	free(b);
	return sbuf_take(&d);
}

static char *
plain_word_diff(const struct jrule *x, const struct jrule *y)
{
	char *a = full_text(x), *b = full_text(y);
	struct sbuf d = {0};
	hist_wdiff(&d, a, b, plain_del, plain_ins);
	free(a);
	free(b);
	return sbuf_take(&d);
}

/* "[3] 509.3a" in the REPL when the rule is in the release that answers (so following
 * the link shows this very rule), "509.3a" elsewhere. Returns buf. */
static const char *
idref(struct jctx *c, const struct jrelease *r, const char *num, char *buf, size_t cap)
{
	int k = r == c->rel ? jnav_link(c, num) : 0;
	if (k > 0)
		snprintf(buf, cap, "[%d] %s", k, num);
	else
		snprintf(buf, cap, "%s", num);
	return buf;
}

/* "  509.5a" with the id coloured, then the text wrapped under a hanging indent. */
static void
print_entry(struct jctx *c, const char *head, const char *note, const char *text)
{
	struct sbuf line = {0};
	sbuf_addf(&line, "  %s%s%s", out_sgr(c->out, OS_ID), head, out_sgr(c->out, OS_RESET));
	if (note && *note)
		sbuf_addf(&line, " %s%s%s", out_sgr(c->out, OS_DIM), note, out_sgr(c->out, OS_RESET));
	out_printf(c->out, "%s\n", sbuf_str(&line));
	sbuf_free(&line);
	if (text && *text) {
		out_puts(c->out, "      ");
		out_wrap(c->out, text, 6, 6);
	}
}

static void
json_rule(struct jw *w, const char *key, const struct jrelease *r, uint32_t i)
{
	jw_key(w, key);
	if (i == JNONE) {
		jw_null(w);
		return;
	}
	jw_obj(w);
	jw_kstr(w, "id", r->rules[i].num);
	jw_kstr(w, "release", r->label);
	jw_kstr(w, "text", r->rules[i].text);
	jw_obj_end(w);
}

static double
round2(float f)
{
	return (double)(int)(f * 100.0f + 0.5f) / 100.0;
}

int
hist_cmd_diff(struct jctx *c, int argc, char **argv)
{
	/* `diff ipg|mtr|jar ...`: the policy documents (cmd_policy.c) */
	if (argc >= 2 && pol_kind_arg(argv[1]) >= 0)
		return pol_cli_diff(c, argc, argv);
	struct hopts o;
	if (parse_opts(c, argc, argv, &o, false, false, 3) != 0)
		return JX_USAGE;
	if (c->ix->nrels < 2) {
		jerr(c, "load a second with another --rules FILE (or a folder of releases), or `judge update` for the newest",
		    "diff compares two releases, and only %s is loaded", c->ix->nrels ? c->ix->rels[0]->label : "none");
		return JX_USAGE;
	}
	if (o.npos < 1) {
		jerr(c, "e.g. `judge diff 2024-07-30 2025-11-14 509`", "diff: which releases? (OLD [NEW] [SECTION])");
		return JX_USAGE;
	}
	struct jrelease *a = release_arg(c, o.pos[0]);
	if (!a)
		return JX_USAGE;
	struct jrelease *b = c->rel;
	const char *sect = NULL;
	if (o.npos >= 2) {
		/* a second argument is a release unless it is a rule number */
		struct jrelease *r = jindex_release(c->ix, o.pos[1]);
		if (r) {
			b = r;
			sect = o.npos == 3 ? o.pos[2] : NULL;
		} else if (o.npos == 2 && jrid_from_str(o.pos[1]) != JRID_NONE) {
			sect = o.pos[1];
		} else {
			jerr(c, VERSIONS_HINT, "no release %s is loaded", o.pos[1]);
			return JX_USAGE;
		}
	}
	if (!b) {
		jerr(c, VERSIONS_HINT, "diff: no release to compare %s with", a->label);
		return JX_USAGE;
	}
	if (a == b) {
		jerr(c, o.npos >= 2 ? VERSIONS_HINT : "name the second release too: judge diff OLD NEW; `judge versions` lists them",
		    "diff: %s against itself: give two different releases", a->label);
		return JX_USAGE;
	}
	jrid within = JRID_NONE;
	if (sect) {
		within = jrid_from_str(sect);
		if (within == JRID_NONE) {
			jerr(c, "a section is a rule number such as 5, 509 or 509.1", "diff: %s is not a rule number", sect);
			return JX_USAGE;
		}
		/* a part neither release has is a typo, not "0 changed" */
		if (jrel_find(a, within) == JNONE && jrel_find(b, within) == JNONE) {
			struct sbuf h = {0};
			rules_suggest(b, within, true, &h);
			jerr(c, h.len ? h.s : VERSIONS_HINT, "diff: neither %s nor %s has a rule %s", a->label, b->label, sect);
			sbuf_free(&h);
			return JX_NOTFOUND;
		}
	}
	struct hist_diff d;
	hist_diff(a, b, within, &d);

	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, false);
		jw_obj(&w);
		jw_kstr(&w, "old", a->label);
		jw_kstr(&w, "new", b->label);
		char sb[16];
		jw_kstr(&w, "section", within ? jrid_str(within, sb) : NULL);
		jw_key(&w, "counts");
		jw_obj(&w);
		for (int k = 0; k < HK_NKINDS; k++)
			jw_kint(&w, hist_kind_name(k), (long long)d.count[k]);
		jw_kint(&w, "old_rules", (long long)d.na);
		jw_kint(&w, "new_rules", (long long)d.nb);
		jw_obj_end(&w);
		jw_kbool(&w, "partial", d.partial);
		static const enum hist_kind order[] = { HK_ADDED, HK_REMOVED, HK_CHANGED, HK_MOVED };
		for (size_t k = 0; k < 4; k++) {
			jw_key(&w, hist_kind_name(order[k]));
			jw_arr(&w);
			for (size_t i = 0; i < d.n; i++) {
				const struct hist_item *it = &d.v[i];
				if (it->kind != order[k])
					continue;
				jw_obj(&w);
				if (it->kind == HK_ADDED || it->kind == HK_REMOVED) {
					const struct jrelease *r = it->kind == HK_ADDED ? b : a;
					uint32_t ri = it->kind == HK_ADDED ? it->bi : it->ai;
					jw_kstr(&w, "id", r->rules[ri].num);
					jw_kstr(&w, "text", r->rules[ri].text);
					if (it->kind == HK_REMOVED)
						jw_knum(&w, "confidence", round2(it->conf));
				} else {
					if (it->kind == HK_MOVED) {
						jw_kstr(&w, "from", rule_num(a, it->ai));
						jw_kstr(&w, "to", rule_num(b, it->bi));
					} else {
						jw_kstr(&w, "id", rule_num(b, it->bi));
					}
					jw_knum(&w, "confidence", round2(it->conf));
					jw_kbool(&w, "text_changed", it->text_changed);
					jw_kbool(&w, "refs_only", it->refs_only);
					if (it->text_changed) {
						char *wd = plain_word_diff(&a->rules[it->ai], &b->rules[it->bi]);
						jw_kstr(&w, "diff", wd);
						free(wd);
					}
					jw_kstr(&w, "old_text", a->rules[it->ai].text);
					jw_kstr(&w, "new_text", b->rules[it->bi].text);
				}
				jw_obj_end(&w);
			}
			jw_arr_end(&w);
		}
		jw_knum(&w, "seconds", d.al->seconds);
		jw_obj_end(&w);
		sbuf_addc(&c->out->buf, '\n');
		hist_diff_free(&d);
		return JX_OK;
	}

	char sb[16];
	out_wrapf(c->out, 2, "%s%s → %s%s%s%s: %zu added, %zu removed, %zu changed, %zu moved, %zu unchanged",
	    out_sgr(c->out, OS_BOLD), a->label, b->label,
	    within ? ", section " : "", within ? jrid_str(within, sb) : "",
	    out_sgr(c->out, OS_RESET),
	    d.count[HK_ADDED], d.count[HK_REMOVED], d.count[HK_CHANGED], d.count[HK_MOVED],
	    d.count[HK_UNCHANGED]);
	out_printf(c->out, "(%zu rules before, %zu after)\n", d.na, d.nb);
	if (d.partial) {
		bool pa = a->truncated || a->fragment, pb = b->truncated || b->fragment;
		out_wrapf(c->out, 1, "%s(%s%s%s %s incomplete: rules beyond what %s are left out)%s",
		    out_sgr(c->out, OS_DIM), pa ? a->label : "", pa && pb ? " and " : "",
		    pb ? b->label : "", pa && pb ? "are" : "is", pa && pb ? "they hold" : "it holds",
		    out_sgr(c->out, OS_RESET));
	}
	static const enum hist_kind order[] = { HK_REMOVED, HK_ADDED, HK_MOVED, HK_CHANGED };
	static const char *const heads[] = { "Removed", "Added", "Moved", "Changed" };
	for (size_t k = 0; k < 4; k++) {
		if (d.count[order[k]] == 0)
			continue;
		out_printf(c->out, "\n%s%s (%zu)%s\n", out_sgr(c->out, OS_TITLE), heads[k],
		    d.count[order[k]], out_sgr(c->out, OS_RESET));
		for (size_t i = 0; i < d.n; i++) {
			const struct hist_item *it = &d.v[i];
			if (it->kind != order[k])
				continue;
			char head[64], note[64] = "";
			if (it->kind == HK_ADDED) {
				char ref[48];
				print_entry(c, idref(c, b, b->rules[it->bi].num, ref, sizeof ref), NULL,
				    b->rules[it->bi].text);
			} else if (it->kind == HK_REMOVED) {
				if (c->verbose)
					snprintf(note, sizeof note, "(no counterpart, %.2f)", (double)it->conf);
				print_entry(c, a->rules[it->ai].num, note, a->rules[it->ai].text);
			} else {
				const struct jrule *ra = &a->rules[it->ai], *rb = &b->rules[it->bi];
				char ref[48];
				idref(c, b, rb->num, ref, sizeof ref);
				if (it->kind == HK_MOVED)
					snprintf(head, sizeof head, "%s → %s", ra->num, ref);
				else
					snprintf(head, sizeof head, "%s", ref);
				if (it->kind == HK_MOVED || c->verbose)
					snprintf(note, sizeof note, "(%.2f%s)", (double)it->conf,
					    it->refs_only ? ", references renumbered" : "");
				else if (it->refs_only)
					snprintf(note, sizeof note, "(references renumbered)");
				if (it->text_changed) {
					char *wd = word_diff(c, ra, rb, DIFF_CONTEXT);
					print_entry(c, head, note, wd);
					free(wd);
				} else {
					print_entry(c, head, note, c->verbose ? rb->text : NULL);
				}
			}
		}
	}
	hist_diff_free(&d);
	return JX_OK;
}

/* The rule named on the command line, in release *r. A number the release lacks (420.5e
 * asked of a modern release) is taken from the newest loaded release that has it, with a
 * note, and *r becomes that release; reports when no release has it. */
static uint32_t
rule_arg(struct jctx *c, struct jrelease **r, const char *s)
{
	jrid id = jrid_from_str(s);
	if (id == JRID_NONE) {
		jerr(c, "a rule number looks like 704.5j, 509 or 7", "%s is not a rule number", s);
		return JNONE;
	}
	uint32_t i = jrel_find(*r, id);
	if (i != JNONE)
		return i;
	struct jrelease *best = NULL;
	for (uint32_t k = 0; k < c->ix->nrels; k++) {
		struct jrelease *o = c->ix->rels[k];
		if (o != *r && jrel_find(o, id) != JNONE && (!best || o->date > best->date))
			best = o;
	}
	if (!best) {
		struct sbuf h = {0};
		rules_suggest(*r, id, true, &h);
		sbuf_addf(&h, "%s`judge versions` lists the loaded releases; load the one it belongs to with --rules",
		    h.len ? "; " : "");
		jerr(c, h.s, "there is no rule %s in any loaded release", s);
		sbuf_free(&h);
		return JNONE;
	}
	if (!c->json)
		fprintf(stderr, "judge: %s is not in %s; taking it from %s\n", s, (*r)->label, best->label);
	*r = best;
	return jrel_find(best, id);
}

/* In the REPL a command without a rule number is about the rule last shown. */
static const char *
current_rule(struct jctx *c, char *buf)
{
	if (!c->interactive || !c->nav || c->nav->pos < 0 || c->nav->pos >= c->nav->nhist)
		return NULL;
	return jrid_str(c->nav->hist[c->nav->pos], buf);
}

/* Is the rule absent at step i only because it comes later? */
static bool
absent_later(const struct hist_step *s, uint32_t n, uint32_t i)
{
	for (uint32_t k = i + 1; k < n; k++)
		if (s[k].ri != JNONE)
			return true;
	return false;
}

static const struct jrule *
step_prev(const struct hist_step *s, uint32_t i)
{
	uint32_t p = s[i].prev;
	if (p == UINT32_MAX || s[p].ri == JNONE)
		return NULL;
	return &s[p].rel->rules[s[p].ri];
}

int
hist_cmd_history(struct jctx *c, int argc, char **argv)
{
	/* `history ipg|mtr|jar SECTION`: the policy documents (cmd_policy.c) */
	if (argc >= 2 && pol_kind_arg(argv[1]) >= 0)
		return pol_cli_history(c, argc, argv);
	struct hopts o;
	if (parse_opts(c, argc, argv, &o, false, false, 1) != 0)
		return JX_USAGE;
	char cur[16];
	if (o.npos == 0 && current_rule(c, cur))
		o.pos[o.npos++] = cur;
	if (o.npos != 1) {
		jerr(c, "e.g. `judge history 704.5j`", "history: which rule?");
		return JX_USAGE;
	}
	struct jrelease *from = c->rel ? c->rel : jindex_default(c->ix);
	if (!from) {
		jerr(c, NULL, "no rules are loaded");
		return JX_USAGE;
	}
	uint32_t ri = rule_arg(c, &from, o.pos[0]);
	if (ri == JNONE)
		return JX_NOTFOUND;
	uint32_t n;
	struct hist_step *s = hist_trace(c->ix, from, ri, &n);
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, false);
		jw_obj(&w);
		jw_kstr(&w, "id", from->rules[ri].num);
		jw_kstr(&w, "release", from->label);
		jw_key(&w, "history");
		jw_arr(&w);
		for (uint32_t i = 0; i < n; i++) {
			jw_obj(&w);
			jw_kstr(&w, "release", s[i].rel->label);
			jw_kstr(&w, "id", rule_num(s[i].rel, s[i].ri));
			const char *st;
			if (s[i].uncovered)
				st = "uncovered";
			else if (s[i].ri == JNONE)
				st = absent_later(s, n, i) ? "absent" : "removed";
			else
				st = hist_kind_name(s[i].kind);
			jw_kstr(&w, "status", st);
			if (!s[i].uncovered)
				jw_knum(&w, "confidence", round2(s[i].conf));
			const struct jrule *pr = step_prev(s, i);
			if (s[i].ri != JNONE) {
				const struct jrule *rr = &s[i].rel->rules[s[i].ri];
				jw_kstr(&w, "text", rr->text);
				if (pr && s[i].kind == HK_MOVED)
					jw_kstr(&w, "moved_from", pr->num);
				if (pr && !hist_same_text(pr, rr)) {
					char *wd = plain_word_diff(pr, rr);
					jw_kstr(&w, "diff", wd);
					free(wd);
				}
			}
			jw_obj_end(&w);
		}
		jw_arr_end(&w);
		jw_obj_end(&w);
		sbuf_addc(&c->out->buf, '\n');
		free(s);
		return JX_OK;
	}
	out_wrapf(c->out, 2, "%s%s%s in %s, through %u release%s:", out_sgr(c->out, OS_ID),
	    from->rules[ri].num, out_sgr(c->out, OS_RESET), from->label, n, n == 1 ? "" : "s");
	for (uint32_t i = 0; i < n; i++) {
		const struct jrelease *r = s[i].rel;
		char head[96], note[128] = "";
		if (s[i].uncovered) {
			snprintf(head, sizeof head, "%-10s  -", r->label);
			snprintf(note, sizeof note, "(this copy stops at %s)", r->last_num ? r->last_num :
			    r->nrules ? r->rules[r->nrules - 1].num : "its start");
			print_entry(c, head, note, NULL);
			continue;
		}
		if (s[i].ri == JNONE) {
			snprintf(head, sizeof head, "%-10s  -", r->label);
			if (absent_later(s, n, i))
				snprintf(note, sizeof note, "(not there yet)");
			else
				snprintf(note, sizeof note, "(gone: no counterpart, %.2f)", (double)s[i].conf);
			print_entry(c, head, note, NULL);
			continue;
		}
		const struct jrule *rr = &r->rules[s[i].ri];
		const struct jrule *prev = step_prev(s, i);
		char ref[48];
		snprintf(head, sizeof head, "%-10s  %s", r->label, idref(c, r, rr->num, ref, sizeof ref));
		char *text = NULL;
		switch (s[i].kind) {
		case HK_ADDED:
			if (i == 0)
				snprintf(note, sizeof note, "(earliest loaded)");
			else
				snprintf(note, sizeof note, "(first appears; no earlier counterpart, %.2f)",
				    (double)s[i].conf);
			text = full_text(rr);
			break;
		case HK_UNCHANGED:
			snprintf(note, sizeof note, "unchanged");
			break;
		case HK_CHANGED:
			snprintf(note, sizeof note, "changed (%.2f)", (double)s[i].conf);
			text = word_diff(c, prev, rr, HISTORY_CONTEXT);
			break;
		case HK_MOVED:
			snprintf(note, sizeof note, "moved from %s (%.2f)", prev->num, (double)s[i].conf);
			if (!hist_same_text(prev, rr))
				text = word_diff(c, prev, rr, HISTORY_CONTEXT);
			break;
		default:
			break;
		}
		if (!text && c->verbose)
			text = full_text(rr);
		print_entry(c, head, note, text);
		free(text);
	}
	free(s);
	return JX_OK;
}

int
hist_cmd_map(struct jctx *c, int argc, char **argv)
{
	/* hidden: the anchors of the answering release (corpus/anchors.tsv, see carry.c) */
	if (argc == 2 && strcmp(argv[1], "--anchors") == 0) {
		if (!c->rel || !c->rel->date || c->rel->fragment || c->rel->truncated) {
			jerr(c, "e.g. `judge --rules MagicCompRules.txt map --anchors`",
			    "map --anchors: needs a complete, dated release");
			return JX_USAGE;
		}
		hist_anchors_write(c->rel, &c->out->buf);
		return JX_OK;
	}
	/* hidden: what changed in substance from release ERA to the answering one
	 * (corpus/textbook-era.tsv) */
	if (argc == 3 && strcmp(argv[1], "--era-changes") == 0) {
		struct jrelease *era = release_arg(c, argv[2]);
		if (!era)
			return JX_USAGE;
		if (!c->rel || c->rel == era || !c->rel->date || c->rel->fragment || c->rel->truncated) {
			jerr(c, "e.g. `judge --rules OLD --rules NEW --cr NEW map --era-changes OLD-DATE`",
			    "map --era-changes: the answering release must be another complete, dated one");
			return JX_USAGE;
		}
		hist_era_changes_write(c->ix, era, c->rel, &c->out->buf);
		return JX_OK;
	}
	struct hopts o;
	if (parse_opts(c, argc, argv, &o, true, false, 2) != 0)
		return JX_USAGE;
	char cur[16];
	if (o.npos == 0 && o.to && current_rule(c, cur))
		o.pos[o.npos++] = cur;
	if (o.npos < 1 || (!o.to && o.npos < 2)) {
		jerr(c, "e.g. `judge map 420.5a --to 2025-11-14`", "map: which rule, into which release?");
		return JX_USAGE;
	}
	const char *toname = o.to ? o.to : o.pos[1];
	if (o.to && o.npos > 1) {
		jerr(c, "e.g. `judge map 420.5a --to 2025-11-14`", "map: too many arguments (%s)", o.pos[1]);
		return JX_USAGE;
	}
	struct jrelease *from = c->rel ? c->rel : jindex_default(c->ix);
	if (!from) {
		jerr(c, NULL, "no rules are loaded");
		return JX_USAGE;
	}
	struct jrelease *to = release_arg(c, toname);
	if (!to)
		return JX_USAGE;
	uint32_t ri = rule_arg(c, &from, o.pos[0]);
	if (ri == JNONE)
		return JX_NOTFOUND;
	float conf;
	uint32_t t = hist_map(c->ix, from, ri, to, &conf);
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, false);
		jw_obj(&w);
		jw_kstr(&w, "from", from->rules[ri].num);
		jw_kstr(&w, "release", from->label);
		json_rule(&w, "to", to, t);
		jw_kstr(&w, "to_release", to->label);
		jw_knum(&w, "confidence", round2(conf));
		jw_obj_end(&w);
		sbuf_addc(&c->out->buf, '\n');
		return t == JNONE ? JX_NOTFOUND : JX_OK;
	}
	if (t == JNONE) {
		out_wrapf(c->out, 2, "%s%s%s (%s) has no counterpart in %s (confidence %.2f)",
		    out_sgr(c->out, OS_ID), from->rules[ri].num, out_sgr(c->out, OS_RESET),
		    from->label, to->label, (double)conf);
		return JX_NOTFOUND;
	}
	out_wrapf(c->out, 2, "%s%s%s (%s) → %s%s%s (%s), confidence %.2f",
	    out_sgr(c->out, OS_ID), from->rules[ri].num, out_sgr(c->out, OS_RESET), from->label,
	    out_sgr(c->out, OS_ID), to->rules[t].num, out_sgr(c->out, OS_RESET), to->label,
	    (double)conf);
	out_puts(c->out, "  ");
	out_wrap(c->out, to->rules[t].text ? to->rules[t].text : "", 2, 2);
	return JX_OK;
}

/* Rules text rather than a web page: no markup at the start. */
static bool
looks_like_text(const char *s, size_t n)
{
	size_t i = 0;
	if (n >= 3 && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB)
		i = 3;
	if (n >= 2 && ((unsigned char)s[0] == 0xFE || (unsigned char)s[0] == 0xFF))
		return true;    /* UTF-16 with a byte-order mark */
	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
		i++;
	return i < n && s[i] != '<';
}

/* When judge cannot fetch the rules itself, the way to do it by hand. */
static void
by_hand(struct sbuf *h, const char *dir)
{
	sbuf_addf(h, "without judge: download the rules text (MagicCompRules YYYYMMDD.txt) from %s "
	    "on a machine that has the network, put it in %s/, and judge answers from it from its next "
	    "start (or give it to one command with --rules FILE)", HIST_DEFAULT_URL, dir);
}

static int
fetch_err_exit(struct jctx *c, enum hist_fetch_err e, struct sbuf *err, const char *dir)
{
	struct sbuf h = {0};
	if (e == HF_HTTP)
		sbuf_adds(&h, "the URL may have moved; give the rules page or the .txt with --url; or ");
	else if (e == HF_UNSUPPORTED)
		sbuf_adds(&h, "https needs curl (apt-get install curl); or ");
	by_hand(&h, dir);
	if (e == HF_NONET)
		jerr(c, h.s, "no network: %s", sbuf_str(err));
	else
		jerr(c, h.s, "update: %s", sbuf_str(err));
	sbuf_free(&h);
	return JX_USAGE;
}

int
hist_cmd_update(struct jctx *c, int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--cards") == 0)
			return cmd_cards_update(c, argc, argv);
	struct hopts o;
	/* --docs: the policy documents instead (cmd_policy.c) */
	int nd = 0;
	bool docs = false;
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--docs") == 0)
			docs = true;
		else
			argv[nd++] = argv[i];
	argc = nd;
	if (parse_opts(c, argc, argv, &o, false, true, 1) != 0)
		return JX_USAGE;
	const char *url = o.url ? o.url : o.npos ? o.pos[0] : NULL;
	if (docs)
		return pol_cli_update(c, url);
	if (!url) {
		const char *env = getenv("JUDGE_UPDATE_URL");
		url = env && *env ? env : HIST_DEFAULT_URL;
	}
	char dirbuf[4096];
	const char *dir = hist_user_rules_dir(dirbuf, sizeof dirbuf);
	if (!dir) {
		jerr(c, "set XDG_DATA_HOME or HOME", "update: nowhere to store the rules");
		return JX_USAGE;
	}
	struct sbuf body = {0}, err = {0};
	char *final = NULL;
	enum hist_fetch_err e = hist_fetch(url, &body, &err, &final);
	if (e != HF_OK) {
		int rc = fetch_err_exit(c, e, &err, dir);
		sbuf_free(&body);
		sbuf_free(&err);
		return rc;
	}
	char *txturl = final ? final : xstrdup(url);
	if (!looks_like_text(body.s ? body.s : "", body.len)) {
		char *link = hist_find_txt_link(body.s ? body.s : "", body.len, txturl);
		if (!link) {
			jerr(c, "give the .txt link itself with --url", "update: %s has no link to a rules .txt file", txturl);
			free(txturl);
			sbuf_free(&body);
			sbuf_free(&err);
			return JX_USAGE;
		}
		free(txturl);
		txturl = link;
		sbuf_reset(&body);
		char *f2 = NULL;
		e = hist_fetch(txturl, &body, &err, &f2);
		free(f2);
		if (e != HF_OK) {
			int rc = fetch_err_exit(c, e, &err, dir);
			free(txturl);
			sbuf_free(&body);
			sbuf_free(&err);
			return rc;
		}
	}
	char *path = NULL, *label = NULL;
	bool fresh = false;
	const char *base = strrchr(txturl, '/');
	int rc = hist_store_release(dir, (const unsigned char *)(body.s ? body.s : ""), body.len,
	    base && base[1] ? base + 1 : txturl, &path, &fresh, &label, &err);
	if (rc != 0) {
		jerr(c, "nothing was stored; the rules judge already has are unchanged", "update: %s", sbuf_str(&err));
		free(txturl);
		sbuf_free(&body);
		sbuf_free(&err);
		return JX_USAGE;
	}
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, false);
		jw_obj(&w);
		jw_kstr(&w, "url", txturl);
		jw_kstr(&w, "release", label);
		jw_kstr(&w, "path", path);
		jw_kbool(&w, "new", fresh);
		jw_kint(&w, "bytes", (long long)body.len);
		jw_obj_end(&w);
		sbuf_addc(&c->out->buf, '\n');
	} else if (fresh) {
		out_printf(c->out, "Stored the rules of %s%s%s (%zu bytes) in %s\n",
		    out_sgr(c->out, OS_BOLD), label, out_sgr(c->out, OS_RESET), body.len, path);
		if (c->interactive)
			out_printf(c->out, "judge answers from it from its next start.\n");
	} else {
		out_printf(c->out, "Already up to date: the rules of %s are in %s\n", label, path);
	}
	/* with a card database, the cards' links to the rules a lookup will now answer from are
	 * found here, once, not by the first `judge card` */
	if (c->rules_reload && cards_for(c)) {
		out_flush(c->out);
		struct jindex *nix = NULL;
		char *key = NULL;
		const struct jrelease *rel = c->rules_reload(c, &nix, &key);
		card_links_prepare(c, rel, key);
		free(key);
		jindex_free(nix);
	}
	free(path);
	free(label);
	free(txturl);
	sbuf_free(&body);
	sbuf_free(&err);
	return JX_OK;
}

struct hist_carry *
hist_carry_for(struct jctx *c)
{
	struct hist_carry *k = c->carry;
	if (k && hist_carry_to(k) == c->rel)
		return k;
	hist_carry_free(k);
	c->carry = c->rel ? hist_carry_make(c, c->rel) : NULL;
	return c->carry;
}

struct hist_carry *
hist_carry_make(struct jctx *c, const struct jrelease *rel)
{
	struct hist_carry *k;
	struct sbuf p = {0}, text = {0};
	struct diags d = {0};
	bool have = false;
	if (c->datadir) {
		sbuf_addf(&p, "%s/corpus/anchors.tsv", c->datadir);
		FILE *f = fopen(p.s, "rb");
		if (f) {
			have = sbuf_read(&text, f, (size_t)16 << 20);
			fclose(f);
		}
	}
	k = hist_carry_new(c->ix, rel, p.s, have ? text.s : NULL, have ? text.len : 0, &d);
	diag_print(stderr, &d, DL_WARNING);
	diag_clear(&d);
	free(d.v);
	sbuf_free(&p);
	sbuf_free(&text);
	return k;
}

jrid
hist_carry_cb(void *ctx, int since, jrid id)
{
	return hist_carry_id(ctx, since, id, NULL);
}
