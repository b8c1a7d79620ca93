/* fuzz_textbook_html.c — libFuzzer target for the HTML textbook reader (libxml2's HTML
 * parser and the walk over headings, paragraphs, lists and tables). */
#include <stddef.h>
#include <stdint.h>
#include "textbook/textbook.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = {0};
	struct tb_book *b = tb_parse_html("fuzz.html", (const char *)data, size, &d);
	struct tb_hit h[2];
	tb_search(b, "combat", h, 2);
	tb_free(b);
	diag_clear(&d);
	return 0;
}
