"""One versioned cache for everything built from a room's version.

A committed version never changes, so anything computed from it (the engine state, the
public facts, a seat's screen) stays true for that version. Each entry keeps only the
newest version of its key; the least recently stored key goes first once the cache is
full. The database stays the truth: an entry is used only for the version asked for.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class VersionedCache(Generic[V]):
    """``key -> (version, value)``, bounded, newest version only.

    >>> cache = VersionedCache(size=2)
    >>> cache.put("ABCD", 3, "state 3")
    >>> cache.get("ABCD", 3), cache.get("ABCD", 2)
    ('state 3', None)
    >>> cache.put("BCDF", 1, "b"); cache.put("CDFG", 1, "c")  # "ABCD" is the oldest: it goes
    >>> cache.get("ABCD", 3), len(cache)
    (None, 2)
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: dict[Hashable, tuple[int, V]] = {}

    def get(self, key: Hashable, version: int) -> V | None:
        """The value stored for ``key`` at exactly ``version`` (None: not held)."""
        entry = self._entries.get(key)
        return entry[1] if entry is not None and entry[0] == version else None

    def last(self, key: Hashable) -> V | None:
        """The value stored for ``key``, whatever its version (None: none)."""
        entry = self._entries.get(key)
        return entry[1] if entry is not None else None

    def newest(self, key: Hashable) -> int | None:
        """The version stored for ``key`` (None: none)."""
        entry = self._entries.get(key)
        return entry[0] if entry is not None else None

    def put(self, key: Hashable, version: int, value: V) -> None:
        """Stores ``value`` for ``key`` at ``version`` (replacing any older version)."""
        self._entries.pop(key, None)
        self._entries[key] = (version, value)
        if len(self._entries) > self.size:
            self._entries.pop(next(iter(self._entries)))

    def drop(self, match: Any) -> None:
        """Forgets ``match`` (a key), or every key for which ``match(key)`` is true."""
        if callable(match):
            for key in [k for k in self._entries if match(k)]:
                del self._entries[key]
        else:
            self._entries.pop(match, None)

    def clear(self) -> None:
        """Forgets everything (what a process restart does)."""
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
