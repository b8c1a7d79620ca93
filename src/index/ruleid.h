/* ruleid.h — rule numbers as values, so 702.1 and 702.10 compare as numbers and
 * letters skip l and o. Anyone may include this. */
#ifndef JUDGE_RULEID_H
#define JUDGE_RULEID_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A rule id packs section-or-chapter (1-9 are sections, 100-999 chapters), the rule
 * number after the dot (0 = none) and the subrule letter (0 = none, else 'a'..'z', or
 * JRID_LETTER2 and up for two letters past z, "aa" on; see jrid_letters_parse):
 *   key(chap) << 20 | num << 8 | letter,
 * where key puts section n just before chapter n00 (n*200 vs chapter*2+1), so sorting
 * ids sorts entries in document order: 1, 100, 100.1, 100.1a, ..., 2, 200, ...
 * JRID_CHAP gives back the section or chapter number. */
typedef uint32_t jrid;

#define JRID_NONE 0u
#define JRID_CHAPKEY(chap) ((uint32_t)(chap) < 100 ? (uint32_t)(chap) * 200u : (uint32_t)(chap) * 2u + 1u)
#define JRID_MAKE(chap, num, letter) ((JRID_CHAPKEY(chap) << 20) | ((uint32_t)(num) << 8) | (uint32_t)(letter))
#define JRID_CHAP(id) (((id) >> 20) & 1u ? ((id) >> 20) >> 1 : ((id) >> 20) / 200u)
#define JRID_NUM(id) (((id) >> 8) & 0xFFFu)
#define JRID_LETTER(id) ((id) & 0xFFu)
#define JRID_LETTER2 123    /* the letter byte of "aa", the first subrule past z */

enum jrid_level { JL_SECTION, JL_CHAPTER, JL_RULE, JL_SUBRULE };

/* Parse "702.19b", "702.19.", "702", "7." at s; on success return the id and set *end
 * past the number (and one trailing dot, when it ends the number). JRID_NONE if s
 * does not start with a rule number. */
jrid jrid_parse(const char *s, const char **end);
/* Parse a whole string (surrounding spaces allowed); JRID_NONE unless all of it is one id. */
jrid jrid_from_str(const char *s);
/* The subrule letters at s ("b", "aa"): their letter byte, with *end past them; 0 when s
 * does not start with one letter or a valid pair not followed by a letter or digit. */
int jrid_letters_parse(const char *s, const char **end);
/* Writes a letter byte's one or two letters at p; returns the end. */
char *jrid_letters_str(int c, char *p);
/* Writes "702.19b" (no trailing dot); buf needs 16 bytes. Returns buf. */
char *jrid_str(jrid id, char buf[16]);
enum jrid_level jrid_level(jrid id);
jrid jrid_parent(jrid id);   /* 702.19b -> 702.19 -> 702 -> 7; 7 -> JRID_NONE */
/* Letters in CR order, skipping l and o, z followed by aa: next/prev letter byte or 0 past
 * the ends. */
int jrid_letter_next(int c);
int jrid_letter_prev(int c);
bool jrid_letter_valid(int c);
/* Is `anc` equal to `id` or one of its ancestors? */
bool jrid_within(jrid id, jrid anc);

#endif
