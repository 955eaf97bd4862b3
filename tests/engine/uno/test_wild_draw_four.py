"""Wild Draw Four: when it may be played, accepting it, challenging it, the reveal.

Rules: NOTES.md (UNO, "Wild Draw Four is legal only when the player holds no card of the
current COLOUR"), uno-masters-of-the-universe.pt.txt ("Carta Curinga Comprar 4"),
uno-plus.pt.txt (two players), docs/uno-rules.md ("Wild Draw Four").

With ``make``'s default dealer 0 and three players, seat 1 starts, then 2, then 0.
"""

from __future__ import annotations

import json

import pytest

from tests.engine.uno.conftest import UNO, act, events, make, refused

WD4_BLUE = {"type": "play", "card": "W+4", "color": "b"}
PENALTY = ["y7", "y8", "y9", "b9", "g7", "g8"]  # the next cards drawn, in order


def _strings(value) -> set[str]:
    """Every string inside a JSON-able value (keys and values)."""
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list | tuple):
        return {s for v in value for s in _strings(v)}
    return {value} if isinstance(value, str) else set()


# -- when it may be played -------------------------------------------------------------

@pytest.mark.parametrize("top, other, player, victim", [
    ("r5", "g5", 1, 2),  # a number: seat 1 starts
    ("rS", "gS", 2, 0),  # a Skip turned up: seat 1 is skipped
    ("r+2", "y+2", 2, 0),  # a Draw Two turned up: seat 1 draws 2 and is skipped
    ("rR", "bR", 0, 2),  # a Reverse turned up: the dealer starts, counter-clockwise
], ids=["number", "skip", "draw_two", "reverse"])
def test_wd4_allowed_with_a_matching_number_or_action_of_another_colour(top, other, player,
                                                                          victim):
    hands = [["g1"], ["g2"], ["b1"]]
    hands[player] = ["W+4", other, "y3"]
    s = make(hands=hands, top=top, dealer=0)
    assert s.turn == player and s.color == "r"
    s2 = act(s, player, WD4_BLUE)
    assert s2.top == "W+4"
    assert s2.color == "b"
    assert sorted(s2.hands[player]) == sorted([other, "y3"])
    assert s2.turn == victim
    assert s2.pending["kind"] == "wd4" and s2.pending["by"] == player
    assert s2.pending["guilty"] is False


def test_wd4_refused_while_holding_the_current_colour():
    s = make(hands=[["g1"], ["W+4", "r1", "g2"], ["b1"]], top="r5")
    err = refused(s, 1, WD4_BLUE, "wd4_has_color")
    assert err.params["color"] == "r"


def test_wd4_checks_the_colour_in_play_not_the_colour_of_the_top_card():
    # A Wild turned up: the first player names green; holding blue is then no obstacle...
    s = make(hands=[["g1"], ["W+4", "b3", "y4"], ["b1"]], top="W")
    s = act(s, 1, {"type": "choose_color", "color": "g"})
    s2 = act(s, 1, WD4_BLUE)
    assert s2.pending["kind"] == "wd4"
    # ... while after naming blue, the blue 3 forbids it.
    s = make(hands=[["g1"], ["W+4", "b3", "y4"], ["b1"]], top="W")
    s = act(s, 1, {"type": "choose_color", "color": "b"})
    refused(s, 1, WD4_BLUE, "wd4_has_color")


def test_wd4_not_among_legal_moves_while_holding_the_current_colour():
    s = make(hands=[["g1"], ["W+4", "r1", "g2"], ["b1"]], top="r5")
    assert not [m for m in UNO.legal_moves(s, 1) if m.get("card") == "W+4"]
    s = make(hands=[["g1"], ["W+4", "g5", "g2"], ["b1"]], top="r5")
    assert {m["color"] for m in UNO.legal_moves(s, 1) if m.get("card") == "W+4"} == set("rygb")


def test_wd4_bluff_option_allows_it_while_holding_the_current_colour():
    s = make(hands=[["g1"], ["W+4", "r1", "g2"], ["b1"]], top="r5", wd4_bluff=True)
    s2 = act(s, 1, WD4_BLUE)
    assert s2.top == "W+4" and s2.color == "b"
    assert s2.hands[1] == ("r1", "g2")
    assert s2.turn == 2
    assert s2.pending["kind"] == "wd4" and s2.pending["guilty"] is True


# -- the answer: accept or challenge ---------------------------------------------------

def test_accept_victim_draws_four_and_loses_the_turn():
    s = make(hands=[["g1"], ["W+4", "g5", "y3"], ["b1", "b2"]], top="r5", draw=PENALTY)
    s = act(s, 1, WD4_BLUE)
    s2 = act(s, 2, "accept")
    assert s2.hands[2] == ("b1", "b2", *PENALTY[:4])
    assert s2.hands[1] == ("g5", "y3")
    assert s2.pending is None
    assert s2.turn == 0
    assert s2.color == "b"
    assert events(s2, "draw") == [{"type": "draw", "seat": 2, "count": 4, "reason": "draw_four"}]
    assert {"type": "skip", "seat": 2} in events(s2)


def test_challenge_guilty_player_draws_four_and_victim_plays():
    s = make(hands=[["g1"], ["W+4", "r1", "g2"], ["b1", "b2"]], top="r5", draw=PENALTY,
             wd4_bluff=True)
    s = act(s, 1, WD4_BLUE)
    s2 = act(s, 2, "challenge")
    assert s2.hands[1] == ("r1", "g2", *PENALTY[:4])
    assert s2.hands[2] == ("b1", "b2")
    assert s2.pending is None
    assert s2.turn == 2  # the victim now plays normally, on the chosen colour
    assert s2.color == "b"
    assert events(s2, "challenge") == [
        {"type": "challenge", "seat": 2, "target": 1, "guilty": True}]
    s3 = act(s2, 2, "b1")
    assert s3.top == "b1" and s3.turn == 0


def test_challenge_innocent_challenger_draws_six_and_loses_the_turn():
    s = make(hands=[["g1"], ["W+4", "g5", "y3"], ["b1", "b2"]], top="r5", draw=PENALTY)
    s = act(s, 1, WD4_BLUE)
    s2 = act(s, 2, "challenge")
    assert s2.hands[2] == ("b1", "b2", *PENALTY)
    assert s2.hands[1] == ("g5", "y3")
    assert s2.pending is None
    assert s2.turn == 0
    assert events(s2, "challenge") == [
        {"type": "challenge", "seat": 2, "target": 1, "guilty": False}]
    assert events(s2, "draw") == [
        {"type": "draw", "seat": 2, "count": 6, "reason": "challenge_lost"}]


def test_innocent_with_bluff_option_still_costs_the_challenger_six():
    s = make(hands=[["g1"], ["W+4", "g5", "y3"], ["b1", "b2"]], top="r5", draw=PENALTY,
             wd4_bluff=True)
    s2 = act(act(s, 1, WD4_BLUE), 2, "challenge")
    assert len(s2.hands[2]) == 8 and s2.turn == 0


@pytest.mark.parametrize("guilty", [True, False])
def test_only_the_challenger_sees_the_challenged_hand(guilty):
    p1 = ["W+4", "r1", "g2"] if guilty else ["W+4", "g5", "y3"]
    s = make(hands=[["y4"], p1, ["b1", "b2"]], top="r5", draw=PENALTY, wd4_bluff=True)
    s = act(s, 1, WD4_BLUE)
    shown = p1[1:]
    assert "reveal" not in UNO.view(s, 2)  # nothing shown before the challenge
    s2 = act(s, 2, "challenge")
    assert UNO.view(s2, 2)["reveal"] == {"of": 1, "cards": shown}
    for seat in (0, 1, None):
        v = UNO.view(s2, seat)
        assert "reveal" not in v
        json.dumps(v)
    # seat 0 and the table learn nothing about seat 1's cards
    for seat in (0, None):
        assert not set(shown) & _strings(UNO.view(s2, seat))
    # the reveal ends when the next turn starts
    nxt = s2.turn
    s3 = act(s2, nxt, "draw")
    assert s3.reveal is None
    assert "reveal" not in UNO.view(s3, 2)


def test_challenge_with_nothing_pending_is_refused():
    s = make(hands=[["g1"], ["r1", "g2"], ["b1"]], top="r5")
    refused(s, 1, "challenge", "no_challenge")


def test_accept_with_nothing_pending_is_refused():
    s = make(hands=[["g1"], ["r1", "g2"], ["b1"]], top="r5")
    refused(s, 1, "accept", "nothing_to_accept")


@pytest.mark.parametrize("move", [{"type": "play", "card": "b1"}, {"type": "draw"},
                                  {"type": "pass"}, {"type": "dare", "done": True},
                                  {"type": "choose_color", "color": "r"}],
                         ids=["play", "draw", "pass", "dare", "choose_color"])
def test_another_move_while_wd4_pending_is_refused(move):
    s = make(hands=[["g1"], ["W+4", "g5", "y3"], ["b1", "b2"]], top="r5")
    s = act(s, 1, WD4_BLUE)
    refused(s, 2, move, "answer_wd4_first")


def test_only_the_victim_answers_the_wd4():
    s = make(hands=[["g1"], ["W+4", "g5", "y3"], ["b1", "b2"]], top="r5")
    s = act(s, 1, WD4_BLUE)
    refused(s, 0, "challenge", "not_your_turn")
    refused(s, 1, "accept", "not_your_turn")


def test_legal_moves_of_the_victim_are_challenge_and_accept():
    s = make(hands=[["g1"], ["W+4", "g5", "y3"], ["b1", "b2"]], top="r5")
    s = act(s, 1, WD4_BLUE)
    turn_moves = [m for m in UNO.legal_moves(s, 2) if m["type"] not in ("uno", "catch")]
    assert sorted(m["type"] for m in turn_moves) == ["accept", "challenge"]


# -- two players -----------------------------------------------------------------------

def test_two_players_accept_then_the_player_plays_again():
    s = make(2, hands=[["g1", "g3"], ["W+4", "g5", "y3"]], top="r5", draw=PENALTY)
    assert s.turn == 1
    s = act(s, 1, WD4_BLUE)
    assert s.turn == 0
    s2 = act(s, 0, "accept")
    assert s2.hands[0] == ("g1", "g3", *PENALTY[:4])
    assert s2.turn == 1
    assert s2.pending is None


def test_two_players_innocent_challenge_then_the_player_plays_again():
    s = make(2, hands=[["g1", "g3"], ["W+4", "g5", "y3"]], top="r5", draw=PENALTY)
    s2 = act(act(s, 1, WD4_BLUE), 0, "challenge")
    assert len(s2.hands[0]) == 8
    assert s2.turn == 1


def test_two_players_guilty_challenge_then_the_victim_plays():
    s = make(2, hands=[["g1", "g3"], ["W+4", "r5", "y3"]], top="r4", draw=PENALTY,
             wd4_bluff=True)
    s2 = act(act(s, 1, WD4_BLUE), 0, "challenge")
    assert len(s2.hands[1]) == 6
    assert s2.turn == 0
