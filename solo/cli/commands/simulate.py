"""`solo simulate`: many headless games, and what they say about a deck set."""

from __future__ import annotations

import json
import sys

import click

from solo.cli.app import WHOLE, WholeRange
from solo.cli.term import echo


def opponent_option(f):
    """The ``--opponent`` option: which simulated player takes your side."""
    return click.option("--opponent", type=click.Choice(["beginner", "skilled"]),
                        default="beginner", help="How well your side plays.")(f)


def jobs_option(f):
    """The ``--jobs`` option of every command that plays simulated games."""
    return click.option("--jobs", type=WholeRange(1, 256), default=None,
                        help="Processes to play on (default: every core); the results are "
                             "the same.")(f)


def every_core(jobs: int | None) -> int:
    """``--jobs`` as given, or every core this process may use."""
    from solo.engine.simulate import cores

    return jobs or cores()


def run_games(decks: str, games: int, seed: int, opponent: str, progress: bool = False,
              jobs: int = 1) -> dict:
    from solo.decks import sets as deck_mod
    from solo.cards.catalog import get_catalog
    from solo.engine.simulate import play_many, rating, summarise

    deckset = deck_mod.resolve(decks)  # a clear error for an unknown set before any game starts
    problems = deck_mod.validate(deckset, get_catalog())
    if problems:
        from solo.core.errors import InvalidDeck

        raise InvalidDeck(f"{deckset.name} is not a valid deck set: {problems[0]}")
    seeds = range(seed, seed + games)
    if progress:
        with click.progressbar(length=games, label=f"Playing {games} games",
                               file=sys.stderr) as bar:
            done = [0]

            def step(n: int) -> None:
                bar.update(n - done[0])
                done[0] = n

            results = play_many(deckset, seeds, opponent, jobs=jobs, progress=step)
    else:
        results = play_many(deckset, seeds, opponent, jobs=jobs)
    out = summarise(results)
    out.update({"decks": deckset.name, "opponent": opponent, "seed": seed,
                "rating": rating(out["dm_win_rate"])})
    return out


def render(r: dict) -> str:
    from solo.text.naming import counted  # (played games: the engine is loaded)

    lo, hi = r["dm_win_rate_95"]
    lines = [f"{counted(r['games'], 'game')}, decks {r['decks']}, {r['opponent']} opponent, "
             f"seeds {r['seed']}..{r['seed'] + r['games'] - 1}",
             f"Dummy Mage wins: {r['dm_wins']} ({r['dm_win_rate']:.0%}, 95% interval {lo:.0%}-{hi:.0%})",
             f"Average game: {r['average_rounds']:.1f} rounds; damage per round: the Dummy Mage "
             f"{r['dm_damage_per_round']:.1f}, you {r['your_damage_per_round']:.1f}",
             f"Rating: {r['rating']} (by the Dummy Mage's win rate)"]
    if r.get("draws"):
        lines.append(f"{counted(r['draws'], 'game')} ended in a draw (both mages fell at once).")
    if r["unfinished"]:
        lines.append(f"{counted(r['unfinished'], 'game')} stopped at the round limit without a "
                     "winner.")
    lines.append("Cards the Dummy Mage drew (played / discarded unused):")
    for card, c in sorted(r["cards"].items(), key=lambda kv: -kv[1]["played"]):
        lines.append(f"  {card:24} {c['played']:5} / {c['discarded']}")
    return "\n".join(lines)


@click.command()
@click.option("--decks", default="Starter", help="Deck set name or file (default Starter).")
@click.option("--games", type=WholeRange(1, 100000), default=100, help="How many games (default 100).")
@click.option("--seed", type=WHOLE, default=1, help="Seed of the first game (default 1).")
@opponent_option
@jobs_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate(decks, games, seed, opponent, jobs, as_json) -> None:
    """Play many games of the Dummy Mage against a scripted opponent and report how it did."""
    r = run_games(decks, games, seed, opponent, progress=games >= 50, jobs=every_core(jobs))
    echo(json.dumps(r) if as_json else render(r), fold=False)
