"""The table's "online" dots through the room screen (``Screen.heartbeat`` / ``Screen.online``):
a phone whose socket comes and goes between the table's heartbeats stays "online"; one gone
for longer than the grace period shows "away" (no browser: the state alone)."""

from __future__ import annotations

import asyncio

import pytest

from tablegames import reflex_adapter as rxa
from tablegames.rooms import presence
from tablegames.state import room
from tablegames.state.room import RoomShared, Screen


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def table(monkeypatch):
    """A table's Screen in a memory state manager, with a fake clock and fake sockets."""
    clock, connected = Clock(), {"seats": [11]}
    monkeypatch.setattr(room.time, "time", clock)

    async def online_seats(self):
        return list(connected["seats"])

    async def screen_data(code, version, seat, lang):
        return {"seats": [{"id": 11, "seat": 0, "name": "Bia"}]}

    monkeypatch.setattr(RoomShared, "_online_seats", online_seats)
    monkeypatch.setattr(room, "_screen_data", screen_data)

    async def make():
        screen = await rxa.memory_tab_state(Screen, "table-tab")
        screen.role, screen.room_code = "table", "ABCD"
        return screen

    return asyncio.run(make()), clock, connected


def _beat(screen: Screen) -> list[int]:
    """One table heartbeat, then the seats its "online" dots show."""
    async def run():
        await Screen.event_handlers["heartbeat"].fn(screen)
        return await Screen.computed_vars["online"].fget(screen)

    return asyncio.run(run())


def test_a_flapping_phone_stays_online(table):
    screen, clock, connected = table
    shown = []
    for beat in range(12):  # the sampled bug: connected at every other look
        connected["seats"] = [11] if beat % 2 == 0 else []
        shown.append(_beat(screen))
        clock.now += presence.TABLE_HEARTBEAT_MS / 1000
    assert shown == [[0]] * 12


def test_a_phone_gone_past_the_grace_period_is_away(table):
    screen, clock, connected = table
    assert _beat(screen) == [0]
    connected["seats"] = []
    clock.now += presence.GRACE_S - 1
    assert _beat(screen) == [0]  # within the grace: still online
    clock.now += 2
    assert _beat(screen) == []  # past it: away
