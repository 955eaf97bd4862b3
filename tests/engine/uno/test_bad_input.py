"""Refusals: every illegal or malformed input raises IllegalMove with a stable code and
leaves the state as it was."""

from __future__ import annotations

import pytest

from tablegames.engine import IllegalMove

from .conftest import UNO, act, make, refused

HANDS = [["g1", "g2"], ["r2", "W", "b9"], ["g3", "y4"]]


@pytest.fixture
def state():
    """Three players, top r5, seat 1 to play holding r2, W and b9."""
    return make(3, hands=HANDS, top="r5")


@pytest.fixture
def plus_state():
    """UNO Plus, three players, top r5, seat 1 to play holding a Wild Swap Hands."""
    return make(3, "plus", hands=[["g1", "g2"], ["WS", "r2", "b9"], ["g3", "y4"]], top="r5")


def finished_hand(target=500):
    """A game whose hand just ended (seat 1 went out); ``target=1`` ends the whole game."""
    state = make(3, hands=[["g1", "g2"], ["r7"], ["g3", "y4"]], top="r5", target=target)
    return act(state, 1, "r7")


# -- whose turn, which card ------------------------------------------------------------

def test_illegal_move_is_a_value_error_with_code_and_message(state):
    with pytest.raises(ValueError) as info:
        act(state, 2, "y4")
    assert isinstance(info.value, IllegalMove)
    assert info.value.code == "not_your_turn"
    assert "P1" in info.value.message


@pytest.mark.parametrize("seat, move", [(0, "g1"), (2, "draw"), (2, "g3"), (0, "pass")])
def test_a_move_out_of_turn_is_refused(state, seat, move):
    err = refused(state, seat, move, "not_your_turn")
    assert err.params == {"player": "P1"}


def test_a_card_not_in_the_hand_is_refused(state):
    err = refused(state, 1, "r9", "card_not_in_hand")
    assert err.params == {"card": "r9"}


def test_a_card_of_another_players_hand_is_refused(state):
    refused(state, 1, "g3", "card_not_in_hand")


def test_a_card_that_does_not_match_is_refused(state):
    refused(state, 1, "b9", "does_not_match")


@pytest.mark.parametrize("card", ["x9", "r10", "rX", "WC4", "WC", "w", "", "R5", 5, None, ["r2"]])
def test_something_that_is_not_a_card_code_is_bad_card(state, card):
    refused(state, 1, {"type": "play", "card": card}, "bad_card")


def test_a_play_without_a_card_is_bad_card(state):
    refused(state, 1, {"type": "play"}, "bad_card")


def test_a_card_of_another_edition_is_not_in_the_hand(state):
    refused(state, 1, {"type": "play", "card": "p5"}, "card_not_in_hand")


# -- the shape of a move ---------------------------------------------------------------

@pytest.mark.parametrize("move", ["draw", None, 5, ["draw"], ("type", "draw")])
def test_a_move_that_is_not_an_object_is_bad_move(state, move):
    before = UNO.to_json(state)
    with pytest.raises(IllegalMove) as info:
        UNO.apply(state, 1, move)
    assert info.value.code == "bad_move"
    assert UNO.to_json(state) == before


@pytest.mark.parametrize("move", [{}, {"card": "r2"}, {"type": None}, {"type": 3}, {"type": ["play"]}])
def test_a_move_without_a_type_string_is_bad_move(state, move):
    refused(state, 1, move, "bad_move")


@pytest.mark.parametrize("kind", ["discard", "PLAY", "play ", "skip", "steal"])
def test_an_unknown_move_type_is_unknown_move(state, kind):
    err = refused(state, 1, {"type": kind}, "unknown_move")
    assert err.params == {"move": kind}


@pytest.mark.parametrize("move", [
    {"type": "draw", "card": "r2"},
    {"type": "pass", "count": 1},
    {"type": "play", "card": "r2", "seat": 1},
    {"type": "uno", "target": 0},
    {"type": "next_hand", "dealer": 2},
])
def test_a_move_with_an_extra_field_is_bad_move(state, move):
    refused(state, 1, move, "bad_move")


def test_a_colour_on_a_coloured_card_is_bad_move(state):
    refused(state, 1, {"type": "play", "card": "r2", "color": "g"}, "bad_move")


def test_a_target_on_a_coloured_card_is_bad_move(state):
    refused(state, 1, {"type": "play", "card": "r2", "target": 2}, "bad_move")


def test_a_target_on_a_plain_wild_is_bad_move(state):
    refused(state, 1, {"type": "play", "card": "W", "color": "g", "target": 2}, "bad_move")


def test_a_target_when_choosing_the_colour_of_a_plain_first_wild_is_bad_move():
    state = make(3, hands=HANDS, top="W")
    refused(state, 1, {"type": "choose_color", "color": "g", "target": 2}, "bad_move")


def test_choosing_a_colour_when_none_is_asked_for_is_refused(state):
    refused(state, 1, {"type": "choose_color", "color": "g"}, "no_color_to_choose")


# -- colours and targets ---------------------------------------------------------------

@pytest.mark.parametrize("color", [None, "", "p", "red", "R", 1, ["r"]])
def test_a_wild_needs_one_of_the_four_colours_of_the_edition(state, color):
    move = {"type": "play", "card": "W"} if color is None else {"type": "play", "card": "W", "color": color}
    refused(state, 1, move, "bad_color")


def test_yellow_is_not_a_colour_of_masters_of_the_universe():
    state = make(3, "motu", hands=[["g1"], ["W", "b9"], ["g3"]], top="r5")
    refused(state, 1, {"type": "play", "card": "W", "color": "y"}, "bad_color")
    assert act(state, 1, "W", color="p").color == "p"


@pytest.mark.parametrize("target", [None, 1, 3, -1, True, False, "2", 2.0])
def test_swap_hands_needs_another_seat_at_the_table_as_target(plus_state, target):
    move = {"type": "play", "card": "WS", "color": "g"}
    if target is not None:
        move["target"] = target
    refused(plus_state, 1, move, "bad_target")


def test_swap_hands_with_a_valid_target_is_accepted(plus_state):
    after = act(plus_state, 1, "WS", color="g", target=2)
    assert after.hands[1] == ("g3", "y4")


# -- seats -----------------------------------------------------------------------------

@pytest.mark.parametrize("seat", [3, -1, 99, True, False, "1", 1.0, None])
def test_a_seat_that_is_not_at_the_table_is_bad_seat(state, seat):
    before = UNO.to_json(state)
    with pytest.raises(IllegalMove) as info:
        UNO.apply(state, seat, {"type": "draw"})
    assert info.value.code == "bad_seat"
    assert UNO.to_json(state) == before


def test_legal_moves_of_a_seat_not_at_the_table_are_empty(state):
    assert UNO.legal_moves(state, 3) == []
    assert UNO.legal_moves(state, -1) == []


# -- phases ----------------------------------------------------------------------------

def test_next_hand_while_the_hand_is_played_is_hand_not_over(state):
    refused(state, None, "next_hand", "hand_not_over")
    refused(state, 0, "next_hand", "system_move")


@pytest.mark.parametrize("seat, move", [
    (2, "draw"), (2, "g3"), (0, "pass"), (0, "uno"),
    (2, {"type": "catch", "target": 0}), (0, {"type": "choose_color", "color": "r"}),
])
def test_only_next_hand_is_accepted_once_a_hand_is_over(seat, move):
    over = finished_hand()
    assert over.phase == "hand_over"
    refused(over, seat, move, "hand_over")


def test_the_next_hand_is_a_system_move_never_a_seat_s():
    """Issue 12, finding 6: no seat may deal the next hand (the room layer applies it with
    seat None, for the host); the engine lists it for nobody and refuses it from a seat."""
    over = finished_hand()
    for seat in range(3):
        assert UNO.legal_moves(over, seat) == []
        refused(over, seat, "next_hand", "system_move")
    assert act(over, None, "next_hand").phase == "play"


def test_a_system_seat_may_make_no_player_move():
    over, playing = finished_hand(), UNO.new(["A", "B", "C"], {"dealer": 0}, seed=1)
    for state in (over, playing):
        for move in ("draw", "pass", "uno", {"type": "catch", "target": 0}):
            refused(state, None, move, "bad_seat")
    refused(playing, None, "next_hand", "hand_not_over")


@pytest.mark.parametrize("seat, move", [(0, "next_hand"), (2, "draw"), (0, "g1"), (1, "uno")])
def test_no_move_is_accepted_after_the_game_is_over(seat, move):
    seat = None if move == "next_hand" else seat
    over = finished_hand(target=1)
    assert over.phase == "game_over"
    assert over.winners == (1,)
    refused(over, seat, move, "game_over")
    assert UNO.legal_moves(over, seat) == []


# -- options and players ---------------------------------------------------------------

def new_refused(players, options, code):
    with pytest.raises(IllegalMove) as info:
        UNO.new(players, options, seed=1)
    assert info.value.code == code, info.value
    return info.value


@pytest.mark.parametrize("count", [0, 1, 11, 20])
def test_uno_is_for_two_to_ten_players(count):
    err = new_refused([f"P{i}" for i in range(count)], {}, "bad_players")
    assert err.params == {"count": count}


@pytest.mark.parametrize("count", [2, 10])
def test_two_and_ten_players_are_accepted(count):
    state = UNO.new([f"P{i}" for i in range(count)], {}, seed=1)
    assert len(state.hands) == count


@pytest.mark.parametrize("players", [[1, 2, 3], ["a", None], [["a"], ["b"]]])
def test_players_must_be_a_list_of_names(players):
    new_refused(players, {}, "bad_players")


@pytest.mark.parametrize("edition", ["deluxe", "", None, "Classic", 1])
def test_an_unknown_edition_is_bad_option(edition):
    err = new_refused(["a", "b", "c"], {"edition": edition}, "bad_option")
    assert err.params == {"option": "edition"}


def test_an_unknown_option_is_bad_option():
    err = new_refused(["a", "b", "c"], {"stackin": True}, "bad_option")
    assert err.params == {"option": "stackin"}


def test_a_house_rule_under_a_preset_that_sets_it_otherwise_is_bad_option():
    err = new_refused(["a", "b", "c"], {"stacking": True}, "bad_option")  # rulebook: off
    assert err.params == {"option": "stacking"}
    err = new_refused(["a", "b", "c"], {"preset": "party", "jump_in": False}, "bad_option")
    assert err.params == {"option": "jump_in"}


@pytest.mark.parametrize("players", [2, 3, 5])
def test_teams_need_exactly_four_players(players):
    err = new_refused([f"P{i}" for i in range(players)], {"teams": True}, "bad_option")
    assert err.params == {"option": "teams"}


@pytest.mark.parametrize("edition", ["classic", "motu"])
def test_house_rules_are_only_for_uno_plus(edition):
    err = new_refused(["a", "b", "c"], {"edition": edition, "house_rules": ["song"]}, "bad_option")
    assert err.params == {"option": "house_rules"}


@pytest.mark.parametrize("house_rules", [
    ["song", "song", "song", "song"], ["fly"], "song", [{"kind": "dare"}], [{"kind": "free", "text": ""}],
])
def test_bad_house_rules_are_bad_option(house_rules):
    new_refused(["a", "b", "c"], {"edition": "plus", "house_rules": house_rules}, "bad_option")


@pytest.mark.parametrize("option, value", [
    ("dealer", 3), ("dealer", -1), ("dealer", True), ("dealer", "youngest"),
    ("target", 0), ("target", "500"), ("target", True), ("scoring", "highest"),
])
def test_out_of_range_option_values_are_bad_option(option, value):
    err = new_refused(["a", "b", "c"], {option: value}, "bad_option")
    assert err.params == {"option": option}


@pytest.mark.parametrize("edition, stack", [
    ("classic", {"hands": [["p5"], [], []]}),                # purple is MotU only
    ("classic", {"hands": [["WG"], [], []]}),                # Greyskull is MotU only
    ("classic", {"hands": [["WS"], [], []]}),                # Swap Hands is Plus only
    ("motu", {"hands": [["y5"], [], []]}),                   # no yellow in MotU
    ("classic", {"hands": [["r0", "r0"], [], []]}),          # one red 0 per deck
    ("classic", {"hands": [["W"] * 3, ["W"] * 2, []]}),      # four wilds, not five
    ("classic", {"hands": [[], [], []], "top": "r0", "draw": ["r0"]}),
    ("classic", {"hands": [["r1"], [], []], "top": "x1"}),   # not a card
])
def test_a_stack_with_cards_that_are_not_in_the_deck_is_bad_option(edition, stack):
    new_refused(["a", "b", "c"], {"edition": edition, "stack": stack}, "bad_option")


def test_a_stack_with_a_customizable_wild_beyond_the_house_rules_is_bad_option():
    stack = {"hands": [["WC3"], [], []]}
    new_refused(["a", "b", "c"], {"edition": "plus", "house_rules": ["song", "skip_all"],
                                  "stack": stack}, "bad_option")


@pytest.mark.parametrize("hands", [[["r1"], ["r2"]], [["r1"]] * 4, None, "r1"])
def test_a_stack_needs_one_hand_per_player(hands):
    new_refused(["a", "b", "c"], {"stack": {"hands": hands}}, "bad_option")


@pytest.mark.parametrize("stack", [
    ["r1"],
    "hands",
    {"hands": [5, [], []]},
    {"hands": [["r1"], [], []], "draw": 5},
    {"hands": [["r1"], [], []], "top": ["r5"]},
])
def test_a_malformed_stack_is_bad_option(stack):
    new_refused(["a", "b", "c"], {"stack": stack}, "bad_option")
