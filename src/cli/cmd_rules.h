/* cmd_rules.h — the rule and glossary lookup commands, and the helpers other commands
 * use to print a rule the same way (numbered links in the REPL, JSON objects). */
#ifndef JUDGE_CMD_RULES_H
#define JUDGE_CMD_RULES_H
#include "cmd.h"
#include "../render/json.h"

int cmd_rule(struct jctx *c, int argc, char **argv);
int cmd_define(struct jctx *c, int argc, char **argv);
int cmd_refs(struct jctx *c, int argc, char **argv);
int cmd_backrefs(struct jctx *c, int argc, char **argv);
int cmd_toc(struct jctx *c, int argc, char **argv);
int cmd_versions(struct jctx *c, int argc, char **argv);
int cmd_check(struct jctx *c, int argc, char **argv);

/* Parse "702.19b", "601.2f-h", "702.19b–d", "601.2f-601.2h" into ids (max n);
 * returns how many, 0 if spec is not a rule number or range, -1 if the range is bad. */
int rules_parse_spec(const char *spec, jrid *ids, int n);
/* k for a spec ending in "#k" (605.2c#2: the second entry the source numbered 605.2c),
 * else 0. rules_parse_spec() reads the number before the '#'. */
unsigned rules_spec_copy(const char *spec);
/* The rule a glossary entry names and points to (Trample -> 702.19 "Trample"), JNONE if
 * its references hold none of its name. */
uint32_t rules_named_by_gloss(const struct jrelease *rel, uint32_t gi);
/* Print one rule (text, examples, and with `deep` all its subrules) in text form. */
void rules_print(struct jctx *c, const struct jrelease *rel, uint32_t i, bool deep);
/* Write one rule as a JSON object (with -v, the textbook pages that teach it too). */
void rules_json(struct jctx *c, struct jw *w, const struct jrelease *rel, uint32_t i);
/* key: the numbers of the rules of rel at indexes v[0..n-1] ("refs": ["702.19", ...]). */
void rules_json_ids(struct jw *w, const char *key, const struct jrelease *rel, const uint32_t *v, uint32_t n);
/* Append to out the next step for a rule number rel lacks: its nearest numbers ("did you
 * mean 704.5k or 704.5m?"), with climb those of its nearest missing ancestor ("there is no
 * 999 either; did you mean 905?"), or the rule above it that exists. */
void rules_suggest(const struct jrelease *rel, jrid id, bool climb, struct sbuf *out);
/* Say that id is not in rel, with the nearest numbers ("did you mean 704.5k or 704.5m?"). */
void rules_not_found(struct jctx *c, jrid id);
/* "702.19 Trample" or "702.19b The first words of its text…" into buf. */
const char *rules_label(const struct jrelease *rel, uint32_t i, char *buf, size_t cap);

/* Are all the loaded releases partial texts (truncated or fragments, as the built-in
 * seeds are)? false when nothing is loaded. */
bool rules_only_partial(const struct jindex *ix);
/* A release's age, for "newest": its date (yyyymmdd), else the end of its estimated era. */
long rules_age(const struct jrelease *r);
/* A release as a reader names it: "the 1999-11-01 rules", "the about-2005-2008 rules
 * (undated; years guessed from its wording)"; with partial, ", a partial text: 1 to 502.1" follows. Returns buf. */
const char *rules_era(const struct jrelease *r, bool partial, char *buf, size_t cap);
/* Once a session, when only partial texts are loaded: these are historical texts, and
 * how to get today's rules (on c->out, or standard error with --json). */
void rules_historical_note(struct jctx *c);
/* The words of that note: the texts loaded are historical, and how to get today's rules. */
const char *rules_historical_text(void);

#endif
