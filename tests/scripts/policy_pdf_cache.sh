#!/usr/bin/env bash
# policy_pdf_cache.sh — a PDF is turned into text by pdftotext once, then read from the cache
# ($XDG_CACHE_HOME/judge/pdftext-KEY.txt, keyed by size, mtime and a hash of its bytes); a new
# modification time, a damaged entry or JUDGE_NO_CACHE run pdftotext again; an encrypted PDF
# (made here, with a password nobody knows) is one error naming the file with a next step.
n=0
ok() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi; }
[ -n "$SHARED" ] && [ -f "$SHARED/docs/ipg-2021-02-05.pdf" ] || { echo "skip: ../shared/docs is absent (the policy documents are test inputs only)"; exit 77; }
command -v pdftotext >/dev/null || { echo "skip: pdftotext (poppler-utils) is needed to read PDFs"; exit 77; }
command -v python3 >/dev/null || { echo "skip: python3 is needed to make the encrypted PDF"; exit 77; }
T=${TMPDIR:-/tmp}/policy_pdf_cache.$$
mkdir -p "$T"; trap 'rm -rf "$T"' EXIT
export XDG_CACHE_HOME="$T/cache"; unset JUDGE_NO_CACHE
# a pdftotext that counts its runs
cat >"$T/pdftotext" <<EOS
#!/bin/sh
echo run >>"$T/runs"
exec $(command -v pdftotext) "\$@"
EOS
chmod +x "$T/pdftotext"
export JUDGE_PDFTOTEXT="$T/pdftotext"
runs() { [ -f "$T/runs" ] && wc -l <"$T/runs" | tr -d ' ' || echo 0; }
cp "$SHARED/docs/ipg-2021-02-05.pdf" "$T/ipg.pdf"

"$JUDGE" --doc "$T/ipg.pdf" ipg 2.3 >"$T/o1" 2>"$T/e"
ok "first start: pdftotext runs once and the section answers" '[ "$(runs)" = 1 ] && head -n 1 "$T/o1" | grep -q "Hidden Card Error"'
ok "the text is kept in the cache folder" '[ "$(ls "$T/cache/judge" | grep -c "^pdftext-.*\.txt$")" = 1 ]'
"$JUDGE" --doc "$T/ipg.pdf" ipg 2.3 >"$T/o2" 2>>"$T/e"
ok "second start: no pdftotext, the same answer" '[ "$(runs)" = 1 ] && cmp -s "$T/o1" "$T/o2"'
ok "no temporary file left behind" '[ "$(ls -A "$T/cache/judge" | grep -vc "^pdftext-[0-9a-f]*\.txt$")" = 0 ]'
touch -d "2001-01-01" "$T/ipg.pdf"
"$JUDGE" --doc "$T/ipg.pdf" ipg 2.3 >"$T/o3" 2>>"$T/e"
ok "a new modification time: pdftotext again" '[ "$(runs)" = 2 ] && cmp -s "$T/o1" "$T/o3"'
for f in "$T"/cache/judge/pdftext-*.txt; do head -c 2000 "$f" >"$f.cut" && mv "$f.cut" "$f"; done
"$JUDGE" --doc "$T/ipg.pdf" ipg 2.3 >"$T/o4" 2>>"$T/e"
ok "a cut cache entry is not taken for the text: pdftotext again, the same answer" '[ "$(runs)" = 3 ] && cmp -s "$T/o1" "$T/o4"'
JUDGE_NO_CACHE=1 "$JUDGE" --doc "$T/ipg.pdf" ipg 2.3 >/dev/null 2>>"$T/e"
ok "JUDGE_NO_CACHE: pdftotext every time" '[ "$(runs)" = 4 ]'
ok "nothing on stderr so far" '[ ! -s "$T/e" ]'

# an encrypted PDF: the standard security handler with a user password nobody knows
python3 - "$T/locked.pdf" <<'EOS'
import sys
objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
        "<< /Filter /Standard /V 1 /R 2 /O <" + "11" * 32 + "> /U <" + "22" * 32 + "> /P -4 >>"]
out, offs = "%PDF-1.4\n", []
for i, o in enumerate(objs):
    offs.append(len(out)); out += "%d 0 obj\n%s\nendobj\n" % (i + 1, o)
x = len(out)
out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + "".join("%010d 00000 n \n" % o for o in offs)
out += "trailer\n<< /Size %d /Root 1 0 R /Encrypt 4 0 R /ID [<%s> <%s>] >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, "33" * 16, "33" * 16, x)
open(sys.argv[1], "w").write(out)
EOS
"$JUDGE" --doc "$T/locked.pdf" --doc "$T/ipg.pdf" ipg 2.3 >"$T/o" 2>"$T/e"; st=$?
ok "an encrypted PDF: one error naming the file, saying encrypted" '[ "$(grep -c "error:" "$T/e")" = 1 ] && grep -q "locked.pdf: error: the PDF is encrypted" "$T/e"'
ok "with the next step (decrypt it, or its text)" 'grep -q "qpdf --password=PW --decrypt" "$T/e"'
ok "and the other document still answers (exit 2 for the file that could not be used)" '[ $st = 2 ] && head -n 1 "$T/o" | grep -q "Hidden Card Error"'
ok "nothing cached for it" '! grep -l "locked" "$T"/cache/judge/* >/dev/null 2>&1 && [ "$(ls "$T/cache/judge" | wc -l)" = 2 ]'
