/* cmd_search_cards.c — questions that name a card, for `judge search` (see the header). */
#include "cmd_search_cards.h"
#include "cmd_card.h"
#include "../history/history.h"

#include <stdio.h>

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* How much each kind of link weighs, as a share of the best score the words earned: a rule a
 * ruling cites is about this card's question, a keyword's rule nearly so. Keyword actions found
 * in the text ("a lore counter" is not 701.6) and card types are too loose to move rules. */
static float
link_weight(enum card_link_kind k)
{
	switch (k) {
	case CL_KEYWORD: return 0.6f;
	case CL_LAYOUT: return 0.5f;
	case CL_SIGNAL: return 0.6f;   /* "instead": the card's effect is a replacement effect */
	default: return 0.0f;
	}
}

/* A word the rules themselves use ("flash"): a single lower-case word that is
 * also a card's name is read as the rules' word. */
static bool
common_word(void *ctx, const char *folded)
{
	const struct jrelease *rel = ctx;
	size_t n = strlen(folded);
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const char *t = rel->rules[i].text;
		for (const char *p = t ? strcasestr(t, folded) : NULL; p; p = strcasestr(p + 1, folded)) {
			bool before = p == t || !isalnum((unsigned char)p[-1]);
			bool after = !isalnum((unsigned char)p[n]);
			if (before && after)
				return true;
		}
	}
	return false;
}

static void
add_rule(struct search_cards *sc, jrid id, float w)
{
	for (size_t i = 0; i < sc->nrules; i++)
		if (sc->rules[i] == id) {
			if (w > sc->weight[i])
				sc->weight[i] = w;
			return;
		}
	if (sc->nrules < SC_MAXRULES) {
		sc->rules[sc->nrules] = id;
		sc->weight[sc->nrules] = w;
		sc->nrules++;
	}
}

bool
search_cards_prepare(struct jctx *c, struct srch *s, const char *query, struct search_cards *sc)
{
	memset(sc, 0, sizeof *sc);
	struct cards_db *db = cards_for(c);
	if (!db || !c->rel)
		return false;
	struct cards_mention m[SC_MAXCARDS];
	size_t nm = cards_mentions(db, query, m, SC_MAXCARDS, common_word, (void *)c->rel);
	if (nm == 0)
		return false;
	size_t at = 0;
	for (size_t i = 0; i < nm; i++) {
		/* a name the index knows (the thesaurus and the situations name famous cards) stays in
		 * the words searched; another would only be matched to the nearest rule words */
		char name[600], key[600];
		size_t len = m[i].end - m[i].start < sizeof name ? m[i].end - m[i].start : sizeof name - 1;
		memcpy(name, query + m[i].start, len);
		name[len] = '\0';
		cards_name_key(name, key, sizeof key);
		bool known = true;
		for (char *w = strtok(key, " "); w && known; w = strtok(NULL, " "))
			known = srch_knows_word(s, w);
		sbuf_add(&sc->query, query + at, (known ? m[i].end : m[i].start) - at);
		at = m[i].end;
		struct card *k = cards_get(db, m[i].id);
		if (!k)
			continue;
		bool dup = false;
		for (size_t j = 0; j < sc->ncards && !dup; j++)
			dup = sc->cards[j]->id == k->id;
		if (dup) {
			card_free(k);
			continue;
		}
		sc->cards[sc->ncards++] = k;
	}
	sbuf_adds(&sc->query, query + at);
	for (size_t i = 0; i < sc->ncards; i++) {
		const struct card *k = sc->cards[i];
		for (size_t j = 0; j < k->nkeywords; j++)
			sbuf_addf(&sc->query, " %s", k->keywords[j]);
	}
	/* nothing but spaces left: the card's rules answer alone */
	bool blank = true;
	for (const char *p = sbuf_str(&sc->query); *p && blank; p++)
		blank = *p == ' ';
	if (blank)
		sbuf_reset(&sc->query);
	return sc->ncards > 0;
}

/* yyyymmdd of "2013-04-15", 0 when it is not a date */
static int
ruling_date(const char *d)
{
	int y, m, dd;
	if (!d || sscanf(d, "%4d-%2d-%2d", &y, &m, &dd) != 3)
		return 0;
	return y * 10000 + m * 100 + dd;
}

/* a ruling's number on a partial text: carried from the ruling's day, kept if rel has it */
struct carried {
	struct search_cards *sc;
	struct hist_carry *carry;
	const struct jrelease *rel;
	int from;
};

static bool
carry_add(jrid id, void *ud)
{
	struct carried *cr = ud;
	jrid to = hist_carry_id(cr->carry, cr->from, id, NULL);
	if (to != JRID_NONE && jrel_find(cr->rel, to) != JNONE)
		add_rule(cr->sc, to, 0.8f);
	return true;
}

void
search_cards_link(struct jctx *c, struct search_cards *sc, const struct jrelease *rel)
{
	sc->rel = rel;
	sc->nrules = 0;
	if (!rel)
		return;
	/* a ruling's numbers are those of its day's rules: a complete release takes them as
	 * its own (they are checked to exist), a partial historical text only through the
	 * concordance (hist_carry_id), and a number that cannot be carried moves nothing */
	bool whole = !rel->fragment && !rel->truncated;
	struct hist_carry *made = NULL, *carry = NULL;
	if (!whole)
		carry = rel == c->rel ? hist_carry_for(c) : (made = hist_carry_make(c, rel));
	for (size_t i = 0; i < sc->ncards; i++) {
		const struct card *k = sc->cards[i];
		struct card_link links[48];
		size_t nl = cards_links(k, rel, links, 48);
		for (size_t j = 0; j < nl; j++)
			if (link_weight(links[j].kind) > 0)
				add_rule(sc, rel->rules[links[j].rule].id, link_weight(links[j].kind));
		for (size_t j = 0; j < k->nrulings; j++) {
			const char *t = k->rulings[j].text;
			if (whole) {
				uint32_t cited[16];
				size_t nc = cards_cited(t, rel, cited, 16);
				for (size_t x = 0; x < nc; x++)
					add_rule(sc, rel->rules[cited[x]].id, 0.8f);
				continue;
			}
			struct carried cr = { sc, carry, rel, ruling_date(k->rulings[j].date) };
			if (carry && cr.from)
				cards_each_number(t, carry_add, &cr);
		}
	}
	hist_carry_free(made);
}

void
search_cards_rank(struct srch *s, const struct search_cards *sc, struct srch_result *r, size_t limit)
{
	srch_boost_rules(s, r, sc->rules, sc->weight, sc->nrules, limit);
}

static void
type_and_stats(const struct card *k, struct sbuf *b)
{
	for (size_t i = 0; i < k->nfaces; i++) {
		const struct card_face *f = &k->faces[i];
		if (i)
			sbuf_adds(b, " // ");
		if (f->mana_cost)
			sbuf_addf(b, "%s ", f->mana_cost);
		sbuf_adds(b, f->type ? f->type : "");
		if (f->power || f->toughness)
			sbuf_addf(b, " %s/%s", f->power ? f->power : "", f->toughness ? f->toughness : "");
		if (f->loyalty)
			sbuf_addf(b, " loyalty %s", f->loyalty);
	}
}

void
search_cards_print(struct jctx *c, const struct search_cards *sc)
{
	struct out *o = c->out;
	for (size_t i = 0; i < sc->ncards; i++) {
		struct sbuf b = {0};
		sbuf_addf(&b, "%sCard:%s %s%s%s ", out_sgr(o, OS_DIM), out_sgr(o, OS_RESET), out_sgr(o, OS_TITLE),
		    sc->cards[i]->name, out_sgr(o, OS_RESET));
		type_and_stats(sc->cards[i], &b);
		sbuf_addf(&b, " %s(judge card for its text and rulings)%s", out_sgr(o, OS_DIM), out_sgr(o, OS_RESET));
		out_wrap(o, b.s, 0, 4);
		sbuf_free(&b);
	}
}

void
search_cards_json(struct jctx *c, struct jw *w, const struct search_cards *sc)
{
	for (size_t i = 0; i < sc->ncards; i++) {
		const struct card *k = sc->cards[i];
		struct sbuf b = {0};
		type_and_stats(k, &b);
		jw_obj(w);
		jw_kstr(w, "id", k->name);
		jw_kstr(w, "kind", "card");
		jw_kstr(w, "title", b.s);
		jw_kstr(w, "snippet", k->nfaces && k->faces[0].text ? k->faces[0].text : "");
		jw_key(w, "rules");
		jw_arr(w);
		struct card_link links[48];
		size_t nl = cards_links(k, sc->rel, links, 48);
		for (size_t j = 0; j < nl; j++)
			jw_str(w, links[j].num);
		jw_arr_end(w);
		jw_obj_end(w);
		sbuf_free(&b);
	}
}

static bool
all_letters(const char *s)
{
	for (; *s; s++)
		if (!isalpha((unsigned char)*s))
			return false;
	return true;
}

/* Words that join the words of a card's name: "Rest in Peace", "Lim-Dûl the Necromancer". */
static const char *const joiners[] = {"of", "the", "in", "a", "an", "and", "to", "from", "with", "on", NULL};

static bool
joiner(const char *t, size_t n)
{
	for (const char *const *j = joiners; *j; j++)
		if (strlen(*j) == n && strncasecmp(t, *j, n) == 0)
			return true;
	return false;
}

bool
search_cards_guess(struct srch *s, const char *query, bool lower, struct sbuf *names)
{
	return search_cards_guess_in(&s, 1, false, NULL, query, lower, names, NULL);
}

/* a word any of the indexes knows (with vocab, their thesaurus too), or is a
 * typo of */
static bool
known_in(struct srch *const *v, size_t n, bool vocab, const char *folded)
{
	for (size_t i = 0; i < n; i++)
		if (srch_knows_word(v[i], folded) || (vocab && srch_vocab_knows(v[i], folded)))
			return true;
	return false;
}

static bool
vocab_in(struct srch *const *v, size_t n, const char *folded)
{
	for (size_t i = 0; i < n; i++)
		if (srch_vocab_knows(v[i], folded))
			return true;
	return false;
}

static bool
typo_in(struct srch *const *v, size_t n, const char *folded)
{
	for (size_t i = 0; i < n; i++)
		if (srch_typo_of_known(v[i], folded))
			return true;
	return false;
}

/* Do the rules write word (as typed, capitalised) as a word of their text or titles ("Island",
 * "Aura": a subtype), or only in lower case ("opts")? */
static bool
rules_write_capitalised(const struct jrelease *rel, const char *word)
{
	size_t n = strlen(word);
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const char *texts[2] = {rel->rules[i].text, rel->rules[i].title};
		for (int k = 0; k < 2; k++)
			for (const char *p = texts[k] ? strstr(texts[k], word) : NULL; p; p = strstr(p + 1, word)) {
				bool before = p == texts[k] || !isalnum((unsigned char)p[-1]);
				if (before && !isalnum((unsigned char)p[n]))
					return true;
			}
	}
	return false;
}

bool
search_cards_guess_in(struct srch *const *v, size_t nv, bool vocab, const struct jrelease *rel, const char *query, bool lower,
    struct sbuf *names, bool *whole)
{
	size_t words = 0, named = 0;
	enum { MAXT = 64 };
	size_t ts[MAXT], te[MAXT], nt = 0;
	bool namey[MAXT], unknown[MAXT], strange[MAXT];
	for (size_t i = 0; query[i] && nt < MAXT;) {
		while (query[i] == ' ' || query[i] == '\t' || query[i] == '"' || query[i] == '?' || query[i] == ',')
			i++;
		if (!query[i])
			break;
		size_t s0 = i;
		while (query[i] && !strchr(" \t\"?,", query[i]))
			i++;
		char folded[128];
		size_t len = i - s0 < sizeof folded ? i - s0 : sizeof folded - 1;
		char raw[128];
		memcpy(raw, query + s0, len);
		raw[len] = '\0';
		cards_name_key(raw, folded, sizeof folded);
		bool option = raw[0] == '-' || strchr(raw, ':') || raw[0] == '/';
		/* a word the rules do not know, or one capitalised past the question's start */
		unknown[nt] = !option && strlen(folded) >= 3 && !strchr(folded, ' ') && !known_in(v, nv, vocab, folded);
		/* capitalised past the start, a word the rules only write in lower case is a name's */
		if (!unknown[nt] && !option && rel && nt > 0 && isupper((unsigned char)raw[0]) && strlen(folded) >= 3 &&
		    all_letters(folded) && !vocab_in(v, nv, folded)) {   /* "EDH" is slang */
			char word[128];
			size_t wl = strspn(raw, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
			snprintf(word, sizeof word, "%.*s", (int)wl, raw);
			unknown[nt] = wl >= 3 && !rules_write_capitalised(rel, word);
		}
		namey[nt] = !option && (unknown[nt] || (nt > 0 && isupper((unsigned char)raw[0]) && len > 1));
		/* with lower: in any case, a word the index does not know (the rules, the
		 * thesaurus) that is no typo of one ("thragtusk", not "trampel"), of 4
		 * letters or more, all letters and no apostrophe ("can't", "opponent's") */
		strange[nt] = lower && unknown[nt] && strlen(folded) >= 4 && all_letters(folded) &&
		    !strchr(raw, '\'') && !strstr(raw, "\u2019") && !typo_in(v, nv, folded);
		namey[nt] = namey[nt] || strange[nt];
		ts[nt] = s0;
		te[nt] = i;
		nt++;
	}
	size_t found = 0;
	for (size_t i = 0; i < nt;) {
		if (!namey[i]) {
			i++;
			continue;
		}
		size_t j = i, caps = 0, unk = 0;
		bool capunk = false, odd = false;
		while (j < nt) {
			if (namey[j]) {
				bool cap = isupper((unsigned char)query[ts[j]]) && te[j] - ts[j] > 1;   /* not "I" */
				caps += cap;
				unk += unknown[j];
				capunk = capunk || (cap && unknown[j]);
				odd = odd || strange[j];
				j++;
			} else if (j + 1 < nt && namey[j + 1] && joiner(query + ts[j], te[j] - ts[j])) {
				j++;
			} else {
				break;
			}
		}
		/* two capitalised words, a capitalised word the rules do not know, or (lower) a
		 * strange word */
		if ((caps >= 2 || capunk || odd) && !srch_policy_name(query + ts[i], te[j - 1] - ts[i])) {
			sbuf_addf(names, "%s%.*s", found ? ", " : "", (int)(te[j - 1] - ts[i]), query + ts[i]);
			found++;
			named += j - i;
		}
		i = j;
	}
	words = nt;
	if (whole)
		*whole = found == 1 && named == words;
	return found > 0;
}

void
search_cards_free(struct search_cards *sc)
{
	for (size_t i = 0; i < sc->ncards; i++)
		card_free(sc->cards[i]);
	sbuf_free(&sc->query);
	memset(sc, 0, sizeof *sc);
}
