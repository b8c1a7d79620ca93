#!/usr/bin/env bash
# Study mode end to end: `--json quiz` is reproducible and its answers are in their sources;
# a quiz answered on standard input records progress that `study stats` and a second session
# (the next day: due questions first) see; the same through the command pipe; a corrupt
# line of a progress file is reported with file:line:col and left out, the file as it was kept
# aside, never written over; study reset.
set -u
[ -n "${SHARED:-}" ] || { echo "skip: ../shared is absent (the official CR releases are test inputs only)"; exit 77; }
CR="$SHARED/cr/cr-2026-01-16.txt"
J() { "$JUDGE" --rules "$CR" "$@"; }
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); echo "not ok $n - $1"; }
check() { if eval "$1"; then ok "$2"; else nok "$2"; fi; }
STATE="$XDG_STATE_HOME/judge"
FILE="$STATE/study.tsv"
rm -rf "$STATE"
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT

# fields of the pretty-printed JSON array, one value per line, in question order
field() { sed -n "s/^    \"$1\": \\(.*\\),\\?\$/\\1/p" "$2" | sed 's/,$//; s/^"//; s/"$//'; }

# ---- --json: the same seed, the same questions; answers in their sources ----
J --json quiz --seed 5 --count 12 >"$W/a.json"; st=$?
J --json quiz --seed 5 --count 12 >"$W/b.json"
J --json quiz --seed 6 --count 12 >"$W/c.json"
check '[ $st = 0 ] && [ "$(grep -c "^    \"kind\"" "$W/a.json")" = 12 ]' "--json quiz --count 12 prints 12 questions"
check 'cmp -s "$W/a.json" "$W/b.json"' "the same seed prints the same questions"
check '! cmp -s "$W/a.json" "$W/c.json"' "another seed prints others"
check '[ ! -e "$FILE" ]' "--json quiz asks nothing and records nothing"
mapfile -t kinds < <(field kind "$W/a.json")
mapfile -t answers < <(field answer "$W/a.json")
mapfile -t sources < <(field source "$W/a.json")
bad=0
for i in "${!kinds[@]}"; do
	case "${kinds[$i]}" in
		glossary) J --json define "${sources[$i]}" >"$W/src" || bad=$((bad + 1))
			grep -q "^  \"term\": \"${answers[$i]}\"" "$W/src" || { echo "# glossary ${sources[$i]}: term is not ${answers[$i]}"; bad=$((bad + 1)); } ;;
		cloze) J --json rule "${sources[$i]}" >"$W/src" || bad=$((bad + 1))
			grep '^  "text"' "$W/src" | grep -qiF -- "${answers[$i]}" || { echo "# cloze ${sources[$i]}: '${answers[$i]}' not in its text"; bad=$((bad + 1)); } ;;
		which) J rule "${sources[$i]}" >/dev/null || bad=$((bad + 1))
			[ "${answers[$i]}" = "${sources[$i]}" ] || { echo "# which ${sources[$i]}: answer ${answers[$i]}"; bad=$((bad + 1)); } ;;
		example) [[ "${sources[$i]}" =~ ^p[0-9]+e[0-9]+$ ]] && [ -n "${answers[$i]}" ] || { echo "# example ${sources[$i]}"; bad=$((bad + 1)); } ;;
		*) echo "# unexpected kind ${kinds[$i]}"; bad=$((bad + 1)) ;;
	esac
done
check '[ $bad = 0 ] && [ ${#kinds[@]} = 12 ]' "each answer is in the rule or glossary entry named as its source (checked with rule/define)"
check 'grep -q "\"kind\": \"glossary\"" "$W/a.json" && grep -q "\"kind\": \"cloze\"" "$W/a.json"' "glossary and cloze questions both appear"

# ---- a session answered on standard input (kinds with an answer judge can check) ----
K="glossary cloze which"
J --json quiz $K --seed 11 --count 5 >"$W/s.json"
mapfile -t correct < <(sed -n 's/^    "correct": \([0-9]*\),*$/\1/p; s/^    "answer": "\(.*\)",$/A:\1/p' "$W/s.json")
# one line per question: the letter when it has choices, else the answer text
replies=()
for x in "${correct[@]}"; do
	case "$x" in
		A:*) if [ "${pending:-}" = 1 ]; then pending=0; continue; fi; replies+=("${x#A:}") ;;
		*) replies+=("$(printf "\\x$(printf %x $((97 + x)))")"); pending=1 ;;
	esac
done
check '[ ${#replies[@]} = 5 ]' "the five right answers worked out from --json"
printf '%s\n%s\n%s\nnot this\nnor this\n' "${replies[0]}" "${replies[1]}" "${replies[2]}" |
	J quiz $K --seed 11 --count 5 --date 2026-03-01 >"$W/one.out" 2>"$W/one.err"; st=$?
check '[ $st = 0 ] && grep -q "^Score: 3/5 (60%)" "$W/one.out"' "three right and two wrong score 3/5"
check '[ "$(grep -c " — right$" "$W/one.out")" = 3 ] && [ "$(grep -c " — wrong; the answer is" "$W/one.out")" = 2 ]' "each answer is marked right or wrong with the answer"
check '[ "$(grep -c "^  Source: " "$W/one.out")" = 5 ]' "each answer names its source"
check '[ -f "$FILE" ] && [ "$(stat -c %a "$STATE")" = 700 ] && [ "$(stat -c %a "$FILE")" = 600 ]' "progress is in \$XDG_STATE_HOME/judge/study.tsv (folder 0700, file 0600)"
check '[ "$(head -n 1 "$FILE")" = "# judge study progress v2" ] && [ "$(grep -vc "^#" "$FILE")" = 5 ]' "five cards under the format line"
check '[ "$(awk -F"\t" "!/^#/ && \$2 == \"2026-03-02\"" "$FILE" | wc -l)" = 5 ]' "all five are due the next day (interval 1)"
check '[ "$(awk -F"\t" "!/^#/ {s += \$9} END {print s}" "$FILE")" = 3 ]' "three answers recorded as right"
J --json study stats --date 2026-03-01 >"$W/stats.json"
check 'grep -A5 "\"total\"" "$W/stats.json" | grep -q "\"answers\": 5" && grep -A5 "\"total\"" "$W/stats.json" | grep -q "\"right\": 3" && grep -A5 "\"total\"" "$W/stats.json" | grep -q "\"due\": 0"' "study stats: 5 answers, 3 right, none due today"
J study stats --date 2026-03-02 >"$W/stats.txt"
check 'grep -qE "^total +5 +5 +60% +5$" "$W/stats.txt"' "the next day all five are due (study stats)"
grep "^  Source: " "$W/one.out" | sort >"$W/src1"

# ---- the next day: the due questions come first ----
printf 'q\n' | J quiz $K --seed 99 --count 6 --date 2026-03-02 >"$W/head.out"
check 'grep -q "5 due for review" "$W/head.out"' "the second session says five are due"
yes '' | head -n 6 | J quiz $K --seed 99 --count 6 --date 2026-03-02 >"$W/two.out" 2>&1
grep "^  Source: " "$W/two.out" | head -n 5 | sort >"$W/src2"
check '[ "$(wc -l <"$W/src1")" = 5 ] && cmp -s "$W/src1" "$W/src2"' "and asks the five questions of the first session before anything new"
check '[ "$(grep -vc "^#" "$FILE")" = 6 ]' "the new question was added (6 cards)"

# ---- the command pipe: quiz reads its answers from the lines after it ----
rm -rf "$STATE"
printf 'quiz glossary cloze which --seed 11 --count 2 --date 2026-03-01\n%s\n%s\nstudy stats --date 2026-03-01\n' "${replies[0]}" "${replies[1]}" |
	"$JUDGE" --rules "$CR" >"$W/pipe.out" 2>&1
check 'grep -q "^Score: 2/2" "$W/pipe.out" && grep -qE "^total +2 +2 +100% +0$" "$W/pipe.out"' "in a piped script the quiz takes the next lines as answers, then the script goes on"

# ---- two sessions at once: neither loses the other's answers ----
rm -rf "$STATE"; mkfifo "$W/fifo"
J quiz glossary --seed 21 --count 2 --date 2026-03-01 <"$W/fifo" >"$W/A.out" 2>&1 &
apid=$!
exec 3>"$W/fifo"
echo a >&3
for _ in $(seq 50); do [ "$(grep -vc "^#" "$FILE" 2>/dev/null)" = 1 ] && break; sleep 0.1; done
printf 'a\na\n' | J quiz cloze --seed 22 --count 2 --date 2026-03-01 >/dev/null 2>&1
echo a >&3; exec 3>&-; wait $apid
check '[ "$(grep -c "^glossary:" "$FILE")" = 2 ] && [ "$(grep -c "^cloze:" "$FILE")" = 2 ]' "a session saving while another runs keeps both sessions' answers"

# ---- a corrupt file ----
printf '# judge study progress v1\nwhich:704.5c\t2026-13-40\t1\t2.50\t0\t0\t2026-01-01T00:00:00Z\t0\t0\n' >"$FILE"
cp "$FILE" "$W/corrupt"
printf 'a\n' | J quiz $K --seed 3 --count 1 --date 2026-03-01 >"$W/c.out" 2>"$W/c.err"
check 'grep -q "study.tsv:2:14: error: bad due date" "$W/c.err"' "a corrupt file is reported with file:line:col"
check 'grep -q "1 line could not be read and is left out; .* the file as it was is .*study.tsv.corrupt-[0-9]\{14\}" "$W/c.err"' "and that the line is left out, and the name the file as it was is kept as"
aside=$(ls "$STATE"/study.tsv.corrupt-* 2>/dev/null | head -n 1)
check '[ -n "$aside" ] && cmp -s "$aside" "$W/corrupt"' "the damaged file is kept byte for byte"
check '[ "$(grep -vc "^#" "$FILE")" = 1 ]' "a fresh file holds the one new answer"

# ---- a file judge cannot read is never replaced ----
rm -rf "$STATE"; mkdir -p "$FILE"
printf 'a\n' | J quiz $K --seed 3 --count 1 >"$W/d.out" 2>"$W/d.err"
check '[ -d "$FILE" ] && grep -q "cannot read study progress" "$W/d.err"' "an unreadable progress file is reported and left alone"
rmdir "$FILE"

# ---- reset asks first ----
printf 'a\n' | J quiz $K --seed 3 --count 1 >/dev/null 2>&1
printf 'no\n' | J study reset >"$W/r1.out"
check '[ -f "$FILE" ] && grep -q "Nothing changed" "$W/r1.out"' "study reset without 'yes' changes nothing"
printf 'yes\n' | J study reset >"$W/r2.out"
check '[ ! -e "$FILE" ] && ls "$STATE"/study.tsv.reset-* >/dev/null 2>&1' "with 'yes' the progress is set aside as study.tsv.reset-*"

# ---- errors ----
J quiz --count 0 >/dev/null 2>"$W/e1"; st1=$?
J quiz no-such-topic-anywhere >/dev/null 2>"$W/e2"; st2=$?
check '[ $st1 = 2 ] && grep -q "count" "$W/e1"' "a bad --count is a usage error"
check '[ $st2 = 1 ] && grep -q "nothing to ask" "$W/e2"' "a topic matching nothing says so (exit 1)"
echo "# $n checks"
