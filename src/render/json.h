/* json.h — a small streaming JSON writer into a struct sbuf. It tracks nesting and
 * commas so callers only say what comes next. Strings are UTF-8 and escaped here. */
#ifndef JUDGE_JSON_H
#define JUDGE_JSON_H
#include <stdbool.h>
#include <stdint.h>
#include "../base/buf.h"
#include "../index/ruleid.h"

#define JW_DEPTH 32

struct jw {
	struct sbuf *b;
	int depth;
	bool first[JW_DEPTH];
	bool after_key;
	bool pretty;
};

void jw_init(struct jw *w, struct sbuf *b, bool pretty);
void jw_obj(struct jw *w);
void jw_obj_end(struct jw *w);
void jw_arr(struct jw *w);
void jw_arr_end(struct jw *w);
void jw_key(struct jw *w, const char *k);
void jw_str(struct jw *w, const char *s);      /* NULL writes null */
void jw_strn(struct jw *w, const char *s, size_t n);
void jw_int(struct jw *w, long long v);
void jw_num(struct jw *w, double v);
void jw_bool(struct jw *w, bool v);
void jw_null(struct jw *w);
/* key + value shorthands */
void jw_kstr(struct jw *w, const char *k, const char *s);
void jw_kint(struct jw *w, const char *k, long long v);
void jw_knum(struct jw *w, const char *k, double v);
void jw_kbool(struct jw *w, const char *k, bool v);
/* key + an array: the n strings of v (a NULL one writes null), the n rule ids of v
 * as numbers ("702.19b") */
void jw_kstrs(struct jw *w, const char *k, const char *const *v, size_t n);
void jw_krids(struct jw *w, const char *k, const jrid *v, size_t n);

/* Append s as a JSON string literal (with quotes) to b. */
void json_escape(struct sbuf *b, const char *s, size_t n);

#endif
