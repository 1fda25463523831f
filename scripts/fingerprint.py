"""The fingerprint of the engine: 400 whole games, every step's log and the final boards, hashed.

    .venv/bin/python scripts/fingerprint.py [--games 400] [--check] [--write] [--installed]

A redesign of the code must not change one game.  The games are headless ones of every kind the
engine plays: the shipped deck sets against the beginner, skilled and random players (the random
one with physical dice and cards you draw in some games), and random full-catalog sets with walls
on the board and mages drawn at random.  Each game's log (every entry of every step, with its
data) and its final board are serialised as sorted JSON and hashed together in order; the digest
of all of them is the fingerprint.

``--write`` stores it in ``tests/data/fingerprint.json``; ``--check`` compares with what is stored
there and exits 1 on a difference, naming the first game that differs (the per-game digests are
stored too).  ``tests/test_house.py`` checks the first ten games of the same list on every test
run; ``.ci/run`` runs this script, all 400, after the tests.  ``--check-memory`` also works
every value the board remembers out again and fails on a stale one.  ``--installed`` plays the
solo the interpreter has installed instead of this checkout's (``scripts/compiled_build`` runs
it with the compiled build's) and says how many of its modules are compiled.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STORED = ROOT / "tests" / "data" / "fingerprint.json"
#: ``--installed``: play the solo this interpreter has installed (a compiled build, say), not the
#: checkout's own.
INSTALLED = "--installed" in sys.argv[1:]
if not INSTALLED:
    sys.path.insert(0, str(ROOT))

from solo.engine.checked_games import RandomPlayer, place_walls, random_sets  # noqa: E402
from solo.engine.game import Game, Settings  # noqa: E402
from solo.engine.simulate import Opponent  # noqa: E402
from solo.cards.catalog import get_catalog  # noqa: E402

SHIPPED = ("Starter", "Easier", "Harder")
PLAYERS = ("beginner", "skilled", "random")
MAX_ROUNDS = 30


def plan(games: int) -> list[dict]:
    """The games, in order: a deterministic list, the same for every engine."""
    out: list[dict] = []
    mages = get_catalog().names("Mage")
    randoms = random_sets(games // 4 + 1, first_seed=9001)
    seed = 1
    while len(out) < games:
        for decks in SHIPPED:
            for player in PLAYERS:
                game = {"decks": decks, "seed": seed, "player": player, "walls": seed % 3}
                if player == "random" and seed % 3 == 0:
                    game["dice"], game["draw"] = (("physical", "solo"), ("solo", "you"),
                                                  ("physical", "you"))[seed // 3 % 3]
                out.append(game)
        rnd = randoms[(seed - 1) % len(randoms)]
        out.append({"decks": rnd, "seed": seed, "player": PLAYERS[seed % 3], "walls": seed % 3,
                    "ym_mage": mages[seed * 7 % len(mages)], "dm_mage": mages[seed * 13 % len(mages)]})
        seed += 1
    return out[:games]


def play(spec: dict) -> str:
    """One game's digest."""
    decks = spec["decks"]
    name = decks if isinstance(decks, str) else decks.name
    settings = Settings(decks=name, seed=spec["seed"], name="fingerprint",
                        ym_mage=spec.get("ym_mage", "Beastmaster"),
                        dm_mage=spec.get("dm_mage", "Warlock"),
                        dice=spec.get("dice", "solo"), draw=spec.get("draw", "solo"))
    game = Game.new(settings, deckset=None if isinstance(decks, str) else decks)
    game.restartable = False
    player = spec["player"]
    game.prompter = RandomPlayer(spec["seed"]) if player == "random" else Opponent(game, player)
    place_walls(game.board, spec["walls"], spec["seed"])
    while not game.over and game.phase.round <= MAX_ROUNDS:
        game.play_one()
    h = hashlib.sha256()
    h.update(json.dumps(game.log, sort_keys=True, default=str).encode())
    h.update(json.dumps(game.board.to_dict(), sort_keys=True, default=str).encode())
    return h.hexdigest()


def fingerprint(games: int) -> tuple[str, list[str]]:
    digests = [play(spec) for spec in plan(games)]
    whole = hashlib.sha256("".join(digests).encode()).hexdigest()
    return whole, digests


def compiled_modules() -> list[str]:
    """The modules of solo imported so far that are compiled ones (``SOLO_COMPILE=1``, setup.py)."""
    from importlib.machinery import EXTENSION_SUFFIXES

    return sorted(name for name, m in list(sys.modules.items())
                  if name.split(".")[0] == "solo"
                  and str(getattr(m, "__file__", None)).endswith(tuple(EXTENSION_SUFFIXES)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--write", action="store_true", help="store the fingerprint")
    ap.add_argument("--check", action="store_true", help="compare with the stored fingerprint")
    ap.add_argument("--installed", action="store_true",
                    help="play the solo this interpreter has installed, not this checkout's")
    ap.add_argument("--check-memory", action="store_true",
                    help="work every remembered value out again and fail on a stale one "
                         "(slower; solo.rules.pieces.MEMORY.check)")
    args = ap.parse_args(argv)
    if args.check_memory:
        from solo.rules.pieces import MEMORY
        MEMORY.check = True
    start = time.perf_counter()
    whole, digests = fingerprint(args.games)
    took = time.perf_counter() - start
    if args.installed:
        print(f"solo from {Path(sys.modules['solo'].__file__).parent}: "
              f"{len(compiled_modules())} modules compiled")
    print(f"{args.games} games, {took:.1f} s: {whole}")
    if args.write:
        STORED.write_text(json.dumps({"games": args.games, "fingerprint": whole,
                                      "each": digests}, indent=1) + "\n", encoding="utf-8")
    if args.check:
        stored = json.loads(STORED.read_text(encoding="utf-8"))
        theirs = stored["each"][:args.games]
        for i, (a, b) in enumerate(zip(digests, theirs)):
            if a != b:
                print(f"game {i} differs: {plan(args.games)[i]}")
                return 1
        if len(theirs) < args.games:
            print(f"only {len(theirs)} games are stored")
            return 1
        print("same games as stored")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
