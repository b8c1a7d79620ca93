# tests/lib/httpd.sh — the local HTTP server the update tests share (sourced, not a test:
# tests/run runs only tests/scripts/*.sh). Loopback only, on a free port python chooses.
#   httpd_start DIR LOG   serve DIR; sets HTTPD_PORT and HTTPD_PID, returns 1 when the
#                         server did not say its port within 5 s (its words are in LOG)
#   httpd_stop            stop it (safe to call twice, or when it never started)

HTTPD_PID=
HTTPD_PORT=

httpd_start() {
	python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$1" >"$2" 2>&1 &
	HTTPD_PID=$!
	HTTPD_PORT=
	for _ in $(seq 50); do
		HTTPD_PORT=$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$2" | head -n 1)
		[ -n "$HTTPD_PORT" ] && return 0
		sleep 0.1
	done
	return 1
}

httpd_stop() {
	if [ -n "$HTTPD_PID" ]; then
		kill "$HTTPD_PID" 2>/dev/null
		wait "$HTTPD_PID" 2>/dev/null
	fi
	HTTPD_PID=
}
