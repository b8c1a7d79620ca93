/* libxml.c — libxml2 loaded on first use (see libxml.h): the few functions judge calls, looked
 * up once with dlsym. */
#include "libxml.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/mem.h"

static struct {
	bool tried, ok;
	char why[256];
	htmlDocPtr (*read_memory)(const char *, int, const char *, const char *, int);
	void (*free_doc)(xmlDocPtr);
	xmlNodePtr (*root)(const xmlDoc *);
	xmlChar *(*get_prop)(const xmlNode *, const xmlChar *);
	xmlAttrPtr (*has_prop)(const xmlNode *, const xmlChar *);
	long (*line_no)(const xmlNode *);
	void (*set_error)(void *, xmlGenericErrorFunc);
	xmlGenericErrorFunc *(*generic_error)(void);
	void **(*generic_error_ctx)(void);
	xmlFreeFunc *xfree;   /* the library's xmlFree, a variable */
} lx;

/* The library's sonames: 2 up to libxml2 2.13, 16 from 2.14. */
static const char *const sonames[] = {"libxml2.so.2", "libxml2.so.16", "libxml2.so", NULL};

static bool
load(void)
{
	if (lx.tried)
		return lx.ok;
	lx.tried = true;
	void *h = NULL;
	for (const char *const *s = sonames; *s && !h; s++)
		h = dlopen(*s, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		const char *e = dlerror();
		snprintf(lx.why, sizeof lx.why, "libxml2 cannot be loaded (%s); install it (Debian: libxml2)", e ? e : "not found");
		return false;
	}
	struct { void **fn; const char *name; } sym[] = {
		{(void **)&lx.read_memory, "htmlReadMemory"}, {(void **)&lx.free_doc, "xmlFreeDoc"},
		{(void **)&lx.root, "xmlDocGetRootElement"}, {(void **)&lx.get_prop, "xmlGetProp"},
		{(void **)&lx.has_prop, "xmlHasProp"}, {(void **)&lx.line_no, "xmlGetLineNo"},
		{(void **)&lx.set_error, "xmlSetGenericErrorFunc"}, {(void **)&lx.generic_error, "__xmlGenericError"},
		{(void **)&lx.generic_error_ctx, "__xmlGenericErrorContext"}, {(void **)&lx.xfree, "xmlFree"},
	};
	for (size_t i = 0; i < sizeof sym / sizeof *sym; i++) {
		*sym[i].fn = dlsym(h, sym[i].name);
		if (!*sym[i].fn) {
			snprintf(lx.why, sizeof lx.why, "libxml2 lacks %s: a libxml2 of another kind than judge was built with", sym[i].name);
			return false;
		}
	}
	lx.ok = true;
	return true;
}

static void
quiet(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

htmlDocPtr
lx_read_html(const char *bytes, int len, const char *name, const char *encoding, struct sbuf *err)
{
	if (!load()) {
		if (err)
			sbuf_adds(err, lx.why);
		return NULL;
	}
	/* encoding errors are printed by libxml2 itself despite NOERROR: silence them here */
	xmlGenericErrorFunc old_err = *lx.generic_error();
	void *old_ctx = *lx.generic_error_ctx();
	lx.set_error(NULL, quiet);
	htmlDocPtr doc = lx.read_memory(bytes, len, name, encoding,
	    HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
	lx.set_error(old_ctx, old_err);
	return doc;
}

void
lx_free_doc(htmlDocPtr doc)
{
	if (doc && lx.ok)
		lx.free_doc(doc);
}

xmlNode *
lx_root(htmlDocPtr doc)
{
	return doc && lx.ok ? lx.root(doc) : NULL;
}

char *
lx_prop(const xmlNode *n, const char *attr)
{
	if (!lx.ok)
		return NULL;
	xmlChar *v = lx.get_prop(n, (const xmlChar *)attr);
	if (!v)
		return NULL;
	char *s = xstrdup((const char *)v);
	(*lx.xfree)(v);
	return s;
}

bool
lx_has_prop(const xmlNode *n, const char *attr)
{
	return lx.ok && lx.has_prop(n, (const xmlChar *)attr) != NULL;
}

long
lx_line(const xmlNode *n)
{
	return lx.ok ? lx.line_no(n) : 0;
}
