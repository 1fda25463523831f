"""The Dummy Mage's cards that restrict your side or answer it, played in whole turns of `solo
play` with a scripted prompter: what your creature may attack (Charm, Song of Love, Chant of
Rage, Taunt), whether it may move (Stumble), what happens to its attack (Pacify, Fumble,
Confusion, Forcefield, Eye for an Eye) and to your spells (Jinx, Magebane, Nullify, Reverse
Magic, Retribution Aura, Mind Shield), and Mind Control's end.  Each test follows the card's
printed text (../shared/reference/cards.json), not solo's note of it."""

from __future__ import annotations

from solo.core.questions import RulePrompter
from solo.engine.game import ESCAPES, Game, Settings
from solo.engine.rounds import RoundState
from solo.rules.abilities import restrictions
from solo.rules.dice import ScriptedSource, SeededSource
from solo.text.render import lines as sentences


class _Dice(ScriptedSource):
    """Scripted dice the game can checkpoint (it keeps no state worth restoring here)."""

    def get_state(self):
        return []

    def set_state(self, state):
        pass


def _game():
    g = Game.new(Settings(seed=1, name="t"))
    b = g.board
    b.mages["dm"].zone, b.mages["ym"].zone = "B2", "D3"
    return g


def _turn(g, actor: str, answers: dict, d12=(), d6=()):
    """One Action Phase of your ``actor`` (a creature id or "ym"), answered by ``answers``;
    the game's dice roll ``d12`` and ``d6`` first."""
    g.rng = _Dice(d12=list(d12), d6=list(d6), fallback=SeededSource(3))
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": actor, **answers})
    step = g.play_one()
    assert step is not None
    return step


def _offered(g, actor: str, qid: str, answers: dict | None = None) -> set[str]:
    """The values offered by the question ``qid`` in ``actor``'s Action Phase."""
    seen = {}

    def look(q):
        seen["q"] = q
        return q.default

    _turn(g, actor, {**(answers or {}), qid: look})
    return {v for _, v in seen["q"].pairs() if v not in ESCAPES}


def _wolf(g, side="ym", zone="B2", id="ym-w", **fields):
    return g.board.add_creature("Timber Wolf", side, zone, id=id, **fields)


# -- whom your creature may attack -----------------------------------------------------------

def test_a_charmed_creature_cannot_attack_the_dummy_mage():
    """Charm: "This creature cannot make a melee or ranged attack against the controller of
    Charm"."""
    g = _game()
    _wolf(g, enchantments=["Charm"])
    fox = g.board.add_creature("Bitterwood Fox", "dm", "B2", id="f")
    targets = _offered(g, "ym-w", "turn.attack.target", {"turn.what": "attack"})
    assert targets == {fox.id}
    plain = _game()
    _wolf(plain)
    plain.board.add_creature("Bitterwood Fox", "dm", "B2", id="f")
    assert "dm" in _offered(plain, "ym-w", "turn.attack.target", {"turn.what": "attack"})


def test_charm_goes_when_the_dummy_mages_attack_damages_the_charmed_creature():
    from solo.rules import combat

    g = _game()
    b = g.board
    wolf = _wolf(g, enchantments=["Charm"])
    theirs = b.add_creature("Timber Wolf", "dm", "B2", id="t")
    r = combat.resolve_attack(b, theirs, "Bite", wolf, ScriptedSource(d12=[1], d6=[6] * 8,
                                                                      fallback=SeededSource(1)),
                              use_defense=False)
    assert r.damage_to(wolf.id) > 0
    combat.apply(b, r)
    assert "Charm" not in b.get(wolf.id).enchantments
    assert b.discards["enchantment"][-1] == "Charm"


def test_song_of_love_keeps_your_creature_off_the_creature_with_the_love_token():
    """Song of Love: the token goes on one of the Dummy Mage's creatures; "Enchanted creature
    cannot make a melee or ranged attack against a creature with a Love token"."""
    g = _game()
    b = g.board
    wolf = _wolf(g, enchantments=["Song of Love"])
    weak = b.add_creature("Bitterwood Fox", "dm", "B2", id="f")
    strong = b.add_creature("Timber Wolf", "dm", "B2", id="t")
    restrictions.tokens_on_cast(b, b.cat.get("Song of Love"), wolf)
    assert b.get(weak.id).extra[restrictions.LOVE] == 1  # the one with the least life left
    targets = _offered(g, "ym-w", "turn.attack.target", {"turn.what": "attack"})
    assert weak.id not in targets and strong.id in targets


def test_chant_of_rage_makes_your_creature_melee_attack_the_hated_creature():
    """Chant of Rage: "During its activation this creature must melee attack a creature with a
    Hate token. If it cannot, then it must move towards" one."""
    g = _game()
    b = g.board
    wolf = _wolf(g, enchantments=["Chant of Rage"])
    strong = b.add_creature("Timber Wolf", "dm", "B2", id="t")
    b.add_creature("Bitterwood Fox", "dm", "B2", id="f")
    restrictions.tokens_on_cast(b, b.cat.get("Chant of Rage"), wolf)
    assert b.get(strong.id).extra[restrictions.HATE] == 1  # the most life left
    assert _offered(g, "ym-w", "turn.attack.target", {"turn.what": "attack"}) == {strong.id}
    # Out of reach: its move heads for the hated creature, not for the nearest one.
    far = _game()
    fb = far.board
    w2 = _wolf(far, zone="D3")
    hated = fb.add_creature("Timber Wolf", "dm", "D1", id="t")
    fb.add_creature("Bitterwood Fox", "dm", "C3", id="f")  # the nearest: the usual way
    fb.get(w2.id).enchantments.append("Chant of Rage")
    restrictions.tokens_on_cast(fb, fb.cat.get("Chant of Rage"), w2)
    assert fb.get(hated.id).extra[restrictions.HATE] == 1
    seen = {}

    def where(q):
        seen["default"] = q.default
        return q.default

    _turn(far, "ym-w", {"turn.what": "move", "turn.move.zone": where})
    assert seen["default"] == "D2"  # toward the hated wolf in D1, not the fox in C3


def test_your_taunted_creature_must_melee_attack_the_sosruko_that_taunted_it():
    """Taunt (codex): the taunted creature "must make a melee attack against Sosruko during its
    next action phase, if able, and if Sosruko is in its zone"."""
    g = _game()
    b = g.board
    _wolf(g, conditions={"Taunt": 1})
    ferret = b.add_creature("Sosruko, Ferret Companion", "dm", "B2", id="s")
    assert _offered(g, "ym-w", "turn.attack.target", {"turn.what": "attack"}) == {ferret.id}
    free = _game()
    _wolf(free)
    free.board.add_creature("Sosruko, Ferret Companion", "dm", "B2", id="s")
    assert _offered(free, "ym-w", "turn.attack.target", {"turn.what": "attack"}) == {"s", "dm"}


# -- whether it may move ----------------------------------------------------------------------

def test_stumble_takes_away_your_creatures_move_for_one_action_phase():
    """Stumble: revealed when the creature is activated, "the creature can't take a move action
    until the end of its Action Phase. Then, destroy Stumble"."""
    g = _game()
    _wolf(g, zone="D3", enchantments=["Stumble"])
    offered = _offered(g, "ym-w", "turn.what")
    assert not offered & {"move", "move-attack", "move-guard"}
    assert "Stumble" not in g.board.get("ym-w").enchantments
    assert g.board.discards["enchantment"][-1] == "Stumble"
    g.board.get("ym-w").active = True
    assert "move" in _offered(g, "ym-w", "turn.what")  # gone: its next activation moves again


def test_stumble_has_no_effect_on_an_unmovable_creature():
    g = _game()
    _wolf(g, zone="D3", enchantments=["Stumble"], traits=["Unmovable"])
    assert "move" in _offered(g, "ym-w", "turn.what")


# -- what happens to its attack ---------------------------------------------------------------

def test_pacify_cancels_the_first_attack_of_the_round_unless_you_pay():
    """Pacify: "the first time this creature makes a melee or ranged attack, its controller must
    pay 2 mana ... or else the attack is canceled"."""
    g = _game()
    _wolf(g, enchantments=["Pacify"])
    step = _turn(g, "ym-w", {"turn.what": "attack", "turn.attack.target": "dm",
                             "turn.attack.pacify": "no"}, d6=[6] * 8)
    assert g.board.mages["dm"].damage == 0
    assert any("cancelled" in t for t in sentences(step.lines))
    asked = []
    g.board.get("ym-w").active = True
    _turn(g, "ym-w", {"turn.what": "attack", "turn.attack.target": "dm",
                      "turn.attack.pacify": lambda q: asked.append(q) or "no"}, d6=[6] * 8)
    assert not asked  # only the first attack of the round
    assert g.board.mages["dm"].damage > 0


def test_pacify_paid_lets_the_attack_through():
    g = _game()
    _wolf(g, enchantments=["Pacify"])
    _turn(g, "ym-w", {"turn.what": "attack", "turn.attack.target": "dm",
                      "turn.attack.pacify": "pay"}, d6=[6] * 8)
    assert g.board.mages["dm"].damage > 0


def test_fumble_makes_the_next_attack_miss_then_goes():
    """Fumble: "The attack misses and does not affect the target object. Then, destroy
    Fumble"."""
    g = _game()
    _wolf(g, enchantments=["Fumble"])
    _turn(g, "ym-w", {"turn.what": "attack", "turn.attack.target": "dm"}, d6=[6] * 8)
    assert g.board.mages["dm"].damage == 0
    assert "Fumble" not in g.board.get("ym-w").enchantments


def test_a_confused_creature_attacks_a_random_target_on_7_or_more():
    """Confusion: "On a 7+, this creature randomly chooses an eligible target"."""
    g = _game()
    b = g.board
    _wolf(g, enchantments=["Confusion"])
    mine = b.add_creature("Bitterwood Fox", "ym", "B2", id="ym-f")
    step = _turn(g, "ym-w", {"turn.what": "attack", "turn.attack.target": "dm"},
                 d12=[12], d6=[6] * 8)
    text = " ".join(sentences(step.lines))
    assert "Confused" in text and "random" in text
    hit = {p.id for p in [b.mages["dm"], *b.side_creatures("ym")] if p.damage}
    assert hit and hit <= {"dm", mine.id}


def test_forcefield_cancels_an_attack_on_the_dummy_mage_and_refills_in_the_upkeep():
    """Forcefield: 3 tokens; "Whenever you are attacked ... remove a token. If you do, that
    attack is canceled"; 1 token back each Upkeep, up to 3."""
    from solo.rules import upkeep

    g = _game()
    b = g.board
    b.mages["dm"].enchantments.append("Forcefield")
    _wolf(g)
    _turn(g, "ym-w", {"turn.what": "attack", "turn.attack.target": "dm"}, d6=[6] * 8)
    assert b.mages["dm"].damage == 0
    assert b.mages["dm"].extra[restrictions.FORCEFIELD_TOKENS] == 2
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert restrictions.FORCEFIELD_TOKENS not in b.mages["dm"].extra  # back to 3


def test_eye_for_an_eye_gives_your_attacker_the_same_damage():
    """Eye for an Eye: "the attacker suffers the same damage and effects as the defender.
    Then, destroy Eye for an Eye"."""
    g = _game()
    b = g.board
    _wolf(g)
    theirs = b.add_creature("Steelclaw Grizzly", "dm", "B2", id="g",
                            enchantments=["Eye for an Eye"])
    _turn(g, "ym-w", {"turn.what": "attack", "turn.attack.target": "g"}, d12=[1, 1],
          d6=[6] * 8)
    dealt = b.get(theirs.id).damage
    assert dealt > 0 and b.get("ym-w").damage == dealt
    assert "Eye for an Eye" not in b.get(theirs.id).enchantments


# -- what happens to your spells --------------------------------------------------------------

def _quickcast(g, answers, d12=(), d6=()):
    g.rng = _Dice(d12=list(d12), d6=list(d6), fallback=SeededSource(3))
    g.prompter = RulePrompter(answers)
    return g.yours.quickcast()


def test_jinx_cancels_your_next_quick_spell():
    """Jinx: "When this creature casts a quick spell ... That spell is canceled ... Then,
    destroy Jinx"."""
    g = _game()
    b = g.board
    b.mages["ym"].enchantments.append("Jinx")
    b.mages["ym"].zone = "B2"
    lines = _quickcast(g, {"quickcast.you": "spell", "turn.spell.target": "dm",
                           "turn.spell.kind": "attack", "turn.spell.card": "Jet Stream"},
                       d6=[6] * 8)
    assert b.mages["dm"].damage == 0 and "Jinx" not in b.mages["ym"].enchantments
    assert any("Jinx" in t for t in sentences(lines))


def test_magebane_puts_1_damage_on_your_mage_for_each_spell_that_resolves():
    g = _game()
    b = g.board
    b.mages["ym"].enchantments.append("Magebane")
    _quickcast(g, {"quickcast.you": "other"})
    assert b.mages["ym"].damage == 1


def _agony_at_its_wolf(answer: str):
    """Your mage casts Agony at the Dummy Mage's wolf that carries ``answer``; the board."""
    g = _game()
    b = g.board
    b.add_creature("Timber Wolf", "dm", "B2", id="t", enchantments=[answer])
    _turn(g, "ym", {"turn.what": "spell", "turn.spell.target": "t",
                    "turn.spell.kind": "enchantment", "turn.spell.enchantment": "Agony"})
    return b


def test_nullify_counters_your_enchantment_at_its_creature():
    b = _agony_at_its_wolf("Nullify")
    assert b.get("t").enchantments == []  # Nullify went, Agony never landed
    assert "Agony" not in b.mages["ym"].enchantments


def test_reverse_magic_turns_your_enchantment_onto_your_mage():
    b = _agony_at_its_wolf("Reverse Magic")
    assert b.get("t").enchantments == [] and "Agony" in b.mages["ym"].enchantments


def test_retribution_aura_hurts_your_mage_for_a_spell_at_a_creature_in_its_zone():
    g = _game()
    b = g.board
    b.mages["dm"].enchantments.append("Retribution Aura")
    b.add_creature("Timber Wolf", "dm", "B2", id="t")
    _turn(g, "ym", {"turn.what": "spell", "turn.spell.target": "t",
                    "turn.spell.kind": "enchantment", "turn.spell.enchantment": "Agony"})
    assert b.mages["ym"].damage == 1 and "Agony" in b.get("t").enchantments


def test_mind_shield_counters_a_psychic_enchantment_but_not_another():
    g = _game()
    b = g.board
    b.add_creature("Timber Wolf", "dm", "B2", id="t", enchantments=["Mind Shield"])
    _turn(g, "ym", {"turn.what": "spell", "turn.spell.target": "t",
                    "turn.spell.kind": "enchantment", "turn.spell.enchantment": "Confusion"})
    assert b.get("t").enchantments == []
    b.get("t").enchantments.append("Mind Shield")
    _turn(g, "ym", {"turn.what": "spell", "turn.spell.target": "t",
                    "turn.spell.kind": "enchantment", "turn.spell.enchantment": "Agony"})
    assert sorted(b.get("t").enchantments) == ["Agony", "Mind Shield"]


def test_mind_control_destroyed_gives_the_creature_back_stunned():
    """Mind Control: "When Mind Control is revealed or removed, place a Stun condition on this
    creature" -- and you control it again."""
    g = _game()
    b = g.board
    b.add_creature("Timber Wolf", "dm", "B2", id="t", enchantments=["Mind Control"])
    _turn(g, "ym", {"turn.what": "spell", "turn.spell.target": "t", "turn.spell.kind": "dispel",
                    "turn.spell.dispel": "Mind Control"})
    wolf = b.get("t")
    assert wolf.side == "ym" and wolf.has_condition("Stun") and wolf.enchantments == []


def test_reverse_attack_answers_an_attack_you_rolled_yourself():
    """Reverse Attack: "When this creature is attacked ... The attack is avoided and then
    redirected back to the attacker" -- an attack whose damage you report too (solo asks
    whether it was Unavoidable)."""
    g = _game()
    b = g.board
    b.add_creature("Timber Wolf", "dm", "B2", id="t", enchantments=["Reverse Attack"])
    _wolf(g)
    _turn(g, "ym-w", {"turn.what": "attack-typed", "turn.attack.target": "t",
                      "turn.attack.damage": "3", "turn.attack.unavoidable": "no"})
    assert b.get("t").damage == 0 and b.get("ym-w").damage > 0
    assert "Reverse Attack" not in b.get("t").enchantments


def test_mind_shield_cancels_a_psychic_attack_and_a_revealed_psychic_enchantment():
    """Mind Shield: "cancel a psychic attack"; "If a psychic enchantment is revealed on this
    creature ... Cancel and destroy that enchantment"."""
    from solo.rules import yours

    g = _game()
    b = g.board
    b.add_creature("Timber Wolf", "dm", "B2", id="t", enchantments=["Mind Shield"])
    yours.hide(b, b.get("t"), "Confusion")
    _turn(g, "ym", {"turn.what": "other", "turn.actor": "reveal", "reveal.which": "0"})
    assert b.get("t").enchantments == [] and not yours.hidden_on(b.get("t"))
    b.get("t").enchantments.append("Mind Shield")
    _turn(g, "ym", {"turn.what": "spell", "turn.spell.target": "t", "turn.spell.kind": "typed",
                    "turn.attack.psychic": "yes", "turn.attack.damage": "3"})
    assert b.get("t").damage == 0 and b.get("t").enchantments == []


def test_the_simulated_opponent_pays_pacify_only_with_the_mana_it_has():
    from solo.core.questions import Choice, Question
    from solo.engine.simulate import Opponent

    g = _game()
    opponent = Opponent(g)
    q = Question("turn.attack.pacify", "select", "Pacify?",
                 (Choice("Pay 2 mana", "pay"), Choice("No", "no")), default="pay")
    opponent._channel = lambda: None  # (its mana is set by hand here)
    opponent.mana = 1
    assert opponent.ask(q) == "no"
    opponent.mana = 3
    assert opponent.ask(q) == "pay" and opponent.mana == 1


# -- Shock and the Stagger it gives ------------------------------------------------------------

def test_shock_staggers_your_melee_attacker_then_goes_and_the_stagger_outlasts_one_activation():
    """Shock: "When this creature is melee attacked ... After the attack, the attacker receives
    the Staggered condition. Then, destroy Shock." Stagger (its publisher): a minor creature
    cannot attack or guard; all Stagger goes at the end of the creature's next activation, one
    received during its current activation waits for the end of the next."""
    g = _game()
    b = g.board
    _wolf(g)  # Level 2: minor
    theirs = b.add_creature("Steelclaw Grizzly", "dm", "B2", id="g", enchantments=["Shock"])
    step = _turn(g, "ym-w", {"turn.what": "attack", "turn.attack.target": "g"}, d12=[1, 1],
                 d6=[3] * 8)
    said = " ".join(sentences(step.lines))
    assert b.get("ym-w").conditions.get("Stagger") == 1, said
    assert "Shock" not in b.get(theirs.id).enchantments and "Shock" in b.discards["enchantment"]
    assert "Staggered" in said
    # its next activation: it may not attack nor guard (a minor creature), and the Stagger goes
    b.get("ym-w").active = True
    offered = _offered(g, "ym-w", "turn.what")
    assert not offered & {"attack", "move-attack", "guard", "move-guard"}, offered
    assert "Stagger" not in b.get("ym-w").conditions
    b.get("ym-w").active = True
    assert {"attack", "guard"} <= _offered(g, "ym-w", "turn.what")


def test_a_ranged_attack_does_not_set_off_shock():
    g = _game()
    b = g.board
    b.add_creature("Gorgon Spearthrower", "ym", "B2", id="ym-s")  # a ranged attack only
    theirs = b.add_creature("Steelclaw Grizzly", "dm", "B2", id="g", enchantments=["Shock"])
    _turn(g, "ym-s", {"turn.what": "attack", "turn.attack.target": "g"}, d12=[1, 1], d6=[3] * 8)
    assert "Shock" in b.get(theirs.id).enchantments and not b.get("ym-s").conditions


def test_a_life_enchantment_you_dispel_leaves_your_creature_dead_when_its_damage_reaches_it():
    """Found by a conformance run: Bull Endurance (Life +X) dispelled off your creature whose
    damage is above its printed life left it on the board; it is destroyed (the Dummy Mage
    credited, as for your creature lost in your own step)."""
    g = _game()
    b = g.board
    wolf = _wolf(g, zone="D3", enchantments=["Bull Endurance"])
    life = b.life(wolf)
    b.get(wolf.id).damage = life - 1
    assert b.life(b.get(wolf.id)) > b.get(wolf.id).damage
    g.prompter = RulePrompter({"turn.spell.dispel": "Bull Endurance"})
    said = " ".join(sentences(g.yours._dispel(b.get(wolf.id))))
    assert b.find(wolf.id) is None, said
    assert "is destroyed" in said
