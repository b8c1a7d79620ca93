/* ability_coverage.c — `make bench`: the fraction of the Oracle ability lines in the card-text
 * list (tests/cards/oracle-lines.txt: NAME | TYPE LINE | TEXT) that judge's ability templates
 * read. With -v it lists the lines they don't read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board/board.h"

static char *
trim(char *s)
{
	while (*s == ' ' || *s == '\t') s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == '\t')) s[--n] = 0;
	return s;
}

int
main(int argc, char **argv)
{
	bool verbose = argc > 2 && !strcmp(argv[1], "-v");
	const char *path = argv[argc - 1];
	FILE *fp = argc > 1 ? fopen(path, "r") : NULL;
	if (!fp) {
		fprintf(stderr, "usage: ability_coverage [-v] tests/cards/oracle-lines.txt\n");
		return 2;
	}
	char line[2048];
	int total = 0, read_ok = 0, cards = 0;
	unsigned lno = 0;
	char last[256] = "";
	while (fgets(line, sizeof line, fp)) {
		lno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *p1 = strchr(line, '|'), *p2 = p1 ? strchr(p1 + 1, '|') : NULL;
		if (!p2)
			continue;
		*p1 = *p2 = 0;
		char *name = trim(line), *type = trim(p1 + 1), *text = trim(p2 + 1);
		if (!*text)
			continue;
		if (strcmp(name, last)) { cards++; snprintf(last, sizeof last, "%s", name); }
		bool spell = strstr(type, "Instant") || strstr(type, "Sorcery");
		struct bd_abil a;
		total++;
		if (bd_read_ability(text, name, spell, &a, path, lno, 1, NULL)) {
			read_ok++;
			free(a.text);
		} else if (verbose)
			printf("  %s:%u: %s: %s\n", path, lno, name, text);
	}
	fclose(fp);
	printf("Ability lines read by the templates: %d of %d (%.0f%%), from %d cards\n", read_ok, total,
	    total ? 100.0 * read_ok / total : 0.0, cards);
	return 0;
}
