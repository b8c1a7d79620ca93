#!/usr/bin/env bash
# tests/scripts/search_cache.sh — the search index cache end to end: where it lives, that
# a loaded index answers as a built one, that -v says which it was, that --no-cache and
# JUDGE_NO_CACHE turn it off, and that a damaged file or an unusable folder only costs
# a rebuild.
set -u
CR="${SHARED:-}/cr/cr-2026-01-16.txt"
OLD="${SHARED:-}/cr/cr-2025-11-14.txt"
if [ -z "${SHARED:-}" ] || [ ! -f "$CR" ] || [ ! -f "$OLD" ]; then
	echo "skip: ../shared/cr releases are absent (the official releases are test inputs only)"; exit 77
fi
T=$(mktemp -d); trap 'chmod -R u+w "$T" 2>/dev/null; rm -rf "$T"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
check() { local what=$1; shift; "$@"; ok $? "$what"; }
export XDG_CACHE_HOME="$T/cache"
unset JUDGE_NO_CACHE
C="$T/cache/judge"
Q=(search -v -n 20 lethal damage trample)   # -v: the scores too
J=("$JUDGE" --rules "$CR")

# what is printed, without the -v lines that say how the index came to be
answer() { "$@" 2>&1 | grep -v -e 'index of [0-9]* documents' -e '^search index'; }

answer "${J[@]}" --no-cache "${Q[@]}" >"$T/want"
check "no file with --no-cache" [ ! -e "$C" ]
JUDGE_NO_CACHE=1 "${J[@]}" "${Q[@]}" >"$T/out" 2>&1
check "nor with JUDGE_NO_CACHE=1" [ ! -e "$C" ]
check "-v says it was built" grep -q 'built in [0-9.]* ms' "$T/out"
check "and nothing about a cache" bash -c "! grep -q cache '$T/out'"

"${J[@]}" "${Q[@]}" >"$T/out" 2>&1
check "first use: built and saved" grep -q "^search index cache $C/srch-[0-9a-f]\{16\}\.idx: none yet, built and saved ([0-9]* KB)" "$T/out"
f=$(ls "$C"/srch-*.idx 2>/dev/null)
check "one file in \$XDG_CACHE_HOME/judge" [ "$(ls "$C" | grep -v '^mentions-[0-9a-f]*\.tsv$' | wc -l)" = 1 ]
check "the folder is private" [ "$(stat -c %a "$C")" = 700 ]
# beside the index, the cards the textbook and the boards name (mentions.c), private too
check "the mentions file is private" [ "$(stat -c %a "$C"/mentions-*.tsv)" = 600 ]
check "the file is private" [ "$(stat -c %a "$f")" = 600 ]
check "the same answers when building" diff -q <(answer "${J[@]}" "${Q[@]}") "$T/want"
"${J[@]}" "${Q[@]}" >"$T/out" 2>&1
check "second use: loaded" grep -q 'index of [0-9]* documents.*loaded from the cache in [0-9.]* ms' "$T/out"
check "-v names the file" grep -q "^search index loaded from $f" "$T/out"
check "the same answers when loaded" diff -q <(answer "${J[@]}" "${Q[@]}") "$T/want"
check "JSON is the same too" diff -q <("${J[@]}" --json search lethal damage) <("${J[@]}" --no-cache --json search lethal damage)
size=$(stat -c %s "$f")

# damage: each time rebuilt (and -v says why), the same answers, and a good file again
damage() {   # damage WHAT WHY COMMAND...
	local what=$1 why=$2; shift 2
	"$@"
	"${J[@]}" "${Q[@]}" >"$T/out" 2>&1; local st=$?
	check "$what: exit 0" [ $st = 0 ]
	check "$what: -v says $why" grep -q "^search index cache $f: $why, rebuilt" "$T/out"
	check "$what: the same answers" diff -q <(grep -v -e 'index of [0-9]* documents' -e '^search index' "$T/out") "$T/want"
	check "$what: a good file again" [ "$(stat -c %s "$f")" = "$size" ]
}
cp "$f" "$T/good"
damage "empty" "empty file" truncate -s 0 "$f"
damage "cut in the header" "truncated header" truncate -s 30 "$f"
damage "cut in half" "truncated" truncate -s $((size / 2)) "$f"
damage "one byte short" "truncated" truncate -s $((size - 1)) "$f"
flip() {   # flip OFFSET: invert one byte of $f
	local b; b=$(od -An -tu1 -j "$1" -N1 "$f" | tr -d ' ')
	printf "$(printf '\\%03o' $((255 - b)))" | dd of="$f" bs=1 seek="$1" conv=notrunc status=none
}
damage "magic" "not a judge index" flip 3
damage "version" "other format version" flip 9
damage "byte order" "other byte order" flip 12
damage "payload" "checksum mismatch" flip $((size / 3))
damage "last byte" "checksum mismatch" flip $((size - 1))
damage "garbage" "not a judge index" bash -c "head -c $size /dev/urandom >'$f'"
rm -f "$f" && mkdir "$f"
"${J[@]}" "${Q[@]}" >"$T/out" 2>&1; st=$?
check "a folder in its place: exit 0" [ $st = 0 ]
check "a folder in its place: -v says so" grep -q "^search index cache $f: it is a folder, not a file, rebuilt; not saved" "$T/out"
check "a folder in its place: the same answers" diff -q <(grep -v -e 'index of [0-9]* documents' -e '^search index' "$T/out") "$T/want"
check "the folder was left alone" [ -d "$f" ]
check "no temporary file was left behind" [ "$(ls "$C" | grep -v '^mentions-[0-9a-f]*\.tsv$' | wc -l)" = 1 ]
rmdir "$f"
damage "a link in its place" "it is a symbolic link, which judge does not follow here" ln -s "$T/good" "$f"
rm -f "$f"

# another release has its own file; this one's is still used
"${J[@]}" search trample >/dev/null 2>&1
"$JUDGE" --rules "$OLD" "${Q[@]}" >"$T/out" 2>&1
check "another release: its own file" grep -q 'none yet, built and saved' "$T/out"
check "two files now" [ "$(ls "$C" | grep -v '^mentions-[0-9a-f]*\.tsv$' | wc -l)" = 2 ]
check "another release answers as without the cache" diff -q <(grep -v -e 'index of [0-9]* documents' -e '^search index' "$T/out") <(answer "$JUDGE" --rules "$OLD" --no-cache "${Q[@]}")
"${J[@]}" "${Q[@]}" >"$T/out" 2>&1
check "and this release still loads its own" grep -q 'loaded from the cache' "$T/out"

# a folder that cannot be written: built every time, no complaint
mkdir -p "$T/ro/judge" && chmod 500 "$T/ro/judge"
XDG_CACHE_HOME="$T/ro" "${J[@]}" "${Q[@]}" >"$T/out" 2>"$T/err"; st=$?
if [ -w "$T/ro/judge" ]; then
	echo "ok $((n += 1)) - # skip a read-only folder (running as root)"
else
	check "a read-only folder: exit 0" [ $st = 0 ]
	check "a read-only folder: -v says not saved" grep -q 'not saved in' "$T/out"
fi
echo x >"$T/plain"
XDG_CACHE_HOME="$T/plain" "${J[@]}" "${Q[@]}" >"$T/out" 2>"$T/err"; st=$?
check "a folder that cannot be made: exit 0" [ $st = 0 ]
check "nothing on stderr" [ ! -s "$T/err" ]
check "-v says not saved" grep -q "not saved in $T/plain/judge: cannot create the folder" "$T/out"
check "the same answers" diff -q <(grep -v -e 'index of [0-9]* documents' -e '^search index' "$T/out") "$T/want"

# without XDG_CACHE_HOME (or with a relative one): ~/.cache/judge
mkdir -p "$T/home"
env -u XDG_CACHE_HOME HOME="$T/home" "${J[@]}" search trample >/dev/null 2>&1
check "default: ~/.cache/judge" [ -n "$(ls "$T/home/.cache/judge" 2>/dev/null)" ]
XDG_CACHE_HOME=relative HOME="$T/home2" "${J[@]}" search trample >/dev/null 2>&1
check "a relative XDG_CACHE_HOME is ignored" bash -c "[ -d '$T/home2/.cache/judge' ] && [ ! -e relative ]"

# pipe mode and the REPL build (or load) once and search many times
printf 'search trample\nsearch -v deathtouch\n' | "${J[@]}" >"$T/out" 2>&1
check "pipe mode: the second search uses the index the first loaded" grep -q 'loaded from the cache' "$T/out"
check "--no-cache is in --help" grep -q -- '--no-cache' <("$JUDGE" --help)
echo "# $n checks"
