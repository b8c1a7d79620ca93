/* index.c — loading releases into the index and the read-side lookups. */
#include "index.h"
#include "../base/buf.h"
#include "../base/hash.h"
#include "../base/safefile.h"
#include "../cr/crparse.h"
#include "../text/decode.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>


struct jindex *
jindex_new(void)
{
	return xcalloc(1, sizeof(struct jindex));
}

void
jindex_free(struct jindex *ix)
{
	if (ix == NULL)
		return;
	free(ix->rels);
	diag_clear(&ix->diags);
	arena_free(&ix->arena);
	free(ix);
}

static double
now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* What a release is named by, before any clash: its date; for an undated text what its
 * own text says, not the order files were loaded in — the years its wording suggests,
 * "about" marking them as a guess, else its file's name without folders and extension. */
static void
label_base(const struct jrelease *rel, char *buf, size_t cap)
{
	if (rel->date) {
		snprintf(buf, cap, "%04d-%02d-%02d", rel->date / 10000, rel->date / 100 % 100, rel->date % 100);
	} else if (rel->era_from && rel->era_to - rel->era_from <= 20) {
		if (rel->era_to > rel->era_from)
			snprintf(buf, cap, "about-%d-%d", rel->era_from, rel->era_to);
		else
			snprintf(buf, cap, "about-%d", rel->era_from);
	} else {
		const char *b = rel->file ? strrchr(rel->file, '/') : NULL;
		b = b ? b + 1 : rel->file ? rel->file : "rules";
		size_t n = strcspn(b, ".");
		snprintf(buf, cap, "undated-%.*s", (int)(n < 40 ? n : 40), b);
		for (char *q = buf; *q; q++)
			if (*q == ' ' || (unsigned char)*q < 0x20)
				*q = '-';
	}
}

static void
set_label(struct jindex *ix, struct jrelease *rel)
{
	char buf[64], base[48], other[64];
	label_base(rel, base, sizeof base);
	snprintf(buf, sizeof buf, "%s", base);
	if (!rel->date) {
		/* two undated texts named alike (the same years, or files of the same name): each
		 * is told apart by its bytes' hash, the earlier one renamed too, so neither name
		 * depends on which was loaded first */
		bool alike = false;
		for (uint32_t i = 0; i < ix->nrels; i++) {
			struct jrelease *o = ix->rels[i];
			if (o->date)
				continue;
			label_base(o, other, sizeof other);
			if (strcmp(other, base) != 0)
				continue;
			alike = true;
			if (strcmp(o->label, base) == 0) {
				snprintf(other, sizeof other, "%s-%06llx", base, (unsigned long long)(o->src_hash >> 40));
				o->label = arena_strdup(&ix->arena, other);
			}
		}
		if (alike)
			snprintf(buf, sizeof buf, "%s-%06llx", base, (unsigned long long)(rel->src_hash >> 40));
	}
	/* the same date twice (two different texts saying one date) answers under a second
	 * label */
	for (int k = 2;; k++) {
		bool clash = false;
		for (uint32_t i = 0; i < ix->nrels; i++)
			clash |= strcmp(ix->rels[i]->label, buf) == 0;
		if (!clash)
			break;
		snprintf(buf, sizeof buf, "%.40s#%d", base, k);
	}
	rel->label = arena_strdup(&ix->arena, buf);
}

struct jrelease *
jindex_load_bytes(struct jindex *ix, const char *name, const unsigned char *bytes, size_t len)
{
	double t0 = now_seconds();
	/* the same bytes under another name (a copy in the rules folder and on the command
	 * line) are the same release: one release, not a second answering as LABEL#2 */
	uint64_t h = hash_bytes64(bytes, len, 0);
	for (uint32_t i = 0; i < ix->nrels; i++) {
		struct jrelease *o = ix->rels[i];
		if (o->src_hash == h && o->bytes == len) {
			diag_add(&ix->diags, DL_NOTE, name, 0, 0, "the same bytes as %s, already loaded as %s: read once",
			    o->file, o->label);
			return o;
		}
	}
	struct decoded dec;
	if (text_decode_as(bytes, len, name, "rules text",
	    "load a Comprehensive Rules text file (MagicCompRules YYYYMMDD.txt)", &dec, &ix->diags) != 0)
		return NULL;
	struct jrelease *rel = cr_parse(&ix->arena, name, dec.text, dec.len, &ix->diags);
	if (rel == NULL) {
		free(dec.text);
		return NULL;
	}
	rel->encoding = dec.encoding;
	rel->bytes = len;
	rel->src_hash = h;
	free(dec.text);
	set_label(ix, rel);
	rel->parse_seconds = now_seconds() - t0;
	ix->rels = xgrow(ix->rels, &ix->relcap, ix->nrels + 1, sizeof *ix->rels);
	ix->rels[ix->nrels++] = rel;
	return rel;
}

static int
load_file(struct jindex *ix, const char *path)
{
	/* read, not mapped: a file truncated while mapped would kill judge with SIGBUS */
	struct sbuf b = {0};
	if (sfile_read(path, SFILE_MAX_RULES, &b) != 0) {
		int e = errno;
		diag_add(&ix->diags, DL_ERROR, path, 0, 0, "cannot read: %s", sfile_strerror(e));
		diag_hint(&ix->diags, e == ENOENT ? "check the path; `judge versions` lists what is loaded" :
		    e == EFBIG ? "load the CR text file itself (about 1 MB)" :
		    e == EISDIR || e == ESPIPE ? "give the CR text file (MagicCompRules YYYYMMDD.txt) or a folder of them" :
		    "check the file's permissions");
		sbuf_free(&b);
		return 0;
	}
	struct jrelease *rel = jindex_load_bytes(ix, path, (const unsigned char *)b.s, b.len);
	sbuf_free(&b);
	return rel != NULL;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
jindex_load_path(struct jindex *ix, const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		diag_add(&ix->diags, DL_ERROR, path, 0, 0, "cannot open: %s", strerror(errno));
		diag_hint(&ix->diags, "check the path given to --rules");
		return 0;
	}
	if (!S_ISDIR(st.st_mode))
		return load_file(ix, path);
	DIR *dir = opendir(path);
	if (dir == NULL) {
		diag_add(&ix->diags, DL_ERROR, path, 0, 0, "cannot read the folder: %s", strerror(errno));
		return 0;
	}
	char **names = NULL;
	size_t nn = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(dir)) != NULL) {
		size_t l = strlen(de->d_name);
		if (de->d_name[0] == '.' || l < 5 || strcasecmp(de->d_name + l - 4, ".txt") != 0)
			continue;
		names = xgrow(names, &cap, nn + 1, sizeof *names);
		struct sbuf b = {0};
		sbuf_addf(&b, "%s/%s", path, de->d_name);
		names[nn++] = sbuf_take(&b);
	}
	closedir(dir);
	if (nn == 0) {
		diag_add(&ix->diags, DL_ERROR, path, 0, 0, "this folder holds no .txt file to read as rules");
		diag_hint(&ix->diags, "give a CR release (MagicCompRules YYYYMMDD.txt) or a folder of them");
	}
	if (nn > 1)   /* xqsort(NULL, 0) is undefined: an empty folder has no names */
		xqsort(names, nn, sizeof *names, cmp_str);
	int added = 0;
	for (size_t i = 0; i < nn; i++) {
		added += load_file(ix, names[i]);
		free(names[i]);
	}
	free(names);
	return added;
}

void
jindex_finish(struct jindex *ix)
{
	/* references are resolved within each release by the parser; nothing crosses
	 * releases yet, so there is nothing left to do but keep this the one place that
	 * would do it */
	(void)ix;
}

struct jrelease *
jindex_default(const struct jindex *ix)
{
	struct jrelease *best = NULL;
	for (uint32_t i = 0; i < ix->nrels; i++) {
		struct jrelease *r = ix->rels[i];
		if (r->date && (best == NULL || r->date > best->date ||
		    (r->date == best->date && !r->truncated && best->truncated)))
			best = r;
	}
	if (best == NULL && ix->nrels)
		best = ix->rels[ix->nrels - 1];
	return best;
}

static const char *
basename_of(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

struct jrelease *
jindex_release(const struct jindex *ix, const char *which)
{
	if (which == NULL || *which == '\0')
		return NULL;
	for (uint32_t i = 0; i < ix->nrels; i++)
		if (strcmp(ix->rels[i]->label, which) == 0)
			return ix->rels[i];
	/* a date in another spelling: 20251114, 2025/11/14, 2025.11.14 */
	int digits = 0, val = 0;
	for (const char *p = which; *p; p++) {
		if (isdigit((unsigned char)*p)) {
			if (digits >= 0 && digits < 8)   /* after a bad character, stop adding */
				val = val * 10 + (*p - '0');
			digits++;
		} else if (!(*p == '-' || *p == '/' || *p == '.')) {
			digits = -100;
		}
	}
	if (digits == 8) {
		struct jrelease *hit = NULL;
		for (uint32_t i = 0; i < ix->nrels; i++)
			if (ix->rels[i]->date == val && (hit == NULL || (hit->truncated && !ix->rels[i]->truncated)))
				hit = ix->rels[i];
		if (hit)
			return hit;
	}
	for (uint32_t i = 0; i < ix->nrels; i++) {
		if (strcmp(ix->rels[i]->file, which) == 0 || strcmp(basename_of(ix->rels[i]->file), which) == 0)
			return ix->rels[i];
	}
	/* a year alone picks that year's newest release */
	if (digits == 4) {
		struct jrelease *hit = NULL;
		for (uint32_t i = 0; i < ix->nrels; i++)
			if (ix->rels[i]->date / 10000 == val && (hit == NULL || ix->rels[i]->date > hit->date))
				hit = ix->rels[i];
		return hit;
	}
	return NULL;
}

uint32_t
jrel_find(const struct jrelease *rel, jrid id)
{
	if (rel == NULL || rel->hashcap == 0 || id == JRID_NONE)
		return JNONE;
	uint32_t m = rel->hashcap - 1, h = hash_u32(id) & m;
	while (rel->hash[h] != JNONE) {
		if (rel->rules[rel->hash[h]].id == id)
			return rel->hash[h];
		h = (h + 1) & m;
	}
	return JNONE;
}

uint32_t
jrel_define(const struct jrelease *rel, const char *term)
{
	if (rel == NULL || rel->ghashcap == 0)
		return JNONE;
	char key[512], cand[512];
	jfold(term, key, sizeof key);
	/* the entries are keyed without their "(Obsolete)" mark: "Tribal (Obsolete)" = "Tribal" */
	char *mark = strstr(key, " (obsolete)");
	if (mark && mark[11] == '\0')
		*mark = '\0';
	if (!*key)
		return JNONE;
	uint32_t m = rel->ghashcap - 1, h = hash_str(key) & m;
	while (rel->ghash[h] != JNONE) {
		const struct jgloss *g = &rel->gloss[rel->ghash[h]];
		for (uint32_t k = 0; k <= g->naliases; k++) {
			const char *c = k == 0 ? g->head : g->aliases[k - 1];
			jfold(c, cand, sizeof cand);
			char *ob = strstr(cand, " (obsolete)");
			if (ob)
				*ob = '\0';
			if (strcmp(cand, key) == 0)
				return rel->ghash[h];
		}
		h = (h + 1) & m;
	}
	return JNONE;
}

uint32_t
jrel_next(const struct jrelease *rel, uint32_t i)
{
	return i + 1 < rel->nrules ? i + 1 : JNONE;
}

uint32_t
jrel_prev(const struct jrelease *rel, uint32_t i)
{
	return i > 0 && i < rel->nrules ? i - 1 : JNONE;
}

/* Latin-1 supplement and a few punctuation marks folded to ASCII. */
static const char *
fold_cp(unsigned cp)
{
	static const char *const latin[64] = {
		"a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
		"d", "n", "o", "o", "o", "o", "o", "x", "o", "u", "u", "u", "u", "y", "th", "ss",
		"a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
		"d", "n", "o", "o", "o", "o", "o", "/", "o", "u", "u", "u", "u", "y", "th", "y",
	};
	if (cp >= 0xC0 && cp <= 0xFF)
		return latin[cp - 0xC0];
	switch (cp) {
	case 0x2018: case 0x2019: case 0x2032: return "'";
	case 0x201C: case 0x201D: return "\"";
	case 0x2013: case 0x2014: case 0x2212: return "-";
	case 0x00A0: return " ";
	case 0x0152: case 0x0153: return "oe";
	case 0x0160: case 0x0161: return "s";
	case 0x017D: case 0x017E: return "z";
	case 0x0178: return "y";
	case 0x0141: case 0x0142: return "l";
	default: return NULL;
	}
}

void
jfold(const char *s, char *out, size_t cap)
{
	size_t o = 0;
	if (cap == 0)
		return;
	while (*s == ' ')
		s++;
	bool space = false;
	while (*s && o + 4 < cap) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x80) {
			if (c == ' ' || c == '\t' || c == '\n') {
				space = true;
				s++;
				continue;
			}
			if (space && o > 0)
				out[o++] = ' ';
			space = false;
			out[o++] = (char)tolower(c);
			s++;
			continue;
		}
		/* decode one UTF-8 code point */
		unsigned cp;
		int k;
		if ((c & 0xE0) == 0xC0) cp = c & 0x1F, k = 1;
		else if ((c & 0xF0) == 0xE0) cp = c & 0x0F, k = 2;
		else if ((c & 0xF8) == 0xF0) cp = c & 0x07, k = 3;
		else { s++; continue; }
		int j;
		for (j = 1; j <= k && s[j]; j++)
			cp = (cp << 6) | ((unsigned char)s[j] & 0x3F);
		const char *f = fold_cp(cp);
		if (f && strcmp(f, " ") == 0) {
			space = true;
		} else {
			if (space && o > 0)
				out[o++] = ' ';
			space = false;
			if (f) {
				for (; *f && o + 4 < cap; f++)
					out[o++] = *f;
			} else {
				for (int t = 0; t < j && o + 4 < cap; t++)
					out[o++] = s[t];
			}
		}
		s += j;
	}
	out[o] = '\0';
}
