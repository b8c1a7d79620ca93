#!/usr/bin/env python3
"""fixtures.py — writes the card fixtures the tests use, in MTGJSON AtomicCards shape and in
Scryfall's oracle-cards + rulings shape, from one list of cards written for the tests (no
downloaded data). Run it from the repository root to regenerate tests/cards/*.json."""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# name, layout, faces [(face name, cost, mana value, type, text, P, T, loyalty, defense)],
# keywords, legalities, rulings [(date, source, text)], oracle id suffix
def F(name, cost, mv, type_, text, p=None, t=None, loy=None, dfn=None):
    return dict(name=name, cost=cost, mv=mv, type=type_, text=text, p=p, t=t, loy=loy, dfn=dfn)

LEG_MODERN = {"commander": "Legal", "legacy": "Legal", "modern": "Legal", "vintage": "Legal"}
LEG_OLD = {"commander": "Legal", "legacy": "Legal", "vintage": "Legal"}
CARDS = [
  ("Tarmogoyf", "normal", [F(None, "{1}{G}", 2, "Creature — Lhurgoyf",
     "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1.", "*", "1+*")],
   [], LEG_MODERN, [("2007-02-01", "wotc", "Tarmogoyf's ability is a characteristic-defining ability; it works in all zones (see rule 604.3)."),
                    ("2017-04-18", "wotc", "If Tarmogoyf is in a graveyard, it counts itself.")]),
  ("Questing Beast", "normal", [F(None, "{2}{G}{G}", 4, "Legendary Creature — Beast",
     "Vigilance, deathtouch, haste\nQuesting Beast can't be blocked by creatures with power 2 or less.\nCombat damage that would be dealt by creatures you control can't be prevented.\nWhenever Questing Beast deals combat damage to an opponent, it deals that much damage to target planeswalker that player controls.", "4", "4")],
   ["Deathtouch", "Haste", "Vigilance"], LEG_MODERN, [("2019-10-04", "wotc", "Deathtouch applies to the damage dealt to the planeswalker as well (rule 702.2b).")]),
  ("Lightning Bolt", "normal", [F(None, "{R}", 1, "Instant", "Lightning Bolt deals 3 damage to any target.")], [], LEG_MODERN, []),
  ("Blood Moon", "normal", [F(None, "{2}{R}", 3, "Enchantment", "Nonbasic lands are Mountains.")], [], LEG_MODERN,
   [("2017-03-14", "wotc", "Blood Moon's effect is a type-changing effect applied in layer 4; see rule 613.1d."),
    ("2017-03-14", "scryfall", "Urza's Saga loses its chapter abilities under Blood Moon and is sacrificed as a state-based action.")]),
  ("Humility", "normal", [F(None, "{2}{W}{W}", 4, "Enchantment", "All creatures lose all abilities and have base power and toughness 1/1.")], [], LEG_OLD,
   [("2013-04-15", "wotc", "See rule 613.10 for how Humility and Opalescence interact.")]),
  ("Opalescence", "normal", [F(None, "{2}{W}{W}", 4, "Enchantment", "Each other non-Aura enchantment is a creature in addition to its other types and has base power and base toughness each equal to its mana value.")], [], {"legacy": "Legal", "vintage": "Legal", "commander": "Legal"}, []),
  ("Rest in Peace", "normal", [F(None, "{1}{W}", 2, "Enchantment", "When Rest in Peace enters, exile all graveyards.\nIf a card or token would be put into a graveyard from anywhere, exile it instead.")], [], LEG_MODERN, []),
  ("Kitchen Finks", "normal", [F(None, "{1}{G/W}{G/W}", 3, "Creature — Ouphe", "When Kitchen Finks enters, you gain 2 life.\nPersist (When this creature dies, if it had no -1/-1 counters on it, return it to the battlefield under its owner's control with a -1/-1 counter on it.)", "3", "2")],
   ["Persist"], LEG_MODERN, []),
  ("Counterspell", "normal", [F(None, "{U}{U}", 2, "Instant", "Counter target spell.")], [], {"legacy": "Legal", "vintage": "Legal", "pauper": "Legal", "commander": "Legal"}, []),
  ("Llanowar Elves", "normal", [F(None, "{G}", 1, "Creature — Elf Druid", "{T}: Add {G}.", "1", "1")], [], {"legacy": "Legal", "vintage": "Legal", "commander": "Legal"}, []),
  ("Lim-Dûl the Necromancer", "normal", [F(None, "{5}{B}{B}", 7, "Legendary Creature — Human Wizard", "Whenever a creature an opponent controls dies, you may pay {1}{B}. If you do, return that card to the battlefield under your control. If it's a creature, it's a Zombie in addition to its other creature types.\n{1}{B}: Regenerate target Zombie.", "4", "4")], [], LEG_OLD, []),
  ("Lim-Dûl's Vault", "normal", [F(None, "{U}{B}", 2, "Instant", "Look at the top five cards of your library. As many times as you choose, you may pay 1 life, put those cards on the bottom of your library in any order, then look at the top five cards of your library. Then shuffle and put the last cards you looked at this way on top of it in any order.")], [], LEG_OLD, []),
  ("Ach! Hans, Run!", "normal", [F(None, "{2}{R}{R}{G}{G}", 6, "Enchantment", "At the beginning of your upkeep, you may say \"Ach! Hans, run! It's the . . .\" and the name of a creature card. If you do, search your library for a card with that name, put it onto the battlefield, then shuffle. That creature gains haste. Exile it at the beginning of the next end step.")], [], {}, []),
  ("Jötun Grunt", "normal", [F(None, "{1}{W}", 2, "Creature — Giant Soldier", "Cumulative upkeep—Put two cards from a single graveyard on the bottom of their owner's library.", "4", "4")], ["Cumulative upkeep"], LEG_OLD, []),
  ("Æther Vial", "normal", [F(None, "{1}", 1, "Artifact", "At the beginning of your upkeep, you may put a charge counter on Æther Vial.\n{T}: You may put a creature card with mana value equal to the number of charge counters on Æther Vial from your hand onto the battlefield.")], [], LEG_MODERN, []),
  ("Dryad Arbor", "normal", [F(None, None, 0, "Land Creature — Forest Dryad", "(Dryad Arbor isn't a spell, it's affected by summoning sickness, and it has \"{T}: Add {G}.\")", "1", "1")], [], LEG_MODERN, []),
  ("Scion of Oona", "normal", [F(None, "{2}{U}", 3, "Creature — Faerie Soldier", "Flash\nFlying\nOther Faerie creatures you control get +1/+1.\nOther Faeries you control have shroud.", "1", "1")], ["Flash", "Flying"], LEG_MODERN, []),
  ("Liliana of the Veil", "normal", [F(None, "{1}{B}{B}", 3, "Legendary Planeswalker — Liliana", "+1: Each player discards a card.\n−2: Target player sacrifices a creature.\n−6: Separate all permanents target player controls into two piles. That player sacrifices all permanents in the pile of their choice.", loy="3")], [], LEG_MODERN, []),
  ("Urborg, Tomb of Yawgmoth", "normal", [F(None, None, 0, "Legendary Land", "Each land is a Swamp in addition to its other land types.")], [], LEG_MODERN, []),
  ("Urza's Saga", "saga", [F(None, None, 0, "Enchantment Land — Urza's Saga", "(As this Saga enters and after your draw step, add a lore counter.)\nI — Urza's Saga gains \"{T}: Add {C}.\"\nII — Urza's Saga gains \"{2}, {T}: Create a 0/0 colorless Construct artifact creature token with 'This creature gets +1/+1 for each artifact you control.'\"\nIII — Search your library for an artifact card with mana cost {0} or {1}, put it onto the battlefield, then shuffle.")], [], LEG_MODERN, []),
  ("History of Benalia", "saga", [F(None, "{1}{W}{W}", 3, "Enchantment — Saga", "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\nI, II — Create a 2/2 white Knight creature token with vigilance.\nIII — Knights you control get +2/+1 until end of turn.")], [], LEG_MODERN, []),
  ("Druid Class", "class", [F(None, "{1}{G}", 2, "Enchantment — Class", "(Gain the next level as a sorcery to add its ability.)\nWhenever a land you control enters, you gain 1 life.\n{2}{G}: Level 2\nYou may play an additional land on each of your turns.\n{4}{G}: Level 3\nWhen this Class becomes level 3, target land you control becomes a creature with haste and \"This creature's power and toughness are each equal to the number of lands you control.\" It's still a land.")], [], LEG_MODERN, []),
  ("Fire // Ice", "split", [F("Fire", "{1}{R}", 2, "Instant", "Fire deals 2 damage divided as you choose among one or two targets."),
                             F("Ice", "{1}{U}", 2, "Instant", "Tap target permanent.\nDraw a card.")], [], LEG_MODERN,
   [("2020-11-10", "wotc", "Fire // Ice has mana value 4 while not on the stack (rule 709.4).")]),
  ("Commit // Memory", "aftermath", [F("Commit", "{3}{U}", 4, "Instant", "Put target spell or nonland permanent into its owner's library second from the top."),
                                      F("Memory", "{4}{U}{U}", 6, "Sorcery — Aftermath", "Aftermath (Cast this spell only from your graveyard. Then exile it.)\nEach player shuffles their hand and graveyard into their library, then draws seven cards.")],
   ["Aftermath"], LEG_MODERN, [("2017-04-18", "wotc", "Commit // Memory's mana value is 10 (rule 702.127).")]),
  ("Who // What // When // Where // Why", "split", [F("Who", "{X}{W}", 1, "Instant", "Target player gains X life."), F("What", "{2}{R}", 3, "Instant", "Destroy target artifact."),
     F("When", "{2}{U}", 3, "Instant", "Counter target creature spell."), F("Where", "{3}{B}", 4, "Instant", "Destroy target land."), F("Why", "{1}{G}", 2, "Instant", "Destroy target enchantment.")], [], {}, []),
  ("Akki Lavarunner // Tok-Tok, Volcano Born", "flip", [F("Akki Lavarunner", "{3}{R}", 4, "Creature — Goblin Warrior", "Haste\nWhenever Akki Lavarunner deals damage to an opponent, flip it.", "1", "1"),
     F("Tok-Tok, Volcano Born", None, 4, "Legendary Creature — Goblin Shaman", "Protection from red\nIf a red source would deal damage to a player, it deals that much damage plus 1 to that player instead.", "2", "2")],
   ["Haste", "Protection"], LEG_OLD, []),
  ("Delver of Secrets // Insectile Aberration", "transform", [F("Delver of Secrets", "{U}", 1, "Creature — Human Wizard", "At the beginning of your upkeep, look at the top card of your library. You may reveal that card. If an instant or sorcery card is revealed this way, transform Delver of Secrets.", "1", "1"),
     F("Insectile Aberration", None, 0, "Creature — Human Insect", "Flying", "3", "2")], ["Flying", "Transform"], LEG_MODERN,
   [("2011-09-22", "wotc", "The back face's mana value is calculated from the front face (rule 712.8e).")]),
  ("Valki, God of Lies // Tibalt, Cosmic Impostor", "modal_dfc", [F("Valki, God of Lies", "{1}{B}", 2, "Legendary Creature — God", "When Valki enters, each opponent reveals their hand. For each opponent, exile a creature card they revealed until Valki leaves the battlefield.\n{X}: Choose a creature card exiled with Valki with mana value X. Valki becomes a copy of it.", "2", "1"),
     F("Tibalt, Cosmic Impostor", "{5}{B}{R}", 7, "Legendary Planeswalker — Tibalt", "As Tibalt enters, you get an emblem with \"You may play cards exiled with Tibalt, Cosmic Impostor, and you may spend mana as though it were mana of any color to cast those spells.\"\n+2: Exile the top card of each player's library.", loy="5")], [], LEG_MODERN, []),
  ("Bonecrusher Giant // Stomp", "adventure", [F("Bonecrusher Giant", "{2}{R}", 3, "Creature — Giant", "Whenever Bonecrusher Giant becomes the target of a spell, Bonecrusher Giant deals 2 damage to that spell's controller.", "4", "3"),
     F("Stomp", "{1}{R}", 2, "Instant — Adventure", "Damage can't be prevented this turn. Stomp deals 2 damage to any target.")], [], LEG_MODERN,
   [("2019-10-04", "wotc", "If Stomp is countered, Bonecrusher Giant goes to the graveyard (rule 715.4).")]),
  ("Bruna, the Fading Light // Brisela, Voice of Nightmares", "meld", [F("Bruna, the Fading Light", "{5}{W}{W}", 7, "Legendary Creature — Angel Horror", "When you cast this spell, you may return target Angel or Human creature card from your graveyard to the battlefield.\nFlying, vigilance", "5", "7"),
     F("Brisela, Voice of Nightmares", None, 11, "Legendary Creature — Eldrazi Angel", "Flying, first strike, vigilance, lifelink\nYour opponents can't cast spells with mana value 3 or less.", "9", "10")],
   ["Flying", "Vigilance", "Meld"], LEG_OLD, []),
  ("Invasion of Zendikar // Awakened Skyclave", "transform", [F("Invasion of Zendikar", "{3}{G}", 4, "Battle — Siege", "(As a Siege enters, choose an opponent to protect it. You and others can attack it. When it's defeated, exile it, then cast it transformed.)\nWhen Invasion of Zendikar enters, search your library for up to two basic land cards, put them onto the battlefield tapped, then shuffle.", dfn="3"),
     F("Awakened Skyclave", None, 4, "Creature — Elemental", "Vigilance, haste\nAs long as Awakened Skyclave is on the battlefield, it's a land in addition to its other types.\n{T}: Add one mana of any color.", "4", "4")], ["Vigilance", "Haste"], LEG_MODERN, []),
  ("_____", "normal", [F(None, "{1}{U}", 2, "Creature — Shapeshifter", "{1}: This creature's name becomes the name of your choice. Play this ability anywhere, anytime.", "1", "1")], [], {}, []),
  ("+2 Mace", "normal", [F(None, "{1}{W}", 2, "Artifact — Equipment", "Equipped creature gets +2/+2.\nEquip {3}")], ["Equip"], LEG_MODERN, []),
  ("Soldier", "token", [F(None, None, 0, "Token Creature — Soldier", "", "1", "1")], [], {}, []),
  ("Nethergoyf", "normal", [F(None, "{B}", 1, "Creature — Lhurgoyf", "Nethergoyf's power is equal to the number of card types among cards in your graveyard and its toughness is equal to that number plus 1.\nEscape—{2}{B}, Exile any number of other cards from your graveyard with four or more card types among them.", "*", "1+*")], ["Escape"], LEG_MODERN, []),
  ("Flash", "normal", [F(None, "{1}{U}", 2, "Instant", "You may put a creature card from your hand onto the battlefield. If you do, sacrifice it unless you pay its mana cost reduced by up to {2}.")], [], {"legacy": "Banned", "vintage": "Legal", "commander": "Banned"}, []),
  ("Grizzly Bears", "normal", [F(None, "{1}{G}", 2, "Creature — Bear", "", "2", "2")], [], LEG_OLD, []),
  # the other card that melds into Brisela: her face belongs to two cards in MTGJSON
  ("Gisela, the Broken Blade // Brisela, Voice of Nightmares", "meld", [F("Gisela, the Broken Blade", "{2}{W}{W}", 4, "Legendary Creature — Angel Horror", "Flying, first strike, lifelink\nAt the beginning of your end step, if you both own and control Gisela, the Broken Blade and a creature named Bruna, the Fading Light, exile them, then meld them into Brisela, Voice of Nightmares.", "4", "3"),
     F("Brisela, Voice of Nightmares", None, 11, "Legendary Creature — Eldrazi Angel", "Flying, first strike, vigilance, lifelink\nYour opponents can't cast spells with mana value 3 or less.", "9", "10")],
   ["Flying", "First strike", "Lifelink", "Meld"], LEG_OLD, []),
  # a second token of the same name, another card (Scryfall keeps both; MTGJSON's names are keys)
  ("Soldier", "token", [F(None, None, 0, "Token Creature — Soldier", "Vigilance", "1", "1")], ["Vigilance"], {}, []),
  # cards named by English words a question uses for other things ("opt", "shock", "island")
  ("Opt", "normal", [F(None, "{U}", 1, "Instant", "Scry 1.\nDraw a card.")], [], LEG_MODERN, []),
  ("Duress", "normal", [F(None, "{B}", 1, "Sorcery", "Target opponent reveals their hand. You choose a noncreature, nonland card from it. That player discards that card.")], [], LEG_MODERN, []),
  ("Shock", "normal", [F(None, "{R}", 1, "Instant", "Shock deals 2 damage to any target.")], [], LEG_MODERN, []),
  ("Island", "normal", [F(None, None, 0, "Basic Land — Island", "({T}: Add {U}.)")], [], LEG_MODERN, []),
  ("Time Walk", "normal", [F(None, "{1}{U}", 2, "Sorcery", "Take an extra turn after this one.")], [], {"vintage": "Restricted"},
   [("2004-10-04", "wotc", "If several extra turns are created, the most recently created one is taken first (rule 500.7).")]),
]

def oid(i):
    return "00000000-0000-4000-8000-%012d" % (i + 1)

def mtgjson():
    data = {}
    for i, (name, layout, faces, kw, leg, rul) in enumerate(CARDS):
        if name in data:
            continue
        arr = []
        total = sum(f["mv"] for f in faces) if layout in ("split", "aftermath") else faces[0]["mv"]
        for k, f in enumerate(faces):
            o = {"name": name, "layout": layout, "manaValue": float(total), "convertedManaCost": float(total),
                 "type": f["type"], "types": [], "subtypes": [], "supertypes": [],
                 "colors": [], "colorIdentity": [],
                 "legalities": dict(leg), "identifiers": {"scryfallOracleId": oid(i)},
                 "printings": ["TST"], "foreignData": [{"language": "German", "name": "X" + name, "text": "Ein Text."}],
                 "purchaseUrls": {"tcgplayer": "https://example.invalid/"}}
            if len(faces) > 1:
                o["faceName"] = f["name"]
                o["side"] = "abcdefgh"[k]
                o["faceManaValue"] = float(f["mv"])
            if f["cost"] is not None:
                o["manaCost"] = f["cost"]
            if f["text"]:
                o["text"] = f["text"]
            for a, b in (("p", "power"), ("t", "toughness"), ("loy", "loyalty"), ("dfn", "defense")):
                if f[a] is not None:
                    o[b] = f[a]
            if kw:
                o["keywords"] = list(kw)
            if rul:   # MTGJSON repeats the rulings on every face
                o["rulings"] = [{"date": d, "text": t} for d, s, t in rul]
            arr.append(o)
        data[name] = arr
    return {"meta": {"date": "2025-11-14", "version": "5.2.2+20251114"}, "data": data}

def scryfall():
    cards, rulings, backs = [], [], {}
    # every card of a meld names all of them among its related cards, as Scryfall does
    melds = {}
    for name, layout, faces, kw, leg, rul in CARDS:
        if layout == "meld":
            melds.setdefault(faces[1]["name"], []).append(faces[0]["name"])
    def all_parts(back):
        return ([{"object": "related_card", "id": "x", "component": "meld_part", "name": n, "uri": "https://example.invalid/"} for n in melds[back]] +
                [{"object": "related_card", "id": "y", "component": "meld_result", "name": back, "uri": "https://example.invalid/"}])
    for i, (name, layout, faces, kw, leg, rul) in enumerate(CARDS):
        total = sum(f["mv"] for f in faces) if layout in ("split", "aftermath") else faces[0]["mv"]
        legal = {f: "not_legal" for f in ("standard", "pioneer", "modern", "legacy", "vintage", "pauper", "commander")}
        for f, v in leg.items():
            legal[f] = v.lower()
        o = {"object": "card", "id": "11111111-0000-4000-8000-%012d" % i, "oracle_id": oid(i), "name": name,
             "lang": "en", "layout": "split" if layout == "aftermath" else layout, "cmc": float(total),
             "keywords": list(kw), "legalities": legal, "image_uris": {"small": "https://example.invalid/s.jpg"},
             "prices": {"usd": None}, "colors": []}
        def face(f):
            d = {"object": "card_face", "name": f["name"] or name, "mana_cost": f["cost"] or "",
                 "type_line": f["type"], "oracle_text": f["text"]}
            for a, b in (("p", "power"), ("t", "toughness"), ("loy", "loyalty"), ("dfn", "defense")):
                if f[a] is not None:
                    d[b] = f[a]
            return d
        if len(faces) > 1 and layout != "meld":
            o["card_faces"] = [face(f) for f in faces]
            o["type_line"] = " // ".join(f["type"] for f in faces)
            o["mana_cost"] = " // ".join(f["cost"] or "" for f in faces)
            cards.append(o)
        elif layout == "meld":
            # Scryfall keeps each meld card and the melded one apart
            for k, f in enumerate(faces):
                if k > 0 and f["name"] in backs:
                    continue   # the melded card is one Scryfall card, whichever pair made it
                c = dict(o)
                c["oracle_id"] = oid(i) if k == 0 else backs.setdefault(f["name"], oid(i + 1000))
                c.update({k2: v for k2, v in face(f).items() if k2 != "object"})
                c["cmc"] = float(f["mv"])
                c["all_parts"] = all_parts(faces[1]["name"])
                cards.append(c)
        else:
            o.update({k2: v for k2, v in face(faces[0]).items() if k2 != "object"})
            o["name"] = name
            cards.append(o)
        for d, s, t in rul:
            rulings.append({"object": "ruling", "oracle_id": oid(i), "source": s, "published_at": d, "comment": t})
    return cards, rulings

# Shapes real files have that the cards above do not exercise: MTGJSON's faceName and side
# (listed back face first), isFunny, leadershipSkills, nulls, fields judge does not know,
# a card with hundreds of rulings, names in many scripts; Scryfall's card_faces without
# oracle_text, all_parts, a reversible card whose oracle_id is on its faces, nulls.
LONG_RULINGS = 300

def shapes_mtgjson():
    long_rulings = [{"date": "2024-%02d-%02d" % (1 + i % 12, 1 + i % 28), "text": "Ruling %d of many: the card's ability resolves in full (rule 608.2)." % i} for i in range(LONG_RULINGS)]
    data = {
        "Ifh-Bíff Efreet": [{"name": "Ifh-Bíff Efreet", "layout": "normal", "manaValue": 4.0, "manaCost": "{2}{G}{G}",
            "type": "Creature — Efreet", "text": "Flying\n{G}: Ifh-Bíff Efreet deals 1 damage to each creature with flying and each player. Any player may activate this ability.",
            "power": "3", "toughness": "3", "keywords": ["Flying"], "legalities": {"vintage": "Legal", "legacy": "Legal"},
            "identifiers": {"scryfallOracleId": "aaaaaaaa-0000-4000-8000-000000000001", "mtgjsonV4Id": None},
            "foreignData": [{"language": "Japanese", "name": "イフ＝ビフ・イフリート", "text": "飛行", "type": "クリーチャー"}],
            "leadershipSkills": {"brawl": False, "commander": False, "oathbreaker": False},
            "flavorName": None, "hand": None, "life": None, "rulings": long_rulings,
            "someFutureField": {"nested": [1, 2, {"x": None, "y": [True, False]}], "s": "ignored"}}],
        "Ach! Hans, Run! // Hans": [
            {"name": "Ach! Hans, Run! // Hans", "faceName": "Hans", "side": "b", "layout": "transform", "manaValue": 6.0,
             "type": "Legendary Creature — Human", "text": None, "power": "2", "toughness": "2",
             "colorIndicator": ["G"], "legalities": {}, "isFunny": True, "identifiers": {}},
            {"name": "Ach! Hans, Run! // Hans", "faceName": "Ach! Hans, Run!", "side": "a", "layout": "transform", "manaValue": 6.0,
             "manaCost": "{2}{R}{R}{G}{G}", "type": "Enchantment", "text": "At the beginning of your upkeep, you may transform this.",
             "legalities": {}, "isFunny": True, "isReserved": False, "edhrecRank": None, "identifiers": {},
             "subsets": ["silver"], "printings": ["UNH"]}],
        "Séance": [{"name": "Séance", "asciiName": "Seance", "layout": "normal", "manaValue": 4.0, "manaCost": "{2}{W}{W}",
            "type": "Enchantment", "text": "At the beginning of each upkeep, you may exile target creature card from your graveyard. If you do, create a token that's a copy of that card, except it's a Spirit in addition to its other types. Exile it at the beginning of the next end step.",
            "legalities": {"commander": "Legal", "modern": "Legal"}, "identifiers": {"scryfallOracleId": "aaaaaaaa-0000-4000-8000-000000000003"},
            "leadershipSkills": None, "keywords": None, "rulings": []}],
        # older or odd records: faces with a faceName and no side, the face's mana value under
        # its older name only
        "Sun // Moon": [
            {"name": "Sun // Moon", "faceName": "Sun", "layout": "split", "convertedManaCost": 5.0, "faceConvertedManaCost": 2.0,
             "manaCost": "{1}{W}", "type": "Instant", "text": "You gain 2 life.", "legalities": {}, "identifiers": {}},
            {"name": "Sun // Moon", "faceName": "Moon", "layout": "split", "convertedManaCost": 5.0, "faceConvertedManaCost": 3.0,
             "manaCost": "{2}{B}", "type": "Instant", "text": "Each player loses 2 life.", "legalities": {}, "identifiers": {}}],
        "Dandân": [{"name": "Dandân", "layout": "normal", "convertedManaCost": 2, "manaCost": "{U}{U}", "type": "Creature — Fish",
            "text": "Dandân can't attack unless defending player controls an Island.\nWhen you control no Islands, sacrifice Dandân.", "power": "4", "toughness": "1",
            "legalities": {"vintage": "Restricted"}, "identifiers": {"scryfallOracleId": "aaaaaaaa-0000-4000-8000-000000000004"}}],
    }
    return {"meta": {"date": "2025-12-01", "version": "5.3.0+20251201", "extra": {"unknown": [None]}}, "data": data, "unknownTopLevel": [1, 2, 3]}

def shapes_scryfall():
    return [
        {"object": "card", "oracle_id": None, "name": "Zndrsplt // Okaun", "layout": "reversible_card", "cmc": None,
         "keywords": [], "legalities": {"commander": "legal", "standard": "not_legal"}, "some_future_field": {"a": [None]},
         "card_faces": [
            {"object": "card_face", "name": "Zndrsplt", "oracle_id": "bbbbbbbb-0000-4000-8000-000000000001", "mana_cost": "{2}{U}",
             "type_line": "Legendary Creature — Homunculus", "oracle_text": "Partner with Okaun", "power": "1", "toughness": "1", "cmc": 3.0},
            {"object": "card_face", "name": "Okaun", "mana_cost": "{2}{R}", "type_line": "Legendary Creature — Cyclops",
             "power": "3", "toughness": "3", "loyalty": None, "cmc": 3.0}]},
        {"object": "card", "oracle_id": "bbbbbbbb-0000-4000-8000-000000000002", "name": "Gisela, the Broken Blade", "layout": "meld", "cmc": 4.0,
         "mana_cost": "{2}{W}{W}", "type_line": "Legendary Creature — Angel Horror", "oracle_text": "Flying, first strike, lifelink", "power": "4", "toughness": "3",
         "keywords": ["Flying", "First strike", "Lifelink"], "legalities": {"commander": "legal"},
         "all_parts": [{"object": "related_card", "id": "x", "component": "meld_part", "name": "Gisela, the Broken Blade", "type_line": "Legendary Creature — Angel Horror", "uri": "https://example.invalid/"},
                       {"object": "related_card", "id": "y", "component": "meld_result", "name": "Brisela, Voice of Nightmares", "type_line": "Legendary Creature — Eldrazi Angel", "uri": "https://example.invalid/"}]},
        {"object": "card", "oracle_id": "bbbbbbbb-0000-4000-8000-000000000003", "name": "Kitchen Finks", "layout": "normal", "cmc": 3.0,
         "mana_cost": "{1}{G/W}{G/W}", "type_line": "Creature — Ouphe", "oracle_text": "When Kitchen Finks enters, you gain 2 life.\nPersist", "power": "3", "toughness": "2",
         "loyalty": None, "defense": None, "color_indicator": None, "produced_mana": None, "keywords": ["Persist"],
         "legalities": {"modern": "legal", "legacy": "legal", "pauper": "not_legal"}, "game_changer": False, "prices": {"usd": "0.50"}},
        # a card the file gives no mana value: unknown, not 0
        {"object": "card", "oracle_id": "bbbbbbbb-0000-4000-8000-000000000005", "name": "Unvalued Oddity", "layout": "normal",
         "type_line": "Card", "keywords": [], "legalities": {}},
        {"object": "card", "oracle_id": "bbbbbbbb-0000-4000-8000-000000000004", "name": "Art Card // Art Card", "layout": "art_series", "cmc": 0.0,
         "type_line": "Card // Card", "keywords": [], "legalities": {},
         "card_faces": [{"object": "card_face", "name": "Art Card", "mana_cost": "", "type_line": "Card"},
                        {"object": "card_face", "name": "Art Card", "mana_cost": "", "type_line": "Card", "oracle_text": ""}]},
    ]

# Real-shaped records (realshape.py: every field the real files carry), each showing a shape
# the cards above do not: MTGJSON's attraction printed with several sets of lights (one face),
# a vanguard's hand and life, a battle's defense, relatedCards, faceConvertedManaCost, asciiName,
# a meta like the download's; Scryfall's transform and split faces with and without their own
# images, a reversible card with no oracle_id, mana value or type line of its own (two different
# cards, and one card printed twice, already in the file), art series cards (no game cards),
# tokens, a double-faced token, an emblem, a vanguard, a plane, a phenomenon, a scheme, an
# attraction, game_changer, produced_mana, prices with nulls, and rulings from both sources.
from realshape import mtgjson_face as MF, scryfall_card as SC, scryfall_face as SF, scryfall_ruling as SR, uuid

REAL_DATE = "20251201101500"

def real_mtgjson():
    L = {"commander": "Legal", "legacy": "Legal", "modern": "Legal", "vintage": "Legal"}
    warden = ("Glimmerfen Warden", "normal", "Creature — Elf Scout",
              "Vigilance\nWhen this creature enters, scry 2.", "{2}{G}", 3.0)
    data = {
        "Glimmerfen Warden": [MF(*warden, power="2", toughness="4", keywords=["Vigilance", "Scry"], legal=L,
            rulings=[("2025-11-14", "The scry happens even if the Warden has left the battlefield by then (rule 701.22).")],
            relatedCards={"spellbook": ["Bright // Dim"]}, foreign=9)],
        "Bright // Dim": [
            MF("Bright // Dim", "split", "Instant", "Target creature gains lifelink until end of turn.", "{1}{W}", 4.0,
               face_name="Bright", side="a", face_mv=2.0, legal=L, relatedCards=None),
            MF("Bright // Dim", "split", "Sorcery", "Target player discards a card.", "{1}{B}", 4.0,
               face_name="Dim", side="b", face_mv=2.0, legal=L, relatedCards=None)],
        "Spinning Saucers": [
            MF("Spinning Saucers", "normal", "Artifact — Attraction", "Visit — Draw a card.", None, 0.0, legal={},
               attractionLights=[2, 4, 6], isFunny=True, subsets=["attraction"]),
            MF("Spinning Saucers", "normal", "Artifact — Attraction", "Visit — Draw a card.", None, 0.0, legal={},
               attractionLights=[3, 5], isFunny=True, subsets=["attraction"])],
        "Test Avatar": [MF("Test Avatar", "vanguard", "Vanguard", "Creatures you control get +0/+1.", None, 0.0,
                           hand="+1", life="-2", legal={})],
        "Invasion of Testland // Testland Reborn": [
            MF("Invasion of Testland // Testland Reborn", "transform", "Battle — Siege",
               "When this Siege enters, you gain 3 life.", "{3}{W}", 4.0, face_name="Invasion of Testland", side="a",
               defense="4", legal=L),
            MF("Invasion of Testland // Testland Reborn", "transform", "Creature — Spirit", "Flying", None, 4.0,
               face_name="Testland Reborn", side="b", face_mv=4.0, power="3", toughness="3", colorIndicator=["W"],
               keywords=["Flying"], legal=L)],
        "Ærathi Wanderer": [MF("Ærathi Wanderer", "normal", "Creature — Human Nomad", "Ærathi Wanderer can't be blocked.",
                               "{1}{U}", 2.0, power="1", toughness="1", legal=L, hasAlternativeDeckLimit=True,
                               isReserved=True, isGameChanger=True)],
        "Lantern Keeper // Light the Way": [
            MF("Lantern Keeper // Light the Way", "adventure", "Sorcery — Adventure", "Draw a card.", "{U}", 3.0,
               face_name="Light the Way", side="b", face_mv=1.0, legal=L),
            MF("Lantern Keeper // Light the Way", "adventure", "Creature — Human Wizard", "Flying", "{2}{U}", 3.0,
               face_name="Lantern Keeper", side="a", face_mv=3.0, power="2", toughness="2", keywords=["Flying"], legal=L)],
    }
    return {"meta": {"date": "2025-12-01", "version": "5.2.2+20251201"}, "data": data}

def real_scryfall():
    L = {"commander": "legal", "legacy": "legal", "modern": "legal", "vintage": "legal"}
    warden_oid = uuid("oracle", "Glimmerfen Warden")
    sage_oid, courier_oid = uuid("oracle", "Salt Marsh Sage"), uuid("oracle", "Ember Courier")
    wid = uuid("scryfall", "Glimmerfen Warden // Glimmerfen Warden", "reversible_card")
    rid = uuid("scryfall", "Salt Marsh Sage // Ember Courier", "reversible_card")
    cards = [
        SC("Glimmerfen Warden", "normal", "Creature — Elf Scout", "Vigilance\nWhen this creature enters, scry 2.", "{2}{G}", 3.0,
           power="2", toughness="4", keywords=["Vigilance", "Scry"], legal=L, flavor_text="It watches."),
        SC("Nightfall Cultist // Daybreak Herald", "transform", "Creature — Human Cleric // Creature — Angel", None, None, 2.0,
           keywords=["Flying", "Transform"], legal=L, faces=[
              SF("Nightfall Cultist", "Creature — Human Cleric", "At the beginning of your upkeep, you may transform this creature.", "{1}{W}",
                 power="1", toughness="2", cid=uuid("scryfall", "Nightfall Cultist // Daybreak Herald", "transform")),
              SF("Daybreak Herald", "Creature — Angel", "Flying", None, power="3", toughness="3", color_indicator=["W"],
                 cid=uuid("scryfall", "Nightfall Cultist // Daybreak Herald", "transform"), back=True)]),
        SC("Bright // Dim", "split", "Instant // Sorcery", None, "{1}{W} // {1}{B}", 4.0, legal=L, faces=[
              SF("Bright", "Instant", "Target creature gains lifelink until end of turn.", "{1}{W}", image=False),
              SF("Dim", "Sorcery", "Target player discards a card.", "{1}{B}", image=False)]),
        # one card printed twice: the faces carry the card's oracle_id, the card none of its own
        SC("Glimmerfen Warden // Glimmerfen Warden", "reversible_card", None, None, None, None, oracle_id=False,
           keywords=["Vigilance", "Scry"], legal=L, faces=[
              SF("Glimmerfen Warden", "Creature — Elf Scout", "Vigilance\nWhen this creature enters, scry 2.", "{2}{G}",
                 power="2", toughness="4", cid=wid, oracle_id=warden_oid, layout="normal", cmc=3.0),
              SF("Glimmerfen Warden", "Creature — Elf Scout", "Vigilance\nWhen this creature enters, scry 2.", "{2}{G}",
                 power="2", toughness="4", cid=wid, back=True, oracle_id=warden_oid, layout="normal", cmc=3.0)]),
        # two different cards back to back
        SC("Salt Marsh Sage // Ember Courier", "reversible_card", None, None, None, None, oracle_id=False, legal=L, faces=[
              SF("Salt Marsh Sage", "Creature — Merfolk Wizard", "{T}: Scry 1.", "{1}{U}", power="1", toughness="3",
                 cid=rid, oracle_id=sage_oid, layout="normal", cmc=2.0),
              SF("Ember Courier", "Creature — Goblin", "Haste", "{R}", power="1", toughness="1",
                 cid=rid, back=True, oracle_id=courier_oid, layout="normal", cmc=1.0)]),
        SC("Glimmerfen Warden // Glimmerfen Warden", "art_series", "Card // Card", None, None, 0.0, legal={}, faces=[
              SF("Glimmerfen Warden", "Card", None, None, cid=uuid("art")), SF("Glimmerfen Warden", "Card", "", None, cid=uuid("art"), back=True)]),
        SC("Bright // Bright", "art_series", "Card // Card", None, None, 0.0, legal={}, faces=[
              SF("Bright", "Card", None, None, cid=uuid("art2")), SF("Bright", "Card", None, None, cid=uuid("art2"), back=True)]),
        SC("Spirit", "token", "Token Creature — Spirit", "Flying", None, 0.0, power="1", toughness="1", keywords=["Flying"], legal={},
           oracle_id=uuid("oracle", "Spirit token 1/1 flying")),
        SC("Human // Wolf", "double_faced_token", "Token Creature — Human // Token Creature — Wolf", None, None, 0.0, oracle_id=False, legal={},
           faces=[SF("Human", "Token Creature — Human", "", None, power="1", toughness="1", oracle_id=uuid("oracle", "Human token"), cid=uuid("dft")),
                  SF("Wolf", "Token Creature — Wolf", "", None, power="2", toughness="2", oracle_id=uuid("oracle", "Human token"), cid=uuid("dft"), back=True)]),
        SC("Testwalker Emblem", "emblem", "Emblem — Testwalker", "Creatures you control get +1/+1.", None, 0.0, legal={}),
        SC("Test Avatar", "vanguard", "Vanguard", "Creatures you control get +0/+1.", None, 0.0, legal={},
           hand_modifier="+1", life_modifier="-2"),
        SC("Testland Vale", "planar", "Plane — Testland", "Whenever you roll the chaos die, draw a card.\nWhenever chaos ensues, scry 1.",
           None, 0.0, legal={}),
        SC("Temporal Ripple", "planar", "Phenomenon", "When you encounter Temporal Ripple, each player draws a card.", None, 0.0, legal={}),
        SC("Your Doom Is Certain", "scheme", "Ongoing Scheme", "(An ongoing scheme remains face up until it's abandoned.)", None, 0.0, legal={}),
        SC("Spinning Saucers", "normal", "Artifact — Attraction", "Visit — Draw a card.", "", 0.0, legal={},
           attraction_lights=[2, 4, 6], security_stamp="acorn"),
        SC("Invasion of Testland // Testland Reborn", "transform", "Battle — Siege // Creature — Spirit", None, None, 4.0,
           keywords=["Flying"], legal=L, faces=[
              SF("Invasion of Testland", "Battle — Siege", "When this Siege enters, you gain 3 life.", "{3}{W}", defense="4", cid=uuid("inv")),
              SF("Testland Reborn", "Creature — Spirit", "Flying", None, power="3", toughness="3", color_indicator=["W"], cid=uuid("inv"), back=True)]),
        SC("Verdant Spring", "normal", "Land", "{T}: Add {G}.", "", 0.0, legal=L, produced_mana=["G"], game_changer=True,
           flavor_name="The Green Well"),
        SC("Lantern Keeper // Light the Way", "adventure", "Creature — Human Wizard // Sorcery — Adventure", None, "{2}{U} // {U}", 3.0,
           keywords=["Flying"], legal=L, faces=[
              SF("Lantern Keeper", "Creature — Human Wizard", "Flying", "{2}{U}", power="2", toughness="2", image=False),
              SF("Light the Way", "Sorcery — Adventure", "Draw a card.", "{U}", image=False)]),
    ]
    rulings = [
        SR(warden_oid, "2025-11-14", "The scry happens even if the Warden has left the battlefield by then (rule 701.22)."),
        SR(warden_oid, "2025-11-20", "Scryfall's note: the reversible printing is the same card.", "scryfall"),
        SR(courier_oid, "2025-11-14", "Ember Courier can attack the turn it comes under your control (rule 702.10)."),
        SR(uuid("oracle", "a card not in this file"), "2025-11-14", "A ruling for a card the file lacks."),
    ]
    return cards, rulings


# every other layout and odd field the downloads have, in a file of their own (layouts-*.json):
# levelers, classes, cases, prototypes, mutate, augment and host, planes and schemes, what
# leadershipSkills says, and MTGJSON's reversible cards (a card printed on both sides, kept
# under a name of its own: "X // X", one side only in some releases, two cards back to back)
LAYOUTS_DATE = "20251215120000"

def layouts_mtgjson():
    L = {"commander": "Legal", "legacy": "Legal", "modern": "Legal", "vintage": "Restricted", "pauper": "Banned",
         "standard": "Not Legal"}
    ranger = ("Thornwake Ranger", "Legendary Creature — Elf Ranger", "Reach\n{T}: Add {G}.", "{1}{G}{G}", 3.0)
    data = {
        "Ridgeline Squire": [MF("Ridgeline Squire", "leveler", "Creature — Human Soldier",
            "Level up {1}{W} ({1}{W}: Put a level counter on this. Level up only as a sorcery.)\nLEVEL 2-3\n2/3\nFirst strike\nLEVEL 4+\n4/4\nDouble strike",
            "{W}", 1.0, power="1", toughness="1", keywords=["Level up"], legal=L)],
        "Tinkerer Class": [MF("Tinkerer Class", "class", "Enchantment — Class",
            "(Gain the next level as a sorcery to add its ability.)\nWhen this Class enters, draw a card.\n{2}{U}: Level 2\nArtifacts you control have ward {1}.\n{3}{U}: Level 3\nAt the beginning of your end step, create a 1/1 colorless Thopter artifact creature token with flying.",
            "{1}{U}", 2.0, legal=L)],
        "Case of the Quiet Lantern": [MF("Case of the Quiet Lantern", "case", "Enchantment — Case",
            "When this Case enters, surveil 2.\nTo solve — You control three or more artifacts. (If unsolved, solve at the beginning of your end step.)\nSolved — {T}: Draw a card.",
            "{2}{U}", 3.0, legal=L)],
        "Rustvale Colossus": [MF("Rustvale Colossus", "prototype", "Artifact Creature — Golem",
            "Prototype {2}{R} — 3/2 (You may cast this spell with different mana cost, color, and size. It keeps its abilities and types.)\nTrample",
            "{6}", 6.0, power="6", toughness="5", keywords=["Prototype", "Trample"], legal=L)],
        "Vexgill Mutant": [MF("Vexgill Mutant", "mutate", "Creature — Fish Beast",
            "Mutate {2}{U} (If you cast this spell for its mutate cost, put it over or under target non-Human creature you own. They mutate into the creature on top plus all abilities from under it.)\nFlying\nWhenever this creature mutates, draw a card.",
            "{3}{U}", 4.0, power="2", toughness="3", keywords=["Mutate", "Flying"], legal=L)],
        "Half-Test, Half-Gear": [MF("Half-Test, Half-Gear", "augment", "Creature — Cyborg Test",
            "Whenever this creature attacks, it deals 1 damage to any target.\nAugment {1}{R} ({1}{R}, Reveal this card from your hand: Combine it with target host. Augment only as a sorcery.)",
            "{1}{R}", 2.0, power="+1", toughness="+0", legal={}, isFunny=True)],
        "Testbot Host": [MF("Testbot Host", "host", "Host Creature — Robot",
            "When this creature enters, scry 1.", "{2}{W}", 3.0, power="2", toughness="2", legal={}, isFunny=True)],
        "Testland Vale": [MF("Testland Vale", "planar", "Plane — Testland",
            "Whenever you roll {CHAOS}, draw a card.", None, 0.0, legal={})],
        "Your Doom Is Certain": [MF("Your Doom Is Certain", "scheme", "Ongoing Scheme",
            "(An ongoing scheme remains face up until it's abandoned.)", None, 0.0, legal={})],
        "Velka, Test Strategist": [MF("Velka, Test Strategist", "normal", "Legendary Planeswalker — Velka",
            "Velka, Test Strategist can be your commander.\n+1: Scry 1.", "{2}{U}{R}", 4.0, loyalty="4", legal=L,
            leadershipSkills={"brawl": True, "commander": True, "oathbreaker": True})],
        # the card and its reversible printing: one card (the reversible side listed first)
        "Thornwake Ranger": [MF(*ranger[:1], "normal", *ranger[1:], power="2", toughness="3", keywords=["Reach"], legal=L,
            rulings=[("2025-12-01", "Thornwake Ranger's mana ability doesn't use the stack (rule 605.3a).")])],
        "Thornwake Ranger // Thornwake Ranger": [
            MF("Thornwake Ranger // Thornwake Ranger", "reversible_card", *ranger[1:], face_name="Thornwake Ranger",
               side="b", power="2", toughness="3", keywords=["Reach"], legal=L),
            MF("Thornwake Ranger // Thornwake Ranger", "reversible_card", *ranger[1:], face_name="Thornwake Ranger",
               side="a", power="2", toughness="3", keywords=["Reach"], legal=L)],
        # a reversible card alone, one side listed and no leadershipSkills (as some releases have it)
        "Coralhelm Sage // Coralhelm Sage": [
            {k: v for k, v in MF("Coralhelm Sage // Coralhelm Sage", "reversible_card", "Creature — Merfolk Wizard",
               "{T}: Scry 1.", "{1}{U}", 2.0, face_name="Coralhelm Sage", side="b", power="1", toughness="3",
               legal=L).items() if k != "leadershipSkills"}],
        # variants of one name with other texts (as Unstable's), no side: each text is kept
        "Testamajig": [
            MF("Testamajig", "normal", "Artifact", "{1}: Scry 1.", "{5}", 5.0, legal={}, isFunny=True, variation="a"),
            MF("Testamajig", "normal", "Artifact", "{2}: Draw a card.", "{5}", 5.0, legal={}, isFunny=True, variation="b")],
        # two different cards back to back
        "Ashfall Herald // Brinewind Scout": [
            MF("Ashfall Herald // Brinewind Scout", "reversible_card", "Creature — Elemental", "Haste", "{R}", 1.0,
               face_name="Ashfall Herald", side="a", power="1", toughness="1", keywords=["Haste"], legal=L),
            MF("Ashfall Herald // Brinewind Scout", "reversible_card", "Creature — Merfolk Scout", "Flying", "{1}{U}", 2.0,
               face_name="Brinewind Scout", side="b", face_mv=2.0, power="1", toughness="2", keywords=["Flying"], legal=L)],
    }
    return {"meta": {"date": "2025-12-15", "version": "5.3.0+20251215"}, "data": data}

def layouts_scryfall():
    L = {"commander": "legal", "legacy": "legal", "modern": "legal", "vintage": "restricted", "pauper": "banned"}
    ranger_oid = uuid("oracle", "Thornwake Ranger")
    rid = uuid("scryfall", "Thornwake Ranger // Thornwake Ranger", "reversible_card")
    ranger_face = dict(type_="Legendary Creature — Elf Ranger", text="Reach\n{T}: Add {G}.", cost="{1}{G}{G}",
                       power="2", toughness="3", cid=rid, oracle_id=ranger_oid, layout="normal", cmc=3.0)
    cards = [
        # the reversible printing before the card itself
        SC("Thornwake Ranger // Thornwake Ranger", "reversible_card", None, None, None, None, oracle_id=False,
           keywords=["Reach"], legal=L, faces=[SF("Thornwake Ranger", **ranger_face),
                                              SF("Thornwake Ranger", back=True, **ranger_face)]),
        SC("Thornwake Ranger", "normal", "Legendary Creature — Elf Ranger", "Reach\n{T}: Add {G}.", "{1}{G}{G}", 3.0,
           power="2", toughness="3", keywords=["Reach"], legal=L, printed_name="Ranger der Dornenspur"),
        SC("Ridgeline Squire", "leveler", "Creature — Human Soldier",
           "Level up {1}{W} ({1}{W}: Put a level counter on this. Level up only as a sorcery.)\nLEVEL 2-3\n2/3\nFirst strike\nLEVEL 4+\n4/4\nDouble strike",
           "{W}", 1.0, power="1", toughness="1", keywords=["Level up"], legal=L),
        SC("Tinkerer Class", "class", "Enchantment — Class",
           "(Gain the next level as a sorcery to add its ability.)\nWhen this Class enters, draw a card.\n{2}{U}: Level 2\nArtifacts you control have ward {1}.\n{3}{U}: Level 3\nAt the beginning of your end step, create a 1/1 colorless Thopter artifact creature token with flying.",
           "{1}{U}", 2.0, legal=L),
        SC("Case of the Quiet Lantern", "case", "Enchantment — Case",
           "When this Case enters, surveil 2.\nTo solve — You control three or more artifacts. (If unsolved, solve at the beginning of your end step.)\nSolved — {T}: Draw a card.",
           "{2}{U}", 3.0, legal=L),
        SC("Rustvale Colossus", "prototype", "Artifact Creature — Golem",
           "Prototype {2}{R} — 3/2 (You may cast this spell with different mana cost, color, and size. It keeps its abilities and types.)\nTrample",
           "{6}", 6.0, power="6", toughness="5", keywords=["Prototype", "Trample"], legal=L),
        SC("Vexgill Mutant", "mutate", "Creature — Fish Beast",
           "Mutate {2}{U} (If you cast this spell for its mutate cost, put it over or under target non-Human creature you own. They mutate into the creature on top plus all abilities from under it.)\nFlying\nWhenever this creature mutates, draw a card.",
           "{3}{U}", 4.0, power="2", toughness="3", keywords=["Mutate", "Flying"], legal=L),
        SC("Half-Test, Half-Gear", "augment", "Creature — Cyborg Test",
           "Whenever this creature attacks, it deals 1 damage to any target.\nAugment {1}{R} ({1}{R}, Reveal this card from your hand: Combine it with target host. Augment only as a sorcery.)",
           "{1}{R}", 2.0, power="+1", toughness="+0", legal={}),
        SC("Testbot Host", "host", "Host Creature — Robot", "When this creature enters, scry 1.", "{2}{W}", 3.0,
           power="2", toughness="2", legal={}),
        # a plane whose mana_cost is null, not ""
        SC("Testland Vale", "planar", "Plane — Testland", "Whenever you roll {CHAOS}, draw a card.", None, 0.0, legal={}),
        SC("Your Doom Is Certain", "scheme", "Ongoing Scheme", "(An ongoing scheme remains face up until it's abandoned.)",
           None, 0.0, legal={}),
    ]
    cards[9]["mana_cost"] = None
    rulings = [SR(ranger_oid, "2025-12-01", "Thornwake Ranger's mana ability doesn't use the stack (rule 605.3a).")]
    return cards, rulings

if __name__ == "__main__":
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(out, "AtomicCards.json"), "w", encoding="utf-8") as f:
        json.dump(mtgjson(), f, ensure_ascii=False, indent=1)
    cards, rulings = scryfall()
    with open(os.path.join(out, "oracle-cards-20251114093000.json"), "w", encoding="utf-8") as f:
        json.dump(cards, f, ensure_ascii=False, indent=1)
    with open(os.path.join(out, "rulings-20251114093000.json"), "w", encoding="utf-8") as f:
        json.dump(rulings, f, ensure_ascii=False, indent=1)
    with open(os.path.join(out, "shapes-mtgjson.json"), "w", encoding="utf-8") as f:
        json.dump(shapes_mtgjson(), f, ensure_ascii=False, separators=(",", ":"))
    with open(os.path.join(out, "shapes-scryfall-20251201.json"), "w", encoding="utf-8") as f:
        json.dump(shapes_scryfall(), f, ensure_ascii=False, indent=1)
    # as the downloads are: MTGJSON minified on one line, Scryfall one card per line
    with open(os.path.join(out, "real-AtomicCards.json"), "w", encoding="utf-8") as f:
        json.dump(real_mtgjson(), f, ensure_ascii=False, separators=(",", ":"))
    cards, rulings = real_scryfall()
    for name, arr in (("real-oracle-cards-%s.json" % REAL_DATE, cards), ("real-rulings-%s.json" % REAL_DATE, rulings)):
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write("[\n" + ",\n".join(json.dumps(o, ensure_ascii=False, separators=(",", ":")) for o in arr) + "\n]\n")
    with open(os.path.join(out, "layouts-AtomicCards.json"), "w", encoding="utf-8") as f:
        json.dump(layouts_mtgjson(), f, ensure_ascii=False, separators=(",", ":"))
    cards, rulings = layouts_scryfall()
    for name, arr in (("layouts-oracle-cards-%s.json" % LAYOUTS_DATE, cards), ("layouts-rulings-%s.json" % LAYOUTS_DATE, rulings)):
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write("[\n" + ",\n".join(json.dumps(o, ensure_ascii=False, separators=(",", ":")) for o in arr) + "\n]\n")
