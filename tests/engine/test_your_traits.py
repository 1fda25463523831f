"""Traits on your side in `solo play`: who your attacks may target (Invisible, Obscured), the
Dummy Mage's guards that Intercept, your Sweeping attacks' second target."""

from solo.engine.game import Game, Settings
from solo.core.questions import RulePrompter
from solo.engine.rounds import RoundState


class Recorder(RulePrompter):
    """A RulePrompter that keeps the values offered by each question."""

    def __init__(self, rules):
        super().__init__(rules)
        self.offered = {}

    def ask(self, q):
        self.offered[q.id] = [v for _, v in q.pairs() if v not in q.escapes]
        return super().ask(q)


def _turn(game, answers):
    game.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                       "ym_done": False, "mage_active": True})
    game.prompter = Recorder(answers)
    step = game.play_one()
    return step, game.prompter


def test_your_attack_is_never_offered_an_invisible_target():
    for what in ("attack", "attack-typed"):
        game = Game.new(Settings(seed=1, name="t"))
        b = game.board
        wolf = b.add_creature("Timber Wolf", "ym", "B2")
        hidden = b.add_creature("Invisible Stalker", "dm", "B2")
        seen = b.add_creature("Bitterwood Fox", "dm", "B2")
        _, p = _turn(game, {"turn.actor": wolf.id, "turn.what": what,
                            "turn.attack.target": seen.id, "turn.attack.damage": "0",
                            "turn.attack.conditions": ""})
        assert seen.id in p.offered["turn.attack.target"]
        assert hidden.id not in p.offered["turn.attack.target"]


def test_a_dm_guard_intercepts_your_ranged_attack():
    game = Game.new(Settings(seed=2, name="t"))
    b = game.board
    archer = b.add_creature("Merren Harpooner", "ym", "B2")
    fox = b.add_creature("Bitterwood Fox", "dm", "C2")
    guard = b.add_creature("Noble Vanguard", "dm", "C2", guarding=True)
    step, _ = _turn(game, {"turn.actor": archer.id, "turn.what": "attack",
                           "turn.attack.target": fox.id, "turn.attack.which": "Harpoon"})
    assert any("Intercepts" in line for line in step.lines)
    assert all(s.target == guard.id for r in step.results for s in r.strikes if s.role == "attack")
    assert not guard.guarding


def test_your_sweeping_attack_asks_for_its_second_target():
    game = Game.new(Settings(seed=3, name="t"))
    b = game.board
    sweeper = b.add_creature("Timber Wolf", "ym", "B2", stats={
        "life": 10, "cost": 9, "attacks": [{"name": "Tail Sweep", "action": "quick",
                                            "kind": "melee", "range": [0, 0], "dice": 3,
                                            "traits": ["Sweeping", "Unavoidable"]}]})
    first = b.add_creature("Bitterwood Fox", "dm", "B2")
    other = b.add_creature("Goblin Grunt", "dm", "B2")
    step, p = _turn(game, {"turn.actor": sweeper.id, "turn.what": "attack",
                           "turn.attack.target": first.id, "turn.attack.sweep": other.id})
    assert p.offered["turn.attack.sweep"] == [other.id, "none"]
    roles = [(s.role, s.target) for r in step.results for s in r.strikes]
    assert ("sweep", other.id) in roles


def test_your_creature_tramples_as_it_walks_out_of_a_zone_once_a_round():
    game = Game.new(Settings(seed=4, name="t"))
    b = game.board
    rhino = b.add_creature("Woolly Rhinoceros", "ym", "B2")
    wolf = b.add_creature("Timber Wolf", "dm", "B2")
    step, p = _turn(game, {"turn.actor": rhino.id, "turn.what": "move", "turn.move.zone": "C2",
                           "turn.trample": wolf.id})
    assert p.offered["turn.trample"] == [wolf.id, "none"]
    hits = [s for r in step.results for s in r.strikes if s.role == "attack"]
    assert hits and hits[0].target == wolf.id and hits[0].attack == "Crushing Hooves"
    assert rhino.extra["trampled"] == b.round


def test_no_trample_offered_over_a_flyer_or_when_declined():
    game = Game.new(Settings(seed=4, name="t"))
    b = game.board
    rhino = b.add_creature("Woolly Rhinoceros", "ym", "B2")
    b.add_creature("Gargoyle Sentry", "dm", "B2")
    step, p = _turn(game, {"turn.actor": rhino.id, "turn.what": "move", "turn.move.zone": "C2"})
    assert "turn.trample" not in p.offered and not step.results


def test_your_whirling_strike_asks_for_the_other_targets():
    game = Game.new(Settings(seed=3, name="t"))
    b = game.board
    wolf = b.add_creature("Timber Wolf", "ym", "B2", conditions={"Whirling Strike": 1})
    first = b.add_creature("Bitterwood Fox", "dm", "B2")
    other = b.add_creature("Goblin Grunt", "dm", "B2")
    step, p = _turn(game, {"turn.actor": wolf.id, "turn.what": "attack",
                           "turn.attack.target": first.id, "turn.attack.whirl": other.id})
    assert other.id in p.offered["turn.attack.whirl"]
    roles = [(s.role, s.target) for r in step.results for s in r.strikes]
    assert ("sweep", other.id) in roles
