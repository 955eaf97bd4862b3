"""Simultaneous passing: every seat chooses one card; the pass happens when all have chosen."""

from __future__ import annotations

from .conftest import FACES, act, choose, event_types, main, pass_cards, refused

HANDS = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 1, 5, 9]]


def test_everyone_passes_to_the_left_at_once() -> None:
    s = main(HANDS)
    s = choose(s, 0, 1)
    s = choose(s, 1, 5)
    s = choose(s, 2, 9)
    assert s.hands == main(HANDS).hands  # nothing moves before everyone is ready
    assert s.choices == (1, 5, 9, None)
    s = choose(s, 3, 13)
    assert event_types(s) == ["ready", "pass"]
    # seat + 1 is on the left: 0 -> 1 -> 2 -> 3 -> 0
    assert s.hands == ((2, 3, 4, 13), (1, 6, 7, 8), (5, 10, 11, 12), (1, 5, 9, 9))
    assert s.received == (13, 1, 5, 9) and s.passed == (1, 5, 9, 13)
    assert s.choices == (None,) * 4 and s.pass_round == 2
    assert s.phase == "passing"


def test_ready_events_count_but_never_name_the_card() -> None:
    s = choose(main(HANDS), 2, 11)
    assert s.events == ({"type": "ready", "seat": 2, "count": 1, "total": 4},)
    table = FACES.view(s, None)
    assert table["pass"] == {"round": 1, "ready": [2], "ready_count": 1, "total": 4}
    assert "11" not in str({k: v for k, v in table.items() if k != "players"})


def test_a_choice_can_be_changed_until_everyone_has_chosen() -> None:
    s = choose(main(HANDS), 0, 1)
    s = choose(s, 0, 4)  # changed her mind
    assert s.choices[0] == 4 and s.events == ()  # no second "ready"
    assert FACES.view(s, None)["pass"]["ready_count"] == 1
    refused(s, 0, {"type": "choose_pass", "card": 4}, "already_chosen")
    assert {"type": "choose_pass", "card": 4} not in FACES.legal_moves(s, 0)
    assert {"type": "choose_pass", "card": 1} in FACES.legal_moves(s, 0)
    for seat, card in ((1, 5), (2, 9), (3, 13)):
        s = choose(s, seat, card)
    assert 4 in s.hands[1] and 1 in s.hands[0] and 4 not in s.hands[0]


def test_a_reconnecting_seat_still_sees_its_pending_choice() -> None:
    s = choose(choose(main(HANDS), 0, 3), 1, 7)
    stored = FACES.to_json(s)  # the phone reloads: the room reads the stored state
    again = FACES.from_json(stored)
    assert again == s
    mine = FACES.view(again, 0)
    assert mine["my_choice"] == 3 and 3 in mine["hand"]
    assert mine["can"] == ["choose_pass"]
    assert FACES.view(again, 1)["my_choice"] == 7
    assert FACES.view(again, 2)["my_choice"] is None
    assert FACES.view(again, None)["pass"]["ready"] == [0, 1]


def test_after_the_pass_only_the_receiver_sees_the_card() -> None:
    s = pass_cards(main(HANDS), [1, 5, 9, 13])
    assert FACES.view(s, 1)["received"] == 1
    assert FACES.view(s, 0)["passed"] == 1 and FACES.view(s, 0)["received"] == 13
    assert FACES.view(s, 2)["received"] == 5
    table = FACES.view(s, None)
    assert "received" not in table and "passed" not in table and "hand" not in table


def test_passing_again_after_the_pass_happened() -> None:
    s = pass_cards(main(HANDS), [1, 5, 9, 13])
    # a late tap for pass 1 (round given) is refused: that pass is over
    err = refused(s, 0, {"type": "choose_pass", "card": 2, "round": 1}, "pass_round_over")
    assert err.params == {"round": 1}
    # the card seat 0 passed is gone: choosing it again is refused
    refused(s, 0, {"type": "choose_pass", "card": 1}, "card_not_held")
    # a round that has not started yet is not a move either
    refused(s, 0, {"type": "choose_pass", "card": 2, "round": 3}, "bad_move")
    # the current round is fine, with or without its number
    s2 = choose(s, 0, 2, round=2)
    assert s2.choices[0] == 2


def test_cards_that_are_not_cards() -> None:
    s = main(HANDS)
    for card in (0, 14, "3", 3.0, None, True):
        refused(s, 0, {"type": "choose_pass", "card": card}, "not_a_card")
    refused(s, 0, {"type": "choose_pass", "card": 5}, "card_not_held")


def test_legal_moves_while_passing() -> None:
    s = main([[1, 1, 2], [3, 4, 5], [6, 7, 8]])
    assert FACES.legal_moves(s, 0) == [{"type": "choose_pass", "card": 1},
                                       {"type": "choose_pass", "card": 2}]
    for seat in range(3):
        for m in FACES.legal_moves(s, seat):
            act(s, seat, m)


def test_guess_and_stop_are_refused_while_passing() -> None:
    s = main(HANDS)
    refused(s, 1, {"type": "guess", "emotion": 6}, "no_guessing")
    refused(s, 1, {"type": "stop"}, "no_set")
