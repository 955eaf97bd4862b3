"""Dealing, table options, the content (13 emotions x 3) and the game object's contract."""

from __future__ import annotations

from collections import Counter

import pytest

from tablegames.engine import IllegalMove, get_game
from tablegames.engine.faces.cards import DECK, EMOTIONS, NAMES, emotion_name
from tablegames.engine.faces.rules import all_cards

from .conftest import FACES, main, names, refused


def test_registered_under_faces() -> None:
    assert get_game("faces") is FACES
    assert FACES.name == "faces" and FACES.min_players == 2 and FACES.max_players == 5


def test_thirteen_emotions_three_cards_each() -> None:
    assert [e["n"] for e in EMOTIONS] == list(range(1, 14))
    assert len(DECK) == 39 and set(Counter(DECK).values()) == {3}
    assert emotion_name(6) == "happy" and emotion_name(6, "pt-BR") == "feliz"
    assert "excited" in NAMES["en"].values()
    for lang in ("en", "pt-BR"):  # clear and distinct names in both languages
        assert len(set(NAMES[lang].values())) == 13


@pytest.mark.parametrize(("n", "per_player", "pile"), [(3, 10, 9), (4, 8, 7), (5, 6, 9)])
def test_deal_by_player_count(n: int, per_player: int, pile: int) -> None:
    s = FACES.new(names(n), {}, seed=42)
    assert [len(h) for h in s.hands] == [per_player] * n
    assert len(s.pile) == pile
    assert all_cards(s) == Counter(DECK)
    assert s.phase == "passing" and s.pass_round == 1
    assert all(list(h) == sorted(h) for h in s.hands)
    assert s.events[0] == {"type": "deal", "pile": pile}


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    a, b = FACES.new(names(4), {}, seed=7), FACES.new(names(4), {}, seed=7)
    assert a == b
    assert FACES.new(names(4), {}, seed=8).hands != a.hands


def test_to_json_matches_the_core_serialiser() -> None:
    from tablegames.engine.core import dumps

    s = FACES.new(names(4), {"oldest": 2}, seed=3)
    assert FACES.to_json(s) == dumps(s)
    m = FACES.new(names(2), {"variant": "memory", "pairs": 13}, seed=3)
    assert FACES.to_json(m) == dumps(m)


def test_seed_is_chosen_when_missing() -> None:
    s = FACES.new(names(3))
    assert isinstance(s.seed, int)


@pytest.mark.parametrize(("variant", "n"), [("main", 2), ("main", 6), ("memory", 1), ("memory", 5)])
def test_player_count(variant: str, n: int) -> None:
    with pytest.raises(IllegalMove) as info:
        FACES.new(names(n), {"variant": variant})
    assert info.value.code == "player_count"
    assert info.value.params["count"] == n


def test_player_range() -> None:
    assert FACES.player_range({}) == (3, 5)
    assert FACES.player_range({"variant": "memory"}) == (2, 4)


@pytest.mark.parametrize("options", [
    {"variant": "poker"}, {"oldest": -1}, {"oldest": 5}, {"oldest": "Ana"}, {"oldest": True},
    {"pairs": 12}, {"timer": 30}, {"stack": [1, 2]},
])
def test_bad_options(options: dict) -> None:
    with pytest.raises(IllegalMove) as info:
        FACES.check_options(options)
    assert info.value.code == "bad_option"
    assert info.value.params["option"] in options


def test_oldest_must_be_a_seated_player() -> None:
    FACES.check_options({"oldest": 4})  # fine while nobody is seated yet
    with pytest.raises(IllegalMove) as info:
        FACES.new(names(3), {"oldest": 3})
    assert info.value.code == "bad_option"


def test_check_options_defaults() -> None:
    assert FACES.check_options({}) == {"variant": "main", "oldest": 0, "turn_timer": "off"}
    assert FACES.check_options({"variant": "memory"}) == {"variant": "memory", "oldest": 0,
                                                          "pairs": 10, "turn_timer": "off"}


def test_public_options_hide_the_stack() -> None:
    opts = {"oldest": 1, "stack": {"hands": [[1], [2], [3]]}}
    assert FACES.public_options(opts) == {"oldest": 1}


def test_players_must_be_names() -> None:
    with pytest.raises(IllegalMove) as info:
        FACES.new("abc")  # type: ignore[arg-type]
    assert info.value.code == "bad_players_list"


@pytest.mark.parametrize("stack", [
    {"hands": [[1, 1, 1, 1], [2], [3]]},  # four cards of emotion 1
    {"hands": [[1], [2]]},  # one hand missing
    {"hands": [[1], [2], [14]]},  # no card 14
    {"hands": [[1], [2], [3]], "pile": "abc"},
])
def test_bad_stacks(stack: dict) -> None:
    with pytest.raises(IllegalMove) as info:
        FACES.new(names(3), {"stack": stack})
    assert info.value.code == "bad_option"


def test_stacked_pile_is_drawn_in_order() -> None:
    s = main([[1, 2, 3], [4, 5, 6], [7, 8, 9]], pile=[10, 11])
    assert s.pile[-1] == 10 and s.pile[-2] == 11
    assert len(s.pile) == 39 - 9
    assert all_cards(s) == Counter(DECK)


def test_result_is_none_while_playing() -> None:
    assert FACES.result(main([[1, 2, 3], [4, 5, 6], [7, 8, 9]])) is None


def test_bad_seat_and_malformed_moves() -> None:
    s = main([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    refused(s, 3, {"type": "stop"}, "bad_seat")
    refused(s, -1, {"type": "stop"}, "bad_seat")
    refused(s, True, {"type": "stop"}, "bad_seat")
    refused(s, 0, "stop", "bad_move")
    refused(s, 0, {"card": 1}, "bad_move")
    refused(s, 0, {"type": "play", "card": 1}, "unknown_move")
    refused(s, 0, {"type": "choose_pass", "card": 1, "colour": "r"}, "bad_move")
    refused(s, 0, {"type": "pick", "pos": 0}, "wrong_variant")
    assert FACES.legal_moves(s, 7) == [] and FACES.legal_moves(s, "0") == []  # type: ignore[arg-type]
