"""How many answers a person types in a game of `solo play`: the skilled player's games, counted.

    .venv/bin/python scripts/answers.py [--games 50] [--rounds 10] [--first-seed 1] [--json]

Each game (Starter, Beastmaster against the Warlock, seeds from ``--first-seed``) is played twice
for its first ``--rounds`` rounds:

1. the long way: the simulator's skilled opponent (``solo.engine.simulate.Opponent``) answers every
   question, as a script does; every answer it gives is one a person typed before the
   shortcuts, so their number is the count *before*;
2. as a person plays it: a :class:`Typist` that takes shortcuts (``Prompter.takes_shortcuts``)
   plays the same answers through the menus a person sees, choosing at each the one key that
   gives the most of the answers to come (a shortcut that stands for several, the one answer,
   or "more..." to reach the whole menu); the questions answered by themselves never reach it.
   What it types is the count *after*.

The second game must write the very log of the first -- every step, every line -- or the script
stops: the shortcuts reach the same game, and they cost the person no choice.  It prints the
average answers a game, before and after, with their spread and the answers of each round.
``tests/engine/test_shortcuts.py`` holds the average under the goal (65) with its spread.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solo.core.questions import MORE, Prompter, Question, Shortcut  # noqa: E402
from solo.engine.game import Game, Settings  # noqa: E402
from solo.engine.shortcuts import ACTOR  # noqa: E402
from solo.engine.simulate import Opponent  # noqa: E402

GOAL = 65


def new_game(seed: int) -> Game:
    game = Game.new(Settings(seed=seed, name="answers"))
    game.restartable = False
    return game


class Script:
    """One step's answers of the long way, with the round it was played in."""

    def __init__(self, rnd: int, answers: list[list[Any]]) -> None:
        self.round = rnd
        self.answers = [(str(q), v) for q, v in answers]


def long_way(seed: int, rounds: int) -> tuple[list[Script], list[dict]]:
    """The skilled opponent's game: every step's answers, and the log."""
    game = new_game(seed)
    game.prompter = Opponent(game, "skilled")
    steps = []
    while not game.over and game.phase.round <= rounds:
        rnd = game.phase.round
        game.play_one()
        steps.append(Script(rnd, game.recorded))
    return steps, game.log


class Typist(Prompter):
    """A person who knows the answers to come and types the fewest keys for them."""

    takes_shortcuts = True

    def __init__(self, game: Game, script: list[Script]) -> None:
        self.game = game
        self.script = script
        self.step = 0  # the step being played
        self.typed: dict[int, int] = {}  # answers typed, by round

    def ask(self, q: Question) -> Any:
        here = self.script[self.step]
        to_come = here.answers[len(self.game.recorded):]
        self.typed[here.round] = self.typed.get(here.round, 0) + 1
        best, most = None, 0
        for _, value in q.pairs():
            if value in q.escapes:
                continue
            if isinstance(value, Shortcut):
                n = len(value.answers)
                if list(value.answers) != to_come[:n] or not self._stands(value, here.round):
                    continue
                n += len(value.standing)  # the answers it spares later
            elif to_come and to_come[0] == (q.id, value):
                n = 1
            else:
                continue
            if n > most:
                best, most = value, n
        if best is None and MORE in [v for _, v in q.pairs()]:
            return MORE
        if best is None:
            raise SystemExit(f"step {self.step + 1}: no key of {q.id!r} gives {to_come[:1]}")
        return best

    def _stands(self, shortcut: Shortcut, rnd: int) -> bool:
        """Whether the standing answers of ``shortcut`` are those the long way gives for the
        rest of round ``rnd`` (until the person asks for the question again)."""
        standing = dict(shortcut.standing)
        for later in self.script[self.step + 1:]:
            if later.round != rnd:
                break
            for qid, value in later.answers:
                if qid == ACTOR and value == "quickcast":  # asked for: it no longer stands
                    return True
                if qid in standing and value != standing[qid]:
                    return False
        return True


def typed(seed: int, rounds: int) -> tuple[int, int, dict[int, int]]:
    """One game: the answers before, after, and after by round."""
    script, log = long_way(seed, rounds)
    game = new_game(seed)
    typist = Typist(game, script)
    game.prompter = typist
    for i in range(len(script)):
        typist.step = i
        game.play_one()
    if game.log != log:
        first = next(i for i, (a, b) in enumerate(zip(game.log, log)) if a != b) \
            if any(a != b for a, b in zip(game.log, log)) else min(len(game.log), len(log))
        raise SystemExit(f"seed {seed}: the game played with shortcuts differs from the long "
                         f"way at log entry {first + 1}")
    before = sum(len(s.answers) for s in script)
    return before, sum(typist.typed.values()), typist.typed


def measure(games: int = 50, rounds: int = 10, first_seed: int = 1) -> dict[str, Any]:
    """Before and after over ``games`` seeded games of ``rounds`` rounds."""
    befores, afters, by_round = [], [], {}
    for seed in range(first_seed, first_seed + games):
        before, after, rounds_typed = typed(seed, rounds)
        befores.append(before)
        afters.append(after)
        for rnd, n in rounds_typed.items():
            by_round[rnd] = by_round.get(rnd, 0) + n
    return {"games": games, "rounds": rounds, "first_seed": first_seed,
            "before": statistics.mean(befores), "before_sd": statistics.pstdev(befores),
            "after": statistics.mean(afters), "after_sd": statistics.pstdev(afters),
            "after_each": afters,
            "after_by_round": {r: n / games for r, n in sorted(by_round.items())}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    m = measure(args.games, args.rounds, args.first_seed)
    if args.json:
        print(json.dumps(m, indent=1))
        return 0
    print(f"{m['games']} games of {m['rounds']} rounds (skilled player, seeds "
          f"{args.first_seed}-{args.first_seed + args.games - 1}):")
    print(f"  before: {m['before']:.1f} answers a game (sd {m['before_sd']:.1f})")
    print(f"  after:  {m['after']:.1f} answers a game (sd {m['after_sd']:.1f}); goal: at most {GOAL}")
    print("  after, by round: " + ", ".join(f"{n:.1f}" for n in m["after_by_round"].values()))
    return 0 if m["after"] <= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
