"""The scripted UNO hand the scale-out tests play, and how they check it.

Three phones and a table; after every move every device must show exactly
``view(expected_state, its_seat)``, where ``expected_state`` comes from the engine alone,
and at the end the database state must equal both the engine's run and a replay of the
stored move log.
"""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session, select

from tablegames.engine import get_game
from tablegames.rooms import service
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
            state = engine.start_clock(engine.new(names, options, seed=move["seed"]), entry.created_at)
        elif move["type"] == "next_hand":
            state = engine.apply(state, None, move, now=entry.created_at)
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


async def open_room(scaled, a, b) -> tuple[str, list[Device], Any]:
    """A room with the stacked deck, its table on worker ``b`` and Ana, Bia, Cid on ``a``,
    ``b``, ``a``, everyone seated and the hand dealt: ``(code, [table, *phones], expected)``
    where ``expected`` is the engine-only state of the same deal."""
    with Session(scaled.db) as db:
        code, host = service.create_room(db, "uno", {"dealer": 0, "stack": STACK})
    table = Device(b.url, f"/table/{code}?host={host}", "table")
    phones = [Device((a, b, a)[seat].url, f"/play/{code}", name) for seat, name in enumerate(NAMES)]
    try:
        await seat_everyone(scaled, table, phones)
        with Session(scaled.db) as db:
            expected = UNO.new(list(NAMES), {"dealer": 0, "stack": STACK}, seed=start_seed(db, code))
        check_views(table, phones, expected, table.version)
    except BaseException:
        for device in (table, *phones):
            await device.close()
        raise
    return code, [table, *phones], expected


async def play_and_check(devices: list[Device], seat: int, move: dict[str, Any], expected: Any) -> Any:
    """Plays one scripted move (``devices`` = table, then phones by seat) and checks that every
    device shows its exact view after it; returns the new expected state."""
    table, *phones = devices
    version = phones[seat].version
    await phones[seat].move(move, version)
    expected = UNO.apply(expected, seat, move)
    for device in devices:
        await device.until_version(version + 1, TIMEOUT)
    check_views(table, phones, expected, version + 1)
    return expected


def check_stored(scaled, code: str, expected: Any) -> None:
    """The finished hand in the database (read afresh, as after a restart) equals the
    engine-only run and a replay of the move log, which has one entry per scripted move."""
    assert expected.phase == "hand_over" and expected.scores[0] == 44
    service.clear_cache()
    with Session(scaled.db) as db:
        stored, _ = service.current_state(db, code)
        replayed = replay_log(db, code)
        moves = db.exec(select(MoveLog).join(Room, MoveLog.room_id == Room.id)
                        .where(Room.code == code, MoveLog.seat.is_not(None))).all()
    assert len(moves) == len(SCRIPT)  # no move lost, none applied twice
    assert UNO.to_json(stored) == UNO.to_json(expected)
    assert UNO.to_json(replayed) == UNO.to_json(expected)
