"""The notes for your side of the board: equipment, conjurations and the Arena mages
(scripts/notes/equipment.toml, conjurations.toml, mages.toml).

Every official card of those kinds has a note, and the numbers a note holds agree with the card:
with the bracket tokens of its text in ../shared/reference/cards.json when that file is there (a
fresh clone may lack it: those tests are skipped), and always with what decks/catalog.json holds.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTES = ROOT / "scripts" / "notes"
CATALOG = ROOT / "decks" / "catalog.json"
SOURCE = ROOT.parent / "shared" / "reference" / "cards.json"
OFFICIAL = {"arena-official", "arena-promo"}

#: Every equipment slot the Arena cards print ("Weapon/Shield" takes one hand of either kind,
#: "Weapon+Shield" both hands; Morning Star's reference gives "Hand").
SLOTS = {"Amulet", "Belt", "Boots", "Chest Piece", "Cloak", "Gloves", "Helmet", "Ring", "Shield",
         "Weapon", "Weapon/Shield", "Weapon+Shield", "Hand"}
EQUIPMENT_KEYS = {"slot", "armor", "defenses", "traits", "melee", "ranged", "life", "by_hand",
                  "mage_only"}
CONJURATION_KEYS = {"wall", "attackable", "by_hand", "plays"}
MAGE_KEYS = {"abilities", "traits", "defenses", "by_hand_dm", "by_hand_you"}
#: A trait as the catalog spells it: a name, then maybe a number (signed for bonuses).
TRAIT = re.compile(r"[A-Z][A-Za-z']*(?: [A-Z][A-Za-z']*)*(?: [+-]?\d+)?")
#: Bracket tokens that are not something the mage gains as a field: a marker for the card's own
#: rule, a bonus to Defense rolls, life gained in Upkeep.  A card with one needs a by_hand.
BY_HAND_TOKENS = {"Defense +1", "Lifegain +1", "HarshforgePlate", "ReadyMarker"}
#: Known misspellings in the reference's card text (note spelling -> text spelling).
TEXT_TYPOS = {"Lightning +1": "Lighting +1"}


def notes(name: str) -> dict[str, dict]:
    return tomllib.loads((NOTES / f"{name}.toml").read_text(encoding="utf-8"))


def catalog_cards(kind: str) -> dict[str, dict]:
    cards = json.loads(CATALOG.read_text(encoding="utf-8"))["cards"]
    return {c["name"]: c for c in cards if c["type"] == kind}


def source_cards(kind: str) -> dict[str, dict]:
    if not SOURCE.exists():
        pytest.skip("../shared/reference/cards.json is not here (a fresh clone)")
    cards = json.loads(SOURCE.read_text(encoding="utf-8"))["cards"]
    if kind == "Mage":
        return {c["name"]: c for c in cards if c["type"] == "Mage" and c.get("variant") == "arena"}
    return {c["name"]: c for c in cards if c["type"] == kind and c.get("set_category") in OFFICIAL}


def from_tokens(text: str | None) -> dict:
    """What the bracket tokens of an equipment card's text give the mage wearing it."""
    toks = [t.strip() for t in re.findall(r"\[([^\]]+)\]", text or "")]
    out: dict = {"armor": 0, "defenses": [], "traits": [], "melee": 0, "ranged": 0,
                 "by_hand": False}
    i = 0
    while i < len(toks):
        t = toks[i]
        if t == "Casting Discount":  # [Casting Discount] [1] [Plant] [x1]
            i += 1
            while i < len(toks) and not re.fullmatch(r"x\d+", toks[i]):
                i += 1
            out["by_hand"], i = True, i + 1
            continue
        if t == "d12":  # an extra effect roll: [d12] [7+ = Bleed]
            out["by_hand"], i = True, i + 2
            continue
        if i + 1 < len(toks) and re.fullmatch(r"[+-]\d+", toks[i + 1]):  # [Wind] [+2]
            out["by_hand"], i = True, i + 2
            continue
        if m := re.fullmatch(r"Armor \+(\d+)", t):
            out["armor"] += int(m.group(1))
        elif m := re.fullmatch(r"Defense (\d+)\+ (\d+)x(?: (.+))?", t):
            d: dict = {"roll": int(m.group(1)), "uses": int(m.group(2))}
            if m.group(3):
                d["restriction"] = m.group(3)
            out["defenses"].append(d)
        elif m := re.fullmatch(r"(Melee|Ranged) \+(\d+)", t):
            out[m.group(1).lower()] += int(m.group(2))
        elif t in BY_HAND_TOKENS:
            out["by_hand"] = True
        else:
            out["traits"].append(t)
        i += 1
    return out


# -- every card has a note, and the catalog holds it ------------------------------------------

@pytest.mark.parametrize("file,kind,count", [("equipment", "Equipment", 94),
                                             ("conjurations", "Conjuration", 86),
                                             ("mages", "Mage", 18)])
def test_every_card_of_the_kind_has_a_note_in_its_file(file, kind, count):
    cat = catalog_cards(kind)
    assert len(cat) == count
    assert set(notes(file)) == set(cat)


@pytest.mark.parametrize("file,kind", [("equipment", "Equipment"), ("conjurations", "Conjuration"),
                                       ("mages", "Mage")])
def test_the_catalog_was_rebuilt_with_the_notes(file, kind):
    cat = catalog_cards(kind)
    for name, note in notes(file).items():
        assert cat[name].get("dm") == note, f"{name}: run python scripts/import_cards.py"


@pytest.mark.parametrize("file,kind", [("equipment", "Equipment"), ("conjurations", "Conjuration"),
                                       ("mages", "Mage")])
def test_every_official_card_of_the_reference_has_a_note(file, kind):
    assert set(notes(file)) == set(source_cards(kind))


def test_no_instruction_is_empty():
    for file in ("equipment", "conjurations", "mages"):
        for name, note in notes(file).items():
            for key in ("by_hand", "by_hand_dm", "by_hand_you"):
                if key in note:
                    assert isinstance(note[key], str) and len(note[key].strip()) > 10, (name, key)


# -- equipment ----------------------------------------------------------------------------------

def test_equipment_notes_have_known_keys_and_well_formed_values():
    for name, note in notes("equipment").items():
        assert set(note) <= EQUIPMENT_KEYS, name
        for key in ("armor", "melee", "ranged", "life"):
            if key in note:
                assert isinstance(note[key], int) and note[key] > 0, (name, key)
        for d in note.get("defenses", []):
            assert set(d) <= {"roll", "uses", "restriction"}, name
            assert 2 <= d["roll"] <= 12, name
            assert d.get("uses", 1) == "unlimited" or d.get("uses", 1) >= 1, name
        for t in note.get("traits", []):
            assert TRAIT.fullmatch(t), (name, t)
        assert note.get("traits", [1]) and note.get("defenses", [1]), f"{name}: an empty list"


def test_equipment_slots_come_from_the_known_list():
    slots = {n: note.get("slot") for n, note in notes("equipment").items()}
    assert {s for s in slots.values() if s is not None} <= SLOTS
    assert [n for n, s in slots.items() if s is None] == ["Dancing Scimitar"]


def test_equipment_slots_are_the_reference_slots():
    src = source_cards("Equipment")
    for name, note in notes("equipment").items():
        assert note.get("slot") == src[name]["equipment_slot"], name


def test_equipment_notes_agree_with_the_bracket_tokens_of_the_card_text():
    src = source_cards("Equipment")
    checked = 0
    for name, note in notes("equipment").items():
        text = src[name].get("text") or ""
        want = from_tokens(text)
        assert note.get("armor", 0) == want["armor"], name
        assert note.get("melee", 0) == want["melee"], name
        assert note.get("ranged", 0) == want["ranged"], name
        assert note.get("defenses", []) == want["defenses"], name
        traits = note.get("traits", [])
        assert set(want["traits"]) <= set(traits), f"{name}: lacks {set(want['traits']) - set(traits)}"
        for t in set(traits) - set(want["traits"]):  # said in words only, not as a token
            assert TEXT_TYPOS.get(t, t).lower() in text.lower(), f"{name}: {t} is not on the card"
        if want["by_hand"]:
            assert note.get("by_hand"), f"{name}: its text has a rule no field holds"
        life = re.search(r"Life \+(\d+)", text)
        assert note.get("life", 0) == (int(life.group(1)) if life else 0), name
        checked += bool(want["armor"] or want["defenses"] or want["traits"] or want["melee"])
    assert checked >= 25  # the parse found tokens on the cards that print them


def test_the_token_parse_reads_each_kind_of_token():
    got = from_tokens("x\n[Armor +1] [Flame -2] [Defense 8+ 1x No Ranged] [Melee +1] "
                      "[Casting Discount] [1] [Necro/Undead] [x2]")
    assert got == {"armor": 1, "defenses": [{"roll": 8, "uses": 1, "restriction": "No Ranged"}],
                   "traits": ["Flame -2"], "melee": 1, "ranged": 0, "by_hand": True}
    assert from_tokens("[Wind] [+2]")["traits"] == [] and from_tokens("[Wind] [+2]")["by_hand"]
    assert from_tokens("[Unmovable] [Anchored]")["traits"] == ["Unmovable", "Anchored"]


def test_equipment_notes_agree_with_the_catalog_card():
    cat = catalog_cards("Equipment")
    for name, note in notes("equipment").items():
        card = cat[name]
        for d in card.get("defenses", []):  # a Defense printed on the card goes to the mage
            assert d in note.get("defenses", []), name
        own = {t.lower() for t in card.get("traits", [])}
        assert not own & {t.lower() for t in note.get("traits", [])}, \
            f"{name}: a trait of the card itself is not one the mage gains"
        only = [t[: -len(" Only")] for t in card.get("traits", []) if t.endswith(" Only")]
        assert note.get("mage_only") == (only[0] if only else None), name


def test_a_card_that_attacks_keeps_its_attacks_in_the_catalog_only():
    for name, note in notes("equipment").items():
        assert "attacks" not in note, name


def test_mage_only_names_a_mage_or_a_kind_of_mage():
    cards = json.loads(CATALOG.read_text(encoding="utf-8"))["cards"]
    mages = {c["name"] for c in cards if c["type"] == "Mage"}
    schools = {s for c in cards for s, _ in c.get("schools", [])}
    kinds = {f"{s} Mage" for s in schools}
    named = {n["mage_only"] for f in ("equipment",) for n in notes(f).values() if "mage_only" in n}
    assert named and named <= mages | kinds, named - (mages | kinds)
    assert {"War Mage", "Dark Mage", "Warlock"} <= named


# -- conjurations -------------------------------------------------------------------------------

def test_conjuration_notes_mark_walls_and_what_cannot_be_attacked():
    cat = catalog_cards("Conjuration")
    for name, note in notes("conjurations").items():
        assert set(note) <= CONJURATION_KEYS, name
        card = cat[name]
        assert note.get("wall", False) == ("Wall" in (card.get("type_detail") or "")), name
        assert note.get("attackable", True) == (card.get("life") is not None), name
        assert note.get("wall", True) is True and note.get("attackable", False) is False, name
    assert sum(1 for n in notes("conjurations").values() if n.get("wall")) == 12


def test_every_conjuration_with_text_says_what_to_apply():
    src = source_cards("Conjuration")
    for name, note in notes("conjurations").items():
        if (src[name].get("text") or "").strip() or not note.get("wall"):
            # what solo plays of it itself (plays), or what you apply (by_hand)
            assert note.get("by_hand") or note.get("plays"), name


# -- mages --------------------------------------------------------------------------------------

def test_mage_notes_are_complete_and_do_not_repeat_the_card():
    cat = catalog_cards("Mage")
    for name, note in notes("mages").items():
        assert set(note) <= MAGE_KEYS, name
        assert note.get("by_hand_dm") and note.get("by_hand_you"), name
        assert isinstance(note["abilities"], list), name
        assert all(isinstance(a, str) and a.strip() for a in note["abilities"]), name
        card = cat[name]
        for t in note.get("traits", []):
            assert TRAIT.fullmatch(t) and t not in card.get("traits", []), (name, t)
        for d in note.get("defenses", []):  # the catalog's Defenses are applied already
            assert {"roll": d["roll"], "uses": d.get("uses", 1)} not in card.get("defenses", []), name


def test_a_mage_has_abilities_listed_when_its_card_text_has_them():
    src = source_cards("Mage")
    for name, note in notes("mages").items():
        text = (src[name].get("abilities_text") or "").strip()
        assert bool(note["abilities"]) == bool(text), name
        if not text:
            assert "no ability text" in note["by_hand_dm"], name


def test_the_forcemasters_deflect_is_on_its_card_and_costs_mana_for_you():
    card = catalog_cards("Mage")["Forcemaster"]
    assert card["defenses"] == [{"roll": 7, "uses": 1}]
    note = notes("mages")["Forcemaster"]
    assert "defenses" not in note and "1 mana" in note["by_hand_you"]


def test_the_dummy_mage_never_uses_an_ability_that_is_a_spell_an_action_or_costs_life():
    """docs/rulings.md, "Which abilities the Dummy Mage uses": abilities cast as spells or taken
    as actions, and those paid for with life, are never used by the Dummy Mage."""
    src = source_cards("Mage")
    spell_or_action = re.compile(r"quick (?:\w+ )*spell|as a quick action|full action", re.I)
    life_cost = re.compile(r"loses? Life equal", re.I)
    seen = set()
    for name, note in notes("mages").items():
        text = src[name].get("abilities_text") or ""
        if spell_or_action.search(text) or life_cost.search(text):
            seen.add(name)
            assert re.search(r"\bnever\b", note["by_hand_dm"]), name
    assert {"Forcemaster", "Siren", "Warlock", "Paladin", "Priestess", "Warlord"} <= seen
