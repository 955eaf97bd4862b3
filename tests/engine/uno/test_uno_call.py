"""Calling UNO and catching a player who forgot.

Rules: uno-plus.pt.txt ("deve gritar UNO ... antes de o jogador seguinte ter tomado a sua
vez ... tirar duas novas cartas"; "Anunciar Uno precisa de ser repetido sempre que lhe resta
uma carta"), NOTES.md (UNO call), docs/uno-rules.md ("UNO call").

With ``make``'s default dealer 0 and three players, seat 1 starts, then 2, then 0.
"""

from __future__ import annotations

import pytest

from tests.engine.uno.conftest import UNO, act, events, make, refused

UNO_CALL = {"type": "uno"}


def catch(target: int) -> dict:
    return {"type": "catch", "target": target}


def _game(draw=("g7", "g8", "g9", "b7")):
    """Seat 1 (on turn) holds two red cards; red 5 on top."""
    return make(hands=[["r6", "g3", "g4"], ["r1", "r2"], ["r3", "g1", "g2"]], top="r5",
                draw=list(draw))


def test_call_on_your_turn_holding_two_then_play_is_safe():
    s = act(_game(), 1, UNO_CALL)
    assert s.uno_said == (1,)
    assert s.turn == 1  # calling is not a turn
    assert events(s) == [{"type": "uno", "seat": 1}]
    s = act(s, 1, "r1")
    assert s.hands[1] == ("r2",)
    assert s.exposed == ()
    assert s.uno_said == (1,)
    assert UNO.view(s, 0)["players"][1]["uno"] is True


def test_call_is_offered_in_legal_moves_holding_two_on_turn():
    s = _game()
    assert {"type": "uno"} in UNO.legal_moves(s, 1)
    assert {"type": "uno"} not in UNO.legal_moves(act(s, 1, UNO_CALL), 1)


@pytest.mark.parametrize("catcher", [0, 2], ids=["other_player", "next_player"])
def test_forgotten_call_caught_draws_two(catcher):
    s = act(_game(), 1, "r1")
    assert s.exposed == (1,)
    assert s.turn == 2
    assert {"type": "catch", "target": 1} in UNO.legal_moves(s, catcher)
    s2 = act(s, catcher, catch(1))
    assert s2.hands[1] == ("r2", "g7", "g8")
    assert s2.exposed == ()
    assert s2.turn == 2  # a catch is not a turn
    assert events(s2) == [{"type": "caught", "seat": 1, "by": catcher},
                          {"type": "draw", "seat": 1, "count": 2, "reason": "caught"}]


def test_catch_refused_once_the_next_player_starts_a_turn():
    s = act(_game(), 1, "r1")
    s = act(s, 2, "r3")  # the next player starts (and ends) a turn
    assert s.exposed == ()
    err = refused(s, 0, catch(1), "not_catchable")
    assert err.params["player"] == "P1"
    assert {"type": "catch", "target": 1} not in UNO.legal_moves(s, 0)


def test_catch_refused_once_the_next_player_draws():
    s = act(_game(), 1, "r1")
    s = act(s, 2, "draw")
    refused(s, 0, catch(1), "not_catchable")


def test_catch_twice_is_refused():
    s = act(act(_game(), 1, "r1"), 0, catch(1))
    refused(s, 2, catch(1), "not_catchable")


def test_catching_a_player_who_called_is_refused():
    s = act(act(_game(), 1, UNO_CALL), 1, "r1")
    refused(s, 0, catch(1), "already_called")
    refused(s, 2, catch(1), "already_called")


def test_catching_a_player_with_many_cards_is_refused():
    s = _game()
    refused(s, 1, catch(2), "not_catchable")


def test_cannot_catch_self():
    s = act(_game(), 1, "r1")
    refused(s, 1, catch(1), "cannot_catch_self")


@pytest.mark.parametrize("target", [7, -1, "1", None, True], ids=repr)
def test_catch_needs_a_seat(target):
    s = act(_game(), 1, "r1")
    refused(s, 0, catch(target), "bad_target")


def test_call_must_be_repeated_after_drawing_back_up():
    s = act(act(_game(draw=["r4", "g7", "g8"]), 1, UNO_CALL), 1, "r1")  # safe on one card
    s = act(s, 2, "r3")
    s = act(s, 0, "r6")
    s = act(s, 1, "draw")  # draws the playable red 4: two cards, the old call is spent
    assert s.hands[1] == ("r2", "r4") and s.drawn == "r4"
    assert 1 not in s.uno_said
    s = act(s, 1, "r4")  # down to one card again without a new call
    assert s.exposed == (1,)
    s = act(s, 0, catch(1))
    assert s.hands[1] == ("r2", "g7", "g8")


def test_call_repeated_after_drawing_back_up_is_safe():
    s = act(act(_game(draw=["r4", "g7", "g8"]), 1, UNO_CALL), 1, "r1")
    s = act(act(s, 2, "r3"), 0, "r6")
    s = act(s, 1, "draw")
    s = act(s, 1, UNO_CALL)
    assert s.uno_said == (1,)
    s = act(s, 1, "r4")
    assert s.exposed == ()
    refused(s, 0, catch(1), "already_called")


def test_a_forced_draw_also_spends_the_call():
    s = make(hands=[["r+2", "g3", "g4"], ["r1", "r2"], ["r3", "g1", "g2"]], top="r5",
             draw=["g7", "g8"])
    s = act(act(s, 1, UNO_CALL), 1, "r1")
    assert s.uno_said == (1,)
    s = act(act(s, 2, "r3"), 0, "r+2")  # seat 1 draws two
    assert s.hands[1] == ("r2", "g7", "g8")
    assert s.uno_said == ()
    assert UNO.view(s, None)["players"][1]["uno"] is False


def test_calling_with_nothing_to_call_is_refused():
    s = make(hands=[["r6", "g3"], ["r1", "r2", "r3"], ["g1", "g2", "g5"]], top="r5")
    refused(s, 1, UNO_CALL, "nothing_to_call")  # three cards on turn
    refused(s, 0, UNO_CALL, "nothing_to_call")  # two cards, not on turn
    refused(s, 2, UNO_CALL, "nothing_to_call")


def test_one_card_after_the_window_closed_has_nothing_to_call():
    s = act(act(_game(), 1, "r1"), 2, "r3")
    refused(s, 1, UNO_CALL, "nothing_to_call")


def test_calling_twice_is_refused():
    s = act(_game(), 1, UNO_CALL)
    refused(s, 1, UNO_CALL, "already_called")
    s = act(s, 1, "r1")
    refused(s, 1, UNO_CALL, "already_called")


def test_late_call_while_exposed_makes_the_player_safe():
    s = act(_game(), 1, "r1")
    assert s.exposed == (1,)
    s = act(s, 1, UNO_CALL)  # out of turn: it is seat 2's turn
    assert s.turn == 2
    assert s.exposed == ()
    assert s.uno_said == (1,)
    refused(s, 0, catch(1), "already_called")
    refused(s, 2, catch(1), "already_called")


def test_catch_and_call_are_refused_when_the_hand_is_over():
    s = make(hands=[["r6", "g3"], ["r1"], ["g1", "g2"]], top="r5")
    s = act(s, 1, "r1")
    assert s.phase == "hand_over"
    refused(s, 0, catch(1), "hand_over")
    refused(s, 0, UNO_CALL, "hand_over")
