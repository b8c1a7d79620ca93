#!/usr/bin/env bash
# first_minute.sh — what a new user meets right after `make`: with only the built-in
# historical texts, a question is answered from the newest text that knows its words,
# labelled with its era, with one note that these are historical texts and how to get
# today's rules; "trample" is never bent into "example"; a tournament policy question
# gets a pointer to the policy documents; the session opens with a one-line banner.
set -u
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
# the built-in rules only: no user releases
export XDG_DATA_HOME="$T/data"
# which built-in texts hold trample, found without judge: a rule line "NNN.N. Trample"
seeds=$(grep -lE '^[0-9]{3}\.[0-9]+\.? Trample' rules/*.txt | wc -l)
[ "$seeds" -ge 1 ]; ok $? "some built-in text has a Trample rule ($seeds)"

"$JUDGE" search -n 3 "trample deathtouch how much damage" >"$T/out" 2>&1; st=$?
[ $st = 0 ]; ok $? "a trample question on the built-in rules exits 0"
head -n 1 "$T/out" | grep -qE '^From the .* rules.*, a partial text: '; ok $? "the answer says which historical text it comes from: $(head -n 1 "$T/out")"
sed -n 2p "$T/out" | grep -qE '^[0-9]{3}\.[0-9]+[a-z]? .*Trample'; ok $? "its first hit is a trample rule: $(sed -n 2p "$T/out")"
! grep -q '^119\.2 Life' "$T/out"; ok $? "not 119.2 Life from the 2021 fragment"
[ "$(grep -c 'historical texts' "$T/out")" = 1 ] && grep -q 'judge update' "$T/out" && grep -q 'rules/' "$T/out"
ok $? "one note says these are historical texts and how to get today's rules"

"$JUDGE" search -n 5 trample >"$T/out" 2>&1
! grep -qi 'example' "$T/out"; ok $? "trample is not typo-corrected to example"
grep -qE '^[0-9]{3}\.[0-9]+[a-z]? .*Trample' "$T/out"; ok $? "trample finds a trample rule on the built-in rules"

"$JUDGE" --json search -n 1 trample >"$T/json" 2>"$T/err"
python3 -c 'import json,sys; h=json.load(open(sys.argv[1])); sys.exit(0 if h and h[0].get("release") else 1)' "$T/json"
ok $? "--json names the release each hit comes from"
grep -q 'historical texts' "$T/err"; ok $? "--json gives the note on standard error"

# a lookup the 2021 text cannot answer comes from the newest text that has the rule, and a
# link of a search answered from another text leads to its rule
num=$(grep -hoE '^[0-9]{3}\.[0-9]+[a-z] [^.]*trample' rules/*.txt | head -n 1 | cut -d' ' -f1)
"$JUDGE" "$num" >"$T/out" 2>&1; st=$?
[ $st = 0 ] && head -n 1 "$T/out" | grep -qE '^From the .* rules' && sed -n 2p "$T/out" | grep -q "^$num "
ok $? "judge $num on the built-in rules shows it from the text that has it, labelled ($st)"
printf 'trample\n1\n' | "$JUDGE" >"$T/out" 2>&1
[ "$(grep -c '^From the ' "$T/out")" -ge 2 ] && ! grep -q 'no rule' "$T/out"; ok $? "following a search link in a session shows that rule"

"$JUDGE" explain trample >"$T/out" 2>&1
grep -qE '^From the .* rules' "$T/out" && grep -qE "^ *$num " "$T/out" && ! grep -q 'CR links unavailable' "$T/out"
ok $? "explain trample on the built-in rules shows the trample rule of the text that has it"

# a question the 2021 text answers stays with it
"$JUDGE" search -n 1 "what is a token" >"$T/out" 2>&1
head -n 1 "$T/out" | grep -q '^From the 2021-09-24 rules'; ok $? "a question the newest text covers is answered from it"

# a complete release: no label, no note
if [ -n "${SHARED:-}" ] && [ -f "$SHARED/cr/cr-2026-01-16.txt" ]; then
	"$JUDGE" --rules "$SHARED/cr/cr-2026-01-16.txt" search -n 2 "trample deathtouch how much damage" >"$T/out" 2>&1
	! grep -qE '^From |historical texts' "$T/out"; ok $? "a complete release answers without the historical label and note"
	# tournament policy
	for q in "player drew an extra card" "late for the round"; do
		"$JUDGE" --rules "$SHARED/cr/cr-2026-01-16.txt" search -n 2 "$q" >"$T/out" 2>&1
		grep -q 'looks like a tournament policy question' "$T/out" && grep -q 'Infraction Procedure Guide' "$T/out"
		ok $? "\"$q\" is pointed to the tournament documents"
	done
	"$JUDGE" --rules "$SHARED/cr/cr-2026-01-16.txt" search -n 2 "howling mine makes me draw an extra card" >"$T/out" 2>&1
	! grep -q 'tournament policy' "$T/out"; ok $? "a rules question about drawing is not called policy"
fi

# the banner, through a pseudo-terminal
python3 - "$JUDGE" <<'PY' || echo "not ok - the pty driver failed"
import os, sys, tempfile
sys.path.insert(0, os.path.join(os.environ.get("ROOT", "."), "tests", "scripts"))
import ptylib
judge = sys.argv[1]
tmp = tempfile.mkdtemp()
env, state = ptylib.session(tmp)
env["XDG_DATA_HOME"] = os.path.join(tmp, "data")
for argv, want in (([judge], "rules 2021-09-24 (partial: 1 to 119.4b, historical)"),
                   ([judge, "--rules", "tests/golden/data/mini-cr.txt"], "rules 2025-11-14 —")):
    term = ptylib.Term(argv, env)
    out = term.read_until(rb"judge> ")
    first = out.split("\n")[0].strip() if out else ""
    good = first.startswith("judge ") and want in first and "help" in first
    print(("ok" if good else "not ok") + " - the session opens with one line: version, release, help (%s)" % first)
    term.send("\x04")
    term.wait_exit()
PY
