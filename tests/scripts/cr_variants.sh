#!/usr/bin/env bash
# cr_variants.sh — releases judge has never seen: cr_variants.py makes, from shipped releases,
# the ways a future or differently saved copy may come (UTF-16LE/BE, UTF-8 with a BOM and
# CRLF or bare CR, Windows-1252, Mac Roman, page breaks, tabs, the glossary moved, the
# Credits heading and the date sentence written otherwise, a new chapter 9xx, keywords on to
# 702.200, subrule letters past z). Each must pass `judge check`, give its release date, and
# read every record (rules, examples, glossary) with the same text as the plain UTF-8 copy
# of the same release, plus, where the variant adds rules, each of those found with its text.
set -u
[ -n "${SHARED:-}" ] || { echo "skip: ../shared is absent (the official CR releases are test inputs only)"; exit 77; }
command -v python3 >/dev/null || { echo "skip: python3 is absent"; exit 77; }
here=$(cd "$(dirname "$0")" && pwd)
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
export JUDGE_NO_CACHE=1
# every record of a release, one a line, sorted (a record's text may hold line breaks)
records() {
	"$JUDGE" --rules "$1" search --dump 2>/dev/null |
		awk '/^INSERT INTO/ { if (r != "") print r; r = $0; next } /^(COMMIT|BEGIN|CREATE)/ { next } { r = r "\\n" $0 } END { if (r != "") print r }' |
		LC_ALL=C sort
}
field() { python3 -c 'import json,sys; v=json.load(sys.stdin); print(v[0][sys.argv[1]] if isinstance(v,list) else v[sys.argv[1]])' "$1"; }

for base in cr-2026-01-16 cr-2015-11-13 cr-2008-10-01; do
	src=$SHARED/cr/$base.txt
	[ -f "$src" ] || continue
	d=$W/$base; python3 "$here/cr_variants.py" "$src" "$d" || { ok 1 "cr_variants.py made no variants of $base"; continue; }
	# the plain copy reads as the shipped file does
	records "$src" >"$W/orig"; records "$d/plain.txt" >"$W/plain"
	cmp -s "$W/orig" "$W/plain"; ok $? "$base: the plain UTF-8 copy reads as the shipped file ($(wc -l <"$W/orig") records)"
	while IFS=$'\t' read -r name ref date added; do
		v=$d/$name.txt
		"$JUDGE" check "$v" >"$W/check" 2>&1; st=$?
		"$JUDGE" check "$d/$ref" >"$W/check.ref" 2>&1; rst=$?
		errs=$(grep -c ': error: ' "$W/check")
		[ $st = $rst ] && [ "$errs" = 0 ]
		ok $? "$base $name: judge check exits $st as the plain copy does ($rst), $errs errors$( [ "$errs" = 0 ] || grep -m 2 ': error: ' "$W/check" | sed 's/^/; /' | tr '\n' ' ')"
		got=$("$JUDGE" --rules "$v" --json versions 2>/dev/null | field date)
		[ "$got" = "$date" ]; ok $? "$base $name: the release date is read: $got (want $date)"
		records "$d/$ref" >"$W/want"; records "$v" >"$W/got"
		if [ "$added" = - ]; then
			diff "$W/want" "$W/got" >"$W/diff"; st=$?
			ok $st "$base $name: every record reads with the text of the plain copy ($(wc -l <"$W/want") records; $(grep -c '^<' "$W/diff") lost or changed$( [ $st = 0 ] || { grep -m 1 '^<' "$W/diff" | cut -c1-120; grep -m 1 '^>' "$W/diff" | cut -c1-120; } | sed 's/^/; /' | tr '\n' ' '))"
		else
			# nothing of the plain copy is lost or changed, and exactly the added entries come in
			lost=$(LC_ALL=C comm -23 "$W/want" "$W/got" | wc -l)
			extra=$(LC_ALL=C comm -13 "$W/want" "$W/got" | wc -l)
			nadd=$(wc -l <"$d/$added")
			[ "$lost" = 0 ] && [ "$extra" = "$nadd" ]
			ok $? "$base $name: the plain copy's records all read ($lost lost or changed) and $extra new ones come in (want $nadd)$( [ "$lost" = 0 ] || LC_ALL=C comm -23 "$W/want" "$W/got" | head -n 2 | cut -c1-120 | sed 's/^/; /' | tr '\n' ' ')"
			wrong=0; first=""
			ids=$(cut -f1 "$d/$added" | tr '\n' ' ')
			# shellcheck disable=SC2086
			"$JUDGE" --rules "$v" --json rule $ids >"$W/json" 2>"$W/err"
			python3 - "$W/json" "$d/$added" >"$W/wrong" <<'PY'
import json, sys
try:
    got = json.load(open(sys.argv[1]))
except ValueError:
    got = []
if isinstance(got, dict):
    got = [got]
by = {g.get("id"): g for g in got}
for line in open(sys.argv[2], encoding="utf-8"):
    rid, text = line.rstrip("\n").split("\t", 1)
    g = by.get(rid)
    have = None if g is None else (g.get("text") or g.get("title"))
    if have != text:
        print("%s: %r" % (rid, have if have is None else have[:60]))
PY
			wrong=$(wc -l <"$W/wrong")
			[ "$wrong" = 0 ]; ok $? "$base $name: each of the $nadd added rules is found with its text ($wrong not$( [ "$wrong" = 0 ] || head -n 2 "$W/wrong" | sed 's/^/; /' | tr '\n' ' '))"
		fi
	done <"$d/expect.tsv"
done
echo "1..$n"
exit $bad
