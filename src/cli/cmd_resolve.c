/* cmd_resolve.c — resolve, board and why: walk a described board through the rules and
 * explain each step; `why N` prints the rules step N cites from the loaded release. */
#include "cmd_resolve.h"
#include "cmd_rules.h"
#include "cmd_card.h"
#include "../base/buf.h"
#include "../base/mem.h"
#include "../base/safefile.h"
#include "../history/history.h"
#include "../resolver/resolver.h"
#include "../text/decode.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { BOARD_ERRORS_SHOWN = 5 };

/* A citation (a 2026-01-16 number) as the answering release numbers it, or NULL. */
static const char *
recite(void *ctx, const char *id)
{
	struct jctx *c = ctx;
	jrid t = hist_carry_id(hist_carry_for(c), rz_cite_date(), jrid_from_str(id), NULL);
	uint32_t i = t == JRID_NONE ? JNONE : jrel_find(c->rel, t);
	return i == JNONE ? NULL : c->rel->rules[i].num;
}

/* A board judge can't resolve: its errors (the first few), as data too with --json. */
static int
board_errors(struct jctx *c, const char *name, struct diags *d)
{
	if (c->json) {
		/* the same errors as data, for tools */
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_obj(&w);
		jw_key(&w, "errors");
		jw_arr(&w);
		for (size_t i = 0; i < d->n; i++) {
			jw_obj(&w);
			jw_kstr(&w, "file", d->v[i].file);
			jw_kint(&w, "line", d->v[i].line);
			jw_kint(&w, "col", d->v[i].col);
			jw_kstr(&w, "message", d->v[i].msg);
			jw_kstr(&w, "hint", d->v[i].hint);
			jw_kstr(&w, "source", d->v[i].src);
			if (d->v[i].area)
				jw_kstr(&w, "area", d->v[i].area);
			jw_obj_end(&w);
		}
		jw_arr_end(&w);
		jw_obj_end(&w);
		sbuf_addc(&c->out->buf, '\n');
	}
	out_flush(c->out);
	/* the first few: one mistake often causes the next ones, and a wrong file would
	 * otherwise fill the screen */
	size_t shown = 0, more = 0;
	for (size_t i = 0; i < d->n; i++) {
		if (d->v[i].level == DL_ERROR && shown == BOARD_ERRORS_SHOWN) {
			more++;
			continue;
		}
		diag_print_item(stderr, &d->v[i]);
		shown += d->v[i].level == DL_ERROR;
	}
	if (more)
		fprintf(stderr, "judge: %s: … and %zu more error%s; fix these first\n", name, more, more > 1 ? "s" : "");
	char doc[4096];
	fprintf(stderr, "  the board format is described in %s\n", jdoc_path(c, "board-format.md", doc, sizeof doc));
	diag_clear(d);
	return JX_USAGE;
}

static int
run_board(struct jctx *c, const char *name, const char *text, size_t len)
{
	struct diags d = {0};
	struct board *b = bd_parse_cards(name, text, len, cards_for_board(c), &d);
	if (!b)
		return board_errors(c, name, &d);
	diag_print(stderr, &d, DL_NOTE);
	diag_clear(&d);
	struct rz_result *r = rz_resolve(b);
	if (r->unread) {
		/* the game reached an ability judge can't read (a Saga's chapter that triggered):
		 * read it again to report it where the board writes it */
		const struct bd_abil *ua = r->unread;
		const struct bd_obj *owner = NULL;
		for (int i = 0; i < b->nobjs && !owner; i++)
			for (int k = 0; k < b->objs[i].nabils; k++)
				if (&b->objs[i].abils[k] == ua) owner = &b->objs[i];
		struct bd_abil tmp;
		if (bd_read_ability(ua->text, owner ? owner->name : "", false, &tmp, name, ua->line, ua->col, &d))
			free(tmp.text);
		else {
			/* echo the board's line under the message, as the parser does */
			const char *ln = text, *end = text + len;
			for (unsigned k = 1; k < ua->line && ln < end; k++) {
				const char *nl = memchr(ln, '\n', (size_t)(end - ln));
				ln = nl ? nl + 1 : end;
			}
			const char *nl = memchr(ln, '\n', (size_t)(end - ln));
			diag_src(&d, ln, (size_t)((nl ? nl : end) - ln));
		}
		diag_add(&d, DL_NOTE, name, ua->line, ua->col, "judge reads when this ability triggers, not what it does; the board makes it trigger, so judge stops there");
		rz_free(r);
		return board_errors(c, name, &d);
	}
	/* the citations follow the release that answers, when it is a whole one (a partial
	 * historical text is no model of what the resolver plays: its numbers stay) */
	bool own = c->rel == NULL || c->rel->date == rz_cite_date();
	if (!own && !c->rel->fragment && !c->rel->truncated) {
		rz_recite(r, recite, c);
		r->rules_release = c->rel->label;
		own = true;
	}
	if (!own) {
		/* a partial historical text answers: its numbers are no model of the rules the
		 * resolver plays, so the citations stay in the resolver's own, and it says so */
		int cd = rz_cite_date();
		out_flush(c->out);
		fprintf(stderr, "judge: note: the rule numbers cited are those of the %04d-%02d-%02d Comprehensive "
		    "Rules, which the resolver plays; the %s rules answering are a partial historical text, so "
		    "the citations are not renumbered to them (load today's rules with --rules FILE)\n",
		    cd / 10000, cd / 100 % 100, cd % 100, c->rel->label);
	}
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		rz_json(&w, r);
		sbuf_addc(&c->out->buf, '\n');
	} else {
		if (b->cards_note)
			out_printf(c->out, "Cards: %s\n", b->cards_note);
		rz_print(c->out, r);
		if (c->interactive && isatty(STDIN_FILENO))
			out_printf(c->out, "(`why N` shows the rules step N cites)\n");
	}
	rz_free(c->board);
	c->board = r;
	return JX_OK;
}

static char *
slurp(FILE *f, size_t *len)
{
	struct sbuf b = {0};
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
		sbuf_add(&b, buf, n);
		if (b.len > SFILE_MAX_BOARD) {   /* `judge resolve - </dev/zero` */
			sbuf_free(&b);
			return NULL;
		}
	}
	*len = b.len;
	char *s = sbuf_take(&b);
	return s ? s : xstrdup("");
}

int
cmd_resolve(struct jctx *c, int argc, char **argv)
{
	if (argc != 2) {
		jerr(c, "e.g. judge resolve corpus/boards/hurricane-scion-of-oona.board", "usage: resolve FILE (a board description; - reads standard input)");
		return JX_USAGE;
	}
	const char *path = argv[1];
	char doc[4096], hint[4200];
	snprintf(hint, sizeof hint, "give the path of a .board file (see %s)", jdoc_path(c, "board-format.md", doc, sizeof doc));
	FILE *f = strcmp(path, "-") == 0 ? stdin : jopen_input(c, path, hint);
	if (!f)
		return JX_USAGE;
	size_t len;
	char *text = slurp(f, &len);
	if (f != stdin)
		fclose(f);
	if (text == NULL) {
		jerr(c, hint, "%s holds more than %u MiB; that is no board", strcmp(path, "-") == 0 ? "standard input" : path,
		    SFILE_MAX_BOARD >> 20);
		return JX_USAGE;
	}
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	/* a board saved as UTF-16 or with old Mac line ends reads as the same board */
	struct diags dd = {0};
	int u16 = text_from_utf16(&text, &len, name, "a board description", &dd);
	diag_print(stderr, &dd, DL_WARNING);
	diag_clear(&dd);
	if (u16 < 0) {
		free(text);
		return JX_USAGE;
	}
	text_bare_cr_to_lf(text, len);
	int st = run_board(c, name, text, len);
	free(text);
	return st;
}

/* A line `end` (any indentation, anything after a space) finishes a typed board. */
static bool
is_end(const char *line)
{
	const char *p = line;
	while (*p == ' ' || *p == '\t')
		p++;
	return strncmp(p, "end", 3) == 0 &&
	    (p[3] == '\n' || p[3] == '\r' || p[3] == 0 || p[3] == ' ');
}

/* The board's lines from standard input up to `end`; false when input ends first. */
static bool
board_from_stdin(struct sbuf *b)
{
	char *line = NULL;
	size_t cap = 0;
	bool ended = false;
	while (!ended && getline(&line, &cap, stdin) > 0) {
		ended = is_end(line);
		if (!ended)
			sbuf_adds(b, line);
	}
	free(line);
	return ended;
}

/* The same through the terminal REPL's prompt; false when the user abandons the board. */
static bool
board_from_prompt(struct jctx *c, struct sbuf *b)
{
	char *line;
	while ((line = c->read_board_line(c, sbuf_str(b))) != NULL) {
		bool ended = is_end(line);
		if (!ended) {
			sbuf_adds(b, line);
			sbuf_addc(b, '\n');
		}
		free(line);
		if (ended)
			return true;
	}
	return false;
}

int
cmd_board(struct jctx *c, int argc, char **argv)
{
	if (argc != 1) {
		jerr(c, "type `board`, then the board's lines, then a line `end`", "usage: board");
		return JX_USAGE;
	}
	if (c->read_board_line != NULL && !c->json)
		fprintf(stderr, "(type the board, then a line `end`; Tab completes, Ctrl-C abandons)\n");
	else if (c->interactive && !c->json && isatty(STDIN_FILENO))
		fprintf(stderr, "(type the board; finish with a line `end`)\n");
	struct sbuf b = {0};
	if (c->read_board_line != NULL) {
		if (!board_from_prompt(c, &b)) {
			jerr(c, NULL, "board abandoned");
			sbuf_free(&b);
			return JX_USAGE;
		}
	} else if (!board_from_stdin(&b)) {
		jerr(c, "finish the board with a line `end`", "the board ended without a line `end`");
		sbuf_free(&b);
		return JX_USAGE;
	}
	int st = run_board(c, "<board>", b.s ? b.s : "", b.len);
	sbuf_free(&b);
	return st;
}

size_t
cmd_board_names(void *board, const char ***names)
{
	return rz_names(board, names);
}

/* The release whose numbers a resolution's citations are: the one they were recited to,
 * else the citation table's own (NULL when that release is not loaded; *date says it). */
static const struct jrelease *
cited_release(const struct jctx *c, const struct rz_result *r, int *date)
{
	const struct jrelease *fr = r->rules_release ? jindex_release(c->ix, r->rules_release) : NULL;
	*date = fr ? fr->date : rz_cite_date();
	if (!fr)
		for (uint32_t i = 0; c->ix && i < c->ix->nrels && !fr; i++)
			if (c->ix->rels[i]->date == *date && !c->ix->rels[i]->fragment && !c->ix->rels[i]->truncated)
				fr = c->ix->rels[i];
	return fr;
}

/* A cited rule id (a number of release fr, or of the one dated `date` when that is not
 * loaded) as release `to` numbers the same rule, through the concordance; JRID_NONE when
 * it cannot be carried with confidence. The same number in another release is not the
 * same rule: 2026-04-17's 722.1 is Preparation Cards, 2026-01-16's Controlling Another
 * Player. */
static jrid
carry_cited(struct jctx *c, const struct jrelease *fr, int date, jrid id, const struct jrelease *to)
{
	if (id == JRID_NONE || !to)
		return JRID_NONE;
	if (fr == to || (!fr && to->date == date))
		return jrel_find(to, id) != JNONE ? id : JRID_NONE;
	jrid t;
	if (fr && fr->date != date) {
		/* recited to a release other than the table's: follow the concordance from it */
		uint32_t ri = jrel_find(fr, id);
		float cf = 0;
		uint32_t bi = ri == JNONE ? JNONE : hist_map(c->ix, fr, ri, to, &cf);
		t = bi != JNONE && cf >= 0.5f ? to->rules[bi].id : JRID_NONE;
	} else {
		struct hist_carry *made = NULL;
		struct hist_carry *k = to == c->rel ? hist_carry_for(c) : (made = hist_carry_make(c, to));
		t = hist_carry_id(k, date, id, NULL);
		hist_carry_free(made);
	}
	return t != JRID_NONE && jrel_find(to, t) != JNONE ? t : JRID_NONE;
}

/* The citations' release as a reader names it: its label, or the table's date. */
static const char *
cited_name(const struct jrelease *fr, int date, char *buf, size_t cap)
{
	if (fr)
		snprintf(buf, cap, "%s", fr->label);
	else
		snprintf(buf, cap, "%04d-%02d-%02d", date / 10000, date / 100 % 100, date % 100);
	return buf;
}

/* A cited rule the answering release does not hold: said, with the loaded releases that
 * hold the same rule (and their number for it), what the answering release's own rule of
 * that number is, and the concordance's guess when it has one it is unsure of. */
static void
why_missing(struct jctx *c, const struct jrelease *fr, int date, const char *num, jrid id, struct jw *w)
{
	const struct jrelease *rel = c->rel;
	char whose[48], a[16];
	cited_name(fr, date, whose, sizeof whose);
	if (c->json) {
		jw_obj(w);
		jw_kstr(w, "rule", num);
		jw_kstr(w, "rules_release", whose);
		jw_kstr(w, "release", rel->label);
		jw_kbool(w, "found", false);
		jw_key(w, "found_in");
		jw_arr(w);
	} else {
		char era[160];
		out_printf(c->out, "\n%s, a %s rule number, is not in %s; no rule there is that rule with confidence.\n",
		    num, whose, rules_era(rel, true, era, sizeof era));
	}
	int found = 0;
	for (uint32_t k = 0; c->ix && k < c->ix->nrels; k++) {
		const struct jrelease *x = c->ix->rels[k];
		if (x == rel)
			continue;
		jrid t = carry_cited(c, fr, date, id, x);
		if (t == JRID_NONE)
			continue;
		found++;
		jrid_str(t, a);
		if (c->json) {
			jw_obj(w);
			jw_kstr(w, "release", x->label);
			jw_kstr(w, "rule", a);
			jw_obj_end(w);
		} else {
			out_printf(c->out, "  the %s rules have it%s%s: judge --cr %s %s\n", x->label,
			    t != id ? " as " : "", t != id ? a : "", x->label, a);
		}
	}
	if (c->json)
		jw_arr_end(w);
	/* the concordance's guess, when the citations' release is loaded and it has one */
	uint32_t ri = fr ? jrel_find(fr, id) : JNONE;
	float cf = 0;
	uint32_t bi = ri != JNONE && fr != rel ? hist_map(c->ix, fr, ri, rel, &cf) : JNONE;
	if (c->json) {
		if (bi != JNONE) {
			jw_key(w, "nearest");
			jw_obj(w);
			jw_kstr(w, "rule", rel->rules[bi].num);
			jw_key(w, "confidence");
			jw_num(w, cf);
			jw_obj_end(w);
		}
		jw_obj_end(w);
		return;
	}
	if (!found)
		out_printf(c->out, "  no loaded release has it (load the %s rules with --rules FILE)\n", whose);
	if (jrel_find(rel, id) != JNONE)
		out_printf(c->out, "  (the %s rules' own %s is another rule)\n", rel->label, num);
	if (bi != JNONE)
		out_printf(c->out, "  the concordance's nearest in the %s rules is %s (confidence %.2f): judge %s\n",
		    rel->label, rel->rules[bi].num, cf, rel->rules[bi].num);
}

int
cmd_why(struct jctx *c, int argc, char **argv)
{
	const struct rz_result *r = c->board;
	if (argc != 2) {
		jerr(c, "e.g. why 3", "usage: why N (a step of the last board resolved)");
		return JX_USAGE;
	}
	if (!r) {
		jerr(c, "resolve a board first: resolve FILE, or board", "no board has been resolved in this session");
		return JX_NOTFOUND;
	}
	char *e;
	long n = strtol(argv[1], &e, 10);
	if (*e || n < 1 || n > r->nsteps) {
		jerr(c, NULL, "no step %s: the last resolution has steps 1 to %d", argv[1], r->nsteps);
		return JX_NOTFOUND;
	}
	const struct rz_step *s = &r->steps[n - 1];
	if (!c->rel) {
		jerr(c, "load a release with --rules FILE", "no rules are loaded");
		return JX_NOTFOUND;
	}
	int date;
	char whose[48];
	const struct jrelease *fr = cited_release(c, r, &date);
	struct jw w;
	if (c->json) {
		jw_init(&w, &c->out->buf, true);
		jw_obj(&w);
		jw_kint(&w, "step", n);
		jw_kstr(&w, "text", s->text);
		jw_key(&w, "rules");
		jw_arr(&w);
	} else {
		out_printf(c->out, "%sStep %ld%s: ", out_sgr(c->out, OS_TITLE), n, out_sgr(c->out, OS_RESET));
		out_wrap(c->out, s->text, 0, 2);
	}
	/* each citation is the rule of the release it was written against, carried to the
	 * one answering; never another release's rule that happens to bear the number */
	int missing = 0;
	for (int k = 0; k < s->nrules; k++) {
		jrid id = jrid_from_str(s->rules[k]);
		jrid t = carry_cited(c, fr, date, id, c->rel);
		if (t == JRID_NONE) {
			missing++;
			why_missing(c, fr, date, s->rules[k], id, &w);
			continue;
		}
		uint32_t i = jrel_find(c->rel, t);
		if (c->json) {
			rules_json(c, &w, c->rel, i);
		} else {
			out_puts(c->out, "\n");
			if (t != id)
				out_printf(c->out, "%s(cited as %s, its number in the %s rules)%s\n", out_sgr(c->out, OS_DIM),
				    s->rules[k], cited_name(fr, date, whose, sizeof whose), out_sgr(c->out, OS_RESET));
			rules_print(c, c->rel, i, false);
		}
	}
	if (c->json) {
		jw_arr_end(&w);
		jw_obj_end(&w);
		sbuf_addc(&c->out->buf, '\n');
	}
	return missing && missing == s->nrules ? JX_NOTFOUND : JX_OK;
}
