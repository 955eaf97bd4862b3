"""Tudo Junto e Misturado: Numerologia plus Action Cards (Pular/Usado) and the Mandatory
Letter benefits (1 to 4 uses)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tablegames.engine import IllegalMove
from tablegames.engine.uestop.cards import ACTION_CARDS

from .conftest import (
    T0,
    G,
    act,
    answer,
    check_components,
    events,
    judge,
    make,
    refused,
    reveal,
    win_race,
)

# Category red-01, Letter Card blue-01: Mandatory Letter M; the card also holds T, P, A.
ONE = {0: "Turmalina", 1: "Patrícia", 2: "Motocicleta", 3: "Açaí"}
TWO = {0: "Turmalina", 1: "Patrícia", 2: "Motocicleta", 3: "Milk Shake"}
THREE = {0: "Malaquita", 1: "Mariana", 2: "Motocicleta", 3: "Açaí"}
FOUR = {0: "Malaquita", 1: "Mariana", 2: "Moto", 3: "Milk Shake"}


def tudo(players: int = 3, deck=("blue-01",), **options):
    return make(players, mode="tudo_junto", deck=deck, **options)


def with_points(s, points: dict[int, int]):
    """Moves cards from the bottom of the deck into won piles (conservation kept)."""
    deck = list(s.deck)
    won = [list(w) for w in s.won]
    for seat, n in points.items():
        for _ in range(n):
            won[seat].append(deck.pop(0))
    return replace(s, deck=tuple(deck), won=tuple(tuple(w) for w in won))


def scored_round(s, seat: int, texts, **extra):
    s = win_race(reveal(s), seat)
    s = answer(s, texts, **extra)
    assert s.phase == "judging", s.events
    return judge(s, True)


def test_setup_deals_one_action_card_each_and_needs_at_most_six_players() -> None:
    s = G.new(["A", "B", "C", "D"], {"mode": "tudo_junto"}, seed=2)
    assert s.action_cards == ACTION_CARDS[:4]
    assert s.action_used == (False,) * 4
    assert set(ACTION_CARDS[4:]) <= set(s.box)
    check_components(s)
    assert G.view(s, 0)["players"][0]["action"] == "pular"
    G.new([f"P{i}" for i in range(6)], {"mode": "tudo_junto"}, seed=1)
    with pytest.raises(IllegalMove) as info:
        G.new([f"P{i}" for i in range(7)], {"mode": "tudo_junto"}, seed=1)
    assert info.value.code == "wrong_player_count"
    assert info.value.params == {"count": 7, "min": 2, "max": 6}
    G.new([f"P{i}" for i in range(8)], {"mode": "cha_da_tarde"}, seed=1)


def test_one_use_gains_the_card_only() -> None:
    s = scored_round(tudo(), 1, ONE)
    assert s.won[1] == ("red-01",)
    assert not events(s, "flip_back") and not events(s, "bonus_card") and s.phase == "reading"


def test_skip_a_category_with_the_action_card() -> None:
    s = win_race(reveal(tudo()), 1)
    assert G.view(s, 1)["me"]["can_skip"]
    three = {k: v for k, v in ONE.items() if k != 0}
    refused(s, 1, {"type": "answer", "texts": {str(k): v for k, v in ONE.items()}, "skip": 0},
            "answer_all_categories")
    s = answer(s, three, skip=0)
    assert s.action_used[1]
    assert events(s, "skip_category") == [{"type": "skip_category", "seat": 1, "category": 0}]
    assert s.answer["texts"][0] is None
    s = judge(s, True)
    assert s.won[1] == ("red-01",) and s.action_used[1]
    assert G.view(s, 1)["players"][1]["action"] == "usado"


def test_a_used_action_card_cannot_skip() -> None:
    s = replace(tudo(), action_used=(False, True, False))
    s = win_race(reveal(s), 1)
    refused(s, 1, {"type": "answer", "spoken": True, "skip": 2}, "action_used")
    assert {"type": "answer", "spoken": True, "mandatory": 1, "skip": 2} not in G.legal_moves(s, 1)


def test_the_skip_stays_used_when_the_answer_fails() -> None:
    s = win_race(reveal(tudo()), 1)
    s = answer(s, {1: "Beatriz", 2: "Motocicleta", 3: "Açaí"}, skip=0)  # B: not on the card
    assert s.benched == (1,) and s.action_used[1]


def test_two_uses_flip_the_action_card_back() -> None:
    s = replace(tudo(), action_used=(False, True, False))
    s = scored_round(s, 1, TWO)
    assert s.action_used[1] is False
    assert events(s, "flip_back") == [{"type": "flip_back", "seat": 1}]


def test_two_uses_after_skipping_in_the_same_answer_flip_it_back() -> None:
    s = scored_round(tudo(), 1, {1: "Mariana", 2: "Motocicleta", 3: "Açaí"}, skip=0)
    assert s.action_used[1] is False


def test_three_uses_make_another_player_lose_a_card() -> None:
    s = with_points(tudo(), {0: 2, 2: 1})
    lost = s.won[0][-1]
    s = scored_round(s, 1, THREE)
    assert s.phase == "penalty" and s.pending == {"kind": "penalty", "by": 1}
    assert G.view(s, None)["pending"]["targets"] == [0, 2]
    refused(s, 0, {"type": "penalize", "target": 2}, "not_scorer")
    refused(s, 1, {"type": "penalize", "target": 1}, "bad_penalty_target")
    refused(s, 1, {"type": "reveal"}, "penalty_pending", now=T0 + 5)
    s = act(s, 1, {"type": "penalize", "target": 0})
    assert len(s.won[0]) == 1 and s.discard[-1] == lost
    assert events(s, "penalty") == [{"type": "penalty", "by": 1, "target": 0, "points": 1}]
    assert s.phase == "reading"
    check_components(s)


def test_the_penalty_may_be_declined() -> None:
    s = with_points(tudo(), {2: 1})
    s = scored_round(s, 1, THREE)
    s = act(s, 1, {"type": "penalize", "target": None})
    assert len(s.won[2]) == 1 and s.phase == "reading"


def test_three_uses_with_nobody_to_punish() -> None:
    s = scored_round(tudo(), 1, THREE)
    assert s.phase == "reading" and events(s, "no_penalty_target")


def test_four_uses_take_a_bonus_card_from_the_deck() -> None:
    s = tudo(deck=["blue-01", "green-02"])
    s = scored_round(s, 1, FOUR)
    assert s.won[1] == ("red-01", "green-02")  # the bonus is the top card of the deck
    assert events(s, "bonus_card") == [{"type": "bonus_card", "seat": 1, "points": 2}]
    check_components(s)


def test_the_bonus_can_win_the_game() -> None:
    s = with_points(tudo(deck=["blue-01", "green-02"]), {1: 3})
    s = scored_round(s, 1, FOUR)
    assert s.phase == "game_over" and s.winners == (1,) and len(s.won[1]) == 5


def test_the_fifth_card_ends_the_game_before_a_penalty() -> None:
    s = with_points(tudo(), {1: 4, 0: 1})
    s = scored_round(s, 1, THREE)
    assert s.phase == "game_over" and s.pending is None


def test_spoken_answers_claim_the_uses_and_the_table_judges_them() -> None:
    s = win_race(reveal(tudo()), 1)
    moves = G.legal_moves(s, 1)
    assert {"type": "answer", "spoken": True, "mandatory": 4} in moves
    assert {"type": "answer", "spoken": True, "mandatory": 3, "skip": 0} in moves
    refused(s, 1, {"type": "answer", "spoken": True, "mandatory": 4, "skip": 0}, "bad_mandatory_claim")
    refused(s, 1, {"type": "answer", "spoken": True, "mandatory": 0}, "bad_mandatory_claim")
    refused(s, 1, {"type": "answer", "spoken": True}, "bad_mandatory_claim")  # say how many
    refused(s, 1, {"type": "answer", "texts": {"0": "Malaquita"}, "mandatory": 1}, "bad_move")
    s = answer(s, None, mandatory=4)
    assert s.answer["mandatory"] == 4
    s = judge(s, True)
    assert len(s.won[1]) == 2


def test_number_rounds_have_no_benefits_and_no_skip() -> None:
    s = win_race(reveal(tudo(deck=["number-5"])), 1)
    refused(s, 1, {"type": "answer", "spoken": True, "skip": 0}, "no_skip_here")
    s = answer(s, {0: "Rubis"})
    s = judge(s, True)
    assert s.won[1] == ("number-5",) and not events(s, "bonus_card")
