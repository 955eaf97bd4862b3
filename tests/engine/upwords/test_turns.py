"""Setting up, turns, exchange, pass, the end of the game, options and results.

Rules: upwords.ocr.en.txt ("SETUP", "BASIC TURN", "PASSING"), NOTES.md ("Turn options",
"Game ends ..."), docs/upwords-rules.md (decisions: first player, exchange, passes).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from tablegames.engine.upwords.tiles import DISTRIBUTION
from tests.engine.upwords.conftest import (
    UPWORDS,
    IllegalMove,
    across,
    act,
    all_tiles,
    events,
    make,
    place,
    refused,
)


# -- setting up ----------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_new_game_deals_seven_tiles_each_from_the_hundred(n: int) -> None:
    s = UPWORDS.new([f"P{i}" for i in range(n)], seed=5)
    assert all(len(r) == 7 for r in s.racks)
    assert len(s.bag) == 100 - 7 * n
    assert all_tiles(s) == Counter(DISTRIBUTION) and sum(DISTRIBUTION.values()) == 100
    assert not any(s.board) and s.scores == (0,) * n and s.phase == "play"


def test_the_hundred_tiles_of_the_published_distribution() -> None:
    assert DISTRIBUTION["E"] == 8 and DISTRIBUTION["S"] == 6 and DISTRIBUTION["C"] == 4
    assert [DISTRIBUTION[x] for x in "AIO"] == [7, 7, 7]
    assert [DISTRIBUTION[x] for x in "DLMNRTU"] == [5] * 7
    assert [DISTRIBUTION[x] for x in "BFGHP"] == [3] * 5
    assert [DISTRIBUTION[x] for x in "KWY"] == [2] * 3
    assert [DISTRIBUTION[x] for x in "JQVXZ"] == [1] * 5
    assert sum(DISTRIBUTION.values()) == 100


def test_first_player_is_who_draws_nearest_to_a() -> None:
    for seed in range(30):
        s = UPWORDS.new(["A", "B", "C", "D"], {"first": "draw"}, seed=seed)
        final = s.first_draw[-1]
        best = min(final.values())
        assert [int(p) for p, x in final.items() if x == best] == [s.first]
        for rnd, nxt in zip(s.first_draw, s.first_draw[1:]):  # only tied players draw again
            low = min(rnd.values())
            assert sorted(nxt) == sorted(p for p, x in rnd.items() if x == low)
        assert s.turn == s.first and events(s, "first_player") == [{"type": "first_player", "seat": s.first}]


def test_ties_for_first_draw_again() -> None:
    ties = [s for s in (UPWORDS.new(["A", "B", "C", "D"], seed=k) for k in range(200))
            if len(s.first_draw) > 1]
    assert ties, "some seed should tie"


def test_first_player_by_seat_or_at_random() -> None:
    assert make(players=3, first=2).turn == 2
    seats = {UPWORDS.new(["A", "B", "C"], {"first": "random"}, seed=k).turn for k in range(40)}
    assert seats == {0, 1, 2}


def test_same_seed_same_game() -> None:
    a, b = UPWORDS.new(["A", "B"], seed=9), UPWORDS.new(["A", "B"], seed=9)
    assert UPWORDS.to_json(a) == UPWORDS.to_json(b)
    assert UPWORDS.to_json(a) != UPWORDS.to_json(UPWORDS.new(["A", "B"], seed=10))


def test_stacked_bag_is_drawn_in_order() -> None:
    s = make(["CATEEEE", "I"], bag="XYZ")
    s2 = place(s, 0, across(4, 3, "CAT"))
    assert s2.racks[0] == ("E", "E", "E", "E", "X", "Y", "Z")
    assert events(s2, "draw") == [{"type": "draw", "seat": 0, "count": 3}]


# -- options ---------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [
    {"colour": "red"}, {"words": "maybe"}, {"challenge_penalty": "lose_game"}, {"first": 5},
    {"first": True}, {"stack": {"racks": [["Z", "Z"], []]}}, {"stack": {"racks": [[]]}},
    {"stack": {"racks": [list("ABCDEFGH"), []]}}, {"stack": {"bag": "ABC"}},
    {"stack": {"racks": [["a"], []]}}, {"stack": {"board": [[4, 4, "AA"]]}},
    {"stack": {"board": [[4, 4, "ABCDEF"]]}}, {"stack": {"board": [[10, 4, "A"]]}},
    {"stack": {"board": [[4, 4, "A"], [4, 4, "B"]]}}, {"stack": {"hands": []}}, {"stack": 3},
])
def test_bad_options(options) -> None:
    with pytest.raises(IllegalMove) as info:
        UPWORDS.new(["A", "B"], options, seed=1)
    assert info.value.code == "bad_option"


@pytest.mark.parametrize("n", [0, 1, 5])
def test_two_to_four_players(n: int) -> None:
    with pytest.raises(IllegalMove) as info:
        UPWORDS.new([f"P{i}" for i in range(n)], seed=1)
    assert info.value.code == "bad_players" and info.value.params == {"count": n}
    with pytest.raises(IllegalMove):
        UPWORDS.new("AB", seed=1)  # type: ignore[arg-type]
    assert (UPWORDS.min_players, UPWORDS.max_players) == (2, 4)


def test_check_and_public_options() -> None:
    opts = UPWORDS.check_options({"words": "auto"})
    assert opts["words"] == "auto" and opts["first"] == "draw" and opts["challenge_penalty"] == "lose_turn"
    assert UPWORDS.check_options({})["words"] == "challenge"
    assert UPWORDS.public_options({"words": "auto", "stack": {"racks": [["A"], []]}}) == {"words": "auto"}
    with pytest.raises(IllegalMove):
        UPWORDS.check_options({"words": "both"})


# -- turns ------------------------------------------------------------------------------------

def test_play_passes_to_the_left_and_the_rack_is_refilled() -> None:
    s = make(["CATEEEE", "IIII", "OOO"])
    s2 = place(s, 0, across(4, 3, "CAT"))
    assert s2.turn == 1 and len(s2.racks[0]) == 7
    s3 = act(act(s2, 1, "pass"), 2, "pass")
    assert s3.turn == 0


def test_exchange_one_tile_ends_the_turn() -> None:
    s = make(["CATEEEE", "IIII"], bag="Z")
    s2 = act(s, 0, {"type": "exchange", "tile": "C"})
    assert s2.turn == 1 and sorted(s2.racks[0]) == sorted("ZATEEEE")
    assert len(s2.bag) == len(s.bag) and "C" in s2.bag and all_tiles(s2) == all_tiles(s)
    assert events(s2) == [{"type": "exchange", "seat": 0}]


def test_exchange_refusals() -> None:
    s = make(["CATEEEE", "IIII"])
    err = refused(s, 0, {"type": "exchange", "tile": "Z"}, "tile_not_on_rack")
    assert err.params == {"letter": "Z"}
    refused(s, 0, {"type": "exchange", "tile": "cat"}, "bad_move")
    refused(s, 0, {"type": "exchange"}, "bad_move")
    refused(s, 0, {"type": "exchange", "tiles": ["C"]}, "bad_move")
    refused(s, 1, {"type": "exchange", "tile": "I"}, "not_your_turn")
    empty = replace(s, bag=())
    err = refused(empty, 0, {"type": "exchange", "tile": "C"}, "bag_empty")
    assert err.message == "The bag is empty: there is no tile to exchange with."


def test_game_ends_when_every_player_passes_in_succession() -> None:
    s = make(["CATEEEE", "III", "OO"])
    s = act(act(s, 0, "pass"), 1, "pass")
    assert s.phase == "play" and s.passed == (0, 1)
    s = act(s, 2, "pass")
    assert s.phase == "game_over" and s.turn == -1
    assert s.final["reason"] == "passes"
    assert s.scores == (-35, -15, -10) and s.winners == (2,)
    assert [e["type"] for e in events(s)] == ["pass", "all_passed", "game_over"]
    assert UPWORDS.result(s) == {"winners": [2], "scores": [-35, -15, -10], "ranking": [2, 1, 0],
                                 "reason": "passes", "penalties": {"0": 35, "1": 15, "2": 10}}


def test_a_play_or_an_exchange_breaks_the_run_of_passes() -> None:
    s = make(["CATEEEE", "III"])
    s = act(s, 0, "pass")
    s = act(s, 1, {"type": "exchange", "tile": "I"})
    assert s.passed == ()
    s = act(act(s, 0, "pass"), 1, "pass")
    assert s.phase == "game_over"
    s = act(make(["EEEE", "CATIII"]), 0, "pass")
    s = place(s, 1, across(4, 3, "CAT"))
    assert s.passed == ()
    s = act(s, 0, "pass")
    assert s.phase == "play"
    s = act(s, 1, "pass")
    assert s.phase == "game_over"


def test_going_out_with_the_bag_empty_ends_the_game() -> None:
    s = replace(make(["AT", "EEE"], board=[[4, 3, "C"]]), bag=())
    s2 = place(s, 0, across(4, 4, "AT"))
    assert s2.phase == "game_over" and s2.final["reason"] == "out" and s2.final["out"] == 0
    assert [e["type"] for e in events(s2)] == ["place", "out", "game_over"]


def test_using_every_tile_with_tiles_left_in_the_bag_is_not_going_out() -> None:
    s = place(make(["AT", "EEE"], board=[[4, 3, "C"]]), 0, across(4, 4, "AT"))
    assert s.phase == "play" and len(s.racks[0]) == 7


def test_nothing_after_the_game_is_over() -> None:
    s = act(act(make(["CATEEEE", "III"]), 0, "pass"), 1, "pass")
    for seat, move in [(0, {"type": "pass"}), (1, {"type": "challenge"}),
                       (0, {"type": "place", "tiles": across(4, 3, "CAT")})]:
        refused(s, seat, move, "game_over")
    assert UPWORDS.legal_moves(s, 0) == []
    assert UPWORDS.result(make(["A", "B"])) is None


def test_legal_moves_lists_exchanges_pass_and_challenge() -> None:
    s = make(["CATEEEE", "III"], words="challenge")
    assert UPWORDS.legal_moves(s, 0) == [
        {"type": "exchange", "tile": x} for x in "ACET"] + [{"type": "pass"}]
    assert UPWORDS.legal_moves(s, 1) == []
    s2 = place(s, 0, across(4, 3, "CAT"))
    assert {"type": "challenge"} in UPWORDS.legal_moves(s2, 1)
    assert UPWORDS.legal_moves(s2, 0) == []
    assert UPWORDS.legal_moves(s2, 9) == []
    for seat in (0, 1):
        for m in UPWORDS.legal_moves(s2, seat):
            UPWORDS.apply(s2, seat, m)  # every listed move is accepted
