#!/usr/bin/env bash
# complete_shells.sh — the bash, zsh and fish completion scripts, each run on fixed command
# lines against a judge found in PATH; expected candidates are written out by hand for the
# mini release, and derived with grep from the official CR when ../shared is present.
set -u
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
same() {   # $1 = what, $2 = got, $3 = expected
	if [ "$2" = "$3" ]; then ok 0 "$1"; else ok 1 "$1"; printf '#   got:      %s\n#   expected: %s\n' "$(echo $2)" "$(echo $3)"; fi
}
B=$(mktemp -d); trap 'rm -rf "$B"' EXIT
ln -s "$JUDGE" "$B/judge"
export PATH="$B:$PATH"
M=tests/golden/data/mini-cr.txt

# bash: call the completion function the way bash does, on a fixed COMP_WORDS/COMP_CWORD
bash_complete() {   # words...; completes the last word
	bash -c 'source completions/judge.bash
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_judge; printf "%s\n" "${COMPREPLY[@]}"' bash "$@"
}
same "bash: rule numbers by prefix" "$(bash_complete judge --rules $M rule 702.1)" "$(printf '702.1\n702.1a\n702.10\n702.19')"
same "bash: one level below an exact rule" "$(bash_complete judge --rules $M r 702.19)" "$(printf '702.19\n702.19a\n702.19b')"
same "bash: a two-word term comes quoted" "$(bash_complete judge --rules $M define '"fir')" '"First Strike"'
same "bash: terms ignore case" "$(bash_complete judge --rules $M define LETH)" '"Lethal Damage"'
same "bash: command names" "$(bash_complete judge --rules $M ba)" "backrefs"
same "bash: REPL-only commands are not offered to the shell" "$(bash_complete judge --rules $M fol)" ""
same "bash: global options" "$(bash_complete judge --co)" "--color"
same "bash: release dates after --cr" "$(bash_complete judge --rules $M --cr '')" "2025-11-14"
same "bash: file names after --rules" "$(bash_complete judge --rules tests/golden/data/mini)" "tests/golden/data/mini-cr.txt"
same "bash: a directory after a file command" "$(bash_complete judge check tests/gold)" "tests/golden/"
# bash sorts the candidates as text (702.10 before 702.2) unless told not to
nosort=$(bash -c 'compopt() { printf "compopt %s %s\n" "$1" "$2"; }
	source completions/judge.bash
	COMP_WORDS=(judge --rules "$1" rule 702.); COMP_CWORD=4; COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
	_judge' bash $M | grep -c -- '-o nosort')
same "bash: judge's order is kept (compopt -o nosort), so 702.2 comes before 702.10" "$nosort" 1
same "bash: that order is 702.1, 702.2, 702.7, 702.10" "$(bash_complete judge --rules $M rule 702. | paste -sd' ')" "702.1 702.2 702.7 702.10 702.19"
grep -q 'compadd -V' completions/_judge; ok $? "zsh: candidates go in an unsorted group (compadd -V)"
grep -q 'complete -c judge -f -k' completions/judge.fish; ok $? "fish: candidates keep their order (complete -k)"
same "bash: --no-cache and --textbook are offered" "$(bash_complete judge --no-c; bash_complete judge --textb)" "$(printf -- '--no-color\n--no-cache\n--textbook')"
same "bash: a file after --textbook" "$(bash_complete judge --textbook tests/textbook/samp)" "tests/textbook/sample.html"
same "bash: release dates after map ID --to" "$(bash_complete judge --rules $M map 702.19 --to '')" "2025-11-14"
same "bash: study's subcommands" "$(bash_complete judge study '' | paste -sd' ')" "path reset stats"

if [ -n "${SHARED:-}" ] && [ -f "$SHARED/cr/cr-2025-11-14.txt" ]; then
	cr=$SHARED/cr/cr-2025-11-14.txt
	# 702.1, its subrules, then 702.10-702.19, in document order
	exp=$(tr -d '\r' <"$cr" | grep -oE '^702\.1([0-9]+\.|\.|[a-z] )' | sed 's/[. ]$//')
	same "bash: 702.1 on the official 2025-11-14 CR ($(echo "$exp" | wc -l) candidates, by grep)" \
		"$(bash_complete judge --rules "$cr" rule 702.1)" "$exp"
	exp=$(tr -d '\r' <"$cr" | grep -oE '^7[0-9][0-9]\. ' | sort -u | wc -l)   # the contents list them too
	got=$(bash_complete judge --rules "$cr" rule 7 | grep -c '^7[0-9][0-9]$')
	same "bash: chapters of section 7 on the official CR" "$got" "$exp"
else
	echo "skip official CR cases: ../shared is absent"
fi

if command -v fish >/dev/null; then
	fc() { fish --no-config -c "source completions/judge.fish; complete -C '$1'" | sort; }
	same "fish: rule numbers by prefix" "$(fc "judge --rules $M rule 702.1")" "$(printf '702.1\n702.10\n702.19\n702.1a' | sort)"
	same "fish: a two-word term, unquoted for fish to quote" "$(fc "judge --rules $M define \"fir")" "First Strike"
	same "fish: command names" "$(fc "judge vers")" "versions"
else
	echo "skip fish: not installed"
fi

if command -v zsh >/dev/null; then
	# the function with compadd stubbed: what it would add, for a fixed words/CURRENT/PREFIX
	zc() {   # quote prefix words...
		zsh -f -c 'compadd() { while [[ $1 == -* && $1 != -- ]]; do [[ $1 == -[SV] ]] && shift; shift; done
				[[ $1 == -- ]] && shift; print -l -- "$@"; }
			typeset -A compstate; compstate[quote]=$1; PREFIX=$2; shift 2
			words=("$@" "$PREFIX"); CURRENT=${#words}
			source completions/_judge; _judge' zsh "$@"
	}
	same "zsh: rule numbers by prefix" "$(zc '' 702.19 judge --rules $M rule)" "$(printf '702.19\n702.19a\n702.19b')"
	same "zsh: a quoted two-word term" "$(zc '"' fir judge --rules $M define)" "First Strike"
	# and once for real, through zsh's completion system in a pseudo-terminal
	got=$(timeout 20 zsh -f -c '
		zmodload zsh/zpty || exit 1
		zpty -b z "PATH=$1:\$PATH zsh -f -i"
		zpty -w z "PS1=\"%% \"; fpath=($2/completions \$fpath); autoload -Uz compinit; compinit -u -D"
		sleep 0.5
		zpty -w -n z $'"'"'judge --rules tests/golden/data/mini-cr.txt define fir\t'"'"'
		sleep 1.5
		zpty -w -n z $'"'"'\x01print -rl -- LINE \r'"'"'
		sleep 0.5
		out=""; while zpty -r -t z chunk; do out+=$chunk; done
		zpty -d z
		print -r -- "$out" | tr -d "\r" | grep -a -A5 "^LINE\$" | sed -n 6p' zsh "$B" "$PWD" 2>/dev/null)
	same "zsh: Tab in a real zsh completes a two-word term as one word" "$got" "First Strike"
else
	echo "skip zsh: not installed"
fi
exit $bad
