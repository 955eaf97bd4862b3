"""Faces content: the 13 emotions and the 39-card deck, read from ``emotions.json``.

A card is its emotion's number, an ``int`` from 1 to 13 (card 6 is "happy"). The three
cards of an emotion are identical, so hands, piles and won cards are tuples of numbers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DATA: dict[str, Any] = json.loads(
    Path(__file__).with_name("emotions.json").read_text(encoding="utf-8"))

COPIES: int = _DATA["copies"]
EMOTIONS: tuple[dict[str, Any], ...] = tuple(_DATA["emotions"])
EMOTION_NUMBERS: tuple[int, ...] = tuple(e["n"] for e in EMOTIONS)
KEYS: dict[int, str] = {e["n"]: e["key"] for e in EMOTIONS}
NAMES: dict[str, dict[int, str]] = {
    lang: {e["n"]: e[lang] for e in EMOTIONS} for lang in ("en", "pt-BR")}
DEAL: dict[int, int] = {int(k): v for k, v in _DATA["deal"].items()}
PLAYERS: dict[str, tuple[int, int]] = {k: (v[0], v[1]) for k, v in _DATA["players"].items()}
GRIDS: dict[int, tuple[int, int]] = {int(k): (v["cols"], v["rows"])
                                     for k, v in _DATA["memory"].items()}
DECK: tuple[int, ...] = tuple(n for n in EMOTION_NUMBERS for _ in range(COPIES))
DECK_SIZE = len(DECK)
SET_SIZE = 3  # "three of the same cards"

assert EMOTION_NUMBERS == tuple(range(1, 14)) and DECK_SIZE == 39 and KEYS[6] == "happy"


def is_emotion(value: object) -> bool:
    """True for a whole number 1-13 (``True``/``False`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in KEYS


def emotion_name(n: int, lang: str = "en") -> str:
    """``6`` -> ``"happy"`` / ``"feliz"`` (data only; pages use the i18n catalogs)."""
    return NAMES["pt-BR" if lang == "pt-BR" else "en"][n]
