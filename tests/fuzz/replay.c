/* replay.c — runs a fuzz target once over each file named on the command line (or in the
 * folders named), so the corpus the fuzzer found is a regression test under gcc too. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	struct stat st;
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
		fclose(f);
		return 0;
	}
	size_t n = (size_t)st.st_size;
	uint8_t *buf = malloc(n ? n : 1);
	size_t got = fread(buf, 1, n, f);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, got);
	free(buf);
	return 1;
}

int
main(int argc, char **argv)
{
	int files = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0)
			continue;
		if (!S_ISDIR(st.st_mode)) {
			files += run_file(argv[i]);
			continue;
		}
		DIR *d = opendir(argv[i]);
		struct dirent *de;
		while (d && (de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			char p[4096];
			snprintf(p, sizeof p, "%s/%s", argv[i], de->d_name);
			files += run_file(p);
		}
		if (d)
			closedir(d);
	}
	printf("ok - replayed %d inputs without a crash\n", files);
	return 0;
}
