#!/usr/bin/env bash
# policy_update.sh — `judge update --docs` against a local HTTP server on 127.0.0.1: a page
# linking the IPG and JAR PDFs (and a PDF that is no policy document), a PDF given directly,
# and a closed port. The documents land in $XDG_DATA_HOME/judge/docs and answer afterwards.
set -u
n=0
ok() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi; }
[ -n "${SHARED:-}" ] && [ -d "$SHARED/docs" ] || { echo "skip: ../shared/docs is absent (the policy documents are test inputs only)"; exit 77; }
command -v python3 >/dev/null || { echo "skip: python3 is needed for the local HTTP server"; exit 77; }
command -v pdftotext >/dev/null || { echo "skip: pdftotext (poppler-utils) is needed to read PDFs"; exit 77; }
W=$(mktemp -d "${TMPDIR:-/tmp}/judge-docs.XXXXXX")
. "$(dirname "$0")/../lib/httpd.sh"
cleanup() { httpd_stop; rm -rf "$W"; }
trap cleanup EXIT
mkdir -p "$W/www/files" "$W/data"
cp "$SHARED/docs/ipg-2021-02-05.pdf" "$W/www/files/MTG_IPG_2021.pdf"
cp "$SHARED/docs/jar-2019-05-03.pdf" "$W/www/files/MTG_JAR_2019.pdf"
printf '%%PDF-1.4 not really\n' >"$W/www/files/mtr-broken.pdf"
cat >"$W/www/docs.html" <<'HTML'
<html><body><a href="/en/news">News</a>
<a href="files/MTG_IPG_2021.pdf">Infraction Procedure Guide</a>
<a href="files/MTG_JAR_2019.pdf">Judging at Regular REL</a>
<a href="files/mtr-broken.pdf">Tournament Rules</a>
<a href="files/brochure.pdf">Brochure</a></body></html>
HTML
httpd_start "$W/www" "$W/server.log" || { echo "not ok 1 - the local HTTP server did not start"; exit 1; }
port=$HTTPD_PORT
export XDG_DATA_HOME="$W/data"

$JUDGE update --docs --url "http://127.0.0.1:$port/docs.html" >"$W/o" 2>"$W/e"; st=$?
ok "the page's two readable documents are stored, exit 0" '[ $st = 0 ] && [ -f "$W/data/judge/docs/ipg-2021-02-05.pdf" ] && [ -f "$W/data/judge/docs/jar-2019-05-03.pdf" ]'
ok "the damaged one is one error and not stored" 'grep -q "mtr-broken.pdf" "$W/e" && [ "$(ls "$W/data/judge/docs" | wc -l)" = 2 ]'
ok "it says what it stored" 'grep -q "^Stored IPG 2021-02-05 in" "$W/o"'
$JUDGE ipg hce >"$W/o" 2>&1
ok "the stored IPG answers from the data folder" 'head -n 1 "$W/o" | grep -q "Hidden Card Error"'
$JUDGE versions >"$W/o"
ok "versions lists it with its date" 'grep -q "IPG 2021-02-05" "$W/o"'
rm -f "$W/data/judge/docs/"*
$JUDGE update --docs --url "http://127.0.0.1:$port/files/MTG_IPG_2021.pdf" >"$W/o" 2>"$W/e"; st=$?
ok "a PDF given directly is stored" '[ $st = 0 ] && [ -f "$W/data/judge/docs/ipg-2021-02-05.pdf" ]'
httpd_stop
$JUDGE update --docs --url "http://127.0.0.1:$port/docs.html" >"$W/o" 2>"$W/e"; st=$?
ok "no server: one error, exit 1" '[ $st = 1 ] && [ "$(grep -c "^judge:" "$W/e")" = 1 ]'
