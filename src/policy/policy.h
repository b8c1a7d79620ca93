/* policy.h — the tournament policy documents (Infraction Procedure Guide, Tournament Rules,
 * Judging at Regular REL, the 2008 floor rules) read from text, pdftohtml HTML or PDF into
 * numbered sections with their parts and penalty, and looked up by number, alias or title.
 * A pol_doc owns everything it holds (one arena); pol_doc_free() releases it. Parsers report
 * through a struct diags and never exit. Nothing here knows any one version's numbering:
 * headings come from the document's own table of contents, aliases from corpus/policy-aliases.tsv. */
#ifndef JUDGE_POLICY_H
#define JUDGE_POLICY_H
#include <stdbool.h>
#include <stddef.h>
#include "../base/diag.h"
#include "../base/mem.h"

enum pol_kind { POL_IPG, POL_MTR, POL_JAR, POL_NKIND };

/* The named parts of a section. PP_TEXT is what comes before the first label (all of an
 * MTR section). */
enum pol_partk { PP_TEXT, PP_DEFINITION, PP_EXAMPLES, PP_PHILOSOPHY, PP_REMEDY, PP_UPGRADE,
	PP_DOWNGRADE, PP_N };

struct pol_section {
	const char *num;        /* "2.3", "4", "F" (appendix), "115" (2008), "" (JAR, front matter) */
	const char *id;         /* what lookups and links use: "2.3", "appendix-f", JAR slugs */
	const char *title;      /* as printed: "Game Play Error — Hidden Card Error" */
	const char *penalty;    /* "Warning", "Game Loss"...; NULL when the section prints none */
	const char *parts[PP_N];/* paragraphs joined by '\n'; NULL when the part is absent */
	int level;              /* 0 chapter (JAR: group of situations), 1 section, appendix, situation */
	bool appendix;
	int parent;             /* index of the chapter it belongs to, -1 */
	unsigned line;          /* where its heading is in the file (1-based), 0 unknown */
};

struct pol_doc {
	enum pol_kind kind;
	const char *file;       /* as given */
	const char *title;      /* first line: "MAGIC INFRACTION PROCEDURE GUIDE" */
	const char *format;     /* "text", "pdftotext", "html", "pdf" */
	char date[11];          /* "2021-02-05", or "" when the document prints none */
	bool floor_rules;       /* the 2008 DCI floor rules (three-digit numbers) */
	struct pol_section *sec;
	size_t nsec;
	int toc_entries;        /* headings its table of contents lists (0: it has none) */
	int toc_found;          /* of those, how many were found in the body */
	struct arena a;
};

/* Parse decoded UTF-8 text ('\n' lines, '\f' page breaks as pdftotext writes them). bold,
 * when not NULL, has one flag per line (HTML). NULL with an error in d when the text is not
 * a policy document. */
struct pol_doc *pol_parse_text(const char *name, const char *text, size_t len,
    const unsigned char *bold, const char *format, struct diags *d);
/* Parse pdftohtml output (positioned <p> lines, one <div> per page) through libxml2. */
struct pol_doc *pol_parse_html(const char *name, const char *bytes, size_t len, struct diags *d);
/* Read a file of any of the three forms (PDF through the pdftotext program, $JUDGE_PDFTOTEXT
 * or pdftotext on PATH). NULL with one error in d on unreadable, encrypted, damaged or
 * non-policy input. */
struct pol_doc *pol_load_file(const char *path, struct diags *d);
/* Where pol_load_file() keeps the text pdftotext made of each PDF (pdftext-KEY.txt, the key
 * made of the PDF's size, modification time and a hash of its bytes, and the program run),
 * so a PDF is converted once, not at every start; NULL (the default): no cache. A missing,
 * stale or damaged entry is made again; one that cannot be written costs nothing but time. */
void pol_load_text_cache(const char *dir);
void pol_doc_free(struct pol_doc *doc);

const char *pol_kind_name(enum pol_kind k);            /* "ipg", "mtr", "jar" */
const char *pol_kind_title(enum pol_kind k);           /* "Infraction Procedure Guide" */
const char *pol_part_name(enum pol_partk p);           /* "definition", "remedy"... */
/* A part from what a user types: "remedy", "additional remedy", "fix", "def", "ex"...;
 * -1 when it names none. "penalty" is PP_N. */
int pol_part_parse(const char *s);

/* Aliases: alias -> title patterns, per kind. Loaded from the built-in corpus file and the
 * user's ~/.config/judge/policy-aliases.tsv (later lines win). */
struct pol_alias {
	enum pol_kind kind;
	char *alias;
	char *patterns;         /* '|'-separated, matched against section titles, any case */
	char *file;
	unsigned line;
};
struct pol_aliases {
	struct pol_alias *v;
	size_t n, cap;
};
/* Read one alias file; problems (file:line:col) go to d, and a file that is there but
 * cannot be read is one. Returns false if unreadable or absent. */
bool pol_aliases_load(struct pol_aliases *al, const char *path, struct diags *d);
void pol_aliases_free(struct pol_aliases *al);

/* The section a query names in doc: a number ("2.3", "2.3.", "appendix f"), an alias, an
 * id, or words of its title; -1 when none. */
int pol_find(const struct pol_doc *doc, const struct pol_aliases *al, const char *query);
/* Sections whose title or text matches the words of query, best first; returns how many. */
size_t pol_match(const struct pol_doc *doc, const char *query, int *out, double *score, size_t max);
/* Whether an alias's patterns match a section title. */
bool pol_title_matches(const char *title, const char *patterns);

/* Which section of B each section of A is: map[i] = its index in B or -1, matched one to one
 * by the words of titles and texts, never by number; sim[i] = how alike the two texts are
 * (1 = the same words). map and sim hold A->nsec entries. */
void pol_align(const struct pol_doc *A, const struct pol_doc *B, int *map, double *sim);
double pol_section_similarity_text(const char *a, const char *b);

/* A reference written in a document's text: "see section 4.3" and "Appendix B" (the document
 * itself), "(see MTR 2.2)" and "section 3.2 of the Infraction Procedure Guide" (another one),
 * "rule 704" and "CR 603.2" (the Comprehensive Rules). */
struct pol_ref {
	int kind;               /* POL_IPG, POL_MTR, POL_JAR; POL_NKIND: the Comprehensive Rules */
	char target[24];        /* what pol_find() or a rule lookup takes: "4.3", "appendix b", "704" */
	size_t off, len;        /* where in the text it is written */
};
/* The references in text (self: the kind of the document it is from), each target once, in
 * the order written; returns how many (at most max). */
size_t pol_text_refs(const char *text, enum pol_kind self, struct pol_ref *out, size_t max);

/* What a document says tells two of its sections apart: each sentence of one that names
 * the other ("If the slow play is not intentional, please refer to Tournament Error — Slow
 * Play instead"), with the condition it opens with ("If X, …", "Once X, …", "Unless X, …";
 * a sentence that names the other without one takes the condition of the sentence before
 * it). Nothing is written in: the words are the loaded edition's. */
struct pol_contrast {
	size_t from;            /* the section it is written in */
	size_t to;              /* the section it names */
	int part;               /* enum pol_partk of from */
	char *sentence;         /* as written, spaces folded (malloc'd) */
	char *ask;              /* its condition ("the slow play is not intentional"), or NULL */
	bool unless;            /* the condition is an "Unless": the other section if it does not hold */
};
/* Sentences of a naming b, then of b naming a, the Definition's first; returns how many. */
size_t pol_contrast(const struct pol_doc *d, size_t a, size_t b, struct pol_contrast *out, size_t max);
/* Sentences of section a that set a condition on its being another infraction (a section
 * with a penalty), none naming a section of skip. */
size_t pol_contrast_others(const struct pol_doc *d, size_t a, const size_t *skip, size_t nskip,
    struct pol_contrast *out, size_t max);
void pol_contrast_free(struct pol_contrast *c, size_t n);
/* Does the section's Definition make intent what it is ("A player intentionally plays
 * slowly", "The player must be aware …"), in a sentence that sends no case to another
 * infraction? (Stalling and Cheating; not Slow Play, whose "intentionally" names Stalling.) */
bool pol_requires_intent(const struct pol_doc *d, size_t sec);
/* The sentence of a section's Definition (else its text) sharing the most words with desc,
 * stems compared (malloc'd); NULL when it has no text. */
char *pol_closest_sentence(const struct pol_doc *d, size_t sec, const char *desc);

/* The whole text of a section (parts in order, labelled), for search and display. */
char *pol_section_text(const struct pol_doc *doc, size_t i);

#endif
