#!/usr/bin/env bash
# For every official release in ../shared/cr and ../shared/cr-archive, the counts judge
# reports (rule entries, glossary terms, examples) must equal counts made here without
# judge's parser: iconv for the encoding, tr for line endings, then awk/grep over the plain
# text. Where a count made this way cannot match, tests/scripts/cr_counts.expect says why,
# per release and count. With CR_COUNTS_TABLE=FILE, the agreement table is written there
# (Markdown: release, judge's counts, these counts, agree?).
set -u
[ -n "${SHARED:-}" ] || { echo "skip: ../shared is absent (the official CR releases are test inputs only)"; exit 77; }
expect="$ROOT/tests/scripts/cr_counts.expect"
table="${CR_COUNTS_TABLE:-$TMPDIR/cr_counts_table.md}"
plain="$TMPDIR/plain.txt"
n=0

to_utf8() {   # decode like a person would: look at the BOM, else try UTF-8, else an 8-bit code page
	local f=$1 bom
	bom=$(head -c 3 "$f" | od -An -tx1 | tr -d ' \n')
	case "$bom" in
		feff*) iconv -f UTF-16BE -t UTF-8 "$f" ;;
		fffe*) iconv -f UTF-16LE -t UTF-8 "$f" ;;
		efbbbf) tail -c +4 "$f" ;;
		*) if iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1; then cat "$f"; else iconv -c -f CP1252 -t UTF-8 "$f"; fi ;;
	esac | sed 's/\r$//' | tr '\r' '\n' | sed 's/^\xef\xbb\xbf//'
}

# Rule entries: numbered lines from the section heading just above the first rule (after
# the contents) to the glossary. A line that starts with a number right after a line
# ending in "rule", "rules" or "section" is a wrapped reference, not an entry (the
# releases wrapped at a fixed width); "606. 8b" (a stray space) is an entry.
count_rules() {
	awk '
	{ line[NR] = $0 }
	END {
		for (i = 1; i <= NR; i++) if (line[i] ~ /^[[:space:]]*[0-9][0-9][0-9]\.[0-9]+[a-z]?\.? /) { first = i; break }
		start = first
		for (i = first; i >= 1; i--) if (line[i] ~ /^1\. /) { start = i; break }
		n = 0
		for (i = start; i <= NR; i++) {
			l = line[i]
			if (l ~ /^Glossary[[:space:]]*$/) break
			if (l !~ /^[[:space:]]*([0-9][0-9][0-9]\.[0-9]+[a-z]?\.?|[0-9][0-9][0-9]\.|[1-9]\.|[0-9][0-9][0-9]\. [0-9]+[a-z]?\.?) /) continue
			p = line[i - 1]; sub(/[[:space:]]+$/, "", p)
			if (p ~ /(^|[^A-Za-z])([Rr]ules?|[Ss]ections?)$/) continue
			n++
		}
		print n
	}' "$1"
}

# Glossary terms: from the "Glossary" line after the rules to the "Credits" after it,
# paragraphs whose first line is a head: not indented, not a numbered sense, not an
# example, not a sentence (no final "." or ":", but "(Obsolete)." is a head), and not a
# line that heads an indented list inside an entry (its next line is indented).
count_glossary() {
	awk '
	{ line[NR] = $0 }
	END {
		for (i = 1; i <= NR; i++) if (line[i] ~ /^[[:space:]]*[0-9][0-9][0-9]\.[0-9]+[a-z]?\.? /) { first = i; break }
		for (i = first; i <= NR; i++) if (line[i] ~ /^Glossary[[:space:]]*$/) { g = i; break }
		n = 0; blank = 1
		for (i = g + 1; i <= NR; i++) {
			l = line[i]
			if (l ~ /^Credits[[:space:]]*$/) break
			if (l ~ /^[[:space:]]*$/) { blank = 1; continue }
			if (blank && l !~ /^[[:space:][:digit:]]/ && l !~ /^Examples?:/ &&
			    (l !~ /[.:][[:space:]]*$/ || l ~ /\(Obsolete\)\.[[:space:]]*$/ || l ~ /^[^ ]+1\. /)) {
				for (j = i + 1; j <= NR && line[j] ~ /^[[:space:]]*$/; j++) ;
				if (!(j <= NR && line[j] ~ /^[[:space:]]/)) n++
			}
			blank = 0
		}
		print n
	}' "$1"
}

# Examples: "Example:" paragraphs from the first rule to the Credits after the glossary.
count_examples() {
	awk '
	/^[[:space:]]*[0-9][0-9][0-9]\.[0-9]+[a-z]?\.? / { body = 1 }
	/^Glossary[[:space:]]*$/ && body { gl = 1 }
	/^Credits[[:space:]]*$/ && gl { exit }
	body && /^[[:space:]]*Examples?:/ { n++ }
	END { print n + 0 }' "$1"
}

# expected_why FILE KIND: the reason the expectations file gives, or nothing
expected_why() {
	[ -f "$expect" ] && awk -v f="$1" -v k="$2" '$1 == f && $2 == k { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' "$expect"
}

{
	echo "# Rule, glossary and example counts of every official release: judge against an independent count"
	echo
	echo "Made by \`CR_COUNTS_TABLE=docs/cr-counts.md bash tests/run cr_counts\` (tests/scripts/cr_counts.sh): judge's"
	echo "counts from \`judge --rules FILE --json versions\`, the independent ones from iconv, tr, awk and grep over"
	echo "the text, never judge; releases from \`../shared/cr/\` and \`../shared/cr-archive/\`."
	echo
	echo "Measured $(date -u +%Y-%m-%d) over $(ls "$SHARED"/cr/*.txt | wc -l) releases in \`../shared/cr/\` and"
	echo "$(ls "$SHARED"/cr-archive/*.txt 2>/dev/null | wc -l) in \`../shared/cr-archive/\`; the figure is the last line."
	echo
	echo "The column \"judge check\" sums up what \`judge check FILE\` reports of how it read the release"
	echo "(each item is a diagnostic with its file:line:col), so what judge read differently from the printed"
	echo "text is in view. The last column is what \`judge check\` says judge's own data (written with the"
	echo "2026-01-16 numbers) keeps when the release answers alone: common situations kept whole / losing"
	echo "a rule / dropped, and the textbook-era flags kept / dropped (flags only apply after the textbook's era)."
	echo
	echo "| release | judge rules | judge glossary | judge examples | independent rules | independent glossary | independent examples | agree? | judge check | judge's data carried |"
	echo "|---|---:|---:|---:|---:|---:|---:|---|---|---|"
} > "$table"
differ=""
exact=0; releases=0
for f in "$SHARED"/cr/*.txt "$SHARED"/cr-archive/*.txt; do
	[ -f "$f" ] || continue
	name=$(basename "$f")
	to_utf8 "$f" > "$plain" 2>/dev/null
	rules=$(count_rules "$plain")
	gloss=$(count_glossary "$plain")
	examples=$(count_examples "$plain")
	got=$("$JUDGE" --rules "$f" --json versions | tr -d ' \n')
	jr=$(echo "$got" | grep -oE '"rules":[0-9]+' | head -n 1 | cut -d: -f2)
	jg=$(echo "$got" | grep -oE '"glossary":[0-9]+' | head -n 1 | cut -d: -f2)
	je=$(echo "$got" | grep -oE '"examples":[0-9]+' | head -n 1 | cut -d: -f2)
	all=yes; notes=""
	for kind in rules glossary examples; do
		case $kind in
			rules) j=$jr; a=$rules ;;
			glossary) j=$jg; a=$gloss ;;
			examples) j=$je; a=$examples ;;
		esac
		why=$(expected_why "$name" "$kind")
		n=$((n+1))
		if [ "$j" = "$a" ] && [ -z "$why" ]; then
			echo "ok $n - $name: $j $kind"
		elif [ "$j" = "$a" ]; then
			echo "not ok $n - $name: $kind agree ($j), but cr_counts.expect still explains a difference: $why"
		elif [ -n "$why" ]; then
			echo "ok $n - $name: judge counts $j $kind, the independent count $a: expected, $why"
			all=no; notes="$notes $kind: $why."
		else
			echo "not ok $n - $name: judge counts $j $kind, the independent count $a"
			all=no; notes="$notes $kind: unexplained."
		fi
	done
	releases=$((releases+1)); [ $all = yes ] && exact=$((exact+1))
	chk=$("$JUDGE" check "$f" 2>/dev/null)
	carried=$(echo "$chk" | grep -a "judge's data is written" | grep -oE '(situations [0-9]+ of [0-9]+ kept whole, [0-9]+ lose some rules, [0-9]+ dropped|textbook-era flags [0-9]+ of [0-9]+ kept, [0-9]+ dropped)' |
		sed -E 's/situations ([0-9]+) of ([0-9]+) kept whole, ([0-9]+) lose some rules, ([0-9]+) dropped/situations \1 \/ \3 \/ \4 of \2/; s/textbook-era flags ([0-9]+) of ([0-9]+) kept, ([0-9]+) dropped/era flags \1 \/ \3 of \2/' | paste -sd';' | sed 's/;/; /')
	[ $all = yes ] || differ="$differ ${name%.txt}"
	said=$(echo "$chk" | grep -avE "situation \"|textbook-era flag dropped|judge's data is written" | grep -aE '^judge: .*: (warning|note|error): ' | sed -E '
		s/.*dangling reference.*/dangling reference/; s/.*wrapped at about.*/wrapped layout/
		s/.*goes on the paragraph above.*/wrapped number joined/; s/.*holds only a sentence.*/sentence-only chapter/
		s/.*stray space.*/stray space read/; s/.*appears again.*/number twice (both kept)/
		s/.*steps back.*/swapped digits read (run)/; s/.*digits swapped.*/swapped digits read/
		s/.*a stray digit in.*/stray digit read/; s/.*a mistyped digit in.*/mistyped digit read/
		s/.*lacks its rule part.*/letter without its rule read/
		s/.*is out of order.*/out of order/; s/.*heads an indented list.*/glossary sub-heading/
		s/.*runs into its definition.*/term run into its definition/; s/.*truncated.*/truncated/
		s/.*about as well.*/weak 8-bit encoding guess/; s/.*read as (Mac Roman|CP437).*/8-bit text read as \1/
		s/^judge: .*/other/' | sort | uniq -c | awk '{c=$1; $1=""; sub(/^ /,""); printf "%s%s%s", (NR>1?", ":""), (c>1?c"× ":""), $0}')
	echo "| ${name%.txt} | $jr | $jg | $je | $rules | $gloss | $examples | $all${notes:+ —$notes} | ${said:-nothing} | ${carried:-all (its own numbers)} |" >> "$table"
done
echo "" >> "$table"
echo "$exact of $releases releases: judge's counts equal the independent counts exactly${differ:+; the others:$differ (why: the agree? column, from tests/scripts/cr_counts.expect)}." >> "$table"
echo "# $exact of $releases releases agree exactly; table in $table"
