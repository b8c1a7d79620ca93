#!/usr/bin/env bash
# A release re-encoded the ways other copies circulate (UTF-16LE with a BOM, LF line ends,
# UTF-8 without a BOM, Windows-1252 with CRLF) must read exactly as the original does.
set -u
[ -n "${SHARED:-}" ] || { echo "skip: ../shared is absent (the official CR releases are test inputs only)"; exit 77; }
src="$SHARED/cr/cr-2025-11-14.txt"     # UTF-8 with BOM, CRLF
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
tail -c +4 "$src" | tr -d '\r' > "$d/lf-nobom.txt"
{ printf '\xff\xfe'; iconv -f UTF-8 -t UTF-16LE "$d/lf-nobom.txt"; } > "$d/utf16le-bom.txt"
iconv -f UTF-8 -t UTF-16LE "$d/lf-nobom.txt" > "$d/utf16le-nobom.txt"
# Windows-1252 cannot hold every character of the text; transliterate the few it lacks
iconv -f UTF-8 -t CP1252//TRANSLIT "$d/lf-nobom.txt" 2>/dev/null | sed 's/$/\r/' > "$d/cp1252-crlf.txt"
counts() { "$JUDGE" --rules "$1" --json versions | tr -d ' \n' | grep -oE '"(date|rules|glossary|examples|refs|dangling)":("[^"]*"|[0-9]+)' | paste -sd' '; }
want=$(counts "$src")
n=0
for f in lf-nobom utf16le-bom utf16le-nobom cp1252-crlf; do
	n=$((n + 1))
	got=$(counts "$d/$f.txt")
	if [ "$got" = "$want" ]; then echo "ok $n - $f reads like the original: $got"
	else echo "not ok $n - $f: got $got, want $want"; fi
done
n=$((n + 1))
a=$("$JUDGE" --rules "$src" --json rule 702.19b | grep '"text"')
b=$("$JUDGE" --rules "$d/utf16le-bom.txt" --json rule 702.19b | grep '"text"')
[ "$a" = "$b" ] && echo "ok $n - 702.19b's text is identical through UTF-16LE" || echo "not ok $n - 702.19b differs: $b"
