"""Scoring (upwords.ocr.en.txt "HOW TO SCORE WORDS"; NOTES.md "Upwords"):

- a word whose letters are all one tile high: 2 points per tile;
- a word with any stacked letter: 1 point per tile in every stack under its letters;
- the Qu tile: +2 in an all-flat word only;
- all seven tiles in one turn: +20;
- every word formed scores, a shared stack in each;
- the end: 5 points off per tile left on a rack.
"""

from __future__ import annotations

from dataclasses import replace

from tests.engine.upwords.conftest import across, events, make, place


def test_flat_word_two_points_a_tile() -> None:
    s = place(make(["CATSEEE", "I"]), 0, across(4, 3, "CATS"))
    assert s.last["words"][0]["score"] == 8 and s.scores == (8, 0)


def test_stacked_word_counts_every_tile_under_its_letters() -> None:
    # CAT with a stack of 3 under the A (E, I, A); O on top: COT = 1 + 4 + 1
    s = make(["OEEEEEE", "I"], board=[[4, 3, "C"], [4, 4, "EIA"], [4, 5, "T"]])
    s2 = place(s, 0, [[4, 4, "O"]])
    assert s2.last["words"][0] == {"word": "COT", "score": 6, "cells": ((4, 3), (4, 4), (4, 5))}


def test_a_word_with_one_stacked_letter_loses_the_flat_rate() -> None:
    # extending a word that has a stack: 1 per tile, so DOGS (D on a stack of 2) = 2+1+1+1
    s = make(["SEEEEEE", "I"], board=[[4, 3, "BD"], [4, 4, "O"], [4, 5, "G"], [5, 6, "O"]])
    s2 = place(s, 0, [[4, 6, "S"]])  # DOGS across, SO down
    words = {w["word"]: w["score"] for w in s2.last["words"]}
    assert words == {"DOGS": 5, "SO": 4}
    assert s2.last["score"] == 9


def test_qu_bonus_only_in_flat_words() -> None:
    s = place(make(["QITEEEE", "I"]), 0, across(4, 4, "QIT"))
    assert s.last["words"][0] == {"word": "QUIT", "score": 3 * 2 + 2, "cells": ((4, 4), (4, 5), (4, 6))}
    # a P stacked on the T makes QUIP, no longer flat: 1 per tile, no Qu bonus
    s2 = make(["PEEEEEE", "I"], board=[[4, 4, "Q"], [4, 5, "I"], [4, 6, "T"]])
    s3 = place(s2, 0, [[4, 6, "P"]])
    assert s3.last["words"][0] == {"word": "QUIP", "score": 1 + 1 + 2, "cells": ((4, 4), (4, 5), (4, 6))}


def test_qu_bonus_for_a_word_that_uses_the_qu_already_on_the_board() -> None:
    s = make(["EEEEEEE", "I"], board=[[4, 4, "Q"], [4, 5, "I"], [4, 6, "T"]])
    s2 = place(s, 0, [[4, 7, "E"]])  # QUITE, all flat: 4 tiles x 2 + 2
    assert s2.last["words"][0]["word"] == "QUITE" and s2.last["score"] == 10


def test_all_seven_tiles_bonus() -> None:
    s = place(make(["RETAINS", "I"]), 0, across(4, 2, "RETAINS"))
    assert s.last["bonus"] == 20
    assert s.last["words"][0]["score"] == 14 and s.last["score"] == 34 and s.scores[0] == 34
    assert events(s, "place")[0]["bonus"] == 20


def test_no_bonus_for_six_tiles_or_for_a_short_rack() -> None:
    s = place(make(["RETAIN", "I"]), 0, across(4, 2, "RETAIN"))
    assert s.last["bonus"] == 0 and s.last["score"] == 12


def test_every_word_formed_scores_and_a_shared_stack_counts_in_each() -> None:
    # CAT with a 2-stack under the T; NO under A and T makes AN and TO down
    s = make(["NOEEEEE", "I"], board=[[4, 3, "C"], [4, 4, "A"], [4, 5, "ET"]])
    s2 = place(s, 0, across(5, 4, "NO"))
    words = {w["word"]: w["score"] for w in s2.last["words"]}
    assert words == {"NO": 4, "AN": 4, "TO": 2 + 1}
    assert s2.last["score"] == 4 + 4 + 3


def test_stacked_shared_letter_scores_its_full_stack_in_both_words() -> None:
    # CAT across and CAR down share the C: a B on it makes BAT and BAR, each counting the stack
    board = [[4, 4, "C"], [4, 5, "A"], [4, 6, "T"], [5, 4, "A"], [6, 4, "R"]]
    s = make(["BEEEEEE", "I"], board=board)
    s2 = place(s, 0, [[4, 4, "B"]])  # BAT across (2+1+1), BAR down (2+1+1)
    words = {w["word"]: w["score"] for w in s2.last["words"]}
    assert words == {"BAT": 4, "BAR": 4} and s2.last["score"] == 8


def test_score_of_a_play_is_the_sum_of_its_words_plus_bonus() -> None:
    s = place(make(["CATSEEE", "I"]), 0, across(4, 3, "CATS"))
    assert s.last["score"] == sum(w["score"] for w in s.last["words"]) + s.last["bonus"]


def test_leftover_tiles_cost_five_points_each_at_the_end() -> None:
    # an empty bag; seat 0 goes out with AT; seat 1 is left with 3 tiles
    s = make(["AT", "EEE"], board=[[4, 3, "C"]], words="auto")
    s = replace(s, bag=())  # nothing left to draw
    s2 = place(s, 0, [[4, 4, "A"], [4, 5, "T"]])
    assert s2.phase == "game_over"
    assert s2.final["penalties"] == {"0": 0, "1": 15}
    assert s2.scores == (6, -15)
    assert s2.winners == (0,)
