/* cmd_policy.h — the policy document commands (ipg, mtr, jar, penalty) and the documents
 * they read, loaded once per process from $XDG_DATA_HOME/judge/docs/ (and the PDF/HTML files
 * of judge/rules/) plus --doc FILE, with the alias files. */
#ifndef JUDGE_CMD_POLICY_H
#define JUDGE_CMD_POLICY_H
#include "cmd.h"
#include "../policy/policy.h"
#include "../policy/pol_search.h"
#include "../render/json.h"

struct pol_set {
	struct pol_doc **docs;
	size_t n;
	struct pol_aliases aliases;
	struct pol_index *index;        /* built by the search integration on first use */
};

int cmd_ipg(struct jctx *c, int argc, char **argv);
int cmd_mtr(struct jctx *c, int argc, char **argv);
int cmd_jar(struct jctx *c, int argc, char **argv);

/* --doc FILE (global option): also read this document. */
void pol_cli_add_file(const char *path);
/* The documents are loaded when a command needs them; a file named with --doc is loaded now
 * if none did, so that a bad one is said (c->input_failed, exit 2) whatever the command. */
void pol_cli_check_named(struct jctx *c);
/* $XDG_DATA_HOME/judge/docs (malloc'd), where `judge update --docs` saves. */
char *pol_cli_user_dir(void);
/* The documents, loaded on first use into c->policy; problems printed, one line a file. */
struct pol_set *pol_set_for(struct jctx *c);
void pol_set_drop(struct jctx *c);      /* forget the loaded documents (read again next time) */
void pol_set_free(struct jctx *c);      /* at exit: the documents and the --doc list */
/* The newest document of a kind (the 2008 floor rules only when nothing newer), or NULL. */
const struct pol_doc *pol_set_newest(const struct pol_set *S, enum pol_kind k);
/* The same, with an error and a next step printed when there is none. */
const struct pol_doc *pol_cli_doc(struct jctx *c, enum pol_kind k);
const char *pol_doc_short(const struct pol_doc *d);    /* "IPG", "MTR", "JAR", "Floor Rules" */
void pol_print_heading(struct jctx *c, const struct pol_doc *d, const struct pol_section *s);
void pol_print_part(struct jctx *c, const char *label, const char *text);
void pol_json_section(struct jw *w, const struct pol_doc *d, size_t i);
/* `versions`: the documents in text after the CR releases, or as JSON objects into w. */
void pol_cli_versions(struct jctx *c, struct jw *w);
/* `judge update --docs [--url URL]`: fetch the page at URL (default $JUDGE_POLICY_URL, else
 * POL_DEFAULT_URL), every PDF it links that looks like the IPG, MTR or JAR (or the URL itself
 * when it is a PDF or a pdftohtml page), check each reads as a policy document and store it in
 * $XDG_DATA_HOME/judge/docs/ as KIND-DATE.pdf. */
#define POL_DEFAULT_URL "https://wpn.wizards.com/en/rules-documents"
int pol_cli_update(struct jctx *c, const char *url);
/* The kind a word names ("ipg", "mtr", "jar"), -1 if none. */
int pol_kind_arg(const char *s);
/* `judge diff KIND [OLD] [NEW]` and `judge history KIND SECTION`: across the loaded versions,
 * sections matched by content (pol_align), never by number. */
int pol_cli_diff(struct jctx *c, int argc, char **argv);
int pol_cli_history(struct jctx *c, int argc, char **argv);
/* `judge backrefs KIND SECTION` (argv[0] is the kind): the sections of the loaded documents
 * whose text refers to that one. */
int pol_cli_backrefs(struct jctx *c, int argc, char **argv);
/* The other way, for `judge backrefs RULE`: the sections of the loaded documents (the newest
 * of each kind) whose text cites CR rule num or a rule under it ("rule 103.4c" for 103.4).
 * With w, a "policy" array into w (empty when none); else printed as text, nothing when none.
 * Returns how many. */
size_t pol_cli_rule_backrefs(struct jctx *c, const char *num, struct jw *w);
/* Completion words for the argument of ipg/mtr/jar (prev NULL) or after a section (parts). */
size_t pol_cli_complete(struct jctx *c, const char *cmd, const char *prev, char ***out);

#endif
