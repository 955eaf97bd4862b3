"""Timed system moves, for every game: what happens by itself when a game's deadline comes.

A game says when its next system move applies by itself (``Game.deadline``: a UeStop! race
settles when its window closes; the turn timer plays for a player out of time). The rooms layer applies it
(``rooms.service.apply_due``, seat None, in the move log like any move). This module runs
it on time:

1. **A timer per deadline.** After an accepted move, :func:`follow` looks at the room's
   new version: if it has a deadline, the mover's tab starts the background event
   :meth:`Deadlines.run_at`, which sleeps until then, applies what is due and refreshes
   every screen of the room, then follows the deadline that led to (a turn timer after a
   timeout), so a room goes on with nobody moving. One timer per room and deadline and
   process (more taps of the same race start none).
2. **A watchdog.** Should a timer be lost (its worker restarted), the table runs
   :meth:`Deadlines.watch` every second while its screen shows a deadline, and applies an
   overdue one. Applying twice is harmless: the second finds nothing due.

Nothing here names a game: any game with a ``deadline`` gets both.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Any

import reflex as rx

from tablegames.engine import IllegalMove
from tablegames.rooms import service
from tablegames.rooms.service import RoomError
from tablegames.state.db import run as db_run
from tablegames.state.room import Screen

SLACK = 0.01  # seconds after the deadline before applying (clocks of one machine agree)
OVERDUE = 0.5  # seconds past a deadline before the table's watchdog steps in
WATCH_MS = 1_000  # the table's watchdog period while a deadline is pending
_TIMERS: set[tuple[str, float]] = set()  # (room, deadline) with a timer on this process


def _real(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def follow(code: str, version: int) -> rx.event.EventSpec | None:
    """The timer to start after a move made ``version`` of room ``code`` (None: no
    deadline, or this process already has a timer for it)."""
    data = service.acting_at(code, version)  # the mover's process holds the version
    deadline = (data or {}).get("deadline")
    if not _real(deadline) or (code, deadline) in _TIMERS:
        return None
    _TIMERS.add((code, deadline))
    return Deadlines.run_at(deadline)


async def apply_due(code: str) -> int | None:
    """Applies the room's due system move, if any; the new version (None: nothing due,
    or the room is gone)."""
    try:
        return await db_run(lambda db: service.apply_due(db, code))
    except (RoomError, IllegalMove):  # gone, or a move of the same instant changed the game
        return None


class Deadlines(rx.State):
    """Runs the deadlines of the room this tab shows."""

    @rx.event(background=True)
    async def run_at(self, deadline: float):
        """Background: at ``deadline`` (server time), applies what is due and refreshes
        the room's screens."""
        if not _real(deadline):
            return
        async with self:
            code = (await self.get_state(Screen)).room_code
        while code:
            try:
                await asyncio.sleep(max(0.0, deadline - time.time()) + SLACK)
                version = await apply_due(code)
            finally:
                _TIMERS.discard((code, deadline))
            if version is None:
                return  # nothing was due: a move came first (and started its own timer)
            async with self:
                await (await self.get_state(Screen)).bump(version)
            # what the system move led to may have a deadline of its own (the next
            # player's turn timer): the room keeps going with nobody at the table
            data = service.acting_at(code, version)
            deadline = (data or {}).get("deadline")
            if not _real(deadline) or (code, deadline) in _TIMERS:
                return
            _TIMERS.add((code, deadline))

    @rx.event
    async def watch(self, _tick: Any = None):
        """Table, every second while a deadline is pending: applies one that is overdue
        (its timer was lost with a worker)."""
        screen = await self.get_state(Screen)
        if screen.role != "table" or not screen.room_code:
            return
        code = screen.room_code
        try:
            deadline = (await db_run(lambda db: service.screen(db, code, None)))["deadline"]
        except RoomError:
            return
        if not _real(deadline) or time.time() < deadline + OVERDUE:
            return
        version = await apply_due(code)
        if version is not None:
            await screen.bump(version)
