/* fetch.c — downloading a rules file: a minimal HTTP/1.1 GET over POSIX sockets for
 * http:// URLs, curl(1) for https:// (judge links no TLS library, and curl brings the
 * system's certificates and proxy settings), and finding the .txt link on the rules page. */
#include "history.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../base/mem.h"

/* Set by the REPL's SIGINT handler (weak: programs without the REPL have none). Ctrl-C
 * during a download stops it instead of waiting for the server's time limit. */
extern volatile sig_atomic_t judge_interrupted __attribute__((weak));

static bool
interrupted(void)
{
	return &judge_interrupted != NULL && judge_interrupted;
}

#define MAX_BODY (64u * 1024u * 1024u)
#define CONNECT_MS 10000
#define READ_MS 30000
#define MAX_REDIRECTS 5

/* The whole download, redirects included, must end within this: a server that sends a
 * byte every 29 s never trips READ_MS and would otherwise keep judge forever. */
unsigned hist_fetch_max_seconds = 300;
static struct timespec fetch_deadline;

static void
deadline_start(void)
{
	clock_gettime(CLOCK_MONOTONIC, &fetch_deadline);
	fetch_deadline.tv_sec += hist_fetch_max_seconds;
}

/* ms until the deadline (0 when passed), at most cap */
static int
deadline_ms(int cap)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	long long ms = (long long)(fetch_deadline.tv_sec - now.tv_sec) * 1000 +
	    (fetch_deadline.tv_nsec - now.tv_nsec) / 1000000;
	if (ms <= 0)
		return 0;
	return ms < cap ? (int)ms : cap;
}

struct url {
	char *scheme, *host, *port, *path;   /* path includes the query */
};

static void
url_free(struct url *u)
{
	free(u->scheme);
	free(u->host);
	free(u->port);
	free(u->path);
	memset(u, 0, sizeof *u);
}

/* Percent-encode what may not go on a request line (spaces, controls, non-ASCII). */
static char *
encode_path(const char *s)
{
	struct sbuf b = {0};
	sbuf_add(&b, "", 0);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c <= 0x20 || c >= 0x7F || c == '"' || c == '<' || c == '>' || c == '\\' ||
		    c == '^' || c == '`' || c == '{' || c == '|' || c == '}')
			sbuf_addf(&b, "%%%02X", c);
		else
			sbuf_addc(&b, (char)c);
	}
	return sbuf_take(&b);
}

static bool
url_parse(const char *s, struct url *u)
{
	memset(u, 0, sizeof *u);
	while (isspace((unsigned char)*s))
		s++;
	const char *colon = strstr(s, "://");
	if (!colon)
		return false;
	u->scheme = xstrndup(s, (size_t)(colon - s));
	for (char *p = u->scheme; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	const char *h = colon + 3;
	const char *end = h + strcspn(h, "/?#");
	const char *at = memchr(h, '@', (size_t)(end - h));
	if (at)
		h = at + 1;     /* credentials are not sent */
	const char *pc = NULL;
	if (*h == '[') {
		const char *rb = memchr(h, ']', (size_t)(end - h));
		if (!rb)
			goto bad;
		u->host = xstrndup(h + 1, (size_t)(rb - h - 1));
		if (rb + 1 < end && rb[1] == ':')
			pc = rb + 1;
	} else {
		pc = memchr(h, ':', (size_t)(end - h));
		u->host = xstrndup(h, (size_t)((pc ? pc : end) - h));
	}
	if (!*u->host)
		goto bad;
	if (pc && pc + 1 < end)
		u->port = xstrndup(pc + 1, (size_t)(end - pc - 1));
	else
		u->port = xstrdup(strcmp(u->scheme, "https") == 0 ? "443" : "80");
	for (const char *p = u->port; *p; p++)
		if (!isdigit((unsigned char)*p))
			goto bad;
	const char *path = end;
	size_t plen = strcspn(path, "#");
	char *raw = *path == '/' ? xstrndup(path, plen) : NULL;
	if (!raw) {
		struct sbuf b = {0};
		sbuf_addc(&b, '/');
		sbuf_add(&b, path, plen);
		raw = sbuf_take(&b);
	}
	u->path = encode_path(raw);
	free(raw);
	return true;
bad:
	url_free(u);
	return false;
}

char *
hist_resolve_url(const char *base, const char *ref)
{
	while (isspace((unsigned char)*ref))
		ref++;
	if (strstr(ref, "://") && strcspn(ref, ":") < strcspn(ref, "/?#"))
		return xstrdup(ref);
	const char *colon = strstr(base, "://");
	if (!colon)
		return xstrdup(ref);
	struct sbuf b = {0};
	if (ref[0] == '/' && ref[1] == '/') {
		sbuf_add(&b, base, (size_t)(colon - base) + 1);
		sbuf_adds(&b, ref);
		return sbuf_take(&b);
	}
	const char *hostend = colon + 3 + strcspn(colon + 3, "/?#");
	if (ref[0] == '/') {
		sbuf_add(&b, base, (size_t)(hostend - base));
		sbuf_adds(&b, ref);
		return sbuf_take(&b);
	}
	/* relative: replace the last path segment of base */
	const char *pend = hostend + strcspn(hostend, "?#");
	const char *slash = pend;
	while (slash > hostend && slash[-1] != '/')
		slash--;
	if (slash == hostend) {
		sbuf_add(&b, base, (size_t)(hostend - base));
		sbuf_addc(&b, '/');
	} else {
		sbuf_add(&b, base, (size_t)(slash - base));
	}
	sbuf_adds(&b, ref);
	return sbuf_take(&b);
}

static int
connect_to(const struct url *u, struct sbuf *err)
{
	struct addrinfo hints = {0}, *res = NULL;
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	int rc = getaddrinfo(u->host, u->port, &hints, &res);
	if (rc != 0) {
		sbuf_addf(err, "cannot resolve %s (%s)", u->host, gai_strerror(rc));
		return -1;
	}
	int fd = -1, last = 0;
	for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
		if (fd < 0) {
			last = errno;
			continue;
		}
		int fl = fcntl(fd, F_GETFL);
		fcntl(fd, F_SETFL, fl | O_NONBLOCK);
		if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0 || errno == EINPROGRESS) {
			struct pollfd p = { fd, POLLOUT, 0 };
			int soerr = 0;
			socklen_t sl = sizeof soerr;
			if (poll(&p, 1, deadline_ms(CONNECT_MS)) == 1 &&
			    getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) == 0 && soerr == 0) {
				fcntl(fd, F_SETFL, fl);
				break;
			}
			last = soerr ? soerr : ETIMEDOUT;
		} else {
			last = errno;
		}
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0)
		sbuf_addf(err, "cannot connect to %s port %s (%s)", u->host, u->port, strerror(last));
	return fd;
}

/* Read until the peer closes (we asked for Connection: close). */
static enum hist_fetch_err
read_all(int fd, struct sbuf *raw, struct sbuf *err)
{
	char chunk[65536];
	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		int wait = deadline_ms(READ_MS);
		if (wait == 0) {
			sbuf_addf(err, "the download took more than %u s; stopped (the server is too slow)",
			    hist_fetch_max_seconds);
			return HF_NONET;
		}
		int pr = poll(&p, 1, wait);
		if (pr == 0 && deadline_ms(READ_MS) == 0)
			continue;   /* said above */
		if (pr == 0) {
			sbuf_addf(err, "the server stopped answering (no data for %d s)", READ_MS / 1000);
			return HF_NONET;
		}
		if (pr < 0 && errno == EINTR && !interrupted())
			continue;
		if (pr < 0 && errno == EINTR) {
			sbuf_adds(err, "interrupted");
			return HF_NONET;
		}
		ssize_t n = read(fd, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR && !interrupted())
			continue;
		if (n < 0 && errno == EINTR) {
			sbuf_adds(err, "interrupted");
			return HF_NONET;
		}
		if (n < 0) {
			sbuf_addf(err, "reading the answer: %s", strerror(errno));
			return HF_NONET;
		}
		if (n == 0)
			return HF_OK;
		sbuf_add(raw, chunk, (size_t)n);
		if (raw->len > MAX_BODY) {
			sbuf_addf(err, "the answer is larger than %u MB; that is no rules file", MAX_BODY >> 20);
			return HF_PROTO;
		}
	}
}

static const char *
header(const char *head, size_t hlen, const char *name, size_t *vlen)
{
	size_t nl = strlen(name);
	const char *p = head, *end = head + hlen;
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		if ((size_t)(eol - p) > nl && strncasecmp(p, name, nl) == 0 && p[nl] == ':') {
			const char *v = p + nl + 1;
			while (v < eol && (*v == ' ' || *v == '\t'))
				v++;
			const char *ve = eol;
			while (ve > v && isspace((unsigned char)ve[-1]))
				ve--;
			*vlen = (size_t)(ve - v);
			return v;
		}
		p = eol + 1;
	}
	return NULL;
}

static bool
dechunk(const char *s, size_t n, struct sbuf *out, struct sbuf *err)
{
	size_t i = 0;
	for (;;) {
		size_t sz = 0;
		int digits = 0;
		while (i < n && isxdigit((unsigned char)s[i])) {
			int c = tolower((unsigned char)s[i]);
			sz = sz * 16 + (size_t)(isdigit(c) ? c - '0' : c - 'a' + 10);
			if (++digits > 8)
				goto bad;
			i++;
		}
		if (digits == 0)
			goto bad;
		while (i < n && s[i] != '\n')
			i++;            /* chunk extensions */
		if (i >= n)
			goto bad;
		i++;
		if (sz == 0)
			return true;
		if (sz > n - i)
			goto bad;
		sbuf_add(out, s + i, sz);
		i += sz;
		if (i < n && s[i] == '\r')
			i++;
		if (i < n && s[i] == '\n')
			i++;
	}
bad:
	sbuf_adds(err, "the server sent a malformed chunked answer");
	return false;
}

/* One GET over plain HTTP. On a redirect *location is set and HF_OK returned with an
 * empty body. */
static enum hist_fetch_err
http_get(const struct url *u, struct sbuf *body, struct sbuf *err, char **location)
{
	int fd = connect_to(u, err);
	if (fd < 0)
		return HF_NONET;
	struct sbuf req = {0};
	bool dflt = strcmp(u->port, "80") == 0;
	bool v6 = strchr(u->host, ':') != NULL;
	sbuf_addf(&req, "GET %s HTTP/1.1\r\nHost: %s%s%s%s%s\r\n"
	    "User-Agent: judge (rules assistant)\r\nAccept: */*\r\n"
	    "Accept-Encoding: identity\r\nConnection: close\r\n\r\n",
	    u->path, v6 ? "[" : "", u->host, v6 ? "]" : "", dflt ? "" : ":", dflt ? "" : u->port);
	size_t off = 0;
	while (off < req.len) {
		ssize_t n = send(fd, req.s + off, req.len - off, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			sbuf_addf(err, "sending the request to %s: %s", u->host, strerror(errno));
			sbuf_free(&req);
			close(fd);
			return HF_NONET;
		}
		off += (size_t)n;
	}
	sbuf_free(&req);
	struct sbuf raw = {0};
	enum hist_fetch_err rc = read_all(fd, &raw, err);
	close(fd);
	if (rc != HF_OK) {
		sbuf_free(&raw);
		return rc;
	}
	rc = hist_http_parse(raw.s ? raw.s : "", raw.len, body, err, location);
	if (rc == HF_PROTO && err->len == 0)
		sbuf_addf(err, "%s:%s did not answer in HTTP", u->host, u->port);
	sbuf_free(&raw);
	return rc;
}

enum hist_fetch_err
hist_http_parse(const char *s, size_t len, struct sbuf *body, struct sbuf *err, char **location)
{
	*location = NULL;
	const char *hend = len ? memmem(s, len, "\r\n\r\n", 4) : NULL;
	size_t skip = 4;
	if (!hend && len) {
		hend = memmem(s, len, "\n\n", 2);
		skip = 2;
	}
	int status = 0;
	if (!hend || len < 12 || strncmp(s, "HTTP/", 5) != 0) {
		sbuf_adds(err, "the answer is not HTTP");
		return HF_PROTO;
	}
	/* "HTTP/1.1 200 OK": the status is the three digits after the first space */
	const char *sp = memchr(s, ' ', (size_t)(hend - s));
	if (!sp || hend - sp < 4 || !isdigit((unsigned char)sp[1]) || !isdigit((unsigned char)sp[2]) ||
	    !isdigit((unsigned char)sp[3])) {
		sbuf_adds(err, "the answer has no HTTP status");
		return HF_PROTO;
	}
	status = (sp[1] - '0') * 100 + (sp[2] - '0') * 10 + (sp[3] - '0');
	size_t hlen = (size_t)(hend - s);
	const char *bstart = hend + skip;
	size_t blen = len - (size_t)(bstart - s);
	size_t vl;
	const char *v;
	if (status >= 300 && status < 400 && (v = header(s, hlen, "Location", &vl)) && vl > 0) {
		*location = xstrndup(v, vl);
		return HF_OK;
	}
	if (status != 200) {
		const char *eol = memchr(s, '\n', hlen);
		size_t l = eol ? (size_t)(eol - s) : hlen;
		while (l > 0 && (s[l - 1] == '\r' || s[l - 1] == ' '))
			l--;
		sbuf_adds(err, "the server answered \"");
		for (size_t i = 0; i < l && i < 80; i++)
			sbuf_addc(err, isprint((unsigned char)s[i]) ? s[i] : '?');
		sbuf_adds(err, "\"");
		return HF_HTTP;
	}
	if ((v = header(s, hlen, "Transfer-Encoding", &vl)) && vl >= 7 &&
	    strncasecmp(v + vl - 7, "chunked", 7) == 0) {
		if (!dechunk(bstart, blen, body, err))
			return HF_PROTO;
		return HF_OK;
	}
	if ((v = header(s, hlen, "Content-Length", &vl))) {
		char num[24];
		size_t nl = vl < sizeof num - 1 ? vl : sizeof num - 1;
		memcpy(num, v, nl);
		num[nl] = '\0';
		char *e;
		unsigned long long cl = strtoull(num, &e, 10);
		if (e == num) {
			sbuf_adds(err, "the answer has a malformed Content-Length");
			return HF_PROTO;
		}
		if (cl > blen) {
			sbuf_addf(err, "the answer was cut short (%zu of %llu bytes)", blen, cl);
			return HF_PROTO;
		}
		blen = (size_t)cl;
	}
	sbuf_add(body, bstart, blen);
	return HF_OK;
}

static bool
have_curl(void)
{
	const char *path = getenv("PATH");
	if (!path || !*path)
		path = "/usr/bin:/bin";
	while (*path) {
		size_t n = strcspn(path, ":");
		char buf[4096];
		if (n > 0 && n < sizeof buf - 8) {
			memcpy(buf, path, n);
			memcpy(buf + n, "/curl", 6);
			if (access(buf, X_OK) == 0)
				return true;
		}
		path += n;
		if (*path == ':')
			path++;
	}
	return false;
}

/* https through curl: -f fails on HTTP errors, -L follows redirects. No shell is
 * involved, so the URL is passed as one argument whatever it contains. */
static enum hist_fetch_err
curl_get(const char *url, struct sbuf *body, struct sbuf *err, char **final_url)
{
	if (!have_curl()) {
		sbuf_addf(err, "https needs TLS, which judge does not link; install curl, or give "
		    "an http:// URL with --url");
		return HF_UNSUPPORTED;
	}
	/* the body comes on a pipe, not in a temporary file: a judge killed mid-download
	 * leaves nothing behind. -w's %{stderr} sends the final URL to the other pipe. */
	int out[2], eff_p[2];
	if (pipe2(out, O_CLOEXEC) != 0) {
		sbuf_addf(err, "pipe: %s", strerror(errno));
		return HF_IO;
	}
	if (pipe2(eff_p, O_CLOEXEC) != 0) {
		close(out[0]);
		close(out[1]);
		sbuf_addf(err, "pipe: %s", strerror(errno));
		return HF_IO;
	}
	char maxsz[32], maxtime[32];
	snprintf(maxsz, sizeof maxsz, "%u", MAX_BODY);
	snprintf(maxtime, sizeof maxtime, "%u", hist_fetch_max_seconds);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(out[1], 1);
		dup2(eff_p[1], 2);
		execlp("curl", "curl", "-fsL", "--max-redirs", "5", "--connect-timeout", "10",
		    "--max-time", maxtime, "--max-filesize", maxsz, "-A", "judge (rules assistant)",
		    "-w", "%{stderr}%{url_effective}", "--", url, (char *)NULL);
		_exit(127);
	}
	close(out[1]);
	close(eff_p[1]);
	struct sbuf eff = {0};
	struct pollfd p[2] = { { out[0], POLLIN, 0 }, { eff_p[0], POLLIN, 0 } };
	bool too_big = false, too_slow = false;
	char b[65536];
	while (pid > 0 && (p[0].fd >= 0 || p[1].fd >= 0)) {
		int wait = deadline_ms(READ_MS);
		if (wait == 0 || interrupted()) {
			too_slow = wait == 0;
			break;
		}
		int pr = poll(p, 2, wait);
		if (pr < 0 && errno == EINTR)
			continue;
		if (pr <= 0)
			continue;   /* the deadline is checked above; curl has its own limits */
		for (int k = 0; k < 2; k++) {
			if (p[k].fd < 0 || !(p[k].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			ssize_t n = read(p[k].fd, b, sizeof b);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				close(p[k].fd);
				p[k].fd = -1;
				continue;
			}
			if (k == 1) {
				if (eff.len < 8192)
					sbuf_add(&eff, b, (size_t)n);
			} else if (body->len + (size_t)n > MAX_BODY) {
				too_big = true;
			} else {
				sbuf_add(body, b, (size_t)n);
			}
		}
		if (too_big)
			break;
	}
	for (int k = 0; k < 2; k++)
		if (p[k].fd >= 0)
			close(p[k].fd);
	if (pid > 0 && (too_big || too_slow || interrupted()))
		kill(pid, SIGTERM);
	int st = 0;
	while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	enum hist_fetch_err rc = HF_OK;
	int code = pid < 0 ? 127 : WIFEXITED(st) ? WEXITSTATUS(st) : 128;
	if (too_slow) {
		sbuf_addf(err, "the download took more than %u s; stopped (the server is too slow)",
		    hist_fetch_max_seconds);
		rc = HF_NONET;
	} else if (too_big) {
		sbuf_addf(err, "the answer is larger than %u MB; that is no rules file", MAX_BODY >> 20);
		rc = HF_PROTO;
	} else if (code != 0) {
		switch (code) {
		case 5: case 6: case 7: case 28: case 35: case 45: case 56:
			sbuf_addf(err, "cannot reach %s (curl exit %d)", url, code);
			rc = HF_NONET;
			break;
		case 22:
			sbuf_addf(err, "the server answered with an HTTP error for %s", url);
			rc = HF_HTTP;
			break;
		case 127:
			sbuf_addf(err, "could not run curl");
			rc = HF_UNSUPPORTED;
			break;
		default:
			sbuf_addf(err, "curl failed on %s (exit %d)", url, code);
			rc = HF_PROTO;
		}
	} else if (final_url && eff.len) {
		*final_url = xstrdup(sbuf_str(&eff));
	}
	if (rc != HF_OK)
		sbuf_reset(body);
	sbuf_free(&eff);
	return rc;
}

enum hist_fetch_err
hist_fetch(const char *url, struct sbuf *body, struct sbuf *err, char **final_url)
{
	char *cur = xstrdup(url);
	if (final_url)
		*final_url = NULL;
	deadline_start();
	for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
		struct url u;
		if (!url_parse(cur, &u)) {
			sbuf_addf(err, "not a URL: %s", cur);
			free(cur);
			return HF_PROTO;
		}
		if (strcmp(u.scheme, "https") == 0) {
			char *enc = NULL;
			/* the host part is fine as given; only the path needs encoding */
			const char *pathpos = strstr(cur, "://") + 3;
			pathpos += strcspn(pathpos, "/?#");
			struct sbuf b = {0};
			sbuf_add(&b, cur, (size_t)(pathpos - cur));
			sbuf_adds(&b, u.path);
			enc = sbuf_take(&b);
			enum hist_fetch_err rc = curl_get(enc, body, err, final_url);
			free(enc);
			url_free(&u);
			free(cur);
			return rc;
		}
		if (strcmp(u.scheme, "http") != 0) {
			sbuf_addf(err, "cannot fetch %s URLs, only http:// and https://", u.scheme);
			url_free(&u);
			free(cur);
			return HF_UNSUPPORTED;
		}
		char *loc = NULL;
		enum hist_fetch_err rc = http_get(&u, body, err, &loc);
		url_free(&u);
		if (rc != HF_OK || !loc) {
			if (rc == HF_OK && final_url)
				*final_url = cur;
			else
				free(cur);
			return rc;
		}
		char *next = hist_resolve_url(cur, loc);
		free(loc);
		free(cur);
		cur = next;
	}
	sbuf_addf(err, "too many redirects (more than %d)", MAX_REDIRECTS);
	free(cur);
	return HF_PROTO;
}

/* The eight digits of a YYYYMMDD date in s (percent-decoded first, so that
 * "MagicCompRules%2020251114.txt" reads 20251114), or 0. */
static long
date_in(const char *raw)
{
	char s[2048];
	size_t n = 0;
	for (const char *p = raw; *p && n + 1 < sizeof s; p++) {
		if (p[0] == '%' && isxdigit((unsigned char)p[1]) && isxdigit((unsigned char)p[2])) {
			s[n++] = ' ';   /* what it encodes does not matter, only that it separates */
			p += 2;
		} else {
			s[n++] = *p;
		}
	}
	s[n] = '\0';
	for (const char *p = s; *p; p++) {
		int d = 0;
		while (isdigit((unsigned char)p[d]))
			d++;
		if (d == 8 && (p[0] == '1' || p[0] == '2'))
			return strtol(p, NULL, 10);
		p += d ? d - 1 : 0;
	}
	return 0;
}

static char *
html_unescape(const char *s, size_t n)
{
	struct sbuf b = {0};
	sbuf_add(&b, "", 0);
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '&' && n - i >= 5 && strncmp(s + i, "&amp;", 5) == 0) {
			sbuf_addc(&b, '&');
			i += 4;
		} else if (s[i] == '&' && n - i >= 6 && strncmp(s + i, "&#32;", 5) == 0) {
			sbuf_addc(&b, ' ');
			i += 4;
		} else {
			sbuf_addc(&b, s[i]);
		}
	}
	return sbuf_take(&b);
}

char *
hist_find_txt_link(const char *html, size_t len, const char *base)
{
	char *best = NULL;
	long best_date = -1;
	int best_rank = -1;
	for (size_t i = 0; i + 5 < len; i++) {
		if (strncasecmp(html + i, "href", 4) != 0)
			continue;
		size_t j = i + 4;
		while (j < len && isspace((unsigned char)html[j]))
			j++;
		if (j >= len || html[j] != '=')
			continue;
		j++;
		while (j < len && isspace((unsigned char)html[j]))
			j++;
		if (j >= len)
			break;
		char q = html[j];
		size_t start, end;
		if (q == '"' || q == '\'') {
			start = j + 1;
			end = start;
			while (end < len && html[end] != q)
				end++;
		} else {
			start = j;
			end = start;
			while (end < len && !isspace((unsigned char)html[end]) && html[end] != '>')
				end++;
		}
		if (end >= len || end - start > 2000)
			continue;
		char *v = html_unescape(html + start, end - start);
		size_t vl = strcspn(v, "?#");
		bool txt = vl >= 4 && strncasecmp(v + vl - 4, ".txt", 4) == 0;
		if (txt) {
			int rank = strcasestr(v, "CompRules") ? 1 : 0;
			long d = date_in(v);
			if (rank > best_rank || (rank == best_rank && d > best_date)) {
				free(best);
				best = v;
				v = NULL;
				best_rank = rank;
				best_date = d;
			}
		}
		free(v);
		i = end;
	}
	if (!best)
		return NULL;
	char *abs = hist_resolve_url(base, best);
	free(best);
	return abs;
}
