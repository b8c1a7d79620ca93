/* study.h — study mode for judge candidates: practice questions drawn from a loaded CR
 * release (glossary, cloze, which-rule) and from worked examples supplied by a provider,
 * a seeded PRNG so a session can be repeated, and the spaced-repetition progress file
 * (SM-2) that puts due questions first. Anyone may include this.
 * Ownership: a struct study_q owns its strings (study_q_free); a struct study_pool
 * borrows the release and the provider, which must outlive it; a struct study_store
 * owns its cards (study_store_free). Parsers report through struct diags, never exit. */
#ifndef JUDGE_STUDY_H
#define JUDGE_STUDY_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../base/diag.h"
#include "../index/index.h"

struct jctx;

/* ---------- a small PRNG (splitmix64): the same seed gives the same session ---------- */
struct study_rng { uint64_t s; };
void study_rng_seed(struct study_rng *r, uint64_t seed);
uint64_t study_rng_next(struct study_rng *r);
uint32_t study_rng_below(struct study_rng *r, uint32_t n);   /* uniform in [0, n), n > 0 */

/* ---------- questions ---------- */
enum study_kind { STUDY_GLOSSARY = 1, STUDY_CLOZE = 2, STUDY_WHICH = 4, STUDY_EXAMPLE = 8 };
#define STUDY_ALL 15u
#define STUDY_CHOICES 4

const char *study_kind_name(enum study_kind k);   /* "glossary", "cloze", "which", "example" */

/* A worked example as a question: the situation, the book's answer, the rules it teaches. */
struct study_example {
	const char *id;           /* stable across runs: "p12e3" (page 12, example 3) */
	const char *situation;
	const char *answer;
	const jrid *rules;
	uint32_t nrules;
	const char *where;        /* "Game basics › Mana cost" or NULL */
};
/* Where worked examples come from (the textbook module, when present). count() may build
 * the source lazily; get() fills *out with pointers that stay valid while ctx lives. */
struct study_examples {
	uint32_t (*count)(void *ctx);
	bool (*get)(void *ctx, uint32_t i, struct study_example *out);
	void *ctx;
};
/* Split an example's text into a situation and an answer: at the first question mark
 * followed by more text, else after the first sentence. Returns false when there is no
 * second part (the text cannot be asked). *sit_len is the situation's length; *ans
 * points into text at the answer. */
bool study_split_example(const char *text, size_t *sit_len, const char **ans);

struct study_q {
	enum study_kind kind;
	char *key;                /* stable: "cloze:704.5c:ten", "glossary:trample" */
	char *question;
	char *choices[STUDY_CHOICES];
	int nchoices;             /* 0: answered in free text */
	int correct;              /* index of the right choice, -1 without choices */
	char *answer;             /* the right answer as text */
	char *source;             /* rule number, glossary term or example id */
	char *section;            /* for progress by section: "7", "glossary", "textbook" */
	char *reveal;             /* examples: the book's answer; else NULL */
	jrid rules[8];            /* rules to read afterwards */
	int nrules;
};
void study_q_free(struct study_q *q);

/* Which questions a session may ask. */
struct study_filter {
	unsigned kinds;           /* STUDY_* mask; 0 means all */
	jrid within;              /* a section, chapter or rule; JRID_NONE = everything */
	const char *topic;        /* a glossary term or words of rule titles; NULL = any */
};

/* The candidates for one release and filter. */
struct study_pool;
/* NULL (and *why set to a sentence) when the filter matches nothing. ex may be NULL. */
struct study_pool *study_pool_new(const struct jrelease *rel, const struct study_filter *f,
    const struct study_examples *ex, const char **why);
void study_pool_free(struct study_pool *p);
uint32_t study_pool_count(const struct study_pool *p, enum study_kind k);
/* Build the question a key names (0), or -1 when the key is not in the pool (another
 * filter, or a rule that changed). seed varies the distractors and their order. */
int study_make(struct study_pool *p, const char *key, uint64_t seed, struct study_q *q);

/* ---------- progress: one card per question key ---------- */
struct study_card {
	char *key;
	int32_t due;              /* days since 1970-01-01 (UTC) */
	int32_t interval;         /* days */
	int32_t ease;             /* SM-2 ease factor in hundredths: 250 = 2.50 */
	int32_t reps;             /* correct answers in a row */
	int32_t lapses;           /* wrong answers after a correct one */
	int64_t last;             /* seconds since the epoch of the last answer */
	int32_t seen, right;      /* answers given, answers right */
	char *rules;              /* whose rule numbers the key uses: a release's date
	                           * ("2026-01-16") or label, "-" for a key without one;
	                           * NULL when the file did not say (format v1) */
};
struct study_store {
	struct study_card *v;
	size_t n, cap;
};
#define STUDY_FORMAT_LINE "# judge study progress v2"      /* ten fields, "rules" last */
#define STUDY_FORMAT_LINE_V1 "# judge study progress v1"   /* nine: read, never written */

/* Parse the progress file's text. Returns 0, or -1 with an error at file:line:col in d
 * (nothing half-read is kept: s is left empty). */
int study_store_parse(struct study_store *s, const char *name, const char *text, size_t len,
    struct diags *d);
/* The same, keeping what can be read: a line that cannot is said in d (the first 20) and
 * counted in *bad. 0; -1 for text that is no progress file (s empty), -2 for a newer
 * format's (s empty, the file to be left as it is). */
int study_store_parse_keep(struct study_store *s, const char *name, const char *text, size_t len,
    struct diags *d, unsigned *bad);
/* The file's text for the cards, sorted by key. */
char *study_store_format(const struct study_store *s);
void study_store_free(struct study_store *s);
struct study_card *study_store_find(const struct study_store *s, const char *key);
struct study_card *study_store_get(struct study_store *s, const char *key);  /* adds */

/* $XDG_STATE_HOME/judge/study.tsv (default ~/.local/state/judge/study.tsv); caller frees. */
char *study_default_path(void);
/* Load path into s. A missing file is an empty store (0). Lines that cannot be read are
 * reported in d (file:line:col, the first 20) and left out: the file as it was is copied
 * to PATH.corrupt-YYYYMMDDHHMMSS, rewritten with the other lines, which s holds (returns
 * 1). A file that is no progress file is renamed to such a name and s starts empty
 * (returns 1). An unreadable file, or one of a newer format than this judge's, returns
 * -1 and must not be saved over. Called under study_store_lock(). */
int study_store_load(struct study_store *s, const char *path, struct diags *d);
/* Write atomically: a temporary file in the same folder, fsync, rename; the folder is
 * made with mode 0700. Returns 0 or -1 with an error in d. */
int study_store_save(const struct study_store *s, const char *path, struct diags *d);

/* Take the exclusive lock that study_store_load() and study_store_save() of one answer
 * are made under (making the folder if need be), so that two sessions on one file lose
 * no answer; -1 when it cannot be had (the save then goes on unlocked). */
int study_store_lock(const char *path);
void study_store_unlock(int lock);

/* ---------- progress carried to the release answering ---------- */
/* The rule number a key asks about ("which:704.5c", "cloze:704.5c:ten"), or JRID_NONE
 * for keys without one (glossary, textbook examples). */
jrid study_key_rule(const char *key);
/* id as numbered by release `rules` (a date or label a card records) -> the same rule in
 * the release answering, or JRID_NONE when it cannot be carried with confidence. */
typedef jrid (*study_carry_fn)(void *ctx, const char *rules, jrid id);
/* The key a card has in the release answering (named now, a date or label): its own
 * when it names no rule or was recorded there (or did not say where), else its rule
 * carried by fn. NULL when the rule cannot be carried. Caller frees. */
char *study_view_key(const struct study_card *c, const char *now, study_carry_fn fn, void *ctx);
/* The progress as the release answering numbers it: file's cards under their
 * study_view_key(), two cards that arrive at one key merged (answers added up, the
 * schedule of the later answer). Cards that cannot be carried are left out of view and
 * their indices in file listed in *kept (caller frees; *nkept of them). */
void study_store_view(const struct study_store *file, const char *now, study_carry_fn fn,
    void *ctx, struct study_store *view, size_t **kept, size_t *nkept);
/* Grade an answer to key (numbered as release now numbers it) in file: the card it has
 * there, or those carried to it (merged into one, which takes key and now's numbers),
 * or a new card. Nothing else in file changes. */
void study_store_answer(struct study_store *file, const char *key, const char *now,
    study_carry_fn fn, void *ctx, bool right, int32_t today, int64_t t);

/* SM-2: grade an answer given at time now (seconds) on day today. */
void study_grade(struct study_card *c, bool right, int32_t today, int64_t now);

/* Dates: days since the epoch <-> "YYYY-MM-DD". study_day_parse returns -1 on bad input. */
int32_t study_day_parse(const char *s, size_t n);
void study_day_str(int32_t day, char out[11]);

/* ---------- a session ---------- */
/* Choose up to count question keys: due cards first (oldest due first), then questions
 * never asked (kinds taken in turn, at random by seed), then the rest of the seen ones
 * by due date. store may be NULL (a pure function of pool, seed and count). No two keys
 * share a source. Returns how many were written to keys (each to free). */
size_t study_pick(struct study_pool *p, const struct study_store *store, int32_t today,
    uint64_t seed, size_t count, char **keys);

/* Answer checking: a letter (a-d), a choice number (1-4) or the text. */
bool study_check(const struct study_q *q, const char *reply);

/* Command handlers (src/cli/cmd_study.c). */
int cmd_quiz(struct jctx *c, int argc, char **argv);
int cmd_study(struct jctx *c, int argc, char **argv);
/* The worked-example provider quiz uses; NULL when no textbook is available. */
extern const struct study_examples *(*study_examples_for)(struct jctx *c);

#endif
