#!/usr/bin/env bash
# undated_labels.sh — an undated release is named by what its own text says, not by the
# order files were loaded in: the years its wording suggests, marked "about-" as a guess
# (else its file name), the same whichever order the files come in; `versions` says the
# years are guessed and sorts it among the dated ones by them.
set -u
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
A=rules/001_717955f036dbe8ec.txt B=rules/003_be62fa6b61bdad6a.txt
labels() { "$JUDGE" "$@" --json versions | python3 -c 'import json,sys; print(" ".join(sorted(r["file"].rsplit("/",1)[-1] + "=" + r["label"] for r in json.load(sys.stdin) if not r.get("date"))))'; }
one=$(labels --rules "$A" --rules "$B"); two=$(labels --rules "$B" --rules "$A")
[ -n "$one" ] && [ "$one" = "$two" ]; ok $? "the same labels whichever order the files are loaded in ($one)"
case "$one" in *001_717955f036dbe8ec.txt=about-*" "003_be62fa6b61bdad6a.txt=about-*) r=0 ;; *) r=1 ;; esac
ok $r "both are named by the years their wording suggests, marked about-"
lab=$(echo "$one" | tr ' ' '\n' | sed -n 's/^001_717955f036dbe8ec.txt=//p')
"$JUDGE" --rules "$B" --rules "$A" --cr "$lab" 420.5a >"$T/out" 2>&1; st=$?
[ $st = 0 ] && grep -q '^420\.5a ' "$T/out"; ok $? "--cr $lab answers from that text, loaded second"
"$JUDGE" --rules "$A" versions >"$T/out" 2>&1
grep -q "$lab (guessed)" "$T/out"; ok $? "versions marks the years as guessed"
# a text with no era to go by is named by its file
printf '100. General\n\n100.1. These Magic rules apply to any Magic game.\n\n100.2. To play, each player needs their own deck.\n' >"$T/house rules.txt"
l=$(labels --rules "$T/house rules.txt")
case "$l" in *"=undated-house-rules"*|*"=about-"*) r=0 ;; *) r=1 ;; esac
ok $r "a text without a date is named by its file or its guessed years, not by load order ($l)"
# two undated texts named alike (files of the same name, in two folders): each is told
# apart by its own bytes, whichever is loaded first
mkdir -p "$T/a" "$T/b"
printf '100. General\n\n100.1. These Magic rules apply to any Magic game.\n' >"$T/a/rules.txt"
printf '100. General\n\n100.1. These Magic rules apply to any game of Magic.\n' >"$T/b/rules.txt"
paths() { "$JUDGE" "$@" --json versions | python3 -c 'import json,sys; print(" ".join(sorted(r["file"] + "=" + r["label"] for r in json.load(sys.stdin) if not r.get("date"))))'; }
x=$(paths --rules "$T/a/rules.txt" --rules "$T/b/rules.txt"); y=$(paths --rules "$T/b/rules.txt" --rules "$T/a/rules.txt")
n2=$(echo "$x" | tr ' ' '\n' | sed 's/.*=//' | sort -u | wc -l)
[ -n "$x" ] && [ "$x" = "$y" ] && [ "$n2" = 2 ]
ok $? "two texts named alike get two names, the same whichever is loaded first (${x//$T/})"
