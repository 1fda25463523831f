"""The ratings cache on disk: the person's own ratings (a JSON file in their cache folder,
written atomically) over the ones shipped with solo (``decks/ratings.json``, read only).
A damaged or unwritable file costs time, never a rating: it is only a cache."""

from __future__ import annotations

import json
from pathlib import Path

from solo.core.errors import SoloError, read_text
from solo.engine.ratings import Rating


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
        own[key] = rating.to_dict()
        if self.path is None:
            return
        from solo.core.errors import InvalidInput, describe_os_error
        from solo.store.files import write_atomic

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, json.dumps(own, sort_keys=True, separators=(",", ":")) + "\n", "ratings cache")
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
