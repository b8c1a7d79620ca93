/* cmd_search_policy.c — the policy documents inside `judge search`: the in:ipg, in:mtr, in:jar,
 * in:policy and in:cr filters, ranking the loaded documents' sections, deciding whether a
 * question is about tournament policy (then its sections come first and the rules after
 * them) and printing those hits as text or JSON. Kept apart from cmd_search.c, which only
 * calls the functions of cmd_search_policy.h. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cmd_policy.h"
#include "cmd_rules.h"
#include "cmd_search_policy.h"

#define PS_MAX 10

static struct {
	struct pol_hit hit[PS_MAX];
	size_t n;
	bool first;             /* policy before the rules */
	bool active;
	double odds;            /* pol_index_policy_odds of the question, for -v */
	const char *topic;      /* the tournament situation it names (srch_policy_topic), for -v */
	bool named, syn;        /* it names a section by title, a thesaurus phrase: for -v */
	struct ps_beside beside;        /* the game rule beside the first hit */
	bool whole;                     /* a whole CR release answers (not the built-in partial texts) */
} ps;

int
ps_filter(const char *word)
{
	static const struct { const char *w; int mask; } f[] = {
		{ "in:ipg", 1 << POL_IPG }, { "in:mtr", 1 << POL_MTR }, { "in:jar", 1 << POL_JAR },
		{ "in:policy", (1 << POL_IPG) | (1 << POL_MTR) | (1 << POL_JAR) },
		{ "in:tr", 1 << POL_MTR }, { "in:cr", PS_CR_ONLY },
	};
	for (size_t i = 0; i < sizeof f / sizeof *f; i++)
		if (strcasecmp(word, f[i].w) == 0)
			return f[i].mask;
	return 0;
}

struct pol_index *
ps_index_for(struct jctx *c)
{
	struct pol_set *S = pol_set_for(c);
	if (S->n == 0)
		return NULL;
	if (!S->index) {
		S->index = pol_index_new();
		/* every loaded edition; the newest of each kind answers first (pol_index_add) */
		for (size_t i = 0; i < S->n; i++)
			pol_index_add(S->index, S->docs[i], S->docs[i] != pol_set_newest(S, S->docs[i]->kind));
		const char *dirs[] = { c->datadir, ".", c->install_datadir };
		for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
			if (!dirs[i])
				continue;
			struct sbuf p = {0};
			sbuf_addf(&p, "%s/corpus/policy-words.tsv", dirs[i]);
			struct diags d = {0};
			int n = pol_index_thesaurus(S->index, p.s, &d);
			diag_print(stderr, &d, DL_WARNING);
			diag_clear(&d);
			sbuf_free(&p);
			if (n >= 0)
				break;
		}
		const char *x = getenv("XDG_CONFIG_HOME");
		struct sbuf u = {0};
		if (x && *x == '/')
			sbuf_addf(&u, "%s/judge/policy-words.tsv", x);
		else if (getenv("HOME"))
			sbuf_addf(&u, "%s/.config/judge/policy-words.tsv", getenv("HOME"));
		if (u.len) {
			struct diags d = {0};
			pol_index_thesaurus(S->index, u.s, &d);
			diag_print(stderr, &d, DL_WARNING);
			diag_clear(&d);
		}
		sbuf_free(&u);
	}
	return S->index;
}

/* Words that say a question is about running a tournament rather than playing the game. */
static const char *const policy_words[] = { "judge", "penalty", "penalties", "warning", "infraction",
	"late", "tardy", "tardiness", "spectator", "spectators", "sleeve", "sleeves", "decklist", "decklists",
	"registration", "registered", "deck check", "marked", "shuffle", "shuffling", "shuffled", "cheat",
	"cheating", "cheated", "bribe", "bribery", "bet", "betting", "wager", "concede", "conceded", "intentional draw",
	"prize", "prizes", "slow", "slowly", "stall", "stalling", "time", "round", "draft", "drafting", "pick",
	"notes", "phone", "advice", "lied", "lie", "swore", "steal", "stole", "disqualification",
	"disqualified", "game loss", "match loss", "tournament", "rel", "competitive", "regular", "sideboard",
	"proxy", "proxies", "tiebreaker", "tiebreakers", "mulligan", "mulliganed", "extra card", "forgot",
	"forgets", "missed", "accidentally", "by accident", "illegal", "opponent didn't", "didn't notice", NULL };

/* q lowered, its other characters spaces, with a space at each end: phrases match whole words */
static void
words_lowered(const char *q, char *low, size_t cap)
{
	size_t n = 0;
	low[n++] = ' ';
	for (const char *p = q; *p && n + 2 < cap; p++)
		low[n++] = isalnum((unsigned char)*p) || *p == '\'' ? (char)tolower((unsigned char)*p) : ' ';
	low[n++] = ' ';
	low[n] = '\0';
}

/* Does the question name one of these sections by its printed title ("hidden card error",
 * "game rule violation")? The part after the last dash is the name judges use. Only titles of
 * two words or more, so a one-word title ("Tardiness", "Shortcuts") stays an ordinary word. */
static bool
names_section(const char *low, const struct pol_hit *h)
{
	char tl[256];
	{
		const char *t = h->doc->sec[h->sec].title;
		if (!t)
			return false;
		const char *dash = strstr(t, "\u2014");
		while (dash && strstr(dash + 1, "\u2014"))
			dash = strstr(dash + 1, "\u2014");
		words_lowered(dash ? dash + 3 : t, tl, sizeof tl);
		/* squeeze runs of spaces, so "Game Play Error  —" reads as words */
		size_t k = 0;
		for (size_t j = 0; tl[j]; j++)
			if (!(tl[j] == ' ' && k && tl[k - 1] == ' '))
				tl[k++] = tl[j];
		tl[k] = '\0';
		return k >= 6 && strchr(tl + 1, ' ') != tl + k - 1 && strstr(low, tl) != NULL;
	}
}

/* The sections the question names by title move to the front, in their ranked order; true
 * when there was one. */
static bool
named_sections_first(const char *q, struct pol_hit *hit, size_t n)
{
	char low[512];
	words_lowered(q, low, sizeof low);
	struct pol_hit named[PS_MAX], rest[PS_MAX];
	size_t a = 0, b = 0;
	for (size_t i = 0; i < n && i < PS_MAX; i++) {
		if (names_section(low, &hit[i]))
			named[a++] = hit[i];
		else
			rest[b++] = hit[i];
	}
	memcpy(hit, named, a * sizeof *hit);
	memcpy(hit + a, rest, b * sizeof *hit);
	return a > 0;
}

static bool
looks_policy(const char *q)
{
	char low[512];
	words_lowered(q, low, sizeof low);
	for (int i = 0; policy_words[i]; i++) {
		char pat[64];
		snprintf(pat, sizeof pat, " %s ", policy_words[i]);
		if (strstr(low, pat))
			return true;
	}
	return false;
}

/* At most 200 bytes of the n of t, never cutting a UTF-8 character in two. */
static size_t
snip_len(const char *t, size_t n)
{
	if (n <= 200)
		return n;
	n = 200;
	while (n > 0 && ((unsigned char)t[n] & 0xC0) == 0x80)
		n--;
	return n;
}

/* One policy hit's heading line: document, number, title, penalty (score with -v). */
static void
ps_hit_line(struct jctx *c, struct out *o, size_t i)
{
	const struct pol_doc *d = ps.hit[i].doc;
	const struct pol_section *s = &d->sec[ps.hit[i].sec];
	struct sbuf l = {0};
	sbuf_addf(&l, "%s%s ", out_sgr(o, OS_ID), pol_doc_short(d));
	if (s->appendix)
		sbuf_addf(&l, "Appendix %s", s->num);
	else
		sbuf_adds(&l, *s->num ? s->num : s->id);
	sbuf_addf(&l, "%s %s%s%s", out_sgr(o, OS_RESET), out_sgr(o, OS_TITLE), s->title, out_sgr(o, OS_RESET));
	if (s->penalty)
		sbuf_addf(&l, " %s(%s)%s", out_sgr(o, OS_DIM), s->penalty, out_sgr(o, OS_RESET));
	if (d != pol_set_newest(pol_set_for(c), d->kind))
		sbuf_addf(&l, " %s[the %s edition]%s", out_sgr(o, OS_WARN), d->date[0] ? d->date : "undated",
		    out_sgr(o, OS_RESET));
	if (c->verbose)
		sbuf_addf(&l, "  %s[%.2f]%s", out_sgr(o, OS_DIM), ps.hit[i].score, out_sgr(o, OS_RESET));
	out_wrap(o, l.s, 0, 4);
	sbuf_free(&l);
}

static uint32_t
rules_df(void *ctx, const char *word, size_t n)
{
	return srch_word_df(ctx, word, n);
}

static void
ps_clear(void)
{
	ps_beside_free(&ps.beside);
	memset(&ps, 0, sizeof ps);
}

size_t
ps_run(struct jctx *c, const char *query, int mask, size_t limit, struct srch *rules)
{
	ps_clear();
	if (mask & PS_CR_ONLY)
		return 0;
	struct pol_index *ix = ps_index_for(c);
	if (!ix)
		return 0;
	bool only = mask != 0;
	if (!mask)
		mask = (1 << POL_IPG) | (1 << POL_MTR) | (1 << POL_JAR);
	mask |= POL_MASK_OLD;
	size_t max = limit < PS_MAX ? limit : PS_MAX;
	if (!only && max > 3)
		max = 3;
	/* ranked deeper than shown, so a section the question names by title is not lost below */
	ps.n = pol_index_run(ix, query, mask, ps.hit, PS_MAX);
	bool named = named_sections_first(query, ps.hit, ps.n);
	if (ps.n > max)
		ps.n = max;
	ps.active = true;
	ps.whole = rules && c->ix && !rules_only_partial(c->ix);
	/* Policy first when the question names a section by title; when it names a tournament
	 * situation (srch_policy_topic: late, a spectator, a deck check, a mistake noticed
	 * afterwards ...) unless its words are overwhelmingly the rules'; when a players' phrase
	 * of the thesaurus names one and the words are not against it (not for it, when the
	 * question is asked, "how does mulligan work", or names a card); or when its words belong
	 * to the documents far more than to the rules (pol_index_policy_odds: what the documents
	 * and the rules themselves say). The thresholds were set on tests/search/policy-questions.tsv
	 * and policy-dev.tsv against the rules questions of tests/search/questions.tsv and
	 * train2-4.tsv (tests/bench/bench-policy.sh counts both sides). */
	double odds = -1;
	if (rules && srch_ndocs(rules)) {
		struct srch_stats st;
		srch_stats(rules, &st);
		odds = pol_index_policy_odds(ix, query, rules_df, rules, (uint32_t)st.ntokens, NULL);
	} else if (looks_policy(query))
		odds = 2;   /* no rules to weigh the words against */
	bool syn = pol_index_matched_synonyms(ix) > 0;
	/* a question naming a card the documents name in an example ("Serum Powder … mulligan")
	 * is asked about that card more often than told as a floor call */
	bool names = pol_index_names(ix, query) > 0;
	ps.topic = srch_policy_topic(query, false);
	ps.odds = odds;
	ps.named = named;
	ps.syn = syn;
	ps.first = only || (ps.n && (named || odds >= 1.2 || (ps.topic && odds >= -4) ||
	    (syn && odds >= (pol_query_asked(query) || names ? 0 : -1.1))));
	/* beside the rules, a policy hit with a weak score is noise */
	if (!only && !ps.first) {
		size_t k = 0;
		for (size_t i = 0; i < ps.n; i++)
			if (ps.hit[i].score >= 8.0f)
				ps.hit[k++] = ps.hit[i];
		ps.n = k;
	}
	return ps.n;
}

/* The title a rule hit reads under: its own ("603. Handling Triggered Abilities"), else the
 * first of the titles it sits under (305.2: "Playing Lands"); malloc'd. */
static char *
rule_title(struct srch *rules, uint32_t doc)
{
	const char *t = srch_doc_title(rules, doc);
	if (!t || !*t)
		t = srch_doc_context(rules, doc);
	return xstrndup(t ? t : "", t ? strcspn(t, ";") : 0);
}

/* The titled part of the rules a hit is in: the first of the titles it sits under ("603.7e":
 * Handling Triggered Abilities, "702.106a": Hidden Agenda), else its own ("603"); malloc'd. */
static char *
unit_title(struct srch *rules, uint32_t doc)
{
	const char *t = srch_doc_context(rules, doc);
	if (!t || !*t)
		t = srch_doc_title(rules, doc);
	return xstrndup(t ? t : "", t ? strcspn(t, ";") : 0);
}

/* Does the section, or the chapter it belongs to, speak of the game's rules: cite a CR rule
 * or name the Comprehensive Rules (the IPG's Game Play Errors: "violations of the Magic
 * Comprehensive Rules")? Then a question about it has a game rule behind it. */
static bool
speaks_of_rules(const struct pol_doc *d, size_t sec, size_t ncites)
{
	if (ncites)
		return true;
	for (int k = (int)sec; k >= 0; k = d->sec[k].parent) {
		for (int p = 0; p < PP_N; p++)
			if (d->sec[k].parts[p] && strstr(d->sec[k].parts[p], "Comprehensive Rules"))
				return true;
		if (d->sec[k].parent == k)
			break;
	}
	return false;
}

/* The stems of text's words that the rules do not pass over and that are not everywhere in
 * them ("card", "game", "creature": in more than one rule in seven), " s1 s2 ... " into out. */
static void
rule_stems(struct srch *rules, const char *text, struct sbuf *out)
{
	uint32_t everywhere = srch_ndocs(rules) / 7;
	sbuf_reset(out);
	sbuf_addc(out, ' ');
	for (const char *p = text; *p;) {
		if (!isalnum((unsigned char)*p)) {
			p++;
			continue;
		}
		const char *w = p;
		while (isalnum((unsigned char)*p))
			p++;
		char folded[64], stem[64];
		size_t fl = srch_fold(w, (size_t)(p - w), folded, sizeof folded);
		uint32_t df = fl < 3 ? UINT32_MAX : srch_word_df(rules, folded, fl);
		if (df == UINT32_MAX || df > everywhere)
			continue;
		size_t sl = srch_stem(rules, folded, fl, stem, sizeof stem);
		if (sl)
			sbuf_addf(out, "%.*s ", (int)sl, stem);
	}
}

/* Do two " s1 s2 ... " lists of rule_stems() share a stem? */
static bool
stems_meet(const char *a, const char *b)
{
	for (const char *p = a + (*a == ' '); *p;) {
		size_t l = strcspn(p, " ");
		char pat[70];
		if (l && l + 3 < sizeof pat) {
			snprintf(pat, sizeof pat, " %.*s ", (int)l, p);
			if (strstr(b, pat))
				return true;
		}
		p += l;
		while (*p == ' ')
			p++;
	}
	return false;
}

void
ps_beside_prepare(struct srch *rules, const struct pol_doc *d, size_t sec, struct ps_beside *b)
{
	memset(b, 0, sizeof *b);
	b->doc = d;
	b->sec = sec;
	if (!rules || !d || sec >= d->nsec)
		return;
	const struct pol_section *ps_ = &d->sec[sec];
	/* the rules it cites ("rule 103.4", "CR 603.2") */
	char *text = pol_section_text(d, sec);
	struct pol_ref refs[16];
	size_t nr = pol_text_refs(text, d->kind, refs, 16);
	for (size_t i = 0; i < nr && b->ncites < sizeof b->cites / sizeof *b->cites; i++)
		if (refs[i].kind == POL_NKIND) {
			jrid id = jrid_from_str(refs[i].target);
			if (id != JRID_NONE)
				b->cites[b->ncites++] = id;
		}
	free(text);
	b->behind = speaks_of_rules(d, sec, b->ncites);
	/* what its name finds in the rules: the part after the last dash, the name judges use
	 * ("Game Play Error — Missed Trigger") */
	const char *t = ps_->title;
	if (!t)
		return;
	for (const char *dash; (dash = strstr(t, "\u2014")) != NULL;)
		t = dash + 3;
	struct srch_result tr;
	struct diags dg = {0};
	memset(&tr, 0, sizeof tr);
	srch_run(rules, t, PS_BESIDE_MAX, &tr, &dg);
	/* only where the title of the part of the rules shares a word with the name (Missed
	 * Trigger: 603 Handling Triggered Abilities), not a rule that happens to use its words
	 * (Game Rule Violation: 701.14 Play) */
	struct sbuf ns = {0}, us = {0};
	rule_stems(rules, t, &ns);
	for (size_t i = 0; !tr.error && i < tr.nshown && b->nnamed < PS_BESIDE_MAX; i++) {
		jrid id = srch_doc_rule(rules, tr.hits[i].doc);
		if (id == JRID_NONE)
			continue;
		char *u = unit_title(rules, tr.hits[i].doc);
		rule_stems(rules, u, &us);
		if (!stems_meet(ns.s, us.s)) {
			free(u);
			continue;
		}
		b->named_title[b->nnamed] = u;
		b->named[b->nnamed++] = id;
	}
	sbuf_free(&ns);
	sbuf_free(&us);
	srch_result_free(&tr);
	diag_clear(&dg);
}

/* The first rule among r's hits (examples stand for their rule); JRID_NONE when none, and
 * *at gets its place. */
static jrid
first_rule(struct srch *rules, const struct srch_result *r, size_t from, size_t *at)
{
	for (size_t k = from; k < r->nshown; k++) {
		if (srch_doc_kind(rules, r->hits[k].doc) == SK_GLOSSARY)
			continue;
		jrid id = srch_doc_rule(rules, r->hits[k].doc);
		if (id != JRID_NONE) {
			*at = k;
			return id;
		}
	}
	return JRID_NONE;
}

jrid
ps_beside_choose(struct srch *rules, struct ps_beside *b, struct srch_result *r, size_t limit,
    const char *query)
{
	b->rule = JRID_NONE;
	/* only a section about the game's rules has a game rule beside it: Slow Play shares
	 * a word with 701.14 Play and nothing more */
	if (!rules || !r || r->error || !b->behind)
		return JRID_NONE;
	struct sbuf qs = {0}, ts = {0};
	rule_stems(rules, query, &qs);
	/* 1. a rule the section's name finds, when the question names a word of the titled part
	 * of the rules it is in ("his upkeep trigger": 603 Handling Triggered Abilities), or
	 * when the question's own first rule is in that part (not merely its chapter: 702
	 * holds every keyword) */
	size_t at = 0;
	jrid own = first_rule(rules, r, 0, &at);
	char *own_unit = own != JRID_NONE ? unit_title(rules, r->hits[at].doc) : NULL;
	for (int pass = 0; pass < 2 && b->rule == JRID_NONE; pass++)
		for (size_t i = 0; i < b->nnamed && b->rule == JRID_NONE; i++) {
			if (!b->named_title[i][0])
				continue;
			bool near = false;
			if (pass == 0) {
				rule_stems(rules, b->named_title[i], &ts);
				near = stems_meet(ts.s, qs.s);
			} else
				near = own_unit && strcasecmp(own_unit, b->named_title[i]) == 0;
			if (near) {
				b->rule = b->named[i];
				b->how = "what the section's name finds in the rules";
			}
		}
	free(own_unit);
	sbuf_free(&qs);
	sbuf_free(&ts);
	/* 2. the question's own first hit in the part of the rules the section cites (in the
	 * question's release: "rule 103.4" of an older document may be 103.5 now) */
	for (size_t i = 0; i < b->ncites && b->rule == JRID_NONE; i++)
		for (size_t k = 0; k < r->nshown && k < 5 && b->rule == JRID_NONE; k++) {
			jrid id = srch_doc_rule(rules, r->hits[k].doc);
			if (id != JRID_NONE && srch_doc_kind(rules, r->hits[k].doc) != SK_GLOSSARY &&
			    JRID_CHAP(id) == JRID_CHAP(b->cites[i]) && JRID_CHAP(id) >= 100) {
				b->rule = id;
				b->how = "the question's rule in the part of the rules the section cites";
			}
		}
	/* 3. the rule the question's own words find, the one a Game Rule Violation broke ("a
	 * second land this turn": 305.2) */
	if (b->rule == JRID_NONE && (b->rule = first_rule(rules, r, 0, &at)) != JRID_NONE)
		b->how = "the question's own rule, the section being about the game's rules";
	if (b->rule == JRID_NONE)
		return JRID_NONE;
	/* a little above the best the words earned: first among the rules, never tied */
	float w = 1.05f;
	if (first_rule(rules, r, 0, &at) != b->rule)
		srch_boost_rules(rules, r, &b->rule, &w, 1, limit);
	free(b->title);
	b->title = NULL;
	for (size_t k = 0; k < r->nshown && !b->title; k++)
		if (srch_doc_rule(rules, r->hits[k].doc) == b->rule && srch_doc_kind(rules, r->hits[k].doc) == SK_RULE)
			b->title = rule_title(rules, r->hits[k].doc);
	return b->rule;
}

void
ps_beside_json(struct jw *w, const struct ps_beside *b)
{
	char id[16];
	jw_obj(w);
	jw_kstr(w, "id", jrid_str(b->rule, id));
	jw_kstr(w, "title", b->title);
	jw_kstr(w, "found_by", b->how);
	jw_obj_end(w);
}

void
ps_beside_free(struct ps_beside *b)
{
	for (size_t i = 0; i < b->nnamed; i++)
		free(b->named_title[i]);
	free(b->title);
	memset(b, 0, sizeof *b);
}

void
ps_companions(struct jctx *c, struct srch *rules)
{
	ps_beside_free(&ps.beside);
	if (!rules || !ps.active || !ps.first || ps.n == 0 || !ps.whole)
		return;
	ps_beside_prepare(rules, ps.hit[0].doc, ps.hit[0].sec, &ps.beside);
}

void
ps_boost_companion(struct srch *rules, struct srch_result *r, size_t limit, const char *query)
{
	if (!ps.beside.doc)
		return;
	ps_beside_choose(rules, &ps.beside, r, limit, query);
}

bool
ps_first(void)
{
	return ps.active && ps.first && ps.n > 0;
}

size_t
ps_count(void)
{
	return ps.active ? ps.n : 0;
}

const struct pol_hit *
ps_hit(size_t i)
{
	return i < ps.n ? &ps.hit[i] : NULL;
}

void
ps_print(struct jctx *c, bool before)
{
	if (!ps.active || ps.n == 0 || before != ps.first)
		return;
	struct out *o = c->out;
	if (!before)
		out_puts(o, "\n");
	out_printf(o, "%sTournament policy%s\n", out_sgr(o, OS_BOLD), out_sgr(o, OS_RESET));
	if (c->verbose) {
		/* why this block stands where it does */
		struct sbuf why = {0};
		sbuf_addf(&why, "%s(%s: ", out_sgr(o, OS_DIM), before ? "first" : "after the rules");
		if (ps.named)
			sbuf_adds(&why, "a section named by its title; ");
		if (ps.topic)
			sbuf_addf(&why, "a tournament situation, %s; ", ps.topic);
		if (ps.syn)
			sbuf_adds(&why, "a players' phrase of policy-words.tsv; ");
		sbuf_addf(&why, "the words' policy odds against the rules %.2f)%s", ps.odds, out_sgr(o, OS_RESET));
		out_wrap(o, why.s, 0, 4);
		sbuf_free(&why);
	}
	for (size_t i = 0; i < ps.n; i++) {
		ps_hit_line(c, o, i);
		const struct pol_section *s = &ps.hit[i].doc->sec[ps.hit[i].sec];
		const char *t = s->parts[PP_DEFINITION] ? s->parts[PP_DEFINITION] : s->parts[PP_TEXT];
		if (t) {
			size_t n = strcspn(t, "\n");
			char *first = xstrndup(t, snip_len(t, n));
			struct sbuf sn = {0};
			sbuf_addf(&sn, "%s%s", first, n > 200 ? "\u2026" : "");
			out_puts(o, "    ");
			out_wrap(o, sn.s, 4, 4);
			sbuf_free(&sn);
			free(first);
		}
	}
	if (before && ps.beside.rule != JRID_NONE) {
		/* the game rule beside the first section, its full text among the rules below */
		char id[16];
		struct sbuf l = {0};
		sbuf_addf(&l, "Game rule beside it: %sCR %s%s %s%s%s", out_sgr(o, OS_ID), jrid_str(ps.beside.rule, id),
		    out_sgr(o, OS_RESET), out_sgr(o, OS_TITLE), ps.beside.title ? ps.beside.title : "", out_sgr(o, OS_RESET));
		if (c->verbose && ps.beside.how)
			sbuf_addf(&l, " %s(%s)%s", out_sgr(o, OS_DIM), ps.beside.how, out_sgr(o, OS_RESET));
		out_wrap(o, l.s, 0, 4);
		sbuf_free(&l);
	}
	if (before)
		out_printf(o, "\n%sComprehensive Rules%s\n", out_sgr(o, OS_BOLD), out_sgr(o, OS_RESET));
}

void
ps_json(struct jctx *c, struct jw *w, bool before)
{
	if (!ps.active || ps.n == 0 || before != ps.first)
		return;
	for (size_t i = 0; i < ps.n; i++) {
		const struct pol_doc *d = ps.hit[i].doc;
		const struct pol_section *s = &d->sec[ps.hit[i].sec];
		jw_obj(w);
		jw_kstr(w, "id", s->id);
		jw_kstr(w, "kind", "policy");
		jw_kstr(w, "document", pol_kind_name(d->kind));
		jw_kstr(w, "version", d->date[0] ? d->date : NULL);
		jw_kbool(w, "newest", d == pol_set_newest(pol_set_for(c), d->kind));
		jw_kstr(w, "number", s->num);
		jw_knum(w, "score", round(ps.hit[i].score * 1000.0) / 1000.0);
		jw_kstr(w, "title", s->title);
		jw_kstr(w, "penalty", s->penalty);
		const char *t = s->parts[PP_DEFINITION] ? s->parts[PP_DEFINITION] : s->parts[PP_TEXT];
		if (t) {
			size_t n = strcspn(t, "\n");
			jw_key(w, "snippet");
			jw_strn(w, t, snip_len(t, n));
		}
		if (i == 0 && before && ps.beside.rule != JRID_NONE) {
			jw_key(w, "game_rule");
			ps_beside_json(w, &ps.beside);
		}
		jw_obj_end(w);
	}
}

void
ps_done(void)
{
	ps_clear();
}

int
ps_answer(struct jctx *c, const char *query, bool json)
{
	if (ps.n == 0) {
		if (json)
			out_puts(c->out, "[]\n");
		struct pol_set *S = pol_set_for(c);
		if (S->n == 0)
			jerr(c, "drop the IPG, MTR or JAR into ~/.local/share/judge/docs/ or pass --doc FILE",
			    "no policy document is loaded to search");
		else
			jerr(c, "try other words, or list the sections with judge ipg / judge mtr / judge jar",
			    "nothing found in the policy documents for \"%s\"", query);
		return JX_NOTFOUND;
	}
	ps.first = true;
	if (json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_arr(&w);
		ps_json(c, &w, true);
		jw_arr_end(&w);
		out_puts(c->out, "\n");
	} else {
		struct out *o = c->out;
		out_printf(o, "%sTournament policy%s\n", out_sgr(o, OS_BOLD), out_sgr(o, OS_RESET));
		/* the heading once: print the rest without the "Comprehensive Rules" line */
		bool saved = ps.first;
		ps.first = false;
		(void)saved;
		for (size_t i = 0; i < ps.n; i++) {
			ps_hit_line(c, o, i);
		}
	}
	return JX_OK;
}
