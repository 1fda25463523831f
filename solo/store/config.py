"""The config file of `solo play` (``config.toml`` in the user config folder, or
``$SOLO_CONFIG_DIR``): where it is, its settings as written, and writing it atomically.

What each setting means and where a value comes from (command line, environment, file,
default) is :mod:`solo.engine.config`'s.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from solo.core.errors import InvalidInput, describe_os_error, read_text, unreadable
from solo.store.files import write_atomic
from solo.store.paths import user_folder

__all__ = ["config_dir", "config_path", "read_raw", "write"]


def config_dir() -> Path:
    """``$SOLO_CONFIG_DIR`` if set, else the platform's user config folder for solo."""
    return user_folder("SOLO_CONFIG_DIR", "config")


def config_path() -> Path:
    return config_dir() / "config.toml"


def read_raw(path: Path) -> dict[str, Any]:
    """The config file's settings as written (not checked); a missing file is an empty one."""
    if not path.exists():
        return {}
    from solo.core import precheck

    text = read_text(path, "config file", regular=True)  # a named pipe there: refused, not waited on
    too_big = precheck.toml_problem(text)
    if too_big:
        raise InvalidInput(f"{path}: {too_big}; fix it or remove it")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InvalidInput(f"{path}: not valid TOML ({err}); fix it or remove it") from None
    except (ValueError, RecursionError) as err:  # a number too long to read, absurd nesting
        raise InvalidInput(f"{path} cannot be read: {unreadable(err)}; fix it or remove it") from None


def write(values: dict[str, Any], path: Path | None = None) -> Path:
    """Save ``values`` (already checked) as the config file, atomically."""
    import tomli_w

    path = path or config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise InvalidInput(describe_os_error(err, path.parent, "config folder", "create")) from None
    clean = {k: v for k, v in values.items() if v is not None}
    write_atomic(path, tomli_w.dumps(clean), "config file")
    return path
