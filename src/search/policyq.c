/* policyq.c — does a question look like tournament policy ("player drew an extra card",
 * "late for the round") rather than game rules? The Comprehensive Rules answer such a
 * question confidently and wrongly, so until the tournament documents are loaded, search
 * says where to look. */
#include "srch_int.h"

#include <ctype.h>
#include <string.h>

/* The infractions' names in every era's IPG and the short names judges type for them. */
#define INFRACTIONS "hidden card error|game rule violation|failure to maintain game state|looking at extra cards|" \
	"drawing extra cards|mulligan procedure error|game play error|tournament error|limited procedure violation|" \
	"communication policy violation|decklist problem|deck problem|deck/decklist problem|outside assistance|" \
	"insufficient shuffling|improperly determining a winner|theft of tournament material|aggressive behavior|" \
	"aggressive behaviour|bribery and wagering|unsporting conduct|hce|grv|gre|ftmgs|f2mgs|laec|l@ec|usc|idaw"

/* Each entry: concept groups joined by " + ", alternatives by "|"; an alternative is one
 * word or a few in a row, a trailing '*' takes any ending. All groups must be present. */
static const struct { const char *pattern, *topic; } topics[] = {
	{ "drew|drawn + extra|additional|too many|one more|two more|8 cards|eight cards", "drawing extra cards" },
	{ "accidentally|by mistake|by accident|misdrew|misdraw* + draw*|drew|drawn|card*", "a drawing error" },
	{ "late|tardy|tardiness|no show|no-show + round|match|game|tournament|event|seat*|table|pairing*|tardy|tardiness|show", "tardiness" },
	{ "slow play|slow playing|slowplay*|stall*|taking too long|too long to", "slow play" },
	{ "penalt*|infraction*|game loss|match loss|disqualif*|dq|dqed|upgrade*|downgrade*", "penalties" },
	{ "decklist*|deck list*|deck registration|registered deck", "decklist problems" },
	{ "deck check*|marked card*|marked sleeve*|sleeve*", "marked cards and deck checks" },
	{ "outside assistance|coach*|spectator*|notes", "outside assistance" },
	{ "phone|phones|smartphone*|tablet|tablets|laptop*|smartwatch*|headphone*|earbud*|texting|electronic device*", "electronic devices" },
	{ "cheat*|cheated|lied|lying|bribe*|bribery|collusion|collude*|wager*|betting", "cheating and unsporting conduct" },
	{ "unsporting|insult*|swear*|cursing|rude|aggressive", "unsporting conduct" },
	{ "missed trigger*|forgot* + trigger*", "missed triggers" },
	{ "looked at|saw|seen|flipped over + extra|accidentally|too many|by mistake", "looking at extra cards" },
	{ "shuffl* + insufficient*|not enough|didn't|didnt|did not|properly|randomiz*", "insufficient shuffling" },
	{ "intentional draw|split prize*|prize split|roll* a die|roll* dice|flip* a coin + winner|match", "determining a winner improperly" },
	{ "concede* + prize*|for a card|in exchange|money", "bribery and improperly determining a winner" },
	{ "split*|share* + prize*|winnings|booster*|packs", "splitting prizes" },
	{ "sideboard* + forgot*|wrong|didn't|didnt|reset|de-sideboard*|desideboard*", "deck problems" },
	{ "communication policy|free information|derived information|private information", "the communication policy" },
	{ "head judge|competitive rel|regular rel|professional rel|appeal*", "tournament procedure" },
	/* the infractions by name, as judges say them ("is that a Hidden Card Error or a GRV?") */
	{ INFRACTIONS, "the infractions of the Infraction Procedure Guide" },
	/* the words of running an event, which the game's own questions do not use */
	{ "match|matches|round|rounds|tournament*|rel|"
	  "time is called|time was called|time was up|end of round|end of the round|scorekeeper|organizer", "the tournament itself" },
	/* a game action told as a mistake found afterwards is a floor call (the IPG's Game Play
	 * Errors), whatever game words it uses: "he cast it with one land and nobody noticed" */
	{ "forgot|forgets|forgotten|forget|noticed|notice|caught it|caught that|realized|realised|mistakenly|by mistake|accidentally|by accident|"
	  "on purpose|deliberately|let it resolve|let it happen|said nothing|turn later|turns later", "a game error found afterwards" },
	/* an action the game required, told as left undone: "he didn't reveal the card" */
	{ "didn't|didnt|did not|failed to + announce*|reveal*|acknowledg*|demonstrate*|pay|paid|put|sacrific*|discard*|untap*|shuffl*", "a game error found afterwards" },
};

/* " w1 w2 ... ": lower case, letters and digits; an apostrophe inside a word is dropped
 * ("didn't" -> "didnt" is also listed), anything else is a space. */
static size_t
fold(const char *q, char *out, size_t cap)
{
	size_t n = 0;
	out[n++] = ' ';
	for (const char *p = q; *p && n + 2 < cap; p++) {
		unsigned char ch = (unsigned char)*p;
		if (isalnum(ch) || ch == '-')
			out[n++] = (char)tolower(ch);
		else if (ch == '\'' && n > 1 && out[n - 1] != ' ' && isalpha((unsigned char)p[1]))
			out[n++] = '\'';
		else if (out[n - 1] != ' ')
			out[n++] = ' ';
	}
	if (out[n - 1] != ' ')
		out[n++] = ' ';
	out[n] = '\0';
	return n;
}

/* Is alternative [a, e) present in text as whole words (the last one a prefix when it
 * ends with '*')? */
static bool
has_alt(const char *text, const char *a, const char *e)
{
	char pat[64];
	bool star = e > a && e[-1] == '*';
	if (star)
		e--;
	size_t n = (size_t)(e - a);
	if (n == 0 || n + 3 > sizeof pat)
		return false;
	pat[0] = ' ';
	memcpy(pat + 1, a, n);
	pat[n + 1] = star ? '\0' : ' ';
	pat[n + 2] = '\0';
	return strstr(text, pat) != NULL;
}

static bool
matches(const char *text, const char *pattern)
{
	const char *g = pattern;
	while (*g) {
		const char *ge = strstr(g, " + ");
		if (!ge)
			ge = g + strlen(g);
		bool any = false;
		for (const char *a = g; a < ge && !any;) {
			const char *ae = memchr(a, '|', (size_t)(ge - a));
			if (!ae)
				ae = ge;
			any = has_alt(text, a, ae);
			a = ae + 1;
		}
		if (!any)
			return false;
		g = *ge ? ge + 3 : ge;
	}
	return true;
}

const char *
srch_policy_topic(const char *query, bool policy_docs_loaded)
{
	if (policy_docs_loaded || !query)
		return NULL;
	char text[1024];
	fold(query, text, sizeof text);
	for (size_t i = 0; i < sizeof topics / sizeof *topics; i++)
		if (matches(text, topics[i].pattern))
			return topics[i].topic;
	return NULL;
}

uint32_t
srch_word_df(struct srch *s, const char *word, size_t n)
{
	char folded[WORD_MAX];
	size_t fl = srch_fold(word, n, folded, sizeof folded);
	if (fl == 0)
		return 0;
	if (srch_is_stop(folded, fl) || srch_is_query_noise(folded, fl))
		return UINT32_MAX;
	srch_finalize(s);
	uint32_t t = srch_term_of(s, folded, fl);
	return t == UINT32_MAX ? 0 : s->terms[t].df;
}

bool
srch_policy_name(const char *words, size_t n)
{
	char in[256], text[300];
	if (n >= sizeof in)
		return false;
	memcpy(in, words, n);
	in[n] = '\0';
	fold(in, text, sizeof text);
	/* the whole run is one infraction's name (or its short name) */
	const char *a = INFRACTIONS;
	while (*a) {
		const char *e = strchr(a, '|');
		if (!e)
			e = a + strlen(a);
		size_t l = (size_t)(e - a);
		if (strlen(text) == l + 2 && strncmp(text + 1, a, l) == 0)
			return true;
		a = *e ? e + 1 : e;
	}
	return false;
}
