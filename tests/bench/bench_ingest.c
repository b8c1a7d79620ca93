/* bench_ingest.c — in-process ingestion speed: each file is read once, then decoded and
 * parsed into a fresh index repeatedly; prints MB/s from the median run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "index/index.h"

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	int runs = 21;
	double total_bytes = 0, total_secs = 0;
	for (int f = 1; f < argc; f++) {
		FILE *fp = fopen(argv[f], "rb");
		if (!fp)
			continue;
		fseek(fp, 0, SEEK_END);
		long n = ftell(fp);
		fseek(fp, 0, SEEK_SET);
		unsigned char *buf = malloc((size_t)n);
		if (fread(buf, 1, (size_t)n, fp) != (size_t)n) {
			fclose(fp);
			free(buf);
			continue;
		}
		fclose(fp);
		double t[64];
		unsigned rules = 0;
		for (int r = 0; r < runs; r++) {
			struct jindex *ix = jindex_new();
			double t0 = now();
			struct jrelease *rel = jindex_load_bytes(ix, argv[f], buf, (size_t)n);
			jindex_finish(ix);
			t[r] = now() - t0;
			rules = rel ? rel->nrules : 0;
			jindex_free(ix);
		}
		qsort(t, (size_t)runs, sizeof *t, cmp_d);
		double med = t[runs / 2];
		const char *base = strrchr(argv[f], '/');
		printf("  %-28s %8.1f KB %5u rules %7.2f ms %8.1f MB/s\n", base ? base + 1 : argv[f], n / 1024.0, rules,
		    med * 1e3, n / med / 1e6);
		total_bytes += (double)n;
		total_secs += med;
		free(buf);
	}
	printf("  %-28s %8.1f KB %11s %7.2f ms %8.1f MB/s\n", "all", total_bytes / 1024, "", total_secs * 1e3,
	    total_bytes / total_secs / 1e6);
	return 0;
}
