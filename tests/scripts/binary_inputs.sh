#!/usr/bin/env bash
# binary_inputs.sh — every file judge reads, given binary bytes instead: one error naming
# file:line:col and a next step, the right exit status, no raw bytes echoed to the terminal,
# no crash, and the rest of the session still works. Needs only the built-in data.
set -u
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
# bytes with a NUL on line 2, column 4, and high bytes before it
printf 'ab\n\001\377\376\000junk\200\201\n\000\000\000' >"$W/bin.dat"
# true when the file is UTF-8 text with no control character but tab and newline
clean() { iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1 && ! LC_ALL=C grep -qP '[\x00-\x08\x0b-\x1f\x7f]' "$1"; }

"$JUDGE" --rules "$W/bin.dat" 100.1 >"$W/out" 2>"$W/err"; st=$?
[ $st = 2 ] && grep -q 'bin.dat:2:4: error: this is a binary file' "$W/err"; ok $? "--rules: a binary file is an error at 2:4, exit 2"
clean "$W/err"; ok $? "--rules: no raw bytes on the terminal"

"$JUDGE" resolve "$W/bin.dat" >"$W/out" 2>"$W/err"; st=$?
[ $st = 2 ] && grep -q 'bin.dat:2:4: error: this is a binary file, not a board' "$W/err" && [ "$(grep -c error "$W/err")" = 1 ]
ok $? "resolve: one error at 2:4, exit 2"
clean "$W/err"; ok $? "resolve: no raw bytes on the terminal"

"$JUDGE" textbook --textbook "$W/bin.dat" layers >"$W/out" 2>"$W/err"; st=$?
[ $st = 2 ] && grep -q 'bin.dat:2:4: error: this is a binary file, not a textbook' "$W/err"; ok $? "--textbook: an error at 2:4, exit 2"
clean "$W/err"; ok $? "--textbook: no raw bytes on the terminal"

"$JUDGE" --doc "$W/bin.dat" ipg 2.3 >"$W/out" 2>"$W/err"; st=$?
grep -q 'bin.dat:2:4: error: this is a binary file, not text' "$W/err" && ! grep -q 'Comprehensive Rules' "$W/err"
ok $? "--doc: a binary file is an error at 2:4 that does not ask for the Comprehensive Rules"
clean "$W/err"; ok $? "--doc: no raw bytes on the terminal"
[ $st = 2 ]; ok $? "--doc: a binary file is an input error, exit 2 (got $st)"
# every file named with --doc that cannot be used is exit 2, like --rules and resolve
: >"$W/empty.txt"; mkdir -p "$W/adir"
for f in "$W/missing.pdf" "$W/adir" "$W/empty.txt"; do
	"$JUDGE" --doc "$f" ipg 2.3 >"$W/out" 2>"$W/err"; st=$?
	[ $st = 2 ] && grep -q "$(basename "$f")" "$W/err"; ok $? "--doc $(basename "$f"): named on stderr, exit 2 (got $st)"
done
"$JUDGE" ipg 2.3 --doc "$W/missing.pdf" >"$W/out" 2>"$W/err"; st=$?
[ $st = 2 ]; ok $? "ipg ... --doc MISSING after the command: exit 2 (got $st)"
# a command that never opens the documents (a rule lookup) still reports a bad --doc
for f in "$W/bin.dat" "$W/missing.pdf"; do
	"$JUDGE" --doc "$f" 100.1 >"$W/out" 2>"$W/err"; st=$?
	[ $st = 2 ] && grep -q "$(basename "$f").*error" "$W/err" && grep -q '^100\.1' "$W/out"
	ok $? "--doc $(basename "$f") with a rule lookup: the rule, the file's error, exit 2 (got $st)"
done

mkdir -p "$XDG_CONFIG_HOME/judge"
cp "$W/bin.dat" "$XDG_CONFIG_HOME/judge/thesaurus.tsv"
"$JUDGE" search trample >"$W/out" 2>"$W/err"; st=$?
grep -q 'thesaurus.tsv:2:4: error: this is a binary file, not a thesaurus' "$W/err"; ok $? "a binary user thesaurus is one error at 2:4"
[ $st = 0 ] && [ -s "$W/out" ]; ok $? "and search still answers from the built-in thesaurus"
rm -f "$XDG_CONFIG_HOME/judge/thesaurus.tsv"
# saved as UTF-16 (with a BOM, or without one): read as what it is, the same as UTF-8
printf 'zorblax\tmulligan\n' >"$W/th8.tsv"
cp "$W/th8.tsv" "$XDG_CONFIG_HOME/judge/thesaurus.tsv"
"$JUDGE" search zorblax >"$W/want" 2>&1
for enc in UTF-16 UTF-16LE; do
	iconv -f UTF-8 -t $enc "$W/th8.tsv" >"$XDG_CONFIG_HOME/judge/thesaurus.tsv"
	"$JUDGE" search zorblax >"$W/out" 2>"$W/err"; st=$?
	[ $st = 0 ] && grep -q '^[0-9]' "$W/out" && cmp -s "$W/out" "$W/want" && ! grep -q 'binary' "$W/err"
	ok $? "a user thesaurus saved as $enc is read, not called binary"
done
rm -f "$XDG_CONFIG_HOME/judge/thesaurus.tsv"
# a situation of the built-in file, saved as UTF-16 in the user's: read too (no "binary")
grep -v '^#' "$ROOT/corpus/situations.tsv" | head -n 3 | iconv -f UTF-8 -t UTF-16 >"$XDG_CONFIG_HOME/judge/situations.tsv"
"$JUDGE" search mulligan >"$W/out" 2>"$W/err"; st=$?
[ $st = 0 ] && ! grep -q 'binary\|error' "$W/err"; ok $? "a user situations file saved as UTF-16 is read, not called binary"
rm -f "$XDG_CONFIG_HOME/judge/situations.tsv"

cp "$W/bin.dat" "$XDG_CONFIG_HOME/judge/init"
printf '100.1\n' | "$JUDGE" >"$W/out" 2>"$W/err"; st=$?
grep -q 'init:2:4: this is a binary file' "$W/err" && grep -q '^100\.1 ' "$W/out"; ok $? "a binary init file is reported at 2:4 and the session goes on"
rm -f "$XDG_CONFIG_HOME/judge/init"

printf ':source %s\n100.1\n' "$W/bin.dat" | "$JUDGE" >"$W/out" 2>"$W/err"; st=$?
grep -q 'bin.dat:2:4: this is a binary file' "$W/err" && grep -q '^100\.1 ' "$W/out"; ok $? ":source of a binary file is refused and the next line runs"
clean "$W/err"; ok $? ":source: no raw bytes on the terminal"

: >"$W/empty.txt"
"$JUDGE" textbook --textbook "$W/empty.txt" layers >"$W/out" 2>"$W/err"; st=$?
[ $st = 2 ] && grep -q 'empty.txt: error: the file is empty, not a textbook' "$W/err" && grep -q -- '--textbook FILE' "$W/err"
ok $? "--textbook: an empty file is an input error with a next step, exit 2 (exit $st)"
"$JUDGE" --rules "$W/empty.txt" 100.1 >"$W/out" 2>"$W/err"; st=$?
[ $st = 2 ] && grep -q 'empty.txt: error: the file is empty' "$W/err"; ok $? "--rules: an empty file is an input error, exit 2 (exit $st)"

mkdir -p "$XDG_STATE_HOME/judge"
cp "$W/bin.dat" "$XDG_STATE_HOME/judge/study.tsv"
"$JUDGE" study stats >"$W/out" 2>"$W/err"; st=$?
ls "$XDG_STATE_HOME/judge/" | grep -q 'study.tsv.corrupt-' && cmp -s "$W/bin.dat" "$XDG_STATE_HOME"/judge/study.tsv.corrupt-*
ok $? "a binary study file is set aside unchanged"
rm -rf "$XDG_STATE_HOME/judge"

# the questions file of `search --bench`: nothing to measure is an error, not a recall of 0
"$JUDGE" search --bench "$W/bin.dat" >"$W/out" 2>"$W/err"; st=$?
[ $st = 2 ] && grep -q 'bin.dat:2:4: error: this is a binary file, not a questions file' "$W/err" && grep -q 'QUESTION<TAB>' "$W/err" && clean "$W/err"
ok $? "search --bench: a binary file is an error at 2:4 with the format, no raw bytes, exit 2 (exit $st)"
"$JUDGE" search --bench "$W/empty.txt" >"$W/out" 2>"$W/err"; st=$?
[ $st = 2 ] && grep -q 'empty.txt: error: no questions in the file' "$W/err" && [ ! -s "$W/out" ]
ok $? "search --bench: an empty file is an error, nothing measured, exit 2 (exit $st)"
printf 'what is trample\t702.19\nhow does first strike work\t702.7 foo\n' >"$W/q.tsv"
"$JUDGE" search --bench "$W/q.tsv" >"$W/out" 2>"$W/err"; st=$?
[ $st = 2 ] && grep -q 'q.tsv:2:34: error: "foo" is not a rule number' "$W/err"
ok $? "search --bench: an answer that is no rule number is an error at its line and column (exit $st)"

[ $n -gt 0 ] && echo "1..$n"
exit $bad
