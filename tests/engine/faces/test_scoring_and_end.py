"""Guessing, scoring, drawing and topping up to three cards, and the end of the game."""

from __future__ import annotations

from .conftest import FACES, event_types, guess, main, pass_cards, refused, stop

# Seat 1 holds three 6s ("happy"): Laura's example from the rulebook.
HANDS = [[1, 2, 3, 4], [6, 6, 6, 7, 8], [9, 10, 11, 12], [13, 1, 2, 3]]
PILE = [5, 4, 13]


def stopped():
    return stop(main(HANDS, pile=PILE), 1)


def test_first_guesser_right() -> None:
    s = guess(stopped(), 2, 6)
    assert s.won == ((), (6, 6), (6,), ())
    assert event_types(s) == ["right_guess", "draw"]
    assert s.events[0] == {"type": "right_guess", "seat": 2, "by": 1, "emotion": 6}
    assert s.last_round == {"mimer": 1, "emotion": 6, "winner": 2,
                            "guesses": ({"seat": 2, "emotion": 6, "correct": True},)}
    assert s.out == () and s.phase == "passing"


def test_wrong_then_right_like_tim_and_nadia() -> None:
    s = guess(stopped(), 2, 7)  # "excited": wrong
    assert s.events == ({"type": "wrong_guess", "seat": 2, "emotion": 7},)
    assert s.guessers == (3, 0) and s.phase == "guessing"
    refused(s, 2, {"type": "guess", "emotion": 6}, "already_guessed")
    s = guess(s, 3, 6)  # "happy": right
    assert s.won == ((), (6, 6), (), (6,))
    assert [g["correct"] for g in s.last_round["guesses"]] == [False, True]


def test_nobody_guesses_right() -> None:
    s = stopped()
    for seat in (2, 3, 0):
        s = guess(s, seat, 1)
    assert s.won == ((), (6,), (), ())
    assert s.out == (6, 6)  # two cards back in the box
    assert event_types(s) == ["wrong_guess", "nobody_guessed", "draw"]
    assert s.last_round["winner"] is None


def test_guessing_out_of_turn_and_other_bad_guesses() -> None:
    s = stopped()
    err = refused(s, 3, {"type": "guess", "emotion": 6}, "not_your_guess")
    assert err.params == {"player": "P2"}
    refused(s, 1, {"type": "guess", "emotion": 6}, "mimer_cannot_guess")
    for bad in (0, 14, "6", None, True):
        refused(s, 2, {"type": "guess", "emotion": bad}, "not_an_emotion")
    refused(s, 2, {"type": "guess"}, "not_an_emotion")
    refused(s, 2, {"type": "choose_pass", "card": 9}, "paused")
    assert FACES.legal_moves(s, 2) == [{"type": "guess", "emotion": e} for e in range(1, 14)]
    assert FACES.legal_moves(s, 3) == [] and FACES.legal_moves(s, 1) == []


def test_a_second_guess_after_the_round_is_over() -> None:
    s = guess(stopped(), 2, 6)
    refused(s, 3, {"type": "guess", "emotion": 6}, "no_guessing")
    refused(s, 2, {"type": "guess", "emotion": 6}, "no_guessing")


def test_the_mimer_draws_one_card_even_with_cards_left() -> None:
    s = guess(stopped(), 2, 6)  # seat 1 kept 7, 8 after the set: draws 1 -> 3 cards
    assert s.hands[1] == (5, 7, 8) and s.events[-1] == {"type": "draw", "seat": 1, "count": 1}
    assert len(s.pile) == 39 - 17 - 1


def test_one_card_even_when_already_three_or_more() -> None:
    s = main([[1, 2, 3], [6, 6, 6, 7, 8, 9, 10], [4, 5, 11]], pile=[12, 13])
    s = guess(stop(s, 1), 2, 6)
    assert s.hands[1] == (7, 8, 9, 10, 12)


def test_top_up_to_three_cards() -> None:
    s = main([[1, 2, 3], [6, 6, 6], [4, 5, 7]], pile=[8, 9, 10, 11])
    s = guess(stop(s, 1), 2, 6)  # empty hand: draws 1, then 2 more to have three
    assert s.hands[1] == (8, 9, 10) and s.events[-1]["count"] == 3
    s = main([[1, 2, 3], [6, 6, 6, 7], [4, 5, 8]], pile=[9, 10, 11])
    s = guess(stop(s, 1), 2, 6)  # one card left: 1 + 1
    assert s.hands[1] == (7, 9, 10) and s.events[-1]["count"] == 2


def test_the_pile_runs_out_during_the_top_up_and_the_game_ends() -> None:
    s = main([[1, 2, 3], [6, 6, 6], [4, 5, 7]], pile=[8, 9], exact=True)
    s = guess(stop(s, 1), 2, 6)
    assert s.hands[1] == (8, 9)
    assert event_types(s) == ["right_guess", "draw", "pile_empty", "game_over"]
    assert s.phase == "game_over" and s.winners == (1,)
    assert FACES.result(s) == {"winners": [1], "scores": [0, 2, 1], "ranking": [1, 2, 0]}


def _empty_pile(hands):
    """A game whose draw pile is empty (the cards not in hands are in the box)."""
    return main(hands, exact=True)


def test_end_when_the_pile_is_empty_and_a_hand_is_below_three() -> None:
    s = _empty_pile([[1, 2, 3], [6, 6, 6, 7], [4, 5, 8]])
    s = guess(stop(s, 1), 2, 1)
    s = guess(s, 0, 1)  # nobody: seat 1 gets 1 card, 2 go to the box
    assert s.hands[1] == (7,) and s.events[-2] == {"type": "draw", "seat": 1, "count": 0}
    assert s.phase == "game_over" and s.winners == (1,)
    assert s.events[-1] == {"type": "game_over", "winners": (1,), "scores": (0, 1, 0)}
    assert FACES.view(s, None)["events"][-1] == {"type": "game_over", "winners": [1],
                                                 "scores": [0, 1, 0]}
    refused(s, 0, {"type": "choose_pass", "card": 1}, "game_over")
    refused(s, 0, {"type": "stop"}, "game_over")
    assert all(FACES.legal_moves(s, p) == [] for p in range(3))


def test_the_game_goes_on_while_someone_can_still_call_stop() -> None:
    s = _empty_pile([[1, 2, 3], [6, 6, 6, 7], [9, 9, 9, 8]], )
    s = stop(s, 1)
    s = stop(s, 2)  # both sets at once; oldest is seat 0, so seat 1 mimes first
    s = guess(s, 2, 6)
    assert s.phase == "guessing" and s.mimer == 2  # seat 1 has 1 card, but seat 2 has a set
    s = guess(s, 0, 9)
    assert s.phase == "game_over"
    assert s.winners == (2,) and [len(w) for w in s.won] == [1, 2, 3]


def test_a_set_after_the_end_condition_keeps_the_game_going() -> None:
    # seat 0 is below three cards with an empty pile, but seat 2 holds a set: play it
    s = _empty_pile([[1, 2], [3, 4, 5], [9, 9, 9]])
    assert s.phase == "passing"
    s = stop(s, 2)
    s = guess(s, 0, 9)
    assert s.phase == "game_over" and s.winners == (2,)


def test_empty_pile_but_every_hand_has_three_cards_goes_on() -> None:
    s = _empty_pile([[1, 2, 3], [6, 6, 6, 7, 8, 10], [4, 5, 11]])
    s = guess(stop(s, 1), 2, 6)
    assert s.hands[1] == (7, 8, 10) and s.phase == "passing"
    s = pass_cards(s, [1, 7, 4])
    assert s.phase == "passing"


def test_tie_for_the_most_won_cards() -> None:
    s = _empty_pile([[1, 1, 1], [3, 4, 5], [9, 9, 9]])
    s = stop(stop(s, 0), 2)
    s = guess(s, 1, 1)  # seat 0's set: seat 1 right
    s = guess(s, 0, 9)  # seat 2's set: seat 0 right
    assert [len(w) for w in s.won] == [3, 1, 2]
    s = _empty_pile([[1, 1, 1], [3, 4, 5], [9, 9, 9]])
    s = stop(stop(s, 2), 0)
    s = guess(s, 1, 1)
    s = guess(guess(s, 0, 1), 1, 1)  # nobody guesses seat 2's 9s
    assert [len(w) for w in s.won] == [2, 1, 1]
    assert s.phase == "game_over" and FACES.result(s)["winners"] == [0]


def test_hands_left_at_the_end_do_not_count() -> None:
    s = _empty_pile([[1, 2, 3, 4, 5, 6, 7], [8, 8, 8], [9, 10, 11]])
    s = guess(stop(s, 1), 2, 8)
    assert s.phase == "game_over"
    assert FACES.result(s)["scores"] == [0, 2, 1]  # seat 0's seven cards count nothing
