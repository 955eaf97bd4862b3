"""UNO's house rules through the rooms service: a phone never sends a jump-in's tap time
(a server field), and a jump-in race opened by a move is settled by the room's due system
move at its deadline."""

from __future__ import annotations

import pytest
from sqlmodel import Session, SQLModel, create_engine

from tablegames.engine import IllegalMove
from tablegames.rooms import service

STACK = {"hands": [["r5", "g7", "b2"], ["r9", "y3", "g1"]], "top": "r5"}


@pytest.fixture
def db(tmp_path):
    eng = create_engine(f"sqlite:///{tmp_path / 'rooms.db'}")
    SQLModel.metadata.create_all(eng)
    service.clear_cache()
    with Session(eng) as session:
        yield session
    service.clear_cache()


def room(db):
    code, host = service.create_room(db, "uno", {"dealer": 0, "stack": STACK, "preset": "custom",
                                                  "jump_in": True})
    seats = [service.join_room(db, code, n)[0] for n in ("Ana", "Bia")]
    service.start_game(db, code, host, seed=1)
    return code, seats


def test_a_phone_cannot_send_a_jump_in_s_tap_time(db):
    code, seats = room(db)
    version = service.room_version(db, code)
    for forged in ({"type": "jump_in", "card": "r5", "t": 1.0},
                   {"type": "jump_in", "card": "r5", "delays": [1.0, 2.0]}):
        with pytest.raises(IllegalMove) as info:
            service.apply_move(db, code, seats[0], forged)
        assert info.value.code == "bad_move"
    assert service.room_version(db, code) == version


def test_the_room_settles_the_jump_in_race_at_its_deadline(db):
    code, seats = room(db)
    service.apply_move(db, code, seats[0], service.ServerMove(type="jump_in", card="r5"))
    state, _ = service.current_state(db, code)
    assert state.jump is not None and state.discard[-1] == "r5"
    data = service.screen(db, code, None)
    assert data["deadline"] == pytest.approx(state.jump["deadline"])
    assert service.apply_due(db, code, now=state.jump["deadline"] - 0.05) is None  # not yet
    assert service.apply_due(db, code, now=state.jump["deadline"]) is not None
    state, _ = service.current_state(db, code)
    assert state.jump is None and state.hands[0] == ("g7", "b2") and state.turn == 1
