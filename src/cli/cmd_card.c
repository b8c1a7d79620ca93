/* cmd_card.c — `judge card NAME` (Oracle text, faces, legalities, rulings, the rules the card
 * touches), `judge cards import FILE...` and `judge update --cards`. */
#include "cmd_card.h"
#include "mentions.h"
#include "cmd_textbook.h"
#include "../base/mem.h"
#include "../history/history.h"
#include "../render/json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_LINKS 48
#define MAX_LIST 30

static const char no_db_hint[] =
    "import a card file first: `judge cards import AtomicCards.json` (MTGJSON) or Scryfall's oracle-cards and rulings files, or run `judge update --cards`";

struct cards_db *
cards_for(struct jctx *c)
{
	if (c->cards)
		return c->cards;
	char dir[4096];
	if (!cards_dir_default(dir, sizeof dir))
		return NULL;
	struct sbuf err = {0};
	c->cards = cards_open(dir, &err);
	sbuf_free(&err);
	return c->cards;
}

/* The links kept for the rules this run loads when they are not those of the import
 * (linkcache.c), opened once. */
static struct cards_linkcache *link_cache;
static bool link_cache_tried;

void
card_ctx_free(struct jctx *c)
{
	cards_linkcache_close(link_cache);
	link_cache = NULL;
	link_cache_tried = false;
	cards_close(c->cards);
	c->cards = NULL;
}

void
card_data_help(struct jctx *c)
{
	char dir[4096];
	struct out *o = c->out;
	if (!cards_dir_default(dir, sizeof dir)) {
		out_wrap(o, "card data: no folder for it (set HOME or XDG_DATA_HOME)", 0, 2);
		return;
	}
	struct sbuf s = {0};
	struct cards_db *db = cards_for(c);
	if (db) {
		const char *src = cards_meta(db, "source"), *date = cards_meta(db, "date");
		const char *files = cards_meta(db, "files"), *when = cards_meta(db, "imported");
		sbuf_addf(&s, "card data: %s/cards.db, %s cards from %s%s%s%s%s%s%s, imported %.10s.", dir, cards_meta(db, "cards"),
		    strcmp(src, "mtgjson") == 0 ? "MTGJSON" : strcmp(src, "scryfall") == 0 ? "Scryfall" : src,
		    *date ? " of " : "", date, *files ? " (" : "", files, *files ? ")" : "", "", when);
	} else {
		sbuf_addf(&s, "card data: none yet (it would be %s/cards.db).", dir);
	}
	sbuf_addf(&s, " To %s it, download MTGJSON's AtomicCards.json (or Scryfall's oracle-cards and rulings files) and run"
	    " `judge cards import FILE...`, or run `judge update --cards`; the new database is written beside the old one,"
	    " which keeps answering until the import is complete and replaces it only then (a failed import changes nothing).",
	    db ? "update" : "make");
	out_wrap(o, s.s, 0, 2);
	sbuf_free(&s);
}

/* A card as board lines: the face whose name was given (the front face for the full name),
 * reminder text left out, P/T as the board writes it (1+* is *+1). */
static char *
board_lines(void *ctx, const char *name, char **nearest)
{
	struct cards_db *db = ctx;
	*nearest = NULL;
	char key[512];
	cards_name_key(name, key, sizeof key);
	int64_t id = cards_lookup_key(db, key);
	if (id < 0) {
		struct cards_hit h[3];
		size_t n = cards_suggest(db, name, h, 3);
		struct sbuf b = {0};
		for (size_t i = 0; i < n; i++)
			sbuf_addf(&b, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", h[i].name);
		*nearest = n ? sbuf_take(&b) : NULL;
		sbuf_free(&b);
		return NULL;
	}
	struct card *k = cards_get(db, id);
	if (!k || k->nfaces == 0) {
		card_free(k);
		return NULL;
	}
	const struct card_face *f = &k->faces[0];
	char fk[512];
	for (size_t i = 0; i < k->nfaces; i++) {
		cards_name_key(k->faces[i].name ? k->faces[i].name : "", fk, sizeof fk);
		if (strcmp(fk, key) == 0)
			f = &k->faces[i];
	}
	struct sbuf b = {0};
	if (f->type)
		sbuf_addf(&b, "type %s\n", f->type);
	if (f->mana_cost)
		sbuf_addf(&b, "cost %s\n", f->mana_cost);
	if (f->power && f->toughness) {
		const char *t = f->toughness;
		const char *plus = strstr(t, "+*");
		if (plus && plus > t)
			sbuf_addf(&b, "pt %s/*+%.*s\n", f->power, (int)(plus - t), t);
		else
			sbuf_addf(&b, "pt %s/%s\n", f->power, t);
	}
	if (f->loyalty)
		sbuf_addf(&b, "loyalty %s\n", f->loyalty);
	for (const char *p = f->text; p && *p;) {
		const char *e = strchr(p, '\n');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		struct sbuf a = {0};
		int depth = 0;
		for (size_t i = 0; i < l; i++) {
			if (p[i] == '(')
				depth++;
			else if (p[i] == ')' && depth > 0)
				depth--;
			else if (depth == 0)
				sbuf_addc(&a, p[i]);
		}
		while (a.len && (a.s[a.len - 1] == ' '))
			a.s[--a.len] = '\0';
		if (a.len)
			sbuf_addf(&b, "ability %s\n", a.s);
		sbuf_free(&a);
		p = e ? e + 1 : NULL;
	}
	card_free(k);
	return sbuf_take(&b);
}

const struct bd_cards *
cards_for_board(struct jctx *c)
{
	static struct bd_cards bc;
	static char source[96];
	struct cards_db *db = cards_for(c);
	if (!db)
		return NULL;
	const char *src = cards_meta(db, "source"), *date = cards_meta(db, "date");
	snprintf(source, sizeof source, "%s%s%s", strcmp(src, "mtgjson") == 0 ? "MTGJSON" : strcmp(src, "scryfall") == 0 ? "Scryfall" : src,
	    *date ? " of " : "", date);
	bc.ctx = db;
	bc.lines = board_lines;
	bc.source = source;
	bc.data_source = src;
	bc.data_date = date;
	return &bc;
}

static char *
join(int argc, char **argv)
{
	struct sbuf b = {0};
	for (int i = 0; i < argc; i++) {
		if (i)
			sbuf_addc(&b, ' ');
		sbuf_adds(&b, argv[i]);
	}
	return sbuf_take(&b);
}

static double
now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const struct jrelease *
rules_for(struct jctx *c)
{
	if (c->load_rules)
		c->load_rules(c);
	return c->rel;
}

/* A card's links, and where they come from: kept in the database when it was linked with
 * the very rules this run would load (then the rules are not loaded at all), else found in
 * the answering release. */
struct card_rules {
	struct card_link v[MAX_LINKS];
	size_t n;
	const char *label;              /* the release they are from, or NULL */
	const struct jrelease *rel;     /* NULL when read from the database */
	struct cards_linkcache *lc;     /* read from the links kept for other rules */
};


static bool
stored_links_answer(struct jctx *c, struct cards_db *db)
{
	const char *key = cards_meta(db, "rules_key");
	return !c->rel && c->load_rules && c->rules_key && *key && strcmp(c->rules_key, key) == 0;
}

static void
card_rules(struct jctx *c, struct cards_db *db, const struct card *k, struct card_rules *cr)
{
	if (stored_links_answer(c, db)) {
		cr->rel = NULL;
		cr->n = cards_stored_links(db, k->id, cr->v, MAX_LINKS);
		cr->label = cards_meta(db, "rules");
		return;
	}
	cr->lc = NULL;
	/* other rules than the import's, not loaded yet: the links found for them once */
	bool fresh = !c->rel && c->load_rules && c->rules_key && *c->rules_key;
	if (fresh && !link_cache_tried) {
		link_cache_tried = true;
		link_cache = cards_linkcache_open(db, c->rules_key);
	}
	if (fresh && link_cache) {
		cr->lc = link_cache;
		cr->rel = NULL;
		cr->n = cards_linkcache_links(link_cache, k->id, cr->v, MAX_LINKS);
		cr->label = cards_linkcache_label(link_cache);
		return;
	}
	/* no links kept for these rules (they are kept when a run loads them: `judge update`,
	 * another command with --cr or --rules): this card's alone, found in the rules loaded
	 * now — a lookup never links all 35,000 */
	cr->rel = rules_for(c);
	cr->n = cards_links(k, cr->rel, cr->v, MAX_LINKS);
	cr->label = cr->rel ? cr->rel->label : NULL;
}

int
card_links_prepare(struct jctx *c, const struct jrelease *rel, const char *rules_key)
{
	struct cards_db *db = cards_for(c);
	if (!db || !rel || !rules_key || !*rules_key || strcmp(cards_meta(db, "rules_key"), rules_key) == 0)
		return 0;
	struct cards_linkcache *lc = cards_linkcache_open(db, rules_key);
	if (lc) {
		cards_linkcache_close(lc);
		return 0;
	}
	double t0 = now_seconds();
	if (cards_linkcache_build(db, rules_key, rel) != 0) {
		fprintf(stderr, "judge: warning: could not keep the cards' links to the rules of %s beside the card database; "
		    "`judge card` finds each card's own\n", rel->label ? rel->label : "this run");
		return -1;
	}
	fprintf(stderr, "judge: linked the %s cards to the rules of %s in %.1f s, kept beside the card database "
	    "for `judge card`\n", cards_meta(db, "cards"), rel->label ? rel->label : "this run", now_seconds() - t0);
	/* a lookup later in this run reads them */
	cards_linkcache_close(link_cache);
	link_cache = NULL;
	link_cache_tried = false;
	return 0;
}

/* The rule numbers ruling i of the card cites that the linking release has. */
static size_t
ruling_cites(struct cards_db *db, const struct card *k, size_t i, const struct card_rules *cr, char (*nums)[24], size_t max)
{
	if (cr->lc)
		return cards_linkcache_cites(cr->lc, k->id, i, nums, max);
	if (!cr->rel)
		return cr->label ? cards_stored_cites(db, k->id, i, nums, max) : 0;
	uint32_t cited[16];
	size_t nc = cards_cited(k->rulings[i].text, cr->rel, cited, max < 16 ? max : 16);
	for (size_t j = 0; j < nc; j++)
		snprintf(nums[j], 24, "%s", cr->rel->rules[cited[j]].num);
	return nc;
}

static void
face_stats(struct sbuf *s, const struct card_face *f)
{
	if (f->power || f->toughness)
		sbuf_addf(s, "  %s/%s", f->power ? f->power : "", f->toughness ? f->toughness : "");
	if (f->loyalty)
		sbuf_addf(s, "  loyalty %s", f->loyalty);
	if (f->defense)
		sbuf_addf(s, "  defense %s", f->defense);
	if (f->hand)
		sbuf_addf(s, "  hand %s", f->hand);
	if (f->life)
		sbuf_addf(s, "  life %s", f->life);
	if (f->lights)
		sbuf_addf(s, "  lights %s", f->lights);
}

/* A prototype card's other cost and size, read from its Oracle text ("Prototype {1}{U}{U} —
 * 2/1"): cast prototyped it has that mana cost, mana value and power/toughness (718.3b). */
struct prototype {
	char cost[64], power[16], toughness[16];
	double value;
};

static bool
prototype_of(const struct card_face *f, struct prototype *pt)
{
	const char *t = f->text;
	for (; t && *t; t = strchr(t, '\n') ? strchr(t, '\n') + 1 : NULL)
		if (strncmp(t, "Prototype {", 11) == 0)
			break;
	if (!t || !*t)
		return false;
	const char *c = t + 10, *e = c;
	while (*e == '{') {
		const char *b = strchr(e, '}');
		if (!b)
			return false;
		e = b + 1;
	}
	const char *dash = e;
	while (*dash == ' ')
		dash++;
	if (strncmp(dash, "\xe2\x80\x94", 3) != 0 && *dash != '-')
		return false;
	dash += *dash == '-' ? 1 : 3;
	while (*dash == ' ')
		dash++;
	size_t pn = strcspn(dash, "/\n"), tn;
	if (dash[pn] != '/' || pn == 0 || pn >= sizeof pt->power)
		return false;
	tn = strcspn(dash + pn + 1, " \n(");
	if (tn == 0 || tn >= sizeof pt->toughness || (size_t)(e - c) >= sizeof pt->cost)
		return false;
	snprintf(pt->cost, sizeof pt->cost, "%.*s", (int)(e - c), c);
	snprintf(pt->power, sizeof pt->power, "%.*s", (int)pn, dash);
	snprintf(pt->toughness, sizeof pt->toughness, "%.*s", (int)tn, dash + pn + 1);
	pt->value = cards_cost_value(pt->cost);
	return true;
}

/* The formats whose commander the card can be, as the file says ("commander, oathbreaker"). */
static size_t
leader_formats(const struct card *k, char out[][24], size_t max)
{
	size_t n = 0;
	for (const char *p = k->leader; p && *p && n < max;) {
		size_t l = strcspn(p, ",");
		snprintf(out[n++], 24, "%.*s", (int)(l < 23 ? l : 23), p);
		p += l;
		while (*p == ',' || *p == ' ')
			p++;
	}
	return n;
}

static void
fmt_value(char *buf, size_t cap, double v)
{
	if (isnan(v))
		snprintf(buf, cap, "unknown");
	else if (v == (double)(long long)v)
		snprintf(buf, cap, "%lld", (long long)v);
	else
		snprintf(buf, cap, "%g", v);
}

/* The textbook examples that mention the card or one of its faces. */
static void
taught_in(struct jctx *c, const struct card *k, struct sbuf *outs, struct jw *w)
{
	rules_for(c);   /* the textbook links to the answering release */
	struct tb_book *b = tb_for(c);
	if (!b)
		return;
	char want[256], have[256];
	size_t shown = 0;
	for (uint32_t i = 0; i < b->ncards; i++) {
		const struct tb_card *tc = &b->cards[i];
		cards_name_key(tc->name, have, sizeof have);
		bool match = false;
		for (size_t f = 0; f <= k->nfaces && !match; f++) {
			cards_name_key(f == k->nfaces ? k->name : k->faces[f].name ? k->faces[f].name : "", want, sizeof want);
			match = *want && strcmp(want, have) == 0;
		}
		if (!match)
			continue;
		for (uint32_t e = 0; e < tc->nexamples; e++) {
			const struct tb_example *ex = &b->examples[tc->examples[e]];
			const struct tb_page *p = &b->pages[ex->page];
			const char *h = ex->heading != TB_NONE ? b->headings[ex->heading].title : NULL;
			if (w) {
				jw_obj(w);
				jw_kstr(w, "page", p->title);
				jw_kstr(w, "heading", h);
				jw_kint(w, "line", ex->line);
				jw_obj_end(w);
			} else {
				sbuf_addf(outs, "%s%s%s%s (line %u)", shown ? "; " : "", p->title, h ? " \u203a " : "", h ? h : "", ex->line);
			}
			shown++;
		}
	}
}

/* A mana value the card file did not give is null, not 0. */
static void
json_value(struct jw *w, double v)
{
	if (isnan(v))
		jw_null(w);
	else
		jw_num(w, v);
}

static void
card_json(struct jctx *c, struct jw *w, struct cards_db *db, const struct card *k, const char *melds_from)
{
	struct card_rules *cr = xmalloc(sizeof *cr);
	card_rules(c, db, k, cr);
	jw_obj(w);
	jw_kstr(w, "name", k->name);
	jw_kstr(w, "layout", k->layout);
	jw_key(w, "mana_value");
	json_value(w, k->mana_value);
	jw_key(w, "faces");
	jw_arr(w);
	for (size_t i = 0; i < k->nfaces; i++) {
		const struct card_face *f = &k->faces[i];
		jw_obj(w);
		jw_kstr(w, "name", f->name);
		jw_kstr(w, "mana_cost", f->mana_cost);
		jw_key(w, "mana_value");
		json_value(w, f->mana_value);
		jw_kstr(w, "type", f->type);
		jw_kstr(w, "text", f->text);
		jw_kstr(w, "power", f->power);
		jw_kstr(w, "toughness", f->toughness);
		jw_kstr(w, "loyalty", f->loyalty);
		jw_kstr(w, "defense", f->defense);
		if (f->hand)
			jw_kstr(w, "hand", f->hand);
		if (f->life)
			jw_kstr(w, "life", f->life);
		if (f->lights)
			jw_kstr(w, "lights", f->lights);
		struct prototype pt;
		if (prototype_of(f, &pt)) {
			jw_key(w, "prototype");
			jw_obj(w);
			jw_kstr(w, "mana_cost", pt.cost);
			jw_key(w, "mana_value");
			jw_num(w, pt.value);
			jw_kstr(w, "power", pt.power);
			jw_kstr(w, "toughness", pt.toughness);
			jw_obj_end(w);
		}
		jw_obj_end(w);
	}
	jw_arr_end(w);
	if (melds_from)
		jw_kstr(w, "melds_from", melds_from);
	jw_kstrs(w, "keywords", (const char *const *)k->keywords, k->nkeywords);
	if (k->leader) {
		char fm[8][24];
		size_t nf = leader_formats(k, fm, 8);
		jw_key(w, "commander_in");
		jw_arr(w);
		for (size_t i = 0; i < nf; i++)
			jw_str(w, fm[i]);
		jw_arr_end(w);
	}
	jw_key(w, "legalities");
	jw_obj(w);
	for (size_t i = 0; i < k->nlegal; i++)
		jw_kstr(w, k->legal[i].format, k->legal[i].status);
	jw_obj_end(w);
	jw_key(w, "rules");
	jw_arr(w);
	for (size_t i = 0; i < cr->n; i++) {
		jw_obj(w);
		jw_kstr(w, "id", cr->v[i].num);
		jw_kstr(w, "title", cr->v[i].title);
		jw_kstr(w, "why", cr->v[i].why);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "rulings");
	jw_arr(w);
	for (size_t i = 0; i < k->nrulings; i++) {
		const struct card_ruling *r = &k->rulings[i];
		jw_obj(w);
		jw_kstr(w, "date", r->date);
		jw_kstr(w, "source", r->source);
		jw_kstr(w, "text", r->text);
		char nums[16][24];
		size_t nc = ruling_cites(db, k, i, cr, nums, 16);
		jw_key(w, "rules");
		jw_arr(w);
		for (size_t j = 0; j < nc; j++)
			jw_str(w, nums[j]);
		jw_arr_end(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	if (c->verbose || c->interactive) {
		jw_key(w, "taught_in");
		jw_arr(w);
		taught_in(c, k, NULL, w);
		jw_arr_end(w);
	}
	jw_kstr(w, "rules_release", cr->label);
	jw_key(w, "data");
	jw_obj(w);
	jw_kstr(w, "source", cards_meta(db, "source"));
	jw_kstr(w, "date", cards_meta(db, "date"));
	jw_obj_end(w);
	jw_obj_end(w);
	free(cr);
}

static void
card_text(struct jctx *c, struct cards_db *db, const struct card *k, const char *melds_from)
{
	struct out *o = c->out;
	struct card_rules *cr = xmalloc(sizeof *cr);
	card_rules(c, db, k, cr);
	char mv[32];
	fmt_value(mv, sizeof mv, k->mana_value);
	bool multi = k->nfaces > 1;
	struct sbuf s = {0};
	out_printf(o, "%s%s%s", out_sgr(o, OS_TITLE), k->name, out_sgr(o, OS_RESET));
	if (!multi && k->faces && k->faces[0].mana_cost)
		out_printf(o, "  %s", k->faces[0].mana_cost);
	out_printf(o, "  %s(", out_sgr(o, OS_DIM));
	if (multi || (k->layout && strcmp(k->layout, "normal") != 0))
		out_printf(o, "%s, ", k->layout ? k->layout : "?");
	out_printf(o, "mana value %s)%s\n", mv, out_sgr(o, OS_RESET));
	for (size_t i = 0; i < k->nfaces; i++) {
		const struct card_face *f = &k->faces[i];
		int ind = multi ? 2 : 0;
		if (multi) {
			char fv[32];
			fmt_value(fv, sizeof fv, f->mana_value);
			if (i)
				out_puts(o, "\n");
			out_printf(o, "  %s%s%s", out_sgr(o, OS_BOLD), f->name ? f->name : "?", out_sgr(o, OS_RESET));
			if (f->mana_cost)
				out_printf(o, "  %s", f->mana_cost);
			out_printf(o, "  %s(mana value %s)%s\n", out_sgr(o, OS_DIM), fv, out_sgr(o, OS_RESET));
		}
		sbuf_addf(&s, "%s", f->type ? f->type : "");
		face_stats(&s, f);
		out_printf(o, "%*s%s\n", ind, "", s.s);
		sbuf_reset(&s);
		if (f->text && *f->text) {
			out_printf(o, "%*s", ind, "");
			out_wrap(o, f->text, ind, ind);
		}
		struct prototype pt;
		if (prototype_of(f, &pt)) {
			char pv[32];
			fmt_value(pv, sizeof pv, pt.value);
			out_printf(o, "%*s%sPrototyped:%s %s  %s/%s  %s(mana value %s)%s\n", ind, "", out_sgr(o, OS_BOLD),
			    out_sgr(o, OS_RESET), pt.cost, pt.power, pt.toughness, out_sgr(o, OS_DIM), pv, out_sgr(o, OS_RESET));
		}
	}
	if (k->leader)
		out_printf(o, "%sCommander:%s can be your commander in %s\n", out_sgr(o, OS_BOLD), out_sgr(o, OS_RESET), k->leader);
	if (melds_from)
		out_printf(o, "%sMelds from:%s %s\n", out_sgr(o, OS_BOLD), out_sgr(o, OS_RESET), melds_from);
	if (cr->n) {
		out_printf(o, "%sRules:%s ", out_sgr(o, OS_BOLD), out_sgr(o, OS_RESET));
		for (size_t i = 0; i < cr->n; i++) {
			const struct card_link *lk = &cr->v[i];
			int n = jnav_link(c, lk->num);
			sbuf_addf(&s, "%s%s%s%s", i ? ", " : "", out_sgr(o, OS_ID), lk->num, out_sgr(o, OS_RESET));
			if (n)
				sbuf_addf(&s, " [%d]", n);
			sbuf_addf(&s, " %s", *lk->title ? lk->title : lk->why);
		}
		out_wrap(o, s.s, 7, 2);
		sbuf_reset(&s);
	}
	if (k->nlegal) {
		out_printf(o, "%sLegal:%s ", out_sgr(o, OS_BOLD), out_sgr(o, OS_RESET));
		size_t shown = 0;
		for (size_t i = 0; i < k->nlegal; i++)
			if (strcmp(k->legal[i].status, "legal") == 0)
				out_printf(o, "%s%s", shown++ ? ", " : "", k->legal[i].format);
		for (size_t i = 0; i < k->nlegal; i++)
			if (strcmp(k->legal[i].status, "legal") != 0)
				out_printf(o, "%s%s (%s)", shown++ ? ", " : "", k->legal[i].format, k->legal[i].status);
		out_puts(o, "\n");
	} else {
		out_printf(o, "%sLegal:%s in no format\n", out_sgr(o, OS_BOLD), out_sgr(o, OS_RESET));
	}
	if (k->nrulings) {
		out_printf(o, "%sRulings:%s\n", out_sgr(o, OS_BOLD), out_sgr(o, OS_RESET));
		for (size_t i = 0; i < k->nrulings; i++) {
			const struct card_ruling *r = &k->rulings[i];
			out_printf(o, "  %s%-10s%s  ", out_sgr(o, OS_DIM), r->date ? r->date : "", out_sgr(o, OS_RESET));
			sbuf_adds(&s, r->text ? r->text : "");
			if (r->source && strcmp(r->source, "wotc") != 0)
				sbuf_addf(&s, " %s(%s note)%s", out_sgr(o, OS_DIM), strcmp(r->source, "scryfall") == 0 ? "Scryfall" : r->source, out_sgr(o, OS_RESET));
			char nums[16][24];
			/* the numbers are in the text already: the session numbers them as links */
			size_t nc = c->interactive && !c->json ? ruling_cites(db, k, i, cr, nums, 16) : 0;
			for (size_t j = 0; j < nc; j++) {
				int n = jnav_link(c, nums[j]);
				sbuf_addf(&s, "%s%s%s", j ? ", " : " \u2192 ", out_sgr(o, OS_ID), nums[j]);
				sbuf_adds(&s, out_sgr(o, OS_RESET));
				if (n)
					sbuf_addf(&s, " [%d]", n);
			}
			out_wrap(o, s.s, 14, 14);
			sbuf_reset(&s);
		}
	}
	if (c->verbose || c->interactive) {
		taught_in(c, k, &s, NULL);
		if (s.len) {
			sbuf_reset(&s);
			sbuf_addf(&s, "%sTaught in:%s ", out_sgr(o, OS_BOLD), out_sgr(o, OS_RESET));
			taught_in(c, k, &s, NULL);
			out_wrap(o, s.s, 0, 2);
		}
		sbuf_reset(&s);
	}
	const char *src = cards_meta(db, "source"), *date = cards_meta(db, "date");
	out_printf(o, "%sCard data: %s%s%s%s%s\n", out_sgr(o, OS_DIM),
	    strcmp(src, "mtgjson") == 0 ? "MTGJSON" : strcmp(src, "scryfall") == 0 ? "Scryfall" : src,
	    *date ? " of " : "", date, cr->label ? "; rules of " : "", cr->label ? cr->label : "");
	out_puts(o, out_sgr(o, OS_RESET));
	sbuf_free(&s);
	free(cr);
}

static char *
dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* Asked for a meld card's back face, MTGJSON answers with every card that melds into it
 * (Bruna // Brisela and Gisela // Brisela): that is one card, the melded one. Returns it,
 * its rulings those of all of them, with the front faces joined in *from; NULL when the hits
 * are not that. */
static struct card *
melded(struct cards_db *db, const struct cards_hit *hits, size_t n, char **from)
{
	if (n < 2 || n > MAX_LIST)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (strcmp(hits[i].matched, hits[0].matched) != 0 || strcmp(hits[i].matched, hits[i].name) == 0)
			return NULL;
	struct card *out = xcalloc(1, sizeof *out);
	struct sbuf names = {0};
	size_t rcap = 0;
	bool ok = true;
	for (size_t i = 0; i < n && ok; i++) {
		struct card *k = cards_get(db, hits[i].id);
		ok = k && k->layout && strcmp(k->layout, "meld") == 0;
		for (size_t f = 0; ok && f < k->nfaces; f++) {
			const struct card_face *kf = &k->faces[f];
			if (kf->name && strcmp(kf->name, hits[0].matched) != 0) {
				sbuf_addf(&names, "%s%s", names.len ? " and " : "", kf->name);
			} else if (out->nfaces == 0) {
				out->faces = xcalloc(1, sizeof *out->faces);
				struct card_face *o = &out->faces[out->nfaces++];
				o->name = dup_or_null(kf->name);
				o->mana_cost = dup_or_null(kf->mana_cost);
				o->type = dup_or_null(kf->type);
				o->text = dup_or_null(kf->text);
				o->power = dup_or_null(kf->power);
				o->toughness = dup_or_null(kf->toughness);
				o->loyalty = dup_or_null(kf->loyalty);
				o->defense = dup_or_null(kf->defense);
				o->hand = dup_or_null(kf->hand);
				o->life = dup_or_null(kf->life);
				o->lights = dup_or_null(kf->lights);
				o->mana_value = kf->mana_value;
			}
		}
		if (ok && i == 0) {
			out->id = k->id;
			out->name = xstrdup(hits[0].matched);
			out->layout = xstrdup("meld");
			out->legal = xcalloc(k->nlegal + 1, sizeof *out->legal);
			for (size_t l = 0; l < k->nlegal; l++) {
				out->legal[l].format = xstrdup(k->legal[l].format);
				out->legal[l].status = xstrdup(k->legal[l].status);
			}
			out->nlegal = k->nlegal;
		}
		for (size_t r = 0; ok && r < k->nrulings; r++) {
			bool dup = false;
			for (size_t j = 0; j < out->nrulings && !dup; j++)
				dup = strcmp(out->rulings[j].text ? out->rulings[j].text : "", k->rulings[r].text ? k->rulings[r].text : "") == 0;
			if (dup)
				continue;
			out->rulings = xgrow(out->rulings, &rcap, out->nrulings + 1, sizeof *out->rulings);
			struct card_ruling *o = &out->rulings[out->nrulings++];
			o->date = dup_or_null(k->rulings[r].date);
			o->source = dup_or_null(k->rulings[r].source);
			o->text = dup_or_null(k->rulings[r].text);
		}
		card_free(k);
	}
	if (!ok || out->nfaces == 0) {
		card_free(out);
		sbuf_free(&names);
		return NULL;
	}
	out->mana_value = out->faces[0].mana_value;
	*from = sbuf_take(&names);
	return out;
}

static const char *
how_name(enum cards_match h)
{
	static const char *const n[] = {"name", "face", "start", "words", "part", "spelling", "name in another language"};
	return h <= CM_FOREIGN ? n[h] : "?";
}

int
cmd_card(struct jctx *c, int argc, char **argv)
{
	if (argc < 2) {
		jerr(c, "for example: judge card tarmogoyf", "card: which card?");
		return JX_USAGE;
	}
	struct cards_db *db = cards_for(c);
	if (!db) {
		/* without one, what judge has of the card: the textbook's examples, the boards */
		char *nm = join(argc - 1, argv + 1);
		const struct mention *m[64];
		size_t nm_n = mentions_of(c, nm, m, sizeof m / sizeof *m);
		struct sbuf hint = {0};
		sbuf_adds(&hint, no_db_hint);
		size_t boards = 0;
		const struct mention *best = NULL;   /* the board about it: its title names it, the shortest */
		for (size_t i = 0; i < nm_n; i++) {
			if (strcmp(mention_kind(m[i]), "textbook") == 0) {
				sbuf_addf(&hint, "; meanwhile the textbook's worked examples mention %s: `%s`", mention_name(m[i]),
				    mention_command(m[i]));
				continue;
			}
			boards++;
			/* a title that starts with the name, then one that has it, then the shortest */
			const char *w = mention_where(m[i]), *nmi = mention_name(m[i]);
			int rank = strncasecmp(w, nmi, strlen(nmi)) == 0 ? 2 : strcasestr(w, nmi) != NULL;
			int best_rank = !best ? -1 : strncasecmp(mention_where(best), nmi, strlen(nmi)) == 0 ? 2 :
			    strcasestr(mention_where(best), nmi) != NULL;
			if (rank > best_rank || (rank == best_rank && strlen(w) < strlen(mention_where(best))))
				best = m[i];
		}
		if (best) {
			char cmd[4200];
			sbuf_addf(&hint, "; a board puts it on the table: `%s`", mention_command_here(best, cmd, sizeof cmd));
		}
		if (boards > 1)
			sbuf_addf(&hint, " (and %zu more)", boards - 1);
		jerr(c, hint.s, "card: no card database");
		sbuf_free(&hint);
		free(nm);
		return JX_USAGE;
	}
	char *name = join(argc - 1, argv + 1);
	struct cards_hit hits[MAX_LIST];
	size_t n = cards_find(db, name, hits, MAX_LIST);
	size_t ns = n == 0 ? cards_suggest(db, name, hits, 3) : 0;
	if (cards_read_every_name(db))
		fprintf(stderr, "judge: note: the card database has no name index (an older judge imported it), so this lookup "
		    "read every name; import the card file again (`judge cards import FILE`) to make misspelt names quick\n");
	if (n == 0) {
		struct sbuf h = {0};
		for (size_t i = 0; i < ns; i++)
			sbuf_addf(&h, "%s%s", i == 0 ? "did you mean " : i + 1 == ns ? " or " : ", ", hits[i].name);
		if (ns)
			sbuf_adds(&h, "?");
		jerr(c, ns ? h.s : "check the spelling, or give part of the name", "no card named \"%s\"", name);
		sbuf_free(&h);
		free(name);
		return JX_NOTFOUND;
	}
	size_t shown = n < MAX_LIST ? n : MAX_LIST;
	if (c->limit > 0 && (size_t)c->limit < shown)
		shown = (size_t)c->limit;
	char *from = NULL;
	struct card *meld = melded(db, hits, n, &from);
	if (meld) {
		n = shown = 1;
	}
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_arr(&w);
		for (size_t i = 0; i < shown; i++) {
			struct card *k = meld ? meld : cards_get(db, hits[i].id);
			if (k)
				card_json(c, &w, db, k, from);
			if (!meld)
				card_free(k);
		}
		jw_arr_end(&w);
		out_puts(c->out, "\n");
	} else if (n == 1) {
		/* a corrected spelling is said, so a judge reading the card knows it is not the
		 * name typed (on standard error: the card text stays what scripts read) */
		if (hits[0].how == CM_TYPO)
			fprintf(stderr, "judge: note: no card is named \"%s\"; this is %s, the nearest spelling\n", name,
			    hits[0].matched);
		else if (hits[0].how == CM_FOREIGN)
			fprintf(stderr, "judge: note: %s is the %s name of %s; its Oracle text is in English\n", hits[0].matched,
			    hits[0].lang, hits[0].name);
		struct card *k = meld ? meld : cards_get(db, hits[0].id);
		if (k)
			card_text(c, db, k, from);
		if (!meld)
			card_free(k);
	} else {
		out_printf(c->out, "%zu cards match \"%s\" (by %s):\n", n, name, how_name(hits[0].how));
		for (size_t i = 0; i < shown; i++) {
			out_printf(c->out, "  %s", hits[i].name);
			if (hits[i].how == CM_FOREIGN)
				out_printf(c->out, "  %s(%s, %s)%s", out_sgr(c->out, OS_DIM), hits[i].matched, hits[i].lang, out_sgr(c->out, OS_RESET));
			else if (strcmp(hits[i].name, hits[i].matched) != 0)
				out_printf(c->out, "  %s(%s)%s", out_sgr(c->out, OS_DIM), hits[i].matched, out_sgr(c->out, OS_RESET));
			/* cards of one name (Scryfall's tokens): what tells them apart */
			bool twin = false;
			for (size_t j = 0; j < shown && !twin; j++)
				twin = j != i && strcmp(hits[i].name, hits[j].name) == 0;
			struct card *k = twin ? cards_get(db, hits[i].id) : NULL;
			if (k && k->nfaces) {
				const struct card_face *f = &k->faces[0];
				struct sbuf d = {0};
				sbuf_addf(&d, "%s", f->type ? f->type : "");
				face_stats(&d, f);
				if (f->text && *f->text)
					sbuf_addf(&d, ": %.60s%s", f->text, strlen(f->text) > 60 ? "..." : "");
				for (char *p = d.s; p && *p; p++)
					if (*p == '\n')
						*p = ' ';
				out_printf(c->out, "  %s%s%s", out_sgr(c->out, OS_DIM), sbuf_str(&d), out_sgr(c->out, OS_RESET));
				sbuf_free(&d);
			}
			card_free(k);
			out_puts(c->out, "\n");
		}
		if (shown < n)
			out_printf(c->out, "  ... and %zu more; give more of the name\n", n - shown);
	}
	card_free(meld);
	free(from);
	free(name);
	return JX_OK;
}

static void
print_import(struct jctx *c, const struct cards_import_stats *st, const char *dir)
{
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_obj(&w);
		jw_kint(&w, "cards", (long long)st->cards);
		jw_kint(&w, "faces", (long long)st->faces);
		jw_kint(&w, "rulings", (long long)st->rulings);
		jw_kint(&w, "duplicates", (long long)st->duplicates);
		jw_kint(&w, "orphan_rulings", (long long)st->orphan_rulings);
		jw_kint(&w, "skipped", (long long)st->skipped);
		jw_kstr(&w, "source", st->source);
		jw_kstr(&w, "date", st->date);
		jw_kstr(&w, "date_from", st->date_from);
		jw_knum(&w, "seconds", st->seconds);
		jw_kstr(&w, "database", dir);
		jw_obj_end(&w);
		out_puts(c->out, "\n");
		return;
	}
	out_printf(c->out, "imported %zu cards (%zu faces, %zu rulings) from %s%s%s%s%s in %.2f s into %s/cards.db\n",
	    st->cards, st->faces, st->rulings, st->source, *st->date ? " of " : "", st->date,
	    *st->date ? " (date from the " : "", *st->date ? (strcmp(st->date_from, "meta") == 0 ? "file's meta)" :
	    strcmp(st->date_from, "file name") == 0 ? "file name)" : "file's modification time)") : "",
	    st->seconds, dir);
	if (st->duplicates)
		out_printf(c->out, "  %zu cards appeared twice; the first was kept\n", st->duplicates);
	if (st->orphan_rulings)
		out_printf(c->out, "  %zu rulings name no imported card (by oracle_id) and were left out\n", st->orphan_rulings);
	if (st->skipped)
		out_printf(c->out, "  %zu art series cards (collectibles, no game cards) were left out\n", st->skipped);
}

/* Parse --format; returns the remaining file arguments in files. */
static int
import_files(struct jctx *c, int argc, char **argv, const char *label)
{
	enum cards_format fmt = CF_AUTO;
	const char **files = xcalloc((size_t)argc + 1, sizeof *files);
	int nf = 0;
	for (int i = 1; i < argc; i++) {
		bool eq = strncmp(argv[i], "--format=", 9) == 0;
		if ((strcmp(argv[i], "--format") == 0 && i + 1 < argc) || eq) {
			const char *f = eq ? argv[i] + 9 : argv[++i];
			if (strcmp(f, "mtgjson") == 0)
				fmt = CF_MTGJSON;
			else if (strcmp(f, "scryfall") == 0)
				fmt = CF_SCRYFALL;
			else {
				jerr(c, "--format mtgjson or --format scryfall", "%s: unknown format '%s'", label, f);
				free(files);
				return JX_USAGE;
			}
		} else if (argv[i][0] == '-' && argv[i][1]) {
			jerr(c, "judge cards import [--format mtgjson|scryfall] FILE...", "%s: unknown option '%s'", label, argv[i]);
			free(files);
			return JX_USAGE;
		} else {
			files[nf++] = argv[i];
		}
	}
	if (nf == 0) {
		jerr(c, "judge cards import AtomicCards.json.xz, or oracle-cards-*.json rulings-*.json", "%s: which files?", label);
		free(files);
		return JX_USAGE;
	}
	char dir[4096];
	if (!cards_dir_default(dir, sizeof dir)) {
		jerr(c, "set XDG_DATA_HOME or HOME", "%s: nowhere to store the cards", label);
		free(files);
		return JX_USAGE;
	}
	struct diags d = {0};
	struct cards_import_stats st;
	int rc = cards_import(dir, files, nf, fmt, c->rel, c->rules_key, &st, &d);
	free(files);
	if (rc != 0) {
		out_flush(c->out);
		diag_print(stderr, &d, DL_ERROR);
		diag_clear(&d);
		struct sbuf err = {0};
		struct cards_db *old = cards_open(dir, &err);
		if (old)
			fprintf(stderr, "  nothing was imported; the card database of %s (%s) is unchanged\n",
			    cards_meta(old, "date"), cards_meta(old, "files"));
		else
			fprintf(stderr, "  nothing was imported\n");
		cards_close(old);
		sbuf_free(&err);
		return JX_USAGE;
	}
	diag_clear(&d);
	card_ctx_free(c);   /* a session sees the new cards */
	print_import(c, &st, dir);
	return JX_OK;
}

int
cmd_cards_import(struct jctx *c, int argc, char **argv)
{
	return import_files(c, argc, argv, "cards import");
}

int
cmd_cards_update(struct jctx *c, int argc, char **argv)
{
	const char *url = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--url") == 0 && i + 1 < argc)
			url = argv[++i];
		else if (strncmp(argv[i], "--url=", 6) == 0)
			url = argv[i] + 6;
		else if (strcmp(argv[i], "--cards") != 0) {
			jerr(c, "judge update --cards [--url URL]", "update --cards: unknown argument '%s'", argv[i]);
			return JX_USAGE;
		}
	}
	if (!url) {
		const char *env = getenv("JUDGE_CARDS_URL");
		url = env && *env ? env : CARDS_DEFAULT_URL;
	}
	char dir[4096];
	if (!cards_dir_default(dir, sizeof dir)) {
		jerr(c, "set XDG_DATA_HOME or HOME", "update --cards: nowhere to store the cards");
		return JX_USAGE;
	}
	struct sbuf body = {0}, err = {0};
	char *final = NULL;
	if (hist_fetch(url, &body, &err, &final) != HF_OK) {
		jerr(c, "check the network, or download the file yourself and run `judge cards import FILE`",
		    "update --cards: %s", sbuf_str(&err));
		sbuf_free(&body);
		sbuf_free(&err);
		free(final);
		return JX_USAGE;
	}
	free(final);
	/* the download goes through a file so the importer streams it like any other */
	struct sbuf tmp = {0};
	sbuf_addf(&tmp, "%s/.cards-download-XXXXXX", dir);
	char *dl = NULL;
	{
		/* make sure the folder exists: cards_import would make it, but the download lands first */
		struct sbuf mk = {0};
		sbuf_addf(&mk, "%s", dir);
		for (char *p = mk.s + 1; *p; p++)
			if (*p == '/') {
				*p = '\0';
				(void)mkdir(mk.s, 0777);
				*p = '/';
			}
		(void)mkdir(mk.s, 0777);
		sbuf_free(&mk);
	}
	int fd = mkstemp(tmp.s);
	if (fd < 0 || write(fd, body.s ? body.s : "", body.len) != (ssize_t)body.len) {
		jerr(c, "check the free space in the cards folder", "update --cards: cannot save the download in %s", dir);
		if (fd >= 0) {
			close(fd);
			unlink(tmp.s);
		}
		sbuf_free(&tmp);
		sbuf_free(&body);
		sbuf_free(&err);
		return JX_USAGE;
	}
	close(fd);
	sbuf_free(&body);
	sbuf_free(&err);
	dl = sbuf_take(&tmp);
	char *args[3] = {(char *)"update --cards", dl, NULL};
	int rc = import_files(c, 2, args, "update --cards");
	unlink(dl);
	free(dl);
	return rc;
}
