/* help.c — `help` and `help COMMAND`, written from the same table as dispatch and completion. */
#include "repl_priv.h"

#include <string.h>

#include "../cli/cmd_card.h"
#include "../cli/cmd_textbook.h"
#include "../render/json.h"

static const char *
arg_words(enum jarg a)
{
	switch (a) {
	case JA_NONE: return NULL;
	case JA_RULE: return "a rule number like 702.19b, or a range like 601.2f-h";
	case JA_TERM: return "a glossary term or keyword; quote terms of several words: \"first strike\"";
	case JA_QUERY: return "words to search for; quote a phrase to keep it together";
	case JA_FILE: return "a file name";
	case JA_RELEASE: return "a rules release: its date (2025-11-14) or file name";
	case JA_TOPIC: return "a topic";
	case JA_CARD: return "a card name (any case, accents or none; `card` also finds a face, a start, a part or a small typo)";
	case JA_COMMAND: return "a command name";
	case JA_SETTING: return "a setting name and its value";
	case JA_POLICY: return "a section number (2.3), an alias (hce), an appendix (appendix f) or words of a title";
	}
	return NULL;
}

static void
json_cmd(struct jw *w, const struct jcmd *k)
{
	jw_obj(w);
	jw_kstr(w, "name", k->name);
	jw_kstr(w, "aliases", k->aliases);
	jw_kstr(w, "usage", k->usage);
	jw_kstr(w, "help", k->help);
	jw_kstr(w, "argument", arg_words(k->arg));
	jw_kbool(w, "repl_only", k->repl_only);
	jw_obj_end(w);
}

static void
list_row(struct jctx *c, const struct jcmd *k, int col)
{
	const char *u = k->usage ? k->usage : k->name;
	int uw = text_width(u, strlen(u));
	if (c->out->width > 0 && c->out->width - col < 30) {
		/* a narrow terminal: the usage on its lines, the help under it */
		struct sbuf l = {0};
		sbuf_addf(&l, "%s%s%s", out_sgr(c->out, OS_BOLD), u, out_sgr(c->out, OS_RESET));
		out_puts(c->out, "  ");
		out_wrap(c->out, l.s, 2, 6);
		sbuf_free(&l);
		out_puts(c->out, "      ");
		out_wrap(c->out, k->help ? k->help : "", 6, 6);
		return;
	}
	out_printf(c->out, "  %s%s%s", out_sgr(c->out, OS_BOLD), u, out_sgr(c->out, OS_RESET));
	if (uw + 2 > col - 2) {
		/* a long usage gets the help on its own line */
		out_puts(c->out, "\n");
		for (int i = 0; i < col; i++)
			out_puts(c->out, " ");
	} else {
		for (int i = uw + 2; i < col; i++)
			out_puts(c->out, " ");
	}
	out_wrap(c->out, k->help ? k->help : "", col, col);
}

static int
help_all(struct jctx *c)
{
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, false);
		jw_arr(&w);
		for (size_t i = 0; i < jcmd_count; i++)
			if (c->interactive || !jcmd_table[i].repl_only)
				json_cmd(&w, &jcmd_table[i]);
		jw_arr_end(&w);
		out_puts(c->out, "\n");
		return JX_OK;
	}
	int col = 0;
	for (size_t i = 0; i < jcmd_count; i++) {
		const char *u = jcmd_table[i].usage ? jcmd_table[i].usage : jcmd_table[i].name;
		int w = text_width(u, strlen(u)) + 4;
		if (w > col && w <= 30)
			col = w;
	}
	out_printf(c->out, "%sCommands%s (type 'help COMMAND' for more):\n", out_sgr(c->out, OS_TITLE),
	    out_sgr(c->out, OS_RESET));
	for (size_t i = 0; i < jcmd_count; i++)
		if (!jcmd_table[i].repl_only)
			list_row(c, &jcmd_table[i], col);
	if (c->interactive) {
		out_printf(c->out, "%sIn the REPL%s:\n", out_sgr(c->out, OS_TITLE), out_sgr(c->out, OS_RESET));
		for (size_t i = 0; i < jcmd_count; i++)
			if (jcmd_table[i].repl_only)
				list_row(c, &jcmd_table[i], col);
		out_wrap(c->out, "Bare input does the obvious thing: a rule number (702.19b, 601.2f-h) "
		    "looks it up, a link number from the last answer follows it, a glossary term "
		    "defines it, anything else searches. Tab completes; Ctrl-C abandons a line; "
		    "Ctrl-D leaves.", 0, 0);
	}
	return JX_OK;
}

static void
settings_help(struct jctx *c)
{
	out_puts(c->out, "Settings (':set NAME VALUE'; they last for the session and may go in\n"
	    "$XDG_CONFIG_HOME/judge/init):\n");
	for (size_t i = 0; i < repl_nsettings; i++) {
		out_printf(c->out, "  %-10s", repl_settings[i].name);
		out_wrap(c->out, repl_settings[i].help, 12, 12);
	}
}

int
repl_cmd_help(struct jctx *c, int argc, char **argv)
{
	if (argc < 2)
		return help_all(c);
	const char *name = argv[1];
	if (strcmp(name, "settings") == 0 || strcmp(name, "set") == 0)
		name = ":set";
	const struct jcmd *k = jcmd_find(name);
	if (k == NULL) {
		const struct jcmd *near = repl_near_command(name, true);
		char hint[128];
		if (near)
			snprintf(hint, sizeof hint, "did you mean 'help %s'? 'help' lists the commands", near->name);
		else
			snprintf(hint, sizeof hint, "type 'help' for the list of commands");
		jerr(c, hint, "help: no command '%s'", argv[1]);
		return JX_NOTFOUND;
	}
	if (c->json) {
		struct jw w;
		jw_init(&w, &c->out->buf, false);
		json_cmd(&w, k);
		out_puts(c->out, "\n");
		return JX_OK;
	}
	out_wrapf(c->out, 4, "usage: %s%s%s%s", c->interactive ? "" : "judge ", out_sgr(c->out, OS_BOLD),
	    k->usage ? k->usage : k->name, out_sgr(c->out, OS_RESET));
	if (k->help)
		out_wrap(c->out, k->help, 0, 0);
	/* a document the help names, where it is on this machine */
	const char *d = k->help ? strstr(k->help, "docs/") : NULL;
	if (d) {
		char doc[64], buf[4096];
		size_t n = strcspn(d + 5, " )");
		if (n < sizeof doc) {
			memcpy(doc, d + 5, n);
			doc[n] = '\0';
			out_printf(c->out, "described in: %s\n", jdoc_path(c, doc, buf, sizeof buf));
		}
	}
	const char *own = jopt_of(k);
	if (*own) {
		struct sbuf o = {0};
		for (const char *p = own; *p;) {
			size_t l = strcspn(p, " ");
			sbuf_addf(&o, "%s%.*s", o.len ? ", " : "", (int)(l && p[l - 1] == '=' ? l - 1 : l), p);
			p += l;
			p += strspn(p, " ");
		}
		out_printf(c->out, "options: ");
		out_wrap(c->out, o.s, 9, 9);
		sbuf_free(&o);
	}
	if (k->aliases)
		out_printf(c->out, "aliases: %s\n", k->aliases);
	const char *aw = arg_words(k->arg);
	if (aw) {
		out_printf(c->out, "argument: ");
		out_wrap(c->out, aw, 10, 10);
	}
	if (k->fn == cmd_card || k->fn == cmd_cards)
		card_data_help(c);
	if (k->repl_only && !c->interactive)
		out_puts(c->out, "(only in the REPL: run 'judge' with no command)\n");
	if (k->arg == JA_SETTING)
		settings_help(c);
	return JX_OK;
}
