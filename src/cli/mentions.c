/* mentions.c — the cards judge knows without a card database: those the textbook's worked
 * examples mention and those the shipped boards (corpus/boards) put on the table. A question
 * that names one ("what happens to my 2/2 when Scion of Oona dies?") is pointed to the
 * example that teaches it and the board that walks it through the rules.
 *
 * Reading the textbook costs as much as the search itself, so the names are kept in a small
 * file in the cache folder, keyed by the textbook's and the boards' sizes and times: one
 * line a mention, "folded name<TAB>name<TAB>kind<TAB>where<TAB>what to type". */
#include "mentions.h"
#include "cmd_textbook.h"
#include "../base/buf.h"
#include "../base/hash.h"
#include "../base/mem.h"
#include "../base/safefile.h"
#include "../index/index.h"
#include "../render/out.h"
#include "../search/search.h"
#include "../textbook/textbook.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MENTIONS_VERSION "mentions-6"
#define MENTIONS_MAX_BOARDS 4096

struct mention {
	char *folded, *name, *kind, *where, *cmd;
};

static struct {
	bool loaded;
	struct mention *v;
	size_t n, cap;
	char *text;   /* the cache file's bytes, which the fields point into */
} M;

static char *
boards_dir(const struct jctx *c)
{
	const char *dirs[] = { c->datadir, ".", c->install_datadir };
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		if (!dirs[i])
			continue;
		struct sbuf p = {0};
		sbuf_addf(&p, "%s/corpus/boards", dirs[i]);
		struct stat st;
		/* absolute, so the cache says the same from any folder */
		char *abs = stat(p.s, &st) == 0 && S_ISDIR(st.st_mode) ? realpath(p.s, NULL) : NULL;
		sbuf_free(&p);
		if (abs)
			return abs;
	}
	return NULL;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the board files, sorted; NULL-terminated, the caller frees each and the array */
static char **
board_files(const char *dir, size_t *n)
{
	*n = 0;
	DIR *d = dir ? opendir(dir) : NULL;
	if (!d)
		return NULL;
	char **v = NULL;
	size_t cap = 0;
	struct dirent *e;
	while ((e = readdir(d)) && *n < MENTIONS_MAX_BOARDS) {
		size_t l = strlen(e->d_name);
		if (l < 7 || strcmp(e->d_name + l - 6, ".board") != 0 || e->d_name[0] == '.')
			continue;
		if (*n + 1 >= cap) {
			cap = cap ? cap * 2 : 64;
			v = xrealloc(v, cap * sizeof *v);
		}
		struct sbuf p = {0};
		sbuf_addf(&p, "%s/%s", dir, e->d_name);
		v[(*n)++] = sbuf_take(&p);
	}
	closedir(d);
	if (v)
		xqsort(v, *n, sizeof *v, cmp_str);
	return v;
}

static void
free_files(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* what the cache is valid for: the textbook and every board, by name, size and time */
static uint64_t
inputs_key(const char *book, char **boards, size_t nb)
{
	struct sbuf k = {0};
	sbuf_adds(&k, MENTIONS_VERSION);
	struct stat st;
	if (book && stat(book, &st) == 0)
		sbuf_addf(&k, "|%s %lld %lld", book, (long long)st.st_size, (long long)st.st_mtime);
	for (size_t i = 0; i < nb; i++)
		if (stat(boards[i], &st) == 0)
			sbuf_addf(&k, "|%s %lld %lld", boards[i], (long long)st.st_size, (long long)st.st_mtime);
	uint64_t h = hash_bytes64(k.s, k.len, 0x6d656e74u);
	sbuf_free(&k);
	return h;
}

/* a field of the cache: no tab or newline inside */
static void
field(struct sbuf *b, const char *s, bool last)
{
	for (; *s; s++)
		sbuf_addc(b, *s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
	sbuf_addc(b, last ? '\n' : '\t');
}

static void
add_line(struct sbuf *b, const char *name, const char *kind, const char *where, const char *cmd)
{
	char f[256];
	jfold(name, f, sizeof f);
	if (strlen(f) < 3)
		return;
	field(b, f, false);
	field(b, name, false);
	field(b, kind, false);
	field(b, where, false);
	field(b, cmd, true);
}

/* the boards' named objects (not tokens: "Soldier", "Zombie" are everyday words), once a board */
static void
scan_board(struct sbuf *out, const char *path, const char *shown)
{
	struct sbuf t = {0};
	if (sfile_read(path, SFILE_MAX_BOARD, &t) != 0) {
		sbuf_free(&t);
		return;
	}
	char title[200] = "";
	char seen[64][96];
	size_t nseen = 0;
	for (char *line = t.s; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		while (*line == ' ' || *line == '\t')
			line++;
		size_t l = strlen(line);
		while (l && (line[l - 1] == '\r' || line[l - 1] == ' '))
			line[--l] = '\0';
		const char *name = NULL;
		if (strncmp(line, "title ", 6) == 0)
			snprintf(title, sizeof title, "%s", line + 6);
		else if (strncmp(line, "permanent ", 10) == 0)
			name = line + 10;
		else if (strncmp(line, "spell ", 6) == 0)
			name = line + 6;
		else if (strncmp(line, "card ", 5) == 0)
			name = line + 5;
		if (name) {
			char nm[96];
			snprintf(nm, sizeof nm, "%s", name);
			char *as = strstr(nm, " as ");
			if (as)
				*as = '\0';
			char *hash = strchr(nm, '#');
			if (hash)
				*hash = '\0';
			size_t nl2 = strlen(nm);
			while (nl2 && nm[nl2 - 1] == ' ')
				nm[--nl2] = '\0';
			/* "Sorceress Queen's ability" is no card */
			bool ability = nl2 > 10 && strcmp(nm + nl2 - 10, "'s ability") == 0;
			bool dup = false;
			for (size_t i = 0; i < nseen && !dup; i++)
				dup = strcmp(seen[i], nm) == 0;
			if (!ability && !dup && nl2 && nseen < 64) {
				snprintf(seen[nseen++], sizeof seen[0], "%s", nm);
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	for (size_t i = 0; i < nseen; i++) {
		struct sbuf where = {0}, cmd = {0};
		sbuf_adds(&where, title[0] ? title : shown);
		sbuf_addf(&cmd, "judge resolve %s", shown);
		add_line(out, seen[i], "board", where.s, cmd.s);
		sbuf_free(&where);
		sbuf_free(&cmd);
	}
	sbuf_free(&t);
}

/* a board's path as a user types it: relative to the current folder when it is inside it */
static const char *
shown_path(const char *path, const char *cwd)
{
	size_t l = cwd ? strlen(cwd) : 0;
	if (l && strncmp(path, cwd, l) == 0 && path[l] == '/')
		return path + l + 1;
	if (strncmp(path, "./", 2) == 0)
		return path + 2;
	return path;
}

static void
build_text(struct jctx *c, const char *book, char **boards, size_t nb, struct sbuf *out)
{
	(void)c;
	struct diags d = {0};
	struct tb_book *b = book ? tb_load_file(book, &d) : NULL;
	diag_clear(&d);
	free(d.v);
	for (uint32_t i = 0; b && i < b->ncards; i++) {
		const struct tb_card *cd = &b->cards[i];
		if (!cd->nexamples)
			continue;
		const struct tb_example *e = &b->examples[cd->examples[0]];
		const struct tb_page *p = &b->pages[e->page];
		struct sbuf where = {0}, cmd = {0};
		/* section › chapter › page, each once */
		sbuf_adds(&where, p->section);
		if (strcmp(p->chapter, p->section) != 0)
			sbuf_addf(&where, " \xe2\x80\xba %s", p->chapter);
		if (strcmp(p->title, p->chapter) != 0)
			sbuf_addf(&where, " \xe2\x80\xba %s", p->title);
		if (e->heading != TB_NONE)
			sbuf_addf(&where, " \xe2\x80\xba %s", b->headings[e->heading].title);
		if (cd->nexamples > 1)
			sbuf_addf(&where, " and %u other example%s", cd->nexamples - 1, cd->nexamples == 2 ? "" : "s");
		sbuf_addf(&cmd, "judge cards %s", cd->name);
		add_line(out, cd->name, "textbook", where.s, cmd.s);
		sbuf_free(&where);
		sbuf_free(&cmd);
	}
	if (b)
		tb_free(b);
	for (size_t i = 0; i < nb; i++)
		scan_board(out, boards[i], boards[i]);
}

static void
parse_cache(char *text)
{
	M.text = text;
	for (char *line = text; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		char *f[5];
		size_t k = 0;
		f[k++] = line;
		for (char *p = line; *p && k < 5; p++)
			if (*p == '\t') {
				*p = '\0';
				f[k++] = p + 1;
			}
		if (k == 5) {
			if (M.n == M.cap) {
				M.cap = M.cap ? M.cap * 2 : 256;
				M.v = xrealloc(M.v, M.cap * sizeof *M.v);
			}
			M.v[M.n++] = (struct mention){ f[0], f[1], f[2], f[3], f[4] };
		}
		line = nl ? nl + 1 : NULL;
	}
}

/* the mention files of other inputs (a board added, the textbook changed) are stale */
static void
drop_others(const char *dir, const char *keep)
{
	if (!sfile_private_dir(dir))
		return;
	DIR *d = opendir(dir);
	if (!d)
		return;
	const char *kb = strrchr(keep, '/');
	kb = kb ? kb + 1 : keep;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		if (strncmp(e->d_name, "mentions-", 9) != 0 || l < 13 || strcmp(e->d_name + l - 4, ".tsv") != 0 ||
		    strcmp(e->d_name, kb) == 0)
			continue;
		struct sbuf p = {0};
		sbuf_addf(&p, "%s/%s", dir, e->d_name);
		unlink(p.s);
		sbuf_free(&p);
	}
	closedir(d);
}

static void
load(struct jctx *c)
{
	if (M.loaded)
		return;
	M.loaded = true;
	char *book = tb_cli_book_path(c);
	char *bdir = boards_dir(c);
	size_t nb = 0;
	char **boards = board_files(bdir, &nb);
	uint64_t key = inputs_key(book, boards, nb);
	const char *dir = c->no_cache ? NULL : srch_cache_dir_default();
	/* as for the search index: only a real folder of this user's, writable by no one else
	 * (a symlinked cache folder is not used) */
	struct stat dst;
	if (dir && lstat(dir, &dst) != 0 && sfile_mkdirs(dir, 0700, NULL) != 0)
		dir = NULL;
	if (dir && !sfile_private_dir(dir))
		dir = NULL;
	struct sbuf path = {0}, text = {0};
	if (dir)
		sbuf_addf(&path, "%s/mentions-%016llx.tsv", dir, (unsigned long long)key);
	if (!dir || sfile_read(path.s, 16u << 20, &text) != 0) {
		sbuf_reset(&text);
		build_text(c, book, boards, nb, &text);
		if (dir && sfile_write(path.s, text.s ? text.s : "", text.len, 0600) == 0)
			drop_others(dir, path.s);
	}
	parse_cache(sbuf_take(&text));
	sbuf_free(&path);
	free_files(boards, nb);
	free(bdir);
	free(book);
}

/* do the l bytes at p inside q stand as whole words (a plural s allowed)? */
static bool
whole_at(const char *q, const char *p, size_t l)
{
	bool start = p == q || !isalnum((unsigned char)p[-1]);
	return start && (!isalnum((unsigned char)p[l]) || (p[l] == 's' && !isalnum((unsigned char)p[l + 1])));
}

/* is the folded name in the folded query, as whole words? */
static const char *
has_words(const char *q, const char *name)
{
	size_t l = strlen(name);
	for (const char *p = strstr(q, name); p; p = strstr(p + 1, name))
		if (whole_at(q, p, l))
			return p;
	return NULL;
}

/* A one-word name ("Clone", "Fling", "Humility") is an everyday or rules word too: it
 * counts only capitalised in the question, and past its first word unless it is long. */
static bool
named_in(const char *query, const char *folded_q, const struct mention *m)
{
	const char *at = has_words(folded_q, m->folded);
	if (!at)
		return false;
	if (strchr(m->folded, ' '))
		return true;
	size_t l = strlen(m->name);
	for (const char *p = query; (p = strstr(p, m->name)); p++) {
		bool first = true;
		for (const char *s = query; s < p; s++)
			if (isalnum((unsigned char)*s))
				first = false;
		if (whole_at(query, p, l) && isupper((unsigned char)*p) && (!first || l >= 7))
			return true;
	}
	return false;
}

size_t
mentions_find(struct jctx *c, const char *query, const struct mention **out, size_t max)
{
	if (!query || strlen(query) > 1000)
		return 0;
	load(c);
	size_t ql = strlen(query) * 3 + 8;
	char *fq = xmalloc(ql);
	jfold(query, fq, ql);
	size_t n = 0;
	/* a longer name first: "Scion of Oona" before a board's "Oona" */
	for (size_t i = 0; i < M.n && n < max; i++) {
		if (!named_in(query, fq, &M.v[i]))
			continue;
		bool inside = false;
		for (size_t k = 0; k < M.n && !inside; k++)
			inside = k != i && strlen(M.v[k].folded) > strlen(M.v[i].folded) &&
			    has_words(M.v[k].folded, M.v[i].folded) && named_in(query, fq, &M.v[k]);
		if (!inside)
			out[n++] = &M.v[i];
	}
	free(fq);
	return n;
}

size_t
mentions_of(struct jctx *c, const char *name, const struct mention **out, size_t max)
{
	if (!name || strlen(name) > 300)
		return 0;
	load(c);
	char f[1024];
	jfold(name, f, sizeof f);
	size_t n = 0;
	for (size_t i = 0; i < M.n && n < max; i++)
		if (strcmp(M.v[i].folded, f) == 0)
			out[n++] = &M.v[i];
	return n;
}

const char *mention_name(const struct mention *m) { return m->name; }
const char *mention_kind(const struct mention *m) { return m->kind; }
const char *mention_where(const struct mention *m) { return m->where; }
const char *mention_command(const struct mention *m) { return m->cmd; }

const char *
mention_command_here(const struct mention *m, char *buf, size_t cap)
{
	if (strncmp(m->cmd, "judge resolve ", 14) != 0)
		return m->cmd;
	char cwd[4096];
	snprintf(buf, cap, "judge resolve %s", shown_path(m->cmd + 14, getcwd(cwd, sizeof cwd) ? cwd : NULL));
	return buf;
}

struct board_rank {
	const struct mention *m;   /* one of the board's mentions */
	size_t cards;              /* how many of the cards named it has */
	size_t words;              /* the question's words in its title */
};

static int
cmp_rank(const void *a, const void *b)
{
	const struct board_rank *x = a, *y = b;
	if (x->cards != y->cards)
		return x->cards > y->cards ? -1 : 1;
	if (x->words != y->words)
		return x->words > y->words ? -1 : 1;
	return strcmp(x->m->cmd, y->m->cmd);
}

/* how many words of 4 letters or more of the folded question the board's where holds */
static size_t
title_words(const char *fq, const char *where)
{
	char fw[512];
	jfold(where, fw, sizeof fw);
	size_t n = 0;
	char w[64];
	for (const char *p = fq; *p;) {
		while (*p && !isalnum((unsigned char)*p))
			p++;
		size_t l = 0;
		while (isalnum((unsigned char)p[l]))
			l++;
		if (l >= 4 && l < sizeof w) {
			memcpy(w, p, l);
			w[l] = '\0';
			n += strstr(fw, w) != NULL;
		}
		p += l;
	}
	return n;
}

void
mentions_print(struct jctx *c, const char *query, const struct mention *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (strcmp(v[i]->kind, "textbook") != 0)
			continue;
		struct sbuf b = {0};
		sbuf_addf(&b, "Textbook: %s is in a worked example, %s (`%s`).", v[i]->name, v[i]->where, v[i]->cmd);
		out_wrap(c->out, b.s, 0, 4);
		sbuf_free(&b);
	}
	/* the boards, those with more of the cards named first, then those whose title has more
	 * of the question's words */
	struct board_rank *r = xcalloc(n + 1, sizeof *r);
	size_t nr = 0;
	size_t fl = strlen(query) * 3 + 8;
	char *fq = xmalloc(fl);
	jfold(query, fq, fl);
	for (size_t i = 0; i < n; i++) {
		if (strcmp(v[i]->kind, "board") != 0)
			continue;
		size_t k = 0;
		while (k < nr && strcmp(r[k].m->cmd, v[i]->cmd) != 0)
			k++;
		if (k == nr) {
			r[nr].m = v[i];
			r[nr].words = title_words(fq, v[i]->where);
			nr++;
		}
		r[k].cards++;
	}
	free(fq);
	if (nr) {
		xqsort(r, nr, sizeof *r, cmp_rank);
		size_t ncards = 0;   /* the cards named that boards have */
		for (size_t i = 0; i < n; i++) {
			bool again = strcmp(v[i]->kind, "board") != 0;
			for (size_t k = 0; k < i && !again; k++)
				again = strcmp(v[k]->kind, "board") == 0 && strcmp(v[k]->folded, v[i]->folded) == 0;
			ncards += !again;
		}
		out_printf(c->out, "Boards that walk %s through the rules:\n", ncards == 1 ? "it" : "them");
		size_t show = nr < 3 ? nr : 3;
		char cwd[4096];
		const char *cw = getcwd(cwd, sizeof cwd) ? cwd : NULL;
		for (size_t i = 0; i < show; i++) {
			const char *cmd = r[i].m->cmd;
			const char *file = strncmp(cmd, "judge resolve ", 14) == 0 ? cmd + 14 : cmd;
			out_printf(c->out, "  judge resolve %s\n", shown_path(file, cw));
			if (strcmp(r[i].m->where, file) != 0) {   /* its title */
				struct sbuf tt = {0};
				sbuf_addf(&tt, "\xe2\x80\x9c%s\xe2\x80\x9d", r[i].m->where);
				out_puts(c->out, "    ");
				out_wrap(c->out, tt.s, 4, 4);
				sbuf_free(&tt);
			}
		}
		if (nr > show)
			out_printf(c->out, "  and %zu more boards naming %s\n", nr - show,
			    r[0].cards > 1 || nr > 1 ? "these cards" : "this card");
	}
	free(r);
}

void
mentions_json(struct jw *w, const struct mention *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		jw_obj(w);
		jw_kstr(w, "kind", "mention");
		jw_kstr(w, "card", v[i]->name);
		jw_kstr(w, "source", v[i]->kind);
		jw_kstr(w, "where", v[i]->where);
		jw_kstr(w, "command", v[i]->cmd);
		jw_obj_end(w);
	}
}

void
mentions_free(void)
{
	free(M.v);
	free(M.text);
	memset(&M, 0, sizeof M);
}
