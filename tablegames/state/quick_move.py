"""A phone's move taken off the socket: the move's cost is the move, not Reflex's event.

Reflex processes every event the same way: it queues it, locks the tab's state, patches
the room's linked states into the tab's tree, runs the handler, computes and compares every
computed var the event may have changed, sends the tab its delta, swaps the room back out
and starts the update of the room's other tabs. For ``Screen.move`` that was a fifth of a
move's CPU on one worker (``docs/scaling.md``, sixth round), while what a move needs is:
the seat of the tab (the server's own), the move applied and stored, the room's version
raised, and every tab's new screen sent (``state/fanout.py``).

So :func:`install` (a lifespan task, before ``guard.install``: the guard's checks come
first) takes a ``Screen.move`` event off the socket when that is all it does:

- the app keeps its states in this process (Reflex's memory state manager: ``scripts/start``);
- Reflex holds no event of that tab (its events keep their order);
- the tab is a phone with a seat, linked to its room, its notice empty and nothing for a
  move to clear (``Screen._clear_parts``: an open colour picker);
- the move is accepted (:func:`tablegames.rooms.service.apply_move`, in the database
  before anything is sent).

Then the room is raised to the new version outside any tab's event
(:func:`tablegames.state.room.bump_room`): every tab linked to the room, the mover's
included, gets what changed, as after the event, and the mover gets the timer of a
deadline the move left (``state/deadlines.py``); a refused move gets the translated notice,
as ``Screen.move`` gives it (the tab's state changed out of band, as a background event
changes it). Anything else goes to Reflex unchanged. Events of a tab wait while a move of
that tab is taken here, so they keep their order.

Identity comes from the server: the tab token is the one Reflex's socket noted at connect,
the seat is the tab's own state's, never the event's.
"""

from __future__ import annotations

import asyncio
from typing import Any

from tablegames import reflex_adapter as rxa
from tablegames.engine import IllegalMove
from tablegames.rooms.service import RoomError
from tablegames.state import deadlines
from tablegames.state.db import run as db_run
from tablegames.state.room import RoomShared, Screen, bump_room, room_token, seat_move

__all__ = ["install", "MOVE_EVENT"]

MOVE_EVENT = rxa.state_event_name(Screen, "move")
_BUSY: dict[str, asyncio.Future[None]] = {}  # tab token -> its move being taken here


def _parts_clear(screen: Any) -> bool:
    """Whether no per-game part of ``screen`` holds something a move clears (a part with
    ``_clear_on_move`` says so with ``_nothing_to_clear``; one that can't is not clear)."""
    for part in screen.substates.values():
        if getattr(part, "_clear_on_move", None) is not None:
            nothing = getattr(part, "_nothing_to_clear", None)
            if nothing is None or not nothing():
                return False
    return True


def _seat_of(app: Any, token: str) -> tuple[str, int, int] | None:
    """``(room code, seat id, seat generation)`` of a tab whose move may be taken here, or
    None (its state is not in this process, or the move must go through ``Screen.move``)."""
    if rxa.events_pending(app, token):
        return None
    screen = rxa.state_in_memory(app, token, Screen)
    if screen is None or screen.role != "phone" or screen._seat < 0 or not screen.room_code:
        return None
    if screen.notice or screen.moved or screen.removed or not _parts_clear(screen):
        return None
    if rxa.link_in_memory(app, token, RoomShared) != room_token(screen.room_code):
        return None
    return screen.room_code, screen._seat, screen._seat_gen


def _arguments(fields: dict[str, Any]) -> tuple[dict[str, Any], int] | None:
    """The move and the version the phone saw (None: not readable here)."""
    payload = fields.get("payload")
    if not isinstance(payload, dict) or not isinstance(payload.get("move"), dict):
        return None
    seen = payload.get("seen_version", -1)
    if not isinstance(seen, int) or isinstance(seen, bool):
        return None
    return payload["move"], seen


async def _take(app: Any, namespace: Any, sid: str, token: str, fields: dict[str, Any]) -> bool:
    """Applies and sends the move of event ``fields`` if it can be taken here (True)."""
    seat = _seat_of(app, token)
    arguments = _arguments(fields)
    if seat is None or arguments is None:
        return False
    (code, seat_id, gen), (move, seen) = seat, arguments
    try:
        version = await db_run(seat_move(code, seat_id, gen, move, seen))  # what Screen.move applies
    except (IllegalMove, RoomError) as err:
        async with rxa.modify_tab(app, token, Screen) as screen:
            screen.refuse(err)  # as Screen.move does: the translated notice, nothing else
        return True
    await bump_room(app, code, version)
    timer = deadlines.follow(code, version)
    if timer is not None:
        await rxa.emit_to_sid(namespace, sid, timer)
    return True


def install(app: Any) -> None:
    """Lifespan task: takes ``Screen.move`` events off the socket where it can (see above)."""
    namespace = app.event_namespace
    if namespace is None or getattr(namespace, "_tg_quick_moves", False) or not rxa.memory_state_manager(app):
        return  # with Redis (several workers) the tabs' states are not here to read
    original = namespace.on_event

    async def on_event(sid: str, data: Any):
        token = rxa.sid_token(namespace, sid)
        if token is not None and (busy := _BUSY.get(token)) is not None:
            await asyncio.shield(busy)  # a move of this tab is being taken: it goes first
        if token is None or not isinstance(data, dict) or data.get("name") != MOVE_EVENT:
            return await original(sid, data)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        _BUSY[token] = done
        try:
            if await _take(app, namespace, sid, token, data):
                return None
        finally:
            if _BUSY.get(token) is done:
                del _BUSY[token]
            done.set_result(None)
        return await original(sid, data)

    namespace.on_event = on_event
    namespace._tg_quick_moves = True
