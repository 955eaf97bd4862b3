"""Duel through the rooms layer: nothing there names the game.

A room of Duel is created, joined, started, played to the end and rematched with
``tablegames.rooms.service`` alone.
"""

from __future__ import annotations

import json

import pytest
from sqlmodel import select

import tests.tinygame  # noqa: F401 (registers "tiny")
from tablegames.engine import IllegalMove
from tablegames.rooms import service
from tablegames.rooms.models import FinishedGame
from tablegames.rooms.service import RoomError

STACK = {"hands": [[2, 9, 5], [7, 3, 8]]}


def seated(db, **options):
    code, host = service.create_room(db, "tiny", {"stack": STACK, **options})
    ana = service.join_room(db, code, "Ana")
    bia = service.join_room(db, code, "Bia")
    return code, host, ana, bia


def test_create_join_start_play_finish(db):
    code, host, (ana, _), (bia, _) = seated(db)
    assert service.room_info(db, code).game == "tiny"
    assert service.player_range("tiny", {}) == (2, 2)
    with pytest.raises(RoomError) as err:
        service.join_room(db, code, "Cid")
    assert err.value.code == "table_full"
    lobby = service.screen(db, code, None)
    assert lobby["status"] == "lobby" and lobby["view"] is None and "stack" not in lobby["options"]
    service.start_game(db, code, host, seed=3)
    moves = [(ana, 9), (bia, 3), (ana, 2), (bia, 7), (bia, 8), (ana, 5)]
    for i, (seat, card) in enumerate(moves):
        before = service.room_version(db, code)
        if i == 0:  # the wrong phone, a card not held: refused, nothing stored
            with pytest.raises(IllegalMove) as err:
                service.apply_move(db, code, bia, {"type": "play", "card": 3})
            assert err.value.code == "not_your_turn"
            with pytest.raises(IllegalMove) as err:
                service.apply_move(db, code, ana, {"type": "play", "card": 7})
            assert err.value.code == "card_not_in_hand"
            assert service.room_version(db, code) == before
        screen = service.screen(db, code, seat)
        assert screen["view"]["hand"] and "hand" not in service.screen(db, code, None)["view"]
        service.apply_move(db, code, seat, {"type": "play", "card": card}, expected_version=before)
        assert service.room_version(db, code) == before + 1
    info = service.room_info(db, code)
    assert info.status == "finished"
    done = db.exec(select(FinishedGame)).one()
    assert done.game == "tiny" and json.loads(done.winners_json) == [1]
    assert json.loads(done.scores_json) == [1, 2]
    with pytest.raises(IllegalMove) as err:
        service.apply_move(db, code, ana, {"type": "play", "card": 5})
    assert err.value.code == "game_over"
    service.rematch(db, code, host, seed=4)
    assert service.room_info(db, code).status == "playing"
    state, _ = service.current_state(db, code)
    assert state.won == (0, 0) and state.hands == ((2, 5, 9), (3, 7, 8))


def test_a_stale_tap_and_bad_options_are_refused(db):
    code, host, (ana, _), _ = seated(db)
    service.start_game(db, code, host, seed=1)
    with pytest.raises(RoomError) as err:
        service.apply_move(db, code, ana, {"type": "play", "card": 9}, expected_version=0)
    assert err.value.code == "stale"
    with pytest.raises(IllegalMove) as err:
        service.create_room(db, "tiny", {"hand": 9})
    assert err.value.code == "bad_option"


def test_screens_carry_to_act_and_the_options_in_force_and_no_system_move_waits(db):
    code, host, (ana, _), (bia, _) = seated(db, low_wins=True)
    service.start_game(db, code, host, seed=1)
    version = service.room_version(db, code)
    screen = service.screen(db, code, bia)
    assert list(screen["to_act"]) == [0]
    assert [(o["key"], o["value"]) for o in screen["options_in_force"]] == [("hand", 3), ("low_wins", True)]
    assert service.screen(db, code, None)["options_in_force"] == screen["options_in_force"]
    with pytest.raises(RoomError) as err:  # Duel never waits for the host
        service.advance(db, code, host)
    assert err.value.code == "hand_not_over"
    assert service.apply_due(db, code) is None  # nor for a deadline
    with pytest.raises(IllegalMove):  # the room moves for nobody
        service.apply_move(db, code, None, {"type": "play", "card": 2})
    assert service.room_version(db, code) == version
