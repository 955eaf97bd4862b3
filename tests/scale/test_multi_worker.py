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
import time
from typing import Any

import pytest
from sqlmodel import Session, select

from tablegames.rooms import service
from tablegames.rooms.models import MoveLog, Room
from tests.scale.client import Device
from tests.scale.uno_hand import (NAMES, SCRIPT, STACK, TIMEOUT, UNO, check_views, replay_log,
                                  seat_everyone, start_seed)

pytestmark = [pytest.mark.scale, pytest.mark.timeout(300)]


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
