#!/usr/bin/env bash
# quiz_quality.sh — what a candidate meets in a default quiz: an empty answer shows the
# answer and is not scored; scores are rounded (2/3 is 67%); no blank over a placeholder
# ("[quality]", "[cost]"); choices read as the same part of speech as the answer (-ed
# with -ed, -ing with -ing); rule-number recall is a small share of a default quiz.
set -u
[ -n "${SHARED:-}" ] && [ -f "$SHARED/cr/cr-2026-01-16.txt" ] || { echo "skip: ../shared/cr is absent (the official releases are test inputs only)"; exit 77; }
CR="$SHARED/cr/cr-2026-01-16.txt"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export XDG_STATE_HOME="$T/state"
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
J() { "$JUDGE" --rules "$CR" "$@"; }

# the three glossary questions of seed 11, and their right letters, from --json
J --json quiz glossary --count 3 --seed 11 >"$T/q.json"
letters=$(python3 -c 'import json,sys; print(" ".join("abcd"[q["correct"]] for q in json.load(open(sys.argv[1]))))' "$T/q.json")
read -r a1 a2 a3 <<<"$letters"
wrong=$(python3 -c 'import sys; print(next(x for x in "abcd" if x != sys.argv[1]))' "$a3")
printf '%s\n%s\n%s\n' "$a1" "$a2" "$wrong" | J quiz glossary --count 3 --seed 11 >"$T/out" 2>&1
grep -q 'Score: 2/3 (67%)' "$T/out"; ok $? "two right of three is 67%, rounded ($(grep -o 'Score: [^.]*' "$T/out"))"

rm -rf "$T/state"
printf '\n%s\n%s\n' "$a2" "$a3" | J quiz glossary --count 3 --seed 11 >"$T/out" 2>&1
grep -q 'The answer is .*(shown: not scored)' "$T/out"; ok $? "an empty answer shows the answer, as the prompt says"
! grep -q 'Your answer: (none) — wrong' "$T/out"; ok $? "an empty answer is not called wrong"
grep -q 'Score: 2/2 (100%); 1 shown, not scored' "$T/out"; ok $? "and is not scored ($(grep -o 'Score: [^.]*' "$T/out"))"

# cloze over many seeds: no blank inside brackets, choices of the answer's form
for s in 1 2 3 4 5 6 7 8; do J --json quiz cloze --count 100 --seed $s; done >"$T/cloze.json" 2>/dev/null
python3 - "$T/cloze.json" <<'PY'
import json, re, sys
txt = open(sys.argv[1]).read(); dec = json.JSONDecoder(); i = 0; qs = []
while i < len(txt):
    while i < len(txt) and txt[i] in ' \n': i += 1
    if i >= len(txt): break
    o, i = dec.raw_decode(txt, i); qs += o
def form(w):
    w = w.rstrip('.,;:').lower()
    return 1 if len(w) > 4 and w.endswith('ed') else 2 if len(w) > 5 and w.endswith('ing') else 3 if len(w) > 4 and w.endswith('ly') else 0
br = [q['question'][:80] for q in qs if re.search(r'\[[^\]]*_{3,}', q['question'])]
pos = [(q['answer'], q['choices']) for q in qs if q.get('choices') and form(q['answer'])
       and any(form(c) != form(q['answer']) for c in q['choices'])]
print(("ok" if len(qs) >= 500 and not br else "not ok") + " - %d cloze questions, none blanks a placeholder in brackets %s" % (len(qs), br[:2]))
print(("ok" if not pos else "not ok") + " - choices end like the answer (-ed, -ing, -ly) %s" % pos[:2])
PY

# a default quiz: rule-number recall is a small share
for s in 1 2 3 4 5; do J --json quiz --count 100 --seed $s; done >"$T/all.json" 2>/dev/null
python3 - "$T/all.json" <<'PY'
import json, sys
txt = open(sys.argv[1]).read(); dec = json.JSONDecoder(); i = 0; qs = []
while i < len(txt):
    while i < len(txt) and txt[i] in ' \n': i += 1
    if i >= len(txt): break
    o, i = dec.raw_decode(txt, i); qs += o
w = sum(q['kind'] == 'which' for q in qs)
print(("ok" if qs and 0 < w * 100 < len(qs) * 20 else "not ok") + " - which-rule questions are %d of %d in default quizzes (under a fifth, not a third)" % (w, len(qs)))
PY
