"""The scripted UNO hand the scale-out tests play, and how they check it.

Three phones and a table; after every move every device must show exactly
``view(expected_state, its_seat)``, where ``expected_state`` comes from the engine alone,
and at the end the database state must equal both the engine's run and a replay of the
stored move log.
"""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import select

from tablegames.engine import get_game
from tablegames.rooms.models import MoveLog, Room, Seat
from tests.scale.client import Device

UNO = get_game("uno")
NAMES = ("Ana", "Bia", "Cid")
# Seats by joining order: 0 Ana (dealer), 1 Bia (plays first), 2 Cid.
STACK = {
    "hands": [["W", "g7", "g9"], ["r+2", "g3", "b1"], ["y4", "y6"]],
    "top": "r5",
    "draw": ["b5", "b6", "y1", "y2", "r2", "r8", "b9"],
}
# A whole hand: a Draw Two, a wild and its colour, a forgotten UNO caught from another
# phone, draws, an UNO call, and Ana going out (she scores 44).
SCRIPT: list[tuple[int, dict[str, Any]]] = [
    (1, {"type": "play", "card": "r+2"}),
    (0, {"type": "play", "card": "W", "color": "g"}),
    (1, {"type": "play", "card": "g3"}),
    (0, {"type": "catch", "target": 1}),
    (2, {"type": "draw"}),
    (0, {"type": "uno"}),
    (0, {"type": "play", "card": "g7"}),
    (1, {"type": "draw"}),
    (2, {"type": "draw"}),
    (0, {"type": "play", "card": "g9"}),
]
TIMEOUT = 20.0  # a killed worker's Redis lock on a state expires after 10 s


def plain(data: Any) -> Any:
    """What a value looks like after the trip through JSON (tuples become lists)."""
    return json.loads(json.dumps(data))


def replay_log(db, code: str) -> Any:
    """The room's state rebuilt from its stored move log through the engine alone."""
    room = db.exec(select(Room).where(Room.code == code)).one()
    names = [s.name for s in db.exec(select(Seat).where(Seat.room_id == room.id).order_by(Seat.seat))]
    options = json.loads(room.options_json)
    engine = get_game(room.game)
    state = None
    log = list(db.exec(select(MoveLog).where(MoveLog.room_id == room.id).order_by(MoveLog.version)))
    assert [entry.version for entry in log] == list(range(log[0].version, room.version + 1)), "gap in the move log"
    for entry in log:
        move = json.loads(entry.move_json)
        if move["type"] == "start":
            state = engine.new(names, options, seed=move["seed"])
        elif move["type"] == "next_hand":
            state = engine.apply(state, state.active[0], move)
        else:
            state = engine.apply(state, entry.seat, move, now=entry.created_at)
    return state


def start_seed(db, code: str) -> int:
    room = db.exec(select(Room).where(Room.code == code)).one()
    start = db.exec(select(MoveLog).where(MoveLog.room_id == room.id).order_by(MoveLog.version.desc())
                    .where(MoveLog.move_json.contains('"start"'))).first()
    return json.loads(start.move_json)["seed"]


async def seat_everyone(scaled, table: Device, phones: list[Device]) -> None:
    await table.connect(TIMEOUT)
    for seat, phone in enumerate(phones):
        await phone.connect(TIMEOUT)
        await phone.join(NAMES[seat])
        await phone.until(lambda d, s=seat: d.seat == s, TIMEOUT)
    version = phones[-1].version
    for device in (table, *phones):
        await device.until_version(version, TIMEOUT)
    await table.host("start")
    for device in (table, *phones):
        await device.until(lambda d: d.view.get("phase") == "play", TIMEOUT)


def check_views(table: Device, phones: list[Device], expected: Any, version: int) -> None:
    assert table.version == version, (table.version, version)
    assert table.view == plain(UNO.view(expected, None))
    assert "hand" not in table.view
    for seat, phone in enumerate(phones):
        assert phone.version == version, (phone.name, phone.version, version)
        assert phone.view == plain(UNO.view(expected, seat)), f"{phone.name} sees another state"
