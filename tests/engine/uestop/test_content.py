"""The UeStop! content (cards.json): counts, suits, letters, categories, both languages."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tablegames.engine.uestop import cards
from tablegames.engine.uestop.cards import (
    ACTION_CARDS,
    ALL_COMPONENTS,
    CUSTOM,
    LETTER_DISTRIBUTION,
    NUMBER_LENGTH,
    PRINTED,
    SUIT_INFO,
    SUITS,
    VICTORY_CARD,
    categories_of,
    mandatory_letter,
)
from tablegames.engine.uestop.text import fold, letters_of

RAW = json.loads((Path(cards.__file__).with_name("cards.json")).read_text(encoding="utf-8"))
RARE = set("KWXYZ")


def test_component_counts() -> None:
    assert len(PRINTED) == 48
    assert len(CUSTOM) == 4
    assert len(NUMBER_LENGTH) == 5
    assert len(ACTION_CARDS) == 6
    assert VICTORY_CARD == "victory"
    assert len(ALL_COMPONENTS) == len(set(ALL_COMPONENTS)) == 48 + 4 + 5 + 6 + 1


def test_four_suits_each_one_colour_and_one_shape() -> None:
    assert len(SUITS) == 4
    shapes = [SUIT_INFO[s]["shape"] for s in SUITS]
    assert len(set(shapes)) == 4
    for s in SUITS:
        for key in ("name", "shape_name"):
            assert set(SUIT_INFO[s][key]) == {"pt-BR", "en"}
    # the rulebook's example: a red card with a square bubble
    assert SUIT_INFO["red"]["shape"] == "square"


def test_twelve_printed_cards_per_suit_and_one_blank_each() -> None:
    assert Counter(c.suit for c in PRINTED) == {s: 12 for s in SUITS}
    assert Counter(c.suit for c in CUSTOM) == {s: 1 for s in SUITS}


@pytest.mark.parametrize("card", PRINTED + CUSTOM, ids=lambda c: c.id)
def test_every_card_has_four_different_letters_one_per_bubble(card) -> None:
    assert set(card.letters) == set(SUITS)
    letters = list(card.letters.values())
    assert all(len(x) == 1 and "A" <= x <= "Z" for x in letters)
    assert len(set(letters)) == 4


def test_every_printed_card_has_four_categories_in_both_languages() -> None:
    for card in PRINTED:
        assert len(card.categories) == 4, card.id
        for cat in card.categories:
            assert set(cat) == {"pt-BR", "en"}, card.id
            assert all(isinstance(v, str) and v.strip() == v and 3 <= len(v) <= 40
                       for v in cat.values()), cat


def test_192_categories_without_duplicates_in_either_language() -> None:
    cats = [c for card in PRINTED for c in card.categories]
    assert len(cats) == 192
    for lang in ("pt-BR", "en"):
        folded = [letters_of(c[lang]) for c in cats]
        dupes = [k for k, n in Counter(folded).items() if n > 1]
        assert not dupes, f"{lang} duplicates: {dupes}"


def test_the_rulebook_examples_are_on_the_cards() -> None:
    pt = {c["pt-BR"] for card in PRINTED for c in card.categories}
    for name in ("Pedras preciosas", "Nomes femininos", "Eu queria andar de…", "Coisas geladas",
                 "Brinquedos", "Tenho saudades de…"):
        assert name in pt
    # the example card of the rulebook (Rafael's answers)
    first = cards.WORD_CARDS["red-01"]
    assert [c["pt-BR"] for c in first.categories] == [
        "Pedras preciosas", "Nomes femininos", "Eu queria andar de…", "Coisas geladas"]


def test_letters_follow_brazilian_stop_habits() -> None:
    total = Counter(l for card in PRINTED for l in card.letters.values())
    assert sum(total.values()) == 192
    assert not {"K", "W", "X", "Y"} & set(total)
    assert sum(total[l] for l in RARE) <= 2
    assert total["Q"] <= 2
    common = "ABCLMPRST"
    assert all(total[l] >= 10 for l in common)
    # no letter dominates: the most frequent is at most twice the typical one
    assert max(total.values()) <= 12
    # no card pairs two of the hard letters
    for card in PRINTED:
        assert len(set(card.letters.values()) & set("HQUZ")) <= 1, card.id


def test_the_documented_distribution_matches_the_cards() -> None:
    total = Counter(l for card in PRINTED for l in card.letters.values())
    assert dict(total) == LETTER_DISTRIBUTION["total"]
    for s in SUITS:
        column = Counter(card.letters[s] for card in PRINTED)
        assert dict(column) == LETTER_DISTRIBUTION["per_bubble"][s]
        assert sum(column.values()) == 48
        # each bubble offers about the same letters: the Mandatory Letter is as fair
        # whatever suit the Category Card has
        assert max(column.values()) <= 3


def test_number_cards_are_sensible_word_lengths() -> None:
    assert sorted(NUMBER_LENGTH.values()) == [4, 5, 6, 7, 8]


def test_mandatory_letter_is_the_bubble_of_the_category_suit() -> None:
    # Category Card red (square): the Letter Card's red/square bubble
    assert mandatory_letter("red-01", "blue-01") == cards.WORD_CARDS["blue-01"].letters["red"] == "M"
    letter_card = next(c for c in PRINTED if c.letters["red"] == "V")
    assert mandatory_letter("red-05", letter_card.id) == "V"
    assert mandatory_letter("blue-01", "red-01") == cards.WORD_CARDS["red-01"].letters["blue"]


def test_custom_cards_take_the_hosts_categories() -> None:
    texts = [("Coisas do vovô", "Jogos da Ana", "Comidas do sítio", "Lugares de Minas")]
    cats = categories_of("custom-red", texts)
    assert [c["pt-BR"] for c in cats] == list(texts[0])
    assert all(c["en"] == c["pt-BR"] for c in cats)


def test_suitable_for_family_play() -> None:
    # a light screen: no word from a small list of things a family table would not want
    banned = {"CERVEJA", "VINHO", "CACHACA", "ARMA", "SEXO", "DROGA", "MORTE", "BEER", "WINE",
              "GUN", "DEATH"}
    for card in PRINTED:
        for cat in card.categories:
            words = set(fold(cat["pt-BR"] + " " + cat["en"]).replace("…", " ").split())
            assert not words & banned, cat
