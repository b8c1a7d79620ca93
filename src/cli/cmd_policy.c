/* cmd_policy.c — `ipg`, `mtr`, `jar`: the tournament policy documents looked up by number,
 * alias, title or words; the documents loaded lazily from the user's data folder and --doc. */
#include <dirent.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cmd_policy.h"
#include "../render/json.h"
#include "../history/history.h"
#include "../search/search.h"

/* --- the loaded documents ------------------------------------------------------------------------ */

static char **extra_files;      /* --doc FILE */
static size_t nextra;

void
pol_cli_add_file(const char *path)
{
	extra_files = realloc(extra_files, (nextra + 1) * sizeof *extra_files);
	extra_files[nextra++] = xstrdup(path);
}

static char *
xdg_dir(const char *env, const char *fallback, const char *sub)
{
	const char *x = getenv(env);
	struct sbuf b = {0};
	if (x && *x == '/')
		sbuf_addf(&b, "%s/judge/%s", x, sub);
	else if (getenv("HOME"))
		sbuf_addf(&b, "%s/%s/judge/%s", getenv("HOME"), fallback, sub);
	else
		return NULL;
	return sbuf_take(&b);
}

char *
pol_cli_user_dir(void)
{
	return xdg_dir("XDG_DATA_HOME", ".local/share", "docs");
}

static bool
has_ext(const char *n, const char *ext)
{
	size_t l = strlen(n), e = strlen(ext);
	return l > e && strcasecmp(n + l - e, ext) == 0;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files of a folder judge reads as policy documents: every PDF, HTML and text file in
 * docs/; in rules/ (where CR releases go) the PDF and HTML files, which the CR loader skips. */
static void
folder_files(const char *dir, bool all_text, char ***v, size_t *n)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		const char *nm = de->d_name;
		if (nm[0] == '.')
			continue;
		if (!(has_ext(nm, ".pdf") || has_ext(nm, ".html") || has_ext(nm, ".htm") ||
		    (all_text && has_ext(nm, ".txt"))))
			continue;
		struct sbuf p = {0};
		sbuf_addf(&p, "%s/%s", dir, nm);
		*v = realloc(*v, (*n + 1) * sizeof **v);
		(*v)[(*n)++] = sbuf_take(&p);
	}
	closedir(d);
}

void
pol_cli_check_named(struct jctx *c)
{
	if (nextra && !c->policy)
		pol_set_for(c);
}

struct pol_set *
pol_set_for(struct jctx *c)
{
	if (c->policy)
		return c->policy;
	struct pol_set *S = xcalloc(1, sizeof *S);
	c->policy = S;
	char **files = NULL;
	size_t nf = 0;
	char *u = pol_cli_user_dir();
	if (u)
		folder_files(u, true, &files, &nf);
	free(u);
	char *r = xdg_dir("XDG_DATA_HOME", ".local/share", "rules");
	if (r)
		folder_files(r, false, &files, &nf);
	free(r);
	if (nf > 1)
		xqsort(files, nf, sizeof *files, cmp_str);
	for (size_t i = 0; i < nextra; i++) {
		files = realloc(files, (nf + 1) * sizeof *files);
		files[nf++] = xstrdup(extra_files[i]);
	}
	pol_load_text_cache(srch_cache_dir_default());
	for (size_t i = 0; i < nf; i++) {
		struct diags d = {0};
		struct pol_doc *doc = pol_load_file(files[i], &d);
		/* one clear line for a file that cannot be used; the rest of judge goes on */
		diag_print(stderr, &d, DL_ERROR);
		diag_clear(&d);
		if (doc) {
			S->docs = realloc(S->docs, (S->n + 1) * sizeof *S->docs);
			S->docs[S->n++] = doc;
		} else if (i + nextra >= nf)
			c->input_failed = true;   /* named with --doc: an input error, exit 2 */
		free(files[i]);
	}
	free(files);
	/* aliases: the built-in file, then the user's (which wins) */
	const char *dirs[] = { c->datadir, ".", c->install_datadir };
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		if (!dirs[i])
			continue;
		struct sbuf p = {0};
		sbuf_addf(&p, "%s/corpus/policy-aliases.tsv", dirs[i]);
		struct diags d = {0};
		bool ok = pol_aliases_load(&S->aliases, p.s, &d);
		diag_print(stderr, &d, DL_WARNING);
		diag_clear(&d);
		sbuf_free(&p);
		if (ok)
			break;
	}
	char *ua = xdg_dir("XDG_CONFIG_HOME", ".config", "policy-aliases.tsv");
	if (ua) {
		struct diags d = {0};
		pol_aliases_load(&S->aliases, ua, &d);
		diag_print(stderr, &d, DL_WARNING);
		diag_clear(&d);
		free(ua);
	}
	return S;
}

void
pol_set_drop(struct jctx *c)
{
	struct pol_set *S = c->policy;
	if (S) {
		for (size_t i = 0; i < S->n; i++)
			pol_doc_free(S->docs[i]);
		free(S->docs);
		pol_aliases_free(&S->aliases);
		pol_index_free(S->index);
		free(S);
	}
	c->policy = NULL;
}

void
pol_set_free(struct jctx *c)
{
	struct pol_set *S = c->policy;
	if (S) {
		for (size_t i = 0; i < S->n; i++)
			pol_doc_free(S->docs[i]);
		free(S->docs);
		pol_aliases_free(&S->aliases);
		pol_index_free(S->index);
		free(S);
	}
	c->policy = NULL;
	pol_load_text_cache(NULL);
	for (size_t i = 0; i < nextra; i++)
		free(extra_files[i]);
	free(extra_files);
	extra_files = NULL;
	nextra = 0;
}

const struct pol_doc *
pol_set_newest(const struct pol_set *S, enum pol_kind k)
{
	const struct pol_doc *best = NULL;
	for (size_t i = 0; i < S->n; i++) {
		const struct pol_doc *d = S->docs[i];
		if (d->kind != k)
			continue;
		/* the 2008 floor rules are the Tournament Rules' ancestor, never the answer */
		if (best && ((best->floor_rules && !d->floor_rules) ||
		    (best->floor_rules == d->floor_rules && strcmp(d->date, best->date) > 0)))
			best = d;
		else if (!best)
			best = d;
	}
	return best;
}

const char *
pol_doc_short(const struct pol_doc *d)
{
	if (d->floor_rules)
		return "Floor Rules";
	static const char *const s[] = { "IPG", "MTR", "JAR" };
	return s[d->kind];
}

/* --- printing ------------------------------------------------------------------------------------------ */

static const char *const part_labels[PP_N] = { "", "Definition", "Examples", "Philosophy",
	"Additional Remedy", "Upgrade", "Downgrade" };

void
pol_print_part(struct jctx *c, const char *label, const char *text)
{
	if (label && *label)
		out_printf(c->out, "%s%s%s\n", out_sgr(c->out, OS_BOLD), label, out_sgr(c->out, OS_RESET));
	for (const char *p = text; p && *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		char *para = xstrndup(p, n);
		bool item = strncmp(para, "\u2022 ", 4) == 0 || (para[0] >= 'A' && para[0] <= 'Z' && para[1] == '.' && para[2] == ' ');
		out_puts(c->out, item ? "  " : "  ");
		out_wrap(c->out, para, 2, item ? 4 : 2);
		free(para);
		p = e ? e + 1 : p + n;
	}
}

void
pol_print_heading(struct jctx *c, const struct pol_doc *d, const struct pol_section *s)
{
	struct sbuf h = {0};
	sbuf_addf(&h, "%s%s ", out_sgr(c->out, OS_ID), pol_doc_short(d));
	if (s->appendix)
		sbuf_addf(&h, "Appendix %s", s->num);
	else if (*s->num)
		sbuf_adds(&h, s->num);
	else
		sbuf_addf(&h, "[%s]", s->id);
	sbuf_addf(&h, "%s  %s%s%s", out_sgr(c->out, OS_RESET), out_sgr(c->out, OS_TITLE), s->title,
	    out_sgr(c->out, OS_RESET));
	out_wrap(c->out, h.s, 0, 4);
	sbuf_free(&h);
}

static void
print_source(struct jctx *c, const struct pol_doc *d, const struct pol_section *s)
{
	out_wrapf(c->out, 1, "%s(%s%s%s, %s:%u)%s", out_sgr(c->out, OS_DIM), pol_kind_title(d->kind),
	    d->date[0] ? ", effective " : "", d->date, d->file, s->line, out_sgr(c->out, OS_RESET));
}

/* --- references between the documents ---------------------------------------------------------- */

/* The section a reference names among the loaded documents: in the document it is written in
 * when it names that kind, else the newest of its kind. false for a CR rule or a section no
 * loaded document has. */
static bool
ref_section(const struct pol_set *S, const struct pol_doc *from, const struct pol_ref *r,
    const struct pol_doc **d, size_t *i)
{
	if (r->kind >= POL_NKIND)
		return false;
	const struct pol_doc *t = (enum pol_kind)r->kind == from->kind ? from : pol_set_newest(S, (enum pol_kind)r->kind);
	if (!t)
		return false;
	int k = pol_find(t, NULL, r->target);
	if (k < 0)
		return false;
	*d = t;
	*i = (size_t)k;
	return true;
}

/* The references a section makes, resolved: sections of loaded documents and CR rules. */
struct xref {
	const struct pol_doc *doc;      /* NULL: a CR rule, in rule */
	size_t sec;
	char rule[24];
};

static size_t
section_refs(const struct pol_set *S, const struct pol_doc *d, size_t i, struct xref *out, size_t max)
{
	struct pol_ref r[64];
	size_t n = 0;
	for (int p = 0; p < PP_N; p++) {
		size_t k = pol_text_refs(d->sec[i].parts[p], d->kind, r, 64);
		for (size_t j = 0; j < k && n < max; j++) {
			struct xref x = { NULL, 0, "" };
			if (r[j].kind >= POL_NKIND)
				snprintf(x.rule, sizeof x.rule, "%s", r[j].target);
			else if (!ref_section(S, d, &r[j], &x.doc, &x.sec) || (x.doc == d && x.sec == i))
				continue;
			bool dup = false;
			for (size_t m = 0; m < n && !dup; m++)
				dup = out[m].doc == x.doc && (x.doc ? out[m].sec == x.sec : strcmp(out[m].rule, x.rule) == 0);
			if (!dup)
				out[n++] = x;
		}
	}
	return n;
}

/* The sections of the loaded documents (the newest of each kind, and d's own edition) whose
 * text refers to section i of d. */
static size_t
section_backrefs(const struct pol_set *S, const struct pol_doc *d, size_t i, struct xref *out, size_t max)
{
	size_t n = 0;
	for (size_t k = 0; k < S->n; k++) {
		const struct pol_doc *o = S->docs[k];
		if (o != d && o != pol_set_newest(S, o->kind))
			continue;
		for (size_t j = 0; j < o->nsec && n < max; j++) {
			struct xref x[64];
			size_t m = section_refs(S, o, j, x, 64);
			for (size_t q = 0; q < m; q++)
				if (x[q].doc == d && x[q].sec == i) {
					out[n].doc = o;
					out[n].sec = j;
					out[n].rule[0] = '\0';
					n++;
					break;
				}
		}
	}
	return n;
}

/* Does a policy reference to CR rule target cite rule num or a rule under it ("rule 103.4c"
 * for 103.4 and 103, never for 103.40)? */
static bool
cites_rule(const char *target, const char *num)
{
	size_t l = strlen(num);
	if (l == 0 || strncasecmp(target, num, l) != 0)
		return false;
	char next = target[l];
	return next == '\0' || (next == '.' && isdigit((unsigned char)target[l + 1])) ||
	    (isalpha((unsigned char)next) && isdigit((unsigned char)num[l - 1]) && strchr(num, '.'));
}

/* The sections of the loaded documents (the newest of each kind) whose text cites CR rule
 * num or a rule under it; each section once, x.rule the number it writes. */
static size_t
rule_backrefs(const struct pol_set *S, const char *num, struct xref *out, size_t max)
{
	size_t n = 0;
	for (size_t k = 0; k < S->n; k++) {
		const struct pol_doc *o = S->docs[k];
		if (o != pol_set_newest(S, o->kind))
			continue;
		for (size_t j = 0; j < o->nsec && n < max; j++) {
			bool found = false;
			for (int p = 0; p < PP_N && !found; p++) {
				struct pol_ref r[64];
				size_t m = pol_text_refs(o->sec[j].parts[p], o->kind, r, 64);
				for (size_t q = 0; q < m && !found; q++)
					if (r[q].kind >= POL_NKIND && cites_rule(r[q].target, num)) {
						out[n].doc = o;
						out[n].sec = j;
						snprintf(out[n].rule, sizeof out[n].rule, "%s", r[q].target);
						found = true;
					}
			}
			n += found;
		}
	}
	return n;
}

/* "MTR 4.3", "IPG Appendix A", "CR 704": how a reference is named. */
static void
xref_name(const struct xref *x, struct sbuf *b)
{
	if (!x->doc) {
		sbuf_addf(b, "CR %s", x->rule);
		return;
	}
	const struct pol_section *s = &x->doc->sec[x->sec];
	sbuf_addf(b, "%s ", pol_doc_short(x->doc));
	if (s->appendix)
		sbuf_addf(b, "Appendix %s", s->num);
	else
		sbuf_adds(b, *s->num ? s->num : s->id);
}

/* What following a reference runs in the session: "mtr 4.3", "704". */
static void
xref_target(const struct xref *x, struct sbuf *b)
{
	if (!x->doc) {
		sbuf_adds(b, x->rule);
		return;
	}
	sbuf_addf(b, "%s %s", pol_kind_name(x->doc->kind), x->doc->sec[x->sec].id);
	for (char *p = b->s; *p; p++)
		if (*p == '-')
			*p = ' ';   /* "appendix-f" -> "mtr appendix f" */
}

/* One citing section as a list line: its link number, name and title, and the rule it cites
 * when that is not the one asked for (rule may be NULL). */
static void
xref_line(struct jctx *c, const struct xref *x, const char *rule)
{
	struct sbuf l = {0}, nm = {0}, tg = {0};
	xref_name(x, &nm);
	xref_target(x, &tg);
	int ln = jnav_link(c, tg.s);
	if (ln > 0)
		sbuf_addf(&l, "%s[%d]%s\u00a0", out_sgr(c->out, OS_DIM), ln, out_sgr(c->out, OS_RESET));
	sbuf_addf(&l, "%s%s%s %s", out_sgr(c->out, OS_ID), nm.s, out_sgr(c->out, OS_RESET), x->doc->sec[x->sec].title);
	if (rule)
		sbuf_addf(&l, " %s(rule %s)%s", out_sgr(c->out, OS_DIM), rule, out_sgr(c->out, OS_RESET));
	out_puts(c->out, "  ");
	out_wrap(c->out, l.s, 2, 4);
	sbuf_free(&l);
	sbuf_free(&nm);
	sbuf_free(&tg);
}

static void
print_xrefs(struct jctx *c, const char *label, const struct xref *x, size_t n)
{
	if (n == 0)
		return;
	struct sbuf b = {0};
	sbuf_addf(&b, "%s%s:%s ", out_sgr(c->out, OS_DIM), label, out_sgr(c->out, OS_RESET));
	for (size_t k = 0; k < n; k++) {
		struct sbuf name = {0}, tgt = {0};
		xref_name(&x[k], &name);
		xref_target(&x[k], &tgt);
		int l = jnav_link(c, tgt.s);
		if (k)
			sbuf_adds(&b, ", ");
		if (l > 0)
			sbuf_addf(&b, "%s[%d]%s\u00a0", out_sgr(c->out, OS_DIM), l, out_sgr(c->out, OS_RESET));
		sbuf_adds(&b, name.s);
		if (x[k].doc)
			sbuf_addf(&b, " %s", x[k].doc->sec[x[k].sec].title);
		sbuf_free(&name);
		sbuf_free(&tgt);
	}
	out_puts(c->out, "  ");
	out_wrap(c->out, b.s, 2, 4);
	sbuf_free(&b);
}

static void
json_xrefs(struct jw *w, const char *key, const struct xref *x, size_t n)
{
	jw_key(w, key);
	jw_arr(w);
	for (size_t k = 0; k < n; k++) {
		jw_obj(w);
		if (x[k].doc) {
			jw_kstr(w, "document", pol_kind_name(x[k].doc->kind));
			jw_kstr(w, "version", x[k].doc->date[0] ? x[k].doc->date : NULL);
			jw_kstr(w, "id", x[k].doc->sec[x[k].sec].id);
			jw_kstr(w, "number", x[k].doc->sec[x[k].sec].num);
			jw_kstr(w, "title", x[k].doc->sec[x[k].sec].title);
		} else {
			jw_kstr(w, "document", "cr");
			jw_kstr(w, "id", x[k].rule);
		}
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* The part after p (-1: the first) that section s has and a view asks for (only: that part
 * alone, -1 every part; examples: whether examples are shown), -1 when none is left. The one
 * walk of a section's parts, for the text and the JSON alike. */
static int
next_part(const struct pol_section *s, int only, bool examples, int p)
{
	while (++p < PP_N)
		if (s->parts[p] && (only < 0 || only == p) && (p != PP_EXAMPLES || examples))
			return p;
	return -1;
}

static void
json_section(struct jw *w, const struct pol_doc *d, size_t i, int only, const struct pol_set *S)
{
	const struct pol_section *s = &d->sec[i];
	jw_obj(w);
	jw_kstr(w, "document", pol_kind_name(d->kind));
	jw_kstr(w, "version", d->date[0] ? d->date : NULL);
	jw_kstr(w, "number", s->num);
	jw_kstr(w, "id", s->id);
	jw_kstr(w, "title", s->title);
	jw_kbool(w, "appendix", s->appendix);
	jw_kstr(w, "penalty", s->penalty);
	jw_key(w, "parts");
	jw_obj(w);
	for (int p = -1; (p = next_part(s, only, true, p)) >= 0;)
		jw_kstr(w, pol_part_name((enum pol_partk)p), s->parts[p]);
	jw_obj_end(w);
	if (S) {
		struct xref x[128];
		json_xrefs(w, "refs", x, section_refs(S, d, i, x, 128));
		json_xrefs(w, "backrefs", x, section_backrefs(S, d, i, x, 128));
	}
	jw_key(w, "source");
	jw_obj(w);
	jw_kstr(w, "file", d->file);
	jw_kint(w, "line", s->line);
	jw_obj_end(w);
	jw_obj_end(w);
}

void
pol_json_section(struct jw *w, const struct pol_doc *d, size_t i)
{
	json_section(w, d, i, -1, NULL);
}

static void
print_section(struct jctx *c, const struct pol_doc *d, size_t i, int only)
{
	const struct pol_section *s = &d->sec[i];
	pol_print_heading(c, d, s);
	if (s->penalty && (only < 0 || only == PP_N))
		out_printf(c->out, "%sPenalty:%s %s\n", out_sgr(c->out, OS_BOLD), out_sgr(c->out, OS_RESET), s->penalty);
	bool any = false;
	for (int p = -1; (p = next_part(s, only, c->examples, p)) >= 0;) {
		pol_print_part(c, part_labels[p], s->parts[p]);
		any = true;
	}
	/* a chapter: its sections */
	if (s->level == 0 && only < 0) {
		for (size_t k = i + 1; k < d->nsec && d->sec[k].parent == (int)i; k++) {
			out_printf(c->out, "  %s%-5s%s %s\n", out_sgr(c->out, OS_ID), d->sec[k].num, out_sgr(c->out, OS_RESET),
			    d->sec[k].title);
			any = true;
		}
	}
	if (!any && only >= 0 && only != PP_N)
		out_printf(c->out, "  %s(%s %s has no %s part)%s\n", out_sgr(c->out, OS_DIM), pol_doc_short(d),
		    *s->num ? s->num : s->id, part_labels[only], out_sgr(c->out, OS_RESET));
	/* what it refers to and what refers to it, links in the session */
	if (only < 0) {
		const struct pol_set *S = pol_set_for(c);
		struct xref x[128];
		print_xrefs(c, "See", x, section_refs(S, d, i, x, 128));
		print_xrefs(c, "Cited by", x, section_backrefs(S, d, i, x, 128));
	}
	print_source(c, d, s);
}

static void
print_list(struct jctx *c, const struct pol_doc *d)
{
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_arr(&w);
		for (size_t i = 0; i < d->nsec; i++) {
			const struct pol_section *s = &d->sec[i];
			jw_obj(&w);
			jw_kstr(&w, "document", pol_kind_name(d->kind));
			jw_kstr(&w, "version", d->date[0] ? d->date : NULL);
			jw_kstr(&w, "number", s->num);
			jw_kstr(&w, "id", s->id);
			jw_kstr(&w, "title", s->title);
			jw_kint(&w, "level", s->level);
			jw_kbool(&w, "appendix", s->appendix);
			jw_kstr(&w, "penalty", s->penalty);
			if (c->verbose) {
				/* -v: the whole text, for other tools (the FTS5 comparison of make bench-search) */
				char *t = pol_section_text(d, i);
				jw_kstr(&w, "text", t);
				free(t);
			}
			jw_obj_end(&w);
		}
		jw_arr_end(&w);
		out_puts(c->out, "\n");
		return;
	}
	out_wrapf(c->out, 0, "%s%s%s%s%s", out_sgr(c->out, OS_BOLD), d->title, d->date[0] ? ", effective " : "",
	    d->date, out_sgr(c->out, OS_RESET));
	for (size_t i = 0; i < d->nsec; i++) {
		const struct pol_section *s = &d->sec[i];
		char num[40];
		if (s->appendix)
			snprintf(num, sizeof num, "App. %s", s->num);
		else if (*s->num)
			snprintf(num, sizeof num, "%s", s->num);
		else
			snprintf(num, sizeof num, "%s", s->id);
		struct sbuf l = {0};
		sbuf_addf(&l, "%s%s%-*s%s %s", s->level ? "  " : "", out_sgr(c->out, OS_ID), d->kind == POL_JAR ? 0 : 7,
		    d->kind == POL_JAR && *s->num == '\0' ? "" : num, out_sgr(c->out, OS_RESET), s->title);
		if (d->kind == POL_JAR)
			sbuf_addf(&l, "  %s[%s]%s", out_sgr(c->out, OS_DIM), s->id, out_sgr(c->out, OS_RESET));
		if (s->penalty)
			sbuf_addf(&l, "  %s(%s)%s", out_sgr(c->out, OS_DIM), s->penalty, out_sgr(c->out, OS_RESET));
		out_wrap(c->out, l.s, 0, 10);
		sbuf_free(&l);
	}
}

/* --- the commands ----------------------------------------------------------------------------------------- */

static const char *const missing_hint[POL_NKIND] = {
	"drop the IPG (PDF, text or pdftohtml HTML) into ~/.local/share/judge/docs/ or pass --doc FILE",
	"drop the Tournament Rules (PDF, text or pdftohtml HTML) into ~/.local/share/judge/docs/ or pass --doc FILE",
	"drop Judging at Regular REL (PDF, text or pdftohtml HTML) into ~/.local/share/judge/docs/ or pass --doc FILE",
};

const struct pol_doc *
pol_cli_doc(struct jctx *c, enum pol_kind k)
{
	struct pol_set *S = pol_set_for(c);
	const struct pol_doc *d = pol_set_newest(S, k);
	if (!d)
		jerr(c, missing_hint[k], "no %s is loaded", pol_kind_title(k));
	return d;
}

static int
doc_cmd(struct jctx *c, enum pol_kind k, int argc, char **argv)
{
	/* --doc FILE here too */
	int n = 1;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--doc") == 0 && i + 1 < argc) {
			pol_cli_add_file(argv[++i]);
			pol_set_drop(c);   /* read again with the new file */
		} else
			argv[n++] = argv[i];
	}
	argc = n;
	const struct pol_doc *d = pol_cli_doc(c, k);
	if (!d)
		return JX_NOTFOUND;
	if (argc < 2) {
		print_list(c, d);
		return JX_OK;
	}
	/* a part name at the end: `ipg 2.3 remedy`, `ipg hce additional remedy` */
	int part = -1;
	if (argc >= 3) {
		part = pol_part_parse(argv[argc - 1]);
		if (part < 0 && argc >= 4) {
			char two[128];
			snprintf(two, sizeof two, "%s %s", argv[argc - 2], argv[argc - 1]);
			if ((part = pol_part_parse(two)) >= 0)
				argc--;
		}
		if (part >= 0)
			argc--;
	}
	struct sbuf q = {0};
	for (int i = 1; i < argc; i++) {
		if (i > 1)
			sbuf_addc(&q, ' ');
		sbuf_adds(&q, argv[i]);
	}
	struct pol_set *S = pol_set_for(c);
	int i = pol_find(d, &S->aliases, q.s);
	if (i < 0) {
		int m[3];
		double sc[3];
		size_t nm = pol_match(d, q.s, m, sc, 3);
		struct sbuf hint = {0};
		if (nm) {
			sbuf_adds(&hint, "closest:");
			for (size_t k2 = 0; k2 < nm; k2++)
				sbuf_addf(&hint, " %s%s (%s)", k2 ? "; " : "", d->sec[m[k2]].num[0] ? d->sec[m[k2]].num : d->sec[m[k2]].id,
				    d->sec[m[k2]].title);
		} else
			sbuf_addf(&hint, "list the sections with: judge %s", pol_kind_name(k));
		jerr(c, hint.s, "no section of the %s %s matches '%s'", pol_doc_short(d), d->date, q.s);
		sbuf_free(&hint);
		sbuf_free(&q);
		return JX_NOTFOUND;
	}
	sbuf_free(&q);
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		json_section(&w, d, (size_t)i, part == PP_N ? -2 : part, pol_set_for(c));
		out_puts(c->out, "\n");
		return JX_OK;
	}
	print_section(c, d, (size_t)i, part);
	return JX_OK;
}

int
cmd_ipg(struct jctx *c, int argc, char **argv)
{
	return doc_cmd(c, POL_IPG, argc, argv);
}

int
cmd_mtr(struct jctx *c, int argc, char **argv)
{
	return doc_cmd(c, POL_MTR, argc, argv);
}

int
cmd_jar(struct jctx *c, int argc, char **argv)
{
	return doc_cmd(c, POL_JAR, argc, argv);
}

/* For `versions`: the policy documents, after the CR releases. */
void
pol_cli_versions(struct jctx *c, struct jw *w)
{
	struct pol_set *S = pol_set_for(c);
	if (w) {
		for (size_t i = 0; i < S->n; i++) {
			const struct pol_doc *d = S->docs[i];
			jw_obj(w);
			jw_kstr(w, "document", d->floor_rules ? "floor-rules" : pol_kind_name(d->kind));
			jw_key(w, "date");
			jw_str(w, d->date[0] ? d->date : NULL);
			jw_kstr(w, "file", d->file);
			jw_kstr(w, "format", d->format);
			jw_kint(w, "sections", (long long)d->nsec);
			jw_kint(w, "contents_entries", d->toc_entries);
			jw_kint(w, "contents_found", d->toc_found);
			jw_kbool(w, "answering", pol_set_newest(S, d->kind) == d);
			jw_obj_end(w);
		}
		return;
	}
	if (S->n == 0)
		return;
	/* a narrow terminal gets a wrapped paragraph for each document, as the rules do */
	bool narrow = c->out->width > 0 && c->out->width < 60;
	if (!narrow)
		out_printf(c->out, "\n%s  %-22s %8s %8s  %s%s\n", out_sgr(c->out, OS_BOLD), "policy document", "sections",
		    "format", "file", out_sgr(c->out, OS_RESET));
	else
		out_puts(c->out, "\n");
	for (size_t i = 0; i < S->n; i++) {
		const struct pol_doc *d = S->docs[i];
		char lab[64];
		snprintf(lab, sizeof lab, "%s %s", pol_doc_short(d), d->date[0] ? d->date : "(undated)");
		const char *slash = strrchr(d->file, '/');
		if (narrow) {
			struct sbuf t = {0};
			sbuf_addf(&t, "%s: %zu sections, %s; %s", lab, d->nsec, d->format, slash ? slash + 1 : d->file);
			out_puts(c->out, pol_set_newest(S, d->kind) == d ? "* " : "  ");
			out_wrap(c->out, t.s, 2, 4);
			sbuf_free(&t);
			continue;
		}
		out_printf(c->out, "%s %-22s %8zu %8s  %s\n", pol_set_newest(S, d->kind) == d ? "*" : " ", lab, d->nsec,
		    d->format, slash ? slash + 1 : d->file);
	}
}

/* Completion: section numbers, ids and aliases of the kind a command reads, and part names. */
size_t
pol_cli_complete(struct jctx *c, const char *cmd, const char *prev, char ***out)
{
	enum pol_kind k = strcmp(cmd, "mtr") == 0 ? POL_MTR : strcmp(cmd, "jar") == 0 ? POL_JAR : POL_IPG;
	struct pol_set *S = pol_set_for(c);
	const struct pol_doc *d = pol_set_newest(S, k);
	char **v = NULL;
	size_t n = 0;
#define ADD(s) do { v = realloc(v, (n + 1) * sizeof *v); v[n++] = xstrdup(s); } while (0)
	if (prev) {
		static const char *const parts[] = { "definition", "examples", "philosophy", "remedy", "upgrade",
			"downgrade", "penalty" };
		if (strcmp(cmd, "ipg") == 0)
			for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
				ADD(parts[i]);
		*out = v;
		return n;
	}
	if (d)
		for (size_t i = 0; i < d->nsec; i++) {
			if (d->sec[i].appendix) {
				char a[32];
				snprintf(a, sizeof a, "appendix-%c", (char)(d->sec[i].num[0] | 0x20));
				ADD(a);
			} else
				ADD(d->sec[i].id);
		}
	for (size_t i = 0; i < S->aliases.n; i++)
		if (S->aliases.v[i].kind == k)
			ADD(S->aliases.v[i].alias);
#undef ADD
	*out = v;
	return n;
}

/* --- judge update --docs ---------------------------------------------------------------------- */

/* The links of an HTML page to PDF files that look like policy documents, resolved. */
static size_t
doc_links(const char *html, size_t len, const char *base, char ***out)
{
	char **v = NULL;
	size_t n = 0;
	for (size_t i = 0; i + 5 < len; i++) {
		if (strncasecmp(html + i, "href", 4) != 0)
			continue;
		size_t j = i + 4;
		while (j < len && (html[j] == ' ' || html[j] == '='))
			j++;
		if (j >= len || (html[j] != '"' && html[j] != '\''))
			continue;
		char q = html[j];
		size_t s = j + 1, e = s;
		while (e < len && html[e] != q && e - s < 2000)
			e++;
		if (e >= len)
			break;
		char *link = xstrndup(html + s, e - s);
		size_t ll = strcspn(link, "?#");
		bool pdf = ll > 4 && strncasecmp(link + ll - 4, ".pdf", 4) == 0;
		static const char *const names[] = { "ipg", "infraction", "mtr", "tournament_rules",
			"tournament-rules", "tournamentrules", "jar", "regular", NULL };
		bool named = false;
		for (int k = 0; names[k] && !named; k++)
			named = strcasestr(link, names[k]) != NULL;
		if (pdf && named && n < 16) {
			v = realloc(v, (n + 1) * sizeof *v);
			v[n++] = hist_resolve_url(base, link);
		}
		free(link);
		i = e;
	}
	*out = v;
	return n;
}

/* Check bytes are a policy document (through a temporary file, as any document is read)
 * and store them in dir as KIND-DATE.EXT; the stored path to *path. */
static bool
store_doc(const char *dir, const char *url, const struct sbuf *body, char **path, char **label)
{
	bool pdf = body->len >= 5 && memcmp(body->s, "%PDF-", 5) == 0;
	struct sbuf tmp = {0};
	sbuf_addf(&tmp, "%s/.download-%d.%s", dir, (int)getpid(), pdf ? "pdf" : "html");
	FILE *f = fopen(tmp.s, "wb");
	if (!f || fwrite(body->s, 1, body->len, f) != body->len) {
		if (f)
			fclose(f);
		jerr(NULL, NULL, "update: cannot write %s", tmp.s);
		sbuf_free(&tmp);
		return false;
	}
	fclose(f);
	struct diags d = {0};
	struct pol_doc *doc = pol_load_file(tmp.s, &d);
	if (!doc) {
		fprintf(stderr, "judge: update: %s is not a policy document judge can read\n", url);
		diag_print(stderr, &d, DL_ERROR);
		diag_clear(&d);
		unlink(tmp.s);
		sbuf_free(&tmp);
		return false;
	}
	diag_clear(&d);
	struct sbuf dest = {0}, lab = {0};
	const char *kind = doc->floor_rules ? "floor-rules" : pol_kind_name(doc->kind);
	sbuf_addf(&dest, "%s/%s-%s.%s", dir, kind, doc->date[0] ? doc->date : "undated", pdf ? "pdf" : "html");
	sbuf_addf(&lab, "%s %s", pol_doc_short(doc), doc->date[0] ? doc->date : "(undated)");
	pol_doc_free(doc);
	bool ok = rename(tmp.s, dest.s) == 0;
	if (!ok) {
		unlink(tmp.s);
		fprintf(stderr, "judge: update: cannot store %s\n", dest.s);
	}
	sbuf_free(&tmp);
	*path = sbuf_take(&dest);
	*label = sbuf_take(&lab);
	return ok;
}

int
pol_cli_update(struct jctx *c, const char *url)
{
	if (!url) {
		const char *env = getenv("JUDGE_POLICY_URL");
		url = env && *env ? env : POL_DEFAULT_URL;
	}
	char *dir = pol_cli_user_dir();
	if (!dir) {
		jerr(c, "set XDG_DATA_HOME or HOME", "update: nowhere to store the documents");
		return JX_USAGE;
	}
	struct sbuf mk = {0};
	for (char *p = dir + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(dir, 0755);
			*p = '/';
		}
	mkdir(dir, 0755);
	sbuf_free(&mk);
	struct sbuf body = {0}, err = {0};
	char *final = NULL;
	if (hist_fetch(url, &body, &err, &final) != HF_OK) {
		jerr(c, "check the network, or give the document's own address with --url", "update: %s", sbuf_str(&err));
		sbuf_free(&body);
		sbuf_free(&err);
		free(dir);
		return JX_NOTFOUND;
	}
	char **links = NULL;
	size_t nl = 0;
	const char *base = final ? final : url;
	bool direct = body.len >= 5 && memcmp(body.s, "%PDF-", 5) == 0;
	if (direct) {
		links = malloc(sizeof *links);
		links[nl++] = xstrdup(base);
	} else
		nl = doc_links(body.s ? body.s : "", body.len, base, &links);
	int st = JX_OK, stored = 0;
	if (nl == 0 && !direct) {
		/* a pdftohtml page is a document itself */
		char *path = NULL, *label = NULL;
		if (store_doc(dir, base, &body, &path, &label)) {
			out_printf(c->out, "Stored %s%s%s in %s\n", out_sgr(c->out, OS_BOLD), label, out_sgr(c->out, OS_RESET), path);
			stored++;
		} else {
			jerr(c, "give the address of the PDF itself with --url", "update: %s links to no policy document", base);
			st = JX_USAGE;
		}
		free(path);
		free(label);
	}
	for (size_t i = 0; i < nl; i++) {
		struct sbuf b = {0};
		char *f2 = NULL;
		if (!direct && hist_fetch(links[i], &b, &err, &f2) != HF_OK) {
			fprintf(stderr, "judge: update: %s: %s\n", links[i], sbuf_str(&err));
			sbuf_reset(&err);
			st = JX_NOTFOUND;
		} else {
			char *path = NULL, *label = NULL;
			if (store_doc(dir, links[i], direct ? &body : &b, &path, &label)) {
				out_printf(c->out, "Stored %s%s%s in %s\n", out_sgr(c->out, OS_BOLD), label, out_sgr(c->out, OS_RESET), path);
				stored++;
			} else
				st = JX_USAGE;
			free(path);
			free(label);
		}
		free(f2);
		sbuf_free(&b);
		free(links[i]);
	}
	free(links);
	free(final);
	sbuf_free(&body);
	sbuf_free(&err);
	free(dir);
	pol_set_drop(c);   /* read them next time */
	return stored ? JX_OK : st;
}

/* --- diff and history across versions ------------------------------------------------------------ */

int
pol_kind_arg(const char *s)
{
	for (int k = 0; k < POL_NKIND; k++)
		if (strcasecmp(s, pol_kind_name((enum pol_kind)k)) == 0)
			return k;
	return -1;
}

/* The loaded versions of a kind, oldest first (the 2008 floor rules count as Tournament Rules). */
static size_t
versions_of(const struct pol_set *S, enum pol_kind k, const struct pol_doc **v, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < S->n && n < max; i++)
		if (S->docs[i]->kind == k)
			v[n++] = S->docs[i];
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && strcmp(v[j - 1]->date, v[j]->date) > 0; j--) {
			const struct pol_doc *t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return n;
}

static const struct pol_doc *
version_named(const struct pol_doc **v, size_t n, const char *which)
{
	for (size_t i = 0; i < n; i++) {
		const char *slash = strrchr(v[i]->file, '/');
		if (strcmp(v[i]->date, which) == 0 || strcmp(v[i]->file, which) == 0 ||
		    (slash && strcmp(slash + 1, which) == 0))
			return v[i];
	}
	/* 20210723 for 2021-07-23 */
	if (strlen(which) == 8)
		for (size_t i = 0; i < n; i++) {
			char d[9];
			snprintf(d, sizeof d, "%.4s%.2s%.2s", v[i]->date, v[i]->date + 5, v[i]->date + 8);
			if (strcmp(d, which) == 0)
				return v[i];
		}
	return NULL;
}

static const char *
sec_label(const struct pol_section *s, char *buf, size_t cap)
{
	if (s->appendix)
		snprintf(buf, cap, "App. %s", s->num);
	else
		snprintf(buf, cap, "%s", *s->num ? s->num : s->id);
	return buf;
}

int
pol_cli_diff(struct jctx *c, int argc, char **argv)
{
	/* argv: diff KIND [OLD] [NEW] */
	enum pol_kind k = (enum pol_kind)pol_kind_arg(argv[1]);
	struct pol_set *S = pol_set_for(c);
	const struct pol_doc *v[64];
	size_t n = versions_of(S, k, v, 64);
	if (n < 2) {
		jerr(c, "load two versions: judge --doc OLD.pdf --doc NEW.pdf diff ipg", "diff: %zu version%s of the %s loaded",
		    n, n == 1 ? "" : "s", pol_kind_title(k));
		return JX_NOTFOUND;
	}
	const struct pol_doc *A = v[n - 2], *B = v[n - 1];
	if (argc >= 3 && !(A = version_named(v, n, argv[2]))) {
		jerr(c, "the versions are listed by judge versions", "diff: no loaded %s is '%s'", pol_doc_short(v[0]), argv[2]);
		return JX_USAGE;
	}
	if (argc >= 4 && !(B = version_named(v, n, argv[3]))) {
		jerr(c, "the versions are listed by judge versions", "diff: no loaded %s is '%s'", pol_doc_short(v[0]), argv[3]);
		return JX_USAGE;
	}
	if (argc == 3)
		B = v[n - 1] == A ? v[n - 2] : v[n - 1];
	int *map = xcalloc(A->nsec + 1, sizeof *map);
	double *sim = xcalloc(A->nsec + 1, sizeof *sim);
	pol_align(A, B, map, sim);
	bool *hit = xcalloc(B->nsec + 1, sizeof *hit);
	for (size_t i = 0; i < A->nsec; i++)
		if (map[i] >= 0)
			hit[map[i]] = true;
	size_t added = 0, removed = 0, moved = 0, changed = 0;
	struct jw w;
	if (c->json) {
		jw_init(&w, &c->out->buf, true);
		jw_obj(&w);
		jw_kstr(&w, "document", pol_kind_name(k));
		jw_kstr(&w, "old", A->date);
		jw_kstr(&w, "new", B->date);
		jw_key(&w, "changes");
		jw_arr(&w);
	} else
		out_printf(c->out, "%s%s %s%s \u2192 %s%s %s%s (sections matched by their words, not their numbers)\n",
		    out_sgr(c->out, OS_BOLD), pol_doc_short(A), A->date, out_sgr(c->out, OS_RESET), out_sgr(c->out, OS_BOLD),
		    pol_doc_short(B), B->date, out_sgr(c->out, OS_RESET));
	char la[40], lb[40];
	/* in the new document's order: matched (moved, changed), added */
	for (size_t j = 0; j < B->nsec; j++) {
		int i = -1;
		for (size_t x = 0; x < A->nsec; x++)
			if (map[x] == (int)j)
				i = (int)x;
		const struct pol_section *b = &B->sec[j];
		const char *what;
		if (i < 0) {
			what = "added";
			added++;
		} else {
			const struct pol_section *a = &A->sec[i];
			bool mv = strcmp(a->num, b->num) != 0 || a->appendix != b->appendix;
			bool ch = sim[i] < 0.999;
			if (!mv && !ch)
				continue;
			what = mv && ch ? "moved and changed" : mv ? "moved" : "changed";
			moved += mv;
			changed += ch;
		}
		if (c->json) {
			jw_obj(&w);
			jw_kstr(&w, "change", what);
			if (i >= 0) {
				jw_kstr(&w, "old_number", sec_label(&A->sec[i], la, sizeof la));
				jw_kstr(&w, "old_title", A->sec[i].title);
				jw_knum(&w, "similarity", (double)(long)(sim[i] * 1000) / 1000.0);
			}
			jw_kstr(&w, "number", sec_label(b, lb, sizeof lb));
			jw_kstr(&w, "title", b->title);
			jw_obj_end(&w);
		} else {
			struct sbuf l = {0};
			if (i >= 0 && strcmp(what, "changed") != 0)
				sbuf_addf(&l, "%-18s %s%s%s \u2192 %s%s%s %s", what, out_sgr(c->out, OS_ID), sec_label(&A->sec[i], la, sizeof la),
				    out_sgr(c->out, OS_RESET), out_sgr(c->out, OS_ID), sec_label(b, lb, sizeof lb), out_sgr(c->out, OS_RESET), b->title);
			else
				sbuf_addf(&l, "%-18s %s%s%s %s", what, out_sgr(c->out, OS_ID), sec_label(b, lb, sizeof lb), out_sgr(c->out, OS_RESET), b->title);
			if (i >= 0 && strcmp(A->sec[i].title, b->title) != 0)
				sbuf_addf(&l, " %s(was: %s)%s", out_sgr(c->out, OS_DIM), A->sec[i].title, out_sgr(c->out, OS_RESET));
			if (i >= 0 && sim[i] < 0.999)
				sbuf_addf(&l, " %s[%.0f%% the same words]%s", out_sgr(c->out, OS_DIM), sim[i] * 100, out_sgr(c->out, OS_RESET));
			out_wrap(c->out, l.s, 0, 19);
			sbuf_free(&l);
		}
	}
	for (size_t i = 0; i < A->nsec; i++) {
		if (map[i] >= 0)
			continue;
		removed++;
		if (c->json) {
			jw_obj(&w);
			jw_kstr(&w, "change", "removed");
			jw_kstr(&w, "old_number", sec_label(&A->sec[i], la, sizeof la));
			jw_kstr(&w, "old_title", A->sec[i].title);
			jw_obj_end(&w);
		} else {
			struct sbuf l = {0};
			sbuf_addf(&l, "%-18s %s%s%s %s", "removed", out_sgr(c->out, OS_ID), sec_label(&A->sec[i], la, sizeof la),
			    out_sgr(c->out, OS_RESET), A->sec[i].title);
			out_wrap(c->out, l.s, 0, 19);
			sbuf_free(&l);
		}
	}
	if (c->json) {
		jw_arr_end(&w);
		jw_obj_end(&w);
		out_puts(c->out, "\n");
	} else
		out_printf(c->out, "%s%zu added, %zu removed, %zu moved, %zu changed%s\n", out_sgr(c->out, OS_DIM), added, removed,
		    moved, changed, out_sgr(c->out, OS_RESET));
	free(map);
	free(sim);
	free(hit);
	return JX_OK;
}

int
pol_cli_history(struct jctx *c, int argc, char **argv)
{
	/* argv: history KIND SECTION... */
	enum pol_kind k = (enum pol_kind)pol_kind_arg(argv[1]);
	struct pol_set *S = pol_set_for(c);
	const struct pol_doc *v[64];
	size_t n = versions_of(S, k, v, 64);
	if (n == 0) {
		jerr(c, missing_hint[k], "no %s is loaded", pol_kind_title(k));
		return JX_NOTFOUND;
	}
	if (argc < 3) {
		jerr(c, "for example: judge history mtr 3.10, judge history ipg hce", "history: which section?");
		return JX_USAGE;
	}
	struct sbuf q = {0};
	for (int i = 2; i < argc; i++)
		sbuf_addf(&q, "%s%s", i > 2 ? " " : "", argv[i]);
	const struct pol_doc *cur = v[n - 1];
	int si = pol_find(cur, &S->aliases, q.s);
	if (si < 0) {
		jerr(c, NULL, "history: no section of the %s %s matches '%s'", pol_doc_short(cur), cur->date, q.s);
		sbuf_free(&q);
		return JX_NOTFOUND;
	}
	sbuf_free(&q);
	struct jw w;
	if (c->json) {
		jw_init(&w, &c->out->buf, true);
		jw_arr(&w);
	}
	char lb[40];
	double s_prev = 1.0;
	for (size_t t = n; t-- > 0;) {
		const struct pol_doc *d = v[t];
		if (si < 0)
			break;
		const struct pol_section *s = &d->sec[si];
		if (c->json) {
			jw_obj(&w);
			jw_kstr(&w, "version", d->date);
			jw_kstr(&w, "document", d->floor_rules ? "floor-rules" : pol_kind_name(k));
			jw_kstr(&w, "number", sec_label(s, lb, sizeof lb));
			jw_kstr(&w, "title", s->title);
			if (t + 1 < n)
				jw_knum(&w, "similarity_to_next", (double)(long)(s_prev * 1000) / 1000.0);
			jw_obj_end(&w);
		} else {
			struct sbuf l = {0};
			sbuf_addf(&l, "%s %-10s %s%-8s%s %s", pol_doc_short(d), d->date, out_sgr(c->out, OS_ID), sec_label(s, lb, sizeof lb),
			    out_sgr(c->out, OS_RESET), s->title);
			if (t + 1 < n)
				sbuf_addf(&l, " %s[%.0f%% the same words as the next]%s", out_sgr(c->out, OS_DIM), s_prev * 100, out_sgr(c->out, OS_RESET));
			out_wrap(c->out, l.s, 0, 22);
			sbuf_free(&l);
		}
		if (t == 0)
			break;
		/* back one version: the older section the aligner maps onto this one */
		const struct pol_doc *older = v[t - 1];
		int *map = xcalloc(older->nsec + 1, sizeof *map);
		double *sim = xcalloc(older->nsec + 1, sizeof *sim);
		pol_align(older, d, map, sim);
		int back = -1;
		for (size_t i = 0; i < older->nsec; i++)
			if (map[i] == si)
				back = (int)i, s_prev = sim[i];
		free(map);
		free(sim);
		if (back < 0 && !c->json)
			out_printf(c->out, "%s(no section of the %s %s matches it: new then)%s\n", out_sgr(c->out, OS_DIM),
			    pol_doc_short(older), older->date, out_sgr(c->out, OS_RESET));
		si = back;
	}
	if (c->json) {
		jw_arr_end(&w);
		out_puts(c->out, "\n");
	}
	return JX_OK;
}

size_t
pol_cli_rule_backrefs(struct jctx *c, const char *num, struct jw *w)
{
	const struct pol_set *S = pol_set_for(c);
	struct xref x[256];
	size_t n = rule_backrefs(S, num, x, 256);
	if (w) {
		jw_key(w, "policy");
		jw_arr(w);
		for (size_t k = 0; k < n; k++) {
			const struct pol_section *s = &x[k].doc->sec[x[k].sec];
			jw_obj(w);
			jw_kstr(w, "document", pol_kind_name(x[k].doc->kind));
			jw_kstr(w, "version", x[k].doc->date[0] ? x[k].doc->date : NULL);
			jw_kstr(w, "id", s->id);
			jw_kstr(w, "number", s->num);
			jw_kstr(w, "title", s->title);
			jw_kstr(w, "cites", x[k].rule);
			jw_obj_end(w);
		}
		jw_arr_end(w);
		return n;
	}
	if (n == 0)
		return 0;
	out_printf(c->out, "%zu policy section%s cite%s %s:\n", n, n == 1 ? "" : "s", n == 1 ? "s" : "", num);
	for (size_t m = 0; m < n; m++)
		/* a rule under the one asked for: say which */
		xref_line(c, &x[m], strcasecmp(x[m].rule, num) != 0 ? x[m].rule : NULL);
	return n;
}

int
pol_cli_backrefs(struct jctx *c, int argc, char **argv)
{
	int k = argc >= 1 ? pol_kind_arg(argv[0]) : -1;
	if (k < 0 || argc < 2) {
		jerr(c, "for example: judge backrefs ipg 2.1, judge backrefs mtr appendix f",
		    "backrefs of a policy section wants the document and the section");
		return JX_USAGE;
	}
	const struct pol_doc *d = pol_cli_doc(c, (enum pol_kind)k);
	if (!d)
		return JX_NOTFOUND;
	struct pol_set *S = pol_set_for(c);
	struct sbuf q = {0};
	for (int i = 1; i < argc; i++)
		sbuf_addf(&q, "%s%s", i > 1 ? " " : "", argv[i]);
	int i = pol_find(d, &S->aliases, q.s);
	if (i < 0) {
		jerr(c, "list the sections with: judge ipg, judge mtr or judge jar", "no section of the %s %s matches '%s'",
		    pol_doc_short(d), d->date, q.s);
		sbuf_free(&q);
		return JX_NOTFOUND;
	}
	sbuf_free(&q);
	struct xref x[256];
	size_t n = section_backrefs(S, d, (size_t)i, x, 256);
	struct xref self = { d, (size_t)i, "" };
	struct sbuf name = {0};
	xref_name(&self, &name);
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, true);
		jw_obj(&w);
		jw_kstr(&w, "document", pol_kind_name(d->kind));
		jw_kstr(&w, "version", d->date[0] ? d->date : NULL);
		jw_kstr(&w, "id", d->sec[i].id);
		json_xrefs(&w, "backrefs", x, n);
		jw_obj_end(&w);
		out_puts(c->out, "\n");
	} else if (n == 0)
		out_printf(c->out, "Nothing in the loaded documents refers to %s %s.\n", name.s, d->sec[i].title);
	else {
		out_printf(c->out, "%zu section%s refer%s to %s %s:\n", n, n == 1 ? "" : "s", n == 1 ? "s" : "", name.s,
		    d->sec[i].title);
		for (size_t m = 0; m < n; m++)
			xref_line(c, &x[m], NULL);
	}
	sbuf_free(&name);
	return JX_OK;
}
