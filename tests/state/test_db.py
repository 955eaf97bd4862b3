"""Database work off the event loop: locks waited for in a thread and retried, failures told
as a translated sentence, the pool reset after a broken file, a truthful health check."""

from __future__ import annotations

import asyncio
import re
import shutil
import sqlite3
import time
from pathlib import Path

import pytest
from sqlmodel import SQLModel, create_engine

from tablegames.i18n import LANGS, error_text
from tablegames.rooms import service
from tablegames.rooms.service import RoomError
from tablegames.state import db
from tests.state.sqlite_lock import hold_lock

SRC = Path(__file__).resolve().parents[2] / "tablegames"


@pytest.fixture
def url(tmp_path):
    url = f"sqlite:///{tmp_path / 'app.db'}"
    engine = create_engine(url)
    SQLModel.metadata.create_all(engine)
    engine.dispose()
    service.clear_cache()
    yield url
    from tablegames.reflex_adapter import db_engine

    db_engine(url).dispose()
    service.clear_cache()


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
        holder = hold_lock(path, 4.0)
        try:
            with pytest.raises(RoomError) as err:
                await db.run(lambda s: service.create_room(s, "uno"), url)
        finally:
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
