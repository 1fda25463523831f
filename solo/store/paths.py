"""The person's own folders for solo: data (their deck sets), config, cache.

Each is ``$SOLO_DATA_DIR`` (``$SOLO_CONFIG_DIR``, ``$SOLO_CACHE_DIR``) when set, else the
platform's user folder of that kind.  Found without importing pathlib or platformdirs in the
plain Linux cases (a few milliseconds of every deck command's start).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["user_folder", "user_folder_text"]


def user_folder(env: str, kind: str) -> Path:
    """``$env`` if set, else the platform's user folder of ``kind`` ("data", "config") for
    solo."""
    from pathlib import Path

    return Path(user_folder_text(env, kind))


def user_folder_text(env: str, kind: str) -> str:
    """:func:`user_folder` as text, found without pathlib."""
    value = os.environ.get(env)
    if value:
        return os.path.expanduser(value)
    fast = _xdg_folder(kind)
    if fast is not None:
        return fast
    import platformdirs

    return str(getattr(platformdirs, f"user_{kind}_dir")("solo"))


#: The XDG variable and default of each kind of user folder (Linux).
_XDG = {"data": ("XDG_DATA_HOME", ".local/share"), "config": ("XDG_CONFIG_HOME", ".config"),
        "cache": ("XDG_CACHE_HOME", ".cache")}


def _xdg_folder(kind: str) -> str | None:
    """On Linux, in the plain cases, the folder ``platformdirs.user_{kind}_dir("solo")`` gives,
    found without importing platformdirs (a few milliseconds of every deck command's start):
    ``$XDG_DATA_HOME/solo`` (``$XDG_CONFIG_HOME``) when that is an absolute path, else
    ``$HOME/.local/share/solo`` (``.config``) when it is unset or empty and ``$HOME`` is
    absolute.  Anything else (another system, a relative path) is left to platformdirs: None."""
    import sys

    if not sys.platform.startswith("linux") or kind not in _XDG:
        return None
    var, default = _XDG[kind]
    value = os.environ.get(var, "")
    if value.startswith("/"):
        return os.path.join(value, "solo")
    home = os.environ.get("HOME", "")
    if value or not home.startswith("/"):
        return None
    return os.path.join(home, default, "solo")
