"""Every trait, condition and attack trait of the Arena sets, in the program's own words, with
what ``solo`` does about it.

``TERMS`` is the one list that ``solo cards show``, ``docs/cards.md`` and the coverage figures
read.  ``modelled`` says how far the rules code applies the term:

* ``"yes"``     -- applied everywhere it matters (movement, targeting, combat, upkeep, decisions);
* ``"partly"``  -- applied, except what ``by_hand`` tells the person to apply at the table;
* ``"no"``      -- not applied; ``by_hand`` says what to do;
* ``"n/a"``     -- changes nothing the Dummy Mage decides or the board holds (deck building,
                   flavour, mana), so there is nothing to apply.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from solo.cards.catalog import parse_trait
from solo.core.records import FrozenRecord, replace


class Term(FrozenRecord):
    """One trait, condition or attack trait: what it does and how far solo applies it."""

    name: str
    kind: str  # "trait" | "condition" | "attack-trait"
    summary: str  # what it does, in the program's own words
    modelled: str  # "yes" | "partly" | "no" | "n/a"
    by_hand: str | None  # what the person applies at the table when not (fully) modelled
    #: how far solo applies it on the Dummy Mage's own objects, when that differs from
    #: ``modelled`` (the by-hand line is then about your objects only)
    dm: str | None

    def __init__(self, name: str, kind: str, summary: str, modelled: str,
                 by_hand: str | None = None, dm: str | None = None) -> None:
        d = self.__dict__  # (faster than object.__setattr__ a field)
        d["name"] = name
        d["kind"] = kind
        d["summary"] = summary
        d["modelled"] = modelled
        d["by_hand"] = by_hand
        d["dm"] = dm

    @property
    def for_dm(self) -> str:
        """The level that counts for a card the Dummy Mage fields."""
        return self.dm or self.modelled


TERMS: dict[str, Term] = {}


def _add(*terms: Term) -> None:
    for t in terms:
        old = TERMS.get(t.name.lower())
        if old is not None and old.kind != t.kind:  # one name, one entry: a second would hide it
            raise ValueError(f"glossary: {t.name!r} is both a {old.kind} and a {t.kind}")
        TERMS[t.name.lower()] = t


def _t(name: str, modelled: str, summary: str, by_hand: str | None = None) -> None:
    _add(Term(name, "trait", summary, modelled, by_hand))


def _c(name: str, modelled: str, summary: str, by_hand: str | None = None) -> None:
    _add(Term(name, "condition", summary, modelled, by_hand))


def _a(name: str, modelled: str, summary: str, by_hand: str | None = None) -> None:
    _add(Term(name, "attack-trait", summary, modelled, by_hand))


_NA_ONLY = "Only that mage may put the card in its spellbook; it plays like any other card."

# -- traits of objects -------------------------------------------------------------------------
_t("Flying", "yes", "Moves over other creatures and walls that do not reach the sky; only flyers "
   "and attacks with Reach hit it in melee; lost while guarding, Restrained or Incapacitated, "
   "and for the rest of the attack action when it melee attacks a non-flyer (its Sweep then "
   "cannot go on to a flyer). Guards bind it only when it attacks a non-flyer.")
for _dt in ("Acid", "Flame", "Frost", "Hydro", "Lightning", "Wind", "Light", "Poison", "Psychic"):
    _t(_dt, "yes", f"{_dt} +X / {_dt} -X: attacks of that damage type roll X more (or fewer) dice "
       "against it and move its effect die by X.")
    _t(f"{_dt} Immunity", "yes", f"Takes no damage and no effects from {_dt.lower()} attacks.")
_t("Aegis", "yes", "Attacks against it roll X fewer dice (never below one); only the highest "
   "Aegis counts.")
_t("Armor", "yes", "Armor +X / -X changes its armor, never below 0; Magma Golem's Armor -X "
   "takes 1 a Burn marker on it.")
_t("Blocks LOS", "yes", "A wall with it blocks Line of Sight across its border.")
_t("Bloodthirsty", "yes", "Must melee attack a damaged Living enemy in its zone when there is one, "
   "and gets X more dice on the first strike of the action at a damaged Living creature.")
_t("Burnproof", "yes", "Never gains Burn markers.")
_t("Cantrip", "n/a", "The spell goes back to the spellbook instead of the discard pile; the Dummy "
   "Mage discards its spells all the same.")
_t("Charge", "yes", "X more dice on its first melee attack right after it moved at least a zone.")
_t("Climbing", "partly", "May spend a full action to climb over a Corporeal wall into the next "
   "zone (a Passage Attacks wall attacks it first).",
   "The Dummy Mage's creatures climb only when walls leave them no way toward their quarry; "
   "when you climb with yours, move it in solo play and let a Passage Attacks wall attack it "
   "first.")
_t("Dissipate", "yes", "Comes into play with X tokens; each Upkeep one goes, and with the last "
   "it is destroyed (nobody's tally gains).")
_t("Elusive", "yes", "Ignores guards when it attacks and is never hindered.")
_t("Epic", "n/a", "Only one copy in a spellbook.")
_t("Legendary", "n/a", "Only one in play at a time (random decks hold one copy).")
_t("Unique", "n/a", "Each side may have only one in play.")
_t("Extendable", "n/a", "A wall that may be cast as a longer wall; solo places walls as you do.")
_t("Familiar", "no", "Casts spells of its own from its mage's spellbook.",
   "solo casts no spells for a familiar of the Dummy Mage: it only moves and attacks as a "
   "creature. Cast your familiar's spells yourself and record them in solo play.")
_t("Fast", "yes", "May take two move actions before its quick action, and no more than two "
   "in its Action Phase; Fast and Slow cancel each other out.")
_t("Incorporeal", "yes", "Only the 1s of non-Ethereal attacks count against it, it has no armor "
   "and gains no effects from them; it is Nonliving, Burnproof and Uncontainable.")
_t("Indestructible", "yes", "Takes no damage and is never destroyed by damage.")
_t("Intercept", "partly", "While guarding, may take a ranged attack aimed at a non-Flying object "
   "in its zone on itself, then loses its guard marker; not a zone attack, not while Restrained "
   "or Incapacitated, and only when it is a legal target of the attack itself.",
   "The Dummy Mage's guards always Intercept; solo lets yours Intercept only its creatures' "
   "ranged attacks on your mage. To Intercept anything else (an attack spell, an attack on "
   "another object), or to decline, edit the board.")
_t("Invisible", "yes", "Cannot be targeted (zone attacks, damage barriers and counterstrikes "
   "still reach it); counts as Pest and Elusive.")
_t("Ki", "n/a", "A monk's store of Ki tokens, spent on its own abilities.")
_t("Living", "yes", "A living object: it heals, bleeds and can be poisoned.")
_t("Nonliving", "yes", "Not living: it cannot heal, has Poison Immunity and never bleeds.")
_t("Lumbering", "yes", "Always counts as hindered: one move action at most, even when Fast.")
_t("Melee", "yes", "Melee +X: X more dice on the first strike of its melee attacks.")
_t("Ranged", "yes", "Ranged +X: X more dice on the first strike of its ranged attacks (not zone "
   "attacks).")
_t("Passage Attacks", "yes", "A wall that attacks every creature passing through it.")
_t("Passage Blocked", "yes", "A wall that nothing on foot may cross (an attack trait of such a "
   "wall says the same); a creature Pushed into it is Bashed.")
_t("Pest", "yes", "Hinders nobody and cannot guard others from attacks.")
_t("Poison Immunity", "yes", "Never gains Rot, Weak, Cripple or Tainted and takes no poison "
   "damage; every Nonliving object has it.")
_t("Psychic Immunity", "yes", "Never gains Sleep nor Skeelax's or Thorg's Taunt, and takes no "
   "psychic damage; every conjuration has it.")
_t("Rage", "yes", "Each time an enemy creature's attack damages it, it gains a Rage token (at "
   "most X), each giving Melee +1; healing removes one token and no damage left removes all.")
_t("Regenerate", "yes", "Removes X damage each Upkeep (only the highest counts); it may remove "
   "Bleed markers instead, see Bleed. Nothing with Finite Life (every Nonliving object) "
   "regenerates.")
_t("Resilient", "yes", "Ignores the normal (non-critical) damage of attacks; direct damage and "
   "effects still apply.")
_t("Rooted", "yes", "Never takes move actions and is Unmovable, but is not Restrained: it still "
   "guards and hinders; it cannot fly.")
_t("Slow", "yes", "A move action takes its whole Action Phase (no attack after moving); Fast "
   "and Slow cancel each other out.")
_t("Spawnpoint", "no", "A conjuration that casts spells, most often summoning creatures, in the "
   "Deployment Phase.",
   "solo summons nothing through the Dummy Mage's spawnpoints; summon through yours as the card "
   "says and record it in solo play.")
_t("Spellbind", "n/a", "A spell is bound to it when it comes into play; your side's business.")
_t("Tough", "yes", "Tough -X: X is taken from the effect die of attacks against it.")
_t("Uncontainable", "yes", "Restraining effects (Cripple, Stuck, Snatch) do not hold it; every "
   "Incorporeal creature has it.")
_t("Unmovable", "yes", "Cannot be Pushed or Snatched; a Slam becomes a Daze. Every conjuration "
   "is Unmovable.")
_t("Unstoppable", "yes", "Never hindered; also Unmovable and Uncontainable.")
_t("Upkeep", "yes", "Upkeep +X: pay X mana each Upkeep or destroy it. The Dummy Mage keeps its "
   "objects without paying (it has no mana).")
_t("Uproot", "partly", "Uproot X: when activated, pay X mana to lose Rooted until the end of its "
   "Action Phase.",
   "The Dummy Mage has no mana, so its Rooted creatures never uproot; to uproot yours, pay X "
   "and move it in solo play.")
_t("Vigilant", "partly", "At the end of its Action Phase it may take a guard marker.",
   "The Dummy Mage's Vigilant creatures always guard; for yours solo reminds you and leaves the "
   "marker off: choose Guard or edit the board if you want it.")
_t("Zone Exclusive", "n/a", "Only one conjuration of this kind in a zone.")
_t("Obscured", "yes", "Cannot be targeted from more than one zone away (Rolling Fog gives it to "
   "every object, Elephant Grass to the other non-Flying objects of its zone).")
_t("Finite Life", "yes", "Cannot heal or regenerate.")
_t("Innate Life", "partly", "Innate Life +X adds X life, even with Finite Life; Growth markers "
   "give it.", "For cards that give Innate Life other than Growth, edit the creature's life.")
_t("Anchored", "n/a", "Cannot be Teleported.")
_t("Warded", "no", "Enemy incantations and enchantments cannot target it.",
   "Do not let the Dummy Mage target a Warded object of yours with an incantation or "
   "enchantment: if solo does, the spell fails; undo it with edit.")
_t("Lifebond", "no", "Each Upkeep up to X damage may move one way between it and its mage, "
   "whatever the range (even past Finite Life).",
   "Move the damage yourself in the Upkeep and edit both objects.")
_t("Autonomous", "no", "Equipment on a creature that works on its own, attacking once a round at "
   "the end of the creature's Action Phase.", "Make that attack yourself and report it.")
_t("Reanimate", "no", "When destroyed it returns face down in its zone and comes back at the end "
   "of the round.", "Put it back yourself at the end of the round and add it with edit.")
for _mage in ("Arcane Mage", "Beastmaster", "Dark Mage", "Druid", "Forcemaster", "Holy Mage",
              "Mind Mage", "Nature Mage", "Necromancer", "Paladin", "Siren", "War Mage",
              "Warlock", "Warlord", "Wizard"):
    _t(f"{_mage} Only", "n/a", _NA_ONLY)

for _mage in ("Priestess", "Water Mage"):
    _t(f"{_mage} Only", "n/a", _NA_ONLY)
_t("Magecast", "n/a", "Only a mage may cast it (not a familiar or a spawnpoint); the Dummy Mage "
   "casts every spell itself.")
_t("Magebind", "n/a", "Magebind +X: revealing it costs X more mana when it is attached to a mage; "
   "the Dummy Mage pays no mana.")
_t("Novice", "n/a", "A spell meant for beginners' spellbooks; it plays as printed.")
_t("Drain", "no", "A drain spell: its caster heals as much damage as it deals.",
   "When the Dummy Mage drains (Drain Life), take the damage its target received off the Dummy "
   "Mage too; when you do, take it off your mage.")

# -- conditions and markers --------------------------------------------------------------------
_c("Bleed", "yes", "Each Upkeep, 1 direct damage per marker on a Living non-Plant creature; "
   "healing or regeneration may be spent to remove markers, a point each (solo spends "
   "regeneration that way first).")
_c("Burn", "yes", "Each Upkeep, one attack die per marker as direct damage; each blank removes "
   "a marker.")
_c("Corrode", "yes", "Armor -1 per marker, never below 0: markers armor cannot take become 1 "
   "direct acid damage each, and when its armor later drops, the markers it no longer covers "
   "come off. No effect on Incorporeal objects.")
_c("Cripple", "yes", "Restrained; a 7+ escape roll per marker at the end of its Action Phase.")
_c("Daze", "yes", "Before each strike it makes, one effect die (however many markers; once for "
   "a whole zone attack): 6 or less and it misses; -2 to its Defense rolls per marker; the "
   "markers go at the end of its next Action Phase.")
_c("Disable", "yes", "It loses its attacks and abilities (not its traits or stats); one marker "
   "goes each Reset.")
_c("Growth", "yes", "Each marker gives Melee +1 and +3 life; it cannot be removed.")
_c("Knockdown", "yes", "Incapacitated until activated.")
_c("Rot", "yes", "Each Upkeep, 1 direct damage per marker (poison).")
_c("Slam", "yes", "Incapacitated; becomes a Daze when activated; an Unmovable creature gets a "
   "Daze instead.")
_c("Sleep", "yes", "Incapacitated until it takes damage, then it wakes Dazed.")
_c("Stuck", "yes", "Restrained and Unmovable; a 7+ escape roll per marker at the end of its "
   "Action Phase, and a teleport removes them all. No effect on conjurations or Uncontainable "
   "creatures.")
_c("Stun", "yes", "Incapacitated until the end of its next Action Phase.")
_c("Tainted", "yes", "A wound that counts as 3 damage and never heals or regenerates (poison); it "
   "stays until a spell that removes conditions takes it off (Purify).")
_c("Taunt", "yes", "The taunted creature must attack its taunter when in its zone and able to: "
   "in melee for Skeelax and Sosruko, with any attack for Thorg; Thorg also draws it from the "
   "next zone (a ranged attack at him, else a move into his zone). Skeelax's and Thorg's are "
   "psychic: no effect on mages or Psychic Immune creatures. It ends with the creature's Action "
   "Phase or when the taunter is activated.")
_c("Vine", "no", "A Vine marker: a 1-life Living conjuration of the Druid that hinders enemy "
   "non-Flying creatures and cannot be hit by ranged attacks.",
   "Vine markers are not on solo's board: remember they hinder and remove them when hit.")
_c("Stagger", "yes", "Knocked off balance: a minor creature (Level 1-2) cannot attack or guard "
   "and loses its guard marker; a major one rolls 2 fewer attack dice per marker (never below "
   "one). Every marker goes at the end of its next activation (one gained while it acts waits "
   "for the end of the one after).")
_c("Weak", "yes", "One die fewer per marker on its non-spell attacks, never below one die; "
   "its damage barrier is not weakened.")
_c("Zombie", "yes", "A raised creature: undead and zombie, Psychic Immunity, Slow, Nonliving, "
   "Bloodthirsty +0; a creature already Slow is Stunned as well; obliterated instead of "
   "destroyed; it cannot be removed.")
_c("Push", "yes", "Moved one zone: the codex pushes directly away from the source, and the solo "
   "rules roll the compass instead; into the arena edge (even a flyer) or a Passage Blocked wall "
   "it is Bashed (an Unavoidable 3-die attack). Unmovable objects stay.")
_c("Snatch", "yes", "Pulled one zone closer to the attacker (a Push); not Unmovable or "
   "Uncontainable creatures.")
_c("Grapple", "yes", "The attacker holds the target as its prey while the prey keeps the marker and "
   "shares its zone; what follows is on the grappling card (upkeep damage, attacks only "
   "against its prey, more dice against it), and solo plays it.")
_c("Ichthellid Larva", "yes", "When the creature is destroyed (not obliterated), an Ichthellid of "
   "the marker's controller hatches in its zone at the end of the round (the Dummy Mage's from "
   "its creature discard pile).")
_c("Restrained", "yes", "Cannot take a move action or fly (a Push or a teleport still moves "
   "it); -2 to its Defense rolls; hinders nobody.")
_c("Incapacitated", "yes", "No actions, no Defense, no counterstrike, no flying; its guard binds "
   "nobody and it hinders nobody. A mage of yours may still cast quick spells that are not "
   "attacks; the solo rules have the Dummy Mage lose its quickcast instead.")
_c("Hindered", "yes", "Starting its Action Phase in a zone with an enemy that can hinder it, or "
   "entering one, it moves one zone at most that Action Phase, even if Fast (Incapacitated, "
   "Restrained and Pest enemies hinder nobody; flyers hinder only flyers, and walkers only "
   "walkers).")
_c("Guard", "yes", "Guarding is a quick action: its quick melee attacks gain Counterstrike, and "
   "an enemy's melee attacks in its zone may target only it (ranged attacks may pass it by), "
   "unless it is Incapacitated, Restrained or a Pest, or the attacker is Elusive (or a flyer "
   "attacking a flyer).")
_c("Bashed", "yes", "An Unavoidable 3-die attack on a creature pushed into a blocking wall.")
_c("Obliterate", "yes", "Destroyed and out of the game: it goes to no discard pile.")
_c("Banish", "yes", "Out of the arena until it returns.")

# -- attack traits -----------------------------------------------------------------------------
for _vs in ("+1 vs. Nonliving or Dark Creatures", "+2 Vs. Nonliving Creatures",
            "+2 vs. Corporeal Conjurations", "+2 vs. Flying", "+2 vs. Incorporeal",
            "+2 vs. Nonliving Creatures", "+2 vs. Undead"):
    _a(_vs, "yes", "More attack dice against the targets it names (once, even when a target "
       "matches twice).")
_a("Counterstrike", "yes", "The defender strikes back with it after a melee attack on it.")
_a("Critical Damage", "yes", "All its damage counts as critical: armor does not reduce it.")
_a("Defrost", "n/a", "A flame attack trait kept for a later set; it does nothing yet.")
_a("Devour", "yes", "A Corporeal creature it destroys is obliterated.")
_a("Doublestrike", "yes", "Strikes the same target a second time.")
_a("Triplestrike", "yes", "Strikes the same target three times.")
_a("Ethereal", "yes", "Hits Incorporeal targets fully.")
_a("Extinguish", "yes", "Rolls one die fewer (never below one) and takes 1 from the effect die "
   "per Burn marker on the target, then removes every Burn; against a Hydro Immune target it "
   "only removes the Burn.")
_a("Heal", "partly", "Heals instead of hurting; never made against an enemy. The Dummy Mage's "
   "healers heal its most hurt Living creature in reach instead of attacking.",
   "When you heal with one, roll and take the damage off yourself (edit).")
_a("Heal any Living creature in the arena the amount rolled. Then, destroy Gray Angel", "no",
   "Gray Angel gives up its life to heal a Living creature anywhere.",
   "Roll the dice, heal a Living creature that much and destroy Gray Angel, by hand.")
_a("Heal target Living Creature the amount rolled.", "no", "Heals a Living creature by the roll.",
   "Roll the dice and heal the target that much, by hand.")
_a("Heal target Living creature the amount rolled.", "no", "Heals a Living creature by the roll.",
   "Roll the dice and heal the target that much, by hand.")
_a("Mana Drain", "partly", "Damage to an enemy creature takes X mana from its controller.",
   "Take X mana from your supply when it damages one of yours (the Dummy Mage has none); solo "
   "says so in the attack's lines.")
_a("No Damage", "yes", "Deals no damage at all; only its effects apply.")
_a("Line of Sight Blocked", "yes", "The wall blocks Line of Sight.")
_a("Piercing", "yes", "Piercing +X: the target's armor counts X less (never below 0).")
_a("Piercing +1 per Gold token on Gerard", "yes", "Piercing grows with Gerard's Gold tokens.")
_a("Reach", "yes", "Its melee attack can hit Flying creatures.")
_a("Roll 1 fewer attack die for each zone of range beyond 1.", "yes",
   "One die fewer for each zone past the first.")
_a("If target is restrained add +4 to the Effect Die", "yes",
   "+4 on the effect die against a Restrained target.")
_a("Can only target Corporeal Conjurations", "yes", "Only a Corporeal conjuration can be its "
   "target.")
_a("Creatures which pass through this wall, receive a number of attacks equal to their Level -1. "
   "Examples: A Level 3 creature is attacked twice, a Level 1 is not attacked.", "yes",
   "The wall strikes a creature passing through it once per Level above the first.")
_a("This attack is only made against creatures which pass through this wall from the direction "
   "the top of the card is facing.", "no", "A one-way wall: it attacks only those crossing from "
   "its front.", "solo cannot tell the wall's front: when a creature crosses from behind, do "
   "not make the attack (undo it with edit).")
_a("Sweeping", "partly", "Makes a second attack on a different target in the same zone.",
   "solo picks the second target for the Dummy Mage's creatures and asks you for yours when "
   "solo rolls; when you report the dice you rolled, make the second attack yourself on another "
   "target in the same zone and put its damage and markers in with edit.")
_a("Trample", "yes", "Once a round, a free attack on a non-Flying creature in the zone it "
   "leaves with a move action; not a melee attack (no Melee +X), but it meets guards, "
   "counterstrikes and damage barriers. solo tramples for the Dummy Mage's creatures and asks "
   "you whom yours tramples when it walks out of a zone.")
_a("Unavoidable", "yes", "No Defense can be used against it.")
_a("Vampiric", "yes", "The attacker heals half the damage it dealt to a Living creature.")
_a("Spell", "n/a", "It counts as a spell attack.")
_a("Counts as an attack spell. May be cast once per round.", "no",
   "An attack that counts as an attack spell, once a round.",
   "Make it at most once a round; solo does not count it.")
for _cost in ("Cost = 2", "Cost=0", "Cost=2", "Cost=X"):
    _a(_cost, "n/a", "The mana the attack costs its controller (the Dummy Mage has none to pay).")
_a("Add 3 mana to your mana supply.", "n/a", "Gives its controller 3 mana.")
_a("Destroy target Level 1 revealed enchantment", "no", "Destroys a revealed Level 1 "
   "enchantment.", "Destroy the enchantment yourself and remove it with edit.")
_a("Huginn may look at a target hidden enchantment. After looking, leave it face down (hidden).",
   "n/a", "Looks at a hidden enchantment.")
_a("Look at target hidden enchantment. Then leave it face down after looking", "n/a",
   "Looks at a hidden enchantment.")
_a("Place an Armor +1 token on, or Reconstruct 2 damage from, a Nonliving Corporeal conjuration "
   "in his zone (including walls bordering his zone).", "no", "Mends a Nonliving conjuration.",
   "Apply it yourself (edit the conjuration).")
_a("Reconstruct 2 damage from target skeleton object.", "no", "Mends a skeleton.",
   "Take 2 damage off the skeleton yourself (edit).")
_a("Remove 1 Condition marker from target Living creature. X = its removal cost.", "no",
   "Removes a condition marker.", "Remove the marker yourself (edit).")
_a("Remove 1 condition marker from target plant object (pay its removal cost). If you do, you may "
   "heal it 1 damage.", "no", "Removes a condition from a plant and heals it 1.",
   "Remove the marker and the damage yourself (edit).")
_a("Remove 1 damage from a Corporeal Conjuration in his zone.", "no", "Mends a conjuration.",
   "Take the damage off yourself (edit).")
_a("Target goblin you control is Pushed 1 zone in the direction of your choice.", "no",
   "Moves a friendly goblin.", "Move the goblin yourself (edit).")
_a("Target zombie creature gains the Melee +1 trait until end of round.", "no",
   "Helps a zombie for the round.", "Add Melee +1 to the zombie yourself for the round (edit).")


#: Terms whose Dummy Mage side solo applies in full, by the rules code or by a ruling in
#: docs/rulings.md (its familiars and spawnpoints cast and summon nothing, its Rooted creatures
#: never uproot): their by-hand lines are about your objects.
_DM_SIDE_DONE = ("Sweeping", "Intercept", "Vigilant", "Climbing", "Trample", "Uproot", "Familiar",
                 "Spawnpoint")
for _name in _DM_SIDE_DONE:
    TERMS[_name.lower()] = replace(TERMS[_name.lower()], dm="yes")

#: Card abilities the Dummy Mage's side plays in full (solo.rules.abilities.actions and the
#: rulings of docs/rulings.md, "Card abilities: actions, heals and moves"): its healers heal,
#: its Mana Leech's drain is said for your side, and the mending of conjurations and the goblin
#: push are never used (it has no conjurations; its Slaknir fights).
_DM_ABILITIES_DONE = (
    "Heal", "Mana Drain", "Heal target Living Creature the amount rolled.",
    "Heal target Living creature the amount rolled.",
    "Heal any Living creature in the arena the amount rolled. Then, destroy Gray Angel",
    "Remove 1 damage from a Corporeal Conjuration in his zone.",
    "Place an Armor +1 token on, or Reconstruct 2 damage from, a Nonliving Corporeal conjuration "
    "in his zone (including walls bordering his zone).",
    "Target goblin you control is Pushed 1 zone in the direction of your choice.",
    "Reconstruct 2 damage from target skeleton object.",
    "Target zombie creature gains the Melee +1 trait until end of round.")
for _name in _DM_ABILITIES_DONE:
    TERMS[_name.lower()] = replace(TERMS[_name.lower()], dm="yes")


def lookup(name: str) -> Term | None:
    """The term for a trait as printed (``Regenerate 2`` -> Regenerate; ``Flame +2`` -> Flame).

    >>> lookup("Flying").name
    'Flying'
    >>> lookup("No such thing") is None
    True
    """
    key = name.strip().lower()
    if key in TERMS:
        return TERMS[key]
    base = parse_trait(name)[0].lower()
    if base in TERMS:
        return TERMS[base]
    # "Upkeep +X", "Armor -X", "Dissipate X": a letter for the number
    stripped = re.sub(r"\s*[+-]?\s*x$", "", key)
    if stripped in TERMS:
        return TERMS[stripped]
    if re.match(_VS, key):
        return Term(name.strip(), "attack-trait", "More attack dice against the targets it names.",
                    "yes")
    return None


_VS = r"(?i)^\+\s*\d+\s+vs\.?\s"  # (through re's cache: compiled only when needed)


def by_hand_notes(names: Iterable[str]) -> list[str]:
    """The by-hand instruction of every term among ``names`` that solo does not fully apply
    (each once, in order): what the person must do at the table."""
    out: list[str] = []
    for n in names:
        t = lookup(n)
        if t is not None and t.modelled in ("partly", "no") and t.by_hand:
            line = f"By hand ({t.name}): {t.by_hand}"
            if line not in out:
                out.append(line)
    return out
