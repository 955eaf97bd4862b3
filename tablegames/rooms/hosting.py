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
    session.execute(sa.update(Room).where(
        Room.code == code, sa.or_(Room.host_seen_at.is_(None),
                                  Room.host_seen_at < now - setting("host_seen_every_s"))).values(host_seen_at=now))
    session.commit()


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
