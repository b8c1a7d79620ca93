/* index.h — the cross-referenced rules index: releases, rules, glossary, references both
 * ways. Built once by jindex_load_*() + jindex_finish(), then only read.
 * Ownership: the index owns every record, string and array reachable from it (all in
 * its arena); jindex_free() releases everything. Callers never free what they get. */
#ifndef JUDGE_INDEX_H
#define JUDGE_INDEX_H
#include <stdbool.h>
#include <stdint.h>
#include "ruleid.h"
#include "../base/diag.h"
#include "../base/mem.h"

#define JNONE UINT32_MAX   /* "no such record" for uint32_t indices */

/* A numbered entry: section ("7."), chapter ("702."), rule ("702.19."), subrule ("702.19b"). */
struct jrule {
	jrid id;
	const char *num;          /* "702.19b" — as the id prints, no trailing dot */
	const char *title;        /* "Trample" for "702.19. Trample" and for sections and
	                           * chapters; NULL when the entry is a sentence */
	const char *text;         /* the entry's own text (title included for titled rules,
	                           * continuation paragraphs joined by '\n'); UTF-8 */
	const char **examples;    /* each example's text without the "Example:" label */
	uint32_t nexamples;
	uint32_t parent;          /* index in rel->rules, or JNONE */
	uint32_t *children;       /* indices, in order */
	uint32_t nchildren;
	uint32_t *refs;           /* rules this entry cites (indices, in text order, no dups) */
	uint32_t nrefs;
	uint32_t *backrefs;       /* rules citing this entry */
	uint32_t nbackrefs;
	uint32_t *gloss_backrefs; /* glossary entries citing this entry */
	uint32_t ngloss_backrefs;
	uint32_t line;            /* 1-based line in the (decoded) source file */
	uint32_t copy;            /* 0 when the number is the entry's own; k >= 2 for the
	                           * k-th entry the source numbered the same (605.2c twice):
	                           * it sits right after the others, `judge 605.2c#k` shows it */
};

struct jgloss {
	const char *head;         /* as printed: "Control, Controller" */
	const char **aliases;     /* "Control", "Controller" (without "(Obsolete)") */
	uint32_t naliases;
	bool obsolete;
	const char *text;         /* senses and paragraphs joined by '\n' */
	const char **examples;
	uint32_t nexamples;
	uint32_t *refs;           /* rules the definition points to */
	uint32_t nrefs;
	uint32_t line;
};

struct jrelease {
	const char *file;         /* path as loaded */
	const char *label;        /* "2025-11-14"; undated: "about-2005-2008" (years its wording suggests) or "undated-FILE" */
	int date;                 /* yyyymmdd, 0 when the text states none */
	int era_from, era_to;     /* estimated years, for undated texts */
	const char *encoding;     /* "UTF-8", "UTF-16BE", "Windows-1252", ... */
	const char *layout;       /* "modern" (2009-), "classic" (1999-2008), "fragment" */
	bool truncated;           /* the text stops before its end (no glossary/credits) */
	bool fragment;            /* only part of the rules (a scrape of some sections) */
	const char *last_num;     /* the last entry's number, e.g. "119.4b" when truncated */
	struct jrule *rules;      /* sorted by id == document order */
	uint32_t nrules;
	struct jgloss *gloss;     /* in document order */
	uint32_t ngloss;
	uint32_t nexamples, nrefs, ndangling;
	uint32_t *hash;           /* id -> rule index, open addressing */
	uint32_t hashcap;
	uint32_t *ghash;          /* folded alias -> glossary index */
	uint32_t ghashcap;
	double parse_seconds;
	size_t bytes;             /* size of the source file */
	uint64_t src_hash;        /* hash_bytes64() of those bytes: what caches of things
	                           * derived from the release are keyed on */
};

struct jindex {
	struct arena arena;
	struct jrelease **rels;   /* in load order */
	uint32_t nrels;
	size_t relcap;
	struct diags diags;       /* everything the parsers said */
};

struct jindex *jindex_new(void);
void jindex_free(struct jindex *ix);

/* Load a CR file, or every *.txt / *.html file in a folder. Returns the number of
 * releases added; problems go to ix->diags with file, line and column (a file that
 * cannot be read or is not rules text is an error and is skipped). */
int jindex_load_path(struct jindex *ix, const char *path);
/* Parse rules text already in memory (bytes in any supported encoding). name is used
 * in diagnostics. Returns the release or NULL (with a diagnostic) if it holds no rules. */
struct jrelease *jindex_load_bytes(struct jindex *ix, const char *name,
    const unsigned char *bytes, size_t len);
/* Resolve cross-references and build back-references: call once after loading. */
void jindex_finish(struct jindex *ix);

/* The newest dated release (or the last loaded, if none is dated); NULL if empty. */
struct jrelease *jindex_default(const struct jindex *ix);
/* Find a release by its label ("2025-11-14"), a date in another spelling ("20251114"),
 * or its file name/basename. NULL if none. */
struct jrelease *jindex_release(const struct jindex *ix, const char *which);

/* Rule index for id, or JNONE. */
uint32_t jrel_find(const struct jrelease *rel, jrid id);
/* Glossary entry index by term or any alias, case-insensitively, or JNONE. */
uint32_t jrel_define(const struct jrelease *rel, const char *term);
/* Neighbours in document order; JNONE at the ends. */
uint32_t jrel_next(const struct jrelease *rel, uint32_t i);
uint32_t jrel_prev(const struct jrelease *rel, uint32_t i);

/* Lower-case and ASCII-fold s (curly quotes, dashes, accents) into out (cap bytes). */
void jfold(const char *s, char *out, size_t cap);

#endif
