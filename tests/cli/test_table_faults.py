"""The smaller faults a person met at the table (issue 32, items 3 and 5): each test here failed
before its fix."""

from __future__ import annotations

from solo.core.questions import Choice, Question
from tests.cli.test_table import _plain


def test_a_wrong_key_in_plain_mode_names_only_what_the_menu_shows():
    """Before: "'x' is not one of the choices: start (Start), change (Change the settings)",
    words the plain menu never showed."""
    q = Question("setup.start", "select", "Start the game?",
                 (Choice("Start", "start"), Choice("Change the settings", "change"),
                  Choice("Show the board", "board")), default="start", escapes=("board",))
    p, said = _plain(["x", "2"])
    assert p.ask(q) == "change"
    wrong = [s for s in said if "'x'" in s]
    assert wrong == ["  'x' is not on the menu: type 1 or 2 (or the choice's words); or b for board"]
    assert not any("start (Start)" in s for s in said)


def test_a_question_whose_default_is_empty_shows_no_empty_enter():
    """Before: "Which trait, condition, step or ruling? [Enter: ]:"."""
    p, said = _plain([""])
    assert p.ask(Question("rules.term", "text", "Which trait, condition, step or ruling?",
                          default="")) == ""
    assert said == ["Which trait, condition, step or ruling?: "]
    p, said = _plain([""])
    assert p.ask(Question("n", "int", "How many?", default=3)) == 3
    assert said == ["How many? [Enter: 3]: "]


# -- the rules at hand ---------------------------------------------------------------------------

def test_r_with_a_card_name_explains_the_card_within_the_terminal():
    """Before: `r` then "Bear Strength" answered with a ruling that happens to name the card,
    and printed its test paths, longer than the line, cut mid-word by the terminal."""
    from solo.cli.commands.rules import explain
    from solo.core.questions import RulePrompter
    from solo.engine.game import Game, Settings
    from solo.engine.rounds import RoundState

    g = Game.new(Settings(seed=1, name="t"))
    said: list[str] = []
    g.on_output = said.append
    g.look_up = lambda term: explain(term, 60)
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": ["rules", "done"], "rules.term": "Bear Strength"})
    g.play_one()
    shown = next(s for s in said if s.startswith("Bear Strength"))
    assert "In play, as solo models it" in shown and "Friendly spells never target" in shown
    assert "tests/" not in shown and all(len(line) <= 60 for line in shown.split("\n"))


def _rulings():
    from solo.core.errors import read_text
    from solo.text import lookup

    return lookup.ruling_entries(read_text(lookup.rulings_path(), "rulings"))


def test_no_ruling_prints_a_test_path():
    from solo.text import lookup

    rulings = _rulings()
    assert len(rulings) > 90
    for e in rulings:
        text = lookup.explain(e.title, [e], 60)
        assert "tests/" not in text and "Test:" not in text, e.title
        assert all(len(line) <= 60 for line in text.split("\n")), e.title


def test_the_rules_index_lists_terms_not_the_catalogs_raw_text(run):
    """Before: "Cost = 2, Cost=0, Cost=2, Cost=X", "Add 3 mana to your mana supply." and
    whole sentences of card text among the attack traits."""
    out = run("rules").output
    assert "Attack traits (" in out and "abilities in their cards' own words" in out
    flat = " ".join(out.split())
    for raw in ("Cost = 2", "Cost=", "Add 3 mana", "Huginn may look", "Attack-traits"):
        assert raw not in flat
    assert ", Cost, " in flat and "Bear Strength" in flat  # cards are looked up by name too


def test_no_two_rulings_have_nearly_the_same_title():
    """Before: 'When a spell "makes sense"' and 'When a spell makes sense', two rulings."""
    import difflib
    import re

    def plain(title):
        return re.sub(r"[^a-z0-9 ]", "", title.lower())

    titles = [plain(e.title) for e in _rulings()]
    close = [(a, b) for i, a in enumerate(titles) for b in titles[i + 1:]
             if difflib.SequenceMatcher(None, a, b).ratio() > 0.8]
    assert close == []


# -- the map -------------------------------------------------------------------------------------

def test_no_condition_mark_reads_as_a_zone():
    """Before: Burn 1 was "B1", which reads as zone B1, in the map and in its legend."""
    import re

    from solo.cards.glossary import TERMS
    from solo.text import board_map

    names = ["Burn", "Rot", "X", *(t.name for t in TERMS.values() if t.kind == "condition")]
    marks = [board_map.condition_mark(n, c) for n in names for c in (1, 2, 3)]
    assert not [m for m in marks if re.fullmatch(r"[A-Za-z][0-9]+", m)]
    assert board_map.condition_mark("Burn", 1) == "Bu" and "Bu2 Burn 2" in board_map.legend()


# -- your attacks --------------------------------------------------------------------------------

def test_the_target_list_shows_the_odds_of_the_strongest_attack_that_reaches():
    """Before: a Steelclaw Grizzly's targets showed Claws' odds (~4.1), not those of its Heavy
    Claw Strike (~6.1), the attack it would rather make."""
    from solo.core.kinds import Side
    from solo.core.questions import RulePrompter
    from solo.engine.game import Game, Settings
    from solo.engine.rounds import RoundState
    from solo.rules.odds import attack_odds
    from solo.text.combat import odds_text

    g = Game.new(Settings(seed=1, name="t"))
    bear = g.board.add_creature("Steelclaw Grizzly", Side.YM, "B2")
    wolf = g.board.add_creature("Timber Wolf", Side.DM, "B2")
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    heavy, claws = (next(a for a in g.board.cat.get("Steelclaw Grizzly").attacks if a.name == n)
                    for n in ("Heavy Claw Strike", "Claws"))
    assert attack_odds(g.board, bear, heavy, wolf).expected_damage > \
        attack_odds(g.board, bear, claws, wolf).expected_damage
    best = odds_text(attack_odds(g.board, bear, heavy, wolf))
    shown = {}

    def target(q):
        shown.update(q.pairs())
        return wolf.id

    g.prompter = RulePrompter({"turn.actor": bear.id, "turn.what": "attack",
                               "turn.attack.target": target})
    g.play_one()
    title = next(t for t, v in shown.items() if v == wolf.id)
    assert title.endswith(" · Heavy Claw Strike " + best), title


# -- your quickcast ------------------------------------------------------------------------------

def test_passing_your_first_quickcast_says_why_it_is_asked_again():
    """Before: holding the initiative, "Pass" at "Your quickcast:" brought the same question
    back, word for word, after the Dummy Mage's quickcast."""
    from solo.core.questions import RulePrompter
    from solo.engine.game import Game, Settings

    g = Game.new(Settings(seed=3, name="t"))
    asked = []

    def quickcast(q):
        asked.append((g.phase.round, g.phase.stage.value, q.message, {v: t for t, v in q.pairs()}))
        return "pass"

    g.prompter = RulePrompter({"quickcast.you": quickcast, "turn.actor": "done"})
    while g.phase.round < 3:
        g.play_one()
    first, again = [(m, t) for r, s, m, t in asked if r == 2][:2]
    assert first[0].startswith("You hold the initiative") and "you are asked again" in first[1]["pass"]
    assert again[0].startswith("You passed first, and the Dummy Mage has quickcast")
    assert first[0] != again[0]
    assert all(m == "Your quickcast:" for r, s, m, t in asked if r == 1)  # its initiative


# -- the Defense question ------------------------------------------------------------------------

def _defended(columns=None):
    """A Dummy Mage's Timber Wolf attacks your Forcemaster (Defense 7+): the question asked."""
    from solo.core.kinds import Side
    from solo.core.questions import RulePrompter
    from solo.engine.game import Game, Settings
    from solo.engine.rounds import RoundState

    g = Game.new(Settings(seed=2, name="t", ym_mage="Forcemaster"))
    wolf = g.board.add_creature("Timber Wolf", Side.DM, g.board.mages[Side.YM].zone)
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "dm",
                                    "ym_done": False, "mage_active": True})
    asked = []

    def defense(q):
        asked.append(q)
        return True

    g.prompter = RulePrompter({"defense.use": defense, "turn.actor": "done"})
    step = g.play_one()
    return step, asked, wolf


def test_the_defense_question_names_the_attacker_the_attack_its_dice_and_the_chance():
    """Before: "Your mage (Forcemaster) can try its Defense 7+ (50% to avoid the attack). Use
    it?", asked before any line said which creature attacks, with what, with how many dice."""
    step, asked, wolf = _defended()
    assert len(asked) == 1
    setup, question = asked[0].message.split("\n")
    assert setup == (f"The Dummy Mage's Timber Wolf ({wolf.id}) in {wolf.zone} attacks your mage "
                     "with Bite: 4 attack dice (Bite 4).")
    assert question == "Your mage (Forcemaster) can try its Defense 7+ (50% to avoid the attack). Use it?"
    assert any("attacks your mage with Bite" in line for line in step.lines)


def test_the_defense_question_folds_its_lines_to_the_terminal():
    from solo.cli.prompter import ANSWER_ROOM, fold

    _, asked, _ = _defended()
    for room in (60, 80):
        folded = fold(asked[0].message, ANSWER_ROOM["confirm"], room)
        lines = folded.split("\n")
        assert len(lines) >= 3 and all(len(line) + 2 <= room for line in lines)
        assert " ".join(folded.split()) == " ".join(asked[0].message.split())


def test_the_plain_prompter_writes_the_lines_before_a_question_then_asks_it():
    p, said = _plain(["n"])
    q = Question("defense.use", "confirm", "A Wolf attacks your mage with Bite: 4 attack dice.\n"
                 "Your mage can try its Defense 7+ (50% to avoid the attack). Use it?", default=True)
    assert p.ask(q) is False
    assert said[0] == "A Wolf attacks your mage with Bite: 4 attack dice."
    # then the question (folded to the terminal's width where it is longer)
    assert " ".join(x.strip() for x in said[1:]) == ("Your mage can try its Defense 7+ (50% to "
                                                     "avoid the attack). Use it? [Enter: yes] "
                                                     "(yes/no):")


# -- going back to an earlier step ---------------------------------------------------------------

def test_the_list_of_steps_to_go_back_to_reaches_every_step_keeps_keys_and_cancels(tmp_path):
    """Before: the last 30 of your steps only (about 40 offered with the escapes' letters
    taken, some without a key), no way out but picking one, and Esc did nothing there."""
    from solo.cli.prompter import shortcut_keys
    from solo.core.questions import RulePrompter
    from solo.store.journal import StepRow
    from tests.store.test_journal import played

    s, _ = played(tmp_path, 3)
    mine = [(i, StepRow(i + 1, "ym", "you pass your quickcast", 1 + i // 3,
                        [["quickcast.you", "pass"]], [], 0.0)) for i in range(60)]
    pages = []

    def to(q):
        pages.append(q.pairs())
        values = [v for _, v in q.pairs()]
        return "earlier" if "earlier" in values else 0

    assert s._pick_step(RulePrompter({"undo.to": to}), mine) == 0  # the very first step
    assert [p[0][1] for p in pages] == [59, 44, 29, 14]  # newest first, page by page
    assert all(None not in shortcut_keys(p) for p in pages)  # every choice keeps a key
    assert all(p[-1] == (f"Cancel (stay after step {len(s.rows)})", "cancel") for p in pages)
    assert s._pick_step(RulePrompter({"undo.to": "cancel"}), mine) is None


def test_esc_leaves_a_menu_through_its_cancel():
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from solo.cli.prompter import QuestionaryPrompter

    q = Question("undo.to", "select", "Go back to just before which of your steps?",
                 (Choice("3. round 1 - your quickcast", 2), Choice("Cancel", "cancel")), default=2)
    with create_pipe_input() as inp:
        inp.send_text("\x1b\x1b\r")  # (Enter would take the default, were Esc ignored)
        assert QuestionaryPrompter(input=inp, output=DummyOutput()).ask(q) == "cancel"


def test_a_step_in_the_list_names_the_card_it_played():
    """Before: "your quickcast", without the spell."""
    from solo.engine.session import step_title
    from solo.store.journal import StepRow

    row = StepRow(12, "ym", "your quickcast", 3, [["quickcast.you", "spell"], ["turn.spell.target", "dm"],
                                                   ["turn.spell.kind", "attack"],
                                                   ["turn.spell.card", "Fireball"]], [], 0.0)
    assert step_title(row) == "12. round 3 - your quickcast (Fireball)"
    summon = StepRow(7, "ym", "your turn: your mage", 1, [["turn.actor", "ym"], ["turn.what", "summon"],
                                                          ["turn.summon.card", "Timber Wolf"],
                                                          ["turn.summon.zone", "D3"]], [], 0.0)
    assert step_title(summon) == "7. round 1 - your turn: your mage (Timber Wolf)"


# -- where your summons and conjurations go ------------------------------------------------------

def _mage_turn(answers, mage_zone="C2"):
    """Your mage's turn with ``answers``; every question asked, with its choices' values."""
    from solo.core.kinds import Side
    from solo.core.questions import RulePrompter
    from solo.engine.game import Game, Settings
    from solo.engine.rounds import RoundState

    g = Game.new(Settings(seed=1, name="t"))
    g.board.mages[Side.YM].zone = mage_zone
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    asked = {}

    def noting(qid, answer):
        def ask(q):
            asked[qid] = [v for _, v in q.pairs() if v not in q.escapes]
            return answer
        return ask

    g.prompter = RulePrompter({"turn.actor": "ym", **{k: noting(k, v) for k, v in answers.items()}})
    step = g.play_one()
    return g, step, asked


def test_a_summons_is_offered_your_mages_zone_and_elsewhere():
    """Before: all 12 zones, though a creature comes into play in its caster's zone (range 0)."""
    g, step, asked = _mage_turn({"turn.what": "summon", "turn.summon.card": "Timber Wolf",
                                 "turn.summon.zone": "C2"})
    assert asked["turn.summon.zone"] == ["C2", "elsewhere"]
    assert [c.zone for c in g.board.side_creatures("ym")] == ["C2"]
    g, step, asked = _mage_turn({"turn.what": "summon", "turn.summon.card": "Timber Wolf",
                                 "turn.summon.zone": "elsewhere", "turn.summon.elsewhere": "A1"})
    assert len(asked["turn.summon.elsewhere"]) == 11 and "C2" not in asked["turn.summon.elsewhere"]
    assert [c.zone for c in g.board.side_creatures("ym")] == ["A1"]


def test_a_wall_is_offered_the_zones_its_range_reaches_and_elsewhere():
    """Before: every zone for a wall of range 0-1."""
    g, step, asked = _mage_turn({"turn.what": "own", "own.kind": "conjuration",
                                 "own.conjuration": "Wall of Stone", "own.zone": "B2",
                                 "own.border": "A2"})
    assert asked["own.zone"] == ["C2", "B2", "C1", "C3", "D2", "elsewhere"]
    wall = next(c for c in g.board.conjurations if c.card == "Wall of Stone")
    assert (wall.zone, wall.border) == ("B2", "A2")


# -- the words of a step -------------------------------------------------------------------------

def test_mana_drain_is_said_once_after_damage_and_not_after_none():
    """Before: "By hand (Mana Drain): ..." after a bite that did 0 damage, and both it and
    "Mana Drain +1: your side loses 1 mana" after one that did damage."""
    from solo.core.kinds import Side
    from solo.rules import combat
    from solo.rules.board import new_board
    from solo.rules.dice import SeededSource
    from solo.text.render import lines

    seen = {}
    for seed in range(1, 200):
        b = new_board()
        leech = b.add_creature("Mana Leech", Side.DM, "B2")
        wolf = b.add_creature("Timber Wolf", Side.YM, "B2")
        result = combat.resolve_attack(b, leech, "Leeching Bite", wolf, SeededSource(seed))
        said = [x for x in lines(result.steps) if "Mana Drain" in x]
        seen[result.main.damage > 0] = said
        if len(seen) == 2:
            break
    assert seen[False] == []
    assert seen[True] == ["  Mana Drain +1: your side loses 1 mana, if it has any."]


def test_an_edit_of_an_empty_field_says_none():
    """Before: "conditions  → Burn 2" (the old value empty)."""
    from solo.core.questions import RulePrompter
    from solo.engine.game import Game, Settings

    g = Game.new(Settings(seed=1, name="t"))
    g.prompter = RulePrompter({"quickcast.you": "edit", "edit.object": "dm",
                               "edit.field": "conditions", "edit.conditions": "Burn 2"})
    while True:
        step = g.play_one()
        if step is not None and step.who == "edit":
            break
    assert step.label == "edit: Warlock (dm) conditions none → Burn 2"
    assert step.lines == ["the Dummy Mage: conditions none → Burn 2."]
