/* tb_build.h — the textbook module's inside: the book builder the two parsers share, markup
 * spans, and the word stemmer used by search and linking. Only src/textbook/ includes it. */
#ifndef JUDGE_TB_BUILD_H
#define JUDGE_TB_BUILD_H
#include "textbook.h"
#include "../base/buf.h"

/* Byte ranges of the clean text that were bold or italic in the source. */
struct tb_span { size_t from, to; };
struct tb_spans { struct tb_span *v; size_t n, cap; };

/* tb_clean_markup, also reporting where bold and italic text landed (either may be NULL). */
void tb_clean_spans(const char *s, size_t n, struct sbuf *out, struct tb_spans *bold,
    struct tb_spans *ital);
void tb_spans_free(struct tb_spans *s);

/* Lower-case ASCII and fold accents, curly quotes and dashes, appending to out. */
void tb_fold(const char *s, size_t n, struct sbuf *out);

/* Does this look like a card name: capitalised words, small words (of, the) excepted? */
bool tb_title_case(const char *s, size_t n);

/* The builder appends in document order: a page, then its headings, blocks and examples. */
struct tb_builder {
	struct tb_book *b;
	uint32_t page, heading;   /* current page and heading (TB_NONE before any) */
	bool expert;              /* an expert banner was seen on this page */
	struct tb_mention { char *name; uint32_t page, example; } *mentions;
	size_t nmentions, mcap;
};

void tbb_init(struct tb_builder *t, const char *file, const char *format);
uint32_t tbb_page(struct tb_builder *t, const char *section, const char *chapter,
    const char *title, uint32_t line);
uint32_t tbb_heading(struct tb_builder *t, const char *title, int level, uint32_t line);
uint32_t tbb_block(struct tb_builder *t, enum tb_kind kind, const char *text, uint32_t line);
/* An example block; card names mentioned in it are given with tbb_card afterwards. */
uint32_t tbb_example(struct tb_builder *t, const char *text, uint32_t line);
/* A card name mentioned on the current page (in example ex, or TB_NONE). Names that
 * do not look like card names (lower-case terms, symbols) are ignored. */
void tbb_card(struct tb_builder *t, const char *name, size_t n, uint32_t ex);
/* Language, policy flags and the card index; returns the finished book. */
struct tb_book *tbb_finish(struct tb_builder *t);

/* Labels both readers recognise: "Example." / "Examples:" opening a worked example, and the
 * "Hic sunt dracones!" banner opening an expert box. */
bool tbb_is_example_label(const char *s);
bool tbb_is_banner(const char *s);

/* Split text into folded, stemmed words (stopwords dropped when drop_stop). Returns the
 * count; words are NUL-terminated in buf (cap bytes), pointers in w (max). */
size_t tb_words(struct tb_book *b, const char *text, bool drop_stop, char *buf, size_t cap,
    const char **w, size_t max);

/* The same words unstemmed, plurals made singular ("abilities" -> "ability"). */
size_t tb_words_plain(struct tb_book *b, const char *text, char *buf, size_t cap,
    const char **w, size_t max);

/* Stemmed words of every block, for search. */
struct tb_words_cache {
	char **buf;               /* per block: the words, NUL-separated */
	const char ***w;          /* per block: pointers into buf */
	size_t *n;
};
void tb_words_cache_free(struct tb_book *b);

#endif
