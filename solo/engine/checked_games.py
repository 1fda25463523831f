"""Many whole games under the checker (:mod:`solo.engine.conformance`): the deck sets, seeds and
players to check, a random player that reaches what the scripted opponents never do, random
full-catalog deck sets, and walls on the board from the start."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from solo.core.questions import Prompter, Question
from solo.engine.conformance import Checker, Violation
from solo.engine.game import Game, Settings, Step
from solo.rules.board import Board
from solo.rules.dice import D6_FACES
from solo.core.kinds import Side


class RandomPlayer(Prompter):
    """Answers your side's questions at random (seeded), never with board, edit or undo:
    passes, done, guards, typed damage and markers, Defenses declined -- every answer a person
    could give."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def ask(self, q: Question) -> Any:
        rnd = self.random
        if q.kind == "select":
            values = [v for v in q.values() if v not in q.escapes]
            return q.parse(rnd.choice(values))
        if q.kind == "confirm":
            return rnd.random() < 0.7
        if q.kind == "int":
            lo = q.min if q.min is not None else 0
            hi = q.max if q.max is not None else lo + 12
            return q.parse(rnd.randint(lo, min(hi, lo + 12)))
        if q.kind == "autocomplete":
            return q.parse(rnd.choice(q.titles()))
        if q.id == "dice.attack":  # physical dice: as many faces as the question takes
            for count in range(1, 25):
                faces = " ".join(rnd.choice(D6_FACES) for _ in range(count))
                if q.validate is None or q.validate(faces) is None:
                    return q.parse(faces)
        if q.id == "turn.attack.damage":
            return q.parse(f"{rnd.randint(0, 6)}+{rnd.randint(0, 2)}")
        if q.id == "turn.attack.conditions":
            return q.parse(rnd.choice(["", "", "Burn", "Daze", "Stun", "Cripple", "Burn, Rot"]))
        return q.parse(q.default if q.default is not None else "")


@dataclass
class Report:
    games: int = 0
    steps: int = 0
    violations: list[Violation] = field(default_factory=list)
    checked: dict[str, int] = field(default_factory=dict)

    def add(self, checker: Checker) -> None:
        self.games += 1
        self.steps += checker.steps
        self.violations += checker.violations
        for rule, n in checker.checked.items():
            self.checked[rule] = self.checked.get(rule, 0) + n


def random_sets(count: int, first_seed: int = 1) -> list:
    """``count`` deck sets made by ``solo deck random --seed N``, N from ``first_seed``, whose
    creature decks are then drawn again from every creature of the catalog (all of them, "...
    Only" ones too, at most 3 copies, one of a Legendary), so that whole games meet every
    creature's traits."""
    from solo.cards.catalog import get_catalog
    from solo.decks.sets import DECK_SIZES
    from solo.decks.random_sets import random_set
    from solo.rules.dice import SeededSource

    everyone = get_catalog().cards("Creature")
    out = []
    for n in range(first_seed, first_seed + count):
        ds = random_set(SeededSource(n), name=f"Random {n}")
        rnd = random.Random(n)
        deck: dict[str, int] = {}
        while sum(deck.values()) < DECK_SIZES["creature"]:
            card = rnd.choice(everyone)
            limit = 1 if card.has("Legendary") else 3
            if deck.get(card.name, 0) < limit:
                deck[card.name] = deck.get(card.name, 0) + 1
        ds.decks["creature"] = deck
        out.append(ds)
    return out


#: Walls of yours that games may start with: two that block passage, two that attack it.
WALLS = ("Wall of Stone", "Wall of Earth", "Wall of Thorns", "Wall of Fire")


def place_walls(board: Board, count: int, seed: int) -> None:
    """Put ``count`` of your walls on random borders (none on a border that has one), so that
    whole games meet walls too."""
    rnd = random.Random(seed)
    taken = {frozenset((w.zone, w.border)) for w in board.walls()}
    zones = board.arena.zones()
    while count > 0:
        zone = rnd.choice(zones)
        border = rnd.choice(board.arena.neighbours(zone))
        if frozenset((zone, border)) in taken:
            continue
        taken.add(frozenset((zone, border)))
        board.add_conjuration(rnd.choice(WALLS), Side.YM, zone, border=border)
        count -= 1


def check_game(decks, seed: int, player: str = "beginner", max_rounds: int = 30,
               walls: int = 0, ym_mage: str = "Beastmaster", dm_mage: str = "Warlock",
               dice: str = "solo", draw: str = "solo") -> Checker:
    """Play one whole game under the checker.  ``decks``: a deck set name or a DeckSet;
    ``player``: beginner, skilled or random; ``walls``: how many of your walls stand in the
    arena from the start; ``dice`` and ``draw`` as in ``solo play`` (typing the dice and naming
    the cards drawn is for the random player: the scripted ones answer neither)."""
    from solo.engine.simulate import Opponent

    name = decks if isinstance(decks, str) else decks.name
    settings = Settings(decks=name, seed=seed, name="check", ym_mage=ym_mage, dm_mage=dm_mage,
                        dice=dice, draw=draw)
    game = Game.new(settings, deckset=None if isinstance(decks, str) else decks)
    game.restartable = False
    game.prompter = RandomPlayer(seed) if player == "random" else Opponent(game, player)
    place_walls(game.board, walls, seed)
    label = f"{name}, {player}, seed {seed}" + (f", {walls} walls" if walls else "")
    if (ym_mage, dm_mage) != ("Beastmaster", "Warlock"):
        label += f", {ym_mage} against {dm_mage}"
    if (dice, draw) != ("solo", "solo"):
        label += f", dice {dice}, draw {draw}"
    checker = Checker(game, label)
    while not game.over and game.phase.round <= max_rounds:
        checker.before()
        played = game.play_one()
        checker.after(played if isinstance(played, Step) else None)  # (it never asks for an undo)
    return checker


def check_games(deck_sets: Iterable, seeds: Iterable[int],
                players: Iterable[str] = ("beginner", "skilled", "random"), *,
                mixed: bool = False) -> Report:
    """Every deck set, seed and player; ``mixed``: each game's two mages are drawn (by its
    seed) from every mage of the catalog, and a third of the random player's games are played
    with physical dice, cards you draw, or both."""
    from solo.cards.catalog import get_catalog

    mages = get_catalog().names("Mage")
    modes = (("solo", "solo"), ("physical", "solo"), ("solo", "you"), ("physical", "you"))
    report = Report()
    players = list(players)
    for decks in deck_sets:
        for seed in seeds:
            for player in players:
                options: dict = {}
                if mixed:
                    rnd = random.Random(f"{seed} {player}")
                    options = {"ym_mage": rnd.choice(mages), "dm_mage": rnd.choice(mages)}
                    if player == "random" and seed % 3 == 0:
                        options["dice"], options["draw"] = modes[1 + seed // 3 % 3]
                report.add(check_game(decks, seed, player, walls=seed % 3, **options))
    return report
