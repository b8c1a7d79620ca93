/* srch_int.h — the search module's private structures; only the files in src/search include it. */
#ifndef JUDGE_SRCH_INT_H
#define JUDGE_SRCH_INT_H
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "search.h"
#include "../base/mem.h"

struct sb_stemmer;
struct sregex;

/* Fields of a document, in the order their tokens sit in the token stream. */
enum { F_TITLE, F_CTX, F_BODY, NF };

#define WORD_MAX 64          /* longer "words" are cut (they are never real words) */
#define SLANG_MAXW 4         /* words in a thesaurus slang term that a query can match */
#define TERM_STOP 0x1u

/* One stemmed term of the vocabulary. */
struct sterm {
	const char *stem;
	uint32_t df;             /* documents containing it */
	uint32_t post, npost;    /* slice of s->posts */
	uint32_t flags;
};

/* One surface word (folded, unstemmed) as seen in the documents, mapped to its term. */
struct sword {
	const char *w;
	uint64_t head;           /* w's first 8 bytes, zero-padded: most words compare in one go */
	uint32_t len;
	uint32_t term;
	uint32_t count;          /* occurrences, to prefer common words in suggestions */
	bool stop;
};
/* The head of a word in a buffer of at least 8 bytes (a struct stok's f). */
static inline uint64_t
sword_head(const char *w, size_t n)
{
	uint64_t h;
	memcpy(&h, w, sizeof h);
	return n >= 8 ? h : h & ((1ull << (8 * n)) - 1);
}

struct spost {
	uint32_t doc;
	uint16_t tf[NF];
};

struct sdoc {
	uint8_t kind;
	const char *id, *title, *ctx, *body;
	jrid rid;
	const jrid *refs;        /* glossary: the rules it cites */
	uint32_t nrefs;
	uint32_t tok, ntok;      /* slice of s->toks (title, ctx, body tokens in order) */
	uint16_t nf[NF];         /* tokens per field */
	uint8_t ntitle;          /* distinct non-stop title terms (for the title bonus) */
	float prior;             /* how central the document is (rules cited often) */
};

/* A thesaurus entry: slang as stems joined by single spaces ("chump block"), and the
 * rules' own words it stands for, tokenized like a query when used. */
struct sthes {
	const char *from;
	uint32_t nfrom;          /* words in from */
	const char *to;
};

/* A common situation (situation.c): concept groups, each met by any of its
 * alternatives, an alternative by all of its words; and the rules it is about. */
#define SIT_MAXW 4           /* words in one alternative */
#define SIT_MAXG 4           /* concept groups in an entry */
#define SIT_MAXR 4           /* rules an entry lists */
struct ssit {
	const char *concepts;    /* the first field as written, stemmed on first use */
	const char *label;
	int since;               /* yyyymmdd of the release its rule numbers are from, 0 any */
	jrid rules[SIT_MAXR];
	uint8_t nrules;
	uint32_t g0, ng;         /* slice of s->sitg, once compiled */
};
struct ssitg { uint32_t a0, na; };   /* a concept: slice of s->sita */
struct ssita { uint32_t w0, nw; };   /* an alternative: slice of s->sitw (stem keys) */

/* Hash table from strings to uint32 values (terms by stem, words by surface). */
struct shash {
	uint32_t *slot;          /* value + 1, 0 = empty */
	uint32_t *hv;            /* the key's hash, checked before the key */
	uint32_t cap;            /* power of two */
	uint32_t n;
};

struct srch {
	struct arena arena;
	struct sb_stemmer *stemmer;
	struct sb_stemmer *stemmer8;   /* single-byte variant: same stems for ASCII words, faster */
	struct sdoc *docs;
	size_t ndocs, doccap;
	struct sterm *terms;
	size_t nterms, termcap;
	struct shash termh;
	struct sword *words;
	size_t nwords, wordcap;
	struct shash wordh;
	uint32_t *toks;          /* term ids, stop words left out */
	size_t ntoks, tokcap;
	struct spost *posts;
	size_t nposts;
	double avglen[NF];
	struct sthes *thes;
	size_t nthes, thescap;
	bool thes_sorted;
	struct skw {             /* keyword names kept apart from their stem's other words */
		const char *word, *stem;
	} *kw;
	size_t nkw, kwcap;
	struct ssit *sit;        /* common situations, and their stemmed form */
	size_t nsit, sitcap;
	struct ssitg *sitg;
	size_t nsitg, sitgcap;
	struct ssita *sita;
	size_t nsita, sitacap;
	uint64_t *sitw;
	size_t nsitw, sitwcap;
	bool sit_compiled;
	/* rule numbers of a situation written for another release -> the one searched
	 * (srch_set_carry); JRID_NONE drops the rule */
	jrid (*carry)(void *ctx, int since, jrid id);
	void *carry_ctx;
	uint32_t sit_warn;       /* what reading the situations reported (kept in the cache) */
	struct diags late;       /* what srch_finalize() had to say of files read then */
	int rel_date;            /* the newest added release's date (yyyymmdd, 0 undated) */
	bool scan_only;          /* srch_scan_seconds(): split into words, index nothing */
	uint32_t scan_sink;
	uint32_t *ridx;          /* rule documents sorted by id */
	size_t nridx;
	uint32_t *len_start;     /* words sorted by length: index of first word of length L */
	uint32_t *by_len;
	bool final;
	const char *last_ctx;    /* the previous document's context and its tokens */
	size_t last_ctx_len, last_ctx_tok, last_nctx;
	const void *owner;
	double build_seconds;
	/* the on-disk cache (cache.c): while deferring, additions are only hashed into key
	 * and kept in pend; srch_finalize() then loads the index, or replays them */
	char *cache_dir;         /* NULL: no cache */
	bool deferring, from_cache;
	struct skey {            /* the key's hash state (cache.c) */
		uint64_t v[4], total;
		unsigned char buf[32];
		uint32_t nbuf;
	} key;
	uint64_t key_final;
	struct spend {
		enum { PEND_RELEASE, PEND_DOC, PEND_THESAURUS, PEND_SITUATIONS } what;
		const struct jrelease *rel;
		uint8_t kind;                 /* a document's */
		const char *id, *title, *body;
		const char *name, *text;      /* a thesaurus's or a situations file's */
		size_t len;
	} *pend;
	size_t npend, pendcap;
	uint32_t npend_docs;
	void *blob;              /* a loaded file: toks, posts, ridx, len_start, by_len, the
	                          * hash tables and every string point into it */
	size_t blob_mapped;      /* its length when mapped (else it was malloc'd) */
	size_t cache_bytes;
	double load_seconds, save_seconds;
	char cache_note[320];
	/* per-query scratch, sized ndocs */
	struct dscr *scr;
	uint64_t *qmask;         /* per term: bit c set when query clause c uses it */
	uint32_t *touched;
	size_t ntouched;
	/* what the last query matched, for snippets */
	uint32_t *qterms;        /* terms with qmask bits set (cleared by the next query) */
	size_t nqterms, qtermcap;
	struct sregex *re;       /* the last query's regex, or NULL */
};

/* Per-document scratch for one query. */
struct dscr {
	float acc;
	uint64_t cmask;          /* clauses matched (bit c for clause c) */
	float gref;              /* what the best glossary entry citing it lends */
	float ctf;               /* term frequency pooled over a clause's words */
	float tidf;              /* idf of the title terms matched */
	uint16_t stamp;          /* last clause (1-based) that matched */
	uint8_t nmatch;          /* clauses matched */
	uint8_t thits;           /* distinct title terms matched */
	uint8_t flags;
};
enum { DS_SEEN = 1, DS_EXCL = 2, DS_CTX = 4 };

/* text.c */
struct stok {
	uint32_t start, end;     /* bytes in the source */
	uint32_t flen;           /* folded length in the buffer */
	bool num;                /* a number or a rule number ("702.19b") */
	uint32_t hash;           /* srch_hash() of f */
	char f[WORD_MAX];        /* folded text */
};
/* Next token of s[*pos..n): fills t and advances *pos; false at the end. */
bool stok_next(const char *s, size_t n, size_t *pos, struct stok *t);
bool srch_is_stop(const char *w, size_t n);
bool srch_is_query_noise(const char *w, size_t n);

/* build.c */
uint32_t srch_hash(const char *k, size_t n);
uint32_t shash_get_h(const struct srch *s, const struct shash *h, const char *k, size_t n, bool words, uint32_t hash);
uint32_t shash_get(const struct srch *s, const struct shash *h, const char *k, size_t n, bool words);
uint32_t srch_term_of(struct srch *s, const char *folded, size_t n);   /* UINT32_MAX if unknown */
/* The document of rule id, or UINT32_MAX. */
uint32_t srch_rule_doc(const struct srch *s, jrid id);
uint32_t srch_term_lookup(const struct srch *s, const char *stem, size_t n);
/* Every term id whose surface words start with prefix; returns count written (<= cap). */
size_t srch_prefix_terms(const struct srch *s, const char *prefix, size_t n, uint32_t *out, size_t cap);
/* Surface words within Damerau distance maxd of w, best first; returns count. */
size_t srch_near_words(const struct srch *s, const char *w, size_t n, int maxd,
    uint32_t *out, int *dist, size_t cap);
int srch_damerau(const char *a, size_t na, const char *b, size_t nb, int maxd);

/* The per-query scratch arrays of a finished index. */
void srch_alloc_scratch(struct srch *s);

/* cache.c */

void srch_cache_key_release(struct srch *s, const struct jrelease *rel);
void srch_cache_key_doc(struct srch *s, int kind, const char *id, const char *title, const char *body);
/* A thesaurus or situations text (what: PEND_THESAURUS, PEND_SITUATIONS) while
 * deferring: into the key, and kept to be read if need be. */
void srch_cache_defer_text(struct srch *s, int what, const char *name, const char *text, size_t n);
/* Load s->cache_dir's file for the inputs hashed so far; false (s untouched) if none fits. */
bool srch_cache_load(struct srch *s);
/* Save a finalized index; failures only go to s->cache_note. */
void srch_cache_save(struct srch *s);
/* Release s->blob, mapped or allocated. */
void srch_cache_unmap(struct srch *s);

/* thesaurus.c: the column of p in line, counted in UTF-8 characters from 1 */
unsigned srch_col_of(const char *line, const char *p);
/* Read a whole file and hand it to add (srch_add_thesaurus, srch_add_situations); a
 * file that cannot be opened is one error naming what it should have been. */
int srch_load_text(struct srch *s, const char *path, const char *what,
    int (*add)(struct srch *, const char *, const char *, size_t, struct diags *), struct diags *d);
/* thesaurus.c: entries whose slang is exactly key (stems joined by spaces) */
size_t srch_thes_find(struct srch *s, const char *key, size_t n, size_t *first);

/* situation.c */
/* The key of a stem for the situations' word sets (never 0). */
uint64_t srch_stem_key(const char *stem, size_t n);
/* The situations whose every concept the query's stem keys (an open-addressing set of
 * cap slots, a power of two, 0 = empty) hold: their indexes into s->sit in out, and in
 * nwords how many of the typed words' keys (typed, ntyped) each one's wordings hold.
 * Returns how many (at most max). */
size_t srch_sit_match(struct srch *s, const uint64_t *set, size_t cap, const uint64_t *typed,
    size_t ntyped, uint32_t *out, uint8_t *nwords, size_t max);
/* Stem the situations' wordings against the finished index (done before it is saved,
 * else on the first search). */
void srch_sit_compile(struct srch *s);
/* Read situations text: store the entries (store) or only report its problems. */
int srch_sit_read(struct srch *s, const char *name, const char *text, size_t len, struct diags *d,
    bool store);

/* regex.c */
struct sregex;
struct sregex *sregex_compile(const char *pat, size_t n, bool caseless, int *errcode, size_t *erroff,
    char *msg, size_t msgcap);
/* 1 match (*so,*eo set), 0 none, -1 too complex / error (msg filled). */
int sregex_find(struct sregex *r, const char *subj, size_t n, size_t start, size_t *so, size_t *eo,
    char *msg, size_t msgcap);
void sregex_free(struct sregex *r);

#endif
