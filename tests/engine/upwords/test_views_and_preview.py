"""``view(state, seat)`` (what a phone or the table may see) and ``preview`` (the phone's
live check of a placement before it is sent)."""

from __future__ import annotations

import json

from tests.engine.upwords.conftest import UPWORDS, across, act, make, place

PRIVATE_LAST = {"rack", "drawn", "passed"}


def test_seat_view_holds_own_rack_and_only_counts_of_the_others() -> None:
    s = make(["CATEEEE", "DOG", "ZIPS"], words="challenge")
    v = UPWORDS.view(s, 1)
    assert v["rack"] == ["D", "O", "G"]
    assert [p["tiles"] for p in v["players"]] == [7, 3, 4]
    text = json.dumps(v)
    assert '"Z"' not in text and '"C"' not in text  # nobody else's letters
    assert v["seat"] == 1 and v["turn"] == 0 and v["phase"] == "play"
    assert v["can"] == [] and v["can_challenge"] is False
    assert UPWORDS.view(s, 0)["can"] == ["exchange", "pass", "place"]


def test_table_view_has_no_rack() -> None:
    s = make(["CATEEEE", "DOG"])
    v = UPWORDS.view(s, None)
    assert "rack" not in v and "can" not in v and v["seat"] is None
    assert [p["tiles"] for p in v["players"]] == [7, 3]


def test_every_view_of_a_state_shares_the_board() -> None:
    """The table's and the seats' views of one state are built on one public part (the
    five screens of a move ask one after the other): the board and the players are the
    same objects in each, each rack is its own, and the next state's board is new."""
    s = make(["CATEEEE", "DOG"], board=[[4, 3, "MC"]])
    views = [UPWORDS.view(s, seat) for seat in (None, 0, 1)]
    assert all(v["board"] is views[0]["board"] and v["players"] is views[0]["players"] for v in views)
    assert [v["seat"] for v in views] == [None, 0, 1] and "rack" not in views[0]
    assert views[1]["rack"] == list("CATEEEE") and views[2]["rack"] == list("DOG")
    after = place(s, 0, [[4, 4, "A"], [4, 5, "T"]])
    board = UPWORDS.view(after, 1)["board"]
    assert board is not views[0]["board"] and board[4][4] == {"letter": "A", "height": 1}
    assert views[0]["board"][4][4] == {"letter": "", "height": 0}  # the old view as it was


def test_view_fields() -> None:
    s = make(["CATEEEE", "DOG"], board=[[4, 3, "MC"]], words="challenge", bag="XY")
    s = place(s, 0, [[4, 4, "A"], [4, 5, "T"]])
    v = UPWORDS.view(s, None)
    assert v["game"] == "upwords"
    assert v["options"] == {"language": "en", "word_list": "standard", "words": "challenge",
                            "challenge_penalty": "lose_turn", "first": 0, "turn_timer": "off"}
    assert v["board"][4][3] == {"letter": "C", "height": 2}
    assert v["board"][4][4] == {"letter": "A", "height": 1}
    assert v["board"][0][0] == {"letter": "", "height": 0}
    assert len(v["board"]) == 10 and all(len(row) == 10 for row in v["board"])
    assert v["bag"] == len(s.bag)
    assert [p["score"] for p in v["players"]] == [4, 0]  # C on a stack of 2: 2 + 1 + 1
    assert v["last"] == {"seat": 0, "tiles": [[4, 4, "A"], [4, 5, "T"]],
                         "words": [{"word": "CAT", "score": 4, "cells": [[4, 3], [4, 4], [4, 5]]}],
                         "score": 4, "bonus": 0, "open": True, "withdrawn": False}
    assert v["last"]["words"][0]["word"] == "CAT"
    assert v["challenge"] == {"open": True, "target": 0}
    assert not PRIVATE_LAST & set(v["last"])
    assert v["events"][0]["type"] == "place"
    json.dumps(v)
    v1 = UPWORDS.view(s, 1)
    assert v1["can_challenge"] and "challenge" in v1["can"]


def test_view_after_the_window_closes() -> None:
    s = place(make(["CATEEEE", "DOG"], words="challenge"), 0, across(4, 3, "CAT"))
    s = act(s, 1, "pass")
    v = UPWORDS.view(s, 1)
    assert v["challenge"] == {"open": False, "target": None}
    assert v["last"]["open"] is False and v["passed"] == [1]


# -- preview ---------------------------------------------------------------------------------

def test_preview_shows_words_and_score_without_placing() -> None:
    s = make(["CATSEEE", "I"])
    before = UPWORDS.to_json(s)
    p = UPWORDS.preview(s, 0, across(4, 3, "CATS"))
    assert p == {"words": [{"word": "CATS", "score": 8, "cells": [[4, 3], [4, 4], [4, 5], [4, 6]]}],
                 "score": 8, "bonus": 0, "error": None}
    assert UPWORDS.to_json(s) == before
    json.dumps(p)


def test_preview_names_the_broken_rule() -> None:
    s = make(["CATSEEE", "I"])
    p = UPWORDS.preview(s, 0, across(0, 0, "CAT"))
    assert p["error"] == {"code": "first_word_center",
                          "message": "The first word must cover one of the four centre squares.",
                          "params": {}}
    assert [w["word"] for w in p["words"]] == ["CAT"]  # read anyway
    p = UPWORDS.preview(s, 0, [[4, 4, "C"], [5, 5, "A"]])
    assert p["error"]["code"] == "not_in_line" and p["words"] == [] and p["score"] == 0
    p = UPWORDS.preview(s, 0, "nonsense")
    assert p["error"]["code"] == "bad_move"
    assert UPWORDS.preview(s, 7, across(4, 3, "CAT"))["error"]["code"] == "bad_seat"


def test_preview_in_auto_mode_checks_the_dictionary_and_still_scores() -> None:
    s = make(["TACSEEE", "I"])
    p = UPWORDS.preview(s, 0, across(4, 3, "TAC"))
    assert p["error"]["code"] == "not_in_dictionary" and p["error"]["params"] == {"word": "TAC"}
    assert p["score"] == 6


def test_preview_in_challenge_mode_does_not_consult_the_dictionary() -> None:
    s = make(["TACSEEE", "I"], words="challenge")
    p = UPWORDS.preview(s, 0, across(4, 3, "TAC"))
    assert p["error"] is None and p["words"][0]["word"] == "TAC"


def test_preview_works_out_of_turn_for_planning() -> None:
    s = make(["TACSEEE", "CAT"])
    p = UPWORDS.preview(s, 1, across(4, 3, "CAT"))
    assert p["error"] is None and p["score"] == 6
    p = UPWORDS.preview(s, 1, across(4, 3, "CATS"))
    assert p["error"]["code"] == "tile_not_on_rack"


def test_preview_bonus() -> None:
    s = make(["RETAINS", "I"])
    p = UPWORDS.preview(s, 0, across(4, 2, "RETAINS"))
    assert p["bonus"] == 20 and p["score"] == 34
