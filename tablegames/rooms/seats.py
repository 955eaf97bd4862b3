"""Absent players: the table plays for a seat, hands it to a new phone, or lets it go.

A seat whose phone has been away for ``away_after_s`` seconds (``absence.json``; the
table's page tells, ``rooms/presence.py``) is shown as away, and the host may:

- **let the table play for it** (:func:`set_auto`): while the seat's ``auto`` flag is
  on, ``stand_in_after_s`` seconds after it is to act the room applies the system move
  ``{"type": "stand_in", "seat": place}`` (``engine/stand_in.py``: the game's own
  timeout move), through the same deadline machinery as the turn timer, whether or not
  the table has one (:func:`stand_in_due`, used by ``service._acting`` and
  ``service.apply_due``). The seat's own phone turns it off by coming back (:func:`back`);
- **hand it to a new phone** (:func:`start_handover`, :func:`take_handover`): a one-time
  link; the phone that opens it gets the seat (its hand, its host rights if it had them)
  with a new secret, the old secret is refused from then on as ``seat_moved`` and the
  seat's ``gen`` grows, so a tab still holding the seat from before can no longer move;
- **remove it from the game** (``service.remove_seat``, any time the game's rules allow:
  ``Game.remove_player``).

Late arrivals (:func:`late_join`): a phone may sit down during a game when the game takes
a player now (between two rounds of a game of several, ``Game.late_join``), else it is
told when it can.

Every timing here is data (``absence.json``); the tests shorten them with environment
variables, honoured only in test mode.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Any

from sqlmodel import Session, select

from tablegames.engine import stand_in
from tablegames.rooms.models import Seat

SETTINGS = json.loads(Path(__file__).with_name("absence.json").read_text(encoding="utf-8"))


def setting(key: str) -> float:
    """A timing of ``absence.json`` (seconds); ``TG_<KEY>`` overrides it in test mode."""
    from tablegames.rooms import service

    env = os.environ.get(f"TG_{key.upper()}")
    if env and service.test_mode():
        return float(env)
    return float(SETTINGS[key])


def _hash(secret: str) -> str:
    from tablegames.rooms.service import _hash as h

    return h(secret)


def _seat_row(session: Session, room: Any, seat_id: Any) -> Seat:
    from tablegames.rooms.service import RoomError

    found = session.exec(select(Seat).where(Seat.room_id == room.id, Seat.seat == seat_id)).first() \
        if type(seat_id) is int else None
    if found is None or found.removed:
        raise RoomError("bad_seat", f"There is no seat {seat_id!r}.")
    return found


def _bump(session: Session, room: Any) -> int:
    room.version += 1
    session.add(room)
    session.commit()
    return room.version


# -- the table plays for an away seat ----------------------------------------------------

def set_auto(session: Session, code: str, host_secret: Any, seat_id: Any, on: Any) -> int:
    """Host only: the table plays for seat ``seat_id`` when it is to act (``on``), or not.

    Returns:
        The room's new version.
    """
    from tablegames.rooms import service

    room = service._room(session, code)
    service._check_host(room, host_secret)
    seat = _seat_row(session, room, seat_id)
    seat.auto = bool(on)
    session.add(seat)
    version = _bump(session, room)
    service.screen(session, code, None)  # this process holds the new version: its timer can run
    return version


def back(session: Session, code: str, seat_secret: Any) -> int | None:
    """The seat's own phone is back: the table stops playing for it (None: it wasn't)."""
    from tablegames.rooms import service

    room = service._room(session, code)
    seat_id = service.rejoin(session, code, seat_secret)
    seat = _seat_row(session, room, seat_id)
    if not seat.auto:
        return None
    seat.auto = False
    session.add(seat)
    return _bump(session, room)


def stand_in_due(public: dict[str, Any], engine: Any, state: Any) -> tuple[float, dict[str, Any]] | None:
    """When the room plays for an away seat next, and the move (None: it plays for nobody).

    Args:
        public: the room's public facts (``seats`` with their ``auto`` flags, and
            ``changed_at``: when the room last changed).
    """
    auto = {s["seat"] for s in public.get("seats", ()) if s.get("auto")}
    if not auto or state is None or engine.result(state) is not None:
        return None
    for place in engine.to_act(state):
        if place in auto and engine.timeout_move(state, place) is not None:
            when = float(public.get("changed_at") or 0.0) + setting("stand_in_after_s")
            return when, {"type": stand_in.STAND_IN, "seat": place}
    return None


# -- handing a seat to a new phone ----------------------------------------------------------

def start_handover(session: Session, code: str, host_secret: Any, seat_id: Any) -> str:
    """Host only: a one-time secret for the link that hands seat ``seat_id`` to a new phone
    (a new one replaces the last one not yet used).

    Returns:
        The secret: ``/play/<code>?handover=<secret>`` opens it.
    """
    from tablegames.rooms import service

    room = service._room(session, code)
    service._check_host(room, host_secret)
    seat = _seat_row(session, room, seat_id)
    token = secrets.token_urlsafe(18)
    seat.handover_hash = _hash(token)
    session.add(seat)
    session.commit()
    return token


def take_handover(session: Session, code: str, token: Any) -> tuple[int, str, int]:
    """The phone that opened a handover link takes the seat.

    Returns:
        ``(seat_id, seat_secret, gen)``: the new secret for this phone, and the seat's new
        generation (a tab holding the seat from an older one can't move).

    Raises:
        RoomError: ``handover_used`` if the link was used already, replaced, or never was.
    """
    from tablegames.rooms import service

    room = service._room(session, code)
    seat = None
    if isinstance(token, str) and token:
        digest = _hash(token)
        seat = next((s for s in session.exec(select(Seat).where(Seat.room_id == room.id, Seat.handover_hash.is_not(None)))
                     if not s.removed and secrets.compare_digest(s.handover_hash or "", digest)), None)
    if seat is None:
        raise service.RoomError("handover_used", "This link to take over a seat was used already.")
    secret = secrets.token_urlsafe(18)
    old = seat.secret_hash
    seat.moved_json = json.dumps([*json.loads(seat.moved_json or "[]"), old][-20:])
    seat.secret_hash, seat.handover_hash, seat.auto = _hash(secret), None, False
    seat.gen += 1
    session.add(seat)
    if secrets.compare_digest(room.host_hash, old):  # the seat was the host's: the host follows it
        room.host_hash = seat.secret_hash
    version = _bump(session, room)
    return seat.seat, secret, seat.gen


def moved(session: Session, room: Any, secret: Any) -> bool:
    """Whether ``secret`` held a seat of ``room`` that went to another phone since."""
    if not isinstance(secret, str) or not secret:
        return False
    digest = _hash(secret)
    return any(digest in json.loads(s.moved_json or "[]")
               for s in session.exec(select(Seat).where(Seat.room_id == room.id, Seat.moved_json != "[]")))


def gen_of(session: Session, code: str, seat_id: int) -> int:
    """The generation of seat ``seat_id`` (see :func:`take_handover`)."""
    from tablegames.rooms import service

    room = service._room(session, code)
    seat = session.exec(select(Seat).where(Seat.room_id == room.id, Seat.seat == seat_id)).first()
    return seat.gen if seat is not None else 0


# -- late arrivals --------------------------------------------------------------------------

def late_join(engine: Any, status: str, state: Any) -> str:
    """When a new player may sit down: ``"now"``, ``"after_round"``, ``"next_game"`` or
    ``"never"`` (see ``Game.late_join``)."""
    if status == "lobby":
        return "now"
    if status == "finished" or state is None:
        return "now" if status == "finished" else "next_game"
    try:
        return engine.late_join(state)
    except AttributeError:  # a game without the hook
        return "next_game"
