#!/usr/bin/env bash
# check_exit.sh — `judge check` exits 0 when the files read (notes and warnings say how: a
# warning is a repair or a guess, not a failure), 1 for warnings only under --strict, 2 for
# errors; the note that a release wraps every paragraph names the line where that starts.
set -u
A="${SHARED:-}/cr-archive"
if [ -z "${SHARED:-}" ] || [ ! -d "$A" ]; then
	echo "skip: ../shared/cr-archive is absent (the official releases are test inputs only)"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
# every archived release whose only warnings are a weak 8-bit encoding guess, and others
weak=0; bad=0
for f in "$A"/cr-*.txt; do
	"$JUDGE" check "$f" >"$T/out" 2>&1; st=$?
	"$JUDGE" check --strict "$f" >/dev/null 2>&1; strict=$?
	if grep -q ': warning: ' "$T/out"; then
		grep -q 'about as well' "$T/out" && weak=$((weak + 1))
		[ $st = 0 ] && [ $strict = 1 ] || { bad=$((bad + 1)); echo "# $f: exit $st, --strict $strict (warnings)"; }
	else
		[ $st = 0 ] && [ $strict = 0 ] || { bad=$((bad + 1)); echo "# $f: exit $st, --strict $strict (no warnings)"; }
	fi
done
[ $bad = 0 ] && [ $weak -ge 6 ]; ok $? "every archived release: exit 0, and 1 with --strict exactly when it has warnings ($weak with a weak encoding guess)"
"$JUDGE" check "$T/missing.txt" >/dev/null 2>&1; ok $([ $? = 2 ] && echo 0 || echo 1) "a file that cannot be read: exit 2"
"$JUDGE" check --strict "$T/missing.txt" >/dev/null 2>&1; ok $([ $? = 2 ] && echo 0 || echo 1) "and 2 with --strict"
"$JUDGE" check --strict >/dev/null 2>&1; ok $([ $? = 2 ] && echo 0 || echo 1) "check --strict without a file is a usage error"
# the wrap note names a line: a line near the page's width that the next line goes on
for r in 2003-10-01 2004-02-01; do
	f="$A/cr-$r.txt"
	at=$("$JUDGE" check "$f" 2>&1 | sed -n 's/^judge: [^:]*:\([0-9]*\):[0-9]*: note: every paragraph is wrapped at about \([0-9]*\).*/\1 \2/p')
	set -- $at
	line=${1:-0}; w=${2:-0}
	tr -d '\r' <"$f" | awk -v l="$line" -v w="$w" 'NR == l { len = length($0) } NR == l + 1 { nxt = length($0) } END { exit !(l > 0 && len >= w * 0.6 && nxt > 0) }'
	ok $? "$r: the wrapped-layout note names line $line, a line near the width ($w) that goes on in the next"
done
