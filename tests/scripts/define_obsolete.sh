#!/usr/bin/env bash
# Every glossary head marked "(Obsolete)" in the official releases is found when asked for
# as printed, "Tribal (Obsolete)", and without the mark. The heads are taken from the
# text with tr and grep, not from judge.
set -u
[ -n "${SHARED:-}" ] || { echo "skip: ../shared is absent (the official CR releases are test inputs only)"; exit 77; }
for f in "$SHARED"/cr/cr-2026-01-16.txt "$SHARED"/cr/cr-2020-11-20.txt; do
	heads=$(sed 's/^\xef\xbb\xbf//' "$f" | tr '\r' '\n' | grep -E '^[A-Z][^.]* \(Obsolete\)$' | sort -u)
	n=$(printf '%s\n' "$heads" | grep -c .)
	[ "$n" -gt 5 ] || { echo "not ok - $(basename "$f"): only $n obsolete heads found by grep"; continue; }
	bad=0 badplain=0
	while IFS= read -r h; do
		"$JUDGE" --rules "$f" define "$h" >/dev/null 2>&1 || { bad=$((bad + 1)); echo "# define \"$h\" failed"; }
		"$JUDGE" --rules "$f" define "${h% (Obsolete)}" >/dev/null 2>&1 || badplain=$((badplain + 1))
	done <<<"$heads"
	[ $bad = 0 ] && echo "ok - $(basename "$f"): all $n obsolete heads defined as printed" ||
		echo "not ok - $(basename "$f"): $bad of $n obsolete heads not found as printed"
	[ $badplain = 0 ] && echo "ok - $(basename "$f"): and without (Obsolete)" ||
		echo "not ok - $(basename "$f"): $badplain of $n not found without (Obsolete)"
done
