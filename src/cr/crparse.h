/* crparse.h — the Comprehensive Rules parser: decoded text in, one struct jrelease out
 * (entries, examples, glossary, references resolved within the release). Write side of
 * the index: only src/index/ includes this. Everything it builds lives in the arena. */
#ifndef JUDGE_CRPARSE_H
#define JUDGE_CRPARSE_H
#include <stddef.h>
#include "../base/diag.h"
#include "../base/mem.h"
#include "../index/index.h"

/* Parse UTF-8 text with '\n' line ends. Returns NULL (with an error in d) when the text
 * holds no numbered rules at all. name is used in every diagnostic. */
struct jrelease *cr_parse(struct arena *a, const char *name, const char *text, size_t len,
    struct diags *d);

/* Calls fn for every rule reference in text ("rule 702.19", "rules 601.2a–d",
 * "section 8", "rules 702.2 and 702.19"): off is the byte offset of the number. A letter
 * or number range calls fn once per member. Returns the number of calls. */
typedef void (*cr_ref_fn)(void *ctx, jrid id, size_t off);
size_t cr_find_refs(const char *text, size_t len, cr_ref_fn fn, void *ctx);

#endif
