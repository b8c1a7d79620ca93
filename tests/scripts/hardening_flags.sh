#!/usr/bin/env bash
# hardening_flags.sh — the default build is hardened: full RELRO (BIND_NOW), a stack
# protector, fortified libc calls, and CET marks on our objects where the compiler makes
# them. The sanitizer build leaves them out on purpose, so it skips.
set -u
[ "${JUDGE_SANITIZED:-}" = 1 ] && { echo "skip: the sanitizer build is not hardened (HARDEN= in the Makefile)"; exit 77; }
command -v readelf >/dev/null && command -v nm >/dev/null || { echo "skip: readelf and nm (binutils) are needed"; exit 77; }
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
readelf -d "$JUDGE" | grep -q 'BIND_NOW'; ok $? "full RELRO: the binary is bound now"
readelf -lW "$JUDGE" | grep -q 'GNU_RELRO'; ok $? "a GNU_RELRO segment"
nm -D "$JUDGE" 2>/dev/null | grep -q '__stack_chk_fail'; ok $? "stack protector: __stack_chk_fail is called"
nm -D "$JUDGE" 2>/dev/null | grep -qE '__(memcpy|snprintf|vsnprintf|fprintf)_chk'; ok $? "_FORTIFY_SOURCE: fortified libc calls"
obj=$(dirname "$JUDGE")/src/index/index.o
if [ -f "$obj" ] && echo | ${CC:-cc} -fcf-protection -E -dM - 2>/dev/null | grep -q __CET__; then
	readelf -n "$obj" | grep -q 'IBT, SHSTK'; ok $? "CET: our objects are marked IBT and SHSTK"
fi
echo "1..$n"
exit $bad
