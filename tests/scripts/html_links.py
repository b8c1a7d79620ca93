#!/usr/bin/env python3
"""html_links.py — checks a `judge html` folder independently of judge (Python's own HTML
parser, not judge's code).

  html_links.py check DIR          every page: no id twice; every href="#x" and
                                   href="page.html#x" has its page and its target
  html_links.py rule DIR ALIAS     the rule whose readable id is ALIAS (704.5j): the rules
                                   its text links to, then the rules and glossary terms of
                                   its "cited by" line, one kind a line
"""
import os
import re
import sys
from html.parser import HTMLParser


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = []
        self.hrefs = []
        # rules: R-id -> readable id; rule R-id -> links of its text; -> its cited-by links
        self.alias = {}
        self.text_links = {}
        self.cited = {}
        self._rule = None       # R-id of the element being read, and its tag depth
        self._depth = 0
        self._cb = None         # R-id whose cited-by paragraph is being read
        self._last_rule = None
        self._in_a = None
        self._a_text = ""
        self._stack = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        voids = ("meta", "link", "br", "img", "hr", "input")
        if tag not in voids:
            self._stack.append(tag)
        if "id" in a:
            self.ids.append(a["id"])
            if tag == "span" and self._rule and self._rule not in self.alias:
                self.alias[self._rule] = a["id"]
        if a.get("id", "") and re.match(r"^R\d", a["id"]):
            self._rule = a["id"]
            self._depth = len(self._stack)
            self._last_rule = a["id"]
            self.text_links.setdefault(a["id"], [])
        if tag == "p" and a.get("class") == "cb" and self._last_rule:
            self._cb = self._last_rule
            self.cited.setdefault(self._cb, [])
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])
            self._in_a = (a["href"], a.get("class", ""))
            self._a_text = ""

    def handle_endtag(self, tag):
        if tag == "a" and self._in_a:
            href, cls = self._in_a
            if self._rule and cls not in ("n", "g"):
                self.text_links[self._rule].append(href)
            elif self._cb:
                self.cited[self._cb].append((href, self._a_text))
            self._in_a = None
        if tag == "p" and self._cb:
            self._cb = None
        if self._stack:
            if self._rule and len(self._stack) == self._depth and self._stack[-1] == tag:
                self._rule = None
            self._stack.pop()

    def handle_data(self, data):
        if self._in_a:
            self._a_text += data


def load(d):
    pages = {}
    for f in sorted(os.listdir(d)):
        if f.endswith(".html"):
            p = Page()
            with open(os.path.join(d, f), encoding="utf-8") as fh:
                p.feed(fh.read())
            p.close()
            pages[f] = p
    return pages


def check(d):
    pages = load(d)
    bad = 0
    nlinks = 0
    ids = {f: set(p.ids) for f, p in pages.items()}
    for f, p in pages.items():
        seen = set()
        for i in p.ids:
            if i in seen:
                print(f"{f}: id {i!r} twice")
                bad += 1
            seen.add(i)
        for h in p.hrefs:
            if re.match(r"^[a-z]+:", h):
                continue
            nlinks += 1
            page, _, frag = h.partition("#")
            page = page or f
            if page not in pages and not os.path.exists(os.path.join(d, page)):
                print(f"{f}: {h}: no page {page}")
                bad += 1
            elif frag and frag not in ids.get(page, ()):
                print(f"{f}: {h}: {page} has no id {frag!r}")
                bad += 1
    print(f"{len(pages)} pages, {nlinks} links, {bad} problems")
    return 1 if bad else 0


def rule(d, alias):
    pages = load(d)
    to_alias = {}
    for f, p in pages.items():
        for r, a in p.alias.items():
            to_alias[f + "#" + r] = a
    for f, p in pages.items():
        for r, a in p.alias.items():
            if a != alias:
                continue

            def name(h):
                page, _, frag = h.partition("#")
                return to_alias.get((page or f) + "#" + frag, h)
            print("refs", *sorted(set(name(h) for h in p.text_links.get(r, []))))
            cb = p.cited.get(r, [])
            pol = [t for h, t in cb if re.search(r"^(ipg|mtr|jar)\.html#", h)]
            print("rules", *sorted(name(h) for h, _ in cb if re.search(r"#R\d", h)))
            print("glossary", *sorted(t for h, t in cb if not re.search(r"#R\d", h) and t not in pol))
            print("policy", *sorted(pol))
            return 0
    print(f"no rule {alias}")
    return 1


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "check":
        sys.exit(check(sys.argv[2]))
    if len(sys.argv) == 4 and sys.argv[1] == "rule":
        sys.exit(rule(sys.argv[2], sys.argv[3]))
    print(__doc__)
    sys.exit(2)
