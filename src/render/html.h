/* html.h — HTML output: text from the documents escaped for HTML (and XML, so a page is
 * well-formed either way), and the ids a hyperlinked edition gives rules and glossary
 * terms: Yawgatog's "R7045s" for 704.5s, and term slugs ("two_headed_giant_variant").
 * Anyone may include this. Writers append to a struct sbuf the caller owns. */
#ifndef JUDGE_HTML_H
#define JUDGE_HTML_H
#include <stdbool.h>
#include <stddef.h>
#include "../base/buf.h"
#include "../index/index.h"

/* Append n bytes of s escaped: & < > " ' as entities; control characters (but tab, and
 * newline, which becomes "<br/>" when br is set) and C1 controls dropped; bytes that are
 * not UTF-8 as U+FFFD. The result is safe in text and in a quoted attribute. */
void html_esc(struct sbuf *o, const char *s, size_t n, bool br);
void html_escs(struct sbuf *o, const char *s);

/* The Yawgatog id of a rule: "R" and its number without dots ("R7045s", "R704", "R7");
 * the k-th entry a release numbers alike (copy k >= 2) gets "_k". buf needs 32 bytes. */
const char *html_rule_id(const struct jrule *r, char buf[32]);
/* The readable id: the number as printed ("704.5s"), "605.2c-2" for a second copy. */
const char *html_rule_alias(const struct jrule *r, char buf[32]);
/* A glossary term's slug: its head folded to lower-case ASCII without " (Obsolete)",
 * quotes, commas and dots dropped, every other character that is not a letter or digit
 * "_" ("Active Player, Nonactive Player Order" -> "active_player_nonactive_player_order"). */
void html_slug(const char *head, struct sbuf *out);

#endif
