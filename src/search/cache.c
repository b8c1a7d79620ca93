/* cache.c — the on-disk cache of built search indexes: the key over everything that
 * fed an index, the file's layout, and reading it back as untrusted input.
 *
 * A file is $XDG_CACHE_HOME/judge/srch-KEY.idx (KEY: 16 hex digits), written to a
 * temporary file and renamed into place. Layout, all in the writer's byte order:
 *
 *   header (64 bytes)
 *     char     magic[8]     "JUDGESRC"
 *     uint32   version      SRCH_CACHE_VERSION: the header and section layout below
 *     uint32   endian       0x01020304 as written (another value: other byte order)
 *     uint64   key          the key of the index (also in the file name)
 *     uint64   length       bytes of payload after the header
 *     uint64   checksum     hash_bytes64() chained over the payload's sections in order,
 *                           each section's bytes and then its padding (seed: the
 *                           previous value, 0 at first; an empty section adds nothing)
 *     (zeros to 64 bytes)
 *   payload: sections, each starting at a multiple of 8 bytes from the payload start
 *     counts   uint64[17]   ndocs nterms nwords ntoks nposts nkw nridx nrefs strbytes
 *                           termcap wordcap nthes nsit nsitg nsita nsitw sitwarn
 *              double[NF]   average field lengths
 *     strings  strbytes     every string, NUL-terminated; records hold byte offsets,
 *                           NOCHR for a missing title or context
 *     docs     struct cdoc[ndocs]      refs     jrid[nrefs]
 *     terms    struct cterm[nterms]    words    struct cword[nwords]
 *     toks     uint32[ntoks]           posts    struct spost[nposts]
 *     kw       struct ckw[nkw]         ridx     uint32[nridx]
 *     len_start uint32[WORD_MAX+2]     by_len   uint32[nwords]
 *     the hash tables of terms by stem and words by surface, as struct shash holds them:
 *     term slots, term hashes uint32[termcap]; word slots, word hashes uint32[wordcap]
 *     thes     struct cthes[nthes]     the thesaurus entries, as read
 *     the common situations, stemmed: sit struct csit[nsit], groups struct ssitg[nsitg],
 *     alternatives struct ssita[nsita], word keys uint64[nsitw]; and in the counts, how
 *     many problems reading their files reported (read again only then, to say them)
 *
 * The key (the file's name) is a hash of everything that fed the index: the bytes of
 * each release (rel->src_hash), each document added, each thesaurus text, the constants
 * below, the sizes of the records, a hash of the sources of the search module and the
 * parser (SRCH_CODE_HASH, made by the Makefile) and a few Snowball stems.
 *
 * Loading checks every count, offset and index before use, so a corrupt or hostile file
 * is rejected, never trusted; the checksum only makes rejecting an accident cheap and
 * certain. The file is read into one buffer (not mapped: see read_file) and the flat
 * arrays and the strings are used where they lie. */
#include "srch_int.h"
#include "srch_code.h"
#include "../base/hash.h"
#include "../base/safefile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

/* Bump when the header or section layout above changes. */
#define SRCH_CACHE_VERSION 2u
/* Bump when what struct srch holds after srch_finalize() changes meaning. (Any edit to
 * src/search/ changes SRCH_CODE_HASH, and with it every key, anyway.) */
#define SRCH_CACHE_LAYOUT 1u
#define CACHE_MAGIC "JUDGESRC"
#define CACHE_ENDIAN 0x01020304u
#define CACHE_HDR 64
#define CACHE_KEEP 8                  /* index files kept in the folder */
#define CACHE_MAX ((size_t)1 << 30)   /* a larger file is not ours */
#define NOCHR UINT32_MAX

/* What srch_add_*() and srch_finalize() make is saved and loaded field by field below. A
 * change to these structures fails the build here, so that the cache learns about it:
 * save and load the new field (or say here why it needs neither), bump
 * SRCH_CACHE_LAYOUT, then the sizes. */
/* Not saved: rel_date, which srch_add_release() sets either way; late, sitcap and the
 * other capacities; scan_only/scan_sink, which only srch_scan_seconds() uses; carry and
 * carry_ctx, whose work (the situations' rules, carried) is saved, and whose inputs are
 * in the key (srch_set_carry()). */
#if UINTPTR_MAX == UINT64_MAX
_Static_assert(sizeof(struct srch) == 1152, "struct srch changed: see cache.c");
_Static_assert(sizeof(struct sdoc) == 80, "struct sdoc changed: see cache.c");
_Static_assert(sizeof(struct sterm) == 24, "struct sterm changed: see cache.c");
_Static_assert(sizeof(struct sword) == 32, "struct sword changed: see cache.c");
_Static_assert(sizeof(struct sthes) == 24, "struct sthes changed: see cache.c");
_Static_assert(sizeof(struct skw) == 16, "struct skw changed: see cache.c");
#endif
_Static_assert(sizeof(struct spost) == 12, "struct spost changed: see cache.c");

struct chdr {
	char magic[8];
	uint32_t version, endian;
	uint64_t key, length, checksum;
	unsigned char pad[CACHE_HDR - 40];
};

enum { C_NDOCS, C_NTERMS, C_NWORDS, C_NTOKS, C_NPOSTS, C_NKW, C_NRIDX, C_NREFS, C_STRBYTES,
	C_TERMCAP, C_WORDCAP, C_NTHES, C_NSIT, C_NSITG, C_NSITA, C_NSITW, C_SITWARN, NCOUNTS };

struct cdoc {
	uint32_t id, title, ctx, body;   /* string offsets */
	uint32_t refs, nrefs;            /* slice of the refs section */
	uint32_t tok, ntok;
	jrid rid;
	uint16_t nf[NF];
	uint8_t kind, ntitle;
	float prior;
};

struct cterm {
	uint32_t stem, df, post, npost, flags;
};

struct cword {
	uint32_t w, len, term, count, stop;
};

struct ckw {
	uint32_t word, stem;
};

struct cthes {
	uint32_t from, nfrom, to;
};

struct csit {
	uint32_t concepts, label;        /* string offsets */
	int32_t since;
	uint32_t g0, ng, nrules;
	jrid rules[SIT_MAXR];
};

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The key is streamed through four lanes of eight bytes (the structure and primes of
 * xxHash64), so that thousands of short strings cost a copy each, not a hash each. */
#define P1 0x9E3779B185EBCA87ull
#define P2 0xC2B2AE3D27D4EB4Full
#define P4 0x85EBCA77C2B2AE63ull

static inline uint64_t
rotl64(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

static inline uint64_t
lane(uint64_t acc, uint64_t in)
{
	return rotl64(acc + in * P2, 31) * P1;
}

static inline uint64_t
rd64(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

/* The key: every input streamed through the lanes in the order given. */
static void
key_block(struct skey *k, const unsigned char *p)
{
	k->v[0] = lane(k->v[0], rd64(p));
	k->v[1] = lane(k->v[1], rd64(p + 8));
	k->v[2] = lane(k->v[2], rd64(p + 16));
	k->v[3] = lane(k->v[3], rd64(p + 24));
}

static void
key_bytes(struct srch *s, const void *data, size_t n)
{
	struct skey *k = &s->key;
	const unsigned char *p = data;
	if (k->total == 0 && k->nbuf == 0) {
		k->v[0] = P1 + P2;
		k->v[1] = P2;
		k->v[2] = 0;
		k->v[3] = -P1;
	}
	k->total += n;
	if (k->nbuf + n < 32) {
		memcpy(k->buf + k->nbuf, p, n);
		k->nbuf += (uint32_t)n;
		return;
	}
	if (k->nbuf) {
		size_t fill = 32 - k->nbuf;
		memcpy(k->buf + k->nbuf, p, fill);
		key_block(k, k->buf);
		p += fill;
		n -= fill;
		k->nbuf = 0;
	}
	/* the lanes in locals: through k, every byte stored could alias them */
	uint64_t v0 = k->v[0], v1 = k->v[1], v2 = k->v[2], v3 = k->v[3];
	for (; n >= 32; p += 32, n -= 32) {
		v0 = lane(v0, rd64(p));
		v1 = lane(v1, rd64(p + 8));
		v2 = lane(v2, rd64(p + 16));
		v3 = lane(v3, rd64(p + 24));
	}
	k->v[0] = v0;
	k->v[1] = v1;
	k->v[2] = v2;
	k->v[3] = v3;
	memcpy(k->buf, p, n);
	k->nbuf = (uint32_t)n;
}

/* The key of what was streamed so far (the stream itself goes on unchanged). */
static uint64_t
key_digest(const struct skey *k)
{
	uint64_t h = rotl64(k->v[0], 1) + rotl64(k->v[1], 7) + rotl64(k->v[2], 12) + rotl64(k->v[3], 18);
	for (int i = 0; i < 4; i++)
		h = (h ^ lane(0, k->v[i])) * P1 + P4;
	return hash_bytes64(k->buf, k->nbuf, h + k->total);
}

static void
key_u64(struct srch *s, uint64_t v)
{
	key_bytes(s, &v, sizeof v);
}

/* A string with its NUL, so "ab","c" and "a","bc" differ; NULL differs from "". */
static void
key_str(struct srch *s, const char *str)
{
	if (str)
		key_bytes(s, str, strlen(str) + 1);
	else
		key_u64(s, 0x6e756c6c6e756c6cull);
}

/* A release is known by a hash of the bytes it was parsed from (the parser's sources
 * are in SRCH_CODE_HASH); one made some other way, by everything srch_add_release()
 * reads of it. */
void
srch_cache_key_release(struct srch *s, const struct jrelease *rel)
{
	key_u64(s, 0x52454c45415345ull);   /* "RELEASE" */
	key_u64(s, ((uint64_t)rel->nrules << 32) | rel->ngloss);
	if (rel->src_hash) {
		uint64_t v[2] = { rel->src_hash, rel->bytes };
		key_bytes(s, v, sizeof v);
		return;
	}
	for (uint32_t i = 0; i < rel->nrules; i++) {
		const struct jrule *r = &rel->rules[i];
		uint32_t v[5] = { r->id, r->parent, r->nexamples, r->nbackrefs, r->ngloss_backrefs };
		key_bytes(s, v, sizeof v);
		key_str(s, r->num);
		key_str(s, r->title);
		key_str(s, r->text);
		for (uint32_t e = 0; e < r->nexamples; e++)
			key_str(s, r->examples[e]);
	}
	for (uint32_t g = 0; g < rel->ngloss; g++) {
		const struct jgloss *gl = &rel->gloss[g];
		uint32_t v[3] = { gl->naliases, gl->nexamples, gl->nrefs };
		key_bytes(s, v, sizeof v);
		key_str(s, gl->head);
		key_str(s, gl->text);
		for (uint32_t a = 0; a < gl->naliases; a++)
			key_str(s, gl->aliases[a]);
		for (uint32_t e = 0; e < gl->nexamples; e++)
			key_str(s, gl->examples[e]);
		for (uint32_t r = 0; r < gl->nrefs; r++)
			key_u64(s, gl->refs[r] < rel->nrules ? rel->rules[gl->refs[r]].id : UINT64_MAX);
	}
}

void
srch_set_carry(struct srch *s, jrid (*carry)(void *ctx, int since, jrid id), void *ctx,
    uint64_t key)
{
	s->carry = carry;
	s->carry_ctx = ctx;
	if (s->deferring) {
		key_u64(s, 0x4341525259ull);   /* "CARRY" */
		key_u64(s, key);
	}
}

void
srch_cache_key_doc(struct srch *s, int kind, const char *id, const char *title, const char *body)
{
	key_u64(s, 0x444f43ull + (uint64_t)kind);   /* "DOC" */
	key_str(s, id);
	key_str(s, title);
	key_str(s, body);
}

void
srch_cache_defer_text(struct srch *s, int what, const char *name, const char *text, size_t n)
{
	key_u64(s, what == PEND_SITUATIONS ? 0x534954554154494full : 0x5448455341555255ull);   /* "SITUATIO", "THESAURU" */
	key_u64(s, n);
	key_bytes(s, text, n);
	s->pend = xgrow(s->pend, &s->pendcap, s->npend + 1, sizeof *s->pend);
	s->pend[s->npend++] = (struct spend){ .what = what, .name = arena_strdup(&s->arena, name),
	    .text = arena_memdup(&s->arena, text, n), .len = n };
}

/* What the code and the machine add to the key: the layout constants, the sizes of the
 * records, a hash of the search module's sources and a few stems (a Snowball upgrade
 * that changes them changes the index). */
static uint64_t
key_final(struct srch *s)
{
	struct skey saved = s->key;
	static const char *const probe[] = { "trample", "attacking", "creatures", "indestructible",
	    "sacrificed", "generalization" };
	uint64_t v[8] = { SRCH_CACHE_VERSION, SRCH_CACHE_LAYOUT, sizeof(struct spost),
	    sizeof(struct cdoc), sizeof(jrid), WORD_MAX, NF, SK_NKINDS };
	key_bytes(s, v, sizeof v);
	key_str(s, SRCH_CODE_HASH);
	for (size_t i = 0; i < sizeof probe / sizeof *probe; i++) {
		char stem[WORD_MAX];
		size_t n = srch_stem(s, probe[i], strlen(probe[i]), stem, sizeof stem);
		key_bytes(s, stem, n);
	}
	uint64_t k = key_digest(&s->key);
	s->key = saved;
	return k;
}

/* ---- writing ---- */

/* A file being written: the header, then each section and the zeros that pad it, as
 * pieces for writev(); arrays converted for the file are owned here, the flat arrays go
 * out from where they are. The checksum is chained over the pieces in order. */
struct image {
	struct chdr h;
	struct iovec v[64];
	int nv;
	size_t len;
	uint64_t sum;
	void *own[12];
	int nown;
};

static void
sect(struct image *im, const void *p, size_t n)
{
	static const char zero[8];
	size_t pad = (8 - n % 8) % 8;
	if (n == 0)
		return;   /* an empty section may have no array at all */
	im->v[im->nv++] = (struct iovec){ (void *)p, n };
	im->sum = hash_bytes64(p, n, im->sum);
	if (pad) {
		im->v[im->nv++] = (struct iovec){ (void *)zero, pad };
		im->sum = hash_bytes64(zero, pad, im->sum);
	}
	im->len += n + pad;
}

static void *
owned(struct image *im, void *p)
{
	im->own[im->nown++] = p;
	return p;
}

/* Offsets into the string table being written; a context repeated by the next
 * document (subrules of one rule) is stored once. */
struct strtab {
	char *p;
	size_t len, cap;
	const char *last_ctx;
	uint32_t last_off;
};

static uint32_t
str_off(struct strtab *t, const char *str)
{
	if (!str)
		return NOCHR;
	size_t n = strlen(str) + 1;
	uint32_t off = (uint32_t)t->len;
	if (t->len + n > t->cap)
		t->p = xgrow(t->p, &t->cap, t->len + n, 1);
	memcpy(t->p + t->len, str, n);
	t->len += n;
	return off;
}

static void
image_make(struct srch *s, struct image *im)
{
	/* every string of a built index is in its arena: room for them all at once */
	struct strtab st = { .cap = s->arena.used_total + 64 };
	st.p = xmalloc(st.cap);
	size_t nd = s->ndocs, nrefs = 0;
	memset(im, 0, sizeof *im);
	struct cdoc *cd = owned(im, xcalloc(nd ? nd : 1, sizeof *cd));
	for (size_t d = 0; d < nd; d++) {
		const struct sdoc *sd = &s->docs[d];
		cd[d].id = str_off(&st, sd->id);
		cd[d].title = str_off(&st, sd->title);
		if (sd->ctx && st.last_ctx && strcmp(sd->ctx, st.last_ctx) == 0) {
			cd[d].ctx = st.last_off;
		} else {
			cd[d].ctx = str_off(&st, sd->ctx);
			st.last_ctx = sd->ctx;
			st.last_off = cd[d].ctx;
		}
		cd[d].body = str_off(&st, sd->body);
		cd[d].refs = (uint32_t)nrefs;
		cd[d].nrefs = sd->nrefs;
		nrefs += sd->nrefs;
		cd[d].tok = sd->tok;
		cd[d].ntok = sd->ntok;
		cd[d].rid = sd->rid;
		memcpy(cd[d].nf, sd->nf, sizeof cd[d].nf);
		cd[d].kind = sd->kind;
		cd[d].ntitle = sd->ntitle;
		cd[d].prior = sd->prior;
	}
	jrid *refs = owned(im, xmalloc((nrefs ? nrefs : 1) * sizeof *refs));
	for (size_t d = 0, k = 0; d < nd; d++)
		for (uint32_t r = 0; r < s->docs[d].nrefs; r++)
			refs[k++] = s->docs[d].refs[r];
	struct cterm *ct = owned(im, xcalloc(s->nterms ? s->nterms : 1, sizeof *ct));
	for (size_t t = 0; t < s->nterms; t++) {
		const struct sterm *te = &s->terms[t];
		ct[t] = (struct cterm){ str_off(&st, te->stem), te->df, te->post, te->npost, te->flags };
	}
	struct cword *cw = owned(im, xcalloc(s->nwords ? s->nwords : 1, sizeof *cw));
	for (size_t w = 0; w < s->nwords; w++) {
		const struct sword *sw = &s->words[w];
		cw[w] = (struct cword){ str_off(&st, sw->w), sw->len, sw->term, sw->count, sw->stop };
	}
	struct ckw *ck = owned(im, xcalloc(s->nkw ? s->nkw : 1, sizeof *ck));
	for (size_t k = 0; k < s->nkw; k++)
		ck[k] = (struct ckw){ str_off(&st, s->kw[k].word), str_off(&st, s->kw[k].stem) };
	struct cthes *cth = owned(im, xcalloc(s->nthes ? s->nthes : 1, sizeof *cth));
	for (size_t k = 0; k < s->nthes; k++)
		cth[k] = (struct cthes){ str_off(&st, s->thes[k].from), s->thes[k].nfrom, str_off(&st, s->thes[k].to) };
	srch_sit_compile(s);
	struct csit *cs = owned(im, xcalloc(s->nsit ? s->nsit : 1, sizeof *cs));
	for (size_t k = 0; k < s->nsit; k++) {
		const struct ssit *x = &s->sit[k];
		cs[k] = (struct csit){ str_off(&st, x->concepts), str_off(&st, x->label), x->since, x->g0, x->ng,
		    x->nrules, {0} };
		memcpy(cs[k].rules, x->rules, sizeof cs[k].rules);
	}
	uint64_t *counts = owned(im, xcalloc(NCOUNTS, sizeof *counts));
	uint64_t cv[NCOUNTS] = { nd, s->nterms, s->nwords, s->ntoks, s->nposts, s->nkw, s->nridx,
	    nrefs, st.len, s->termh.cap, s->wordh.cap, s->nthes, s->nsit, s->nsitg, s->nsita, s->nsitw,
	    s->sit_warn };
	memcpy(counts, cv, sizeof cv);
	char *tab = owned(im, st.p);

	im->v[im->nv++] = (struct iovec){ &im->h, sizeof im->h };
	sect(im, counts, NCOUNTS * sizeof *counts);
	sect(im, s->avglen, sizeof s->avglen);
	sect(im, tab, cv[C_STRBYTES]);
	sect(im, cd, nd * sizeof *cd);
	sect(im, refs, nrefs * sizeof *refs);
	sect(im, ct, s->nterms * sizeof *ct);
	sect(im, cw, s->nwords * sizeof *cw);
	sect(im, s->toks, s->ntoks * sizeof *s->toks);
	sect(im, s->posts, s->nposts * sizeof *s->posts);
	sect(im, ck, s->nkw * sizeof *ck);
	sect(im, s->ridx, s->nridx * sizeof *s->ridx);
	sect(im, s->len_start, (WORD_MAX + 2) * sizeof *s->len_start);
	sect(im, s->by_len, s->nwords * sizeof *s->by_len);
	sect(im, s->termh.slot, s->termh.cap * sizeof *s->termh.slot);
	sect(im, s->termh.hv, s->termh.cap * sizeof *s->termh.hv);
	sect(im, s->wordh.slot, s->wordh.cap * sizeof *s->wordh.slot);
	sect(im, s->wordh.hv, s->wordh.cap * sizeof *s->wordh.hv);
	sect(im, cth, s->nthes * sizeof *cth);
	sect(im, cs, s->nsit * sizeof *cs);
	sect(im, s->sitg, s->nsitg * sizeof *s->sitg);
	sect(im, s->sita, s->nsita * sizeof *s->sita);
	sect(im, s->sitw, s->nsitw * sizeof *s->sitw);
	memcpy(im->h.magic, CACHE_MAGIC, sizeof im->h.magic);
	im->h.version = SRCH_CACHE_VERSION;
	im->h.endian = CACHE_ENDIAN;
	im->h.key = s->key_final;
	im->h.length = im->len;
	im->h.checksum = im->sum;
	im->len += sizeof im->h;
}

static void
image_free(struct image *im)
{
	for (int i = 0; i < im->nown; i++)
		free(im->own[i]);
	im->nown = 0;
}

void
srch_cache_image(struct srch *s, struct sbuf *out)
{
	struct image im;
	image_make(s, &im);
	for (int i = 0; i < im.nv; i++)
		sbuf_add(out, im.v[i].iov_base, im.v[i].iov_len);
	image_free(&im);
}

/* ---- reading ---- */

struct rd {
	const unsigned char *p;
	size_t n, at;
	bool bad;
	uint64_t sum;            /* the checksum chained as the writer did */
};

/* The next section of count records of size el, or NULL when the payload is too short. */
static const void *
take(struct rd *r, uint64_t count, size_t el)
{
	if (r->bad || count > (r->n - r->at) / el) {
		r->bad = true;
		return NULL;
	}
	const unsigned char *p = r->p + r->at;
	size_t bytes = (size_t)count * el, pad = (8 - bytes % 8) % 8;
	if (pad > r->n - r->at - bytes) {
		r->bad = true;
		return NULL;
	}
	if (bytes)   /* as sect() wrote it */
		r->sum = hash_bytes64(p, bytes, r->sum);
	if (pad)
		r->sum = hash_bytes64(p + bytes, pad, r->sum);
	r->at += bytes + pad;
	return p;
}

/* A string at off of the table (which ends with a NUL), NULL when off is NOCHR and that
 * is allowed; *ok turns false for anything else out of range. */
static const char *
str_at(const char *tab, uint64_t nb, uint32_t off, bool may_be_null, bool *ok)
{
	if (off == NOCHR && may_be_null)
		return NULL;
	if (off >= nb) {
		*ok = false;
		return "";
	}
	return tab + off;
}

static const char *
fail(char *why, size_t cap, const char *msg)
{
	snprintf(why, cap, "%s", msg);
	return NULL;
}

/* A table of n values is sound when its size is a power of two, its slots hold values
 * up to n, and one slot at least is empty (a probe always ends); sets h->n. */
static bool
table_ok(struct shash *h, uint64_t n)
{
	if (h->cap == 0)
		return true;
	if (h->cap & (h->cap - 1))
		return false;
	uint32_t used = 0;
	for (uint32_t i = 0; i < h->cap; i++) {
		if (h->slot[i] > n)
			return false;
		used += h->slot[i] != 0;
	}
	h->n = used;
	return used < h->cap;
}

/* Check a payload and turn it into s's index; NULL when it is, why says what is wrong. */
static const char *
load_payload(struct srch *s, const unsigned char *pay, size_t n, const uint64_t *checksum,
    char *why, size_t cap)
{
	struct rd r = { pay, n, 0, false, 0 };
	const uint64_t *c = take(&r, NCOUNTS, sizeof(uint64_t));
	const double *avg = take(&r, NF, sizeof(double));
	if (r.bad)
		return fail(why, cap, "truncated");
	for (int i = 0; i < NCOUNTS; i++)
		if (c[i] >= UINT32_MAX)
			return fail(why, cap, "a count out of range");
	for (int f = 0; f < NF; f++)
		if (!isfinite(avg[f]) || avg[f] <= 0)
			return fail(why, cap, "a field length out of range");
	uint64_t nd = c[C_NDOCS], nt = c[C_NTERMS], nw = c[C_NWORDS], ntok = c[C_NTOKS];
	uint64_t np = c[C_NPOSTS], nkw = c[C_NKW], nri = c[C_NRIDX], nrefs = c[C_NREFS];
	uint64_t nb = c[C_STRBYTES];
	const char *tab = take(&r, nb, 1);
	const struct cdoc *cd = take(&r, nd, sizeof *cd);
	const jrid *refs = take(&r, nrefs, sizeof *refs);
	const struct cterm *ct = take(&r, nt, sizeof *ct);
	const struct cword *cw = take(&r, nw, sizeof *cw);
	const uint32_t *toks = take(&r, ntok, sizeof *toks);
	const struct spost *posts = take(&r, np, sizeof *posts);
	const struct ckw *ck = take(&r, nkw, sizeof *ck);
	const uint32_t *ridx = take(&r, nri, sizeof *ridx);
	const uint32_t *len_start = take(&r, WORD_MAX + 2, sizeof *len_start);
	const uint32_t *by_len = take(&r, nw, sizeof *by_len);
	struct shash th = { NULL, NULL, (uint32_t)c[C_TERMCAP], 0 }, wh = { NULL, NULL, (uint32_t)c[C_WORDCAP], 0 };
	th.slot = (uint32_t *)take(&r, th.cap, sizeof *th.slot);
	th.hv = (uint32_t *)take(&r, th.cap, sizeof *th.hv);
	wh.slot = (uint32_t *)take(&r, wh.cap, sizeof *wh.slot);
	wh.hv = (uint32_t *)take(&r, wh.cap, sizeof *wh.hv);
	uint64_t nth = c[C_NTHES];
	const struct cthes *cth = take(&r, nth, sizeof *cth);
	uint64_t nsit = c[C_NSIT], nsg = c[C_NSITG], nsa = c[C_NSITA], nsw = c[C_NSITW];
	const struct csit *cs = take(&r, nsit, sizeof *cs);
	const struct ssitg *sg = take(&r, nsg, sizeof *sg);
	const struct ssita *sa = take(&r, nsa, sizeof *sa);
	const uint64_t *sw = take(&r, nsw, sizeof *sw);
	if (r.bad)
		return fail(why, cap, "truncated");
	if (r.at != n)
		return fail(why, cap, "trailing bytes");
	if (checksum && r.sum != *checksum)
		return fail(why, cap, "checksum mismatch");
	if (nb > 0 && tab[nb - 1] != '\0')
		return fail(why, cap, "an unterminated string table");
	if (nri > nd)
		return fail(why, cap, "a count out of range");
	/* the flat arrays: every index in range */
	for (uint64_t i = 0; i < ntok; i++)
		if (toks[i] >= nt)
			return fail(why, cap, "a token out of range");
	for (uint64_t i = 0; i < np; i++)
		if (posts[i].doc >= nd)
			return fail(why, cap, "a posting out of range");
	for (uint64_t i = 0; i < nri; i++)
		if (ridx[i] >= nd)
			return fail(why, cap, "a rule index out of range");
	for (int L = 0; L <= WORD_MAX; L++)
		if (len_start[L] > len_start[L + 1])
			return fail(why, cap, "word lengths out of order");
	if (len_start[0] != 0 || len_start[WORD_MAX + 1] > nw)
		return fail(why, cap, "word lengths out of range");
	for (uint64_t i = 0; i < nw; i++)
		if (by_len[i] >= nw)
			return fail(why, cap, "a word index out of range");
	if (!table_ok(&th, nt) || !table_ok(&wh, nw))
		return fail(why, cap, "a hash table out of range");
	/* the situations: every group has alternatives, every alternative words, in range */
	for (uint64_t i = 0; i < nsg; i++)
		if (sg[i].na == 0 || (uint64_t)sg[i].a0 + sg[i].na > nsa)
			return fail(why, cap, "a situation out of range");
	for (uint64_t i = 0; i < nsa; i++)
		if (sa[i].nw == 0 || sa[i].nw > SIT_MAXW || (uint64_t)sa[i].w0 + sa[i].nw > nsw)
			return fail(why, cap, "a situation out of range");

	/* the records with strings become the in-memory ones */
	bool ok = true;
	struct sdoc *docs = xcalloc(nd ? nd : 1, sizeof *docs);
	struct sterm *terms = xcalloc(nt ? nt : 1, sizeof *terms);
	struct sword *words = xcalloc(nw ? nw : 1, sizeof *words);
	struct skw *kw = xcalloc(nkw ? nkw : 1, sizeof *kw);
	struct sthes *thes = xcalloc(nth ? nth : 1, sizeof *thes);
	struct ssit *sit = xcalloc(nsit ? nsit : 1, sizeof *sit);
	for (uint64_t k = 0; k < nsit && ok; k++) {
		const struct csit *x = &cs[k];
		sit[k].concepts = str_at(tab, nb, x->concepts, false, &ok);
		sit[k].label = str_at(tab, nb, x->label, false, &ok);
		sit[k].since = x->since;
		sit[k].g0 = x->g0;
		sit[k].ng = x->ng;
		sit[k].nrules = (uint8_t)x->nrules;
		memcpy(sit[k].rules, x->rules, sizeof sit[k].rules);
		if (x->ng == 0 || x->ng > SIT_MAXG || (uint64_t)x->g0 + x->ng > nsg || x->nrules > SIT_MAXR)
			ok = false;
	}
	for (uint64_t d = 0; d < nd && ok; d++) {
		const struct cdoc *x = &cd[d];
		struct sdoc *y = &docs[d];
		y->id = str_at(tab, nb, x->id, false, &ok);
		y->title = str_at(tab, nb, x->title, true, &ok);
		y->ctx = str_at(tab, nb, x->ctx, true, &ok);
		y->body = str_at(tab, nb, x->body, false, &ok);
		if ((uint64_t)x->refs + x->nrefs > nrefs || (uint64_t)x->tok + x->ntok > ntok ||
		    (uint64_t)x->nf[0] + x->nf[1] + x->nf[2] != x->ntok || x->kind >= SK_NKINDS ||
		    !isfinite(x->prior))
			ok = false;
		y->refs = refs + (ok ? x->refs : 0);
		y->nrefs = x->nrefs;
		y->tok = x->tok;
		y->ntok = x->ntok;
		y->rid = x->rid;
		memcpy(y->nf, x->nf, sizeof y->nf);
		y->kind = x->kind;
		y->ntitle = x->ntitle;
		y->prior = x->prior;
	}
	for (uint64_t t = 0; t < nt && ok; t++) {
		terms[t] = (struct sterm){ str_at(tab, nb, ct[t].stem, false, &ok), ct[t].df, ct[t].post,
		    ct[t].npost, ct[t].flags };
		if ((uint64_t)ct[t].post + ct[t].npost > np || strlen(terms[t].stem) >= WORD_MAX)
			ok = false;
	}
	for (uint64_t w = 0; w < nw && ok; w++) {
		const char *str = str_at(tab, nb, cw[w].w, false, &ok);
		if (!ok || cw[w].len >= WORD_MAX || cw[w].term >= nt || cw[w].w + (uint64_t)cw[w].len >= nb ||
		    strlen(str) != cw[w].len) {
			ok = false;
			break;
		}
		/* the table's text ends with a NUL, and a word's with its own: copy what is there */
		char hb[8] = {0};
		memcpy(hb, str, cw[w].len < 8 ? cw[w].len : 8);
		words[w] = (struct sword){ str, sword_head(hb, cw[w].len), cw[w].len, cw[w].term, cw[w].count,
		    cw[w].stop != 0 };
	}
	for (uint64_t k = 0; k < nkw && ok; k++) {
		kw[k].word = str_at(tab, nb, ck[k].word, false, &ok);
		kw[k].stem = str_at(tab, nb, ck[k].stem, false, &ok);
	}
	for (uint64_t k = 0; k < nth && ok; k++) {
		thes[k].from = str_at(tab, nb, cth[k].from, false, &ok);
		thes[k].nfrom = cth[k].nfrom;
		thes[k].to = str_at(tab, nb, cth[k].to, false, &ok);
	}
	if (!ok) {
		free(docs);
		free(terms);
		free(words);
		free(kw);
		free(thes);
		free(sit);
		return fail(why, cap, "a record out of range");
	}
	/* copied: the situation arrays are freed with the index, wherever it came from */
	s->sit = sit;
	s->nsit = s->sitcap = nsit;
	s->sitg = xmalloc((nsg ? nsg : 1) * sizeof *s->sitg);
	memcpy(s->sitg, sg, nsg * sizeof *s->sitg);
	s->nsitg = s->sitgcap = nsg;
	s->sita = xmalloc((nsa ? nsa : 1) * sizeof *s->sita);
	memcpy(s->sita, sa, nsa * sizeof *s->sita);
	s->nsita = s->sitacap = nsa;
	s->sitw = xmalloc((nsw ? nsw : 1) * sizeof *s->sitw);
	memcpy(s->sitw, sw, nsw * sizeof *s->sitw);
	s->nsitw = s->sitwcap = nsw;
	s->sit_compiled = true;
	s->sit_warn = (uint32_t)c[C_SITWARN];
	s->docs = docs;
	s->ndocs = s->doccap = nd;
	s->terms = terms;
	s->nterms = s->termcap = nt;
	s->words = words;
	s->nwords = s->wordcap = nw;
	s->kw = kw;
	s->nkw = s->kwcap = nkw;
	/* the flat arrays stay in the file's buffer (s->blob) */
	s->toks = (uint32_t *)toks;
	s->ntoks = s->tokcap = ntok;
	s->posts = (struct spost *)posts;
	s->nposts = np;
	s->ridx = (uint32_t *)ridx;
	s->nridx = nri;
	s->len_start = (uint32_t *)len_start;
	s->by_len = (uint32_t *)by_len;
	memcpy(s->avglen, avg, sizeof s->avglen);
	s->termh = th;
	s->wordh = wh;
	s->thes = thes;
	s->nthes = s->thescap = nth;
	s->thes_sorted = false;
	return "";
}

/* Check the header, then the payload; on success s->blob = img. */
static bool
load_image(struct srch *s, void *img, size_t n, bool trusted_key, char *why, size_t cap)
{
	struct chdr h;
	if (s->final || s->ndocs || s->nterms || s->nwords || s->nthes || s->nsit || s->blob)
		return fail(why, cap, "index not empty") != NULL;
	if (n < sizeof h)
		return fail(why, cap, n ? "truncated header" : "empty file") != NULL;
	memcpy(&h, img, sizeof h);
	const char *bad = NULL;
	if (memcmp(h.magic, CACHE_MAGIC, sizeof h.magic) != 0)
		bad = "not a judge index";
	else if (h.endian != CACHE_ENDIAN)
		bad = "other byte order";
	else if (h.version != SRCH_CACHE_VERSION)
		bad = "other format version";
	else if (!trusted_key && h.key != s->key_final)
		bad = "other key";
	else if (h.length != n - sizeof h)
		bad = h.length > n - sizeof h ? "truncated" : "trailing bytes";
	if (bad)
		return fail(why, cap, bad) != NULL;
	s->blob = img;
	if (!load_payload(s, (const unsigned char *)img + sizeof h, n - sizeof h,
	    trusted_key ? NULL : &h.checksum, why, cap)) {
		s->blob = NULL;
		return false;
	}
	srch_alloc_scratch(s);
	s->final = true;
	s->from_cache = true;
	why[0] = '\0';
	return true;
}

bool
srch_cache_from_image(struct srch *s, void *img, size_t n, bool trusted_key, char *why, size_t cap)
{
	if (!load_image(s, img, n, trusted_key, why, cap)) {
		free(img);
		return false;
	}
	return true;
}

void
srch_cache_unmap(struct srch *s)
{
	if (s->blob_mapped)
		munmap(s->blob, s->blob_mapped);
	else
		free(s->blob);
	s->blob = NULL;
	s->blob_mapped = 0;
}

/* ---- the folder ---- */

static void
file_name(const char *dir, uint64_t key, struct sbuf *p)
{
	sbuf_reset(p);
	sbuf_addf(p, "%s/srch-%016llx.idx", dir, (unsigned long long)key);
}

/* A cache folder that exists must be a private one (see make_dir); a missing one is
 * fine to look in. */
static bool
dir_usable(const char *dir, char *why, size_t cap)
{
	struct stat st;
	if (lstat(dir, &st) != 0 || sfile_private_dir(dir))
		return true;
	snprintf(why, cap, "%s", "the folder is a symlink or writable by others, so it is not used");
	return false;
}

/* Read the whole of path; NULL with why set when it cannot. Read, not mapped: a mapped
 * file that someone truncates (another program, a full disk's repair, an attacker who
 * can write the folder) kills judge with SIGBUS at whatever page is touched next, long
 * after the checks below passed, and no advisory lock binds the one who truncates.
 * Copying costs about a millisecond for the 0.6-3 MB of a real index. */
static void *
read_file(const char *path, size_t *n, char *why, size_t cap)
{
	int fd = sfile_open_flags(path, CACHE_MAX, O_NOFOLLOW);
	if (fd < 0) {
		snprintf(why, cap, "%s", errno == ENOENT ? "none yet" : sfile_strerror(errno));
		return NULL;
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || st.st_size < (off_t)sizeof(struct chdr)) {
		snprintf(why, cap, "%s", st.st_size ? "truncated header" : "empty file");
		close(fd);
		return NULL;
	}
	size_t want = (size_t)st.st_size, got = 0;
	unsigned char *buf = xmalloc(want);
	while (got < want) {
		ssize_t r = pread(fd, buf + got, want - got, (off_t)got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	/* the time it was last used, for pruning the folder */
	futimens(fd, NULL);
	close(fd);
	if (got != want) {
		snprintf(why, cap, "%s", "truncated while read");
		free(buf);
		return NULL;
	}
	*n = want;
	return buf;
}

bool
srch_cache_load(struct srch *s)
{
	double t0 = now();
	struct sbuf p = {0};
	char why[96];
	s->key_final = key_final(s);
	file_name(s->cache_dir, s->key_final, &p);
	size_t n = 0;
	void *img = NULL;
	if (!dir_usable(s->cache_dir, why, sizeof why))
		;
	else
		img = read_file(p.s, &n, why, sizeof why);
	bool ok = false;
	if (img) {
		ok = load_image(s, img, n, false, why, sizeof why);
		if (!ok)
			free(img);
	}
	if (ok) {
		s->cache_bytes = n;
		snprintf(s->cache_note, sizeof s->cache_note, "search index loaded from %s (%zu KB)", p.s,
		    n / 1024);
	} else {
		bool none = strcmp(why, "none yet") == 0;
		snprintf(s->cache_note, sizeof s->cache_note, "search index cache %s: %s, %s", p.s, why,
		    none ? "built" : "rebuilt");
	}
	s->load_seconds = now() - t0;
	sbuf_free(&p);
	return ok;
}

/* mkdir -p, what it makes private; then the folder must be judge's own: not a symlink
 * (pruning would delete files wherever it points), not writable by others. */
static bool
make_dir(const char *dir)
{
	return sfile_mkdirs(dir, 0700, NULL) == 0 && sfile_private_dir(dir);
}

struct aged {
	char *name;
	time_t t;
};

static int
cmp_aged(const void *a, const void *b)
{
	time_t x = ((const struct aged *)a)->t, y = ((const struct aged *)b)->t;
	return (x < y) - (x > y);   /* newest first */
}

/* Keep the CACHE_KEEP most recently used index files of the folder, and no temporary
 * file of a judge that was killed while saving. */
static void
prune(const char *dir)
{
	sfile_clean_stale_in(dir);
	DIR *dh = opendir(dir);
	if (!dh)
		return;
	struct aged *v = NULL;
	size_t nv = 0, cap = 0;
	struct dirent *de;
	struct sbuf p = {0};
	while ((de = readdir(dh)) != NULL) {
		size_t l = strlen(de->d_name);
		if (strncmp(de->d_name, "srch-", 5) != 0 || l < 9 || strcmp(de->d_name + l - 4, ".idx") != 0)
			continue;
		struct stat st;
		sbuf_reset(&p);
		sbuf_addf(&p, "%s/%s", dir, de->d_name);
		if (lstat(p.s, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		v = xgrow(v, &cap, nv + 1, sizeof *v);
		v[nv].name = xstrdup(p.s);
		v[nv++].t = st.st_mtime;
	}
	closedir(dh);
	if (nv > CACHE_KEEP)
		xqsort(v, nv, sizeof *v, cmp_aged);
	for (size_t i = 0; i < nv; i++) {
		if (i >= CACHE_KEEP)
			unlink(v[i].name);
		free(v[i].name);
	}
	free(v);
	sbuf_free(&p);
}

/* writev() until every piece is out; v is consumed. */
static bool
write_all(int fd, struct iovec *v, int nv)
{
	while (nv > 0) {
		ssize_t k = writev(fd, v, nv > IOV_MAX ? IOV_MAX : nv);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		size_t done = (size_t)k;
		while (nv > 0 && done >= v->iov_len) {
			done -= v->iov_len;
			v++;
			nv--;
		}
		if (nv > 0) {
			v->iov_base = (char *)v->iov_base + done;
			v->iov_len -= done;
		}
	}
	return true;
}

void
srch_cache_save(struct srch *s)
{
	double t0 = now();
	struct sbuf path = {0}, tmp = {0};
	struct image im = {0};
	const char *why = NULL;
	if (!make_dir(s->cache_dir)) {
		why = "cannot create the folder, or it is a symlink or writable by others";
		goto done;
	}
	file_name(s->cache_dir, s->key_final, &path);
	int fd = sfile_tmp(path.s, 0600, &tmp);
	if (fd < 0) {
		why = strerror(errno);
		goto done;
	}
	image_make(s, &im);
	bool ok = write_all(fd, im.v, im.nv);
	if (close(fd) != 0 || !ok || rename(tmp.s, path.s) != 0) {
		why = "cannot write it";
		unlink(tmp.s);
		goto done;
	}
	s->cache_bytes = im.len;
	prune(s->cache_dir);
done:;
	size_t l = strlen(s->cache_note);
	if (why)
		snprintf(s->cache_note + l, sizeof s->cache_note - l, "; not saved in %s: %s", s->cache_dir, why);
	else
		snprintf(s->cache_note + l, sizeof s->cache_note - l, " and saved (%zu KB)", im.len / 1024);
	image_free(&im);
	s->save_seconds = now() - t0;
	sbuf_free(&path);
	sbuf_free(&tmp);
}

const char *
srch_cache_dir_default(void)
{
	static char buf[4096];
	const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	const char *nc = getenv("JUDGE_NO_CACHE");
	if (nc && *nc && strcmp(nc, "0") != 0)
		return NULL;
	if (x && *x == '/')
		snprintf(buf, sizeof buf, "%s/judge", x);
	else if (home && *home == '/')
		snprintf(buf, sizeof buf, "%s/.cache/judge", home);
	else
		return NULL;
	return buf;
}
