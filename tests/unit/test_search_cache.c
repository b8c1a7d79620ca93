/* test_search_cache.c — the on-disk cache of the search index: an index loaded from the
 * cache answers every kind of query exactly as the one built; a damaged, truncated,
 * misplaced or foreign file is rebuilt with the same answers; a cache for another
 * release is never used. Needs the 2026-01-16 and 2025-11-14 releases in ../shared. */
#include "t.h"
#include "base/hash.h"
#include "search/search.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *queries[] = {
	"trample",                       /* plain words */
	"lethal damage blocking creature",
	"trampl*",                       /* prefix */
	"tramlpe",                       /* a typo */
	"\"lethal damage\"",             /* a phrase */
	"/tramp.e/",                     /* a regex */
	"trample /over planeswalkers?/", /* words and a regex */
	"in:702 deathtouch",             /* a filter */
	"in:glossary trample",
	"trample -planeswalker",         /* an exclusion */
	"etb",                           /* thesaurus entries */
	"chump block",
	"cmc",
	"defender",                      /* a keyword kept apart from its stem */
	"legend rule",
	"textbook section about layers", /* the extra documents */
	"trample in:100",                /* nothing: suggestions */
	"qqqzzzx",                       /* nothing at all */
	"/(unclosed/",                   /* an error */
};
#define NQ (sizeof queries / sizeof *queries)

static const char *tb_title[] = { "Layers in practice", "Trample over walkers" };
static const char *tb_body[] = {
	"A textbook section about layers: copy effects first, then control, then text.",
	"When a creature with trample attacks a planeswalker, lethal damage goes to blockers first.",
};

static char *thesaurus_text;
static size_t thesaurus_len;

static void
read_thesaurus(void)
{
	FILE *f = fopen("corpus/thesaurus.tsv", "rb");
	struct sbuf b = {0};
	if (f) {
		sbuf_read(&b, f, 0);
		fclose(f);
	}
	thesaurus_len = b.len;
	thesaurus_text = b.s ? b.s : xstrdup("");
}

/* The index of rel as judge search builds it; dir NULL = no cache. */
static struct srch *
index_of(const struct jrelease *rel, const char *dir)
{
	struct srch *s = srch_new();
	struct diags d = {0};
	srch_cache_use(s, dir);
	srch_add_release(s, rel);
	for (int i = 0; i < 2; i++)
		srch_add_doc(s, SK_TEXTBOOK, i ? "chapter 2" : "chapter 1", tb_title[i], tb_body[i]);
	srch_add_thesaurus(s, "corpus/thesaurus.tsv", thesaurus_text, thesaurus_len, &d);
	srch_finalize(s);
	diag_clear(&d);
	free(d.v);
	return s;
}

/* Everything a user could see of the answers to every query, as one string. */
static char *
answers(struct srch *s)
{
	struct sbuf out = {0}, sn = {0};
	struct diags d = {0};
	for (size_t q = 0; q < NQ; q++) {
		struct srch_result r;
		srch_run(s, queries[q], 8, &r, &d);
		sbuf_addf(&out, "%s: error %d, %zu hits\n", queries[q], r.error, r.nhits);
		for (size_t i = 0; i < r.nshown; i++) {
			uint32_t doc = r.hits[i].doc;
			const char *t = srch_doc_title(s, doc), *c = srch_doc_context(s, doc);
			sbuf_reset(&sn);
			srch_snippet(s, doc, &sn, 120, "[", "]");
			sbuf_addf(&out, "  %s %s %.6f %s | %s | %s\n", srch_kind_name(srch_doc_kind(s, doc)),
			    srch_doc_id(s, doc), (double)r.hits[i].score, t ? t : "-", c ? c : "-", sbuf_str(&sn));
		}
		for (size_t i = 0; i < r.nsuggest; i++)
			sbuf_addf(&out, "  suggest %s\n", r.suggest[i]);
		for (size_t i = 0; i < d.n; i++)
			sbuf_addf(&out, "  diag %u %s\n", d.v[i].col, d.v[i].msg);
		diag_clear(&d);
		srch_result_free(&r);
	}
	/* and every document as stored */
	for (uint32_t doc = 0; doc < srch_ndocs(s); doc++) {
		const jrid *rv;
		size_t nr = srch_doc_rules(s, doc, &rv);
		sbuf_addf(&out, "%u %s %zu %s\n", doc, srch_doc_id(s, doc), nr, srch_doc_body(s, doc));
	}
	free(d.v);
	sbuf_free(&sn);
	return sbuf_take(&out);
}

static bool
same_answers(struct srch *s, const char *want)
{
	char *got = answers(s);
	bool same = strcmp(got, want) == 0;
	free(got);
	return same;
}

/* The one index file in dir, into path (cap bytes); false if none or several. */
static bool
the_file(const char *dir, char *path, size_t cap)
{
	DIR *dh = opendir(dir);
	struct dirent *de;
	int n = 0;
	while (dh && (de = readdir(dh)) != NULL) {
		if (strncmp(de->d_name, "srch-", 5) != 0)
			continue;
		snprintf(path, cap, "%s/%s", dir, de->d_name);
		n++;
	}
	if (dh)
		closedir(dh);
	return n == 1;
}

static void
put_file(const char *path, const void *p, size_t n)
{
	unlink(path);
	FILE *f = fopen(path, "wb");
	if (f) {
		fwrite(p, 1, n, f);
		fclose(f);
	}
}

static unsigned char *
get_file(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	struct sbuf b = {0};
	if (f) {
		sbuf_read(&b, f, 0);
		fclose(f);
	}
	*n = b.len;
	return (unsigned char *)b.s;
}

/* With the cache file replaced by bytes (or a folder), the index is rebuilt, answers
 * as the built one does, and says why. */
static void
damaged(const struct jrelease *rel, const char *dir, const char *path, const void *bytes, size_t n,
    bool folder, const char *want, const char *why, const char *what)
{
	struct stat st;
	if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
		rmdir(path);
	if (folder) {
		unlink(path);
		mkdir(path, 0700);
	} else {
		put_file(path, bytes, n);
	}
	struct srch *s = index_of(rel, dir);
	struct srch_stats ss;
	srch_stats(s, &ss);
	CHECK(!ss.from_cache, "%s: rebuilt", what);
	CHECK(strstr(ss.cache_note, why) != NULL, "%s: the note says \"%s\" (%s)", what, why, ss.cache_note);
	CHECK(same_answers(s, want), "%s: the same answers", what);
	srch_free(s);
	if (folder)
		rmdir(path);
}

static struct jrelease *
load(struct jindex *ix, const char *shared, const char *name)
{
	char p[4096];
	snprintf(p, sizeof p, "%s/cr/%s", shared, name);
	uint32_t before = ix->nrels;
	jindex_load_path(ix, p);
	return ix->nrels > before ? ix->rels[before] : NULL;
}

int
main(void)
{
	const char *shared = SHARED_DIR();
	read_thesaurus();
	struct jindex *ix = jindex_new();
	struct jrelease *rel = load(ix, shared, "cr-2026-01-16.txt");
	struct jrelease *old = load(ix, shared, "cr-2025-11-14.txt");
	jindex_finish(ix);
	if (!rel || !old) {
		printf("skip: the 2026-01-16 or 2025-11-14 release is missing\n");
		return 77;
	}
	char tmpl[] = "/tmp/judge-cache-XXXXXX";
	const char *top = mkdtemp(tmpl);
	char dir[512], path[1024];
	snprintf(dir, sizeof dir, "%s/a/judge", top);

	/* the reference: built without a cache */
	struct srch *ref = index_of(rel, NULL);
	char *want = answers(ref);
	struct srch_stats st;
	srch_stats(ref, &st);
	CHECK(st.ndocs > 4000 && !st.from_cache && st.cache_bytes == 0, "built without a cache: %u documents", st.ndocs);
	CHECK(strstr(want, "  textbook chapter 1 ") && strstr(want, "  suggest ") && strstr(want, "  diag ") &&
	    strstr(want, "  glossary Trample ") && strstr(want, "[trample]"),
	    "the queries reach textbook documents, suggestions, errors, the glossary and snippets");

	/* first use: built and saved; second: loaded, with the same answers */
	struct srch *s = index_of(rel, dir);
	srch_stats(s, &st);
	CHECK(!st.from_cache && st.cache_bytes > 0, "first use builds and saves (%zu bytes)", st.cache_bytes);
	CHECK(strstr(st.cache_note, "none yet, built and saved") != NULL, "and says so: %s", st.cache_note);
	CHECK(same_answers(s, want), "the built index answers as without a cache");
	srch_free(s);
	CHECK(the_file(dir, path, sizeof path), "one file in the cache folder: %s", path);
	struct stat fst;
	CHECK(stat(dir, &fst) == 0 && (fst.st_mode & 0777) == 0700, "the folder is private (0700)");
	s = index_of(rel, dir);
	srch_stats(s, &st);
	CHECK(st.from_cache, "second use loads it (%s)", st.cache_note);
	CHECK(st.ndocs == srch_ndocs(ref) && st.nthesaurus > 400, "%u documents, %u thesaurus entries", st.ndocs, st.nthesaurus);
	CHECK(same_answers(s, want), "the loaded index answers every query as the built one");
	/* the file truncated under a loaded index (another program, a disk repair, someone
	 * who can write the folder): a mapped file killed the next query with SIGBUS */
	size_t keep_n;
	unsigned char *keep = get_file(path, &keep_n);
	CHECK(truncate(path, 0) == 0, "the file is truncated to nothing under the loaded index");
	CHECK(same_answers(s, want), "which still answers every query as the built one (no SIGBUS)");
	put_file(path, keep, keep_n);
	free(keep);
	srch_free(s);

	/* the image of the built index is the file, and loads by itself */
	size_t n;
	unsigned char *good = get_file(path, &n);
	struct sbuf img = {0};
	srch_cache_image(ref, &img);
	CHECK(img.len == n && n > 64, "srch_cache_image() gives a file of the same size (%zu)", n);
	struct srch *s2 = srch_new();
	char why[128];
	CHECK(srch_cache_from_image(s2, sbuf_take(&img), n, true, why, sizeof why), "and it loads (%s)", why);
	srch_free(s2);

	/* damage of every kind: rebuilt, the same answers */
	size_t cuts[] = { 0, 1, 40, 63, 64, 65, 72, 100, 4096, n / 2, n - 8, n - 1 };
	for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
		char what[64];
		snprintf(what, sizeof what, "cut to %zu bytes", cuts[i]);
		damaged(rel, dir, path, good, cuts[i], false, want,
		    cuts[i] == 0 ? "empty file" : cuts[i] < 64 ? "truncated header" : "truncated", what);
	}
	unsigned char *bad = xmalloc(n + 16);
	struct { size_t at; const char *why; const char *what; } flips[] = {
		{ 0, "not a judge index", "a flipped byte in the magic" },
		{ 8, "other format version", "a flipped byte in the version" },
		{ 12, "other byte order", "the other byte order" },
		{ 16, "other key", "a flipped byte in the key" },
		{ 24, "truncated", "a length longer than the file" },
		{ 32, "checksum mismatch", "a flipped byte in the checksum" },
		{ 64, "truncated", "a flipped byte in the counts" },
		{ 64 + 17 * 8, "checksum mismatch", "a flipped byte in the field lengths" },   /* after 17 counts */
		{ 64 + 17 * 8 + 3 * 8 + 200, "checksum mismatch", "a flipped byte in the strings" },
		{ n / 2, "checksum mismatch", "a flipped byte in the middle" },
		{ n - 3, "checksum mismatch", "a flipped byte at the end" },
	};
	for (size_t i = 0; i < sizeof flips / sizeof *flips; i++) {
		memcpy(bad, good, n);
		if (flips[i].at == 24) {
			/* a length longer than the file, whatever the file's size (flipping one bit
			 * could as well make it shorter, which is "trailing bytes") */
			uint64_t len;
			memcpy(&len, bad + 24, sizeof len);
			len += 4096;
			memcpy(bad + 24, &len, sizeof len);
		} else {
			bad[flips[i].at] ^= 0x01;
		}
		damaged(rel, dir, path, bad, n, false, want, flips[i].why, flips[i].what);
	}
	memcpy(bad, good, n);
	memset(bad + n, 0, 16);
	damaged(rel, dir, path, bad, n + 16, false, want, "trailing bytes", "16 bytes more");
	damaged(rel, dir, path, NULL, 0, true, want, "it is a folder", "a folder in place of the file");
	{
		/* a damaged payload with a checksum that fits: the checks, not the checksum, catch it */
		memcpy(bad, good, n);
		uint32_t big = UINT32_MAX - 1;
		memcpy(bad + 64 + 3 * 8, &big, sizeof big);   /* ntoks */
		damaged(rel, dir, path, bad, n, false, want, "truncated", "a count too large");
	}
	/* the last damaged() left a good file behind */
	free(good);
	good = get_file(path, &n);
	s = index_of(rel, dir);
	srch_stats(s, &st);
	CHECK(st.from_cache, "a rebuilt index is saved again, and then loads");
	srch_free(s);

	/* another release: its own file, never this one's */
	struct srch *oref = index_of(old, NULL);
	char *owant = answers(oref);
	CHECK(strcmp(owant, want) != 0, "the 2025-11-14 release answers differently");
	char odir[512], opath[1024];
	snprintf(odir, sizeof odir, "%s/b/judge", top);
	s = index_of(old, odir);
	srch_free(s);
	CHECK(the_file(odir, opath, sizeof opath) && strcmp(strrchr(opath, '/'), strrchr(path, '/')) != 0,
	    "the other release is cached under another name");
	put_file(opath, good, n);   /* this release's index under the other's name */
	s = index_of(old, odir);
	srch_stats(s, &st);
	CHECK(!st.from_cache && strstr(st.cache_note, "other key"), "a file for another release is not used (%s)", st.cache_note);
	CHECK(same_answers(s, owant), "and the other release's answers are its own");
	srch_free(s);
	s = index_of(old, odir);
	srch_stats(s, &st);
	CHECK(st.from_cache && same_answers(s, owant), "then its own file loads, with its own answers");
	srch_free(s);

	/* another thesaurus, another key */
	{
		char *saved = thesaurus_text;
		size_t sl = thesaurus_len;
		struct sbuf t = {0};
		sbuf_add(&t, saved, sl);
		sbuf_adds(&t, "\nflurble\ttrample\n");
		thesaurus_text = t.s;
		thesaurus_len = t.len;
		s = index_of(rel, dir);
		srch_stats(s, &st);
		CHECK(!st.from_cache && strstr(st.cache_note, "none yet"), "a changed thesaurus is a new key");
		srch_free(s);
		s = index_of(rel, dir);
		struct srch_result r;
		struct diags d = {0};
		srch_run(s, "flurble", 3, &r, &d);
		CHECK(r.nhits > 0, "and its new entry is there when loaded");
		srch_result_free(&r);
		diag_clear(&d);
		free(d.v);
		srch_free(s);
		sbuf_free(&t);
		thesaurus_text = saved;
		thesaurus_len = sl;
	}

	/* a folder that cannot be made: built, not saved, no error */
	{
		char file[600], under[700];
		snprintf(file, sizeof file, "%s/plainfile", top);
		put_file(file, "x", 1);
		snprintf(under, sizeof under, "%s/judge", file);
		s = index_of(rel, under);
		srch_stats(s, &st);
		CHECK(!st.from_cache && strstr(st.cache_note, "not saved"), "an unusable folder: built, not saved (%s)", st.cache_note);
		CHECK(same_answers(s, want), "with the same answers");
		srch_free(s);
		unlink(file);
	}

	/* at most 8 index files are kept */
	{
		char p[1200];
		for (int i = 0; i < 10; i++) {
			snprintf(p, sizeof p, "%s/srch-%016x.idx", dir, i);
			put_file(p, "old", 3);
			struct timespec ts[2] = { { 1000 + i, 0 }, { 1000 + i, 0 } };
			utimensat(AT_FDCWD, p, ts, 0);
		}
		unlink(path);
		s = index_of(rel, dir);
		srch_free(s);
		DIR *dh = opendir(dir);
		struct dirent *de;
		int k = 0;
		bool kept = false;
		while (dh && (de = readdir(dh)) != NULL) {
			k += strncmp(de->d_name, "srch-", 5) == 0;
			kept |= strcmp(de->d_name, strrchr(path, '/') + 1) == 0;
		}
		if (dh)
			closedir(dh);
		CHECK(k == 8 && kept, "the folder keeps the 8 newest files, the new one among them (%d)", k);
	}

	/* no cache: nothing written */
	{
		char nodir[600];
		snprintf(nodir, sizeof nodir, "%s/c/judge", top);
		s = index_of(rel, NULL);
		srch_stats(s, &st);
		CHECK(!st.from_cache && !*st.cache_note && access(nodir, F_OK) != 0, "without a cache, no note and no file");
		srch_free(s);
	}

	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", top);
	free(bad);
	free(good);
	free(want);
	free(owant);
	free(thesaurus_text);
	srch_free(ref);
	srch_free(oref);
	jindex_free(ix);
	return T_DONE();
}
