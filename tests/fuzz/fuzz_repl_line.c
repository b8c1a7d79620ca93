/* fuzz_repl_line.c — libFuzzer target: any line typed at the REPL is tokenized, completed at
 * every cursor position and dispatched, against a small rules release. Nothing may crash. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "repl/repl.h"
/* the errors a bad line gets are expected; keep the fuzzer's output readable */
#define JUDGE_STANDIN_QUIET 1
#include "../unit/cli_standin.h"

static const char rules[] =
    "Magic: The Gathering Comprehensive Rules\n"
    "These rules are effective as of November 14, 2025.\n\n"
    "1. Game Concepts\n\n"
    "100. General\n\n"
    "100.1. These Magic rules apply to any Magic game with two or more players.\n\n"
    "100.1a A two-player game is a game that begins with only two players.\n\n"
    "100.1b A multiplayer game is a game that begins with more than two players. See rule 702.19.\n\n"
    "100.2. To play, each player needs their own deck.\n\n"
    "7. Additional Rules\n\n"
    "702. Keyword Abilities\n\n"
    "702.19. Trample\n\n"
    "702.19a Trample is a static ability that modifies the rules for assigning an attacking creature's combat damage. See rule 100.1.\n\n"
    "702.19b The controller of an attacking creature with trample first assigns damage.\n\n"
    "Glossary\n\n"
    "First Strike\nA keyword ability that lets a creature deal its combat damage first. See rule 702.7.\n\n"
    "Trample\nA keyword ability that modifies how a creature assigns combat damage. See rule 702.19.\n\n"
    "Credits\n";

static struct jctx ctx;
static struct out out;
static struct jnav nav;

static void
setup(void)
{
	struct jindex *ix = jindex_new();
	jindex_load_bytes(ix, "fuzz.txt", (const unsigned char *)rules, sizeof rules - 1);
	jindex_finish(ix);
	FILE *null = fopen("/dev/null", "w");
	out_init(&out, null);
	out.page = false;
	ctx.ix = ix;
	ctx.rel = jindex_default(ix);
	ctx.out = &out;
	ctx.examples = true;
	ctx.interactive = true;
	nav.pos = -1;
	ctx.nav = &nav;
}

/* Commands that read files or the network are not the REPL's to fuzz. */
static int
touches_files(const char *line, size_t len)
{
	struct repl_tok t;
	repl_tokenize(line, len, &t);
	int bad = 0;
	for (int i = 0; i < t.argc && !bad; i++) {
		const struct jcmd *k = jcmd_find(t.argv[i]);
		if (k && k->arg == JA_FILE)
			bad = 1;
	}
	repl_tok_free(&t);
	return bad;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (ctx.ix == NULL)
		setup();
	if (size > 4096)
		return 0;
	char *line = malloc(size + 1);
	memcpy(line, data, size);
	line[size] = '\0';
	struct repl_tok t;
	repl_tokenize(line, size, &t);
	repl_tok_free(&t);
	size_t len = strlen(line);
	for (size_t cur = 0; cur <= len; cur += 1 + len / 16) {
		char **v = NULL;
		size_t ws = 0;
		size_t n = repl_complete(&ctx, line, cur, &ws, &v);
		if (ws > cur)
			abort();
		repl_free_list(v, n);
		/* --rules on the line loads files: what the fuzzer names is not ours to read */
		if (strstr(line, "--rules") == NULL) {
			n = repl_complete_shell(&ctx, line, cur, &ws, &v);
			repl_free_list(v, n);
		}
	}
	if (!touches_files(line, size))
		repl_exec_line(&ctx, line);
	sbuf_reset(&out.buf);
	free(line);
	return 0;
}
