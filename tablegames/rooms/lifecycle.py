"""How long rooms live, which codes are free, and who may still join.

- Rooms expire: a lobby nobody used for ``LOBBY_TTL`` (6 hours), a finished game after
  ``FINISHED_TTL`` (a day), a game nobody moved in for ``PLAYING_TTL`` (3 days). An expired
  room keeps its row, its move log and its finished games (status ``expired``, its code
  kept in ``expired_code``), and its code is free again.
- A reused code continues the old room's version numbers (the new room starts past the
  last version any room with that code reached): every cache keyed by code and version
  (``service``'s, the screens', Reflex's shared room state) stays right.
- Codes stay short: 4 letters while at most ``CROWDED`` of the 4-letter codes are taken;
  past that (or after ``TRIES`` misses) one letter more, and so on. Creation never fails
  for want of a code.
- The host can lock the table: no new seats; whoever tries is listed (``asking``, the last
  ``ASKING_KEPT`` names) for the table to show, so the host can unlock for them.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, func, select

from tablegames.rooms.models import Room

LOBBY_TTL = 6 * 3600.0
FINISHED_TTL = 24 * 3600.0
PLAYING_TTL = 3 * 24 * 3600.0
SWEEP_EVERY = 600.0  # seconds between two expiry sweeps of one process
CROWDED = 0.5  # share of the codes of one length in use before codes grow a letter
TRIES = 30  # random picks per length
ASKING_KEPT = 10

_last_sweep = 0.0


def expire_rooms(session: Session, now: float | None = None) -> list[str]:
    """Expires the rooms past their time (see the module); returns their codes."""
    now = time.time() if now is None else now
    stale = sa.or_(
        sa.and_(Room.status == "lobby", Room.updated_at < now - LOBBY_TTL),
        sa.and_(Room.status == "finished", Room.updated_at < now - FINISHED_TTL),
        sa.and_(Room.status == "playing", Room.updated_at < now - PLAYING_TTL),
    )
    rooms = list(session.exec(select(Room).where(stale)))
    for room in rooms:
        room.expired_code, room.code, room.status = room.code, f"~{room.id}", "expired"
        session.add(room)
    if rooms:
        session.commit()
    from tablegames.rooms import service

    for room in rooms:
        service.forget(room.expired_code)
    return [room.expired_code for room in rooms]


def maybe_expire(session: Session) -> None:
    """:func:`expire_rooms`, at most every ``SWEEP_EVERY`` seconds per process."""
    global _last_sweep
    if time.monotonic() - _last_sweep >= SWEEP_EVERY or _last_sweep == 0.0:
        _last_sweep = time.monotonic()
        expire_rooms(session)


def free_code(session: Session, alphabet: str, length: int) -> tuple[str, int]:
    """A code no live room uses, and the version its room starts at.

    Four letters while that space is less than ``CROWDED`` full; longer codes otherwise."""
    while True:
        space = len(alphabet) ** length
        used = session.exec(select(func.count()).select_from(Room).where(
            func.length(Room.code) == length, Room.status != "expired")).one()
        if used < space * CROWDED:
            for _ in range(TRIES):
                code = "".join(secrets.choice(alphabet) for _ in range(length))
                if session.exec(select(Room.id).where(Room.code == code)).first() is None:
                    last = session.exec(select(func.max(Room.version)).where(Room.expired_code == code)).one()
                    return code, 0 if last is None else last + 1
        length += 1


def set_locked(session: Session, code: str, host_secret: Any, locked: Any) -> None:
    """Host only: closes the table to new seats (``locked``) or opens it again."""
    from tablegames.rooms import service

    room = service._room(session, code)
    service._check_host(room, host_secret)
    room.locked = bool(locked)
    if not room.locked:
        room.asking_json = "[]"
    room.version += 1
    session.add(room)
    session.commit()


def note_asking(session: Session, room: Room, name: str) -> None:
    """Someone tried to join a locked table: the table lists them (committed)."""
    asking = [a for a in json.loads(room.asking_json or "[]") if a.get("name") != name]
    asking.append({"name": name, "at": round(time.time())})
    room.asking_json = json.dumps(asking[-ASKING_KEPT:])
    room.version += 1
    session.add(room)
    session.commit()
