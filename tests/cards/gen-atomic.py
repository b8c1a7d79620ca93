#!/usr/bin/env python3
"""gen-atomic.py [--real] N OUT — writes an N-card file in MTGJSON AtomicCards shape for the
benchmark: made-up cards with the fields, layouts, foreign data, legalities and rulings a real
file has, about as many bytes per card (4 KB), minified like the download. Deterministic.
  --real: every field of MTGJSON's Card (Atomic) model on every face (realshape.py: foreign data
          with identifiers, purchase URLs, leadership skills, printings, related cards...), at
          about the size of the real AtomicCards.json (150 MB for 35,000 cards).
gen-atomic.py --scryfall N CARDS RULINGS — the same cards as Scryfall's oracle-cards bulk file
(every field of a card object, one card a line as the download has them) and its rulings file."""
import json, os, random, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import realshape

args = sys.argv[1:]
mode = "plain"
if args and args[0] in ("--real", "--scryfall"):
    mode = args.pop(0)[2:]
n = int(args[0]) if args else 35000
out = args[1] if len(args) > 1 else "/dev/stdout"
rout = args[2] if len(args) > 2 else os.devnull
rng = random.Random(15)
syll = ["ka", "ri", "tor", "mo", "goyf", "vel", "dra", "zun", "esh", "ul", "bar", "thi", "on", "ae", "lim", "dûl", "qua", "sen", "rok", "iv"]
words = "target creature player card damage deals each opponent control battlefield graveyard library draw discard counter spell ability token artifact enchantment land mana color life turn combat attack block until end".split()
kws = ["Flying", "Trample", "Deathtouch", "Haste", "Vigilance", "Lifelink", "Flash", "Reach", "Menace", "Ward", "Persist", "Cumulative upkeep"]
types = ["Creature — Elf Druid", "Instant", "Sorcery", "Enchantment", "Artifact", "Legendary Creature — Human Wizard", "Land", "Planeswalker — Jace"]
formats = ["standard", "pioneer", "modern", "legacy", "vintage", "pauper", "commander", "oathbreaker", "brawl", "historic", "timeless", "penny", "duel", "premodern", "oldschool", "predh", "alchemy", "explorer", "gladiator", "future"]
langs = ["German", "Spanish", "French", "Italian", "Japanese", "Portuguese (Brazil)", "Russian", "Chinese Simplified", "Korean"]

def name():
    return " ".join("".join(rng.choice(syll) for _ in range(rng.randint(2, 3))).capitalize() for _ in range(rng.randint(1, 3)))

def sentence(k):
    return " ".join(rng.choice(words) for _ in range(k)).capitalize() + "."

def face(full, fname, side, layout):
    t = rng.choice(types)
    o = {"colorIdentity": ["G"], "colors": ["G"], "convertedManaCost": 3.0, "edhrecRank": rng.randint(1, 30000),
         "firstPrinting": "TST", "foreignData": [{"language": l, "name": full + " " + l, "text": sentence(30), "type": t} for l in langs],
         "identifiers": {"scryfallOracleId": "%08x-0000-4000-8000-%012x" % (rng.getrandbits(32), rng.getrandbits(48))},
         "layout": layout, "legalities": {f: rng.choice(["Legal", "Legal", "Banned", "Restricted"]) for f in rng.sample(formats, 12)},
         "manaCost": "{%d}{G}" % rng.randint(0, 6), "manaValue": 3.0, "name": full,
         "printings": ["TST%d" % i for i in range(rng.randint(1, 12))],
         "purchaseUrls": {"cardKingdom": "https://mtgjson.com/links/" + "%016x" % rng.getrandbits(64), "tcgplayer": "https://mtgjson.com/links/" + "%016x" % rng.getrandbits(64)},
         "subtypes": [], "supertypes": [], "text": "\n".join(sentence(rng.randint(8, 25)) for _ in range(rng.randint(1, 4))),
         "type": t, "types": [t.split()[0]]}
    if rng.random() < 0.4:
        o["keywords"] = rng.sample(kws, rng.randint(1, 3))
    if "Creature" in t:
        o["power"], o["toughness"] = str(rng.randint(0, 8)), str(rng.randint(1, 8))
    if "Planeswalker" in t:
        o["loyalty"] = str(rng.randint(2, 6))
    if rng.random() < 0.55:
        o["rulings"] = [{"date": "20%02d-%02d-%02d" % (rng.randint(3, 25), rng.randint(1, 12), rng.randint(1, 28)), "text": sentence(rng.randint(10, 40))} for _ in range(rng.randint(1, 6))]
    if fname:
        o["faceName"], o["side"] = fname, side
    return o

def card_spec():
    """One made-up card: (full name, layout, [faces as dicts for realshape], keywords, legal, rulings)."""
    r = rng.random()
    legal = {f: rng.choice(["Legal", "Legal", "Banned", "Restricted"]) for f in rng.sample(formats, 12)}
    kw = rng.sample(kws, rng.randint(1, 3)) if rng.random() < 0.4 else []
    rul = [("20%02d-%02d-%02d" % (rng.randint(3, 25), rng.randint(1, 12), rng.randint(1, 28)), sentence(rng.randint(10, 40)))
           for _ in range(rng.randint(1, 6))] if rng.random() < 0.55 else []
    def one(fname):
        t = rng.choice(types)
        f = {"name": fname, "type": t, "cost": "{%d}{G}" % rng.randint(0, 6) if "Land" not in t else None,
             "text": "\n".join(sentence(rng.randint(8, 25)) for _ in range(rng.randint(1, 4)))}
        if "Creature" in t:
            f["power"], f["toughness"] = str(rng.randint(0, 8)), str(rng.randint(1, 8))
        if "Planeswalker" in t:
            f["loyalty"] = str(rng.randint(2, 6))
        return f
    if r < 0.06:
        a, b = name(), name()
        return a + " // " + b, rng.choice(["split", "transform", "modal_dfc", "adventure", "flip", "aftermath"]), [one(a), one(b)], kw, legal, rul
    full = name()
    return full, rng.choice(["normal"] * 20 + ["saga", "class", "leveler"]), [one(full)], kw, legal, rul

def mv_of(cost):
    return float(sum(int(x) if x.isdigit() else 1 for x in (cost or "").replace("}", "").split("{")[1:]))

if mode == "plain":
    data = {}
    while len(data) < n:
        r = rng.random()
        if r < 0.06:
            a, b = name(), name()
            layout = rng.choice(["split", "transform", "modal_dfc", "adventure", "flip", "aftermath"])
            full = a + " // " + b
            data[full] = [face(full, a, "a", layout), face(full, b, "b", layout)]
        else:
            full = name()
            data[full] = [face(full, None, None, rng.choice(["normal"] * 20 + ["saga", "class", "leveler"]))]
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"meta": {"date": "2025-11-14", "version": "5.2.2+20251114"}, "data": data}, f, ensure_ascii=False, separators=(",", ":"))
    sys.exit(0)

specs, seen = [], set()
while len(specs) < n:
    s = card_spec()
    if s[0] not in seen:
        seen.add(s[0])
        specs.append(s)

if mode == "real":
    # written a card at a time: the whole file never sits in memory here either
    with open(out, "w", encoding="utf-8") as f:
        f.write('{"meta":{"date":"2025-11-14","version":"5.2.2+20251114"},"data":{')
        for i, (full, layout, faces, kw, legal, rul) in enumerate(specs):
            total = sum(mv_of(x["cost"]) for x in faces) if layout in ("split", "aftermath") else mv_of(faces[0]["cost"])
            arr = []
            # foreign data as the real file has it: none for many older and online cards, all
            # nine languages for recent ones
            nf = rng.choice([0, 0, 0, 1, 9, 9])
            for k, x in enumerate(faces):
                two = len(faces) > 1
                arr.append(realshape.mtgjson_face(full, layout, x["type"], x["text"], x["cost"], total,
                    face_name=x["name"] if two else None, side="ab"[k] if two else None,
                    face_mv=mv_of(x["cost"]) if two else None, power=x.get("power"), toughness=x.get("toughness"),
                    loyalty=x.get("loyalty"), keywords=kw, legal=legal, rulings=rul, foreign=nf,
                    printings=["TST%d" % j for j in range(1 + i % 12)]))
            f.write(("," if i else "") + json.dumps(full, ensure_ascii=False) + ":" + json.dumps(arr, ensure_ascii=False, separators=(",", ":")))
        f.write("}}")
    sys.exit(0)

# Scryfall: oracle-cards, one card a line, and the rulings file
with open(out, "w", encoding="utf-8") as f, open(rout, "w", encoding="utf-8") as rf:
    f.write("[\n")
    rf.write("[\n")
    nr = 0
    for i, (full, layout, faces, kw, legal, rul) in enumerate(specs):
        total = sum(mv_of(x["cost"]) for x in faces) if layout in ("split", "aftermath") else mv_of(faces[0]["cost"])
        leg = {k: v.lower() for k, v in legal.items()}
        if len(faces) > 1:
            lay = "split" if layout == "aftermath" else layout
            cf = [realshape.scryfall_face(x["name"], x["type"], x["text"], x["cost"], x.get("power"), x.get("toughness"),
                                          x.get("loyalty"), cid=realshape.uuid("scryfall", full, lay), back=k > 0,
                                          image=lay in ("transform", "modal_dfc"))
                  for k, x in enumerate(faces)]
            c = realshape.scryfall_card(full, lay, " // ".join(x["type"] for x in faces), None,
                                        " // ".join(x["cost"] or "" for x in faces) if lay not in ("transform", "modal_dfc") else None,
                                        total, keywords=kw, legal=leg, faces=cf, number=str(i + 1))
        else:
            x = faces[0]
            c = realshape.scryfall_card(full, layout, x["type"], x["text"], x["cost"] or "", total, x.get("power"),
                                        x.get("toughness"), x.get("loyalty"), keywords=kw, legal=leg, number=str(i + 1))
        f.write(("," if i else "") + json.dumps(c, ensure_ascii=False, separators=(",", ":")) + "\n")
        for d, t in rul:
            rf.write(("," if nr else "") + json.dumps(realshape.scryfall_ruling(c["oracle_id"], d, t, "wotc" if nr % 7 else "scryfall"),
                                                     ensure_ascii=False, separators=(",", ":")) + "\n")
            nr += 1
    f.write("]\n")
    rf.write("]\n")
