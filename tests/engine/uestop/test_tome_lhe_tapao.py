"""Tome-lhe Tapão: one category, answered with a word starting with the Mandatory Letter."""

from __future__ import annotations

from tablegames.engine.uestop.cards import NUMBER_CARDS, PRINTED, WORD_CARDS

from .conftest import (
    T0,
    G,
    act,
    answer,
    check_components,
    events,
    judge,
    make,
    play_round,
    refused,
    reveal,
    win_race,
)


def test_setup_uses_no_number_or_action_cards() -> None:
    s = G.new(["Ana", "Bia", "Caio"], {"mode": "tome_lhe_tapao"}, seed=3)
    assert s.phase == "reading"
    assert s.category in WORD_CARDS and s.revealed is None
    assert not set(NUMBER_CARDS) & set(s.deck)
    assert set(NUMBER_CARDS) <= set(s.box)
    assert all(not a for a in s.action_cards)
    assert len(s.deck) == 47  # 48 printed cards, one of them is the Category Card
    check_components(s)


def test_the_first_opener_is_random_but_seeded() -> None:
    openers = {G.new(["A", "B", "C", "D"], {}, seed=seed).opener for seed in range(40)}
    assert openers == {0, 1, 2, 3}
    assert G.new(["A", "B"], {}, seed=7).opener == G.new(["A", "B"], {}, seed=7).opener


def test_reveal_turns_a_letter_card_and_names_the_mandatory_letter() -> None:
    s = reveal(make())
    assert s.phase == "race" and s.revealed == "blue-01" and s.reveal_time == T0
    # red-01 is red/square; blue-01's red/square bubble holds M
    assert events(s) == [{"type": "reveal_letter", "seat": 0, "card_id": "blue-01", "letter": "M"}]
    assert G.view(s, None)["mandatory_letter"] == "M"


def test_the_rulebooks_red_square_example_gives_v() -> None:
    letter_card = next(c.id for c in PRINTED if c.letters["red"] == "V")
    s = reveal(make(category="red-02", deck=[letter_card]))
    assert G.view(s, 1)["mandatory_letter"] == "V"


def test_only_the_opener_reveals() -> None:
    s = make(first=2)
    refused(s, 0, {"type": "reveal"}, "not_opener", now=T0)
    s = reveal(s)
    refused(s, 2, {"type": "reveal"}, "cannot_reveal_now", now=T0 + 1)


def test_a_right_answer_takes_the_category_card_and_the_letter_card_moves_over() -> None:
    s = reveal(make())
    s = win_race(s, 1)
    s = answer(s, {1: "Mariana"})  # Nomes femininos with M
    assert s.phase == "judging" and s.answer["ok"]
    s = judge(s, True)
    assert s.won[1] == ("red-01",)
    assert s.category == "blue-01" and s.revealed is None
    assert s.opener == 1  # the scorer opens the next card
    assert s.phase == "reading" and s.round_no == 2
    assert [e["type"] for e in events(s)][-4:] == ["accepted", "scored", "new_category", "next_round"]
    check_components(s)


def test_a_rejected_answer_discards_the_category_card_and_benches_the_player() -> None:
    s = play_round(make(deck=["blue-01", "green-01"]), 1, {3: "Melancia"}, accept=False)
    assert s.won == ((), (), ())
    assert s.discard == ("red-01",)
    assert s.category == "blue-01"
    assert s.benched == (1,)
    assert s.opener == 0  # nobody scored: the opener stays
    s = reveal(s, T0 + 10)
    refused(s, 1, {"type": "slap", "t": T0 + 10.3}, "sitting_out", now=T0 + 10.4)
    s = win_race(s, 2)
    s = answer(s)
    s = judge(s, True)
    assert s.benched == ()  # the round served the bench


def test_the_typed_answer_must_start_with_the_mandatory_letter() -> None:
    s = win_race(reveal(make()), 2)
    s2 = answer(s, {0: "Turmalina"})  # T, not M: fails at once (strict)
    assert s2.phase == "reading" and s2.benched == (2,)
    assert [e["type"] for e in events(s2)][:3] == ["answer", "check_failed", "failed"]
    assert s2.history[-1]["result"] == "check"
    check = s2.history[-1]
    assert check["letter"] == "M" and check["answerer"] == 2


def test_accents_do_not_matter() -> None:
    card = next(c for c in PRINTED if c.letters["red"] in "AEO")
    accented = {"A": "Ágata", "E": "Ébano", "O": "Ônix"}[card.letters["red"]]
    s = win_race(reveal(make(deck=[card.id])), 0)
    s = answer(s, {0: accented})
    assert s.answer["ok"] and s.phase == "judging"


def test_cedilla_counts_as_c() -> None:
    card = next(c.id for c in PRINTED if c.letters["red"] == "C")
    s = win_race(reveal(make(deck=[card])), 1)
    s = answer(s, {0: "  “Çafira”"})
    assert s.answer["ok"] and s.answer["checks"][0]["initial"] == "C"


def test_advisory_checks_let_the_table_decide() -> None:
    s = win_race(reveal(make(auto_check="advisory")), 1)
    s = answer(s, {0: "Turmalina"})
    assert s.phase == "judging" and not s.answer["ok"]
    s = judge(s, True)
    assert s.won[1] == ("red-01",)


def test_a_spoken_answer_goes_straight_to_the_vote() -> None:
    s = win_race(reveal(make()), 1)
    s = answer(s, None, category=2)
    assert s.phase == "judging" and s.answer["spoken"] and s.answer["category"] == 2
    assert s.answer["checks"] == ()


def test_one_category_only() -> None:
    s = win_race(reveal(make()), 1)
    refused(s, 1, {"type": "answer", "texts": {"0": "Mármore", "1": "Maria"}}, "answer_one_category")
    refused(s, 1, {"type": "answer", "texts": {"0": "Mármore"}, "skip": 1}, "no_skip_here")


def test_give_up_fails_the_round() -> None:
    s = win_race(reveal(make()), 1)
    s = act(s, 1, {"type": "give_up"})
    assert s.benched == (1,) and s.discard == ("red-01",)
    assert s.history[-1]["result"] == "gave_up"


def test_first_to_five_points_wins_the_victory_card() -> None:
    deck = [c.id for c in PRINTED if c.id != "red-01"][:6]
    s = make(deck=deck)
    now = T0
    for _ in range(5):
        s = play_round(s, 2, None, now=now, category=0)
        now += 30
    assert s.phase == "game_over"
    assert s.winners == (2,) and s.victory == 2
    assert "victory" not in s.box
    assert G.result(s) == {"winners": [2], "scores": [0, 0, 5], "ranking": [2, 0, 1],
                           "rounds": 5, "victory": 2}
    assert events(s, "game_over")[0]["winner"] == 2
    check_components(s)
    refused(s, 0, {"type": "reveal"}, "game_finished", now=now)
    assert G.legal_moves(s, 0) == []


def test_a_smaller_target() -> None:
    s = play_round(make(target=1), 1, {1: "Marta"})
    assert s.phase == "game_over" and s.winners == (1,)
