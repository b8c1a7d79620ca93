/* fuzz_board.c — libFuzzer target: any bytes through the board parser and, when they
 * parse, through the resolver. Neither may crash, leak or loop. */
#include <stddef.h>
#include <stdint.h>
#include "board/board.h"
#include "resolver/resolver.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d = {0};
	struct board *b = bd_parse("fuzz", (const char *)data, size, &d);
	diag_clear(&d);
	if (b) {
		struct rz_result *r = rz_resolve(b);
		rz_free(r);
	}
	return 0;
}
