"""Chá da Tarde: every category, letters of the Letter Card, the Mandatory Letter at least once,
no peeking."""

from __future__ import annotations

from .conftest import (
    G,
    answer,
    check_components,
    events,
    judge,
    make,
    refused,
    reveal,
    win_race,
)

RAFAEL = {0: "Turmalina", 1: "Patrícia", 2: "Motocicleta", 3: "Milk Shake"}


def test_rafaels_example_scores() -> None:
    # Category Card red-01 (Pedras preciosas, Nomes femininos, Eu queria andar de…, Coisas
    # geladas); Letter Card blue-01 holds M (red bubble), T, P and A.
    s = win_race(reveal(make(mode="cha_da_tarde")), 1)
    s = answer(s, RAFAEL)
    assert s.phase == "judging" and s.answer["ok"]
    assert s.answer["mandatory"] == 2  # Motocicleta and Milk Shake
    s = judge(s, True)
    assert s.won[1] == ("red-01",) and s.category == "blue-01" and s.opener == 1
    check_components(s)


def test_every_category_must_be_answered() -> None:
    s = win_race(reveal(make(mode="cha_da_tarde")), 1)
    three = {k: v for k, v in RAFAEL.items() if k != 3}
    refused(s, 1, {"type": "answer", "texts": {str(k): v for k, v in three.items()}},
            "answer_all_categories")


def test_initials_come_from_the_letter_card() -> None:
    s = win_race(reveal(make(mode="cha_da_tarde")), 1)
    s = answer(s, {**RAFAEL, 1: "Beatriz"})  # B is not on blue-01
    assert s.phase == "reading" and s.benched == (1,)
    assert s.discard == ("red-01",) and s.category == "blue-01"
    assert s.history[-1]["result"] == "check"


def test_the_mandatory_letter_at_least_once() -> None:
    s = win_race(reveal(make(mode="cha_da_tarde")), 1)
    s2 = answer(s, {0: "Topázio", 1: "Paula", 2: "Trem", 3: "Picolé"})  # T and P only
    assert events(s2, "check_failed") and s2.benched == (1,)
    s3 = win_race(reveal(make(mode="cha_da_tarde", auto_check="advisory")), 1)
    s3 = answer(s3, {0: "Topázio", 1: "Paula", 2: "Trem", 3: "Picolé"})
    assert s3.phase == "judging"
    assert s3.answer["checks"][-1] == {"rule": "mandatory_used", "category": None, "count": 0,
                                      "ok": False}


def test_no_peeking_hides_the_categories_from_the_table_and_the_answerer() -> None:
    s = reveal(make(mode="cha_da_tarde"))
    assert not G.view(s, None)["categories_hidden"]
    s = win_race(s, 1)
    table, answerer, judge_view = G.view(s, None), G.view(s, 1), G.view(s, 2)
    assert table["categories_hidden"] and answerer["categories_hidden"]
    assert "categories" not in table["category_card"] and "id" not in table["category_card"]
    assert table["category_card"]["suit"] == "red"
    assert not judge_view["categories_hidden"]
    assert len(judge_view["category_card"]["categories"]) == 4
    s = answer(s, RAFAEL)  # judging: the answer is given, the card is shown again
    assert not G.view(s, None)["categories_hidden"]


def test_no_peeking_can_be_switched_off() -> None:
    s = win_race(reveal(make(mode="cha_da_tarde", no_peeking=False)), 1)
    assert not G.view(s, None)["categories_hidden"]


def test_tome_lhe_tapao_never_hides() -> None:
    s = win_race(reveal(make(mode="tome_lhe_tapao")), 1)
    assert not G.view(s, None)["categories_hidden"]


def test_a_spoken_answer_is_judged_by_the_table() -> None:
    s = win_race(reveal(make(mode="cha_da_tarde")), 2)
    s = answer(s)
    assert s.phase == "judging" and s.answer["spoken"]
    refused(s, 2, {"type": "answer", "spoken": True}, "not_answering")
    s = judge(s, False)
    assert s.benched == (2,) and s.discard == ("red-01",)


def test_a_category_field_is_not_for_every_category_answers() -> None:
    s = win_race(reveal(make(mode="cha_da_tarde")), 2)
    refused(s, 2, {"type": "answer", "spoken": True, "category": 1}, "bad_move")
    refused(s, 2, {"type": "answer", "spoken": True, "mandatory": 2}, "bad_move")
