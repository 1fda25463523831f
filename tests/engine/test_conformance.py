"""Whole games checked against the rules at every step (solo.engine.conformance).

The normal run plays a few hundred seeded games; more with the environment variable::

    SOLO_CONFORMANCE_GAMES=20000 pytest -q tests/engine/test_conformance.py

The checker itself is tested too: an engine broken on purpose in each way the rules can be
broken must be caught, or a green run would prove nothing.
"""

import os

import pytest

from solo.automaton import creatures as dm_creatures
from solo.automaton import movement as dm_movement
from solo.engine import conformance
from solo.engine import game as game_mod
from solo.rules import upkeep
from solo.engine.checked_games import check_game, check_games, random_sets
from solo.engine.rounds import QuickcastTurn
from solo.core.kinds import Side
from solo.rules import harm
from solo.rules import targeting
from solo.engine import checked_games

#: Games in the normal run: shipped sets and random sets, three players each.
GAMES = int(os.environ.get("SOLO_CONFORMANCE_GAMES", "300"))
#: The first random set and seed: a long run from elsewhere meets games no earlier run played.
FIRST = int(os.environ.get("SOLO_CONFORMANCE_FROM", "1"))
PLAYERS = ("beginner", "skilled", "random")
SHIPPED = ("Starter", "Easier", "Harder")
#: The run's time limit: the suite's five minutes for the normal run, a second a game for a long
#: one (a checked game takes about a tenth of that), which would otherwise fail on the timeout.
LIMIT = max(300, GAMES)


def _plan(total: int) -> tuple[int, int]:
    """(random sets, seeds per set) so that about ``total`` games are played, half of them on
    the shipped sets and half on random ones."""
    per_set = max(1, total // (2 * len(SHIPPED) * len(PLAYERS)))
    randoms = max(1, round(total / 2 / (per_set * len(PLAYERS))))
    return randoms, per_set


@pytest.mark.timeout(LIMIT)
def test_whole_games_follow_the_rules():
    """Every mage on both sides, and physical dice and cards you draw in some of the random
    player's games."""
    randoms, per_set = _plan(GAMES)
    sets = [*SHIPPED, *random_sets(randoms, first_seed=FIRST)]
    report = check_games(sets, range(FIRST, FIRST + per_set), PLAYERS, mixed=True)
    shown = "\n".join(str(v) for v in report.violations[:20])
    print(f"\nconformance: {report.games} games, {report.steps} steps, "
          f"{len(report.violations)} violations; checks exercised: {report.checked}")
    assert not report.violations, f"{len(report.violations)} violations, first ones:\n{shown}"
    # Every rule had something to check: a rule never exercised would pass vacuously.
    for rule in conformance.RULES:
        assert report.checked.get(rule, 0) > 0, f"no game exercised the rule {rule!r}"


def test_mixed_games_meet_every_kind_of_mage_and_your_dice_and_draws(monkeypatch):
    played = []

    class Done:
        steps, violations, checked = 1, [], {}

    def fake(decks, seed, player, walls=0, **options):
        played.append((player, options))
        return Done()

    monkeypatch.setattr(checked_games, "check_game", fake)
    check_games(["Starter"], range(1, 41), PLAYERS, mixed=True)
    mages = {o["ym_mage"] for _, o in played} | {o["dm_mage"] for _, o in played}
    assert len(mages) >= 15
    modes = {(o.get("dice", "solo"), o.get("draw", "solo")) for p, o in played if p == "random"}
    assert modes == {("solo", "solo"), ("physical", "solo"), ("solo", "you"), ("physical", "you")}
    assert all("dice" not in o for p, o in played if p != "random")


# -- the checker catches an engine broken on purpose ---------------------------------------------

def _lost_quickcasts(initiative):
    """The old order: when you held the initiative only your quickcast was pending."""
    if initiative == Side.YM:
        return [QuickcastTurn.YOURS_OR_PASS_FIRST]
    return [QuickcastTurn.DM, QuickcastTurn.YOURS]


def _violations(monkeypatch, seeds=range(1, 7), decks=SHIPPED, players=PLAYERS) -> set[str]:
    report = check_games(decks, seeds, players)
    return {v.rule for v in report.violations}


def test_it_catches_the_lost_quickcasts(monkeypatch):
    monkeypatch.setattr(game_mod.Game, "_qc_order", staticmethod(_lost_quickcasts))
    assert "quickcasts" in _violations(monkeypatch)


def test_it_catches_a_stun_that_never_ends(monkeypatch):
    real = upkeep.end_action_phase

    def keep_stun(board, piece, source, daze_at_start=None, stun_at_start=None):
        stun = piece.conditions.get("Stun", 0)
        events = real(board, piece, source, daze_at_start, stun_at_start)
        if stun:
            piece.conditions["Stun"] = stun
        return events

    monkeypatch.setattr(upkeep, "end_action_phase", keep_stun)
    assert "conditions" in _violations(monkeypatch)


def test_it_catches_a_creature_that_is_not_stopped_when_hindered(monkeypatch):
    monkeypatch.setattr(dm_movement, "hinders", lambda board, mover, zone: False)
    assert "movement" in _violations(monkeypatch, seeds=range(1, 13))


def test_it_catches_a_dummy_mage_that_never_waits(monkeypatch):
    real = dm_creatures.active_creatures

    def fewer_of_yours(board, side):
        found = real(board, side)
        return found[:1] if side == "ym" else found

    monkeypatch.setattr(dm_creatures, "active_creatures", fewer_of_yours)
    assert "waiting" in _violations(monkeypatch)


def test_it_catches_a_double_count_in_the_tally(monkeypatch):
    from solo.rules import combat

    real = harm.destroy_if_dead

    def twice(board, p, credit=None, obliterate=False):
        gone = real(board, p, credit, obliterate)
        if gone and credit in ("dm", "ym") and credit != p.side:
            board.extra["tally"][credit] += board.cost(p)
        return gone

    monkeypatch.setattr(combat.applying, "destroy_if_dead", twice)
    assert "destroyed" in _violations(monkeypatch)


def test_it_catches_a_game_that_does_not_end(monkeypatch):
    monkeypatch.setattr(upkeep, "game_over", lambda board, alternate=True: None)
    c = check_game("Harder", 1, "beginner", max_rounds=40)
    assert "game-end" in {v.rule for v in c.violations}


def test_it_catches_your_spells_cast_out_of_reach_or_too_slow(monkeypatch):
    from solo.rules import yours

    monkeypatch.setattr(yours, "can_cast", lambda board, mage, card, target: True)
    assert "your-casting" in _violations(monkeypatch, players=("random",))
    monkeypatch.undo()
    from solo.cards.catalog import Catalog

    monkeypatch.setattr(Catalog, "quick_names", Catalog.names)  # every spell counts as quick
    assert "your-casting" in _violations(monkeypatch, players=("random",))


def test_a_violation_names_the_game_the_step_and_the_rule(monkeypatch):
    monkeypatch.setattr(game_mod.Game, "_qc_order", staticmethod(_lost_quickcasts))
    c = check_game("Starter", 3, "random")  # a player who quickcasts (the scripted ones pass)
    v = c.violations[0]
    text = str(v)
    assert "Starter, random, seed 3" in text and f"step {v.step}" in text
    assert "[quickcasts]" in text and v.label.startswith("round")


@pytest.mark.parametrize("player", PLAYERS)
def test_the_checker_replays_the_same_game_for_the_same_seed(player):
    a, b = check_game("Starter", 9, player), check_game("Starter", 9, player)
    assert a.game.log == b.game.log and a.steps == b.steps > 20


def test_it_catches_a_wall_that_does_not_attack_those_who_walk_through(monkeypatch):
    monkeypatch.setattr(dm_movement, "passage_attacks", lambda board, mover, zones, geo=None: [])
    report = check_games(SHIPPED, range(1, 13, 3), PLAYERS)  # seeds 1, 4, 7, 10: one wall each
    assert "movement" in {v.rule for v in report.violations}


def _until_it_acts(game, checker, ident: str, steps: int):
    """Play ``game`` under ``checker`` until the Dummy Mage's creature ``ident`` has acted (at
    most ``steps`` steps); that step."""
    step = None
    for _ in range(steps):
        checker.before()
        step = game.play_one()
        checker.after(step)
        if step is not None and step.decision is not None and \
                step.decision.data.get("creature") == ident:
            break
    return step


def test_a_slammed_flyer_flies_again_once_activated_and_is_not_hindered_by_walkers():
    """Found by the 20,000-game run: Slam ends (becoming Daze) when the creature is activated,
    before it moves, so a Slammed Flying creature is not hindered by a walker on its way.  The
    engine got it right; the checker counted it as still grounded."""
    from solo.engine.game import Game, Settings
    from solo.core.questions import RulePrompter

    game = Game.new(Settings(seed=3, name="t"))
    b = game.board
    b.mages["ym"].zone, b.mages["dm"].zone = "C3", "B1"
    griffin = b.add_creature("Crusader Griffin", "dm", "A3", conditions={"Slam": 1})
    b.add_creature("Malacoda", "ym", "B3", active=False)
    game.prompter = RulePrompter({"quickcast.you": "pass", "turn.actor": "done"})
    checker = conformance.Checker(game, "slammed griffin")
    step = _until_it_acts(game, checker, griffin.id, 8)
    assert step.decision.data.get("path") == ["B3", "C3"]
    assert not checker.violations, checker.violations


def test_corrode_trimmed_when_an_aura_walks_away_is_no_violation():
    """Found by the 4,000-game run from 150000: your creature carrying Resolute Aura (Armor +2
    for your other objects in its zone) walked off, your mage's armor fell below its Corrode
    markers and the extra marker came off.  The engine was right; the step now records the
    trim as an event, so the checker knows what acted on your mage."""
    from solo.engine.game import Game, Settings
    from solo.core.questions import RulePrompter

    game = Game.new(Settings(seed=3, name="t"))
    b = game.board
    b.mages["ym"].zone = "C3"
    b.mages["ym"].conditions["Corrode"] = 1
    bearer = b.add_creature("Timber Wolf", "ym", "C3", enchantments=["Resolute Aura"])
    before = b.armor(b.mages["ym"])
    game.prompter = RulePrompter({"quickcast.you": "pass", "turn.actor": [bearer.id, "done"],
                                  "turn.what": "move", "turn.move.zone": "D3"})
    checker = conformance.Checker(game, "aura walks away")
    for _ in range(12):
        checker.before()
        step = game.play_one()
        checker.after(step)
        if step is not None and bearer.id in step.actors:
            break
    assert before == 1 and b.mages["ym"].conditions.get("Corrode", 0) == 0
    trims = [e for e in step.events if e.kind == "corrode-trim"]
    assert [(e.piece, e.removed) for e in trims] == [("ym", {"Corrode": 1})]
    assert trims[0].text in step.lines
    assert not checker.violations, checker.violations


def test_an_attacker_destroyed_by_the_counterstrike_attacked_from_the_end_of_its_path():
    """Found by the 4,000-game run from 410000: a Fast Thunderift Falcon flew two zones to your
    Obscured mage, attacked it in melee and died of the counterstrike (Retaliate).  The engine
    was right; the checker, finding no falcon after the step, measured from where it had
    started (2 zones away) instead of where it attacked (0)."""
    from solo.engine.game import Game, Settings
    from solo.core.questions import RulePrompter

    for seed in range(1, 40):  # a game whose counterstrike destroys the falcon
        game = Game.new(Settings(seed=seed, name="t"))
        b = game.board
        b.mages["ym"].zone, b.mages["dm"].zone = "B2", "D3"
        b.mages["ym"].traits = ["Obscured"]
        b.mages["ym"].enchantments = ["Retaliate"]
        falcon = b.add_creature("Thunderift Falcon", "dm", "A1")
        falcon.damage = b.life(falcon) - 1
        game.prompter = RulePrompter({"quickcast.you": "pass", "turn.actor": "done",
                                      "defense.use": "yes"})
        checker = conformance.Checker(game, "falcon")
        step = _until_it_acts(game, checker, falcon.id, 12)
        if b.find(falcon.id) is None:
            break
    assert step.decision.action == "move-attack" and len(step.decision.data["path"]) == 2
    assert b.find(falcon.id) is None and step.decision.data["path"][-1] == "B2"
    assert not checker.violations, checker.violations
    assert checker.checked.get("traits", 0) > 0


# -- the traits rule: scenes that break it on purpose ---------------------------------------------

def _scene(setup, steps=60, until=None):
    """A seeded game with ``setup(board)`` applied, played under the checker (you pass and are
    done) until ``until(step)`` or ``steps`` steps; the checker."""
    from solo.engine.game import Game, Settings
    from solo.core.questions import RulePrompter

    game = Game.new(Settings(seed=3, name="t"))
    setup(game.board)
    game.prompter = RulePrompter({"quickcast.you": "pass", "turn.actor": "done"})
    checker = conformance.Checker(game, "scene")
    for _ in range(steps):
        checker.before()
        step = game.play_one()
        checker.after(step)
        if game.over or (until is not None and step is not None and until(step)):
            break
    return checker


def _bleeding(board):
    board.add_creature("Timber Wolf", "dm", "A1", conditions={"Bleed": 2})


def _round_2(step):
    return step.label == "round 2: ready stage"


def test_bleed_that_hurts_passes_the_checker():
    c = _scene(_bleeding, until=_round_2)
    assert not c.violations and c.checked.get("traits", 0) > 0


def test_it_catches_bleed_that_never_hurts(monkeypatch):
    real = upkeep.condition_block
    monkeypatch.setattr(upkeep, "condition_block",
                        lambda board, p, c: "broken" if c == "Bleed" else real(board, p, c))
    c = _scene(_bleeding, until=_round_2)
    assert "traits" in {v.rule for v in c.violations}


def _stuck(board):
    board.add_creature("Timber Wolf", "dm", "A1", conditions={"Stuck": 3})


def test_it_catches_a_stuck_creature_without_its_escape_rolls(monkeypatch):
    real = upkeep.end_action_phase

    def no_escape(board, piece, source, daze_at_start=None, stun_at_start=None):
        stuck = piece.conditions.pop("Stuck", 0)
        events = real(board, piece, source, daze_at_start, stun_at_start)
        if stuck:
            piece.conditions["Stuck"] = stuck
        return events

    assert not _scene(_stuck, until=_round_2).violations
    monkeypatch.setattr(upkeep, "end_action_phase", no_escape)
    assert "traits" in {v.rule for v in _scene(_stuck, until=_round_2).violations}


def _stalker_next_to_a_wolf(board):
    board.mages["ym"].zone = "D3"
    board.add_creature("Invisible Stalker", "ym", "A1")
    board.add_creature("Timber Wolf", "dm", "A1")


def test_it_catches_an_attack_on_the_invisible(monkeypatch):
    assert not _scene(_stalker_next_to_a_wolf, until=_round_2).violations
    monkeypatch.setattr(targeting, "can_target",
                        lambda board, zone, target, indirect=False, sees_obscured=False: True)
    assert "traits" in {v.rule for v in _scene(_stalker_next_to_a_wolf, until=_round_2).violations}


def test_a_slammed_flyer_flies_over_a_passage_attacks_wall_once_activated():
    """Found by the 3,000-game run on the whole catalog: the checker judged the flight over a
    Wall of Thorns with the flyer still Slammed (grounded), and missed the wall's attack; the
    creature is activated (Slam becomes Daze) before it moves, so it flies over.  The engine was
    right, the checker is fixed."""
    def setup(b):
        b.mages["ym"].zone, b.mages["dm"].zone = "C3", "B1"
        b.add_creature("Crusader Griffin", "dm", "A3", conditions={"Slam": 1})
        b.add_conjuration("Wall of Thorns", "ym", "A3", border="B3")

    def moved(step):
        return step.decision is not None and step.decision.data.get("path")

    c = _scene(setup, until=moved)
    assert c.game.board.creatures[0].zone != "A3", "the griffin never moved"
    assert not c.violations, c.violations


def test_a_burning_dissipating_creature_scores_for_the_other_side():
    """Found by the 3,000-game run: your Force Phoenix (Dissipate 5) lost a token and burned to
    death in the same Upkeep; the engine credited the Dummy Mage, the checker took it for a
    dissipation.  The checker now tells the last token (``dissipated``) from one token."""
    c = check_game("Easier", 105, "random")
    assert not c.violations, c.violations


def test_random_sets_draw_creatures_from_the_whole_catalog():
    from solo.cards.catalog import get_catalog
    from solo.decks.sets import DECK_SIZES

    cat = get_catalog()
    sets = random_sets(20)
    seen = set()
    for ds in sets:
        deck = ds.decks["creature"]
        assert sum(deck.values()) == DECK_SIZES["creature"]
        for name, n in deck.items():
            card = cat.get(name)
            assert n <= (1 if card.has("Legendary") else 3)
            seen.add(name)
    # "... Only" creatures, which `solo deck random` leaves out, come up too
    assert any(any(t.endswith(" Only") for t in cat.get(n).traits) for n in seen)
    assert len(seen) > 100  # most of the 155 within 20 sets


@pytest.mark.parametrize("set_seed,seed,player,walls", [
    (1, 312, "skilled", 0),   # a taunter's activation frees its prey: an event of the step
    (1, 329, "beginner", 2),
    (2, 321, "random", 0),    # Purify takes a Cripple off the Dummy Mage during its own phase
    (3, 77, "random", 2),     # Adramelech's Touch keeps a Burn that rolls a blank
    (2, 16, "skilled", 1),    # an Upkeep spell kills a creature already passed in that Upkeep
])
def test_games_the_long_runs_once_flagged_follow_the_rules(set_seed, seed, player, walls):
    decks = random_sets(1, first_seed=set_seed)[0]
    checker = check_game(decks, seed, player, walls=walls)
    assert checker.violations == []
    assert checker.steps > 40


@pytest.mark.parametrize("deck,seed,player,walls", [
    ("Starter", 536, "random", 2),  # a Spiked Pit holds a creature in the zone it stepped into
    ("Random 1", 295, "skilled", 1),  # Sosruko activated: its Taunt markers on yours go
])
def test_what_the_10000_game_run_found(deck, seed, player, walls):
    """The 10,000-game run found a creature Stuck by your trap mid-path, which the checker took
    for a short move (a checker fault), and Taunt markers removed at the taunter's activation
    without an event in the step (an engine fault: the activation's events were not recorded)."""
    decks = random_sets(1)[0] if deck == "Random 1" else deck
    c = check_game(decks, seed, player, walls=walls)
    assert not c.violations, c.violations


@pytest.mark.parametrize("set_seed,seed,player,walls", [
    (5004, 7053, "skilled", 2),  # your creature's target was an Invisible Stalker
    (5025, 7327, "beginner", 1),
    (5000, 7005, "beginner", 2),  # Talos drawn and discarded unused: no creature destroyed
    (5000, 7001, "skilled", 2),
    (6004, 7061, "random", 2),  # Ballad of Courage: its creature cannot be Hindered
    (6098, 8282, "beginner", 2),
    (20059, 7776, "random", 0),  # a trap attacks an Invisible Stalker that walked in
    (20102, 8328, "skilled", 0),  # two traps: the first destroys your creature
])
def test_what_the_runs_on_the_random_sets_from_5000_found(set_seed, seed, player, walls):
    """A 1,890-game run on other random sets found the scripted opponent answering with a target
    the game had not offered (an Invisible Stalker: the game stopped with an AnswerError, and
    so would the rating of a deck set holding one), and the checker counting Talos, drawn and
    discarded unused, as a creature that went to the discard pile without being destroyed.  A
    3,690-game run from 6000 found the checker taking a creature under Ballad of Courage for
    hindered (the engine was right).  One from 20000 found a second trap in a zone attacking
    your creature that the first had destroyed (the game stopped), and the checker taking a
    trap's attack on an Invisible creature for a targeted one."""
    decks = random_sets(1, first_seed=set_seed)[0]
    c = check_game(decks, seed, player, walls=walls)
    assert not c.violations, c.violations
    assert c.steps > 10


@pytest.mark.parametrize("dice,draw", [("physical", "solo"), ("solo", "you"), ("physical", "you")])
def test_games_with_physical_dice_or_cards_you_draw_follow_the_rules(dice, draw, monkeypatch):
    """The random player also types dice faces and names the cards drawn: whole games with
    your dice and your draws pass the checker like those solo rolls and draws."""
    asked: dict[str, int] = {}
    real = checked_games.RandomPlayer.ask

    def counting(self, q):
        asked[q.id] = asked.get(q.id, 0) + 1
        return real(self, q)

    monkeypatch.setattr(checked_games.RandomPlayer, "ask", counting)
    for n, decks in enumerate([*SHIPPED, *random_sets(2, first_seed=13000)]):
        checker = check_game(decks, 40 + n, "random", dice=dice, draw=draw)
        assert not checker.violations, checker.violations
        assert checker.steps > 20
    if dice == "physical":
        assert asked.get("dice.attack", 0) > 20 and asked.get("dice.d12", 0) > 20
    if draw == "you":
        assert asked.get("draw.card", 0) > 10


def test_a_guarding_flyer_flies_again_once_activated():
    """Found by an 8,000-game run from 50000 with every mage: a guarding Thunderift Falcon (a
    flyer does not fly while it guards) is activated, its guard marker goes, and it flies on
    over three of your Timber Wolves; the checker took it for hindered (the engine was right)."""
    c = check_game(random_sets(1, first_seed=50002)[0], 50198, "skilled", walls=2,
                   ym_mage="Elementalist", dm_mage="Priestess")
    assert not c.violations, c.violations
    assert c.steps > 78


def test_burn_kept_by_adramelechs_touch_is_no_violation():
    """Found by the 3,000-game run after the spells' notes came in: Adramelech's Touch keeps
    the Burn markers whatever the dice show (the engine was right; the checker now knows)."""
    c = check_game(random_sets(3)[2], 77, "random", walls=2)
    assert not c.violations, c.violations


def test_a_stuck_creature_of_yours_teleported_in_its_phase_owes_no_escape_roll():
    """The first long run on solo-engine/6 (from 690000) found the checker expecting escape rolls
    for Stuck markers that your creature's teleport ("Elsewhere") had destroyed: the removal is
    now an event of the step, which the checker counts."""
    decks = random_sets(2, first_seed=690000)[1]
    c = check_game(decks, 690008, "random", walls=2, ym_mage="Pellian Forcemaster",
                   dm_mage="Necromancer")
    assert not c.violations, c.violations
    assert c.checked.get("traits", 0) > 0
