"""The end-of-game summary: who won and why, rounds, cards played, creatures destroyed."""

from __future__ import annotations

from typing import Any

from solo.core.kinds import DM, DeckKind, Side
from solo.rules import upkeep
from solo.rules.board import Board
from solo.rules.upkeep import Outcome
from solo.text.naming import cap, counted
from solo.text.render import line

__all__ = ["summary"]


def summary(board: Board, rounds: int, outcome: Outcome | None, log: list[dict[str, Any]]) -> list[str]:
    """The lines of a game that ended after ``rounds`` rounds with ``outcome``; ``log`` (the
    game's log) says what the Dummy Mage played."""
    winner, reason = (outcome.result, line(outcome.reason)) if outcome is not None else ("", "")
    lines = [f"Game over after {counted(rounds, 'round')}: "
             + {Side.YM: "you win!", "draw": "a draw."}.get(winner, "the Dummy Mage wins.")]
    if reason:
        lines.append(cap(reason) + ".")
    actions = [(e.get("data") or {}).get("action") for e in log if e.get("who") == DM]
    played = {deck: actions.count(action) for deck, action in
              ((DeckKind.ENCHANTMENT, "enchantment"), (DeckKind.INCANTATION, "incantation"),
               (DeckKind.ATTACK, "attack-spell"))}
    summoned = actions.count("summon")
    lines.append(f"The Dummy Mage summoned {counted(summoned, 'creature')} and cast or discarded "
                 f"{counted(played[DeckKind.ENCHANTMENT], 'enchantment')}, "
                 f"{counted(played[DeckKind.INCANTATION], 'incantation')} and "
                 f"{counted(played[DeckKind.ATTACK], 'attack spell')}.")
    lost = len(board.discards[DeckKind.CREATURE])
    lines.append(f"Dummy Mage creatures destroyed: {lost}.")
    tally = upkeep.tally_of(board)
    lines.append(f"Mana destroyed: you {tally[Side.YM]}, the Dummy Mage {tally[Side.DM]} "
                 f"(the alternate ending, which comes once its creature deck is empty and its "
                 f"creatures are gone, needs yours above twice its: {2 * tally[Side.DM]}).")
    return lines
