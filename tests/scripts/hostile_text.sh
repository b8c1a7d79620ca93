#!/usr/bin/env bash
# hostile_text.sh — text in the shapes editors and other systems leave it, given to each
# reader: UTF-16 (Windows' Notepad "Unicode", with or without a byte-order mark) and old
# Mac line ends (a bare CR) read as the same text; bytes that are not UTF-8 or that drive
# a terminal (Latin-1, ESC) never reach it raw in a message; a single 10 MB line in a
# policy document loads at once; a settings file of garbage stops after a few errors; a
# policy aliases file that is there but cannot be read is said. Built-in data, and the
# policy documents of ../shared/docs for the policy checks.
set -u
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
# true when the file is UTF-8 text with no control character but tab and newline
clean() { iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1 && ! LC_ALL=C grep -qP '[\x00-\x08\x0b-\x1f\x7f]' "$1"; }
san=${JUDGE_SANITIZED:-}
cpu() {   # $1 = seconds of CPU allowed (x10 under the sanitizer); the rest is the command
	local limit=$1 TIMEFORMAT='%3U %3S' u sy; shift
	[ -n "$san" ] && limit=$((limit * 10))
	{ time { timeout $((limit * 4)) "$@" >"$W/out" 2>"$W/err"; st=$?; }; } 2>"$W/time"
	read -r u sy < <(tail -n 1 "$W/time")
	ms=$(awk -v u="$u" -v s="$sy" 'BEGIN { printf "%d", (u + s) * 1000 }')
	[ $st != 124 ] && [ $ms -lt $((limit * 1000)) ]
}

# ---- boards: UTF-16 and bare CR read as the same board ----
B=$ROOT/corpus/boards/abrupt-decay-cancel.board
"$JUDGE" resolve "$B" >"$W/want" 2>/dev/null
for enc in UTF-16 UTF-16LE UTF-16BE; do
	iconv -f UTF-8 -t $enc "$B" >"$W/b16.board"
	"$JUDGE" resolve "$W/b16.board" >"$W/out" 2>"$W/err"; st=$?
	[ $st = 0 ] && cmp -s "$W/out" "$W/want" && ! grep -q binary "$W/err"
	ok $? "resolve: a board saved as $enc resolves as the UTF-8 one (exit $st)"
done
tr '\n' '\r' <"$B" >"$W/cr.board"
"$JUDGE" resolve "$W/cr.board" >"$W/out" 2>"$W/err"; st=$?
[ $st = 0 ] && cmp -s "$W/out" "$W/want"; ok $? "resolve: a board with old Mac line ends (bare CR) resolves the same (exit $st)"
printf 'player Al\033]0;owned\007ice active\n' >"$W/esc.board"
"$JUDGE" resolve "$W/esc.board" >"$W/out" 2>"$W/err"; st=$?
[ $st = 2 ] && grep -q 'esc.board:1:10: error' "$W/err" && clean "$W/err"
ok $? "resolve: an escape sequence in a board is an error at its column (1:10), not sent to the terminal (exit $st)"

# ---- the textbook, the init file and :source in UTF-16 ----
cp "$ROOT/tests/textbook/sample.html" "$W/tb08.html"
iconv -f UTF-8 -t UTF-16 "$W/tb08.html" >"$W/tb16.html"
"$JUDGE" textbook --textbook "$W/tb08.html" layers >"$W/want" 2>&1
"$JUDGE" textbook --textbook "$W/tb16.html" layers >"$W/out" 2>"$W/err"; st=$?
[ $st = 0 ] && [ -s "$W/out" ] && diff -q <(sed 's/tb16\.html/tb08.html/' "$W/out") "$W/want" >/dev/null
ok $? "--textbook: a page saved as UTF-16 reads as the UTF-8 one (exit $st)"
mkdir -p "$XDG_CONFIG_HOME/judge"
printf ':set limit 3\n' | iconv -f UTF-8 -t UTF-16LE >"$XDG_CONFIG_HOME/judge/init"
printf ':settings\n' | "$JUDGE" >"$W/out" 2>"$W/err"
grep -q '^limit *3$' "$W/out" && ! grep -q binary "$W/err"; ok $? "an init file saved as UTF-16 (no BOM) is read: limit 3"
printf '100.1\n' | iconv -f UTF-8 -t UTF-16 >"$W/cmds16.txt"
printf ':source %s\n' "$W/cmds16.txt" | "$JUDGE" >"$W/out" 2>"$W/err"
grep -q '^100\.1 ' "$W/out" && ! grep -q binary "$W/err"; ok $? ":source of a file saved as UTF-16 runs its commands"

# a path with spaces and non-ASCII: quoted it runs; unquoted, the error says to quote it
printf '100.1\n' >"$W/my cmds é.txt"
printf ':source "%s"\n' "$W/my cmds é.txt" | "$JUDGE" >"$W/out" 2>"$W/err"
grep -q '^100\.1 ' "$W/out"; ok $? ":source of a quoted path with spaces and non-ASCII runs it"
printf ':source %s\n' "$W/my cmds é.txt" | "$JUDGE" >"$W/out" 2>"$W/err"
grep -q 'goes in quotes: :source "' "$W/err"; ok $? ":source of that path unquoted says to quote it"

# ---- an init file of garbage: a few errors, then it stops ----
awk 'BEGIN { for (i = 0; i < 100000; i++) print "garbage line " i }' >"$XDG_CONFIG_HOME/judge/init"
cpu 5 sh -c "printf '100.1\n' | '$JUDGE'"; r=$?
e=$(grep -c 'is not a setting' "$W/err")
[ $r = 0 ] && [ "$e" -le 20 ] && grep -q 'the rest of the file is not read' "$W/err" && grep -q '^100\.1 ' "$W/out"
ok $? "an init file of 100,000 wrong lines: $e errors, then one saying the rest is not read (${ms} ms of CPU)"
rm -f "$XDG_CONFIG_HOME/judge/init"

# ---- bytes a terminal must not get raw ----
printf 'caf\351 \253q\273\n' >"$XDG_CONFIG_HOME/judge/thesaurus.tsv"
"$JUDGE" --no-cache search trample >"$W/out" 2>"$W/err"
grep -q 'thesaurus.tsv:1:9: warning' "$W/err" && clean "$W/err"
ok $? "a Latin-1 thesaurus line is echoed under its caret as UTF-8, not as raw bytes"
sed -n '/thesaurus.tsv:1:9/{n;p;n;p}' "$W/err" >"$W/caret"
[ "$(sed -n 2p "$W/caret" | awk '{ print index($0, "^") }')" = 11 ]; ok $? "and the caret stands under column 9"
rm -f "$XDG_CONFIG_HOME/judge/thesaurus.tsv"
printf 'what is trample\t702.19 \303(\n' >"$W/q.tsv"
"$JUDGE" search --bench "$W/q.tsv" >"$W/out" 2>"$W/err"; st=$?
[ $st = 2 ] && grep -qF '"\xC3(" is not a rule number' "$W/err" && clean "$W/err"
ok $? "search --bench: a cut UTF-8 sequence in an answer is named \\xC3, not printed raw (exit $st)"
printf 'what is trample\t702.19\rwhat does trample do\t702.19b\r' >"$W/qcr.tsv"
"$JUDGE" search --bench "$W/qcr.tsv" >"$W/out" 2>"$W/err"; st=$?
[ $st = 0 ] && grep -q '(2 questions' "$W/out"; ok $? "search --bench: questions with bare CR line ends are two questions (exit $st)"

# ---- policy documents ----
if [ -n "${SHARED:-}" ] && [ -f "$SHARED/docs/ipg-2021-02-05.pdftotext.txt" ]; then
	IPG=$SHARED/docs/ipg-2021-02-05.pdftotext.txt
	{ cat "$IPG"; head -c 10485760 /dev/zero | tr '\0' x; echo; } >"$W/ipg-long.txt"
	cpu 5 "$JUDGE" --doc "$W/ipg-long.txt" ipg 2.3; r=$?
	[ $r = 0 ] && [ $st = 0 ] && grep -q 'Hidden Card Error' "$W/out"
	ok $? "--doc: a text with a 10 MB line of one word answers ipg 2.3 in ${ms} ms of CPU (exit $st)"
	for x in folder fifo empty; do
		for v in aliases words; do
			f=$XDG_CONFIG_HOME/judge/policy-$v.tsv
			rm -rf "$f"
			case $x in folder) mkdir "$f" ;; fifo) mkfifo "$f" ;; empty) : >"$f" ;; esac
			if [ $v = aliases ]; then
				timeout 20 "$JUDGE" --doc "$IPG" ipg hce >"$W/out" 2>"$W/err"; st=$?
			else
				timeout 20 "$JUDGE" --doc "$IPG" search "looked at an extra card" >"$W/out" 2>"$W/err"; st=$?
			fi
			if [ $x = empty ]; then
				[ $st = 0 ] && [ ! -s "$W/err" ]
				ok $? "an empty user policy-$v.tsv adds nothing and says nothing (exit $st)"
			else
				[ $st = 0 ] && grep -q "policy-$v.tsv: error: cannot read the policy $v" "$W/err" && grep -q 'Extra Cards\|Hidden Card Error' "$W/out"
				ok $? "a user policy-$v.tsv that is a $x is said, and the built-in one still answers (exit $st)"
			fi
			rm -rf "$f"
		done
	done
else
	echo "skip: ../shared/docs is absent (the policy documents are test inputs only)"
fi

echo "1..$n"
exit $bad
