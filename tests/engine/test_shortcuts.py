"""Half the answers (issue 32): what a person at the terminal is spared, and what it must not cost.

A person (a prompter that takes shortcuts) is not asked a question with one possible answer,
and may answer several questions in one key: a creature's usual action, what it did last
round, a quickcast passed for the whole round, done for the round.  The answers are recorded as
if typed, so the journal of a game played so is the journal of the same game played the long
way; scripts and programs are asked everything, as before.
"""

from __future__ import annotations

import math
import statistics

import pytest

from solo.core.questions import MORE, Prompter, Question, ScriptedPrompter, Shortcut
from solo.engine.game import Game, Reach, Settings, Undo
from solo.engine.rounds import RoundState
from solo.rules.effects import Move
from solo.rules.effects import apply as put


def answers_script():
    """scripts/answers.py, the measure of the answers a game."""
    from scripts_at_hand import script

    return script("answers")


class Person(Prompter):
    """A person at the terminal, answering by rules: ``{question id: answer, a list used in
    turn, or a function of the question shown}``; anything else gets the default.  Every
    question shown is kept."""

    takes_shortcuts = True

    def __init__(self, rules=None):
        self.rules = dict(rules or {})
        self.shown: list[Question] = []

    def ask(self, q):
        self.shown.append(q)
        rule = self.rules.get(q.id)
        if callable(rule):
            return rule(q)
        if isinstance(rule, list):
            return q.parse(rule.pop(0))
        return q.parse(rule if rule is not None else q.default)

    def asked(self):
        return [q.id for q in self.shown]


def titled(words):
    """A rule that picks the choice whose title holds ``words``."""
    def pick(q):
        hits = [v for t, v in q.pairs() if words in t]
        assert hits, f"no choice of {q.id} says {words!r}: {q.titles()}"
        return hits[0]
    return pick


def new_game(seed=1):
    game = Game.new(Settings(seed=seed, name="t"))
    return game


def creature_stage(game, you_first=True):
    game.phase = RoundState.from_dict({"round": 2, "step": "creatures",
                                       "next": "ym" if you_first else "dm",
                                       "ym_done": False, "mage_active": True})


# -- one possible answer -----------------------------------------------------------------------

def test_a_question_with_one_possible_answer_is_answered_by_itself_and_recorded():
    g = new_game()
    g.prompter = Person()
    q = Question("turn.attack.target", "select", "Which of its objects?", ("dm-4",))
    assert g.answer(q) == "dm-4"
    assert g.prompter.shown == [] and g.recorded == [["turn.attack.target", "dm-4"]]
    assert g.answer(Question("x", "int", "How many?", min=3, max=3)) == 3
    # a script is asked every question: its answers keep their order
    g.prompter = ScriptedPrompter({"turn.attack.target": "dm-4"})
    g.recorded = []
    assert g.answer(q) == "dm-4" and g.prompter.log == [("turn.attack.target", "dm-4")]


def test_an_undo_at_the_first_answer_typed_reaches_back_past_answers_given_for_you():
    """An answer the game gave is not the person's: an undo at their first one still goes back
    to their last step, not to the start of this one."""
    g = new_game()
    g.prompter = Person({"quickcast.you": "undo"})
    g.spared.begin_step()
    g.answer(Question("turn.attack.target", "select", "Which?", ("dm-4",)))
    assert g.answer(Question("quickcast.you", "select", "Your quickcast:", ("pass", "spell"))) \
        == Undo(Reach.BACK)


# -- a creature's usual action in one key ------------------------------------------------------

def test_a_creature_attacks_the_default_target_with_the_default_attack_in_one_key():
    g = new_game()
    wolf = g.board.add_creature("Timber Wolf", "ym", "B2")
    tegu = g.board.add_creature("Emerald Tegu", "dm", "B2")
    g.board.add_creature("Dark Pact Slayer", "dm", "B2")
    creature_stage(g)
    g.prompter = person = Person()  # Enter: the menu's first choice
    step = g.play_one()
    menu = person.shown[0]
    assert menu.titles()[0] == f"Timber Wolf ({wolf.id}) in B2: attack Emerald Tegu ({tegu.id})"
    assert person.asked() == ["turn.actor"]  # one key
    assert step.label == f"your turn: Timber Wolf ({wolf.id})"
    assert step.results and step.results[0].main.target == tegu.id  # the weakest first
    assert g.recorded[:3] == [["turn.actor", wolf.id], ["turn.what", "attack"],
                              ["turn.attack.target", tegu.id]]


def test_the_attack_is_named_when_another_one_reaches_too_and_after_a_move_only_quick_ones():
    g = new_game()
    crab = g.board.add_creature("Colossal Crab", "ym", "B2")  # Grabbing Claw (quick), Crushing Claw
    tegu = g.board.add_creature("Emerald Tegu", "dm", "B2")
    words, answers = g.yours.usual(crab)
    assert words == f"attack Emerald Tegu ({tegu.id}) with Grabbing Claw"
    assert answers[-1] == ("turn.attack.which", "Grabbing Claw")
    put(g.board, Move(crab.id, "C2"))
    words, answers = g.yours.usual(g.board.get(crab.id))
    assert words == f"move to B2, attack Emerald Tegu ({tegu.id})"  # only its quick attack
    assert [q for q, _ in answers] == ["turn.what", "turn.move.zone", "turn.attack.target"]


def test_the_default_target_is_the_nearest_creature_with_least_life_left_then_the_mage():
    """Before, the default of "Which of its objects?" was the first nearest: its mage, when
    your creature stood in its zone."""
    g = new_game()
    wolf = g.board.add_creature("Timber Wolf", "ym", "A1")
    slayer = g.board.add_creature("Dark Pact Slayer", "dm", "A1")
    tegu = g.board.add_creature("Emerald Tegu", "dm", "A1", damage=3)
    far = g.board.add_creature("Emerald Tegu", "dm", "A2", damage=7)
    objs = [g.board.mages["dm"], slayer, tegu, far]
    assert g.yours.default_target("A1", objs) is tegu
    assert g.yours.default_target("A1", [g.board.mages["dm"], far]).is_mage
    assert g.yours.default_target("A2", objs) is far
    del wolf


def test_a_move_heads_by_default_for_the_nearest_of_its_creatures():
    """Before, a move's default went toward the Dummy Mage, past its creatures."""
    g = new_game()
    wolf = g.board.add_creature("Timber Wolf", "ym", "D3")
    g.board.add_creature("Emerald Tegu", "dm", "D1")  # the Dummy Mage stands in A1
    assert g.yours.move_options(wolf, attacking=False)[1] == "D2"
    mage = g.board.mages["ym"]  # your mage keeps heading for the Dummy Mage's
    toward = g.yours.move_options(mage, attacking=False)[1]
    assert g.board.distance(toward, "A1") == g.board.distance("D3", "A1") - 1
    creature_stage(g)
    g.prompter = person = Person()
    g.play_one()
    assert person.shown[0].titles()[0] == f"Timber Wolf ({wolf.id}) in D3: move to D2"
    assert g.board.get(wolf.id).zone == "D2" and person.asked() == ["turn.actor"]


def test_a_creature_moves_and_attacks_in_one_key():
    g = new_game()
    wolf = g.board.add_creature("Timber Wolf", "ym", "C2")
    tegu = g.board.add_creature("Emerald Tegu", "dm", "B2")
    creature_stage(g)
    g.prompter = person = Person()
    g.play_one()
    assert person.shown[0].titles()[0] == \
        f"Timber Wolf ({wolf.id}) in C2: move to B2, attack Emerald Tegu ({tegu.id})"
    assert person.asked() == ["turn.actor"]
    assert [a[0] for a in g.recorded] == ["turn.actor", "turn.what", "turn.move.zone",
                                          "turn.attack.target"]
    assert g.board.get(wolf.id).zone == "B2"


def test_your_mage_does_as_last_round_in_one_key():
    g = new_game()
    creature_stage(g)
    g.phase.round = 1
    g.prompter = Person({"turn.actor": "ym", "turn.what": "summon",
                         "turn.summon.card": "Timber Wolf", "turn.summon.zone": "D3"})
    g.play_one()
    creature_stage(g)  # the next round
    g.phase.round = 2
    for c in g.board.side_creatures("ym"):
        g.board.remove(c.id)
    g.prompter = person = Person({"turn.actor": titled("as last round")})
    step = g.play_one()
    assert "Your mage in D3: summon Timber Wolf into D3, as last round" in person.shown[0].titles()
    assert person.asked() == ["turn.actor"]
    assert [c.card for c in g.board.side_creatures("ym")] == ["Timber Wolf"]
    assert step.label == "your turn: your mage"


def test_a_shortcut_that_no_longer_fits_asks_the_rest():
    """A shortcut's answer that is no longer one of its question's choices is asked instead."""
    g = new_game()
    g.prompter = person = Person({"turn.attack.target": "dm"})
    g.spared.begin_step()
    g.spared.took(Shortcut((("turn.actor", "ym-1"), ("turn.attack.target", "dm-9"))), 1)
    q = Question("turn.attack.target", "select", "Which?", ("dm", "dm-4"))
    assert g.answer(q) == "dm" and person.asked() == ["turn.attack.target"]


def test_every_choice_is_still_reachable_from_the_menu_of_shortcuts():
    """"Something else" shows the whole menu, the very one a script is asked."""
    from solo.core.questions import RulePrompter

    def board():
        g = new_game()
        g.board.add_creature("Timber Wolf", "ym", "B2")
        g.board.add_creature("Emerald Tegu", "dm", "B2")
        creature_stage(g)
        return g

    script = RulePrompter({"turn.actor": "done"})
    g = board()
    g.prompter = script
    shown = []
    script.ask = lambda q, ask=script.ask: shown.append(q) or ask(q)
    g.play_one()
    g = board()
    g.prompter = person = Person({"turn.actor": [MORE, "done"]})
    g.play_one()
    compact, whole = person.shown[0], person.shown[1]
    values = [v for _, v in compact.pairs() if v not in compact.escapes]
    assert MORE in values and any(isinstance(v, Shortcut) for v in values)
    assert whole.pairs() == shown[0].pairs()
    # the quickcast: every choice of the long way is in the person's menu
    g = new_game(seed=4)
    g.prompter = person = Person({"quickcast.you": "pass"})
    while not person.shown:
        g.play_one()
    menu = [v for _, v in person.shown[0].pairs()]
    g2 = new_game(seed=4)
    g2.prompter = script = RulePrompter({"quickcast.you": "pass"})
    shown = []
    script.ask = lambda q, ask=script.ask: shown.append(q) or ask(q)
    while not shown:
        g2.play_one()
    assert shown[0].id == person.shown[0].id == "quickcast.you"
    assert all(v in menu for _, v in shown[0].pairs())


# -- quickcasts and done -----------------------------------------------------------------------

def test_a_quickcast_passed_for_the_whole_round_is_not_asked_again_that_round():
    g = new_game(seed=4)
    g.prompter = Person({"quickcast.you": titled("whole round"), "turn.actor": titled("Done")})
    while g.phase.round < 2:
        g.play_one()
    person = g.prompter = Person({"quickcast.you": titled("whole round"),
                                  "turn.actor": titled("Done")})
    steps = []
    while g.phase.round == 2:  # you hold the initiative: asked twice a stage, the long way
        steps.append(g.play_one())
    assert person.asked().count("quickcast.you") == 1
    passed = [s for s in steps if s and s.label == "you pass your quickcast"]
    assert len(passed) == 4  # twice in each quickcast stage: each recorded as a pass


def test_done_for_the_round_passes_an_unused_quickcast_too():
    g = new_game(seed=4)
    g.prompter = person = Person({"quickcast.you": "pass", "turn.actor": titled("Done for the round")})
    while g.phase.round < 2:
        g.play_one()
    # round 1: you do not hold the initiative; "done" covered your stage-3 quickcast
    assert person.asked().count("quickcast.you") == 1
    # the long way ("Something else", then done) still leaves the stage-3 quickcast to you
    g.prompter = person = Person({"quickcast.you": "pass",
                                  "turn.actor": [MORE, "done"] * 3})
    rnd = g.phase.round
    while g.phase.round == rnd:
        g.play_one()
    assert person.asked().count("quickcast.you") == 4


def test_asking_for_your_quickcast_ends_a_pass_for_the_round():
    g = new_game(seed=4)
    g.spared.took(Shortcut((("quickcast.you", "pass"),), standing=(("quickcast.you", "pass"),)), 1)
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = person = Person({"turn.actor": ["quickcast", "done"],
                                  "quickcast.you": "other"})
    step = g.play_one()
    assert "quickcast.you" in person.asked() and step.label == "your quickcast"


# -- the same game, the same journal -----------------------------------------------------------

def test_the_shortcuts_play_the_long_ways_game_and_record_its_very_answers(tmp_path):
    """A game played with the shortcuts writes the long way's log, and its journal holds the
    same answers step for step: older games (typed the long way) and newer ones replay alike,
    and a game played so reopens from its journal."""
    from solo.engine.session import Session
    from solo.store.journal import Journal

    m = answers_script()
    script, log = m.long_way(3, 6)
    session = Session.start(Journal(tmp_path / "j"), Settings(seed=3, name="answers"))
    typist = m.Typist(session.game, script)
    session.game.prompter = typist
    for i in range(len(script)):
        typist.step = i
        session.play_one()
    assert session.game.log == log
    assert [r.answers or [] for r in session.rows] == [[list(a) for a in s.answers] for s in script]
    assert sum(typist.typed.values()) < sum(len(s.answers) for s in script) / 2
    session.journal.close()
    journal = Journal(tmp_path / "j")
    again = Session.open(journal, journal.find("answers"))
    assert again.game.log == log


@pytest.mark.slow  # 100 games of 10 rounds
def test_the_skilled_player_types_at_most_65_answers_a_game():
    """Fifty seeded 10-round games of the skilled player (scripts/answers.py), typed through
    the shortcuts: the average with twice its standard error stays under the goal (about 170
    answers a game the long way)."""
    m = answers_script()
    measured = m.measure(games=50, rounds=10)
    spread = 2 * measured["after_sd"] / math.sqrt(measured["games"])
    assert measured["after"] + spread <= m.GOAL
    assert measured["before"] > 2 * measured["after"]
    assert statistics.mean(measured["after_each"]) == pytest.approx(measured["after"])


# -- at the terminal ---------------------------------------------------------------------------

def test_at_the_terminal_the_shortcuts_are_keys_and_the_journal_keeps_plain_answers(capsys):
    """`solo play` with the plain prompter (a person typing keys): the quickcast's second key
    passes it for the round, "Who acts now?" offers each creature's usual action on its key, and
    what the journal keeps are the long way's answers."""
    from solo.cli.commands.play import open_journal, play_session
    from solo.cli.prompter import PlainPrompter

    said: list[str] = []
    menus: list[str] = []

    def read(prompt: str) -> str:
        question = next((line for line in reversed(said) if not line.startswith("  ")), "")
        said.append(prompt)
        menus.append(question)
        if len(menus) > 2000:
            raise RuntimeError(f"the same question again and again: {question!r}")
        if len([m for m in menus if m.endswith("Your quickcast:")]) > 6:
            raise KeyboardInterrupt  # enough: a few rounds
        if question.endswith("Your quickcast:"):  # (after the reason it is asked, if any)
            return "2"  # pass for the whole round
        if prompt.startswith("Which creature?"):
            return "Timber Wolf"
        return "1" if question == "Who acts now?" else ""

    with open_journal() as journal, pytest.raises(SystemExit):
        play_session(journal, PlainPrompter(read=read, write=said.append), resume=False,
                     name="keys", seed=3)
    assert any("Pass for the whole round" in line for line in said)
    assert any(": move to" in line or ": attack " in line
               for line in said if line.startswith("  1. "))
    with open_journal() as journal:
        rows = journal.read_steps(journal.find("keys").id)[0]
    answers = [a for r in rows for a in r.answers or []]
    rounds = max(r.round for r in rows)
    quickcasts = [a for a in answers if a[0] == "quickcast.you"]
    assert rounds >= 4 and len(quickcasts) > sum(m.endswith("Your quickcast:") for m in menus)  # the rest: by themselves
    assert all(isinstance(v, (str, int)) for _, v in answers)  # no shortcut: the answers it stands for
    assert len(menus) < len(answers)


def test_a_wrong_answer_lists_a_shortcut_by_its_title():
    from solo.core.questions import AnswerError, Choice

    q = Question("turn.actor", "select", "Who acts now?",
                 (Choice("Timber Wolf (ym-1) in B2: move to B3", Shortcut((("turn.actor", "ym-1"),))),
                  Choice("Something else (every choice)...", MORE)))
    with pytest.raises(AnswerError) as err:
        q.parse("zzz")
    assert "Shortcut(" not in str(err.value) and "Timber Wolf (ym-1) in B2: move to B3" in str(err.value)
