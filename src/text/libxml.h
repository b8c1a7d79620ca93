/* libxml.h — libxml2's HTML parser, loaded (dlopen) the first time a command reads a page of
 * HTML (the textbook, the policy documents) instead of at every start: binding its symbols,
 * and those of the ICU and libstdc++ it brings, was over half of the instructions a one-shot
 * `judge card` spent before main(). The types come from libxml2's headers as usual.
 * Ownership: a document from lx_read_html() is freed with lx_free_doc(); lx_prop() returns a
 * malloc'd copy the caller frees with free(). */
#ifndef JUDGE_LIBXML_H
#define JUDGE_LIBXML_H
#include <stdbool.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include "../base/buf.h"

/* Parse an HTML page, recovering from its errors, with libxml2's own messages silenced.
 * NULL when nothing could be read; when libxml2 itself cannot be loaded, also says why in
 * err (may be NULL). */
htmlDocPtr lx_read_html(const char *bytes, int len, const char *name, const char *encoding,
    struct sbuf *err);
void lx_free_doc(htmlDocPtr doc);
xmlNode *lx_root(htmlDocPtr doc);
char *lx_prop(const xmlNode *n, const char *attr);
bool lx_has_prop(const xmlNode *n, const char *attr);
long lx_line(const xmlNode *n);

#endif
