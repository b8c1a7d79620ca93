#!/usr/bin/env bash
# For every official release in ../shared/cr, the counts judge reports (rules body entries,
# glossary terms, examples) must equal counts made here without judge's parser: iconv for
# the encoding, tr for line endings, then awk/grep over the plain text.
set -u
[ -n "${SHARED:-}" ] || { echo "skip: ../shared is absent (the official CR releases are test inputs only)"; exit 77; }
n=0
to_utf8() {   # decode like a person would: look at the BOM, else try UTF-8, else cp1252
	local f=$1 bom
	bom=$(head -c 3 "$f" | od -An -tx1 | tr -d ' \n')
	case "$bom" in
		feff*) iconv -f UTF-16BE -t UTF-8 "$f" ;;
		fffe*) iconv -f UTF-16LE -t UTF-8 "$f" ;;
		efbbbf) tail -c +4 "$f" ;;
		*) if iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1; then cat "$f"; else iconv -f CP1252 -t UTF-8 "$f"; fi ;;
	esac | sed 's/\r$//' | tr '\r' '\n' | sed 's/^\xef\xbb\xbf//'
}
for f in "$SHARED"/cr/*.txt; do
	name=$(basename "$f")
	to_utf8 "$f" > "$TMPDIR/plain.txt" 2>/dev/null || to_utf8 "$f" > /tmp/judge-plain.$$
	plain="$TMPDIR/plain.txt"
	# rules body: everything before the second "Glossary" line; entries are distinct numbers
	rules=$(awk '/^Glossary[[:space:]]*$/{g++; if (g==2) exit} {print}' "$plain" |
		grep -oE '^([0-9]{3}\.[0-9]+[a-z]?\.?|[0-9]{3}\.|[1-9]\.) ' | sed 's/\.\? $//; s/\.$//' | sort -u | wc -l)
	# glossary: paragraphs between the second "Glossary" and the second "Credits" whose first
	# line is a head (not indented, not a numbered sense, not an example)
	gloss=$(awk '/^Glossary[[:space:]]*$/{g++; next} /^Credits[[:space:]]*$/{c++; if (c==2) exit}
		g>=2 { if ($0 ~ /^[[:space:]]*$/) { blank=1; next }
		       if (blank || !started) { if ($0 !~ /^[ 0-9]/ && $0 !~ /^Example:/) n++; }
		       blank=0; started=1 }
		END { print n+0 }' "$plain")
	examples=$(awk '/^Credits[[:space:]]*$/{c++; if (c==2) exit} /^Example:/{n++} END{print n+0}' "$plain")
	got=$("$JUDGE" --rules "$f" --json versions | tr -d ' \n')
	jr=$(echo "$got" | grep -oE '"rules":[0-9]+' | cut -d: -f2)
	jg=$(echo "$got" | grep -oE '"glossary":[0-9]+' | cut -d: -f2)
	je=$(echo "$got" | grep -oE '"examples":[0-9]+' | cut -d: -f2)
	n=$((n+1)); if [ "$jr" = "$rules" ]; then echo "ok $n - $name: $jr rule entries"; else echo "not ok $n - $name: judge counts $jr rule entries, awk counts $rules"; fi
	n=$((n+1)); if [ "$jg" = "$gloss" ]; then echo "ok $n - $name: $jg glossary terms"; else echo "not ok $n - $name: judge counts $jg glossary terms, awk counts $gloss"; fi
	n=$((n+1)); if [ "$je" = "$examples" ]; then echo "ok $n - $name: $je examples"; else echo "not ok $n - $name: judge counts $je examples, grep counts $examples"; fi
done
