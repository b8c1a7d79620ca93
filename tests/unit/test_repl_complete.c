/* test_repl_complete.c — REPL completion in every context and the navigation state the
 * command language leaves, on the hand-written mini release (tests/golden/data/mini-cr.txt). */
#include "t.h"
#include "repl/repl.h"
#include "cli/cmd_resolve.h"
#include "cli/cmd_textbook.h"
#include "resolver/resolver.h"
#include "cli_standin.h"

static struct jctx c;

/* The candidates joined by spaces, and the replaced word's start. */
static char *
comp(const char *line, size_t cursor, size_t *ws)
{
	char **v = NULL;
	size_t n = repl_complete(&c, line, cursor, ws, &v);
	static char buf[4096];
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if (i)
			strcat(buf, " ");
		strncat(buf, v[i], sizeof buf - strlen(buf) - 2);
	}
	repl_free_list(v, n);
	return buf;
}

static const char *
all(const char *line)
{
	size_t ws;
	return comp(line, strlen(line), &ws);
}

static const char *
cur(void)
{
	static char b[16];
	if (c.nav->pos < 0)
		return "-";
	return jrid_str(c.nav->hist[c.nav->pos], b);
}

int
main(void)
{
	struct jindex *ix = jindex_new();
	CHECK_INT(jindex_load_path(ix, "tests/golden/data/mini-cr.txt"), 1, "mini release loads");
	jindex_finish(ix);
	char *outbuf = NULL;
	size_t outlen = 0;
	FILE *mem = open_memstream(&outbuf, &outlen);
	struct out o;
	out_init(&o, mem);
	o.page = false;
	o.color = false;
	o.width = 80;
	struct jnav nav;
	memset(&nav, 0, sizeof nav);
	nav.pos = -1;
	c.ix = ix;
	c.rel = jindex_default(ix);
	c.out = &o;
	c.examples = true;
	c.interactive = true;
	c.nav = &nav;

	size_t ws = 99;
	CHECK_STR(comp("rule 702.1", 10, &ws), "702.1 702.1a 702.10 702.19", "rule numbers one level at a time");
	CHECK_INT((long long)ws, 5, "word starts after 'rule '");
	CHECK_STR(all("rule 702."), "702.1 702.2 702.7 702.10 702.19", "rules of a chapter, no subrules");
	CHECK_STR(all("rule 702.19"), "702.19 702.19a 702.19b", "an exact rule and its subrules");
	CHECK_STR(all("rule "), "1 7", "empty prefix: the sections");
	CHECK_STR(all("rule 702.19B"), "702.19b", "letters ignore case");
	CHECK_STR(comp("rule 702.19b", 9, &ws), "702.1 702.2 702.7 702.10 702.19", "cursor in the middle of a word");
	CHECK_STR(all("children 702.2"), "702.2 702.2a 702.2b 702.2c", "JA_RULE arguments of REPL commands");
	CHECK_STR(all("define \"fir"), "\"First Strike\"", "double-quoted term");
	CHECK_STR(comp("define \"fir", 11, &ws), "\"First Strike\"", "double-quoted term (start)");
	CHECK_INT((long long)ws, 7, "quoted word starts at its quote");
	CHECK_STR(all("define 'lethal d"), "'Lethal Damage'", "single-quoted term keeps single quotes");
	CHECK_STR(all("define first\\ s"), "\"First Strike\"", "backslash-escaped space");
	CHECK_STR(all("define t"), "Trample", "glossary term and keyword title, once");
	CHECK_STR(all("define h"), "Haste", "keyword from a rule title (702.10 Haste)");
	CHECK_STR(all("define zzz"), "", "nothing matches");
	CHECK_STR(all("fo"), "follow forward", "REPL-only commands in the REPL");
	CHECK_STR(all("tram"), "Trample", "bare input offers terms");
	CHECK_STR(all("70"), "702", "bare input offers rule numbers");
	CHECK_STR(all(":s"), ":set :settings :source", "settings commands");
	CHECK_STR(all(":set "), "color examples json limit pager verbose width", "setting names");
	CHECK_STR(all(":set width "), "100 120 60 72 80 auto", "setting values");
	CHECK_STR(all(":set color o"), "off on", "setting values by prefix");
	CHECK_STR(all(":set color on "), "", "nothing after the value");
	CHECK_STR(all(":use "), "2025-11-14", "releases after :use");
	CHECK_STR(all("help wh"), "where why", "command names after help");
	CHECK_STR(all("help sett"), "settings", "help topics");
	CHECK_STR(all("versions "), "", "no argument, no candidates");
	CHECK_STR(all("nosuch "), "", "unknown command, no candidates");
	CHECK_STR(all(":source tests/golden/data/mini"), "tests/golden/data/mini-cr.txt", "file names");
	CHECK_STR(all(":source tests/golden/da"), "tests/golden/data/", "directories end with /");
	comp("define \"first strike\" ", 22, &ws);
	CHECK_INT((long long)ws, 22, "a closed quote and a space start a new word");

	/* the textbook (corpus/ of the source tree): its cards and its topics */
	CHECK_STR(all("cards grizz"), "\"Grizzly Bears\"", "card names from the textbook's examples");
	CHECK_STR(all("textbook \"state-b"), "\"State-based actions\"", "textbook topics");
	CHECK_STR(all("explain lethal"), "\"Lethal Damage\"", "topics include glossary terms");

	/* a resolved board's cards, through the repl_board_names hook main() sets */
	CHECK_STR(all("cards zyx"), "", "no board resolved: no board names");
	static const char board[] = "player Alice\npermanent Zyxwen Marsh Beast as Beast\n"
	    "  type Creature - Beast\n  pt 3/3\npermanent Zyxwen Marsh Beast as Beast2\n"
	    "  type Creature - Beast\n  pt 3/3\nspell Zyxwen Ranger's ability\n";
	struct diags d = {0};
	struct board *b = bd_parse("<test>", board, sizeof board - 1, &d);
	diag_clear(&d);
	CHECK(b != NULL, "the test board parses");
	c.board = b ? rz_resolve(b) : NULL;
	repl_board_names = cmd_board_names;
	CHECK_STR(all("cards zyx"), "\"Zyxwen Marsh Beast\"", "cards offers the board's cards, once, quoted like any card");
	CHECK_STR(all("cards \"zyxwen m"), "\"Zyxwen Marsh Beast\"", "a quoted board card name");
	CHECK_STR(all("cards grizz"), "\"Grizzly Bears\"", "the textbook's cards are still offered");
	rz_free(c.board);
	c.board = NULL;

	size_t wss;
	char **v = NULL;
	size_t n = repl_complete_shell(&c, "follow", 6, &wss, &v);
	CHECK_INT(n, 0, "the shell is not offered REPL-only commands");
	repl_free_list(v, n);
	n = repl_complete_shell(&c, "--json --cr 2025-11-14 rule 702.19", 34, &wss, &v);
	CHECK_INT(n, 3, "the shell skips global options before the command");
	repl_free_list(v, n);
	n = repl_complete_shell(&c, "--width ", 8, &wss, &v);
	CHECK_INT(n, 0, "no candidates for a number option");
	repl_free_list(v, n);

	/* the command language: navigation state */
	FILE *null = freopen("/dev/null", "w", stderr);
	(void)null;
	CHECK_INT(repl_exec_line(&c, "702.19"), 0, "bare rule number");
	CHECK_STR(cur(), "702.19", "visited 702.19");
	CHECK_INT(repl_exec_line(&c, "up"), 0, "up");
	CHECK_STR(cur(), "702", "at 702");
	CHECK_INT(repl_exec_line(&c, "children"), 0, "children");
	CHECK_INT(nav.nlinks, 5, "children numbered five links");
	CHECK_INT(repl_exec_line(&c, "2"), 0, "typing 2 follows link 2");
	CHECK_STR(cur(), "702.2", "at 702.2");
	CHECK_INT(repl_exec_line(&c, "back"), 0, "back");
	CHECK_STR(cur(), "702", "back at 702");
	CHECK_INT(nav.nhist, 3, "back keeps the forward history");
	CHECK_INT(repl_exec_line(&c, "back\nforward\nforward"), 0, "three lines in one (pasted)");
	CHECK_STR(cur(), "702.2", "back to 702.19, then forward twice ends at 702.2");
	CHECK_INT(repl_exec_line(&c, "forward"), JX_NOTFOUND, "nothing further forward");
	CHECK_INT(repl_exec_line(&c, "next"), 0, "next");
	CHECK_STR(cur(), "702.2a", "next is the first subrule");
	CHECK_INT(repl_exec_line(&c, "prev"), 0, "prev");
	CHECK_STR(cur(), "702.2", "prev goes back up the text");
	CHECK_INT(repl_exec_line(&c, "follow 99"), JX_NOTFOUND, "no such link");
	CHECK_INT(repl_exec_line(&c, ":set width 33"), 0, ":set width");
	CHECK_INT(o.width, 33, "width changed");
	CHECK_INT(repl_exec_line(&c, ":set examples off"), 0, ":set examples");
	CHECK(!c.examples, "examples off");
	CHECK_INT(repl_exec_line(&c, ":set json yes"), 0, ":set json");
	CHECK(c.json, "json on");
	CHECK_INT(repl_exec_line(&c, ":set limit -1"), JX_USAGE, "negative limit refused");
	CHECK_INT(repl_exec_line(&c, "define \"oops"), JX_USAGE, "unterminated quote is a usage error");
	CHECK_INT(repl_exec_line(&c, "rul 702.19"), JX_USAGE, "a command typo with fitting arguments is an error");
	CHECK(repl_exec_line(&c, "rules text") != JX_USAGE, "'rules text' is not taken for a typo of rule");
	CHECK(repl_exec_line(&c, "to the stack") != JX_USAGE, "'to' is not taken for toc");
	CHECK_INT(repl_exec_line(&c, ""), 0, "empty line");
	CHECK_INT(repl_exec_line(&c, "# comment"), 0, "comment line");
	fflush(mem);
	CHECK(outlen > 0, "answers were written to the output (%zu bytes)", outlen);

	fclose(mem);
	free(outbuf);
	jnav_reset_links(&c);
	tb_ctx_free(&c);
	out_free(&o);
	jindex_free(ix);
	return T_DONE();
}
