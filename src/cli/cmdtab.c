/* cmdtab.c — the command table: dispatch, help and completion all read it. */
#include "cmd.h"
#include "cmd_resolve.h"
#include "cmd_rules.h"
#include "../repl/repl.h"
#include "../study/study.h"
#include "../history/history.h"
#include "../search/search.h"
#include "cmd_textbook.h"
#include "cmd_policy.h"
#include "cmd_card.h"
#include "cmd_penalty.h"
#include "cmd_html.h"

#include <string.h>

const struct jcmd jcmd_table[] = {
	/* rules lookups (cmd_rules.c) */
	{"rule", "r show", JA_RULE, "rule ID[-LETTER]...", "show a rule with its examples and subrules; ranges like 601.2f-h; ID#2 for the second entry a release numbers ID", cmd_rule, false},
	{"define", "d def glossary", JA_TERM, "define TERM", "show the glossary entry for a term or any of its aliases", cmd_define, false},
	{"refs", NULL, JA_RULE, "refs ID", "list the rules a rule cites", cmd_refs, false},
	{"backrefs", "citedby", JA_RULE, "backrefs ID|ipg|mtr|jar SECTION", "list the rules, glossary entries and loaded policy sections that cite a rule, or the policy sections that refer to a section", cmd_backrefs, false},
	{"toc", "contents", JA_RULE, "toc [SECTION]", "table of contents, of the whole release or of one section or chapter", cmd_toc, false},
	{"versions", "releases", JA_NONE, "versions", "list the loaded releases with their counts", cmd_versions, false},
	/* study (cmd_study.c) */
	{"quiz", "practice", JA_TOPIC, "quiz [SECTION|TOPIC] [KIND] [--count K] [--seed N]", "practice questions (glossary, cloze, which rule, textbook examples), due ones first", cmd_quiz, false},
	{"study", NULL, JA_NONE, "study [stats|reset|path]", "study progress by section, carried to the release answering; reset sets it aside", cmd_study, false},
	/* search (cmd_search.c) */
	{"search", "s find", JA_QUERY, "search QUERY", "ranked search of rules, examples and glossary, in judge slang and common situations: \"phrases\", -not, prefix*, in:702, /regex/; \"is 704.5k the legend rule?\" answers yes or no first", cmd_search, false},
	/* textbook (cmd_textbook.c) */
	{"textbook", "tb book", JA_TOPIC, "textbook [TOPIC]", "the Judge Candidate Textbook page on a topic, its examples and the CR rules it teaches", cmd_textbook, false},
	{"explain", NULL, JA_TOPIC, "explain TOPIC", "the CR rule, the glossary entry and the textbook page on a topic, together", cmd_explain, false},
	{"cards", NULL, JA_CARD, "cards [NAME] | cards import FILE...", "the textbook examples that mention a card; `cards import` reads MTGJSON or Scryfall card files (.json, .gz, .xz, .bz2, .zip)", cmd_cards, false},
	/* card data (cmd_card.c) */
	{"card", "oracle", JA_CARD, "card NAME", "a card's Oracle text, faces, legalities, rulings and the rules it touches (kept from the import), from the imported card file; a meld back face is one card", cmd_card, false},
	{"check", "lint", JA_FILE, "check [--strict] FILE...", "parse rules files and print their diagnostics and what of judge's data each drops; exit 2 on errors, 1 on warnings only with --strict", cmd_check, false},
	/* tournament policy documents (cmd_policy.c) */
	{"ipg", NULL, JA_POLICY, "ipg [SECTION|ALIAS|WORDS] [PART]", "the Infraction Procedure Guide: a section by number (2.3), alias (hce) or title, or one part (remedy, upgrade...)", cmd_ipg, false},
	{"mtr", NULL, JA_POLICY, "mtr [SECTION|ALIAS|WORDS]", "the Magic Tournament Rules: a section (4.2), an appendix (appendix f) or a title (shortcuts)", cmd_mtr, false},
	{"jar", NULL, JA_POLICY, "jar [SITUATION]", "Judging at Regular REL: its situations, or the one a description names", cmd_jar, false},
	{"penalty", "infraction", JA_QUERY, "penalty [DESCRIPTION] [--rel REL]", "a floor call laid out: likely infractions, what tells them apart in the IPG's words, penalty at that REL, remedy, upgrade/downgrade, philosophy, each cited; in the session it asks the REL, what happened and which infraction", cmd_penalty, false},
	/* REPL: help, navigation and session settings (src/repl/) */
	{"help", "?", JA_COMMAND, "help [COMMAND]", "list the commands, or show how to use one", repl_cmd_help, false},
	{"follow", "go", JA_NONE, "follow N", "go to link [N] of the last answer (typing N alone does the same)", repl_cmd_follow, true},
	{"back", "b", JA_NONE, "back", "go back to the rule visited before this one", repl_cmd_back, true},
	{"forward", "fwd", JA_NONE, "forward", "go forward again after back", repl_cmd_forward, true},
	{"next", "n", JA_NONE, "next", "the next rule in the text", repl_cmd_next, true},
	{"prev", "p previous", JA_NONE, "prev", "the previous rule in the text", repl_cmd_prev, true},
	{"up", "u", JA_NONE, "up", "the rule the current one belongs to", repl_cmd_up, true},
	{"children", "subrules", JA_RULE, "children [ID]", "the subrules of the current rule (or of ID), numbered", repl_cmd_children, true},
	{"where", "path", JA_RULE, "where [ID]", "the path from the section down to the current rule (or ID)", repl_cmd_where, true},
	{":set", NULL, JA_SETTING, ":set NAME VALUE", "change a setting for the session: width, color, examples, json, verbose, limit, pager", repl_cmd_set, true},
	{":use", NULL, JA_RELEASE, ":use DATE", "answer from another loaded release", repl_cmd_use, true},
	{":settings", NULL, JA_NONE, ":settings", "show the settings", repl_cmd_settings, true},
	{":source", NULL, JA_FILE, ":source FILE", "run the REPL commands in FILE", repl_cmd_source, true},
	/* board resolver (cmd_resolve.c) */
	{"resolve", NULL, JA_FILE, "resolve FILE", "walk a described board through the rules, step by step with citations (docs/board-format.md)", cmd_resolve, false},
	{"board", NULL, JA_NONE, "board", "type a board description, end it with a line `end`, and resolve it", cmd_board, false},
	{"why", NULL, JA_NONE, "why N", "print the rules that step N of the last resolution cites", cmd_why, false},
	/* history: every release at once (cmd_history.c) */
	{"diff", NULL, JA_RELEASE, "diff OLD [NEW] [SECTION]", "rules added, removed, changed and moved between two releases, with a word diff", hist_cmd_diff, false},
	{"history", "trace", JA_RULE, "history ID", "one rule through every loaded release, following renumbering", hist_cmd_history, false},
	{"map", NULL, JA_RULE, "map ID --to DATE", "the rule that corresponds to ID in another release, and how sure that is", hist_cmd_map, false},
	/* a static hyperlinked edition (cmd_html.c) */
	{"html", NULL, JA_FILE, "html DIR [--single] [--cards]", "write a static hyperlinked edition of the rules answering (with glossary, changes, textbook and policy documents) into folder DIR, to read offline on a phone", cmd_html, false},
	{"update", NULL, JA_NONE, "update [--cards|--docs] [--url URL]", "download the newest official release into $XDG_DATA_HOME/judge/rules; --cards: MTGJSON's AtomicCards into $XDG_DATA_HOME/judge/cards; --docs: the IPG, MTR and JAR into judge/docs", hist_cmd_update, false},
};
const size_t jcmd_count = sizeof jcmd_table / sizeof *jcmd_table;

const struct jcmd *
jcmd_find(const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < jcmd_count; i++) {
		const struct jcmd *c = &jcmd_table[i];
		if (strcmp(c->name, name) == 0)
			return c;
		for (const char *a = c->aliases; a && *a;) {
			const char *e = strchr(a, ' ');
			size_t l = e ? (size_t)(e - a) : strlen(a);
			if (l == n && strncmp(a, name, n) == 0)
				return c;
			a = e ? e + 1 : a + l;
		}
	}
	return NULL;
}
