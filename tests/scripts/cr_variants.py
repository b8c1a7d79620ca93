#!/usr/bin/env python3
"""cr_variants.py — makes plausible future and variant CR releases from a shipped one.

Usage: cr_variants.py SRC OUTDIR

For each variant it writes OUTDIR/NAME.txt (the release as such a copy would circulate) and
a line in OUTDIR/expect.tsv:

    NAME <TAB> REF <TAB> DATE <TAB> ADDED

REF is the file whose records the variant must read as (the original, or for a re-encoding
that cannot hold every character, the same text decoded again and written as UTF-8); DATE
is the release date as YYYY-MM-DD; ADDED is the file OUTDIR/NAME.added listing the entries
the variant adds to REF ("ID <TAB> TEXT" per line, "-" when none). The transformations are
the ways Wizards' own releases have varied (encodings, line ends, page breaks, tabs, the
glossary's place, the Credits heading, the date sentence) and the ways the rules grow (a new
chapter in section 9, keyword numbers with three digits after the dot, subrule letters past
z). Nothing here knows judge's code: what a variant must read as is derived from the text.
"""
import os
import re
import sys

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
DATE_RE = re.compile(r"(effective|current) as of (" + "|".join(MONTHS) + r") (\d{1,2}), (\d{4})")
HEAD_RE = re.compile(r"^(\d{3})\.\s")          # a chapter heading "702. Keyword Abilities"
RULE_RE = re.compile(r"^(\d{3}\.\d+[a-z]?)(\.?) ")  # "100.1. " or "100.1a "


def read_release(path):
    raw = open(path, "rb").read()
    if raw.startswith(b"\xef\xbb\xbf"):
        text = raw[3:].decode("utf-8")
    elif raw.startswith(b"\xfe\xff") or raw.startswith(b"\xff\xfe"):
        text = raw.decode("utf-16")
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="replace")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def release_date(lines):
    for l in lines[:40]:
        m = DATE_RE.search(l)
        if m:
            return "%s-%02d-%02d" % (m.group(4), MONTHS.index(m.group(2)) + 1, int(m.group(3)))
    sys.exit("cr_variants.py: no date sentence in the first 40 lines")


def body_start(lines):
    """Index of the line where the rules begin: the second "1. Game Concepts"-like heading
    (the first is in the contents)."""
    first = None
    for i, l in enumerate(lines):
        if re.match(r"^1\.\s+\S", l):
            if first is None:
                first = i
            else:
                return i
    return first or 0


def find_heading(lines, word, after):
    for i in range(after, len(lines)):
        if lines[i].strip() == word:
            return i
    return None


def write(path, lines, encoding="utf-8", bom=b"", eol="\n", errors="strict"):
    text = eol.join(lines)
    with open(path, "wb") as f:
        f.write(bom + text.encode(encoding, errors=errors))


def lossy(lines, encoding):
    """The text as it reads after a round trip through an 8-bit encoding: what cannot be
    written becomes "?", as a converting editor does."""
    return [l.encode(encoding, errors="replace").decode(encoding) for l in lines]


def added_file(out, name, entries):
    if not entries:
        return "-"
    p = os.path.join(out, name + ".added")
    with open(p, "w", encoding="utf-8") as f:
        for rid, text in entries:
            f.write("%s\t%s\n" % (rid, text))
    return name + ".added"


def insert_after_rule(lines, start, prefix, new):
    """Insert the lines `new` (each a rule paragraph) after the last paragraph of the rules
    whose number starts with `prefix`, in the body; returns the new list."""
    last = None
    for i in range(start, len(lines)):
        m = RULE_RE.match(lines[i])
        if m and m.group(1).startswith(prefix):
            last = i
    if last is None:
        sys.exit("cr_variants.py: no rule %s in the body" % prefix)
    # the rule's examples and continuation paragraphs run to the next numbered line
    j = last + 1
    while j < len(lines) and not RULE_RE.match(lines[j]) and not HEAD_RE.match(lines[j]) \
            and not re.match(r"^\d\.\s", lines[j]) and lines[j].strip() != "Glossary":
        j += 1
    block = []
    for t in new:
        block += [t, ""]
    return lines[:j] + block + lines[j:]


def main():
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    lines = read_release(src)
    date = release_date(lines)
    y, mo, d = date.split("-")
    month = MONTHS[int(mo) - 1]
    start = body_start(lines)
    modern = find_heading(lines, "Credits", start) is not None
    plain = os.path.join(out, "plain.txt")
    write(plain, lines)             # UTF-8, LF, no BOM: what the variants are compared with
    exp = []

    def add(name, ref, lines_out, entries=(), the_date=date, **kw):
        write(os.path.join(out, name + ".txt"), lines_out, **kw)
        exp.append((name, ref, the_date, added_file(out, name, list(entries))))

    # ---- encodings and line ends ----
    add("utf8-bom-crlf", "plain.txt", lines, bom=b"\xef\xbb\xbf", eol="\r\n")
    add("utf8-bare-cr", "plain.txt", lines, eol="\r")
    add("utf16le-bom-crlf", "plain.txt", lines, encoding="utf-16-le", bom=b"\xff\xfe", eol="\r\n")
    add("utf16le-nobom-lf", "plain.txt", lines, encoding="utf-16-le", eol="\n")
    add("utf16be-bom-cr", "plain.txt", lines, encoding="utf-16-be", bom=b"\xfe\xff", eol="\r")
    for enc, name, eol in (("cp1252", "windows-1252-crlf", "\r\n"), ("mac_roman", "mac-roman-cr", "\r")):
        back = lossy(lines, enc)
        write(os.path.join(out, name + ".ref.txt"), back)
        add(name, name + ".ref.txt", back, encoding=enc, eol=eol)

    # ---- layout: page breaks, tabs ----
    ff = []
    for i, l in enumerate(lines):
        if i >= start and HEAD_RE.match(l):
            ff.append("\f" + l)              # pdftotext puts the form feed before the heading
        elif i >= start and i % 97 == 0 and l == "":
            ff.append("\f")                  # and a page break alone on a blank line
        else:
            ff.append(l)
    add("form-feeds", "plain.txt", ff, bom=b"\xef\xbb\xbf", eol="\r\n")
    tabs = []
    for i, l in enumerate(lines):
        m = RULE_RE.match(l) if i >= start else None
        if m:
            l = m.group(1) + m.group(2) + "\t" + l[m.end():]
        elif i >= start and l.startswith("Example: "):
            l = "\tExample:\t" + l[len("Example: "):]
        tabs.append(l)
    add("tabs", "plain.txt", tabs, eol="\r\n")
    # a damaged copy: NUL bytes past the first 64 KiB (where binary files are told), one
    # inside a rule number; said, dropped, and nothing lost with them
    nul = list(lines)
    seen = 0
    for i in range(len(nul) // 2, len(nul)):
        if RULE_RE.match(nul[i]) and seen < 3:
            nul[i] = nul[i][:4] + "\0" + nul[i][4:] if seen == 0 else nul[i] + "\0"
            seen += 1
    add("nul-bytes", "plain.txt", nul, bom=b"\xef\xbb\xbf", eol="\r\n")

    # ---- the date sentence written otherwise (in the header and, if there, at the end) ----
    forms = {
        "date-capital": "Effective as of %s %d, %s." % (month, int(d), y),
        "date-day-first": "These rules are effective as of %d %s %s." % (int(d), month, y),
        "date-ordinal": "These rules are effective as of %s %d%s, %s." % (
            month, int(d), "th" if 4 <= int(d) % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(int(d) % 10, "th"), y),
        "date-abbrev": "These rules are effective as of %s. %d, %s." % (month[:3], int(d), y),
        "date-no-as-of": "These rules are effective %s %d, %s." % (month, int(d), y),
        "date-iso": "These rules are effective as of %s." % date,
    }
    for name, sentence in forms.items():
        dl = [sentence if DATE_RE.search(l) and len(l) < 80 else l for l in lines]
        add(name, "plain.txt", dl, bom=b"\xef\xbb\xbf", eol="\r\n")

    if modern:
        # ---- the glossary moved: after Credits, or before the rules ----
        g0 = find_heading(lines, "Glossary", start)
        c0 = find_heading(lines, "Credits", g0)
        gloss = lines[g0:c0]
        rest = lines[:g0] + lines[c0:]
        add("glossary-last", "plain.txt", rest + [""] + gloss)
        add("glossary-first", "plain.txt", lines[:start] + gloss + lines[start:g0] + lines[c0:])
        # ---- the Credits heading written otherwise ----
        for name, word in (("credits-upper", "CREDITS"), ("credits-long", "Credits and Acknowledgments"),
                           ("credits-colon", "Credits:")):
            add(name, "plain.txt", [word if l.strip() == "Credits" else l for l in lines])

        # ---- the rules grow ----
        # a new chapter in section 9, listed in the contents too
        # (a release of the classic layout, sections 1-6, grows a chapter in its last section)
        lastsec = max(m.group(1)[0] for l in lines[start:] for m in [HEAD_RE.match(l)] if m)
        last9 = max(int(m.group(1)) for l in lines[start:] for m in [HEAD_RE.match(l)] if m and m.group(1)[0] == lastsec)
        n9 = last9 + 1
        new9 = [("%d.1" % n9, "Starfield Draft is a casual variant in which each player drafts from a shared pool of face-down cards."),
                ("%d.1a" % n9, "Each player reveals one card from the shared pool at the start of each draft round."),
                ("%d.1b" % n9, "A player may look at the cards they have drafted at any time."),
                ("%d.2" % n9, "A Starfield Draft game is a multiplayer game. See rule %d.1." % n9)]
        grown = list(lines)
        ci = [i for i, l in enumerate(grown[:start]) if l.startswith("%d. " % last9)][-1]
        grown.insert(ci + 1, "%d. Starfield Draft" % n9)
        start2 = start + 1
        g0 = find_heading(grown, "Glossary", start2)
        block = ["%d. Starfield Draft" % n9, ""]
        for rid, t in new9:
            block += [rid + ("." if rid[-1].isdigit() else "") + " " + t, ""]
        grown = grown[:g0] + block + grown[g0:]
        add("new-chapter-9", "plain.txt", grown, [("%d" % n9, "Starfield Draft")] + new9,
            bom=b"\xef\xbb\xbf", eol="\r\n")

        # keyword numbers on to 702.200 (three digits after the dot, past the last there is)
        # (the classic layout numbers keywords 502)
        kwchap = "702" if any(l.startswith("702. ") for l in lines[start:]) else "502"
        lastkw = max(int(m.group(1).split(".")[1]) for l in lines[start:] for m in [RULE_RE.match(l)]
                     if m and re.fullmatch(kwchap + r"\.\d+", m.group(1)))
        kws = []
        for k in range(lastkw + 1, 201):
            name = "Starfall %d" % k
            kws += [("%s.%d" % (kwchap, k), name),
                    ("%s.%da" % (kwchap, k), "%s is a triggered ability. \u201c%s\u201d means \u201cWhen this permanent enters, scry %d.\u201d" % (name, name, k % 5 + 1)),
                    ("%s.%db" % (kwchap, k), "If a permanent has multiple instances of %s, each triggers separately." % name.lower())]
        paras = []
        for rid, t in kws:
            paras.append(rid + ("." if rid[-1].isdigit() else "") + " " + t)
        grown = insert_after_rule(lines, start, "%s.%d" % (kwchap, lastkw), paras)
        add("keywords-to-%s-200" % kwchap, "plain.txt", grown, kws, encoding="utf-16-le", bom=b"\xff\xfe", eol="\r\n")

        # subrule letters past z: 704.5 uses all 24 (a-z without l and o); the next would be
        # two letters, as spreadsheet columns go on (aa, ab, ...), skipping l and o too
        letters = [c for c in "abcdefghijkmnpqrstuvwxyz"]
        zs = [m.group(1) for l in lines[start:] for m in [RULE_RE.match(l)] if m and m.group(1).endswith("z")]
        past = []
        if zs:
            base = zs[0][:-1]
            for two in ("aa", "ab", "ac", "am", "ap", "ba"):
                past.append(("%s%s" % (base, two), "If a player controls a permanent with starfall %s, that permanent is put into its owner\u2019s graveyard. See rule 704.3." % two))
            grown = insert_after_rule(lines, start, zs[0], ["%s %s" % p for p in past])
            add("letters-past-z", "plain.txt", grown, past)

        # everything at once, in UTF-16LE with page breaks and tabs
        allx = list(lines)
        allx = [forms["date-capital"] if DATE_RE.search(l) and len(l) < 80 else l for l in allx]
        allx = insert_after_rule(allx, start, "%s.%d" % (kwchap, lastkw), paras)
        if past:
            allx = insert_after_rule(allx, start, zs[0], ["%s %s" % p for p in past])
        g0 = find_heading(allx, "Glossary", start)
        allx = allx[:g0] + block + allx[g0:]
        allx = ["\f" + l if i > start and HEAD_RE.match(l) else l for i, l in enumerate(allx)]
        add("future", "plain.txt", allx, [("%d" % n9, "Starfield Draft")] + new9 + kws + past,
            encoding="utf-16-le", bom=b"\xff\xfe", eol="\r\n")

    with open(os.path.join(out, "expect.tsv"), "w") as f:
        for e in exp:
            f.write("\t".join(e) + "\n")


if __name__ == "__main__":
    main()
