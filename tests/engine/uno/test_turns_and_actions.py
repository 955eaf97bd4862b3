"""Turns: matching, drawing, passing, reshuffles, Skip, Reverse, Draw Two, two players."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from tablegames.engine.uno.cards import build_deck

from .conftest import UNO, act, all_cards, events, make, refused

CLASSIC = Counter(build_deck("classic"))


def plays(state, seat):
    """The cards ``seat`` may play now, according to ``legal_moves``."""
    return {m["card"] for m in UNO.legal_moves(state, seat) if m["type"] == "play"}


def with_piles(state, draw_pile, discard, parked_seat):
    """The state with the given piles; the cards they no longer hold go to ``parked_seat``'s
    hand so that the game still holds the whole deck."""
    rest = all_cards(state) - Counter(draw_pile) - Counter(discard)
    others = Counter(c for p, h in enumerate(state.hands) if p != parked_seat for c in h)
    parked = tuple((rest - others).elements())
    hands = tuple(parked if p == parked_seat else h for p, h in enumerate(state.hands))
    new = replace(state, draw_pile=tuple(draw_pile), discard=tuple(discard), hands=hands)
    assert all_cards(new) == all_cards(state)
    return new


# -- matching --------------------------------------------------------------------------

def test_a_card_of_the_colour_in_play_matches():
    state = make(3, hands=[["g1"], ["r2", "b9"], ["g2"]], top="r5")
    after = act(state, 1, "r2")
    assert after.top == "r2"
    assert after.color == "r"
    assert after.hands[1] == ("b9",)
    assert after.turn == 2
    assert events(after, "play") == [{"type": "play", "seat": 1, "card": "r2", "color": "r"}]


def test_a_card_of_the_same_number_matches_in_another_colour():
    state = make(3, hands=[["g1"], ["g5", "b9"], ["g2"]], top="r5")
    after = act(state, 1, "g5")
    assert after.top == "g5"
    assert after.color == "g"  # the colour changes to the card played
    assert after.turn == 2


def test_a_card_of_the_same_symbol_matches_in_another_colour():
    # The first discard y+2 makes seat 1 draw and skips it; seat 2 answers with a green +2.
    state = make(3, hands=[["g1"], ["b9"], ["g+2", "b2"]], top="y+2")
    assert state.turn == 2
    after = act(state, 2, "g+2")
    assert after.top == "g+2"
    assert after.color == "g"
    assert after.turn == 1  # seat 0 drew two and was skipped


def test_a_card_that_matches_neither_colour_nor_face_is_refused():
    state = make(3, hands=[["g1"], ["g6", "b9"], ["g2"]], top="r5")
    err = refused(state, 1, "g6", "does_not_match")
    assert err.params == {"card": "g6", "top": "r5", "color": "r"}


def test_a_wild_may_be_played_even_holding_a_matching_card():
    state = make(3, hands=[["g1"], ["W", "r2", "b9"], ["g2"]], top="r5")
    after = act(state, 1, "W", color="b")
    assert after.top == "W"
    assert after.color == "b"
    assert after.turn == 2
    assert after.hands[1] == ("r2", "b9")


def test_after_a_wild_the_chosen_colour_is_matched_not_the_previous_one():
    state = make(3, hands=[["g1", "g3"], ["W", "b9"], ["r2", "y7", "g2"]], top="r5")
    state = act(state, 1, "W", color="y")
    assert plays(state, 2) == {"y7"}
    refused(state, 2, "r2", "does_not_match")
    assert act(state, 2, "y7").color == "y"


def test_rulebook_example_red_eight_red_card_or_any_eight():
    # Plus: "se a pilha de descarte tem um cartao vermelho que e um 8, tem de colocar ou um
    # cartao vermelho ou um cartao com um 8" (or a wild).
    hand = ["r3", "b8", "g2", "yS", "W"]
    state = make(3, "plus", hands=[["g1"], hand, ["g4"]], top="r8")
    assert plays(state, 1) == {"r3", "b8", "W"}
    refused(state, 1, "g2", "does_not_match")
    refused(state, 1, "yS", "does_not_match")


def test_rulebook_example_blue_seven_blue_card_or_any_seven():
    # MotU: "Se a carta na pilha de DESCARTE for um 7 azul, o jogador deve jogar uma carta
    # azul OU qualquer uma de numero 7" (optionally a wild).
    hand = ["b2", "p7", "r7", "gR", "p+2", "WG"]
    state = make(3, "motu", hands=[["g1"], hand, ["g4"]], top="b7")
    assert plays(state, 1) == {"b2", "p7", "r7", "WG"}
    refused(state, 1, "gR", "does_not_match")
    refused(state, 1, "p+2", "does_not_match")
    assert act(state, 1, "p7").color == "p"


# -- drawing and passing ---------------------------------------------------------------

def test_a_player_may_draw_instead_of_playing_a_matching_card():
    state = make(3, hands=[["g1"], ["r2", "b9"], ["g2"]], top="r5", draw=["y3"])
    assert {"type": "draw"} in UNO.legal_moves(state, 1)
    after = act(state, 1, "draw")
    assert after.hands[1] == ("r2", "b9", "y3")
    assert after.turn == 2  # y3 can't be played: the turn passes
    assert after.drawn is None


def test_an_unplayable_drawn_card_is_kept_and_the_turn_passes_at_once():
    state = make(3, hands=[["g1"], ["b9"], ["g2"]], top="r5", draw=["y3"])
    after = act(state, 1, "draw")
    assert after.hands[1] == ("b9", "y3")
    assert after.turn == 2
    assert after.drawn is None
    assert events(after) == [{"type": "draw", "seat": 1, "count": 1, "reason": "choice"},
                             {"type": "keep", "seat": 1}]
    assert len(after.draw_pile) == len(state.draw_pile) - 1
    assert after.discard == state.discard


def test_a_playable_drawn_card_may_be_played_in_the_same_turn():
    state = make(3, hands=[["g1"], ["b9"], ["g2"]], top="r5", draw=["r3"])
    drew = act(state, 1, "draw")
    assert drew.turn == 1
    assert drew.drawn == "r3"
    assert events(drew) == [{"type": "draw", "seat": 1, "count": 1, "reason": "choice"}]
    turn_moves = [m for m in UNO.legal_moves(drew, 1) if m["type"] != "uno"]
    assert turn_moves == [{"type": "play", "card": "r3"}, {"type": "pass"}]
    played = act(drew, 1, "r3")
    assert played.top == "r3"
    assert played.hands[1] == ("b9",)
    assert played.turn == 2
    assert played.drawn is None


def test_a_drawn_wild_may_be_played_with_a_colour():
    state = make(3, hands=[["g1"], ["b9"], ["g2"]], top="r5", draw=["W"])
    drew = act(state, 1, "draw")
    assert drew.drawn == "W"
    played = act(drew, 1, "W", color="g")
    assert played.color == "g" and played.turn == 2


def test_after_drawing_another_card_of_the_hand_may_not_be_played():
    state = make(3, hands=[["g1"], ["r2", "b9"], ["g2"]], top="r5", draw=["r3"])
    drew = act(state, 1, "draw")
    err = refused(drew, 1, "r2", "only_drawn_card")
    assert err.params == {"card": "r3"}


def test_after_drawing_a_wild_in_hand_may_not_be_played_either():
    state = make(3, hands=[["g1"], ["W", "b9"], ["g2"]], top="r5", draw=["r3"])
    drew = act(state, 1, "draw")
    refused(drew, 1, {"type": "play", "card": "W", "color": "r"}, "only_drawn_card")


def test_a_player_who_drew_a_playable_card_may_pass_and_keep_it():
    state = make(3, hands=[["g1"], ["b9"], ["g2"]], top="r5", draw=["r3"])
    drew = act(state, 1, "draw")
    kept = act(drew, 1, "pass")
    assert kept.hands[1] == ("b9", "r3")
    assert kept.turn == 2
    assert kept.drawn is None
    assert kept.top == "r5"
    assert events(kept) == [{"type": "keep", "seat": 1}]


def test_passing_without_drawing_first_is_refused():
    state = make(3, hands=[["g1"], ["b9"], ["g2"]], top="r5")
    assert {"type": "pass"} not in UNO.legal_moves(state, 1)
    refused(state, 1, "pass", "must_draw_first")


def test_drawing_twice_in_one_turn_is_refused():
    state = make(3, hands=[["g1"], ["b9"], ["g2"]], top="r5", draw=["r3"])
    drew = act(state, 1, "draw")
    assert {"type": "draw"} not in UNO.legal_moves(drew, 1)
    refused(drew, 1, "draw", "already_drew")


def test_an_uno_call_after_drawing_does_not_free_the_rest_of_the_hand():
    # Down to one card, the player draws a playable card and calls UNO (two cards held):
    # the call must not lift the "only the drawn card" rule nor allow a second draw.
    state = make(3, hands=[["g1", "g3"], ["r1"], ["g2", "g4"]], top="r5", draw=["r9"])
    drew = act(state, 1, "draw")
    called = act(drew, 1, "uno")
    assert called.drawn == "r9"
    assert called.turn == 1
    refused(called, 1, "r1", "only_drawn_card")
    refused(called, 1, "draw", "already_drew")
    assert act(called, 1, "pass").turn == 2
    assert act(called, 1, "r9").hands[1] == ("r1",)


def test_the_next_player_may_not_use_the_previous_players_drawn_card_rule():
    state = make(3, hands=[["g1"], ["b9"], ["r2", "r4"]], top="r5", draw=["r3"])
    kept = act(act(state, 1, "draw"), 1, "pass")
    assert act(kept, 2, "r4").top == "r4"


# -- the draw pile running out ---------------------------------------------------------

def test_an_empty_draw_pile_is_rebuilt_from_the_discards_and_the_top_card_stays():
    state = make(3, hands=[["g1"], ["b9"], ["g2"]], top="r5")
    discards = ["y1", "y2", "y3", "y4", "r5"]
    state = with_piles(state, [], discards, parked_seat=0)
    after = act(state, 1, "draw")
    assert after.discard == ("r5",)
    assert len(after.draw_pile) == 3
    assert len(after.hands[1]) == 2
    drawn = after.hands[1][1]
    assert sorted(list(after.draw_pile) + [drawn]) == ["y1", "y2", "y3", "y4"]
    assert events(after, "reshuffle") == [{"type": "reshuffle", "cards": 4}]
    assert all_cards(after) == CLASSIC


def test_the_reshuffle_happens_in_the_middle_of_a_forced_draw():
    state = make(3, hands=[["g1"], ["r+2", "b9"], ["g2"]], top="r5")
    state = with_piles(state, ["y7"], ["y1", "y2", "r5"], parked_seat=0)
    after = act(state, 1, "r+2")
    assert len(after.hands[2]) == 3
    assert after.hands[2][1] == "y7"  # the last card of the old pile first
    assert after.discard == ("r+2",)
    assert events(after, "reshuffle") == [{"type": "reshuffle", "cards": 3}]
    assert events(after, "draw") == [{"type": "draw", "seat": 2, "count": 2, "reason": "draw_two"}]
    assert all_cards(after) == CLASSIC


def test_with_both_piles_empty_a_draw_gets_nothing_and_the_turn_moves_on():
    state = make(3, hands=[["g1"], ["b9"], ["g2"]], top="r5")
    state = with_piles(state, [], ["r5"], parked_seat=0)
    after = act(state, 1, "draw")
    assert after.hands[1] == ("b9",)
    assert after.turn == 2
    assert after.drawn is None
    assert events(after) == [{"type": "draw", "seat": 1, "count": 0, "reason": "choice"}]
    assert all_cards(after) == CLASSIC


def test_a_forced_draw_gives_only_what_is_left():
    state = make(3, hands=[["g1"], ["r+2", "b9"], ["g2"]], top="r5")
    state = with_piles(state, [], ["r5"], parked_seat=0)
    after = act(state, 1, "r+2")  # only r5 (under the new top card) is left to draw
    assert after.hands[2] == ("g2", "r5")
    assert after.draw_pile == ()
    assert after.discard == ("r+2",)
    assert after.turn == 0  # still skipped
    assert events(after, "draw") == [{"type": "draw", "seat": 2, "count": 1, "reason": "draw_two"}]
    assert all_cards(after) == CLASSIC


# -- Skip, Reverse, Draw Two -----------------------------------------------------------

def test_skip_the_next_player_loses_the_turn():
    state = make(4, hands=[["g1"], ["rS", "b9"], ["g2"], ["g3"]], top="r5")
    after = act(state, 1, "rS")
    assert after.turn == 3
    assert after.direction == 1
    assert events(after, "skip") == [{"type": "skip", "seat": 2}]
    assert [len(h) for h in after.hands] == [1, 1, 1, 1]


def test_skip_matches_another_skip_of_any_colour():
    state = make(4, hands=[["g1"], ["b9", "gS"], ["yS", "y2"], ["y3"]], top="rS", dealer=3)
    # seat 0 starts, is skipped by the first discard; seat 1 plays a green skip on it
    assert state.turn == 1
    after = act(state, 1, "gS")
    assert after.color == "g"
    assert after.turn == 3


def test_reverse_changes_direction_with_three_or_more_players():
    state = make(4, hands=[["g1", "r3"], ["rR", "b9"], ["g2"], ["r4", "r6"]], top="r5")
    after = act(state, 1, "rR")
    assert after.direction == -1
    assert after.turn == 0
    assert events(after, "reverse") == [{"type": "reverse"}]
    after = act(after, 0, "r3")
    assert after.turn == 3  # play goes on to the right


def test_a_second_reverse_restores_the_direction():
    state = make(4, hands=[["gR", "g6"], ["rR", "b9"], ["g2"], ["r4"]], top="r5")
    after = act(act(state, 1, "rR"), 0, "gR")
    assert after.direction == 1
    assert after.turn == 1


def test_skip_after_a_reverse_skips_the_player_to_the_right():
    state = make(4, hands=[["rS", "g6"], ["rR", "b9"], ["g2"], ["r4"]], top="r5")
    after = act(act(state, 1, "rR"), 0, "rS")
    assert events(after, "skip") == [{"type": "skip", "seat": 3}]
    assert after.turn == 2


def test_draw_two_next_player_draws_two_and_is_skipped():
    state = make(4, hands=[["g1"], ["r+2", "b9"], ["g2"], ["g3"]], top="r5", draw=["y1", "y2"])
    after = act(state, 1, "r+2")
    assert after.hands[2] == ("g2", "y1", "y2")
    assert after.turn == 3
    assert after.color == "r"
    assert events(after) == [
        {"type": "play", "seat": 1, "card": "r+2", "color": "r"},
        {"type": "draw", "seat": 2, "count": 2, "reason": "draw_two"},
        {"type": "skip", "seat": 2},
    ]


def test_draw_two_cannot_be_stacked_by_its_victim():
    state = make(3, hands=[["g1"], ["r+2", "b9"], ["y+2", "g2"]], top="r5", draw=["y1", "y2"])
    after = act(state, 1, "r+2")
    assert after.turn == 0
    refused(after, 2, "y+2", "not_your_turn")
    assert not [m for m in UNO.legal_moves(after, 2) if m["type"] in ("play", "draw")]


def test_draw_two_on_draw_two_is_a_symbol_match_for_the_next_turn_not_a_stack():
    state = make(3, hands=[["y+2", "g1"], ["r+2", "b9"], ["g2", "g3"]], top="r5",
                 draw=["y1", "y2", "y3", "y4"])
    after = act(act(state, 1, "r+2"), 0, "y+2")
    assert after.hands[1] == ("b9", "y3", "y4")  # only the new Draw Two's two cards
    assert after.hands[2] == ("g2", "g3", "y1", "y2")
    assert after.turn == 2


# -- two players -----------------------------------------------------------------------

def test_two_players_reverse_acts_as_skip():
    state = make(2, hands=[["g1"], ["rR", "r3"]], top="r5")
    after = act(state, 1, "rR")
    assert after.turn == 1
    assert after.direction == 1
    assert events(after, "skip") == [{"type": "skip", "seat": 0}]
    assert not events(after, "reverse")


def test_two_players_skip_gives_another_turn():
    state = make(2, hands=[["g1"], ["rS", "r3"]], top="r5")
    after = act(state, 1, "rS")
    assert after.turn == 1
    assert act(after, 1, "r3").phase == "hand_over"


def test_two_players_draw_two_opponent_draws_and_player_goes_again():
    state = make(2, hands=[["g1"], ["r+2", "r3"]], top="r5", draw=["y1", "y2"])
    after = act(state, 1, "r+2")
    assert after.hands[0] == ("g1", "y1", "y2")
    assert after.turn == 1


def test_two_players_without_two_player_rules_reverse_just_passes_the_turn():
    state = make(2, hands=[["g1", "r3"], ["rR", "r4"]], top="r5", two_player_rules=False)
    after = act(state, 1, "rR")
    assert after.turn == 0
    assert after.direction == -1
    assert events(after, "reverse") == [{"type": "reverse"}]
    assert not events(after, "skip")


def test_two_players_without_two_player_rules_skip_still_gives_another_turn():
    state = make(2, hands=[["g1"], ["rS", "r3"]], top="r5", two_player_rules=False)
    assert act(state, 1, "rS").turn == 1


# -- turn order ------------------------------------------------------------------------

def test_play_goes_clockwise_to_the_left_and_wraps_around():
    state = make(3, hands=[["r1", "r2"], ["r3", "r4"], ["r6", "r7"]], top="r5")
    order = []
    for seat, card in [(1, "r3"), (2, "r6"), (0, "r1")]:
        state = act(state, seat, card)
        order.append(state.turn)
    assert order == [2, 0, 1]


def test_the_input_state_is_never_changed_by_a_legal_move():
    state = make(3, hands=[["g1"], ["r+2", "b9"], ["g2"]], top="r5")
    before = UNO.to_json(state)
    act(state, 1, "r+2")
    assert UNO.to_json(state) == before


def test_states_round_trip_through_json_mid_turn():
    state = make(3, hands=[["g1"], ["b9"], ["g2"]], top="r5", draw=["r3"])
    drew = act(state, 1, "draw")
    again = UNO.from_json(UNO.to_json(drew))
    assert UNO.to_json(again) == UNO.to_json(drew)
    assert act(again, 1, "r3").top == "r3"
