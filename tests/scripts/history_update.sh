#!/usr/bin/env bash
# `judge update` against a local HTTP server on 127.0.0.1 (python3 -m http.server on a free
# port): a rules page linking the .txt, the .txt itself, a redirect-free 404, a page with no
# link, an incomplete release, and a closed port standing in for "no network". Loopback only.
set -u
[ -n "${SHARED:-}" ] || { echo "skip: ../shared is absent (the official CR releases are test inputs only)"; exit 77; }
command -v python3 >/dev/null || { echo "skip: python3 is needed for the local HTTP server"; exit 77; }
W=$(mktemp -d "${TMPDIR:-/tmp}/judge-update.XXXXXX")
. "$(dirname "$0")/../lib/httpd.sh"
cleanup() { httpd_stop; rm -rf "$W"; }
trap cleanup EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "#   $l"; done; }
check() { local what=$1; shift; if "$@"; then ok "$what"; else nok "$what"; fi; }

mkdir -p "$W/www/sub" "$W/data"
cp "$SHARED/cr/cr-2025-11-14.txt" "$W/www/sub/MagicCompRules 20251114.txt"
cat > "$W/www/rules.html" <<'HTML'
<html><body><a href="/en/news">News</a>
<a href="sub/MagicCompRules%2020251114.txt">Comprehensive Rules (TXT)</a>
<a href="sub/MagicCompRules%2020251114.pdf">PDF</a></body></html>
HTML
echo '<html><body>nothing here</body></html>' > "$W/www/empty.html"
head -c 200000 "$SHARED/cr/cr-2024-07-30.txt" > "$W/www/cut.txt"

httpd_start "$W/www" "$W/server.log" || { echo "not ok 1 - the local HTTP server did not start"; cat "$W/server.log"; exit 1; }
port=$HTTPD_PORT
base="http://127.0.0.1:$port"
export XDG_DATA_HOME="$W/data"
dest="$W/data/judge/rules/cr-2025-11-14.txt"

# 1. the rules page: the .txt link is found, fetched, checked and stored by its date
out=$("$JUDGE" update --url "$base/rules.html" 2>&1); rc=$?
check "update from a rules page exits 0" [ "$rc" = 0 ]
check "stored under XDG_DATA_HOME named by its date" cmp -s "$dest" "$SHARED/cr/cr-2025-11-14.txt"
case "$out" in *"Stored the rules of 2025-11-14"*) ok "says what it stored";; *) nok "says what it stored" "$out";; esac
check "no temporary file left behind" [ "$(ls -A "$W/data/judge/rules")" = "cr-2025-11-14.txt" ]

# 2. again: nothing new
out=$("$JUDGE" update --url "$base/rules.html" 2>&1); rc=$?
case "$rc:$out" in 0:*"Already up to date"*) ok "a second update says it is up to date";; *) nok "a second update says it is up to date" "$rc $out";; esac

# 3. judge now loads it by default, next to the built-in releases
out=$("$JUDGE" versions 2>&1)
case "$out" in *2025-11-14*) ok "the stored release is loaded by default";; *) nok "the stored release is loaded by default" "$out";; esac

# 4. the .txt URL directly, from $JUDGE_UPDATE_URL, with --json
rm -f "$dest"
out=$(JUDGE_UPDATE_URL="$base/sub/MagicCompRules%2020251114.txt" "$JUDGE" --json update 2>&1); rc=$?
check "update from \$JUDGE_UPDATE_URL (a .txt) exits 0" [ "$rc" = 0 ]
check "JSON names the release and says it is new" python3 -c '
import json, sys
d = json.loads(sys.argv[1])
assert d["release"] == "2025-11-14" and d["new"] is True and d["path"].endswith("cr-2025-11-14.txt"), d
assert d["bytes"] == int(sys.argv[2]), d' "$out" "$(wc -c < "$SHARED/cr/cr-2025-11-14.txt")"

# 5. failures: one line, exit 2, nothing stored
rm -f "$dest"
err=$("$JUDGE" update --url "$base/missing.txt" 2>&1 >/dev/null); rc=$?
case "$rc:$err" in 2:*404*) ok "a 404 is reported with its status, exit 2";; *) nok "a 404 is reported" "$rc $err";; esac
err=$("$JUDGE" update --url "$base/empty.html" 2>&1 >/dev/null); rc=$?
case "$rc:$err" in 2:*"no link"*) ok "a page without a .txt link, exit 2";; *) nok "a page without a .txt link" "$rc $err";; esac
err=$("$JUDGE" update --url "$base/cut.txt" 2>&1 >/dev/null); rc=$?
case "$rc:$err" in 2:*"not a complete release"*) ok "a cut-off release is refused, exit 2";; *) nok "a cut-off release is refused" "$rc $err";; esac
check "nothing was stored by the failures" [ ! -e "$dest" ]

# 6. no network: a port nobody listens on (the server's, after it is stopped)
httpd_stop
err=$("$JUDGE" update --url "$base/rules.html" 2>&1 >/dev/null); rc=$?
lines=$(printf '%s\n' "$err" | grep -c .)
case "$rc:$err" in 2:"judge: no network"*) ok "no network: says so, exit 2";; *) nok "no network: says so, exit 2" "$rc $err";; esac
check "no network: the problem in one line, then what to do instead" [ "$lines" = 2 ]
case "$err" in *"download the rules text"*"$XDG_DATA_HOME/judge/rules/"*"--rules FILE"*) ok "no network: says to download the file by hand and where to put it";;
	*) nok "no network: says to download the file by hand and where to put it" "$err";; esac
err=$("$JUDGE" update --url "ftp://127.0.0.1/x.txt" 2>&1 >/dev/null); rc=$?
case "$rc:$err" in 2:*ftp*) ok "an unsupported scheme is refused";; *) nok "an unsupported scheme is refused" "$rc $err";; esac
