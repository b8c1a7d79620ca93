#!/usr/bin/env bash
# hostile_files.sh — what is not a regular file (a FIFO, /dev/zero, a folder) given to each
# reader judge has is refused at once with a clear error, never read forever or blocked on;
# symlinks where judge writes are not written through; temporary files of a judge killed
# with -9 do not pile up; diagnostics are capped per file; the rules folder ignores the
# umask. Needs only the built-in data. (Issue 16, items 5, 6, 8, 9, 11; the policy document
# and card readers too.)
set -u
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
W=$(mktemp -d); trap 'rm -rf "$W" "$XDG_STATE_HOME/judge" "$XDG_CACHE_HOME/judge"' EXIT
mkfifo "$W/fifo"; mkdir "$W/folder"
# memory is capped so that reading /dev/zero forever fails fast instead of eating the machine
# (ASan reserves terabytes of address space, so not under the sanitizer)
lim() { if [ "${JUDGE_SANITIZED:-}" = 1 ]; then "$@"; else (ulimit -v 3000000; "$@"); fi; }
# $1 = what, $2 = expected error text; the rest is the command
refused() {
	local what=$1 want=$2; shift 2
	lim timeout 20 "$@" >"$W/out" 2>"$W/err" </dev/null; local st=$?
	[ $st != 124 ] && [ $st -lt 128 ] && grep -q "$want" "$W/err"
	ok $? "$what (exit $st)"
	[ $st = 124 ] || [ $st -ge 128 ] || ! grep -q "$want" "$W/err" && sed -n 1,3p "$W/err" | sed 's/^/# /'
}
notreg='not a regular file'
for x in fifo zero folder; do
	case $x in fifo) f=$W/fifo; msg=$notreg ;; zero) f=/dev/zero; msg=$notreg ;; folder) f=$W/folder; msg='is a folder' ;; esac
	# (a folder given to --rules is a folder of releases)
	[ $x = folder ] || refused "--rules $x" "$msg" "$JUDGE" --rules "$f" 100.1
	refused "resolve $x" "$msg" "$JUDGE" resolve "$f"
	refused "--textbook $x" "$msg" "$JUDGE" textbook --textbook "$f" layers
	refused ":source $x" "$msg" sh -c "printf ':source %s\n' '$f' | '$JUDGE'"
	refused "--doc $x" "$msg" "$JUDGE" --doc "$f" ipg 2.3
	refused "cards import $x" "$msg" "$JUDGE" cards import "$f"
	mkdir -p "$XDG_CONFIG_HOME/judge"
	for v in thesaurus situations; do
		rm -rf "$XDG_CONFIG_HOME/judge/$v.tsv"
		case $x in fifo) mkfifo "$XDG_CONFIG_HOME/judge/$v.tsv" ;; zero) ln -s /dev/zero "$XDG_CONFIG_HOME/judge/$v.tsv" ;;
		folder) mkdir "$XDG_CONFIG_HOME/judge/$v.tsv" ;; esac
		refused "a user $v.tsv that is a $x" "$v.tsv: error: cannot read the $v: .*$msg" "$JUDGE" --no-cache search trample
		# define reads the thesaurus too, for abbreviations (ETB, cmc)
		[ $v = thesaurus ] && refused "define with a user thesaurus.tsv that is a $x" \
			"thesaurus.tsv: warning: cannot read the thesaurus: .*$msg" "$JUDGE" define zzqq
		rm -rf "$XDG_CONFIG_HOME/judge/$v.tsv"
	done
	rm -rf "$XDG_CONFIG_HOME/judge/init"
	case $x in fifo) mkfifo "$XDG_CONFIG_HOME/judge/init" ;; zero) ln -s /dev/zero "$XDG_CONFIG_HOME/judge/init" ;;
	folder) mkdir "$XDG_CONFIG_HOME/judge/init" ;; esac
	lim timeout 20 sh -c "printf '100.1\n' | '$JUDGE'" >"$W/out" 2>"$W/err"; st=$?
	[ $st != 124 ] && grep -q "init.*$msg" "$W/err" && grep -q '^100\.1 ' "$W/out"
	ok $? "an init file that is a $x is reported and the session goes on (exit $st)"
	rm -rf "$XDG_CONFIG_HOME/judge/init"
	mkdir -p "$XDG_STATE_HOME/judge"; rm -rf "$XDG_STATE_HOME/judge/study.tsv"
	case $x in fifo) mkfifo "$XDG_STATE_HOME/judge/study.tsv" ;; zero) ln -s /dev/zero "$XDG_STATE_HOME/judge/study.tsv" ;;
	folder) mkdir "$XDG_STATE_HOME/judge/study.tsv" ;; esac
	refused "a study file that is a $x" "study.tsv: error: cannot read study progress: .*$msg" "$JUDGE" study stats
	rm -rf "$XDG_STATE_HOME/judge/study.tsv"
done

# an answer that cannot be written (a full disk) is an error, never a cut answer taken as whole
if [ -w /dev/full ]; then
	for args in "100.1" "--json search trample" "toc"; do
		"$JUDGE" $args >/dev/full 2>"$W/err"; st=$?
		[ $st = 2 ] && grep -q 'cannot write the answer to standard output: No space left' "$W/err"
		ok $? "judge $args >/dev/full says the answer is incomplete, exit 2 (exit $st)"
	done
	printf '100.1\n' | "$JUDGE" >/dev/full 2>"$W/err"; st=$?
	[ $st = 2 ] && grep -q 'cannot write the answer' "$W/err"; ok $? "and so does a piped session (exit $st)"
fi

# the user's vocabulary files are read for each release searched; a problem is said once
mkdir -p "$XDG_CONFIG_HOME/judge"; rm -rf "$XDG_CONFIG_HOME/judge/thesaurus.tsv"; mkdir "$XDG_CONFIG_HOME/judge/thesaurus.tsv"
"$JUDGE" --no-cache search trample >/dev/null 2>"$W/err"
[ "$(grep -c 'cannot read the thesaurus' "$W/err")" = 1 ] && grep -q '^  .*thesaurus' "$W/err"
ok $? "a thesaurus that cannot be read is one error with a next step ($(grep -c 'cannot read the thesaurus' "$W/err") times)"
rm -rf "$XDG_CONFIG_HOME/judge/thesaurus.tsv"

# the search index cache: a FIFO or a folder in place of the file is passed over, not waited on
rm -rf "$XDG_CACHE_HOME"
"$JUDGE" search trample >/dev/null 2>&1
idx=$(ls "$XDG_CACHE_HOME"/judge/srch-*.idx 2>/dev/null)
[ -n "$idx" ]; ok $? "search saved an index to replace"
for x in fifo folder; do
	for i in $idx; do rm -rf "$i"; if [ $x = fifo ]; then mkfifo "$i"; else mkdir "$i"; fi; done
	lim timeout 20 "$JUDGE" -v search trample >"$W/out" 2>&1; st=$?
	[ $st = 0 ] && grep -q 'rebuilt' "$W/out"; ok $? "a cache file that is a $x is rebuilt around, not read (exit $st)"
done
rm -rf $idx

# symlinks where judge writes: the targets are never touched
echo "precious" >"$W/target"
rm -rf "$XDG_CACHE_HOME"; mkdir -p "$XDG_CACHE_HOME" "$W/elsewhere"
for i in 1 2 3 4 5 6 7 8 9 10; do echo "keep $i" >"$W/elsewhere/srch-000000000000000$i.idx"; done
ln -s "$W/elsewhere" "$XDG_CACHE_HOME/judge"
"$JUDGE" -v search trample >"$W/out" 2>&1; st=$?
[ $st = 0 ] && [ "$(ls "$W/elsewhere" | wc -l)" = 10 ] && grep -q 'symlink' "$W/out"
ok $? "a symlinked cache folder is not used, and nothing in its target is pruned"
rm -rf "$XDG_CACHE_HOME"

mkdir -p "$XDG_STATE_HOME/judge"
ln -s "$W/target" "$XDG_STATE_HOME/judge/study.tsv.tmp-$$-0"
for p in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do ln -sf "$W/target" "$XDG_STATE_HOME/judge/study.tsv.tmp-$p"; done
printf 'wrong\n' | "$JUDGE" quiz which --count 1 --seed 1 >"$W/out" 2>"$W/err"
[ "$(cat "$W/target")" = precious ] && grep -q '^# judge study progress v2' "$XDG_STATE_HOME/judge/study.tsv" && [ ! -L "$XDG_STATE_HOME/judge/study.tsv" ]
ok $? "symlinks planted at temporary names of the study file are not written through"
rm -rf "$XDG_STATE_HOME/judge"; mkdir -p "$XDG_STATE_HOME/judge"
ln -s "$W/target" "$XDG_STATE_HOME/judge/study.tsv"
printf 'wrong\n' | "$JUDGE" quiz which --count 1 --seed 1 >"$W/out" 2>"$W/err"
[ "$(cat "$W/target")" = precious ]; ok $? "a symlinked study file's target is not overwritten"
rm -rf "$XDG_STATE_HOME/judge"

# kill -9 leftovers: a temporary file of a process that is gone is removed by the next save
mkdir -p "$XDG_STATE_HOME/judge"
sh -c 'exit 0' & dead=$!; wait $dead
echo junk >"$XDG_STATE_HOME/judge/study.tsv.tmp-$dead-0"
printf 'wrong\n' | "$JUDGE" quiz which --count 1 --seed 1 >/dev/null 2>&1
[ ! -e "$XDG_STATE_HOME/judge/study.tsv.tmp-$dead-0" ] && [ -f "$XDG_STATE_HOME/judge/study.tsv" ]
ok $? "a dead process's study temporary file is cleaned up by the next save"
rm -rf "$XDG_STATE_HOME/judge" "$XDG_CACHE_HOME"
"$JUDGE" search trample >/dev/null 2>&1
idx=$(ls "$XDG_CACHE_HOME"/judge/srch-*.idx | head -n 1)
head -c 100000 "$idx" >"$XDG_CACHE_HOME/judge/srch-00000000deadbeef.idx.tmp-$dead-3"
rm -f "$XDG_CACHE_HOME"/judge/srch-*.idx
"$JUDGE" search trample >/dev/null 2>&1
[ ! -e "$XDG_CACHE_HOME/judge/srch-00000000deadbeef.idx.tmp-$dead-3" ]; ok $? "a dead process's cache temporary file is cleaned up by the next save"

# diagnostics are capped per file
mkdir -p "$XDG_CONFIG_HOME/judge"
awk 'BEGIN { for (i = 0; i < 20000; i++) print "lonely\t704.5a\tnot a pair" }' >"$XDG_CONFIG_HOME/judge/situations.tsv"
timeout 60 "$JUDGE" --no-cache search trample >"$W/out" 2>"$W/err"; st=$?
w=$(grep -c 'situations.tsv:[0-9]*:[0-9]*: warning' "$W/err")
# (said once, though search builds an index for each built-in partial text)
[ $st = 0 ] && [ "$w" = 50 ] &&
	[ "$(grep -c 'situations.tsv: \.\.\. and 19950 more problems not shown' "$W/err")" = 1 ]
ok $? "20,000 bad situation lines give 50 warnings and one line for the rest, once (got $w)"
[ "$(wc -l <"$W/err")" -lt 1000 ]; ok $? "so the terminal gets a few hundred lines, not 80,000"
rm -f "$XDG_CONFIG_HOME/judge/situations.tsv"

echo "1..$n"
exit $bad
