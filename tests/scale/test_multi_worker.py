"""Phones on different backend workers play one table (Redis state manager + PostgreSQL).

Two `reflex run --env prod --backend-only` processes share one redis-server and one
PostgreSQL database. Each device speaks the real websocket protocol to a chosen worker, so
every move crosses workers: Reflex relays the linked RoomShared delta to the worker that
owns each other socket, and each worker's in-process engine-state cache (keyed by the
room's version in the database) must never serve a state another worker has moved past.

After every move every device must show exactly ``view(expected_state, its_seat)``, where
``expected_state`` comes from the engine alone; at the end the database state equals both
the scripted hand run through the engine and a replay of the stored move log.

The restart test kills a worker with SIGKILL while a move from one of its phones is in
flight, starts it again on the same port, reconnects that worker's devices (their seat
secrets from LocalStorage, as a reloaded page does) and finishes the hand.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
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

pytestmark = [pytest.mark.scale, pytest.mark.timeout(300)]


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


def test_phones_on_two_workers_play_a_whole_hand(scaled, backends):
    a, b = backends(2)

    async def play() -> tuple[str, Any, dict[str, int]]:
        with Session(scaled.db) as db:
            code, host = service.create_room(db, "uno", {"dealer": 0, "stack": STACK})
        table = Device(b.url, f"/table/{code}?host={host}", "table")
        phones = [Device((a, b, a)[seat].url, f"/play/{code}", name) for seat, name in enumerate(NAMES)]
        try:
            await seat_everyone(scaled, table, phones)
            with Session(scaled.db) as db:
                expected = UNO.new(list(NAMES), {"dealer": 0, "stack": STACK}, seed=start_seed(db, code))
            check_views(table, phones, expected, table.version)
            for seat, move in SCRIPT:
                version = phones[seat].version
                await phones[seat].move(move, version)
                expected = UNO.apply(expected, seat, move)
                for device in (table, *phones):
                    await device.until_version(version + 1, TIMEOUT)
                check_views(table, phones, expected, version + 1)
            assert all(not p.notices for p in phones), [p.notices for p in phones]
            frames = {d.name: d.frames for d in (table, *phones)}
            return code, expected, frames
        finally:
            for device in (table, *phones):
                await device.close()

    code, expected, frames = asyncio.run(play())
    assert expected.phase == "hand_over" and expected.scores[0] == 44
    service.clear_cache()
    with Session(scaled.db) as db:
        stored, _ = service.current_state(db, code)
        assert UNO.to_json(stored) == UNO.to_json(expected)
        assert UNO.to_json(replay_log(db, code)) == UNO.to_json(expected)
    print(f"frames received per device: {frames}")


@pytest.mark.parametrize("when", ["in_flight", "after_ack"])
def test_kill_9_a_worker_mid_hand_then_finish_it(scaled, backends, when):
    """``in_flight``: the worker dies right after the move is sent (usually lost: the player
    taps again); ``after_ack``: right after the mover's own screen showed it (it is in the
    database; the other screens may not have heard of it yet)."""
    a, b = backends(2)
    killed_at = 4  # Cid's draw (Cid is on worker a)

    async def play() -> tuple[str, Any, bool]:
        with Session(scaled.db) as db:
            code, host = service.create_room(db, "uno", {"dealer": 0, "stack": STACK})
        table = Device(b.url, f"/table/{code}?host={host}", "table")
        phones = [Device((a, b, a)[seat].url, f"/play/{code}", name) for seat, name in enumerate(NAMES)]
        devices = [table, *phones]
        try:
            await seat_everyone(scaled, table, phones)
            with Session(scaled.db) as db:
                expected = UNO.new(list(NAMES), {"dealer": 0, "stack": STACK}, seed=start_seed(db, code))
            for seat, move in SCRIPT[:killed_at]:
                version = phones[seat].version
                await phones[seat].move(move, version)
                expected = UNO.apply(expected, seat, move)
                for device in devices:
                    await device.until_version(version + 1, TIMEOUT)

            seat, move = SCRIPT[killed_at]
            before = phones[seat].version
            assert phones[seat].backend_url == a.url
            await phones[seat].move(move, before)
            if when == "after_ack":
                await phones[seat].until_version(before + 1, TIMEOUT)
            a.kill_9()  # no goodbye: the move may or may not have reached the database
            t_kill = time.perf_counter()
            restarted = backends.start(port=a.port, log_path=a.log_path)
            for phone in phones:
                if phone.backend_url == a.url:  # reload: same tab token, seat secret kept
                    await phone.close()
                    phone.screen, phone.notices = {}, []
                    await phone.connect(TIMEOUT)
            assert restarted.url == a.url
            with Session(scaled.db) as db:
                accepted = service.room_info(db, code).version == before + 1
            if not accepted:  # the tap was lost with the worker: the player taps again
                await phones[seat].until(lambda d: d.version == before, TIMEOUT)
                await phones[seat].move(move, before)
            expected = UNO.apply(expected, seat, move)
            for device in devices:
                await device.until_version(before + 1, TIMEOUT)
            check_views(table, phones, expected, before + 1)
            print(f"[{when}] worker killed, restarted, phones back and in step after "
                  f"{time.perf_counter() - t_kill:.2f} s")

            for seat, move in SCRIPT[killed_at + 1:]:
                version = phones[seat].version
                await phones[seat].move(move, version)
                expected = UNO.apply(expected, seat, move)
                for device in devices:
                    await device.until_version(version + 1, TIMEOUT)
                check_views(table, phones, expected, version + 1)
            return code, expected, accepted
        finally:
            for device in devices:
                await device.close()

    code, expected, accepted = asyncio.run(play())
    if when == "after_ack":
        assert accepted
    print(f"[{when}] the move in flight when the worker died was {'kept' if accepted else 'lost and sent again'}")
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
