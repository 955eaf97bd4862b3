"""The room's history (``rooms.history``): every finished game stays listed, with its
players, scores and winners, after a rematch and after another game with the same seats."""

from __future__ import annotations

import pytest

from tablegames.rooms import history, service
from tablegames.rooms.service import RoomError

STACK = {"hands": [["r1"], ["r7"], ["g2"]], "top": "r5"}


def _finish_uno(db, code, host, seats):
    """Bia (after the dealer, Ana) goes out at once: a game of one hand, to 1 point."""
    service.start_game(db, code, host, seed=3)
    service.apply_move(db, code, seats[1][0], {"type": "play", "card": "r7"})
    assert service.room_info(db, code).status == "finished"


def test_an_empty_history_and_an_unknown_room(db):
    code, _ = service.create_room(db, "uno", {})
    assert history.room_history(db, code) == []
    with pytest.raises(RoomError) as err:
        history.room_history(db, "ZZZZ")
    assert err.value.code == "unknown_room"


def test_another_game_with_the_same_seats_keeps_the_first_in_the_history(db):
    code, host = service.create_room(db, "uno", {"dealer": 0, "target": 1, "stack": STACK})
    seats = [service.join_room(db, code, name) for name in ("Ana", "Bia", "Cid")]
    _finish_uno(db, code, host, seats)
    [first] = history.room_history(db, code)
    assert first["number"] == 1 and first["game"] == "uno"
    assert first["players"] == ["Ana", "Bia", "Cid"]
    assert first["winners"] == ["Bia"]
    assert len(first["scores"]) == 3 and first["scores"][1] > 0 and first["scores"][1] == max(first["scores"])
    assert first["finished_at"] > 0

    # Another game, same seats: the first game stays in the history.
    service.change_game(db, code, host, "upwords", {"words": "auto"})
    assert history.room_history(db, code) == [first]
    service.change_game(db, code, host, "uno", {"dealer": 0, "target": 1, "stack": STACK})
    _finish_uno(db, code, host, seats)  # a second game, finished
    second, again = history.room_history(db, code)  # the latest first
    assert again == first
    assert second["number"] == 2 and second["winners"] == ["Bia"] and second["players"] == ["Ana", "Bia", "Cid"]
    assert second["finished_at"] >= first["finished_at"]

    # A rematch adds its own row once it ends, never a second row for the same game.
    service.rematch(db, code, host, seed=3)
    service.apply_move(db, code, seats[1][0], {"type": "play", "card": "r7"})
    assert [g["number"] for g in history.room_history(db, code)] == [3, 2, 1]
    assert [g["number"] for g in history.room_history(db, code, limit=2)] == [3, 2]


def test_the_history_is_read_once_per_version(db):
    code, host = service.create_room(db, "uno", {"dealer": 0, "target": 1, "stack": STACK})
    seats = [service.join_room(db, code, name) for name in ("Ana", "Bia", "Cid")]
    _finish_uno(db, code, host, seats)
    version = service.room_version(db, code)
    first = history.history_at(db, code, version)
    assert history.history_at(db, code, version) is first
    assert len(first) == 1
