/* textbook.h — the Judge Candidate Textbook (or any study text) as a book: sections,
 * chapters, pages, headings, worked examples, expert boxes, tables and an index of the
 * cards its examples mention, each page and heading linked to the CR rules it teaches.
 * Read from the wiki-flattened text shipped in corpus/ (tb_parse_text) or from a page
 * saved as HTML (tb_parse_html). Anyone may include this.
 * Ownership: a struct tb_book owns every record and string reachable from it;
 * tb_free() releases them all. Callers never free what they get. */
#ifndef JUDGE_TEXTBOOK_H
#define JUDGE_TEXTBOOK_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../base/buf.h"
#include "../base/diag.h"
#include "../base/mem.h"
#include "../index/index.h"

#define TB_NONE UINT32_MAX
#define TB_FILE "002_d927c6919929d9a4.txt"   /* the built-in textbook, in <datadir>/corpus/ */

enum tb_kind {
	TB_PARA,      /* a paragraph */
	TB_LIST,      /* list items, one per line */
	TB_TABLE,     /* rows one per line, cells separated by '\t' */
	TB_EXAMPLE,   /* a worked example (see book->examples) */
	TB_EXPERT,    /* the "Hic sunt dracones!" banner and its warning */
	TB_NOTE       /* a footnote that survived the flattening */
};

struct tb_block {
	enum tb_kind kind;
	const char *text;         /* clean text: no markup, no footnote markers */
	uint32_t heading;         /* the heading it sits under, or TB_NONE (page top) */
	uint32_t example;         /* index in book->examples for TB_EXAMPLE, else TB_NONE */
	bool expert;              /* inside an expert box (after the banner) */
	uint32_t line;
};

struct tb_heading {
	const char *title;
	int level;                /* 1 = top heading of a page, 2 = under it, ... */
	uint32_t page;
	uint32_t line;
	bool expert, policy;
	jrid *rules;              /* CR rules it teaches (see tb_link) */
	uint32_t nrules;
};

struct tb_example {
	const char *text;         /* without the "Example." label; continuation paragraphs
	                           * joined by '\n' */
	uint32_t page, heading, line;
	bool expert;
	uint32_t *cards;          /* indices in book->cards */
	uint32_t ncards;
};

struct tb_page {
	const char *title, *chapter, *section;
	const char *lang;         /* "en", "pt" */
	uint32_t line;
	bool policy;              /* tournament policy (infractions, REL, MTR), not game rules */
	uint32_t block0, nblocks;         /* its blocks, headings and examples are */
	uint32_t heading0, nheadings;     /* contiguous ranges of the book's arrays */
	uint32_t example0, nexamples;
	jrid *rules;              /* CR rules the page teaches (see tb_link) */
	uint32_t nrules;
};

struct tb_card {
	const char *name;         /* as first written, possessive removed: "Vedalken Shackles" */
	uint32_t *examples;       /* examples mentioning it, in book order */
	uint32_t nexamples;
	uint32_t *pages;          /* pages mentioning it anywhere, in book order */
	uint32_t npages;
};

struct tb_words_cache;

struct tb_book {
	const char *file;
	const char *format;       /* "wiki-text" or "html" */
	struct tb_page *pages;
	struct tb_heading *headings;
	struct tb_block *blocks;
	struct tb_example *examples;
	struct tb_card *cards;    /* sorted by folded name */
	uint32_t npages, nheadings, nblocks, nexamples, ncards;
	uint32_t nsections, nchapters, nexpert, ntables, nnotes;
	/* links (tb_link) */
	const struct jrelease *linked;    /* the release the links were computed from */
	bool links_partial;       /* that release lacks part of the rules (truncated) */
	uint32_t nunavailable;    /* pages/headings left unlinked because of that */
	struct arena arena;
	size_t cap[5];
	void *stemmer;            /* struct sb_stemmer, made lazily */
	struct tb_words_cache *words;   /* each block's stemmed words, made by the first search */
};

/* Parse the wiki-flattened textbook text (UTF-8). name is used in diagnostics. Never NULL:
 * a text with no structure gives one page; problems go to d with file:line:col. */
struct tb_book *tb_parse_text(const char *name, const char *bytes, size_t len, struct diags *d);
/* Parse a textbook or rules page saved as HTML (libxml2's HTML parser, no network, no
 * entity expansion). Headings h1-h6 give the hierarchy; script, style, navigation,
 * header and footer are skipped. Never NULL. */
struct tb_book *tb_parse_html(const char *name, const char *bytes, size_t len, struct diags *d);
/* Read a file and parse it as HTML (by extension or a leading '<') or as text.
 * NULL (with an error in d) if it cannot be read. */
struct tb_book *tb_load_file(const char *path, struct diags *d);
void tb_free(struct tb_book *b);

/* Turn wiki markup into clean text: **bold**, *italic*, [text](url), ^[n], $X=1$. */
void tb_clean_markup(const char *s, size_t n, struct sbuf *out);

/* The release linking should use: rel if it is a complete modern release, else the newest
 * complete modern release loaded, else rel (or the default) as it is. */
const struct jrelease *tb_link_release(const struct jindex *ix, const struct jrelease *rel);
/* Link every page and heading to the CR rules it teaches, from heading terms matched
 * against rule titles and glossary terms (stemmed), then the page's body terms. Policy
 * pages get no links. Replaces earlier links. rel may be NULL (everything unlinked). */
void tb_link(struct tb_book *b, const struct jrelease *rel);
/* Rules a heading text teaches by its words alone (no body fallback); returns how many
 * were written to out. Used by `explain` for a user's topic. */
size_t tb_link_terms(struct tb_book *b, const struct jrelease *rel, const char *text,
    jrid *out, size_t max);

/* Pages that teach rule id (a link equal to id, an ancestor of it, or inside it), best
 * first: exact links, then broader ones, then narrower ones. The book must be linked. */
size_t tb_pages_for_rule(const struct tb_book *b, const struct jrelease *rel, jrid id,
    const struct tb_page **out, size_t max);

/* Search pages and headings by topic. Each hit is a page, or a heading inside it. */
struct tb_hit {
	uint32_t page;
	uint32_t heading;         /* TB_NONE when the page as a whole matched */
	double score;
};
size_t tb_search(struct tb_book *b, const char *topic, struct tb_hit *out, size_t max);

/* Cards whose folded name starts with the folded query (or contains it as a word
 * prefix when nothing starts with it). Returns how many were written. */
size_t tb_cards_find(const struct tb_book *b, const char *query, const struct tb_card **out,
    size_t max);

/* Page and heading titles starting with prefix (any case), each once, for completion. */
size_t tb_titles_find(const struct tb_book *b, const char *prefix, const char **out, size_t max);

/* Blocks of page p under heading h and its subheadings (all blocks when h == TB_NONE):
 * *first and *count index book->blocks. */
void tb_section_blocks(const struct tb_book *b, uint32_t p, uint32_t h, uint32_t *first,
    uint32_t *count);

#endif
