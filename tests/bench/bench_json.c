/* bench_json.c — the measurement behind the importer's choice of JSON library: parse a whole
 * card file with yajl's event parser, json-c's incremental tokener (which builds the whole tree)
 * or jansson (a tree from a file), and print the time and the peak memory. One library per
 * process, so the peaks do not mix. Built by tests/bench/bench-cards.sh when the libraries are. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#ifdef HAVE_YAJL
#include <yajl/yajl_parse.h>
#endif
#ifdef HAVE_JSONC
#include <json-c/json.h>
#endif
#ifdef HAVE_JANSSON
#include <jansson.h>
#endif

static long events;
#ifdef HAVE_YAJL
static int ev0(void *c) { (void)c; events++; return 1; }
static int ev1(void *c, int b) { (void)c; (void)b; events++; return 1; }
static int evs(void *c, const char *s, size_t n) { (void)c; (void)s; (void)n; events++; return 1; }
static int evu(void *c, const unsigned char *s, size_t n) { (void)c; (void)s; (void)n; events++; return 1; }
static const yajl_callbacks cbs = {ev0, ev1, NULL, NULL, evs, evu, ev0, evu, ev0, ev0, ev0};
#endif

int
main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: bench_json yajl|json-c|jansson FILE\n");
		return 2;
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int ok = 0;
	const char *lib = argv[1];
	FILE *f = fopen(argv[2], "rb");
	if (!f)
		return 2;
	static unsigned char buf[1 << 18];
	size_t n;
	if (0) {
#ifdef HAVE_YAJL
	} else if (strcmp(lib, "yajl") == 0) {
		yajl_handle h = yajl_alloc(&cbs, NULL, NULL);
		ok = 1;
		while (ok && (n = fread(buf, 1, sizeof buf, f)) > 0)
			ok = yajl_parse(h, buf, n) == yajl_status_ok;
		ok = ok && yajl_complete_parse(h) == yajl_status_ok;
		yajl_free(h);
#endif
#ifdef HAVE_JSONC
	} else if (strcmp(lib, "json-c") == 0) {
		json_tokener *tok = json_tokener_new();
		json_object *o = NULL;
		while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
			o = json_tokener_parse_ex(tok, (const char *)buf, (int)n);
			if (json_tokener_get_error(tok) != json_tokener_continue)
				break;
		}
		ok = o != NULL;
		events = o ? (long)json_object_object_length(json_object_object_get(o, "data")) : 0;
		json_object_put(o);
		json_tokener_free(tok);
#endif
#ifdef HAVE_JANSSON
	} else if (strcmp(lib, "jansson") == 0) {
		json_error_t e;
		json_t *o = json_loadf(f, 0, &e);
		ok = o != NULL;
		events = o ? (long)json_object_size(json_object_get(o, "data")) : 0;
		json_decref(o);
#endif
	} else {
		fprintf(stderr, "bench_json: %s is not built in\n", lib);
		return 2;
	}
	fclose(f);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("%-8s %6.2f s  %7.1f MB peak  %s\n", lib, (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
	    ru.ru_maxrss / 1024.0, ok ? "ok" : "FAILED");
	return ok ? 0 : 1;
}
