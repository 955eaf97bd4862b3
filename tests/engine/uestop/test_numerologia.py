"""Numerologia: Number Cards shuffled into the Word Deck after the first Category Card."""

from __future__ import annotations

from tablegames.engine.uestop.cards import NUMBER_CARDS, PRINTED, WORD_CARDS

from .conftest import (
    T0,
    G,
    act,
    answer,
    check_components,
    events,
    judge,
    make,
    play_round,
    refused,
    reveal,
    settle,
    slap,
    win_race,
)

TOYS = next(c.id for c in PRINTED if any(x["pt-BR"] == "Brinquedos" for x in c.categories))
TOYS_INDEX = [x["pt-BR"] for x in WORD_CARDS[TOYS].categories].index("Brinquedos")


def test_setup_first_category_then_numbers_are_shuffled_in() -> None:
    for seed in range(30):
        s = G.new(["A", "B", "C"], {"mode": "numerologia"}, seed=seed)
        assert s.category in WORD_CARDS  # never a Number Card
        assert set(NUMBER_CARDS) <= set(s.deck)
        assert len(s.deck) == 47 + 5
        check_components(s)
    positions = {G.new(["A", "B"], {"mode": "numerologia"}, seed=seed).deck.index("number-6")
                 for seed in range(30)}
    assert len(positions) > 10  # shuffled, not stuck at one place


def test_rafael_boneca_example() -> None:
    s = reveal(make(mode="numerologia", category=TOYS, deck=["number-6"]))
    assert events(s) == [{"type": "reveal_number", "seat": 0, "card_id": "number-6", "length": 6}]
    v = G.view(s, 1)
    assert v["race"]["slap_target"] == "number" and v["mandatory_letter"] is None
    assert v["number_length"] == 6
    s = win_race(s, 1)
    s = answer(s, {TOYS_INDEX: "Boneca"})
    assert s.answer["ok"] and s.answer["checks"][0]["letters"] == 6
    s = judge(s, True)
    assert s.won[1] == ("number-6",)
    assert s.category == TOYS  # the Category Card stays the same
    assert s.opener == 1
    assert [e["type"] for e in events(s)][-3:] == ["scored", "category_stays", "next_round"]
    check_components(s)


def test_any_first_letter_and_accents_or_spaces_do_not_count() -> None:
    s = win_race(reveal(make(mode="numerologia", category=TOYS, deck=["number-5"])), 2)
    s = answer(s, {TOYS_INDEX: "Pião "})  # 4 letters: fails
    assert s.benched == (2,)
    s = win_race(reveal(make(mode="numerologia", category=TOYS, deck=["number-8"])), 2)
    s = answer(s, {TOYS_INDEX: "Pé-de-lata"})  # P-E-D-E-L-A-T-A: 8 letters
    assert s.phase == "judging" and s.answer["checks"][0]["letters"] == 8
    s = win_race(reveal(make(mode="numerologia", category=TOYS, deck=["number-7"])), 2)
    s = answer(s, {TOYS_INDEX: "Xadrez!"})
    assert s.phase == "reading" and s.history[-1]["result"] == "check"  # 6 letters for a 7
    s = win_race(reveal(make(mode="numerologia", category=TOYS, deck=["number-7"])), 2)
    s = answer(s, {TOYS_INDEX: "Bambolê"})
    assert s.phase == "judging" and s.answer["ok"]


def test_a_wrong_number_answer_discards_the_number_card_and_benches() -> None:
    s = make(mode="numerologia", category=TOYS, deck=["number-4", "blue-01"])
    s = play_round(s, 2, {TOYS_INDEX: "Bola"}, accept=False)
    assert s.discard == ("number-4",) and s.category == TOYS
    assert s.benched == (2,) and s.opener == 0 and s.phase == "reading"
    s = reveal(s, T0 + 20)
    assert s.revealed == "blue-01"  # a new Letter Card is revealed
    refused(s, 2, {"type": "slap"}, "sitting_out", now=T0 + 20.5)


def test_only_one_category_in_a_number_round() -> None:
    s = win_race(reveal(make(mode="numerologia", category=TOYS, deck=["number-4"])), 1)
    refused(s, 1, {"type": "answer", "texts": {"0": "Bola", "1": "Pipa"}}, "answer_one_category")
    refused(s, 1, {"type": "answer", "texts": {"0": "Bola"}, "skip": 1}, "no_skip_here")
    s = answer(s, None, category=TOYS_INDEX)
    assert s.phase == "judging"


def test_letter_rounds_ask_for_every_category() -> None:
    s = win_race(reveal(make(mode="numerologia")), 1)
    refused(s, 1, {"type": "answer", "texts": {"0": "Turmalina"}}, "answer_all_categories")
    s = answer(s, {0: "Turmalina", 1: "Patrícia", 2: "Motocicleta", 3: "Milk Shake"})
    assert s.phase == "judging"


def test_a_number_card_on_a_number_card() -> None:
    s = make(mode="numerologia", category=TOYS, deck=["number-4", "number-5"])
    s = play_round(s, 0, {TOYS_INDEX: "Bola"})
    s = reveal(s, T0 + 30)
    assert s.revealed == "number-5" and s.category == TOYS
    s = slap(s, 1, T0 + 30.2, T0 + 30.3)
    s = settle(s)
    s = act(s, 1, {"type": "give_up"})
    assert s.discard == ("number-5",) and s.category == TOYS
