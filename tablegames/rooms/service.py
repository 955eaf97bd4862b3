"""Rooms and seats, independent of any page: create, join, rejoin, start, move, host actions.

Every function takes an open SQLModel ``Session`` and commits before it returns, so a
move is in the database before any screen hears of it. Refusals raise :class:`RoomError`
(a game rule refusal is the engine's ``IllegalMove``); both carry a stable ``code``.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import time
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from confusable_homoglyphs import confusables
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, select

from tablegames.engine import IllegalMove, get_game
from tablegames.engine import turn_timer
from tablegames.engine.core import options_in_force
from tablegames.rooms import bots as bot_seats, hosting, lifecycle, seats as seat_admin
from tablegames.rooms.cache import VersionedCache
from tablegames.rooms.models import FinishedGame, MoveLog, Room, Seat
from tablegames.rooms.statements import Statement

# Room codes avoid letters that read alike (I/L/1, O/0, U/V) and vowels (no rude words).
CODE_ALPHABET = "BCDFGHJKMNPQRSTWXZ"
CODE_LENGTH = 4
MAX_NAME = 24
MAX_MOVE_BYTES = 2_000
# Options a game's schema marks test_only (a stacked deck) are refused unless the app
# runs in test mode, which only the test suites switch on.
TEST_MODE_ENV = "TABLEGAMES_TEST_MODE"


class RoomError(ValueError):
    """A refused room action: ``code`` is stable, ``message`` is for people."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.params = params


@dataclass(frozen=True)
class RoomInfo:
    """What anyone may know of a room (no secrets, no hidden cards)."""

    code: str
    game: str
    options: dict[str, Any]
    status: str
    version: int
    seats: tuple[tuple[int, str], ...]  # (seat id, name), in engine seat order


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def normalize_code(code: Any) -> str:
    """Upper-cases a typed room code and strips spaces."""
    return str(code or "").strip().upper().replace(" ", "")[:CODE_LENGTH + 4]


# -- caches (the database stays the truth: an entry is used only for the version it was
#    made from, and versions only grow) -----------------------------------------------
CACHE_SIZE = 2_000  # rooms per process; the oldest entries go first
_CACHE: VersionedCache[Any] = VersionedCache(CACHE_SIZE)  # code -> engine state
_PUBLIC: VersionedCache[dict[str, Any]] = VersionedCache(CACHE_SIZE)  # code -> public facts
_ACTING: VersionedCache[tuple[list[int], float | None]] = VersionedCache(CACHE_SIZE)  # code -> (to_act, deadline)


def _engine_state(room: Room) -> Any:
    cached = _CACHE.get(room.code, room.version)
    if cached is not None:
        return cached
    if room.state_json is None:
        return None
    state = get_game(room.game).from_json(room.state_json)
    _CACHE.put(room.code, room.version, state)
    return state


def clear_cache() -> None:
    """Forgets every cached state (what a server restart does)."""
    for cache in (_CACHE, _PUBLIC, _ACTING):
        cache.clear()


def forget(code: str) -> None:
    """Forgets the cached state of one room (it expired)."""
    for cache in (_CACHE, _PUBLIC, _ACTING):
        cache.drop(code)


def _room(session: Session, code: str) -> Room:
    code = normalize_code(code)
    room = session.exec(select(Room).where(Room.code == code)).first()
    if room is None:
        raise _unknown_room(code)
    return room


@dataclass
class _RoomHead:
    """What a move reads of its room's row, without an ORM object (``apply_move`` runs
    for every move): five columns and the engine state at that version, from this
    process's cache or, when it doesn't hold that version, decoded from the row."""

    id: int
    code: str
    game: str
    status: str
    version: int
    state: Any = None


_ROOMS = Room.__table__
_HEAD = Statement(sa.select(_ROOMS.c.id, _ROOMS.c.code, _ROOMS.c.game, _ROOMS.c.status, _ROOMS.c.version)
                  .where(_ROOMS.c.code == sa.bindparam("code")))
_STATE_TEXT = Statement(sa.select(_ROOMS.c.state_json).where(_ROOMS.c.id == sa.bindparam("room_id")))
# the optimistic lock: another worker may have moved this room since we read it
_NEXT_VERSION = Statement(_ROOMS.update().where(
    _ROOMS.c.id == sa.bindparam("room_id"), _ROOMS.c.version == sa.bindparam("old_version")).values(
    version=sa.bindparam("new_version"), state_json=sa.bindparam("new_state"),
    status=sa.bindparam("new_status"), updated_at=sa.bindparam("now"),
    # a host device connected as the move is made: noted with it (rooms/hosting.py), else kept
    host_seen_at=sa.func.coalesce(sa.bindparam("host_seen_at", type_=_ROOMS.c.host_seen_at.type),
                                  _ROOMS.c.host_seen_at)))
_MOVES = MoveLog.__table__
_LOG_MOVE = Statement(_MOVES.insert().values(
    room_id=sa.bindparam("room_id"), version=sa.bindparam("version"), seat=sa.bindparam("seat"),
    move_json=sa.bindparam("move_json"), created_at=sa.bindparam("created_at")))


def _room_head(session: Session, code: str) -> _RoomHead:
    code = normalize_code(code)
    row = _HEAD.run(session, {"code": code}).fetchone()
    if row is None:
        raise _unknown_room(code)
    head = _RoomHead(*row)
    head.state = _CACHE.get(head.code, head.version)
    if head.state is None:
        found = _STATE_TEXT.run(session, {"room_id": head.id}).fetchone()
        text = found[0] if found is not None else None
        if text is not None:
            head.state = get_game(head.game).from_json(text)
            _CACHE.put(head.code, head.version, head.state)
    return head


def _unknown_room(code: str) -> RoomError:
    return RoomError("unknown_room", f"There is no table with the code {code or '(empty)'}.", room=code)


def _seats(session: Session, room: Room) -> list[Seat]:
    """The seats not removed, in engine seat order (a seat's place is its engine seat)."""
    return list(session.exec(select(Seat).where(Seat.room_id == room.id, sa.not_(Seat.removed))
                             .order_by(Seat.seat)))


def _removed(session: Session, room: Room, seat_id: Any) -> RoomError:
    """The refusal for a seat id that has no place at the room now."""
    gone = type(seat_id) is int and session.exec(
        select(Seat.id).where(Seat.room_id == room.id, Seat.seat == seat_id, Seat.removed)).first()
    if gone is not None:
        return RoomError("removed", "You were removed from this table.")
    return RoomError("unknown_seat", "This device holds no seat at this table.")


def _place(session: Session, room: Room, seat_id: Any, holder: int | None = None) -> int:
    """The engine seat of seat ``seat_id`` (from this version's public facts when this
    process holds them: a move reads no seat row). ``holder``: the seat's generation the
    tab holds it for (``rooms/seats.py``); a seat handed to another phone since is refused."""
    public = _PUBLIC.get(room.code, room.version)
    pairs = ([(s["id"], s.get("gen", 0)) for s in public["seats"]] if public is not None
             else [(s.seat, s.gen) for s in _seats(session, room)])
    ids = [i for i, _ in pairs]
    if type(seat_id) is int and seat_id in ids:
        place = ids.index(seat_id)
        if holder is not None and holder != pairs[place][1]:
            raise RoomError("seat_moved", "Your seat went to another phone.")
        return place
    raise _removed(session, room, seat_id)


def test_mode() -> bool:
    """Whether the app runs in test mode (``TABLEGAMES_TEST_MODE=1``, set by the tests)."""
    return os.environ.get(TEST_MODE_ENV) == "1"


def _check_test_only(game: str, options: Mapping[str, Any]) -> None:
    if test_mode():
        return
    for option in get_game(game).options_schema:
        if option.test_only and option.key in options:
            raise RoomError("test_only", f"The option {option.key!r} exists only in the app's test mode.",
                            option=option.key)


# -- names ----------------------------------------------------------------------------------
# Removed from names: control and format characters (zero-width, bidi controls and
# isolates, soft hyphen, byte order mark), unassigned and private-use code points.
_DROP = frozenset({"Cc", "Cf", "Cn", "Co", "Cs"})


def clean_name(name: Any) -> str:
    """A typed name as it is stored and shown: NFC, whitespace runs as one space, no
    invisible or direction-changing characters, at most ``MAX_NAME`` characters.

    Raises:
        RoomError: ``bad_name`` when nothing visible is left or the name holds a NUL.
    """
    if not isinstance(name, str) or "\x00" in name:
        raise RoomError("bad_name", "Type your name to join.")
    text = unicodedata.normalize("NFC", name[:MAX_NAME * 8])
    text = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch) not in _DROP)
    text = " ".join(text.split())[:MAX_NAME].strip()
    if not text:
        raise RoomError("bad_name", "Type your name to join.")
    return text


def _glyphs(ch: str) -> frozenset[str]:
    return frozenset(h["c"] for h in confusables.confusables_data.get(ch, ()))


def looks_alike(a: str, b: str) -> bool:
    """Whether two (cleaned) names look the same: letter by letter equal, equal but for
    case, or confusable (Unicode's confusables, e.g. Latin "A" and Cyrillic "А")."""
    if len(a) != len(b):
        return a.casefold() == b.casefold()
    for x, y in zip(a, b, strict=True):
        if x == y or x.casefold() == y.casefold():
            continue
        xs, ys = {x, x.casefold(), x.upper()}, {y, y.casefold(), y.upper()}
        if not any(c in _glyphs(d) or d in _glyphs(c) for c in xs for d in ys):
            return False
    return True


def player_range(game: str, options: Mapping[str, Any]) -> tuple[int, int]:
    """(fewest, most) players a table of ``game`` with ``options`` takes."""
    return get_game(game).player_range(options)


def _check_host(room: Room, host_secret: Any) -> None:
    """Refuses unless ``host_secret`` (or one of a list of them: a device's host secret
    and its seat secret, the host's once the role went to a seat, ``rooms/hosting.py``)
    is the room's host secret."""
    keys = host_secret if isinstance(host_secret, (list, tuple)) else [host_secret]
    if not any(isinstance(k, str) and secrets.compare_digest(_hash(k), room.host_hash) for k in keys[:4]):
        raise RoomError("not_host", "Only the host of this table can do that.")


# -- public API ------------------------------------------------------------------------

def create_room(session: Session, game: str, options: Mapping[str, Any] | None = None) -> tuple[str, str]:
    """Creates a room in the lobby.

    Returns:
        ``(code, host_secret)``; the secret is shown once, to the creating device.
    """
    try:
        engine = get_game(game)
    except KeyError:
        raise RoomError("unknown_game", f"There is no game called {game!r}.") from None
    if not isinstance(options or {}, Mapping):
        raise RoomError("bad_options", "Those options are not readable.")
    options = dict(options or {})
    _check_test_only(game, options)
    engine.check_options(options)
    host_secret = secrets.token_urlsafe(18)
    lifecycle.maybe_expire(session)  # old rooms give their codes back
    code, version = lifecycle.free_code(session, CODE_ALPHABET, CODE_LENGTH)
    session.add(Room(code=code, game=game, options_json=json.dumps(options), host_hash=_hash(host_secret),
                     version=version))
    session.commit()
    return code, host_secret


def room_info(session: Session, code: str) -> RoomInfo:
    """Public facts about a room."""
    room = _room(session, code)
    return RoomInfo(code=room.code, game=room.game, options=json.loads(room.options_json),
                    status=room.status, version=room.version,
                    seats=tuple((s.seat, s.name) for s in _seats(session, room)))


def room_version(session: Session, code: str) -> int:
    """The room's version (every accepted change adds one)."""
    code = normalize_code(code)
    version = session.exec(select(Room.version).where(Room.code == code)).first()
    if version is None:
        raise _unknown_room(code)
    return version


def join_room(session: Session, code: str, name: Any) -> tuple[int, str]:
    """Seats a new player.

    Returns:
        ``(seat_id, seat_secret)``; the secret gives the seat back later (keep it on the
        phone). The id stays this seat's while the room lives (see ``models.Seat``).
    """
    room = _room(session, code)
    name = clean_name(name)
    if room.locked:
        lifecycle.note_asking(session, room, name)
        raise RoomError("table_locked", "The host has closed this table to new players.")
    state = _engine_state(room) if room.status == "playing" else None
    when = seat_admin.late_join(get_game(room.game), room.status, state)
    if when != "now":  # a game under way that takes nobody now: when it will (rooms/seats.py)
        code_of = {"after_round": "wait_round", "next_game": "wait_game"}.get(when, "already_started")
        raise RoomError(code_of, "This game has already started: ask for a rematch to join.")
    seats = _seats(session, room)
    if len(seats) >= player_range(room.game, json.loads(room.options_json))[1]:
        raise RoomError("table_full", f"This table is full ({len(seats)} players).", count=len(seats))
    for s in seats:
        if looks_alike(s.name, name):
            raise RoomError("name_taken", f"Somebody at this table is already called {s.name}.", name=s.name)
    secret = secrets.token_urlsafe(18)
    # A new id, never one a removed seat had: that seat's phones must not get this one's hand.
    last = session.exec(select(sa.func.max(Seat.seat)).where(Seat.room_id == room.id)).first()
    seat = 0 if last is None else last + 1
    session.add(Seat(room_id=room.id, seat=seat, name=name, secret_hash=_hash(secret)))
    if state is not None:  # between hands: the game deals them in at the next one
        state = get_game(room.game).add_player(state, name)
        room.state_json = get_game(room.game).to_json(state)
        session.add(MoveLog(room_id=room.id, version=room.version + 1, seat=None,
                            move_json=json.dumps({"type": "sit_down", "name": name})))
    room.version += 1  # every screen shows the seats: make them refresh
    room.updated_at = time.time()  # a lobby in use does not expire
    session.add(room)
    try:
        session.commit()
    except sa.exc.IntegrityError:  # two phones took the same seat number at once
        session.rollback()
        raise RoomError("try_again", "Somebody joined at the same moment: try again.") from None
    return seat, secret


def rejoin(session: Session, code: str, secret: Any) -> int:
    """The id of the seat that ``secret`` holds at the room ``code``.

    Raises:
        RoomError: ``removed`` if the host removed that seat, ``unknown_seat`` if the
            secret holds none.
    """
    room = _room(session, code)
    if isinstance(secret, str) and secret:
        digest = _hash(secret)
        for s in session.exec(select(Seat).where(Seat.room_id == room.id)):
            if secrets.compare_digest(s.secret_hash, digest):
                if s.removed:
                    raise RoomError("removed", "You were removed from this table.")
                return s.seat
        if seat_admin.moved(session, room, secret):
            raise RoomError("seat_moved", "Your seat went to another phone.")
    raise RoomError("unknown_seat", "This device holds no seat at this table.")


def is_host(session: Session, code: str, host_secret: Any) -> bool:
    """Whether ``host_secret`` is this room's host secret."""
    try:
        _check_host(_room(session, code), host_secret)
    except RoomError:
        return False
    return True


def remove_seat(session: Session, code: str, host_secret: str, seat: Any) -> None:
    """Host only: removes the seat with id ``seat``, in the lobby or mid-game where the
    game's rules allow it (``Game.remove_player``: a hand's cards go back to the game's stock;
    refused with the engine's ``IllegalMove`` where they don't). Every other seat keeps
    its id; the removed seat's phones lose it at once (their moves are refused as
    ``removed``) and may join again as a new seat."""
    room = _room(session, code)
    _check_host(room, host_secret)
    if room.status == "finished":
        raise RoomError("game_over_remove", "This game is over: remove players once the next one starts.")
    seats = _seats(session, room)
    found = [s for s in seats if type(seat) is int and s.seat == seat]
    if not found:
        raise RoomError("bad_seat", f"There is no seat {seat!r}.")
    place = seats.index(found[0])
    if room.status == "playing":  # the game goes on without them (engine's rules)
        engine = get_game(room.game)
        state = engine.remove_player(_engine_state(room), place)
        found[0].removed = True
        session.add(found[0])
        if room.host_hash == found[0].secret_hash:  # the host's seat leaves: the next seated hosts
            heir = min((s for s in seats if s is not found[0]), key=lambda s: (s.joined_at, s.seat))
            room.host_hash, room.host_seat = heir.secret_hash, heir.seat
            room.host_gen, room.host_note = (room.host_gen or 0) + 1, "auto"
        room.options_json = json.dumps(_without_place(room.game, json.loads(room.options_json), place))
        session.add(room)
        status = "finished" if engine.result(state) else "playing"
        _commit_state(session, room, state, None, {"type": "remove", "place": place}, status)
        _PUBLIC.drop(room.code)  # the seats changed: the public facts are rebuilt
        return
    found[0].removed = True
    session.add(found[0])
    room.options_json = json.dumps(_without_place(room.game, json.loads(room.options_json), place))
    room.version += 1  # every screen shows the seats: make them refresh
    session.add(room)
    session.commit()


def _without_place(game: str, options: dict[str, Any], place: int) -> dict[str, Any]:
    """The options once the player at engine seat ``place`` leaves: an option naming a seat
    (kind ``seat``) keeps naming the same person (later places move down one), and one that
    named the leaving player goes back to its default."""
    for option in get_game(game).options_schema:
        value = options.get(option.key)
        if option.kind != "seat" or type(value) is not int:
            continue
        if value == place:
            options.pop(option.key)
        elif value > place:
            options[option.key] = value - 1
    return options


def update_options(session: Session, code: str, host_secret: str,
                   changes: Mapping[str, Any]) -> dict[str, Any]:
    """Host only, in the lobby: changes some table options (an option the schema sets in the lobby, such as who is the oldest).

    Returns:
        The options now in force (validated by the game).
    """
    room = _room(session, code)
    _check_host(room, host_secret)
    if room.status != "lobby":
        raise RoomError("already_started", "Options can only change before the game starts.")
    if not isinstance(changes, Mapping):
        raise RoomError("bad_options", "Those options are not readable.")
    _check_test_only(room.game, changes)
    options = {**json.loads(room.options_json), **changes}
    get_game(room.game).check_options(options)
    room.options_json = json.dumps(options)
    room.version += 1
    session.add(room)
    session.commit()
    return options


def start_game(session: Session, code: str, host_secret: str, seed: int | None = None) -> Any:
    """Host only: deals the first hand with the seated players."""
    room = _room(session, code)
    _check_host(room, host_secret)
    if room.status == "playing":
        raise RoomError("already_started", "The game has already started.")
    engine = get_game(room.game)
    options = json.loads(room.options_json)
    names = [s.name for s in _seats(session, room)]
    fewest = player_range(room.game, options)[0]
    if len(names) < fewest:
        raise RoomError("not_enough_players", f"This game needs at least {fewest} players.",
                        count=fewest)
    now = time.time()  # the turn timer counts from the start (a replay: the start's log time)
    state = engine.start_clock(engine.new(names, options, seed=seed), now)
    return _commit_state(session, room, state, None, {"type": "start", "seed": state.seed}, "playing", now)


class ServerMove(dict):
    """A move the server itself built, with fields it measured (a tap's time on the
    server's clock): the only kind that may carry the game's ``server_fields``. Nothing a
    client sends is one (events arrive as plain dicts)."""


def apply_move(session: Session, code: str, seat: int | None, move: Any,
               expected_version: int | None = None, holder: int | None = None,
               now: float | None = None, host_seen_at: float | None = None) -> tuple[Any, int]:
    """Applies a player's move and stores it before returning.

    Args:
        seat: the seat id, from the server's own seat mapping, never from the client's
            message (None: a system move, such as settling a race). The log names the
            engine seat it maps to.
        move: the move dict, as the client sent it (validated by the engine).
        expected_version: the version the client saw; a different one means a stale tap.
        A move may carry a field the game declares as the server's (``server_fields``)
        only if it is a :class:`ServerMove`.
        now: when the move's event reached the server (its own clock; default: the time
            of this call). A race's tap is judged at its arrival, as its phone's pings are,
            not after the wait for the database.
        host_seen_at: when a host device was seen connected, noted in the room's row with
            the move and in ``hosting``'s memory (``hosting.note_seen``): the pages' host
            reports then have nothing to write.

    Returns:
        ``(new_state, new_version)``.
    """
    room = _room_head(session, code)
    if room.status == "lobby":
        raise RoomError("not_started", "The game hasn't started yet.")
    if not isinstance(move, Mapping) or len(json.dumps(move, default=str)) > MAX_MOVE_BYTES:
        raise IllegalMove("bad_move", "That move is not readable.")
    if not isinstance(move, ServerMove) and set(move) & get_game(room.game).server_fields:
        raise IllegalMove("bad_move", "That move is not readable.")
    if expected_version is not None and expected_version != room.version:
        raise RoomError("stale", "The table changed before your tap arrived: look again.")
    place = None if seat is None else _place(session, room, seat, holder)
    state = room.state
    now = time.time() if now is None else now  # logged with the move: a replay feeds the engine the same time
    new_state = get_game(room.game).apply(state, place, dict(move), now=now)
    status = "finished" if get_game(room.game).result(new_state) else "playing"
    version = room.version
    new_state = _commit_state(session, room, new_state, place, dict(move), status, now, host_seen_at)
    if host_seen_at is not None:
        hosting.note_seen(room.code, host_seen_at)
    return new_state, version + 1


def advance(session: Session, code: str, host_secret: str) -> Any:
    """Host only: applies the system move the game waits for the host to make (one with no
    deadline, such as dealing the next hand).

    Raises:
        RoomError: ``hand_not_over`` if the game waits for no such move now.
    """
    room = _room(session, code)
    _check_host(room, host_secret)
    state = _engine_state(room)
    engine = get_game(room.game)
    waiting = engine.system_moves(state) if state is not None and engine.deadline(state) is None else []
    if not waiting:
        raise RoomError("hand_not_over", "The hand is still being played.")
    return _system_move(session, room, state, waiting[0], None)


next_hand = advance  # the host's "next hand" button


def apply_due(session: Session, code: str, now: float | None = None) -> int | None:
    """Applies the system move whose deadline has come (e.g. settling a race), if any.

    Every worker may call it at a deadline: the first one applies the move, the others
    find nothing due (or lose the optimistic lock) and change nothing.

    Returns:
        The room's new version, or None if nothing was due.
    """
    room = _room(session, code)
    state = _engine_state(room)
    if state is None or room.status != "playing":
        return None
    engine = get_game(room.game)
    when, now = engine.deadline(state), time.time() if now is None else now
    waiting = engine.system_moves(state)
    due = [(when, waiting[0])] if when is not None and waiting else []
    public = _public(session, room)
    stand = seat_admin.stand_in_due(public, engine, state)  # an away seat's turn
    bot = bot_seats.bot_due(public, engine, state)  # a bot's turn (its move, not a system move)
    due = sorted([*due, *([stand] if stand else []), *([(bot, None)] if bot is not None else [])],
                 key=lambda d: d[0])
    if not due or now < due[0][0]:
        return None
    try:
        if due[0][1] is None:
            return bot_seats.play(session, room, state)
        _system_move(session, room, state, due[0][1], now)
    except RoomError as err:
        if err.code == "stale":  # another worker applied it first
            return None
        raise
    return room_version(session, code)


def _system_move(session: Session, room: Room, state: Any, move: dict[str, Any], now: float | None) -> Any:
    engine = get_game(room.game)
    now = time.time() if now is None else now
    new_state = engine.apply(state, None, dict(move), now=now)  # a system move: no seat's
    status = "finished" if engine.result(new_state) else "playing"
    return _commit_state(session, room, new_state, None, dict(move), status, now)


def rematch(session: Session, code: str, host_secret: str, seed: int | None = None) -> Any:
    """Host only: a new game with the same seats and options (after the game, or to restart)."""
    room = _room(session, code)
    _check_host(room, host_secret)
    if room.status == "lobby":
        raise RoomError("not_started", "The game hasn't started yet.")
    room.status = "lobby"
    return start_game(session, code, host_secret, seed)


def change_game(session: Session, code: str, host_secret: str, game: Any,
                options: Mapping[str, Any] | None = None) -> int:
    """Host only: the same seats (their ids, names and secrets) sit down to another game,
    or the same one with other options, in its lobby: the host starts it from there (the
    new game's lobby options, a seat option such as who is the oldest, are set there).

    The room keeps its code and its host, so every phone follows by itself; a game in
    progress is abandoned (as by a rematch).

    Returns:
        The room's new version.

    Raises:
        RoomError: ``not_host``; ``unknown_game``; ``bad_options`` (not a mapping),
            ``test_only``; ``too_many_for_game`` when more players sit than the new game
            takes. The engine's ``IllegalMove`` (``bad_option``...) for options its schema
            refuses.
    """
    room = _room(session, code)
    _check_host(room, host_secret)
    try:
        engine = get_game(game) if isinstance(game, str) else None
    except KeyError:
        engine = None
    if engine is None:
        raise RoomError("unknown_game", f"There is no game called {game!r}.")
    if not isinstance(options or {}, Mapping):
        raise RoomError("bad_options", "Those options are not readable.")
    options = dict(options or {})
    _check_test_only(game, options)
    engine.check_options(options)
    if len(_seats(session, room)) > player_range(game, options)[1]:
        raise RoomError("too_many_for_game", "Too many players are seated for that game.")
    old_version = room.version
    updated = session.execute(
        sa.update(Room).where(Room.id == room.id, Room.version == old_version).values(
            version=old_version + 1, game=game, options_json=json.dumps(options), status="lobby",
            state_json=None, updated_at=time.time()))
    if updated.rowcount != 1:
        session.rollback()
        raise RoomError("stale", "The table changed before your tap arrived: look again.")
    session.add(MoveLog(room_id=room.id, version=old_version + 1, seat=None,
                        move_json=json.dumps({"type": "change_game", "game": game, "options": options})))
    session.commit()
    forget(room.code)  # the old game's state and public facts belong to the old version
    return old_version + 1


def current_state(session: Session, code: str) -> tuple[Any, int]:
    """The room's engine state (None in the lobby) and its version."""
    room = _room(session, code)
    return _engine_state(room), room.version


def _commit_state(session: Session, room: Room | _RoomHead, state: Any, seat: int | None,
                  move: dict[str, Any], status: str, now: float | None = None,
                  host_seen_at: float | None = None) -> Any:
    engine = get_game(room.game)
    old_version, was_finished = room.version, room.status == "finished"
    new_version = old_version + 1
    now = time.time() if now is None else now
    if session.new or session.dirty or session.deleted:
        session.flush()  # what the caller changed goes first, as the ORM's autoflush did
    updated = _NEXT_VERSION.run(session, {
        "room_id": room.id, "old_version": old_version, "new_version": new_version,
        "new_state": engine.to_json(state), "new_status": status, "now": now, "host_seen_at": host_seen_at})
    if updated.rowcount != 1:
        session.rollback()
        raise RoomError("stale", "The table changed before your tap arrived: look again.")
    if isinstance(room, Room):  # the session's object is what the row is now
        for name, value in (("version", new_version), ("status", status), ("updated_at", now)):
            set_committed_value(room, name, value)
        if host_seen_at is not None:
            set_committed_value(room, "host_seen_at", host_seen_at)
    else:
        room.version, room.status = new_version, status
    _LOG_MOVE.run(session, {"room_id": room.id, "version": new_version, "seat": seat,
                            "move_json": json.dumps(move), "created_at": now})
    bot_seats.remember(session, room, state, _PUBLIC.get(room.code, old_version),  # bots see the move
                       fresh=move.get("type") == "start")
    result = engine.result(state)
    if result and not was_finished:
        session.add(FinishedGame(room_id=room.id, game=room.game, players_json=json.dumps(list(state.players)),
                                 scores_json=json.dumps(result["scores"]),
                                 winners_json=json.dumps(result["winners"]), finished_at=now))
    code = room.code
    session.commit()
    _CACHE.put(code, new_version, state)
    public = _PUBLIC.get(code, old_version)
    if public is not None:  # a move changes no seat nor option
        _PUBLIC.put(code, new_version, {**public, "status": status, "version": new_version, "changed_at": now})
    return state


def screen(session: Session, code: str, seat: int | None) -> dict[str, Any]:
    """Everything one screen may show: the room's public facts plus ``view(state, seat)``.

    ``seat`` is a seat id, None for the table (and for a phone that has no seat yet): it
    then gets the table's view, which holds no hand, as does a removed seat. ``me`` is the
    engine seat of ``seat`` (-1: none), ``removed`` whether that seat was removed,
    ``to_act`` the engine seats who must act now, ``deadline`` when the game's next system
    move applies by itself (None: none), ``options_in_force`` the options as players see
    them (see ``engine.core.options_in_force``). Every screen of a room asks after each
    move, so the public part is built once per version.
    """
    room = _room(session, code)
    return _with_view(_public(session, room), room.game, _engine_state(room), seat)


def _public(session: Session, room: Room) -> dict[str, Any]:
    """The room's public facts at its version (built once per version)."""
    public = _PUBLIC.get(room.code, room.version)
    if public is None:
        options = json.loads(room.options_json)
        rows = _seats(session, room)
        host = next((s for s in rows if s.seat == room.host_seat), None)
        public = {
            "code": room.code,
            "game": room.game,
            "status": room.status,
            "version": room.version,
            "options": get_game(room.game).public_options(options),
            "options_in_force": options_in_force(get_game(room.game), options),
            # seat: the engine seat (the place), id: the seat's id for the life of the room
            # auto: the table plays for it; gen: the phones it went to (rooms/seats.py)
            # bot: the level of the bot that plays it (None: a person; rooms/bots.py)
            "seats": [{"seat": i, "id": s.seat, "name": s.name, "auto": s.auto, "gen": s.gen, "bot": s.bot}
                      for i, s in enumerate(rows)],
            "locked": room.locked,
            "asking": [a["name"] for a in json.loads(room.asking_json or "[]")],
            # who hosts (rooms/hosting.py): a seat id (None: the creating device)
            "host_seat": host.seat if host is not None else None,
            "host_name": host.name if host is not None else "",
            "host_gen": room.host_gen or 0, "host_note": room.host_note or "",
            "changed_at": room.updated_at,  # when the room last changed (an away seat's stand-in)
        }
        _PUBLIC.put(room.code, room.version, public)
    return public


def screen_at(code: str, version: int, seat: int | None) -> dict[str, Any] | None:
    """:func:`screen` at ``version`` from this process's memory, or None if it doesn't hold it.

    No database access: a committed version never changes, so what this process built or
    committed for it is still true. Every screen of a room asks after every move; the
    move's own worker already holds the new version, so the fan-out reads nothing.
    """
    public, state = _PUBLIC.get(code, version), _CACHE.get(code, version)
    if public is None:
        return None
    if public["status"] == "lobby":
        return _with_view(public, public["game"], None, seat)
    if state is None:
        return None
    return _with_view(public, public["game"], state, seat)


def acting_at(code: str, version: int) -> dict[str, Any] | None:
    """:func:`screen_at` for the table at ``version`` without computing its view (``view``
    None): the public facts, who acts and the deadlines; None if this process doesn't hold
    that version. For what reads no view (a move's fan-out and timer)."""
    public, state = _PUBLIC.get(code, version), _CACHE.get(code, version)
    lobby = public is not None and public["status"] == "lobby"
    if public is None or (state is None and not lobby):
        return None
    to_act, deadline, turn_deadline, late = _acting(public, get_game(public["game"]), None if lobby else state)
    return {**public, "view": None, "me": -1, "removed": False, "next_game_seat": False,
            "to_act": to_act, "deadline": deadline, "turn_deadline": turn_deadline, "late_join": late}


def host_at(code: str, version: int) -> tuple[int | None, int] | None:
    """Who hosts room ``code`` at ``version``, from this process's memory: the host seat's
    id (None: the creating device) and ``host_gen``; None if it doesn't hold that version."""
    public = _PUBLIC.get(code, version)
    return None if public is None else (public["host_seat"], public["host_gen"])


def facts_at(code: str, version: int, per_move: frozenset[str]) -> dict[str, Any] | None:
    """What :func:`screen_at` gives the table at ``version`` but its ``view`` and the keys
    ``per_move`` (what a move of the game changes), without computing the view; None if
    this process doesn't hold that version."""
    data = acting_at(code, version)
    return None if data is None else {k: v for k, v in data.items() if k not in per_move}


def _with_view(public: dict[str, Any], game: str, state: Any, seat: int | None) -> dict[str, Any]:
    me = next((s["seat"] for s in public["seats"] if s["id"] == seat), -1) if seat is not None else -1
    engine = get_game(game)
    waiting = state is not None and me >= len(getattr(state, "players", ()) or ())
    if waiting:
        me = -1  # sat down after this game ended (rooms/seats.py): the table's view until the next
    view = engine.view(state, me if me >= 0 else None) if state is not None else None
    to_act, deadline, turn_deadline, late = _acting(public, engine, state)
    return {**public, "view": view, "me": me, "removed": seat is not None and me < 0 and not waiting,
            "next_game_seat": waiting,
            "to_act": to_act, "deadline": deadline, "turn_deadline": turn_deadline, "late_join": late}


def _acting(public: dict[str, Any], engine: Any,
            state: Any) -> tuple[list[int], float | None, float | None, str]:
    """Who must act, the next deadline and, when it is the turn timer's, that deadline
    again (screens count it down), and when a new player may sit down
    (``seats.late_join``), once per version (every screen asks). The next deadline is the
    game's or, if sooner, the one at which the room plays for an away seat
    (``seats.stand_in_due``)."""
    if state is None:
        return [], None, None, seat_admin.late_join(engine, public.get("status", "lobby"), None)
    acting = _ACTING.get(public["code"], public["version"])
    if acting is None:
        deadline = engine.deadline(state)
        timer = engine.system_moves(state)[:1] == [{"type": turn_timer.TIMEOUT}]
        stand = seat_admin.stand_in_due(public, engine, state)
        turn_deadline = deadline if timer else None
        if stand is not None and (deadline is None or stand[0] < deadline):
            deadline, turn_deadline = stand[0], None
        bot = bot_seats.bot_due(public, engine, state)  # a bot to act: after its delay
        if bot is not None and (deadline is None or bot < deadline):
            deadline = bot
        acting = (list(engine.to_act(state)), deadline, turn_deadline,
                  seat_admin.late_join(engine, public.get("status", "playing"), state))
        _ACTING.put(public["code"], public["version"], acting)
    return acting
