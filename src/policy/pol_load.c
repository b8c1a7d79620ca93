/* pol_load.c — reading a policy document in whichever form it comes: text (any encoding the
 * CR decoder knows), HTML made by pdftohtml (libxml2's HTML parser), or PDF through poppler's
 * pdftotext program run as a child process (see README: why a program and not the library). */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../text/libxml.h"
#include "pol_int.h"
#include "../base/hash.h"
#include "../base/safefile.h"
#include "../text/decode.h"

/* --- PDF ------------------------------------------------------------------------------------ */

/* Run pdftotext on path; its text (UTF-8, form feeds between pages) into out. On failure,
 * one error in d saying why (not installed, encrypted, damaged). */
static bool
run_pdftotext(const char *path, struct sbuf *out, struct diags *d)
{
	const char *prog = getenv("JUDGE_PDFTOTEXT");
	if (!prog || !*prog)
		prog = "pdftotext";
	int po[2], pe[2];
	if (pipe(po) != 0 || pipe(pe) != 0) {
		diag_add(d, DL_ERROR, path, 0, 0, "cannot start pdftotext: %s", strerror(errno));
		return false;
	}
	pid_t pid = fork();
	if (pid < 0) {
		diag_add(d, DL_ERROR, path, 0, 0, "cannot start pdftotext: %s", strerror(errno));
		close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
		return false;
	}
	if (pid == 0) {
		dup2(po[1], 1);
		dup2(pe[1], 2);
		close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
		int nul = open("/dev/null", O_RDONLY);
		if (nul >= 0)
			dup2(nul, 0);
		const char *layout = getenv("JUDGE_PDFTOTEXT_LAYOUT");
		if (layout && *layout == '1')
			execlp(prog, prog, "-layout", "-enc", "UTF-8", "-q", "--", path, "-", (char *)NULL);
		else
			execlp(prog, prog, "-enc", "UTF-8", "--", path, "-", (char *)NULL);
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	struct sbuf err = {0};
	struct pollfd fds[2] = { { po[0], POLLIN, 0 }, { pe[0], POLLIN, 0 } };
	int open_fds = 2;
	char buf[65536];
	while (open_fds > 0) {
		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int k = 0; k < 2; k++) {
			if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			ssize_t n = read(fds[k].fd, buf, sizeof buf);
			if (n > 0) {
				if (k == 0)
					sbuf_add(out, buf, (size_t)n);
				else if (err.len < 4096)
					sbuf_add(&err, buf, (size_t)n);
			} else if (n == 0 || errno != EINTR) {
				close(fds[k].fd);
				fds[k].fd = -1;
				open_fds--;
			}
		}
	}
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
	bool ok = code == 0 && out->len > 0;
	if (!ok) {
		/* pdftotext's own first line says what is wrong */
		const char *why = err.len ? err.s : "";
		char first[300];
		size_t k = 0;
		while (why[k] && why[k] != '\n' && k + 1 < sizeof first)
			first[k] = why[k], k++;
		first[k] = '\0';
		const char *hint = "download the document again from Wizards of the Coast, or give judge its text or HTML";
		if (code == 127) {
			diag_add(d, DL_ERROR, path, 0, 0, "cannot read a PDF: the pdftotext program (poppler-utils) is not installed");
			hint = "install poppler-utils, or convert it elsewhere with pdftotext FILE and give judge the .txt";
		} else if (strcasestr(why, "password") || strcasestr(why, "encrypt") || strcasestr(why, "permission")) {
			diag_add(d, DL_ERROR, path, 0, 0, "the PDF is encrypted and needs a password (pdftotext: %s)", first);
			hint = "give judge an unencrypted copy (qpdf --password=PW --decrypt FILE OUT.pdf) or its text (pdftotext -upw PW FILE)";
		} else if (code != 0)
			diag_add(d, DL_ERROR, path, 0, 0, "the PDF is damaged and cannot be read (pdftotext: %s)", *first ? first : "no output");
		else
			diag_add(d, DL_ERROR, path, 0, 0, "the PDF has no text (scanned pages?)");
		diag_hint(d, "%s", hint);
	}
	sbuf_free(&err);
	return ok;
}

/* --- the cache of pdftotext's text ----------------------------------------------------------- */

static char *text_cache_dir;

void
pol_load_text_cache(const char *dir)
{
	free(text_cache_dir);
	text_cache_dir = dir && *dir ? xstrdup(dir) : NULL;
}

/* The entry's file and the first line it must start with: everything the text depends on.
 * A file is the text after that line; the line also holds the text's length and hash, so a
 * cut or changed entry is never taken for the text. */
static void
cache_key(const char *pdf, size_t n, const struct stat *st, struct sbuf *path, struct sbuf *head)
{
	const char *prog = getenv("JUDGE_PDFTOTEXT");
	const char *layout = getenv("JUDGE_PDFTOTEXT_LAYOUT");
	struct sbuf how = {0};
	sbuf_addf(&how, "%s %s", prog && *prog ? prog : "pdftotext", layout && *layout == '1' ? "-layout" : "-");
	uint64_t h = hash_bytes64(pdf, n, 0x706466u);
	uint64_t k = hash_bytes64(how.s, how.len, h ^ (uint64_t)st->st_size ^ ((uint64_t)st->st_mtime << 20));
	sbuf_addf(path, "%s/pdftext-%016llx.txt", text_cache_dir, (unsigned long long)k);
	sbuf_addf(head, "judge pdftotext cache 1 size %lld mtime %lld hash %016llx by %s text ",
	    (long long)st->st_size, (long long)st->st_mtime, (unsigned long long)h, how.s);
	sbuf_free(&how);
}

static bool
cache_read(const char *path, const char *head, struct sbuf *out)
{
	struct sbuf b = {0};
	if (sfile_read(path, 256u << 20, &b) != 0) {
		sbuf_free(&b);
		return false;
	}
	size_t hl = strlen(head);
	bool ok = false;
	if (b.len > hl && memcmp(b.s, head, hl) == 0) {
		unsigned long long len = 0, th = 0;
		int used = 0;
		if (sscanf(b.s + hl, "%llu %llx\n%n", &len, &th, &used) == 2 && used > 0 &&
		    b.len - hl - (size_t)used == len &&
		    hash_bytes64(b.s + hl + used, (size_t)len, 0) == th) {
			sbuf_add(out, b.s + hl + used, (size_t)len);
			ok = true;
		}
	}
	sbuf_free(&b);
	return ok;
}

static void
cache_write(const char *path, const char *head, const struct sbuf *text)
{
	if (sfile_mkdirs(text_cache_dir, 0700, NULL) != 0)
		return;
	struct sbuf b = {0};
	sbuf_addf(&b, "%s%zu %016llx\n", head, text->len,
	    (unsigned long long)hash_bytes64(text->s, text->len, 0));
	sbuf_add(&b, text->s, text->len);
	(void)sfile_write(path, b.s, b.len, 0600);   /* atomic: a temporary renamed over it */
	sbuf_free(&b);
}

/* pdftotext's text of the PDF whose bytes are pdf, from the cache when it has it. */
static bool
pdf_text(const char *path, const char *pdf, size_t n, struct sbuf *out, struct diags *d)
{
	struct stat st;
	struct sbuf cp = {0}, head = {0};
	bool cached = false;
	if (text_cache_dir && stat(path, &st) == 0) {
		cache_key(pdf, n, &st, &cp, &head);
		cached = cache_read(cp.s, head.s, out);
	}
	bool ok = cached || run_pdftotext(path, out, d);
	if (ok && !cached && cp.len)
		cache_write(cp.s, head.s, out);
	sbuf_free(&cp);
	sbuf_free(&head);
	return ok;
}

/* --- HTML made by pdftohtml -------------------------------------------------------------------- */

struct hp {
	int page, top, left;
	char *text;
	bool bold;
};

struct hps {
	struct hp *v;
	size_t n, cap;
	int page;
};

static bool
name_is(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && n->name && strcasecmp((const char *)n->name, name) == 0;
}

static int
style_px(const char *style, const char *key)
{
	const char *p = style ? strstr(style, key) : NULL;
	return p ? atoi(p + strlen(key)) : -1;
}

static void
gather(const xmlNode *n, struct sbuf *o, bool *bold)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (c->type == XML_TEXT_NODE && c->content)
			sbuf_adds(o, (const char *)c->content);
		else if (c->type == XML_ELEMENT_NODE) {
			if (name_is(c, "b") || name_is(c, "strong"))
				*bold = true;
			if (name_is(c, "br"))
				sbuf_addc(o, ' ');
			gather(c, o, bold);
		}
	}
}

static void
walk(struct hps *H, const xmlNode *n, int depth)
{
	if (depth > 64)
		return;
	for (const xmlNode *c = n; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (name_is(c, "div")) {
			char *id = lx_prop(c, "id");
			if (id && strncmp(id, "page", 4) == 0)
				H->page++;
			free(id);
		}
		if (name_is(c, "p")) {
			char *st = lx_prop(c, "style");
			struct sbuf t = {0};
			bool bold = false;
			gather(c, &t, &bold);
			H->v = xgrow(H->v, &H->cap, H->n + 1, sizeof *H->v);
			struct hp *p = &H->v[H->n++];
			p->page = H->page;
			p->top = style_px(st, "top:");
			p->left = style_px(st, "left:");
			p->bold = bold;
			/* non-breaking spaces are spaces */
			struct sbuf f = {0};
			for (size_t i = 0; i < t.len; i++) {
				if ((unsigned char)t.s[i] == 0xc2 && i + 1 < t.len && (unsigned char)t.s[i + 1] == 0xa0) {
					sbuf_addc(&f, ' ');
					i++;
				} else
					sbuf_addc(&f, t.s[i]);
			}
			sbuf_free(&t);
			p->text = f.s ? sbuf_take(&f) : xstrdup("");
			free(st);
			continue;
		}
		walk(H, c->children, depth + 1);
	}
}

static int
cmp_hp(const void *a, const void *b)
{
	const struct hp *x = a, *y = b;
	if (x->page != y->page)
		return x->page < y->page ? -1 : 1;
	if (abs(x->top - y->top) > 4)
		return x->top < y->top ? -1 : 1;
	return x->left < y->left ? -1 : x->left > y->left;
}

static int
cmp_left(const void *a, const void *b)
{
	const struct hp *x = a, *y = b;
	return x->left < y->left ? -1 : x->left > y->left;
}

/* "M", "I P G": capitals printed alone, the big letters of a small-caps heading. */
static bool
smallcap_piece(const char *t)
{
	bool any = false;
	for (; *t; t++) {
		if (*t == ' ')
			continue;
		if (!isupper((unsigned char)*t) && !strchr(":&,-", *t))
			return false;
		if (isupper((unsigned char)t[0]) && isupper((unsigned char)t[1]))
			return false;
		any = true;
	}
	return any;
}

/* --- tables whose rows pdftohtml interleaves ------------------------------------------------------
 * A table with cells over several lines, centred in their rows ("4 (Team/2HG Only)" beside
 * "2 Single-Elimination" / "Rounds (No Swiss)"), comes out of pdftohtml as fragments whose tops
 * do not line up: read row by row, the columns are read across. The page's geometry says which
 * column a fragment is in and which row: rows are the tops of the column with the fewest
 * fragments (a key column of one-line cells), every fragment goes to the nearest; a region is
 * rebuilt only when it has such interleaved rows, so tables pdftohtml keeps in rows and all
 * other text stay as they are. */

#define TBL_COLS 8

/* A fragment of spaces only. */
static bool
blank_hp(const struct hp *p)
{
	for (const char *t = p->text; *t; t++)
		if (!isspace((unsigned char)*t))
			return false;
	return true;
}

/* Does a cell of the column open with a digit in its first row ("2 Single-Elimination")? */
static bool
digit_led(const char *t)
{
	while (*t == ' ')
		t++;
	return isdigit((unsigned char)*t);
}

static bool
paren_open_s(const char *t)
{
	int depth = 0;
	for (; *t; t++)
		depth += *t == '(' ? 1 : *t == ')' ? -1 : 0;
	return depth > 0;
}

/* Trailing spaces off, in place. */
static void
rtrim(char *t)
{
	size_t n = strlen(t);
	while (n && t[n - 1] == ' ')
		t[--n] = '\0';
}

static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return x < y ? -1 : x > y;
}

/* A bullet or dash printed as a fragment of its own, before its item's text. */
static bool
glyph_hp(const char *t)
{
	while (*t == ' ')
		t++;
	size_t n = strlen(t);
	while (n && t[n - 1] == ' ')
		n--;
	return n > 0 && n <= 3 && !isalnum((unsigned char)t[0]);
}

/* Does a cell's next line continue it rather than start another alternative? When the cell
 * leaves a parenthesis open or a phrase unfinished ("1-3-0, then" / "withdraws"), or when the
 * column's cells open with a digit and the line does not ("2 Single-Elimination" / "Rounds
 * (No Swiss)"); "5 (All Other Formats)" after "4 (if … Playoff)" is another. */
static bool
continues(const struct sbuf *cell, const char *line, bool digits)
{
	char last = cell->len ? cell->s[cell->len - 1] : '\0';
	return paren_open_s(cell->s) || islower((unsigned char)last) || last == ',' ||
	    (digits && !digit_led(line));
}

/* Rebuild the region [b, e) of H (one page, sorted by top and left), appended to out: a table
 * whose first row is a bold head as rows "a — b — c", one fragment each; side-by-side lists
 * without a head (a banned list in two columns) column after column, each item a line. false
 * (nothing appended) when it has fewer than two columns. */
static bool
rebuild_region(const struct hps *H, size_t b, size_t e, int usual, struct hps *out)
{
	/* the lefts at which the region's rows line up: a fragment starting at one, in the
	 * column of fragments of other rows ("9" under "21"), is a cell of its own, never the
	 * rest of the text before it on its row, however long that text is */
	int *lined = xcalloc(e - b + 1, sizeof *lined);
	size_t nlined = 0;
	for (size_t i = b; i < e; i++) {
		if (blank_hp(&H->v[i]) || glyph_hp(H->v[i].text))
			continue;
		for (size_t k = b; k < e; k++)
			if (abs(H->v[k].top - H->v[i].top) > 4 && abs(H->v[k].left - H->v[i].left) <= 6 &&
			    !blank_hp(&H->v[k]) && !glyph_hp(H->v[k].text)) {
				lined[nlined++] = H->v[i].left;
				break;
			}
	}
	/* the fragments, a bullet glued to the item after it on its row, blank ones out */
	struct hps F = {0};
	char *glyph = NULL;
	int glyph_top = 0;
	for (size_t i = b; i < e; i++) {
		const struct hp *p = &H->v[i];
		if (blank_hp(p))
			continue;
		if (glyph_hp(p->text)) {
			free(glyph);
			glyph = xstrdup(p->text);
			rtrim(glyph);
			glyph_top = p->top;
			continue;
		}
		/* a piece of the same line ("Click " + "here" + " for the list."): where the text
		 * before it would end, at a generous 7.5 pixels a byte */
		bool at_column = false;
		for (size_t k = 0; k < nlined && !at_column; k++)
			at_column = lined[k] == p->left;
		/* ... where it would end at a narrow 6 pixels a byte, or at 7.5 when it is not
		 * where other rows have a cell */
		size_t prevlen = F.n ? strlen(F.v[F.n - 1].text) : 0;
		if (F.n && abs(F.v[F.n - 1].top - p->top) <= 4 &&
		    (p->left <= F.v[F.n - 1].left + (int)(prevlen * 6) + 10 ||
		    (!at_column && p->left <= F.v[F.n - 1].left + (int)(prevlen * 15 / 2) + 10))) {
			struct hp *f = &F.v[F.n - 1];
			const char *u = p->text;
			while (*u == ' ')
				u++;
			struct sbuf t = {0};
			sbuf_addf(&t, "%s %s", f->text, u);
			free(f->text);
			f->text = sbuf_take(&t);
			rtrim(f->text);
			f->bold &= p->bold;
			continue;
		}
		F.v = xgrow(F.v, &F.cap, F.n + 1, sizeof *F.v);
		struct hp *f = &F.v[F.n++];
		*f = *p;
		struct sbuf t = {0};
		const char *u = p->text;
		while (*u == ' ')
			u++;
		if (glyph && abs(glyph_top - p->top) <= 4)
			sbuf_addf(&t, "%s ", glyph);
		sbuf_adds(&t, u);
		f->text = sbuf_take(&t);
		rtrim(f->text);
		free(glyph);
		glyph = NULL;
	}
	free(glyph);
	free(lined);
	/* the columns: the lefts of the region's widest row */
	int col[TBL_COLS], ncol = 0;
	for (size_t i = 0; i < F.n;) {
		size_t j = i;
		while (j < F.n && abs(F.v[j].top - F.v[i].top) <= 4)
			j++;
		if ((int)(j - i) > ncol && j - i <= TBL_COLS) {
			ncol = (int)(j - i);
			for (size_t k = i; k < j; k++)
				col[k - i] = F.v[k].left;
		}
		i = j;
	}
	if (ncol < 2) {
		/* no row holds two columns (lists side by side, their lines a few pixels apart):
		 * the lefts, apart by more than 100 pixels */
		int *lefts = xcalloc(F.n + 1, sizeof *lefts);
		for (size_t i = 0; i < F.n; i++)
			lefts[i] = F.v[i].left;
		xqsort(lefts, F.n, sizeof *lefts, cmp_int);
		ncol = 0;
		for (size_t i = 0; i < F.n && ncol < TBL_COLS; i++)
			if (i == 0 || lefts[i] - lefts[i - 1] > 100)
				col[ncol++] = lefts[i];
		free(lefts);
	}
	bool ok = ncol >= 2;
	int *cof = xcalloc(F.n + 1, sizeof *cof);
	int count[TBL_COLS] = { 0 };
	for (size_t i = 0; ok && i < F.n; i++) {
		int best = 0;
		for (int c = 1; c < ncol; c++)
			if (abs(F.v[i].left - col[c]) < abs(F.v[i].left - col[best]))
				best = c;
		cof[i] = best;
		count[best]++;
	}
	/* a head: the first row, bold, in two columns or more */
	bool head = ok;
	size_t h1 = 0;
	while (h1 < F.n && abs(F.v[h1].top - F.v[0].top) <= 4)
		head &= F.v[h1++].bold;
	head &= h1 >= 2;
	if (ok && !head) {
		/* lists side by side: each column read down, one line an item */
		int top = F.v[0].top;
		for (int c = 0; c < ncol; c++)
			for (size_t i = 0; i < F.n; i++)
				if (cof[i] == c) {
					out->v = xgrow(out->v, &out->cap, out->n + 1, sizeof *out->v);
					struct hp *p = &out->v[out->n++];
					*p = F.v[i];
					p->text = xstrdup(F.v[i].text);
					p->top = top;
					top += usual;
				}
	} else if (ok) {
		/* the rows: the key column, the one with the fewest fragments */
		int key = 0;
		for (int c = 1; c < ncol; c++)
			if (count[c] < count[key])
				key = c;
		size_t nrow = 0;
		int *rowtop = xcalloc(F.n + 1, sizeof *rowtop);
		for (size_t i = 0; i < F.n; i++)
			if (cof[i] == key)
				rowtop[nrow++] = F.v[i].top;
		struct sbuf *cell = xcalloc(nrow * (size_t)ncol + 1, sizeof *cell);
		bool *bold = xcalloc(nrow + 1, sizeof *bold);
		for (size_t r = 0; r < nrow; r++)
			bold[r] = true;
		bool digits[TBL_COLS] = { false };
		for (size_t i = 0; i < F.n; i++) {
			size_t r = 0;
			for (size_t k = 1; k < nrow; k++)
				if (abs(F.v[i].top - rowtop[k]) < abs(F.v[i].top - rowtop[r]))
					r = k;
			struct sbuf *c = &cell[r * (size_t)ncol + (size_t)cof[i]];
			const char *u = F.v[i].text;
			/* the first row after the head says whether the column's cells open with a digit */
			if (r == 1 && c->len == 0)
				digits[cof[i]] = digit_led(u);
			if (c->len)
				sbuf_adds(c, r == 0 || continues(c, u, digits[cof[i]]) ? " " : "; ");
			sbuf_adds(c, u);
			bold[r] &= F.v[i].bold;
		}
		for (size_t r = 0; r < nrow; r++) {
			struct sbuf line = {0};
			for (int k = 0; k < ncol; k++) {
				struct sbuf *c = &cell[r * (size_t)ncol + (size_t)k];
				sbuf_addf(&line, "%s%s", k ? " \u2014 " : "", c->len ? c->s : "-");
				sbuf_free(c);
			}
			out->v = xgrow(out->v, &out->cap, out->n + 1, sizeof *out->v);
			struct hp *p = &out->v[out->n++];
			p->page = H->v[b].page;
			p->top = rowtop[r];
			p->left = col[0];
			p->bold = bold[r];
			p->text = sbuf_take(&line);
		}
		free(cell);
		free(bold);
		free(rowtop);
	}
	for (size_t i = 0; i < F.n; i++)
		free(F.v[i].text);
	free(F.v);
	free(cof);
	return ok;
}

/* Find the regions of interleaved rows and rebuild them (rebuild_region); H keeps its order. */
static void
rebuild_tables(struct hps *H, int usual)
{
	struct hps out = {0};
	size_t i = 0;
	while (i < H->n) {
		/* a tight pair: two rows closer than a line, with fragments at other lefts */
		size_t j = i;
		while (j < H->n && H->v[j].page == H->v[i].page && abs(H->v[j].top - H->v[i].top) <= 4)
			j++;
		bool tight = false;
		if (j < H->n && H->v[j].page == H->v[i].page && !blank_hp(&H->v[i]) && !blank_hp(&H->v[j])) {
			int gap = H->v[j].top - H->v[i].top;
			tight = gap > 4 && gap * 4 < usual * 3 && H->v[j].left != H->v[i].left &&
			    !smallcap_piece(H->v[i].text) && !smallcap_piece(H->v[j].text);
		}
		if (!tight) {
			for (size_t k = i; k < j; k++) {
				out.v = xgrow(out.v, &out.cap, out.n + 1, sizeof *out.v);
				out.v[out.n++] = H->v[k];
			}
			i = j;
			continue;
		}
		/* the region: rows around it on the page, up to a blank line or a row of one
		 * fragment at the page's margin (body text) */
		int margin = H->v[i].left;
		for (size_t k = 0; k < H->n; k++)
			if (H->v[k].page == H->v[i].page && H->v[k].left < margin)
				margin = H->v[k].left;
		size_t rb = i, re = j;
		while (rb > 0 && out.n > 0 && H->v[rb - 1].page == H->v[i].page && !blank_hp(&H->v[rb - 1])) {
			size_t s0 = rb - 1;
			while (s0 > 0 && H->v[s0 - 1].page == H->v[i].page && abs(H->v[s0 - 1].top - H->v[rb - 1].top) <= 4)
				s0--;
			if (rb - s0 == 1 && H->v[s0].left <= margin + 4)
				break;
			rb = s0;
		}
		while (re < H->n && H->v[re].page == H->v[i].page && !blank_hp(&H->v[re])) {
			size_t s1 = re;
			while (s1 < H->n && H->v[s1].page == H->v[re].page && abs(H->v[s1].top - H->v[re].top) <= 4)
				s1++;
			if (s1 - re == 1 && H->v[re].left <= margin + 4)
				break;
			re = s1;
		}
		/* what was already copied of the region goes back */
		size_t back = i - rb;
		out.n -= back;
		size_t before = out.n;
		if (!rebuild_region(H, rb, re, usual, &out)) {
			out.n = before;
			for (size_t k = rb; k < re; k++) {
				out.v = xgrow(out.v, &out.cap, out.n + 1, sizeof *out.v);
				out.v[out.n++] = H->v[k];
			}
		} else
			for (size_t k = rb; k < re; k++)
				free(H->v[k].text);
		i = re;
	}
	free(H->v);
	*H = out;
}

/* Between the cells of a row while the rows are read; " — " once they are. */
#define CELL_SEP '\x1f'

static bool
bullet_led(const char *t)
{
	while (*t == ' ')
		t++;
	return strncmp(t, "\u2022", 3) == 0;
}

/* The rows of tables whose cells were kept apart (CELL_SEP): lists printed side by side (no
 * head in bold, each cell of the first row a bulleted item: the sets of a format, a banned
 * list) are read column after column, an item a line, a line without a bullet the rest of
 * the item above it in its column ("… Tales of Middle-" + "earth®"); other tables keep their
 * rows, cells joined by " — " ("Eternal Weekend — Competitive"). */
static void
cell_rows(struct plines *L)
{
	struct plines out = {0};
	for (size_t i = 0; i < L->n;) {
		if (!L->v[i].cells) {
			out.v = xgrow(out.v, &out.cap, out.n + 1, sizeof *out.v);
			out.v[out.n++] = L->v[i++];
			continue;
		}
		size_t j = i;
		while (j < L->n && L->v[j].cells)
			j++;
		/* the first row: all its cells bulleted items, not a head */
		bool list = !L->v[i].bold;
		for (const char *c = L->v[i].s; list && c; c = strchr(c, CELL_SEP) ? strchr(c, CELL_SEP) + 1 : NULL)
			list = bullet_led(c);
		if (!list) {
			for (size_t k = i; k < j; k++) {
				struct sbuf t = {0};
				for (const char *c = L->v[k].s; *c; c++) {
					if (*c == CELL_SEP)
						sbuf_adds(&t, " \u2014 ");
					else
						sbuf_addc(&t, *c);
				}
				free(L->v[k].s);
				L->v[k].s = t.s ? sbuf_take(&t) : xstrdup("");
				out.v = xgrow(out.v, &out.cap, out.n + 1, sizeof *out.v);
				out.v[out.n++] = L->v[k];
			}
			i = j;
			continue;
		}
		for (int col = 0; col < TBL_COLS; col++) {
			size_t at = out.n;      /* this column's items start here */
			bool any = false;
			for (size_t k = i; k < j; k++) {
				const char *c = L->v[k].s;
				for (int n = 0; c && n < col; n++)
					c = strchr(c, CELL_SEP) ? strchr(c, CELL_SEP) + 1 : NULL;
				if (!c)
					continue;
				size_t len = strcspn(c, "\x1f");
				while (len && c[len - 1] == ' ')
					len--;
				if (!len)
					continue;
				any = true;
				if (!bullet_led(c) && out.n > at) {
					/* the rest of the item above: "Middle-" + "earth®" */
					struct pline *p = &out.v[out.n - 1];
					struct sbuf t = {0};
					size_t pl = strlen(p->s);
					sbuf_adds(&t, p->s);
					if (!(pl && p->s[pl - 1] == '-'))
						sbuf_addc(&t, ' ');
					sbuf_add(&t, c, len);
					free(p->s);
					p->s = sbuf_take(&t);
					continue;
				}
				out.v = xgrow(out.v, &out.cap, out.n + 1, sizeof *out.v);
				struct pline *p = &out.v[out.n++];
				*p = L->v[k];
				p->s = xstrndup(c, len);
				p->page = k == i && col == 0 && L->v[i].page;
			}
			if (!any)
				break;
		}
		for (size_t k = i; k < j; k++)
			free(L->v[k].s);
		i = j;
	}
	free(L->v);
	*L = out;
}

/* Does fragment b start a cell of its own after a on their row: beyond where the row's text
 * up to a would end at a generous 7.5 pixels a byte, by more than two words' width? (first:
 * the row's first fragment; blank fragments are passed over by the caller.) */
static bool
cell_gap(const struct hp *a, const struct hp *b, const struct hp *first)
{
	(void)first;
	if (blank_hp(a) || blank_hp(b))
		return false;
	int end = a->left + (int)(strlen(a->text) * 15 / 2);
	return b->left > end + 40;
}

/* Where the cells of a row [i, j) start (at most TBL_COLS); returns how many. */
static int
cell_lefts(const struct hps *H, size_t i, size_t j, int *col)
{
	int n = 0;
	const struct hp *prev = NULL;
	for (size_t k = i; k < j && n < TBL_COLS; k++) {
		if (blank_hp(&H->v[k]))
			continue;
		if (!prev || cell_gap(prev, &H->v[k], &H->v[i]))
			col[n++] = H->v[k].left;
		prev = &H->v[k];
	}
	return n;
}

/* The fragments [i, j) of a row: is there a cell gap between two of its non-blank ones? */
static int
cell_gap_at(const struct hps *H, size_t i, size_t j)
{
	int n = 0;
	const struct hp *prev = NULL;
	for (size_t k = i; k < j; k++) {
		if (blank_hp(&H->v[k]))
			continue;
		if (prev && cell_gap(prev, &H->v[k], &H->v[i]))
			n++;
		prev = &H->v[k];
	}
	return n;
}

struct pol_doc *
pol_parse_html(const char *name, const char *bytes, size_t len, struct diags *d)
{
	if (!bytes || len == 0 || len > INT_MAX) {
		diag_add(d, DL_ERROR, name, 1, 1, len ? "the HTML file is too large" : "the HTML file is empty");
		return NULL;
	}
	struct sbuf why = {0};
	htmlDocPtr hd = lx_read_html(bytes, (int)len, name, "UTF-8", &why);
	xmlNode *root = lx_root(hd);
	if (!root) {
		diag_add(d, DL_ERROR, name, 1, 1, "no HTML document could be read%s%s", why.len ? ": " : "", sbuf_str(&why));
		lx_free_doc(hd);
		sbuf_free(&why);
		return NULL;
	}
	sbuf_free(&why);
	struct hps H = {0};
	walk(&H, root, 0);
	lx_free_doc(hd);
	if (H.n > 1)
		xqsort(H.v, H.n, sizeof *H.v, cmp_hp);
	/* one text line per row of the page; a wider gap than usual between rows is a blank
	 * line, as pdftotext writes it */
	struct plines L = {0};
	int *gaps = xcalloc(H.n + 1, sizeof *gaps);
	size_t ng = 0;
	for (size_t i = 1; i < H.n; i++)
		if (H.v[i].page == H.v[i - 1].page && H.v[i].top - H.v[i - 1].top > 4)
			gaps[ng++] = H.v[i].top - H.v[i - 1].top;
	int usual = 20;
	if (ng) {
		/* the most common gap */
		int best = 0, bestn = 0;
		for (size_t i = 0; i < ng && i < 4000; i++) {
			int c = 0;
			for (size_t j = 0; j < ng && j < 4000; j++)
				c += abs(gaps[j] - gaps[i]) <= 1;
			if (c > bestn)
				bestn = c, best = gaps[i];
		}
		usual = best;
	}
	free(gaps);
	rebuild_tables(&H, usual);
	/* the rows: the same top; small capitals ("M" + "AGIC") sit a few pixels lower */
	size_t *rs = xcalloc(H.n + 2, sizeof *rs), nr = 0;
	for (size_t i = 0; i < H.n;) {
		size_t j = i;
		while (j < H.n && H.v[j].page == H.v[i].page && (abs(H.v[j].top - H.v[i].top) <= 4 ||
		    (abs(H.v[j].top - H.v[i].top) <= 12 && (smallcap_piece(H.v[j].text) || smallcap_piece(H.v[i].text)))))
			j++;
		if (j - i > 1)
			xqsort(H.v + i, j - i, sizeof *H.v, cmp_left);
		rs[nr++] = i;
		i = j;
	}
	rs[nr] = H.n;
	/* a table whose rows pdftohtml keeps in rows, its cells apart ("Eternal Weekend" …
	 * "Competitive"): three rows or more in a row, each with text starting far beyond where the
	 * text before it ends, have their cells kept apart (" — ") and are lines of their own; a
	 * title with its penalty far to its right is one row alone, and stays as it is */
	bool *split = xcalloc(nr + 1, sizeof *split), *cells = xcalloc(nr + 1, sizeof *cells);
	for (size_t r = 0; r < nr; r++)
		split[r] = cell_gap_at(&H, rs[r], rs[r + 1]) != 0;
	/* each such run's columns: where the cells of its fullest row start */
	int (*runcol)[TBL_COLS] = xcalloc(nr + 1, sizeof *runcol);
	int *nrc = xcalloc(nr + 1, sizeof *nrc);
	for (size_t r = 0; r < nr;) {
		size_t q = r;
		while (q < nr && split[q] && (q == r || (H.v[rs[q]].page == H.v[rs[q - 1]].page &&
		    H.v[rs[q]].top - H.v[rs[q - 1]].top <= usual * 3 / 2)))
			q++;
		if (q - r >= 3) {
			int col[TBL_COLS], nc = 0;
			for (size_t k = r; k < q; k++) {
				int c[TBL_COLS], n = cell_lefts(&H, rs[k], rs[k + 1], c);
				if (n > nc)
					memcpy(col, c, sizeof col), nc = n;
			}
			/* a row after it holding only a later column's line ("September 20, 2024)"
			 * under "• Duskmourn … (effective") belongs to it */
			while (q < nr && H.v[rs[q]].page == H.v[rs[q - 1]].page &&
			    H.v[rs[q]].top - H.v[rs[q - 1]].top <= usual * 3 / 2) {
				int c[TBL_COLS], n = cell_lefts(&H, rs[q], rs[q + 1], c);
				if (n != 1 || nc < 2 || c[0] < col[1] - 40)
					break;
				q++;
			}
			for (size_t k = r; k < q; k++) {
				cells[k] = true;
				memcpy(runcol[k], col, sizeof col);
				nrc[k] = nc;
			}
		}
		r = q > r ? q : r + 1;
	}
	struct sbuf row = {0};
	unsigned no = 0;
	bool new_page = true;
	for (size_t r = 0; r < nr; r++) {
		size_t i = rs[r], j = rs[r + 1];
		sbuf_reset(&row);
		bool bold = true, any = false;
		bool prev_cap = false;
		const struct hp *last = NULL;
		int col_at = 0;         /* the column the row's text is in */
		for (size_t k = i; k < j; k++) {
			const char *t = H.v[k].text;
			while (*t == ' ')
				t++;
			if (!*t)
				continue;
			/* glue a lone capital to the small capitals after it */
			bool glue = prev_cap && isupper((unsigned char)*t);
			bool apart = cells[r] && (!last || cell_gap(last, &H.v[k], H.v + i));
			last = &H.v[k];
			if (apart) {
				/* the cell goes in its column, empty cells before it */
				int c = 0;
				for (int x = 1; x < nrc[r]; x++)
					if (abs(H.v[k].left - runcol[r][x]) < abs(H.v[k].left - runcol[r][c]))
						c = x;
				if (row.len) {
					rtrim(row.s);
					row.len = strlen(row.s);
				}
				for (; col_at < c; col_at++)
					sbuf_addc(&row, CELL_SEP);
				if (row.len && row.s[row.len - 1] != CELL_SEP)
					sbuf_addc(&row, CELL_SEP), col_at++;
			} else if (row.len && !glue && row.s[row.len - 1] != ' ')
				sbuf_addc(&row, ' ');
			sbuf_adds(&row, t);
			size_t tl = strlen(t);
			while (tl && t[tl - 1] == ' ')
				tl--;
			prev_cap = tl == 1 && isupper((unsigned char)*t) && H.v[k].text[strlen(H.v[k].text) - 1] != ' ';
			bold &= H.v[k].bold;
			any = true;
		}
		if (i > 0 && H.v[i].page != H.v[i - 1].page)
			new_page = true;
		bool gap = i > 0 && !new_page && H.v[i].top - H.v[i - 1].top > usual * 3 / 2;
		size_t n = row.len;
		while (n && isspace((unsigned char)row.s[n - 1]))
			n--;
		if (any && n) {
			if (gap) {
				L.v = xgrow(L.v, &L.cap, L.n + 1, sizeof *L.v);
				struct pline *p = &L.v[L.n++];
				memset(p, 0, sizeof *p);
				p->s = xstrdup("");
				p->blank = true;
				p->no = ++no;
			}
			L.v = xgrow(L.v, &L.cap, L.n + 1, sizeof *L.v);
			struct pline *p = &L.v[L.n++];
			memset(p, 0, sizeof *p);
			p->s = xstrndup(row.s, n);
			p->no = ++no;
			p->page = new_page;
			p->bold = bold;
			p->cells = cells[r];
			new_page = false;
		}
	}
	free(rs);
	free(split);
	free(cells);
	free(runcol);
	free(nrc);
	sbuf_free(&row);
	for (size_t i = 0; i < H.n; i++)
		free(H.v[i].text);
	free(H.v);
	cell_rows(&L);
	struct pol_doc *doc = NULL;
	if (L.n == 0) {
		diag_add(d, DL_ERROR, name, 1, 1, "the HTML has no positioned text lines: is it pdftohtml output?");
		diag_hint(d, "make it with: pdftohtml -s -i -noframes FILE.pdf, or give judge the PDF itself");
	} else
		doc = pol_parse_lines(name, &L, "html", d);
	pol_lines_free(&L);
	return doc;
}

/* --- any file ----------------------------------------------------------------------------------- */

static bool
looks_html(const char *s, size_t n)
{
	size_t lim = n < 4096 ? n : 4096;
	for (size_t i = 0; i + 5 < lim; i++)
		if (s[i] == '<' && (strncasecmp(s + i, "<html", 5) == 0 || strncasecmp(s + i, "<!doctype html", 14) == 0))
			return true;
	return false;
}

struct pol_doc *
pol_load_file(const char *path, struct diags *d)
{
	FILE *f = sfile_fopen(path, 64u << 20);
	if (!f) {
		diag_add(d, DL_ERROR, path, 0, 0, "cannot open: %s", sfile_strerror(errno));
		diag_hint(d, "check the path given to --doc");
		return NULL;
	}
	struct sbuf b = {0};
	bool ok = sbuf_read(&b, f, 64u << 20);
	fclose(f);
	if (!ok) {
		diag_add(d, DL_ERROR, path, 0, 0, "cannot read: %s", strerror(errno));
		sbuf_free(&b);
		return NULL;
	}
	if (b.len > (64u << 20)) {
		diag_add(d, DL_ERROR, path, 0, 0, "too large for a policy document (over 64 MB)");
		sbuf_free(&b);
		return NULL;
	}
	struct pol_doc *doc = NULL;
	size_t pl = strlen(path);
	bool pdf_name = pl > 4 && strcasecmp(path + pl - 4, ".pdf") == 0;
	if (b.len >= 5 && memcmp(b.s, "%PDF-", 5) == 0) {
		struct sbuf t = {0};
		if (pdf_text(path, b.s, b.len, &t, d)) {
			struct decoded dec;
			if (text_decode((const unsigned char *)t.s, t.len, path, &dec, d) == 0) {
				doc = pol_parse_text(path, dec.text, dec.len, NULL, "pdf", d);
				free(dec.text);
			}
		}
		sbuf_free(&t);
	} else if (pdf_name) {
		diag_add(d, DL_ERROR, path, 1, 1, "not a PDF: the file does not start with %%PDF-");
		diag_hint(d, "download it again; a web page saved under a .pdf name is not the document");
	} else if (b.len && looks_html(b.s, b.len)) {
		doc = pol_parse_html(path, b.s, b.len, d);
	} else {
		struct decoded dec;
		if (text_decode((const unsigned char *)(b.s ? b.s : ""), b.len, path, &dec, d) == 0) {
			doc = pol_parse_text(path, dec.text, dec.len, NULL,
			    memchr(dec.text, '\f', dec.len) ? "pdftotext" : "text", d);
			free(dec.text);
		}
	}
	sbuf_free(&b);
	return doc;
}
