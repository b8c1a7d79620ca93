/* bench_boards.c — `make bench`: in-process resolve time of each board named on the command
 * line (parse and resolve, the best of 7 runs), the slowest ones and the total, against the
 * targets of issue 13: every board under 5 ms, the whole corpus under 1 s. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "board/board.h"
#include "resolver/resolver.h"

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct timing {
	const char *name;
	double ms;
};

static int
by_ms(const void *a, const void *b)
{
	double x = ((const struct timing *)a)->ms, y = ((const struct timing *)b)->ms;
	return x > y ? -1 : x < y;
}

int
main(int argc, char **argv)
{
	struct timing *t = calloc((size_t)argc, sizeof *t);
	int n = 0, refused = 0;
	double total = 0;
	for (int f = 1; f < argc; f++) {
		FILE *fp = fopen(argv[f], "rb");
		if (!fp)
			continue;
		static char buf[1 << 20];
		size_t len = fread(buf, 1, sizeof buf, fp);
		fclose(fp);
		double best = 1e9;
		for (int run = 0; run < 7; run++) {
			struct diags d;
			memset(&d, 0, sizeof d);
			double t0 = now();
			struct board *b = bd_parse(argv[f], buf, len, &d);
			struct rz_result *r = b ? rz_resolve(b) : NULL;
			double dt = now() - t0;
			if (!b && run == 0)
				refused++;
			rz_free(r);
			diag_clear(&d);
			if (dt < best)
				best = dt;
		}
		const char *base = strrchr(argv[f], '/');
		t[n].name = base ? base + 1 : argv[f];
		t[n].ms = best * 1000;
		total += t[n].ms;
		n++;
	}
	qsort(t, (size_t)n, sizeof *t, by_ms);
	int over = 0;
	for (int i = 0; i < n; i++)
		over += t[i].ms >= 5.0;
	printf("Boards: %d (%d refused by the parser), parse + resolve in process, best of 7 runs\n", n, refused);
	printf("  whole corpus   %8.2f ms   (target under 1000 ms)\n", total);
	printf("  median board   %8.3f ms\n", n ? t[n / 2].ms : 0.0);
	printf("  boards >= 5 ms %5d        (target 0)\n", over);
	printf("  slowest:\n");
	for (int i = 0; i < n && i < 5; i++)
		printf("    %8.3f ms  %s\n", t[i].ms, t[i].name);
	free(t);
	return over > 0 || total >= 1000;
}
