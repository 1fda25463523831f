"""How a person calls the pieces: names, labels with their owner, an attack's label, and the
small helpers every sentence uses (a capital letter, a counted noun)."""

from __future__ import annotations

from solo.cards.catalog import Attack
from solo.rules.board import Board, Piece
from solo.rules.said import Who
from solo.core.kinds import DM, Side


def name_of(board: Board | None, p: Piece | Who | None) -> str:
    """How a person calls an object: ``Timber Wolf (dm-1)``, ``the Dummy Mage (Warlock)``."""
    if p is None:
        return "nobody"
    if p.is_mage:
        return f"{'the Dummy Mage' if p.side == Side.DM else 'your mage'} ({p.card})"
    return f"{p.card} ({p.id})"


def label_of(board: Board | None, p: Piece | Who) -> str:
    """How instructions name an object with its owner: ``the Dummy Mage``, ``your mage``,
    ``the Dummy Mage's Timber Wolf (dm-3)``, ``your Timber Wolf (ym-2)``."""
    if p.is_mage:
        return "the Dummy Mage" if p.side == DM else "your mage"
    owner = "the Dummy Mage's" if p.side == DM else "your"
    return f"{owner} {p.card} ({p.id})"


def attack_label(board: Board | None, attacker: Piece | Who | None, attack: Attack | str,
                 target: Piece | Who | str, role: str = "attack") -> str:
    """Who attacks whom with what (an attack, or its name), for a person asked to roll the dice:
    ``the Dummy Mage's Timber Wolf (dm-3) Bite at your mage`` (``, second strike`` and so on
    for the strikes after the first; a zone attack names its zone)."""
    at = f"zone {target}" if isinstance(target, str) else label_of(board, target)
    name = attack if isinstance(attack, str) else attack.name
    if attacker is None:
        text = f"{name} on {at}"
    else:
        by = label_of(board, attacker) + ("'s" if attacker.is_mage else "")
        text = f"{by} {name} at {at}"
    return text if role == "attack" else f"{text}, {role}"


def cap(line: str) -> str:
    """Capitalise the first letter of a line (names such as "the Dummy Mage" start lower-case)."""
    body = line.lstrip(" ")
    first = body[:1]
    if first.isalpha():  # nearly always: the letter after the indent
        return line if first.isupper() else line[:len(line) - len(body)] + first.upper() + body[1:]
    for i, ch in enumerate(line):
        if ch.isalpha():
            return line[:i] + ch.upper() + line[i + 1:]
    return line


def counted(n: int, word: str, many: str | None = None) -> str:
    """A count and its noun, plural when it is not 1.

    >>> counted(1, "Burn marker"), counted(2, "Burn marker"), counted(0, "die", "dice")
    ('1 Burn marker', '2 Burn markers', '0 dice')
    """
    return f"{n} {word if n == 1 else many or word + 's'}"
