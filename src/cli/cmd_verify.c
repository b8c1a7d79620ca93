/* cmd_verify.c — a question that asks whether a rule number is a topic: "is 704.5j the
 * legend rule?", "is trample 702.19?", "704.5k is the legend rule, right?". A judge asking
 * it wants yes or no first, and the rule the topic really is when the answer is no. The
 * topic is found in the release answering, in this order: a glossary entry of that name
 * (its references), a rule titled so ("Trample"), a name the rules give in quotes (called
 * the "legend rule" (see rule 704.5j)). When none names it, judge says it can't tell,
 * rather than guess from the search's first hit. */
#include "cmd_verify.h"
#include "cmd_rules.h"
#include "../base/buf.h"
#include "../index/index.h"
#include "../render/out.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* words of the question that are not the topic */
static const char *const filler[] = {
	"is", "isn't", "isnt", "was", "wasn't", "does", "doesn't", "the", "a", "an", "rule", "rules",
	"cr", "comprehensive", "that", "this", "it", "number", "called", "cover", "covers",
	"about", "what", "which", "really", "actually", "right", "correct", "true", "or", "not",
	"still", "now", "one", "same", "as", "in", "of", "named", "say", "says", "mean", "means",
	"known", "also", "i", "think", "thought", "so",
};

static bool
is_filler(const char *w)
{
	for (size_t i = 0; i < sizeof filler / sizeof *filler; i++)
		if (strcmp(w, filler[i]) == 0)
			return true;
	return false;
}

/* fold s into a malloc'd buffer (jfold may write a few bytes for one code point) */
static char *
fold_dup(const char *s)
{
	size_t cap = strlen(s) * 3 + 8;
	char *f = malloc(cap);
	if (f)
		jfold(s, f, cap);
	return f;
}

/* a word of the question: lower case, trailing punctuation off */
static size_t
next_word(const char **p, char *w, size_t cap)
{
	const char *s = *p;
	while (*s == ' ' || *s == '\t' || *s == ',' || *s == '?' || *s == '!' || *s == ';')
		s++;
	size_t n = 0;
	while (*s && !strchr(" \t,?!;", *s)) {
		if (n + 1 < cap)
			w[n++] = (char)tolower((unsigned char)*s);
		s++;
	}
	while (n > 0 && (w[n - 1] == '.' || w[n - 1] == ':' || w[n - 1] == ')' || w[n - 1] == '"'))
		n--;
	size_t k = 0;
	while (k < n && (w[k] == '(' || w[k] == '"'))
		k++;
	memmove(w, w + k, n - k);
	n -= k;
	w[n] = '\0';
	*p = s;
	return n;
}

/* Is the question of that form? Sets v->asked and v->topic: the words from the first to the
 * last that is not filler, with a "rule" right after them ("the legend rule"; v->topic_bare
 * without it), the rule number left out. */
static bool
parse_question(const char *query, struct verify *v)
{
	enum { MAXW = 48 };
	char w[MAXW][64];
	bool fill[MAXW], isid[MAXW];
	size_t n = 0;
	const char *p = query;
	bool asks = false;
	int ids = 0;
	while (n < MAXW && *p) {
		if (!next_word(&p, w[n], sizeof w[n]))
			continue;   /* punctuation alone: "((((" */
		const char *e = NULL;
		jrid id = jrid_parse(w[n], &e);
		isid[n] = id != JRID_NONE && e && *e == '\0' && jrid_level(id) != JL_SECTION;
		if (isid[n]) {
			v->asked = id;
			ids++;
		}
		if ((n == 0 && (strcmp(w[n], "was") == 0 || strcmp(w[n], "does") == 0)) ||
		    strcmp(w[n], "is") == 0 || strcmp(w[n], "isn't") == 0 || strcmp(w[n], "isnt") == 0)
			asks = true;
		fill[n] = isid[n] || is_filler(w[n]);
		n++;
	}
	if (*p && n == MAXW)
		return false;
	size_t a = 0, b = n;
	while (a < n && fill[a])
		a++;
	while (b > a && fill[b - 1])
		b--;
	if (!asks || ids != 1 || a == b)
		return false;
	struct sbuf t = {0};
	for (size_t i = a; i < b; i++)
		if (!isid[i])
			sbuf_addf(&t, "%s%s", t.len ? " " : "", w[i]);
	/* curly quotes and accents folded, quotes dropped: "is 702.19b “trample”" */
	char *f = fold_dup(t.s);
	size_t k = 0;
	for (size_t i = 0; f && f[i]; i++)
		if (f[i] != '"')
			f[k++] = f[i];
	if (f)
		f[k] = '\0';
	sbuf_reset(&t);
	sbuf_adds(&t, f ? f : "");
	free(f);
	bool ok = t.len > 0 && t.len < sizeof v->topic - 8;
	if (ok) {
		snprintf(v->topic_bare, sizeof v->topic_bare, "%s", t.s);
		if (b < n && (strcmp(w[b], "rule") == 0 || strcmp(w[b], "rules") == 0))
			sbuf_addf(&t, " %s", w[b]);
		snprintf(v->topic, sizeof v->topic, "%s", t.s);
		v->the = a > 0 && strcmp(w[a - 1], "the") == 0;
	}
	sbuf_free(&t);
	return ok;
}

/* a and b the same once folded, hyphens read as spaces ("leaves-the-battlefield") and a
 * plural s at the end left out ("abilities" for "ability" is asked of the stem "abilit") */
static size_t
stem_len(const char *w)
{
	size_t l = strlen(w);
	if (l > 3 && strcmp(w + l - 3, "ies") == 0)
		return l - 3;
	return l > 1 && (w[l - 1] == 's' || w[l - 1] == 'y') ? l - 1 : l;
}

static bool
same_words(const char *a, const char *b)
{
	size_t la = stem_len(a), lb = stem_len(b);
	if (la != lb)
		return false;
	for (size_t i = 0; i < la; i++) {
		char x = a[i] == '-' ? ' ' : a[i], y = b[i] == '-' ? ' ' : b[i];
		if (x != y)
			return false;
	}
	return true;
}

/* the name a rule's text gives a topic in quotes: "...called the “legend rule” (see rule
 * 704.5j)" names 704.5j; "This is called the "legend rule."" names the rule itself */
static uint32_t
quoted_name(const struct jrelease *rel, const char *topic, uint32_t *where)
{
	size_t tl = strlen(topic);
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const struct jrule *r = &rel->rules[i];
		if (!r->text || (!strchr(r->text, '"') && !strstr(r->text, "\xe2\x80\x9c")))
			continue;
		char *f = fold_dup(r->text);
		if (!f)
			continue;
		for (char *q = strchr(f, '"'); q; q = strchr(q + 1, '"')) {
			if (strncmp(q + 1, topic, tl) != 0)
				continue;
			const char *e = q + 1 + tl;
			while (*e == '.' || *e == ',')
				e++;
			if (*e != '"')
				continue;
			/* a reference right after it: "(see rule 704.5j)" */
			uint32_t got = i;
			const char *see = strstr(e, "(see rule ");
			if (see && see - e < 6) {
				const char *end = NULL;
				jrid id = jrid_parse(see + 10, &end);
				uint32_t k = id != JRID_NONE ? jrel_find(rel, id) : JNONE;
				if (k != JNONE)
					got = k;
			}
			free(f);
			*where = i;
			return got;
		}
		free(f);
	}
	return JNONE;
}

/* the rules rel gives a topic, by the first way that names it; v->how says which */
static size_t
topic_rules(const struct jrelease *rel, const char *topic, struct verify *v, uint32_t *out, size_t cap)
{
	if (!topic[0])
		return 0;
	uint32_t g = jrel_define(rel, topic);
	char gf[256];
	for (uint32_t k = 0; g == JNONE && k < rel->ngloss; k++) {
		jfold(rel->gloss[k].head, gf, sizeof gf);
		if (same_words(gf, topic))
			g = k;
		for (uint32_t a = 0; g == JNONE && a < rel->gloss[k].naliases; a++) {
			jfold(rel->gloss[k].aliases[a], gf, sizeof gf);
			if (same_words(gf, topic))
				g = k;
		}
	}
	if (g != JNONE && rel->gloss[g].nrefs) {
		const struct jgloss *e = &rel->gloss[g];
		uint32_t named = rules_named_by_gloss(rel, g);
		size_t n = 0;
		if (named != JNONE)
			out[n++] = named;
		for (uint32_t k = 0; k < e->nrefs && n < cap; k++)
			if (e->refs[k] != named)
				out[n++] = e->refs[k];
		snprintf(v->how, sizeof v->how, "by the glossary's \xe2\x80\x9c%s\xe2\x80\x9d", e->head);
		return n;
	}
	char tf[256];
	for (uint32_t i = 0; i < rel->nrules; i++) {
		if (!rel->rules[i].title)
			continue;
		jfold(rel->rules[i].title, tf, sizeof tf);
		size_t tl = strlen(tf), ql = strlen(topic);
		/* "trample", "state-based actions"; a plural asked of a singular title or back */
		if (same_words(tf, topic) || (tl + 1 == ql && topic[tl] == 's' && strncmp(tf, topic, tl) == 0) ||
		    (ql + 1 == tl && tf[ql] == 's' && strncmp(tf, topic, ql) == 0)) {
			out[0] = i;
			snprintf(v->how, sizeof v->how, "by its title");
			return 1;
		}
	}
	/* a name of two words or more that ends a title: "golden rule" for 101 "The Magic
	 * Golden Rules" */
	if (strchr(topic, ' '))
		for (uint32_t i = 0; i < rel->nrules; i++) {
			if (!rel->rules[i].title)
				continue;
			jfold(rel->rules[i].title, tf, sizeof tf);
			for (const char *sp = strchr(tf, ' '); sp; sp = strchr(sp + 1, ' '))
				if (same_words(sp + 1, topic)) {
					out[0] = i;
					snprintf(v->how, sizeof v->how, "by its title, \xe2\x80\x9c%s\xe2\x80\x9d",
					    rel->rules[i].title);
					return 1;
				}
		}
	/* a rule whose text starts by naming it: "613.1f Layer 6: Ability-adding effects..." */
	size_t ql = strlen(topic);
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const char *t = rel->rules[i].text;
		if (!t || strlen(t) < ql + 1)
			continue;
		char head[128];
		snprintf(head, sizeof head, "%.*s", (int)(ql + 8 < sizeof head ? ql + 8 : sizeof head - 1), t);
		char hf[256];
		jfold(head, hf, sizeof hf);
		/* or, in a scraped fragment whose titles ran into the text, "Trample 502.9a ..." */
		const char *e = NULL;
		bool titled = hf[ql] == ' ' && !rel->rules[i].title && jrid_parse(hf + ql + 1, &e) != JRID_NONE;
		if (strncmp(hf, topic, ql) == 0 && (hf[ql] == ':' || hf[ql] == '.' || hf[ql] == '\0' || titled)) {
			out[0] = i;
			snprintf(v->how, sizeof v->how, "by its first words");
			return 1;
		}
	}
	uint32_t where;
	uint32_t q = quoted_name(rel, topic, &where);
	if (q != JNONE) {
		out[0] = q;
		snprintf(v->how, sizeof v->how, "by the name rule %s gives it", rel->rules[where].num);
		return 1;
	}
	return 0;
}

static void
set_topic_rules(struct verify *v, const struct jrelease *rel)
{
	uint32_t got[VERIFY_MAX];
	size_t n = topic_rules(rel, v->topic, v, got, VERIFY_MAX);
	if (n == 0 && strcmp(v->topic, v->topic_bare) != 0)
		n = topic_rules(rel, v->topic_bare, v, got, VERIFY_MAX);
	v->ntopic = n;
	for (size_t i = 0; i < n; i++)
		v->topic_ids[i] = rel->rules[got[i]].id;
	v->topic_rel = n ? rel : NULL;
}

/* what rule i is, in a few words: its title, a glossary entry naming it alone, or a name
 * the rules give it in quotes; else its first words */
static void
describe(const struct jrelease *rel, uint32_t i, char *buf, size_t cap)
{
	const struct jrule *r = &rel->rules[i];
	if (r->title) {
		snprintf(buf, cap, "%s", r->title);
		return;
	}
	/* a scraped fragment whose title ran into the text: "Trample 502.9a Trample is ..." */
	const char *t = r->text ? r->text : "";
	for (const char *sp = strchr(t, ' '); sp && sp - t < 48; sp = strchr(sp + 1, ' ')) {
		const char *e = NULL;
		jrid id = jrid_parse(sp + 1, &e);
		if (id != JRID_NONE && jrid_within(id, r->id) && id != r->id) {
			snprintf(buf, cap, "%.*s", (int)(sp - t), t);
			return;
		}
	}
	for (uint32_t g = 0; g < rel->ngloss; g++)
		if (rel->gloss[g].nrefs == 1 && rel->gloss[g].refs[0] == i && !rel->gloss[g].obsolete) {
			snprintf(buf, cap, "the %s", rel->gloss[g].head);
			for (char *p = buf + 4; *p; p++)
				*p = (char)tolower((unsigned char)*p);
			return;
		}
	/* "... also called the “world rule” (see rule 704.5k)" */
	char numsee[48];
	snprintf(numsee, sizeof numsee, "(see rule %s)", r->num);
	for (uint32_t k = 0; k < rel->nrules; k++) {
		const char *kt = rel->rules[k].text;
		if (!kt || !strstr(kt, numsee))
			continue;
		char *f = fold_dup(kt);
		if (!f)
			continue;
		char *fs = strstr(f, numsee);
		/* the quoted words just before it */
		char *close = fs;
		while (close > f && (close[-1] == ' ' || close[-1] == '.' || close[-1] == ','))
			close--;
		if (fs && close > f && close[-1] == '"') {
			char *open = close - 1;
			while (open > f && open[-1] != '"')
				open--;
			if (open > f && close - 1 - open > 1 && close - 1 - open < 48) {
				snprintf(buf, cap, "the %.*s", (int)(close - 1 - open), open);
				free(f);
				return;
			}
		}
		free(f);
	}
	rules_label(rel, i, buf, cap);
	size_t nl = strlen(r->num);
	if (strncmp(buf, r->num, nl) == 0 && buf[nl] == ' ')
		memmove(buf, buf + nl + 1, strlen(buf + nl + 1) + 1);
}

bool
verify_question(struct jctx *c, const struct jrelease *from, const char *query, struct verify *v)
{
	memset(v, 0, sizeof *v);
	if (!query || strlen(query) > 300 || !parse_question(query, v))
		return false;
	const struct jrelease *rel = from ? from : c->rel;
	if (!rel)
		return false;
	jrid_str(v->asked, v->asked_s);
	uint32_t ai = jrel_find(rel, v->asked);
	/* the built-in texts are parts of old releases: the newest that has the rule answers */
	if (ai == JNONE && rules_only_partial(c->ix))
		for (uint32_t k = 0; k < c->ix->nrels; k++) {
			const struct jrelease *o = c->ix->rels[k];
			uint32_t oi = jrel_find(o, v->asked);
			if (oi != JNONE && (ai == JNONE || rules_age(o) > rules_age(rel))) {
				rel = o;
				ai = oi;
			}
		}
	v->rel = rel;
	set_topic_rules(v, rel);
	/* the built-in texts are parts of old releases: another may know the topic */
	if (!v->ntopic && rules_only_partial(c->ix))
		for (uint32_t k = 0; k < c->ix->nrels && !v->ntopic; k++)
			if (c->ix->rels[k] != rel)
				set_topic_rules(v, c->ix->rels[k]);
	if (ai != JNONE)
		describe(rel, ai, v->asked_is, sizeof v->asked_is);
	if (ai == JNONE) {
		/* a whole release that knows the topic answers no; a partial text can't tell */
		v->missing = true;
		v->answer = v->ntopic && v->topic_rel == rel && !rel->truncated && !rel->fragment ? VERIFY_NO
		                                                                              : VERIFY_UNKNOWN;
	} else if (!v->ntopic || v->topic_rel != rel) {
		v->answer = VERIFY_UNKNOWN;
	} else {
		v->answer = VERIFY_NO;
		for (size_t i = 0; i < v->ntopic; i++) {
			if (v->topic_ids[i] == v->asked) {
				v->answer = VERIFY_YES;
				break;
			}
			if (jrid_within(v->topic_ids[i], v->asked) || jrid_within(v->asked, v->topic_ids[i]))
				v->answer = VERIFY_PART;
		}
	}
	return true;
}

static void
ids_list(const struct verify *v, struct sbuf *b)
{
	for (size_t i = 0; i < v->ntopic; i++) {
		char s[16];
		sbuf_addf(b, "%s%s", i == 0 ? "" : i + 1 == v->ntopic ? " and " : ", ", jrid_str(v->topic_ids[i], s));
	}
}

void
verify_text(const struct verify *v, struct sbuf *b)
{
	char era[160], tera[160];
	rules_era(v->rel, false, era, sizeof era);
	struct sbuf ids = {0};
	ids_list(v, &ids);
	const char *the = v->the ? "the " : "";
	char cap[160];   /* the topic starting a sentence: "The legend rule", "Trample" */
	snprintf(cap, sizeof cap, "%s%s", the, v->topic);
	cap[0] = (char)toupper((unsigned char)cap[0]);
	switch (v->answer) {
	case VERIFY_YES:
		sbuf_addf(b, "Yes: %s is %s%s (%s), in %s.", v->asked_s, the, v->topic, v->how, era);
		break;
	case VERIFY_PART: {
		bool inside = false;
		for (size_t i = 0; i < v->ntopic; i++)
			inside = inside || jrid_within(v->asked, v->topic_ids[i]);
		if (inside)
			sbuf_addf(b, "Yes: %s is part of %s, %s%s (%s), in %s.", v->asked_s, ids.s, the, v->topic,
			    v->how, era);
		else
			sbuf_addf(b, "In part: %s%s is %s (%s), one of the rules under %s, in %s.", the, v->topic,
			    ids.s, v->how, v->asked_s, era);
		break;
	}
	case VERIFY_NO:
		if (v->missing)
			sbuf_addf(b, "No: there is no rule %s. %s is %s (%s), in %s.", v->asked_s, cap, ids.s, v->how, era);
		else
			sbuf_addf(b, "No: %s is %s. %s is %s (%s), in %s.", v->asked_s, v->asked_is, cap, ids.s, v->how, era);
		break;
	case VERIFY_UNKNOWN:
		if (v->missing) {
			sbuf_addf(b, "%s is not in %s%s.", v->asked_s, era,
			    v->rel->truncated || v->rel->fragment ? ", a partial text" : "");
			if (v->ntopic) {
				rules_era(v->topic_rel, false, tera, sizeof tera);
				sbuf_addf(b, " %s is %s%s (%s)", cap, ids.s, v->topic_rel == v->rel ? " there" : "", v->how);
				if (v->topic_rel != v->rel)
					sbuf_addf(b, " in %s", tera);
				sbuf_adds(b, "; rules are renumbered between releases, so judge can't tell "
				    "whether it is the rule you mean.");
			} else {
				sbuf_addf(b, " Judge can't tell which rule \xe2\x80\x9c%s\xe2\x80\x9d is.", v->topic);
			}
			if (v->rel->truncated || v->rel->fragment)
				sbuf_adds(b, " Load a complete release (`judge update`, or --rules FILE) to check.");
		} else {
			sbuf_addf(b, "Judge can't tell: %s is %s, but no glossary entry, rule title or name the "
			    "rules give in quotes is \xe2\x80\x9c%s\xe2\x80\x9d in %s. The search below is what the "
			    "words matched.", v->asked_s, v->asked_is, v->topic, era);
		}
		break;
	}
	sbuf_free(&ids);
}

void
verify_print(struct jctx *c, const struct verify *v)
{
	struct sbuf b = {0};
	verify_text(v, &b);
	out_printf(c->out, "%s", out_sgr(c->out, v->answer == VERIFY_UNKNOWN ? OS_WARN : OS_BOLD));
	out_wrap(c->out, b.s, 0, 0);
	out_printf(c->out, "%s", out_sgr(c->out, OS_RESET));
	sbuf_free(&b);
}

void
verify_json(struct jw *w, const struct verify *v)
{
	static const char *const names[] = { "unknown", "yes", "partly", "no" };
	struct sbuf b = {0};
	verify_text(v, &b);
	jw_obj(w);
	jw_kstr(w, "kind", "verdict");
	jw_kstr(w, "answer", names[v->answer]);
	jw_kstr(w, "rule", v->asked_s);
	jw_kstr(w, "topic", v->topic);
	jw_kstr(w, "release", v->rel->label);
	if (!v->missing)
		jw_kstr(w, "rule_is", v->asked_is);
	if (v->ntopic) {
		jw_krids(w, "topic_rules", v->topic_ids, v->ntopic);
		jw_kstr(w, "topic_release", v->topic_rel->label);
		jw_kstr(w, "found_by", v->how);
	}
	jw_kstr(w, "text", b.s);
	jw_obj_end(w);
	sbuf_free(&b);
}
