"""Decks, card values, the dealer, the deal and every kind of first discard."""

from __future__ import annotations

from collections import Counter

import pytest

from tablegames.engine.uno.cards import build_deck, card_info, dealer_rank, hand_points

from .conftest import UNO, act, all_cards, events, make, refused

# Three 7-card hands usable in Classic and Plus (no yellow 5, no sevens, no symbols).
HANDS3 = [
    ["r1", "r2", "r3", "r4", "r6", "g1", "g2"],
    ["y1", "y2", "y3", "y4", "y6", "b1", "b2"],
    ["g3", "g4", "g6", "b3", "b4", "b6", "y8"],
]
# The same for Masters of the Universe (colours b r g p).
MOTU_HANDS3 = [
    ["r1", "r2", "r3", "r4", "r6", "g1", "g2"],
    ["p1", "p2", "p3", "p4", "p6", "b1", "b2"],
    ["g3", "g4", "g6", "b3", "b4", "b6", "p8"],
]


def per_color_composition(color: str) -> Counter:
    faces = {"0": 1, **{str(n): 2 for n in range(1, 10)}, "S": 2, "R": 2, "+2": 2}
    return Counter({color + face: k for face, k in faces.items()})


# -- decks -----------------------------------------------------------------------------

def test_classic_deck_has_108_cards_in_the_printed_composition():
    deck = Counter(build_deck("classic"))
    expected = Counter({"W": 4, "W+4": 4})
    for color in "rygb":
        expected += per_color_composition(color)
    assert sum(deck.values()) == 108
    assert deck == expected


def test_plus_deck_has_112_cards_with_swap_hands_and_three_customizable():
    deck = Counter(build_deck("plus"))
    assert sum(deck.values()) == 112
    assert deck - Counter(build_deck("classic")) == Counter({"WS": 1, "WC1": 1, "WC2": 1, "WC3": 1})


@pytest.mark.parametrize("house_rules, customs", [
    ([], []),
    (["song"], ["WC1"]),
    (["song", "skip_all"], ["WC1", "WC2"]),
    (None, ["WC1", "WC2", "WC3"]),  # default: three rules
])
def test_plus_game_keeps_one_customizable_wild_per_house_rule(house_rules, customs):
    options = {} if house_rules is None else {"house_rules": house_rules}
    state = make(3, "plus", **options)
    cards = all_cards(state)
    assert sum(cards.values()) == 109 + len(customs)
    assert sorted(c for c in cards if c.startswith("WC")) == customs
    assert all(cards[c] == 1 for c in customs)


def test_motu_deck_has_112_cards_in_blue_red_green_purple_with_greyskull():
    deck = Counter(build_deck("motu"))
    expected = Counter({"W": 4, "W+4": 4, "WG": 4})
    for color in "brgp":
        expected += per_color_composition(color)
    assert sum(deck.values()) == 112
    assert deck == expected
    assert not any(c.startswith("y") for c in deck)


@pytest.mark.parametrize("edition, size", [("classic", 108), ("plus", 112), ("motu", 112)])
def test_a_new_game_holds_exactly_the_editions_deck(edition, size):
    state = make(4, edition, seed=7)
    assert all_cards(state) == Counter(build_deck(edition))
    assert sum(all_cards(state).values()) == size


@pytest.mark.parametrize("card, value", [
    ("r0", 0), ("y5", 5), ("g9", 9), ("p7", 7),
    ("bS", 20), ("rR", 20), ("g+2", 20),
    ("W", 50), ("W+4", 50), ("WG", 50),
    ("WS", 40), ("WC1", 40), ("WC3", 40),
])
def test_card_values(card, value):
    assert card_info(card).value == value


def test_hand_points_adds_the_card_values():
    assert hand_points(["r7", "gS", "W", "WS", "b0"]) == 7 + 20 + 50 + 40 + 0


def test_card_info_reads_colour_face_and_wildness():
    assert card_info("y+2")[:2] == ("y", "+2") and not card_info("y+2").is_wild
    assert card_info("WC2")[:2] == ("", "WC") and card_info("WC2").is_wild


# -- dealing ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 4, 10])
def test_everyone_is_dealt_seven_cards_and_one_card_starts_the_discard(players):
    for seed in range(20):
        state = make(players, seed=seed)
        if card_info(state.top).face == "+2":
            continue  # the first player drew two more: see the Draw Two first-discard test
        assert [len(h) for h in state.hands] == [7] * players
        assert len(state.discard) == 1
        assert len(state.draw_pile) == 108 - 7 * players - 1
        return
    pytest.fail("no seed without a Draw Two first discard")


def test_the_same_seed_deals_the_same_game():
    assert UNO.to_json(make(4, seed=42)) == UNO.to_json(make(4, seed=42))
    assert make(4, seed=42).hands != make(4, seed=43).hands


def test_stack_option_fixes_hands_top_card_and_next_draws():
    state = make(3, hands=HANDS3, top="r5", draw=["g7", "y9"])
    assert [list(h) for h in state.hands] == HANDS3
    assert state.discard == ("r5",)
    assert state.draw_pile[-2:] == ("y9", "g7")  # the pile's top is its last element
    assert all_cards(state) == Counter(build_deck("classic"))


@pytest.mark.parametrize("dealer, first", [(0, 1), (1, 2), (3, 0)])
def test_fixed_dealer_and_the_player_on_the_dealers_left_starts(dealer, first):
    state = make(4, hands=[[]] * 4, top="r5", dealer=dealer)
    assert state.dealer == dealer
    assert state.turn == first
    assert state.direction == 1
    assert state.dealer_cut == ()


def test_random_dealer_is_a_seat_fixed_by_the_seed():
    dealers = {make(5, dealer="random", seed=seed).dealer for seed in range(30)}
    assert dealers <= set(range(5))
    assert len(dealers) > 1
    assert make(5, dealer="random", seed=3).dealer == make(5, dealer="random", seed=3).dealer


@pytest.mark.parametrize("seed", range(25))
def test_high_card_cut_highest_number_deals_symbols_count_zero_ties_cut_again(seed):
    state = make(4, dealer="high_card", seed=seed)
    cut = state.dealer_cut
    assert cut, "the cut is recorded"
    contenders = {0, 1, 2, 3}
    for round_ in cut:
        drawn = {int(p): c for p, c in round_["cards"].items()}
        assert set(drawn) == contenders  # only the tied players cut again
        best = max(dealer_rank(c) for c in drawn.values())
        contenders = {p for p, c in drawn.items() if dealer_rank(c) == best}
    assert contenders == {state.dealer}
    first = events(state, "first_card")[0]
    assert first["seat"] == (state.dealer + 1) % 4


def test_high_card_cut_ties_do_happen_and_are_cut_again():
    rounds = [len(make(6, dealer="high_card", seed=seed).dealer_cut) for seed in range(60)]
    assert max(rounds) > 1


def test_high_card_is_the_default_dealer_option():
    state = UNO.new(["a", "b", "c"], {}, seed=5)
    assert state.options["dealer"] == "high_card"
    assert state.dealer_cut


@pytest.mark.parametrize("card, rank", [("r9", 9), ("b0", 0), ("gS", 0), ("yR", 0),
                                        ("r+2", 0), ("W", 0), ("W+4", 0), ("WG", 0)])
def test_dealer_cut_rank_numbers_by_value_symbols_zero(card, rank):
    assert dealer_rank(card) == rank


def test_next_hand_passes_the_deal_to_the_left():
    # Seat 1 goes out at once with its only card.
    state = make(3, hands=[["r1", "r2"], ["r7"], ["g3", "g4"]], top="r5", dealer=0)
    over = act(state, 1, "r7")
    assert over.phase == "hand_over"
    nxt = act(over, None, "next_hand")
    assert nxt.hand_no == 2
    assert nxt.dealer == 1
    assert events(nxt, "first_card")[0]["seat"] == 2
    assert [len(h) for h in nxt.hands].count(7) >= 2
    assert all_cards(nxt) == Counter(build_deck("classic"))


def test_next_hand_deal_wraps_from_the_last_seat_to_seat_zero():
    state = make(3, hands=[["r1", "r2"], ["r7", "r8"], ["r9"]], top="r5", dealer=2)
    assert state.turn == 0
    state = act(state, 0, "r1")
    state = act(state, 1, "r7")
    over = act(state, 2, "r9")
    nxt = act(over, None, "next_hand")
    assert nxt.dealer == 0
    assert events(nxt, "first_card")[0]["seat"] == 1


# -- the first discard -----------------------------------------------------------------

@pytest.mark.parametrize("edition", ["classic", "plus", "motu"])
def test_first_discard_number_first_player_plays_that_colour(edition):
    hands = MOTU_HANDS3 if edition == "motu" else HANDS3
    state = make(3, edition, hands=hands, top="g5")
    assert state.turn == 1
    assert state.color == "g"
    assert state.direction == 1
    assert state.pending is None
    assert [e["type"] for e in state.events] == ["first_card"]
    assert [list(h) for h in state.hands] == hands


@pytest.mark.parametrize("edition", ["classic", "plus", "motu"])
def test_first_discard_skip_skips_the_player_left_of_the_dealer(edition):
    hands = MOTU_HANDS3 if edition == "motu" else HANDS3
    state = make(3, edition, hands=hands, top="gS")
    assert state.turn == 2
    assert state.color == "g"
    assert events(state, "skip") == [{"type": "skip", "seat": 1}]
    assert [list(h) for h in state.hands] == hands


@pytest.mark.parametrize("edition", ["classic", "plus", "motu"])
def test_first_discard_reverse_dealer_plays_first_and_play_goes_right(edition):
    hands = MOTU_HANDS3 if edition == "motu" else HANDS3
    state = make(3, edition, hands=hands, top="gR")
    assert state.turn == 0  # the dealer
    assert state.direction == -1
    assert events(state, "reverse") == [{"type": "reverse"}]
    after = act(state, 0, "g1")
    assert after.turn == 2  # to the dealer's right


def test_first_discard_reverse_with_two_players_acts_as_skip():
    state = make(2, hands=HANDS3[:2], top="yR")
    assert state.turn == 0  # the first player (seat 1) is skipped: the dealer plays
    assert state.direction == 1
    assert events(state, "skip") == [{"type": "skip", "seat": 1}]
    assert not events(state, "reverse")


def test_first_discard_reverse_with_two_players_without_two_player_rules_reverses():
    state = make(2, hands=HANDS3[:2], top="yR", two_player_rules=False)
    assert state.turn == 0
    assert state.direction == -1
    assert events(state, "reverse") == [{"type": "reverse"}]


@pytest.mark.parametrize("edition", ["classic", "plus", "motu"])
def test_first_discard_draw_two_first_player_draws_two_and_is_skipped(edition):
    hands = MOTU_HANDS3 if edition == "motu" else HANDS3
    state = make(3, edition, hands=hands, top="g+2", draw=["r8", "b9"])
    assert state.hands[1] == tuple(hands[1]) + ("r8", "b9")
    assert state.turn == 2
    assert state.color == "g"
    assert events(state, "draw") == [{"type": "draw", "seat": 1, "count": 2, "reason": "draw_two"}]
    assert events(state, "skip") == [{"type": "skip", "seat": 1}]


@pytest.mark.parametrize("edition", ["classic", "plus", "motu"])
def test_first_discard_wild_first_player_chooses_the_colour_then_plays(edition):
    hands = MOTU_HANDS3 if edition == "motu" else HANDS3
    color = "p" if edition == "motu" else "y"
    state = make(3, edition, hands=hands, top="W")
    assert state.turn == 1
    assert state.pending == {"kind": "color", "swap": False}
    assert state.color == ""
    refused(state, 1, "draw", "choose_color_first")
    refused(state, 1, hands[1][0], "choose_color_first")
    chosen = act(state, 1, {"type": "choose_color", "color": color})
    assert chosen.pending is None
    assert chosen.color == color
    assert chosen.turn == 1  # the same player now plays
    assert events(chosen) == [{"type": "color", "seat": 1, "color": color}]
    played = act(chosen, 1, hands[1][0])
    assert played.turn == 2


def test_first_discard_wild_colour_must_be_one_of_the_editions_colours():
    state = make(3, "motu", hands=MOTU_HANDS3, top="W")
    refused(state, 1, {"type": "choose_color", "color": "y"}, "bad_color")
    classic = make(3, hands=HANDS3, top="W")
    refused(classic, 1, {"type": "choose_color", "color": "p"}, "bad_color")


def test_first_discard_wild_colour_is_chosen_by_the_first_player_only():
    state = make(3, hands=HANDS3, top="W")
    refused(state, 2, {"type": "choose_color", "color": "r"}, "not_your_turn")
    refused(state, 0, {"type": "choose_color", "color": "r"}, "not_your_turn")


@pytest.mark.parametrize("edition", ["classic", "plus", "motu"])
def test_first_discard_wild_draw_four_is_returned_and_the_pile_reshuffled(edition):
    hands = MOTU_HANDS3 if edition == "motu" else HANDS3
    state = make(3, edition, hands=hands, top="W+4")
    assert events(state, "first_card_returned")[0] == {"type": "first_card_returned", "card": "W+4"}
    assert state.top != "W+4"
    assert len(state.discard) == 1
    assert "W+4" in state.draw_pile
    assert all_cards(state) == Counter(build_deck(edition))
    assert [list(h) for h in state.hands] == hands
    assert events(state, "first_card")[0]["card"] == state.top


def test_first_discard_wild_draw_four_is_never_the_top_card_of_any_seed():
    for seed in range(200):
        state = make(3, seed=seed)
        assert state.top != "W+4"


def test_first_discard_swap_hands_first_player_chooses_colour_and_target_and_hands_swap():
    state = make(3, "plus", hands=HANDS3, top="WS")
    assert state.pending == {"kind": "color", "swap": True}
    refused(state, 1, {"type": "choose_color", "color": "g"}, "bad_target")
    refused(state, 1, {"type": "choose_color", "color": "g", "target": 1}, "bad_target")
    swapped = act(state, 1, {"type": "choose_color", "color": "g", "target": 2})
    assert swapped.hands[1] == tuple(HANDS3[2])
    assert swapped.hands[2] == tuple(HANDS3[1])
    assert swapped.hands[0] == tuple(HANDS3[0])
    assert swapped.color == "g"
    assert swapped.pending is None
    assert swapped.turn == 1  # then they play (from the hand they received)
    assert events(swapped) == [{"type": "swap", "seat": 1, "target": 2},
                               {"type": "color", "seat": 1, "color": "g"}]
    played = act(swapped, 1, "g3")
    assert played.turn == 2


def test_first_discard_customizable_wild_only_asks_for_a_colour_no_house_rule():
    state = make(3, "plus", hands=HANDS3, top="WC1", house_rules=["others_draw_2"])
    assert state.pending == {"kind": "color", "swap": False}
    chosen = act(state, 1, {"type": "choose_color", "color": "b"})
    assert [list(h) for h in chosen.hands] == HANDS3
    assert not events(state, "house_rule") and not events(chosen, "house_rule")
    assert chosen.color == "b"
    assert chosen.turn == 1


def test_first_discard_skip_all_customizable_wild_does_not_skip_anyone():
    state = make(3, "plus", hands=HANDS3, top="WC1", house_rules=["skip_all"])
    chosen = act(state, 1, {"type": "choose_color", "color": "b"})
    assert chosen.turn == 1
    assert act(chosen, 1, "b1").turn == 2


def test_first_discard_greyskull_first_player_chooses_colour_and_nobody_draws():
    state = make(3, "motu", hands=MOTU_HANDS3, top="WG")
    assert state.pending == {"kind": "color", "swap": False}
    assert not events(state, "draw")
    assert not events(state, "greyskull")
    chosen = act(state, 1, {"type": "choose_color", "color": "p"})
    assert [list(h) for h in chosen.hands] == MOTU_HANDS3
    assert not events(chosen, "draw")
    assert chosen.color == "p"
    assert chosen.turn == 1
    assert act(chosen, 1, "p1").turn == 2


@pytest.mark.parametrize("top", ["gS", "g+2"])
def test_first_discard_skip_or_draw_two_with_two_players_gives_the_dealer_the_first_turn(top):
    state = make(2, hands=HANDS3[:2], top=top, draw=["r8", "b9"])
    assert state.turn == 0
    assert events(state, "skip") == [{"type": "skip", "seat": 1}]
    assert len(state.hands[1]) == (9 if top == "g+2" else 7)


def test_a_new_hand_starts_clockwise_again_after_a_reverse():
    state = make(3, hands=[["r1", "r2"], ["rR", "r8"], ["r9"]], top="r5")
    state = act(state, 1, "rR")
    assert state.direction == -1
    over = act(act(state, 0, "r1"), 2, "r9")
    assert over.phase == "hand_over"
    nxt = act(over, None, "next_hand")
    reversed_start = card_info(nxt.top).face == "R"
    assert nxt.direction == (-1 if reversed_start else 1)
    assert events(nxt, "new_hand") == [{"type": "new_hand", "hand": 2, "dealer": 1}]


def test_a_stacked_game_round_trips_through_json():
    # The stack option is stored as tuples, as it comes back from JSON (a restart reloads it).
    game = UNO
    state = game.new(["A", "B"], {"dealer": 0, "stack": {"hands": [["r1"], ["g2"]], "top": "r5", "draw": ["b9"]}},
                     seed=1)
    assert game.from_json(game.to_json(state)) == state
