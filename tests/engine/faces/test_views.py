"""What each seat and the table may see."""

from __future__ import annotations

import json

from .conftest import FACES, choose, guess, main, stop

HANDS = [[1, 2, 3, 4], [6, 6, 6, 7, 8], [9, 10, 11, 12], [13, 1, 2, 3]]
PRIVATE = {"hand", "sets", "my_choice", "received", "passed", "mime", "peek"}


def test_table_view_while_passing() -> None:
    s = choose(main(HANDS, oldest=2), 0, 4)
    v = FACES.view(s, None)
    json.dumps(v)
    assert not PRIVATE & set(v) and "can" not in v and v["seat"] is None
    assert v["game"] == "faces" and v["variant"] == "main" and v["phase"] == "passing"
    assert v["oldest"] == 2 and v["options"] == {"variant": "main", "oldest": 2}
    assert v["players"][1] == {"seat": 1, "name": "P1", "won": 0, "cards": 5}
    assert v["pass"] == {"round": 1, "ready": [0], "ready_count": 1, "total": 4}
    assert v["pile_count"] == 39 - 17 and v["out_count"] == 0
    assert v["mimer"] is None and v["guesser"] is None and v["guesses"] == []


def test_seat_view_while_passing() -> None:
    s = choose(main(HANDS), 0, 4)
    v = FACES.view(s, 0)
    assert v["seat"] == 0 and v["hand"] == [1, 2, 3, 4] and v["hand_hidden"] is False
    assert v["my_choice"] == 4 and v["can"] == ["choose_pass"] and v["mime"] is None
    other = FACES.view(s, 2)
    assert other["hand"] == [9, 10, 11, 12] and other["my_choice"] is None
    assert FACES.view(s, 1)["sets"] == [6] and FACES.view(s, 1)["can"] == ["stop"]


def test_guessers_do_not_see_their_own_hand() -> None:
    s = stop(main(HANDS), 1)
    for seat in (0, 2, 3):
        v = FACES.view(s, seat)
        assert v["hand_hidden"] is True
        assert not (PRIVATE - {"mime"}) & set(v), (seat, PRIVATE & set(v))
        assert v["mime"] is None
        assert v["players"][seat]["cards"] == len(HANDS[seat])  # the count stays public
    mimer = FACES.view(s, 1)
    assert mimer["mime"] == 6 and mimer["hand"] == [7, 8] and mimer["hand_hidden"] is False
    table = FACES.view(s, None)
    assert table["mimer"] == 1 and table["guesser"] == 2 and table["guessers"] == [2, 3, 0]
    assert table["stops"] == [1] and "mime" not in table
    assert FACES.view(s, 2)["can"] == ["guess"] and FACES.view(s, 3)["can"] == []


def test_guesses_so_far_are_public_and_the_emotion_is_revealed_at_the_end() -> None:
    s = guess(stop(main(HANDS), 1), 2, 7)
    v = FACES.view(s, None)
    assert v["guesses"] == [{"seat": 2, "emotion": 7, "correct": False}]
    assert v["guesser"] == 3 and v["last_round"] is None
    s = guess(s, 3, 6)
    v = FACES.view(s, None)
    assert v["last_round"] == {"mimer": 1, "emotion": 6, "winner": 3, "guesses": [
        {"seat": 2, "emotion": 7, "correct": False}, {"seat": 3, "emotion": 6, "correct": True}]}
    assert [p["won"] for p in v["players"]] == [0, 2, 0, 1]
    assert FACES.view(s, 2)["hand"] == [9, 10, 11, 12]  # cards visible again


def test_views_of_a_memory_game_hide_the_grid() -> None:
    s = FACES.new(["A", "B", "C"], {"variant": "memory"}, seed=5)
    for seat in (None, 0, 1, 2):
        v = FACES.view(s, seat)
        json.dumps(v)
        assert not PRIVATE & set(v)
        assert all("emotion" not in p for p in v["grid"]["places"])
        assert v["active"] == 0 and v["pile_count"] == 19
    assert FACES.view(s, 0)["can"] == ["pick"] and FACES.view(s, 1)["can"] == []


def test_view_of_an_unknown_seat_is_the_table_view() -> None:
    s = main(HANDS)
    assert FACES.view(s, 9) == FACES.view(s, None)
