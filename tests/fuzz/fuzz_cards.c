/* fuzz_cards.c — libFuzzer target: any bytes (plain, compressed or zipped) through the card
 * importer's parser, in each format; every card it accepts has a name, a face and a type on
 * each face (and from Scryfall no art series card), and a failure always
 * leaves exactly one error. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "cards/cards.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the format the current parse was asked for */
static enum cards_format asked;

static int
check_card(void *ctx, const struct card *c)
{
	(void)ctx;
	if (!c->name || c->nfaces == 0 || c->nfaces > CARDS_MAX_FACES)
		__builtin_trap();
	/* Scryfall: an art series card is never handed over (a reversible card is, as one card
	 * a face, or whole when it came without its faces) */
	if (asked == CF_SCRYFALL && c->layout && strcmp(c->layout, "art_series") == 0)
		__builtin_trap();
	for (size_t i = 0; i < c->nfaces; i++)
		if (!c->faces[i].type || !c->faces[i].name || strlen(c->faces[i].type) > CARDS_MAX_STRING)
			__builtin_trap();
	for (size_t i = 0; i < c->nrulings; i++)
		if (!c->rulings[i].date || !c->rulings[i].text)
			__builtin_trap();
	char key[256];
	cards_name_key(c->name, key, sizeof key);
	if (*c->name && !*key)
		__builtin_trap();
	return 0;
}

static int
check_ruling(void *ctx, const char *oracle_id, const struct card_ruling *r)
{
	(void)ctx;
	if (!oracle_id || !r->date || !r->text)
		__builtin_trap();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum cards_format fmts[] = {CF_AUTO, CF_MTGJSON, CF_SCRYFALL};
	struct cards_sink sink = {NULL, check_card, check_ruling, NULL, NULL};
	for (size_t i = 0; i < 3; i++) {
		struct diags d = {0};
		enum cards_format f = fmts[i];
		asked = f;
		int rc = cards_parse_mem("fuzz.json", data, size, &f, &sink, &d);
		if ((rc != 0) != (d.count[DL_ERROR] == 1))
			__builtin_trap();
		diag_clear(&d);
	}
	return 0;
}
