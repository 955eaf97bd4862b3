"""Every placement rule (upwords.ocr.en.txt "BASIC TURN", "HOW TO FORM WORDS", "Stacking
Letters", "Plurals"; NOTES.md "Upwords"), each refused move with its code, its message,
and the state left exactly as it was.

Boards are set with the ``stack`` option (``board``: stacks bottom letter first); seat 0
plays first. Words are checked with the shipped English dictionary (``words="auto"``)
unless a test is about geometry only (``words="challenge"``: nothing is looked up when
the play is made).
"""

from __future__ import annotations

import pytest

from tests.engine.upwords.conftest import (
    UPWORDS,
    IllegalMove,
    across,
    down,
    height,
    make,
    place,
    refused,
    top,
)

CAT = [[4, 3, "C"], [4, 4, "A"], [4, 5, "T"]]  # CAT across the centre


def with_cat(rack: str = "SOBUGEN", words: str = "auto", extra=()):
    return make([rack, "IIIIIII"], board=CAT + list(extra), words=words)


# -- the first word ----------------------------------------------------------------------

@pytest.mark.parametrize("square", [(4, 4), (4, 5), (5, 4), (5, 5)])
def test_first_word_may_cover_any_centre_square(square) -> None:
    r, c = square  # AT covers exactly this centre square and one outside the centre
    s = place(make(["CATEEEE", "E"]), 0, across(r, c - 1, "AT") if c == 4 else across(r, c, "AT"))
    assert s.last["words"][0]["word"] == "AT"


def test_first_word_must_cover_a_centre_square() -> None:
    s = make(["CATEEEE", "I"])
    err = refused(s, 0, across(0, 0, "CAT"), "first_word_center")
    assert "centre" in err.message
    refused(s, 0, across(3, 3, "CAT"), "first_word_center")  # touches, doesn't cover
    refused(s, 0, down(6, 4, "CAT"), "first_word_center")


def test_first_word_needs_two_letters() -> None:
    s = make(["CATEEEE", "I"])
    refused(s, 0, [[4, 4, "A"]], "first_word_short")


def test_first_word_down_across_the_centre() -> None:
    s = place(make(["CATEEEE", "I"]), 0, down(3, 5, "CAT"))
    assert s.last["words"][0]["word"] == "CAT" and s.last["score"] == 6


# -- one line, read left to right or top to bottom ------------------------------------------

def test_tiles_must_be_in_one_row_or_column() -> None:
    s = make(["CATEEEE", "I"])
    err = refused(s, 0, [[4, 4, "C"], [5, 5, "A"]], "not_in_line")
    assert err.message == "All the tiles of a turn go in one row or one column."
    refused(s, 0, [[4, 4, "C"], [4, 5, "A"], [5, 5, "T"]], "not_in_line")


def test_words_read_left_to_right_whatever_order_the_tiles_come_in() -> None:
    s = make(["TACEEEE", "I"])
    s2 = place(s, 0, [[4, 5, "T"], [4, 4, "A"], [4, 3, "C"]])
    assert s2.last["words"][0]["word"] == "CAT"
    # the same letters laid so that they read T-A-C: not a word, even though CAT reads backwards
    err = refused(s, 0, across(4, 3, "TAC"), "not_in_dictionary")
    assert err.params == {"word": "TAC"} and err.message == "TAC is not in the dictionary."


def test_words_read_top_to_bottom() -> None:
    s = make(["TACEEEE", "I"])
    assert place(s, 0, down(3, 4, "CAT")).last["words"][0]["word"] == "CAT"
    refused(s, 0, down(3, 4, "TAC"), "not_in_dictionary")


# -- connected, no gaps ------------------------------------------------------------------------

def test_after_the_first_word_plays_must_connect() -> None:
    s = with_cat()
    err = refused(s, 0, across(0, 0, "SON"), "not_connected")
    assert err.message == "Your tiles must join the words already on the board."
    refused(s, 0, [[9, 9, "S"]], "not_connected")
    refused(s, 0, down(5, 6, "SO"), "not_connected")  # diagonal to T only


def test_connecting_by_touching_by_extending_or_by_stacking() -> None:
    s = with_cat()
    assert place(s, 0, down(5, 3, "OB")).last["words"][0]["word"] == "COB"  # extends C down
    assert place(s, 0, [[4, 4, "O"]]).last["words"][0]["word"] == "COT"  # stacks on A
    s = with_cat(rack="ATSOBUG")
    s2 = place(s, 0, across(5, 5, "AT"))  # side by side under T: AT across, TA down
    assert [w["word"] for w in s2.last["words"]] == ["AT", "TA"]


def test_no_gaps_between_new_tiles() -> None:
    s = with_cat()
    err = refused(s, 0, [[5, 3, "O"], [7, 3, "B"]], "gap")
    assert "unbroken" in err.message
    refused(s, 0, [[4, 6, "S"], [4, 8, "O"]], "gap")  # square (4,7) is empty
    refused(s, 0, [[4, 7, "S"], [4, 8, "O"]], "not_connected")  # no gap between them


def test_a_letter_already_on_the_board_fills_the_line() -> None:
    s = with_cat(rack="SSOBUGE")
    s2 = place(s, 0, [[4, 2, "S"], [4, 6, "S"]])  # S + CAT + S: SCATS
    assert s2.last["words"][0]["word"] == "SCATS"


# -- every run a new tile touches is a word ---------------------------------------------------------

def test_every_run_a_new_tile_touches_must_be_a_word() -> None:
    s = with_cat()
    # O under A makes AO (down), not a word, although the tile starts nothing across
    err = refused(s, 0, [[5, 4, "O"]], "not_in_dictionary")
    assert err.params == {"word": "AO"}
    # B and E under C and A: "BE" across is a word, but C/B down is not
    err = refused(s, 0, across(5, 3, "BE"), "not_in_dictionary")
    assert err.params["word"] in ("CB", "AE")


def test_all_words_formed_are_read() -> None:
    s = with_cat()
    s2 = place(s, 0, across(5, 4, "NO"))  # AN down, TO down, NO across
    assert sorted(w["word"] for w in s2.last["words"]) == ["AN", "NO", "TO"]


# -- stacking ------------------------------------------------------------------------------------

def test_stacking_changes_a_word() -> None:
    s = with_cat()
    s2 = place(s, 0, [[4, 4, "O"]])
    assert s2.last["words"] == ({"word": "COT", "score": 4, "cells": ((4, 3), (4, 4), (4, 5))},)
    assert top(s2, 4, 4) == "O" and height(s2, 4, 4) == 2


def test_one_tile_per_stack_per_turn() -> None:
    s = with_cat(rack="OBUGSEN")
    err = refused(s, 0, [[4, 4, "O"], [4, 4, "U"]], "one_tile_per_stack")
    assert err.message == "You can put only one tile on each square in a turn."
    refused(s, 0, [[5, 3, "O"], [5, 3, "B"]], "one_tile_per_stack")


def test_never_a_letter_on_the_same_letter() -> None:
    s = make(["EEEENNN", "I"], board=across(4, 3, "TEN"))
    err = refused(s, 0, [[4, 4, "E"]], "same_letter")
    assert err.message == "You can't stack E on E." and err.params == {"letter": "E"}


def test_stacks_grow_to_five_and_no_higher() -> None:
    board = [[4, 3, "C"], [4, 4, "EIOA"], [4, 5, "T"]]  # CAT, the A on top of a stack of 4
    s = make(["UUOOEEE", "I"], board=board)
    s2 = place(s, 0, [[4, 4, "U"]])  # CUT, the U fifth
    assert height(s2, 4, 4) == 5 and s2.last["score"] == 1 + 5 + 1
    s3 = make(["OOEEEEE", "UI"], board=[[4, 3, "C"], [4, 4, "EIOAU"], [4, 5, "T"]])
    err = refused(s3, 0, [[4, 4, "O"]], "too_high")
    assert err.message == "That stack is already 5 tiles high: you can't put O on it."
    assert err.params == {"letter": "O"}


def test_a_changed_word_keeps_one_letter_uncovered() -> None:
    s = with_cat(rack="BUGSOEN")
    err = refused(s, 0, [[4, 3, "B"], [4, 4, "U"], [4, 5, "G"]], "covers_whole_word")
    assert err.params == {"word": "CAT"}
    assert err.message == "You can't cover all of CAT: leave at least one of its letters showing."
    # covering it whole while extending it is just as illegal
    refused(s, 0, [[4, 3, "B"], [4, 4, "U"], [4, 5, "G"], [4, 6, "S"]], "covers_whole_word")
    # leaving the C showing is fine: CAT -> CUB
    assert place(s, 0, [[4, 4, "U"], [4, 5, "B"]]).last["words"][0]["word"] == "CUB"


def test_covering_part_of_a_longer_line_is_fine() -> None:
    # SCAT with a gap after it ... the covered run is only part of the word
    s = make(["OUGHBEE", "I"], board=across(4, 2, "SCAT"))
    s2 = place(s, 0, [[4, 3, "H"], [4, 4, "O"], [4, 5, "E"]])  # SCAT -> SHOE, S stays
    assert s2.last["words"][0]["word"] == "SHOE"


# -- plurals --------------------------------------------------------------------------------------

def test_no_plural_made_only_by_adding_s() -> None:
    s = with_cat()
    err = refused(s, 0, [[4, 6, "S"]], "plural_only")
    assert err.params == {"word": "CAT"}
    assert err.message == "You can't make the plural of CAT just by adding an S: the S must also be part of a new word."


def test_no_plural_of_a_down_word_either() -> None:
    s = make(["SEEEEEE", "I"], board=down(3, 4, "CAT"))
    refused(s, 0, [[6, 4, "S"]], "plural_only")


def test_an_s_that_also_makes_a_new_word_may_pluralise() -> None:
    s = with_cat(rack="SOBUGEN")
    s2 = place(s, 0, down(4, 6, "SO"))  # CATS across, SO down
    assert sorted(w["word"] for w in s2.last["words"]) == ["CATS", "SO"]
    assert s2.last["score"] == 8 + 4


def test_an_s_that_makes_a_two_letter_word_with_a_letter_on_the_board() -> None:
    s = with_cat(extra=[[5, 6, "O"]], rack="SEEEEEE")
    s2 = place(s, 0, [[4, 6, "S"]])  # CATS across and SO down (the O was there)
    assert sorted(w["word"] for w in s2.last["words"]) == ["CATS", "SO"]


def test_adding_an_s_to_a_single_letter_is_not_a_plural() -> None:
    s = make(["SEEEEEE", "I"], board=down(3, 4, "CAT"))
    s2 = place(s, 0, [[4, 5, "S"]])  # the A of CAT + S: AS, a word, not a plural
    assert [w["word"] for w in s2.last["words"]] == ["AS"]


# -- the rack ---------------------------------------------------------------------------------------

def test_tiles_must_come_from_the_rack() -> None:
    s = make(["CATEEEE", "I"])
    err = refused(s, 0, across(4, 4, "DOG"), "tile_not_on_rack")
    assert err.params == {"letter": "D"} and err.message == "You don't have D on your rack."
    refused(s, 0, across(4, 4, "TACT"), "tile_not_on_rack")  # only one T
    err = refused(s, 0, across(4, 4, "QAT"), "tile_not_on_rack")
    assert err.message == "You don't have Qu on your rack."


def test_the_qu_tile_reads_qu() -> None:
    s = make(["QITEEEE", "I"])
    s2 = place(s, 0, across(4, 4, "QIT"))
    assert s2.last["words"][0] == {"word": "QUIT", "score": 8, "cells": ((4, 4), (4, 5), (4, 6))}


# -- malformed moves ------------------------------------------------------------------------------

@pytest.mark.parametrize("tiles", [
    None, "4,4,C", [], [[4, 4]], [[4, 4, "C", 1]], [["4", 4, "C"]], [[True, 4, "C"]],
    [[4, 10, "C"]], [[-1, 4, "C"]], [[4, 4, "c"]], [[4, 4, "Qu"]], [[4, 4, ""]],
    [[4, 4, 7]], [[4, c, "E"] for c in range(8)], [(4, 4, "C"), "x"],
])
def test_malformed_tiles_are_bad_moves(tiles) -> None:
    s = make(["CATEEEE", "I"])
    refused(s, 0, {"type": "place", "tiles": tiles}, "bad_move")


def test_malformed_moves() -> None:
    s = make(["CATEEEE", "I"])
    refused(s, 0, {"type": "place", "tiles": across(4, 4, "AT"), "score": 99}, "bad_move")
    refused(s, 0, {"type": "place"}, "bad_move")
    refused(s, 0, {"tiles": []}, "bad_move")
    refused(s, 0, {"type": 3}, "bad_move")
    err = refused(s, 0, {"type": "draw"}, "unknown_move")
    assert err.params == {"move": "draw"}
    refused(s, 0, {"type": "pass", "tile": "A"}, "bad_move")
    before = UPWORDS.to_json(s)
    with pytest.raises(IllegalMove) as info:
        UPWORDS.apply(s, 0, ["place"])  # type: ignore[arg-type]
    assert info.value.code == "bad_move" and UPWORDS.to_json(s) == before


def test_bad_seat_and_not_your_turn() -> None:
    s = make(["CATEEEE", "CAT"])
    refused(s, 2, {"type": "pass"}, "bad_seat")
    refused(s, True, {"type": "pass"}, "bad_seat")
    err = refused(s, 1, across(4, 4, "AT"), "not_your_turn")
    assert err.params == {"player": "P0"}


def test_a_refused_play_and_its_preview_leave_no_reference_cycle() -> None:
    """A busy worker's full garbage collections walk every object a cycle keeps alive: a
    refused play must be freed by reference counting alone (no exception kept with the
    frames that hold it)."""
    import gc

    s = with_cat()
    bad = across(0, 0, "SO")  # not connected to CAT
    gc.collect()
    gc.disable()
    try:
        for _ in range(20):
            with pytest.raises(IllegalMove):
                UPWORDS.apply(s, 0, {"type": "place", "tiles": bad})
            assert UPWORDS.preview(s, 0, bad)["error"]["code"] == "not_connected"
        assert gc.collect() == 0
    finally:
        gc.enable()
