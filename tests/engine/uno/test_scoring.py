"""End of a hand, scoring variants, end of the game and the next hand.

Rules: uno-plus.pt.txt ("Scoring and Winning", "Alternative Gameplay", "Dois Jogadores &
Regras de Quatro Jogadores"), uno-masters-of-the-universe.pt.txt ("Finalizando"),
NOTES.md (values; MotU uses the Classic table, Greyskull 50), docs/uno-rules.md
("Last card", "Two players", "Teams", "Scoring").

End-of-hand situations are stacked small hands; ``dataclasses.replace`` sets the scores
(or the eliminated seats) a game would have reached after earlier hands.
With ``make``'s default dealer 0 and three players, seat 1 starts, then 2, then 0.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from tablegames.engine.uno.cards import build_deck
from tests.engine.uno.conftest import UNO, act, all_cards, events, make, refused


def wild(card: str, color: str) -> dict:
    return {"type": "play", "card": card, "color": color}


# -- the last card still makes the next players draw, and those cards count -----------

def test_draw_two_as_last_card_is_drawn_and_counted():
    s = make(hands=[["y2"], ["r+2"], ["g1"]], top="r5", draw=["b9", "bS"])
    s2 = act(s, 1, "r+2")
    assert s2.phase == "hand_over"
    assert s2.hands[2] == ("g1", "b9", "bS")
    assert s2.scores == (0, 2 + 1 + 9 + 20, 0)
    assert s2.history[-1]["held"] == {"0": 2, "1": 0, "2": 30}
    assert s2.turn == -1


def test_wild_draw_four_as_last_card_is_drawn_counted_and_not_challenged():
    s = make(hands=[["y2"], ["W+4"], ["g1"]], top="r5", draw=["b9", "bS", "b1", "b2"])
    s2 = act(s, 1, wild("W+4", "g"))
    assert s2.phase == "hand_over"
    assert s2.pending is None
    assert s2.hands[2] == ("g1", "b9", "bS", "b1", "b2")
    assert s2.scores == (0, 2 + 1 + 9 + 20 + 1 + 2, 0)
    refused(s2, 2, "challenge", "hand_over")


def test_greyskull_as_last_card_is_drawn_and_counted():
    s = make(edition="motu", hands=[["p2"], ["WG"], ["g1"]], top="b5",
             draw=["b9", "bS", "b1", "b2", "b3", "b4"])
    s2 = act(s, 1, wild("WG", "g"))
    assert s2.phase == "hand_over"
    assert s2.hands[2] == ("g1", "b9", "bS", "b1")
    assert s2.hands[0] == ("p2", "b2", "b3", "b4")
    assert s2.scores == (0, (1 + 9 + 20 + 1) + (2 + 2 + 3 + 4), 0)


def test_others_draw_house_rule_as_last_card_is_drawn_and_counted():
    s = make(edition="plus", hands=[["y2"], ["WC1"], ["g1"]], top="r5",
             draw=["b9", "bS", "b1", "b2"], house_rules=["others_draw_2"])
    s2 = act(s, 1, wild("WC1", "g"))
    assert s2.phase == "hand_over"
    assert s2.scores == (0, (1 + 9 + 20) + (2 + 1 + 2), 0)


# -- standard scoring: each edition's values -------------------------------------------

@pytest.mark.parametrize("edition, p2, p0, points", [
    ("classic", ["g7", "bS", "yR", "g+2"], ["W", "W+4", "r0"], 7 + 20 + 20 + 20 + 50 + 50 + 0),
    ("plus", ["WS", "WC1", "bR"], ["y9", "W+4"], 40 + 40 + 20 + 9 + 50),
    ("motu", ["WG", "p3", "g+2"], ["pS", "W+4", "W"], 50 + 3 + 20 + 20 + 50 + 50),
])
def test_standard_scoring_values_per_edition(edition, p2, p0, points):
    s = make(edition=edition, hands=[p0, ["r1"], p2], top="r5")
    s2 = act(s, 1, "r1")
    assert s2.phase == "hand_over"
    assert s2.scores == (0, points, 0)
    assert s2.history[-1]["winner"] == 1 and s2.history[-1]["gain"] == points
    assert events(s2, "hand_over") == [{"type": "hand_over", "winner": 1, "gain": points}]
    assert UNO.result(s2) is None


@pytest.mark.parametrize("before, after, over", [(480, 491, False), (489, 500, True),
                                                 (490, 501, True)])
def test_game_over_at_the_default_target_of_500(before, after, over):
    s = make(hands=[["y2"], ["r1"], ["g9"]], top="r5")
    assert s.options["target"] == 500
    s = replace(s, scores=(0, before, 0))
    s2 = act(s, 1, "r1")
    assert s2.scores == (0, after, 0)
    assert s2.phase == ("game_over" if over else "hand_over")
    assert s2.winners == ((1,) if over else ())


def test_game_over_at_an_agreed_target():
    s = make(hands=[["y2"], ["r1"], ["W"]], top="r5", target=50)
    s2 = act(s, 1, "r1")
    assert s2.scores == (0, 52, 0)
    assert s2.phase == "game_over" and s2.winners == (1,)


def test_result_is_none_while_running_and_standings_at_the_end():
    s = make(hands=[["y2"], ["r1"], ["g9"]], top="r5")
    assert UNO.result(s) is None
    s = replace(s, scores=(300, 490, 100))
    s2 = act(s, 1, "r1")
    assert UNO.result(s2) == {"winners": [1], "scores": [300, 501, 100], "ranking": [1, 0, 2],
                              "hands": 1}


def test_game_over_refuses_every_move():
    s = act(make(hands=[["y2"], ["r1"], ["W"]], top="r5", target=50), 1, "r1")
    assert UNO.legal_moves(s, 0) == []
    refused(s, None, "next_hand", "game_over")
    refused(s, 2, "draw", "game_over")


# -- "points held, lowest wins" ---------------------------------------------------------

def test_lowest_scoring_adds_the_points_each_player_holds():
    s = make(hands=[["y2"], ["r1"], ["g7", "bS"]], top="r5", scoring="lowest")
    s2 = act(s, 1, "r1")
    assert s2.scores == (2, 0, 27)
    assert s2.phase == "hand_over"
    assert s2.history[-1]["gain"] == 0


def test_lowest_scoring_lowest_total_wins_when_someone_reaches_the_target():
    s = make(hands=[["y2"], ["r1"], ["g7"]], top="r5", scoring="lowest", target=100)
    s = replace(s, scores=(10, 20, 95))
    s2 = act(s, 1, "r1")
    assert s2.scores == (12, 20, 102)
    assert s2.phase == "game_over"
    assert s2.winners == (0,)  # not the player who went out: the lowest total
    assert UNO.result(s2)["ranking"] == [0, 1, 2]


def test_lowest_scoring_ties_share_the_win():
    s = make(hands=[["r0"], ["r1"], ["g7"]], top="r5", scoring="lowest", target=100)
    s = replace(s, scores=(20, 20, 95))
    s2 = act(s, 1, "r1")
    assert s2.winners == (0, 1)


# -- elimination -----------------------------------------------------------------------

def test_elimination_player_reaching_the_target_drops_out():
    s = make(hands=[["y2"], ["r1"], ["g7"]], top="r5", scoring="elimination", target=100)
    s = replace(s, scores=(0, 0, 95))
    s2 = act(s, 1, "r1")
    assert s2.scores == (2, 0, 102)
    assert s2.out == (2,)
    assert s2.phase == "hand_over"
    assert {"type": "eliminated", "seat": 2} in events(s2)
    assert s2.history[-1]["eliminated"] == (2,)
    s3 = act(s2, None, "next_hand")
    assert s3.hands[2] == ()
    assert len(s3.hands[0]) >= 7 and len(s3.hands[1]) >= 7
    assert UNO.legal_moves(s3, 2) == []
    refused(s3, 2, "draw", "eliminated")
    assert s3.turn != 2
    assert UNO.view(s3, None)["players"][2]["out"] is True


def test_elimination_several_drop_out_at_once_while_two_remain():
    s = make(4, hands=[["y2"], ["r1"], ["g7"], ["g8"]], top="r5", scoring="elimination",
             target=100)
    s = replace(s, scores=(0, 0, 95, 95))
    s2 = act(s, 1, "r1")
    assert s2.out == (2, 3)
    assert s2.phase == "hand_over"


def test_elimination_last_two_use_two_player_rules():
    # Seat 2 is out already; the option two_player_rules is off, yet the last two use them.
    s = make(hands=[["r6", "g1"], ["rR", "r2"], []], top="r5", scoring="elimination",
             target=100, two_player_rules=False)
    s = replace(s, out=(2,), scores=(10, 20, 130))
    s2 = act(s, 1, "rR")
    assert s2.turn == 1  # Reverse acts as a Skip: the player plays again
    assert {"type": "skip", "seat": 0} in events(s2)
    # a plain two-player game without the option: Reverse only turns the direction
    plain = make(2, hands=[["r6", "g1"], ["rR", "r2"]], top="r5", two_player_rules=False)
    assert act(plain, 1, "rR").turn == 0


def test_elimination_of_the_last_two_the_one_reaching_the_target_loses():
    s = make(hands=[["g9", "g8"], ["r1"], []], top="r5", scoring="elimination", target=100)
    s = replace(s, out=(2,), scores=(90, 50, 120))
    s2 = act(s, 1, "r1")
    assert s2.scores == (107, 50, 120)
    assert s2.phase == "game_over"
    assert s2.winners == (1,)
    assert UNO.result(s2)["winners"] == [1]


def test_elimination_next_dealer_is_the_next_seat_still_in_play():
    # Seat 2 deals and is eliminated; the deal passes left, to seat 3.
    s = make(4, hands=[["r6"], ["y1"], ["g7", "g8"], ["r1"]], top="r5", dealer=2,
             scoring="elimination", target=100)
    assert s.turn == 3
    s = replace(s, scores=(0, 0, 95, 0))
    s2 = act(s, 3, "r1")
    assert s2.out == (2,)
    s3 = act(s2, None, "next_hand")
    assert s3.dealer == 3


# -- teams -----------------------------------------------------------------------------

@pytest.mark.parametrize("dealer, winner", [(0, 1), (2, 3)])
def test_teams_score_only_the_other_pairs_hands(dealer, winner):
    hands = [["g9"], [], ["W"], []]
    hands[winner] = ["r1"]
    hands[(winner + 2) % 4] = ["y5", "y6"]  # the partner's cards don't count
    s = make(4, hands=hands, top="r5", dealer=dealer, teams=True)
    assert s.turn == winner
    s2 = act(s, winner, "r1")
    assert s2.phase == "hand_over"  # one partner going out ends the hand
    team = {winner, (winner + 2) % 4}
    assert s2.scores == tuple(59 if p in team else 0 for p in range(4))
    view = UNO.view(s2, None)
    assert [p["team"] for p in view["players"]] == [0, 1, 0, 1]


def test_teams_both_partners_win_at_the_target():
    s = make(4, hands=[["g9"], ["r1"], ["W"], ["y5", "y6"]], top="r5", teams=True)
    s = replace(s, scores=(100, 490, 100, 490))
    s2 = act(s, 1, "r1")
    assert s2.scores == (100, 549, 100, 549)
    assert s2.phase == "game_over"
    assert s2.winners == (1, 3)
    assert UNO.result(s2)["winners"] == [1, 3]


@pytest.mark.parametrize("options", [{"teams": True, "scoring": "lowest"}, {"teams": True}])
def test_teams_need_four_players_and_standard_scoring(options):
    from tablegames.engine import IllegalMove
    players = ["A", "B", "C", "D"] if "scoring" in options else ["A", "B", "C"]
    with pytest.raises(IllegalMove) as info:
        UNO.new(players, options)
    assert info.value.code == "bad_option"


# -- the next hand ---------------------------------------------------------------------

def test_next_hand_deals_a_new_hand_with_the_next_dealer():
    s = make(hands=[["y2"], ["r1"], ["g9"]], top="r5")
    s2 = act(s, 1, "r1")
    refused(s2, 0, "draw", "hand_over")
    refused(s2, 2, "r1", "hand_over")
    assert UNO.legal_moves(s2, 2) == []
    s3 = act(s2, None, "next_hand")  # a system move (the host, through the room)
    assert s3.phase == "play"
    assert s3.hand_no == 2
    assert s3.dealer == 1
    assert s3.scores == s2.scores == (0, 11, 0)
    assert len(s3.history) == 1
    assert all(len(h) >= 7 for h in s3.hands)
    assert s3.uno_said == () and s3.exposed == ()
    assert s3.direction in (1, -1)
    assert all_cards(s3) == Counter(build_deck("classic"))
    assert {"type": "new_hand", "hand": 2, "dealer": 1} in events(s3)
    assert UNO.result(s3) is None


def test_next_hand_refused_while_the_hand_is_played():
    s = make(hands=[["y2"], ["r1", "r3"], ["g9"]], top="r5")
    refused(s, None, "next_hand", "hand_not_over")


def test_dealer_wraps_around():
    s = make(hands=[["r1"], ["y1"], ["g9"]], top="r5", dealer=2)
    assert s.turn == 0
    s3 = act(act(s, 0, "r1"), None, "next_hand")
    assert s3.dealer == 0


def test_elimination_standings_rank_the_last_two_above_those_eliminated_earlier():
    s = make(hands=[["y2"], ["r1"], ["g7"]], top="r5", scoring="elimination", target=100)
    s = act(replace(s, scores=(0, 0, 95)), 1, "r1")
    assert s.out == (2,) and s.scores == (2, 0, 102)
    s = act(s, None, "next_hand")
    # the second hand, stacked by hand: seat 1 goes out, seat 0 reaches the target and loses
    s = replace(s, hands=(("g9", "g8"), ("r1",), ()), discard=("r5",), color="r", turn=1,
                direction=1, pending=None, drawn=None, scores=(90, 50, 102))
    s2 = act(s, 1, "r1")
    assert s2.phase == "game_over" and s2.winners == (1,)
    assert s2.scores == (107, 50, 102)
    # seat 0 outlasted seat 2 (eliminated in the first hand), although it holds more points
    assert UNO.result(s2)["ranking"] == [1, 0, 2]
