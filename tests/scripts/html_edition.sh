#!/usr/bin/env bash
# html_edition.sh — `judge html DIR`, the static hyperlinked edition: every page parses
# (xmllint as XML, so an unescaped < or & fails, and as HTML), every href="#x" and
# href="page.html#x" has its target (tests/scripts/html_links.py, Python's parser), sample
# rules link what `judge refs` and `judge backrefs` say, text from a hostile rules file comes
# out escaped, a folder that cannot be written is one clear error, and a rules file of every
# shipped era (rules/, and ../shared/cr when present) gives a whole edition.
set -u
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=1; echo "not ok $n - $2"; fi; }
command -v xmllint >/dev/null || { echo "skip: xmllint is not installed (.ci/deps installs libxml2-utils)"; exit 77; }
command -v python3 >/dev/null || { echo "skip: python3 is not installed (.ci/deps installs it)"; exit 77; }
W=$(mktemp -d); trap 'chmod -R u+w "$W" 2>/dev/null; rm -rf "$W"' EXIT
LINKS=$ROOT/tests/scripts/html_links.py

# every page well-formed XML and HTML that libxml2 reads without an error (HTML5's
# details and summary are tags its HTML4 parser does not know, and only those may be named)
pages_parse() {
	local d=$1 f err=0
	for f in "$d"/*.html; do
		xmllint --noout "$f" 2>>"$W/xml.err" || err=1
		xmllint --html --noout "$f" 2>&1 | grep 'error' | grep -vE 'Tag (details|summary) invalid' >>"$W/xml.err" && err=1
	done
	return $err
}
edition_ok() {   # DIR LABEL
	pages_parse "$1"; ok $? "$2: every page parses as XML and as HTML"
	python3 "$LINKS" check "$1" >"$W/links.out" 2>&1; ok $? "$2: every link has its page and target ($(tail -n 1 "$W/links.out"))"
}

# --- the built-in rules: historical, partial, and said so on every page ---
out=$("$JUDGE" html "$W/b" 2>&1); st=$?
[ $st = 0 ] && [ -f "$W/b/index.html" ] && [ -f "$W/b/style.css" ]; ok $? "html DIR writes index.html and style.css (exit $st)"
echo "$out" | grep -q "Wrote [0-9]* pages"; ok $? "it says what it wrote: $(echo "$out" | head -n 1)"
edition_ok "$W/b" "built-in rules"
nb=0; np=0
for f in "$W"/b/*.html; do
	np=$((np + 1))
	grep -q 'class="banner".*historical texts built into judge' "$f" && nb=$((nb + 1))
	grep -q '<p class="rel">Comprehensive Rules, ' "$f" || np=$((np + 100))
done
[ "$nb" = "$np" ]; ok $? "every page of a built-in historical text carries the banner and the release line ($nb of $np)"
ls "$W"/b/cards* >/dev/null 2>&1; [ $? != 0 ]; ok $? "no card pages without --cards"
ls -a "$W" | grep -q '\.tmp-'; [ $? != 0 ]; ok $? "no temporary folder is left beside DIR"

# written again over its own edition: replaced whole
echo stale >"$W/b/stale.html"
"$JUDGE" html "$W/b" >/dev/null 2>&1; st=$?
[ $st = 0 ] && [ ! -e "$W/b/stale.html" ] && [ -f "$W/b/index.html" ]; ok $? "a second run replaces the edition it wrote before (exit $st)"

# the temporary folder of a run killed an hour ago is removed; another's folder, or a young one, is not
mkdir -p "$W/k/.b.tmp-dead01" "$W/k/.b.tmp-nomark" "$W/k/.b.tmp-young1"
touch "$W/k/.b.tmp-dead01/.judge-html" "$W/k/.b.tmp-young1/.judge-html"
touch -d '2 hours ago' "$W/k/.b.tmp-dead01" "$W/k/.b.tmp-nomark"
"$JUDGE" html "$W/k/b" >/dev/null 2>&1
[ ! -e "$W/k/.b.tmp-dead01" ] && [ -d "$W/k/.b.tmp-nomark" ] && [ -d "$W/k/.b.tmp-young1" ] && [ -f "$W/k/b/index.html" ]
ok $? "a killed run's temporary folder is cleaned up; folders without the marker or younger than an hour stay"

# --- folders that cannot take an edition ---
mkdir -p "$W/mine" && echo keep >"$W/mine/notes.txt"
err=$("$JUDGE" html "$W/mine" 2>&1 >/dev/null); st=$?
[ $st = 2 ] && echo "$err" | grep -q "did not write" && [ "$(cat "$W/mine/notes.txt")" = keep ]; ok $? "a folder of other files is refused and left alone (exit $st): $err"
echo x >"$W/afile"
err=$("$JUDGE" html "$W/afile" 2>&1 >/dev/null); st=$?
[ $st = 2 ] && echo "$err" | grep -q "not a folder"; ok $? "a file for DIR is an error (exit $st): $err"
err=$("$JUDGE" html "$W/afile/sub" 2>&1 >/dev/null); st=$?
[ $st = 2 ] && echo "$err" | grep -q "cannot write $W/afile/sub"; ok $? "a folder under a file is an error naming it (exit $st): $err"
err=$("$JUDGE" html /proc/judge-html-test 2>&1 >/dev/null); st=$?
[ $st = 2 ] && echo "$err" | grep -q "cannot write /proc/judge-html-test"; ok $? "an unwritable place is an error naming it, even for root (exit $st): $err"
[ "$(echo "$err" | wc -l)" -le 2 ]; ok $? "that error is one message and a next step"
err=$("$JUDGE" html 2>&1 >/dev/null); st=$?
[ $st = 2 ]; ok $? "html without a folder is a usage error (exit $st): $err"

# --- a hostile rules file: markup, ampersands and quotes come out as text ---
cat >"$W/hostile.txt" <<'EOF'
Magic: The Gathering Comprehensive Rules

These rules are effective as of January 16, 2026.

1. Game Concepts

100. General

100.1. These rules <script>alert("pwned")</script> apply to Tom & Jerry's "game". See rule 100.2 and rules 100.1a–b.

100.1a A two-player game is a game between two players <b onmouseover='x()'>bold</b>.

100.1b A multiplayer game is any game with more than two players. (See rule 100.1.)

100.2. To play, each player needs their own deck.
Example: <img src=x onerror=alert(1)> & so on.

Glossary

Player
One of the people in the game <i>really</i>. See rule 100.1a.

Credits
EOF
"$JUDGE" --rules "$W/hostile.txt" html "$W/h" >/dev/null 2>&1; st=$?
ok $st "a rules file holding markup gives an edition (exit $st)"
edition_ok "$W/h" "hostile rules"
! grep -qiE '<(script>alert|img|b onmouseover|i>really)' "$W"/h/*.html; ok $? "no markup from the rules text reaches a page"
[ "$(cat "$W"/h/*.html | grep -c '<script')" = 1 ]; ok $? "the only script is the index's go-to box"
grep -q '&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;' "$W/h/cr-1.html"; ok $? "<script> in a rule's text comes out escaped"
grep -q 'Tom &amp; Jerry&#39;s &quot;game&quot;' "$W/h/cr-1.html"; ok $? "ampersands and quotes come out escaped"
grep -q '&lt;img src=x onerror=alert(1)&gt; &amp; so on' "$W/h/cr-1.html"; ok $? "an example's markup comes out escaped"
grep -q '&lt;i&gt;really&lt;/i&gt;' "$W/h/glossary.html"; ok $? "a glossary definition's markup comes out escaped"
grep -q 'rules <a href="#R1001a">100.1a</a>–b' "$W/h/cr-1.html"; ok $? "a range (100.1a–b) links to its first rule"
grep -q '<a class="g" href="glossary.html#player">player' "$W/h/cr-1.html"; ok $? "a glossary term is linked"

# --- a second entry numbered alike gets an id of its own ---
printf 'Comprehensive Rules\n\nThese rules are effective as of August 1, 2005.\n\n6. Multiplayer Rules\n\n605. Free-for-All\n\n605.2. Options.\n\n605.2c The deploy creatures option is not used.\n\n609. Teams\n\n609.2. Options.\n\n605.2c The deploy creatures option is not normally used.\n\n609.3. End.\n' >"$W/dup.txt"
"$JUDGE" --rules "$W/dup.txt" html "$W/dup" >/dev/null 2>&1
grep -q 'id="R6052c"' "$W/dup/cr-6.html" && grep -q 'id="R6052c_2"' "$W/dup/cr-6.html" && grep -q 'id="605.2c-2"' "$W/dup/cr-6.html"
ok $? "the second 605.2c of a release is R6052c_2 and 605.2c-2"
python3 "$LINKS" check "$W/dup" >/dev/null; ok $? "and no id is written twice"

# --- cards, the user's data: only with --cards ---
"$JUDGE" html --cards "$W/nc" >"$W/nc.out" 2>&1; st=$?
[ $st = 0 ] && grep -q "No card pages: no card database" "$W/nc.out" && ! ls "$W"/nc/cards* >/dev/null 2>&1
ok $? "--cards without a card database says so and writes the rest (exit $st)"
"$JUDGE" cards import "$ROOT/tests/cards/AtomicCards.json" >/dev/null 2>&1
"$JUDGE" html "$W/nc2" >/dev/null 2>&1
! ls "$W"/nc2/cards* >/dev/null 2>&1; ok $? "an imported card database stays out of an edition without --cards"
"$JUDGE" html --cards "$W/c/" >/dev/null 2>&1; st=$?
[ $st = 0 ] && [ -f "$W/c/cards.html" ] && grep -q '<h2 id="tarmogoyf">Tarmogoyf</h2>' "$W/c/cards-t.html"
ok $? "--cards writes card pages, a page per initial (exit $st)"
edition_ok "$W/c" "--cards"
n_cards=$(jq -r '.cards' < <("$JUDGE" --json html --cards "$W/c"))
n_db=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["data"]))' "$ROOT/tests/cards/AtomicCards.json")
[ "$n_cards" = "$n_db" ]; ok $? "every card of the file once: $n_cards of $n_db"

# --- every shipped era: the built-in texts ---
for f in "$ROOT"/rules/*.txt; do
	b=$(basename "$f" .txt)
	"$JUDGE" --rules "$f" html "$W/era-$b" >/dev/null 2>&1; st=$?
	ok $st "rules/$b.txt: written (exit $st)"
	edition_ok "$W/era-$b" "rules/$b.txt"
done

if [ -z "${SHARED:-}" ]; then
	echo "skip: ../shared is absent, so the official releases, the policy documents and the figures are not checked"
	echo "1..$n"; exit $bad
fi

# --- the 2026 CR with the release before it and the policy documents ---
CR=$SHARED/cr/cr-2026-01-16.txt
R=(--rules "$SHARED/cr/cr-2025-11-14.txt" --rules "$CR")
D=(--doc "$SHARED/docs/ipg-2021-02-05.pdftotext.txt" --doc "$SHARED/docs/mtr-2021-07-23.pdftotext.txt"
   --doc "$SHARED/docs/jar-2024-08-05.pdftohtml.html")
"$JUDGE" "${R[@]}" "${D[@]}" --json html "$W/s" >"$W/s.json" 2>"$W/s.err"; st=$?
ok $st "the 2026-01-16 rules with the IPG, MTR and JAR (exit $st)"
edition_ok "$W/s" "2026-01-16"
for p in index glossary changes textbook ipg mtr jar cr-1 cr-7 cr-9; do
	[ -f "$W/s/$p.html" ]; ok $? "$p.html is written"
done
grep -q 'effective January 16, 2026 (release 2026-01-16)' "$W/s/cr-5.html"; ok $? "the effective date is in the page header"
! grep -q 'class="banner"' "$W/s/cr-5.html"; ok $? "a complete release gets no historical banner"
grep -q '<details><summary>7. Additional Rules</summary>' "$W/s/index.html"; ok $? "the contents has a <details> per section"
grep -q 'id="R7045s"' "$W/s/cr-7.html" && grep -q 'id="R704"' "$W/s/cr-7.html" && grep -q 'id="704.5s"' "$W/s/cr-7.html"
ok $? "Yawgatog ids (R7045s, R704) and readable ones (704.5s)"
grep -q '<dt id="legend_rule">Legend Rule</dt>' "$W/s/glossary.html"; ok $? "glossary ids are term slugs"
grep -q 'id="ipg-2.3"' "$W/s/ipg.html" && grep -q 'id="ipg-2.3-philosophy"' "$W/s/ipg.html" && grep -q 'id="mtr-4.2"' "$W/s/mtr.html"
ok $? "policy sections and their parts have ids (ipg-2.3, ipg-2.3-philosophy, mtr-4.2)"
grep -q 'href="mtr.html#mtr-' "$W/s/mtr.html" && grep -q 'href="cr-1.html#R1034"' "$W/s/mtr.html"
ok $? "a policy text links its sections and the rules it cites"
jq -e '.pages >= 14 and .bytes > 1000000 and .release == "2026-01-16" and .effective == "2026-01-16" and .changes_from == "2025-11-14" and (.policy | length) == 3' "$W/s.json" >/dev/null 2>&1
ok $? "--json says what was written: $(jq -c '{pages, bytes, rule_links, glossary_links, seconds}' "$W/s.json" 2>/dev/null)"

# the go-to box: what it works out is a page and id the edition has (when node is here to run it)
if command -v node >/dev/null; then
	sed -n '/^<script>$/,/^<\/script>$/p' "$W/s/index.html" | sed '1d;$d' >"$W/go.js"
	cat >>"$W/go.js" <<'EOF'
var location = {};
for (const q of ["704.5j", "CR 704.5J", "rule 704.5j.", "704", "7", "601.2f", "Legend Rule", "first strike"]) {
	judgeGo(q); console.log(q + "\t" + location.href);
}
EOF
	node "$W/go.js" >"$W/go.out" 2>&1
	bad_go=0
	while IFS=$'\t' read -r q target; do
		page=${target%%#*}; frag=${target#*#}
		grep -q "id=\"$frag\"" "$W/s/$page" 2>/dev/null || { bad_go=1; echo "# go box: $q -> $target: no such id"; }
	done <"$W/go.out"
	[ $bad_go = 0 ] && [ "$(wc -l <"$W/go.out")" = 8 ]; ok $? "the go-to box sends 704.5j, CR 704.5J, 704, 7 and glossary terms to ids the pages have"
else
	echo "# node is not installed: the go-to box's script is not run"
fi

# sample rules: their links are what `judge refs` and `judge backrefs` say
for id in 704.5j 601.2f 601.2b 608.2 103.4 702.19b 509.1a 116.2a; do
	python3 "$LINKS" rule "$W/s" "$id" >"$W/rule.out"
	J=$("$JUDGE" "${R[@]}" "${D[@]}" --json refs "$id")
	want=$(echo "$J" | jq -r '.refs | sort | join(" ")')
	got=$(sed -n 's/^refs *//p' "$W/rule.out")
	# a range links its first rule only: each rule linked is one judge refs names
	sub=0; for g in $got; do [[ " $want " == *" $g "* ]] || sub=1; done
	[ $sub = 0 ] && { [ -n "$got" ] || [ -z "$want" ]; }; ok $? "$id links the rules it cites: [$got] of [$want]"
	B=$("$JUDGE" "${R[@]}" "${D[@]}" --json backrefs "$id")
	want=$(echo "$B" | jq -r '.backrefs | sort | join(" ")'); got=$(sed -n 's/^rules *//p' "$W/rule.out" | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ *$//')
	[ "$got" = "$want" ]; ok $? "$id is cited by the rules judge backrefs names: [$got]"
	got=$(sed -n 's/^glossary *//p' "$W/rule.out")
	[ "$(echo "$B" | jq -r '.glossary | sort | join(" ")')" = "$got" ]; ok $? "$id is cited by the glossary entries judge backrefs names: [$got]"
	want=$(echo "$B" | jq -r '[.policy[] | (.document | ascii_upcase) + " " + .number] | unique | sort | join(" ")')
	got=$(sed -n 's/^policy *//p' "$W/rule.out")
	[ "$got" = "$want" ]; ok $? "$id is cited by the policy sections judge backrefs names: [$got]"
done
grep -q 'See rules <a href="cr-6.html#R6037d">603.7d</a>–f' "$W/s/cr-1.html" || grep -q 'rules <a href="cr-6.html#R6037d">603.7d</a>–f' "$W/s/cr-1.html"
ok $? "\"rules 603.7d–f\" links to 603.7d"
grep -q 'section <a href="cr-8.html#R8">8</a>' "$W/s/cr-1.html"; ok $? "\"section 8\" links to section 8"
grep -q 'rules <a href="#R1102">110.2</a> and <a href="#R1122">112.2</a>' "$W/s/cr-1.html"; ok $? "\"rules 110.2 and 112.2\" links both"
# glossary terms: once a rule at most
max=$(grep -o '<p class="r" id="R[^"]*".*</p>' "$W/s/cr-7.html" | python3 -c '
import re, sys
m = 0
for line in sys.stdin:
    hrefs = re.findall(r"class=\"g\" href=\"([^\"]*)\"", line)
    m = max([m] + [hrefs.count(h) for h in hrefs])
print(m)')
[ "$max" = 1 ]; ok $? "a glossary term is linked once a rule at most (most seen: $max)"
grep -q '<a class="g" href="glossary.html#legend_rule">legend rule</a>' "$W/s/cr-7.html"; ok $? "704.5j links \"legend rule\" to its glossary entry"

# textbook pages: what `judge -v --json rule` says teach a rule is said by it or, when the
# same, by the nearest rule above it (a subrule does not repeat its parent's pages; one that
# says none may have none)
up() { case $1 in *[a-z]) echo "${1%[a-z]}" ;; *.*) echo "${1%.*}" ;; ???) echo "${1:0:1}" ;; *) echo "" ;; esac; }
for id in 601.2 601.2a 702.19 702.19b 704.5j 103.4; do
	want=$("$JUDGE" --rules "$CR" -v --json rule "$id" | jq -r '(.textbook // [])[:8] | join("|")')
	at=$id; got=""
	while [ -n "$at" ]; do
		line=$(python3 - "$W/s/cr-${at:0:1}.html" "R${at//./}" <<'PY'
import re, sys
t = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'id="%s"' % re.escape(sys.argv[2]), t)
if m:
    rest = t[m.end():]
    nxt = re.search(r'<(p|h[2-4]) class="r" id="R|<h[2-4] id="R', rest)
    block = rest[: nxt.start() if nxt else len(rest)]
    tm = re.search(r'Taught in: (.*?)</p>', block)
    if tm:
        print("|".join(re.findall(r'>([^<]*)</a>', tm.group(1))))
PY
)
		[ -n "$line" ] && { got=$line; break; }
		at=$(up "$at")
	done
	# said by the rule itself: the same pages; said above it only: the same, or none at all
	{ [ "$at" = "$id" ] && [ "$got" = "$want" ]; } || { [ "$at" != "$id" ] && { [ "$got" = "$want" ] || [ -z "$want" ]; }; }
	ok $? "$id: taught in [$want] by judge -v rule; the edition says [$got] at ${at:-no rule}"
done

# the changes page holds what judge diff says
D2=$("$JUDGE" "${R[@]}" --json diff 2025-11-14 2026-01-16)
for k in added removed changed moved; do
	c=$(echo "$D2" | jq ".counts.$k")
	grep -q "<h2 id=\"$k\">[A-Za-z]* ($c)</h2>" "$W/s/changes.html" || [ "$c" = 0 ]; ok $? "changes.html: $c $k, as judge diff says"
done
grep -q '<del>another</del><ins>any other</ins>' "$W/s/changes.html"; ok $? "changes.html marks words deleted and inserted"

# card pages link the rules each card touches (the database imported above)
"$JUDGE" --rules "$CR" html --cards "$W/c26" >/dev/null 2>&1
grep -A8 '<h2 id="tarmogoyf">' "$W/c26/cards-t.html" | grep -q '<p class="cb">Rules: <a href="cr-3.html#R302">302</a>'
ok $? "a card page links the rules the card touches (Tarmogoyf: 302)"
python3 "$LINKS" check "$W/c26" >/dev/null; ok $? "and those links have their targets"

# another release: --cr as everywhere, or --date
for how in "--cr 20251114 html" "html --date 2025-11-14"; do
	"$JUDGE" "${R[@]}" --json $how "$W/old" >"$W/old.json" 2>/dev/null
	jq -e '.release == "2025-11-14" and .changes_from == null' "$W/old.json" >/dev/null &&
		grep -q 'effective November 14, 2025' "$W/old/cr-7.html"; ok $? "$how writes the 2025-11-14 rules"
done
err=$("$JUDGE" "${R[@]}" html --date 1999-01-01 "$W/none" 2>&1 >/dev/null); st=$?
[ $st = 2 ] && [ ! -e "$W/none" ]; ok $? "a release not loaded is an error and writes nothing (exit $st): $err"

# one page
"$JUDGE" --rules "$CR" html --single "$W/one" >/dev/null 2>&1; st=$?
[ $st = 0 ] && [ -f "$W/one/rules.html" ] && ! ls "$W"/one/cr-*.html >/dev/null 2>&1; ok $? "--single writes the rules on one page (exit $st)"
grep -q 'id="R7045s"' "$W/one/rules.html" && grep -q '<dt id="legend_rule">' "$W/one/rules.html"; ok $? "rules and glossary ids on that page"
edition_ok "$W/one" "--single"

# every official release in ../shared/cr
for f in "$SHARED"/cr/*.txt; do
	b=$(basename "$f" .txt)
	[ "$f" = "$CR" ] && continue   # written and checked above
	"$JUDGE" --rules "$f" html "$W/cr-$b" >/dev/null 2>&1; st=$?
	ok $st "$b: written (exit $st)"
	edition_ok "$W/cr-$b" "$b"
	rm -rf "$W/cr-$b"
done
echo "1..$n"
exit $bad
