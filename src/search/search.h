/* search.h — ranked full-text search over rules, examples, glossary entries and any
 * extra documents (textbook sections): BM25F with field weights, Snowball stemming,
 * a judge thesaurus, typo tolerance, phrases, prefixes, exclusions, filters and
 * pcre2 regexes. Build: srch_new(), srch_add_release() / srch_add_doc(),
 * srch_load_thesaurus(), then srch_finalize() (or let the first srch_run() do it).
 * Ownership: a struct srch owns copies of every string given to it (in its arena);
 * srch_free() releases everything. Results own their arrays; srch_result_free(). */
#ifndef JUDGE_SEARCH_H
#define JUDGE_SEARCH_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../base/buf.h"
#include "../base/diag.h"
#include "../index/index.h"

struct jctx;

enum srch_kind { SK_RULE, SK_GLOSSARY, SK_EXAMPLE, SK_TEXTBOOK, SK_NKINDS };

struct srch;

/* A hit: document number and score (higher is better). */
struct srch_hit {
	uint32_t doc;
	float score;
	uint8_t sit;              /* placed by common situation sit-1 of the result, 0 if not */
};

struct srch_result {
	struct srch_hit *hits;    /* best first */
	size_t nhits;             /* how many matched in all (hits holds at most the limit) */
	size_t nshown;
	bool error;               /* the query could not run; see diags */
	bool regex_only;          /* the query was only a regex (no ranked words) */
	bool unquoted;            /* no document held a quoted phrase: its words were searched apart */
	const char *sit[4];       /* labels of the common situations the query named */
	size_t nsit;
	char **suggest;           /* closest vocabulary words when nothing matched */
	size_t nsuggest;
	double seconds;           /* time spent in srch_run */
};

struct srch *srch_new(void);
void srch_free(struct srch *s);   /* NULL is fine */
/* Add a release's rules (one document each, titled ones carry their title as a heavily
 * weighted field), their examples (kind example, pointing at their rule) and glossary
 * entries (head and aliases as the title field). */
void srch_add_release(struct srch *s, const struct jrelease *rel);
/* Add one document; the strings are copied. id is what results show ("702.19b",
 * "Trample", "chapter 3 §2"); title may be NULL. Returns the document number. */
uint32_t srch_add_doc(struct srch *s, enum srch_kind kind, const char *id,
    const char *title, const char *body);
/* Read a thesaurus file (format in corpus/thesaurus.tsv). Problems go to d with
 * file:line:col. Returns the number of entries read, -1 if the file cannot be read. */
int srch_load_thesaurus(struct srch *s, const char *path, struct diags *d);
/* Thesaurus text already in memory; name is used in diagnostics. */
int srch_add_thesaurus(struct srch *s, const char *name, const char *text, size_t len,
    struct diags *d);
/* The rules' words the thesaurus file path gives for key (folded as jfold() does, one
 * spelling compared whole, not stemmed: "etb", "cmc"), appended to words. 1 if found, 0 if
 * not, -1 if the file cannot be read (errno set; sfile_strerror() says it). */
int srch_thesaurus_words(const char *path, const char *key, struct sbuf *words);
/* Read a file of common situations (format in corpus/situations.tsv): a question that
 * names all the concepts of one is about the rules it lists. Problems go to d with
 * file:line:col. Returns the number of entries read (0 with the cache, which reads them
 * at srch_finalize()), -1 if the file cannot be read. */
int srch_load_situations(struct srch *s, const char *path, struct diags *d);
int srch_add_situations(struct srch *s, const char *name, const char *text, size_t len,
    struct diags *d);
/* Each entry of a situations text as srch_add_situations() reads it (its problems go to d
 * alike): the line it is on, the release its rule numbers are written against (yyyymmdd
 * from "# rules: DATE", 0 when the file does not say), its concepts as written, its label
 * and its rules, pointing into the text read. Returns the number of entries. */
struct srch_sit_entry {
	unsigned line;
	int since;
	const char *concepts;
	size_t nconcepts;
	const char *label;
	size_t nlabel;
	const jrid *rules;
	size_t nrules;
};
int srch_situations_each(const char *name, const char *text, size_t len, struct diags *d,
    void (*each)(void *ctx, const struct srch_sit_entry *e), void *ctx);
/* Situations say which release their rule numbers come from ("# rules: 2026-01-16");
 * carry(ctx, since, id) gives the same rule's id in the release searched, or JRID_NONE
 * to drop it. Without it, situations of a later release than the one searched are
 * left out and the others taken as written. key is everything carry() depends on (it
 * joins the cache key): call this after srch_cache_use() and before adding anything. */
void srch_set_carry(struct srch *s, jrid (*carry)(void *ctx, int since, jrid id), void *ctx,
    uint64_t key);
/* With the cache (srch_cache_use), situations are read at srch_finalize(): only when no
 * cached index has them, or to report the problems the cached copy says they have. What
 * that reading reports is here afterwards (file:line:col, as srch_add_situations()). */
const struct diags *srch_late_diags(const struct srch *s);
/* The time to make a release's documents and split their text into words, keeping
 * nothing: what any index of its words costs at least (the benchmark's yardstick). */
double srch_scan_seconds(const struct jrelease *rel);
/* Build the inverted index. Adding documents afterwards is not allowed. */
void srch_finalize(struct srch *s);

/* The on-disk cache of built indexes (the file layout is described in cache.c). Called
 * on a new index before anything is added, it makes additions only hash their input into
 * a key (a release added must then stay alive until srch_finalize()); srch_finalize()
 * loads DIR/srch-KEY.idx when it is there and sound, else builds the index and saves it
 * there, atomically. A missing, stale or damaged file is rebuilt, never an error; what
 * happened is in srch_stats(). dir NULL: no cache. */
void srch_cache_use(struct srch *s, const char *dir);
/* $XDG_CACHE_HOME/judge (else ~/.cache/judge), or NULL when JUDGE_NO_CACHE is set. */
const char *srch_cache_dir_default(void);
/* The cache file of a finished index (tests, the fuzzer). */
void srch_cache_image(struct srch *s, struct sbuf *out);
/* Load an index from a cache file's bytes img (taken over: freed here or by srch_free())
 * into a new, empty s. trusted_key skips the key and checksum tests (the fuzzer), never
 * the others. false with why filled when img is not used. */
bool srch_cache_from_image(struct srch *s, void *img, size_t n, bool trusted_key, char *why,
    size_t cap);

/* Run a query: at most limit hits (0 = 10). Query errors (a bad regex, an unknown
 * filter, an empty query) go to d with the query as the source line and the column;
 * res->error says whether the query ran at all. Never exits. */
void srch_run(struct srch *s, const char *query, size_t limit, struct srch_result *res,
    struct diags *d);
void srch_result_free(struct srch_result *res);
/* How many of the query's words (stop words, question noise, numbers and prefixes
 * aside) the index holds as typed, not through a typo; *nwords (may be NULL) gets how
 * many were counted. What a partial text can say of a question: one that never names
 * trample knows nothing of "trample". */
size_t srch_known_words(struct srch *s, const char *query, size_t *nwords);

/* Does the question look like tournament policy (an infraction, tardiness, a penalty)
 * rather than game rules? Returns the topic in a few words ("drawing extra cards"), or
 * NULL. Once the tournament documents are loaded (policy_docs_loaded) they answer such
 * questions, and this says nothing. */
const char *srch_policy_topic(const char *query, bool policy_docs_loaded);
/* Is words[0..n) the name of one of the IPG's infractions, as judges say it ("Hidden Card
 * Error", "GRV")? Such a name is no card's. */
bool srch_policy_name(const char *words, size_t n);
/* In how many documents of the index a word (any case, as typed) occurs, through its stem;
 * 0 when none, UINT32_MAX for a word the index passes over ("where", "both"). What tells a word of the game's rules from a word of tournament policy. */
uint32_t srch_word_df(struct srch *s, const char *word, size_t n);

/* Documents */
uint32_t srch_ndocs(const struct srch *s);
enum srch_kind srch_doc_kind(const struct srch *s, uint32_t doc);
const char *srch_doc_id(const struct srch *s, uint32_t doc);
const char *srch_doc_title(const struct srch *s, uint32_t doc);   /* NULL if none */
const char *srch_doc_body(const struct srch *s, uint32_t doc);
/* The titles of a rule's titled ancestors, nearest first, joined by "; "; NULL if none. */
const char *srch_doc_context(const struct srch *s, uint32_t doc);
jrid srch_doc_rule(const struct srch *s, uint32_t doc);   /* rule (or example's rule), else 0 */
const char *srch_kind_name(enum srch_kind k);

/* A one-line snippet of doc around the words of the last query run, at most about
 * width characters, with matched words wrapped in hl_on / hl_off (may be ""). */
void srch_snippet(struct srch *s, uint32_t doc, struct sbuf *out, int width,
    const char *hl_on, const char *hl_off);

/* The rules a document answers for: a rule's or example's own rule, a glossary entry's
 * references. Returns how many; *out stays valid while s lives. */
size_t srch_doc_rules(const struct srch *s, uint32_t doc, const jrid **out);
/* What the index was built from (the command compares it with the current release). */
void srch_set_owner(struct srch *s, const void *owner);
const void *srch_owner(const struct srch *s);

/* Index statistics, for -v and the benchmark. */
struct srch_stats {
	uint32_t ndocs, nterms, nwords, nthesaurus;
	size_t ntokens, bytes;
	double build_seconds;
	bool from_cache;          /* loaded from the cache instead of built */
	double load_seconds;      /* with a cache: hashing the inputs, and loading if it did */
	double save_seconds;      /* writing the cache file after a build */
	size_t cache_bytes;       /* the size of the cache file read or written, 0 if none */
	const char *cache_note;   /* what the cache did, for -v ("" without a cache) */
};
void srch_stats(struct srch *s, struct srch_stats *st);

/* The fold used for indexing: lower case, accents and typography folded to ASCII
 * where a Latin letter has a base form. Writes at most cap-1 bytes; returns length. */
size_t srch_fold(const char *s, size_t n, char *out, size_t cap);
/* The English Snowball stem of a folded word, into out (cap bytes). */
size_t srch_stem(struct srch *s, const char *word, size_t n, char *out, size_t cap);

/* Questions that name a card (cards.c): is folded a word the indexed rules use; and add
 * weight[i] times the best score to the hit of each rule (bringing the rule in when it is not
 * among the hits), then keep the best limit. */
bool srch_knows_word(struct srch *s, const char *folded);
/* Is folded a word of the thesaurus (a slang term, or the rules words it stands for): words
 * judge knows beyond the rules it indexed, which a part of the rules (the built-in texts)
 * lacks. (Not the common situations': they name famous cards too.) */
bool srch_vocab_knows(struct srch *s, const char *folded);
/* Is folded (4 letters or more) a typo of a word the index knows, as the search would
 * correct it (one edit up to 6 letters, two beyond)? */
bool srch_typo_of_known(struct srch *s, const char *folded);
void srch_boost_rules(struct srch *s, struct srch_result *r, const jrid *rules, const float *weight,
    size_t n, size_t limit);

/* The questions file of `judge search --bench` (questions.c): QUESTION<TAB>RULE NUMBERS a
 * line. Returns 0, or -1 with the first error (file:line:col, or the file for an empty or
 * binary one) in d; out is empty then. */
#define SRCH_QUESTION_MAXANS 8
struct srch_question {
	char *text;
	jrid ans[SRCH_QUESTION_MAXANS];
	size_t nans;
	unsigned line;
};
struct srch_questions {
	struct srch_question *v;
	size_t n, cap;
};
int srch_questions_parse(const char *name, const char *data, size_t len, struct srch_questions *out,
    struct diags *d);
void srch_questions_free(struct srch_questions *q);

/* `judge search` and its hidden helpers (--dump, --bench). */
int cmd_search(struct jctx *c, int argc, char **argv);
/* The search index of c->rel, built on first use and kept in c->search. */
struct srch *srch_for(struct jctx *c);
/* With only partial texts loaded: the release that answers query (the newest that knows
 * its words) and, in *id, its best rule; NULL when that does not apply or no rule matched. */
const struct jrelease *srch_seed_rule(struct jctx *c, const char *query, jrid *id);
/* Free c->search and the other indexes kept for the session. */
void srch_ctx_free(struct jctx *c);

#endif
