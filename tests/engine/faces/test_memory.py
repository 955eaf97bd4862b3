"""The Memory variation: lift a card, the left neighbour mimes it, end or try for a pair."""

from __future__ import annotations

from collections import Counter

import pytest

from tablegames.engine.faces.cards import DECK

from .conftest import FACES, act, event_types, memory, names, refused

# place p holds emotion p % 10 + 1: the pair of place p (p < 10) is place p + 10
GRID = [p % 10 + 1 for p in range(20)]


def pick(s, seat, pos):
    return act(s, seat, {"type": "pick", "pos": pos})


def flip(s, seat, pos=None):
    return act(s, seat, {"type": "flip"} if pos is None else {"type": "flip", "pos": pos})


def end_turn(s, seat):
    return act(s, seat, {"type": "end_turn"})


def test_default_layout_ten_pairs_in_a_5x4_grid() -> None:
    s = FACES.new(names(3), {"variant": "memory", "oldest": 2}, seed=3)
    present = [e for e in s.grid if e is not None]
    assert len(s.grid) == 20 and len(present) == 20
    assert set(Counter(present).values()) == {2} and len(set(present)) == 10
    assert len(s.pile) == 19  # the third card of each pair + the 3 emotions not used
    assert Counter(present) + Counter(s.pile) == Counter(DECK)
    assert s.phase == "pick" and s.active == 2  # the oldest player starts
    assert s.hands == ((), (), ()) and event_types(s) == ["layout", "turn"]
    grid = FACES.view(s, None)["grid"]
    assert (grid["cols"], grid["rows"], grid["cards"]) == (5, 4, 20)
    assert all(p["face"] == "down" and "emotion" not in p for p in grid["places"])


def test_all_thirteen_pairs_in_a_7x4_grid() -> None:
    s = FACES.new(names(4), {"variant": "memory", "pairs": 13}, seed=3)
    present = [e for e in s.grid if e is not None]
    assert len(s.grid) == 28 and len(present) == 26 and s.grid[26:] == (None, None)
    assert set(Counter(present).values()) == {2} and len(set(present)) == 13
    assert len(s.pile) == 13
    grid = FACES.view(s, None)["grid"]
    assert (grid["cols"], grid["rows"], grid["cards"]) == (7, 4, 26)
    assert [p["face"] for p in grid["places"][26:]] == ["none", "none"]


def test_the_lifted_card_is_seen_only_by_the_left_neighbour() -> None:
    s = pick(memory(GRID, n=4, oldest=1), 1, 3)
    assert s.phase == "decide" and s.lifted == 3
    assert s.events == ({"type": "pick", "seat": 1, "target": 2, "pos": 3},)
    assert FACES.view(s, 2)["peek"] == {"pos": 3, "emotion": 4}
    for seat in (None, 0, 1, 3):  # not even the active player
        v = FACES.view(s, seat)
        assert "peek" not in v
        assert all("emotion" not in p for p in v["grid"]["places"])
        assert v["mimer"] == 2 and v["lifted"] == 3
    assert FACES.legal_moves(s, 1) == [{"type": "end_turn"}, {"type": "flip", "pos": 3}]
    assert FACES.legal_moves(s, 2) == []


def test_two_players_the_other_player_mimes() -> None:
    s = pick(memory(GRID, n=2, oldest=1), 1, 0)
    assert FACES.view(s, 0)["peek"] == {"pos": 0, "emotion": 1}
    assert "peek" not in FACES.view(s, 1)


def test_end_the_turn_without_trying() -> None:
    s = end_turn(pick(memory(GRID), 0, 5), 0)
    assert event_types(s) == ["end_turn", "turn"]
    assert s.active == 1 and s.phase == "pick" and s.lifted is None
    assert s.grid == tuple(GRID) and s.won == ((), (), ())
    assert "peek" not in FACES.view(s, 1)


def test_turn_over_a_pair() -> None:
    s = flip(pick(memory(GRID), 0, 2), 0)  # the lifted card first (pos may be left out)
    assert s.phase == "flip" and s.flipped == (2,)
    assert s.events == ({"type": "flip", "seat": 0, "pos": 2, "emotion": 3},)
    up = FACES.view(s, None)["grid"]["places"][2]
    assert up == {"pos": 2, "face": "up", "emotion": 3}
    s = flip(s, 0, 12)
    assert event_types(s) == ["flip", "pair", "turn"]
    assert s.won == ((3, 3), (), ()) and s.grid[2] is None and s.grid[12] is None
    assert s.active == 1 and s.phase == "pick"  # the turn is over, pair or not
    shown = FACES.view(s, None)["shown"]
    assert shown == {"seat": 0, "pair": True, "paid": [],
                     "cards": [{"pos": 2, "emotion": 3}, {"pos": 12, "emotion": 3}]}
    refused(s, 1, {"type": "pick", "pos": 2}, "no_card_there")


def test_a_miss_pays_every_other_player_a_card_from_the_pile() -> None:
    s = memory(GRID, n=4, pile=[11, 12, 13], oldest=3)
    s = flip(flip(pick(s, 3, 0), 3, 0), 3, 5)
    assert event_types(s) == ["flip", "miss", "turn"]
    assert s.events[1] == {"type": "miss", "seat": 3, "emotions": (1, 6), "paid": (0, 1, 2),
                           "count": 3}
    assert FACES.view(s, None)["events"][1]["emotions"] == [1, 6]
    assert s.won == ((11,), (12,), (13,), ())  # clockwise from the active player's left
    assert s.grid == tuple(GRID)  # both cards face down again, in their places
    assert s.active == 0 and s.flipped == ()
    v = FACES.view(s, None)
    assert v["shown"]["pair"] is False and v["shown"]["paid"] == [0, 1, 2]
    assert all(p["face"] == "down" for p in v["grid"]["places"])
    s = pick(s, 0, 7)
    assert FACES.view(s, None)["shown"] is None  # the next pick clears the last reveal


def test_an_empty_pile_pays_what_it_can() -> None:
    s = memory(GRID, n=4, pile=[11, 12], exact=True)
    s = flip(flip(pick(s, 0, 0), 0), 0, 1)
    assert s.won == ((), (11,), (12,), ()) and s.pile == ()
    s = flip(flip(pick(s, 1, 0), 1), 1, 1)
    assert s.won == ((), (11,), (12,), ()) and s.events[1]["paid"] == ()


def test_the_game_ends_with_one_pair_left() -> None:
    s = memory(GRID, n=2)
    seat = 0
    for p in range(9):
        s = flip(flip(pick(s, seat, p), seat), seat, p + 10)
        seat = 1 - seat
    assert s.phase == "game_over"
    assert sum(e is not None for e in s.grid) == 2 and s.grid[9] == s.grid[19] == 10
    assert [len(w) for w in s.won] == [10, 8] and s.winners == (0,)
    assert event_types(s)[-1] == "game_over"
    assert FACES.result(s) == {"winners": [0], "scores": [10, 8], "ranking": [0, 1]}
    refused(s, 1, {"type": "pick", "pos": 9}, "game_over")
    assert FACES.view(s, None)["active"] is None


def test_bad_memory_moves() -> None:
    s = memory(GRID, n=3)
    refused(s, 1, {"type": "pick", "pos": 0}, "not_your_turn")
    err = refused(s, 2, {"type": "end_turn"}, "not_your_turn")
    assert err.params == {"player": "P0"}
    refused(s, 0, {"type": "end_turn"}, "pick_first")
    refused(s, 0, {"type": "flip", "pos": 0}, "pick_first")
    for pos in (-1, 20, 25, "3", None, True):
        refused(s, 0, {"type": "pick", "pos": pos}, "no_card_there")
    refused(s, 0, {"type": "choose_pass", "card": 1}, "wrong_variant")
    refused(s, 0, {"type": "stop"}, "wrong_variant")
    refused(s, 0, {"type": "guess", "emotion": 1}, "wrong_variant")
    s = pick(s, 0, 4)
    refused(s, 0, {"type": "pick", "pos": 5}, "already_picked")
    refused(s, 0, {"type": "flip", "pos": 5}, "flip_lifted_first")
    refused(s, 1, {"type": "flip", "pos": 4}, "not_your_turn")
    s = flip(s, 0, 4)
    refused(s, 0, {"type": "end_turn"}, "finish_pair")
    refused(s, 0, {"type": "flip", "pos": 4}, "already_face_up")
    refused(s, 0, {"type": "flip"}, "bad_move")
    refused(s, 0, {"type": "pick", "pos": 5}, "already_picked")
    assert {"type": "flip", "pos": 4} not in FACES.legal_moves(s, 0)
    assert len(FACES.legal_moves(s, 0)) == 19


def test_memory_stack_is_checked() -> None:
    for grid in ([1] * 20, GRID[:18], [p % 10 + 1 for p in range(26)]):
        with pytest.raises(Exception) as info:
            memory(grid)
        assert getattr(info.value, "code", None) == "bad_option"
