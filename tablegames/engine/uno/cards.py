"""UNO cards: the three decks (read from ``decks.json``), card codes and their values.

A card code is a colour letter and a face (``r7``, ``gS``, ``b+2``, ``yR``) or a wild
(``W``, ``W+4``, ``WS`` swap hands, ``WC1``-``WC3`` customizable, ``WG`` Greyskull).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import NamedTuple

_DATA = json.loads((Path(__file__).with_name("decks.json")).read_text(encoding="utf-8"))

EDITIONS: tuple[str, ...] = tuple(_DATA["editions"])
VALUES: dict[str, int] = _DATA["values"]
HOUSE_RULES: dict[str, dict] = {k: v for k, v in _DATA["house_rules"].items() if k != "_doc"}
DEFAULT_HOUSE_RULES: tuple[str, ...] = tuple(_DATA["default_house_rules"])
ALL_COLORS = ("r", "y", "g", "b", "p")
WILD_FACES = ("W", "W+4", "WS", "WC", "WG")
NUMBER_FACES = tuple("0123456789")
MAX_CUSTOM = 3


class Card(NamedTuple):
    """What a card code means."""

    color: str  # "" for wilds
    face: str  # "0".."9", "S", "R", "+2", "W", "W+4", "WS", "WC", "WG"
    value: int
    is_wild: bool


def _parse(code: str) -> Card:
    if code.startswith("W"):
        face = "WC" if code[:2] == "WC" and code[2:] in ("1", "2", "3") else code
        if face not in WILD_FACES or (face == "WC" and len(code) != 3):
            raise KeyError(code)
        return Card("", face, VALUES[face], True)
    color, face = code[:1], code[1:]
    if color not in ALL_COLORS or face not in NUMBER_FACES + ("S", "R", "+2"):
        raise KeyError(code)
    return Card(color, face, int(face) if face in NUMBER_FACES else VALUES[face], False)


# Every card code of every edition, parsed once: the rules look cards up in these tables.
CARDS: dict[str, Card] = {
    code: _parse(code)
    for code in [c + f for c in ALL_COLORS for f in (*NUMBER_FACES, "S", "R", "+2")]
    + ["W", "W+4", "WS", "WC1", "WC2", "WC3", "WG"]
}
COLOR_OF: dict[str, str] = {code: info.color for code, info in CARDS.items()}  # "" for wilds
FACE_OF: dict[str, str] = {code: info.face for code, info in CARDS.items()}
WILDS: frozenset[str] = frozenset(code for code, info in CARDS.items() if info.is_wild)


def card_info(code: str) -> Card:
    """What a card code means.

    Raises:
        KeyError: if ``code`` is not a card of any deck.
    """
    try:
        return CARDS[code]
    except (KeyError, TypeError):
        raise KeyError(code) from None


def is_card(code: object) -> bool:
    """True when ``code`` is a well-formed card code."""
    return isinstance(code, str) and code in CARDS


@cache
def colors(edition: str) -> tuple[str, ...]:
    """The four colours of an edition."""
    return tuple(_DATA["editions"][edition]["colors"])


@cache
def build_deck(edition: str, custom_cards: int = MAX_CUSTOM) -> tuple[str, ...]:
    """Every card of an edition, in a fixed order.

    Args:
        edition: "classic", "plus" or "motu".
        custom_cards: how many Customizable Wilds the table uses (Plus only, 0-3).
    """
    spec = _DATA["editions"][edition]
    deck: list[str] = []
    for color in spec["colors"]:
        for face, copies in spec["per_color"].items():
            deck += [color + face] * copies
    for face, copies in spec["wilds"].items():
        if face == "WC":
            deck += [f"WC{i}" for i in range(1, min(copies, custom_cards) + 1)]
        else:
            deck += [face] * copies
    return tuple(deck)


def hand_points(hand: tuple[str, ...] | list[str]) -> int:
    """Points a hand is worth at the end of a hand (numbers at face value)."""
    return sum(card_info(c).value for c in hand)


def dealer_rank(code: str) -> int:
    """Rank when cutting for the dealer: numbers by value, any symbol counts as zero."""
    face = card_info(code).face
    return int(face) if face.isdigit() else 0
