/* cmd_penalty.c — `judge penalty DESCRIPTION [--rel REL]`: lays the policy out for a floor
 * call, step by step, each step citing its section: the REL decides the document (Regular →
 * Judging at Regular REL, Competitive and Professional → the IPG), then the infractions the
 * description most likely is, the penalty, the remedy, upgrades and downgrades, the
 * philosophy. It never rules: which infraction applies is the judge's call. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cmd_policy.h"
#include "cmd_penalty.h"
#include "cmd_rules.h"
#include "cmd_search_policy.h"

enum rel { REL_REGULAR, REL_COMPETITIVE, REL_PROFESSIONAL };
static const char *const rel_names[] = { "Regular", "Competitive", "Professional" };

static int
rel_parse(const char *s)
{
	size_t n = strlen(s);
	for (int i = 0; i < 3; i++)
		if (n >= 3 && strncasecmp(rel_names[i], s, n) == 0)
			return i;
	if (strcasecmp(s, "comp") == 0 || strcasecmp(s, "c") == 0)
		return REL_COMPETITIVE;
	if (strcasecmp(s, "pro") == 0 || strcasecmp(s, "p") == 0)
		return REL_PROFESSIONAL;
	if (strcasecmp(s, "r") == 0 || strcasecmp(s, "reg") == 0 || strcasecmp(s, "fnm") == 0)
		return REL_REGULAR;
	return -1;
}

/* The first paragraph of a part (the whole part when it has one). */
static char *
first_para(const char *t)
{
	if (!t)
		return NULL;
	return xstrndup(t, strcspn(t, "\n"));
}

/* An infraction: a numbered section with a penalty, not an appendix. */
static bool
is_infraction(const struct pol_section *s)
{
	return s->level == 1 && !s->appendix && s->penalty;
}

static void
step(struct jctx *c, int n, const char *title)
{
	out_puts(c->out, "\n");
	out_wrapf(c->out, 3, "%s%d. %s%s", out_sgr(c->out, OS_BOLD), n, title, out_sgr(c->out, OS_RESET));
}

static void
cite_line(struct jctx *c, const struct pol_doc *d, const struct pol_section *s, const char *what)
{
	struct sbuf l = {0};
	sbuf_addf(&l, "%s[%s ", out_sgr(c->out, OS_DIM), pol_doc_short(d));
	if (s->appendix)
		sbuf_addf(&l, "Appendix %s", s->num);
	else
		sbuf_adds(&l, *s->num ? s->num : s->id);
	sbuf_addf(&l, "%s%s]%s", what ? ", " : "", what ? what : "", out_sgr(c->out, OS_RESET));
	out_puts(c->out, "  ");
	out_wrap(c->out, l.s, 2, 4);
	sbuf_free(&l);
}

static void
say(struct jctx *c, const char *text)
{
	out_puts(c->out, "  ");
	out_wrap(c->out, text, 2, 2);
}

/* Paragraphs of a chapter's text that speak of upgrades (the Game Play Errors rule that the
 * third Warning becomes a Game Loss). */
static char *
chapter_upgrades(const struct pol_doc *d, const struct pol_section *s)
{
	if (s->parent < 0)
		return NULL;
	const char *t = d->sec[s->parent].parts[PP_TEXT];
	struct sbuf o = {0};
	for (const char *p = t; p && *p;) {
		size_t n = strcspn(p, "\n");
		char *para = xstrndup(p, n);
		if (strcasestr(para, "upgrade") || strcasestr(para, "subsequent"))
			sbuf_addf(&o, "%s%s", o.len ? "\n" : "", para);
		free(para);
		p += n + (p[n] == '\n');
	}
	return o.len ? sbuf_take(&o) : (sbuf_free(&o), NULL);
}

static int
find_title(const struct pol_doc *d, const char *pattern)
{
	for (size_t i = 0; i < d->nsec; i++)
		if (pol_title_matches(d->sec[i].title, pattern))
			return (int)i;
	return -1;
}

/* The name of a section for a sentence: "4.7 Stalling" (its title after the last dash). */
static void
sec_label(struct sbuf *l, const struct pol_section *s)
{
	const char *name = s->title;
	for (const char *dash; (dash = strstr(name, "\u2014")) != NULL;)
		name = dash + 3;
	while (*name == ' ')
		name++;
	sbuf_addf(l, "%s %s", s->num, name);
}

/* One question of what tells them apart: "ask whether X: if so, 4.7 Stalling", cited. */
static void
contrast_line(struct jctx *c, const struct pol_doc *d, const struct pol_contrast *k, int indent)
{
	struct sbuf l = {0};
	if (k->ask) {
		sbuf_addf(&l, "Ask whether %s: if %s, ", k->ask, k->unless ? "not" : "so");
		sec_label(&l, &d->sec[k->to]);
		sbuf_adds(&l, ".");
	} else
		sbuf_addf(&l, "\u201c%s\u201d", k->sentence);
	sbuf_addf(&l, "  %s[%s %s, %s]%s", out_sgr(c->out, OS_DIM), pol_doc_short(d), d->sec[k->from].num,
	    k->part == PP_TEXT ? "text" : k->part == PP_REMEDY ? "Additional Remedy" :
	    k->part == PP_DEFINITION ? "Definition" : k->part == PP_PHILOSOPHY ? "Philosophy" :
	    k->part == PP_EXAMPLES ? "Examples" : k->part == PP_UPGRADE ? "Upgrade" : "Downgrade",
	    out_sgr(c->out, OS_RESET));
	out_printf(c->out, "%*s", indent, "");
	out_wrap(c->out, l.s, indent, indent + 2);
	sbuf_free(&l);
}

static void
contrast_json(struct jw *w, const struct pol_doc *d, const struct pol_contrast *k, const char *kind)
{
	jw_obj(w);
	jw_kstr(w, "kind", kind);
	jw_kstr(w, "number", d->sec[k->from].num);
	jw_kstr(w, "part", pol_part_name((enum pol_partk)k->part));
	jw_kstr(w, "sentence", k->sentence);
	jw_kstr(w, "ask", k->ask);
	if (k->ask)
		jw_kbool(w, "unless", k->unless);
	jw_kstr(w, "then", k->to < d->nsec ? d->sec[k->to].num : NULL);
	jw_obj_end(w);
}

#define MAX_CONTRAST 8

static void
apart_header(struct jctx *c, const struct pol_doc *d)
{
	out_puts(c->out, "  ");
	out_wrapf(c->out, 2, "%sTelling them apart, in the %s's own words:%s", out_sgr(c->out, OS_BOLD),
	    pol_doc_short(d), out_sgr(c->out, OS_RESET));
}

/* What tells the likely infractions apart, in the IPG's own words: for each two of them, the
 * sentences of one that name the other and the condition they set; for the first two, when
 * neither names the other, the sentence of each definition closest to the description; and
 * the other infractions the first one's text sends a case to, and when. Returns whether the
 * first one's text named Cheating (its own condition then stands for the general line). */
static bool
telling_apart(struct jctx *c, const struct pol_doc *d, const size_t *cand, size_t nc, const char *desc,
    int cheat, struct jw *w)
{
	struct pol_contrast k[MAX_CONTRAST];
	bool header = false, named_cheat = false;
	if (w) {
		jw_key(w, "telling_apart");
		jw_arr(w);
	}
	for (size_t i = 0; i < nc; i++)
		for (size_t j = i + 1; j < nc; j++) {
			size_t n = pol_contrast(d, cand[i], cand[j], k, MAX_CONTRAST);
			if (n == 0 && !(i == 0 && j == 1))
				continue;
			if (w) {
				jw_obj(w);
				jw_key(w, "between");
				jw_arr(w);
				jw_str(w, d->sec[cand[i]].num);
				jw_str(w, d->sec[cand[j]].num);
				jw_arr_end(w);
				jw_key(w, "says");
				jw_arr(w);
			} else {
				if (!header)
					apart_header(c, d);
				header = true;
				struct sbuf l = {0};
				out_puts(c->out, "    ");
				sec_label(&l, &d->sec[cand[i]]);
				sbuf_adds(&l, " or ");
				sec_label(&l, &d->sec[cand[j]]);
				sbuf_adds(&l, n ? "?" : ": neither names the other; which of these is what happened?");
				out_wrap(c->out, l.s, 4, 6);
				sbuf_free(&l);
			}
			for (size_t x = 0; x < n; x++) {
				named_cheat |= cheat >= 0 && k[x].to == (size_t)cheat;
				if (w)
					contrast_json(w, d, &k[x], "named");
				else
					contrast_line(c, d, &k[x], 6);
			}
			pol_contrast_free(k, n);
			if (n == 0)
				for (size_t x = 0; x < 2; x++) {
					size_t sec = x ? cand[j] : cand[i];
					char *best = pol_closest_sentence(d, sec, desc);
					if (!best)
						continue;
					struct pol_contrast one = { sec, (size_t)-1, PP_DEFINITION, best, NULL, false };
					if (!d->sec[sec].parts[PP_DEFINITION])
						one.part = PP_TEXT;
					if (w)
						contrast_json(w, d, &one, "closest");
					else
						contrast_line(c, d, &one, 6);
					free(best);
				}
			if (w) {
				jw_arr_end(w);
				jw_obj_end(w);
			}
		}
	/* where the first one's own text sends the case instead */
	size_t n = pol_contrast_others(d, cand[0], cand, nc, k, MAX_CONTRAST);
	for (size_t x = 0; x < n; x++)
		named_cheat |= cheat >= 0 && k[x].to == (size_t)cheat;
	if (n && w) {
		jw_obj(w);
		jw_key(w, "between");
		jw_arr(w);
		jw_str(w, d->sec[cand[0]].num);
		jw_arr_end(w);
		jw_key(w, "says");
		jw_arr(w);
		for (size_t x = 0; x < n; x++)
			contrast_json(w, d, &k[x], "instead");
		jw_arr_end(w);
		jw_obj_end(w);
	} else if (n && header) {
		struct sbuf l = {0};
		out_puts(c->out, "    ");
		sec_label(&l, &d->sec[cand[0]]);
		sbuf_adds(&l, " is another infraction:");
		out_wrap(c->out, l.s, 4, 6);
		sbuf_free(&l);
		for (size_t x = 0; x < n; x++)
			contrast_line(c, d, &k[x], 6);
	} else if (n) {
		/* one likely infraction: only where its own text sends the case elsewhere */
		out_puts(c->out, "  ");
		out_wrapf(c->out, 2, "%sWhen it is another infraction, in the %s's own words:%s", out_sgr(c->out, OS_BOLD),
		    pol_doc_short(d), out_sgr(c->out, OS_RESET));
		for (size_t x = 0; x < n; x++)
			contrast_line(c, d, &k[x], 4);
	}
	pol_contrast_free(k, n);
	if (w)
		jw_arr_end(w);
	return named_cheat;
}

/* The game rule beside the infraction (ps_beside_choose()), asked of the rules with the
 * description: none with only the built-in partial texts, which lack most of the game. */
static void
game_rule(struct jctx *c, const struct pol_doc *d, size_t sec, const char *desc, struct ps_beside *b)
{
	memset(b, 0, sizeof *b);
	if (!c->ix || rules_only_partial(c->ix))
		return;
	struct srch *rs = srch_for(c);
	if (!rs)
		return;
	ps_beside_prepare(rs, d, sec, b);
	struct srch_result r;
	struct diags dg = {0};
	memset(&r, 0, sizeof r);
	srch_run(rs, desc, 10, &r, &dg);
	ps_beside_choose(rs, b, &r, 10, desc);
	srch_result_free(&r);
	diag_clear(&dg);
}

static int
regular(struct jctx *c, const char *desc)
{
	struct pol_set *S = pol_set_for(c);
	const struct pol_doc *jar = pol_set_newest(S, POL_JAR);
	if (!jar) {
		jerr(c, "drop Judging at Regular REL into ~/.local/share/judge/docs/ or pass --doc FILE; or ask with --rel competitive for the IPG",
		    "no Judging at Regular REL document is loaded for a Regular REL call");
		return JX_NOTFOUND;
	}
	struct pol_hit h[3];
	size_t n = pol_index_run(ps_index_for(c), desc, 1 << POL_JAR, h, 3);
	/* none far behind the first, and never the introduction */
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if ((k == 0 || h[i].score >= h[0].score * 0.5f) && strcmp(jar->sec[h[i].sec].id, "introduction") != 0)
			h[k++] = h[i];
	n = k;
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_obj(&w);
		jw_kstr(&w, "rel", "Regular");
		jw_kstr(&w, "document", "jar");
		jw_kstr(&w, "version", jar->date[0] ? jar->date : NULL);
		jw_key(&w, "situations");
		jw_arr(&w);
		for (size_t i = 0; i < n; i++)
			pol_json_section(&w, jar, h[i].sec);
		jw_arr_end(&w);
		jw_kstr(&w, "note", "Judging at Regular REL fixes and educates; there are no penalties but for Serious Problems. The ruling is the judge's.");
		jw_obj_end(&w);
		out_puts(c->out, "\n");
		return n ? JX_OK : JX_NOTFOUND;
	}
	out_wrapf(c->out, 0, "%sRegular REL%s: %s, effective %s. It fixes the game and educates the player; the IPG's penalties do not apply.",
	    out_sgr(c->out, OS_BOLD), out_sgr(c->out, OS_RESET), pol_kind_title(POL_JAR), jar->date);
	if (n == 0) {
		say(c, "No situation of the JAR matches the description; list them with `judge jar`.");
		return JX_NOTFOUND;
	}
	step(c, 1, "The situations the description most likely is");
	for (size_t i = 0; i < n; i++) {
		const struct pol_section *s = &jar->sec[h[i].sec];
		struct sbuf l = {0};
		sbuf_addf(&l, "%s%s%s  %s[JAR %s]%s", out_sgr(c->out, OS_TITLE), s->title, out_sgr(c->out, OS_RESET),
		    out_sgr(c->out, OS_DIM), s->id, out_sgr(c->out, OS_RESET));
		out_puts(c->out, "  ");
		out_wrap(c->out, l.s, 2, 4);
		sbuf_free(&l);
	}
	const struct pol_section *s = &jar->sec[h[0].sec];
	step(c, 2, "What the JAR says to do");
	pol_print_part(c, NULL, s->parts[PP_TEXT]);
	cite_line(c, jar, s, NULL);
	int sp = find_title(jar, "Serious Problems");
	if (sp >= 0) {
		step(c, 3, "If it was done knowingly");
		char *f = first_para(jar->sec[sp].parts[PP_TEXT]);
		if (f)
			say(c, f);
		free(f);
		cite_line(c, jar, &jar->sec[sp], NULL);
	}
	out_puts(c->out, "\n");
	out_wrapf(c->out, 0, "%sThis lays out the JAR; the ruling is yours.%s", out_sgr(c->out, OS_DIM), out_sgr(c->out, OS_RESET));
	return JX_OK;
}

/* A question of the session's dialogue, said as a line of the answer; the reply without its
 * newline (malloc'd), NULL when input ends or the user abandons it. */
static char *
ask(struct jctx *c, const char *question)
{
	out_wrapf(c->out, 0, "%s%s%s", out_sgr(c->out, OS_BOLD), question, out_sgr(c->out, OS_RESET));
	out_flush(c->out);
	if (c->read_answer_line)
		return c->read_answer_line(c, "penalty> ");
	char *line = NULL;
	size_t cap = 0;
	if (getline(&line, &cap, stdin) <= 0) {
		free(line);
		return NULL;
	}
	line[strcspn(line, "\r\n")] = '\0';
	return line;
}

static char *
trimmed(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

int
cmd_penalty(struct jctx *c, int argc, char **argv)
{
	int rel = -1;
	struct sbuf q = {0};
	for (int i = 1; i < argc; i++) {
		const char *v = NULL;
		if (strcmp(argv[i], "--rel") == 0 && i + 1 < argc)
			v = argv[++i];
		else if (strncmp(argv[i], "--rel=", 6) == 0)
			v = argv[i] + 6;
		if (v) {
			rel = rel_parse(v);
			if (rel < 0) {
				jerr(c, "--rel regular, competitive or professional", "unknown REL '%s'", v);
				sbuf_free(&q);
				return JX_USAGE;
			}
			continue;
		}
		if (q.len)
			sbuf_addc(&q, ' ');
		sbuf_adds(&q, argv[i]);
	}
	/* in the session, what was not given is asked: the REL first, then what happened */
	bool dialogue = c->interactive && !c->json;
	if (dialogue && rel < 0) {
		char *a = ask(c, "Which REL? regular, competitive or professional (Enter: competitive)");
		if (!a) {
			jerr(c, NULL, "penalty abandoned");
			sbuf_free(&q);
			return JX_USAGE;
		}
		char *t = trimmed(a);
		if (*t && (rel = rel_parse(t)) < 0) {
			jerr(c, "regular, competitive or professional", "unknown REL '%s'", t);
			free(a);
			sbuf_free(&q);
			return JX_USAGE;
		}
		free(a);
	}
	if (dialogue && !q.len) {
		char *a = ask(c, "What happened? A few words: \"drew an extra card\", \"was 5 minutes late\"");
		if (a)
			sbuf_adds(&q, trimmed(a));
		free(a);
	}
	if (!q.len) {
		jerr(c, "for example: judge penalty \"drew an extra card\" --rel competitive", "describe what happened");
		sbuf_free(&q);
		return JX_USAGE;
	}
	bool rel_given = rel >= 0;
	if (!rel_given)
		rel = REL_COMPETITIVE;
	if (rel == REL_REGULAR) {
		int st = regular(c, q.s);
		sbuf_free(&q);
		return st;
	}
	const struct pol_doc *d = pol_cli_doc(c, POL_IPG);
	if (!d) {
		sbuf_free(&q);
		return JX_NOTFOUND;
	}
	struct pol_hit h[12];
	size_t nh = pol_index_run(ps_index_for(c), q.s, 1 << POL_IPG, h, 12);
	/* the likely infractions: sections with a penalty, best first, three at most, and none
	 * far behind the first */
	size_t cand[3], nc = 0;
	float top = 0;
	for (size_t i = 0; i < nh && nc < 3; i++)
		if (h[i].doc == d && is_infraction(&d->sec[h[i].sec]) && (nc == 0 || h[i].score >= top * 0.5f)) {
			if (nc == 0)
				top = h[i].score;
			cand[nc++] = h[i].sec;
		}
	if (nc == 0) {
		jerr(c, "describe what the player did, in a few words: \"looked at an extra card\", \"was 5 minutes late\"",
		    "no infraction of the IPG %s matches \"%s\"", d->date, q.s);
		sbuf_free(&q);
		return JX_NOTFOUND;
	}
	const struct pol_section *s = &d->sec[cand[0]];
	int backup = find_title(d, "Backing Up");
	int cheat = find_title(d, "Cheating");
	char *chap_up = chapter_upgrades(d, s);
	struct ps_beside gr;
	if (c->json) {
		game_rule(c, d, cand[0], q.s, &gr);
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_obj(&w);
		jw_kstr(&w, "rel", rel_names[rel]);
		jw_kbool(&w, "rel_assumed", !rel_given);
		jw_kstr(&w, "document", "ipg");
		jw_kstr(&w, "version", d->date[0] ? d->date : NULL);
		jw_key(&w, "candidates");
		jw_arr(&w);
		for (size_t i = 0; i < nc; i++) {
			const struct pol_section *x = &d->sec[cand[i]];
			jw_obj(&w);
			jw_kstr(&w, "number", x->num);
			jw_kstr(&w, "title", x->title);
			jw_kstr(&w, "penalty", x->penalty);
			char *f = first_para(x->parts[PP_DEFINITION]);
			jw_kstr(&w, "definition", f);
			free(f);
			jw_obj_end(&w);
		}
		jw_arr_end(&w);
		telling_apart(c, d, cand, nc, q.s, cheat, &w);
		jw_key(&w, "most_likely");
		pol_json_section(&w, d, cand[0]);
		if (chap_up)
			jw_kstr(&w, "chapter_upgrades", chap_up);
		if (backup >= 0)
			jw_kstr(&w, "backing_up", d->sec[backup].num);
		if (cheat >= 0)
			jw_kstr(&w, "cheating", d->sec[cheat].num);
		jw_key(&w, "game_rule");
		if (gr.rule != JRID_NONE)
			ps_beside_json(&w, &gr);
		else
			jw_null(&w);
		jw_kstr(&w, "note", "This lays out the IPG; which infraction applies, and any deviation, is the judge's call.");
		jw_obj_end(&w);
		out_puts(c->out, "\n");
		ps_beside_free(&gr);
		free(chap_up);
		sbuf_free(&q);
		return JX_OK;
	}
	struct out *o = c->out;
	out_wrapf(o, 0, "%s%s REL%s%s: the %s, effective %s.", out_sgr(o, OS_BOLD), rel_names[rel], out_sgr(o, OS_RESET),
	    rel_given ? "" : " (assumed; say --rel regular for the JAR)", pol_kind_title(POL_IPG), d->date);
	step(c, 1, "The infractions the description most likely is");
	for (size_t i = 0; i < nc; i++) {
		const struct pol_section *x = &d->sec[cand[i]];
		struct sbuf l = {0};
		sbuf_addf(&l, "%s%s%s %s%s%s (%s)", out_sgr(o, OS_ID), x->num, out_sgr(o, OS_RESET), out_sgr(o, OS_TITLE), x->title,
		    out_sgr(o, OS_RESET), x->penalty);
		out_puts(o, "  ");
		out_wrap(o, l.s, 2, 4);
		sbuf_free(&l);
		char *f = first_para(x->parts[PP_DEFINITION]);
		if (f) {
			out_puts(o, "    ");
			out_wrap(o, f, 4, 4);
		}
		free(f);
	}
	bool named_cheat = telling_apart(c, d, cand, nc, q.s, cheat, NULL);
	/* the dialogue: which one is the judge's choice; what follows is about that one */
	if (dialogue && nc > 1) {
		struct sbuf qq = {0};
		sbuf_addf(&qq, "Which one is it? Its number (");
		for (size_t i = 0; i < nc; i++)
			sbuf_addf(&qq, "%s%s", i ? ", " : "", d->sec[cand[i]].num);
		sbuf_addf(&qq, "; Enter: %s)", d->sec[cand[0]].num);
		char *a = ask(c, qq.s);
		sbuf_free(&qq);
		char *t = a ? trimmed(a) : NULL;
		size_t pick = 0;
		bool known = !t || !*t;
		for (size_t i = 0; t && *t && i < nc; i++) {
			size_t l = strlen(d->sec[cand[i]].num);
			if (strncmp(t, d->sec[cand[i]].num, l) == 0 && (t[l] == '\0' || (t[l] == '.' && t[l + 1] == '\0')))
				pick = i, known = true;
		}
		if (!known)
			out_wrapf(o, 0, "%s(not one of them: the first is laid out)%s", out_sgr(o, OS_DIM), out_sgr(o, OS_RESET));
		free(a);
		if (pick) {
			size_t t0 = cand[0];
			cand[0] = cand[pick];
			cand[pick] = t0;
			s = &d->sec[cand[0]];
			free(chap_up);
			chap_up = chapter_upgrades(d, s);
		}
	}
	/* the game rule the infraction is about, when the rules say one */
	game_rule(c, d, cand[0], q.s, &gr);
	if (gr.rule != JRID_NONE) {
		char id[16];
		struct sbuf l = {0};
		sbuf_addf(&l, "Game rule beside it: %sCR %s%s %s%s%s", out_sgr(o, OS_ID), jrid_str(gr.rule, id),
		    out_sgr(o, OS_RESET), out_sgr(o, OS_TITLE), gr.title ? gr.title : "", out_sgr(o, OS_RESET));
		say(c, l.s);
		sbuf_free(&l);
	}
	ps_beside_free(&gr);
	if (cheat >= 0 && !named_cheat) {
		struct sbuf l = {0};
		sbuf_addf(&l, "If the player knew it was against the rules and did it for an advantage, it is %s instead.",
		    d->sec[cheat].title);
		say(c, l.s);
		sbuf_free(&l);
		cite_line(c, d, &d->sec[cheat], "Definition");
	}
	step(c, 2, "The penalty, if it is the first");
	{
		struct sbuf l = {0};
		sbuf_addf(&l, "%s%s%s for %s.", out_sgr(o, OS_BOLD), s->penalty, out_sgr(o, OS_RESET), s->title);
		say(c, l.s);
		sbuf_free(&l);
		cite_line(c, d, s, "penalty");
	}
	step(c, 3, "The remedy");
	if (s->parts[PP_REMEDY]) {
		pol_print_part(c, NULL, s->parts[PP_REMEDY]);
		cite_line(c, d, s, "Additional Remedy");
	} else
		say(c, "The section has no Additional Remedy: the penalty is the whole of it.");
	if (backup >= 0) {
		char *f = first_para(d->sec[backup].parts[PP_TEXT]);
		struct sbuf l = {0};
		sbuf_addf(&l, "Backing up, where a remedy allows it: %s", f ? f : "");
		say(c, l.s);
		sbuf_free(&l);
		free(f);
		cite_line(c, d, &d->sec[backup], d->sec[backup].title);
	}
	step(c, 4, "Upgrades and downgrades");
	bool any = false;
	if (s->parts[PP_UPGRADE]) {
		pol_print_part(c, "  Upgrade", s->parts[PP_UPGRADE]);
		cite_line(c, d, s, "Upgrade");
		any = true;
	}
	if (s->parts[PP_DOWNGRADE]) {
		pol_print_part(c, "  Downgrade", s->parts[PP_DOWNGRADE]);
		cite_line(c, d, s, "Downgrade");
		any = true;
	}
	if (chap_up) {
		pol_print_part(c, NULL, chap_up);
		cite_line(c, d, &d->sec[s->parent], d->sec[s->parent].title);
		any = true;
	}
	if (!any)
		say(c, "None printed for this infraction.");
	step(c, 5, "Why: the philosophy");
	if (s->parts[PP_PHILOSOPHY]) {
		char *f = first_para(s->parts[PP_PHILOSOPHY]);
		say(c, f);
		free(f);
		cite_line(c, d, s, "Philosophy");
	} else
		say(c, "The section has no Philosophy part.");
	out_puts(o, "\n");
	out_wrapf(o, 0, "%sThis lays out the IPG; which infraction applies, and any deviation (the Head Judge's alone), is the judge's call.%s",
	    out_sgr(o, OS_DIM), out_sgr(o, OS_RESET));
	free(chap_up);
	sbuf_free(&q);
	return JX_OK;
}
