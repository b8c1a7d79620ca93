/* complete_board.c — what Tab offers while a board is typed after `board`: the statements
 * and attributes, then what each one takes (players, the objects declared on earlier lines,
 * keywords, types, zones, colors). Names are offered whole and unquoted: the board grammar
 * takes the rest of the line as a name. */
#include "repl_priv.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../base/mem.h"
#include "../board/board.h"

/* What a name argument may be. */
enum { BN_OBJS = 1, BN_PLAYERS = 2, BN_TRIGS = 4 };

/* The names declared on the lines typed so far, read leniently (a line the parser would
 * reject still declares its name). A name declared twice is left out: the board must use
 * the aliases then. */
struct declared {
	struct repl_cands objs, aliases, players;
	/* "NAME's ability" for each object with a triggered ability (`resolve NAME's ability` makes
	 * it wait on the stack), and the name the last object is referred to by */
	struct repl_cands trigs;
	char *last;
};

static bool
is_space(char ch)
{
	return ch == ' ' || ch == '\t';
}

static size_t
skip_ws(const char *s, size_t i, size_t end)
{
	while (i < end && is_space(s[i]))
		i++;
	return i;
}

/* s[from..to) without the spaces around it, as a new string. */
static char *
trimmed(const char *s, size_t from, size_t to)
{
	from = skip_ws(s, from, to);
	while (to > from && is_space(s[to - 1]))
		to--;
	return xstrndup(s + from, to - from);
}

static void
declare_object(struct declared *d, const char *rest, size_t len)
{
	const char *as = NULL;
	for (size_t i = 0; i + 4 <= len && as == NULL; i++)
		if (memcmp(rest + i, " as ", 4) == 0)
			as = rest + i;
	size_t nlen = as ? (size_t)(as - rest) : len;
	char *name = trimmed(rest, 0, nlen);
	if (*name)
		repl_cand_add(&d->objs, name, strlen(name));
	free(d->last);
	d->last = name;
	if (as != NULL) {
		char *alias = trimmed(rest, nlen + 4, len);
		if (*alias)
			repl_cand_add(&d->aliases, alias, strlen(alias));
		free(d->last);
		d->last = alias;
	}
}

/* An `ability` line of the last object: a triggered ability ("When ...", "Whenever ...",
 * "At ...") gives it a "NAME's ability" to resolve. */
static void
declare_ability(struct declared *d, const char *rest, size_t len)
{
	static const char *const starts[] = { "when ", "whenever ", "at " };
	if (d->last == NULL || !*d->last)
		return;
	for (size_t i = 0; i < sizeof starts / sizeof *starts; i++) {
		size_t n = strlen(starts[i]);
		if (len >= n && strncasecmp(rest, starts[i], n) == 0) {
			char *t = xmalloc(strlen(d->last) + 11);
			sprintf(t, "%s's ability", d->last);
			repl_cand_add(&d->trigs, t, strlen(t));
			free(t);
			return;
		}
	}
}

static void
declare_line(struct declared *d, const char *ln, size_t len)
{
	const char *hash = memchr(ln, '#', len);
	if (hash)
		len = (size_t)(hash - ln);
	size_t ks = skip_ws(ln, 0, len), ke = ks;
	while (ke < len && !is_space(ln[ke]))
		ke++;
	size_t klen = ke - ks;
	size_t rs = skip_ws(ln, ke, len);
	if (klen == 6 && strncasecmp(ln + ks, "player", 6) == 0) {
		size_t re = rs;
		while (re < len && !is_space(ln[re]))
			re++;
		if (re > rs)
			repl_cand_add(&d->players, ln + rs, re - rs);
		return;
	}
	static const char *const objkeys[] = { "permanent", "token", "card", "spell", "emblem" };
	for (size_t i = 0; i < sizeof objkeys / sizeof *objkeys; i++)
		if (klen == strlen(objkeys[i]) && strncasecmp(ln + ks, objkeys[i], klen) == 0)
			declare_object(d, ln + rs, len - rs);
	if (klen == 7 && strncasecmp(ln + ks, "ability", 7) == 0)
		declare_ability(d, ln + rs, len - rs);
}

/* Drop every name that occurs more than once (ignoring case), keeping the order. */
static void
drop_repeated(struct repl_cands *k)
{
	bool *twice = xcalloc(k->n + 1, sizeof *twice);
	for (size_t i = 0; i < k->n; i++)
		for (size_t j = i + 1; j < k->n; j++)
			if (strcasecmp(k->v[i], k->v[j]) == 0)
				twice[i] = twice[j] = true;
	size_t o = 0;
	for (size_t i = 0; i < k->n; i++) {
		if (twice[i])
			free(k->v[i]);
		else
			k->v[o++] = k->v[i];
	}
	k->n = o;
	free(twice);
}

static void
declared_read(struct declared *d, const char *typed)
{
	memset(d, 0, sizeof *d);
	for (const char *p = typed ? typed : ""; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		declare_line(d, p, len);
		p += len + (nl != NULL);
	}
	drop_repeated(&d->objs);
	drop_repeated(&d->trigs);
}

static void
declared_free(struct declared *d)
{
	repl_free_list(d->objs.v, d->objs.n);
	repl_free_list(d->aliases.v, d->aliases.n);
	repl_free_list(d->players.v, d->players.n);
	repl_free_list(d->trigs.v, d->trigs.n);
	free(d->last);
}

static void
add_names(struct repl_cands *k, const struct declared *d, int what, const char *word)
{
	if (what & BN_PLAYERS)
		for (size_t i = 0; i < d->players.n; i++)
			repl_cand_if(k, d->players.v[i], word);
	if (what & BN_OBJS) {
		for (size_t i = 0; i < d->aliases.n; i++)
			repl_cand_if(k, d->aliases.v[i], word);
		for (size_t i = 0; i < d->objs.n; i++)
			repl_cand_if(k, d->objs.v[i], word);
	}
	if (what & BN_TRIGS)
		for (size_t i = 0; i < d->trigs.n; i++) {
			bool declared = false;
			for (size_t j = 0; j < d->objs.n && !declared; j++)
				declared = strcasecmp(d->objs.v[j], d->trigs.v[i]) == 0;
			if (!declared)
				repl_cand_if(k, d->trigs.v[i], word);
		}
}

/* Each space-separated word of list that starts with word; `cap` capitalizes it. */
static void
add_list(struct repl_cands *k, const char *list, const char *word, bool cap)
{
	for (const char *p = list; *p;) {
		size_t n = strcspn(p, " ");
		char *w = xstrndup(p, n);
		w[0] = cap ? (char)toupper((unsigned char)w[0]) : (char)tolower((unsigned char)w[0]);
		repl_cand_if(k, w, word);
		free(w);
		p += n;
		p += strspn(p, " ");
	}
}

static void
add_first_words(struct repl_cands *k, const char *word)
{
	const char *const *lists[] = { bd_statement_names(), bd_attribute_names() };
	for (size_t l = 0; l < 2; l++)
		for (const char *const *s = lists[l]; *s; s++)
			repl_cand_if(k, *s, word);
	repl_cand_if(k, "end", word);
}

static void
add_keywords(struct repl_cands *k, const char *word, bool cap)
{
	for (int i = 0; i < KW_COUNT; i++) {
		char *w = xstrdup(bd_kw_name(i));
		if (cap)
			w[0] = (char)toupper((unsigned char)w[0]);
		repl_cand_if(k, w, word);
		free(w);
	}
}

static void
add_types(struct repl_cands *k, const char *word)
{
	char all[256];
	bd_types_str(BS_BASIC | BS_LEGENDARY | BS_SNOW | BS_WORLD, BT_ARTIFACT | BT_BATTLE |
	    BT_CREATURE | BT_ENCHANTMENT | BT_INSTANT | BT_KINDRED | BT_LAND | BT_PLANESWALKER |
	    BT_SORCERY, NULL, 0, all, sizeof all);
	add_list(k, all, word, true);
}

static void
add_colors(struct repl_cands *k, const char *word)
{
	char all[128];
	bd_colors_str(BC_W | BC_U | BC_B | BC_R | BC_G, all, sizeof all);
	add_list(k, all, word, false);
	repl_cand_if(k, "colorless", word);
}

static void
add_zones(struct repl_cands *k, const char *word)
{
	for (int z = ZN_BATTLEFIELD; z <= ZN_STACK; z++)
		repl_cand_if(k, bd_zone_name((enum bd_zone)z), word);
	repl_cand_if(k, bd_zone_name(ZN_COMMAND), word);
}

/* Where the word being completed starts: after the last of `seps` in line[from..cursor),
 * past the spaces. */
static size_t
after_last(const char *line, size_t from, size_t cursor, const char *seps)
{
	size_t ws = from;
	for (size_t i = from; i < cursor; i++)
		if (strchr(seps, line[i]))
			ws = i + 1;
	return skip_ws(line, ws, cursor);
}

/* The position after "N to " at line[at..cursor), or 0 when the text is not that. */
static size_t
after_amount_to(const char *line, size_t at, size_t cursor)
{
	size_t i = skip_ws(line, at, cursor);
	size_t d = i;
	while (i < cursor && isdigit((unsigned char)line[i]))
		i++;
	if (i == d || i >= cursor || !is_space(line[i]))
		return 0;
	i = skip_ws(line, i, cursor);
	if (i + 3 > cursor || strncasecmp(line + i, "to", 2) != 0 || !is_space(line[i + 2]))
		return 0;
	return skip_ws(line, i + 3, cursor);
}

/* Offset of the first " word " in line[from..cursor), or 0. */
static size_t
find_word(const char *line, size_t from, size_t cursor, const char *w)
{
	size_t n = strlen(w);
	for (size_t i = from; i + n + 2 <= cursor; i++)
		if (is_space(line[i]) && strncasecmp(line + i + 1, w, n) == 0 && is_space(line[i + 1 + n]))
			return i + 1;
	return 0;
}

/* Arguments that are one name, or a list of names separated by commas. */
static const struct {
	const char *key;
	int what;
	bool list;
} name_args[] = {
	{ "controller", BN_PLAYERS, false }, { "owner", BN_PLAYERS, false },
	{ "attached", BN_OBJS | BN_PLAYERS, false }, { "attached-to", BN_OBJS | BN_PLAYERS, false },
	{ "enchanting", BN_OBJS | BN_PLAYERS, false }, { "equipping", BN_OBJS | BN_PLAYERS, false },
	{ "attacking", BN_OBJS | BN_PLAYERS, false }, { "copy-of", BN_OBJS, false },
	{ "copying", BN_OBJS, false }, { "resolve", BN_OBJS | BN_TRIGS, false }, { "destroy", BN_OBJS, false },
	{ "exile", BN_OBJS, false }, { "sacrifice", BN_OBJS, false },
	{ "blocking", BN_OBJS, true }, { "target", BN_OBJS | BN_PLAYERS, true },
	{ "targets", BN_OBJS | BN_PLAYERS, true }, { "order", BN_OBJS, true },
	{ "keep", BN_OBJS, true },
	{ "cast", BN_OBJS, false }, { "tap", BN_OBJS, false }, { "activate", BN_OBJS, false },
	{ "untap", BN_OBJS, false }, { "turn", BN_PLAYERS, false }, { "turn-face-up", BN_OBJS, false },
};

/* NAME: ... statements: the object before the colon, `after` names after it. */
static int
colon_arg(const char *line, size_t arg, size_t cursor, int after, size_t *ws)
{
	const char *colon = memchr(line + arg, ':', cursor - arg);
	if (colon == NULL) {
		*ws = arg;
		return BN_OBJS;
	}
	*ws = skip_ws(line, (size_t)(colon - line) + 1, cursor);
	return after;
}

/* Which names the argument of `key` (starting at line[arg]) takes at the cursor, with
 * *ws where the name starts; 0 when it takes no name there. */
static int
name_arg(const char *key, const char *line, size_t arg, size_t cursor, size_t *ws)
{
	*ws = arg;
	for (size_t i = 0; i < sizeof name_args / sizeof *name_args; i++) {
		if (strcmp(key, name_args[i].key) != 0)
			continue;
		if (name_args[i].list)
			*ws = after_last(line, arg, cursor, ",");
		else if (strncmp(key, "attached", 8) == 0 && strncasecmp(line + arg, "to ", 3) == 0)
			*ws = skip_ws(line, arg + 3, cursor);   /* "attached to NAME" */
		return name_args[i].what;
	}
	if (strcmp(key, "counters-on") == 0 || strcmp(key, "choose") == 0)
		return colon_arg(line, arg, cursor, 0, ws);
	if (strcmp(key, "trigger-target") == 0) {
		/* trigger-target SOURCE: [N to] TARGET (601.2d: a share of divided damage) */
		int w = colon_arg(line, arg, cursor, BN_OBJS | BN_PLAYERS, ws);
		size_t at = w == BN_OBJS ? 0 : after_amount_to(line, *ws, cursor);
		if (at)
			*ws = at;
		return w;
	}
	if (strcmp(key, "attack") == 0)
		return colon_arg(line, arg, cursor, BN_OBJS | BN_PLAYERS, ws);
	if (strcmp(key, "block") == 0)
		return colon_arg(line, arg, cursor, BN_OBJS, ws);
	if (strcmp(key, "assign") == 0) {
		/* assign ATTACKER: 2 to BLOCKER, 3 to PLAYER */
		if (colon_arg(line, arg, cursor, 0, ws) == BN_OBJS)
			return BN_OBJS;
		*ws = after_amount_to(line, after_last(line, *ws, cursor, ","), cursor);
		return *ws ? BN_OBJS | BN_PLAYERS : 0;
	}
	if (strcmp(key, "divide") == 0) {
		/* divide N to NAME, N to NAME (601.2d) */
		*ws = after_amount_to(line, after_last(line, arg, cursor, ","), cursor);
		return *ws ? BN_OBJS | BN_PLAYERS : 0;
	}
	if (strcmp(key, "damage") == 0) {
		/* the event: damage N to NAME [from SOURCE] */
		size_t to = after_amount_to(line, arg, cursor);
		size_t from = to ? find_word(line, to, cursor, "from") : 0;
		*ws = from ? skip_ws(line, from + 4, cursor) : to;
		return from ? BN_OBJS : to ? BN_OBJS | BN_PLAYERS : 0;
	}
	return 0;
}

/* player NAME [life N] [poison N] [prevent-next N] [library N] [hand N] [spells-cast N] [active] [lost-life]: the attributes after the name,
 * not where a number is due. */
static void
add_player_attrs(struct repl_cands *k, const char *line, size_t arg, size_t cursor, size_t ws)
{
	size_t pe = ws;
	while (pe > arg && is_space(line[pe - 1]))
		pe--;
	size_t ps = pe;
	while (ps > arg && !is_space(line[ps - 1]))
		ps--;
	char *prev = xstrndup(line + ps, pe - ps);
	char *word = xstrndup(line + ws, cursor - ws);
	if (strcmp(prev, "life") != 0 && strcmp(prev, "poison") != 0 &&
	    strcmp(prev, "prevent-next") != 0 && strcmp(prev, "library") != 0 && strcmp(prev, "hand") != 0
	    && strcmp(prev, "spells-cast") != 0)
		add_list(k, "active hand library life lost-life poison prevent-next spells-cast", word, false);
	free(prev);
	free(word);
}

/* The words a statement takes one at a time: keywords, types, zones, colors, and the
 * attributes of a player. */
static void
add_words_for(struct repl_cands *k, const char *key, const char *line, size_t arg,
    size_t cursor, size_t *ws)
{
	bool ability = strcmp(key, "ability") == 0 || strcmp(key, "text") == 0;
	bool colors = strcmp(key, "colors") == 0 || strcmp(key, "color") == 0;
	*ws = after_last(line, arg, cursor, ability ? "," : colors ? " \t," : " \t");
	if (strcmp(key, "player") == 0) {
		if (*ws > arg)
			add_player_attrs(k, line, arg, cursor, *ws);
		return;
	}
	char *word = xstrndup(line + *ws, cursor - *ws);
	if (ability) {
		add_keywords(k, word, *ws == arg);   /* "Flying, first strike" */
	} else if (colors) {
		add_colors(k, word);
	} else if (strcmp(key, "zone") == 0) {
		if (*ws == arg)
			add_zones(k, word);
	} else if (strcmp(key, "type") == 0) {
		/* after the dash come subtypes, which judge does not list */
		if (!find_word(line, arg - 1, cursor, "-") && !find_word(line, arg - 1, cursor, "--") &&
		    !find_word(line, arg - 1, cursor, "\xE2\x80\x94"))
			add_types(k, word);
	}
	free(word);
}

/* The candidates after the statement `key`, whose argument starts at line[arg]. */
static void
add_args(struct repl_cands *k, const struct declared *d, const char *key, const char *line,
    size_t arg, size_t cursor, size_t *ws)
{
	int what = name_arg(key, line, arg, cursor, ws);
	if (what == 0) {
		add_words_for(k, key, line, arg, cursor, ws);
		return;
	}
	if (*ws > cursor)
		*ws = cursor;
	char *word = xstrndup(line + *ws, cursor - *ws);
	/* player names are one word */
	if (what != BN_PLAYERS || strpbrk(word, " \t") == NULL)
		add_names(k, d, what, word);
	free(word);
}

size_t
repl_complete_board(const char *typed, const char *line, size_t cursor, size_t *word_start,
    char ***out)
{
	size_t len = strlen(line);
	if (cursor > len)
		cursor = len;
	struct repl_cands k = {0};
	*word_start = cursor;
	*out = NULL;
	if (memchr(line, '#', cursor) != NULL)
		return 0;   /* in a comment */
	size_t ks = skip_ws(line, 0, cursor), ke = ks;
	while (ke < cursor && !is_space(line[ke]))
		ke++;
	if (ke == cursor) {
		char *word = xstrndup(line + ks, cursor - ks);
		*word_start = ks;
		add_first_words(&k, word);
		free(word);
	} else {
		char key[32];
		size_t n = ke - ks < sizeof key ? ke - ks : sizeof key - 1;
		for (size_t i = 0; i < n; i++)
			key[i] = (char)tolower((unsigned char)line[ks + i]);
		key[n] = '\0';
		struct declared d;
		declared_read(&d, typed);
		add_args(&k, &d, key, line, skip_ws(line, ke, cursor), cursor, word_start);
		declared_free(&d);
	}
	repl_cands_sort(&k, 0);
	*out = k.v;
	return k.n;
}
