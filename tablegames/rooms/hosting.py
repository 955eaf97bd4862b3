"""Host moves on: the host role goes to another seat's phone, by hand or by itself.

The host's rights are a secret the server gave: the creating device's host secret, or,
once the role went to a seat (:func:`hand_host`, :func:`maybe_move_on`), that seat's own
secret (the room's ``host_hash`` becomes the seat's ``secret_hash``; ``host_seat`` says
which seat, ``host_gen`` counts the changes). The device that was host before loses its
rights at once; a screen shows host controls only for the ``host_gen`` it checked.

If no host device has been seen connected for ``host_gone_after_s`` seconds
(``absence.json``, 120 s), the role passes by itself to the longest-seated player whose
phone is connected (the table announces it: ``host_note`` ``"auto"``). The pages report
who is connected (:func:`maybe_move_on`): this module reads no socket.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, select

from tablegames.rooms.models import Room, Seat
from tablegames.rooms.seats import setting

# room code -> when this process last noted its host seen (:func:`seen`). Every open page
# reports every ``report_every_s()`` (:func:`watch_is_due`): without it, each report was a
# write to the database.
_NOTED: dict[str, float] = {}
_NOTED_MAX = 10_000  # rooms remembered before the stale ones are forgotten
_ROOMS = Room.__table__
# one statement, compiled once (Core: no ORM session to synchronise)
_NOTE_SEEN = _ROOMS.update().where(
    _ROOMS.c.code == sa.bindparam("room_code"),
    sa.or_(_ROOMS.c.host_seen_at.is_(None), _ROOMS.c.host_seen_at < sa.bindparam("before"))).values(
    host_seen_at=sa.bindparam("seen_at"))


def _transfer(session: Session, room: Room, seat: Seat, how: str, now: float) -> int:
    room.host_hash = seat.secret_hash
    room.host_seat = seat.seat
    room.host_gen = (room.host_gen or 0) + 1
    room.host_note = how
    room.host_seen_at = now
    room.version += 1
    session.add(room)
    session.commit()
    return room.version


def hand_host(session: Session, code: str, host_secret: Any, seat_id: Any) -> int:
    """Host only: the host role goes to seat ``seat_id``'s phone.

    Returns:
        The room's new version.
    """
    from tablegames.rooms import service
    from tablegames.rooms.seats import _seat_row

    room = service._room(session, code)
    service._check_host(room, host_secret)
    seat = _seat_row(session, room, seat_id)
    if room.host_seat == seat.seat and room.host_hash == seat.secret_hash:
        raise service.RoomError("already_host", f"{seat.name} is the host already.", name=seat.name)
    return _transfer(session, room, seat, "manual", time.time())


def seen(session: Session, code: str, now: float | None = None) -> None:
    """A host device is connected now (written at most every ``host_seen_every_s``)."""
    from tablegames.rooms import service

    now = time.time() if now is None else now
    code = service.normalize_code(code)
    session.connection().execute(_NOTE_SEEN, {"room_code": code, "seen_at": now,
                                              "before": now - setting("host_seen_every_s")})
    session.commit()
    _note(code, now)


def note_seen(code: str, at: float) -> None:
    """A host device was seen at ``at`` and the room's row says so already (written with a
    move: ``service.apply_move``'s ``host_seen_at``): :func:`watch_is_due` knows it."""
    from tablegames.rooms import service

    _note(service.normalize_code(code), at)


def _note(code: str, at: float) -> None:
    """Remembers that room ``code``'s ``host_seen_at`` is at least ``at - host_seen_every_s``."""
    if len(_NOTED) >= _NOTED_MAX:
        gone = setting("host_gone_after_s")
        for stale in [c for c, noted in _NOTED.items() if at - noted >= gone]:
            del _NOTED[stale]
    _NOTED[code] = max(at, _NOTED.get(code, at))


def report_every_s() -> float:
    """How often an open page reports who is connected (:func:`maybe_move_on`): a quarter of
    ``host_gone_after_s``, 1 to 30 s, so the role passes on at most a quarter late. Each
    report is an event of every open page; at 100 rooms, reports every 10 s were a quarter
    of a busy worker's events (``docs/scaling.md``, tenth round)."""
    return min(max(setting("host_gone_after_s") / 4, 1.0), 30.0)


def reports_quiet(code: str, now: float) -> bool:
    """Whether no report of room ``code`` can be due at ``now`` (:func:`watch_is_due`),
    host there or not: one can be dropped without looking at who is connected."""
    return not (watch_is_due(code, True, now) or watch_is_due(code, False, now))


def watch_is_due(code: str, host_here: bool, now: float) -> bool:
    """Whether :func:`maybe_move_on` has anything to do for room ``code`` at ``now``, as far
    as this process knows (False spares the database a look).

    A host noted seen here (:func:`seen`) within ``host_seen_every_s`` needs no new note.
    Without a host, no move-on is due yet: after that note, the room's ``host_seen_at`` is
    at most ``host_seen_every_s`` older than it (another worker's notes are only later).
    """
    from tablegames.rooms import service

    noted = _NOTED.get(service.normalize_code(code))
    if noted is None:
        return True
    every = setting("host_seen_every_s")
    if host_here:
        return now - noted >= every
    return now - noted + every >= setting("host_gone_after_s")


def maybe_move_on(session: Session, code: str, online: Iterable[int], host_here: bool,
                  now: float | None = None) -> int | None:
    """Looks at the host: connected (``host_here``), it is noted as seen; gone for
    ``host_gone_after_s``, the role passes to the longest-seated player among the seat
    ids ``online`` (connected phones).

    Returns:
        The room's new version if the host changed, else None.
    """
    from tablegames.rooms import service

    now = time.time() if now is None else now
    if host_here:
        seen(session, code, now)
        return None
    room = service._room(session, code)
    if room.status == "expired":
        return None
    if room.host_seen_at is None:  # never looked at before: the clock starts now
        seen(session, code, now)
        return None
    if now - room.host_seen_at < setting("host_gone_after_s"):
        _note(room.code, room.host_seen_at)
        return None
    ids = set(online)
    candidates = [s for s in session.exec(select(Seat).where(Seat.room_id == room.id, sa.not_(Seat.removed))
                                          .order_by(Seat.joined_at, Seat.seat))
                  if s.seat in ids and s.seat != room.host_seat]
    if not candidates:
        return None
    return _transfer(session, room, candidates[0], "auto", now)


def host_gen(session: Session, code: str) -> int:
    """How many times room ``code``'s host changed (a screen's host rights are for one)."""
    from tablegames.rooms import service

    return service._room(session, code).host_gen or 0
