"""Bot seats in rooms: a seat a program plays, kept in the database like any seat.

A bot seat is a :class:`~tablegames.rooms.models.Seat` row whose ``bot`` column holds the
bot's level (``engine/bots.py``: ``easy``, ``normal``, ``hard``) and whose
``bot_memory_json`` holds what it remembers (a memory game's cards seen). Nothing runs
for it: it is data, so it survives a server restart.

- The host adds one to a free seat in the lobby (:func:`add_bot`, a name from
  ``bots.json`` in the host's language: "Bot Ana", "Robô Ana"), or lets a bot play an
  absent player's seat (:func:`set_bot`), only at a game whose ``engine.bots.has_bot``
  says it can.
- **When it moves.** A bot to act is a deadline like the turn timer's or an away seat's
  stand-in (:func:`bot_due`: ``delay_s`` seconds after the room last changed, a
  human-like delay drawn from the seat's seeded generator), so the same deadline
  machinery runs it (``service._acting`` gives it as the room's next deadline,
  ``service.apply_due`` calls :func:`play`, ``state/deadlines.py`` sleeps until then and a
  table's watchdog steps in after a restart): in the room's own process, without a
  browser, and scheduled from the database's state after a restart.
- **How it moves.** :func:`play` asks ``engine.bots.bot_step`` (each bot sees its own
  seat's view only) and applies the answer with ``service.apply_move`` *for the bot's
  seat*, with the version check: the same path as a phone's tap, not a system move.
  A system move (seat None) would log no seat, would be allowed moves no seat may make
  (settling a race, dealing) and would skip ``_place``'s seat checks; a bot must never be
  able to do what a player cannot, and the move log must name who played.
- **What it remembers.** After every accepted move of a room with bots
  (``service._commit_state`` calls :func:`remember`, in the move's own transaction) each
  bot seat's memory is updated from its own view and stored with the move.
- Choices are seeded (``bot_rng(game seed, seat, room version)``): a replay makes them again.

A bot seat needs no phone: screens count it as present, never as away (``present_ids``).
"""

from __future__ import annotations

import json
import os
import secrets
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, select

from tablegames.engine import bots as engine_bots
from tablegames.engine import get_game
from tablegames.rooms.models import Room, Seat

SETTINGS = json.loads(Path(__file__).with_name("bots.json").read_text(encoding="utf-8"))
NAMES: tuple[str, ...] = tuple(SETTINGS["names"])
CHOOSE_LEVELS: tuple[str, ...] = tuple(SETTINGS["choose_levels"])


def delay_range() -> tuple[float, float]:
    """(shortest, longest) seconds a bot waits before it moves; ``TG_BOT_DELAY_S=lo,hi``
    overrides it in test mode."""
    from tablegames.rooms import service

    env = os.environ.get("TG_BOT_DELAY_S")
    if env and service.test_mode():
        lo, _, hi = env.partition(",")
        return float(lo), float(hi or lo)
    lo, hi = SETTINGS["delay_s"]
    return float(lo), float(hi)


def offers_bots(game: str, options: dict[str, Any] | None) -> bool:
    """Whether a table of ``game`` with ``options`` can seat bots."""
    try:
        return engine_bots.has_bot(game, options or {})
    except Exception:  # a game whose bot module can't judge these options
        return False


def _room_checked(session: Session, code: str, host_secret: Any) -> Room:
    from tablegames.rooms import service

    room = service._room(session, code)
    service._check_host(room, host_secret)
    if not offers_bots(room.game, json.loads(room.options_json)):
        raise service.RoomError("no_bots", "This game has no bots.")
    return room


def _level(game: str, level: Any) -> str:
    from tablegames.rooms import service

    if not isinstance(level, str) or level not in engine_bots.levels(game):
        raise service.RoomError("bad_level", f"There is no bot level {level!r}.")
    return level


def bot_name(taken: list[str], template: str = "Bot {name}") -> str:
    """The first name of ``NAMES`` that nobody at the table looks like, in ``template``."""
    from tablegames.rooms import service

    for first in NAMES:
        name = service.clean_name(template.replace("{name}", first))
        if not any(service.looks_alike(t, name) for t in taken):
            return name
    return service.clean_name(template.replace("{name}", str(len(taken) + 1)))


def add_bot(session: Session, code: str, host_secret: Any, level: Any = "normal",
            template: str = "Bot {name}") -> int:
    """Host only, in the lobby: a bot of ``level`` sits down in a free seat.

    Args:
        template: the bot's name in the host's language, ``{name}`` a first name of
            ``NAMES`` (``"Robô {name}"``).

    Returns:
        The new seat's id.

    Raises:
        RoomError: ``not_host``, ``no_bots`` (the game has none), ``bad_level``,
            ``already_started``, ``table_full``.
    """
    from tablegames.rooms import service

    room = _room_checked(session, code, host_secret)
    level = _level(room.game, level)
    if room.status not in ("lobby", "finished"):
        raise service.RoomError("already_started", "Bots sit down before the game starts.")
    seats = service._seats(session, room)
    if len(seats) >= service.player_range(room.game, json.loads(room.options_json))[1]:
        raise service.RoomError("table_full", f"This table is full ({len(seats)} players).", count=len(seats))
    name = bot_name([s.name for s in seats], template)
    last = session.exec(select(sa.func.max(Seat.seat)).where(Seat.room_id == room.id)).first()
    seat = 0 if last is None else last + 1
    session.add(Seat(room_id=room.id, seat=seat, name=name, secret_hash=service._hash(secrets.token_urlsafe(18)),
                     bot=level, bot_memory_json=json.dumps(engine_bots.new_memory(room.game))))
    room.version += 1
    room.updated_at = time.time()
    session.add(room)
    try:
        session.commit()
    except sa.exc.IntegrityError:
        session.rollback()
        raise service.RoomError("try_again", "Somebody joined at the same moment: try again.") from None
    return seat


def set_bot(session: Session, code: str, host_secret: Any, seat_id: Any, level: Any) -> int:
    """Host only: a bot of ``level`` plays seat ``seat_id`` (an absent player's), or, with
    ``level`` None, the seat is a person's again. The seat keeps its name; the table's
    own stand-in (``auto``) is off while a bot plays it.

    Returns:
        The room's new version.
    """
    from tablegames.rooms import seats as seat_admin

    room = _room_checked(session, code, host_secret)
    seat = seat_admin._seat_row(session, room, seat_id)
    if level is None:
        seat.bot = None
    else:
        seat.bot, seat.auto = _level(room.game, level), False
        seat.bot_memory_json = json.dumps(engine_bots.new_memory(room.game))
    session.add(seat)
    room.version += 1
    room.updated_at = time.time()
    session.add(room)
    session.commit()
    return room.version


def bot_places(public: dict[str, Any]) -> dict[int, str]:
    """Engine seat -> level of the room's bot seats (from its public facts)."""
    return {s["seat"]: s["bot"] for s in public.get("seats", ()) if s.get("bot")}


def present_ids(public: dict[str, Any] | None) -> set[int]:
    """The seat ids a bot plays: always present, never away."""
    return {s["id"] for s in (public or {}).get("seats", ()) if s.get("bot")}


def bot_due(public: dict[str, Any], engine: Any, state: Any) -> float | None:
    """When a bot to act moves next (None: no bot is to act). A bot to act always
    answers a move (``engine.bots.choose``), so a due bot never leaves a deadline
    standing. Out of turn a bot moves only when another bot's turn comes up (a catch)."""
    places = bot_places(public)
    if not places or state is None or engine.result(state) is not None:
        return None
    acting = [p for p in engine.to_act(state) if p in places and engine.legal_moves(state, p)]
    if not acting:
        return None
    lo, hi = delay_range()
    rng = engine_bots.bot_rng(getattr(state, "seed", 0) or 0, acting[0], int(public.get("version", 0)))
    return float(public.get("changed_at") or 0.0) + rng.uniform(lo, hi)


def _rows(session: Session, room: Room) -> list[tuple[int, Seat]]:
    from tablegames.rooms import service

    return [(i, s) for i, s in enumerate(service._seats(session, room)) if s.bot]


def _seated(rows: list[tuple[int, Seat]], state: Any) -> list[tuple[int, Seat]]:
    """The bot seats playing this game (a seat that sat down after it ended waits)."""
    count = len(getattr(state, "players", ()) or ())
    return [(p, s) for p, s in rows if p < count]


def play(session: Session, room: Room, state: Any) -> int | None:
    """The bot whose move is due makes it, through ``service.apply_move`` for its seat
    with the version check (see the module's docstring). Returns the new version (None:
    no bot moves now)."""
    from tablegames.rooms import service

    engine = get_game(room.game)
    rows = _seated(_rows(session, room), state)
    levels = {p: s.bot for p, s in rows}
    memories = {p: json.loads(s.bot_memory_json or "{}") for p, s in rows}
    version = room.version
    rng = engine_bots.bot_rng(getattr(state, "seed", 0) or 0, -1, version)
    step = engine_bots.bot_step(engine, state, levels, memories, rng)
    if step is None:
        return None
    place, move = step
    seat_id = dict(rows)[place].seat
    _, new_version = service.apply_move(session, room.code, seat_id, move, expected_version=version)
    return new_version


def remember(session: Session, room: Room, state: Any, public: dict[str, Any] | None,
             fresh: bool = False) -> None:
    """Every bot seat's memory after ``state`` (each through its own seat's view), added
    to the session: the caller's commit stores it with the move. Reads nothing when the
    room's public facts show no bot. ``fresh``: a new game, the bots forget the last one."""
    if public is not None and not bot_places(public):
        return
    rows = _seated(_rows(session, room), state) if state is not None else []
    if not rows:
        return
    engine = get_game(room.game)
    rng = engine_bots.bot_rng(getattr(state, "seed", 0) or 0, -2, room.version)
    levels = {p: s.bot for p, s in rows}
    memories = engine_bots.remember(engine, state, levels,
                                    {} if fresh else {p: json.loads(s.bot_memory_json or "{}") for p, s in rows},
                                    rng)
    for p, s in rows:
        text = json.dumps(memories[p])
        if text != s.bot_memory_json:
            s.bot_memory_json = text
            session.add(s)
