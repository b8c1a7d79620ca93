"""realshape.py — dresses a card written for the tests in every field a real file carries: an
MTGJSON v5 AtomicCards face (mtgjson.com, "Card (Atomic)": the Identifiers, ForeignData,
LeadershipSkills, Legalities, PurchaseUrls, RelatedCards and Rulings models, keys sorted as
MTGJSON writes them, absent optional fields left out) and a Scryfall oracle-cards card object
(scryfall.com/docs/api/cards: core, gameplay and print fields, card_faces, image_uris, prices
with nulls, related and purchase URIs). fixtures.py writes the real-shaped fixtures with it and
gen-atomic.py --real the benchmark's files. No downloaded data: names, texts and ids are made
up or are what a test needs."""
import hashlib

FORMATS = ["alchemy", "brawl", "commander", "duel", "explorer", "future", "gladiator", "historic",
           "historicbrawl", "legacy", "modern", "oathbreaker", "oldschool", "pauper", "paupercommander",
           "penny", "pioneer", "predh", "premodern", "standard", "standardbrawl", "timeless", "vintage"]
LANGS = ["German", "Spanish", "French", "Italian", "Japanese", "Portuguese (Brazil)", "Russian",
         "Chinese Simplified", "Korean"]


def uuid(*parts):
    """A stable made-up UUID for a name (so fixtures do not change between runs)."""
    h = hashlib.sha1("\x1f".join(str(p) for p in parts).encode()).hexdigest()
    return "%s-%s-4%s-8%s-%s" % (h[:8], h[8:12], h[13:16], h[17:20], h[20:32])


def colors_of(cost):
    return [c for c in "WUBRG" if cost and ("{%s}" % c in cost or "/%s}" % c in cost or "{%s/" % c in cost)]


def split_type(t):
    sup, typ, sub = [], [], []
    left, _, right = (t or "").partition(" — ")
    for w in left.split():
        (sup if w in ("Legendary", "Basic", "Snow", "World", "Ongoing") else typ).append(w)
    return sup, typ, right.split() if right else []


def mtgjson_face(name, layout, type_, text=None, cost=None, mv=0.0, face_name=None, side=None,
                 face_mv=None, power=None, toughness=None, loyalty=None, defense=None, hand=None,
                 life=None, keywords=None, legal=None, rulings=None, foreign=2, printings=("TST",),
                 **extra):
    """One element of data[NAME] in AtomicCards.json, every field the model lists. legal maps
    format -> "Legal"/"Banned"/"Restricted"; rulings is [(date, text)]."""
    sup, typ, sub = split_type(type_)
    oid = uuid("oracle", name)
    o = {
        "colorIdentity": colors_of(cost) or colors_of(text),
        "colors": colors_of(cost),
        "convertedManaCost": float(mv),
        "edhrecRank": int(uuid("rank", name)[:4], 16) % 30000 + 1,
        "edhrecSaltiness": 0.21,
        "firstPrinting": printings[0],
        "foreignData": [{
            "faceName": ("%s (%s)" % (face_name, lang)) if face_name else None,
            "identifiers": {"multiverseId": str(400000 + i), "scryfallId": uuid("foreign", name, lang)},
            "language": lang,
            "multiverseId": 400000 + i,
            "name": "%s (%s)" % (name, lang),
            "text": "(%s) %s" % (lang, text or ""),
            "type": "(%s) %s" % (lang, type_),
            "uuid": uuid("foreign-uuid", name, lang),
        } for i, lang in enumerate(LANGS[:foreign])],
        "identifiers": {"scryfallOracleId": oid},
        "layout": layout,
        "leadershipSkills": {"brawl": False, "commander": "Legendary" in sup and "Creature" in typ, "oathbreaker": False},
        "legalities": dict(legal or {}),
        "manaValue": float(mv),
        "name": name,
        "printings": list(printings),
        "purchaseUrls": {
            "cardKingdom": "https://mtgjson.com/links/" + uuid("ck", name)[:16],
            "cardKingdomFoil": "https://mtgjson.com/links/" + uuid("ckf", name)[:16],
            "cardmarket": "https://mtgjson.com/links/" + uuid("mcm", name)[:16],
            "tcgplayer": "https://mtgjson.com/links/" + uuid("tcg", name)[:16],
        },
        "subtypes": sub,
        "supertypes": sup,
        "type": type_,
        "types": typ,
    }
    if not o["foreignData"]:
        o["foreignData"] = []
    for f in o["foreignData"]:
        if f["faceName"] is None:
            del f["faceName"]
    if any(ord(ch) > 127 for ch in name):
        o["asciiName"] = name.encode("ascii", "ignore").decode() or name
    if cost:
        o["manaCost"] = cost
    if text:
        o["text"] = text
    if face_name:
        o["faceName"] = face_name
        o["faceConvertedManaCost"] = float(mv if face_mv is None else face_mv)
        o["faceManaValue"] = float(mv if face_mv is None else face_mv)
    if side:
        o["side"] = side
    for k, v in (("power", power), ("toughness", toughness), ("loyalty", loyalty), ("defense", defense),
                 ("hand", hand), ("life", life)):
        if v is not None:
            o[k] = v
    if keywords:
        o["keywords"] = list(keywords)
    if rulings:
        o["rulings"] = [{"date": d, "text": t} for d, t in rulings]
    o.update(extra)
    return dict(sorted(o.items()))


def _image_uris(cid, back=False):
    d = "back" if back else "front"
    return {k: "https://cards.scryfall.io/%s/%s/%s/%s/%s.%s?1700000000" % (k, d, cid[0], cid[1], cid, "png" if k == "png" else "jpg")
            for k in ("small", "normal", "large", "png", "art_crop", "border_crop")}


def scryfall_face(name, type_, text=None, cost=None, power=None, toughness=None, loyalty=None,
                  defense=None, cid=None, back=False, image=True, **extra):
    """A card_faces element: Scryfall writes "" for no mana cost, leaves out what a face lacks."""
    o = {"object": "card_face", "name": name, "mana_cost": cost or "", "type_line": type_}
    if text is not None:
        o["oracle_text"] = text
    o["colors"] = colors_of(cost)
    for k, v in (("power", power), ("toughness", toughness), ("loyalty", loyalty), ("defense", defense)):
        if v is not None:
            o[k] = v
    o.update({"artist": "Test Artist", "artist_id": uuid("artist", name), "illustration_id": uuid("ill", name)})
    if image and cid:
        o["image_uris"] = _image_uris(cid, back)
    o.update(extra)
    return o


def scryfall_card(name, layout, type_=None, text=None, cost=None, mv=0.0, power=None,
                  toughness=None, loyalty=None, defense=None, keywords=(), legal=None, faces=None,
                  oracle_id=True, set_code="tst", number="1", **extra):
    """One element of oracle-cards-*.json. legal maps format -> "legal"/"banned"/"restricted"
    (every other format is "not_legal", as Scryfall writes all of them). faces: card_faces.
    oracle_id=False leaves the card's own out (reversible cards carry it on their faces)."""
    cid = uuid("scryfall", name, layout)
    o = {"object": "card", "id": cid}
    if oracle_id:
        o["oracle_id"] = oracle_id if isinstance(oracle_id, str) else uuid("oracle", name)
    o.update({
        "multiverse_ids": [], "mtgo_id": 90000, "tcgplayer_id": 200000, "cardmarket_id": 500000,
        "name": name, "lang": "en", "released_at": "2025-11-14",
        "uri": "https://api.scryfall.com/cards/" + cid,
        "scryfall_uri": "https://scryfall.com/card/%s/%s/x?utm_source=api" % (set_code, number),
        "layout": layout, "highres_image": True, "image_status": "highres_scan",
    })
    one_image = not faces or layout in ("split", "flip", "adventure", "aftermath")
    if one_image:
        o["image_uris"] = _image_uris(cid)
    if faces is None or layout in ("split", "flip", "adventure", "aftermath"):
        if cost is not None or faces is None:
            o["mana_cost"] = cost if cost is not None else ""
    if mv is not None and layout != "reversible_card":
        o["cmc"] = float(mv)
    if type_ is not None:
        o["type_line"] = type_
    if faces is None and text is not None:
        o["oracle_text"] = text
    for k, v in (("power", power), ("toughness", toughness), ("loyalty", loyalty), ("defense", defense)):
        if v is not None and faces is None:
            o[k] = v
    if faces is None or one_image:
        o["colors"] = colors_of(cost)
    o["color_identity"] = colors_of(cost) or colors_of(text)
    o["keywords"] = list(keywords)
    if faces is not None:
        o["card_faces"] = faces
    leg = {f: "not_legal" for f in FORMATS if f not in ("explorer", "historicbrawl")}
    for f, v in (legal or {}).items():
        leg[f] = v
    o.update({
        "legalities": leg, "games": ["paper", "mtgo"], "reserved": False, "game_changer": False,
        "foil": True, "nonfoil": True, "finishes": ["nonfoil", "foil"], "oversized": False,
        "promo": False, "reprint": True, "variation": False,
        "set_id": uuid("set", set_code), "set": set_code, "set_name": "Test Set", "set_type": "expansion",
        "set_uri": "https://api.scryfall.com/sets/" + uuid("set", set_code),
        "set_search_uri": "https://api.scryfall.com/cards/search?order=set&q=e%3A" + set_code + "&unique=prints",
        "scryfall_set_uri": "https://scryfall.com/sets/%s?utm_source=api" % set_code,
        "rulings_uri": "https://api.scryfall.com/cards/%s/rulings" % cid,
        "prints_search_uri": "https://api.scryfall.com/cards/search?order=released&q=oracleid%%3A%s&unique=prints" % uuid("oracle", name),
        "collector_number": number, "digital": False, "rarity": "rare",
        "card_back_id": "0aeebaf5-8c7d-4636-9e82-8c27447861f7", "artist": "Test Artist",
        "artist_ids": [uuid("artist", name)], "illustration_id": uuid("ill", name),
        "border_color": "black", "frame": "2015", "security_stamp": "oval", "full_art": False,
        "textless": False, "booster": True, "story_spotlight": False,
        "edhrec_rank": int(cid[:4], 16) % 30000 + 1, "penny_rank": 1200,
        "preview": {"source": "Test", "source_uri": "https://example.invalid/", "previewed_at": "2025-10-01"},
        "prices": {"usd": "0.25", "usd_foil": None, "usd_etched": None, "eur": "0.20", "eur_foil": None, "tix": None},
        "related_uris": {"gatherer": "https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid=1",
                         "tcgplayer_infinite_articles": "https://example.invalid/a",
                         "tcgplayer_infinite_decks": "https://example.invalid/d",
                         "edhrec": "https://edhrec.com/route/?cc=x"},
        "purchase_uris": {"tcgplayer": "https://example.invalid/t", "cardmarket": "https://example.invalid/c",
                          "cardhoarder": "https://example.invalid/h"},
    })
    o.update(extra)
    return o


def scryfall_ruling(oracle_id, date, text, source="wotc"):
    return {"object": "ruling", "oracle_id": oracle_id, "source": source, "published_at": date, "comment": text}
