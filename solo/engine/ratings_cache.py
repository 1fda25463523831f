"""The ratings cache on disk: the person's own ratings (a JSON file in their cache folder,
written atomically) over the ones shipped with solo (``decks/ratings.json``, read only).
A damaged or unwritable file costs time, never a rating: it is only a cache.

The file is kept under :data:`MOST_BYTES`: each rating keeps every game's luck (about 80
bytes a game), and a file past what solo reads of one (``MAX_INPUT_BYTES``) would be passed
over whole.  The ratings put longest ago make room for a new one."""

from __future__ import annotations

import json
from pathlib import Path

from solo.core.errors import MAX_INPUT_BYTES, SoloError, read_text
from solo.engine.ratings import Rating

#: The most the file may hold: three quarters of what solo reads of a file.
MOST_BYTES = MAX_INPUT_BYTES * 3 // 4
#: Each entry's order of putting (the newest the highest), kept beside its rating.
_PUT = "put"


def _dumped(entries: dict) -> str:
    return json.dumps(entries, sort_keys=True, separators=(",", ":")) + "\n"


def kept_within(entries: dict, most: int = MOST_BYTES) -> dict:
    """``entries`` less the ones put longest ago, until their file takes at most ``most``
    bytes (the newest is always kept)."""
    sizes = {k: len(_dumped({k: v})) for k, v in entries.items()}
    total = len(_dumped(entries))
    if total <= most:
        return entries

    def order(key: str) -> int:
        n = entries[key].get(_PUT) if isinstance(entries[key], dict) else None
        return n if isinstance(n, int) else 0

    kept = dict(entries)
    for key in sorted(kept, key=order)[:-1]:
        if total <= most:
            break
        del kept[key]
        total -= sizes[key] - 3  # (less its own braces and line end: one byte short of its
        #                          comma, so the total never reads low)
    return kept


class Cache:
    """Ratings by :func:`solo.engine.ratings.cache_key`: a JSON file of the person's own (read and written
    atomically), over the ratings shipped with solo (read only)."""

    def __init__(self, path: Path | None, shipped: dict | None = None) -> None:
        self.path = path
        self.shipped = shipped or {}
        self._own: dict | None = None
        #: Why the last rating put could not be kept on disk (None: it was, or none was put).
        self.unsaved: str | None = None

    def _load(self) -> dict:
        if self._own is None:
            self._own = {}
            if self.path is not None:
                try:  # a regular file only: a named pipe put there is passed over, not waited on
                    data = json.loads(read_text(self.path, "ratings cache", regular=True))
                    if isinstance(data, dict):
                        self._own = data
                except (SoloError, ValueError, RecursionError):
                    pass  # no cache yet, or a damaged one: it is only a cache
        return self._own

    def get(self, key: str) -> Rating | None:
        for source in (self._load(), self.shipped):
            found = source.get(key)
            if isinstance(found, dict):
                try:
                    return Rating.from_dict(found)
                except (KeyError, TypeError, ValueError):
                    continue
        return None

    def put(self, key: str, rating: Rating) -> None:
        own = self._load()
        last = max((v.get(_PUT, 0) for v in own.values() if isinstance(v, dict)
                    and isinstance(v.get(_PUT, 0), int)), default=0)
        own[key] = {**rating.to_dict(), _PUT: last + 1}
        own = self._own = kept_within(own, MOST_BYTES)
        if self.path is None:
            return
        from solo.core.errors import InvalidInput, describe_os_error
        from solo.store.files import write_atomic

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, _dumped(own), "ratings cache")
            self.unsaved = None
        except OSError as err:  # costs time next time, nothing more; the caller may say so
            self.unsaved = describe_os_error(err, self.path, "ratings cache")
        except InvalidInput as err:
            self.unsaved = str(err)


def default_cache() -> Cache:
    """The person's cache (``$SOLO_CACHE_DIR`` or the platform's cache folder for solo) over
    the ratings shipped with solo."""
    from solo.cards.catalog import shipped_json
    from solo.store.paths import user_folder

    shipped = shipped_json("ratings.json")
    return Cache(user_folder("SOLO_CACHE_DIR", "cache") / "ratings.json",
                 shipped if isinstance(shipped, dict) else {})
