#!/usr/bin/env bash
# json_every_command.sh — `--json` on every command `judge help` lists: what a command
# prints on standard output is valid JSON (jq reads it), an answer found is never empty, and
# an error leaves standard output empty with the message on standard error. A command added
# to the table without a case here fails the test, so the list cannot go stale.
set -u
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
command -v jq >/dev/null || { echo "skip: jq is not installed (.ci/deps installs it)"; exit 77; }
W=$(mktemp -d); trap 'rm -rf "$W" "$XDG_STATE_HOME/judge"' EXIT
B=$ROOT/corpus/boards/scion-destroyed-pestermite-curiosity.board
R=(); D=()
if [ -n "${SHARED:-}" ]; then
	R=(--rules "$SHARED/cr/cr-2025-11-14.txt" --rules "$SHARED/cr/cr-2026-01-16.txt")
	D=(--doc "$SHARED/docs/ipg-2021-02-05.pdftotext.txt" --doc "$SHARED/docs/mtr-2021-07-23.pdftotext.txt"
	   --doc "$SHARED/docs/jar-2024-08-05.pdftohtml.html")
fi
# COMMAND ARGS (one a line); the first word is the command it covers
cases() {
	cat <<CASES
rule 100.1
rule 100.1-2
rule 999.9z
define player
define zzzzqq
refs 100.1
backrefs 100.1
toc
versions
quiz --count 2 --seed 3
study stats
study path
study reset --yes
search player
search zzzzqqqxx
textbook layers
explain layers
cards Scion of Oona
card goyf
check $ROOT/rules/004_33964e82a02af053.txt
help
help search
resolve $B
board
why 1
update --url http://127.0.0.1:9/none
html $W/site
html
CASES
	if [ -n "${SHARED:-}" ]; then
		cat <<CASES
ipg 2.3
ipg hce
mtr 4.2
jar
jar drew extra cards
penalty drew an extra card --rel competitive
diff 2025-11-14 2026-01-16 509
history 702.19
map 702.19 --to 2025-11-14
CASES
	fi
}
cases >"$W/cases"
covered=$(awk '{ print $1 }' "$W/cases" | sort -u)
for cmd in $("$JUDGE" help | grep -E '^  [a-z]' | awk '{ print $1 }' | sort -u); do
	case $cmd in ipg|mtr|jar|penalty|diff|history|map) [ -n "${SHARED:-}" ] || continue ;; esac
	printf '%s\n' "$covered" | grep -qx "$cmd"; ok $? "a --json case covers '$cmd'"
done
while read -r -a args; do
	timeout 30 "$JUDGE" --json "${R[@]}" "${D[@]}" "${args[@]}" >"$W/out" 2>"$W/err" </dev/null; st=$?
	if [ -s "$W/out" ]; then
		jq . "$W/out" >/dev/null 2>&1; ok $? "judge --json ${args[*]}: valid JSON (exit $st)"
	else
		[ $st != 0 ] && [ -s "$W/err" ]; ok $? "judge --json ${args[*]}: nothing on stdout only with an error said (exit $st)"
	fi
done <"$W/cases"
echo "1..$n"
exit $bad
