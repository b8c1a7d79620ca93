/* fuzz_http.c — libFuzzer target for what `judge update` reads from a server: a whole
 * HTTP/1.1 answer (status, headers, plain, sized or chunked body, redirects) and, when it
 * parses, its body as a rules page searched for the .txt link and a Location resolved
 * against the page. (fuzz_history reaches the parser behind a mode byte; this one gives it
 * all its time.) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "history/history.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sbuf body = {0}, err = {0};
	char *loc = NULL;
	enum hist_fetch_err rc = hist_http_parse((const char *)data, size, &body, &err, &loc);
	if (rc == HF_OK && body.len > size)
		abort();   /* a body is never larger than the answer it came in */
	if (loc) {
		char *u = hist_resolve_url("http://127.0.0.1:8080/en/rules", loc);
		free(u);
		free(loc);
	}
	if (rc == HF_OK && body.len) {
		char *link = hist_find_txt_link(body.s, body.len, "http://127.0.0.1:8080/en/rules");
		free(link);
	}
	sbuf_free(&body);
	sbuf_free(&err);
	return 0;
}
