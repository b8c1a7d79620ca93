/* fuzz_textbook.c — libFuzzer target for the wiki-text textbook reader, then the queries
 * a command runs over what it built (search, cards, section blocks). */
#include <stddef.h>
#include <stdint.h>
#include "textbook/textbook.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = {0};
	struct tb_book *b = tb_parse_text("fuzz.txt", (const char *)data, size, &d);
	struct tb_hit h[4];
	size_t n = tb_search(b, "declare blockers", h, 4);
	for (size_t i = 0; i < n; i++) {
		uint32_t f, c;
		tb_section_blocks(b, h[i].page, h[i].heading, &f, &c);
	}
	const struct tb_card *cv[4];
	tb_cards_find(b, "a", cv, 4);
	tb_free(b);
	diag_clear(&d);
	return 0;
}
