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
from sqlmodel import Session

from tablegames.rooms import service
from tests.scale.uno_hand import (SCRIPT, TIMEOUT, UNO, check_stored, check_views, open_room,
                                  play_and_check)

pytestmark = [pytest.mark.scale, pytest.mark.timeout(300)]


def test_phones_on_two_workers_play_a_whole_hand(scaled, backends):
    a, b = backends(2)

    async def play() -> tuple[str, Any, dict[str, int]]:
        code, devices, expected = await open_room(scaled, a, b)
        try:
            for seat, move in SCRIPT:
                expected = await play_and_check(devices, seat, move, expected)
            assert all(not d.notices for d in devices), [d.notices for d in devices]
            return code, expected, {d.name: d.frames for d in devices}
        finally:
            for device in devices:
                await device.close()

    code, expected, frames = asyncio.run(play())
    check_stored(scaled, code, expected)
    print(f"frames received per device: {frames}")


@pytest.mark.parametrize("when", ["in_flight", "after_ack"])
def test_kill_9_a_worker_mid_hand_then_finish_it(scaled, backends, when):
    """``in_flight``: the worker dies right after the move is sent (usually lost: the player
    taps again); ``after_ack``: right after the mover's own screen showed it (it is in the
    database; the other screens may not have heard of it yet)."""
    a, b = backends(2)
    killed_at = 4  # Cid's draw (Cid is on worker a)

    async def play() -> tuple[str, Any, bool]:
        code, devices, expected = await open_room(scaled, a, b)
        table, *phones = devices
        try:
            for seat, move in SCRIPT[:killed_at]:
                expected = await play_and_check(devices, seat, move, expected)

            seat, move = SCRIPT[killed_at]
            before = phones[seat].version
            assert phones[seat].backend_url == a.url
            await phones[seat].move(move, before)
            if when == "after_ack":
                await phones[seat].until_version(before + 1, TIMEOUT)
            a.kill_9()  # no goodbye: the move may or may not have reached the database
            t_kill = time.perf_counter()
            restarted = backends.start(port=a.port, log_path=a.log_path)
            assert restarted.url == a.url
            for phone in phones:
                if phone.backend_url == a.url:
                    await phone.reload(TIMEOUT)
            with Session(scaled.db) as db:
                accepted = service.room_version(db, code) == before + 1
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
                expected = await play_and_check(devices, seat, move, expected)
            return code, expected, accepted
        finally:
            for device in devices:
                await device.close()

    code, expected, accepted = asyncio.run(play())
    if when == "after_ack":
        assert accepted
    print(f"[{when}] the move in flight when the worker died was {'kept' if accepted else 'lost and sent again'}")
    check_stored(scaled, code, expected)
