"""Database work off the event loop: locks waited for in a thread and retried, failures told
as a translated sentence, the pool reset after a broken file, a truthful health check; a
move on SQLite tried on the loop first, on a connection that never waits."""

from __future__ import annotations

import asyncio
import re
import shutil
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from sqlmodel import create_engine

from tablegames.i18n import LANGS, error_text
from tablegames.rooms import service
from tablegames.rooms.service import RoomError
from tablegames.state import db
from tests.state.sqlite_lock import hold_lock

SRC = Path(__file__).resolve().parents[2] / "tablegames"


async def loop_ticks(until: asyncio.Event) -> list[float]:
    """When the loop ran a 10 ms timer, each time, until ``until`` is set."""
    ticks = []
    while not until.is_set():
        await asyncio.sleep(0.01)
        ticks.append(time.perf_counter())
    return ticks


def test_a_locked_database_is_waited_for_off_the_loop_and_the_write_lands(url):
    path = url.removeprefix("sqlite:///")

    async def scenario():
        holder = hold_lock(path, 1.5)
        held_until = time.perf_counter() + 1.0  # the lock is held at least this long from here
        done = asyncio.Event()
        ticks = asyncio.create_task(loop_ticks(done))
        t0 = time.perf_counter()
        code, _host = await db.run(lambda s: service.create_room(s, "uno"), url)
        waited = time.perf_counter() - t0
        done.set()
        holder.join()
        return code, waited, [t for t in await ticks if t < held_until]

    code, waited, while_locked = asyncio.run(scenario())
    assert waited >= 1.0  # it did wait for the lock (retried), and then wrote
    # the loop kept running meanwhile: a wait on the loop would have let no timer run in that
    # second (a count, not a time limit: a busy machine delays timers, it does not stop them)
    assert len(while_locked) >= 5, f"the event loop ran {len(while_locked)} timers while the lock was held"
    with sqlite3.connect(path) as con:
        assert con.execute("select count(*) from room where code = ?", (code,)).fetchone()[0] == 1


def test_a_database_locked_for_too_long_gives_a_translated_sentence_not_sql(url, monkeypatch):
    monkeypatch.setattr(db, "RETRY_PAUSES", (0.05, 0.1))
    path = url.removeprefix("sqlite:///")

    async def scenario():
        # held far longer than the three tries wait (about 3.2 s: the busy timeout of each and
        # the pauses), so that a busy machine's slower tries still end before it is released
        release = threading.Event()
        holder = hold_lock(path, 12.0, release)
        try:
            with pytest.raises(RoomError) as err:
                await db.run(lambda s: service.create_room(s, "uno"), url)
        finally:
            release.set()
            holder.join()
        return err.value

    err = asyncio.run(scenario())
    assert err.code == "db_unavailable"
    for lang in LANGS:
        text = error_text(lang, err.code, err.params)
        assert text and not re.search(r"SQL|locked|Error|UPDATE|INSERT", text), text
    assert "SQL" not in str(err) and "locked" not in str(err)


def test_a_damaged_file_is_refused_in_words_and_the_app_recovers_once_it_is_restored(url, tmp_path):
    path = Path(url.removeprefix("sqlite:///"))

    async def scenario():
        code, _ = await db.run(lambda s: service.create_room(s, "uno"), url)
        assert await db.healthy(url)
        backup = tmp_path / "backup.db"
        with sqlite3.connect(path) as con:  # everything into the main file, then a copy
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        shutil.copy(path, backup)
        for extra in (Path(f"{path}-wal"), Path(f"{path}-shm")):
            extra.unlink(missing_ok=True)
        path.write_bytes(b"this is not a database" * 500)
        with pytest.raises(RoomError) as err:
            await db.run(lambda s: service.room_info(s, code), url)
        assert err.value.code == "db_unavailable"
        assert not await db.healthy(url)  # /_health tells the truth
        shutil.copy(backup, path)  # restored: no restart needed
        assert await db.healthy(url)
        info = await db.run(lambda s: service.room_info(s, code), url)
        return info.code == code

    assert asyncio.run(scenario())


def test_refusals_of_the_rooms_pass_through_unchanged(url):
    with pytest.raises(RoomError) as err:
        asyncio.run(db.run(lambda s: service.room_info(s, "ZZZZ"), url))
    assert err.value.code == "unknown_room"


def test_no_state_calls_the_database_on_the_event_loop():
    """Every state reaches the database through ``db.run`` (a thread), never ``rx.session()``."""
    offenders = [f"{p.relative_to(SRC)}:{i}" for p in sorted((SRC / "state").glob("*.py")) if p.name != "db.py"
                 for i, line in enumerate(p.read_text().splitlines(), 1) if "rx.session(" in line]
    assert not offenders, offenders


def test_a_quick_action_on_sqlite_runs_on_the_loop_on_a_connection_that_never_waits(url):
    where = []

    def create(session):
        where.append(threading.current_thread() is threading.main_thread())
        return service.create_room(session, "uno")

    async def scenario():
        return await db.run(create, url, quick=True)

    code, _host = asyncio.run(scenario())
    assert where and all(where)  # no thread: the loop's own connection (twice: it asked for the ORM)
    with db._loop_engine(url).connect() as con:
        assert con.exec_driver_sql("PRAGMA busy_timeout").scalar() == 0
        assert con.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert con.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL: state.wal_sync syncs it
    with sqlite3.connect(url.removeprefix("sqlite:///")) as con:
        assert con.execute("select count(*) from room where code = ?", (code,)).fetchone()[0] == 1
    assert db._loop_engine("postgresql+psycopg://tg@localhost/tg") is None  # a server: threads only


def test_the_loop_keeps_one_connection_and_leaves_it_out_of_any_transaction(url):
    """The loop's connection stays checked out between quick actions; each action's
    transaction ends with it, committed or, when the action refuses, rolled back."""
    engine = db._loop_engine(url)

    def refuse_after_writing(session):
        service.create_room(session, "uno")  # committed: the action's own commit
        session.connection().exec_driver_sql("UPDATE room SET locked = 1")
        raise RoomError("not_host", "Only the host can do that.")

    async def scenario():
        code, _host = await db.run(lambda s: service.create_room(s, "uno"), url, quick=True)
        kept = db._LOOP_CONNECTIONS[engine]
        with pytest.raises(RoomError):
            await db.run(refuse_after_writing, url, quick=True)
        assert db._LOOP_CONNECTIONS[engine] is kept and not kept.in_transaction()
        info = await db.run(lambda s: service.room_info(s, code), url, quick=True)
        assert db._LOOP_CONNECTIONS[engine] is kept and not kept.in_transaction()
        return info.code == code

    assert asyncio.run(scenario())
    with sqlite3.connect(url.removeprefix("sqlite:///")) as con:
        assert con.execute("select count(*), sum(locked) from room").fetchone() == (2, 0)  # the refused write undone
    db._reset(url)
    assert engine not in db._LOOP_CONNECTIONS  # a reset drops it too


def _uno_room(url: str) -> tuple[str, list[int], int, int]:
    """A UNO room of two, started, as a screen left it in this process: its code, seat ids,
    the engine seat to act, the version."""
    from sqlmodel import Session

    from tablegames.engine import get_game

    with Session(create_engine(url)) as session:
        code, host = service.create_room(session, "uno", {"dealer": 0})
        seat_ids = [service.join_room(session, code, name)[0] for name in ("Ana", "Bia")]
        state = service.start_game(session, code, host, seed=3)
        version = service.room_version(session, code)
        service.screen(session, code, None)  # its public facts, held as the app holds them
    return code, seat_ids, get_game("uno").to_act(state)[0], version


def _moves_logged(url: str, code: str) -> list[int]:
    with sqlite3.connect(url.removeprefix("sqlite:///")) as con:
        return [v for (v,) in con.execute("select m.version from movelog m join room r on r.id = m.room_id"
                                          " where r.code = ? order by m.version", (code,))]


def test_a_move_on_the_loop_is_stored_without_an_orm_session(url, monkeypatch):
    """A move's statements and commit need no ``Session`` (``db.LeanSession``)."""
    code, seat_ids, seat, version = _uno_room(url)
    before = _moves_logged(url, code)
    sessions = []
    real = db.Session
    monkeypatch.setattr(db, "Session", lambda *a, **k: sessions.append(1) or real(*a, **k))

    async def scenario():
        return await db.run(lambda s: service.apply_move(s, code, seat_ids[seat], {"type": "draw"}, version)[1],
                            url, quick=True)

    assert asyncio.run(scenario()) == version + 1
    assert sessions == []
    assert _moves_logged(url, code) == [*before, version + 1]
    assert not db._LOOP_CONNECTIONS[db._loop_engine(url)].in_transaction()


def test_an_action_asking_for_the_orm_before_its_commit_runs_again_in_a_session(url):
    """What the first try wrote is undone, and the action runs once more, in a ``Session``."""
    from sqlmodel import select

    from tablegames.rooms.models import Room

    code, _seat_ids, _seat, version = _uno_room(url)
    kinds = []

    def action(session):
        kinds.append(type(session).__name__)
        session.connection().exec_driver_sql("UPDATE room SET locked = 1")
        room = session.exec(select(Room).where(Room.code == code)).one()  # the ORM
        room.version += 1
        session.add(room)
        session.commit()
        return room.version

    assert asyncio.run(db.run(action, url, quick=True)) == version + 1
    assert kinds == ["LeanSession", "Session"]
    with sqlite3.connect(url.removeprefix("sqlite:///")) as con:
        assert con.execute("select version, locked from room where code = ?", (code,)).fetchone() == (version + 1, 1)


def test_an_action_asking_for_the_orm_after_its_commit_is_not_run_again(url):
    """A move committed on the loop, then a read through the ORM: the move is stored once."""
    code, seat_ids, seat, version = _uno_room(url)
    before = _moves_logged(url, code)
    calls = []

    def action(session):
        calls.append(1)
        service.apply_move(session, code, seat_ids[seat], {"type": "draw"}, version)
        return service.room_version(session, code)  # an ORM query, after the move's commit

    assert asyncio.run(db.run(action, url, quick=True)) == version + 1
    assert calls == [1]
    assert _moves_logged(url, code) == [*before, version + 1]
    assert not db._LOOP_CONNECTIONS[db._loop_engine(url)].in_transaction()


def test_a_quick_action_finding_the_database_locked_waits_in_a_thread_not_on_the_loop(url):
    path = url.removeprefix("sqlite:///")
    where = []

    def create(session):
        where.append(threading.current_thread() is threading.main_thread())
        return service.create_room(session, "uno")

    async def scenario():
        holder = hold_lock(path, 1.5)
        held_until = time.perf_counter() + 1.0
        done = asyncio.Event()
        ticks = asyncio.create_task(loop_ticks(done))
        code, _host = await db.run(create, url, quick=True)
        done.set()
        holder.join()
        return code, [t for t in await ticks if t < held_until]

    code, while_locked = asyncio.run(scenario())
    assert where[0] is True and False in where[1:]  # tried on the loop, refused at once, then a thread
    assert len(while_locked) >= 5, f"the event loop ran {len(while_locked)} timers while the lock was held"
    with sqlite3.connect(path) as con:
        assert con.execute("select count(*) from room where code = ?", (code,)).fetchone()[0] == 1


def test_a_quick_action_on_a_damaged_file_is_refused_in_words_and_recovers(url, tmp_path):
    path = Path(url.removeprefix("sqlite:///"))

    async def scenario():
        code, _ = await db.run(lambda s: service.create_room(s, "uno"), url, quick=True)
        with sqlite3.connect(path) as con:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        backup = tmp_path / "backup.db"
        shutil.copy(path, backup)
        for extra in (Path(f"{path}-wal"), Path(f"{path}-shm")):
            extra.unlink(missing_ok=True)
        path.write_bytes(b"this is not a database" * 500)
        with pytest.raises(RoomError) as err:
            await db.run(lambda s: service.room_info(s, code), url, quick=True)
        assert err.value.code == "db_unavailable"
        shutil.copy(backup, path)
        info = await db.run(lambda s: service.room_info(s, code), url, quick=True)
        return info.code == code

    assert asyncio.run(scenario())


def test_a_move_finding_the_database_locked_is_refused_as_sqlalchemy_refuses_and_lands_later(url):
    """A move's statements run on the DBAPI connection (``rooms/statements.py``): a lock
    still reads as SQLAlchemy's ``OperationalError``, so the move waits in a thread."""
    import sqlalchemy as sa
    from sqlmodel import Session

    from tablegames.rooms.statements import Statement

    path = url.removeprefix("sqlite:///")
    code, seat_ids, seat, version = _uno_room(url)
    move = {"type": "draw"}

    holder = hold_lock(path, 1.0)
    try:
        with Session(db._loop_engine(url)) as session, pytest.raises(sa.exc.OperationalError):
            Statement(sa.text("UPDATE room SET version = version WHERE code = :code")).run(session, {"code": code})
    finally:
        holder.join()

    async def scenario():
        holder = hold_lock(path, 1.0)
        try:
            return await db.run(lambda s: service.apply_move(s, code, seat_ids[seat], move, version)[1], url,
                                quick=True)
        finally:
            holder.join()

    assert asyncio.run(scenario()) == version + 1
    with sqlite3.connect(path) as con:
        assert con.execute("select max(version) from movelog").fetchone()[0] == version + 1
