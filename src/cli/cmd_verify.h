/* cmd_verify.h — yes or no to "is 704.5j the legend rule?" before the search results. */
#ifndef JUDGE_CMD_VERIFY_H
#define JUDGE_CMD_VERIFY_H
#include "cmd.h"
#include "../render/json.h"

#define VERIFY_MAX 8
enum verify_answer { VERIFY_UNKNOWN, VERIFY_YES, VERIFY_PART, VERIFY_NO };

struct verify {
	enum verify_answer answer;
	jrid asked;                   /* the rule number the question names */
	char asked_s[16];
	char asked_is[200];           /* what that rule is: "Trample", "the world rule", its first words */
	bool missing;                 /* the release answering has no such rule */
	char topic[128];              /* "legend rule" */
	char topic_bare[128];         /* without "rule": "legend" */
	bool the;                     /* the question said "the" before it */
	char how[160];                /* how the topic was found: "the glossary's “Legend Rule”" */
	jrid topic_ids[VERIFY_MAX];   /* the rules the topic is */
	size_t ntopic;
	const struct jrelease *rel;   /* the release answering */
	const struct jrelease *topic_rel;   /* where the topic was found (another built-in text) */
};

/* Is query such a question ("is RULE the TOPIC", "is TOPIC RULE?", "RULE is TOPIC?")? Then
 * fill v from the release answering (from, else c->rel) and return true. */
bool verify_question(struct jctx *c, const struct jrelease *from, const char *query, struct verify *v);
/* The verdict as one paragraph: "No: 704.5k is the world rule. The legend rule is 704.5j (…)". */
void verify_text(const struct verify *v, struct sbuf *b);
/* Printed first, wrapped (text), or the first object of the results (JSON, "kind": "verdict"). */
void verify_print(struct jctx *c, const struct verify *v);
void verify_json(struct jw *w, const struct verify *v);

#endif
