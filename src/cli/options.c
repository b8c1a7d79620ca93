/* options.c — which options judge and each command take, and "did you mean" for the
 * others: an unknown option is a usage error (exit 2), never a search for its text. */
#include "cmd.h"
#include "../base/buf.h"
#include "../base/editdist.h"

#include <ctype.h>
#include <string.h>

/* The options main() reads before or after the command; "=" marks one taking a value. */
const char jopt_global[] = "--rules= --cr= --json -v --verbose -n= --limit= --width= --color --colour "
	"--no-color --no-colour --no-examples --no-cache --no-pager --textbook= --doc= --help -h --version";

/* The options each command reads itself; a command not listed takes none. */
static const struct {
	const char *cmd, *opts;
} cmd_opts[] = {
	{ "search", "-n= -v --json --dump --bench=" },
	{ "quiz", "--count= -n= --seed= --date=" },
	{ "study", "--date= --yes -y" },
	{ "check", "--strict" },
	{ "textbook", "--textbook=" },
	{ "explain", "--textbook=" },
	{ "cards", "--textbook= --format=" },
	{ "map", "--to= --anchors --era-changes=" },
	{ "update", "--url= --cards --docs" },
	{ "ipg", "--doc=" },
	{ "mtr", "--doc=" },
	{ "jar", "--doc=" },
	{ "penalty", "--rel= --doc=" },
	{ "html", "--single --cards --date=" },
};

const char *
jopt_of(const struct jcmd *cmd)
{
	for (size_t i = 0; cmd && i < sizeof cmd_opts / sizeof *cmd_opts; i++)
		if (strcmp(cmd_opts[i].cmd, cmd->name) == 0)
			return cmd_opts[i].opts;
	return "";
}

/* Is `name` (up to '=' or its end) one of the space-separated options in list? Sets
 * *takes_value when it is listed with "=". */
bool
jopt_in(const char *list, const char *name, bool *takes_value)
{
	size_t n = strcspn(name, "=");
	for (const char *p = list; p && *p;) {
		while (*p == ' ')
			p++;
		size_t l = strcspn(p, " ");
		size_t nl = l && p[l - 1] == '=' ? l - 1 : l;
		if (nl && nl == n && strncmp(p, name, n) == 0) {
			if (takes_value)
				*takes_value = nl != l;
			return true;
		}
		p += l;
	}
	return false;
}

/* The listed option nearest to got: a prefix of one, or within two edits (one for short
 * names); "" when none is near. */
static void
nearest(const char *got, const char *list, struct sbuf *best, size_t *bestd)
{
	char g[48];
	size_t gl = strcspn(got, "=");
	if (gl >= sizeof g)
		return;
	memcpy(g, got, gl);
	g[gl] = '\0';
	for (const char *p = list; p && *p;) {
		while (*p == ' ')
			p++;
		size_t l = strcspn(p, " ");
		size_t nl = l && p[l - 1] == '=' ? l - 1 : l;
		char o[48];
		if (nl && nl < sizeof o) {
			memcpy(o, p, nl);
			o[nl] = '\0';
			size_t cap = gl <= 4 ? 1 : 2;
			size_t d = ed_distance(g, o, cap);
			if (gl >= 4 && strncmp(o, g, gl) == 0)
				d = 1;   /* --no-ex for --no-examples */
			if (gl >= 3 && d <= cap && d < *bestd) {
				*bestd = d;
				sbuf_reset(best);
				sbuf_adds(best, o);
			}
		}
		p += l;
	}
}

void
jopt_unknown(struct jctx *c, const struct jcmd *cmd, const char *got)
{
	struct sbuf best = {0}, hint = {0};
	size_t bestd = 99;
	const char *own = jopt_of(cmd);
	nearest(got, own, &best, &bestd);
	nearest(got, jopt_global, &best, &bestd);
	bool setting = c->interactive && jopt_in(jopt_global, got, NULL);
	if (setting)
		sbuf_addf(&hint, "in a session %s is a setting: `:settings` lists them, `:set` changes one", got);
	else if (best.len)
		sbuf_addf(&hint, "did you mean %s? ", best.s);
	if (*own) {
		sbuf_addf(&hint, "%s takes", cmd->name);
		for (const char *p = own; *p;) {
			size_t l = strcspn(p, " ");
			sbuf_addf(&hint, "%s %.*s", p == own ? "" : ",", (int)(l && p[l - 1] == '=' ? l - 1 : l), p);
			p += l;
			while (*p == ' ')
				p++;
		}
		sbuf_addf(&hint, " (judge help %s)", cmd->name);
	} else if (!setting) {
		sbuf_addf(&hint, "`judge --help` lists the options");
	}
	if (cmd)
		jerr(c, hint.s, "%s: unknown option %s", cmd->name, got);
	else
		jerr(c, hint.s, "unknown option %s", got);
	sbuf_free(&best);
	sbuf_free(&hint);
}

/* A word that is an option: "-x", "--word", but not "-", "--" or a negative number. */
static bool
looks_like_option(const char *a)
{
	return a[0] == '-' && a[1] != '\0' && !isdigit((unsigned char)a[1]) && strcmp(a, "--") != 0;
}

int
jopt_check(struct jctx *c, const struct jcmd *cmd, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0)
			break;
		if (!looks_like_option(a))
			continue;
		/* in a query, -word leaves the word out: only --word can be an option */
		if (a[1] != '-' && (cmd == NULL || cmd->arg == JA_QUERY))
			continue;
		bool val = false;
		if (jopt_in(jopt_of(cmd), a, &val)) {
			if (val && strchr(a, '=') == NULL)
				i++;
			continue;
		}
		jopt_unknown(c, cmd, a);
		return JX_USAGE;
	}
	return JX_OK;
}
