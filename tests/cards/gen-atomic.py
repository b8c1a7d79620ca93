#!/usr/bin/env python3
"""gen-atomic.py N OUT — writes an N-card file in MTGJSON AtomicCards shape for the benchmark:
made-up cards with the fields, layouts, foreign data, legalities and rulings a real file has,
about as many bytes per card (4 KB), minified like the download. Deterministic."""
import json, random, sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 35000
out = sys.argv[2] if len(sys.argv) > 2 else "/dev/stdout"
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
