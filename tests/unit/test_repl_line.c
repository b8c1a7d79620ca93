/* test_repl_line.c — the REPL line tokenizer: words, quotes, escapes, comments, errors. */
#include "t.h"
#include "repl/repl.h"

static void
words(const char *line, int argc, const char *const *want, const char *what)
{
	struct repl_tok t;
	int rc = repl_tokenize(line, strlen(line), &t);
	CHECK_INT(rc, 0, "%s: tokenizes", what);
	CHECK_INT(t.argc, argc, "%s: %d words", what, argc);
	for (int i = 0; i < argc && i < t.argc; i++)
		CHECK_STR(t.argv[i], want[i], "%s: word %d", what, i);
	CHECK(t.argv[t.argc] == NULL, "%s: argv ends with NULL", what);
	repl_tok_free(&t);
}

int
main(void)
{
	words("", 0, NULL, "empty line");
	words("   \t ", 0, NULL, "blank line");
	words("rule 702.19b", 2, (const char *[]){ "rule", "702.19b" }, "two words");
	words("  define   \"first strike\"  ", 2, (const char *[]){ "define", "first strike" }, "double quotes");
	words("define 'a \"b\" c'", 2, (const char *[]){ "define", "a \"b\" c" }, "single quotes keep double");
	words("x \"a\\\"b\\\\c\\n\"", 2, (const char *[]){ "x", "a\"b\\c\\n" }, "escapes in double quotes");
	words("first\\ strike", 1, (const char *[]){ "first strike" }, "backslash-space joins");
	words("ab\"cd ef\"gh", 1, (const char *[]){ "abcd efgh" }, "quotes inside a word");
	words("search \"\" x", 3, (const char *[]){ "search", "", "x" }, "empty quoted word");
	words("rule 100.1 # the first rule", 2, (const char *[]){ "rule", "100.1" }, "comment");
	words("# only a comment", 0, NULL, "comment line");
	words("a#b", 1, (const char *[]){ "a#b" }, "# inside a word is literal");
	words("tail\\", 1, (const char *[]){ "tail\\" }, "trailing backslash is literal");
	words("what's the legend rule", 4, (const char *[]){ "what's", "the", "legend", "rule" }, "an apostrophe inside a word");
	words("opponent's creature can't block", 4, (const char *[]){ "opponent's", "creature", "can't", "block" }, "two apostrophes in words");
	words("my opponents' creatures", 3, (const char *[]){ "my", "opponents'", "creatures" }, "an apostrophe ending a word");
	words("search 'can't be countered' now", 3, (const char *[]){ "search", "can't be countered", "now" }, "an apostrophe inside a quoted phrase");
	words("define 'first strike'", 2, (const char *[]){ "define", "first strike" }, "a quote opening a word still quotes");

	struct repl_tok t;
	const char *bad = "define \"first strike";
	CHECK_INT(repl_tokenize(bad, strlen(bad), &t), -1, "unterminated quote is an error");
	CHECK_INT((long long)t.err_col, 8, "error column points at the quote");
	CHECK_INT(t.open_quote, '"', "open quote reported");
	CHECK_INT(t.argc, 2, "partial word kept for completion");
	CHECK_STR(t.argv[1], "first strike", "partial word value");
	CHECK_INT((long long)t.start[1], 7, "partial word starts at the quote");
	CHECK(!t.trailing_space, "no trailing space inside a quote");
	repl_tok_free(&t);

	CHECK_INT(repl_tokenize("rule ", 5, &t), 0, "trailing space");
	CHECK(t.trailing_space, "trailing space seen");
	CHECK_INT((long long)t.start[0], 0, "first word at 0");
	repl_tok_free(&t);
	CHECK_INT(repl_tokenize("rule 70", 7, &t), 0, "no trailing space");
	CHECK(!t.trailing_space, "cursor inside the last word");
	CHECK_INT((long long)t.start[1], 5, "second word at 5");
	repl_tok_free(&t);

	/* a length shorter than the string: only that much is read (completion at the cursor) */
	CHECK_INT(repl_tokenize("rule 702.19b", 7, &t), 0, "prefix of a line");
	CHECK_STR(t.argv[1], "70", "word cut at the cursor");
	repl_tok_free(&t);

	/* NUL bytes inside the length separate words instead of truncating silently */
	CHECK_INT(repl_tokenize("a\0b", 3, &t), 0, "NUL inside line");
	CHECK_INT(t.argc, 2, "NUL separates words");
	repl_tok_free(&t);

	/* many words grow the vector */
	char big[4000];
	size_t n = 0;
	for (int i = 0; i < 500; i++) {
		big[n++] = 'w';
		big[n++] = ' ';
	}
	big[n] = '\0';
	CHECK_INT(repl_tokenize(big, n, &t), 0, "500 words");
	CHECK_INT(t.argc, 500, "500 words counted");
	repl_tok_free(&t);
	return T_DONE();
}
