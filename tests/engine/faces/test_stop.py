"""STOP: right after the deal, after a pass, several players at once (oldest first)."""

from __future__ import annotations

import pytest

from .conftest import (
    FACES,
    act,
    choose,
    event_types,
    guess,
    main,
    pass_cards,
    refused,
    stop,
)


def test_stop_right_after_the_deal() -> None:
    s = main([[1, 2, 3], [6, 6, 6, 7], [4, 5, 8]], pile=[9, 10])
    assert FACES.view(s, 1)["sets"] == [6]
    assert FACES.legal_moves(s, 1) == [{"type": "stop"}]
    refused(s, 1, {"type": "choose_pass", "card": 7}, "must_stop")
    s = stop(s, 1)
    assert event_types(s) == ["stop", "mime"]
    assert s.events[1] == {"type": "mime", "seat": 1, "target": 2}
    assert s.phase == "guessing" and s.mimer == 1 and s.mime == 6
    assert s.hands[1] == (7,)  # the set lies on the table while it is mimed
    assert s.guessers == (2, 0)  # from the mimer's left, clockwise
    assert s.stops == (1,)


def test_the_pass_waits_for_a_set_holder() -> None:
    s = main([[1, 2, 3], [6, 6, 6, 7], [4, 5, 8]])
    s = choose(choose(s, 0, 1), 2, 4)
    assert s.phase == "passing" and s.choices == (1, None, 4)  # no pass yet
    s = stop(s, 1)
    assert s.phase == "guessing" and s.choices == (1, None, 4)  # choices survive the pause
    refused(s, 0, {"type": "choose_pass", "card": 2}, "paused")


def test_stop_after_a_pass() -> None:
    s = main([[1, 1, 2], [3, 4, 5], [1, 7, 8]])
    refused(s, 0, {"type": "stop"}, "no_set")
    s = pass_cards(s, [2, 3, 1])  # seat 2 passes a 1 to seat 0
    assert s.hands[0] == (1, 1, 1)
    assert FACES.legal_moves(s, 0) == [{"type": "stop"}]
    s = stop(s, 0)
    assert s.mimer == 0 and s.mime == 1 and s.guessers == (1, 2)


@pytest.mark.parametrize(("oldest", "order"), [(0, [0, 2]), (1, [2, 0]), (2, [2, 0])])
def test_simultaneous_stops_oldest_first_then_clockwise(oldest: int, order: list[int]) -> None:
    hands = [[3, 3, 3, 1], [4, 5, 6], [9, 9, 9, 2]]
    s = main(hands, pile=[10, 11, 12, 13], oldest=oldest)
    for first in (0, 2):  # whoever taps first, the order is the same
        t = stop(s, first)
        assert t.phase == "stopping" and t.stops == (first,)
        refused(t, first, {"type": "stop"}, "already_stopped")
        refused(t, 1, {"type": "choose_pass", "card": 4}, "paused")
        refused(t, 1, {"type": "stop"}, "no_set")
        assert FACES.legal_moves(t, 1) == []
        assert FACES.legal_moves(t, 2 - first) == [{"type": "stop"}]
        t = stop(t, 2 - first)
        assert t.phase == "guessing"
        assert t.mimer == order[0] and [p for p, _ in t.queue] == order[1:]
        assert FACES.view(t, None)["queue"] == order[1:]
        # play the first set (nobody guesses), then the second one starts
        for g in t.guessers:
            t = guess(t, g, 13)
        assert t.phase == "guessing" and t.mimer == order[1]
        for g in t.guessers:
            t = guess(t, g, 13)
        assert t.phase == "passing" and t.stops == () and t.mimer is None


def test_a_player_with_two_sets_mimes_both() -> None:
    s = main([[2, 2, 2, 5, 5, 5, 1], [3, 4, 6], [7, 8, 9]], pile=[10, 11, 12])
    s = stop(s, 0)
    assert s.mime == 2 and s.queue == ((0, 5),)
    s = guess(s, 1, 2)  # right at once
    assert s.mimer == 0 and s.mime == 5 and s.queue == ()
    assert s.hands[0] == (1, 10)  # drew 1 after the first set (had 4 cards left)


def test_stop_is_refused_while_a_face_is_made() -> None:
    s = stop(main([[1, 2, 3], [6, 6, 6, 7], [4, 5, 8]]), 1)
    refused(s, 1, {"type": "stop"}, "wait_for_round")
    refused(s, 0, {"type": "stop"}, "wait_for_round")


def test_a_mimer_who_draws_a_new_set_calls_stop_again() -> None:
    s = main([[1, 2, 3], [6, 6, 6, 7, 7], [4, 5, 8]], pile=[7, 10])
    s = stop(s, 1)
    s = guess(s, 2, 6)
    assert s.hands[1] == (7, 7, 7)  # drew the third 7
    assert s.phase == "passing" and FACES.legal_moves(s, 1) == [{"type": "stop"}]
    s = stop(s, 1)
    assert s.mimer == 1 and s.mime == 7


def test_stop_counts_only_three_of_a_kind() -> None:
    s = main([[1, 1, 2, 2], [3, 4, 5], [6, 7, 8]])
    refused(s, 0, {"type": "stop"}, "no_set")
    assert FACES.view(s, 0)["sets"] == []
    act(s, 0, {"type": "choose_pass", "card": 1})
