"""An unanswerable Category Card (everybody agrees: discard it) and an empty Word Deck."""

from __future__ import annotations

from dataclasses import replace

from .conftest import (
    T0,
    G,
    act,
    check_components,
    events,
    make,
    play_round,
    refused,
    reveal,
    slap,
)


def agree_all(s, agree: bool = True, now: float | None = None):
    for p in range(len(s.players)):
        s = act(s, p, {"type": "discard_category", "agree": agree}, now)
    return s


def test_everybody_agrees_before_the_reveal() -> None:
    s = make(3, deck=["blue-01", "green-01"])
    s = act(s, 0, {"type": "discard_category"})
    s = act(s, 1, {"type": "discard_category", "agree": True})
    assert s.phase == "reading" and s.agree_discard == (0, 1)
    s = act(s, 2, {"type": "discard_category"})
    assert s.discard == ("red-01",) and s.category == "blue-01"
    assert [e["type"] for e in events(s)][-2:] == ["category_discarded", "new_category"]
    assert s.opener == 0 and s.history[-1]["result"] == "discarded"
    check_components(s)


def test_after_the_reveal_both_cards_go() -> None:
    s = reveal(make(3, deck=["blue-01", "green-01", "yellow-01"]))
    s = agree_all(s)
    assert s.discard == ("red-01", "blue-01") and s.category == "green-01"
    assert s.revealed is None and s.phase == "reading"
    assert G.view(s, None)["race"] is None


def test_agreement_can_be_withdrawn_and_must_be_unanimous() -> None:
    s = make(3)
    s = act(s, 1, {"type": "discard_category"})
    refused(s, 1, {"type": "discard_category"}, "already_agreed")
    refused(s, 2, {"type": "discard_category", "agree": False}, "not_agreed")
    s = act(s, 1, {"type": "discard_category", "agree": False})
    assert s.agree_discard == ()
    s = act(s, 0, {"type": "discard_category"})
    s = act(s, 2, {"type": "discard_category"})
    assert s.category == "red-01"  # seat 1 no longer agrees


def test_the_reveal_resets_partial_agreement() -> None:
    s = act(make(3), 1, {"type": "discard_category"})
    s = reveal(s)
    assert s.agree_discard == ()


def test_not_once_somebody_slapped() -> None:
    s = slap(reveal(make(3)), 1, T0 + 0.3, T0 + 0.35)
    refused(s, 0, {"type": "discard_category"}, "cannot_discard_now", now=T0 + 0.4)


def test_the_bench_carries_over_a_discarded_card() -> None:
    s = play_round(make(3, deck=["blue-01", "green-01", "yellow-01"]), 1, {0: "Turmalina"})
    assert s.benched == (1,)
    s = agree_all(s)
    assert s.benched == (1,)


def test_a_number_card_cannot_replace_a_category_card() -> None:
    s = make(3, mode="numerologia", deck=["number-4", "number-5", "green-01"])
    s = agree_all(s)
    assert s.category == "green-01"
    assert s.deck[:2] == ("number-4", "number-5")  # under the deck
    check_components(s)


def test_an_empty_deck_is_rebuilt_from_the_discards() -> None:
    s = make(3)
    s = replace(s, deck=(), discard=s.deck)
    s = reveal(s)
    assert events(s)[0] == {"type": "reshuffle", "size": 47}
    assert s.discard == () and len(s.deck) == 46 and s.revealed
    check_components(s)


def test_no_card_left_anywhere_ends_the_game() -> None:
    s = make(3)
    won = (s.deck[:20], s.deck[20:40], s.deck[40:])
    s = replace(s, deck=(), discard=(), won=won)
    s = reveal(s)
    assert s.phase == "game_over" and s.winners == (0, 1)  # 20, 20 and 7 cards
    assert s.victory is None and "victory" in s.box
    assert events(s)[-1]["reason"] == "deck_exhausted"
    check_components(s)
    assert G.result(s)["winners"] == [0, 1]
