"""Events taken off the socket: a move costs the move, a timer's report costs nothing.

Reflex processes every event the same way: it queues it, locks the tab's state, patches
the room's linked states into the tab's tree, runs the handler, computes and compares every
computed var the event may have changed, sends the tab its delta, swaps the room back out
and starts the update of the room's other tabs. For ``Screen.move`` that was a fifth of a
move's CPU on one worker (``docs/scaling.md``, sixth round), while what a move needs is:
the seat of the tab (the server's own), the move applied and stored, the room's version
raised, and every tab's new screen sent (``state/fanout.py``). And every open page sends
timer events (the table's ``Screen.heartbeat`` every 5 s, every page's
``SeatAdmin.watch_host`` every 30 s) that nearly always change nothing: at 100 rooms they
outnumbered the moves (seventh round).

So :func:`install` (a lifespan task, before ``guard.install``: the guard's checks come
first) takes these events off the socket, when

- the app keeps its states in this process (Reflex's memory state manager: ``scripts/start``);
- Reflex holds no event of that tab (its events keep their order);

and each one's own condition holds (:data:`TAKERS`):

- ``Screen.move``: the tab is a phone with a seat, linked to its room, its notice empty
  and nothing for a move to clear (``Screen._clear_parts``: an open colour picker), and the
  move is accepted (:func:`tablegames.rooms.service.apply_move`, in the database before
  anything is sent). Then the room is raised to the new version outside any tab's event
  (:func:`tablegames.state.room.bump_room`): every tab linked to the room, the mover's
  included, gets what changed, as after the event, and the mover gets the timer of a
  deadline the move left (``state/deadlines.py``); a refused move gets the translated
  notice, as ``Screen.move`` gives it (the tab's state changed out of band, as a background
  event changes it);
- ``Screen.heartbeat``: what it would show is what the screen shows
  (``Screen._looked``: nobody came or went, no reaction ran its time, as many watch); the
  table's presence memory (``_seen``, ``_away``: read by no var) is kept in place;
- ``SeatAdmin.watch_host`` (a report that may be due): the tab is linked to its room; the
  report changes no field of the tab (``SeatAdmin._report_host``), and a host that changed
  raises the room as a move does.

Before all that, with any state manager (Redis too), a host report of a room whose host
this process noted as seen within ``host_seen_every_s`` is dropped (:func:`_quiet_report`):
none can be due then, whoever is connected, and the room is read from the page's route, so
no tab state is loaded (on Redis each report was a whole event that loaded and stored the
tab's states).

Anything else goes to Reflex unchanged: there the handler does the same and more. Events
of a tab wait while one of that tab is taken here, so they keep their order. An event taken
here keeps the tab's state and its room's alive in the memory state manager, as Reflex's
processing of it would (a page left open with nothing but its timers keeps its seat).

Identity comes from the server: the tab token is the one Reflex's socket noted at connect,
the seat is the tab's own state's, never the event's.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from tablegames import reflex_adapter as rxa
from tablegames.engine import IllegalMove
from tablegames.rooms import hosting
from tablegames.rooms.service import RoomError
from tablegames.state import deadlines, upkeep
from tablegames.state.db import run as db_run
from tablegames.state.room import RoomShared, Screen, bump_room, code_in_path, room_token, seat_move
from tablegames.state.seats import SeatAdmin

__all__ = ["install", "MOVE_EVENT", "TAKERS"]

MOVE_EVENT = rxa.state_event_name(Screen, "move")
WATCH_HOST_EVENT = rxa.state_event_name(SeatAdmin, "watch_host")
_BUSY: dict[str, asyncio.Future[None]] = {}  # tab token -> its event being taken here


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


async def _take_move(app: Any, namespace: Any, sid: str, token: str, fields: dict[str, Any]) -> bool:
    """Applies and sends the move of event ``fields`` if it can be taken here (True)."""
    seat = _seat_of(app, token)
    arguments = _arguments(fields)
    if seat is None or arguments is None:
        return False
    (code, seat_id, gen), (move, seen) = seat, arguments
    shared = rxa.state_in_memory(app, room_token(code), RoomShared)
    host_seen_at = await shared._host_seen_now(code, time.time()) if shared is not None else None
    try:  # what Screen.move applies
        version = await db_run(seat_move(code, seat_id, gen, move, seen, host_seen_at), quick=True)
    except (IllegalMove, RoomError) as err:
        async with rxa.modify_tab(app, token, Screen) as screen:
            screen.refuse(err)  # as Screen.move does: the translated notice, nothing else
        return True
    await bump_room(app, code, version)
    timer = deadlines.follow(code, version)
    if timer is not None:
        await rxa.emit_to_sid(namespace, sid, timer)
    return True


def _room_of(app: Any, token: str, screen: Any) -> RoomShared | None:
    """The shared state of the room tab ``token`` is linked to (None: not linked here)."""
    code = screen.room_code
    if not code or rxa.link_in_memory(app, token, RoomShared) != room_token(code):
        return None
    return rxa.state_in_memory(app, room_token(code), RoomShared)


async def _take_heartbeat(app: Any, namespace: Any, sid: str, token: str, fields: dict[str, Any]) -> bool:
    """A heartbeat that changes nothing on the tab's screen (True), its presence memory kept."""
    screen = rxa.state_in_memory(app, token, Screen)
    if screen is None or upkeep.enabled() or screen._reload_if_rebuilt() is not None:
        return False
    if screen.role not in ("table", "viewer"):
        return True  # a phone's: nothing more than the above here (its keys expire in Redis only)
    shared = _room_of(app, token, screen)
    if shared is None:
        return False
    shown, seen, away = await screen._looked(shared, time.time())
    if shown != rxa.peek(screen, "_shown"):
        return False  # someone came or went: Screen.heartbeat shows it
    rxa.set_unread_in_memory(screen, _seen=seen, _away=away)
    return True


async def _take_host_report(app: Any, namespace: Any, sid: str, token: str, fields: dict[str, Any]) -> bool:
    """A host report (``SeatAdmin._report_host``: it changes no field of the tab), and the
    room raised to a new version if the host changed (True)."""
    admin = rxa.state_in_memory(app, token, SeatAdmin)
    shared = _room_of(app, token, admin) if admin is not None else None
    if shared is None:
        return False
    version = await admin._report_host(shared)
    if version is not None:
        await bump_room(app, admin.room_code, version)
    return True


Taker = Callable[[Any, Any, str, str, dict[str, Any]], Awaitable[bool]]
# event name -> what takes it here (True: taken, False: Reflex processes it)
TAKERS: dict[str, Taker] = {
    MOVE_EVENT: _take_move,
    rxa.state_event_name(Screen, "heartbeat"): _take_heartbeat,
    WATCH_HOST_EVENT: _take_host_report,
}


def _quiet_report(data: Any, now: float) -> bool:
    """Whether event ``data`` is a host report of a room none of whose reports can be due at
    ``now`` (``hosting.reports_quiet``: its host noted here within ``host_seen_every_s``). It
    needs no state: the room is the page's route, and a page that names another room only
    drops its own report, which its page may as well not send."""
    if not isinstance(data, dict) or data.get("name") != WATCH_HOST_EVENT:
        return False
    code = code_in_path(rxa.event_path(data))
    return bool(code) and hosting.reports_quiet(code, now)


def install(app: Any) -> None:
    """Lifespan task: takes the :data:`TAKERS`' events off the socket where it can (see
    above); with any state manager (Redis too), drops the host reports that cannot be due
    (:func:`_quiet_report`): every page sends one every ``hosting.report_every_s()``, and on
    Redis each was a whole event that loads and stores the tab's states."""
    namespace = app.event_namespace
    if namespace is None or getattr(namespace, "_tg_quick_events", False):
        return
    in_memory = rxa.memory_state_manager(app)  # with Redis the tabs' states are not here to read
    original = namespace.on_event

    async def keep_alive(token: str) -> None:
        """As Reflex's processing of the event would: the tab's state and its room's stay alive."""
        await rxa.keep_alive_in_memory(app, token, rxa.link_in_memory(app, token, RoomShared))

    async def on_event(sid: str, data: Any):
        token = rxa.sid_token(namespace, sid)
        if token is not None and _quiet_report(data, time.time()):
            if in_memory:
                await keep_alive(token)
            return None
        if not in_memory:
            return await original(sid, data)
        # an event of this tab is being taken: it goes first (and any that waited before this one)
        while token is not None and (busy := _BUSY.get(token)) is not None:
            await asyncio.shield(busy)
        take = TAKERS.get(data.get("name")) if isinstance(data, dict) else None
        if token is None or take is None or rxa.events_pending(app, token):
            return await original(sid, data)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        _BUSY[token] = done
        try:
            if await take(app, namespace, sid, token, data):
                await keep_alive(token)
                return None
        finally:
            if _BUSY.get(token) is done:
                del _BUSY[token]
            done.set_result(None)
        return await original(sid, data)

    namespace.on_event = on_event
    namespace._tg_quick_events = True
