"""Card abilities: the printed text of creatures and spells beyond their traits and attack bars,
played by the rules instead of left to the person.

Each module here holds one kind of ability, keyed by card name (the catalog's spelling), and is
asked by the rules at one hook each -- never by the card's name anywhere else:

* :mod:`.bonuses`   -- what moves an attack before the dice: conditional dice, effect-die and
                       Piercing bonuses ("+X vs.", "while guarding", "against inactive"), armor and
                       Defense that hold only sometimes, auras to friendly creatures in a zone;
* :mod:`.triggers`  -- what happens at a moment: when summoned, when destroyed, when it damages or
                       destroys, at the start of its side's Upkeep, when activated;
* :mod:`.actions`   -- what changes how a creature acts or may act: heals it makes, activated
                       abilities the Dummy Mage pays for, moves that teleport or fly;
* :mod:`.restrictions` -- the Dummy Mage's cards that restrict your side or answer it: what your
                       creatures may not do or must do (Charm, Taunt, Stumble, Pacify ...), and
                       the answers to your attacks and spells (Forcefield, Nullify, Jinx ...);
* the attack spells' extra reach lives with the spells (:mod:`solo.rules.spells`).

Pure like the rest of :mod:`solo.rules`: an ability reads the board and returns change records
(:mod:`solo.rules.effects`) and ``Said`` records; only ``effects.apply`` writes the board. The Dummy
Mage pays every cost an ability asks of it (docs/rulings.md, "The Dummy Mage uses optional
abilities that help it, and pays freely"). A card whose text is played here has ``plays`` in its
note (scripts/notes/*.toml) instead of ``by_hand``.
"""
