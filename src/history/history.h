/* history.h — rules across releases: which rule became which (the concordance), the
 * diff built on it, a word-level text diff, and fetching a new official release.
 * Anyone may include this. Ownership: a struct hist_align / hist_diff owns its arrays
 * and points into the releases it was built from, which must outlive it; the
 * hist_*_free() functions release what the matching builder allocated. */
#ifndef JUDGE_HISTORY_H
#define JUDGE_HISTORY_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../base/buf.h"
#include "../index/index.h"

/* The concordance from release a to release b. Built from text similarity (stemmed,
 * idf-weighted word and word-pair sets), titles and the order of rules (parents mapped
 * to parents, neighbours to neighbours), never from a table. Confidence is 0..1:
 * 1 for the same number with the same text. */
struct hist_align {
	const struct jrelease *a, *b;
	uint32_t na, nb;    /* their rule counts when aligned */
	uint32_t *a2b;      /* per rule of a: its counterpart in b, or JNONE */
	uint32_t *b2a;      /* per rule of b: its counterpart in a, or JNONE */
	float *conf;        /* per rule of a: how sure a2b is (or, when JNONE, that a has none) */
	float *bconf;       /* per rule of b: the same, read from b's side */
	uint64_t *ahash, *bhash;  /* hist_rule_hash() of every rule: equal means same text */
	double seconds;     /* time spent building */
};

struct hist_align *hist_align(const struct jrelease *a, const struct jrelease *b);
void hist_align_free(struct hist_align *al);
/* The same, remembered for the life of the process (or until hist_cache_clear()); the
 * cache owns the result. Each release's words are remembered too, so aligning a release
 * a second time costs about half as much. */
const struct hist_align *hist_align_cached(const struct jrelease *a, const struct jrelease *b);
/* Forget everything remembered. Call it before freeing an index that was aligned
 * (a new index may reuse the addresses) and at exit, to leave no allocations behind. */
void hist_cache_clear(void);

/* Append s with typography folded away (curly quotes and dashes to ASCII, no-break
 * spaces and runs of white space to one space, underscore italics dropped); with
 * drop_refs, rule numbers ("509.4", "601.2f-h") are left out as well. */
void hist_norm(const char *s, struct sbuf *out, bool drop_refs);
/* Length of the rule number at s ("509.4", "704.5a", "509.1-3", "601.2f-h": three-digit
 * chapters only, so "0 or less life" is no reference), or 0. s starts a token. */
size_t hist_ruleref_len(const char *s);
/* A 64-bit hash of a rule's normalised text and examples (scratch is reused). */
uint64_t hist_rule_hash(const struct jrule *r, bool drop_refs, struct sbuf *scratch);
/* Same words and punctuation, ignoring typography (curly vs straight quotes, dashes,
 * spacing, 2009-2013 underscore italics)? Examples count as part of the rule. */
bool hist_same_text(const struct jrule *x, const struct jrule *y);
/* Same once rule numbers are ignored too: a change that only renumbers references. */
bool hist_same_but_refs(const struct jrule *x, const struct jrule *y);

enum hist_kind { HK_UNCHANGED, HK_CHANGED, HK_MOVED, HK_ADDED, HK_REMOVED, HK_NKINDS };

struct hist_item {
	enum hist_kind kind;
	uint32_t ai, bi;    /* rule indices in a / b; JNONE for added / removed */
	float conf;
	bool text_changed;  /* for HK_MOVED: the text changed as well */
	bool refs_only;     /* the text differs only in the rule numbers it cites */
};

/* Every rule of a and b, classified: each rule of a appears once (unchanged, changed,
 * moved or removed), each rule of b once (unchanged, changed, moved or added), so
 * na = unchanged+changed+moved+removed and nb = unchanged+changed+moved+added
 * (na and nb are the release's rule counts unless one side is partial).
 * With within != JRID_NONE only pairs where either side lies within that id count. */
struct hist_diff {
	struct hist_align *al;
	struct hist_item *v;    /* removed and matched in a's order, added placed after
	                         * their predecessor in b */
	size_t n;
	size_t count[HK_NKINDS];
	size_t na, nb;          /* rules of a / b considered */
	bool partial;           /* a truncated or fragmentary side: rules beyond what it
	                         * holds were left out rather than called added/removed */
};

/* Can release r speak about rule id? A truncated copy only up to where it stops, a
 * fragment only for the chapters it holds; a complete release always. */
bool hist_covers(const struct jrelease *r, jrid id);

void hist_diff(const struct jrelease *a, const struct jrelease *b, jrid within,
    struct hist_diff *d);
void hist_diff_free(struct hist_diff *d);
const char *hist_kind_name(enum hist_kind k);   /* "added", "moved", ... */

/* Word-level diff of old -> new appended to out. Runs of deleted words are wrapped in
 * del[0]..del[1], inserted ones in ins[0]..ins[1] (e.g. "[-", "-]" and "{+", "+}").
 * Returns how many words were deleted plus inserted. */
size_t hist_wdiff(struct sbuf *out, const char *old, const char *new,
    const char *const del[2], const char *const ins[2]);
/* The same, but unchanged stretches longer than about 2*context words keep only context
 * words next to each change, the rest shown as "…" (context 0: everything). */
size_t hist_wdiff_ctx(struct sbuf *out, const char *old, const char *new,
    const char *const del[2], const char *const ins[2], size_t context);

/* The releases worth following a rule through (complete or truncated, not fragments),
 * sorted by date; undated ones by their estimated era. Caller frees the array. */
struct jrelease **hist_chain(const struct jindex *ix, uint32_t *n);

/* One step of a rule's path through releases. */
struct hist_step {
	const struct jrelease *rel;
	uint32_t ri;        /* rule index in rel, or JNONE (absent there) */
	float conf;         /* confidence of the link from the previous step */
	enum hist_kind kind;/* relative to the previous step: unchanged/changed/moved,
	                     * HK_ADDED for the first appearance, HK_REMOVED when gone */
	bool uncovered;     /* a truncated copy that stops before this rule: skipped */
	uint32_t prev;      /* the step compared with (the last covered one), or UINT32_MAX */
};

/* Follow rule ri of release from through every release of the chain, both ways.
 * Returns the steps in date order (one per chain release; from's own step included
 * even if from is not in the chain). Caller frees. */
struct hist_step *hist_trace(const struct jindex *ix, const struct jrelease *from,
    uint32_t ri, uint32_t *nsteps);

/* Map rule ri of from into release to, through the dated releases between them.
 * Returns the rule index in to or JNONE; *conf gets the product of the links'
 * confidences (or how sure we are that it has none). */
uint32_t hist_map(const struct jindex *ix, const struct jrelease *from, uint32_t ri,
    const struct jrelease *to, float *conf);

/* ---- rule numbers of data files carried to the release that answers (carry.c) ---- */

/* Carries rule numbers written against one release (a data file's "# rules: DATE") into
 * release `to`: through hist_map() when that release is loaded, else through the anchors
 * (the text of corpus/anchors.tsv: a text hash per rule of the data's release, read here;
 * its problems go to d). Borrows ix and to, which must outlive it. */
struct hist_carry;
struct hist_carry *hist_carry_new(const struct jindex *ix, const struct jrelease *to,
    const char *name, const char *anchors, size_t len, struct diags *d);
void hist_carry_free(struct hist_carry *c);
/* id as written against the release dated from (yyyymmdd) -> the same rule's id in `to`,
 * or JRID_NONE when it cannot be carried with confidence (*conf, may be NULL, says how
 * sure). from 0, or `to` itself: id unchanged. */
jrid hist_carry_id(struct hist_carry *c, int from, jrid id, float *conf);
/* A hash of everything hist_carry_id() depends on (the anchors, every loaded release),
 * for keys of caches of what was carried. */
uint64_t hist_carry_key(const struct hist_carry *c);
int hist_carry_anchor_date(const struct hist_carry *c);   /* yyyymmdd, 0 without anchors */
const struct jrelease *hist_carry_to(const struct hist_carry *c);
/* The hash the anchors hold: a rule's text, typography folded, rule numbers left out. */
uint64_t hist_text_hash(const struct jrule *r, struct sbuf *scratch);
/* The anchors file of a release (see corpus/anchors.tsv). */
void hist_anchors_write(const struct jrelease *rel, struct sbuf *out);
/* What changed in substance from release era to release now, keyed by now's numbers
 * (see corpus/textbook-era.tsv): each rule of era removed, or whose words changed by at
 * least HIST_SUBSTANCE of them (not only its references), with the rule of now it sits
 * at (its counterpart, or the nearest ancestor now has). */
#define HIST_SUBSTANCE 0.3
void hist_era_changes_write(const struct jindex *ix, const struct jrelease *era,
    const struct jrelease *now, struct sbuf *out);

/* ---- fetching a new release (fetch.c, update.c) ---- */

enum hist_fetch_err { HF_OK = 0, HF_NONET, HF_HTTP, HF_PROTO, HF_UNSUPPORTED, HF_IO };

/* Seconds the whole of a hist_fetch() may take (default 300; tests lower it). */
extern unsigned hist_fetch_max_seconds;
/* GET url into body, following up to 5 redirects. http:// is spoken directly over
 * POSIX sockets; https:// is handed to curl(1) when installed, since judge links no
 * TLS library. On failure err holds one line saying what went wrong. */
enum hist_fetch_err hist_fetch(const char *url, struct sbuf *body, struct sbuf *err,
    char **final_url);

/* Parse a whole HTTP/1.1 answer (status line, headers, body plain, sized or chunked).
 * A redirect sets *location (caller frees) and returns HF_OK with no body. */
enum hist_fetch_err hist_http_parse(const char *raw, size_t len, struct sbuf *body,
    struct sbuf *err, char **location);

/* ref (absolute, //host/..., /path or relative) resolved against base. Caller frees. */
char *hist_resolve_url(const char *base, const char *ref);

/* The link to the rules text ("MagicCompRules 20251114.txt") on an HTML rules page,
 * resolved against base; NULL if the page has none. Caller frees. */
char *hist_find_txt_link(const char *html, size_t len, const char *base);

/* Where downloaded releases live: $XDG_DATA_HOME/judge/rules, else
 * ~/.local/share/judge/rules. Returns buf, or NULL if neither variable is set. */
const char *hist_user_rules_dir(char *buf, size_t cap);

/* Check that bytes parse as a complete release (a date no more than HIST_FUTURE_DAYS
 * ahead of today, a glossary, section 9) and store them atomically in dir as
 * cr-YYYY-MM-DD.txt, dir made 0755 whatever the umask. On success *path is the file
 * (caller frees) and *fresh says whether it was new. Returns 0, or -1 with err set. */
#define HIST_FUTURE_DAYS 45
int hist_store_release(const char *dir, const unsigned char *bytes, size_t len,
    const char *name, char **path, bool *fresh, char **label, struct sbuf *err);

/* ---- command handlers (src/cli/cmd_history.c) ---- */
struct jctx;
int hist_cmd_diff(struct jctx *c, int argc, char **argv);
int hist_cmd_history(struct jctx *c, int argc, char **argv);
int hist_cmd_map(struct jctx *c, int argc, char **argv);
int hist_cmd_update(struct jctx *c, int argc, char **argv);
/* The carrier of data-file rule numbers into c->rel, with <datadir>/corpus/anchors.tsv;
 * made on first use and when c->rel changes, kept in c->carry (freed by
 * hist_carry_free()). NULL when no release answers. */
struct hist_carry *hist_carry_for(struct jctx *c);
/* A new carrier into rel, with the anchors (caller frees). */
struct hist_carry *hist_carry_make(struct jctx *c, const struct jrelease *rel);
/* hist_carry_id() for callbacks: ctx is a struct hist_carry. */
jrid hist_carry_cb(void *ctx, int since, jrid id);

#define HIST_DEFAULT_URL "https://magic.wizards.com/en/rules"

#endif
