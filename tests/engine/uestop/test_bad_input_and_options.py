"""Refused moves (a clear code, nothing changes) and table options."""

from __future__ import annotations

import pytest

from tablegames.engine import IllegalMove

from .conftest import T0, G, act, answer, make, refused, reveal, win_race


@pytest.mark.parametrize("seat", [-1, 3, "0", True, None])
def test_no_such_seat(seat) -> None:
    refused(make(), seat, {"type": "reveal"}, "bad_seat", now=T0)


@pytest.mark.parametrize("move,code", [
    ("reveal", "bad_move"),
    ({}, "bad_move"),
    ({"type": 3}, "bad_move"),
    ({"type": "play"}, "unknown_move"),
    ({"type": "reveal", "card": "red-02"}, "bad_move"),
    ({"type": "slap", "seat": 2}, "bad_move"),
])
def test_malformed_moves(move, code) -> None:
    refused(make(), 0, move, code, now=T0)


def test_answers_by_someone_who_did_not_win_the_race() -> None:
    s = win_race(reveal(make()), 1)
    err = refused(s, 2, {"type": "answer", "texts": {"0": "Mármore"}}, "not_answerer")
    assert err.params == {"player": "P1"}
    refused(s, 2, {"type": "give_up"}, "not_answerer")
    refused(make(), 0, {"type": "give_up"}, "not_answering")


@pytest.mark.parametrize("texts,code", [
    ({}, "bad_move"),
    (["Mármore"], "bad_move"),
    ({"4": "Mármore"}, "no_such_category"),
    ({"-1": "Mármore"}, "no_such_category"),
    ({"0": "Mármore", 0: "Maria"}, "no_such_category"),
    ({"0": ""}, "bad_answer_text"),
    ({"0": "   "}, "bad_answer_text"),
    ({"0": "1234"}, "bad_answer_text"),
    ({"0": "M" * 61}, "bad_answer_text"),
    ({"0": "Ma\x00ria"}, "bad_answer_text"),
    ({"0": 42}, "bad_answer_text"),
])
def test_bad_typed_answers(texts, code) -> None:
    s = win_race(reveal(make()), 1)
    refused(s, 1, {"type": "answer", "texts": texts}, code)


def test_bad_answer_text_names_the_answer_by_its_number() -> None:
    s = win_race(reveal(make()), 1)
    err = refused(s, 1, {"type": "answer", "texts": {"2": ""}}, "bad_answer_text")
    assert err.params == {"number": 3, "max": 60}


def test_typed_and_spoken_at_once_or_neither() -> None:
    s = win_race(reveal(make()), 1)
    refused(s, 1, {"type": "answer", "texts": {"0": "Mármore"}, "spoken": True}, "bad_move")
    refused(s, 1, {"type": "answer", "spoken": False}, "bad_move")
    refused(s, 1, {"type": "answer", "spoken": "yes"}, "bad_move")
    refused(s, 1, {"type": "answer", "spoken": True, "category": 9}, "no_such_category")
    refused(s, 1, {"type": "answer", "texts": {"0": "Mármore"}, "category": 0}, "bad_move")
    assert answer(s, {"0": "Mármore"}).phase == "judging"


def test_penalize_outside_a_penalty() -> None:
    refused(make(), 0, {"type": "penalize", "target": 1}, "no_penalty")


def test_the_input_state_is_never_changed() -> None:
    s = reveal(make())
    before = G.to_json(s)
    act(s, 1, {"type": "slap", "t": T0 + 0.3}, T0 + 0.35)
    assert G.to_json(s) == before


# -- options ------------------------------------------------------------------------------

def test_defaults() -> None:
    opts = G.check_options({})
    assert opts == {"mode": "tome_lhe_tapao", "target": 5, "slap_window_ms": 250,
                    "reveal_delay_ms": 300, "max_latency_ms": 1500, "min_reaction_ms": 100, "ties": "accept",
                    "auto_check": "strict", "no_peeking": True, "custom_categories": (),
                    "first": "random", "stack": None, "turn_timer": "off"}


@pytest.mark.parametrize("options,option", [
    ({"mode": "stop"}, "mode"),
    ({"target": 0}, "target"),
    ({"target": 11}, "target"),
    ({"target": True}, "target"),
    ({"slap_window_ms": -1}, "slap_window_ms"),
    ({"slap_window_ms": 2001}, "slap_window_ms"),
    ({"reveal_delay_ms": 5000}, "reveal_delay_ms"),
    ({"max_latency_ms": 10}, "max_latency_ms"),
    ({"ties": "coin"}, "ties"),
    ({"auto_check": "never"}, "auto_check"),
    ({"no_peeking": "yes"}, "no_peeking"),
    ({"first": -1}, "first"),
    ({"first": "oldest"}, "first"),
    ({"colour": "red"}, "colour"),
    ({"custom_categories": "Frutas"}, "custom_categories"),
    ({"custom_categories": [["A", "B", "C"]]}, "custom_categories"),
    ({"custom_categories": [["Frutas", "Frutas", "Cores", "Nomes"]]}, "custom_categories"),
    ({"custom_categories": [["Frutas", "FRUTAS!", "Cores", "Nomes"]]}, "custom_categories"),
    ({"custom_categories": [["Frutas", "", "Cores", "Nomes"]]}, "custom_categories"),
    ({"custom_categories": [["Frutas", "x" * 41, "Cores", "Nomes"]]}, "custom_categories"),
    ({"custom_categories": [["Frutas", "Co\x07res", "Bichos", "Nomes"]]}, "custom_categories"),
    ({"custom_categories": [["Frutas", 7, "Cores", "Nomes"]]}, "custom_categories"),
    ({"custom_categories": [["A1", "B2", "C3", "D4"]] * 5}, "custom_categories"),
    ({"stack": {"deck": ["number-4"]}}, "stack"),  # no Number Cards in Tome-lhe Tapão
    ({"stack": {"category": "number-4"}}, "stack"),
    ({"stack": {"deck": ["red-02", "red-02"]}}, "stack"),
    ({"stack": {"deck": ["custom-red"]}}, "stack"),  # no custom categories given
    ({"stack": {"top": "red-02"}}, "stack"),
])
def test_invalid_options(options, option) -> None:
    with pytest.raises(IllegalMove) as info:
        G.check_options(options)
    assert info.value.code == "invalid_option" and info.value.params == {"option": option}


def test_player_counts() -> None:
    for names, code in ((["A"], "wrong_player_count"), ([f"P{i}" for i in range(9)], "wrong_player_count"),
                        ("AB", "invalid_players"), (["A", ""], "invalid_players"), (["A", 2], "invalid_players")):
        with pytest.raises(IllegalMove) as info:
            G.new(names, {})
        assert info.value.code == code
    with pytest.raises(IllegalMove) as info:
        G.new(["A", "B"], {"first": 2})
    assert info.value.code == "invalid_option"
    assert G.min_players == 2 and G.max_players == 8


def test_custom_categories_join_the_deck() -> None:
    texts = [["Coisas do vovô", "  Jogos   da Ana ", "Comidas do sítio", "Lugares de Minas"],
             ["Bichos da tia", "Séries", "Doces da vó", "Viagens"]]
    s = G.new(["A", "B"], {"custom_categories": texts}, seed=4)
    assert s.options["custom_categories"][0][1] == "Jogos da Ana"
    cards = set(s.deck) | {s.category}
    assert {"custom-red", "custom-blue"} <= cards
    assert {"custom-green", "custom-yellow"} <= set(s.box)
    s = make(custom_categories=texts, category="custom-blue", deck=["custom-red"])
    v = G.view(reveal(s), 0)
    assert [c["pt-BR"] for c in v["category_card"]["categories"]] == texts[1]
    assert v["category_card"]["custom"] and v["mandatory_letter"] == "C"  # custom-red's blue bubble


def test_public_options_hide_the_stack() -> None:
    opts = G.check_options({"stack": {"deck": ["red-02"]}, "target": 3})
    assert "stack" not in G.public_options(opts) and G.public_options(opts)["target"] == 3
    assert "stack" not in G.view(make(), None)["options"]
