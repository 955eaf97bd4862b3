"""Upwords tiles, board geometry and scoring numbers (read from ``tiles.json``).

Tile letters are ``A``-``Z``; ``Q`` is the single Qu tile and reads "QU" in a word.
English tables use the rulebook's 100 tiles (:data:`DISTRIBUTION`); Portuguese tables the
100 tiles derived from the Portuguese word list (``data/tiles-pt.json``, written by
``build_words.py``): :func:`distribution` gives a language's tiles.
Squares are ``(row, col)`` with rows and columns 0-9 from the top left; the board is a
tuple of 100 stacks (row-major), each stack a string of letters from the bottom up.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

_DATA = json.loads(Path(__file__).with_name("tiles.json").read_text(encoding="utf-8"))

DISTRIBUTION: dict[str, int] = dict(_DATA["distribution"])
_PT_PATH = Path(__file__).with_name("data") / "tiles-pt.json"
# (missing only while build_words.py makes it the first time)
_PT = json.loads(_PT_PATH.read_text(encoding="utf-8")) if _PT_PATH.exists() else _DATA
DISTRIBUTIONS: dict[str, dict[str, int]] = {"en": DISTRIBUTION, "pt": dict(_PT["distribution"])}
LETTERS: frozenset[str] = frozenset(DISTRIBUTION)
SIZE: int = _DATA["board_size"]
CELLS: int = SIZE * SIZE
CENTER: frozenset[tuple[int, int]] = frozenset(tuple(c) for c in _DATA["center"])
RACK_SIZE: int = _DATA["rack_size"]
MAX_HEIGHT: int = _DATA["max_height"]
FLAT_PER_TILE: int = _DATA["scoring"]["flat_per_tile"]
QU_FLAT_BONUS: int = _DATA["scoring"]["qu_flat_bonus"]
ALL_TILES_BONUS: int = _DATA["scoring"]["all_tiles_bonus"]
LEFTOVER_PENALTY: int = _DATA["scoring"]["leftover_penalty"]

EMPTY_BOARD: tuple[str, ...] = ("",) * CELLS


def distribution(language: str = "en") -> dict[str, int]:
    """How many tiles of each letter a game in ``language`` (``"en"``, ``"pt"``) has."""
    return DISTRIBUTIONS[language]


def all_tiles(language: str = "en") -> list[str]:
    """The 100 tiles of ``language`` in letter order."""
    return [letter for letter, n in sorted(DISTRIBUTIONS[language].items()) for _ in range(n)]


def spell(letters: Iterable[str]) -> str:
    """The word a row of tiles reads: ``spell("QIT") == "QUIT"``."""
    return "".join("QU" if c == "Q" else c for c in letters)


def face(letter: str) -> str:
    """A tile as printed: ``"Qu"`` for the Qu tile, else the letter."""
    return "Qu" if letter == "Q" else letter


def index(row: int, col: int) -> int:
    """The board index of a square."""
    return row * SIZE + col
