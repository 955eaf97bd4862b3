"""UeStop! components, read from ``cards.json``: suits, Category/Letter cards, Number,
Action and Victory cards.

Card ids: ``red-01`` .. ``yellow-12`` (the 48 printed Category/Letter cards),
``custom-red`` .. ``custom-yellow`` (the 4 customizable blanks), ``number-4`` ..
``number-8`` (Number Cards: the word length), ``action-1`` .. ``action-6`` and
``victory``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

_DATA = json.loads(Path(__file__).with_name("cards.json").read_text(encoding="utf-8"))

LANGS = ("pt-BR", "en")
SUITS: tuple[str, ...] = tuple(_DATA["suits"])  # red, blue, green, yellow
SUIT_INFO: dict[str, dict[str, Any]] = _DATA["suits"]
SHAPE_OF: dict[str, str] = {s: info["shape"] for s, info in SUIT_INFO.items()}


class WordCard(NamedTuple):
    """A Category/Letter card (printed or customizable)."""

    id: str
    suit: str
    letters: Mapping[str, str]  # bubble suit -> letter
    categories: tuple[Mapping[str, str], ...]  # {"pt-BR": ..., "en": ...}; () for a blank
    custom: bool


def _word_card(raw: Mapping[str, Any], custom: bool) -> WordCard:
    cats = tuple(dict(c) for c in raw.get("categories", ()))
    return WordCard(raw["id"], raw["suit"], dict(raw["letters"]), cats, custom)


PRINTED: tuple[WordCard, ...] = tuple(_word_card(c, False) for c in _DATA["cards"])
CUSTOM: tuple[WordCard, ...] = tuple(_word_card(c, True) for c in _DATA["custom_cards"])
WORD_CARDS: dict[str, WordCard] = {c.id: c for c in PRINTED + CUSTOM}
NUMBER_LENGTH: dict[str, int] = {c["id"]: c["length"] for c in _DATA["number_cards"]}
NUMBER_CARDS: tuple[str, ...] = tuple(NUMBER_LENGTH)
ACTION_CARDS: tuple[str, ...] = tuple(_DATA["action_cards"])
VICTORY_CARD: str = _DATA["victory_card"]
LETTER_DISTRIBUTION: dict[str, Any] = _DATA["letter_distribution"]
CATEGORIES_PER_CARD = 4

ALL_COMPONENTS: tuple[str, ...] = (tuple(WORD_CARDS) + NUMBER_CARDS + ACTION_CARDS
                                   + (VICTORY_CARD,))


def is_word_card(card: str | None) -> bool:
    """A Category/Letter card (printed or custom)."""
    return card in WORD_CARDS


def categories_of(card: str, custom_categories: Sequence[Sequence[str]] = ()) -> tuple[dict[str, str], ...]:
    """The four categories of a Category/Letter card, each ``{"pt-BR": ..., "en": ...}``.

    A customizable card carries the host's texts (the same text in both languages).
    """
    info = WORD_CARDS[card]
    if not info.custom:
        return tuple(dict(c) for c in info.categories)
    index = [c.id for c in CUSTOM].index(card)
    return tuple({"pt-BR": text, "en": text} for text in custom_categories[index])


def mandatory_letter(category_card: str, letter_card: str) -> str:
    """The round's Mandatory Letter: on the Letter Card, the letter in the bubble of the
    Category Card's suit (same colour and shape)."""
    return WORD_CARDS[letter_card].letters[WORD_CARDS[category_card].suit]


def card_info(card: str, custom_categories: Sequence[Sequence[str]] = ()) -> dict[str, Any]:
    """A JSON-able description of any component (for views)."""
    if card in WORD_CARDS:
        info = WORD_CARDS[card]
        return {"id": card, "kind": "word", "suit": info.suit, "shape": SHAPE_OF[info.suit],
                "letters": dict(info.letters), "custom": info.custom,
                "categories": [dict(c) for c in categories_of(card, custom_categories)]}
    if card in NUMBER_LENGTH:
        return {"id": card, "kind": "number", "length": NUMBER_LENGTH[card]}
    if card in ACTION_CARDS:
        return {"id": card, "kind": "action"}
    if card == VICTORY_CARD:
        return {"id": card, "kind": "victory"}
    raise KeyError(card)
