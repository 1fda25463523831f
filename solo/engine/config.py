"""Remembered settings for `solo play`: your usual mage, the Dummy Mage, its deck set, the dice,
who draws its cards, its life, and the screen's layout: what each may be, and where a value comes
from.

Where a setting comes from, first match wins: the command line, then the environment
(``SOLO_MAGE``, ``SOLO_DM_MAGE``, ``SOLO_DECKS``, ``SOLO_DICE``, ``SOLO_DRAW``, ``SOLO_DM_LIFE``,
``SOLO_LAYOUT``),
then the config file (``config.toml`` in the user config folder, or ``$SOLO_CONFIG_DIR``), then
the built-in defaults.  ``solo config`` shows each value with its source and changes the file
(:mod:`solo.store.config` reads and writes it).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from solo.core.errors import InvalidInput, NumberTooBig, read_int
from solo.store.config import config_dir, config_path, read_raw, write

__all__ = ["Key", "KEYS", "Resolved", "read_file", "resolve", "config_dir", "config_path", "write"]


@dataclass(frozen=True)
class Key:
    """One setting: its name, environment variable and default."""

    name: str
    env: str
    default: str | int | None
    help: str
    check: Callable[[str], str | int | None]


def _mage(value: str) -> str:
    from solo.cards.catalog import get_catalog  # (only when a mage is checked)

    return get_catalog().mage(value).name


def _decks(value: str) -> str:
    from solo.decks.sets import resolve  # (only when a deck set is checked)

    resolve(value)  # a name of a set that exists, or a readable file
    return value


def _one_of(*options: str) -> Callable[[str], str]:
    def check(value: str) -> str:
        v = value.strip().lower()
        if v not in options:
            raise InvalidInput(f"{value!r} is not one of {', '.join(options)}")
        return v
    return check


def _life(value: str) -> int | None:
    if str(value).strip().lower() in ("", "card", "standard", "none"):
        return None
    try:
        n = read_int(str(value).strip(), "life")
    except NumberTooBig:
        raise
    except ValueError:
        raise InvalidInput(f"{value!r} is not a number of life points (1 to 200, or 'card')") from None
    if not 1 <= n <= 200:
        raise InvalidInput(f"{n} life is out of range (1 to 200, or 'card' for the mage card's)")
    return n


KEYS: dict[str, Key] = {k.name: k for k in (
    Key("mage", "SOLO_MAGE", "Beastmaster", "your mage", _mage),
    Key("dm_mage", "SOLO_DM_MAGE", "Warlock", "the Dummy Mage's mage", _mage),
    Key("decks", "SOLO_DECKS", "Starter", "the Dummy Mage's deck set (a name or a file)", _decks),
    Key("dice", "SOLO_DICE", "solo", "who rolls: solo, or physical (you type the results)",
        _one_of("solo", "physical")),
    Key("draw", "SOLO_DRAW", "solo", "who draws its cards: solo, or you", _one_of("solo", "you")),
    Key("dm_life", "SOLO_DM_LIFE", None, "the Dummy Mage's life (card: its mage card's)", _life),
    Key("layout", "SOLO_LAYOUT", "auto", "the screen of solo play: full (the map with every "
        "step that changes it), compact (one status line, the map only when it fits), or auto "
        "(compact on a terminal of fewer than 30 rows)", _one_of("auto", "full", "compact")),
)}


def read_file(path: Path | None = None,
              only: tuple[str, ...] | None = None) -> dict[str, str | int | None]:
    """The config file's settings (or those ``only`` names), checked; a missing file is an
    empty one."""
    path = path or config_path()
    raw = read_raw(path)
    out = {}
    for k, v in raw.items():
        if k not in KEYS:
            raise InvalidInput(f"{path}: unknown setting {k!r}; the settings are "
                               + ", ".join(KEYS))
        if only is not None and k not in only:
            continue
        try:
            out[k] = KEYS[k].check(str(v))
        except InvalidInput as err:
            raise InvalidInput(f"{path}: {k}: {err}") from None
    return out


@dataclass
class Resolved:
    """A setting's value and where it came from."""

    value: str | int | None
    source: str  # "command line", "environment (SOLO_X)", "config file", "default"


def resolve(flags: dict[str, str | int | None], path: Path | None = None,
            only: tuple[str, ...] | None = None) -> dict[str, Resolved]:
    """Every setting (or those ``only`` names) with where it came from: flags first, then
    environment, file, default."""
    file = read_file(path, only)
    out = {}
    for name, key in KEYS.items():
        if only is not None and name not in only:
            continue
        if flags.get(name) is not None:
            out[name] = Resolved(flags[name], "command line")
        elif os.environ.get(key.env):
            try:
                out[name] = Resolved(key.check(os.environ[key.env]), f"environment ({key.env})")
            except InvalidInput as err:
                raise InvalidInput(f"{key.env}: {err}") from None
        elif name in file:
            out[name] = Resolved(file[name], "config file")
        else:
            out[name] = Resolved(key.default, "default")
    return out
