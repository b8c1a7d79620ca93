#!/usr/bin/env bash
# install.sh — `make install PREFIX=/usr DESTDIR=…` puts the binary, man page, completions and
# data where they belong, and the installed binary finds its data without the source tree.
set -u
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
D=$(mktemp -d); trap 'rm -rf "$D"' EXIT
B=$(basename "$(dirname "$JUDGE")")
[ "$B" = . ] && B=build
# make install compiles main.c alone (the data folder is compiled into it), never the rest of
# the build under test again with other flags: by hand, with a build made with other flags
# than the default ones (the sanitizer build outside make check-sanitize), this skips
others=$(make -n --no-print-directory install PREFIX=/usr DESTDIR="$D" BUILD="$B" 2>/dev/null | grep -E -- ' -c -o ' | grep -vc -- "-o $B/gen/main-")
if [ "$others" != 0 ] && [ "${JUDGE_SANITIZED:-}" = 1 ]; then
	echo "skip: make install would compile $others files of $B again with other flags than it was built with; run this through make check-sanitize"
	exit 77
fi
[ "$others" = 0 ]; ok $? "make install PREFIX=/usr compiles nothing of $B but main.c ($others other files)"
make -s --no-print-directory install PREFIX=/usr DESTDIR="$D" BUILD="$B" >"$D.log" 2>&1
ok $? "make install PREFIX=/usr DESTDIR=… succeeds"
for f in bin/judge share/man/man1/judge.1 share/bash-completion/completions/judge \
	share/zsh/site-functions/_judge share/fish/vendor_completions.d/judge.fish; do
	[ -f "$D/usr/$f" ]; ok $? "installed /usr/$f"
done
[ -x "$D/usr/bin/judge" ]; ok $? "the binary is executable"
want=$(ls rules | wc -l); got=$(ls "$D/usr/share/judge/rules" | wc -l)
[ "$want" = "$got" ] && [ "$got" -gt 0 ]; ok $? "all $want built-in rules files installed"
cmp -s rules/000_8e3fff5fe3955226.txt "$D/usr/share/judge/rules/000_8e3fff5fe3955226.txt"; ok $? "rules installed byte for byte"

# run it from elsewhere, with nothing pointing at the source tree
out=$(cd / && env -u JUDGE_DATA "$D/usr/bin/judge" --json versions 2>&1)
ok $? "the installed binary runs from / without JUDGE_DATA"
case "$out" in *"$D/usr/share/judge/rules/"*) ok 0 "its releases come from the installed share/judge";;
	*) ok 1 "its releases come from the installed share/judge"; echo "# $out" | head -5;; esac
case "$out" in *"$(pwd)"/rules*) ok 1 "nothing is read from the source tree";; *) ok 0 "nothing is read from the source tree";; esac
nrel=$(cd / && env -u JUDGE_DATA "$D/usr/bin/judge" versions 2>/dev/null | grep -c '_[0-9a-f]*\.txt$')
[ "$nrel" = "$want" ]; ok $? "the installed binary loads $want releases (got $nrel)"
r=$(cd / && printf '100.1\n' | env -u JUDGE_DATA "$D/usr/bin/judge" 2>&1)
case "$r" in *"two or more players"*) ok 0 "the installed REPL answers a lookup";; *) ok 1 "the installed REPL answers a lookup";; esac

if command -v mandoc >/dev/null; then
	lint=$(mandoc -Tlint -Wwarning "$D/usr/share/man/man1/judge.1" 2>&1 | grep -v 'mandoc.db')
	[ -z "$lint" ]; ok $? "the installed man page is clean under mandoc -Tlint"
	[ -z "$lint" ] || echo "# $lint"
	mandoc -Tascii "$D/usr/share/man/man1/judge.1" | sed 's/.\x08//g' | grep -q 'INTERACTIVE USE'; ok $? "the man page renders"
fi

got=$(cd / && PATH="$D/usr/bin:$PATH" bash -c 'source "$1"; COMP_WORDS=(judge vers); COMP_CWORD=1
	COMP_LINE="judge vers"; COMP_POINT=10; _judge; echo "${COMPREPLY[*]}"' bash "$D/usr/share/bash-completion/completions/judge")
[ "$got" = versions ]; ok $? "the installed bash completion completes through the installed binary"

# the documents errors and `help resolve` point to are installed, and named where they are
for f in board-format.md study-format.md; do
	cmp -s "docs/$f" "$D/usr/share/judge/docs/$f"; ok $? "installed /usr/share/judge/docs/$f"
done
err=$(cd / && env -u JUDGE_DATA "$D/usr/bin/judge" resolve /no-such.board 2>&1)
case "$err" in *"$D/usr/share/judge/docs/board-format.md"*) ok 0 "a board error names the installed board-format.md";;
	*) ok 1 "a board error names the installed board-format.md"; echo "# $err";; esac
h=$(cd / && env -u JUDGE_DATA "$D/usr/bin/judge" help resolve 2>&1)
case "$h" in *"described in: $D/usr/share/judge/docs/board-format.md"*) ok 0 "help resolve names the installed board-format.md";;
	*) ok 1 "help resolve names the installed board-format.md"; echo "# $h";; esac
# the man page's FILES names the data folder of this build (PREFIX=/usr), not another
files=$(sed -n '/^\.Sh FILES/,/^\.Sh /p' "$D/usr/share/man/man1/judge.1")
case "$files" in *"/usr/share/judge/"*) ok 0 "the man page's FILES names /usr/share/judge/";; *) ok 1 "the man page's FILES names /usr/share/judge/";; esac
case "$files" in *"/usr/local/share/judge"*) ok 1 "and no other data folder";; *) ok 0 "and no other data folder";; esac
D2=$(mktemp -d)
make -s --no-print-directory install PREFIX=/opt/judge DESTDIR="$D2" BUILD="$B" >/dev/null 2>&1
files=$(sed -n '/^\.Sh FILES/,/^\.Sh /p' "$D2/opt/judge/share/man/man1/judge.1")
case "$files" in *"/opt/judge/share/judge/"*) ok 0 "with PREFIX=/opt/judge the man page's FILES names /opt/judge/share/judge/";;
	*) ok 1 "with PREFIX=/opt/judge the man page's FILES names /opt/judge/share/judge/";; esac
rm -rf "$D2"

make -s --no-print-directory uninstall PREFIX=/usr DESTDIR="$D" >>"$D.log" 2>&1
left=$(find "$D" -type f | wc -l)
[ "$left" = 0 ]; ok $? "make uninstall removes every installed file ($left left)"
rm -f "$D.log"
exit $bad
