"""Faults of the scaled setup: everything killed at once, Redis emptied, states expired.

Each test plays the scripted hand of ``uno_hand`` across two workers, breaks something in
the middle, brings devices back as a person would (a reloaded page: the same tab token, the
seat and host secrets from LocalStorage) and finishes the hand. Every time, after every
move every device shows exactly the engine-only expected view, and at the end the database
state equals the uninterrupted engine run and a replay of the stored move log, which holds
exactly one entry per move.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
import redis as redis_client

from tests.scale.client import Device
from tests.scale.uno_hand import (SCRIPT, TIMEOUT, UNO, check_stored, check_views, open_room,
                                  play_and_check)

pytestmark = [pytest.mark.scale, pytest.mark.timeout(300)]

BREAK_AT = 4  # Cid's draw: the fault comes right after it is acknowledged


async def wait_until_forgotten(scaled, devices: list[Device]) -> None:
    """Waits until Redis holds no state of these tabs nor of their room (they expired)."""
    store = redis_client.Redis.from_url(scaled.redis.url)
    code = devices[0].path.split("?")[0].rsplit("/", 1)[-1]
    patterns = [f"{d.token}*" for d in devices] + [f"room-{code}*"]
    deadline = time.monotonic() + 30
    while kept := [key for pattern in patterns for key in store.keys(pattern)]:
        assert time.monotonic() < deadline, f"Redis kept {kept} past their expiry"
        await asyncio.sleep(0.5)


async def heartbeats(devices: list[Device], expiry: float) -> None:
    """What every open page does (phones every ``keepalive_ms``: a quarter of the expiry)."""
    while any(d.connected for d in devices):
        for device in devices:
            if device.connected:
                await device.send("heartbeat", {"_value": 0})
        await asyncio.sleep(expiry / 4)


BEATING: set[asyncio.Task] = set()  # the running heartbeats (the loop keeps only weak references)


def beat(devices: list[Device], expiry: float) -> None:
    """The devices' pages beat from now on, until their sockets close."""
    beating = asyncio.create_task(heartbeats(devices, expiry))
    BEATING.add(beating)
    beating.add_done_callback(lambda task: (BEATING.discard(task), task.exception()))  # ends with the sockets


def play_hand_with_a_fault(scaled, backends, fault: Callable[[list[Device]], Awaitable[None]],
                           env: dict[str, str] | None = None) -> None:
    """Plays the hand on two workers with ``fault(devices)`` after move ``BREAK_AT`` was
    acknowledged; checks the views after every move and the database at the end."""
    a, b = backends(2, env=env)

    async def play() -> tuple[str, Any]:
        code, devices, expected = await open_room(scaled, a, b)
        table, *phones = devices
        try:
            for seat, move in SCRIPT[:BREAK_AT]:
                expected = await play_and_check(devices, seat, move, expected)
            seat, move = SCRIPT[BREAK_AT]
            before = phones[seat].version
            await phones[seat].move(move, before)
            await phones[seat].until_version(before + 1, TIMEOUT)  # acknowledged: in the database
            expected = UNO.apply(expected, seat, move)

            started = time.perf_counter()
            await fault(devices)
            for device in devices:
                await device.until_version(before + 1, TIMEOUT)
            check_views(table, phones, expected, before + 1)
            print(f"devices back and in step {time.perf_counter() - started:.2f} s after the fault")

            for seat, move in SCRIPT[BREAK_AT + 1:]:
                expected = await play_and_check(devices, seat, move, expected)
            return code, expected
        finally:
            for device in devices:
                await device.close()

    check_stored(scaled, *asyncio.run(play()))


def test_every_worker_killed_and_redis_emptied_mid_hand(scaled, backends):
    """kill -9 of the whole app (both workers) and a Redis restart that loses every tab and
    room state: the database alone brings the table back."""

    async def fault(devices: list[Device]) -> None:
        workers = list(backends.started)
        for worker in workers:
            worker.kill_9()
        scaled.restart_redis()
        assert redis_client.Redis.from_url(scaled.redis.url).dbsize() == 0
        for worker in workers:
            backends.start(port=worker.port, log_path=worker.log_path)
        for device in devices:
            await device.reload(TIMEOUT)

    play_hand_with_a_fault(scaled, backends, fault)


def test_redis_restart_under_running_workers(scaled, backends):
    """Redis restarts empty while both workers keep running and every socket stays open:
    each device's next event finds no state; the page reloads itself and is back in step."""

    async def fault(devices: list[Device]) -> None:
        scaled.restart_redis()
        for device in devices:
            await device.until(lambda d: d.reloads > 0, TIMEOUT)

    play_hand_with_a_fault(scaled, backends, fault)


def test_devices_away_longer_than_the_state_expiry(scaled, backends):
    """Every tab goes away (phones locked, the table closed) for longer than Reflex keeps
    states (4 s here, an hour by default): Redis forgets them and the room; the devices
    come back with their seat and host secrets and the room comes back from the database."""
    expiry = 4  # as below: 2 s was outlasted by a busy CI machine's slow step before any fault

    async def fault(devices: list[Device]) -> None:
        for device in devices:
            await device.close()
        await wait_until_forgotten(scaled, devices)
        for device in devices:
            device.screen, device.notices = {}, []
            await device.connect(TIMEOUT)
        beat(devices, expiry)  # open again: the pages beat, as open pages do

    play_hand_with_a_fault(scaled, backends, fault, env={"REFLEX_REDIS_TOKEN_EXPIRATION": str(expiry)})


def test_phone_pages_left_open_longer_than_the_state_expiry(scaled, backends):
    """Every page stays open, sockets connected, while nothing happens for longer than the
    state expiry: Reflex rebuilds a forgotten state on the next event without the page's
    LocalStorage. The table's heartbeat links it again; a phone's next tap is refused (no
    seat) with a script that reloads the page because it does hold a seat secret, and the
    reloaded page has its seat and hand back."""
    expiry = 4  # as below: 2 s was outlasted by a busy CI machine's slow step before any fault

    async def fault(devices: list[Device]) -> None:
        table, *phones = devices
        await wait_until_forgotten(scaled, devices)
        assert all(d.connected for d in devices)
        await table.send("heartbeat", {"_value": 0})
        for phone in phones:
            await phone.move({"type": "pass"})  # any tap: the server no longer knows the seat
        for phone in phones:
            await phone.until(lambda d: d.reloads == 1 and d.seat >= 0, TIMEOUT)
        beat(devices, expiry)  # the rest of the hand: the open pages beat, as pages do

    play_hand_with_a_fault(scaled, backends, fault, env={"REFLEX_REDIS_TOKEN_EXPIRATION": str(expiry)})


def test_a_game_played_for_longer_than_the_state_expiry(scaled, backends):
    """Reflex's Redis manager renews a state key only when that state changes, so a tab's
    route and room link (which seldom change) would expire during a long game. Pages send
    heartbeats (as every open page does, here 4 per expiry) and the heartbeat renews all of
    the tab's keys and its room's: after several expiries of play nobody lost a seat, no
    page had to reload, and every move reached every screen. (4 s, so that a slow moment of
    a busy test machine doesn't outlast the margin of the renewals.)"""
    expiry = 4

    async def fault(devices: list[Device]) -> None:
        beat(devices, expiry)
        started = time.monotonic()
        while time.monotonic() - started < 3 * expiry:  # taps, but no move is accepted
            for phone in devices[1:]:
                await phone.move({"type": "pass"})  # refused: not their turn, or draw first
            await asyncio.sleep(expiry / 4)
        assert [d.reloads for d in devices] == [0] * len(devices)
        assert [d.seat for d in devices[1:]] == [0, 1, 2]

    play_hand_with_a_fault(scaled, backends, fault, env={"REFLEX_REDIS_TOKEN_EXPIRATION": str(expiry)})
