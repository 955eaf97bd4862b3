"""The Upwords word list: which spelled words are legal.

Words are upper-case A-Z with the Qu tile spelled out (tiles ``Q``, ``I``, ``T`` read
``QUIT``). The default list, ``data/words-en.txt``, is generated from the SCOWL-based
en_US Hunspell dictionary by ``build_words.py`` (see there and ``docs/upwords-rules.md``).

:class:`WordList` keeps the words of each length in one ``bytes`` object, sorted, and finds
a word by binary search: about 0.6 MB for 61,649 words, where a ``frozenset`` of ``str``
would take over 6 MB. The file is read once per process (:func:`default_words`).

Anything with ``__contains__`` over upper-case words works as a dictionary for the
engine (a ``set`` in tests, say).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from itertools import groupby
from pathlib import Path

__all__ = ["WordList", "default_words", "DEFAULT_PATH"]

DEFAULT_PATH = Path(__file__).with_name("data") / "words-en.txt"


class WordList:
    """An immutable set of upper-case words A-Z, small in memory.

    Args:
        words: the words (any order, duplicates allowed); each is upper-cased and must
            then be made of the letters A-Z only.

    Raises:
        ValueError: for a word with other characters.
    """

    __slots__ = ("_blobs", "_counts", "_len")

    def __init__(self, words: Iterable[str] = ()) -> None:
        clean = sorted({w.upper().encode("ascii") for w in words}, key=lambda w: (len(w), w))
        for w in clean:
            if not w.isalpha() or not w.isupper():
                raise ValueError(f"not a word of letters A-Z: {w.decode()!r}")
        self._set_blobs(clean)

    def _set_blobs(self, words: list[bytes]) -> None:
        """Groups words sorted by (length, word) into one blob per length."""
        blobs: dict[int, bytes] = {}
        for size, group in groupby(words, key=len):
            blobs[size] = b"".join(group)
        self._blobs = blobs
        self._counts = {size: len(blob) // size for size, blob in blobs.items()}
        self._len = sum(self._counts.values())

    @classmethod
    def from_file(cls, path: str | Path = DEFAULT_PATH) -> WordList:
        """Reads a list written by ``build_words.py``: one upper-case word a line, sorted
        by length and then alphabetically (checked: a file out of order raises ValueError)."""
        data = Path(path).read_bytes()
        words = data.split()
        for a, b in zip(words, words[1:]):  # cheap enough (~10 ms) to check every time
            if (len(a), a) >= (len(b), b):
                raise ValueError(f"{path}: words out of order near {b.decode()!r}")
        if words and not (words[0].isalpha() and words[0].isupper()):
            raise ValueError(f"{path}: not an upper-case word list")
        new = cls.__new__(cls)
        new._set_blobs(words)
        return new

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        size = len(word)
        blob = self._blobs.get(size)
        if blob is None:
            return False
        try:
            key = word.encode("ascii")
        except UnicodeEncodeError:
            return False
        lo, hi = 0, self._counts[size]
        while lo < hi:  # binary search over the fixed-width records of this length
            mid = (lo + hi) // 2
            start = mid * size
            probe = blob[start:start + size]
            if probe < key:
                lo = mid + 1
            elif probe > key:
                hi = mid
            else:
                return True
        return False

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[str]:
        for size in sorted(self._blobs):
            blob = self._blobs[size]
            for start in range(0, len(blob), size):
                yield blob[start:start + size].decode("ascii")

    def nbytes(self) -> int:
        """Bytes held by the word data (the blobs)."""
        return sum(len(b) for b in self._blobs.values())

    def __repr__(self) -> str:
        return f"<WordList of {self._len} words>"


@cache
def default_words() -> WordList:
    """The shipped English list (``data/words-en.txt``), read once per process."""
    return WordList.from_file(DEFAULT_PATH)
