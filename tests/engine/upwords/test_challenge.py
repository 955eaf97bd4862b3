"""Settling words by challenge (the rulebook's way, ``words="challenge"``) and the
automatic check (``words="auto"``).

upwords.ocr.en.txt "CHALLENGING A WORD": "The word must be challenged before another word
is played. Use a dictionary to decide ... If the challenged word is illegal, the player who
played it removes the letter tiles from the board and either plays another word or passes."
The rulebook says nothing of a failed challenge: by default the challenger loses their
next turn (option ``challenge_penalty``; docs/upwords-rules.md).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.engine.upwords.conftest import (
    UPWORDS,
    across,
    act,
    all_tiles,
    events,
    make,
    place,
    refused,
)


def game(rack0: str = "ZATCEEE", words: str = "challenge", **kw):
    return make([rack0, "OOIIUU", "LLNNRR"], bag="KKW", words=words, **kw)


def zat():
    """Seat 0 has played ZAT (not a word) across the centre; seat 1 is on turn."""
    s0 = game()
    return s0, place(s0, 0, across(4, 3, "ZAT"))


def test_a_play_is_open_to_challenge_until_the_next_player_moves() -> None:
    _, s = zat()
    assert s.last["open"] and s.scores[0] == 6 and s.turn == 1
    assert UPWORDS.view(s, 2)["can_challenge"] and not UPWORDS.view(s, 0)["can_challenge"]


def test_a_successful_challenge_takes_the_play_back() -> None:
    s0, s1 = zat()
    s2 = act(s1, 1, "challenge")
    assert not any(s2.board)
    assert s2.racks[0] == s0.racks[0]  # the same tiles, in the same order
    assert Counter(s2.bag) == Counter(s0.bag) and all_tiles(s2) == all_tiles(s0)
    assert s2.scores == (0, 0, 0)
    assert s2.turn == 0  # the player plays again (or passes)
    assert s2.last["withdrawn"] and not s2.last["open"]
    assert events(s2) == [{"type": "challenge_won", "seat": 1, "target": 0, "words": ["ZAT"],
                           "score": 6}]
    s3 = place(s2, 0, across(4, 3, "CAT"))
    assert s3.scores[0] == 6 and s3.turn == 1


def test_any_player_may_challenge_not_only_the_next_one() -> None:
    _, s1 = zat()
    s2 = act(s1, 2, "challenge")
    assert s2.turn == 0 and not any(s2.board)
    assert events(s2)[0]["seat"] == 2


def test_only_the_bad_words_are_named() -> None:
    s = make(["ATEEEEE", "OOIIUU"], board=[[4, 3, "C"], [3, 4, "Z"]], words="challenge")
    s2 = place(s, 0, across(4, 4, "AT"))  # CAT across (fine) and ZA down (not in the list)
    assert sorted(w["word"] for w in s2.last["words"]) == ["CAT", "ZA"]
    s3 = act(s2, 1, "challenge")
    assert events(s3)[0]["words"] == ["ZA"]


def test_a_failed_challenge_costs_the_challenger_this_turn() -> None:
    s0 = game()
    s1 = place(s0, 0, across(4, 3, "CAT"))
    s2 = act(s1, 1, "challenge")
    assert [e["type"] for e in events(s2)] == ["challenge_lost", "lose_turn"]
    assert events(s2)[0] == {"type": "challenge_lost", "seat": 1, "target": 0, "words": ["CAT"]}
    assert s2.turn == 2 and s2.board == s1.board and s2.scores == s1.scores
    assert not s2.last["open"]
    refused(s2, 2, "challenge", "nothing_to_challenge")  # settled: no second challenge


def test_a_failed_challenge_out_of_turn_costs_the_next_turn() -> None:
    s1 = place(game(), 0, across(4, 3, "CAT"))
    s2 = act(s1, 2, "challenge")
    assert s2.turn == 1 and s2.skip == (2,)
    assert UPWORDS.view(s2, None)["players"][2]["loses_turn"]
    s3 = act(s2, 1, "pass")
    assert s3.turn == 0 and s3.skip == ()
    assert [e["type"] for e in events(s3)] == ["pass", "lose_turn"]


def test_no_penalty_option() -> None:
    s1 = place(game(challenge_penalty="none"), 0, across(4, 3, "CAT"))
    s2 = act(s1, 1, "challenge")
    assert s2.turn == 1 and s2.skip == ()
    assert [e["type"] for e in events(s2)] == ["challenge_lost"]


@pytest.mark.parametrize("move", [{"type": "pass"}, {"type": "exchange", "tile": "O"},
                                  {"type": "place", "tiles": [[5, 4, "O"]]}])
def test_the_window_closes_when_the_next_player_moves(move) -> None:
    _, s1 = zat()
    s2 = UPWORDS.apply(s1, 1, move)
    assert not s2.last["open"] or s2.last["seat"] == 1
    if move["type"] != "place":
        refused(s2, 2, "challenge", "nothing_to_challenge")
    else:  # the new play is the one open to challenge now
        assert s2.last["seat"] == 1 and s2.last["open"]


def test_nothing_to_challenge() -> None:
    s = game()
    err = refused(s, 1, "challenge", "nothing_to_challenge")
    assert err.message == "There is no play to challenge now."
    _, s1 = zat()
    err = refused(s1, 0, "challenge", "cannot_challenge_own")
    assert err.message == "You can't challenge your own play."


def test_no_challenges_when_words_are_checked_automatically() -> None:
    s = place(game(words="auto"), 0, across(4, 3, "CAT"))
    assert not s.last["open"]
    refused(s, 1, "challenge", "nothing_to_challenge")


def test_auto_refuses_an_unknown_word_naming_it() -> None:
    s = game(words="auto")
    err = refused(s, 0, across(4, 3, "ZAT"), "not_in_dictionary")
    assert err.message == "ZAT is not in the dictionary." and err.params == {"word": "ZAT"}


def test_a_withdrawn_play_restores_the_run_of_passes() -> None:
    s = make(["EEE", "ZATOOII", "LLNN"], bag="KKW", words="challenge")
    s = act(s, 0, "pass")
    s = place(s, 1, across(4, 3, "ZAT"))
    assert s.passed == ()
    s = act(s, 2, "challenge")
    assert s.passed == (0,) and s.turn == 1
    s = act(act(s, 1, "pass"), 2, "pass")
    assert s.phase == "game_over" and s.final["reason"] == "passes"


# -- the last tiles of the game -----------------------------------------------------------------

def ending(word: str):
    s = make(["AT", "OOIIUU", "LLNN"], board=[[4, 3, word]], words="challenge")
    from dataclasses import replace
    return place(replace(s, bag=()), 0, across(4, 4, "AT"))


def test_going_out_leaves_the_last_play_open_to_challenge() -> None:
    s = ending("Z")  # ZAT
    assert s.phase == "ending" and s.turn == 1 and s.last["open"]
    assert [e["type"] for e in events(s)] == ["place", "out"]
    err = refused(s, 1, {"type": "place", "tiles": [[5, 4, "O"]]}, "game_ending")
    assert "challenge" in err.message
    refused(s, 1, {"type": "exchange", "tile": "O"}, "game_ending")
    assert UPWORDS.legal_moves(s, 1) == [{"type": "pass"}, {"type": "challenge"}]
    assert UPWORDS.preview(s, 1, [[5, 4, "O"]])["error"]["code"] == "game_ending"


def test_pass_accepts_the_last_play_and_ends_the_game() -> None:
    s = act(ending("Z"), 1, "pass")
    assert s.phase == "game_over" and s.final["reason"] == "out" and s.final["out"] == 0
    assert s.scores == (6, -30, -20)


def test_a_successful_challenge_of_the_last_play_goes_on_with_the_game() -> None:
    s = act(ending("Z"), 2, "challenge")
    assert s.phase == "play" and s.turn == 0 and sorted(s.racks[0]) == ["A", "T"]


def test_a_failed_challenge_of_the_last_play_ends_the_game() -> None:
    s = act(ending("C"), 1, "challenge")  # CAT
    assert s.phase == "game_over" and s.final["reason"] == "out"
    assert [e["type"] for e in events(s)] == ["challenge_lost", "game_over"]
