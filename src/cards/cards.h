/* cards.h — card data (Oracle text, faces, legalities, rulings) imported from the files judges
 * download (MTGJSON AtomicCards, Scryfall oracle-cards and rulings; plain, .gz, .xz or .bz2)
 * into an SQLite database, and read back by name.
 * Write side (import.c, source.c): cards_parse() streams one file through yajl and hands each
 * card and ruling to a sink; cards_import() writes them into a new database and renames it
 * over the old one only when every file parsed. Read side (store.c): cards_open(),
 * cards_find(), cards_get(), cards_complete().
 * Ownership: a struct card returned by cards_get() owns its strings (card_free()); records
 * handed to a sink live only during the call; a struct cards_db owns its SQLite handle. */
#ifndef JUDGE_CARDS_H
#define JUDGE_CARDS_H
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../base/buf.h"
#include "../base/diag.h"
#include "../index/index.h"

/* The longest JSON string the importer accepts: Oracle texts and rulings are a few KB, so a
 * longer one means the file is not what it says, and it is refused before it is buffered. */
#define CARDS_MAX_STRING (1u << 20)
#define CARDS_MAX_DEPTH 64
#define CARDS_MAX_FACES 16

/* A mana value the card file does not give is NAN (CARDS_NO_VALUE), never 0: a land's 0 is
 * given, a card without one is unknown. */
#define CARDS_NO_VALUE NAN
struct card_face {
	char *name, *mana_cost, *type, *text, *power, *toughness, *loyalty, *defense;
	double mana_value;       /* or CARDS_NO_VALUE */
	/* a vanguard's hand and life modifiers ("+1", "-3"), an attraction's lights ("2, 4, 6");
	 * NULL when the card has none (or the database was imported before they were kept) */
	char *hand, *life, *lights;
};
struct card_ruling {
	char *date, *source, *text;   /* source: "wotc", "scryfall" or NULL (MTGJSON) */
};
struct card_foreign {
	char *lang, *name;            /* "German", "Blitzschlag": a printed name in another language */
};
struct card_legal {
	char *format, *status;        /* status: legal, banned, restricted (not_legal is left out) */
};
struct card {
	int64_t id;
	char *name, *layout, *oracle_id;   /* oracle_id may be NULL */
	double mana_value;       /* or CARDS_NO_VALUE */
	struct card_face *faces;
	size_t nfaces;
	char **keywords;
	size_t nkeywords;
	struct card_legal *legal;
	size_t nlegal;
	struct card_ruling *rulings;
	size_t nrulings;
	char *melds_into;        /* import only: the card a Scryfall meld card melds into, or NULL */
	/* the formats whose commander it can be ("commander, oathbreaker"), from MTGJSON's
	 * leadershipSkills; NULL when the file does not say (Scryfall) or it can be none */
	char *leader;
	bool reversible;         /* import only: a face of a reversible card, dropped when the
	                            file has the card under its own name */
	/* import only: its names (and faces' names) in other languages, from MTGJSON's
	 * foreignData; found by cards_find(), not read back by cards_get() */
	struct card_foreign *foreign;
	size_t nforeign;
};
void card_free(struct card *c);

/* ---- write side ---- */

enum cards_format { CF_AUTO, CF_MTGJSON, CF_SCRYFALL };

/* What cards_parse() hands over: a card (its rulings, if the file carries them inside the card,
 * are in it) or a Scryfall ruling for an oracle_id. Returning nonzero stops the parse with the
 * error the sink put in its diags. */
struct cards_sink {
	void *ctx;
	int (*card)(void *ctx, const struct card *c);
	int (*ruling)(void *ctx, const char *oracle_id, const struct card_ruling *r);
	int (*meta)(void *ctx, const char *key, const char *value);   /* "date", "version" */
	/* a record that is no game card (Scryfall's art series), left out; may be NULL */
	void (*skipped)(void *ctx, const char *name, const char *layout);
};

/* Parse one file (compression recognised by its first bytes). Errors go to d as
 * name:line:col with the byte offset in the (decompressed) JSON text. Returns 0, or -1 after
 * the first error. *format receives the format found (CF_AUTO asks it to detect). */
int cards_parse_file(const char *path, enum cards_format *format, const struct cards_sink *sink,
    struct diags *d);
/* The same on bytes in memory (the fuzzer, the tests). */
int cards_parse_mem(const char *name, const void *data, size_t len, enum cards_format *format,
    const struct cards_sink *sink, struct diags *d);

struct cards_import_stats {
	size_t cards, faces, rulings, duplicates, orphan_rulings;
	size_t skipped;         /* records that are no game card (art series cards) */
	char date[32];          /* the source's date, YYYY-MM-DD, "" if none found */
	char date_from[32];     /* where the date came from: "meta", "file name", "file time" */
	char source[24];        /* "mtgjson", "scryfall" or "mtgjson+scryfall" */
	double seconds;
};
/* Import files into DIR/cards.db: everything is written to a temporary file in DIR that
 * replaces cards.db only once all files parsed; on any error nothing changes. With rel, the
 * rules each card touches and the numbers its rulings cite are found in rel and kept, with
 * rel's label and rules_key (what says which rules a later lookup would load, see
 * cards_stored_links()). Returns 0 or -1 (the error is in d). */
int cards_import(const char *dir, const char *const *files, int nfiles, enum cards_format format,
    const struct jrelease *rel, const char *rules_key, struct cards_import_stats *st, struct diags *d);

/* $XDG_DATA_HOME/judge/cards (else ~/.local/share/judge/cards) into buf; NULL if no home. */
const char *cards_dir_default(char *buf, size_t cap);

/* The name key every lookup uses: lower case, accents folded, apostrophes dropped, every
 * other run of non-alphanumerics one space ("Lim-Dûl's Vault" -> "lim duls vault").
 * Writes at most cap-1 bytes; returns the length. */
size_t cards_name_key(const char *s, char *out, size_t cap);
/* Mana value of a cost such as "{2}{G/W}{X}" (hybrid {2/W} counts 2, X counts 0). */
double cards_cost_value(const char *cost);

/* ---- read side ---- */

struct cards_db;
struct card_link;
/* Open DIR/cards.db read-only. NULL with a message in err when there is none or it is not a
 * card database. */
struct cards_db *cards_open(const char *dir, struct sbuf *err);
void cards_close(struct cards_db *db);
/* A value of the import (date, date_from, source, files, cards, imported); "" if absent. */
const char *cards_meta(struct cards_db *db, const char *key);

/* CM_FOREIGN: the card's (or a face's) whole name in another language (MTGJSON's foreignData),
 * or its start, asked only when no English name is or starts so; matched holds it and lang its
 * language */
enum cards_match { CM_EXACT, CM_FACE, CM_PREFIX, CM_WORDS, CM_SUBSTRING, CM_TYPO, CM_FOREIGN };
struct cards_hit {
	int64_t id;
	char name[160];          /* the card's full name */
	char matched[160];       /* the name that matched (a face's, or the full name) */
	enum cards_match how;
	int score;               /* lower is better */
	char lang[32];           /* CM_FOREIGN: the language of matched, else "" */
};
/* Find cards by the name a person typed: any case, accents or none, a face name, a start, a
 * part ("goyf"), words in any order, a small typo. Fills at most max hits, best first, and
 * returns how many cards matched in all (hits holds min(that, max)). A single exact or face
 * match stops there. */
size_t cards_find(struct cards_db *db, const char *query, struct cards_hit *hits, size_t max);
/* Did a lookup since cards_open() read every name, the database having no name index (it was
 * imported by a judge older than the index; importing the file again writes it)? */
bool cards_read_every_name(struct cards_db *db);
/* Exact lookups only (a full name or a face name, by key), for search and the board. */
int64_t cards_lookup_key(struct cards_db *db, const char *key);
/* The card with that id, or NULL. */
struct card *cards_get(struct cards_db *db, int64_t id);
/* Card names whose key starts with the key of prefix, in key order; calls fn for each (at most
 * max) with the full name. Returns how many were offered. */
size_t cards_complete(struct cards_db *db, const char *prefix, size_t max,
    void (*fn)(void *ctx, const char *name), void *ctx);
/* Card names in a free text ("tarmogoyf in graveyard", "blood moon urza's saga"): the longest
 * run of words, up to 8, that is a card's or a face's whole name. A single word counts only when
 * it is capitalised as typed or common_word says it is not a word of the rules (so "flash" is the
 * keyword, "Flash" and "tarmogoyf" are cards). Fills at most max spans, in text order. */
struct cards_mention {
	int64_t id;
	size_t start, end;       /* bytes of text */
};
size_t cards_mentions(struct cards_db *db, const char *text, struct cards_mention *out, size_t max,
    bool (*common_word)(void *ctx, const char *folded), void *ctx);
/* The links kept at import (cards_import() with a release): the card's, and the numbers its
 * ruling number `ruling` (its place in struct card's rulings) cites, into nums. */
size_t cards_stored_links(struct cards_db *db, int64_t id, struct card_link *v, size_t max);
size_t cards_stored_cites(struct cards_db *db, int64_t id, size_t ruling, char (*nums)[24], size_t max);
/* The nearest names to a query (for "did you mean"), at most max, into hits. */
size_t cards_suggest(struct cards_db *db, const char *query, struct cards_hit *hits, size_t max);

/* ---- the links to other rules, kept once found (linkcache.c) ---- */

/* The links every card has to the rules of rules_key (a key of the rule files, as the import
 * keeps), found with rel by cards_linkcache_build() and kept beside the database, keyed by the
 * rules and the import; cards_linkcache_open() gives NULL until then. A new import drops them. */
struct cards_linkcache;
struct cards_linkcache *cards_linkcache_open(struct cards_db *db, const char *rules_key);
const char *cards_linkcache_label(const struct cards_linkcache *lc);
size_t cards_linkcache_links(struct cards_linkcache *lc, int64_t id, struct card_link *v, size_t max);
size_t cards_linkcache_cites(struct cards_linkcache *lc, int64_t id, size_t ruling, char (*nums)[24], size_t max);
void cards_linkcache_close(struct cards_linkcache *lc);
int cards_linkcache_build(struct cards_db *db, const char *rules_key, const struct jrelease *rel);

/* ---- links to the rules (links.c) ---- */

enum card_link_kind { CL_KEYWORD, CL_ACTION, CL_LAYOUT, CL_TYPE, CL_TERM, CL_SIGNAL };
struct card_link {
	uint32_t rule;           /* index in rel->rules; JNONE when read from the database */
	enum card_link_kind kind;
	char num[24];            /* the rule's number and title in the release that linked it */
	char title[96];
	char why[64];            /* the keyword, or the rule's title */
};
/* The rules of rel a card touches, found by their titles: keywords (702), the keyword
 * actions its text performs as verbs (701: "counter target spell", not "a lore counter"),
 * the counters, tokens and emblems it names (the 1xx rule titled with the plural), the words
 * a rule says make an effect what it is ("instead": 614.1a, read from the release's text),
 * its layout ("Split Cards"), its card types ("Creatures"). */
size_t cards_links(const struct card *k, const struct jrelease *rel, struct card_link *v, size_t max);
/* The rules of rel a text cites by number ("see rule 702.19b"), indices in rel->rules. */
size_t cards_cited(const char *text, const struct jrelease *rel, uint32_t *out, size_t max);
/* Call fn with each rule number written in text (a rule or subrule, not inside a longer
 * number or word), in order, until fn returns false. */
void cards_each_number(const char *text, bool (*fn)(jrid id, void *ud), void *ud);

#endif
